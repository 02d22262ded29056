"""Exact dice odds with `fractions.Fraction`, validated rolls and 2d6 result tables.

The sums of a few six-sided dice are a tiny convolution, so this module computes
them itself instead of depending on a dice library: every game imports it, and
plain dicts of Fractions are what the engines, notebooks and tests want to see.

>>> total_distribution(2)[7]
Fraction(1, 6)
>>> p_at_most(4)
Fraction(1, 6)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Generic, TypeVar

from companion.core.errors import InputError, shown

MAX_DICE = 12
T = TypeVar("T")


def _check_count(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name} must be a whole number, got {shown(value)}")
    if not low <= value <= high:
        raise InputError(f"{name} must be between {low} and {high}, got {value}")
    return value


@cache
def _distribution(n_dice: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    ways = {0: 1}
    for _ in range(n_dice):
        step: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0) + count
        ways = step
    outcomes = sides**n_dice
    return tuple((total, Fraction(count, outcomes)) for total, count in sorted(ways.items()))


def total_distribution(n_dice: int = 2, sides: int = 6) -> dict[int, Fraction]:
    """The chance of each total of `n_dice` dice with `sides` faces."""
    _check_count("n_dice", n_dice, 1, MAX_DICE)
    _check_count("sides", sides, 2, 100)
    return dict(_distribution(n_dice, sides))


def _check_whole(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name} must be a whole number, got {shown(value)}")
    return value


def p_at_most(target: int, modifier: int = 0, n_dice: int = 2) -> Fraction:
    """P(sum of `n_dice` d6 + modifier <= target): a roll-under check."""
    _check_whole("target", target)
    _check_whole("modifier", modifier)
    dist = total_distribution(n_dice)
    return sum((p for total, p in dist.items() if total + modifier <= target), Fraction(0))


def p_at_least(target: int, modifier: int = 0, n_dice: int = 2) -> Fraction:
    """P(sum of `n_dice` d6 + modifier >= target): a roll-over check."""
    _check_whole("target", target)
    _check_whole("modifier", modifier)
    dist = total_distribution(n_dice)
    return sum((p for total, p in dist.items() if total + modifier >= target), Fraction(0))


@dataclass(frozen=True)
class Roll:
    """The faces a player rolled (or the app rolled for them), validated.

    >>> Roll.of([3, 4]).total
    7
    """

    faces: tuple[int, ...]
    sides: int = 6

    def __post_init__(self) -> None:
        _check_count("sides", self.sides, 2, 100)
        if not isinstance(self.faces, tuple) or not self.faces:
            raise InputError(f"a roll needs at least one die, got {shown(self.faces)}")
        for face in self.faces:
            if isinstance(face, bool) or not isinstance(face, int):
                raise InputError(f"a die shows a whole number, got {shown(face)}")
            if not 1 <= face <= self.sides:
                raise InputError(f"a d{self.sides} shows 1 to {self.sides}, got {face}")

    @classmethod
    def of(cls, faces: Sequence[int], n_dice: int | None = None, sides: int = 6) -> Roll:
        """A roll from any sequence of faces; with `n_dice`, the count must match."""
        if isinstance(faces, str | bytes) or not isinstance(faces, Sequence):
            raise InputError(f"dice must be a list of faces, got {shown(faces)}")
        if n_dice is not None and len(faces) != n_dice:
            raise InputError(f"expected {n_dice} dice, got {len(faces)}: {list(faces)}")
        return cls(tuple(faces), sides)

    @property
    def total(self) -> int:
        return sum(self.faces)

    def __str__(self) -> str:
        if len(self.faces) == 1:
            return str(self.faces[0])
        return f"{'+'.join(map(str, self.faces))} = {self.total}"


def roll(rng: random.Random, n_dice: int = 2, sides: int = 6) -> Roll:
    """Roll `n_dice` dice with the given random generator."""
    _check_count("n_dice", n_dice, 1, MAX_DICE)
    return Roll(tuple(rng.randint(1, sides) for _ in range(n_dice)), sides)


@dataclass(frozen=True)
class ResultTable(Generic[T]):
    """A rulebook table from dice totals to results: ``{(low, high): result}``.

    The ranges must not overlap and must cover every total the dice can show.

    >>> moves = ResultTable({(2, 3): 4, (4, 5): 5, (6, 6): 6, (7, 7): 7, (8, 9): 8, (10, 12): 9})
    >>> moves.lookup(7)
    7
    """

    ranges: Mapping[tuple[int, int], T]
    n_dice: int = 2

    def __post_init__(self) -> None:
        covered: list[int] = []
        for low, high in self.ranges:
            if low > high:
                raise InputError(f"table range {low}-{high} is empty")
            covered.extend(range(low, high + 1))
        if len(covered) != len(set(covered)):
            raise InputError(f"table ranges overlap: {sorted(self.ranges)}")
        possible = set(total_distribution(self.n_dice))
        if not possible <= set(covered):
            raise InputError(f"table misses totals {sorted(possible - set(covered))}")

    def lookup(self, total: int) -> T:
        for (low, high), result in self.ranges.items():
            if low <= total <= high:
                return result
        raise InputError(f"{total} is not a total of {self.n_dice} dice")

    def distribution(self) -> dict[T, Fraction]:
        """The exact chance of each result."""
        chances: dict[T, Fraction] = {}
        for total, p in total_distribution(self.n_dice).items():
            result = self.lookup(total)
            chances[result] = chances.get(result, Fraction(0)) + p
        return chances


def percent(p: Fraction) -> str:
    """A chance as players say it: '58.3%', with '<0.1%' and '>99.9%' kept honest.

    >>> percent(Fraction(7, 12))
    '58.3%'
    """
    if p in (0, 1):
        return f"{int(p) * 100}%"
    value = round(float(p) * 100, 1)
    if value == 0:
        return "<0.1%"
    if value == 100:
        return ">99.9%"
    return f"{value:g}%"
