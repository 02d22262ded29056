"""Goldfinger at a shared table in real browsers: the tablet, Bond's phone and the Enemy's
phone on one map-mode game. The Enemy places the five cards on his phone; which card lies
by which star reaches his page and no other (checked on the websocket frames each page
received), while every device sees that the cards are down."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion.core.session import Session
from companion.core.store import Store
from companion.goldfinger import GAME, rules
from companion.ui.share_view import join_links
from tests.frames import open_recording

pytestmark = pytest.mark.browser
WAIT = 20_000


def placement_shown(frames: list[str], placed: dict[str, str]) -> list[str]:
    """The (star, card) pairs some frame names side by side (a star id, then a few
    punctuation marks or tags, then the card; or the other way round)."""
    near = "(?:\\W|</?[a-z]+>){0,8}"
    return [f"{star}: {card}" for star, card in placed.items()
            if any(re.search(f"{star}{near}{card}|{card}{near}{star}", frame)
                   for frame in frames)]


def connected(page: Page, frames: list[str]) -> None:
    """Wait until the page's websocket is open (its first frame came): a tap before then
    would go nowhere (the page is drawn before it connects)."""
    for _ in range(WAIT // 100):
        if frames:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{page.url} never connected")


def test_the_enemy_places_the_cards_on_his_phone_and_only_his_phone_learns_them(served,
                                                                                browser):
    store = Store(served.db)
    session = Session(GAME, {"map": "sample"}, seed=8, store=store)
    stars = session.state.board.stars[:rules.CARDS_TO_PLACE]
    links = dict(join_links(session, f"{served.url}/goldfinger", ["Bond", "Enemy"]))
    store.close()
    tablet, tablet_frames = open_recording(browser, links["The table (everyone)"])
    bond, bond_frames = open_recording(browser, links["Bond's own phone"])
    enemy, enemy_frames = open_recording(browser, links["Enemy's own phone"])
    for page, frames in ((tablet, tablet_frames), (bond, bond_frames), (enemy, enemy_frames)):
        connected(page, frames)
    expect(tablet.get_by_text("The Enemy places the cards on their own phone.")) \
        .to_be_visible(timeout=WAIT)
    expect(bond.get_by_text("The Enemy player is placing the five cards")) \
        .to_be_visible(timeout=WAIT)

    # Each star tapped on the Enemy's phone takes the next card: Mirror, Old Lady, ...
    placed = dict(zip(stars, rules.CARD_NAMES, strict=True))
    for star, card in placed.items():
        enemy.get_by_role("button", name=f"Star {star}", exact=True).click()
        expect(enemy.get_by_role("button", name=f"Star {star}: {card} (tap to take back)")) \
            .to_be_visible(timeout=WAIT)
    enemy.get_by_role("button", name="Place the cards (5 of 5)").click()
    for star, card in placed.items():
        expect(enemy.locator(f'.own-view li[data-star="{star}"]')).to_contain_text(
            f"{star}: {card}", timeout=WAIT)
    for page in (tablet, bond, enemy):
        expect(page.locator(".log-line").first).to_contain_text(
            "places the five cards (known to the app)", timeout=WAIT)
    expect(bond.get_by_role("button", name="Let the Bond bot place him")) \
        .to_be_visible(timeout=WAIT)  # Bond's turn to set up, on his phone
    expect(tablet.locator(".own-view")).to_have_count(0)

    assert len(placement_shown(enemy_frames, placed)) == len(placed)  # the check finds them
    assert placement_shown(tablet_frames, placed) == []
    assert placement_shown(bond_frames, placed) == []
    assert not any('own-view" data-seat="1"' in frame for frame in tablet_frames + bond_frames)
    for page in (tablet, bond, enemy):
        page.close()
