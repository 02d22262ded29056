"""Exact chances for a Dice Lab check."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from companion.core.dice import p_at_least, p_at_most
from companion.dice_lab.rules import Goal


@cache  # a replay's log line per check asks again for the same few chances
def chance(n_dice: int, target: int, goal: Goal, modifier: int = 0) -> Fraction:
    """The chance that `n_dice` d6 plus `modifier` reach `target` the `goal` way.

    >>> chance(2, 7, "at most")
    Fraction(7, 12)
    >>> chance(2, 7, "at most", modifier=4)
    Fraction(1, 12)
    """
    check = p_at_most if goal == "at most" else p_at_least
    return check(target, modifier, n_dice)


def succeeds(total: int, target: int, goal: Goal, modifier: int = 0) -> bool:
    if goal == "at most":
        return total + modifier <= target
    return total + modifier >= target
