"""The shared table on PostgreSQL in real browsers, across two `panel serve` processes.

The tablet is on one process, a seat's phone and a watcher on the other, all on one saved
game in one PostgreSQL database (the tests' throwaway server): a move on any page reaches
the others within a few seconds (LISTEN/NOTIFY), the seat's secret reaches its own page's
websocket frames and no other's, a server process killed mid-game loses nothing that was
acknowledged and its pages come back to the game by themselves. And while PostgreSQL is
down, every open page says so until it is back.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion.core.session import Session
from companion.core.store import Store
from companion.mb007_tiles import GAME
from companion.ui.database_status import UNREACHABLE
from companion.ui.share_view import join_links
from companion.ui.template import DISCONNECTED
from tests.conftest import Server
from tests.frames import open_recording
from tests.ui.test_shared_table import game_at_the_secret_choice

pytestmark = pytest.mark.browser
WAIT = 20_000  # a page opening
LIVE = 5_000  # a move reaching another page: "within a few seconds"
BACK = 90_000  # a killed server started again, and its pages reconnected by themselves
SECRET = "Your letter this round: N"  # Red's, on Red's phone only


def first_log_line(page: Page):
    return page.locator(".log-line").first


def test_three_pages_on_two_processes_one_game_on_postgresql(postgres, browser):
    url = postgres.new_database()
    first = Server(["apps/mb007_tiles.py"], url)
    second = Server(["apps/mb007_tiles.py"], url)
    pages: list[Page] = []
    try:
        store = Store(url)
        session = game_at_the_secret_choice(store)
        links = dict(join_links(session, f"{first.url}/mb007_tiles", ["Red", "Black"]))
        store.close()
        tablet, tablet_frames = open_recording(browser, links["The table (everyone)"])
        pages.append(tablet)
        expect(tablet.get_by_text("Pass the tablet to Red")).to_be_visible(timeout=WAIT)
        red, red_frames = open_recording(
            browser, links["Red's own phone"].replace(first.url, second.url))
        watcher, watcher_frames = open_recording(
            browser, links["The table (everyone)"].replace(first.url, second.url))
        pages += [red, watcher]
        expect(red.get_by_text("tap your letter. Only this phone sees it")).to_be_visible(
            timeout=WAIT)
        expect(watcher.get_by_text("Undo and Redo are on the shared tablet.")).to_be_visible(
            timeout=WAIT)

        # Red chooses on his phone (the second process): the tablet (the first) and the
        # watcher see that he has.
        red.get_by_role("button", name=re.compile(r"^N( ·|$)")).click()
        expect(red.get_by_text(SECRET)).to_be_visible(timeout=WAIT)
        for page in (tablet, watcher):
            expect(first_log_line(page)).to_contain_text("Red has chosen a letter in secret",
                                                         timeout=LIVE)
        # Black chooses on the tablet (the first process): both pages of the second see it.
        tablet.get_by_role("button", name="I am Black: show my letters").click()
        tablet.get_by_role("button", name=re.compile(r"^O( ·|$)")).click()
        expect(tablet.get_by_role("button", name="Reveal the letters")).to_be_visible(
            timeout=WAIT)
        for page in (red, watcher):
            expect(first_log_line(page)).to_contain_text(
                "Black has chosen a letter in secret", timeout=LIVE)

        # The second process is killed mid-game; the table plays on on the first.
        second.process.kill()
        second.process.wait()
        for page in (red, watcher):
            expect(page.get_by_text(DISCONNECTED)).to_be_visible(timeout=WAIT)
        tablet.get_by_role("button", name="Reveal the letters").click()
        expect(first_log_line(tablet)).to_contain_text("revealed: Red N, Black O",
                                                       timeout=WAIT)
        # Started again at the same address: its pages come back to the game by themselves.
        second.start(second.port)
        for page in (red, watcher):
            expect(first_log_line(page)).to_contain_text("revealed: Red N, Black O",
                                                         timeout=BACK)
        # ... and follow the other process again.
        tablet.get_by_role("button", name="Draw a tile for Black").click()
        expect(first_log_line(tablet)).to_contain_text("Black drew", timeout=WAIT)
        drawn = first_log_line(tablet).inner_text()
        for page in (red, watcher):
            expect(first_log_line(page)).to_have_text(drawn, timeout=LIVE)

        # Every acknowledged move is stored once, in order.
        store = Store(url)
        stored = [action for action in store.load(session.id).actions
                  if action["type"] in ("Pick", "Reveal", "Draw")][-4:]
        store.close()
        assert [(a["type"], a.get("letter")) for a in stored] == [
            ("Pick", "N"), ("Pick", "O"), ("Reveal", None), ("Draw", None)]
        # Red's secret reached his phone and no other page, on either process.
        assert any(SECRET in frame for frame in red_frames)
        assert not any(SECRET in frame for frame in tablet_frames + watcher_frames)
    finally:
        for page in pages:
            page.close()
        first.stop()
        second.stop()


def test_every_page_says_while_the_database_is_gone_and_clears_when_it_is_back(
        postgres, browser):
    url = postgres.new_database()
    store = Store(url)
    session = Session(GAME, {"players": 2}, seed=12, store=store)
    store.close()
    server = Server(["apps/mb007_tiles.py"], url)
    tablet, _ = open_recording(browser, f"{server.url}/mb007_tiles?session={session.id}")
    watcher, _ = open_recording(browser, f"{server.url}/mb007_tiles?session={session.id}")
    pages = (tablet, watcher)
    try:
        expect(tablet.get_by_role("button", name="Black drew it")).to_be_visible(timeout=WAIT)
        expect(watcher.get_by_text("Undo and Redo are on the shared tablet.")).to_be_visible(
            timeout=WAIT)
        for page in pages:
            expect(page.get_by_text(UNREACHABLE)).to_have_count(0)
        postgres.pause()
        try:
            for page in pages:
                expect(page.get_by_role("alert").filter(has_text=UNREACHABLE)).to_be_visible(
                    timeout=WAIT)
            # A tap meanwhile is refused with the reason, and changes nothing.
            tablet.get_by_role("button", name="Black drew it").click()
            expect(tablet.get_by_text("nothing was saved")).to_be_visible(timeout=WAIT)
        finally:
            postgres.resume()
        for page in pages:
            expect(page.get_by_text(UNREACHABLE)).to_have_count(0, timeout=WAIT)
        tablet.get_by_role("button", name="Black drew it").click()
        expect(first_log_line(watcher)).to_contain_text("Black drew the first 007",
                                                        timeout=LIVE)
        store = Store(url)
        assert len(store.load(session.id).actions) == 1  # the refused tap left nothing
        store.close()
    finally:
        for page in pages:
            page.close()
        server.stop()
