"""A part hidden by `set_shown` is not measured by Bokeh in the browser
(`companion.ui.shown.MEASURE_SHOWN_PARTS_JS`), and what is shown is still measured right:
License to Kill's page, whose step panels wait hidden on the page."""

import pytest
from playwright.sync_api import Page, expect

from tests.license_to_kill.test_app import WAIT, ann_and_bob_set_up, go_to

pytestmark = pytest.mark.browser

# Counts every view whose own box Bokeh reads, by whether it sits inside a hidden part
# (an element with `content-visibility: hidden` above it, in any shadow root).
COUNT_MEASURES = """() => {
  const {UIElementView} = Bokeh.require("models/ui/ui_element");
  const view = UIElementView.prototype;
  const inHidden = (el) => {
    for (let node = el.parentNode; node; node = node.parentNode || node.host) {
      if (node.style && node.style.contentVisibility === "hidden") return true;
    }
    return false;
  };
  window.measured = {inside: 0, shown: 0};
  if (!view._update_bbox.counted) {
    const measure = view._update_bbox;
    view._update_bbox = function () {
      window.measured[inHidden(this.el) ? "inside" : "shown"] += 1;
      return measure.call(this);
    };
    view._update_bbox.counted = true;
  }
}"""

# Every displayed view whose box Bokeh keeps differs from where the browser drew it
# (Panel's ReactiveESM views, our pads, keep no box: 0 by 0 wherever they are).
MISPLACED = """() => {
  const wrong = [];
  const walk = (v) => {
    if (!(v.el instanceof Element)) return;  // a view drawing nothing (a callback's)
    if (v.el.checkVisibility() && v.parent && !v.model.type.endsWith("ReactiveESM")) {
      const own = v.el.getBoundingClientRect(), parent = v.parent.el.getBoundingClientRect();
      const box = v.bbox;
      if (Math.abs(box.height - Math.floor(own.height)) > 1 ||
          Math.abs(box.top - Math.round(own.top - parent.top)) > 1) {
        wrong.push(`${v.model.type} ${box.top},${box.height} != ${own.top - parent.top},` +
                   `${own.height}`);
      }
    }
    for (const child of (v.child_views || [])) walk(child);
  };
  for (const root of Object.values(Bokeh.index)) walk(root);
  return wrong;
}"""


def test_a_step_tap_measures_no_view_inside_a_hidden_step_panel(served, page: Page):
    ann_and_bob_set_up(page, served)
    page.wait_for_function("() => window.Bokeh && Bokeh.require('models/layouts/layout_dom')"
                           ".LayoutDOMView.prototype.update_bbox.measuresShownPartsOnly")
    hidden = page.locator("[style*='content-visibility: hidden']")
    expect(hidden.first).to_be_attached(timeout=WAIT)  # the step panels built, hidden
    page.evaluate(COUNT_MEASURES)
    for step in ("Develop Plot Zone", "Henchman Attack", "Assignment Briefing"):
        if step == "Henchman Attack":
            page.get_by_role("button", name="The Plot Draw Pile is empty: no Plot card "
                             "this turn").click()
            expect(page.locator(".status")).to_contain_text(step, timeout=WAIT)
        else:
            go_to(page, step)
        page.wait_for_timeout(300)  # the resize observers have run
        assert page.evaluate(MISPLACED) == []
    measured = page.evaluate("() => window.measured")
    assert measured["shown"] > 0 and measured["inside"] == 0, measured
