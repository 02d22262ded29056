"""Two costs Panel and Bokeh pay on every change of every component, for nothing here.

`extension()` switches both off, for the served apps and the notebooks alike:

- Bokeh's "did you mean" suggestions (difflib) for a property looked up on a model that
  lacks it: Panel looks up every TapPad and HtmlBox property there, where it is no
  property, and nobody sees the error (0.4 ms an update).
- Panel's look-up of the page design's parameters (its stylesheets resolved afresh) for
  every change, used only when the change is to `stylesheets`: 0.1 ms of the 0.25 ms a
  Select's new value costs on the server, and of the 0.3 ms a panel shown or hidden costs.
  Panel 1.9 (`Reactive._update_properties`) reads the design only for `stylesheets`;
  `tests/ui/test_panel_costs.py` checks that our shortcut gives Panel's result.
"""

from __future__ import annotations

from typing import Any

import param
from bokeh.settings import settings as bokeh_settings
from panel.reactive import Reactive

_PANELS_OWN = Reactive._update_properties


def _update_properties(self: Reactive, *events: param.parameterized.Event, doc: Any) -> dict:
    if any(event.name == "stylesheets" for event in events):
        return _PANELS_OWN(self, *events, doc=doc)
    return self._process_param_change({event.name: event.new for event in events})


def skip_unused_work() -> None:
    """Switch both costs off (idempotent)."""
    bokeh_settings.perform_error_diagnostics.set_value(False)
    Reactive._update_properties = _update_properties
