"""New game, resume, rename, delete, export and import: the saved games of one game."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from datetime import datetime

import panel as pn

from companion.core.errors import CompanionError
from companion.core.exchange import export_session, import_session, keeps_secrets
from companion.core.game import Game
from companion.core.session import Session
from companion.core.store import Store
from companion.core.words import counted
from companion.ui.opening import (
    Opened,
    opens_slowly,
    resume_in_background,
    saved_session,
    when_replayed,
)
from companion.ui.plain import notice_html
from companion.ui.theme import INPUT_CSS, TOUCH, button, download_button, file_input


class SessionPicker(pn.viewable.Viewer):
    """Switches the dashboard between saved games through `on_open(session)`."""

    def __init__(self, game: Game, store: Store, current: Callable[[], Session],
                 on_open: Callable[[Session], None],
                 new_options: Callable[[], dict] = dict,
                 tablet: Callable[[], str | None] = lambda: None):
        """`tablet()`: the mark of the device whose games are listed (None: every game)."""
        super().__init__()
        self._game, self._store, self._current, self._tablet = game, store, current, tablet
        self._on_open, self._new_options = on_open, new_options
        self._built = False  # its widgets are made when the card is first opened
        self._lines: dict[str, tuple[str, int, float]] = {}  # game id -> its line's parts

    def _build(self) -> None:
        self._saved = pn.widgets.Select(label="Saved games", height=TOUCH + 20,
                                        sizing_mode="stretch_width", stylesheets=[INPUT_CSS])
        self._name = pn.widgets.TextInput(label="Name of this game", height=TOUCH + 20,
                                          sizing_mode="stretch_width", stylesheets=[INPUT_CSS])
        self._upload = file_input("Import a saved game (a .json file)", ".json",
                                  sizing_mode="stretch_width")
        self._confirm = button("Yes, delete it for good", self._delete, color="danger",
                               visible=False, sizing_mode="stretch_width")
        # Status text quotes files and names: shown as text, never as Markdown or HTML.
        self._status = pn.pane.HTML("", sizing_mode="stretch_width")
        self._download = download_button("Export to a file", callback=self._export,
                                         filename=f"{self._game.name}.json")
        self._built = True
        self.refresh()

    def refresh(self) -> None:
        """Re-read the list of saved games and the current name."""
        if not self._built:
            return
        records = self._store.list_sessions(self._game.name, tablet=self._tablet())
        self._lines = {r.id: (r.name, r.cursor, r.updated) for r in records}
        self._saved.options = _labelled(self._lines)
        self._saved.value = self._current().id if records else None
        self._name.value = self._current().name
        self._confirm.visible = False
        self.game_changed()

    def reopened(self) -> None:
        """Its section was opened again: the list re-read, the last message gone."""
        if self._built:
            self.refresh()
            self._status.object = ""

    def game_changed(self, listed: bool = True) -> None:
        """The game played on: while the list is `listed` (on screen), its line says so (it
        read "0 actions" after an hour's play, a newcomer's play-test; a closed list is read
        again when opened). A game whose log holds secrets is exported only once it is
        over: the file holds every down card and secret choice. (It never holds the seed
        or a link key.)"""
        if not self._built:
            return
        current = self._current()
        if listed and current.id in self._lines:
            self._lines[current.id] = (current.name, len(current.actions), time.time())
            self._saved.options = _labelled(self._lines)
        hidden = keeps_secrets(current)
        self._download.param.update(
            disabled=hidden,
            label="Export (once the game is over: the file holds every secret)" if hidden
            else "Export to a file")

    def _new(self, _event) -> None:
        # The new game takes the page's settings, which may hold a bad name: said, not raised.
        self._guard(lambda: self._open(Session(self._game, self._new_options(),
                                               store=self._store), "Started a new game."), "")

    def _resume(self, _event) -> None:
        if self._saved.value:  # a saved game that no longer replays says so
            self._open_saved(self._saved.value, "Resumed.")

    def _open_saved(self, session_id: str, status: str) -> None:
        """Open a saved game: at once, or, when it is long and the page served, replayed off
        the event loop (`companion.ui.opening`) while the page says so."""
        doc = pn.state.curdoc
        length = opens_slowly(self._store, session_id)
        if not length or doc is None or doc.session_context is None:
            self._guard(lambda: self._open(saved_session(self._store, session_id), status), "")
            return
        self._show(f"Opening this game ({length:,} actions)...")

        def show(opened: Opened) -> None:
            if opened.session is None:
                self._show(opened.message, "danger", "<b>Not done:</b> ")
            else:
                self._open(opened.session, status)

        when_replayed(resume_in_background(self._store, session_id), doc, show,
                      failed="The saved game could not be reopened ({})")

    def _rename(self, _event) -> None:
        self._guard(lambda: self._current().rename(self._name.value), "Renamed.")

    def _delete(self, _event) -> None:
        self._store.delete(self._current().id)
        remaining = self._store.list_sessions(self._game.name, tablet=self._tablet())
        if remaining:
            self._open_saved(remaining[0].id, "Deleted.")
        else:
            self._new(None)

    def _import(self, _event) -> None:
        if self._upload.value is None:
            self._show("Choose an exported .json file first.")
            return
        self._guard(lambda: self._open(import_session(self._store, self._upload.value),
                                       "Imported."), "")

    def _export(self) -> io.StringIO | None:
        if keeps_secrets(self._current()):
            return None
        return io.StringIO(export_session(self._current()))

    def _open(self, session: Session, status: str) -> None:
        self._on_open(session)
        self.refresh()
        self._show(status)

    def _guard(self, step: Callable[[], None], status: str) -> None:
        try:
            step()
        except CompanionError as error:
            self._show(str(error), "danger", "<b>Not done:</b> ")
            return
        self.refresh()
        if status:
            self._show(status)

    def _show(self, text: str, kind: str = "info", lead: str = "") -> None:
        self._status.object = notice_html(text, kind, lead)

    def __panel__(self) -> pn.viewable.Viewable:
        if not self._built:
            self._build()
        wide = {"sizing_mode": "stretch_width"}
        download = self._download
        return pn.Column(
            button("New game", self._new, color="primary", **wide),
            self._saved, button("Resume the chosen game", self._resume, **wide),
            self._name, button("Rename", self._rename, **wide),
            download, self._upload, button("Import the chosen file", self._import, **wide),
            button("Delete this game…", lambda _: setattr(self._confirm, "visible", True),
                   color="danger", variant="outline", stylesheets=[OUTLINE_DANGER_CSS],
                   **wide),
            self._confirm, self._status, **wide,
        )


# The outline red button on white: its red words readable on the light page and the dark.
OUTLINE_DANGER_CSS = (":host .bk-btn-danger { color: #c62828 !important; "
                      "border-color: #c62828 !important; background: #ffffff !important; }")


def _labelled(lines: dict[str, tuple[str, int, float]]) -> dict[str, str]:
    """The list's options, line -> game id, in order. Two games alike (a new game started
    within the minute of the last, both "0 actions") are told apart by a number: as keys,
    the second line took the first's place, and the list offered the old game as the new."""
    options: dict[str, str] = {}
    for session_id, (name, actions, updated) in lines.items():
        line = base = _describe(name, actions, updated)
        copy = 1
        while line in options:
            copy += 1
            line = f"{base} ({copy})"
        options[line] = session_id
    return options


def _describe(name: str, actions: int, updated: float) -> str:
    """A game's line in the list: its name, how many actions it holds and when it changed."""
    when = datetime.fromtimestamp(updated).strftime("%d %b %H:%M")
    return f"{name} · {counted(actions, 'action')} · {when}"
