"""Dice Lab: exact odds and a kept history for any dice check at any table."""

from companion.core.game import Game
from companion.dice_lab.engine import Check, new_state

GAME = Game(
    name="dice_lab",
    title="Dice Lab",
    summary="Any dice check: exact odds before the roll, the verdict after, a kept history.",
    new_state=new_state,
    action_types=(Check,),
    dashboard="companion.dice_lab.dashboard:DiceLabDashboard",
    max_import_actions=25_000,  # its states share one line of verdicts: 25,000 in ~0.8 s
    reviewer="companion.dice_lab.review",
)
