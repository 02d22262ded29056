"""The shared table under concurrency and faults: two processes firing actions at one game,
and a process killed in the middle of a burst.

Each writer acts through its own `LiveTable` on its own connection to one database (a
SQLite file, or PostgreSQL: each test runs on both), as two `panel serve` processes do.
Afterwards the stored log holds every acknowledged action exactly once, in each writer's
order, and replays to the state the writers saw.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

from companion.core.errors import StorageError
from companion.core.session import Session
from companion.core.store import Store
from companion.dice_lab.dashboard import DiceLabDashboard
from companion.dice_lab.engine import Check
from companion.ui.database_status import UNREACHABLE, DatabaseStatus
from companion.ui.live_table import GameMovedOn, LiveTable, follow_changes, live_table
from tests.waiting import wait_for

WRITER = textwrap.dedent("""
    import json, sys, time
    from companion.core.session import Session
    from companion.core.store import StorageError, Store
    from companion.dice_lab.engine import Check
    from companion.ui.live_table import GameMovedOn, LiveTable
    db, session_id, n_dice, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    store = Store(db)
    table = LiveTable(store, Session.resume(store, session_id))
    acknowledged, refused = [], 0
    for target in range(count):
        action = Check(n_dice=n_dice, target=target, dice=(1,) * n_dice)
        unsure = False  # a refused tap may still have been stored (the answer was lost)
        while True:
            try:
                table.act(action)
                break
            except GameMovedOn:
                refused += 1  # the table reloaded: act again on the new state
                if unsure and action in table.session.actions:
                    break  # it was stored: the table shows it, as a page would
            except StorageError:
                unsure = True  # the database is away (restarting): tap again
                time.sleep(0.1)
        acknowledged.append(target)
        print(json.dumps(target), flush=True)
    print(json.dumps({"refused": refused}), flush=True)
""")


def spawn(db, session_id: str, n_dice: int, count: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(db), session_id, str(n_dice),
                             str(count)], stdout=subprocess.PIPE, text=True, env=os.environ)


def stored_checks(store: Store, session_id: str) -> list[tuple[int, int]]:
    record = store.load(session_id)
    return [(a["n_dice"], a["target"]) for a in record.actions[: record.cursor]]


def test_two_processes_acting_at_once_lose_nothing_and_apply_nothing_twice(database, stores):
    db = database
    session = Session("dice_lab", seed=1, store=stores())
    writers = [spawn(db, session.id, n_dice, 40) for n_dice in (1, 2)]
    outputs = [w.communicate(timeout=120)[0].splitlines() for w in writers]
    assert all(w.returncode == 0 for w in writers)
    stored = stored_checks(stores(), session.id)
    for n_dice, lines in zip((1, 2), outputs, strict=True):
        acknowledged = [json.loads(line) for line in lines[:-1]]
        assert acknowledged == list(range(40))
        assert [t for n, t in stored if n == n_dice] == acknowledged  # once each, in order
    assert len(stored) == 80
    replayed = Session.resume(stores(), session.id)
    assert len(replayed.log) == 80


def test_a_killed_process_keeps_every_acknowledged_action(database, stores):
    db = database
    session = Session("dice_lab", seed=2, store=stores())
    writer = spawn(db, session.id, 1, 10_000)
    acknowledged = []
    for line in writer.stdout:
        acknowledged.append(json.loads(line))
        if len(acknowledged) == 60:
            writer.send_signal(signal.SIGKILL)  # in the middle of the burst
            break
    writer.wait(timeout=30)
    assert writer.returncode == -signal.SIGKILL
    stored = [t for _, t in stored_checks(stores(), session.id)]
    assert stored[: len(acknowledged)] == acknowledged  # none missing, none half-written
    assert stored == list(range(len(stored)))
    Session.resume(stores(), session.id)  # and the game still opens


def test_a_table_sees_another_process_commit_within_a_second(database, stores):
    db = database
    here = stores()
    session = Session("dice_lab", seed=3, store=here)
    table = live_table(here, session)
    seen = []
    table.param.watch(lambda event: seen.append(event.new), "revision")
    writer = spawn(db, session.id, 1, 1)
    writer.communicate(timeout=60)
    deadline = time.monotonic() + 3
    while not seen and time.monotonic() < deadline:
        time.sleep(0.05)
    assert seen, "the other process's action never reached this table"
    assert len(table.session.log) == 1


def test_an_action_on_a_stale_table_is_refused_and_the_table_shows_the_new_state(stores):
    session = Session("dice_lab", seed=4, store=stores())
    ours = LiveTable(stores(), Session.resume(stores(), session.id))
    theirs = LiveTable(stores(), Session.resume(stores(), session.id))
    theirs.act(Check(n_dice=1, target=3, dice=(2,)))
    try:
        ours.act(Check(n_dice=1, target=4, dice=(5,)))
    except GameMovedOn as error:
        assert "moved on" in str(error)
    else:
        raise AssertionError("a stale action was applied")
    assert ours.session.log == theirs.session.log
    assert len(stores().load(session.id).actions) == 1


def test_a_database_restart_in_a_burst_loses_nothing_and_tables_follow_again(postgres):
    """PostgreSQL restarts while another process fires actions: every acknowledged action
    is stored once, in order; the writer's refused taps go through once it is back; and
    this process's table, whose listener lost its connection, follows again."""
    db = postgres.new_database()
    here, there = Store(db), Store(db)
    session = Session("dice_lab", seed=5, store=here)
    table = live_table(here, session)
    writer = spawn(db, session.id, 1, 60)  # the dice lab's targets: 0 to 60
    acknowledged = []
    for line in writer.stdout:
        if line.startswith("{"):
            break
        acknowledged.append(json.loads(line))
        if len(acknowledged) == 20:
            postgres.restart()  # every connection drops in the middle of the burst
    writer.wait(timeout=60)
    assert writer.returncode == 0
    assert acknowledged == list(range(60))
    assert [t for _, t in stored_checks(there, session.id)] == acknowledged
    wait_for(lambda: len(table.session.log) == 60, 10.0, failing="the table stopped following")
    here.close()
    there.close()


class OutageStore:
    """A store whose database goes away and comes back, as `Store.changes` says it (no
    table is open on it)."""

    where = "postgresql://nobody@outage.invalid/games"

    def changes(self):
        yield None
        yield StorageError("the saved games at ... cannot be reached (refused): trying again")
        yield StorageError("the saved games at ... cannot be reached (refused): trying again")
        yield None  # back: any game may have changed meanwhile
        yield {}


def test_every_page_is_told_while_the_database_cannot_be_reached_and_when_it_is_back():
    said: list[str] = []
    status = DatabaseStatus()
    status.param.watch(lambda event: said.append(event.new), "unreachable")
    follow_changes(OutageStore(), status)
    assert said == [UNREACHABLE, ""]  # said once while it was gone, cleared once back


def test_one_database_back_leaves_the_pages_told_while_another_is_gone():
    status = DatabaseStatus()
    status.lost("one", StorageError("gone"))
    status.lost("two", StorageError("gone"))
    status.back("one")
    assert status.unreachable == UNREACHABLE
    status.back("two")
    assert status.unreachable == ""


def test_a_reload_the_database_refused_is_tried_again(stores):
    """The listener can be back before the pool is: a table whose reload was refused is
    looked at again on the next heartbeat, not left behind until the game next changes."""
    store = stores()
    session = Session("dice_lab", seed=6, store=store)
    Session.resume(stores(), session.id).act(Check(n_dice=1, target=3, dice=(2,)))
    reads = []

    def revision_of(session_id):
        reads.append(session_id)
        if len(reads) == 1:
            raise StorageError("the saved games could not be read; try again")
        return Store.revision_of(store, session_id)

    store.revision_of = revision_of
    store.changes = lambda: iter([None, {}])  # what this process's watcher hears
    table = live_table(store, session)  # its watcher starts, on the table as it was
    wait_for(lambda: len(table.session.log) == 1, 10.0, failing="the refused reload was dropped")


def test_a_notice_of_the_revision_a_table_has_asks_the_store_nothing(stores):
    """A process hears its own changes too (PostgreSQL's NOTIFY): a notice of the revision
    its table already has, or an older one, is left there, and a notice of a newer one
    reloads the table without first asking the store for its revision; a notice that says
    none asks it."""
    store = stores()
    session = Session("dice_lab", seed=9, store=store)
    Session.resume(stores(), session.id).act(Check(n_dice=1, target=3, dice=(2,)))
    asked = []
    store.revision_of = lambda session_id: asked.append(session_id) or Store.revision_of(
        store, session_id)
    store.changes = lambda: iter([])  # the process's own watcher hears nothing
    table = live_table(store, Session.resume(store, session.id))  # at revision 1
    store.changes = lambda: iter([{session.id: 1}])
    follow_changes(store)
    assert asked == [] and table.revision == 0
    Session.resume(stores(), session.id).act(Check(n_dice=1, target=4, dice=(3,)))
    store.changes = lambda: iter([{session.id: 2}])
    follow_changes(store)
    assert asked == [] and table.revision == 1 and len(table.session.log) == 2
    store.changes = lambda: iter([{session.id: 1}])  # heard after the change that made 2
    follow_changes(store)
    assert asked == [] and table.revision == 1
    store.changes = lambda: iter([{session.id: None}])
    follow_changes(store)
    assert asked == [session.id] and table.revision == 1


def test_a_write_that_fails_leaves_every_page_showing_the_game_as_it_was(store, monkeypatch):
    """Pages redraw while the store writes a tap's action (issue 39); when the write fails,
    every page on the table draws the game as it was again, and the tapping one says why."""
    session = Session("dice_lab", seed=8, store=store)
    tablet = DiceLabDashboard(store=store, session=session)
    other = DiceLabDashboard(store=store, session=session)
    assert other.table is tablet.table
    tablet.act(Check(2, 7, dice=(3, 4)))
    drawn = []
    other.param.watch(lambda _event: drawn.append(list(other.log.lines)), "revision")

    def refused(*_args):
        raise StorageError("the disk is full: nothing was saved")

    monkeypatch.setattr(store, "record_action", refused)
    assert tablet.act(Check(2, 8, dice=(1, 1))) is None
    assert "disk is full" in tablet.message
    assert len(drawn) == 2 and len(drawn[0]) == 2  # drawn during the write, then again
    assert tablet.log.lines == other.log.lines == drawn[-1] and len(drawn[-1]) == 1
    assert len(store.load(session.id).actions) == 1
