"""Shared set-ups for the Goldfinger tests: games at a known point, dice for a total."""

from __future__ import annotations

import dataclasses

from companion.goldfinger import engine as e
from companion.goldfinger.engine import GoldfingerState, new_state

CARDS = ("Tilly", "Mirror", "Old Lady", "Odd Job", "Nothing Here")
STARS = ("s1", "s2", "s3", "s4", "s5")


def dice(total: int) -> tuple[int, int]:
    """Two faces with this total (2..12)."""
    return (1, total - 1) if total <= 7 else (6, total - 6)


def tracker_game(cards: tuple[str, ...] | None = CARDS, **options) -> GoldfingerState:
    """Tracker mode, cards placed by STARS in this order, Bond placed: turn 1, before Bond rolls."""
    state = new_state(options).apply(e.PlaceCards(STARS, cards))
    return state.apply(e.PlaceBond())


def bond_turn(state: GoldfingerState | None = None, total: int = 7, **changes) -> GoldfingerState:
    """Bond's step started (total 7 gives 9 spaces); `changes` replace state fields first."""
    state = tracker_game() if state is None else state
    state = dataclasses.replace(state, **changes)
    return state.apply(e.StartTurn("bond", dice(total)))


def enemy_turn(car: str = "A", state: GoldfingerState | None = None, total: int = 7
               ) -> GoldfingerState:
    """Bond has ended his step; `car`'s step started (total 7 gives 8 spaces)."""
    state = bond_turn() if state is None else state
    if state.step is not None:
        state = state.apply(e.EndMove())
    return state.apply(e.StartTurn(car, None if state.piece(car).lost_turns else dice(total)))


def finish_turn(state: GoldfingerState) -> GoldfingerState:
    """End the active step and let every Enemy car that still has to move end its turn."""
    if state.step is not None:
        state = state.apply(e.EndMove())
    turn = state.turn
    for car in state.live_cars():
        if state.turn != turn or state.is_over:
            break
        if car not in state.done:
            lost = state.piece(car).lost_turns
            state = state.apply(e.StartTurn(car, None if lost else dice(7))).apply(e.EndMove())
    return state


def map_game(bond: tuple[str, str] = ("x5y4", "x6y4"), cards=CARDS) -> GoldfingerState:
    """Map mode on the sample board, cards on its first five stars, Bond placed."""
    state = new_state({"map": "sample"})
    state = state.apply(e.PlaceCards(state.board.stars[:5], cards))
    return state.apply(e.PlaceBond(*bond))


def place(state: GoldfingerState, piece: str, space: str | None, toward: str | None = None
          ) -> GoldfingerState:
    """Put a piece in a Space (map mode) facing `toward`; None takes it off the board."""
    old = state.piece(piece)
    heading = state.board.heading(space, toward) if toward else old.heading
    new = dataclasses.replace(old, space=space, heading=heading)
    pieces = tuple(new if p.name == piece else p for p in state.pieces)
    return dataclasses.replace(state, pieces=pieces)


def texts(board) -> list[str]:
    """Every note and button text shown among the action rows, set-up rows included."""
    return board.texts()
