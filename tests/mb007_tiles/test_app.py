"""The tile game in a real browser: a two-player round from the last placement to the
capture, with the covered secret choice, then undo."""

import re

import pytest
from playwright.sync_api import Page, expect

from companion.core.session import Session
from companion.core.store import Store
from companion.mb007_tiles import GAME
from companion.mb007_tiles.actions import ChooseFirst, Draw, Place
from companion.mb007_tiles.board import WINDOWS, window_name

pytestmark = pytest.mark.browser
WAIT = 20_000
# Red (seat 0) N is column c; Black (seat 1) O is row 3: they cross in c3 (the manual's
# example), where a black 007 lies.
BOARD = {"c3": "B007", "a1": "R5", "b2": "R1"}


def fifteen_tiles_placed(store: Store) -> Session:
    """A tablet-mode game for two with every window but d4 filled, saved in the store."""
    session = Session(GAME, {"players": 2, "mode": "tablet"}, seed=7, store=store)
    session.act(ChooseFirst(0))
    fillers = iter(["R2", "R3", "R4", "B1", "B2", "B3", "B4", "B5", "R2", "R3", "R4", "B1"])
    for window in WINDOWS:
        name = window_name(window)
        if name == "d4":
            continue
        session.act(Draw(BOARD.get(name) or next(fillers)))
        session.act(Place(name))
    return session


def visible_text(page: Page) -> str:
    return page.evaluate("""() => { const walk = (n) => (n.shadowRoot ? walk(n.shadowRoot) : '')
        + [...n.childNodes].map(c => c.nodeType === 3 ? c.textContent : walk(c)).join(' ');
        return walk(document.body); }""")


def test_house_rules_a_player_opened_stay_open_when_the_scoreboard_changes(served,
                                                                           page: Page):
    """A redraw keeps a <details> the player opened (`redraw` in `pads.bundle.js`): the next tap,
    or another device's, does not fold it away while he reads."""
    store = Store(served.db)
    session = fifteen_tiles_placed(store)
    store.close()
    page.goto(f"{served.url}/mb007_tiles?session={session.id}")
    house_rules = page.locator(".scoreboard details")
    page.get_by_text("House rules", exact=True).click()
    expect(house_rules).to_have_attribute("open", "", timeout=WAIT)
    page.get_by_role("button", name="Draw a tile for Black").click()
    expect(page.locator(".scoreboard")).to_contain_text("20 tiles in the bag", timeout=WAIT)
    expect(house_rules).to_have_attribute("open", "")


def test_a_round_with_the_covered_secret_choice_then_undo(served, page: Page):
    store = Store(served.db)
    session = fifteen_tiles_placed(store)
    store.close()
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(f"{served.url}/mb007_tiles?session={session.id}")

    # The last tile: the app draws it for Red, Red taps the last empty window.
    page.get_by_role("button", name="Draw a tile for Black").click()
    expect(page.get_by_text(re.compile(r"Black drew \w+ \w+: tap an empty window"))) \
        .to_be_visible(timeout=WAIT)
    page.get_by_role("button", name="window d4").click()
    expect(page.locator(".log-line").first).to_contain_text("in d4", timeout=WAIT)

    # The covered choice: Red first, the screen covers again, then Black.
    page.get_by_role("button", name="I am Red: show my letters").click()
    page.get_by_role("button", name=re.compile(r"^N( ·|$)")).click()
    expect(page.get_by_text("Pass the tablet to Black (or choose on your own phone).")) \
        .to_be_visible(timeout=WAIT)
    expect(page.locator(".log-line").first).to_contain_text("Red has chosen a letter in secret")
    text = visible_text(page)
    assert "Red N" not in text and "Red: N" not in text
    page.get_by_role("button", name="I am Black: show my letters").click()
    page.get_by_role("button", name=re.compile(r"^O( ·|$)")).click()

    # Revealed together: Red N crosses Black O in c3 and takes the black 007.
    page.get_by_role("button", name="Reveal the letters").click()
    expect(page.locator(".log-line").first).to_contain_text(
        "revealed: Red N, Black O. c3: black 007 captured by Red (10)", timeout=WAIT)
    expect(page.locator(".team-red")).to_contain_text("Red 10")

    # Undo takes the reveal back with both letters: the 007 is on the board again, nobody
    # has scored, both choose again, and the log says the table undid it.
    page.get_by_role("button", name="↶ Undo").click()
    expect(page.get_by_role("button", name="I am Red: show my letters")).to_be_visible(
        timeout=WAIT)
    expect(page.locator(".team-red")).to_contain_text("Red 0")
    expect(page.locator(".log-note").first).to_contain_text(
        "Undone by the table: Red has chosen a letter in secret (and 2 more)")

    # The review counts the sixteen tiles drawn against a fair bag (face up, so at once).
    page.get_by_role("button", name="▸ Review: luck, skill and the dice").click()
    drawn = page.locator(".review-drawn")
    expect(drawn).to_have_text("The tiles", timeout=60_000)
    expect(page.get_by_text("16 tiles: too few to tell whether they came from a fair "
                            "bag")).to_be_visible()


def test_the_starting_chips_house_rule_is_a_field_a_finger_can_reach(served, page: Page):
    """The new match's "Chips each team starts with (house rule)" field is on screen, big
    enough for a finger, without spin arrows (10 px targets), and a match started after
    typing 150 gives each team 150 chips. (Hiding Bokeh's spin wrapper once hid the field
    itself: its label stood above nothing.)"""
    page.goto(f"{served.url}/mb007_tiles")
    page.get_by_role("button", name=re.compile("New match")).click()
    chips = page.get_by_label("Chips each team starts with (house rule)")
    expect(chips).to_be_visible(timeout=WAIT)
    assert chips.bounding_box()["height"] >= 44
    assert page.locator(".bk-spin-btn >> visible=true").count() == 0
    chips.fill("150")
    chips.press("Enter")
    page.get_by_role("button", name="Start a new match with these settings").click()
    expect(page.locator(".scoreboard")).to_contain_text("150 chips", timeout=WAIT)
