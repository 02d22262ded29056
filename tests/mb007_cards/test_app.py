"""The card game in a real browser: one announce-call-reveal cycle between two people on one
tablet, the down card seen only while its owner holds the peek, never in another page."""

from __future__ import annotations

import os
import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Page, expect

from companion.core.session import Session
from companion.core.store import Store
from companion.mb007_cards import GAME
from companion.mb007_cards.actions import Deal
from companion.mb007_cards.rules import card_text

from .helpers import deal_cards

pytestmark = pytest.mark.browser
WAIT = 20_000
# True if any element (shadow roots included) has the peek's card class.
HAS_FACE_JS = """() => {
  const walk = (n) => {
    if (n.classList && n.classList.contains('down-face')) { return true; }
    if (n.shadowRoot && walk(n.shadowRoot)) { return true; }
    for (const c of (n.children || [])) { if (walk(c)) { return true; } }
    return false;
  };
  return walk(document.body);
}"""
# True if any string property of the page's Bokeh models (what the server sent) has it.
MODELS_JS = """() => {
  for (const doc of window.Bokeh.documents) {
    for (const model of doc.all_models) {
      for (const prop of Object.values(model.properties)) {
        let value;
        try { value = prop.get_value(); } catch (e) { continue; }
        if (typeof value === 'string' && value.includes('down-face')) { return true; }
      }
    }
  }
  return false;
}"""


# The held peek's face, found through the shadow roots: [scrollHeight, clientHeight] or null.
FACE_FIT_JS = """() => {
  const walk = (n) => {
    if (n.classList && n.classList.contains('face') && n.classList.contains('on')) { return n; }
    if (n.shadowRoot) { const f = walk(n.shadowRoot); if (f) { return f; } }
    for (const c of (n.children || [])) { const f = walk(c); if (f) { return f; } }
    return null;
  };
  const face = walk(document.body);
  return face && [face.scrollHeight, face.clientHeight, face.scrollWidth, face.clientWidth];
}"""


def hold_peek_nothing_moves(page: Page, peek, down: str, shot: str = "") -> None:
    """Hold the peek: the card shows in its fixed place, all of it, and no button moves."""
    buttons = page.locator(".act")
    expect(buttons.first).to_be_visible(timeout=WAIT)
    before = [buttons.nth(i).bounding_box() for i in range(buttons.count())]
    peek.hover()
    page.mouse.down()
    expect(page.locator(".down-face")).to_contain_text(down, timeout=WAIT)
    page.wait_for_timeout(300)  # any layout the face caused has happened
    if shot:
        page.screenshot(path=shot)
    assert [buttons.nth(i).bounding_box() for i in range(buttons.count())] == before
    assert all(box["height"] >= 44 for box in before)  # touch targets
    high, shown, wide, room = page.evaluate(FACE_FIT_JS)
    assert high <= shown and wide <= room  # nothing of the face is cut off


def no_down_card(page: Page) -> None:
    assert not page.evaluate(HAS_FACE_JS)
    assert not page.evaluate(MODELS_JS)


def test_announce_call_reveal_with_the_down_card_private(served, page: Page, browser):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(served.url + "/mb007_cards")
    page.get_by_role("button", name="New game: cards, players, bots").click()
    page.get_by_role("button", name="2", exact=True).click()
    # The default four seats have a Seat 2 too: the page has taken the player count once the
    # seat buttons have lost Seat 3 (a tap on Seat 2 before that is undone by the new seats).
    expect(page.get_by_role("button", name="Seat 3", exact=True)).to_have_count(0, timeout=WAIT)
    seat_2 = page.get_by_role("button", name="Seat 2", exact=True)
    expect(seat_2).to_have_count(2)  # two seats to choose bots and the dealer from
    expect(seat_2.first).to_have_class(re.compile(r"\bbk-active\b"))  # a bot by default
    seat_2.first.click()  # Seat 2 is a person
    expect(seat_2.first).not_to_have_class(re.compile(r"\bbk-active\b"), timeout=WAIT)
    page.get_by_role("button", name="Start a new game with these settings").click()
    expect(page.locator(".t-seat")).to_have_count(2, timeout=WAIT)
    expect(page.locator(".t-name").nth(1)).to_have_text("Seat 2")  # not "Seat 2 · bot"
    page.get_by_role("button", name="Deal the cards").click()
    cover = page.get_by_role("button", name="I am Seat 2: show my choices")
    expect(cover).to_be_visible(timeout=WAIT)

    # The dealt cards, from the saved game: Seat 2 (index 1) plays first.
    session_id = parse_qs(urlparse(page.url).query)["session"][0]
    store = Store(served.db)
    state = Session.resume(store, session_id).state
    store.close()
    down = card_text(state.seats[1].down)
    no_down_card(page)

    other = browser.new_page(viewport={"width": 768, "height": 1024})
    other.goto(served.url + f"/mb007_cards?session={session_id}")  # another device: a watcher
    expect(other.get_by_text("Waiting for Seat 2")).to_be_visible(timeout=WAIT)
    expect(other.get_by_role("button", name="I am Seat 2: show my choices")).to_have_count(0)

    cover.click()
    peek = page.get_by_role("button", name="Hold here to see Seat 2's down card")
    expect(peek).to_be_visible(timeout=WAIT)
    no_down_card(page)
    hold_peek_nothing_moves(page, peek, down, shot=os.environ.get("MB007_SHOTS", "") and
                            os.environ["MB007_SHOTS"] + "-1024x768-held.png")
    assert page.evaluate(HAS_FACE_JS) and page.evaluate(MODELS_JS)  # the checks can see it
    no_down_card(other)
    page.mouse.up()
    expect(page.locator(".down-face")).to_have_count(0, timeout=WAIT)
    no_down_card(page)

    # Seat 2 announces at once; Seat 1 takes the tablet and calls with 1; the reveal pays.
    page.get_by_role("button", name="Announce a winning combination").click()
    page.get_by_role("button", name="I am Seat 1: show my choices").click()
    expect(page.locator(".odds")).to_contain_text("Seat 2 holds it", timeout=WAIT)
    page.get_by_role("button", name=re.compile(r"^Call 1 ")).click()
    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("Called. Seat 2", timeout=WAIT)
    expect(verdict).to_contain_text("Seat 1 called 1 (expected")
    no_down_card(page)
    other.reload()
    expect(other.locator(".verdict")).to_contain_text("Called. Seat 2", timeout=WAIT)
    no_down_card(other)
    if "was bluffing" in verdict.inner_text():  # Rules for Play 6: he shows it, keeps it down
        assert f"their down card, a {down}," in verdict.inner_text()
    other.close()


def test_in_portrait_the_held_peek_keeps_its_place_and_cuts_nothing_off(served, browser):
    """768x1024, the longest peek (the draw odds): held, nothing moves and all of it shows."""
    store = Store(served.db)
    session = Session(GAME, {"players": 2, "bots": []}, seed=1, store=store)
    session.act(Deal(deal_cards({0: (1, 6, 6), 1: ("007", 1, "007")})))
    store.close()
    page = browser.new_page(viewport={"width": 768, "height": 1024})
    page.goto(served.url + f"/mb007_cards?session={session.id}")
    page.get_by_role("button", name="I am Seat 2: show my choices").click(timeout=WAIT)
    peek = page.get_by_role("button", name="Hold here to see Seat 2's down card")
    expect(peek).to_be_visible(timeout=WAIT)
    peek.scroll_into_view_if_needed()
    shots = os.environ.get("MB007_SHOTS", "")
    hold_peek_nothing_moves(page, peek, "1", shot=shots and shots + "-768x1024-held.png")
    expect(page.locator(".down-face")).to_contain_text("Knowing your down card, a draw makes")
    page.mouse.up()
    expect(page.locator(".down-face")).to_have_count(0, timeout=WAIT)
    no_down_card(page)
    page.close()


def start_two_people(page: Page) -> None:
    """A new tablet game of two people (no bot), dealt: Seat 2 to play."""
    page.get_by_role("button", name="New game: cards, players, bots").click()
    page.get_by_role("button", name="2", exact=True).click()
    expect(page.get_by_role("button", name="Seat 3", exact=True)).to_have_count(0, timeout=WAIT)
    seat_2 = page.get_by_role("button", name="Seat 2", exact=True)
    expect(seat_2.first).to_have_class(re.compile(r"\bbk-active\b"))
    seat_2.first.click()  # Seat 2 is a person
    expect(seat_2.first).not_to_have_class(re.compile(r"\bbk-active\b"), timeout=WAIT)
    page.get_by_role("button", name="Start a new game with these settings").click()
    expect(page.locator(".t-seat")).to_have_count(2, timeout=WAIT)
    page.get_by_role("button", name="Deal the cards").click()
    expect(page.get_by_role("button", name="I am Seat 2: show my choices")).to_be_visible(
        timeout=WAIT)


def test_the_review_waits_for_the_card_shown_and_names_its_estimate(served, page: Page):
    """Issue 35: two people; Seat 2 announces. While the answer is due the Review section
    says nothing of his card (both seats at their start); once Seat 1's call settles it,
    both seats' books in their chance to win, said to be an estimate with its error, and
    nothing of dice (the game has none). No down card reaches the page."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(served.url + "/mb007_cards")
    start_two_people(page)
    page.get_by_role("button", name="I am Seat 2: show my choices").click()
    page.get_by_role("button", name="Announce a winning combination").click()
    expect(page.get_by_role("button", name="I am Seat 1: show my choices")).to_be_visible(
        timeout=WAIT)
    page.get_by_role("button", name="▸ Review: luck, skill and the dice").click()
    name = page.locator(".review-name")
    expect(name).to_contain_text("each seat's chance to end with the most points",
                                 timeout=60_000)
    expect(name).to_contain_text("±7 percentage points")
    sides = page.locator(".review-sides")
    expect(sides).to_contain_text("Seat 1: 50.0% at the start, 50.0% now. Luck gave nothing.")
    expect(sides).to_contain_text("Seat 2: 50.0% at the start, 50.0% now. Luck gave nothing.")
    no_down_card(page)

    page.get_by_role("button", name="I am Seat 1: show my choices").click()
    page.get_by_role("button", name=re.compile(r"^Call 1 ")).click()
    expect(page.locator(".verdict")).to_contain_text("Called. Seat 2", timeout=WAIT)
    expect(sides).to_contain_text("own choices cost", timeout=60_000)
    expect(sides).not_to_contain_text("Seat 2: 50.0% at the start, 50.0% now")
    expect(page.get_by_text("The books balance exactly")).to_be_visible()
    expect(page.locator(".review-dice")).to_have_count(0)
    expect(page.get_by_text("No dice rolled yet.")).to_have_count(0)  # a game without dice
    # The cards are counted only at the game's end: down cards are among them.
    expect(page.locator(".review-drawn")).to_have_count(0)
    expect(page.get_by_text("The cards are counted against a fair shuffle when the game is "
                            "over")).to_be_visible()
    no_down_card(page)
