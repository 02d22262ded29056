"""Everyone can play (phones and screen readers): axe-core, the accessibility engine most
web teams test with, finds nothing on any page: as it opens, with every section opened,
and after a few actions, on the tablet and on a phone (mobile emulation). Before: 59
problems across the eight pages (no main landmark, content outside landmarks, heading
levels that skip, an unlabelled file field)."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from companion.core.store import Store
from tests.ui.fits import SECTION, open_every_fold
from tests.ui.test_fits_tablet import ACTIONS, settled
from tests.ui.test_phone import PHONE

pytestmark = pytest.mark.browser
WAIT = 20_000
AXE = Axe()


def violations(page: Page) -> list[str]:
    """Every problem axe-core finds on the page as it is now, one line each."""
    found = AXE.run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {node['target']} {node['html'][:120]}"
            for v in found for node in v["nodes"]]


def checked(page: Page, served, app: str, play) -> dict[str, list[str]]:
    page.goto(f"{served.url}/{app}")
    expect(page.locator(f"{SECTION}:visible").first).to_be_visible(timeout=WAIT)
    settled(page)
    found = {"as it opens": violations(page)}
    open_every_fold(page)
    settled(page)
    found["every section open"] = violations(page)
    if play is not None:
        play(page, served)
        settled(page)
        found["after a few actions"] = violations(page)
    return {when: problems for when, problems in found.items() if problems}


@pytest.mark.parametrize("app", list(ACTIONS), ids=lambda app: app or "index")
def test_axe_finds_nothing_on_the_tablet(served, page: Page, app: str):
    page.set_viewport_size({"width": 1024, "height": 768})
    assert checked(page, served, app, ACTIONS[app]) == {}


@pytest.mark.parametrize("app", list(ACTIONS), ids=lambda app: app or "index")
def test_axe_finds_nothing_on_a_phone(served, browser, app: str):
    context = browser.new_context(**PHONE)
    try:
        assert checked(context.new_page(), served, app, None) == {}
    finally:
        context.close()


def deep_focus(page: Page) -> str:
    """The label of the element that has the focus, inside shadow roots too."""
    return page.evaluate("""() => {
        let active = document.activeElement;
        while (active && active.shadowRoot && active.shadowRoot.activeElement) {
            active = active.shadowRoot.activeElement;
        }
        return active ? (active.getAttribute('aria-label') || active.textContent || '')
                        + ' <' + active.tagName + '>' : '';
    }""")


def test_the_keyboard_keeps_its_place_after_a_button_goes(served, page: Page):
    """A keyboard player presses Draw; the redraw takes the Draw button away and puts the
    windows in its place: the focus moves to the first of them, not back to the page
    (before: the next control was ten Tab presses away)."""
    from tests.mb007_tiles.test_app import fifteen_tiles_placed

    store = Store(served.db)
    session = fifteen_tiles_placed(store)
    store.close()
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{served.url}/mb007_tiles?session={session.id}")
    draw = page.get_by_role("button", name="Draw a tile for Black")
    draw.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="window d4")).to_be_visible(timeout=WAIT)
    page.wait_for_timeout(300)
    assert deep_focus(page) == "window d4 <rect>"
    page.keyboard.press("Enter")  # places the tile where the focus is
    expect(page.locator(".log-line").first).to_contain_text("in d4", timeout=WAIT)
    page.wait_for_timeout(300)
    assert deep_focus(page).endswith("<BUTTON>")


def test_a_whole_tile_round_is_played_with_the_enter_key_alone(served, page: Page):
    """The last tile drawn and placed, each team's letter chosen behind its cover, the
    letters revealed and the next tile drawn and placed: every step is Enter on the control
    the focus moved to after the step before (no Tab, no mouse)."""
    from tests.mb007_tiles.test_app import fifteen_tiles_placed

    store = Store(served.db)
    session = fifteen_tiles_placed(store)
    store.close()
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{served.url}/mb007_tiles?session={session.id}")
    page.get_by_role("button", name="Draw a tile for Black").focus()
    steps = [("window d4 <rect>", "Black drew"), ("I am Red: show my letters", "in d4"),
             ("B · ", "in d4"), ("I am Black: show my letters", "Red has chosen"),
             ("B · ", "Red has chosen"), ("Reveal the letters", "Black has chosen"),
             ("Draw a tile for Red", "Round 1 revealed"), ("window a4 <rect>", "Red drew")]
    for focus, logged in steps:
        page.keyboard.press("Enter")
        expect(page.locator(".log-line").first).to_contain_text(logged, timeout=WAIT)
        page.wait_for_timeout(300)
        assert deep_focus(page).startswith(focus)
    page.keyboard.press("Enter")
    expect(page.locator(".log-line").first).to_contain_text("in a4", timeout=WAIT)


@pytest.mark.parametrize("app", list(ACTIONS), ids=lambda app: app or "index")
def test_axe_finds_nothing_on_the_dark_page(served, page: Page, app: str):
    """The dark page too (its own colours: contrast is checked again)."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{served.url}/{app}?theme=dark")
    expect(page.locator(f"{SECTION}:visible").first).to_be_visible(timeout=WAIT)
    settled(page)
    open_every_fold(page)
    settled(page)
    assert violations(page) == []


def test_every_section_is_a_heading_and_a_region_a_screen_reader_lists(served, page: Page):
    """A screen reader's list of headings and of landmarks names each section of the page
    by its title: the headings are real h2 elements (a fold's is read, not shown: its
    toggle shows the title), each section a region named by its title."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{served.url}/mb007_tiles")
    expect(page.locator(f"{SECTION}:visible").first).to_be_visible(timeout=WAIT)
    regions = page.get_by_role("region")
    expect(regions.first).to_be_visible(timeout=WAIT)
    names = regions.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert len(names) == page.locator(SECTION).count() and all(names), names
    headings = page.get_by_role("heading", level=2).all_text_contents()
    assert headings == names, (headings, names)
    expect(page.get_by_role("region", name="Log")).to_be_visible()
    expect(page.get_by_role("heading", name="Log", level=2)).to_be_visible()


def test_a_golden_goal_match_is_played_with_the_enter_key_alone(served, page: Page):
    """The toss, all ten players placed, the kickoff roll and kick, then a roll and a move
    planned and played: every step is Enter on the control the focus moved to after the
    step before (the first square to tap, the die, Play it), never the page itself."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{served.url}/golden_goal")
    new_match = page.get_by_role("button", name="Start a new match with these settings")
    toss = page.get_by_role("button", name="Orange places first")
    expect(new_match.or_(toss).first).to_be_visible(timeout=WAIT)
    if not toss.is_visible():
        new_match.click()
    toss.focus()
    log = page.locator(".log-line").first
    moved = re.compile(r"\d+\. (orange|blue) rolled \d: .* moves")
    for _ in range(40):
        page.keyboard.press("Enter")
        page.wait_for_timeout(400)
        assert not deep_focus(page).endswith("<BODY>"), log.text_content()
        if moved.search(log.text_content() or ""):
            break
    expect(log).to_contain_text(moved)
