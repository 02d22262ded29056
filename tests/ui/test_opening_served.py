"""A long saved game opened in a served page: the page says it is opening, the other
tables go on, and the game fills in (`companion.ui.opening`)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion.core.seats import TABLET, Holder
from companion.core.store import SessionRecord, Store
from companion.dice_lab import GAME
from companion.dice_lab.engine import Check

pytestmark = pytest.mark.browser

CHECKS = 20_000
WAIT = 60_000  # ms


def test_a_long_game_opens_in_its_page_while_another_table_plays(served, browser):
    store = Store(served.db)
    try:  # held by another device's tablet: no other test's page opens it as its latest
        store.create(SessionRecord(
            id="opening20000", game=GAME.name, game_version=GAME.version, name="long",
            options={}, seed=1, cursor=CHECKS, holders={TABLET: Holder(0, "elsewhere")},
            actions=tuple(GAME.action_to_json(Check(2, 7, dice=(i % 6 + 1, 3)))
                          for i in range(CHECKS))))
    finally:
        store.close()
    other: Page = browser.new_page()
    other.goto(served.url + "/dice_lab")
    roll = other.get_by_role("button", name="Roll: app rolls 2 dice")
    roll.wait_for(timeout=WAIT)
    opening: Page = browser.new_page()
    opening.goto(served.url + "/dice_lab?session=opening20000")
    expect(opening.get_by_text("Opening this game (20,000 actions)...")).to_be_visible(
        timeout=WAIT)
    roll.click()
    expect(other.get_by_text(re.compile(r"^1\. 2 dice, at most 7"))).to_be_visible(
        timeout=WAIT)
    expect(opening.get_by_text(re.compile(r"^20000\. 2 dice, at most 7"))).to_be_visible(
        timeout=WAIT)
    expect(opening.get_by_text("Opening this game")).to_have_count(0)
    expect(opening.get_by_role("button", name="Roll: app rolls 2 dice")).to_have_count(0)
    expect(opening.get_by_text(re.compile("This device watches the table"))).to_be_visible()
