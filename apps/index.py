"""The front page: every installed game, one big tap away."""

import panel as pn

from companion.ui.index import index_page

pn.extension(sizing_mode="stretch_width")
index_page().servable(title="companion")
