"""Dice Lab has no rulebook: these are the limits of the tool itself.

Every game in the companion checks dice the same two ways, which these name:
roll-under ("at most": Goldfinger, Golden Gun) and roll-over ("at least").
"""

from typing import Literal

Goal = Literal["at most", "at least"]
GOALS: tuple[Goal, ...] = ("at most", "at least")
DICE_RANGE = range(1, 7)  # 1 to 6 dice at the table
TARGET_RANGE = range(-20, 61)
MODIFIER_RANGE = range(-20, 21)
MAX_MODIFIERS = 8
MAX_LABEL = 30
