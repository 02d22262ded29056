"""Dice Lab on a tablet: set up a check, see the exact odds, roll, keep the history."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from html import escape
from typing import Any

import panel as pn
import param

from companion.core.dice import total_distribution
from companion.core.errors import CompanionError
from companion.dice_lab import GAME, rules
from companion.dice_lab.engine import Check, DiceLabState
from companion.dice_lab.odds import succeeds
from companion.ui import (
    PANE_MARGIN,
    TOUCH,
    Counter,
    DicePad,
    GameDashboard,
    HtmlBox,
    OddsBar,
    button,
    choice,
    heading,
    odds_html,
    page,
    section,
)
from companion.ui.address import AddressQuery
from companion.ui.dice_pad import APP, REAL
from companion.ui.theme import INPUT_CSS

SUCCESS, FAILURE = "#2e7d32", "#9e9e9e"
ODDS_LABEL = "Chance of success"
# The check being set up lives in the page's address (`?check=...`), so a reload keeps it.
SETUP_ARG, MAX_SETUP_CHARS = "check", 2000


# The chart of every total (an SVG drawn in an HtmlBox, in the viewBox's units). As a
# HoloViews chart, a change of the check (a die more, the target up) kept the server 45 ms
# redrawing it, and the check's new odds waited for it: 35-56 ms to show unthrottled,
# against 9 for a tap of the bare app.
CHART_WIDTH, CHART_HEIGHT = 460, 250
CHART_LEFT, CHART_RIGHT, CHART_TOP, CHART_BOTTOM = 48, 8, 16, 46


def totals_chart_html(n_dice: int, goal: str, target: int, modifier: int) -> str:
    """Every total of `n_dice` dice and its chance, as bars: green where the check succeeds
    (the total plus `modifier` against `target`), grey where it fails; each bar's percent
    above it. No hover needed, and the same on a phone."""
    chances = [(total, float(p) * 100) for total, p in total_distribution(n_dice).items()]
    top = max(percent for _, percent in chances) * 1.2  # room for the tallest bar's label
    step = next(s for s in (1, 2, 5, 10, 20, 50) if top / s <= 6)  # at most 6 ticks
    high = step * math.ceil(top / step)
    plot_width = CHART_WIDTH - CHART_LEFT - CHART_RIGHT
    plot_height = CHART_HEIGHT - CHART_TOP - CHART_BOTTOM
    slot = plot_width / len(chances)
    bottom = CHART_TOP + plot_height

    def to_y(percent: float) -> float:
        return round(bottom - plot_height * percent / high, 1)

    parts = [f'<line x1="{CHART_LEFT}" y1="{CHART_TOP}" x2="{CHART_LEFT}" y2="{bottom}" '
             'stroke="grey"/>',
             f'<line x1="{CHART_LEFT}" y1="{bottom}" x2="{CHART_WIDTH - CHART_RIGHT}" '
             f'y2="{bottom}" stroke="grey"/>']
    for tick in range(0, int(high) + 1, step):
        parts.append(f'<text x="{CHART_LEFT - 6}" y="{to_y(tick) + 4}" text-anchor="end" '
                     f'font-size="12" fill="currentColor">{tick}</text>')
    label_size = 10 if slot >= 16 else 8
    every = 1 if len(chances) <= 8 else 2
    for index, (total, percent) in enumerate(chances):
        x = CHART_LEFT + slot * index
        colour = SUCCESS if succeeds(total, target, goal, modifier) else FAILURE
        parts.append(f'<rect x="{x + slot * 0.1:.1f}" y="{to_y(percent)}" '
                     f'width="{slot * 0.8:.1f}" height="{bottom - to_y(percent):.1f}" '
                     f'fill="{colour}"/>')
        middle = f"{x + slot / 2:.1f}"
        parts.append(f'<text x="{middle}" y="{to_y(percent) - 3}" text-anchor="middle" '
                     f'font-size="{label_size}" fill="grey">{percent:.0f}</text>')
        if total % every == 0:
            parts.append(f'<text x="{middle}" y="{bottom + 16}" text-anchor="middle" '
                         f'font-size="12" fill="currentColor">{total}</text>')
    parts.append(f'<text x="{CHART_LEFT + plot_width / 2}" y="{CHART_HEIGHT - 6}" '
                 'text-anchor="middle" font-size="12" font-style="italic" '
                 'fill="currentColor">dice total</text>')
    parts.append(f'<text transform="translate(14 {CHART_TOP + plot_height / 2}) rotate(-90)" '
                 'text-anchor="middle" font-size="12" font-style="italic" '
                 'fill="currentColor">% of rolls</text>')
    name = (f"The chance of each total of {n_dice} {'die' if n_dice == 1 else 'dice'}: "
            "green totals succeed, grey ones fail")
    # data-key: the chart of another number of dice is drawn anew, not morphed bar by bar.
    return (f'<svg class="totals-chart" data-key="{n_dice}" '
            f'viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" '
            f'width="100%" role="img" aria-label="{name}">{"".join(parts)}</svg>')


LINK_CHECK_UNREAD = ("The link's check could not be read (it is not one this page wrote): "
                     "the check is as set up on screen.")


def setup_query(check: Check, real_dice: bool) -> str:
    """The check on screen as the address keeps it: short JSON."""
    return json.dumps({"n": check.n_dice, "t": check.target, "g": check.goal,
                       "m": [list(m) for m in check.modifiers], "real": real_dice},
                      separators=(",", ":"))


def setup_from_query(raw: str) -> tuple[Check, bool] | None:
    """The check an address keeps, or None when it holds anything but a valid check.

    >>> setup_from_query(setup_query(Check(3, 9, "at least", (("guard", 2),)), True))
    (Check(n_dice=3, target=9, goal='at least', modifiers=(('guard', 2),), dice=None), True)
    >>> setup_from_query('{"n": 9}') is None, setup_from_query("[") is None
    (True, True)
    """
    if not raw or len(raw) > MAX_SETUP_CHARS:
        return None
    try:
        data: Any = json.loads(raw)
        n, target, goal, mods, real = (data["n"], data["t"], data["g"], data["m"],
                                       data["real"])
        if not (_is_int(n) and _is_int(target) and isinstance(goal, str)
                and isinstance(mods, list) and isinstance(real, bool)
                and all(isinstance(m, list) and len(m) == 2 and isinstance(m[0], str)
                        and _is_int(m[1]) for m in mods)):
            return None
        check = Check(n, target, goal, tuple((label, value) for label, value in mods))
        check.validate()
    except (ValueError, TypeError, KeyError, RecursionError, CompanionError):
        return None  # RecursionError: a link of a thousand nested brackets
    return check, real


def check_detail(check: Check) -> str:
    """The words under a check's odds bar: '2 dice, at most 7 (guard +4)'."""
    return check.describe() + ("" if check.modifiers else ", no modifiers")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class DiceLabDashboard(GameDashboard):
    game = GAME

    n_dice = param.Integer(default=2, bounds=(1, 6))
    goal = param.Selector(default="at most", objects=list(rules.GOALS))
    modifiers = param.List(default=[], doc="(label, value) pairs added to the dice.")

    def __init__(self, **params):
        super().__init__(**params)
        self.target = Counter(label="Target", value=7, low=rules.TARGET_RANGE.start,
                              high=rules.TARGET_RANGE.stop - 1)
        self.new_label = pn.widgets.TextInput(placeholder="name, e.g. guard", height=TOUCH + 8,
                                              stylesheets=[INPUT_CSS], min_width=110,
                                              sizing_mode="stretch_width")
        self.new_value = Counter(label="Modifier", value=4, low=rules.MODIFIER_RANGE.start,
                                 high=rules.MODIFIER_RANGE.stop - 1)
        self.odds = OddsBar(label=ODDS_LABEL)
        self.chart = HtmlBox(margin=PANE_MARGIN, sizing_mode="stretch_width")
        self.dice = DicePad(self.roll, verb="Roll")
        # Redrawn in place after every roll (a Panel HTML pane had the browser lay out the
        # whole page again: 1.2 ms of a roll's 3.5 ms of page work at 4x CPU throttling).
        self.verdict = HtmlBox(html=self._verdict_html(), margin=PANE_MARGIN,
                               sizing_mode="stretch_width")
        self.param.watch(lambda _event: setattr(self.verdict, "html", self._verdict_html()),
                         "revision")
        self.param.watch(self._refresh_odds, ["n_dice", "goal", "modifiers"])
        self.target.param.watch(self._refresh_odds, "value")
        self.param.watch(lambda e: setattr(self.dice, "n_dice", e.new), "n_dice")
        self.address = AddressQuery(key=SETUP_ARG)
        self._restore_setup()
        self.param.watch(self._remember_setup, ["n_dice", "goal", "modifiers"])
        self.target.param.watch(self._remember_setup, "value")
        self.dice.param.watch(self._remember_setup, "mode")
        self._refresh_odds()

    def _restore_setup(self) -> None:
        """The check the address keeps (after a reload), if it holds a valid one."""
        raw = pn.state.session_args.get(SETUP_ARG, [b""])[0] if pn.state.curdoc else b""
        found = setup_from_query(raw[: MAX_SETUP_CHARS + 1].decode("utf-8", "replace"))
        if found is None:
            if raw:
                self.message = LINK_CHECK_UNREAD
            return
        check, real = found
        self.param.update(n_dice=check.n_dice, goal=check.goal,
                          modifiers=list(check.modifiers))
        self.target.value = check.target
        self.dice.n_dice = check.n_dice
        self.dice.mode = REAL if real else APP

    def _remember_setup(self, *_events) -> None:
        self.address.keep(setup_query(self.check(), self.dice.mode == REAL))

    def check(self) -> Check:
        """The check as set up on screen, dice still to come."""
        return Check(self.n_dice, self.target.value, self.goal, tuple(self.modifiers))

    def roll(self, dice: tuple[int, ...] | None) -> None:

        self.act(replace(self.check(), dice=dice))

    def add_modifier(self, _event=None) -> None:
        label = self.new_label.value.strip()
        if not label:
            self.message = "Give the modifier a name first (for example: guard)."
            return
        self.modifiers = [*self.modifiers, (label[: rules.MAX_LABEL], self.new_value.value)]
        self.new_label.value = ""

    def remove_modifier(self, index: int) -> None:
        self.modifiers = [m for i, m in enumerate(self.modifiers) if i != index]

    def _refresh_odds(self, *_events) -> None:
        check = self.check()
        self.odds.param.update(chance=check.chance, detail=check_detail(check))
        self.chart.html = totals_chart_html(check.n_dice, check.goal, check.target,
                                            check.modifier)

    def replay_advice(self, state: DiceLabState, coming: Check | None) -> str:
        """The odds of the next check as it was set up before its roll (its dice unread)."""
        if coming is None:
            return ""
        return "<p>The next check, set up before its roll:</p>" + odds_html(
            ODDS_LABEL, coming.chance, check_detail(coming))

    # Views.

    def _modifier_list(self):
        rows = [
            pn.Row(pn.pane.Markdown(f"**{escape(label)}** {value:+d}", align="center"),
                   button("✕ remove", lambda _, i=i: self.remove_modifier(i), width=120))
            for i, (label, value) in enumerate(self.modifiers)
        ]
        return pn.Column(*rows, margin=0) if rows else pn.pane.Markdown("None yet.", margin=(0, 8))

    def _verdict_html(self) -> str:
        event = self.session.state.last_event
        if event is None:
            return '<div class="verdict">Set up the check, then roll.</div>'
        color = SUCCESS if event.outcome == "success" else "#b71c1c"
        word = "Success" if event.outcome == "success" else "Failure"
        return (f'<div class="verdict" style="font-size:1.25rem;border-left:6px solid {color};'
                f'padding:6px 12px"><b style="color:{color}">{word}.</b> '
                f"{escape(event.text)}</div>")

    def __panel__(self):
        wide = {"sizing_mode": "stretch_width"}
        n_dice = choice({f"{n} {'die' if n == 1 else 'dice'}": n for n in rules.DICE_RANGE},
                        self.n_dice, short=True, **wide)
        n_dice.link(self, value="n_dice")
        goal = choice({"Roll at most the target": "at most",
                       "Roll at least the target": "at least"}, self.goal, **wide)
        goal.link(self, value="goal")
        add_row = pn.Column(self.new_label, pn.Row(self.new_value, button(
            "Add modifier", self.add_modifier, sizing_mode="stretch_width")), **wide)
        setup = section(
            "The check", n_dice, goal, self.target,
            heading("Modifiers"), pn.bind(lambda _m: self._modifier_list(), self.param.modifiers),
            add_row, self.odds, self.address,
        )
        play = section(
            "Roll", self.watching_note() if self.watching else self.dice, self.message_view(),
            self.verdict,
            heading("History"), self.log,
        )
        chart = section("Every total and its chance", self.chart)
        saved = self.saved_games_section()
        return page("Dice Lab", setup, play, chart, self.review_section(), saved)
