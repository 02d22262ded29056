"""SQLite storage: WAL, commits before returning, list/resume/rename/delete, migrations."""

import sqlite3

import pytest

from companion.core.errors import InputError
from companion.core.session import Session
from companion.core.store import MIGRATIONS, SCHEMA_VERSION, StaleSessionError, Store, default_path
from companion.dice_lab.engine import Check


def test_the_file_is_in_wal_mode_at_the_latest_schema(store):
    mode = store._db.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    assert store.schema_version == SCHEMA_VERSION == len(MIGRATIONS)


def test_companion_db_overrides_the_default_path(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DB", str(tmp_path / "x.sqlite3"))
    assert default_path() == tmp_path / "x.sqlite3"
    monkeypatch.delenv("COMPANION_DB")
    assert default_path().name == "companion.sqlite3"
    assert "companion" in str(default_path().parent)


def test_every_action_is_committed_before_act_returns(store):
    session = Session("dice_lab", seed=3, store=store)
    session.act(Check(dice=(2, 2)))
    other = sqlite3.connect(store.path)  # a second reader sees it at once
    (count,) = other.execute("SELECT count(*) FROM actions").fetchone()
    assert count == 1


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
    store.delete(first.id)
    assert [r.id for r in store.list_sessions()] == [second.id]
    with pytest.raises(InputError, match="no saved session"):
        store.load(first.id)


def test_two_screens_cannot_overwrite_each_other(store):
    one = Session("dice_lab", seed=1, store=store)
    two = Session.resume(store, one.id)
    one.act(Check(dice=(1, 1)))
    with pytest.raises(StaleSessionError):
        two.act(Check(dice=(2, 2)))
    assert Session.resume(store, one.id).log == one.log


def test_a_version_1_file_migrates_with_its_data(tmp_path):
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(MIGRATIONS[0])
    old.execute("PRAGMA user_version = 1")
    old.execute("INSERT INTO sessions VALUES ('abc', 'dice_lab', 1, 'Old', '{}', 5, 1, 1, 0, 0)")
    old.execute("""INSERT INTO actions VALUES ('abc', 0, '{"type": "Check", "n_dice": 2,
        "target": 7, "goal": "at most", "modifiers": [], "dice": [1, 2]}')""")
    old.commit()
    old.close()
    store = Store(path)
    assert store.schema_version == SCHEMA_VERSION
    indexes = {row[1] for row in store._db.execute("PRAGMA index_list(sessions)")}
    assert "sessions_by_game" in indexes
    assert Session.resume(store, "abc").log[0].startswith("1. 2 dice, at most 7: rolled 1+2")


def test_a_file_from_a_newer_companion_is_refused(tmp_path):
    path = tmp_path / "future.sqlite3"
    future = sqlite3.connect(path)
    future.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    future.close()
    with pytest.raises(InputError, match="newer companion"):
        Store(path)
