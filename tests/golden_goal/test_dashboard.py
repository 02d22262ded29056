"""The Golden Goal dashboard's logic without a browser: taps, highlights, odds, plans, bot."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from itertools import pairwise

import pytest

from companion.core.session import Session
from companion.golden_goal import GAME
from companion.golden_goal.actions import Kick, Place, Toss
from companion.golden_goal.bot import bot_player
from companion.golden_goal.dashboard import BOT_TEAMS, TWO, GoldenGoalDashboard, parse_target
from companion.golden_goal.drawing import BOT_COLOUR, field_svg
from companion.golden_goal.odds import (
    opponent_chance_after,
    score_hint,
    scoring_faces,
    scoring_lines,
    turn_line,
)
from companion.ui import is_shown
from companion.ui.odds_bar import exact_words
from companion.ui.roles import WATCHER
from tests.frames import pane_texts

from .scenes import scene

BOT_BLUE = next(label for label, team in BOT_TEAMS.items() if team == "blue")
# A legal set-up, orange placing first: (player, square), turn by turn.
SETUP = [("orange keeper", (3, 0)), ("blue keeper", (4, 11)), ("orange 1", (3, 5)),
         ("blue 1", (4, 6)), ("orange 2", (1, 3)), ("blue 2", (6, 8)),
         ("orange 3", (2, 8)), ("blue 3", (5, 2)), ("orange 4", (6, 9)), ("blue 4", (1, 10))]


def make(store, seed: int = 3, options: dict | None = None) -> GoldenGoalDashboard:
    session = Session(GAME, options or {}, seed=seed, store=store)
    board = GoldenGoalDashboard(store=store, session=session)
    board.__panel__()
    return board


def set_up(board: GoldenGoalDashboard) -> None:
    board.toss("orange")
    for player, square in SETUP:
        board.chosen = player
        board.tap(square)
        assert board.message == "", board.message


def to_kickoff(board: GoldenGoalDashboard) -> None:
    set_up(board)
    board.roll((5, 2))  # orange wins, kicks 3 from its circle player (orange 1 on d6)


def to_blues_roll(board: GoldenGoalDashboard, face: int = 2) -> None:
    """Kicked off (orange 1's kick to d5), then blue rolls `face`."""
    to_kickoff(board)
    board.tap((3, 4))
    board.confirm()
    board.roll((face,))


def advance(board: GoldenGoalDashboard, until) -> None:
    """Both teams played by the bot, through the dashboard, until `until(state)`."""
    rng = random.Random(0)
    for _ in range(400):
        if until(board.session.state):
            return
        assert board.act(bot_player(board.session.state, rng)) is not None, board.message
    raise AssertionError("never reached")


def settings_texts(board: GoldenGoalDashboard) -> list[str]:
    """Every text shown in the new-match settings, outermost first."""
    return pane_texts(board.settings.panel())


def targets(board: GoldenGoalDashboard) -> set:
    return set(board.taps.targets(board.session.state))


def test_the_page_builds_and_shows_the_toss(store):
    board = make(store)
    assert "App chooses who places first" in board.turn.toss_row[1].label
    assert is_shown(board.turn.toss_row) and is_shown(board.turn.who_plays)
    assert not board.turn.dice.shown and board.turn.dice.__panel__().html == ""
    assert "choose who plays" in board.turn.event_box.html


def test_setup_highlights_only_legal_squares_and_checks_the_formation_live(store):
    """Setup: the keeper only in front of his net; refusals explain, change nothing."""
    board = make(store)
    board.toss("orange")
    board.chosen = "orange keeper"
    assert targets(board) == {(3, 0), (4, 0)}
    board.tap((5, 5))
    assert "must start in front of orange's net" in board.message
    assert len(board.session.actions) == 1
    board.tap((3, 0))
    assert board.session.state.where["orange keeper"] == (3, 0)
    assert board.session.state.to_move == "blue"
    assert "✓ Keeper in front of your net: 1" not in board.turn.setup_rules.html  # blue's list
    board.chosen = "blue keeper"
    board.tap((4, 11))
    assert "✓ Keeper in front of your net: 1" in board.turn.setup_rules.html  # orange's again
    assert "○ Outfielders on your half: 0 (need 2-3)" in board.turn.setup_rules.html


def test_setup_the_player_to_place_is_chosen_from_those_left(store):
    """Setup: the players of the team placing still to place are buttons, the one a tap
    places pressed; a tap on another chooses him, and a tap naming nobody left changes
    nothing."""
    board = make(store)
    board.toss("orange")
    board.tap((3, 5))  # orange 1 (the first left) is placed first, at d6
    pad = board.turn.setup_choice
    assert 'aria-pressed="true" type="button" class="act act-primary" data-tap="blue 1"' \
        in pad.html
    assert pad.html.count("data-tap=") == 5  # blue's five
    for forged in ("orange 1", "orange 2", "blue 9", "", "<b>"):  # placed, not on turn, nobody
        pad.tap(forged)
        assert board.chosen == ""
    pad.tap("blue keeper")
    assert board.chosen == "blue keeper"
    assert 'aria-pressed="true" type="button" class="act act-primary" data-tap="blue keeper"' \
        in pad.html
    board.tap((4, 11))
    assert board.session.state.where["blue keeper"] == (4, 11)
    assert "blue keeper" not in pad.html


def test_place_at_random_uses_a_legal_square(store):
    board = make(store)
    board.toss("blue")
    board.place_at_random()
    (action,) = board.session.actions[1:]
    assert isinstance(action, Place) and action.player == "blue 1"


def test_kickoff_targets_are_the_legal_kicks_and_a_plan_shows_the_threat(store):
    """The Kickoff: the ball stops where a legal kick puts it; the plan shows the opponent's
    chance after it before anything is played."""
    board = make(store)
    to_kickoff(board)
    state = board.session.state
    assert state.phase == "kickoff" and state.roll == 3
    ends = {state.apply(k).ball for k in state.legal_actions() if isinstance(k, Kick)}
    assert targets(board) == ends
    board.tap((3, 4))
    assert isinstance(board.plan, Kick)
    assert "then blue scores next turn" in board.turn.turn_pad.html
    assert 'data-focus data-tap="play">Play it</button>' in board.turn.turn_pad.html
    board.confirm()
    assert board.session.state.ball == (3, 4) and board.session.state.phase == "roll"
    assert board.plan is None


def test_play_it_is_on_the_turn_pad_only_when_there_is_something_to_play(store):
    """Issue 39 (one pad for the turn): Play it and Cancel are drawn on the turn pad only
    in a phase that plays a plan, and a forged "play" before it plays nothing; a watcher's
    page (the table's link on another device) never draws them, nor plays a tap on them."""
    board = make(store)
    set_up(board)
    board.turn.turn_pad.tap("play")
    board.turn.turn_pad.tap("cancel")
    assert 'data-tap="play"' not in board.turn.turn_pad.html
    assert board.session.state.phase == "roll-off"
    board.roll((5, 2))
    watcher = GoldenGoalDashboard(store=store, session=board.session)
    watcher.role = WATCHER
    watcher.__panel__()
    watcher.tap((3, 4))
    assert isinstance(watcher.plan, Kick) and "Plan:" in watcher.turn.turn_pad.html
    assert 'data-tap="play"' not in watcher.turn.turn_pad.html
    watcher.turn.turn_pad.tap("play")
    assert watcher.session.state.phase == "kickoff"
    board.tap((3, 4))
    assert 'data-focus data-tap="play">Play it</button>' in board.turn.turn_pad.html
    board.turn.turn_pad.tap("play")
    assert board.session.state.phase == "roll"


def test_before_the_roll_the_odds_name_the_scoring_faces(store):
    board = make(store)
    to_kickoff(board)
    board.tap((3, 4))
    board.confirm()
    state = board.session.state
    assert score_hint(state) in board.turn.turn_pad.html
    percent = re.escape(f"{len(scoring_faces(state))}/6") if scoring_faces(state) else "0/1"
    assert re.search(percent, board.turn.turn_pad.html)


def test_a_move_is_tapped_player_then_square_and_the_plan_names_the_opponents_chance(store):
    """Game Turns: tap a player, then a square he can end on; the plan shows the opponent's
    chance after it (odds.opponent_chance_after); Play it applies exactly that turn."""
    board = make(store)
    to_blues_roll(board)
    state = board.session.state
    assert targets(board) == {state.where[o.play.player] for o in state.legal_turns(2)}
    board.tap(state.where["blue 1"])
    assert board.chosen == "blue 1"
    board.tap((0, 0))
    assert "cannot end there" in board.message and board.plan is None
    ends = [o for o in state.legal_turns(2) if o.play.player == "blue 1" and not o.play.kicks]
    board.tap(ends[0].square)
    chance = opponent_chance_after(state, board.plan)
    assert f"({exact_words(chance)})" in board.turn.turn_pad.html
    board.confirm()
    assert board.session.state.where["blue 1"] == ends[0].square
    assert board.session.state.to_move == "orange"


def test_a_kick_is_player_then_ball_then_where_the_ball_stops(store):
    """Kicking the Ball: reaching the ball, the player kicks; the ball's ends are tapped."""
    board = make(store)
    to_kickoff(board)
    board.tap((3, 4))
    board.confirm()
    board.roll((5,))
    state = board.session.state
    kicks = [o for o in state.legal_turns(5) if o.play.kicks and o.play.player == "blue 3"]
    assert kicks, "blue 3 on f3 reaches the ball on d5 in 4 steps, 1 pip left to kick"
    board.tap(state.where["blue 3"])
    board.tap(state.ball)
    assert board.kicking
    assert targets(board) == {o.ball for o in kicks}
    board.tap(kicks[0].ball)
    board.confirm()
    assert board.session.state.ball == kicks[0].ball


def test_after_the_roll_the_scoring_lines_are_listed_drawn_and_one_tap_plans_a_goal(store):
    """Goal!!!: the ways to score with this roll are listed; playing one wins the match."""
    board = make(store, seed=5)
    advance(board, lambda s: s.phase == "roll" and scoring_faces(s))
    state = board.session.state
    face = scoring_faces(state)[0]
    board.roll((face,))
    state = board.session.state
    lines = scoring_lines(state, face)
    shown = min(len(lines), 6)
    assert board.turn.lines_box.html.count("data-tap=") == shown
    assert "You can score with this" in board.turn.lines_box.html
    assert 'stroke="#ffd600"' in board.field.svg()  # the gold scoring lines on the field
    for forged in (str(shown), "-1", "1e3", "x", "0" * 5000):  # names no line: nothing planned
        board.turn.lines_box.tap(forged)
        assert board.plan is None
    stale = board.turn.lines_box.tap_of(f"Goal: {lines[0].text}")
    board.undo()
    board.redo()  # the same roll drawn again: a tap from the drawing before plans nothing
    board.turn.lines_box.tap(stale)
    assert board.plan is None
    board.turn.lines_box.press(f"Goal: {lines[0].text}")
    assert board.plan == lines[0].outcome
    assert "This scores!" in board.turn.turn_pad.html
    board.confirm()
    assert board.session.state.is_over
    assert "Game over" in board.turn.event_box.html and is_shown(board.turn.over_box)


def test_an_outfielder_kicking_from_in_front_of_a_net_is_then_placed(store):
    """No Killjoy Rules: after kicking from in front of the net, tap where he goes."""
    board = make(store)
    state = scene({"orange 1": (4, 9)}, ball=(4, 11), roll=2)  # blue's keeper on d12
    # a position no seeded match needs to reach, as the game's start (checkpoint 0)
    board.session._state = board.session._checkpoints[0] = state
    board.revision += 1
    board.tap((4, 9))
    board.tap((4, 11))
    board.tap((4, 10))  # the kick S: the ball's free space
    assert board.ball_pick == (4, 10) and board.plan is None
    placed = targets(board)
    assert placed and (4, 10) not in placed and (3, 11) not in placed
    board.tap(sorted(placed)[0])
    assert board.plan.play.placed == sorted(placed)[0]


def test_refusals_and_stray_taps_change_nothing(store):
    board = make(store)
    board.tap((2, 2))
    assert "Nothing to tap" in board.message
    board.roll((4,))  # a roll during the toss
    assert "not now" in board.message
    assert board.session.actions == ()


def test_against_the_bot_it_plays_its_own_turns_and_one_undo_takes_them_back(store):
    board = make(store, seed=8)
    board.players = BOT_BLUE
    board.toss("orange")
    board.place_at_random()
    assert len(board.session.actions) == 3  # the toss, orange's placement, the bot's
    while board.session.state.phase == "setup":
        board.place_at_random()
    board.roll((6, 1))  # orange kicks off
    board.tap(sorted(targets(board))[0])
    before, kicking = len(board.session.actions), board.session.state
    board.confirm()
    state = board.session.state
    assert state.to_move == "orange" and state.phase == "roll"  # blue rolled and played
    board.undo()  # one Undo takes back the bot's turn with orange's kick (issue 17)
    assert len(board.session.actions) == before and board.session.state == kicking
    assert not is_shown(board.turn.bot_button) and targets(board)
    board.redo()
    assert board.session.state == state


def test_a_new_match_takes_the_chosen_mode_and_house_rules(store):
    """Longer Matches and HOUSE RULES: chosen at the start, shown as 'house rule'."""
    board = make(store)
    board.match = "first to 3"
    board.settings.set_house("own_goals", True)
    board.start_new_game()
    assert board.session.options == {"match": "first to 3", "own_goals": True}
    assert board.session.state.options.own_goals
    assert "First to 3 goals" in board.turn.scoreboard.html
    assert "own net: counts (house rule)" in board.turn.scoreboard.html
    assert board.session.actions == ()


def test_last_chance_and_restart_readings_are_house_rules_in_the_settings(store):
    """Longer Matches, Last Chance ("When a goal is scored, the opposing team has 3 rounds to
    tie") and the restart: both readings are labelled house rules and switchable."""
    board = make(store)
    shown = settings_texts(board)
    text = " ".join(shown)
    assert "Last Chance: the leader scores again</b> <i>(house rule)</i>" in text
    assert "restart after a goal is the conceding team&#x27;s turn</b> <i>(house rule)</i>" \
        in text
    board.match = "last chance"
    board.settings.set_house("last_chance_restarts", False)
    board.settings.set_house("restart_is_a_turn", False)
    board.start_new_game()
    options = board.session.state.options
    assert not options.last_chance_restarts and not options.restart_is_a_turn
    assert "the first window stands (house rule)" in board.turn.scoreboard.html


def test_last_chance_rounds_counted_as_the_conceding_teams_turns_is_a_labelled_house_rule(
        store):
    """Longer Matches, Last Chance: "When a goal is scored, the opposing team has 3 rounds to
    tie" does not say what a round is. The app's reading (HOUSE RULE LAST_CHANCE_TURNS: the
    conceding team's next 3 turns, the restart first when it counts as a turn) is labelled
    'house rule' under the Match choice and on a Last Chance match's scoreboard."""
    board = make(store)
    shown = settings_texts(board)
    assert ("Last Chance&#x27;s 3 rounds = the conceding team&#x27;s next 3 turns (the restart "
            "first when it counts as a turn)</b> <i>(house rule)</i>") in " ".join(shown)
    assert "Last Chance&#x27;s" not in board.turn.scoreboard.html  # a Golden Goal match
    board.match = "last chance"
    board.start_new_game()
    assert ("Last Chance&#x27;s 3 rounds = the conceding team&#x27;s next 3 turns (the restart "
            "first) (house rule)") in board.turn.scoreboard.html
    board.settings.set_house("restart_is_a_turn", False)
    board.start_new_game()
    assert ("the conceding team&#x27;s next 3 turns (after the restart) (house rule)"
            in board.turn.scoreboard.html)


def test_undo_and_redo_reach_the_log(store):
    board = make(store)
    board.act(Toss("orange"))
    assert board.log.lines == board.session.log and board.log.can_undo
    board.undo()
    assert board.log.lines == ["— Undone by the table: orange places first"] and board.log.can_redo


def test_the_field_marks_targets_as_named_buttons_and_nets_as_goals():
    state = scene({"orange 1": (3, 9)}, ball=(3, 10), roll=3)
    from companion.golden_goal.drawing import Marks
    svg = field_svg(state, Marks(frozenset({(3, 9), "net:blue"})))
    assert svg.count('role="button"') == 2
    assert 'aria-label="d10"' in svg and 'aria-label="blue\'s net"' in svg
    assert parse_target("3,9") == (3, 9) and parse_target("net:blue") == "net:blue"


@pytest.mark.parametrize("kicks", [False, True])
def test_turn_line_draws_a_move_with_or_without_a_kick(kicks):
    """Odds: turn_line gives the mover's squares, and the ball's when it is kicked."""
    state = scene({"orange 1": (3, 8)}, ball=(3, 10), roll=3)
    outcome = next(o for o in state.legal_turns(3)
                   if o.play.player == "orange 1" and bool(o.play.kicks) == kicks)
    line = turn_line(state, 3, outcome)
    assert len(line.mover_path) == len(outcome.play.path)
    assert bool(line.ball_path) == kicks
    assert Fraction(0) <= opponent_chance_after(state, outcome) <= 1


def test_the_bot_is_saved_with_the_match_and_kept_when_it_is_resumed(store):
    """The bot is part of the saved game: opening /golden_goal again (from the index, no
    URL) resumes the match with its bot, instead of leaving one person playing both sides."""
    board = make(store, seed=8)
    board.players = BOT_BLUE  # before the toss: the match starts again with the bot
    assert board.session.options["bot"] == "blue" and board.session.seed == 8
    assert len(store.list_sessions("golden_goal")) == 1
    board.toss("orange")
    board.place_at_random()
    assert len(board.session.actions) == 3  # the toss, orange's placement, the bot's
    again = GoldenGoalDashboard(store=store)  # no session, no URL: the latest saved match
    again.__panel__()
    assert again.session.id == board.session.id and again.bot_team == "blue"
    assert again.players == BOT_BLUE and again.settings.players_choice.value == BOT_BLUE
    assert "bot plays blue" in again.turn.scoreboard.html
    # Mid-match the choice waits for the next match.
    board.players = TWO
    assert board.session.options["bot"] == "blue" and "next match" in board.message
    board.start_new_game()
    assert "bot" not in board.session.options and board.bot_team is None


def test_the_fields_readings_are_labelled_house_rules(store):
    """READING_NOTES, Golden Goal: the 8 x 12 field and its zones, and players behind the
    goal line not blocking a goal, are shown beside the field as house rules; the placement
    beside a net (No Killjoy Rules: "an adjacent empty space") is a house rule in the
    settings."""
    board = make(store)
    notes = board.field.notes.html
    assert "8 x 12 squares" in notes and "middle 4 columns x 3 rows" in notes
    assert "behind the goal line do not block a shot into the net <i>(house rule)</i>" in notes
    shown = settings_texts(board)
    assert "may be put behind the goal line</b> <i>(house rule)</i>" in " ".join(shown)
    board.settings.set_house("placement_out_of_bounds", True)
    board.start_new_game()
    assert board.session.state.options.placement_out_of_bounds
    assert "behind the goal line: yes (house rule)" in board.turn.scoreboard.html


def test_the_field_has_row_and_column_labels_matching_the_log(store):
    """The field is labelled as the log names squares ('orange 1 placed on c10'): column
    letters a-h along both end lines, row numbers 1-12 along both sides."""
    board = make(store)
    html = board.field.svg()
    field = board.session.state.field
    for column in range(field.columns):
        letter = field.name((column, 0))[0]
        assert html.count(f">{letter}</text>") == 2
    for row in range(field.rows):
        number = field.name((0, row))[1:]
        assert html.count(f">{number}</text>") == 2


def test_the_bots_move_is_drawn_on_the_field_for_a_moment(store):
    """Against the bot: after its turn, its mover's steps and the ball's path are drawn on
    the field in the bot's colour, fading away; the next action clears them."""
    board = make(store, seed=8)
    board.players = BOT_BLUE
    board.toss("orange")
    while board.session.state.phase == "setup":
        board.place_at_random()
    board.roll((6, 1))  # orange kicks off
    board.tap(sorted(targets(board))[0])
    board.confirm()  # then blue (the bot) rolls and plays
    state = board.session.state
    assert state.to_move == "orange" and state.phase == "roll"
    html = board.field.svg()
    assert 'class="gg-last"' in html and "gg-fade" in html and BOT_COLOUR in html
    played = board.session.actions[-1]
    start = board.bot_last[0].where[played.player]
    assert board.field.bot_marks(state)["bot_mover"][0] == start
    board.roll((3,))
    assert 'class="gg-last"' not in board.field.svg()


def test_the_column_letters_beside_the_nets_are_clear_of_them():
    """Issue 17: the letters d and e at both ends are not drawn over the nets (white on the
    light net they could not be read): each letter's glyph lies outside both nets."""
    svg = field_svg(scene({}, ball=(3, 5), roll=1))
    nets = [(float(y), float(y) + float(h)) for y, h in re.findall(
        r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="#eeeeee"', svg)]
    assert len(nets) == 2
    letters = re.findall(r'<text x="[\d.]+" y="([\d.]+)" font-size="([\d.]+)"[^>]*>([a-h])<',
                         svg)
    assert len(letters) == 16
    for baseline, size, _letter in letters:
        top, bottom = float(baseline) - 0.75 * float(size), float(baseline) + 0.2 * float(size)
        assert all(bottom <= net_top or top >= net_bottom for net_top, net_bottom in nets)


def test_the_match_card_puts_each_part_in_its_area_of_the_grid(store):
    """Issue 17 (layout.py): the field, the turn beside it (with the odds), what just
    happened, the die and the rest are the grid's areas, each once; the field's readings stay
    on the page after the toss, when who plays is hidden."""
    board = make(store)
    to_kickoff(board)
    board.tap((3, 4))
    board.confirm()  # blue to roll: the die and the odds
    area = {name: obj for obj in board.play_area
            for name in ("side", "field", "event", "dice", "rest")
            if f"gg-{name}" in obj.css_classes}
    assert len(area) == 5 and area["field"] is board.field.pad
    assert inside(board.turn.turn_pad, area["side"]) and "odds-hint" in board.turn.turn_pad.html
    assert inside(board.turn.dice.__panel__(), area["dice"]) and "app rolls 1 die" in \
        board.turn.dice.__panel__().html
    assert board.field.notes in area["rest"] and not is_shown(board.turn.who_plays)
    assert area["event"] is board.turn.event_box


def inside(part, layout) -> bool:
    return any(obj is part for obj in layout.select())


def test_a_first_page_builds_only_its_phase_parts_and_the_others_join_once_it_has_rendered(
        store):
    """Issue 39 (first render): a new match's page holds the toss and who plays, not the
    player to place or the end of the match, and its die is drawn empty; once the page has
    rendered every phase's part joins it, hidden, so that no tap builds one; a later phase
    shows its own."""
    board = make(store)
    board.__panel__()
    side, dice = (obj for obj in board.play_area
                  if {"gg-side", "gg-dice"} & set(obj.css_classes))
    assert inside(board.turn.toss_row, side) and inside(board.turn.who_plays, board.play_area)
    for part in (board.turn.setup_box, board.turn.over_box, board.turn.bot_button):
        assert not inside(part, side) and not is_shown(part)
    assert inside(board.turn.dice.__panel__(), dice) and board.turn.dice.__panel__().html == ""
    board.turn.join_all()
    for part in (board.turn.setup_box, board.turn.over_box, board.turn.bot_button):
        assert inside(part, side) and not is_shown(part)
    assert is_shown(board.turn.toss_row)
    to_kickoff(board)
    board.tap((3, 4))
    board.confirm()  # blue to roll
    assert "app rolls 1 die" in board.turn.dice.__panel__().html
    assert not is_shown(board.turn.toss_row)
    board.roll((4,))  # the die is emptied with the roll: the ways to score take its place
    assert board.turn.dice.__panel__().html == ""
    assert re.search("Goal:|No way to score", board.turn.lines_box.html)


def test_the_field_is_also_said_in_words_for_a_screen_reader(store):
    """Everyone can play (issue 37): beside the picture, the score, the ball's square and
    every placed player's square, in words a screen reader reads."""
    board = make(store)
    to_kickoff(board)
    words = board.field.notes.html
    assert "The field in words. Score: orange 0, blue 0. The ball is on" in words
    assert "orange: 1 on d6" in words and "Waiting for" in words


def test_the_scoreboard_and_the_prompt_read_as_sentences(store):
    """A newcomer's play-test: the scoreboard read "orange place a player" and the prompt
    "kicks off 3 space(s)"; now "orange: place a player" and a plural said properly."""
    board = make(store)
    board.toss("orange")
    assert re.search(r">orange</span>: place a player", board.turn.scoreboard.html)
    board.undo()
    set_up(board)
    board.roll((5, 2))
    assert "space(s)" not in board.turn.turn_pad.html and "kicks off 3 spaces" in \
        board.turn.turn_pad.html


def test_a_planned_kickoff_is_drawn_square_by_square_through_its_passes(store):
    """A newcomer's play-test: a kickoff passed on (orange 1 to e9, orange 4 on to d9) was
    drawn as one straight line from d6 to d9, through a blue player. Every legal kickoff,
    planned, is drawn from the ball through each square the ball crosses, each a step to a
    neighbouring square, to where the plan says it stops."""
    from companion.golden_goal.actions import Kick

    board = make(store)
    to_kickoff(board)
    state = board.session.state
    kicks = [a for a in state.legal_actions() if isinstance(a, Kick)]
    assert any(len(k.kicks) > 1 for k in kicks)  # passes among them
    for kick in kicks:
        board.plan = kick
        path = board.field.marks(state).ball_path
        assert path[0] == state.ball and path[-1] == state.apply(kick).ball
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
                   for a, b in pairwise(path)), (kick, path)
        board.plan = None


def test_choosing_a_player_sends_only_the_layer_over_the_mat(store):
    """The mat is sent once a match: the squares that may be tapped are lit, and named as
    buttons, in the layer over it, so a tap that changes them (a player chosen) does not
    send the mat's 26 KB again (issue 39)."""
    board = make(store)
    to_blues_roll(board)
    state = board.session.state
    mat, before = board.field.pad.html, board.field.pad.overlay
    board.tap(state.where["blue 1"])
    assert board.chosen == "blue 1"
    assert board.field.pad.html is mat and board.field.pad.overlay != before
    named = set(re.findall(r'role="button" tabindex="0" aria-label="(\w+)"',
                           board.field.pad.overlay))
    assert named == {state.field.name(square) for square in targets(board)
                     if isinstance(square, tuple)}
    assert 'role="button"' not in mat
