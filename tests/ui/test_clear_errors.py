"""Issue 18: every bad input is a clear message. Names and titles with control characters,
bidi overrides or a lone surrogate are refused; a locked database is a storage error shown
in the page, with nothing stored half-way."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.core.errors import InputError
from companion.core.exchange import export_session, import_session
from companion.core.session import Session
from companion.core.store import StorageError
from companion.dice_lab.dashboard import DiceLabDashboard
from companion.dice_lab.engine import Check
from companion.golden_gun.effects import house_table, parse_table
from companion.goldfinger.board import SAMPLE_MAP, load_board

BAD_NAMES = ["evil\u202etxt.exe", "a\x00b", "line\nbreak", "\ud800", "zero\u200bwidth"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_names_and_titles_with_hidden_characters_are_refused(store, name):
    session = Session("dice_lab", seed=1, store=store)
    with pytest.raises(InputError, match="control characters"):
        session.rename(name)
    assert store.load(session.id).name == session.name == "Dice Lab"
    export = json.loads(export_session(session))
    with pytest.raises(InputError, match=r"control characters|broken character"):
        import_session(store, json.dumps({**export, "name": name}))
    board = json.loads(SAMPLE_MAP.read_text(encoding="utf-8"))
    with pytest.raises(InputError, match="name: the name holds control characters"):
        load_board({**board, "name": name}, "ours.json")
    with pytest.raises(InputError, match="control characters"):
        parse_table({**house_table().to_json(), "name": name}, "ours.json")
    assert [r.id for r in store.list_sessions()] == [session.id]


def test_a_locked_database_is_said_in_the_page_and_nothing_is_stored(store):
    lab = DiceLabDashboard(store=store, session=Session("dice_lab", seed=3, store=store))
    lab.act(Check(2, 7, dice=(3, 4)))
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holds the file
    try:
        assert lab.act(Check(2, 7, dice=(1, 1))) is None
        assert "could not be written" in lab.message and "nothing was saved" in lab.message
        lab.undo()
        assert "could not be written" in lab.message
        assert len(lab.session.log) == 1 and lab.session.can_undo
        with pytest.raises(StorageError):
            store.rename(lab.session.id, "x")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert len(store.load(lab.session.id).actions) == 1
    lab.act(Check(2, 7, dice=(1, 1)))  # the file is free again: the same tap works
    assert lab.message == "" and len(store.load(lab.session.id).actions) == 2
