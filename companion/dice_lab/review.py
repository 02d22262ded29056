"""Dice Lab's review (`companion.core.review`): the table's luck, check by check.

Its equity is the successes so far less the successes the checks' chances gave: 0 on
average at every roll, so a check's luck is its outcome (1 for a success, 0 for a failure)
less its chance, and the total is the table's luck. There are no decisions to review.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from companion.dice_lab import rules
from companion.dice_lab.engine import Check, DiceLabState

EQUITY_NAME = "successes more than the chances gave"
EQUITY_IS_CHANCE = False
EQUITY_UNIT = "successes ahead"  # the chart's axis, in a few words
LUCK_WORDS = rules.LUCK_WORDS
SKILL_WORDS = None


def equity(state: DiceLabState) -> dict[str, Fraction]:
    return {rules.TABLE: state.above_expectation}


def chance_outcomes(state: DiceLabState, action: Any) -> list[tuple[Check, Fraction]] | None:
    """A check's two outcomes, success and failure, with their chances (any dice of a kind
    stand for all of it: only the verdict moves the equity)."""
    if not isinstance(action, Check) or action.dice is None:
        return None
    low, high = (1,) * action.n_dice, (6,) * action.n_dice
    succeeding, failing = (low, high) if action.goal == "at most" else (high, low)
    p = action.chance
    return [(replace(action, dice=dice), q)
            for dice, q in ((succeeding, p), (failing, 1 - p)) if q]


def decision_options(state: DiceLabState, action: Any) -> None:
    return None
