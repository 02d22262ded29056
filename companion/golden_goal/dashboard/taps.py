"""What a tap on the field means, phase by phase, and which targets may be tapped now.

Set-up: a square places the player offered. Restart: a square in front of the net takes
the keeper and the ball. Kickoff and restart kick: where the ball stops. Play: tap the
player, then where he ends or the ball; then where the ball stops (a net to score); then,
after a kick from in front of a net, where he is put. A complete choice becomes the
`plan` of the picks (`parts.Picks`), played by "Play it".
"""

from __future__ import annotations

from companion.golden_goal.actions import Place, PlaceKeeper
from companion.golden_goal.dashboard.moves import kick_ends, kicks_of, players_left
from companion.golden_goal.dashboard.parts import Hooks
from companion.golden_goal.dashboard.words import ball_key
from companion.golden_goal.drawing import Target
from companion.golden_goal.engine import GoldenGoalState
from companion.golden_goal.kicks import team_of
from companion.golden_goal.turns import Outcome, moves_for


class Taps:
    """The field's taps for one page: they change its picks (`chosen`, `kicking`,
    `ball_pick` and `plan`), or act, or say why nothing happened."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks

    def tap(self, target: Target) -> None:
        """A tap on the field: what it means depends on the phase and what was tapped."""
        hooks = self.hooks
        state = hooks.state()
        handler = {"setup": self._setup, "restart": self._restart,
                   "kickoff": self._kick, "restart kick": self._kick,
                   "play": self._play}.get(state.phase)
        if handler is None or hooks.bot_to_move():
            hooks.say(f"Nothing to tap on the field now: {hooks.waiting()}.")
            return
        handler(state, target)

    def setup_player(self) -> str:
        """The player placed by a tap: the one chosen, else the first still to place."""
        left = players_left(self.hooks.state())
        chosen = self.hooks.picks().chosen
        return chosen if chosen in left else (left[0] if left else "")

    def targets(self, state: GoldenGoalState) -> frozenset[Target]:
        """The squares (and nets) a tap may choose now: highlighted, and named buttons."""
        if self.hooks.bot_to_move():
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
        return self._play_targets(state, self.hooks.moves.outcomes(state))

    def _play_targets(self, state: GoldenGoalState, outcomes: list[Outcome]) -> frozenset:
        picks = self.hooks.picks()
        movers = {state.where[o.play.player] for o in outcomes}
        if not picks.chosen:
            return frozenset(movers)
        kicks = kicks_of(outcomes, picks.chosen)
        if picks.ball_pick is not None:
            return frozenset(o.square for o in kicks if ball_key(o) == picks.ball_pick)
        if picks.kicking:
            return frozenset(ball_key(o) for o in kicks)
        ends = {o.square for o in outcomes if o.play.player == picks.chosen and not o.play.kicks}
        if kicks:
            ends.add(state.ball)
        return frozenset(ends | (movers - {state.where[picks.chosen]}))

    # Phase by phase.

    def _setup(self, state: GoldenGoalState, target: Target) -> None:
        if isinstance(target, str):
            self.hooks.say("Players are placed on the field, not in a net.")
            return
        self.hooks.human(Place(self.setup_player(), target))

    def _restart(self, state: GoldenGoalState, target: Target) -> None:
        if isinstance(target, str):
            self.hooks.say(f"Tap a square in front of {state.to_move}'s net.")
            return
        self.hooks.human(PlaceKeeper(target))

    def _kick(self, state: GoldenGoalState, target: Target) -> None:
        ends = kick_ends(state)
        if target not in ends:
            self.hooks.say("The ball cannot stop there: tap a highlighted square.")
            return
        self.hooks.say("")
        self.hooks.pick(plan=ends[target])

    def _play(self, state: GoldenGoalState, target: Target) -> None:
        hooks = self.hooks
        hooks.say("")
        picks, outcomes = hooks.picks(), hooks.moves.outcomes(state)
        player = state.occupant.get(target) if not isinstance(target, str) else None
        if player is not None and team_of(player) == state.to_move and player != picks.chosen:
            if not moves_for(outcomes, player):
                hooks.say(f"{player} has no legal move with this roll.")
                return
            hooks.pick(chosen=player, kicking=False, ball_pick=None, plan=None)
            return
        if not picks.chosen:
            hooks.say(f"First tap one of {state.to_move}'s players (highlighted).")
            return
        if picks.ball_pick is not None:
            self._pick_placement(outcomes, target)
        elif picks.kicking:
            self._pick_ball_end(outcomes, target)
        else:
            self._pick_move(state, outcomes, target)

    def _pick_move(self, state: GoldenGoalState, outcomes: list[Outcome],
                   target: Target) -> None:
        hooks, picks = self.hooks, self.hooks.picks()
        if target == state.ball and kicks_of(outcomes, picks.chosen):
            hooks.pick(kicking=True, plan=None)
            return
        ends = {o.square: o for o in outcomes
                if o.play.player == picks.chosen and not o.play.kicks}
        if target not in ends:
            hooks.say(f"{picks.chosen} cannot end there with a {state.roll}: tap a "
                      "highlighted square.")
            return
        hooks.pick(plan=ends[target])

    def _pick_ball_end(self, outcomes: list[Outcome], target: Target) -> None:
        hooks, picks = self.hooks, self.hooks.picks()
        matching = [o for o in kicks_of(outcomes, picks.chosen) if ball_key(o) == target]
        if not matching:
            hooks.say("The ball cannot end there: tap a highlighted square or net.")
        elif len({o.square for o in matching}) == 1:
            hooks.pick(plan=matching[0])
        else:
            hooks.pick(ball_pick=target, plan=None)

    def _pick_placement(self, outcomes: list[Outcome], target: Target) -> None:
        hooks, picks = self.hooks, self.hooks.picks()
        matching = [o for o in kicks_of(outcomes, picks.chosen)
                    if ball_key(o) == picks.ball_pick and o.square == target]
        if not matching:
            hooks.say(f"Put {picks.chosen} on a highlighted square beside the net.")
            return
        hooks.pick(plan=matching[0])
