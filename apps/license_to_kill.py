"""License to Kill (James Bond CCG): referee and ledger for the physical cards."""

from companion.license_to_kill.dashboard import LicenseToKillDashboard
from companion.ui import extension

extension()
LicenseToKillDashboard().servable(title="License to Kill")
