"""Golden Goal's match as data below the engine: the options, the set-up formation, how a
match ends, and the checks of what comes in (actions' fields, saved states).

Imports nothing above `board` and `rules`; `engine` builds the state's rules on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import product

from companion.core.dice import Roll as DiceRoll
from companion.core.errors import InputError, shown
from companion.core.game import JSON, check_options
from companion.golden_goal import rules
from companion.golden_goal.board import STANDARD_FIELD, Field, Square

TEAMS = rules.TEAMS
PLAYERS: tuple[str, ...] = tuple(
    f"{team} {number}" for team in TEAMS
    for number in (*range(1, rules.OUTFIELDERS_PER_TEAM + 1), rules.KEEPER)
)
PHASES: tuple[str, ...] = ("toss", "setup", "roll-off", "kickoff", "roll", "play", "restart",
                           "restart roll", "restart kick", "over")


@dataclass(frozen=True)
class Options:
    """The match mode, the HOUSE RULE choices (rules.DEFAULT_OPTIONS) and the field."""

    match: rules.MatchMode = "golden goal"
    own_goals: bool = False
    time_limit_draw: bool = False
    killjoy_after_kickoff: bool = True
    placement_adjacency: int = 8
    placement_out_of_bounds: bool = False
    last_chance_restarts: bool = True
    restart_is_a_turn: bool = rules.RESTART_IS_A_TURN
    field: Field = STANDARD_FIELD
    bot: str | None = None  # the team the app plays, saved with the match (not a rule)

    @classmethod
    def from_mapping(cls, options: Mapping[str, JSON]) -> Options:
        """Options from plain JSON; InputError for unknown keys or bad values."""
        allowed = (*rules.DEFAULT_OPTIONS, "restart_is_a_turn")
        check_options(options, allowed, rules.GAME_TITLE)
        values = {**rules.DEFAULT_OPTIONS, "restart_is_a_turn": rules.RESTART_IS_A_TURN,
                  **options}
        if values["match"] not in rules.MATCH_MODES:
            raise InputError(f"match must be one of {list(rules.MATCH_MODES)}, "
                             f"got {shown(values['match'], 40)}")
        for key in ("own_goals", "time_limit_draw", "killjoy_after_kickoff",
                    "restart_is_a_turn", "last_chance_restarts", "placement_out_of_bounds"):
            if not isinstance(values[key], bool):
                raise InputError(f"option {key} must be true or false, "
                                 f"got {shown(values[key], 40)}")
        if values["placement_adjacency"] not in (4, 8) or isinstance(
                values["placement_adjacency"], bool):
            raise InputError("placement_adjacency must be 4 or 8")
        if values["bot"] is not None:
            check_team(values["bot"])
        mat = values["field"]
        values["field"] = STANDARD_FIELD if mat is None else Field.from_mapping(mat, "field")
        return cls(**values)

    def to_mapping(self) -> dict[str, JSON]:
        return {"match": self.match, "own_goals": self.own_goals,
                "time_limit_draw": self.time_limit_draw,
                "killjoy_after_kickoff": self.killjoy_after_kickoff,
                "placement_adjacency": self.placement_adjacency,
                "placement_out_of_bounds": self.placement_out_of_bounds,
                "last_chance_restarts": self.last_chance_restarts,
                "restart_is_a_turn": self.restart_is_a_turn,
                "field": self.field.to_mapping(), "bot": self.bot}



# Setup: the outfielders' zones and whether the formation can still be completed.

FORMATION_TEXT = (
    "the outfielders start 2-3 on your half with 1 in the centre circle, and 1-2 on the "
    "opponent's half outside it: this placement leaves no way to complete that"
)


def zone(field: Field, square: Square, team: str) -> int:
    """0: own half outside the circle, 1: own circle, 2: opponent's half, 3: its circle."""
    own = field.half(square) == team
    return (0 if own else 2) + (square in field.centre_circle)


@cache
def formation_possible(counts: tuple[int, ...], remaining: int) -> bool:
    for extra in product(range(4), repeat=remaining):
        final = list(counts)
        for zone in extra:
            final[zone] += 1
        if _formation_ok(final):
            return True
    return False


def _formation_ok(final: list[int]) -> bool:
    checks = ((final[0] + final[1], rules.OWN_HALF_OUTFIELDERS),
              (final[1], rules.OWN_CIRCLE_OUTFIELDERS),
              (final[2] + final[3], rules.OPPONENT_HALF_OUTFIELDERS),
              (final[3], rules.OPPONENT_CIRCLE_OUTFIELDERS))
    return all(low <= value <= high for value, (low, high) in checks)


# Match endings.

def last_chance_deadline(options: Options, before: tuple[int, ...], after: tuple[int, ...],
                         turns: int, deadline: int | None) -> int | None:
    """Last Chance: "When a goal is scored, the opposing team has 3 rounds to tie": a goal
    that leaves the score uneven gives the other team its turns to level (a second goal by
    the leader starts them again unless the house rule `last_chance_restarts` is off)."""
    if options.match != "last chance" or after[0] == after[1]:
        return None
    scored = before != after
    if scored and (before[0] == before[1] or options.last_chance_restarts):
        return turns + rules.LAST_CHANCE_TURNS
    return deadline


def winner_of(options: Options, score: tuple[int, ...], turns: int, deadline: int | None,
            scorer: str | None) -> str | None:
    leader = None if score[0] == score[1] else TEAMS[0] if score[0] > score[1] else TEAMS[1]
    if options.match in ("golden goal", "first to 3"):
        needed = rules.GOLDEN_GOALS_TO_WIN if options.match == "golden goal" \
            else rules.GOALS_TO_WIN
        return leader if max(score) >= needed else None
    if options.match == "time limit":
        if turns < 2 * rules.TIME_LIMIT_ROUNDS:
            return None
        return leader or ("draw" if options.time_limit_draw else None)
    return leader if deadline is not None and turns >= deadline else None


def score_text(scorer: str | None, score: tuple[int, ...], winner: str | None) -> str:
    text = f". GOAL for {scorer}! {score[0]}-{score[1]}" if scorer else ""
    if winner == "draw":
        return text + f". Time is up: a draw, {score[0]}-{score[1]}"
    if winner is not None:
        return text + f". {winner.capitalize()} wins {score[0]}-{score[1]}"
    return text


# Input checks.

def check_team(team: object) -> str:
    if team not in TEAMS:
        raise InputError(f"the teams are {' and '.join(TEAMS)}, got {shown(team, 30)}")
    return team


def check_player(player: object) -> str:
    if player not in PLAYERS:
        raise InputError(f"unknown player {shown(player, 30)} (players are e.g. 'orange 1', "
                         f"'blue keeper')")
    return player


def check_square(square: object) -> Square:
    if not (isinstance(square, tuple) and len(square) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in square)):
        raise InputError(f"a square is (column, row), got {shown(square, 40)}")
    return square


def check_dice(dice: object, count: int) -> tuple[int, ...]:
    if dice is None:
        raise InputError("the dice are missing: roll them or let the app roll")
    return DiceRoll.of(dice, count).faces


def sorted_positions(positions: tuple[tuple[str, Square], ...]
                      ) -> tuple[tuple[str, Square], ...]:
    return tuple(sorted(positions, key=lambda item: PLAYERS.index(item[0])))


def json_positions(data: object, field: Field) -> tuple[tuple[str, Square], ...]:
    if not isinstance(data, dict):
        raise InputError("positions must map players to squares")
    positions = []
    for player, square in data.items():
        check_player(player)
        if not isinstance(square, list):
            raise InputError(f"{player}: a square is [column, row]")
        square = check_square(tuple(square))
        if not field.on_mat(square):
            raise InputError(f"{player} stands off the mat at {square}")
        positions.append((player, square))
    if len({sq for _, sq in positions}) != len(positions):
        raise InputError("two players stand on the same square")
    return sorted_positions(tuple(positions))


def check_json_values(data: dict, ball: Square | None,
                       positions: tuple[tuple[str, Square], ...], field: Field) -> None:
    if data["phase"] not in PHASES:
        raise InputError(f"unknown phase {shown(data['phase'], 30)}")
    if data["to_move"] is not None:
        check_team(data["to_move"])
    if data["winner"] is not None and data["winner"] != "draw":
        check_team(data["winner"])
    score = data["score"]
    if not isinstance(score, list) or len(score) != 2:
        raise InputError("score is a list of two numbers")
    numbers = [data["turns"], *score] + [v for v in (data["roll"], data["deadline"])
                                         if v is not None]
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in numbers):
        raise InputError("score, turns, roll and deadline are whole numbers")
    if ball is not None and not field.on_field(ball):
        raise InputError(f"the ball is off the field at {ball}")
