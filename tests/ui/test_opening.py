"""Opening a long saved game off the server's event loop (`companion.ui.opening`)."""

from __future__ import annotations

import asyncio
import threading

from tornado.ioloop import IOLoop

from companion.core.session import Session
from companion.core.store import SessionRecord, Store
from companion.dice_lab import GAME
from companion.dice_lab.engine import Check
from companion.ui import opening
from companion.ui.live_table import live_table
from companion.ui.opening import opens_slowly, outcome, resume_in_background, saved_session

WAIT = 20  # seconds: only a broken open waits this long


def long_game(store, checks: int, name: str = "long") -> str:
    record = SessionRecord(id=name, game=GAME.name, game_version=GAME.version, name=name,
                           options={}, seed=1, cursor=checks,
                           actions=tuple(GAME.action_to_json(Check(2, 7, dice=(i % 6 + 1, 3)))
                                         for i in range(checks)))
    store.create(record)
    return record.id


def on_an_event_loop_of_its_own(coroutine):
    """Run `coroutine()` on a Tornado event loop in a thread of its own, as a server's (an
    earlier test may have left this thread's asyncio loop running)."""
    result = {}

    def serve() -> None:
        loop = IOLoop()
        try:
            result["value"] = loop.run_sync(coroutine, timeout=2 * WAIT)
        except BaseException as error:  # handed to the test's own thread
            result["error"] = error
        finally:
            loop.close()

    server = threading.Thread(target=serve)
    server.start()
    server.join(3 * WAIT)
    if "error" in result:
        raise result["error"]
    return result["value"]


def test_another_tables_tap_is_answered_while_a_long_game_opens(store, monkeypatch):
    """The replay waits for another table's tap, made on the event loop after the opening
    began: if the opening ran on the loop, that tap could never come first."""
    opened_id = long_game(store, 300)
    other = Session("dice_lab", store=store)
    tapped = threading.Event()
    replay = Session.resume

    def resume_after_the_tap(store, session_id, pace=None):
        if not tapped.wait(WAIT):
            raise AssertionError("no tap of another table was answered while the game opened")
        return replay(store, session_id, pace)

    monkeypatch.setattr(Session, "resume", staticmethod(resume_after_the_tap))

    async def a_page_opens_while_another_table_taps() -> Session:
        opening_game = asyncio.wrap_future(resume_in_background(store, opened_id))
        await asyncio.sleep(0)  # the event loop's next turn: another table's tap
        other.act(Check(2, 7))
        tapped.set()
        return await asyncio.wait_for(opening_game, WAIT)

    session = on_an_event_loop_of_its_own(a_page_opens_while_another_table_taps)
    assert len(session.log) == 300 and len(other.log) == 1


def test_pages_that_open_the_same_game_at_once_share_one_replay(store, monkeypatch):
    opened_id = long_game(store, 100)
    release, replays = threading.Event(), []
    replay = Session.resume

    def counted(store, session_id, pace=None):
        replays.append(session_id)
        release.wait(WAIT)
        return replay(store, session_id, pace)

    monkeypatch.setattr(Session, "resume", staticmethod(counted))
    first, second = (resume_in_background(store, opened_id) for _ in range(2))
    release.set()
    assert first.result(WAIT) is second.result(WAIT)
    assert replays == [opened_id]


def test_a_game_some_page_shows_opens_at_once_without_a_replay(store, monkeypatch):
    opened_id = long_game(store, opening.LONG_GAME + 1)
    assert opens_slowly(store, opened_id) == opening.LONG_GAME + 1
    table = live_table(store, Session.resume(store, opened_id))
    monkeypatch.setattr(Session, "resume", None)  # replaying now would raise TypeError
    assert opens_slowly(store, opened_id) == 0
    assert saved_session(store, opened_id) is table.session


def test_a_short_game_opens_on_the_event_loop(store):
    assert opens_slowly(store, long_game(store, opening.LONG_GAME)) == 0
    assert opens_slowly(store, "no such game") == 0


def test_a_game_that_does_not_replay_opens_a_new_one_and_says_why(store):
    record = SessionRecord(id="broken", game=GAME.name, game_version=GAME.version,
                           name="broken", options={}, seed=1, cursor=1,
                           actions=({"type": "Check", "n_dice": 2},))
    store.create(record)
    opened = outcome(resume_in_background(store, "broken"), "")
    assert opened.session is None
    assert opened.message.startswith("The saved game could not be reopened (action 1 does "
                                     "not replay")


def test_a_bug_in_the_replay_never_leaves_the_page_opening(store, monkeypatch, caplog):
    def broken(store, session_id, pace=None):
        raise ZeroDivisionError

    monkeypatch.setattr(Session, "resume", staticmethod(broken))
    opened = outcome(resume_in_background(store, long_game(store, 3)), "")
    assert (opened.session, opened.message) == (
        None, "The saved game could not be reopened (ZeroDivisionError); a new one started.")
    assert "replaying a saved game" in caplog.text


def test_a_game_opened_in_the_background_is_ready_to_act_and_rolls_as_if_opened_here(
        store, tmp_path):
    background = resume_in_background(store, long_game(store, 200)).result(WAIT)
    assert len(background._before) == 201 and len(background._sizes) == 200
    elsewhere = Store(tmp_path / "elsewhere.sqlite3")
    try:
        here = Session.resume(elsewhere, long_game(elsewhere, 200))
        assert background.act(Check(3, 9)).text == here.act(Check(3, 9)).text
    finally:
        elsewhere.close()
