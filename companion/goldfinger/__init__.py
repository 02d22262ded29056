"""Goldfinger (1985): Bond's Aston Martin against four Enemy cars, on the real board or a map.

Tracker mode (no map) keeps the turn, hits, actions and cards and resolves every
roll from the Action Summaries; map mode (option ``map``) also knows the board.
"""

from companion.core.game import Game
from companion.goldfinger.actions import ACTION_TYPES
from companion.goldfinger.engine import new_state

GAME = Game(
    name="goldfinger",
    title="007 Goldfinger",
    summary="Bond hunts for Tilly and a gate while four Enemy cars chase him: every roll's "
            "exact odds, the turn and the hits kept, with or without a map.",
    new_state=new_state,
    action_types=ACTION_TYPES,
    dashboard="companion.goldfinger.dashboard:GoldfingerDashboard",
    reviewer="companion.goldfinger.review",
    secrets=True,
)
