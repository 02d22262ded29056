"""Run once by `panel serve --setup` before the server takes its first page.

Every game's dashboard is imported now, and then everything in memory so far (Panel,
Bokeh, HoloViews and our modules: objects that live as long as the server) is moved out of
the garbage collector's sight (`gc.freeze`). Python's full collection went through all of it
whenever it ran: 17-97 ms, now and then in the middle of a tap (the slowest taps of `make
bench`). The pages' own objects are made later and are collected as before, less often,
and the full collections, which still go through every page's objects, wait until the
server is quiet (`idle_gc`).
"""

from __future__ import annotations

import gc

from panel.io.server import ComponentResourceHandler

from companion.core.registry import games
from companion.ui.idle_gc import NEVER, IdleCollector
from companion.ui.routes import only_imported_components

YOUNG_OBJECTS = 20_000

for game in games():
    game.load_dashboard()  # imports the game's dashboard and engine modules

gc.collect()
gc.freeze()
# A tap makes tens of thousands of short-lived objects: with Python's default (a young
# collection every 700 new objects) a tap ran about 13 of them, and what was still in use
# at each moved on to the older generations, to be gone through again there.
gc.set_threshold(YOUNG_OBJECTS, 10, NEVER)
IdleCollector().start()

only_imported_components(ComponentResourceHandler)
