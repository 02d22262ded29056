"""007 Goldfinger: the tracker, every roll's exact odds, and the map with bots to play against."""

from companion.goldfinger.dashboard import GoldfingerDashboard
from companion.ui import extension

extension()
GoldfingerDashboard().servable(title="007 Goldfinger")
