"""The Man with the Golden Gun: Bond's search of the funhouse, on your board or solo."""

from companion.golden_gun.dashboard import GoldenGunDashboard
from companion.ui import extension

extension()
GoldenGunDashboard().servable(title="The Man with the Golden Gun")
