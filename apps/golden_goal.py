"""Golden Goal: the field to scale, every move and kick checked, live odds to score, a bot."""

from companion.golden_goal.dashboard import GoldenGoalDashboard
from companion.ui import extension
from companion.ui.opening import serve_dashboard

extension()
serve_dashboard(GoldenGoalDashboard, "Golden Goal")
