"""The Man with the Golden Gun: Bond's search of the funhouse, on your board or solo."""

import panel as pn

from companion.golden_gun.dashboard import GoldenGunDashboard

pn.extension(sizing_mode="stretch_width")
GoldenGunDashboard().servable(title="The Man with the Golden Gun")
