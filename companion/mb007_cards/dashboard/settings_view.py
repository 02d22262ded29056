"""A new game's settings (cards, players, the bots' seats, the dealer, names, the house
readings) and the house rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import panel as pn

from companion.mb007_cards import rules
from companion.ui import button, choice, heading
from companion.ui.theme import INPUT_CSS

WIDE = {"sizing_mode": "stretch_width"}


def seat_options(players: int) -> dict[str, int]:
    """The seats of this player count, as the settings offer them."""
    return {f"Seat {i + 1}": i for i in range(players)}


def house_rules() -> pn.pane.HTML:
    items = "".join(f"<li>{escape(text)} <i>(house rule)</i></li>"
                    for text in rules.HOUSE_RULES.values())
    return pn.pane.HTML(f'<ul class="house-rules" style="font-size:1rem;line-height:1.4;'
                        f'padding-left:18px">{items}</ul>', sizing_mode="stretch_width")


class SettingsView:
    """The settings as chosen when drawn (`chosen()`: mode, players, bots, dealer); each
    change goes to `choose(name=value)`, the button to `start`. `panel()` draws them;
    `show_seats(players, bots, dealer)` offers the seats of a new player count to the last
    drawn (`seat_widgets`: the bots' seats and the dealer)."""

    def __init__(self, chosen: Callable[[], Mapping[str, Any]], choose: Callable[..., None],
                 start: Callable[[Any], None]):
        self.chosen, self.choose, self.start = chosen, choose, start
        self.seat_widgets: tuple = ()

    def panel(self) -> pn.Column:
        chosen, choose = self.chosen(), self.choose
        mode = choice({"Tablet deals": "tablet", "Real cards": "table"}, chosen["mode"], **WIDE)
        mode.param.watch(lambda event: choose(mode=event.new), "value")
        players = choice({str(n): n for n in range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)},
                         chosen["players"], **WIDE)
        players.param.watch(lambda event: choose(players=event.new), "value")
        bots = pn.widgets.CheckButtonGroup(
            options=seat_options(chosen["players"]), value=chosen["bots"],
            height=52, color="primary", variant="outline", **WIDE)
        bots.param.watch(lambda event: choose(bots=event.new), "value")
        dealer = choice(seat_options(chosen["players"]), chosen["dealer"], **WIDE)
        dealer.param.watch(lambda event: choose(dealer=event.new), "value")
        self.seat_widgets = (bots, dealer)
        names = pn.widgets.TextInput(placeholder="Ann, Bo, Cy, Di", height=72,
                                     label="Names (optional, by commas)",
                                     stylesheets=[INPUT_CSS], **WIDE)
        names.param.watch(lambda event: choose(names=event.new), "value")
        readings = pn.widgets.CheckButtonGroup(
            options={"Slot chosen before the draw (house rule)": "choose_first",
                     "A caught bluff stays unseen (house rule)": "hide_caught_bluff"},
            value=[], height=96, color="primary", variant="outline", orientation="vertical",
            **WIDE)
        readings.param.watch(lambda event: choose(
            choose_first="choose_first" in event.new,
            hide_caught_bluff="hide_caught_bluff" in event.new), "value")
        return pn.Column(
            heading("Cards"), mode, heading("Players"), players,
            heading("Seats the bots play (tablet mode)"), bots,
            heading("Who deals"), dealer, names, heading("Other readings"), readings,
            button("Start a new game with these settings", self.start,
                   color="primary", **WIDE), **WIDE)

    def show_seats(self, players: int, bots: list[int], dealer: int) -> None:
        for widget, value in zip(self.seat_widgets, (bots, dealer), strict=False):
            widget.param.update(options=seat_options(players), value=value)
