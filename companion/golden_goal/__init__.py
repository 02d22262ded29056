"""Golden Goal: grid soccer with one die, passes, bends and the No Killjoy rules."""

from companion.core.game import Game
from companion.golden_goal.actions import ACTION_TYPES
from companion.golden_goal.engine import new_state

GAME = Game(
    name="golden_goal",
    title="Golden Goal",
    summary="Grid soccer with one die: every move and kick checked, live odds to score, a bot.",
    new_state=new_state,
    action_types=ACTION_TYPES,
    dashboard="companion.golden_goal.dashboard:GoldenGoalDashboard",
    reviewer="companion.golden_goal.review",
)
