"""SQLite storage of sessions: every action is committed before `act` returns.

One file holds every game's sessions (default: the user's data folder;
``COMPANION_DB`` overrides). The log is append-only per position with a cursor
for undo/redo, and each write checks the session's revision so two screens on
the same game can never overwrite each other silently.
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from companion.core.errors import CompanionError, InputError, shown
from companion.core.seats import TABLET, Holder, Note

# Each entry upgrades the file by one schema version; never edit a shipped one.
MIGRATIONS: tuple[str, ...] = (
    # 1: sessions and their action logs.
    """
    CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        game_version INTEGER NOT NULL,
        name TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        cursor INTEGER NOT NULL,
        revision INTEGER NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE TABLE actions (
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (session_id, position)
    );
    """,
    # 2: the session picker lists a game's sessions, newest first.
    "CREATE INDEX sessions_by_game ON sessions (game, updated DESC);",
    # 3: who holds the tablet and each seat (`companion.core.seats`), the log's notes (undo,
    # redo, handovers), and the server's secret behind every link key and device mark.
    """
    CREATE TABLE holders (
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        generation INTEGER NOT NULL,
        device TEXT,
        PRIMARY KEY (session_id, role)
    );
    CREATE TABLE notes (
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (session_id, seq)
    );
    CREATE TABLE server_secrets (name TEXT PRIMARY KEY, value BLOB NOT NULL);
    """,
    # 4: guesses (the table password, join codes) per address, counted by every server
    # process on the file alike; `wrong` counts the tries not yet forgiven by a right one.
    """
    CREATE TABLE guesses (
        kind TEXT NOT NULL,
        address TEXT NOT NULL,
        wrong INTEGER NOT NULL,
        not_before REAL NOT NULL,
        PRIMARY KEY (kind, address)
    );
    """,
)
GUESSES_KEPT_FOR = 24 * 3600.0  # seconds: an address's tries older than this are forgotten
SCHEMA_VERSION = len(MIGRATIONS)
JOIN_CODE_LENGTH = 8  # hex digits of a session id: 32 bits, not guessed in a few tries


class StaleSessionError(CompanionError):
    """The session changed on another screen since this one loaded it."""


class StorageError(CompanionError):
    """The file could not be written (locked by another program, disk full): nothing of
    the change was stored, and the page says so."""


def default_path() -> Path:
    """Where sessions live unless ``COMPANION_DB`` says otherwise."""
    override = os.environ.get("COMPANION_DB")
    if override:
        return Path(override)
    return platformdirs.user_data_path("companion") / "companion.sqlite3"


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


class Store:
    """A SQLite file of sessions, safe to share between the server's sessions."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._secret: bytes | None = None  # `server_secret`, read once
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @property
    def schema_version(self) -> int:
        return self._db.execute("PRAGMA user_version").fetchone()[0]

    def _migrate(self) -> None:
        with self._write():
            version = self.schema_version
            if version > SCHEMA_VERSION:
                raise InputError(
                    f"{self.path} was written by a newer companion (schema {version}, "
                    f"this one knows {SCHEMA_VERSION})"
                )
            for number in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {number + 1}")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed on success, rolled back on any error. A locked or
        unwritable file is a StorageError (nothing stored), never a raw sqlite3 error."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as error:
                raise StorageError(f"the saved games could not be written ({error}): "
                                   "nothing was saved; try again") from None
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException as error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if isinstance(error, sqlite3.OperationalError):
                    raise StorageError(f"the saved games could not be written ({error}): "
                                       "nothing was saved; try again") from None
                raise

    # Reading.

    def list_sessions(self, game: str | None = None,
                      tablet: str | None = None) -> list[SessionRecord]:
        """Sessions (without their actions), most recently played first; with `tablet` (a
        device's mark), only the games that device holds the tablet of, and the games no
        device holds yet (stored before tablets were kept, or made outside a page)."""
        query, args = "SELECT * FROM sessions WHERE 1", []
        if game is not None:
            query, args = query + " AND game = ?", [game]
        if tablet is not None:
            query += (" AND NOT EXISTS (SELECT 1 FROM holders h WHERE h.session_id = id AND "
                      "h.role = ? AND h.device IS NOT NULL AND h.device != ?)")
            args += [TABLET, tablet]
        with self._lock:
            rows = self._db.execute(query + " ORDER BY updated DESC", args).fetchall()
        return [self._record(row, ()) for row in rows]

    def load(self, session_id: str) -> SessionRecord:
        with self._lock:
            row = self._db.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
            if row is None:
                raise InputError(f"no saved session {shown(session_id)}")
            actions = self._db.execute(
                "SELECT action FROM actions WHERE session_id = ? ORDER BY position", (session_id,)
            ).fetchall()
            holders = self._db.execute(
                "SELECT role, generation, device FROM holders WHERE session_id = ?",
                (session_id,)).fetchall()
            notes = self._db.execute(
                "SELECT text, kind FROM notes WHERE session_id = ? ORDER BY seq",
                (session_id,)).fetchall()
        record = self._record(row, tuple(json.loads(a) for (a,) in actions))
        return dataclasses.replace(
            record, holders={role: Holder(gen, device) for role, gen, device in holders},
            notes=tuple(Note(*note) for note in notes))

    def server_secret(self) -> bytes:
        """The secret behind every link key and device mark, made on first use; it never
        leaves the server (no export or page holds it)."""
        with self._lock:
            if self._secret is None:
                with self._write() as db:  # made once; another process may have made it
                    db.execute("INSERT OR IGNORE INTO server_secrets VALUES ('links', ?)",
                               (secrets.token_bytes(32),))
                    self._secret = bytes(db.execute(
                        "SELECT value FROM server_secrets WHERE name = 'links'").fetchone()[0])
            return self._secret

    def game_of(self, session_id: str) -> str | None:
        """The game a stored session plays (None when there is none)."""
        with self._lock:
            row = self._db.execute("SELECT game FROM sessions WHERE id = ?",
                                   (session_id,)).fetchone()
        return None if row is None else row[0]

    def revision_of(self, session_id: str) -> int | None:
        """The stored revision of a session (None once it is deleted)."""
        with self._lock:
            row = self._db.execute("SELECT revision FROM sessions WHERE id = ?",
                                   (session_id,)).fetchone()
        return None if row is None else row[0]

    def find_by_code(self, code: str) -> SessionRecord | None:
        """The session whose join code (the first `JOIN_CODE_LENGTH` characters of its id)
        is `code`, ignoring case, spaces and dashes; None when there is none."""
        clean = "".join(ch for ch in str(code)[:40].lower() if ch not in " -")
        if len(clean) != JOIN_CODE_LENGTH or any(ch not in "0123456789abcdef" for ch in clean):
            return None
        with self._lock:
            row = self._db.execute("SELECT * FROM sessions WHERE substr(id, 1, ?) = ?",
                                   (JOIN_CODE_LENGTH, clean)).fetchone()
        return None if row is None else self._record(row, ())

    def data_version(self) -> int:
        """Changes whenever another connection (another server process) commits to the
        file; this connection's own commits leave it as it was (SQLite's data_version)."""
        with self._lock:
            return self._db.execute("PRAGMA data_version").fetchone()[0]

    @staticmethod
    def _record(row: tuple, actions: tuple[dict[str, Any], ...]) -> SessionRecord:
        sid, game, version, name, options, seed, cursor, revision, created, updated = row
        return SessionRecord(sid, game, version, name, json.loads(options), seed, cursor,
                             actions, revision, created, updated)

    # Writing.

    def create(self, record: SessionRecord) -> None:
        """Insert a whole session (a new one, or an import) in one transaction."""
        with self._write() as db:
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

    def record_action(self, session_id: str, revision: int, position: int,
                      action: dict[str, Any]) -> int:
        """Store `action` at `position`, dropping any undone actions after it.

        Returns the new revision; raises StaleSessionError when another screen
        changed the session since `revision`.
        """
        with self._write() as db:
            self._check_revision(db, session_id, revision)
            db.execute("DELETE FROM actions WHERE session_id = ? AND position >= ?",
                       (session_id, position))
            db.execute("INSERT INTO actions VALUES (?, ?, ?)",
                       (session_id, position, json.dumps(action)))
            return self._bump(db, session_id, revision, position + 1)

    def move_cursor(self, session_id: str, revision: int, cursor: int,
                    note: Note | None = None) -> int:
        """Undo or redo: only the cursor moves (and the log's note that says so is added in
        the same transaction); returns the new revision."""
        with self._write() as db:
            self._check_revision(db, session_id, revision)
            if note is not None:
                self._add_note(db, session_id, note)
            return self._bump(db, session_id, revision, cursor)

    def set_holder(self, session_id: str, revision: int, role: str, holder: Holder,
                   note: Note | None = None) -> int:
        """Who holds `role` now (and the note that says so); returns the new revision, so
        every other process reloads the table and each page sees its role again."""
        with self._write() as db:
            self._check_revision(db, session_id, revision)
            (cursor,) = db.execute("SELECT cursor FROM sessions WHERE id = ?",
                                   (session_id,)).fetchone()
            db.execute("INSERT OR REPLACE INTO holders VALUES (?, ?, ?, ?)",
                       (session_id, role, holder.generation, holder.device))
            if note is not None:
                self._add_note(db, session_id, note)
            return self._bump(db, session_id, revision, cursor)

    @staticmethod
    def _add_note(db: sqlite3.Connection, session_id: str, note: Note) -> None:
        db.execute("INSERT INTO notes (session_id, seq, kind, text) VALUES (?, (SELECT "
                   "COUNT(*) FROM notes WHERE session_id = ?), ?, ?)",
                   (session_id, session_id, note.kind, note.text))

    # Guesses.

    def guess_not_before(self, kind: str, address: str) -> float:
        """When `address` may next guess a `kind` (a time.time(); 0 if it never guessed)."""
        with self._lock:
            row = self._db.execute("SELECT not_before FROM guesses WHERE kind = ? AND "
                                   "address = ?", (kind, address)).fetchone()
        return row[0] if row else 0.0

    def take_guess(self, kind: str, address: str, now: float,
                   hold_off: Callable[[int], float]) -> float:
        """One guess of a `kind` from `address`, counted before it is looked at, in one
        transaction (two server processes cannot both let a guess through one wait): 0 if
        it may be looked at now (the next then waits `hold_off(guesses so far)`, until a
        right one forgets them), else the seconds it must wait (and it is not counted)."""
        with self._write() as db:
            db.execute("DELETE FROM guesses WHERE not_before < ?", (now - GUESSES_KEPT_FOR,))
            row = db.execute("SELECT wrong, not_before FROM guesses WHERE kind = ? AND "
                             "address = ?", (kind, address)).fetchone()
            taken, not_before = row if row else (0, 0.0)
            if now < not_before:
                return not_before - now
            db.execute("INSERT INTO guesses VALUES (?, ?, ?, ?) ON CONFLICT (kind, address) "
                       "DO UPDATE SET wrong = excluded.wrong, not_before = excluded.not_before",
                       (kind, address, taken + 1, now + hold_off(taken + 1)))
            return 0.0

    def forget_guesses(self, kind: str, address: str) -> None:
        with self._write() as db:
            db.execute("DELETE FROM guesses WHERE kind = ? AND address = ?", (kind, address))

    def rename(self, session_id: str, name: str) -> None:
        with self._write() as db:
            db.execute("UPDATE sessions SET name = ? WHERE id = ?", (name, session_id))

    def delete(self, session_id: str) -> None:
        with self._write() as db:
            db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))

    @staticmethod
    def _check_revision(db: sqlite3.Connection, session_id: str, revision: int) -> None:
        row = db.execute("SELECT revision FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise InputError(f"no saved session {shown(session_id)}")
        if row[0] != revision:
            raise StaleSessionError("this game was changed on another screen; reload it")

    @staticmethod
    def _bump(db: sqlite3.Connection, session_id: str, revision: int, cursor: int) -> int:
        db.execute(
            "UPDATE sessions SET cursor = ?, revision = ?, updated = ? WHERE id = ?",
            (cursor, revision + 1, time.time(), session_id),
        )
        return revision + 1


_shared: dict[Path, Store] = {}
_shared_lock = threading.Lock()


def shared_store(path: str | Path | None = None) -> Store:
    """One Store per file for the whole server process (every browser tab shares it)."""
    resolved = (Path(path) if path is not None else default_path()).resolve()
    with _shared_lock:
        if resolved not in _shared:
            _shared[resolved] = Store(resolved)
        return _shared[resolved]
