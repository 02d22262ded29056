"""The shared table in real browsers: a tablet and two phones on one tile game.

An action on one device appears on the others without a reload; a player's secret letter
reaches his own phone and no other page, checked on the websocket frames each page
received, not only on what it shows.
"""

from __future__ import annotations

import random
import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from companion.core.seats import Holder
from companion.core.session import Session
from companion.core.store import Store
from companion.mb007_tiles import GAME
from companion.mb007_tiles.actions import ChooseFirst, Draw
from companion.mb007_tiles.bot import autoplay_action
from companion.ui.share_view import join_links
from tests.frames import open_recording

pytestmark = pytest.mark.browser
WAIT = 20_000


def game_at_the_secret_choice(store: Store) -> Session:
    session = Session(GAME, {"players": 2, "mode": "tablet"}, seed=9, store=store)
    session.act(ChooseFirst(0))
    rng = random.Random(9)
    while session.state.phase != "choose":
        session.act(autoplay_action(session.state, rng))
    return session


def tablet_at_the_secret_choice(served, browser) -> tuple[dict[str, str], Page, list[str]]:
    """The game's join links, and its tablet open at the secret choice (frames recorded)."""
    store = Store(served.db)
    session = game_at_the_secret_choice(store)
    links = dict(join_links(session, f"{served.url}/mb007_tiles", ["Red", "Black"]))
    store.close()
    tablet, tablet_frames = open_recording(browser, links["The table (everyone)"])
    expect(tablet.get_by_text("Pass the tablet to Red")).to_be_visible(timeout=WAIT)
    return links, tablet, tablet_frames


def test_three_devices_one_game_and_a_secret_only_on_its_owners_phone(served, browser):
    links, tablet, tablet_frames = tablet_at_the_secret_choice(served, browser)
    red, red_frames = open_recording(browser, links["Red's own phone"])
    black, black_frames = open_recording(browser, links["Black's own phone"])
    for page in (red, black):
        expect(page.get_by_text("tap your letter. Only this phone sees it")) \
            .to_be_visible(timeout=WAIT)
    # Both seats are on their phones: the tablet offers neither's letters.
    expect(tablet.get_by_text("Choosing on their own phones: Red, Black")) \
        .to_be_visible(timeout=WAIT)
    expect(tablet.get_by_role("button", name=re.compile("show my letters"))).to_have_count(0)

    # Red picks N on his own phone; the tablet and Black's phone see that he has chosen.
    red.get_by_role("button", name=re.compile(r"^N( ·|$)")).click()
    expect(red.get_by_text("Your letter this round: N, secret until the reveal.")) \
        .to_be_visible(timeout=WAIT)
    for page in (tablet, black):
        expect(page.locator(".log-line").first).to_contain_text(
            "Red has chosen a letter in secret", timeout=WAIT)

    # Black picks on his phone; the tablet turns the letters over for everyone.
    black.get_by_role("button", name=re.compile(r"^O( ·|$)")).click()
    expect(tablet.get_by_role("button", name="Reveal the letters")).to_be_visible(timeout=WAIT)
    tablet.get_by_role("button", name="Reveal the letters").click()
    for page in (tablet, red, black):
        expect(page.locator(".log-line").first).to_contain_text(
            "revealed: Red N, Black O", timeout=WAIT)

    # The table's Undo takes back the reveal and both letters, and every device says so.
    tablet.get_by_role("button", name="↶ Undo").click()
    for page in (tablet, red, black):
        expect(page.locator(".log-note").first).to_contain_text(
            "Undone by the table: Red has chosen a letter in secret (and 2 more)", timeout=WAIT)
    for page in (red, black):
        expect(page.get_by_text("tap your letter. Only this phone sees it")) \
            .to_be_visible(timeout=WAIT)

    secret = "Your letter this round: N"
    assert any(secret in frame for frame in red_frames)
    assert not any(secret in frame for frame in tablet_frames + black_frames)
    assert not any("Your letter this round: O" in f for f in tablet_frames + red_frames)


def test_a_seat_belongs_to_the_first_phone_and_the_tablet_can_hand_it_over(served, browser):
    """Trust at the table: a second phone on Red's link sees the public table and that the
    seat is taken; a phone that drops its key from the address is a watcher (no Undo, no
    seat links, no saved games); the tablet hands Red's seat to a new phone, the old one
    goes back to the public table, and every device's log says so."""
    links, tablet, tablet_frames = tablet_at_the_secret_choice(served, browser)
    red, _ = open_recording(browser, links["Red's own phone"])
    expect(red.get_by_text("tap your letter. Only this phone sees it")).to_be_visible(
        timeout=WAIT)
    red.get_by_role("button", name=re.compile(r"^N( ·|$)")).click()
    expect(red.get_by_text("Your letter this round: N")).to_be_visible(timeout=WAIT)

    # A second phone on the same link: the public table, and why.
    cheat, cheat_frames = open_recording(browser, links["Red's own phone"])
    expect(cheat.get_by_text("This seat is taken")).to_be_visible(timeout=WAIT)
    # A phone that edits its address to the plain table: a watcher, not the tablet.
    watcher, watcher_frames = open_recording(browser, links["The table (everyone)"])
    for page in (cheat, watcher):
        expect(page.get_by_text("Undo and Redo are on the shared tablet.")).to_be_visible(
            timeout=WAIT)
        expect(page.get_by_role("button", name="↶ Undo")).to_have_count(0)
        expect(page.get_by_role("button", name=re.compile("show my letters"))).to_have_count(0)
        expect(page.get_by_text("Saved games")).to_have_count(0)
    expect(watcher.get_by_text("Waiting for the letters of: Black")).to_be_visible()
    expect(watcher.get_by_role("button", name=re.compile(r"^[BOND]( ·|$)"))).to_have_count(0)
    # A link to this game from another app shows that app's own game, and says so.
    elsewhere, _ = open_recording(browser, links["The table (everyone)"].replace(
        "/mb007_tiles?", "/mb007_cards?"))
    expect(elsewhere.get_by_text("That link is to a game of another app")).to_be_visible(
        timeout=WAIT)
    elsewhere.close()
    # A reload keeps Red his seat.
    red.reload()
    expect(red.get_by_text("Your letter this round: N")).to_be_visible(timeout=WAIT)

    # The tablet's join section offers Black's link, not Red's, and Red's handover.
    tablet.get_by_role("button", name=re.compile("Join this table")).click()
    expect(tablet.locator(".seat-link")).to_have_count(1, timeout=WAIT)
    expect(tablet.get_by_text("Black's own phone")).to_be_visible()
    tablet.get_by_role("button", name="Hand Red's seat to a new phone").click()
    for page in (tablet, watcher):
        expect(page.locator(".log-note").first).to_contain_text(
            "Red's seat was handed to a new phone by the table", timeout=WAIT)
    # The old phone opens again as the public table; the new link opens the seat.
    expect(red.get_by_text("Undo and Redo are on the shared tablet.")).to_be_visible(
        timeout=WAIT)
    expect(red.get_by_text("The table handed this device's role")).to_be_visible()
    expect(red.get_by_text("Your letter this round: N")).to_have_count(0)
    new_link = tablet.locator(".seat-link a").first.get_attribute("href")
    assert new_link != links["Red's own phone"]
    fresh, _ = open_recording(browser, new_link)
    expect(fresh.get_by_text("Your letter this round: N")).to_be_visible(timeout=WAIT)
    old, _ = open_recording(browser, links["Red's own phone"])
    expect(old.get_by_text("This seat link is not for this game")).to_be_visible(timeout=WAIT)

    secret = "Your letter this round: N"
    assert not any(secret in frame for frame in tablet_frames + cheat_frames + watcher_frames)


def test_a_seat_link_with_a_wrong_key_shows_only_the_public_table(served, page: Page):
    store = Store(served.db)
    session = game_at_the_secret_choice(store)
    store.close()
    page.goto(f"{served.url}/mb007_tiles?session={session.id}&seat=0&key=guessed")
    expect(page.get_by_text("This seat link is not for this game")).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("Pass the tablet to Red")).to_be_visible()


def test_a_crafted_seat_number_is_refused_in_words_not_a_blank_page(served, page: Page):
    """Issue 36: `?seat=²` ("²" is a digit to `str.isdigit`, not to `int`) left a blank
    page; any seat that is not one of the game's is the bad link's message."""
    store = Store(served.db)
    session = game_at_the_secret_choice(store)
    store.close()
    for seat in ("²", "٣", "-1", "99999999999999999999", "0x1"):
        page.goto(f"{served.url}/mb007_tiles?session={session.id}&seat={quote(seat)}&key=k")
        expect(page.get_by_text("This seat link is not for this game")).to_be_visible(
            timeout=WAIT)


def test_the_front_page_finds_a_game_by_its_join_code(served, page: Page):
    store = Store(served.db)
    session = game_at_the_secret_choice(store)
    store.close()
    page.goto(served.url + "/")
    page.get_by_label("Join code").fill(session.join_code.upper())
    page.get_by_role("button", name="Find the game").click()
    page.locator(".join-result").click()
    expect(page.get_by_text("Pass the tablet to Red")).to_be_visible(timeout=WAIT)
    assert session.id in page.url


def test_two_server_processes_on_one_file_show_one_live_game(served, browser, tmp_path):
    """As `panel serve --num-procs 2`: a device on the other process sees a change within
    about a second, without a reload."""
    from tests.conftest import Server

    store = Store(served.db)
    session = Session(GAME, {"players": 2}, seed=12, store=store)
    store.close()
    other = Server(["apps/mb007_tiles.py"], served.db)
    device = browser.new_context()  # the tablet, one browser: its two tabs are one device
    try:
        first, second = device.new_page(), device.new_page()
        first.goto(f"{served.url}/mb007_tiles?session={session.id}")
        expect(first.get_by_role("button", name="Black drew it")).to_be_visible(timeout=WAIT)
        second.goto(f"{other.url}/mb007_tiles?session={session.id}")
        expect(second.get_by_role("button", name="Black drew it")).to_be_visible(timeout=WAIT)
        first.get_by_role("button", name="Black drew it").click()
        expect(second.locator(".log-line").first).to_contain_text(
            "Black drew the first 007", timeout=5_000)
        second.get_by_role("button", name="black 007 (3)").click()
        expect(first.locator(".log-line").first).to_contain_text("Black drew black 007",
                                                                  timeout=5_000)
    finally:
        device.close()
        other.stop()


def test_the_address_names_the_game_once_the_page_has_loaded(served, page: Page):
    """The bare address opens this device's own latest game, not the latest anyone saved,
    and a reload returns to it."""
    store = Store(served.db)
    older = game_at_the_secret_choice(store)
    store.close()
    page.goto(f"{served.url}/mb007_tiles?session={older.id}")
    expect(page.get_by_text("Pass the tablet to Red")).to_be_visible(timeout=WAIT)
    store = Store(served.db)
    newer = Session(GAME, {"players": 3}, seed=13, store=store)  # saved later, by nobody here
    store.set_holder(newer.id, newer.revision, "tablet", Holder(0, "another device"))
    store.close()
    page.goto(f"{served.url}/mb007_tiles")
    expect(page.get_by_role("button", name="↶ Undo")).to_be_visible(timeout=WAIT)
    page.wait_for_function("() => window.location.search.includes('session=')", timeout=WAIT)
    assert older.id in page.url
    page.reload()
    expect(page.get_by_text("Pass the tablet to Red")).to_be_visible(timeout=WAIT)


def test_a_players_phone_never_scrolls_sideways(served, browser):
    """A phone (390 px) shows the whole width: the header's long title is cut, not the home
    link or the page."""
    store = Store(served.db)
    session = game_at_the_secret_choice(store)
    links = dict(join_links(session, f"{served.url}/mb007_tiles", ["Red", "Black"]))
    store.close()
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        phone.goto(links["Red's own phone"])
        expect(phone.get_by_text("tap your letter. Only this phone sees it")) \
            .to_be_visible(timeout=WAIT)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        home = phone.get_by_role("link", name="⌂ All games").bounding_box()
        assert home["x"] >= 0 and home["x"] + home["width"] <= 390
    finally:
        phone.close()


def test_a_bad_session_address_still_opens_a_game(served, page: Page):
    page.goto(f"{served.url}/mb007_tiles?session=%FF%00<script>")
    expect(page.get_by_role("button", name="↶ Undo")).to_be_visible(timeout=WAIT)


def test_a_page_says_so_when_the_server_is_gone(browser, tmp_path):
    """A dropped connection is said on the page (Panel's reconnect tries again) and the page
    takes no taps until it is back: never a silent page whose taps go nowhere."""
    from tests.conftest import Server

    server = Server(["apps/dice_lab.py"], tmp_path / "dropped.sqlite3")
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        page.goto(server.url + "/dice_lab")
        expect(page.get_by_role("button", name="↶ Undo")).to_be_visible(timeout=WAIT)
        server.process.kill()
        server.process.wait()
        expect(page.get_by_text("Lost the connection to the table").first) \
            .to_be_visible(timeout=WAIT)
        # ... and stops taking taps: the Undo button is under the veil.
        veil = page.locator("#companion-offline")
        expect(veil).to_be_visible(timeout=WAIT)
        box = page.get_by_role("button", name="↶ Undo").bounding_box()
        on_top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).id",
                               [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert on_top == "companion-offline"
        # The server comes back at the same address: Panel reconnects, the page says so,
        # opens the game again and takes taps again (a restarted server's fresh document
        # would ignore the old page's taps).
        # ("Back at the table" shows only until the reload, which may come before a look.)
        with page.expect_navigation(timeout=90_000):
            server.start(server.port)
        roll = page.get_by_role("button", name="Roll: app rolls 2 dice")
        expect(roll).to_be_visible(timeout=WAIT)
        expect(page.locator("#companion-back")).to_have_count(0, timeout=WAIT)
        roll.click()
        expect(page.locator(".log-line").first).to_be_visible(timeout=WAIT)
    finally:
        page.close()
        server.stop()


# Counts the page's websocket connections (its first, then every try to reconnect).
COUNT_SOCKETS = """
const Socket = window.WebSocket;
window.__sockets = 0;
window.WebSocket = class extends Socket {
  constructor(...args) { super(...args); window.__sockets += 1; }
};
"""


def test_a_page_keeps_trying_after_bokehs_own_tries_run_out(browser, tmp_path):
    """Bokeh tries to reconnect five times, within about 30 s, and then stops. A server that
    comes back later (restarted on a busy machine) still gets the page back: the page tries
    again every few seconds (`template.RETRY_MS`) for as long as it is open."""
    from tests.conftest import Server

    server = Server(["apps/dice_lab.py"], tmp_path / "late.sqlite3")
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    page.add_init_script(COUNT_SOCKETS)
    try:
        page.goto(server.url + "/dice_lab")
        expect(page.get_by_role("button", name="↶ Undo")).to_be_visible(timeout=WAIT)
        server.process.kill()
        server.process.wait()
        # The first connection, Bokeh's five tries, then one of the page's own.
        page.wait_for_function("() => window.__sockets >= 7", timeout=90_000)
        expect(page.locator("#companion-offline")).to_be_visible(timeout=WAIT)
        with page.expect_navigation(timeout=90_000):
            server.start(server.port)
        roll = page.get_by_role("button", name="Roll: app rolls 2 dice")
        expect(roll).to_be_visible(timeout=WAIT)
        roll.click()
        expect(page.locator(".log-line").first).to_be_visible(timeout=WAIT)
    finally:
        page.close()
        server.stop()


def test_the_tablet_hands_its_role_to_another_device(served, browser):
    """Trust at the table: the tablet is a role. Its link, shown on the tablet alone, makes
    the device that opens it the tablet (once); the old tablet shows the public table."""
    store = Store(served.db)
    session = game_at_the_secret_choice(store)
    store.close()
    table = f"{served.url}/mb007_tiles?session={session.id}"
    old, _ = open_recording(browser, table)
    expect(old.get_by_role("button", name="↶ Undo")).to_be_visible(timeout=WAIT)
    old.get_by_role("button", name=re.compile("Join this table")).click()
    old.get_by_role("button", name="Make another device the tablet…").click()
    link = old.locator(".tablet-link a").get_attribute("href", timeout=WAIT)
    new, _ = open_recording(browser, link)
    expect(new.get_by_role("button", name="↶ Undo")).to_be_visible(timeout=WAIT)
    expect(new.get_by_text("Pass the tablet to Red")).to_be_visible()
    for page in (old, new):
        expect(page.locator(".log-note").first).to_contain_text(
            "The table's tablet moved to another device", timeout=WAIT)
    expect(old.get_by_text("Undo and Redo are on the shared tablet.")).to_be_visible(
        timeout=WAIT)
    expect(old.get_by_role("button", name="↶ Undo")).to_have_count(0)
    # The link worked once: a third device opening it is a watcher.
    third, _ = open_recording(browser, link)
    expect(third.get_by_text("Undo and Redo are on the shared tablet.")).to_be_visible(
        timeout=WAIT)


def test_a_change_reaches_another_device_as_one_message(served, browser):
    """A tile placed on the tablet changes a watcher's board, log and turn: all of it in
    one websocket message (Panel sent each part in a message of its own when the redraw ran
    with the tablet's page as its current document), so the phone draws the change once."""
    store = Store(served.db)
    session = Session(GAME, {"players": 2}, seed=5, store=store)
    session.act(ChooseFirst(0))
    session.act(Draw("R3"))
    store.close()
    url = f"{served.url}/mb007_tiles?session={quote(session.id)}"
    tablet, _ = open_recording(browser, url)
    expect(tablet.get_by_role("button", name="window a1")).to_be_visible(timeout=WAIT)
    watcher, frames = open_recording(browser, url)
    expect(watcher.get_by_text("Undo and Redo are on the shared tablet.")).to_be_visible(
        timeout=WAIT)
    watcher.wait_for_timeout(1000)  # what the page does once loaded is not the change
    seen = len(frames)
    tablet.get_by_role("button", name="window a1").click()
    expect(watcher.locator(".log-line").first).to_contain_text("Red placed red 3 in a1",
                                                               timeout=WAIT)
    watcher.wait_for_timeout(1000)  # any message that would follow the first
    patches = [frame for frame in frames[seen:] if '"msgtype": "PATCH-DOC"' in frame]
    assert len(patches) == 1, frames[seen:]
