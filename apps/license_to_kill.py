"""License to Kill (James Bond CCG): referee and ledger for the physical cards."""

from companion.license_to_kill.dashboard import LicenseToKillDashboard
from companion.ui import extension
from companion.ui.opening import serve_dashboard

extension()
serve_dashboard(LicenseToKillDashboard, "License to Kill")
