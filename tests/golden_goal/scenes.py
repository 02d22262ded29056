"""Positions for Golden Goal tests, built directly (no set-up needed).

Squares are (column, row); orange defends row 0 and attacks north (row 11).
"""

from __future__ import annotations

from dataclasses import replace

from companion.golden_goal.actions import Play
from companion.golden_goal.board import Square
from companion.golden_goal.engine import PLAYERS, GoldenGoalState, new_state

# Everyone far from the action unless a test moves them: blue mostly in its own half.
BENCH: dict[str, Square] = {
    "orange 1": (0, 3), "orange 2": (7, 3), "orange 3": (0, 8), "orange 4": (7, 8),
    "orange keeper": (4, 0),
    "blue 1": (1, 10), "blue 2": (6, 10), "blue 3": (0, 6), "blue 4": (7, 6),
    "blue keeper": (3, 11),
}


def scene(players: dict[str, Square], ball: Square, roll: int | None = None,
          to_move: str = "orange", options: dict | None = None,
          phase: str = "play", **extra) -> GoldenGoalState:
    """A state in `phase` with `players` where given and everyone else on the bench."""
    where = {**BENCH, **players}
    taken = set(players.values())
    for player, square in BENCH.items():
        if player not in players and square in taken:
            where[player] = (-1, PLAYERS.index(player))  # out of bounds on the west side
    positions = tuple((p, where[p]) for p in PLAYERS)
    assert len({sq for _, sq in positions}) == len(positions), positions
    state = new_state(options or {})
    return replace(state, phase=phase, to_move=to_move, positions=positions, ball=ball,
                   roll=roll, **extra)


def kick(direction: str, bend_after: int = 0, bend_to: str = "") -> tuple[str, int, str]:
    return (direction, bend_after, bend_to)


def play(player: str, path: str, *kicks: tuple[str, int, str],
         placed: Square | None = None) -> Play:
    """Play('orange 1', 'NNE', kick('N')): the path as one letter per step."""
    return Play(player, tuple(path), tuple(kicks), placed)
