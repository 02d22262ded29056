"""The base every dashboard builds on: one live game, re-rendered after every change.

A dashboard never keeps its own copy of the rules: it reads `self.session.state`
whenever `revision` changes. Refusals from the engine become `message`, shown
in words; they change nothing.

Every device showing the same game holds the same `LiveTable`: an action on one bumps
the table's revision and every other device redraws (see `companion.ui.live_table`). A
device opened with a seat's link (`?seat=1&key=...`) is that player's own: it also shows
what only that seat may see (`seat_view`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import panel as pn
import param
from panel.io.document import hold

from companion.core.errors import CompanionError
from companion.core.game import Event, Game
from companion.core.session import Session
from companion.core.store import Store, shared_store
from companion.ui.live_table import live_table, seat_key
from companion.ui.log_view import UNDO_ON_THE_TABLET, LogView
from companion.ui.plain import notice
from companion.ui.session_picker import SessionPicker
from companion.ui.share_view import ShareView
from companion.ui.template import Fold, closed_section, section


class GameDashboard(pn.viewable.Viewer):
    """Holds a LiveTable; subclasses draw `self.session.state` and call `act`."""

    revision = param.Integer(default=0, doc="Bumped after every change of the session.")
    message = param.String(default="", doc="Why the last action was refused, if it was.")

    game: Game  # set by each subclass

    def __init__(self, store: Store | None = None, session: Session | None = None,
                 seat: int | None = None, **params):
        super().__init__(**params)
        self.store = store if store is not None else shared_store()
        self._doc = pn.state.curdoc
        self.table = live_table(self.store, session if session is not None
                                else self._initial_session())
        self.seat = seat if seat is not None else self._seat_from_url()
        served = self._doc is not None and self._doc.session_context is not None
        # Whether the browser is connected, and whether a change waits for it: read and
        # set only on this page's own document thread.
        self._ready, self._missed = not served, False
        self._shown = self.table.revision  # the table's revision this page last drew
        self._watcher = self.table.param.watch(self._table_changed, "revision")
        self.log = LogView(self.undo, self.redo, steps=self.seat is None)
        self.picker = SessionPicker(self.game, self.store, lambda: self.session, self.open,
                                    self.new_options)
        self.param.watch(self._sync_log, "revision")
        self._sync_log()
        self._remember_in_url()
        if served:
            pn.state.on_session_destroyed(self._leave_table)
            pn.state.onload(self._remember_in_url)  # the address is known once loaded
            pn.state.onload(self._page_ready)

    @property
    def session(self) -> Session:
        return self.table.session

    # Session handling.

    def new_options(self) -> dict[str, Any]:
        """Options for a new game; games with set-up choices override this."""
        return {}

    def seat_names(self) -> list[str]:
        """The seats a player's own device can join as; games with private information
        override this (and `seat_view`)."""
        return []

    def _initial_session(self) -> Session:
        """The game named in the URL, else the latest saved one, else a new one.

        A saved game that no longer replays (an engine changed under it) leaves the page
        usable: a new game starts and the message says why.
        """
        wanted = self._url_arg("session")
        saved = [r.id for r in self.store.list_sessions(self.game.name)]
        try:
            if wanted in saved:
                return Session.resume(self.store, wanted)
            if saved:
                return Session.resume(self.store, saved[0])
        except CompanionError as error:
            self.message = f"The saved game could not be reopened ({error}); a new one started."
        return Session(self.game, self.new_options(), store=self.store)

    def _seat_from_url(self) -> int | None:
        seat, key = self._url_arg("seat"), self._url_arg("key")
        if not seat:
            return None
        if not seat.isdigit() or int(seat) >= len(self.seat_names()) or \
                key != seat_key(self.session, int(seat)):
            self.message = "This seat link is not for this game: showing the public table."
            return None
        return int(seat)

    @staticmethod
    def _url_arg(name: str) -> str:
        if not pn.state.curdoc:
            return ""
        raw = pn.state.session_args.get(name, [b""])[0]
        return raw.decode("utf-8", "replace")[:80]

    def open(self, session: Session) -> None:
        self.table.param.unwatch(self._watcher)
        self.table = live_table(self.store, session)
        self._watcher = self.table.param.watch(self._table_changed, "revision")
        self._shown = self.table.revision
        self.seat = None  # a seat belongs to one game
        self.message = ""
        self.revision += 1
        self._remember_in_url()
        card, view = getattr(self, "_share", (None, None))
        if card is not None and not card.collapsed:
            view.refresh()  # the new game's code and seats

    def _remember_in_url(self) -> None:
        location = pn.state.location
        if location is not None:
            was = location.search
            location.update_query(session=self.session.id)
            if location.search == was:  # set before the page loaded: send it again now
                location.param.trigger("search")

    def _leave_table(self, session_context) -> None:
        """The page closed: stop redrawing it when the table changes."""
        self.table.param.unwatch(self._watcher)

    def _table_changed(self, _event) -> None:
        """Another device (or this one) changed the game: redraw this page, on its own
        document's turn when the change came from elsewhere (another page, or the thread
        that follows other server processes); once it has loaded, when the change came
        while it was loading."""
        if self._doc is None or (pn.state.curdoc is self._doc and self._ready):
            self._redraw()
        else:
            self._doc.add_next_tick_callback(self._redraw_when_ready)

    def _redraw_when_ready(self) -> None:
        if self._ready:
            self._redraw_later()
        else:
            self._missed = True

    def _page_ready(self) -> None:
        """The browser is connected. A change made to the page before then never reaches
        it, and leaves it out of step for every later change: draw the missed one now."""
        self._ready = True
        if self._missed:
            self._missed = False
            self._redraw_later()

    def _redraw_later(self) -> None:
        with hold(self._doc):
            self._redraw()

    def _redraw(self) -> None:
        self._shown = self.table.revision
        self.revision += 1

    def _behind_the_table(self) -> bool:
        """A tap that left this page before another device's change reached it: refused,
        never applied to a state its player did not see."""
        if self._shown == self.table.revision:
            return False
        self.message = "The table changed a moment ago on another device: look, then tap again."
        self._redraw()
        return True

    # Changing the game.

    # Every change an action makes reaches the browser in one message (`hold`): the page
    # never shows the new log line beside the old step, and lays itself out once.

    def act(self, action: Any) -> Event | None:
        """Apply an action; on refusal, show why and change nothing."""
        with hold():
            return self._act(action)

    def _act(self, action: Any) -> Event | None:
        if self._behind_the_table():
            return None
        self.message = ""
        try:
            return self.table.act(action)
        except CompanionError as error:
            self.message = str(error)
            return None

    @contextmanager
    def bot_turn(self) -> Iterator[None]:
        """The app's moves after a player's action: the other devices redraw once, and one
        Undo takes back the bot's turn together with the player's action before it."""
        with hold(), self.table.batch(joined=True):
            yield

    def undo(self) -> None:
        self._step(self.table.undo)

    def redo(self) -> None:
        self._step(self.table.redo)

    def _step(self, move) -> None:
        with hold():
            if self.seat is not None:  # a player's phone: taking back is the table's call
                self.message = UNDO_ON_THE_TABLET
                return
            if self._behind_the_table():
                return
            self.message = ""
            try:
                move()
            except CompanionError as error:
                self.message = str(error)

    def _sync_log(self, *_events) -> None:
        self.log.param.update(lines=self.session.log, can_undo=self.session.can_undo,
                              can_redo=self.session.can_redo)
        self.picker.game_changed()

    # Views every dashboard shows.

    def share_section(self) -> Fold:
        """Join this table: the code, and a QR code for the table and (on the shared
        tablet only) for each seat; drawn when opened."""
        view = ShareView(lambda: self.session,
                         lambda: [] if self.seat is not None else self.seat_names(),
                         self.game.name)
        card = section("Join this table: code and QR", view, width=360, collapsed=True)
        card.param.watch(lambda event: None if event.new else view.refresh(), "collapsed")
        self._share = (card, view)
        return card

    def saved_games_section(self) -> Fold:
        """The saved games (new, resume, rename, export, import, delete), built when opened."""
        return closed_section("Saved games", lambda: self.picker, width=360)

    def message_view(self) -> pn.viewable.Viewable:
        """Why the last action was refused, as text (it may quote what a file held)."""
        return notice(self.param.message, "warning", sizing_mode="stretch_width")
