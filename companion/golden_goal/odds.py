"""Exact scoring chances: this turn, with a given roll, and the opponent's after a plan.

All chances are exact Fractions over the six faces of the die: a face counts when
some legal turn with that roll puts the ball into the opponent's net.

>>> from companion.golden_goal.engine import GoldenGoalState
>>> p_score_this_turn(GoldenGoalState())  # before the kickoff nobody can score
Fraction(0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from companion.core.dice import percent
from companion.golden_goal import rules
from companion.golden_goal.board import STEPS, Square
from companion.golden_goal.engine import GoldenGoalState, describe_chain
from companion.golden_goal.kicks import Table, play_chain
from companion.golden_goal.turns import Outcome, legal_turns, other, scoring_rolls

FACES = tuple(rules.DIE_FACES)
_TURN_PHASES = ("roll", "play")


def scoring_faces(state: GoldenGoalState) -> tuple[int, ...]:
    """The die faces with which the team on turn can score this turn (none outside a turn)."""
    if state.phase not in _TURN_PHASES or state.ball is None:
        return ()
    return scoring_rolls(state, FACES)


def p_score_this_turn(state: GoldenGoalState) -> Fraction:
    """The chance the team on turn scores this turn, playing its roll as well as it can."""
    return Fraction(len(scoring_faces(state)), len(FACES))


def score_hint(state: GoldenGoalState) -> str:
    """'you can score with a 3, 5 or 6 (50%)', or that no roll scores."""
    return faces_hint(scoring_faces(state))


def faces_hint(faces: tuple[int, ...]) -> str:
    """`score_hint` from the scoring faces already found (the search is the costly part)."""
    if not faces:
        return "no roll scores this turn"
    listed = ", ".join(map(str, faces[:-1])) + (" or " if len(faces) > 1 else "") + \
        str(faces[-1])
    return f"you can score with a {listed} ({percent(Fraction(len(faces), len(FACES)))})"


@dataclass(frozen=True)
class ScoringLine:
    """One way to score with a roll: who moves, his steps, and the ball's squares."""

    outcome: Outcome
    mover_path: tuple[Square, ...]  # squares the mover steps on, in order
    ball_path: tuple[Square, ...]  # squares the ball enters, passes included
    text: str


def scoring_lines(state: GoldenGoalState, roll: int,
                  turns: list[Outcome] | None = None) -> list[ScoringLine]:
    """The distinct ways the team on turn scores with `roll`, with squares to draw; from
    `turns`, the legal turns with `roll`, when they are listed already."""
    if state.phase not in _TURN_PHASES or state.ball is None:
        return []
    turns = legal_turns(state, roll) if turns is None else turns
    goals = [o for o in turns if o.net == other(state.to_move)]
    return [turn_line(state, roll, outcome) for outcome in goals]


def turn_line(state: GoldenGoalState, roll: int, outcome: Outcome) -> ScoringLine:
    """Any legal turn as squares to draw: the mover's steps and the ball's path (empty
    when the mover does not reach the ball)."""
    play = outcome.play
    steps, square = [], state.where[play.player]
    for step in play.path:
        square = (square[0] + STEPS[step][0], square[1] + STEPS[step][1])
        steps.append(square)
    moves = f"{play.player} moves {', '.join(play.path)}"
    if not play.kicks:
        return ScoringLine(outcome, tuple(steps), (), moves)
    others = {sq: p for p, sq in state.where.items() if p != play.player}
    table = Table.of(state.options, {**others, state.ball: play.player}, state.to_move)
    chain = play_chain(table, play.player, state.ball, roll - len(play.path),
                       rules.FREE_SPACE, play.kicks, play.placed)
    text = f"{moves}; {describe_chain(state.field, chain, play.kicks)}"
    return ScoringLine(outcome, tuple(steps), chain.path, text)


def after_turn(state: GoldenGoalState, outcome: Outcome) -> GoldenGoalState:
    """The position after `outcome`, with the opponent about to roll (no event text)."""
    where = {**state.where, outcome.play.player: outcome.square}
    positions = tuple((p, where[p]) for p, _ in state.positions)
    return replace(state, positions=positions, ball=outcome.ball, phase="roll",
                   to_move=other(state.to_move), roll=None, last_event=None)


def opponent_chance_after(state: GoldenGoalState, outcome: Outcome) -> Fraction:
    """The chance the opponent scores on their next turn if this turn ends as `outcome`.

    A goal leaves them no next turn from this position, so it counts 0; a goal into
    one's own net (HOUSE RULE own_goals) is theirs already, so it counts 1.
    """
    if outcome.net == state.to_move:
        return Fraction(1)
    if outcome.scored:
        return Fraction(0)
    return p_score_this_turn(after_turn(state, outcome))
