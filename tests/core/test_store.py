"""The Store's contract, on SQLite and on PostgreSQL alike (each test runs on both, through
the `database` fixture): commits before returning, list/resume/rename/delete, revisions
and stale refusal, the undo/redo cursor, concurrent writers, holders, notes, guesses, the
server's secret, migrations and the refusal of a newer schema, hostile text in every field.
"""

import itertools
import os
import sqlite3
import threading
import time

import pytest

from companion.core.errors import InputError, StorageError
from companion.core.postgres_db import RECONNECT_SECONDS, PostgresDatabase, changed_by
from companion.core.seats import TABLET, Holder, Note
from companion.core.session import Session
from companion.core.sqlite_db import SqliteDatabase
from companion.core.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    StaleSessionError,
    Store,
    default_path,
    default_target,
    open_database,
    shared_store,
)
from companion.dice_lab.engine import Check

HOSTILE_TEXTS = ["a\ud800b", "nul\x00", "x" * 10_000, "\u202eevil\u2066txt\u2069", "é\u200b🎲",
                 "'; DROP TABLE sessions; --", "?%s%(x)s"]


@pytest.fixture
def store(stores) -> Store:
    return stores()


def test_the_file_is_in_wal_mode_at_the_latest_schema(tmp_path):
    store = Store(tmp_path / "s.sqlite3")
    mode = sqlite3.connect(store.path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    assert store.schema_version == SCHEMA_VERSION == len(MIGRATIONS)


def test_both_databases_are_at_the_latest_schema(store):
    assert store.schema_version == SCHEMA_VERSION == len(store.database.migrations)


def test_companion_db_overrides_the_default_path(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DB", str(tmp_path / "x.sqlite3"))
    assert default_path() == default_target() == tmp_path / "x.sqlite3"
    monkeypatch.setenv("COMPANION_DB", "postgresql://someone@db.example/games")
    assert default_target() == "postgresql://someone@db.example/games"
    monkeypatch.delenv("COMPANION_DB")
    assert default_path().name == "companion.sqlite3" == default_target().name
    assert "companion" in str(default_path().parent)


def test_every_action_is_committed_before_act_returns(store, stores):
    session = Session("dice_lab", seed=3, store=store)
    session.act(Check(dice=(2, 2)))
    assert len(stores().load(session.id).actions) == 1  # a second reader sees it at once


def test_a_game_read_from_an_action_on_holds_only_those_actions(store):
    """What a live table reads when one change behind (`Session.catch_up`): the session's
    row, holders and notes whole, its actions from `since` on; such a record is never
    stored whole."""
    session = Session("dice_lab", seed=3, store=store)
    for faces in ((1, 1), (2, 2), (3, 3)):
        session.act(Check(dice=faces))
    session.undo()
    whole = store.load(session.id)
    for since in range(5):
        tail = store.load(session.id, since=since)
        assert tail.actions == whole.actions[since:] and tail.first_action == since
        assert (tail.cursor, tail.revision, tail.notes) == (whole.cursor, whole.revision,
                                                            whole.notes)
    with pytest.raises(InputError, match="cannot be stored whole"):
        store.create(store.load(session.id, since=1))


def test_list_resume_rename_delete(store):
    first = Session("dice_lab", seed=1, store=store, name="Tuesday")
    second = Session("dice_lab", seed=2, store=store)
    second.act(Check(dice=(6, 6)))
    listed = store.list_sessions("dice_lab")
    assert [r.id for r in listed] == [second.id, first.id]  # most recent first
    assert store.list_sessions("goldfinger") == []
    first.rename("Friday night")
    assert store.load(first.id).name == "Friday night"
    assert Session.resume(store, second.id).log == second.log
    assert store.find_by_code(second.id[:4] + "-" + second.id[4:8].upper()).id == second.id
    assert store.game_of(second.id) == "dice_lab"
    store.delete(first.id)
    assert [r.id for r in store.list_sessions()] == [second.id]
    assert store.revision_of(first.id) is None and store.game_of(first.id) is None
    with pytest.raises(InputError, match="no saved session"):
        store.load(first.id)


def test_two_screens_cannot_overwrite_each_other(store, stores):
    one = Session("dice_lab", seed=1, store=store)
    two = Session.resume(stores(), one.id)
    one.act(Check(dice=(1, 1)))
    with pytest.raises(StaleSessionError):
        two.act(Check(dice=(2, 2)))
    assert Session.resume(store, one.id).log == one.log


def test_undo_and_redo_move_only_the_cursor(store, stores):
    session = Session("dice_lab", seed=5, store=store)
    for die in (1, 2, 3):
        session.act(Check(dice=(die, die)))
    session.undo()
    session.undo()
    record = stores().load(session.id)
    assert (record.cursor, len(record.actions), record.revision) == (1, 3, 5)
    assert [note.kind for note in record.notes] == ["undo", "undo"]
    resumed = Session.resume(stores(), session.id)
    resumed.redo()
    assert resumed.log == [*session.log, "2. 2 dice, at most 7: rolled 2+2 = 4, succeeds "
                                         "(chance was 58.3%)"]
    resumed.act(Check(dice=(6, 6)))  # a new action drops what could be redone
    assert len(store.load(session.id).actions) == 3


def test_concurrent_writers_each_store_every_action_once(store, stores):
    """Two Stores (two server processes), four threads each, every thread retrying on a
    stale revision: every action lands once, and the revision counts them all."""
    session_id = Session("dice_lab", seed=6, store=store).id
    others = [stores(), stores()]
    per_thread, threads = 10, []

    def write(writer: Store, name: int) -> None:
        for i in range(per_thread):
            while True:
                record = writer.load(session_id)
                try:
                    writer.record_action(session_id, record.revision, record.cursor,
                                         {"writer": name, "i": i})
                    break
                except StaleSessionError:
                    continue

    for name in range(8):
        threads.append(threading.Thread(target=write, args=(others[name % 2], name)))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    record = store.load(session_id)
    assert len(record.actions) == record.cursor == record.revision == 8 * per_thread
    for name in range(8):
        assert [a["i"] for a in record.actions if a["writer"] == name] == list(range(per_thread))


def test_holders_and_notes_are_kept_with_the_game(store, stores):
    session = Session("dice_lab", seed=7, store=store)
    revision = store.set_holder(session.id, session.revision, TABLET, Holder(0, "mark-1"),
                                Note("the tablet is taken", "seat"))
    revision = store.set_holder(session.id, revision, TABLET, Holder(1, None))
    record = stores().load(session.id)
    assert record.holders == {TABLET: Holder(1, None)}
    assert record.notes == (Note("the tablet is taken", "seat"),)
    assert record.revision == revision == 2
    with pytest.raises(StaleSessionError):
        store.set_holder(session.id, 1, TABLET, Holder(2, "mark-2"))


def test_a_note_alone_is_kept_and_bumps_the_revision(store, stores):
    """`add_note`: a line of the log and nothing else (the tablet moved on to another game);
    another process reloads the table on the new revision."""
    session = Session("dice_lab", seed=7, store=store)
    revision = store.add_note(session.id, session.revision, Note("moved on", "moved on"))
    record = stores().load(session.id)
    assert record.notes == (Note("moved on", "moved on"),)
    assert record.revision == revision == 1 and record.cursor == 0
    with pytest.raises(StaleSessionError):
        store.add_note(session.id, 0, Note("late", "moved on"))


def test_the_server_secret_is_made_once_for_every_store(store, stores):
    assert store.server_secret() == stores().server_secret()
    assert len(store.server_secret()) == 32
    assert stores().keep_server_secret(b"another") == store.server_secret()


def test_guesses_wait_and_are_forgotten(store):
    def hold_off(taken: int) -> float:
        return 0.0 if taken < 2 else 10.0

    assert store.take_guess("password", "10.0.0.1", 100.0, hold_off) == 0.0
    assert store.take_guess("password", "10.0.0.1", 100.0, hold_off) == 0.0
    assert store.take_guess("password", "10.0.0.1", 101.0, hold_off) == 9.0  # not counted
    assert store.guess_not_before("password", "10.0.0.1") == 110.0
    assert store.guess_not_before("join code", "10.0.0.1") == 0.0
    store.forget_guesses("password", "10.0.0.1")
    assert store.take_guess("password", "10.0.0.1", 101.0, hold_off) == 0.0


def test_one_wait_lets_one_guess_through_across_processes(store, stores):
    """Sixteen simultaneous guesses from one address on two Stores: each is counted and
    checked in one transaction, so exactly one is let through the wait it sets."""
    store.take_guess("password", "10.0.0.2", 1000.0, lambda taken: 0.0)  # the row exists
    others, answers, start = [stores(), stores()], [], threading.Barrier(16)

    def slow_hold_off(taken: int) -> float:
        time.sleep(0.02)  # inside the transaction: the others' guesses arrive meanwhile
        return 60.0

    def guess(writer: Store) -> None:
        start.wait()
        answers.append(writer.take_guess("password", "10.0.0.2", 1000.0, slow_hold_off))

    threads = [threading.Thread(target=guess, args=(others[i % 2],)) for i in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(answers) == [0.0] + [60.0] * 15


@pytest.mark.parametrize("text", HOSTILE_TEXTS)
def test_hostile_text_is_refused_or_comes_back_unchanged(store, text):
    """The same on both databases: NUL and lone surrogates are refused with a message
    (PostgreSQL cannot keep NUL; neither encodes a surrogate), all else comes back as is."""
    refused = "\x00" in text or "\ud800" in text
    session = Session("dice_lab", seed=8, store=store)

    def kept(write, read) -> None:
        if refused:
            with pytest.raises(InputError, match=r"NUL|lone surrogate"):
                write()
        else:
            write()
            assert read() == text

    kept(lambda: store.rename(session.id, text), lambda: store.load(session.id).name)
    kept(lambda: session.set_holder("0", Holder(0, text), note=text),
         lambda: store.load(session.id).holders["0"].device)
    kept(lambda: session.set_holder(text, Holder(0, None)),
         lambda: next(role for role in store.load(session.id).holders if role != "0"))
    kept(lambda: store.take_guess(text, text, 5.0, lambda n: 1.0),
         lambda: text if store.guess_not_before(text, text) == 6.0 else None)
    revision = store.record_action(session.id, store.revision_of(session.id), 0,
                                   {"label": text})
    assert store.load(session.id).actions == ({"label": text},)  # JSON escapes every char
    assert store.revision_of(session.id) == revision
    record = store.load(session.id)
    assert [n.text for n in record.notes] == ([] if refused else [text])
    for lookup in (store.load, lambda t: store.find_by_code(t) or store.load("")):
        with pytest.raises(InputError, match="no saved session"):
            lookup(text)
    assert store.revision_of(text) is None and store.game_of(text) is None
    store.delete(text)
    store.forget_guesses(text, text)
    assert [r.id for r in store.list_sessions(text)] == []


def test_an_older_database_migrates_with_its_data(database):
    old = open_database(database)
    with old.write() as db:
        old.lock_schema(db)
        for statement in old.migrations[0].split(";"):
            if statement.strip():
                db.execute(statement)
        old.set_schema_version(db, 1)
        db.execute("INSERT INTO sessions VALUES ('abc', 'dice_lab', 1, 'Old', '{}', 5, 1, 1, "
                   "0, 0)")
        db.execute("""INSERT INTO actions VALUES ('abc', 0, '{"type": "Check", "n_dice": 2,
            "target": 7, "goal": "at most", "modifiers": [], "dice": [1, 2]}')""")
    old.close()
    store = Store(database)
    assert store.schema_version == SCHEMA_VERSION
    assert Session.resume(store, "abc").log[0].startswith("1. 2 dice, at most 7: rolled 1+2")
    assert store.list_sessions("dice_lab")[0].id == "abc"  # the index of version 2 serves
    store.close()


def test_a_database_from_a_newer_companion_is_refused(database):
    future = open_database(database)
    with future.write() as db:
        future.lock_schema(db)
        future.set_schema_version(db, SCHEMA_VERSION + 1)
    future.close()
    with pytest.raises(InputError, match="newer companion"):
        Store(database)


def test_a_failed_migration_leaves_the_database_as_it_was(database, monkeypatch):
    for kind in (SqliteDatabase, PostgresDatabase):
        third_broken = (*kind.migrations[:2], "CREATE TABLE holders (x TEXT); NOT SQL",
                        *kind.migrations[3:])
        monkeypatch.setattr(kind, "migrations", third_broken)
    with pytest.raises(StorageError, match="could not be written"):
        Store(database)
    left = open_database(database)
    with left.write() as db:
        left.lock_schema(db)
        assert left.schema_version(db) == 2  # migrations 1 and 2 kept, 3 not half-done
    left.close()
    monkeypatch.undo()
    store = Store(database)
    assert store.schema_version == SCHEMA_VERSION
    store.close()


def changes_until(changes, session_id: str, seconds: float = 10.0) -> float | None:
    """Seconds until `changes` names `session_id` (or says any may have changed)."""
    started = time.monotonic()
    for changed in changes:
        if changed is None or (isinstance(changed, dict) and session_id in changed):
            return time.monotonic() - started
        if time.monotonic() - started > seconds:
            return None
    return None


def test_a_change_reaches_another_store(store, stores):
    """What a live table follows: one Store's write is announced to another's `changes`
    (SQLite: its next poll; PostgreSQL: a notification)."""
    session = Session("dice_lab", seed=9, store=store)
    changes = stores().changes()
    next(changes)  # listening
    session.act(Check(dice=(4, 4)))
    assert changes_until(changes, session.id) is not None


def test_a_notification_says_the_revision_the_change_made(postgres):
    """A process needs not ask the database whether a change is news to it: the notice of
    an action, an undo or a note says the revision it made; a rename, none."""
    url = postgres.new_database()
    here, there = Store(url), Store(url)
    changes = here.changes()
    assert next(changes) is None  # listening
    session = Session("dice_lab", seed=12, store=there)
    session.act(Check(dice=(2, 3)))
    session.undo()
    session.tell("Ann took seat 1", "seat")
    session.rename("Friday")
    said = [changed for changed in itertools.islice(changes, 12) if changed][:5]
    assert said == [{session.id: 0}, {session.id: 1}, {session.id: 2}, {session.id: 3},
                    {session.id: None}]
    here.close()
    there.close()


@pytest.mark.parametrize(("payload", "changed"), [
    ("ab12cd34ab12cd34 7", {"ab12cd34ab12cd34": 7}),
    ("ab12cd34ab12cd34", {"ab12cd34ab12cd34": None}),
    ("ab12cd34ab12cd34 seven", {"ab12cd34ab12cd34": None}),  # not ours: ask the store
    ("ab12cd34ab12cd34 -1", {"ab12cd34ab12cd34": None}),
    ("", None),  # an id too long for the payload: any session may have changed
])
def test_a_notifications_payload_is_read_as_the_session_and_its_revision(payload, changed):
    assert changed_by(payload) == changed


def test_the_listener_comes_back_after_the_database_restarts(postgres):
    url = postgres.new_database()
    here, there = Store(url), Store(url)
    session = Session("dice_lab", seed=10, store=there)
    changes = here.changes()
    assert next(changes) is None  # connected: any game may have changed meanwhile
    postgres.restart()
    session.act(Check(dice=(5, 5)))  # the pool's connection was dropped: it makes another
    assert changes_until(changes, session.id) is not None
    assert Session.resume(here, session.id).log == session.log
    here.close()
    there.close()


def first_that(changes, wanted, seconds: float = 20.0) -> tuple[bool, object]:
    """(True, the first thing `changes` yields that `wanted` accepts), or (False, None)
    when none comes in time."""
    started = time.monotonic()
    for changed in changes:
        if wanted(changed):
            return True, changed
        if time.monotonic() - started > seconds:
            break
    return False, None


def test_the_listener_says_while_the_database_cannot_be_reached(postgres):
    """What every page of a process says while its database is gone: the listener yields
    why (never raises, never stops), and follows again once the server is back."""
    url = postgres.new_database()
    here, there = Store(url), Store(url)
    session = Session("dice_lab", seed=11, store=there)
    changes = here.changes()
    assert next(changes) is None
    postgres.pause()
    try:
        said, lost = first_that(changes, lambda changed: isinstance(changed, StorageError))
        assert said, "the listener never said the database was gone"
        assert "cannot be reached" in str(lost) and here.where in str(lost)
        assert isinstance(next(changes), StorageError)  # still gone: said again
    finally:
        postgres.resume()
    back, _ = first_that(changes, lambda changed: changed is None)
    assert back, "the listener never came back"  # None: any game may have changed meanwhile
    session.act(Check(dice=(6, 6)))
    assert changes_until(changes, session.id) is not None
    here.close()
    there.close()


def test_the_first_save_once_the_database_is_back_does_not_wait(postgres):
    """A table whose database was gone for a while saves the first tap once it is back at
    once: the connection pool gives up its backing-off tries (1, 2, 4, 8 s...) after
    `RECONNECT_SECONDS`, and the tap's own request connects afresh. With the pool's default
    (5 minutes of tries) the first save after a 20 s outage waited 8 s for its next try,
    while every page already said the database was back (a CI run's browser test)."""
    url = postgres.new_database()
    store = Store(url)
    session = Session("dice_lab", seed=11, store=store)
    postgres.pause()
    try:
        gone_until = time.monotonic() + 20
        while time.monotonic() < gone_until:  # taps meanwhile, refused: the pool tries on
            with pytest.raises(StorageError):
                session.act(Check(dice=(6, 6)))
            time.sleep(1)
    finally:
        postgres.resume()
    started = time.monotonic()
    session.act(Check(dice=(6, 6)))
    waited = time.monotonic() - started
    assert waited < RECONNECT_SECONDS + 2, f"the first save once back waited {waited:.1f} s"
    assert len(store.load(session.id).actions) == 1  # the refused taps left nothing
    store.close()


def test_a_database_that_cannot_be_reached_is_said_without_its_password():
    with pytest.raises(StorageError, match=r"could not be reached.*refused") as refused:
        Store("postgresql://ann:s3cret-pw@127.0.0.1:1/games")
    assert "postgresql://ann:***@127.0.0.1:1/games" in str(refused.value)
    assert "s3cret-pw" not in str(refused.value)


@pytest.mark.parametrize(("url", "said"), [
    ("postgresql://ann:s3cret-pw@db:port/games", "Port could not be cast"),
    ("postgresql://db/games?password=s3cret-pw&nonsense=1", "invalid URI query parameter"),
])
def test_a_malformed_address_is_said_without_its_password(url, said):
    with pytest.raises(InputError, match="is not a PostgreSQL address") as refused:
        Store(url)
    assert said in str(refused.value)
    assert "s3cret-pw" not in str(refused.value) and "***" in str(refused.value)


def test_a_forked_server_process_opens_its_own_store(database):
    """`panel serve --num-procs` forks: a pool's threads and a connection do not cross."""
    parent = shared_store(database)
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover (the child reports through the pipe)
        try:
            mine = shared_store(database)
            ok = mine is not parent and mine.revision_of("none") is None
            os.write(write, b"own" if ok else b"shared")
        finally:
            os._exit(0)
    os.waitpid(child, 0)
    assert os.read(read, 10) == b"own"
    assert shared_store(database) is parent
