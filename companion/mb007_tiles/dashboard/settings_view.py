"""A new match's settings: the players, the mode, the seats the app plays (tablet mode) and
the chips each team starts with, then the button that starts it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import panel as pn

from companion.mb007_tiles import rules
from companion.mb007_tiles.board import seat_names
from companion.ui import button, choice, heading
from companion.ui.theme import BUTTON_CSS, INPUT_CSS, NO_SPIN_CSS, TOUCH

WIDE = {"sizing_mode": "stretch_width"}


class SettingsView:
    """The settings as chosen when first shown (`chosen()`: players, mode, starting_chips);
    each change goes to `choose(name=value)`, the button to `start`. Built when first shown
    (`panel`);
    `show_seats(players, mode)` after a change of the players or the mode offers the seats
    of that many players, in tablet mode only."""

    def __init__(self, chosen: Callable[[], Mapping[str, Any]], choose: Callable[..., None],
                 start: Callable[[Any], None]):
        self.chosen, self.choose, self.start = chosen, choose, start
        self._bots: pn.widgets.CheckButtonGroup | None = None
        self._panel: pn.Column | None = None

    def panel(self) -> pn.Column:
        if self._panel is None:
            self._panel = self._build()
        return self._panel

    def _build(self) -> pn.Column:
        chosen = self.chosen()
        players = choice({f"{n} players": n for n in rules.PLAYER_COUNTS}, chosen["players"],
                         **WIDE)
        players.param.watch(lambda event: self.choose(players=event.new), "value")
        mode = choice({"Table: real bag": "table", "Tablet: the app draws": "tablet"},
                      chosen["mode"], **WIDE)
        mode.param.watch(lambda event: self.choose(mode=event.new), "value")
        bots = pn.widgets.CheckButtonGroup(options={}, value=[], height=TOUCH, **WIDE,
                                           color="primary", variant="outline",
                                           stylesheets=[BUTTON_CSS])
        bots.param.watch(lambda event: self.choose(bots=event.new), "value")
        self._bots = bots
        self.show_seats(chosen["players"], chosen["mode"])
        chips = pn.widgets.IntInput(label="Chips each team starts with (house rule)",
                                    value=chosen["starting_chips"], start=0, end=10_000,
                                    height=TOUCH + 20, stylesheets=[INPUT_CSS, NO_SPIN_CSS],
                                    **WIDE)
        chips.param.watch(lambda event: self.choose(starting_chips=event.new), "value")
        return pn.Column(
            heading("Players"), players, heading("Mode"), mode,
            heading("The app plays (tablet mode)"), bots, chips,
            button("Start a new match with these settings", self.start,
                   color="primary", **WIDE), **WIDE)

    def show_seats(self, players: int, mode: str) -> None:
        bots = self._bots
        if bots is None:
            return
        names = seat_names(players)
        bots.options = {name: seat for seat, name in enumerate(names)}
        bots.value = [b for b in bots.value if b < players]
        bots.disabled = mode != "tablet"
