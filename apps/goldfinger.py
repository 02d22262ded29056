"""007 Goldfinger: the tracker, every roll's exact odds, and the map with bots to play against."""

import panel as pn

from companion.goldfinger.dashboard import GoldfingerDashboard

pn.extension(sizing_mode="stretch_width")
GoldfingerDashboard().servable(title="007 Goldfinger")
