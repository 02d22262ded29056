"""Trust at the table, every game with a seat's secret: a seat taken by one phone, the same
link opened by a second phone, and the seat handed by the tablet to a new phone. The secret
reaches the phone that holds the seat and no other page: checked on the websocket frames
of the second phone, the tablet and the old phone after the handover (the tile game's own
test does the same with its secret letter)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

from companion.core.session import Session
from companion.core.store import Store
from companion.goldfinger import GAME as GOLDFINGER
from companion.goldfinger.actions import PlaceCards
from companion.license_to_kill import GAME as LICENSE_TO_KILL
from companion.license_to_kill.engine import NextStep, Setup
from companion.mb007_cards import GAME as CARDS
from companion.mb007_cards.actions import Deal
from companion.ui.share_view import join_links
from tests.frames import open_recording
from tests.license_to_kill.helpers import options as ltk_options
from tests.mb007_cards.helpers import deal_cards

pytestmark = pytest.mark.browser
WAIT = 20_000


@dataclass(frozen=True)
class SeatSecret:
    app: str
    seats: list[str]
    seat: str  # the seat handed over
    secret: str  # a piece of HTML only that seat's page may receive
    view: str  # the CSS class of the seat's own view on its page
    start: Callable[[Store], Session]


def _cards(store: Store) -> Session:
    session = Session(CARDS, {"players": 2, "bots": []}, seed=4, store=store)
    session.act(Deal(deal_cards({0: (1, 6, 6), 1: (3, 4, 5)})))
    return session


def _goldfinger(store: Store) -> Session:
    session = Session(GOLDFINGER, {"map": "sample"}, seed=8, store=store)
    session.act(session.state.fill_chance(PlaceCards(), session.bot_rng()))
    return session


def _license_to_kill(store: Store) -> Session:
    session = Session(LICENSE_TO_KILL, ltk_options(2), seed=6, store=store)
    for action in (Setup(0, "M1", "V1", "B1"), Setup(1, "M2", "V2", "B2"), NextStep()):
        session.act(action)
    return session


GAMES = [
    SeatSecret("mb007_cards", ["Seat 1", "Seat 2"], "Seat 2",
               'class="own-down" data-seat="1"', "own-down", _cards),
    SeatSecret("goldfinger", ["Bond", "Enemy"], "Enemy", 'own-view" data-seat="1"', "own-view",
               _goldfinger),
    SeatSecret("license_to_kill", ["P0", "P1"], "P0", '"own-plots" data-seat="0"', "own-plots",
               _license_to_kill),
]


def has(frames: list[str], text: str) -> bool:
    return any(text in frame for frame in frames)


def until_connected(page: Page, frames: list[str]) -> None:
    for _ in range(WAIT // 100):
        if frames:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{page.url} never connected")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.app)
def test_a_seats_secret_follows_the_seat_from_phone_to_phone(served, browser, game):
    store = Store(served.db)
    session = game.start(store)
    links = dict(join_links(session, f"{served.url}/{game.app}", game.seats))
    store.close()
    tablet, tablet_frames = open_recording(browser, links["The table (everyone)"])
    phone, phone_frames = open_recording(browser, links[f"{game.seat}'s own phone"])
    until_connected(phone, phone_frames)
    expect(phone.locator(f".{game.view}")).to_have_count(1, timeout=WAIT)
    assert has(phone_frames, game.secret)  # the check finds the secret where it belongs

    # A second phone on the same link: the public table, and why.
    cheat, cheat_frames = open_recording(browser, links[f"{game.seat}'s own phone"])
    expect(cheat.get_by_text("This seat is taken")).to_be_visible(timeout=WAIT)

    # The tablet hands the seat to a new phone: the old phone goes back to the public table.
    tablet.get_by_role("button", name=re.compile("Join this table")).click()
    tablet.get_by_role("button", name=f"Hand {game.seat}'s seat to a new phone").click()
    expect(phone.get_by_text("The table handed this device's role")).to_be_visible(
        timeout=WAIT)
    after_handover = len(phone_frames)
    phone.reload()
    expect(phone.get_by_text("Undo and Redo are on the shared tablet.")).to_be_visible(
        timeout=WAIT)
    new_link = tablet.locator(".seat-link").filter(
        has_text=f"{game.seat}'s own phone").locator("a").get_attribute("href")
    assert new_link and new_link != links[f"{game.seat}'s own phone"]
    # Every code as big as the others: the table's, of a shorter link, was drawn smaller.
    codes = tablet.locator("svg.qr").all()
    assert len(codes) >= 2 and len({round(c.bounding_box()["width"]) for c in codes}) == 1
    fresh, fresh_frames = open_recording(browser, new_link)
    until_connected(fresh, fresh_frames)
    expect(fresh.locator(f".{game.view}")).to_have_count(1, timeout=WAIT)

    assert has(fresh_frames, game.secret)
    assert not has(phone_frames[after_handover:], game.secret)
    assert not has(cheat_frames, game.secret)
    assert not has(tablet_frames, game.secret)
    for page in (tablet, phone, cheat, fresh):
        page.close()
