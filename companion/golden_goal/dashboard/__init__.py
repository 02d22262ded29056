"""Golden Goal on a tablet: the field to scale, tap a player then a square, odds, a bot.

Every choice on screen comes from the engine: set-up squares from
`legal_actions()`, moves and kicks from `legal_turns(roll)` (tap the player, then
where he ends or the ball; then where the ball should stop), kickoff kicks from
`legal_actions()`. The chance to score comes from `odds` before the roll, the
scoring lines after it, and the opponent's chance after a planned move before it
is played. One team can be left to the bot (`bot.bot_player`).

One module per part of the page:

- `main`: the dashboard, one match over one Session, the bot's turns, redrawing
- `layout`: the Match card's grid: the field with the turn beside it, by screen
- `turn_view`: the turn: score, prompt, toss, set-up, die and odds, plan, Play it
- `field_view`: the tappable mat and what is drawn over it
- `taps`: what a tap on the field means, phase by phase, and what may be tapped
- `moves`: the engine's legal turns and scoring lines, kept per state (no Panel)
- `settings_view`: who plays, the match mode and the house rules of a new match
- `parts`: what the views are given instead of the dashboard (`Hooks`: the match and what
  a view may do to it; `Picks`: the taps so far this step); no view imports `main`
"""

from companion.golden_goal.dashboard.field_view import parse_target
from companion.golden_goal.dashboard.main import GoldenGoalDashboard
from companion.golden_goal.dashboard.words import BOT_TEAMS, TWO

__all__ = ["BOT_TEAMS", "TWO", "GoldenGoalDashboard", "parse_target"]
