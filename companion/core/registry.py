"""The games this companion knows, in the order the index page shows them.

Games are named by module, imported on first use: `core` never imports a game or the UI,
so the layers only point down.
"""

from __future__ import annotations

import importlib

from companion.core.errors import InputError, shown
from companion.core.game import Game

# Each module defines GAME; add a game by adding its package here.
GAME_MODULES: tuple[str, ...] = (
    "companion.goldfinger",
    "companion.golden_gun",
    "companion.license_to_kill",
    "companion.golden_goal",
    "companion.mb007_cards",
    "companion.mb007_tiles",
    "companion.dice_lab",
)


def games() -> list[Game]:
    """Every installed game, each with its name, title and dashboard."""
    return [importlib.import_module(module).GAME for module in GAME_MODULES]


def find_game(name: str) -> Game:
    """The game called `name`; InputError for a name no installed game has."""
    for game in games():
        if game.name == name:
            return game
    known = ", ".join(g.name for g in games())
    raise InputError(f"unknown game {shown(name)} (installed: {known})")
