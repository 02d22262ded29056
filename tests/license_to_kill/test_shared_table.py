"""License to Kill at a shared table in real browsers: the tablet and two players' phones on
one game. A player lays a card face down from his own phone; its title, and his other
face-down titles in order, reach his page and no other (checked on the websocket frames each
page received), while every device sees that a card went down."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion.core.session import Session
from companion.core.store import Store
from companion.license_to_kill import GAME
from companion.license_to_kill.engine import NextStep, Setup
from companion.ui.share_view import join_links
from tests.frames import open_recording

from .helpers import options

pytestmark = pytest.mark.browser
WAIT = 20_000


def holds(frames: list[str], text: str) -> bool:
    return any(text in frame for frame in frames)


def test_a_face_down_plot_laid_on_a_phone_reaches_only_its_owner(served, browser):
    store = Store(served.db)
    session = Session(GAME, options(2), seed=6, store=store)
    for action in (Setup(0, "M1", "V1", "B1"), Setup(1, "M2", "V2", "B2"), NextStep()):
        session.act(action)
    links = dict(join_links(session, f"{served.url}/license_to_kill", ["P0", "P1"]))
    store.close()
    tablet, tablet_frames = open_recording(browser, links["The table (everyone)"])
    p0, p0_frames = open_recording(browser, links["P0's own phone"])
    p1, p1_frames = open_recording(browser, links["P1's own phone"])

    expect(p0.locator(".own-plots")).to_contain_text("V1 (Villain, face down)", timeout=WAIT)
    expect(p1.locator(".own-plots")).to_contain_text("V2 (Villain, face down)", timeout=WAIT)
    expect(p1.get_by_text("P0 plays now")).to_be_visible()
    expect(tablet.locator(".card.face-down")).to_have_count(2, timeout=WAIT)

    # P0 lays H1 face down on his phone, on top of his starting Main Plot.
    p0.get_by_label("Card to add (from your hand)").select_option(label="H1 (Henchman, PV 9, CV 3)")
    p0.get_by_role("button", name="Face down", exact=True).click()
    # His own phone names his face-down Villain where the new card may go.
    p0.get_by_label("Where").select_option(label="Main Plot 1: on top, above V1")
    p0.get_by_role("button", name="Add it to the Plot Zone").click()
    expect(p0.locator(".own-plots li").nth(2)).to_contain_text("H1 (Henchman, face down)",
                                                               timeout=WAIT)
    expect(p0.locator(".own-plots")).to_contain_text("2 cards face down")
    for page in (tablet, p1):
        expect(page.locator(".log-line").first).to_contain_text(
            "P0 adds a card face down to Main Plot 1", timeout=WAIT)
        expect(page.locator(".card.face-down")).to_have_count(3)
    expect(tablet.locator(".ltk-table")).not_to_contain_text("H1")

    assert holds(p0_frames, '"own-plots" data-seat="0"') and holds(p0_frames, "<b>H1</b>")
    assert holds(p1_frames, '"own-plots" data-seat="1"')
    assert not holds(tablet_frames, "own-plots")
    for frames in (tablet_frames, p1_frames):  # no other screen names his places so
        assert not holds(frames, "above V1") and not holds(frames, "under V1")
    for frames, secrets in ((tablet_frames, ("V1", "V2", "H1")), (p1_frames, ("V1", "H1")),
                            (p0_frames, ("V2",))):
        for title in secrets:
            assert not holds(frames, f"<b>{title}</b>")
            # nor a Select holding it (every title is among a Select's options, rightly)
            held = re.compile(rf'"(new|value)":\s*"{title}"')
            assert not any(held.search(frame) for frame in frames)
    for page in (tablet, p0, p1):
        page.close()
