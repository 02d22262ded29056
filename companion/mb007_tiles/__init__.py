"""Milton Bradley's James Bond 007 tile game (1965): capture tiles where secret lines cross."""

from companion.core.game import Game
from companion.mb007_tiles import rules
from companion.mb007_tiles.actions import ACTION_TYPES
from companion.mb007_tiles.engine import new_state

GAME = Game(
    name="mb007_tiles",
    title="James Bond 007: the tile game",
    summary="Milton Bradley's 1965 tile capture for 2-4 players: secret letters chosen on a "
            "covered screen, the crossings captured, the exact equilibrium and a heat map "
            "of where a tile is safe.",
    new_state=new_state,
    action_types=ACTION_TYPES,
    dashboard="companion.mb007_tiles.dashboard:TilesDashboard",
    reviewer="companion.mb007_tiles.review",
    secrets=True,
    # December 2026: a stall ends from the position, the barren count rarely decides, and
    # the tile set holds three of each kind per colour.
    later_options={"stall_end": ("next_round", "dead_position"), "barren_rounds": (3, 12),
                   "tile_counts": (rules.TILE_COUNTS_BEFORE_DECEMBER_2026,
                                   rules.DEFAULT_TILE_COUNTS)},
)
