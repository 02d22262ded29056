"""Who plays (two at the table, or against the bot), the match mode and the house rules of
the next new match. The "Who plays" choice is also offered before the toss."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import panel as pn

from companion.golden_goal.dashboard.words import (
    BOT_TEAMS,
    HOUSE_DEFAULTS,
    HOUSE_RULES,
    MATCH_TEXT,
    last_chance_reading,
)
from companion.ui import TOUCH, button, choice, heading
from companion.ui.theme import BUTTON_CSS

WIDE = {"sizing_mode": "stretch_width"}


class SettingsView:
    """The new match's settings: `players` (who plays, as chosen now), `match()` and
    `house()` read the mode and the house rules chosen so far, `change(players=...)`,
    `change(match=...)` and `change(house=...)` choose them, and `start` starts a new match
    with them."""

    def __init__(self, players: str, match: Callable[[], str], house: Callable[[], dict],
                 change: Callable[..., None], start: Callable[[Any], None]) -> None:
        self.match, self.house, self.change, self.start = match, house, change, start
        self.players_choice = pn.widgets.RadioButtonGroup(
            options=list(BOT_TEAMS), value=players, orientation="vertical",
            height=len(BOT_TEAMS) * TOUCH, color="primary", variant="outline",
            stylesheets=[BUTTON_CSS], **WIDE)
        self.players_choice.param.watch(lambda e: change(players=e.new), "value")

    def show_players(self, players: str) -> None:
        self.players_choice.value = players

    def panel(self) -> pn.Column:
        """The settings, built with the page and shown when their section is opened."""
        match = choice({text.split(":")[0]: mode for mode, text in MATCH_TEXT.items()},
                       self.match(), **WIDE)
        match.param.watch(lambda e: self.change(match=e.new), "value")
        rows = [heading("Who plays"), self.players_choice, heading("Match"), match,
                pn.pane.HTML(f"<b>{escape(last_chance_reading())}</b> <i>(house rule)</i>",
                             **WIDE)]
        for key, (label, values) in HOUSE_RULES.items():
            widget = choice(values, HOUSE_DEFAULTS[key], **WIDE)
            widget.param.watch(lambda e, k=key: self.set_house(k, e.new), "value")
            rows += [pn.pane.HTML(f"<b>{escape(label)}</b> <i>(house rule)</i>", **WIDE),
                     widget]
        rows.append(button("Start a new match with these settings", self.start,
                           color="primary", **WIDE))
        return pn.Column(*rows, **WIDE)

    def set_house(self, key: str, value: Any) -> None:
        """One house rule for the next match; a rule back at its default is left out."""
        house = dict(self.house())
        if value == HOUSE_DEFAULTS[key]:
            house.pop(key, None)
        else:
            house[key] = value
        self.change(house=house)
