"""James Bond 007 Card Game: pot and chips kept, exact call and bluff odds, hold-to-peek, bots."""

from companion.mb007_cards.dashboard import CardsDashboard
from companion.ui import extension

extension()
CardsDashboard().servable(title="James Bond 007 Card Game")
