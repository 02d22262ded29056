"""The shared table under load: server memory per extra open session, and a tap's round
trip with 1, 10 and 50 sessions open on the same game.

Sessions are opened without a browser (`bokeh.client.pull_session`, which needs Panel
imported to decode its models), each saying its page is drawn as a browser does. The
holder never reads what the server sends them: a phone decodes it on its own CPU. Memory
is the server process's resident size (VmRSS) before and after opening 20 sessions, for
the bare Panel app and for the tile game; the tile game's extra sessions all show the
same live game, so every tap redraws all of them.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

from bench_mb007_tiles import red_to_place
from common import ROOT, Finger, Server, Timing, new_page, shadow_text_js, timed_tap
from playwright.sync_api import Browser

from companion.core.store import Store

MEMORY_SESSIONS = 20


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


# bokeh.client runs its own event loop, which Playwright's would block: a child process
# opens the sessions, one per game named ("-": the page's own, no game asked for), and
# holds them until its standard input closes.
NO_GAME = "-"
HOLDER = """
import sys
import panel  # bokeh.client decodes Panel's models only once it is imported
import companion.mb007_tiles.dashboard  # ... and the app's own components, made in order
from bokeh.client import pull_session
from bokeh.events import DocumentReady
url, games = sys.argv[1], sys.argv[2:]
held = []
for game in games:
    session = pull_session(url=url, arguments=None if game == "-" else {"session": game})
    # A browser says its page is drawn: the server runs the page's onload work then, and
    # from then on redraws it on every change of the game (none of it without this).
    session.document.callbacks.send_event(DocumentReady())
    session.request_server_info()  # runs the client's loop until the event is sent
    held.append(session)
print("open", flush=True)
sys.stdin.read()
"""


class HeldSessions:
    """Server sessions of `path`, one for each of `games` (`NO_GAME`: the page's own), held
    open by a child process from `wait_open()` until `close()`."""

    def __init__(self, server: Server, path: str, games: list[str]):
        self.count = len(games)
        # The server signs its session ids (as `make serve` does): the client signs its own
        # with the same key, as a page the server gave would be.
        signed = {**os.environ, "BOKEH_SIGN_SESSIONS": "true",
                  "BOKEH_SECRET_KEY": server.session_key()}
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, f"{server.url}/{path}", *games],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            cwd=ROOT, env=signed)

    def wait_open(self) -> None:
        if self.process.stdout.readline().strip() != "open":
            raise RuntimeError(f"could not open the sessions: {self.process.stderr.read()[-600:]}")
        time.sleep(0.5)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)


def open_sessions(server: Server, path: str, count: int,
                  session_id: str | None = None) -> list[HeldSessions]:
    if count <= 0:
        return []
    held = HeldSessions(server, path, [session_id or NO_GAME] * count)
    held.wait_open()
    return [held]


def memory_per_session(server: Server, path: str, session_id: str | None = None) -> float:
    """KiB of server memory each extra session costs (after one warm-up session)."""
    warm = open_sessions(server, path, 1, session_id)
    before = rss_kib(server.process.pid)
    extra = open_sessions(server, path, MEMORY_SESSIONS, session_id)
    after = rss_kib(server.process.pid)
    for session in warm + extra:
        session.close()
    return (after - before) / MEMORY_SESSIONS


def tap_with_open_sessions(browser: Browser, server: Server, session_id: str,
                           counts: tuple[int, ...]) -> dict[int, float]:
    """The round trip of a window tap (undone untimed) with `n` sessions on the game."""
    page = new_page(browser, viewport={"width": 1024, "height": 768})
    page.goto(f"{server.url}/mb007_tiles?session={session_id}")
    page.get_by_role("button", name="window a1").wait_for()
    results, opened = {}, []
    windows = ["a1", "b2", "c3", "d4"]
    for count in counts:
        opened += open_sessions(server, "mb007_tiles", count - 1 - sum(o.count for o in opened),
                                session_id)
        times = []
        for i in range(15):
            window = windows[i % len(windows)]
            times.append(timed_tap(
                page, Finger(page, page.get_by_role("button", name=f"window {window}")),
                shadow_text_js(f"/\\d+\\. Red placed red 3 in {window}/.test(text)")))
            page.get_by_role("button", name="↶ Undo").click()
            page.wait_for_function(shadow_text_js(
                f"!/\\d+\\. Red placed red 3 in {window}/.test(text)"))
        results[count] = Timing.of(times)
    for session in opened:
        session.close()
    page.close()
    return results


def measure(browser: Browser, tmp: Path) -> list[tuple[str, float]]:
    bare = Server(["benchmarks/bare_app.py"], tmp / "bare-memory.sqlite3")
    try:
        bare_kib = memory_per_session(bare, "bare_app")
    finally:
        bare.stop()
    db = tmp / "shared.sqlite3"
    store = Store(db)
    session = red_to_place(store, seed=random.randrange(1000))
    store.close()
    server = Server(["apps/mb007_tiles.py"], db)
    try:
        # The browser's page first: the first device on the game is its tablet (Undo, the
        # window taps); the sessions opened after it are the other devices at the table.
        taps = tap_with_open_sessions(browser, server, session.id, (1, 10, 50))
        tiles_kib = memory_per_session(server, "mb007_tiles", session.id)
    finally:
        server.stop()
    # Memory rows are KiB, printed in the ms column: read their ratio to each other.
    return [
        ("Shared table: bare app, KiB per extra session (not ms)", bare_kib),
        ("Shared table: tile game, KiB per extra session (not ms)", tiles_kib),
        *((f"Shared table: window tap with {n} session(s) on the game", ms)
          for n, ms in taps.items()),
    ]
