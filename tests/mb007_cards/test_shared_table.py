"""The card game at a shared table in real browsers: the tablet and two players' phones on one
game. Each phone shows its owner's down card, which reaches that page and no other (checked
on the websocket frames each page received); a choice made on a phone shows everywhere."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion.core.session import Session
from companion.core.store import Store
from companion.mb007_cards import GAME
from companion.mb007_cards.actions import Deal
from companion.ui.share_view import join_links
from tests.frames import open_recording

from .helpers import deal_cards

pytestmark = pytest.mark.browser
WAIT = 20_000
HANDS = {0: (1, 6, 6), 1: (3, 4, 5)}  # Seat 1's down card a 6, Seat 2's a 4 (a run 3-4-5)


def three_devices(served, browser) -> list[tuple]:
    """The tablet and both seats' phones, (page, frames) each, on a game just dealt HANDS."""
    store = Store(served.db)
    session = Session(GAME, {"players": 2, "bots": []}, seed=4, store=store)
    session.act(Deal(deal_cards(HANDS)))
    links = dict(join_links(session, f"{served.url}/mb007_cards", ["Seat 1", "Seat 2"]))
    store.close()
    return [open_recording(browser, links[who]) for who in (
        "The table (everyone)", "Seat 1's own phone", "Seat 2's own phone")]


def own_card(frames: list[str], seat: int) -> bool:
    return any(f'class="own-down" data-seat="{seat}"' in frame for frame in frames)


def test_a_down_card_reaches_only_its_owners_phone_and_a_call_shows_everywhere(served,
                                                                                browser):
    (tablet, tablet_frames), (one, one_frames), (two, two_frames) = three_devices(served,
                                                                               browser)

    # Both players are on their phones: the tablet offers no peek and no one's choices.
    expect(tablet.get_by_text("Waiting for Seat 2")).to_be_visible(timeout=WAIT)
    expect(tablet.get_by_role("button", name="Hold here to see", exact=False)).to_have_count(0)
    expect(one.get_by_text("Waiting for Seat 2")).to_be_visible(timeout=WAIT)
    expect(two.locator(".own-down .card.big")).to_have_text("4", timeout=WAIT)
    expect(two.locator(".own-down")).to_contain_text("a run 3-4-5")
    expect(one.locator(".own-down .card.big")).to_have_text("6", timeout=WAIT)
    expect(two.get_by_role("button", name="Hold here to see", exact=False)).to_have_count(0)

    # Seat 2 announces on his phone; Seat 1 answers on his; every device shows the outcome.
    two.get_by_role("button", name="Announce a winning combination").click()
    for page in (tablet, one):
        expect(page.locator(".log-line").first).to_contain_text("announce", timeout=WAIT)
    expect(tablet.get_by_text("Waiting for Seat 1")).to_be_visible(timeout=WAIT)
    one.get_by_role("button", name=re.compile(r"^Call 1 ")).click()
    for page in (tablet, one, two):
        expect(page.locator(".verdict")).to_contain_text("Called. Seat 2", timeout=WAIT)

    assert own_card(two_frames, 1) and own_card(one_frames, 0)
    assert not own_card(two_frames, 0) and not own_card(one_frames, 1)
    assert not any("down-face" in frame for frame in tablet_frames)
    assert not any('class="card big">4<' in frame for frame in one_frames)
    assert not any('class="card big">6<' in frame for frame in two_frames)
    for page in (tablet, one, two):
        page.close()


def test_a_card_drawn_is_seen_only_on_its_drawers_phone_until_placed(served, browser):
    """Rules for Play 2b, draw and look first: the card reaches the drawer's phone alone,
    and the tablet and the other phone only learn what becomes public when it is placed."""
    (tablet, tablet_frames), (one, one_frames), (two, two_frames) = three_devices(served,
                                                                               browser)
    expect(two.get_by_role("button", name="Draw a card and look at it")).to_be_visible(
        timeout=WAIT)
    two.get_by_role("button", name="Draw a card and look at it").click()
    expect(two.get_by_text("You drew a")).to_be_visible(timeout=WAIT)
    for page in (tablet, one):
        expect(page.locator(".log-line").first).to_contain_text(
            "Seat 2 draws a card and looks at it", timeout=WAIT)
    two.get_by_role("button", name="Put it in place of the down card").click()
    for page in (tablet, one):
        expect(page.locator(".log-line").first).to_contain_text(
            "Seat 2 replaces their down card with it", timeout=WAIT)
    assert any("You drew a" in frame for frame in two_frames)
    assert not any("You drew a" in frame for frame in tablet_frames + one_frames)
    for page in (tablet, one, two):
        page.close()


def test_phones_are_told_when_the_tablet_starts_another_game(served, browser):
    """The phones stay on the game the tablet leaves (a seat of one game is no seat of the
    next): each says where the table went and how to join, in its message and its log."""
    (tablet, _), (one, _), (two, _) = three_devices(served, browser)
    expect(one.locator(".own-down .card.big")).to_have_text("6", timeout=WAIT)
    tablet.get_by_role("button", name="New game: cards, players, bots").click()
    tablet.get_by_role("button", name="Start a new game with these settings").click()
    expect(tablet.locator(".log-line")).to_have_count(0, timeout=WAIT)
    for phone in (one, two):
        expect(phone.get_by_text(re.compile("The tablet moved on to another game")).first) \
            .to_be_visible(timeout=WAIT)
        expect(phone.locator(".log-note").first).to_contain_text("scan your seat's code")
    expect(one.locator(".own-down .card.big")).to_have_text("6")  # still its seat's game
    expect(tablet.locator(".log-note")).to_have_count(0)
    for page in (tablet, one, two):
        page.close()
