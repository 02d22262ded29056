"""The shortcuts of `companion.ui.panel_costs` give what Panel's own way gives."""

from __future__ import annotations

import panel as pn
import param
from bokeh.document import Document
from panel.io.state import set_curdoc

from companion.ui import HtmlBox, extension, is_shown, set_shown
from companion.ui.panel_costs import OPTION_WIDGETS, PANELS_UPDATE_PROPERTIES, BusyCount
from companion.ui.shown import HIDDEN_STYLES

_SHOWN = dict.fromkeys(HIDDEN_STYLES)  # None takes each inline style away


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
            _plain(PANELS_UPDATE_PROPERTIES(part, event, doc=doc))


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

    ours = play({name: getattr(type(state), name) for name in BusyCount.PANELS_OWN})
    assert ours == play(BusyCount.PANELS_OWN)
    assert ours[0] == [True, False, True, False]
    assert state.param["busy"].readonly, "busy stays read-only for everyone else"


class _ServedDocument(Document):
    """A document as served, noting when Panel asks to be called back."""

    def __init__(self) -> None:
        super().__init__()
        self.waits: list[int] = []

    @property
    def session_context(self):  # a page in a browser
        return object()

    def add_timeout_callback(self, callback, timeout_milliseconds):
        self.waits.append(timeout_milliseconds)


def test_a_tapped_option_is_handled_at_once_and_typed_text_still_waits(monkeypatch):
    """Panel handles a widget's new value from the browser 50 ms later (`_debounce`), for
    values that come in streams; a tap on an option is one change, handled on the server's
    next turn: no wait is asked for."""
    extension()
    handled = []
    monkeypatch.setattr(pn.state, "execute", lambda callback, schedule="auto": handled.append(
        callback))
    for widget, bokeh_name, new in [(pn.widgets.RadioButtonGroup(options=["a", "b"]),
                                     "active", 1),
                                    (pn.widgets.Select(options=["a", "b"]), "value", "b"),
                                    (pn.widgets.CheckButtonGroup(options=["a", "b"]),
                                     "active", [1])]:
        assert isinstance(widget, OPTION_WIDGETS)
        doc = _ServedDocument()
        model = widget.get_root(doc)
        widget._server_change(doc, model.ref["id"], None, bokeh_name, None, new)
        assert doc.waits == [] and len(handled) == 1, type(widget).__name__
        handled.clear()
    text, doc = pn.widgets.TextInput(), _ServedDocument()
    model = text.get_root(doc)
    text._server_change(doc, model.ref["id"], None, "value_input", "", "g")
    assert doc.waits == [50] and handled == []


def test_a_tapped_option_is_handled_within_its_own_message(monkeypatch):
    """Handled while the server handles the tap's message (as Panel handles a button's
    click), the page's changes go out with the reply; a turn later they waited 10 ms more."""
    extension()
    scheduled = []
    monkeypatch.setattr(pn.state, "execute", lambda callback, schedule="auto": scheduled.append(
        callback))
    doc, select = _ServedDocument(), pn.widgets.Select(options=["a", "b"])
    seen = []
    select.param.watch(lambda event: seen.append(event.new), "value")
    model = select.get_root(doc)
    with set_curdoc(doc):
        select._server_change(doc, model.ref["id"], None, "value", "a", "b")
    assert seen == ["b"] and scheduled == [] and doc.waits == []


def test_a_part_shown_and_hidden_gets_the_models_styles_panels_own_way_gives(monkeypatch):
    """`set_styles` (behind `set_shown`) sets a drawn part's Bokeh model straight while its
    page is the one being handled, without Panel's update: the model and the parameter
    end as Panel's way leaves them. A part whose class makes something else of its
    styles, or a change made while no page is being handled, goes Panel's way."""
    extension()
    doc = Document()
    ours, panels = pn.Column(pn.pane.HTML("a")), pn.Column(pn.pane.HTML("b"))
    outlined = _Outlined(pn.pane.HTML("c"))
    doc.add_root(pn.Column(ours, panels, outlined).get_root(doc))
    [(ours_model, _)], [(panels_model, _)] = ours._models.values(), panels._models.values()
    updated = []  # the parts Panel's own update went through
    panels_update = pn.Column._update_model
    monkeypatch.setattr(pn.Column, "_update_model", lambda self, *args: (
        updated.append(self), panels_update(self, *args)))
    with set_curdoc(doc):
        for shown in (False, True, False):
            set_shown(ours, shown)
            panels.styles = {**panels.styles, **(_SHOWN if shown else HIDDEN_STYLES)}
            assert ours.styles == panels.styles
            assert ours_model.styles == panels_model.styles == panels.styles
        assert ours not in updated and panels in updated
        set_shown(outlined, False)
        [(outlined_model, _)] = outlined._models.values()
        assert outlined_model.styles == {**HIDDEN_STYLES, "outline": "1px solid"}
    set_shown(ours, True)  # no page being handled now: Panel's way
    assert ours in updated
    assert ours_model.styles == ours.styles and is_shown(ours)


class _Outlined(pn.Column):
    """A part whose class makes something else of its styles (as Tabulator's rename)."""

    def _process_param_change(self, params: dict) -> dict:
        params = super()._process_param_change(params)
        if "styles" in params:
            params["styles"] = {**params["styles"], "outline": "1px solid"}
        return params
