"""License to Kill (James Bond CCG): referee and ledger for the physical cards."""

import panel as pn

from companion.license_to_kill.dashboard import LicenseToKillDashboard

pn.extension(sizing_mode="stretch_width")
LicenseToKillDashboard().servable(title="License to Kill")
