"""Storage of sessions: every action is committed before `act` returns.

One database holds every game's sessions: a SQLite file (default: the user's data folder)
or, for many server processes on many machines, PostgreSQL. ``COMPANION_DB`` names either
(a path, or a ``postgresql://`` URL). The log is append-only per position with a cursor
for undo/redo, and each write checks the session's revision so two screens on the same
game can never overwrite each other silently. The operations are written once here, in
SQL both databases read; what differs (connections, transactions, the schema's types, how
other processes hear of a change) is the `Database` underneath
(`companion.core.sqlite_db`, `companion.core.postgres_db`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import platformdirs

from companion.core.errors import CompanionError, InputError, StorageError, shown
from companion.core.postgres_db import Changed, PostgresDatabase, is_postgres_url
from companion.core.seats import TABLET, Holder, Note
from companion.core.sqlite_db import MIGRATIONS, SqliteDatabase
from companion.core.switching import begin_quick_switching, end_quick_switching

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "SessionRecord", "StaleSessionError",
           "StorageError", "Store", "default_path", "default_target", "shared_store"]

GUESSES_KEPT_FOR = 24 * 3600.0  # seconds: an address's tries older than this are forgotten
SCHEMA_VERSION = len(MIGRATIONS)  # the same on both databases (`postgres_db.MIGRATIONS`)
JOIN_CODE_LENGTH = 8  # hex digits of a session id: 32 bits, not guessed in a few tries


class StaleSessionError(CompanionError):
    """The session changed on another screen since this one loaded it."""


def default_target() -> str | Path:
    """Where sessions live: ``COMPANION_DB`` (a file's path or a ``postgresql://`` URL),
    else the SQLite file in the user's data folder."""
    override = os.environ.get("COMPANION_DB")
    return override if is_postgres_url(override) else default_path()


def default_path() -> Path:
    """The SQLite file sessions live in unless ``COMPANION_DB`` says otherwise."""
    override = os.environ.get("COMPANION_DB")
    if override:
        return Path(override)
    return platformdirs.user_data_path("companion") / "companion.sqlite3"


class Cursor(Protocol):
    """A statement's rows. No `rowcount`: PostgreSQL's transactions send their statements
    without waiting for each answer, so a count is known only once rows are read (ask
    with a SELECT; RETURNING would need SQLite 3.35)."""

    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...


class Executor(Protocol):
    """A connection inside one transaction, taking `?` placeholders."""

    def execute(self, query: str, args: Sequence[Any] = ...) -> Cursor: ...
    def executemany(self, query: str, rows: Sequence[Sequence[Any]]) -> Any: ...


class Database(Protocol):
    """What the Store needs from the database underneath."""

    where: str  # the file's path or the URL without its password: the database's name
    migrations: tuple[str, ...]  # schema version N+1 is migrations[N], in this dialect
    lock_rows: str  # appended to a SELECT whose rows the transaction then changes

    def read(self) -> AbstractContextManager[Executor]: ...
    def write(self) -> AbstractContextManager[Executor]: ...  # StorageError, nothing kept
    def lock_schema(self, db: Executor) -> None: ...  # one migrating process at a time
    def schema_version(self, db: Executor) -> int: ...
    def set_schema_version(self, db: Executor, version: int) -> None: ...
    # On commit, to the other processes: `session_id` changed, now at `revision` (None: not
    # said, as for a rename or a deletion).
    def notify(self, db: Executor, session_id: str, revision: int | None) -> None: ...
    def changes(self) -> Iterator[Changed | StorageError | None]: ...
    def close(self) -> None: ...


def open_database(target: str | Path) -> Database:
    """The database at `target`, as it is (a Store migrates it): a ``postgresql://`` URL,
    else a SQLite file's path."""
    if is_postgres_url(target):
        return PostgresDatabase(str(target))
    return SqliteDatabase(Path(target))


def storable(text: str, what: str) -> str:
    """`text` if both databases store it and give it back unchanged; else InputError
    (PostgreSQL refuses NUL in text, and neither encodes a lone surrogate)."""
    if "\x00" in text:
        raise InputError(f"{what} holds a NUL character, which cannot be saved")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(f"{what} holds a broken character (a lone surrogate), which "
                         "cannot be saved") from None
    return text


def findable(text: object) -> bool:
    """Whether a stored session could have `text` as its id (or its game, or a guess's
    address)."""
    try:
        return isinstance(text, str) and storable(text, "") is text
    except InputError:
        return False


@dataclass(frozen=True)
class SessionRecord:
    """One stored session: how it started and every action, done or undone."""

    id: str
    game: str
    game_version: int
    name: str
    options: dict[str, Any]
    seed: int
    cursor: int  # how many of `actions` are applied; the rest can be redone
    actions: tuple[dict[str, Any], ...] = ()
    revision: int = 0
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    holders: Mapping[str, Holder] = field(default_factory=dict)  # role -> who holds it
    notes: tuple[Note, ...] = ()  # the log's lines that are no action, oldest first
    # The position of `actions[0]`: a record read from there on (`Store.load(id, since)`)
    # holds only the actions from it; such a record is never stored.
    first_action: int = 0

    def texts(self) -> Iterator[tuple[str, str]]:
        """(what, text) for every text field, checked with `storable` before it is saved."""
        yield from (("a session id", self.id), ("a game", self.game),
                    ("a game's name", self.name))
        for role, holder in self.holders.items():
            yield "a role", role
            if holder.device is not None:
                yield "a device", holder.device
        for note in self.notes:
            yield from (("a note's kind", note.kind), ("a note", note.text))


class Store:
    """The saved games, safe to share between the server's sessions: a SQLite file (`path`
    a file's path; None: `default_target()`) or a PostgreSQL database (a ``postgresql://``
    URL). A database that cannot be reached or written is a StorageError."""

    def __init__(self, path: str | Path | None = None):
        target = default_target() if path is None else path
        self.path = None if is_postgres_url(target) else Path(target)  # the SQLite file
        self.database = open_database(target)
        self._lock = threading.Lock()
        self._secret: bytes | None = None  # `server_secret`, read once
        self._writer: ThreadPoolExecutor | None = None  # `record_action_soon`'s thread
        try:
            self._migrate()
        except BaseException:
            self.database.close()
            raise

    @property
    def where(self) -> str:
        """The database's name, fit to show: the file's path, or the URL without password."""
        return self.database.where

    def close(self) -> None:
        if self._writer is not None:
            self._writer.shutdown()
            self._writer = None  # a write after closing: the database's own StorageError
        self.database.close()

    @property
    def schema_version(self) -> int:
        with self.database.write() as db:
            self.database.lock_schema(db)
            return self.database.schema_version(db)

    def _migrate(self) -> None:
        """Each migration in its own transaction, which also moves the schema's version;
        another process opening the same database waits for it (`lock_schema`)."""
        known = len(self.database.migrations)
        while True:
            with self.database.write() as db:
                self.database.lock_schema(db)
                version = self.database.schema_version(db)
                if version > known:
                    raise InputError(
                        f"{self.where} was written by a newer companion (schema {version}, "
                        f"this one knows {known}): update this server before it opens it")
                if version == known:
                    return
                for statement in self.database.migrations[version].split(";"):
                    if statement.strip():
                        db.execute(statement)
                self.database.set_schema_version(db, version + 1)

    def changes(self) -> Iterator[Changed | StorageError | None]:
        """Forever, the sessions other processes change, as soon as the database says:
        each session's id and its revision now, when the database said it (None: any
        session may have changed; {}: nothing yet, at least every second or so, so a
        watcher can stop). SQLite's are polled every
        `sqlite_db.POLL_SECONDS`; PostgreSQL's come by LISTEN/NOTIFY, and while its server
        cannot be reached a StorageError says why about every second (yielded, not raised:
        the changes go on once it is back, starting with None)."""
        return self.database.changes()

    # Reading.

    def list_sessions(self, game: str | None = None,
                      tablet: str | None = None) -> list[SessionRecord]:
        """Sessions (without their actions), most recently played first; with `tablet` (a
        device's mark), only the games that device holds the tablet of, and the games no
        device holds yet (stored before tablets were kept, or made outside a page)."""
        if not all(findable(text) for text in (game or "", tablet or "")):
            return []
        query, args = "SELECT * FROM sessions WHERE TRUE", []
        if game is not None:
            query, args = query + " AND game = ?", [game]
        if tablet is not None:
            query += (" AND NOT EXISTS (SELECT 1 FROM holders h WHERE h.session_id = id AND "
                      "h.role = ? AND h.device IS NOT NULL AND h.device != ?)")
            args += [TABLET, tablet]
        with self.database.read() as db:
            rows = db.execute(query + " ORDER BY updated DESC", args).fetchall()
        return [self._record(row, ()) for row in rows]

    def load(self, session_id: str, since: int = 0) -> SessionRecord:
        """The stored session; with `since`, only its actions from that position on (the
        record's `first_action`: a process that holds the ones before reads no more)."""
        if not findable(session_id):
            raise InputError(f"no saved session {shown(session_id)}")
        with self.database.read() as db:  # all four asked before any is read: one round trip
            asked = [db.execute(query, args) for query, args in (
                ("SELECT * FROM sessions WHERE id = ?", (session_id,)),
                ("SELECT action FROM actions WHERE session_id = ? AND position >= ? "
                 "ORDER BY position", (session_id, since)),
                ("SELECT role, generation, device FROM holders WHERE session_id = ?",
                 (session_id,)),
                ("SELECT text, kind FROM notes WHERE session_id = ? ORDER BY seq",
                 (session_id,)))]
            row, actions, holders, notes = asked[0].fetchone(), *(a.fetchall() for a in asked[1:])
        if row is None:
            raise InputError(f"no saved session {shown(session_id)}")
        record = self._record(row, tuple(json.loads(a) for (a,) in actions))
        return dataclasses.replace(
            record, holders={role: Holder(gen, device) for role, gen, device in holders},
            notes=tuple(Note(*note) for note in notes), first_action=since)

    def server_secret(self) -> bytes:
        """The secret behind every link key and device mark, made on first use; it never
        leaves the server (no export or page holds it)."""
        with self._lock:
            if self._secret is None:
                self._secret = self.keep_server_secret(secrets.token_bytes(32))
            return self._secret

    def keep_server_secret(self, secret: bytes) -> bytes:
        """`secret` becomes the server's secret if it has none yet (`db copy` carries it, so
        the links and tablets of copied games still open); returns the one kept."""
        with self.database.write() as db:  # made once; another process may have made it
            db.execute("INSERT INTO server_secrets VALUES ('links', ?) ON CONFLICT DO NOTHING",
                       (secret,))
            return bytes(db.execute(
                "SELECT value FROM server_secrets WHERE name = 'links'").fetchone()[0])

    def game_of(self, session_id: str) -> str | None:
        """The game a stored session plays (None when there is none)."""
        return self._column_of(session_id, "game")

    def revision_of(self, session_id: str) -> int | None:
        """The stored revision of a session (None once it is deleted)."""
        return self._column_of(session_id, "revision")

    def length_of(self, session_id: str) -> int:
        """How many actions a stored session holds, done or undone (0 when there is none):
        what reopening it replays."""
        if not findable(session_id):
            return 0
        with self.database.read() as db:
            return db.execute("SELECT COUNT(*) FROM actions WHERE session_id = ?",
                              (session_id,)).fetchone()[0]

    def _column_of(self, session_id: str, column: str) -> Any:
        if not findable(session_id):
            return None
        with self.database.read() as db:
            row = db.execute(f"SELECT {column} FROM sessions WHERE id = ?",
                             (session_id,)).fetchone()
        return None if row is None else row[0]

    def find_by_code(self, code: str) -> SessionRecord | None:
        """The session whose join code (the first `JOIN_CODE_LENGTH` characters of its id)
        is `code`, ignoring case, spaces and dashes; None when there is none."""
        clean = "".join(ch for ch in str(code)[:40].lower() if ch not in " -")
        if len(clean) != JOIN_CODE_LENGTH or any(ch not in "0123456789abcdef" for ch in clean):
            return None
        with self.database.read() as db:
            row = db.execute(f"SELECT * FROM sessions WHERE substr(id, 1, {JOIN_CODE_LENGTH})"
                             " = ?", (clean,)).fetchone()
        return None if row is None else self._record(row, ())

    @staticmethod
    def _record(row: tuple, actions: tuple[dict[str, Any], ...]) -> SessionRecord:
        sid, game, version, name, options, seed, cursor, revision, created, updated = row
        return SessionRecord(sid, game, version, name, json.loads(options), seed, cursor,
                             actions, revision, created, updated)

    # Writing.

    def create(self, record: SessionRecord) -> None:
        """Insert a whole session (a new one, or an import) in one transaction."""
        if record.first_action:
            raise InputError(f"the saved game {shown(record.id)} was read from action "
                             f"{record.first_action + 1} on: it cannot be stored whole")
        for what, text in record.texts():
            storable(text, what)
        with self.database.write() as db:
            db.execute(
                "INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.id, record.game, record.game_version, record.name,
                 json.dumps(record.options), record.seed, record.cursor, record.revision,
                 record.created, record.updated),
            )
            db.executemany(
                "INSERT INTO actions VALUES (?, ?, ?)",
                [(record.id, i, json.dumps(a)) for i, a in enumerate(record.actions)],
            )
            db.executemany("INSERT INTO holders VALUES (?, ?, ?, ?)",
                           [(record.id, role, h.generation, h.device)
                            for role, h in record.holders.items()])
            for note in record.notes:
                self._add_note(db, record.id, note)
            self.database.notify(db, record.id, record.revision)

    def record_action(self, session_id: str, revision: int, position: int,
                      action: dict[str, Any]) -> int:
        """Store `action` at `position`, dropping any undone actions after it.

        Returns the new revision; raises StaleSessionError when another screen
        changed the session since `revision`.
        """
        stored = json.dumps(action)  # ASCII: any text in it comes back as it went in
        with self.database.write() as db:
            self._check_revision(db, session_id, revision)
            db.execute("DELETE FROM actions WHERE session_id = ? AND position >= ?",
                       (session_id, position))
            db.execute("INSERT INTO actions VALUES (?, ?, ?)", (session_id, position, stored))
            return self._bump(db, session_id, revision, position + 1)

    def record_action_soon(self, session_id: str, revision: int, position: int,
                           action: dict[str, Any]) -> Future[int]:
        """`record_action`, begun now on this store's writer thread: the caller works out
        what its screen will show meanwhile, and shows it only once the future is done, so
        nothing is shown before it is stored. Until then the interpreter's lock changes hands
        quickly (`core.switching`): else the write would wait for the caller's work."""
        with self._lock:
            if self._writer is None:
                self._writer = ThreadPoolExecutor(1, thread_name_prefix="store-writer")
        begin_quick_switching()
        try:
            writing = self._writer.submit(self.record_action, session_id, revision, position,
                                          action)
        except BaseException:
            end_quick_switching()
            raise
        writing.add_done_callback(lambda _done: end_quick_switching())
        return writing

    def move_cursor(self, session_id: str, revision: int, cursor: int,
                    note: Note | None = None) -> int:
        """Undo or redo: only the cursor moves (and the log's note that says so is added in
        the same transaction); returns the new revision."""
        with self.database.write() as db:
            self._check_revision(db, session_id, revision)
            if note is not None:
                self._add_note(db, session_id, note)
            return self._bump(db, session_id, revision, cursor)

    def add_note(self, session_id: str, revision: int, note: Note) -> int:
        """A line of the log and no other change (the tablet moved on to another game);
        returns the new revision, so every other process reloads the table."""
        with self.database.write() as db:
            cursor = self._check_revision(db, session_id, revision)
            self._add_note(db, session_id, note)
            return self._bump(db, session_id, revision, cursor)

    def set_holder(self, session_id: str, revision: int, role: str, holder: Holder,
                   note: Note | None = None) -> int:
        """Who holds `role` now (and the note that says so); returns the new revision, so
        every other process reloads the table and each page sees its role again."""
        storable(role, "a role")
        if holder.device is not None:
            storable(holder.device, "a device")
        with self.database.write() as db:
            cursor = self._check_revision(db, session_id, revision)
            db.execute("INSERT INTO holders VALUES (?, ?, ?, ?) ON CONFLICT (session_id, role) "
                       "DO UPDATE SET generation = excluded.generation, device = excluded.device",
                       (session_id, role, holder.generation, holder.device))
            if note is not None:
                self._add_note(db, session_id, note)
            return self._bump(db, session_id, revision, cursor)

    @staticmethod
    def _add_note(db: Executor, session_id: str, note: Note) -> None:
        storable(note.kind, "a note's kind")
        storable(note.text, "a note")
        db.execute("INSERT INTO notes (session_id, seq, kind, text) VALUES (?, (SELECT "
                   "COUNT(*) FROM notes WHERE session_id = ?), ?, ?)",
                   (session_id, session_id, note.kind, note.text))

    # Guesses.

    def guess_not_before(self, kind: str, address: str) -> float:
        """When `address` may next guess a `kind` (a time.time(); 0 if it never guessed)."""
        storable(kind, "a kind of guess")
        storable(address, "an address")
        with self.database.read() as db:
            row = db.execute("SELECT not_before FROM guesses WHERE kind = ? AND "
                             "address = ?", (kind, address)).fetchone()
        return row[0] if row else 0.0

    def take_guess(self, kind: str, address: str, now: float,
                   hold_off: Callable[[int], float]) -> float:
        """One guess of a `kind` from `address`, counted before it is looked at, in one
        transaction (two server processes cannot both let a guess through one wait): 0 if
        it may be looked at now (the next then waits `hold_off(guesses so far)`, until a
        right one forgets them), else the seconds it must wait (and it is not counted)."""
        storable(kind, "a kind of guess")
        storable(address, "an address")
        with self.database.write() as db:
            db.execute("DELETE FROM guesses WHERE not_before < ?", (now - GUESSES_KEPT_FOR,))
            # The row first, so that the lock below has a row to hold even for a first guess.
            db.execute("INSERT INTO guesses VALUES (?, ?, 0, 0) ON CONFLICT DO NOTHING",
                       (kind, address))
            taken, not_before = db.execute(
                "SELECT wrong, not_before FROM guesses WHERE kind = ? AND address = ?"
                + self.database.lock_rows, (kind, address)).fetchone()
            if now < not_before:
                return not_before - now
            db.execute("UPDATE guesses SET wrong = ?, not_before = ? WHERE kind = ? AND "
                       "address = ?", (taken + 1, now + hold_off(taken + 1), kind, address))
            return 0.0

    def forget_guesses(self, kind: str, address: str) -> None:
        if not (findable(kind) and findable(address)):
            return
        with self.database.write() as db:
            db.execute("DELETE FROM guesses WHERE kind = ? AND address = ?", (kind, address))

    def rename(self, session_id: str, name: str) -> None:
        storable(name, "a game's name")
        with self.database.write() as db:
            if db.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchall():
                db.execute("UPDATE sessions SET name = ? WHERE id = ?", (name, session_id))
                self.database.notify(db, session_id, None)

    def delete(self, session_id: str) -> None:
        if not findable(session_id):
            return
        with self.database.write() as db:
            if db.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchall():
                db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
                self.database.notify(db, session_id, None)

    def _check_revision(self, db: Executor, session_id: str, revision: int) -> int:
        """The session's cursor, once its row is held for this transaction and its revision
        is `revision`."""
        row = None if not findable(session_id) else db.execute(
            "SELECT revision, cursor FROM sessions WHERE id = ?" + self.database.lock_rows,
            (session_id,)).fetchone()
        if row is None:
            raise InputError(f"no saved session {shown(session_id)}")
        if row[0] != revision:
            raise StaleSessionError("this game was changed on another screen; reload it")
        return row[1]

    def _bump(self, db: Executor, session_id: str, revision: int, cursor: int) -> int:
        db.execute(
            "UPDATE sessions SET cursor = ?, revision = ?, updated = ? WHERE id = ?",
            (cursor, revision + 1, time.time(), session_id),
        )
        self.database.notify(db, session_id, revision + 1)
        return revision + 1


_shared: dict[str, Store] = {}
_shared_lock = threading.Lock()
# A process forked from one holding a Store (`panel serve --num-procs`) opens its own: a
# connection pool's threads do not survive a fork, and two processes must not share one
# connection.
os.register_at_fork(after_in_child=_shared.clear)


def shared_store(path: str | Path | None = None) -> Store:
    """One Store per database for the whole server process (every browser tab shares it):
    `path` a file's path or a ``postgresql://`` URL; None: `default_target()`."""
    target = default_target() if path is None else path
    key = str(target) if is_postgres_url(target) else str(Path(target).resolve())
    with _shared_lock:
        if key not in _shared:
            _shared[key] = Store(target)
        return _shared[key]
