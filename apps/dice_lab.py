"""Dice Lab: exact odds for any dice check, with a history that survives restarts."""

import panel as pn

from companion.dice_lab.dashboard import DiceLabDashboard

pn.extension(sizing_mode="stretch_width")
DiceLabDashboard().servable(title="Dice Lab")
