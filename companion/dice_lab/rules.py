"""Dice Lab has no rulebook: these are the limits of the tool itself.

Every game in the companion checks dice the same two ways, which these name:
roll-under ("at most": Goldfinger, Golden Gun) and roll-over ("at least").
"""

from fractions import Fraction
from typing import Literal

Goal = Literal["at most", "at least"]
GOALS: tuple[Goal, ...] = ("at most", "at least")
DICE_RANGE = range(1, 7)  # 1 to 6 dice at the table
TARGET_RANGE = range(-20, 61)
MODIFIER_RANGE = range(-20, 21)
MAX_MODIFIERS = 8
MAX_LABEL = 30

# The review (`companion.core.review`): a check's luck is its outcome (1 for a success, 0 for
# a failure) less its chance. A success at 30% or less is very lucky (+0.7 or more), at 50%
# or less lucky; a failure at 50% or more unlucky, at 70% or more very unlucky.
LUCK_WORDS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(7, 10), "very lucky"), (Fraction(1, 2), "lucky"),
    (Fraction(-1, 2), "unlucky"), (Fraction(-7, 10), "very unlucky"))
TABLE = "The table"  # the one side of a dice check
