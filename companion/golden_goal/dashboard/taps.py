"""What a tap on the field means, phase by phase, and which targets may be tapped now.

Set-up: a square places the player offered. Restart: a square in front of the net takes
the keeper and the ball. Kickoff and restart kick: where the ball stops. Play: tap the
player, then where he ends or the ball; then where the ball stops (a net to score); then,
after a kick from in front of a net, where he is put. A complete choice becomes the
dashboard's `plan`, played by "Play it".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.golden_goal.actions import Place, PlaceKeeper
from companion.golden_goal.dashboard.moves import kick_ends, kicks_of, players_left
from companion.golden_goal.dashboard.words import ball_key
from companion.golden_goal.drawing import Target
from companion.golden_goal.engine import GoldenGoalState
from companion.golden_goal.kicks import team_of
from companion.golden_goal.turns import Outcome, moves_for

if TYPE_CHECKING:
    from companion.golden_goal.dashboard.main import GoldenGoalDashboard


class Taps:
    """The field's taps for one dashboard: they change its `chosen`, `kicking`,
    `ball_pick` and `plan`, or act, or say in `message` why nothing happened."""

    def __init__(self, board: GoldenGoalDashboard) -> None:
        self.board = board

    def tap(self, target: Target) -> None:
        """A tap on the field: what it means depends on the phase and what was tapped."""
        board = self.board
        state = board.session.state
        handler = {"setup": self._setup, "restart": self._restart,
                   "kickoff": self._kick, "restart kick": self._kick,
                   "play": self._play}.get(state.phase)
        if handler is None or board.bot_to_move():
            board.message = f"Nothing to tap on the field now: {board.waiting()}."
            return
        handler(state, target)

    def setup_player(self) -> str:
        """The player placed by a tap: the one chosen, else the first still to place."""
        left = players_left(self.board.session.state)
        chosen = self.board.chosen
        return chosen if chosen in left else (left[0] if left else "")

    def targets(self, state: GoldenGoalState) -> frozenset[Target]:
        """The squares (and nets) a tap may choose now: highlighted, and named buttons."""
        if self.board.bot_to_move():
            return frozenset()
        if state.phase == "setup":
            player = self.setup_player()
            return frozenset(a.square for a in state.legal_actions() if a.player == player)
        if state.phase == "restart":
            return frozenset(a.square for a in state.legal_actions())
        if state.phase in ("kickoff", "restart kick"):
            return frozenset(kick_ends(state))
        if state.phase != "play":
            return frozenset()
        return self._play_targets(state, self.board.moves.outcomes(state))

    def _play_targets(self, state: GoldenGoalState, outcomes: list[Outcome]) -> frozenset:
        board = self.board
        movers = {state.where[o.play.player] for o in outcomes}
        if not board.chosen:
            return frozenset(movers)
        kicks = kicks_of(outcomes, board.chosen)
        if board.ball_pick is not None:
            return frozenset(o.square for o in kicks if ball_key(o) == board.ball_pick)
        if board.kicking:
            return frozenset(ball_key(o) for o in kicks)
        ends = {o.square for o in outcomes if o.play.player == board.chosen and not o.play.kicks}
        if kicks:
            ends.add(state.ball)
        return frozenset(ends | (movers - {state.where[board.chosen]}))

    # Phase by phase.

    def _setup(self, state: GoldenGoalState, target: Target) -> None:
        if isinstance(target, str):
            self.board.message = "Players are placed on the field, not in a net."
            return
        self.board.human(Place(self.setup_player(), target))

    def _restart(self, state: GoldenGoalState, target: Target) -> None:
        if isinstance(target, str):
            self.board.message = f"Tap a square in front of {state.to_move}'s net."
            return
        self.board.human(PlaceKeeper(target))

    def _kick(self, state: GoldenGoalState, target: Target) -> None:
        ends = kick_ends(state)
        if target not in ends:
            self.board.message = "The ball cannot stop there: tap a highlighted square."
            return
        self.board.message = ""
        self.board.plan = ends[target]

    def _play(self, state: GoldenGoalState, target: Target) -> None:
        board = self.board
        board.message = ""
        outcomes = board.moves.outcomes(state)
        player = state.occupant.get(target) if not isinstance(target, str) else None
        if player is not None and team_of(player) == state.to_move and player != board.chosen:
            if not moves_for(outcomes, player):
                board.message = f"{player} has no legal move with this roll."
                return
            board.param.update(chosen=player, kicking=False, ball_pick=None, plan=None)
            return
        if not board.chosen:
            board.message = f"First tap one of {state.to_move}'s players (highlighted)."
            return
        if board.ball_pick is not None:
            self._pick_placement(outcomes, target)
        elif board.kicking:
            self._pick_ball_end(outcomes, target)
        else:
            self._pick_move(state, outcomes, target)

    def _pick_move(self, state: GoldenGoalState, outcomes: list[Outcome],
                   target: Target) -> None:
        board = self.board
        if target == state.ball and kicks_of(outcomes, board.chosen):
            board.param.update(kicking=True, plan=None)
            return
        ends = {o.square: o for o in outcomes
                if o.play.player == board.chosen and not o.play.kicks}
        if target not in ends:
            board.message = f"{board.chosen} cannot end there with a {state.roll}: tap a " \
                "highlighted square."
            return
        board.plan = ends[target]

    def _pick_ball_end(self, outcomes: list[Outcome], target: Target) -> None:
        board = self.board
        matching = [o for o in kicks_of(outcomes, board.chosen) if ball_key(o) == target]
        if not matching:
            board.message = "The ball cannot end there: tap a highlighted square or net."
        elif len({o.square for o in matching}) == 1:
            board.plan = matching[0]
        else:
            board.param.update(ball_pick=target, plan=None)

    def _pick_placement(self, outcomes: list[Outcome], target: Target) -> None:
        board = self.board
        matching = [o for o in kicks_of(outcomes, board.chosen)
                    if ball_key(o) == board.ball_pick and o.square == target]
        if not matching:
            board.message = f"Put {board.chosen} on a highlighted square beside the net."
            return
        board.plan = matching[0]
