"""The SQLite file under a `Store`: the embedded default, which `make serve` needs nothing for.

One connection per Store, ordered by a lock (WAL: readers never wait for the writer), each
write a `BEGIN IMMEDIATE` transaction, so two server processes on one file take turns. Other
processes' commits are seen by polling `PRAGMA data_version`.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.core.errors import StorageError

# Each entry upgrades the file by one schema version; never edit a shipped one. The same
# versions for PostgreSQL are `companion.core.postgres_db.MIGRATIONS`.
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
POLL_SECONDS = 0.3  # how often a process looks for another process's commits


class SqliteDatabase:
    """A SQLite file of saved games (see `companion.core.store.Database`)."""

    migrations = MIGRATIONS
    lock_rows = ""  # `BEGIN IMMEDIATE` already holds the whole file

    def __init__(self, path: Path):
        self.path = path
        self.where = str(path.resolve())
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as error:
            raise StorageError(f"the saved games at {path} could not be opened ({error})") \
                from None

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """One snapshot of the file (a deferred transaction: WAL readers never wait)."""
        with self._lock:
            try:
                self._db.execute("BEGIN")
                try:
                    yield self._db
                finally:
                    if self._db.in_transaction:
                        self._db.execute("COMMIT")
            except sqlite3.Error as error:
                raise StorageError(f"the saved games could not be read ({error}); "
                                   "try again") from None

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed on success, rolled back on any error. A locked or
        unwritable file is a StorageError (nothing stored), never a raw sqlite3 error."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                raise StorageError(f"the saved games could not be written ({error}): "
                                   "nothing was saved; try again") from None
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException as error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error):
                    raise StorageError(f"the saved games could not be written ({error}): "
                                       "nothing was saved; try again") from None
                raise

    # The schema's version is the file's `user_version`; BEGIN IMMEDIATE keeps out any other
    # process that would migrate it at the same time.

    def lock_schema(self, db: sqlite3.Connection) -> None:
        pass

    def schema_version(self, db: sqlite3.Connection) -> int:
        return db.execute("PRAGMA user_version").fetchone()[0]

    def set_schema_version(self, db: sqlite3.Connection, version: int) -> None:
        db.execute(f"PRAGMA user_version = {int(version)}")

    # Other processes' changes.

    def notify(self, db: sqlite3.Connection, session_id: str, revision: int | None) -> None:
        pass  # other processes see the file's data_version move

    def data_version(self) -> int:
        """Changes whenever another connection (another server process) commits to the
        file; this connection's own commits leave it as it was (SQLite's data_version)."""
        with self._lock:
            return self._db.execute("PRAGMA data_version").fetchone()[0]

    def changes(self) -> Iterator[dict[str, int | None] | None]:
        """Forever, every `POLL_SECONDS`: None when another process committed (any game
        may have changed), else nothing changed ({})."""
        seen = None
        while True:
            try:
                version = self.data_version()
            except sqlite3.Error:
                version = seen  # the file busy: look again next time
            yield None if seen is not None and version != seen else {}
            seen = version
            time.sleep(POLL_SECONDS)
