"""The base every dashboard builds on: one Session, re-rendered after every change.

A dashboard never keeps its own copy of the rules: it reads `self.session.state`
whenever `revision` changes. Refusals from the engine become `message`, shown
in words; they change nothing.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param
from panel.io.document import hold

from companion.core.errors import CompanionError
from companion.core.game import Event, Game
from companion.core.session import Session
from companion.core.store import StaleSessionError, Store, shared_store
from companion.ui.log_view import LogView
from companion.ui.session_picker import SessionPicker


class GameDashboard(pn.viewable.Viewer):
    """Holds the Session; subclasses draw `self.session.state` and call `act`."""

    revision = param.Integer(default=0, doc="Bumped after every change of the session.")
    message = param.String(default="", doc="Why the last action was refused, if it was.")

    game: Game  # set by each subclass

    def __init__(self, store: Store | None = None, session: Session | None = None, **params):
        super().__init__(**params)
        self.store = store if store is not None else shared_store()
        self.session = session if session is not None else self._initial_session()
        self.log = LogView(self.undo, self.redo)
        self.picker = SessionPicker(self.game, self.store, lambda: self.session, self.open,
                                    self.new_options)
        self.param.watch(self._sync_log, "revision")
        self._sync_log()
        self._remember_in_url()

    # Session handling.

    def new_options(self) -> dict[str, Any]:
        """Options for a new game; games with set-up choices override this."""
        return {}

    def _initial_session(self) -> Session:
        """The game named in the URL, else the latest saved one, else a new one.

        A saved game that no longer replays (an engine changed under it) leaves the page
        usable: a new game starts and the message says why.
        """
        wanted = pn.state.session_args.get("session", [b""])[0].decode() if pn.state.curdoc \
            else ""
        saved = [r.id for r in self.store.list_sessions(self.game.name)]
        try:
            if wanted in saved:
                return Session.resume(self.store, wanted)
            if saved:
                return Session.resume(self.store, saved[0])
        except CompanionError as error:
            self.message = f"The saved game could not be reopened ({error}); a new one started."
        return Session(self.game, self.new_options(), store=self.store)

    def open(self, session: Session) -> None:
        self.session = session
        self.message = ""
        self.revision += 1
        self._remember_in_url()

    def _remember_in_url(self) -> None:
        if pn.state.location is not None:
            pn.state.location.update_query(session=self.session.id)

    # Changing the game.

    # Every change an action makes reaches the browser in one message (`hold`): the page
    # never shows the new log line beside the old step, and lays itself out once.

    def act(self, action: Any) -> Event | None:
        """Apply an action; on refusal, show why and change nothing."""
        with hold():
            return self._act(action)

    def _act(self, action: Any) -> Event | None:
        try:
            event = self.session.act(action)
        except StaleSessionError as error:
            self.session = Session.resume(self.store, self.session.id)
            self.message = f"{error}. Reloaded; try again."
            self.revision += 1
            return None
        except CompanionError as error:
            self.message = str(error)
            return None
        self.message = ""
        self.revision += 1
        return event

    def undo(self) -> None:
        self._step(self.session.undo)

    def redo(self) -> None:
        self._step(self.session.redo)

    def _step(self, move) -> None:
        with hold():
            try:
                move()
                self.message = ""
            except CompanionError as error:
                self.message = str(error)
            self.revision += 1

    def _sync_log(self, *_events) -> None:
        self.log.param.update(lines=self.session.log, can_undo=self.session.can_undo,
                              can_redo=self.session.can_redo)

    # Views every dashboard shows.

    def message_view(self) -> pn.viewable.Viewable:
        return pn.pane.Alert(self.param.message, alert_type="warning",
                             visible=self.param.message.rx.bool(), sizing_mode="stretch_width")
