"""007 Goldfinger: the tracker, every roll's exact odds, and the map with bots to play against."""

from companion.goldfinger.dashboard import GoldfingerDashboard
from companion.ui import extension
from companion.ui.opening import serve_dashboard

extension()
serve_dashboard(GoldfingerDashboard, "007 Goldfinger")
