"""An action shown while the store writes it (`Session.act_while_saving`): the session
shows it at once, `wait()` returns once it is stored, and a write that fails puts the
session back exactly as it was, undone actions and all (issue 39: a tap's page is worked
out during the store's write, and sent only after it)."""

from __future__ import annotations

import sys
import threading

import pytest

from companion.core.errors import StorageError
from companion.core.session import CHECKPOINT_EVERY, Session
from companion.core.store import Store
from companion.core.switching import QUICK_SWITCH_SECONDS
from companion.dice_lab.engine import Check


def memory(session: Session) -> tuple:
    """Everything a page reads of the session, and what its next dice depend on."""
    return (session.actions, session.log, session.history, session.can_redo,
            session.revision, session.state, session.bot_rng().random(),
            [session.state_after(p) for p in range(len(session.actions) + 1)])


def test_an_action_is_shown_while_it_is_written_and_is_stored_when_waited_for(store,
                                                                           monkeypatch):
    session = Session("dice_lab", seed=4, store=store)
    written, go_on = threading.Event(), threading.Event()
    record = store.record_action

    def slow_record(*args):
        written.set()
        go_on.wait(5)
        return record(*args)

    monkeypatch.setattr(store, "record_action", slow_record)
    saving = session.act_while_saving(Check(2, 7, dice=(3, 4)))
    assert written.wait(5)
    assert len(session.log) == 1 and store.length_of(session.id) == 0  # shown, not yet stored
    go_on.set()
    assert saving.wait().outcome == "success"
    assert store.length_of(session.id) == 1 and session.revision == store.revision_of(
        session.id)


@pytest.mark.parametrize("played", [3, CHECKPOINT_EVERY + 2])
def test_a_write_that_fails_puts_the_session_back_as_it_was_undone_actions_and_all(
        store, monkeypatch, played):
    session = Session("dice_lab", seed=5, store=store)
    for _ in range(played):
        session.act(Check(2, 7))
    session.undo()
    session.undo()  # two actions to redo: the new one would drop them
    before = memory(session)

    def refused(*_args):
        raise StorageError("the disk is full: nothing was saved")

    monkeypatch.setattr(store, "record_action", refused)
    saving = session.act_while_saving(Check(3, 12))
    assert session.log[-1].startswith(f"{played - 1}. 3 dice")  # shown meanwhile
    with pytest.raises(StorageError, match="disk is full"):
        saving.wait()
    assert memory(session) == before
    monkeypatch.undo()
    session.redo()  # the undone actions are still there to redo
    assert session.can_redo and store.load(session.id).cursor == played - 1
    session.act(Check(3, 12))
    assert Session.resume(store, session.id).log == session.log


def test_the_next_change_waits_for_the_write_before_it(store, monkeypatch):
    session = Session("dice_lab", seed=6, store=store)
    go_on = threading.Event()
    record = store.record_action
    monkeypatch.setattr(store, "record_action", lambda *args: (go_on.wait(5), record(*args))[1])
    session.act_while_saving(Check(2, 7))
    threading.Timer(0.05, go_on.set).start()
    session.act(Check(2, 8))  # waits for the first write, then writes with its revision
    assert store.length_of(session.id) == 2


def test_the_interpreter_switches_quickly_only_while_a_write_is_under_way(store, monkeypatch):
    usual = sys.getswitchinterval()
    session = Session("dice_lab", seed=7, store=store)
    seen = []
    record = store.record_action
    monkeypatch.setattr(store, "record_action",
                        lambda *args: (seen.append(sys.getswitchinterval()), record(*args))[1])
    session.act(Check(2, 7))
    assert seen == [QUICK_SWITCH_SECONDS] and sys.getswitchinterval() == usual


def test_an_action_on_a_closed_store_is_a_storage_error_and_changes_nothing(tmp_path):
    store = Store(tmp_path / "closed.sqlite3")
    session = Session("dice_lab", seed=9, store=store)
    session.act(Check(2, 7))
    store.close()
    with pytest.raises(StorageError):
        session.act(Check(2, 8))
    assert len(session.log) == 1
