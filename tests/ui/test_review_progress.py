"""Issue 35: the review, worked out in the worker, shows how far it has got: the job writes
its counts on the server's progress board, the page reads them while it waits. A review
the game moved past stops; a dead worker or board is no reason to wait for ever. No test
here times anything: each checks that a progress was seen, or that a job stopped."""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest

from companion.core.progress import Reporter, Superseded, reporting
from companion.core.session import Session
from companion.dice_lab.engine import Check
from companion.ui import review_view
from companion.ui.review_view import ReviewView, progress_html
from companion.ui.worker import ProgressBoard, RestartingPool
from tests.ui.slow_review import counted, slow_review
from tests.waiting import wait_for

BAR = re.compile(r'<progress value="(\d+)" max="(\d+)"')


# The job's side, in one process: a plain dict stands for the board.

def test_a_job_reports_on_the_board_while_its_key_is_there():
    board: dict = {"job": None}
    report = Reporter(board, "job", every=0)
    report(1, 3)
    assert board == {"job": (1, 3)}
    report(2, 3)
    assert board == {"job": (2, 3)}
    del board["job"]  # the page stopped waiting
    with pytest.raises(Superseded):
        report(3, 3)
    assert board == {}  # nothing put back


def test_reports_are_spaced_out():
    """At most one every `every` seconds (each is two calls to the board's process); the
    first at once."""
    board: dict = {"job": None}
    report = Reporter(board, "job", every=3600)
    for done in range(1, 101):
        report(done, 100)
    assert board == {"job": (1, 100)}


def test_a_superseded_job_stops_and_gives_nothing():
    board: dict = {}  # its key already gone

    def work(progress):
        progress(1, 10)
        raise AssertionError("not stopped")

    assert reporting(board, "job", work) is None


def test_a_board_that_fails_leaves_the_job_working_untold():
    class Dead(dict):
        def __contains__(self, key):
            raise BrokenPipeError

    assert reporting(Dead(), "job", counted, 5, 0) == 5


def test_the_bar_says_counts_only():
    assert progress_html(112) == (
        '<p class="review-progress" aria-live="polite"><progress max="112" aria-label="The '
        'review worked out so far"></progress> Working out the review of 112 actions…</p>')
    assert progress_html(112, 40) == (
        '<p class="review-progress" aria-live="polite"><progress value="40" max="112" '
        'aria-label="The review worked out so far"></progress> Working out the review: '
        '40 of 112 moments</p>')
    assert 'max="1"' in progress_html(0)  # a bar's max is above 0


# The worker and the board, real processes.

@pytest.fixture(scope="module")
def worker():
    """A worker that can import this test module's jobs: pytest imports tests by path
    (`--import-mode=importlib`), and a spawned process starts from this one's sys.path."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
        pool, progress = RestartingPool(max_workers=1), ProgressBoard()
        assert progress.board() is not None
        yield pool, progress
        pool.shutdown(wait=False, cancel_futures=True)


def test_a_job_in_the_worker_tells_the_page_how_far_it_has_got(worker):
    pool, progress = worker
    progress.ask("job-1")
    job = pool.submit(reporting, progress.board(), "job-1", counted, 40, 0.05)
    seen = []
    while not job.done():
        told = progress.told("job-1")
        if told and told not in seen:
            seen.append(told)
        time.sleep(0.01)
    assert job.result() == 40
    assert seen and all(total == 40 for _, total in seen)
    assert [done for done, _ in seen] == sorted({done for done, _ in seen})  # counting up
    progress.forget("job-1")
    assert progress.entries == {}


@pytest.fixture
def played(worker, monkeypatch):
    """A 30-check Dice Lab game whose review pauses after each moment (1.5 s in all)."""
    monkeypatch.setattr(review_view, "review", slow_review)
    pool, progress = worker
    session = Session("dice_lab", {}, seed=1)
    for _ in range(30):
        session.act(Check(1, 6, "at least", (), (6,)))
    return session, ReviewView(lambda: session, None, pool, progress), progress.entries


def shown_progress(view: ReviewView) -> tuple[int, int] | None:
    view.poll()
    found = BAR.search(view._summary.object)
    return (int(found[1]), int(found[2])) if found else None


def watched(view: ReviewView) -> list[tuple[int, int]]:
    """Each progress the page showed until the worker was done."""
    seen = []
    while not view._future.done():
        told = shown_progress(view)
        if told and told not in seen:
            seen.append(told)
        time.sleep(0.02)
    view.wait()
    return seen


def test_the_page_shows_the_progress_then_the_review(played):
    _, view, board = played
    view.refresh()
    assert "Working out the review of 30 actions" in view._summary.object
    seen = watched(view)
    assert seen and all(total == 30 and 1 <= done <= 30 for done, total in seen)
    assert [done for done, _ in seen] == sorted({done for done, _ in seen})
    wait_for(lambda: "+25.00 now" in view._summary.object)  # 30 sixes: 5/6 lucky each
    wait_for(lambda: board == {})  # the job's key went with it
    view.poll()  # nothing more to read: the page stops asking
    assert "<progress" not in view._summary.object


def test_a_review_the_game_moved_past_stops_and_the_newer_one_shows(played):
    session, view, board = played
    view.refresh()
    first = view._future
    wait_for(lambda: shown_progress(view) is not None)
    session.act(Check(1, 6, "at least", (), (1,)))
    view.refresh()
    assert first.result(timeout=120) is None  # stopped at its next report
    view.wait()
    wait_for(lambda: "+24.83 now" in view._summary.object)  # 25 + (0 - 1/6)
    wait_for(lambda: board == {})


def test_a_closed_page_stops_its_review(played):
    _, view, board = played
    view.refresh()
    wait_for(lambda: shown_progress(view) is not None)
    view._closed(None)
    assert view._future.result(timeout=120) is None
    wait_for(lambda: board == {})


def test_a_killed_worker_shows_the_fault_and_stops_the_reads(played, worker):
    pool, _ = worker
    _, view, board = played
    view.refresh()
    wait_for(lambda: shown_progress(view) is not None)
    for pid in pool.processes():
        os.kill(pid, signal.SIGKILL)
    wait_for(view._future.done)
    wait_for(lambda: "The helper working out the review stopped" in view._summary.object)
    assert view._key == ""  # the page reads no more
    wait_for(lambda: board == {})


def test_a_board_that_cannot_start_costs_only_the_bar(played, worker, monkeypatch):
    """Its thread stopped, it starts again; if it cannot, the review comes untold."""
    _, progress = worker
    _, view, _ = played
    stopped = threading.Thread(target=lambda: None)
    stopped.start()
    stopped.join()
    monkeypatch.setattr(progress, "_thread", stopped)
    starts = progress.starts
    view.refresh()
    assert progress.starts == starts + 1 and watched(view)
    monkeypatch.setattr(progress, "_thread", stopped)
    monkeypatch.setattr(progress, "_start", lambda: 1 / 0)
    view.refresh()
    assert view._key == "" and watched(view) == []
    wait_for(lambda: "+25.00 now" in view._summary.object)
