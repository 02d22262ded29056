"""Golden Goal's words on screen, as HTML text: the score, what happened, the odds before a
roll, the set-up checklist, and the labels of the house rules. No Panel: the dashboard
puts these strings in its panes, a notebook can show them too.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

from companion.golden_goal import rules
from companion.golden_goal.drawing import TEAM_COLOURS, Target, net_key
from companion.golden_goal.engine import WAITING_FOR, GoldenGoalState
from companion.golden_goal.kicks import team_of
from companion.golden_goal.odds import FACES, ScoringLine, faces_hint, scoring_faces
from companion.golden_goal.turns import Outcome, is_keeper, other
from companion.ui import folded_html, odds_html
from companion.ui.plain import screen_reader_html

TWO = "Two players at the table"
BOT_TEAMS = {TWO: None, "Against the bot (bot plays blue)": "blue",
             "Against the bot (bot plays orange)": "orange"}
MATCH_TEXT = {
    "golden goal": "Golden Goal: the first goal wins",
    "time limit": f"Time Limit: {rules.TIME_LIMIT_ROUNDS} rounds",
    "first to 3": f"First to {rules.GOALS_TO_WIN} goals",
    "last chance": f"Last Chance: {rules.LAST_CHANCE_ROUNDS} rounds to tie after a goal",
}
# The HOUSE RULE options of rules.DEFAULT_OPTIONS: (label, {button text: value}).
HOUSE_RULES = {
    "own_goals": ("A kick into one's own net", {"is refused": False, "counts": True}),
    "killjoy_after_kickoff": ("The kickoff kick must leave the opponent a clear path",
                              {"yes": True, "no": False}),
    "placement_adjacency": ("A kicker in front of a net is put beside it",
                            {"any of 8 squares": 8, "orthogonally only": 4}),
    "placement_out_of_bounds": ("… and may be put behind the goal line",
                                {"no: on the field": False, "yes": True}),
    "time_limit_draw": ("Time Limit tied after 25 rounds",
                        {"next goal wins": False, "is a draw": True}),
    "last_chance_restarts": ("Last Chance: the leader scores again",
                             {"3 more rounds to tie": True, "the first window stands": False}),
    "restart_is_a_turn": ("The restart after a goal is the conceding team's turn",
                          {"yes": True, "no": False}),
}
HOUSE_DEFAULTS = {**rules.DEFAULT_OPTIONS, "restart_is_a_turn": rules.RESTART_IS_A_TURN}
# HOUSE RULE rules.LAST_CHANCE_TURNS (fixed, no option): Longer Matches' "3 rounds to tie"
# counted as the conceding team's own turns; shown wherever a Last Chance match is.
LAST_CHANCE_OWN_TURNS = (rules.LAST_CHANCE_TURNS + 1) // 2
VERDICT_CSS = "font-size:1.15rem;padding:8px 12px;border-left:6px solid {};line-height:1.4"


def team_tag(team: str, text: str, style: str = "") -> str:
    """A team's name or score in its colour, on white: readable on the light page and the
    dark one alike."""
    return (f'<span style="color:{TEAM_COLOURS[team]};background:#ffffff;padding:0 6px;'
            f'border-radius:6px;{style}">{escape(text)}</span>')


def scoreboard_html(state: GoldenGoalState, bot_team: str | None, bot_to_move: bool) -> str:
    """The score, whose turn, the round, the match and the house rules that differ."""
    options = state.options
    house = [f"{label}: {value_text(key, getattr(options, key))} (house rule)"
             for key, (label, _) in HOUSE_RULES.items()
             if getattr(options, key) != HOUSE_DEFAULTS[key]]
    if options.match == "last chance":
        house.append(f"{last_chance_reading(options.restart_is_a_turn)} (house rule)")
    who = "" if state.is_over or state.to_move is None else (
        team_tag(state.to_move, state.to_move, "font-weight:700") + ": ")  # "blue: roll the die"
    doing = escape(state.result if state.is_over else
                   "the bot's turn" if bot_to_move else WAITING_FOR[state.phase])
    bot = f" · bot plays {bot_team}" if bot_team else ""
    house_html = "".join(f'<div style="font-size:0.9rem">{escape(h)}</div>' for h in house)
    return (
        '<div class="scoreboard" style="font-size:1.1rem;line-height:1.5">'
        f'<div style="font-size:1.5rem;font-weight:700">'
        f'{team_tag("orange", f"orange {state.score[0]}")} : '
        f'{team_tag("blue", f"{state.score[1]} blue")} '
        '<span class="turn" style="display:inline-block;font-size:1.1rem;font-weight:400;'
        f'line-height:1.3">{who}{doing}</span>'
        "</div>"
        f'<div style="font-size:0.95rem">Round {state.round} · '
        f"{escape(MATCH_TEXT[options.match])}{bot}</div>{house_html}</div>"
    )

def event_html(state: GoldenGoalState) -> str:
    """What just happened, as the verdict box."""
    if state.is_over:
        return (f'<div class="verdict game-over" style="{VERDICT_CSS.format("#2e7d32")};'
                f'font-size:1.5rem"><b>Game over: {escape(state.result)}.</b><br>'
                f'<span style="font-size:1.05rem">{escape(event_text(state))}</span></div>')
    event = state.last_event
    if event is None:
        return ('<div class="verdict">A new match: choose who plays (at the table, or '
                "against the bot), and who places first.</div>")
    goal = "GOAL for" in event.text
    colour = "#2e7d32" if goal else "#9e9e9e"
    head = "<b>GOAL!</b> " if goal else ""
    return (f'<div class="verdict" style="{VERDICT_CSS.format(colour)}">{head}'
            f"{escape(event.text)}</div>")


def turn_odds_html(state: GoldenGoalState) -> str:
    """Before the roll: the chance to score this turn, exactly."""
    if state.phase == "restart roll":
        return ('<div class="odds-hint">The restart kick goes as far as the roll, counted '
                "from the keeper's square; a 1 is rolled again.</div>")
    faces = scoring_faces(state)
    chance = Fraction(len(faces), len(FACES))
    detail = (f"a goal needs a mover to reach the ball and the kick to cross "
              f"{other(state.to_move)}'s end line from in front of the net (or off a post "
              "from the penalty box)")
    return (f'<div class="odds-hint" style="font-size:1.1rem"><b>{state.to_move}, '
            f"{escape(faces_hint(faces))}</b></div>"
            + odds_html(f"{state.to_move} scores this turn", chance, detail))


def no_scoring_words(roll: int) -> str:
    """After the roll, when no move scores with it."""
    return (f"No way to score with this {roll}: look at the opponent's chance after your "
            "move before you play it.")


def scoring_header(roll: int, ways: int) -> str:
    """After the roll, above the ways to score with it (HTML)."""
    return (f"<b>You can score with this {roll}</b> ({ways} way{'s' if ways > 1 else ''}, "
            "gold on the field).")


def replay_odds_html(state: GoldenGoalState, lines: list[ScoringLine], shown: int) -> str:
    """What the turn showed of the odds: the chance to score before the roll, the ways to
    score after it (`lines`, the first `shown` of them named)."""
    if state.phase in ("roll", "restart roll"):
        return turn_odds_html(state)
    if state.phase != "play":
        return ""
    if not lines:
        return f'<div class="scoring-lines">{no_scoring_words(state.roll)}</div>'
    named = "".join(f"<li>Goal: {escape(line.text)}</li>" for line in lines[:shown])
    return f'<div class="scoring-lines">{scoring_header(state.roll, len(lines))}' \
        f"<ul>{named}</ul></div>"


def field_words(state: GoldenGoalState) -> str:
    """The field in words, for a player who cannot see it: the score, the ball's square,
    each placed player's square, and whom the match waits for."""
    field = state.field
    ball = "in no square yet" if state.ball is None else f"on {field.name(state.ball)}"
    teams = []
    for team in rules.TEAMS:
        placed = [f"{player.split(' ', 1)[1]} on {field.name(square)}"
                  for player, square in state.positions if team_of(player) == team]
        teams.append(f"{team}: {', '.join(placed) if placed else 'nobody placed yet'}")
    score = ", ".join(f"{team} {goals}" for team, goals in zip(rules.TEAMS, state.score,
                                                             strict=True))
    return screen_reader_html(f"The field in words. Score: {score}. The ball is {ball}. "
                              f"{'. '.join(teams)}. Waiting for {state.waiting_for}.")


def field_notes_html(state: GoldenGoalState) -> str:
    """The readings of the mat the rulebook leaves open (READING_NOTES), labelled."""
    field = state.field
    box = field.box_columns[1] - field.box_columns[0] + 1
    notes = [
        f"The field: {field.columns} x {field.rows} squares in a ring of {field.ring} "
        "out-of-bounds square(s); the centre circle is the 4 squares round the centre spot; "
        f"the penalty box is the middle {box} columns x {field.box_depth} rows at each end; "
        f"{len(field.net_columns)} squares in front of each net",
        "Players standing behind the goal line do not block a shot into the net",
    ]
    items = "".join(f"<li>{escape(n)} <i>(house rule)</i></li>" for n in notes)
    return folded_html(f"House rules: the {field.columns} x {field.rows} field and its "
                       "zones; players behind the goal line do not block",
                       f'<ul style="margin:0;padding-left:18px">{items}</ul>', "field-notes",
                       summary_style="font-size:0.95rem")


def ball_key(outcome: Outcome) -> Target:
    return outcome.ball if outcome.ball is not None else net_key(outcome.net)


def last_chance_reading(restart_is_a_turn: bool | None = None) -> str:
    """How the app counts Last Chance's "3 rounds to tie" (Longer Matches does not say): the
    conceding team's next 3 turns, the restart the first of them when it is a turn (option
    `restart_is_a_turn`; None: either, for the settings)."""
    first = {True: "the restart first", False: "after the restart",
             None: "the restart first when it counts as a turn"}[restart_is_a_turn]
    return (f"Last Chance's {rules.LAST_CHANCE_ROUNDS} rounds = the conceding team's next "
            f"{LAST_CHANCE_OWN_TURNS} turns ({first})")


def value_text(key: str, value: Any) -> str:
    return next(text for text, v in HOUSE_RULES[key][1].items() if v == value)


def event_text(state: GoldenGoalState) -> str:
    return state.last_event.text if state.last_event else ""


def setup_checklist(state: GoldenGoalState, team: str) -> str:
    """The set-up requirements (rules.py) with how far `team` has got, checked live."""
    field = state.field
    mine = [sq for p, sq in state.where.items() if team_of(p) == team and not is_keeper(p)]
    own = [sq for sq in mine if field.half(sq) == team]
    own_circle = [sq for sq in own if sq in field.centre_circle]
    away = [sq for sq in mine if field.half(sq) == other(team)]
    keeper = f"{team} {rules.KEEPER}"
    keeper_ok = keeper in state.where
    rows = [
        ("Keeper in front of your net", int(keeper_ok), (1, 1)),
        ("Outfielders on your half", len(own), rules.OWN_HALF_OUTFIELDERS),
        ("… of them in the centre circle", len(own_circle), rules.OWN_CIRCLE_OUTFIELDERS),
        ("Outfielders on the opponent's half, outside the circle", len(away),
         rules.OPPONENT_HALF_OUTFIELDERS),
    ]
    items = "".join(
        f'<li>{"✓" if low <= count <= high else "○"} {escape(label)}: {count} '
        f'(need {low}{"" if low == high else f"-{high}"})</li>'
        for label, count, (low, high) in rows)
    return (f'<div class="setup-rules" style="font-size:1rem"><b>{team}\'s set-up</b>'
            f'<ul style="margin:4px 0;padding-left:20px;list-style:none">{items}</ul>'
            "Squares that would break these are not highlighted.</div>")
