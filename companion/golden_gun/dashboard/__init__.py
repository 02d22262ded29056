"""The Man with the Golden Gun at the table: the room sequence, the maze, the deck-aware odds.

Everything here is drawn from `self.session.state` after each change: the buttons are the
engine's legal actions, the chances come from `odds.py` and the advice from `bot.py`. The
whole-search figure (`odds.p_die_before_solex`, about 2 s at the start of a game) is worked
out in a worker process (so it never holds the server's GIL), only when the deck, the
bullets or the wounds change.

Speed: every change of a Bokeh widget's `css_classes` or `visible`, and every new model,
makes the browser lay out the whole page again (with a plot on it, about 40 ms each). So
the maze and the action buttons are each one kit `TapPad` (its HTML is one property; a tap
sends back the button's `data-tap`), the next-card chart is HTML bars, and a tap changes
a handful of properties, none of which re-lays out the page.

Built here because the UI kit lacks them (candidates for the kit): the number squares,
and a figure computed off the event loop.

One module per part of the page, each importing only those above it in this list:

- `looks`: the colours and what each look means (no Panel)
- `words`: the state in words and HTML: the step, its odds, the tracker, the deck (no Panel)
- `setup_view`: a new game's mode, effect table and house rules
- `maze_view`: the tappable maze and its legend
- `actions_view`: the action buttons and their labels
- `survival`: the whole-search figure, worked out in the worker process, and the advice
- `main`: the dashboard, putting the parts together and re-filling them after a change
"""

from companion.golden_gun.dashboard.looks import CELL_LOOKS, ENTERED_STRIPES, MEANING_PAIRS
from companion.golden_gun.dashboard.main import GoldenGunDashboard
from companion.golden_gun.dashboard.maze_view import MazeView

__all__ = ["CELL_LOOKS", "ENTERED_STRIPES", "MEANING_PAIRS", "GoldenGunDashboard", "MazeView"]
