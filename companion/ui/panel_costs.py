"""Costs Panel and Bokeh pay on every change or every event, for nothing here.

`extension()` switches them off, for the served apps and the notebooks alike:

- Bokeh's "did you mean" suggestions (difflib) for a property looked up on a model that
  lacks it: Panel looks up every TapPad and HtmlBox property there, where it is no
  property, and nobody sees the error (0.4 ms an update).
- Panel's look-up of the page design's parameters (its stylesheets resolved afresh) for
  every change, used only when the change is to `stylesheets`: 0.1 ms of the 0.25 ms a
  Select's new value costs on the server, and of the 0.3 ms a panel shown or hidden costs.
  Panel 1.9 (`Reactive._update_properties`) reads the design only for `stylesheets`;
  `tests/ui/test_panel_costs.py` checks that our shortcut gives Panel's result.
- Panel's count of the events being handled (`pn.state.busy`, for a busy indicator): every
  tap adds one and takes it away again, and each of the 14 updates that takes unlocks and
  locks every parameter of `pn.state` (`edit_readonly`): 1.2 ms a tap, more than half of
  the bare app's server time. `BusyCount` keeps the same list and the same `busy` (and
  tells its watchers, as Panel does) with only `busy` unlocked, when it changes.
- Panel's wait of 50 ms (`Syncable._debounce`) before it handles a widget's new value from
  the browser, meant for values that come in streams (a slider dragged). A tap on an option
  (`OPTION_WIDGETS`: a radio button, a Select's choice, a check box) is one change: it
  waited those 50 ms on the server before anything was worked out (Dice Lab's "3 dice"
  showed its odds 57 ms after the tap, against 9 for a bare tap). Typed text still waits.
- Panel's handling of such a new value on the server sends each change it makes to the
  page as a message of its own (in a notebook it holds them into one): Dice Lab's "3 dice"
  sent four (the odds, the chart, the dice, the address), and the browser applied and
  laid out each. `_change_event_held` holds them into one, as a tap on a pad's are.
- A part's new `styles` (`set_styles`, for `companion.ui.shown`'s show and hide) went
  through Panel's whole update: references looked for inside the dict, its watchers, a
  layout's update of its children's sizing and a freeze of the document, 0.36 ms a
  change where the Bokeh model's own change is a fifth of that; a License to Kill step tap
  makes five to ten.
- And Panel handles the new value on the server's next turn, when the reply to the tap's
  message is being written: the page's changes then wait 10 ms more to be sent
  (`panel.io.document.schedule_write_events`). `_server_change_at_once` handles a tapped
  option within its message, as Panel handles a button's click.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

import panel as pn
import param
from bokeh.settings import settings as bokeh_settings
from panel.io.document import hold, unlocked
from panel.io.state import _state, set_curdoc, state
from panel.reactive import Reactive, Syncable

PANELS_UPDATE_PROPERTIES = Reactive._update_properties
_PANELS_CHANGE_EVENT = Syncable._change_event
_PANELS_SERVER_CHANGE = Syncable._server_change


def _update_properties(self: Reactive, *events: param.parameterized.Event, doc: Any) -> dict:
    if any(event.name == "stylesheets" for event in events):
        return PANELS_UPDATE_PROPERTIES(self, *events, doc=doc)
    return self._process_param_change({event.name: event.new for event in events})


def _change_event_held(self: Syncable, doc: Any) -> None:
    with hold(doc):
        _PANELS_CHANGE_EVENT(self, doc)


def _server_change_at_once(self: Syncable, doc: Any, ref: str, subpath: str | None,
                           attr: str, old: Any, new: Any) -> None:
    name = f"{subpath}.{attr}" if subpath else attr
    if (name in self._priority_changes and doc.session_context and state._unblocked(doc)
            and doc not in state._change_callbacks and not self._events
            and name not in self._changing.get(ref, [])):
        self._events = {name: new}
        with set_curdoc(doc):
            try:
                self._change_event(doc)
            except Exception as error:  # as Panel's own handling of a change
                state._handle_exception(error)
        return
    _PANELS_SERVER_CHANGE(self, doc, ref, subpath, attr, old, new)


class BusyCount:
    """Panel 1.9's `_state` busy-event methods, each keeping `_busy_counter` (the events
    being handled: id, start) and `busy` (whether there is one) as Panel's do."""

    PANELS_OWN: ClassVar[dict[str, Any]] = {name: getattr(_state, name) for name in
                  ("_add_busy_event", "_remove_busy_event", "_cleanup_busy_counter")}

    @staticmethod
    def _keep(state: _state, counter: list[tuple[str, float]]) -> None:
        # Only `_update_busy_counter` watches the list (to set `busy`, done here).
        state._param__private.values["_busy_counter"] = counter
        busy = bool(counter)
        if busy != state.busy:
            parameter = state.param["busy"]
            parameter.readonly = parameter.constant = False
            try:
                state.busy = busy
            finally:
                parameter.readonly = parameter.constant = True

    @staticmethod
    def _add_busy_event(state: _state, event_id: str) -> None:
        now = time.monotonic()
        BusyCount._keep(state, [*BusyCount._live(state, now), (event_id, now)])
        state._schedule_busy_cleanup()

    @staticmethod
    def _remove_busy_event(state: _state, event_id: str) -> None:
        state._cleanup_busy_counter(event_id)

    @staticmethod
    def _cleanup_busy_counter(state: _state, event_id: str | None = None,
                              timeout: float = 30.0) -> None:
        BusyCount._keep(state, BusyCount._live(state, time.monotonic(), event_id, timeout))

    @staticmethod
    def _live(state: _state, now: float, event_id: str | None = None,
              timeout: float = 30.0) -> list[tuple[str, float]]:
        return [(eid, started_at) for eid, started_at in state._busy_counter
                if now - started_at <= timeout and eid != event_id]


def set_styles(part: Reactive, styles: dict[str, Any]) -> None:
    """`part.styles = styles`. Where Panel itself would send the change at once (the page
    this thread is handling now, not a notebook: `Syncable._apply_update`), the parameter
    is set without telling its watchers and the part's Bokeh models are set directly.
    Panel's own way otherwise: another thread, a notebook, a part not drawn yet, a page's
    root, or a class that makes something else of its styles."""
    models = _models_to_set_now(part)
    if not models:
        part.styles = styles
        return
    with param.parameterized.discard_events(part):
        part.styles = styles
    for model in models:
        with unlocked():  # as Panel's: the changes reach the page with the tap's others
            model.styles = styles


_PLAIN_STYLES: dict[type, bool] = {}  # a class -> its styles reach its model as they are


def _models_to_set_now(part: Reactive) -> list[Any]:
    kind = type(part)
    if kind not in _PLAIN_STYLES:
        probe = {"color": "red"}  # a copy goes in: a class that changes it in place shows
        _PLAIN_STYLES[kind] = (kind._rename.get("styles", "styles") == "styles" and
                               part._process_param_change({"styles": dict(probe)}) ==
                               {"styles": probe})
    if not _PLAIN_STYLES[kind]:
        return []
    models = []
    for ref, (model, _parent) in part._models.items():
        view = state._views.get(ref)
        if view is None or ref in state._fake_roots:
            return []
        _viewable, root, doc, comm = view
        if comm is not None or model is root or not state._unblocked(doc):
            return []
        models.append(model)
    return models


# Widgets whose new value comes from one tap on an option, handled by Panel at once.
OPTION_WIDGETS = (pn.widgets.RadioButtonGroup, pn.widgets.RadioBoxGroup,
                  pn.widgets.CheckButtonGroup, pn.widgets.CheckBoxGroup, pn.widgets.Select,
                  pn.widgets.MultiSelect, pn.widgets.Checkbox, pn.widgets.Switch,
                  pn.widgets.Toggle)


def skip_unused_work() -> None:
    """Switch the costs off (idempotent)."""
    bokeh_settings.perform_error_diagnostics.set_value(False)
    Reactive._update_properties = _update_properties
    Syncable._change_event = _change_event_held
    Syncable._server_change = _server_change_at_once
    for name in BusyCount.PANELS_OWN:
        setattr(_state, name, getattr(BusyCount, name))
    for widget in OPTION_WIDGETS:
        value = widget._rename.get("value") or "value"  # its Bokeh model's name for it
        if value not in widget._priority_changes:
            widget._priority_changes = [*widget._priority_changes, value]
