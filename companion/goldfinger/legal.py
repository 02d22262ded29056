"""The actions allowed now: candidates, kept only where the engine accepts them.

Each candidate is tried against the state's `apply` (with placeholder dice
where dice are needed), so the list can never disagree with the rules: the
engine is the single source of truth. Listed actions carry ``dice=None``.

Tracker mode lists templates where the players must fill in what the app cannot
know: `Fire(target, spaces_between=0)` (set the real distance), `OilSlick(cars)`
and `SmokeScreen(cars)` for every set of cars. Card placement is not listed
(too many ways): `legal_actions()` returns None while the cards are to be placed.

Those sets are tried as one (`AllowedAlike`): the engine reads a tracker release's cars only
to check that each is a car still running (`firing`'s Oil Slick and Smoke Screen), so every
set of the running cars is allowed exactly when the empty one is. Tried one by one they
were half the trials of a tracker tap in Bond's step and a third of its legal actions' time
(0.8 -> 0.5 ms); `tests/goldfinger/test_legal.py` checks every set against the engine over
random games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from companion.core.errors import CompanionError
from companion.core.game import GameState
from companion.core.records import evolve
from companion.goldfinger import actions as e
from companion.goldfinger.rules import BOND, CARD_NAMES, PIECES

_TRIAL_DICE = (1, 1)


@dataclass(frozen=True)
class AllowedAlike:
    """Candidates the engine allows or refuses together: the first is tried for all."""

    actions: tuple[Any, ...]


def legal_actions(state: GameState) -> list[Any] | None:
    if state.phase == "over":
        return []
    if state.phase == "cards":
        return None
    found: list[Any] = []
    for candidate in _candidates(state):
        if isinstance(candidate, AllowedAlike):
            if allowed(state, candidate.actions[0]):
                found += candidate.actions
        elif allowed(state, candidate):
            found.append(candidate)
    return found


def allowed(state: GameState, action: Any) -> bool:
    """Whether the engine accepts `action` now (dice filled in with a placeholder)."""
    if getattr(action, "dice", ()) is None and state.dice_needed(action):
        action = evolve(action, dice=_TRIAL_DICE)
    if isinstance(action, e.PlaceCards) and action.stars is None:
        action = state.fill_chance(action, random.Random(0))
    try:
        state.apply(action)
    except CompanionError:
        return False
    return True


def _candidates(state: GameState) -> list[Any]:
    if state.phase == "bond":
        return _setup(state)
    if state.pending is not None:
        return _pending(state)
    if state.step is None:
        return [e.StartTurn(piece) for piece in PIECES]
    return _in_step(state)


def _setup(state: GameState) -> list[Any]:
    board = state.board
    if board is None:
        return [e.PlaceBond()]
    aims = [e.AimCar(car, to) for car in state.live_cars()
            for to in sorted(board.graph[state.piece(car).space])]
    places = [e.PlaceBond(space, to) for space in board.spaces for to in sorted(board.graph[space])]
    return aims + places


def _pending(state: GameState) -> list[Any]:
    pending = state.pending
    if pending.kind == "reveal":
        return [e.RevealCard(card) for card in CARD_NAMES]
    if pending.kind == "card_roll":
        return [e.CardRoll()]
    kind = e.AvoidOil if pending.kind == "avoid_oil" else e.AvoidSmoke
    return [kind(car) for car in pending.cars]


def _in_step(state: GameState) -> list[Any]:
    mover = state.step.piece
    others = [p for p in PIECES if p != mover]
    found: list[Any] = [*_moves(state), e.DoubleBack(), e.BreakGate(), e.EjectGuard(),
                        e.RaiseScreen()]
    found += [e.Trick(t) for t in others] + [e.Force(t) for t in others]
    found += _quick_turns(state) + _fires(state, others) + _releases(state)
    found += [e.PickUpCard(star) for star, _ in state.cards]
    return [*found, e.EndMove()]


def _moves(state: GameState) -> list[Any]:
    piece = state.piece(state.step.piece)
    if state.board is None:
        return [e.Move(spaces=n) for n in range(1, state.step.left + 1)]
    if piece.space is None:
        return []
    return [e.Move(to=to) for to in state.board.forward(piece.space, piece.heading)]


def _quick_turns(state: GameState) -> list[Any]:
    piece = state.piece(state.step.piece)
    if state.board is None:
        return [e.QuickTurn()]
    if piece.space is None:
        return []
    arrows = state.board.quick_turns_from(piece.space, piece.heading)
    return [e.QuickTurn(to=arrow.to) for arrow in arrows]


def _fires(state: GameState, others: list[str]) -> list[Any]:
    if state.board is not None:
        return [e.Fire(t) for t in others]
    fires = [e.Fire(t, spaces_between=0) for t in others]
    if state.step.piece != BOND:
        fires.append(e.Fire(BOND, spaces_between=0, from_rear=True))
    return fires


def _releases(state: GameState) -> list[Any]:
    if state.board is not None:
        return [e.OilSlick(), e.SmokeScreen()]
    cars = state.live_cars()
    sets = [combo for n in range(len(cars) + 1) for combo in combinations(cars, n)]
    return [AllowedAlike(tuple(kind(combo) for combo in sets))
            for kind in (e.OilSlick, e.SmokeScreen)]


def label(action: Any) -> str:
    """A button's words for a listed action: 'Fire at car B', 'Move to x6y4', 'End move'."""
    kind = type(action).__name__
    words = {
        "StartTurn": lambda a: "Roll movement for Bond" if a.piece == BOND
        else f"Move car {a.piece}",
        "Move": lambda a: f"Move to {a.to}" if a.to else f"Move {a.spaces}",
        "QuickTurn": lambda a: f"Quick Turn to {a.to}" if a.to else "Quick Turn",
        "Trick": lambda a: f"Trick past {_piece(a.target)}",
        "Force": lambda a: f"Force {_piece(a.target)}",
        "Fire": lambda a: f"Fire at {_piece(a.target)}",
        "PickUpCard": lambda a: f"Pick up the card at {a.star}",
        "RevealCard": lambda a: f"The card is {a.card}",
        "AvoidOil": lambda a: f"Avoid Oil: car {a.car}",
        "AvoidSmoke": lambda a: f"Avoid Smoke: car {a.car}",
        "AimCar": lambda a: f"Point car {a.car} toward {a.toward}",
        "PlaceBond": lambda a: f"Place Bond in {a.space} facing {a.toward}" if a.space
        else "Bond is placed",
        "OilSlick": lambda a: "Oil Slick" + _cars(a.cars),
        "SmokeScreen": lambda a: "Smoke Screen" + _cars(a.cars),
    }
    if kind in words:
        return words[kind](action)
    return {"DoubleBack": "Double Back", "CardRoll": "Roll for the card",
            "BreakGate": "Break Gate", "EjectGuard": "Eject Guard",
            "RaiseScreen": "Raise Bulletproof Screen", "EndMove": "End move",
            "PlaceCards": "Place the cards"}[kind]


def _piece(name: str) -> str:
    return "Bond" if name == BOND else f"car {name}"


def _cars(cars: tuple[str, ...] | None) -> str:
    if cars is None:
        return ""
    return f" (catches {', '.join(cars)})" if cars else " (no car behind)"
