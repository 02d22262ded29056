"""A new game's choices: tracker or map mode, who plays (two people, or one side against a
bot), the board (the sample or a group's own file) and the house rules.

The widgets show the current game's choices (`sync`, without acting on them); a change
goes to `choose_setup`, which restarts a game still in set-up (the dashboard's).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import panel as pn

from companion.goldfinger.board import MAX_OPTION_BYTES, SAMPLE_MAP
from companion.goldfinger.dashboard.parts import WIDE, Hooks, note
from companion.goldfinger.dashboard.words import (
    BOARD_FILE_TEXT,
    HOUSE_TEXT,
    MAP,
    NO_BOTS_TEXT,
    TRACKER,
    TWO,
    VS_BOND,
    VS_ENEMY,
)
from companion.ui import PanelDeck, button, download_button, file_input, heading
from companion.ui.choices_pad import Choice, ChoicesPad
from companion.ui.plain import notice_html


class SetupForm:
    """The "Game set-up" section's widgets, by name (`widgets["box"]` is the section body).
    A choice tapped calls `choose_setup(**changes)`, a board file loaded
    `load_board_file(raw, name)`."""

    def __init__(self, hooks: Hooks, choose_setup: Callable[..., None],
                 load_board_file: Callable[[bytes | None, str | None], None]):
        self.hooks, self.choose_setup = hooks, choose_setup
        self.load_board_file = load_board_file
        self._syncing = False
        self.widgets = self._build()

    def _build(self) -> dict[str, Any]:
        picks = self.hooks.picks()
        mode = ChoicesPad([Choice("mode", {TRACKER: TRACKER, MAP: MAP})], {"mode": picks.mode},
                          lambda _key, value: self.changed(mode=value))
        players = ChoicesPad([Choice("players", {who: who for who in (TWO, VS_ENEMY, VS_BOND)},
                                     heading="Who plays")], {"players": picks.players},
                             lambda _key, value: self.changed(players=value))
        upload = file_input("Your own board (a JSON or YAML file)", ".json,.yaml,.yml",
                            **WIDE)
        upload.param.watch(lambda ev: self.load_board_file(upload.value, upload.filename),
                           "value")
        sample = button("Use the sample board", lambda _: self.changed(board_data=None),
                        **WIDE)
        widgets: dict[str, Any] = {
            "mode": mode, "players": players, "upload": upload, "sample": sample,
            "no_bots": pn.pane.Markdown(NO_BOTS_TEXT, **WIDE),
            # The board's name and errors come from a file: HTML panes of escaped text.
            "board_name": pn.pane.HTML("", **WIDE),
            "board_error": pn.pane.HTML("", visible=False, **WIDE),
            "house": ChoicesPad(
                [Choice(key, {"Yes": True, "No": False}, label=f"<b>house rule:</b> "
                        f"{escape(text)}", beside=True) for key, text in HOUSE_TEXT.items()],
                picks.house, lambda key, value: self.changed(**{key: value})),
        }
        # Map mode's rows join the page the first time they are shown (`sync`): a tracker
        # game's page never builds them.
        widgets["map_rows_contents"] = pn.Column(
            players.pad, heading("The board"), widgets["board_name"],
            note(BOARD_FILE_TEXT.format(kb=MAX_OPTION_BYTES // 1000)),
            upload, widgets["board_error"], sample,
            download_button("Download the sample board's file", file=str(SAMPLE_MAP),
                            filename="goldfinger_board.json"), margin=0, **WIDE)
        widgets["map_rows"] = PanelDeck([widgets["map_rows_contents"]], margin=0, **WIDE)
        rows: list[Any] = [pn.pane.Markdown(
            "Tracker mode: you move on your own board and tell the app how far. Map mode: the "
            "app knows the board (the sample, or one you load); tap the map to move, and a bot "
            "can play one side.", **WIDE), mode.pad, widgets["no_bots"], widgets["map_rows"],
            heading("House rules (the rulebook is silent)"), widgets["house"].pad]
        rows.append(pn.pane.Markdown("These choices apply until turn 1 begins (changing one "
                                     "restarts the set-up); later, start a new game under "
                                     "Saved games.", **WIDE))
        widgets["box"] = pn.Column(*rows, **WIDE)
        return widgets

    def changed(self, **changes: Any) -> None:
        """A choice tapped (not one `sync` made): the dashboard applies it."""
        if not self._syncing:
            with pn.io.hold():
                self.choose_setup(**changes)

    def sync(self) -> None:
        """The set-up widgets show this game's choices (without acting on them)."""
        picks, widgets, self._syncing = self.hooks.picks(), self.widgets, True
        try:
            widgets["mode"].show(mode=picks.mode)
            widgets["players"].show(players=picks.players)
            widgets["house"].show(**picks.house)
            on_map = picks.mode == MAP
            widgets["map_rows"].visible = on_map
            widgets["map_rows"].show([widgets["map_rows_contents"]] if on_map else [])
            widgets["no_bots"].visible = not on_map
            shown = self.hooks.state().board
            widgets["board_name"].object = f"<p>Playing on <b>{escape(shown.name)}</b>.</p>" \
                if shown else ""
            widgets["sample"].visible = picks.board_data is not None
        finally:
            self._syncing = False

    def refuse_board(self, error: str | None) -> None:
        """Show why a board file was refused, or hide the last refusal."""
        pane = self.widgets["board_error"]
        if error is None:
            pane.visible = False
        else:
            pane.param.update(object=notice_html(f"Board file refused: {error}", "danger"),
                              visible=True)
