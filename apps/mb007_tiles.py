"""Milton Bradley's James Bond 007 tile game: the board, secret letters, exact advice."""

import panel as pn

from companion.mb007_tiles.dashboard import TilesDashboard

pn.extension(sizing_mode="stretch_width")
TilesDashboard().servable(title="James Bond 007: the tile game")
