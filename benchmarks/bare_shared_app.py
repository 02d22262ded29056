"""The baseline for a tap seen on another page: bare Panel, one count shared by every page
of the process (one button, one text), each page redrawn on its own turn when another
page's tap changes the count, as a game's pages are (`GameDashboard._table_changed`)."""

import panel as pn
import param
from panel.io.state import set_curdoc


class Count(param.Parameterized):
    clicks = param.Integer(default=0)


pn.extension()
count = pn.state.as_cached("bare-shared-count", Count)
text = pn.pane.Markdown(f"clicks: {count.clicks}")
button = pn.widgets.Button(label="Click")
doc = pn.state.curdoc


def show() -> None:
    text.object = f"clicks: {count.clicks}"


def show_as_this_page() -> None:
    with set_curdoc(doc):
        show()


def changed(_event) -> None:
    if pn.state.curdoc is doc:
        show()
    else:
        doc.add_next_tick_callback(show_as_this_page)


watcher = count.param.watch(changed, "clicks")
pn.state.on_session_destroyed(lambda _context: count.param.unwatch(watcher))
button.on_click(lambda _event: setattr(count, "clicks", count.clicks + 1))
pn.Column(button, text).servable()
