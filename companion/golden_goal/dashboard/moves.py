"""What the engine allows now, kept for the state it was computed for (no Panel).

`legal_turns` and `scoring_lines` are the slow part of a redraw: a tap that only changes
the highlights reuses them.
"""

from __future__ import annotations

from companion.golden_goal.actions import Kick
from companion.golden_goal.drawing import Target, net_key
from companion.golden_goal.engine import PLAYERS, GoldenGoalState
from companion.golden_goal.kicks import team_of
from companion.golden_goal.odds import ScoringLine, scoring_lines
from companion.golden_goal.turns import Outcome, other


class Moves:
    """The turns with this roll and the ways to score with it, one state at a time."""

    def __init__(self) -> None:
        self._turns: tuple[GoldenGoalState | None, list[Outcome]] = (None, [])
        self._lines: tuple[GoldenGoalState | None, list[ScoringLine]] = (None, [])

    def outcomes(self, state: GoldenGoalState) -> list[Outcome]:
        """Every legal turn with the roll, while playing; none otherwise."""
        if self._turns[0] is not state:
            self._turns = (state, state.legal_turns(state.roll) if state.phase == "play"
                           else [])
        return self._turns[1]

    def scoring_lines(self, state: GoldenGoalState) -> list[ScoringLine]:
        """The ways to score with the roll, while playing; none otherwise."""
        if self._lines[0] is not state:  # from the turns listed for the field (listed once)
            self._lines = (state, scoring_lines(state, state.roll, self.outcomes(state))
                           if state.phase == "play" else [])
        return self._lines[1]


def kicks_of(outcomes: list[Outcome], player: str) -> list[Outcome]:
    """The player's turns that kick the ball."""
    return [o for o in outcomes if o.play.player == player and o.play.kicks]


def kick_ends(state: GoldenGoalState) -> dict[Target, Kick]:
    """A kickoff or restart kick by where the ball stops (a net when it scores)."""
    ends = {}
    for action in state.legal_actions():
        if isinstance(action, Kick):
            after = state.apply(action)
            ends[after.ball if after.ball is not None else net_key(other(state.to_move))] = \
                action
    return ends


def players_left(state: GoldenGoalState) -> list[str]:
    """Set-up: the players of the team on turn not yet on the field."""
    return [p for p in PLAYERS if team_of(p) == state.to_move and p not in state.where]
