"""The review's counts against chance on the page (`core.tally`): a heading, the verdict in
words and a bar of each kind against a dash at its mark (its summed chances; for dice,
their expected count)."""

from __future__ import annotations

from html import escape

import holoviews as hv
import holoviews.plotting.bokeh  # the styling options below are Bokeh's
import panel as pn

from companion.core.tally import Tally

WIDE = {"sizing_mode": "stretch_width"}
BAR_COLOUR, EXPECTED_COLOUR = "#8a1c1c", "#1a1a1a"
SIDE_BY_SIDE_CHARACTERS = 40  # the kinds' names that fit under a chart 400 px wide
SLANTED_LABELS_HEIGHT = 80  # px more for names slanted under the bars


def tally_chart(tally: Tally, kind_name: str) -> hv.Overlay:
    """How often each kind came up (bars), and its mark (a dash on each)."""
    kinds = [str(kind) for kind in tally.counts]
    bars = hv.Bars(list(zip(kinds, tally.counts.values(), strict=True)), kind_name, "times")
    expected = hv.Scatter([(str(kind), float(value)) for kind, value in tally.expected.items()],
                          kind_name, "times")
    # The dash drawn twice, wide and light under narrow and dark, so that it shows both on
    # a bar and on the page's white.
    label = f"{kind_name} (dash: {tally.against})"
    # Long names side by side ran into each other (Golden Gun's nine blue cards): slanted,
    # each reads on its own, and the chart grows to hold them.
    slanted = sum(len(kind) for kind in kinds) > SIDE_BY_SIDE_CHARACTERS
    return (bars.opts(color=BAR_COLOUR, xlabel=label, responsive=True,
                      height=200 + (SLANTED_LABELS_HEIGHT if slanted else 0),
                      xrotation=40 if slanted else 0, toolbar=None, default_tools=[])
            * expected.clone().opts(marker="dash", size=38, line_width=7, color="#ffffff")
            * expected.opts(marker="dash", size=36, line_width=3, color=EXPECTED_COLOUR))


class TallyView(pn.viewable.Viewer):
    """One tally: `show` it, or a note in its place, or nothing."""

    def __init__(self, css_class: str, kind_name: str = ""):
        super().__init__()
        self._kind_name = kind_name  # what a bar is: "die face"; else the tally's noun
        self._css_class = css_class
        self._words = pn.pane.HTML(**WIDE)
        self._chart = pn.pane.HoloViews(None, visible=False, **WIDE)

    def show(self, tally: Tally | None, note: str = "") -> None:
        """`tally` with its heading, its verdict and its chart; without one, `note` alone."""
        if tally is not None and tally.total:
            self._words.object = (f'<h3 class="{self._css_class}" style="font-size:1.1rem">'
                                  f"The {escape(tally.many)}</h3>"
                                  f"<p>{escape(tally.verdict())}</p>"
                                  f'<p style="font-size:0.9rem">{escape(tally.how())}</p>')
            self._chart.object = tally_chart(tally, self._kind_name or tally.one)
            self._chart.visible = True
        else:
            self._words.object = f"<p>{escape(note)}</p>" if note else ""
            self._chart.visible = False

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(self._words, self._chart, **WIDE)
