"""The Man with the Golden Gun in a real browser: a companion room with real dice, then solo.

One page load plays both modes: the set-up section starts each new game, so the test never
depends on what other tests left in the shared database.
"""

import re

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.core.store import Store
from companion.ui.theme import TOUCH
from tests.golden_gun.helpers import solo_with_sections

pytestmark = pytest.mark.browser
WAIT = 20_000
ROOM = re.compile(r"^\d:[A-D][1-3],")


def start_new_game(page: Page, mode_label: str, mode: str) -> None:
    start = page.get_by_role("button", name="Start a new game with these choices")
    if not start.is_visible():
        page.get_by_role("button", name="New game: set-up").click()
    page.get_by_role("button", name=mode_label).click()
    start.click()
    expect(page.get_by_text(f"Started a new {mode} game.")).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("Nothing has happened yet.")).to_be_visible(timeout=WAIT)


def roll_real_dice(page: Page, first: int, second: int, verb: str) -> None:
    page.get_by_role("button", name="Enter the real dice").click()
    expect(page.get_by_role("button", name="Tap the dice above")).to_be_disabled(timeout=WAIT)
    page.get_by_role("button", name=str(first), exact=True).nth(0).click()
    page.get_by_role("button", name=str(second), exact=True).nth(1).click()
    page.get_by_role("button", name=f"{verb} with {first} + {second}").click()


def step(page: Page):
    return page.locator(".step")


def test_a_companion_room_with_real_dice_then_a_few_solo_moves(served, page: Page):
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(served.url + "/golden_gun")
    expect(page.get_by_role("button", name="New game: set-up")).to_be_visible(timeout=WAIT)
    start_new_game(page, "Companion: our own board and cards", "companion")
    expect(page.locator(".ammo")).to_have_text("Bullets: 7", timeout=WAIT)

    # Step 1: the group taps the room Bond entered on its own maze.
    page.get_by_role("button", name=re.compile(r"^1:A1,")).click()
    expect(step(page)).to_contain_text("Step 2: read the green card", timeout=WAIT)
    expect(page.get_by_text("A green card not yet seen startles Bond")).to_be_visible(timeout=WAIT)
    # Step 2: the green card's number, then its startle chance before the roll.
    page.get_by_role("button", name="7", exact=True).click()
    expect(page.get_by_text("Green card 7: Bond is startled")).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("41.7%")).to_be_visible(timeout=WAIT)
    # Step 3 with the real dice: 6 + 6 startles Bond, who fires at the top blue card.
    roll_real_dice(page, 6, 6, "Roll against the green card")
    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("rolled 6+6 = 12, more than 7: Bond is startled",
                                    timeout=WAIT)
    expect(page.locator(".ammo")).to_have_text("Bullets: 6", timeout=WAIT)
    # Step 4: the special cards cannot be on top yet, so they are not offered.
    mannequin = page.get_by_role("button", name=re.compile(r"^Mannequin \("))
    expect(mannequin).to_be_visible(timeout=WAIT)
    expect(page.get_by_role("button", name=re.compile(r"^Solex Agitator"))).to_have_count(0)
    mannequin.click()
    expect(verdict).to_contain_text("Blue card: Mannequin (Fire paragraph)", timeout=WAIT)
    expect(step(page)).to_contain_text("Step 1: move Bond", timeout=WAIT)

    # A calm room: fire or hold, each with its chance, then undo and redo.
    page.get_by_role("button", name=re.compile(r"^1:B2,")).click()
    page.get_by_role("button", name="5", exact=True).click()
    roll_real_dice(page, 1, 2, "Roll against the green card")
    expect(step(page)).to_contain_text("Step 5: fire on purpose or hold", timeout=WAIT)
    expect(page.locator(".advice")).to_contain_text("If he fires:", timeout=WAIT)
    page.get_by_role("button", name=re.compile(r"^Hold fire: .*% survives")).click()
    page.get_by_role("button", name=re.compile(r"^Mirror \(")).click()
    expect(page.locator(".log-line")).to_have_count(9, timeout=WAIT)
    page.get_by_role("button", name="↶ Undo").click()
    expect(page.locator(".log-line")).to_have_count(8, timeout=WAIT)
    page.get_by_role("button", name="↷ Redo").click()
    expect(page.locator(".log-line").first).to_contain_text("Blue card: Mirror", timeout=WAIT)

    # Solo: the tablet shuffles, lays a section, deals; Bond is moved by tapping the maze.
    start_new_game(page, "Solo: the tablet deals and draws the maze", "solo")
    logged(page, lambda: page.get_by_role("button", name=re.compile(r"^Set up: shuffle")).click())
    tappable = page.get_by_role("button", name=ROOM, disabled=False)  # rooms Bond may enter
    expect(tappable.first).to_be_visible(timeout=WAIT)
    logged(page, tappable.first.click)
    bond = page.get_by_role("button", name=re.compile(r", Bond is here$"))
    expect(bond).to_be_visible(timeout=WAIT)
    expect(verdict).to_contain_text("the green card shows", timeout=WAIT)
    page.get_by_role("button", name="App rolls").click()
    finish_the_room(page)
    expect(page.get_by_role("button", name=ROOM, disabled=False).first).to_be_visible(
        timeout=WAIT)


def _button_for(step_text: str) -> re.Pattern | str:
    if step_text.startswith("Step 5"):
        return re.compile(r"^Hold fire")
    if step_text.startswith("Read the blue card"):
        return re.compile(r"^(Turn over|Read the)")
    if step_text.startswith("Bond has lost"):
        return "Bond waits here (lost turn)"
    return re.compile(r": app rolls 2 dice$")


def logged(page: Page, tap) -> None:
    """Tap, then wait until the log has one more line."""
    lines = page.locator(".log-line")
    before = lines.count()
    page.wait_for_timeout(300)  # let the page settle: a control that moves misses the tap
    tap()
    expect(lines).to_have_count(before + 1, timeout=WAIT)


def finish_the_room(page: Page) -> None:
    """Play the rest of a solo room the simple way (app dice, hold fire) until Step 1.

    The served game's seed is random, so the room differs from run to run; the step text
    and its buttons are re-read until they agree, never tapped from a stale reading.
    """
    seen = []
    for _ in range(40):
        text = step(page).inner_text(timeout=WAIT)
        seen.append(text)
        if text.startswith("Step 1") or "game is over" in text:
            return
        button = page.get_by_role("button", name=_button_for(text), disabled=False).first
        before = page.locator(".log-line").count()
        try:
            button.click(timeout=3_000)
        except PlaywrightTimeout:
            continue  # the page was between two steps: read it again
        expect(page.locator(".log-line")).to_have_count(before + 1, timeout=WAIT)
    raise AssertionError(f"the room did not end; steps seen: {seen}")


def test_the_widest_maze_fits_both_tablet_sizes(served, page: Page):
    """Four sections in one row (16 columns) fit 768 x 1024 and 1024 x 768: every room on
    screen, at least 44 px wide and 52 px tall, none cut off at the right."""
    store = Store(served.db)
    session = solo_with_sections(store)
    rooms = len(session.state.maze.rooms)
    assert session.state.sections == 4 and rooms == 32
    store.close()
    for width, height in ((768, 1024), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{served.url}/golden_gun?session={session.id}")
        cells = page.locator(".cell[data-tap]")
        expect(cells).to_have_count(rooms, timeout=WAIT)
        boxes = [cells.nth(i).bounding_box() for i in range(rooms)]
        assert min(b["x"] for b in boxes) >= 0
        assert max(b["x"] + b["width"] for b in boxes) <= width
        assert min(b["width"] for b in boxes) >= 44, (width, min(b["width"] for b in boxes))
        assert min(b["height"] for b in boxes) >= TOUCH


def companion_with_sections(store, sections: int = 3, seed: int = 4):
    """A stored companion game (the group's own board) played by the bot, laying each new
    section as soon as the rules allow, until `sections` are on the table."""
    from companion.core.session import Session
    from companion.golden_gun import GAME, bot
    from companion.golden_gun.engine import AddSection

    session = Session(GAME, {}, seed, store=store)
    while session.state.sections < sections:
        assert not session.state.is_over, "the game ended first"
        adds = [a for a in session.state.legal_actions() if isinstance(a, AddSection)]
        session.act(adds[0] if adds else bot.choose_action(session.state))
    return session


@pytest.mark.parametrize("mode", ["solo", "companion"])
def test_on_a_phone_a_wide_maze_scrolls_sideways_its_rooms_a_fingertip_wide(
        served, browser, mode):
    """A phone drew a maze of three sections in 29 px rooms, their names cut ("3:A", a
    newcomer's play-test): every room stays at least 44 px wide, and a maze wider than
    the screen scrolls within its card, not the page."""
    from tests.ui.test_phone import PHONE

    store = Store(served.db)
    session = solo_with_sections(store, sections=3) if mode == "solo" else \
        companion_with_sections(store)
    rooms = len(session.state.maze.rooms) if mode == "solo" else 12 * 3
    store.close()
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(f"{served.url}/golden_gun?session={session.id}")
        cells = page.locator(".cell[data-tap]")
        expect(cells).to_have_count(rooms, timeout=WAIT)
        boxes = [cells.nth(i).bounding_box() for i in range(rooms)]
        assert min(b["width"] for b in boxes) >= 44, min(b["width"] for b in boxes)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the page
        # Bond's room is in the maze's view, scrolled there if it had to be.
        frame, bond = page.locator(".maze-frame").first, page.locator(".cell.gg-bond")
        inside = "([f, b]) => b.left >= f.left - 1 && b.right <= f.right + 1"
        page.wait_for_function(
            f"(els) => ({inside})(els.map((el) => el.getBoundingClientRect()))",
            arg=[frame.element_handle(), bond.element_handle()], timeout=WAIT)
        page.screenshot(path=str(served.db.parent / f"golden_gun-phone-maze-{mode}.png"))
    finally:
        context.close()
