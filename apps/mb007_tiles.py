"""Milton Bradley's James Bond 007 tile game: the board, secret letters, exact advice."""

from companion.mb007_tiles.dashboard import TilesDashboard
from companion.ui import extension
from companion.ui.opening import serve_dashboard

extension()
serve_dashboard(TilesDashboard, "James Bond 007: the tile game")
