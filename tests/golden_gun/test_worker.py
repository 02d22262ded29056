"""Issue 18: one killed odds worker no longer breaks Golden Gun for every later page: the
pool is replaced, and a figure whose worker died is worked out again on a fresh one."""

from __future__ import annotations

import os
import signal
import time

import pytest

from companion.core.session import Session
from companion.golden_gun import GAME, engine
from companion.golden_gun import dashboard as gg
from companion.golden_gun.dashboard.survival import ODDS_WORKER, forget_figures
from companion.ui.worker import WORKER_NICENESS, BrokenProcessPool, RestartingPool
from tests.waiting import wait_for


def kill_workers(pool) -> None:
    for pid in pool.processes():
        os.kill(pid, signal.SIGKILL)


def test_a_killed_worker_breaks_one_call_and_the_pool_comes_back():
    pool = RestartingPool(max_workers=1)
    try:
        first = pool.submit(time.sleep, 30)
        wait_for(lambda: pool.processes())
        kill_workers(pool)
        with pytest.raises(BrokenProcessPool):
            first.result(timeout=30)
        assert pool.submit(abs, -7).result(timeout=60) == 7
        assert pool.restarts == 1
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def test_the_worker_runs_below_the_taps():
    """Its seconds of odds never take a core from a tap being answered: lower priority."""
    pool = RestartingPool(max_workers=1)
    try:
        assert pool.submit(os.nice, 0).result(timeout=60) == min(19, os.nice(0) +
                                                                 WORKER_NICENESS)
        if hasattr(os, "SCHED_IDLE"):  # Linux: only when the core is otherwise idle
            assert pool.submit(os.sched_getscheduler, 0).result(timeout=60) == os.SCHED_IDLE
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def make(store) -> gg.GoldenGunDashboard:
    dash = gg.GoldenGunDashboard(store=store,
                                 session=Session(GAME, {"mode": "solo"}, seed=5, store=store))
    dash.__panel__()
    return dash


def test_golden_gun_survives_its_odds_worker_being_killed(store):
    """Killed while idle (every later page got BrokenProcessPool) and killed mid-figure."""
    assert ODDS_WORKER.submit(abs, -1).result(timeout=60) == 1
    restarts = ODDS_WORKER.restarts
    kill_workers(ODDS_WORKER)
    time.sleep(1)  # the pool notices its process is gone and marks itself broken
    forget_figures()  # work the figure out again, whatever other tests did
    dash = make(store)
    dash.do(engine.SetUp())
    wait_for(lambda: dash._future is not None and dash._future.running())
    kill_workers(ODDS_WORKER)  # mid-figure: worked out again on a fresh process
    wait_for(lambda: "killed before he finds the Solex Agitator" in dash.survival
             and "computing" not in dash.survival)
    assert "within about" in dash.survival
    assert ODDS_WORKER.restarts == restarts + 2  # one new process after each kill
