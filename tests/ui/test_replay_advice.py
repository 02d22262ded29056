"""The replay shows the odds and the advice as the tablet showed them then (issue 35): each
game's `replay_advice` at known positions, a replay tap changing nothing, and for each game
with secrets a cheater's check: two games that differ only in a hidden thing give the same
replay advice at every position where it is still hidden."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion.core.registry import find_game
from companion.core.session import Session
from companion.dice_lab.engine import Check
from companion.golden_goal.bot import bot_player
from companion.golden_gun import bot as golden_gun_bot
from companion.golden_gun.actions import SetUp
from companion.golden_gun.board import generate_section
from companion.golden_gun.state import deal_blue_deck
from companion.goldfinger import bot as goldfinger_bot
from companion.license_to_kill import bot as ltk_bot
from companion.license_to_kill.actions import AttackCharm, HenchmanAttack
from companion.mb007_cards.bot import bot_action as cards_bot_action
from companion.mb007_cards.views import private_view as cards_view
from companion.mb007_tiles.bot import autoplay_action
from companion.mb007_tiles.dashboard.board_view import board_html
from companion.mb007_tiles.dashboard.main import HEAT_MAP_BUTTON, HEAT_MAP_OFFERED
from companion.ui.replay_view import WORK_OUT
from companion.ui.review_view import ReviewView

CHECKS = [Check(2, 7, "at most", (), (2, 5)), Check(1, 6, "at least", (), (6,)),
          Check(2, 4, "at most", (("guard", 1),), (6, 6))]


def dashboard(session: Session, store):
    return find_game(session.game.name).load_dashboard()(store=store, session=session)


def advice_at(board, session: Session, position: int) -> str:
    actions = session.actions
    return board.replay_advice(session.state_after(position),
                               actions[position] if position < len(actions) else None)


def every_advice(board, session: Session) -> list[str]:
    return [advice_at(board, session, n) for n in range(len(session.actions) + 1)]


# Played games, each short.

def golden_gun_game() -> Session:
    session = Session("golden_gun", {"mode": "solo"}, seed=32)
    while not session.state.is_over:
        session.act(golden_gun_bot.choose_action(session.state))
    return session


def legacy_golden_gun_game() -> Session:
    """A solo game stored before the app dealt each card as it is seen and drew each maze
    section as it is laid: its Set Up holds both decks and all four sections."""
    session = Session("golden_gun", {"mode": "solo"}, seed=32)
    config = session.state.config
    blue = deal_blue_deck(config.blue_deck, config.upper_size, random.Random(5))
    greens = [n for n, count in sorted(config.green_deck.items()) for _ in range(count)]
    random.Random(6).shuffle(greens)
    session.act(SetUp(blue, tuple(greens), None))
    while not session.state.is_over:
        session.act(golden_gun_bot.choose_action(session.state))
    return session


def golden_goal_game(actions: int = 120) -> Session:
    session, rng = Session("golden_goal", {}, seed=35), random.Random(35)
    while not session.state.is_over and len(session.actions) < actions:
        session.act(bot_player(session.state, rng))
    return session


def goldfinger_game(actions: int = 80) -> Session:
    session = Session("goldfinger", {"map": "sample"}, seed=39)
    while not session.state.is_over and len(session.actions) < actions:
        session.act(goldfinger_bot.bot_action(session.state))
    return session


def cards_game(options: dict | None = None) -> Session:
    rng = random.Random(30)
    session = Session("mb007_cards", options or {"players": 4}, seed=30)
    while not session.state.is_over:
        seat = session.state.to_act if session.state.to_act is not None else 0
        session.act(cards_bot_action(cards_view(session.state, seat), rng))
    return session


def tiles_game(actions: int = 80) -> Session:
    session, rng = Session("mb007_tiles", {"players": 4, "mode": "tablet"}, seed=35), \
        random.Random(35)
    while not session.state.is_over and len(session.actions) < actions:
        session.act(autoplay_action(session.state, rng))
    return session


def ltk_game(actions: int = 200) -> Session:
    session = Session("license_to_kill", {"players": ["Ann", "Bob", "Cy"]}, seed=35)
    rng = random.Random(35)
    while not session.state.is_over and len(session.actions) < actions:
        session.act(ltk_bot.playout_action(session.state, rng))
    return session


# The replay view, and a tap changing nothing.

def test_the_replay_shows_the_odds_then_and_a_tap_changes_nothing(store):
    session = Session("dice_lab", {}, seed=1, store=store)
    for check in CHECKS:
        session.act(check)
    board = dashboard(session, store)
    view = ReviewView(lambda: session, board.replay_picture, advice=board.replay_advice)
    view.refresh()
    revision, actions = session.revision, list(session.actions)
    pad = view.replay.__panel__()
    assert 'class="replay-advice"' not in pad.html  # now: no check set up yet to show
    pad.tap("back")
    pad.tap("back")  # after the first check: the second's odds, 1 die at least 6
    assert "Action 1 of 3</b>" in pad.html
    assert "The odds and advice then" in pad.html and "16.7%" in pad.html
    assert "1 die, at least 6, no modifiers" in pad.html
    pad.tap("next")
    assert "2 dice, at most 4 (guard +1)" in pad.html and "(1/12)" in pad.html
    pad.tap("start")
    assert "2 dice, at most 7, no modifiers" in pad.html and "(7/12)" in pad.html
    for position in range(len(actions) + 1):
        view.replay.show(position)
    assert session.revision == revision and list(session.actions) == actions
    assert session.state == session.state_after(len(actions))


def test_a_replay_tap_in_a_game_with_secrets_changes_nothing(store):
    session = Session("mb007_cards", {"players": 3}, seed=4, store=store)
    rng = random.Random(4)
    for _ in range(12):
        seat = session.state.to_act if session.state.to_act is not None else 0
        session.act(cards_bot_action(cards_view(session.state, seat), rng))
    board = dashboard(session, store)
    before = (session.revision, list(session.actions), session.state.to_json())
    view = ReviewView(lambda: session, board.replay_picture, advice=board.replay_advice)
    view.refresh()
    for position in range(len(session.actions) + 1):
        view.replay.show(position)
    assert 'class="replay-advice"' in view.replay.__panel__().html
    assert (session.revision, list(session.actions), session.state.to_json()) == before
    assert Session.resume(store, session.id).state.to_json() == before[2]


# Each game's advice at known positions.

def test_golden_gun_shows_the_steps_odds_and_the_card_advice(store):
    session = golden_gun_game()
    board = dashboard(session, store)
    by_phase: dict[str, str] = {}
    for position in range(len(session.actions) + 1):
        by_phase.setdefault(session.state_after(position).phase,
                            advice_at(board, session, position))
    assert "Bond keeps calm" in by_phase["roll"] and "Bond is startled" in by_phase["roll"]
    assert "Advice:" in by_phase["decide"]
    assert "not worked out in the replay" in by_phase["decide"]  # the whole search: seconds
    assert "Survives the next new room" in by_phase["move"]
    assert advice_at(board, session, len(session.actions)) == \
        "<p>The game is over: no odds to show.</p>"


def test_golden_goal_shows_the_chance_to_score_and_the_ways_to_score(store):
    session = golden_goal_game()
    board = dashboard(session, store)
    shown = {session.state_after(n).phase: text
             for n, text in enumerate(every_advice(board, session)) if text}
    assert "scores this turn" in shown["roll"] and "a goal needs a mover" in shown["roll"]
    assert "score with this" in shown["play"]


def test_golden_goal_says_nothing_of_the_bots_turns(store):
    session, rng = Session("golden_goal", {"bot": "blue"}, seed=3), random.Random(3)
    while not session.state.is_over and len(session.actions) < 60:
        session.act(bot_player(session.state, rng))
    board = dashboard(session, store)
    texts = {session.state_after(n).to_move: text
             for n, text in enumerate(every_advice(board, session))
             if session.state_after(n).phase == "roll"}
    assert texts["blue"] == "<p>The bot's turn: the tablet showed no odds.</p>"
    assert "orange scores this turn" in texts["orange"]


def test_goldfinger_shows_each_rolls_odds_and_the_danger(store):
    session = goldfinger_game()
    board = dashboard(session, store)
    texts = every_advice(board, session)
    assert texts[0] == ""  # the cards are being placed
    play = [t for t in texts if "<li>" in t]
    assert play and any("Fire at" in t and " · " in t and "%" in t for t in play)
    assert any("each car&#x27;s chance to hit him" in t for t in texts)


def test_goldfinger_says_nothing_of_the_bots_moves(store):
    session = Session("goldfinger", {"map": "sample", "bot": "enemy"}, seed=39)
    while not session.state.is_over and len(session.actions) < 60:
        session.act(goldfinger_bot.bot_action(session.state))
    board = dashboard(session, store)
    enemy = [text for n, text in enumerate(every_advice(board, session))
             if session.state_after(n).phase == "play"
             and session.state_after(n).side_to_act == "enemy"]
    assert enemy and set(enemy) == {"<p>The bot's move: the tablet showed no odds.</p>"}


def test_license_to_kill_shows_a_duels_odds_before_its_dice(store):
    session = ltk_game()
    board = dashboard(session, store)
    duels = [n for n, a in enumerate(session.actions) if isinstance(a, HenchmanAttack |
                                                                     AttackCharm)]
    assert duels
    text = advice_at(board, session, duels[0])
    assert "Attacker wins" in text and "Tie: nothing happens" in text
    assert "(Q cards included)" in text
    others = set(range(len(session.actions) + 1)) - set(duels)
    assert all(advice_at(board, session, n) == "" for n in sorted(others)[:40])


def test_the_card_game_shows_the_shared_screens_odds_of_the_seat_to_act(store):
    session = cards_game()
    board = dashboard(session, store)
    texts = every_advice(board, session)
    phases = [session.state_after(n).phase for n in range(len(texts))]
    turn = next(t for t, p in zip(texts, phases, strict=True) if p == "turn")
    assert "From what the table sees" in turn and "Announce holding it" in turn
    choosing = next(t for t, p in zip(texts, phases, strict=True) if p == "choosing")
    assert "has drawn a card and chooses which card it replaces" in choosing
    assert texts[-1] == "<p>The game is over: no odds to show.</p>"


def test_the_card_game_says_nothing_of_a_bots_choice(store):
    session = cards_game({"players": 3, "bots": [1, 2]})
    board = dashboard(session, store)
    for position, text in enumerate(every_advice(board, session)):
        state = session.state_after(position)
        if not state.is_over and state.to_act in (1, 2):
            assert text == "<p>A bot chose here: the tablet showed no odds.</p>"


def test_the_tile_game_says_where_the_heat_map_was_and_keeps_the_letters_advice_secret(store):
    session = tiles_game()
    board = dashboard(session, store)
    texts = {session.state_after(n).phase: text
             for n, text in enumerate(every_advice(board, session))}
    assert texts["place"].startswith(f"<p>{HEAT_MAP_OFFERED}</p>")
    assert HEAT_MAP_BUTTON in texts["place"]
    assert "chosen in secret" in texts["choose"]
    assert texts["draw"] == ""


def test_the_tile_games_replay_works_out_the_heat_map_when_asked_and_only_then(store):
    """The heat map is too slow for every replay step: where the tablet showed it, the
    replay offers it, and a tap on the offer draws it on the board as it stood (in the
    picture's place), as the tablet drew it; the next step is the plain board again; a
    position with no heat map offers and works out nothing."""
    session = tiles_game()
    board = dashboard(session, store)
    view = ReviewView(lambda: session, board.replay_picture, advice=board.replay_advice,
                      worked_out=board.replay_advice_worked_out)
    view.refresh()
    replay = view.replay
    place = next(n for n in range(len(session.actions))
                 if HEAT_MAP_BUTTON in board.replay_advice(session.state_after(n), None))
    state = session.state_after(place)
    assert board_html(state, True) != board_html(state, False)
    replay.show(place)
    assert HEAT_MAP_BUTTON in replay._pad.html
    replay._tapped(WORK_OUT)
    shown = replay._pad.html
    assert board_html(state, True) in shown and HEAT_MAP_BUTTON not in shown
    assert board_html(state, False) not in shown  # not the plain board beside it
    replay._tapped("next")
    assert board_html(session.state_after(place + 1), False) in replay._pad.html
    choosing = next(n for n in range(len(session.actions))
                    if session.state_after(n).phase == "choose")
    assert board.replay_advice_worked_out(session.state_after(choosing)) == ""


# Cheaters: a hidden thing changed, the replay's advice the same.

def same_advice_for_twins(board, session: Session, twin) -> int:
    """Assert the advice and the picture (the board) at every position equal its twin's
    (`twin(state)`: the state with only hidden things changed, or None); return how many
    twins differed from their state."""
    differed = 0
    actions = session.actions
    for position in range(len(actions) + 1):
        state = session.state_after(position)
        other = twin(state)
        if other is None or other == state:
            continue
        differed += 1
        coming = actions[position] if position < len(actions) else None
        assert board.replay_advice(other, coming) == board.replay_advice(state, coming), \
            f"position {position} tells a hidden thing"
        assert board.replay_picture(other) == board.replay_picture(state), \
            f"the picture at position {position} tells a hidden thing"
        assert board.replay_advice_worked_out(other) == \
            board.replay_advice_worked_out(state), \
            f"the advice worked out at position {position} tells a hidden thing"
    return differed


def test_a_cheater_learns_no_down_card_from_the_card_games_replay(store):
    """Each seat's unshown down card and a card just drawn swapped with cards of the pile,
    the pile's order reversed: the same advice everywhere."""
    session = cards_game()
    board = dashboard(session, store)

    def twin(state):
        pile = list(reversed(state.draw_pile))
        if not pile:
            return None
        seats = []
        for seat in state.seats:
            if seat.down is not None and not seat.shown and pile:
                pile.append(seat.down)
                seat = dataclasses.replace(seat, down=pile.pop(0))
            seats.append(seat)
        drawn = state.drawn
        if drawn is not None:
            pile.append(drawn)
            drawn = pile.pop(0)
        return dataclasses.replace(state, seats=tuple(seats), draw_pile=tuple(pile),
                                   drawn=drawn)

    assert same_advice_for_twins(board, session, twin) > 20


def test_a_cheater_learns_no_letter_from_the_tile_games_replay(store):
    """The letters chosen so far in a round, before the reveal, changed to other letters
    the seat could choose: the same advice everywhere."""
    session = tiles_game()
    board = dashboard(session, store)

    def twin(state):
        if state.phase != "choose" or not any(state.picks):
            return None
        picks = tuple(None if pick is None else
                      next(letter for letter in state.available(seat) if letter != pick)
                      for seat, pick in enumerate(state.picks))
        return dataclasses.replace(state, picks=picks)

    assert same_advice_for_twins(board, session, twin) > 3


def test_a_cheater_learns_no_card_by_a_star_from_goldfingers_replay(store):
    """The cards still face down by the stars moved round to other stars: the same odds and
    danger everywhere (they are read from the table's view)."""
    session = goldfinger_game()
    board = dashboard(session, store)

    def twin(state):
        if len({card for _, card in state.cards}) < 2:
            return None
        stars, cards = zip(*state.cards, strict=True)
        return dataclasses.replace(state, cards=tuple(zip(stars, cards[1:] + cards[:1],
                                                          strict=True)))

    assert same_advice_for_twins(board, session, twin) > 20


def test_a_cheater_learns_no_next_card_or_section_from_the_golden_guns_replay(store):
    """A game stored before the app dealt as the game is seen (its whole deal in the state):
    the decks' order reversed, each face-down green card's number changed and the sections
    not yet laid drawn otherwise: the same advice and the same maze everywhere."""
    session = legacy_golden_gun_game()
    board = dashboard(session, store)
    numbers = sorted(session.state.config.green_deck)

    def twin(state):
        if state.maze is None:
            return None
        greens = {room: None if number is None else
                  numbers[(numbers.index(number) + 1) % len(numbers)]
                  for room, number in state.greens.items()}
        unplaced = tuple(generate_section(random.Random(n)) for n in
                         range(7, 7 + len(state.unplaced)))
        return dataclasses.replace(state, greens=greens, unplaced=unplaced,
                                   blue_deck=state.blue_deck[::-1],
                                   green_deck=state.green_deck[::-1])

    assert same_advice_for_twins(board, session, twin) > 20


def test_a_cheater_learns_no_face_down_plot_from_license_to_kills_replay(store):
    """Each player's face-down Plot cards' titles moved round among them: the same advice
    everywhere."""
    session = ltk_game()
    board = dashboard(session, store)

    def twin(state):
        players, changed = [], False
        for player in state.players:
            down = [piece for stack in player.zone for piece in stack if not piece.face_up]
            titles = [piece.title for piece in down]
            if len(set(titles)) < 2:
                players.append(player)
                continue
            changed = True
            moved = dict(zip((piece.id for piece in down), titles[1:] + titles[:1],
                             strict=True))
            zone = tuple(tuple(dataclasses.replace(piece, title=moved[piece.id])
                               if piece.id in moved else piece for piece in stack)
                         for stack in player.zone)
            players.append(dataclasses.replace(player, zone=zone))
        return dataclasses.replace(state, players=tuple(players)) if changed else None

    differed = same_advice_for_twins(board, session, twin)
    assert differed > 20
    duels = [n for n, a in enumerate(session.actions) if isinstance(a, HenchmanAttack |
                                                                     AttackCharm)]
    assert any(twin(session.state_after(n)) is not None for n in duels), \
        "no duel with a face-down plot on the table: the test would prove nothing there"


@pytest.mark.parametrize("name", ["dice_lab", "golden_gun", "goldfinger", "license_to_kill",
                                  "golden_goal", "mb007_tiles", "mb007_cards"])
def test_every_game_has_its_own_replay_advice(name):
    from companion.ui.game_dashboard import GameDashboard
    board = find_game(name).load_dashboard()
    assert board.replay_advice is not GameDashboard.replay_advice
