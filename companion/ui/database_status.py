"""Whether this server process can reach its saved games, said at the top of every page.

The thread that follows the other processes' changes (`live_table.follow_changes`) is the
first to know the database is gone: PostgreSQL's listening connection drops at once, while
a tap learns it only when it tries to save (and is refused with the reason). That thread
says so here, and every open page of the process shows it under its header
(`companion.ui.template.page`), the way a dropped websocket is said by the page's veil; it
clears once the listener is back, and the tables then reload what changed meanwhile.
"""

from __future__ import annotations

import logging
import threading

import param

from companion.core.errors import StorageError

UNREACHABLE = ("The saved games cannot be reached: the server is trying again. Until they "
               "are back, nothing tapped is saved and moves made on other devices do not "
               "arrive here. The game so far is saved.")

log = logging.getLogger(__name__)


class DatabaseStatus(param.Parameterized):
    """What every page of this process says about its saved games: `unreachable` is the
    page's text while some database its tables follow does not answer, else ""."""

    unreachable = param.String(default="", doc="Said on every page; empty while reachable.")

    def __init__(self, **params):
        super().__init__(**params)
        self._lost: set[str] = set()  # the databases (their `where`) that do not answer
        self._lock = threading.Lock()

    def lost(self, where: str, error: StorageError) -> None:
        """The database at `where` does not answer (`error` says why, for the log)."""
        with self._lock:  # held while the pages are told: a `back` waits for it
            if where in self._lost:
                return
            self._lost.add(where)
            log.warning("the saved games cannot be reached: %s", error)
            self.unreachable = UNREACHABLE

    def back(self, where: str) -> None:
        """The database at `where` answers again."""
        with self._lock:
            if where not in self._lost:
                return
            self._lost.discard(where)
            log.warning("the saved games at %s can be reached again", where)
            if not self._lost:
                self.unreachable = ""


database_status = DatabaseStatus()  # the process's one
