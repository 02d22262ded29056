"""Dice Lab: exact odds for any dice check, with a history that survives restarts."""

from companion.dice_lab.dashboard import DiceLabDashboard
from companion.ui import extension

extension()
DiceLabDashboard().servable(title="Dice Lab")
