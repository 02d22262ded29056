"""Golden Goal's review (`companion.core.review`): each team's luck with the die and the
cost of each turn's choice, in goals: an estimate that says what it leaves over.

The equity, for the team on turn, is the goals it leads by plus its chance to score this
turn (`odds.p_score_this_turn`, playing its roll as well as it can); once it has rolled,
1 if some play with that face scores, else 0. For the other team it is the same with the
sign turned. At the toss, the set-up, kickoffs and restarts only the goals count.

So the roll is valued exactly (its luck is what the face gives against the average of all
six), and a turn's choice is valued one turn ahead: a goal counts 1, a play that does not
score costs the opponent's chance to score on his next turn (`odds.opponent_chance_after`),
and its cost is exact against the best play with the same face. What the estimate leaves
over is that reply, which the chance to score before the roll does not count yet: it shows
as "left unexplained by the estimate", and the kickoffs and restarts, which it does not
value.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from companion.golden_goal import rules
from companion.golden_goal.actions import Play, Roll
from companion.golden_goal.engine import GoldenGoalState
from companion.golden_goal.odds import FACES, p_score_this_turn
from companion.golden_goal.turns import scoring_rolls

EQUITY_NAME = "goals ahead, with the chance to score this turn"
EQUITY_IS_CHANCE = False
# The scale is one face of the die (1/6 of a goal): a choice that gives away one face of
# the opponent's chance to score is an inaccuracy, two a mistake, three (half a goal) a
# blunder, as Lichess's 0.1, 0.2 and 0.3 of a win chance step by the same amount; a roll
# that turns a one-in-two chance into a goal is lucky, and a one-in-six one very lucky.
SIDES = {team: team.capitalize() for team in rules.TEAMS}
LUCK_WORDS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(5, 6), "very lucky"), (Fraction(1, 2), "lucky"),
    (Fraction(-1, 2), "unlucky"), (Fraction(-5, 6), "very unlucky"))
SKILL_WORDS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(-1, 2), "blunder"), (Fraction(-1, 3), "mistake"),
    (Fraction(-1, 6), "inaccuracy"))
_TURN = ("roll", "play")


def equity(state: GoldenGoalState) -> dict[str, Fraction]:
    """Each team's goals ahead, and the team on turn's chance to score this turn."""
    orange, blue = state.score
    first = Fraction(orange - blue)
    chance = Fraction(0)
    if state.phase in _TURN and state.ball is not None and not state.is_over:
        if state.phase == "roll":
            chance = p_score_this_turn(state)
        else:
            chance = Fraction(int(bool(scoring_rolls(state, (state.roll,)))))
    if chance and state.to_move == rules.TEAMS[1]:
        chance = -chance
    orange_equity = first + chance
    return {SIDES[rules.TEAMS[0]]: orange_equity, SIDES[rules.TEAMS[1]]: -orange_equity}


def chance_outcomes(state: GoldenGoalState, action: Any) -> list[tuple[Roll, Fraction]] | None:
    """A turn's roll: each face of the die, one in six."""
    if not isinstance(action, Roll) or action.dice is None or state.phase != "roll":
        return None
    return [(Roll((face,)), Fraction(1, len(FACES))) for face in FACES]


def decision_options(state: GoldenGoalState, action: Any) -> tuple[str, list[Play]] | None:
    """A turn's play: every legal play with the face rolled."""
    if not isinstance(action, Play) or state.phase != "play" or state.roll is None:
        return None
    return SIDES[state.to_move], [turn.play for turn in state.legal_turns(state.roll)]
