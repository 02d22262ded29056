"""Bots for both sides (map mode), and the bot-against-bot whole-game hint.

`enemy_bot(state)` and `bond_bot(state)` are pure functions: the action the side
would take now, with ``dice=None`` (the caller or a Session rolls). They are
simple, readable heuristics, not strong play:

- Enemy: hides the cards where the Session's seeded randomness draws them (Tilly
  likelier far from the gates, `hiding`), a new place every game; answers a
  face-down card's reveal only with the card it placed; each car moves to the
  reachable Space with the best shot at Bond and fires, else chases him (or,
  once he has Tilly, heads for the gate nearest him); closest cars move first;
  a car that ends in Bond's Space Forces him.
- Bond: ejects the guard on turn 1; drives to the nearest star that still has a
  card and picks it up; with Tilly, drives to the nearest gate and breaks it;
  drops oil or smoke on cars behind him; fires at cars ahead when the odds are
  at least 1 in 3; Tricks past a piece in his way.

`estimate_bond_win(state, games, seed)` plays seeded bot-against-bot games
from `state` and returns the share Bond wins with a 95% margin.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import deque
from dataclasses import dataclass
from typing import Any

from companion.core.errors import CompanionError, InputError, shown
from companion.goldfinger import engine as e
from companion.goldfinger import rules
from companion.goldfinger.board import Board, Heading
from companion.goldfinger.fire_odds import enemy_shot_count
from companion.goldfinger.odds import success_chance

BOND = rules.BOND
FIRE_AT_LEAST = 1 / 3  # Bond fires only when a hit is this likely
MAX_ACTIONS_PER_GAME = 4000  # a safety stop for playouts; a game needs a few hundred


def _board(state: e.GoldfingerState) -> Board:
    if state.board is None:
        raise InputError("the bots need map mode (a board): they plan paths on it")
    return state.board


def bot_action(state: e.GoldfingerState) -> Any:
    """The action of whichever side decides now."""
    return bond_bot(state) if state.side_to_act == BOND else enemy_bot(state)


# Paths.


def _first_steps(board: Board, space: str, heading: Heading, targets: set[str],
                 blocked: set[str]) -> tuple[str, int] | None:
    """The first forward move on a shortest path to any target (not through blocked
    Spaces), and the path's length; None when no target can be reached going forward."""
    if space in targets:
        return None
    queue = deque([(space, heading, None, 0)])
    seen = {(space, heading)}
    while queue:
        here, facing, first, moves = queue.popleft()
        for nxt in board.forward(here, facing):
            if nxt in blocked and nxt not in targets:
                continue
            step = first or nxt
            if nxt in targets:
                return step, moves + 1
            state = (nxt, board.heading(here, nxt))
            if state not in seen and nxt not in blocked:
                seen.add(state)
                queue.append((*state, step, moves + 1))
    return None


def _reachable(board: Board, space: str, heading: Heading, moves: int, blocked: set[str]
               ) -> dict[str, tuple[str | None, Heading]]:
    """Spaces within `moves` forward moves -> (first move to get there, heading there)."""
    found: dict[str, tuple[str | None, Heading]] = {space: (None, heading)}
    frontier = [(space, heading, None)]
    for _ in range(moves):
        nxt_frontier = []
        for here, facing, first in frontier:
            for nxt in board.forward(here, facing):
                if nxt in blocked or nxt in found:
                    continue
                found[nxt] = (first or nxt, board.heading(here, nxt))
                nxt_frontier.append((nxt, board.heading(here, nxt), first or nxt))
        frontier = nxt_frontier
    return found


# Enemy.


def enemy_bot(state: e.GoldfingerState) -> Any:
    """The Enemy player's action now (map mode)."""
    board = _board(state)
    if state.phase == "cards":
        return _place_cards(state, board)
    if state.pending is not None:
        return _settle(state)
    if state.step is None:
        return e.StartTurn(_next_car(state, board))
    return _drive_car(state, board)


def _place_cards(state: e.GoldfingerState, board: Board) -> e.PlaceCards:
    """Set Up: no stars named, so the Session draws the placement (see `hiding`)."""
    return e.PlaceCards()


def _distance(board: Board, a: str, b: str) -> int:
    between = board.spaces_between(a, b)
    return 10_000 if between is None else between + 1


def _settle(state: e.GoldfingerState) -> Any:
    """The Enemy's answers: the Avoid rolls, and the card Bond turned over."""
    pending = state.pending
    if pending.kind == "avoid_oil":
        return e.AvoidOil(pending.cars[0])
    if pending.kind == "avoid_smoke":
        return e.AvoidSmoke(pending.cars[0])
    # Card Pick Up: "he turns the card over": the card is the one the Enemy placed there.
    card = dict(state.cards).get(pending.star)
    if pending.kind != "reveal" or card is None:
        raise InputError("the cards lie face down: the Enemy player says which card Bond "
                         "turned over")
    return e.RevealCard(card)


def _next_car(state: e.GoldfingerState, board: Board) -> str:
    if BOND not in state.done:
        return BOND
    bond = state.piece(BOND).space
    waiting = [c for c in state.live_cars() if c not in state.done]
    return min(waiting, key=lambda c: (_distance(board, state.piece(c).space, bond), c))


def _drive_car(state: e.GoldfingerState, board: Board) -> Any:
    step, car = state.step, state.piece(state.step.piece)
    if step.contest:
        return _contest(state, e.Force(BOND) if step.contest == BOND else None, step.contest)
    can_fire = "fire" not in step.used and state.actions_left() > 0
    if step.fire_only:
        return _fire_or_end(state, e.Fire(BOND)) if can_fire else e.EndMove()
    blocked = set(state.occupied()) - {car.space}
    if can_fire:
        spots = _reachable(board, car.space, car.heading, step.left, blocked)
        shots = {spot: enemy_shot_count(state, spot) for spot in spots}
        best = max(spots, key=lambda s: (shots[s], s == car.space))
        if shots[best] > 0:
            if best == car.space:
                return _fire_or_end(state, e.Fire(BOND))
            return e.Move(to=spots[best][0])
    return _chase(state, board, car, blocked)


def _chase(state: e.GoldfingerState, board: Board, car: e.Piece, blocked: set[str]) -> Any:
    step = state.step
    bond = state.piece(BOND).space
    goals = {bond} if not state.has_tilly else {min(board.gates, key=lambda g: (
        _distance(board, bond, g), g))}
    if step.left > 0:
        route = _first_steps(board, car.space, car.heading, goals, blocked - {bond})
        if route is not None and _allowed(state, e.Move(to=route[0])):
            return e.Move(to=route[0])
        if route is None and "double_back" not in step.used and state.actions_left() > 0:
            return e.DoubleBack()
    return e.EndMove()


def _contest(state: e.GoldfingerState, preferred: Any, target: str) -> Any:
    for action in (preferred, e.Trick(target), e.Force(target)):
        if action is not None and _allowed(state, action):
            return action
    return e.EndMove()  # unreachable: the engine lets a piece in only if it can Force or Trick


def _fire_or_end(state: e.GoldfingerState, fire: e.Fire) -> Any:
    return fire if _allowed(state, fire) else e.EndMove()


def _allowed(state: e.GoldfingerState, action: Any) -> bool:
    from companion.goldfinger.legal import allowed

    return allowed(state, action)


# Bond.


def bond_bot(state: e.GoldfingerState) -> Any:
    """The Bond player's action now (map mode)."""
    board = _board(state)
    if state.phase == "bond":
        return _place_bond(state, board)
    if state.pending is not None:
        if state.pending.kind != "card_roll":  # a reveal or an Avoid roll is the Enemy's
            raise InputError("the Enemy player settles this, not the Bond player")
        return e.CardRoll()
    if state.step is None:
        return e.StartTurn(BOND)
    return _drive_bond(state, board)


def _place_bond(state: e.GoldfingerState, board: Board) -> e.PlaceBond:
    cars = [state.piece(c).space for c in state.live_cars()]
    taken = state.occupied()
    free = [star for star, _ in state.cards if star not in taken] or \
        [space for space in board.spaces if space not in taken]
    best = max(free, key=lambda s: (min(_distance(board, s, c) for c in cars), s))
    return e.PlaceBond(best, sorted(board.graph[best])[0])


def _drive_bond(state: e.GoldfingerState, board: Board) -> Any:
    step, bond = state.step, state.piece(BOND)
    if step.contest:
        return _contest(state, e.Trick(step.contest), step.contest)
    for choice in (_eject, _pick_up, _escape, _release, _fire_ahead):
        action = choice(state, board)
        if action is not None and _allowed(state, action):
            return action
    if step.fire_only or step.left < 1:
        return e.EndMove()
    return _drive_to_goal(state, board, bond)


def _eject(state: e.GoldfingerState, board: Board) -> Any:
    return e.EjectGuard() if state.guard and state.step.spent == 0 else None


def _pick_up(state: e.GoldfingerState, board: Board) -> Any:
    here = state.piece(BOND).space
    return e.PickUpCard(here) if here in dict(state.cards) else None


def _escape(state: e.GoldfingerState, board: Board) -> Any:
    here = state.piece(BOND).space
    return e.BreakGate() if state.has_tilly and here in board.gates else None


def _release(state: e.GoldfingerState, board: Board) -> Any:
    bond = state.piece(BOND)
    behind = board.behind(bond.space, bond.heading, max(rules.SMOKE_BEHIND))
    caught = {behind.get(state.piece(c).space) for c in state.live_cars()}
    if not state.oil_used and caught & set(rules.OIL_BEHIND):
        return e.OilSlick()
    if not state.smoke_used and caught & set(rules.SMOKE_BEHIND):
        return e.SmokeScreen()
    return None


def _fire_ahead(state: e.GoldfingerState, board: Board) -> Any:
    bond = state.piece(BOND)
    for car in state.live_cars():
        between = board.line_of_fire(bond.space, state.piece(car).space, bond.heading)
        if between is not None and success_chance(
                "bond", "fire", guard=state.guard, spaces_between=between) >= FIRE_AT_LEAST:
            return e.Fire(car)
    return None


def _drive_to_goal(state: e.GoldfingerState, board: Board, bond: e.Piece) -> Any:
    goals = set(board.gates) if state.has_tilly else {star for star, _ in state.cards}
    blocked = set(state.occupied()) - {bond.space}
    route = _first_steps(board, bond.space, bond.heading, goals, blocked - goals)
    if route is not None and route[0] in blocked and not _allowed(state, e.Move(to=route[0])):
        route = None
    if route is not None:
        return e.Move(to=route[0])
    if "double_back" not in state.step.used and state.actions_left() > 0:
        return e.DoubleBack()
    return e.EndMove()


# Whole games.


@dataclass(frozen=True)
class WinEstimate:
    """Bond's share of bot-against-bot games, with the 95% Wilson interval half-width."""

    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def margin(self) -> float:
        low, high = self.interval
        return (high - low) / 2

    @property
    def interval(self) -> tuple[float, float]:
        z, n, p = 1.96, self.games, self.rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def __str__(self) -> str:
        low, high = self.interval
        # One range, the interval's: a "±" beside it said another (it is not symmetric).
        return (f"Bond wins {self.rate:.0%} of {self.games} bot games from here: his chance "
                f"is between {low:.0%} and {high:.0%} (95% sure)")


def play_out(state: e.GoldfingerState, rng: random.Random) -> e.GoldfingerState:
    """Play bot against bot to the end, rolling every die with `rng`."""
    for _ in range(MAX_ACTIONS_PER_GAME):
        if state.is_over:
            return state
        action = state.fill_chance(bot_action(state), rng)
        try:
            state = state.apply(action)
        except CompanionError:  # a bot's slip: fall back on the first listed action
            fallback = (state.legal_actions() or [e.EndMove()])[0]
            state = state.apply(state.fill_chance(fallback, rng))
    return state


def estimate_bond_win(state: e.GoldfingerState, games: int = 100, seed: int = 0
                      ) -> WinEstimate:
    """Play `games` seeded bot-against-bot games from `state`; Bond's share of wins.

    An estimate, not an exact chance: the margin is the 95% interval's half-width
    (about 0.1 at 100 games). Face-down cards are dealt at random for each game.
    """
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 10_000:
        raise InputError(f"games must be 1 to 10000, got {shown(games, 20)}")
    _board(state)
    rng = random.Random(seed)
    wins = 0
    for _ in range(games):
        final = play_out(_deal(state, rng), rng)
        wins += final.winner == BOND
    return WinEstimate(wins, games)


def _deal(state: e.GoldfingerState, rng: random.Random) -> e.GoldfingerState:
    """Face-down cards get faces: a random order of the cards not yet found."""
    if all(card is not None for _, card in state.cards):
        return state
    seen = {card for _, card in state.found}
    unseen = [c for c in rules.CARD_NAMES if c not in seen]
    rng.shuffle(unseen)
    dealt = tuple((star, unseen[i]) for i, (star, _) in enumerate(state.cards))
    return dataclasses.replace(state, cards=dealt)
