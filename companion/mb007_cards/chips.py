"""Chips by colour: counting points, paying with change from the bank.

A stack of chips is a tuple ``(blue, red, white)``. Points are what count (To Start 1);
the colours are kept so the app can say which chips change hands. The bank makes change
(To Start 1: "a bank for making change"; HOUSE RULE: it never runs out).

>>> pay((0, 1, 0), 3)   # a red chip is broken at the bank into whites, three are paid
((0, 0, 2), (0, 0, 3))
>>> pay((0, 0, 2), 5)   # who cannot pay pays what he can (Rules for Play 10)
((0, 0, 0), (0, 0, 2))
"""

from __future__ import annotations

from companion.mb007_cards.rules import CHIP_COLOURS, CHIP_VALUES

Chips = tuple[int, int, int]
VALUES: tuple[int, ...] = tuple(CHIP_VALUES[c] for c in CHIP_COLOURS)
NONE: Chips = (0, 0, 0)


def points(chips: Chips) -> int:
    return sum(n * v for n, v in zip(chips, VALUES, strict=True))


def add(a: Chips, b: Chips) -> Chips:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def subtract(a: Chips, b: Chips) -> Chips:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _exact(have: Chips, amount: int) -> Chips | None:
    """The chips paying `amount` exactly, largest first, or None."""
    given = []
    for count, value in zip(have, VALUES, strict=True):
        used = min(count, amount // value)
        given.append(used)
        amount -= used * value
    return tuple(given) if amount == 0 else None


def _break_one(have: Chips) -> Chips:
    """Change the smallest chip worth more than 1 at the bank: a red into 5 whites, a blue
    into 2 reds."""
    blue, red, white = have
    if red:
        return blue, red - 1, white + VALUES[1] // VALUES[2]
    return blue - 1, red + VALUES[0] // VALUES[1], white


def pay(have: Chips, amount: int) -> tuple[Chips, Chips]:
    """(what is left, what is handed over) for paying `amount` points, at most all of it."""
    amount = min(amount, points(have))
    while (given := _exact(have, amount)) is None:
        have = _break_one(have)
    return subtract(have, given), given


def fewest(amount: int) -> Chips:
    """The fewest chips worth `amount` points, largest first: what a player's chips come to
    once changed at the bank (To Start 1: "a bank for making change"; points are what count).

    >>> fewest(39), fewest(8), fewest(0)
    ((3, 1, 4), (0, 1, 3), (0, 0, 0))
    """
    given = _exact((amount,) * len(VALUES), amount)
    assert given is not None  # the white chip is worth 1: any amount can be paid
    return given


def describe(chips: Chips) -> str:
    """'1 blue, 2 red, 3 white' (colours with none are left out; 'no chips')."""
    parts = [f"{n} {colour}" for n, colour in zip(chips, CHIP_COLOURS, strict=True) if n]
    return ", ".join(parts) or "no chips"
