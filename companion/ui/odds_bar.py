"""An exact chance shown as a bar, a percentage and the fraction behind it."""

from __future__ import annotations

from fractions import Fraction
from html import escape

import panel as pn
import param

from companion.core.dice import percent
from companion.ui.tap_pad import HtmlBox

# The bar's colour says whether the chance is of something the player wants.
OUTCOME_COLORS = {"good": "#2e7d32", "bad": "#c62828", "neutral": "#546e7a"}


def exact_words(chance: Fraction) -> str:
    """The exact chance as a person writes it: '7/12', and 'certain' or 'no chance' rather
    than '1/1' or '0/1'.

    >>> exact_words(Fraction(7, 12)), exact_words(Fraction(1)), exact_words(Fraction(0))
    ('7/12', 'certain', 'no chance')
    """
    if chance == 1:
        return "certain"
    if chance == 0:
        return "no chance"
    return f"{chance.numerator}/{chance.denominator}"


def odds_html(label: str, chance: Fraction, detail: str = "", outcome: str = "good") -> str:
    """The markup of one odds bar; usable from any pane.

    `outcome` is "good" (green), "bad" (red) or "neutral" (grey), from the player's side.
    """
    color = OUTCOME_COLORS[outcome]
    width = float(chance) * 100
    exact = exact_words(chance)
    note = f'<div style="font-size:0.9rem;opacity:0.8">{escape(detail)}</div>' if detail else ""
    return (
        '<div class="odds" style="margin:4px 0">'
        f'<div style="display:flex;justify-content:space-between;font-size:1.05rem">'
        f"<span>{escape(label)}</span>"
        f'<span style="white-space:nowrap"><b style="font-size:1.3rem">{percent(chance)}</b> '
        f'<span style="opacity:0.75">({exact})</span></span>'
        "</div>"
        '<div style="height:14px;border-radius:7px;background:rgba(127,127,127,0.25)">'
        f'<div style="height:14px;border-radius:7px;width:{width:.2f}%;'
        f'background:{color}"></div></div>'
        f"{note}</div>"
    )


class OddsBar(pn.viewable.Viewer):
    """One odds bar that follows its parameters, drawn in an `HtmlBox`: as a Panel HTML
    pane bound to them, a new chance (Dice Lab's '3 dice') was drawn anew by the browser,
    which laid out the whole page again (`docs/performance.md`)."""

    label = param.String(default="Chance")
    chance = param.ClassSelector(class_=Fraction, default=Fraction(0))
    detail = param.String(default="")
    outcome = param.Selector(default="good", objects=list(OUTCOME_COLORS))

    def __init__(self, **params) -> None:
        super().__init__(**params)
        self._box = HtmlBox(sizing_mode="stretch_width", margin=(4, 8))
        self.param.watch(self._draw, ["label", "chance", "detail", "outcome"])
        self._draw()

    @property
    def html(self) -> str:
        """What the bar shows now (for tests and notebooks)."""
        return self._box.html

    def _draw(self, *_events) -> None:
        self._box.html = odds_html(self.label, self.chance, self.detail, self.outcome)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._box
