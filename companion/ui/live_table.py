"""The shared table: one live game that every device at the table sees at once.

A `LiveTable` is the one object per open game in a server process. Every browser session
showing that game (the tablet in the middle, each player's phone) holds the same
LiveTable, acts through it, and watches its `revision`: an action, undo or redo on one
device bumps it, and every other device redraws from the same Session. The Session and
its store underneath stay the single source of truth, so a restart resumes every table and
a second server process (`panel serve --num-procs 2`, or another machine on the same
PostgreSQL) stays in step: a watcher thread per process follows `Store.changes` (SQLite:
a poll of `PRAGMA data_version`; PostgreSQL: LISTEN/NOTIFY) and reloads the tables
another process changed. When the database stops answering, that thread is the first to
know, and every page of the process says so (`companion.ui.database_status`).

Concurrency: within a process the table's lock orders actions; across processes the
store's revision check refuses an action made on a stale state (`GameMovedOn`), the table
reloads, and the device shows the new state with the reason.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import param

from companion.core.errors import CompanionError
from companion.core.game import Event
from companion.core.seats import Holder, NoteKind
from companion.core.session import Session
from companion.core.store import StaleSessionError, StorageError, Store
from companion.ui.database_status import DatabaseStatus, database_status


class GameMovedOn(CompanionError):
    """The action was made on a state another device had already changed; nothing was done
    and the table now shows the new state."""


class LiveTable(param.Parameterized):
    """One open game shared by every device showing it in this server process."""

    revision = param.Integer(default=0, doc="Bumped after every change, from any device.")

    def __init__(self, store: Store, session: Session):
        super().__init__()
        self.store = store
        self._session = session
        self._lock = threading.RLock()
        self._batching, self._pending, self._joining = 0, False, False

    @property
    def session(self) -> Session:
        return self._session

    def act(self, action: Any) -> Event:
        """Apply and store `action`; RuleError/InputError change nothing, GameMovedOn says
        another device (in another process) changed the game first. Inside
        `batch(joined=True)` the action is joined to the one before for undo.

        Every page redraws while the store writes it (`Session.act_while_saving`): the page
        that acted holds its change until this returns (the caller's `hold`), the others
        redraw on their next turn, so none shows the action before it is stored; if the
        write fails, they all redraw the game as it was."""
        with self._lock:
            saving = self._guarded(lambda: self._session.act_while_saving(
                action, with_previous=self._joining))
            if self._batching:  # one redraw at the batch's end
                self._pending = True
                return self._guarded(saving.wait)
            self.revision += 1
            try:
                return self._guarded(saving.wait)
            except BaseException:
                self.revision += 1
                raise

    def undo(self) -> Event | None:
        return self._change(self._session.undo)

    def redo(self) -> Event | None:
        return self._change(self._session.redo)

    def set_holder(self, role: str, holder: Holder, note: str = "",
                   kind: NoteKind = "seat") -> None:
        """A device takes `role`, or the tablet hands it over (`Session.set_holder`); every
        page sees its role again."""
        self._change(lambda: self._session.set_holder(role, holder, note, kind))

    def tell(self, text: str, kind: NoteKind) -> None:
        """A line in every device's log (`Session.tell`)."""
        self._change(lambda: self._session.tell(text, kind))

    @contextmanager
    def batch(self, joined: bool = False) -> Iterator[None]:
        """Several changes (a bot's whole turn) that the other devices see as one; with
        `joined`, one Undo also takes them back together with the action before them."""
        with self._lock:
            self._batching += 1
            outer, self._joining = self._joining, self._joining or joined
            try:
                yield
            finally:
                self._batching -= 1
                self._joining = outer
                if not self._batching and self._pending:
                    self._pending = False
                    self.revision += 1

    def _change(self, change: Callable[[], Any]) -> Any:
        with self._lock:
            result = self._guarded(change)
            if self._batching:
                self._pending = True
            else:
                self.revision += 1
            return result

    def _guarded(self, change: Callable[[], Any]) -> Any:
        """`change()`; when another process changed the game first, the game as it is now,
        and GameMovedOn."""
        try:
            return change()
        except StaleSessionError:
            self.reload()
            raise GameMovedOn("the game moved on on another device: this is the table "
                              "now; look, then tap again") from None

    def reload(self) -> None:
        """Read the game again from the store (another process changed it)."""
        with self._lock:
            self._session = self._session.catch_up(self.store)
            self.revision += 1

    def sync(self, revision: int | None = None) -> None:
        """Reload when the store holds another revision than this table has seen: when
        the notice said the `revision` a change made, only if it is newer (a process hears
        its own changes too, some after it made the next), else when the store's is not
        the table's."""
        with self._lock:
            if revision is not None:
                if revision > self._session.revision:
                    self.reload()
                return
            stored = self.store.revision_of(self._session.id)
            if stored is not None and stored != self._session.revision:
                self.reload()


_tables: weakref.WeakValueDictionary[tuple[str, str], LiveTable] = \
    weakref.WeakValueDictionary()
_tables_lock = threading.Lock()
_watchers: dict[str, threading.Thread] = {}


def live_table(store: Store, session: Session) -> LiveTable:
    """The process's LiveTable for `session`'s game, made from `session` if none is open.

    A table lives while some dashboard holds it; the watcher thread for its store starts
    with the first table (after any fork of `--num-procs`).
    """
    key = (store.where, session.id)
    with _tables_lock:
        table = _tables.get(key)
        if table is None:
            table = LiveTable(store, session)
            _tables[key] = table
        if store.where not in _watchers:
            _watchers[store.where] = _start_watcher(store)
    return table


def open_table(store: Store, session_id: str) -> LiveTable | None:
    """The process's LiveTable of `session_id`'s game when some page shows it, else None."""
    with _tables_lock:
        return _tables.get((store.where, session_id))


def open_tables(store: Store) -> list[LiveTable]:
    with _tables_lock:
        return [table for (where, _), table in list(_tables.items()) if where == store.where]


def follow_changes(store: Store, status: DatabaseStatus = database_status) -> None:
    """Forever: reload each open table of `store` that another process changed. While the
    database cannot be reached, `status` says so on every page of this process, until it
    is back (and every open table is reloaded: what changed meanwhile is unknown)."""
    owed = False  # a reload the database refused: every open table is looked at again
    for changed in store.changes():
        if isinstance(changed, StorageError):
            status.lost(store.where, changed)
            continue
        status.back(store.where)
        if owed:
            changed, owed = None, False
        try:
            for table in open_tables(store):
                if changed is None:
                    table.sync()
                elif table.session.id in changed:
                    table.sync(changed[table.session.id])
        except StorageError:
            owed = True  # the listener is back before the rest: the next heartbeat retries
        except CompanionError:
            continue  # a table deleted or the database busy: its devices keep their view
        except Exception:  # never let one bad reload stop this process following others
            logging.getLogger(__name__).exception("following the other processes' changes")


def _start_watcher(store: Store) -> threading.Thread:
    thread = threading.Thread(target=follow_changes, args=(store,),
                              name=f"live tables of {store.where}", daemon=True)
    thread.start()
    return thread
