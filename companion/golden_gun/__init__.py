"""The Man with the Golden Gun: the solitaire search for the Solex Agitator, companion or solo."""

from companion.core.game import Game
from companion.golden_gun.engine import ACTION_TYPES, new_state

GAME = Game(
    name="golden_gun",
    title="The Man with the Golden Gun",
    summary="Bond's search of Scaramanga's funhouse: ammo, wounds, the room sequence, "
            "deck-aware odds; play on your own board or solo on the tablet.",
    new_state=new_state,
    action_types=ACTION_TYPES,
    dashboard="companion.golden_gun.dashboard:GoldenGunDashboard",
    reviewer="companion.golden_gun.review",
)
