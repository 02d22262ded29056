"""Dice Lab: exact odds for any dice check, with a history that survives restarts."""

from companion.dice_lab.dashboard import DiceLabDashboard
from companion.ui import extension
from companion.ui.opening import serve_dashboard

extension()
serve_dashboard(DiceLabDashboard, "Dice Lab")
