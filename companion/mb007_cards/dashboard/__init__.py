"""The 007 card game's dashboard: the table, the choices and their odds, the hold-to-peek.

One module per part of the page, each importing only those above it in this list:

- `table_html`: the table, the standings and the payouts as HTML (no Panel)
- `words`: the odds in words and bars, for the player on turn, a responder and the peek
- `parts`: what the views are given instead of the dashboard (`Onlooker`: who looks at the
  page and whose choice it is; `Controls`: what the turn's buttons do); no view imports
  `main`
- `peek`: the hold-to-peek button (the card is in the page only while held)
- `own_view`: a seat's own down card: always on his own phone, in the peek on the tablet
- `table_view`: the Table card: the table as everyone sees it, and what happened
- `turn_view`: the Your choice card: the prompt, the odds, the choices or the card keys
- `settings_view`: a new game's settings, and the house rules
- `main`: the dashboard: who is at the tablet, the persons' and the bots' choices, redrawing
"""

from companion.mb007_cards.dashboard.main import CardsDashboard

__all__ = ["CardsDashboard"]
