"""PostgreSQL under a `Store`: many server processes on many machines, one database.

psycopg 3 and its connection pool, plain SQL. The Store's statements are written once with
`?` placeholders; `Connection` turns them into psycopg's `%s`. Row locks (`FOR UPDATE` on
the session's row) take the place of SQLite's file lock, and every change is announced
with `NOTIFY` so other processes see it at once instead of polling.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any
from urllib.parse import urlsplit

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg.pq import TransactionStatus
from psycopg_pool import ConnectionPool, PoolTimeout

from companion.core.errors import InputError, StorageError

# The same schema versions as `companion.core.sqlite_db.MIGRATIONS`, in PostgreSQL's types
# (a seed needs 64 bits; a time needs a double); never edit a shipped one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        game_version INTEGER NOT NULL,
        name TEXT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        cursor INTEGER NOT NULL,
        revision INTEGER NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE actions (
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (session_id, position)
    );
    """,
    "CREATE INDEX sessions_by_game ON sessions (game, updated DESC);",
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
    CREATE TABLE server_secrets (name TEXT PRIMARY KEY, value BYTEA NOT NULL);
    """,
    """
    CREATE TABLE guesses (
        kind TEXT NOT NULL,
        address TEXT NOT NULL,
        wrong INTEGER NOT NULL,
        not_before DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (kind, address)
    );
    """,
)
CHANNEL = "companion_changes"  # NOTIFY's channel; the payload: "<session id> <revision>"
SCHEMA_LOCK = 0x636F6D70  # pg_advisory_xact_lock's key while a process migrates ("comp")
POOL_SIZE = 10  # connections per server process at most
WAIT_SECONDS = 10.0  # for a free connection, or a new one, before the tap is refused
HEARTBEAT_SECONDS = 1.0  # the listener says it is alive at least this often
RETRY_SECONDS = 1.0  # between the listener's tries to reconnect
# How long the pool keeps trying to replace a lost connection, backing off (1, 2, 4 s...)
# before it gives up until the next tap asks for one. Its default, 5 minutes, let the
# backoff grow while the database was gone: after a 20 s outage the first tap once it was
# back waited 8 s for the pool's next try, while every page already said it was back.
RECONNECT_SECONDS = 2.0
CONNECT = {"connect_timeout": 5, "keepalives": 1, "keepalives_idle": 10,
           "keepalives_interval": 5, "keepalives_count": 3}  # a silent drop is noticed
# What changed, as `Store.changes` says it: each session's id, and its revision now (None
# when the notice did not say it: ask the store).
Changed = dict[str, int | None]
MAX_PAYLOAD = 1000  # characters of a session id in a notification (ours have 16)
URL_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


PASSWORDS = (re.compile(r"^\w+://[^:/@?]*:([^@/?]*)@"), re.compile(r"(?i)password=([^&\s]*)"))


def without_password(text: str, url: str | None = None) -> str:
    """`text` (a URL, or an error about `url`) as it may be shown: every password in the
    URL replaced by ***."""
    for pattern in PASSWORDS:
        for found in pattern.finditer(url if url is not None else text):
            if found.group(1):
                text = text.replace(found.group(1), "***")
    return text


def said(error: Exception, url: str) -> str:
    """psycopg's reason, in one line and without the password."""
    return without_password(" ".join(str(error).split()) or type(error).__name__, url)


class Connection:
    """A psycopg connection that takes the Store's `?` placeholders."""

    def __init__(self, connection: psycopg.Connection):
        self._connection = connection

    def execute(self, query: str, args: Sequence[Any] = ()) -> psycopg.Cursor:
        return self._connection.execute(query.replace("?", "%s"), args)

    def executemany(self, query: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._connection.cursor() as cursor:
            cursor.executemany(query.replace("?", "%s"), rows)


class PostgresDatabase:
    """A PostgreSQL database of saved games (see `companion.core.store.Database`)."""

    migrations = MIGRATIONS
    lock_rows = " FOR UPDATE"  # a writer holds the rows it checks until it commits

    def __init__(self, url: str):
        self._url, self.where = url, without_password(url)
        try:
            conninfo_to_dict(url)
            if "," not in urlsplit(url).netloc:  # libpq's list of hosts is no URL's
                urlsplit(url).port  # noqa: B018 (a port that is no number raises)
        except (psycopg.Error, ValueError) as error:
            raise InputError(f"{self.where} is not a PostgreSQL address: "
                             f"{said(error, url)}") from None
        try:  # once by hand, for the reason a server cannot be reached
            psycopg.connect(url, **CONNECT).close()
        except psycopg.Error as error:
            raise StorageError(f"the saved games at {self.where} could not be reached: "
                               f"{said(error, url)}") from None
        self._pool = ConnectionPool(
            url, min_size=1, max_size=POOL_SIZE, timeout=WAIT_SECONDS,
            kwargs={"autocommit": True, **CONNECT},
            check=ConnectionPool.check_connection,  # a connection the server dropped is replaced
            reconnect_timeout=RECONNECT_SECONDS,
            name="companion", open=True)

    def close(self) -> None:
        self._pool.close()

    @contextmanager
    def _transaction(self, failed: str, begin: str) -> Iterator[Connection]:
        """One transaction, pipelined (psycopg's pipeline mode): each statement is sent
        without waiting for its answer, until a row is read or the transaction ends. BEGIN
        and COMMIT are statements of the same pipeline (psycopg's own `transaction()` waits
        for the server at each of them), so an action's write or a game's load is three
        round trips (lend and check a connection; begin and read; the rest and commit)
        instead of eight, a one-query read three instead of five; each round trip is a turn
        the thread waits for at the interpreter's lock while a page redraws."""
        try:
            with self._pool.connection() as connection:
                try:
                    with connection.pipeline():
                        connection.execute(begin)
                        yield Connection(connection)
                        connection.execute("COMMIT")
                except BaseException:
                    if connection.info.transaction_status in (TransactionStatus.INTRANS,
                                                              TransactionStatus.INERROR):
                        connection.execute("ROLLBACK")
                    raise
        except (psycopg.Error, PoolTimeout) as error:
            raise StorageError(f"the saved games at {self.where} could not be {failed} "
                               f"({said(error, self._url)}); try again") from None

    def read(self) -> AbstractContextManager[Connection]:
        """One snapshot of the database."""
        return self._transaction("read", "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")

    def write(self) -> AbstractContextManager[Connection]:
        """One transaction: committed on success, rolled back on any error; a database that
        cannot be reached or written is a StorageError, never a raw psycopg error."""
        return self._transaction("written: nothing was saved", "BEGIN")

    # The schema's version is a row of its own, kept by the migrations' transactions.

    def lock_schema(self, db: Connection) -> None:
        db.execute(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
        db.execute("CREATE TABLE IF NOT EXISTS companion_schema (version INTEGER NOT NULL)")

    def schema_version(self, db: Connection) -> int:
        row = db.execute("SELECT max(version) FROM companion_schema").fetchone()
        return row[0] or 0

    def set_schema_version(self, db: Connection, version: int) -> None:
        db.execute("DELETE FROM companion_schema")
        db.execute("INSERT INTO companion_schema VALUES (?)", (version,))

    # Other processes' changes.

    def notify(self, db: Connection, session_id: str, revision: int | None) -> None:
        """Sent when the transaction commits, to every process listening (this one too),
        with the session's new revision when it has one: a listener already at it (the
        process that made the change) need not ask the database. An id too long for a
        notification's payload (8000 bytes) is sent as "": any session."""
        payload = session_id if revision is None else f"{session_id} {revision}"
        db.execute("SELECT pg_notify(?, ?)",
                   (CHANNEL, payload if len(session_id) <= MAX_PAYLOAD else ""))

    def changes(self) -> Iterator[Changed | StorageError | None]:
        """Forever: the sessions changed, as each notification comes; {} at least every
        `HEARTBEAT_SECONDS`; None after (re)connecting, since any game may have
        changed while nobody listened. While the server cannot be reached, a StorageError
        saying why, once per try: the connection is tried again every `RETRY_SECONDS`."""
        while True:
            try:
                with psycopg.connect(self._url, autocommit=True, **CONNECT) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    yield None
                    while True:
                        for notice in connection.notifies(timeout=HEARTBEAT_SECONDS):
                            yield changed_by(notice.payload)
                        yield {}
            except psycopg.Error as error:
                yield StorageError(f"the saved games at {self.where} cannot be reached "
                                   f"({said(error, self._url)}): trying again")
                time.sleep(RETRY_SECONDS)


def changed_by(payload: str) -> Changed | None:
    """What a notification's payload says changed: {session id: its revision now, or None
    when the payload does not say}; None for any session (an empty payload)."""
    session_id, _, revision = payload.partition(" ")
    if not session_id:
        return None
    return {session_id: int(revision) if revision.isdigit() else None}
