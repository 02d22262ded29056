"""Showing and hiding a part of the page without laying the page out again.

Panel's `visible` and a change of a layout's `objects` both make Bokeh lay out the whole
page in the browser: every view's stylesheets rewritten and measured (7 such layouts took
42 ms of a Goldfinger tap). And a panel taken out of a layout loses its Bokeh models: put
back, it is built again from nothing, on the server and in the browser (a License to Kill
step panel: 20-90 ms of server time and a 20-33 KB message on every step tap).

A change of the part's `styles` does neither: Bokeh applies it to the element alone. So
`set_shown` hides a part that comes back (its models and the browser's views stay, nothing
is sent again), and a `PanelDeck` keeps every panel it has shown once (or all of them,
built after the first render) and shows the ones asked for.

A hidden part is still in the browser's page: it must not hold anything secret (a chosen
face-down card); clear such a choice before hiding its panel.

Bokeh still measured a hidden part's views: after any part of the page changes size, it
reads the box of every view on the page, hidden or not, once for each view that resized
and once more from the top (`LayoutDOMView.update_bbox`). `MEASURE_SHOWN_PARTS_JS`, run
on every served page (`companion.ui.template.page`), stops that walk at a hidden part:
its own box is still read (0 high), its contents' are not until it is shown again, when
it resizes and Bokeh measures it afresh. License to Kill's step panels, hidden, are 70 of
the page's 111 views: at 4x CPU throttling a step tap reached its frame 7 ms sooner
(50 -> 42 ms, 30 taps alternated with and without).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import panel as pn

from companion.ui.panel_costs import set_styles

# Hidden, a part keeps its looks and layout worked out (`content-visibility: hidden`) and
# takes no room: shown again, only it is laid out, where from `display: none` the browser
# worked out the looks of everything in it again (a License to Kill step panel: 4-8 ms
# against 1 ms). Its contents are not drawn, not focusable, not read out. `max-height`
# too: a widget's own height (a Select's, 76 px) outweighed `height: 0`, and two hidden
# Selects left a blank gap of 150 px in License to Kill's On Assignment.
HIDDEN_STYLES = {"content-visibility": "hidden", "height": "0", "min-height": "0",
                 "max-height": "0", "overflow": "hidden", "margin": "0", "padding": "0",
                 "border": "0"}
_SHOWN_STYLES = dict.fromkeys(HIDDEN_STYLES)  # None removes each inline style

# Bokeh's `LayoutDOMView.update_bbox` measures the view's children, then the view itself
# (`_update_bbox`), then marks its layout shown or not; for a hidden part, the last two
# alone. Installed once per page; left out if a Bokeh version lacks what it calls (the
# browser test in `tests/ui/test_shown_served.py` then fails, and the page works as before).
MEASURE_SHOWN_PARTS_JS = """
const {LayoutDOMView} = Bokeh.require("models/layouts/layout_dom");
const view = LayoutDOMView.prototype;
if (!view.update_bbox.measuresShownPartsOnly && typeof view._update_bbox === "function") {
  const measureAll = view.update_bbox;
  view.update_bbox = function () {
    if (this.el.style.contentVisibility !== "hidden") {
      return measureAll.call(this);
    }
    const changed = this._update_bbox();
    if (this.layout != null) {
      this.layout.visible = this.is_displayed;
    }
    return changed;
  };
  view.update_bbox.measuresShownPartsOnly = true;
}
"""


def is_shown(part: pn.viewable.Viewable) -> bool:
    return part.visible and part.styles.get("content-visibility") != "hidden"


def set_shown(part: pn.viewable.Viewable, shown: bool) -> None:
    """Show or hide `part` by its inline CSS; an unchanged state sends nothing."""
    if is_shown(part) != shown:
        set_styles(part, {**part.styles, **(_SHOWN_STYLES if shown else HIDDEN_STYLES)})


class PanelDeck(pn.Column):
    """A Column over a fixed list of panels, in that order: `show(panels)` shows those and
    hides the others. A panel joins the page the first time it is shown (so none is built
    before it is needed) and stays, hidden when not asked for."""

    def __init__(self, panels: Sequence[pn.viewable.Viewable], **params: Any) -> None:
        super().__init__(**params)
        self._order = list(panels)

    @property
    def panels(self) -> list[pn.viewable.Viewable]:
        """Every panel the deck may show, in order, whether it has joined the page yet or
        not."""
        return list(self._order)

    def show(self, panels: Iterable[pn.viewable.Viewable]) -> None:
        wanted = {id(panel) for panel in panels}
        present = {id(panel) for panel in self.objects}
        joined = [panel for panel in self._order if id(panel) in wanted | present]
        for panel in joined:
            set_shown(panel, id(panel) in wanted)
        if [id(panel) for panel in joined] != [id(panel) for panel in self.objects]:
            self.objects = joined

    def join_all(self) -> None:
        """Every panel on the page, those not shown now hidden: called once nobody waits
        for the page (after its first render), so that no tap pays for building one."""
        for panel in self._order:
            if panel not in self.objects:
                set_shown(panel, False)
        if [id(panel) for panel in self._order] != [id(panel) for panel in self.objects]:
            self.objects = list(self._order)

    def shown(self) -> list[pn.viewable.Viewable]:
        """The panels on screen now, top to bottom."""
        return [panel for panel in self.objects if is_shown(panel)]
