"""Goldfinger on a tablet: the tracker, the legal actions with their odds, the dice, the map.

Two ways to play, chosen at the start: tracker mode (the players move on the real
board and tell the app distances) and map mode on the sample board or a board file the
group loads (tap the map to move; Bond's reach chance is written on every Space). In map
mode one person can play Bond against the Enemy bot, or the Enemy against the Bond bot;
that choice is saved with the game.

One module per part of the page:

- `main`: the dashboard, putting the parts together and re-filling them after a change
- `setup_view`: a new game's mode, players, board file and house rules
- `placing_view`: Set Up on the table: the five cards by the stars, then the Aston Martin
- `step_views`: the action list with the odds on every button, the chosen action's odds
  and the dice below it, the cars-behind picker
- `map_part`: the tappable map, the danger from each car, the bot-against-bot estimate
- `words`: the set-up choices, readings and the state in HTML (no Panel); `parts`: the
  action list's touch pieces, and what every view is given instead of the dashboard
  (`Hooks`: the game on this page and what a view may do to it; `Picks`: this page's
  choices so far): no view imports `main`
"""

from companion.goldfinger.dashboard.main import GoldfingerDashboard
from companion.goldfinger.dashboard.words import (
    HIDDEN,
    MAP,
    REAL,
    TRACKER,
    TRACKER_STARS,
    TWO,
    VS_BOND,
    VS_ENEMY,
)

__all__ = ["HIDDEN", "MAP", "REAL", "TRACKER", "TRACKER_STARS", "TWO", "VS_BOND", "VS_ENEMY",
           "GoldfingerDashboard"]
