"""James Bond 007 Card Game: pot and chips kept, exact call and bluff odds, hold-to-peek, bots."""

from companion.mb007_cards.dashboard import CardsDashboard
from companion.ui import extension
from companion.ui.opening import serve_dashboard

extension()
serve_dashboard(CardsDashboard, "James Bond 007 Card Game")
