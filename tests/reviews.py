"""What the games' review tests share: the positions a log passes through, and a side's
books (its start, luck, skill, what the others gave it and what the estimate leaves over),
which balance to its final equity."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from companion.core.game import Game, GameState
from companion.core.review import Review


def states_of(game: Game, options: Mapping[str, Any], actions: Iterable[Any]
              ) -> list[GameState]:
    """The position before each action, and the last after them all."""
    states = [game.new_state(options)]
    for action in actions:
        states.append(states[-1].apply(action))
    return states


def books(result: Review, side: str) -> Fraction:
    return result.start[side] + result.luck(side) + result.skill(side) + \
        result.given(side) + result.unexplained(side)
