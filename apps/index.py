"""The front page: every installed game, one big tap away."""

from companion.ui import extension
from companion.ui.index import index_page

extension()
index_page().servable(title="companion")
