"""The Man with the Golden Gun: Bond's search of the funhouse, on your board or solo."""

from companion.golden_gun.dashboard import GoldenGunDashboard
from companion.ui import extension
from companion.ui.opening import serve_dashboard

extension()
serve_dashboard(GoldenGunDashboard, "The Man with the Golden Gun")
