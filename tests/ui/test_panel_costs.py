"""The shortcuts of `companion.ui.panel_costs` give what Panel's own way gives."""

from __future__ import annotations

import panel as pn
import param
from bokeh.document import Document

from companion.ui import HtmlBox, extension
from companion.ui.panel_costs import _PANELS_OWN, _BusyCount


def _event(widget: pn.viewable.Viewable, name: str, new: object) -> param.parameterized.Event:
    return param.parameterized.Event(what="value", name=name, obj=widget, cls=type(widget),
                                     old=getattr(widget, name), new=new, type="changed")


def test_a_change_gives_panels_own_properties_without_the_design_look_up():
    """Panel reads the design only for a change to `stylesheets`: other changes come out
    the same without it."""
    extension()
    doc = Document()
    select = pn.widgets.Select(options=["a", "b"], stylesheets=[":host { color: red; }"])
    column = pn.Column(select)
    doc.add_root(column.get_root(doc))
    assert select._design is not None, "the check needs a design, as the apps have"
    for part, name, new in [(select, "value", "b"), (select, "options", ["a", "b", "c"]),
                            (column, "styles", {"display": "none"}),
                            (select, "stylesheets", [":host { color: blue; }"])]:
        event = _event(part, name, new)
        assert _plain(part._update_properties(event, doc=doc)) == \
            _plain(_PANELS_OWN(part, event, doc=doc))


def _plain(properties: dict) -> dict:
    """Stylesheets (new Bokeh models each time) as their text or address."""
    return {name: [getattr(s, "css", None) or getattr(s, "url", s) for s in value]
            if name == "stylesheets" else value for name, value in properties.items()}


def test_a_box_sets_its_text_on_the_browsers_model():
    """An HtmlBox's new text reaches its Bokeh model (the shortcut of QuickJSComponent)."""
    doc = Document()
    box = HtmlBox(html="<p>one</p>")
    model = box.get_root(doc)
    doc.add_root(model)
    box.html = "<p>two</p>"
    assert model.data.html == "<p>two</p>"
    box.html = "<p>two</p>"  # the same again sends nothing
    assert model.data.html == "<p>two</p>"


def test_the_busy_count_keeps_panels_list_and_tells_busy_as_panel_does():
    """Panel counts the events being handled (`pn.state.busy`, for a busy indicator); our
    cheaper methods leave the same list and send the same `busy` changes."""
    extension()
    state = pn.state
    steps = [("_add_busy_event", "a"), ("_add_busy_event", "b"), ("_remove_busy_event", "a"),
             ("_cleanup_busy_counter", None), ("_remove_busy_event", "b"),
             ("_remove_busy_event", "gone"), ("_add_busy_event", "c"),
             ("_cleanup_busy_counter", "c")]

    def play(methods) -> tuple[list[bool], list[list[str]]]:
        told: list[bool] = []
        watcher = state.param.watch(lambda event: told.append(event.new), "busy")
        lists = []
        try:
            for name, event_id in steps:
                methods[name](state, *([event_id] if event_id else []))
                lists.append([eid for eid, _ in state._busy_counter])
        finally:
            state.param.unwatch(watcher)
        return told, lists

    ours = play({name: getattr(type(state), name) for name in _BusyCount.PANELS_OWN})
    assert ours == play(_BusyCount.PANELS_OWN)
    assert ours[0] == [True, False, True, False]
    assert state.param["busy"].readonly, "busy stays read-only for everyone else"
