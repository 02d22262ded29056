"""The tile game on a tablet: the board as one tappable picture, the covered secret choice,
the exact advice, the score, chips and the match.

Every button comes from the engine (`legal_actions`, `available`); the advice from `odds`;
the app's seats from `bot`. In tablet mode each player taps his letter on a covered screen
("pass the tablet to Black 1"); nothing on the page shows a pick before the reveal. The pick
is a per-seat action (`Pick(seat, letter)`), so a player's own phone can make it later.

One module per part of the page, each importing only those above it in this list:

- `parts`: what the views are given instead of the dashboard (`Onlooker`: who looks at the
  page and what it may show); no view imports `main`
- `words`: what happened, the last round, this phone's seat, a row of buttons (HTML)
- `score_view`: the score, chips and the match, the house rules (HTML)
- `advice_view`: the heat map's words and each letter's share of the equilibrium
- `board_view`: the tappable board with the heat map
- `choice_view`: each step's prompt and buttons, the covered secret choice among them
- `turn_view`: the Turn card, the whole turn in one HTML property
- `settings_view`: a new match's players, mode, the app's seats and chips
- `main`: the dashboard: the views put together, the taps, the app's seats, redrawing
"""

from companion.mb007_tiles.dashboard.main import TilesDashboard

__all__ = ["TilesDashboard"]
