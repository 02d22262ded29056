"""License to Kill at the table: a referee and a ledger beside the physical cards.

Everything is drawn from the Session's state after each change. The choices offered
are the engine's legal actions (Intrigue effects, which the tablet cannot know, are
entered as numbers); the duel odds come from `odds.py` through `LtkState.attack_odds`;
the assignment lines from `assignment.py`. The table is shown as a shared screen sees
it (`LtkState.view(None)`): a face-down card is "face down" for everyone.

One module per part of the page:

- `main`: the dashboard, putting the parts together and re-filling them after a change
- `setup_view`: a new game's players and house rules; Preparing to Play
- `step_views`: the turn's steps up to Assignment Briefing, and the next-step button
- `assignment_view`: On Assignment (an attempt, a Q card moved, a card in its place) and
  the assignment in progress with its Intrigue cards
- `duel_view`: Henchman Attack and Attack/Charm resolvers, odds before the dice
- `table_view`: Agencies, Plot Zones, the points ledger and the race chart
- `library_view`: card import/export and the deck checker
- `words`: the state in words and HTML (no Panel); `parts`: touch pieces the kit lacks,
  and the `Hooks` every view is given (the game's state and what a view may do to it:
  no view imports `main` or holds the dashboard)
"""

from companion.license_to_kill.dashboard.library_view import parse_deck
from companion.license_to_kill.dashboard.main import LicenseToKillDashboard

__all__ = ["LicenseToKillDashboard", "parse_deck"]
