"""Golden Goal: the field to scale, every move and kick checked, live odds to score, a bot."""

import panel as pn

from companion.golden_goal.dashboard import GoldenGoalDashboard

pn.extension(sizing_mode="stretch_width")
GoldenGoalDashboard().servable(title="Golden Goal")
