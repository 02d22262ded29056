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

**Its cost.** A turn's choice is weighed against every legal play with its face (some 100),
each costing the search for the opponent's scoring faces: valued one by one, that was 95%
of a 300-action match's review (7 s). So each position's scoring faces are found once
(`FACES_FOUND`, by what the table sees: the options, the players, the ball and the team on
turn; a position's roll and its six outcomes share them), and a choice is weighed only
against the plays that can be the best (`decision_options`): a goal, when the face scores
(nothing is worth more); else none, when the play made leaves the opponent no scoring face
(no play that does not score is worth more); else each play's search stops once it has
found as many of the opponent's faces as the best play so far leaves him. Every figure is
the one the full comparison gives.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from companion.core.memo import Memo
from companion.golden_goal import rules
from companion.golden_goal.actions import Play, Roll
from companion.golden_goal.engine import GoldenGoalState
from companion.golden_goal.match import sorted_positions
from companion.golden_goal.odds import FACES
from companion.golden_goal.turns import Outcome, legal_turns, other, scoring_rolls

EQUITY_NAME = "goals ahead, with the chance to score this turn"
EQUITY_IS_CHANCE = False
EQUITY_UNIT = "goals ahead"  # the chart's axis, in a few words
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

# Each position's scoring faces, by what the table sees (see the module).
FACES_FOUND: Memo[tuple[int, ...]] = Memo(kept=100_000)


def equity(state: GoldenGoalState) -> dict[str, Fraction]:
    """Each team's goals ahead, and the team on turn's chance to score this turn."""
    orange, blue = state.score
    first = Fraction(orange - blue)
    chance = Fraction(0)
    if state.phase in _TURN and state.ball is not None and not state.is_over:
        if state.phase == "roll":
            chance = Fraction(len(scoring_faces(state)), len(FACES))
        else:
            chance = Fraction(int(state.roll in scoring_faces(state)))
    if chance and state.to_move == rules.TEAMS[1]:
        chance = -chance
    orange_equity = first + chance
    return {SIDES[rules.TEAMS[0]]: orange_equity, SIDES[rules.TEAMS[1]]: -orange_equity}


def scoring_faces(state: GoldenGoalState) -> tuple[int, ...]:
    """`odds.scoring_faces` of a turn's position, found once per position."""
    return FACES_FOUND.get(_key(state), lambda: scoring_rolls(state, FACES))


def _key(state: GoldenGoalState) -> tuple:
    """What the search for scoring faces reads: the table's options, where every player and
    the ball stand, and whose turn it is (the roll and the score it does not read)."""
    return state.options, state.positions, state.ball, state.to_move


def chance_outcomes(state: GoldenGoalState, action: Any) -> list[tuple[Roll, Fraction]] | None:
    """A turn's roll: each face of the die, one in six."""
    if not isinstance(action, Roll) or action.dice is None or state.phase != "roll":
        return None
    return [(Roll((face,)), Fraction(1, len(FACES))) for face in FACES]


def decision_options(state: GoldenGoalState, action: Any) -> tuple[str, list[Play]] | None:
    """A turn's play, against the legal plays with the face rolled that can be the best:
    every other is worth no more than one of these (see the module)."""
    if not isinstance(action, Play) or state.phase != "play" or state.roll is None:
        return None
    return SIDES[state.to_move], _contenders(state, action)


def _contenders(state: GoldenGoalState, action: Play) -> list[Play]:
    """The play made and the legal plays that may be worth more: a goal is worth a goal
    more than the score, a play that does not score the score less the opponent's chance
    to score on his turn (so at most the score), an own goal a goal less."""
    side, roll = SIDES[state.to_move], state.roll
    if roll in scoring_faces(state):
        return [action, *(turn.play for turn in legal_turns(state, roll, goals_only=True))]
    best = equity(state.apply(action))[side]
    orange, blue = state.score
    ahead = Fraction(orange - blue if state.to_move == rules.TEAMS[0] else blue - orange)
    if best >= ahead:
        return [action]
    turns = legal_turns(state, roll)
    contenders = [action, *(turn.play for turn in turns if turn.net is not None)]
    plain = [turn for turn in turns if turn.net is None]
    if not plain:
        return contenders
    template = state.apply(plain[0].play)
    if template.phase != "roll" or template.to_move != other(state.to_move):
        return [*contenders, plain[0].play]  # the match ends after any of them: all alike
    best_play = None
    for turn in plain:
        # The fewest of the opponent's faces that leave this play no better than the best.
        enough = next((n for n in range(len(FACES) + 1)
                       if ahead - Fraction(n, len(FACES)) <= best), len(FACES) + 1)
        if not enough:
            break  # no play that does not score is worth more
        after = _after(state, template, turn)
        key = _key(after)
        faces = FACES_FOUND.peek(key)
        if faces is None:
            faces = scoring_rolls(after, FACES, enough)
            if len(faces) < enough:  # the search went to its end: the faces are all found
                FACES_FOUND.keep(key, faces)
        if len(faces) < enough:
            best, best_play = ahead - Fraction(len(faces), len(FACES)), turn.play
    return contenders if best_play is None else [*contenders, best_play]


def _after(state: GoldenGoalState, template: GoldenGoalState,
           turn: Outcome) -> GoldenGoalState:
    """The position after a turn that does not score, as `state.apply` leaves it (the
    match, the score and whose turn alike for all of them: `template` is one)."""
    where = {**state.where, turn.play.player: turn.square}
    return replace(template, positions=sorted_positions(tuple(where.items())),
                   ball=turn.ball, last_event=None)
