"""James Bond 007 Card Game: pot and chips kept, exact call and bluff odds, hold-to-peek, bots."""

import panel as pn

from companion.mb007_cards.dashboard import CardsDashboard

pn.extension(sizing_mode="stretch_width")
CardsDashboard().servable(title="James Bond 007 Card Game")
