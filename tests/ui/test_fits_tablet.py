"""Every app fits the tablet at 1024x768 and 768x1024 (issue 17): no button whose text is
wider than the button, nothing wider than the screen, no request leaving the server; on
the first screen, with every card opened, and again after a few actions."""

from __future__ import annotations

import re
from collections.abc import Callable

import panel as pn
import pytest
from playwright.sync_api import Page, expect

from companion.core.store import Store
from tests.conftest import free_port
from tests.ui.fits import SECTION, open_every_fold, problems, watch_requests

pytestmark = pytest.mark.browser
WAIT = 20_000
SIZES = {"landscape": (1024, 768), "portrait": (768, 1024)}


def roll_real_dice(page: Page, verb: str) -> None:
    page.get_by_role("button", name="Enter the real dice").click()
    page.get_by_role("button", name="3", exact=True).nth(0).click()
    page.get_by_role("button", name="4", exact=True).nth(1).click()
    page.get_by_role("button", name=f"{verb} with 3 + 4").click()


def play_index(page: Page, served) -> None:
    page.get_by_placeholder("ab12-cd34").fill("zz99-zz99")
    page.get_by_role("button", name="Find the game").click()
    expect(page.get_by_text("No game has that code")).to_be_visible(timeout=WAIT)


def play_dice_lab(page: Page, served) -> None:
    roll_real_dice(page, "Roll")
    expect(page.locator(".verdict")).to_contain_text("rolled 3+4 = 7", timeout=WAIT)


def play_golden_gun(page: Page, served) -> None:
    page.get_by_role("button", name="Solo: the tablet deals and draws the maze").click()
    page.get_by_role("button", name="Start a new game with these choices").click()
    expect(page.get_by_text("Started a new solo game.")).to_be_visible(timeout=WAIT)
    page.get_by_role("button", name=re.compile(r"^Set up: shuffle")).click()
    room = page.get_by_role("button", name=re.compile(r"^\d:[A-D][1-3],"), disabled=False)
    room.first.click()
    bond = page.get_by_role("button", name=re.compile(r", Bond is here$"))
    expect(bond).to_be_visible(timeout=WAIT)


def play_license_to_kill(page: Page, served) -> None:
    from tests.license_to_kill.test_app import set_up

    for i, name in enumerate(["Ann", "Bob"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start a new game with these players").click()
    expect(page.locator(".status")).to_contain_text("Setting up: Ann next", timeout=WAIT)
    set_up(page, "Ann", "Avenge Felix Leiter (PV 6, CV 6)", "Goldfinger",
           "Sample Bond 2 (PV 5, CV 5)")
    set_up(page, "Bob", "Sample Mission 6 (PV 4, CV 5)", "Sample Villain 1",
           "The Navy Hero (PV 6, CV 4)")
    page.get_by_role("button", name="Done: go to Develop Plot Zone").click()
    expect(page.locator(".status")).to_contain_text("Develop Plot Zone", timeout=WAIT)


def play_mb007_tiles(page: Page, served) -> None:
    from tests.mb007_tiles.test_app import fifteen_tiles_placed

    store = Store(served.db)
    session = fifteen_tiles_placed(store)
    store.close()
    page.goto(f"{served.url}/mb007_tiles?session={session.id}")
    page.get_by_role("button", name="Draw a tile for Black").click()
    page.get_by_role("button", name="window d4").click()
    expect(page.locator(".log-line").first).to_contain_text("in d4", timeout=WAIT)
    page.get_by_role("button", name="I am Red: show my letters").click()
    expect(page.get_by_role("button", name=re.compile(r"^N( ·|$)"))).to_be_visible(timeout=WAIT)


def play_mb007_cards(page: Page, served) -> None:
    """A new two-player game and its deal (whoever the bots are: the page's own settings)."""
    page.get_by_role("button", name="2", exact=True).click()
    page.get_by_role("button", name="Start a new game with these settings").click()
    expect(page.get_by_text("Nothing has happened yet.")).to_be_visible(timeout=WAIT)
    expect(page.locator(".t-seat:not(.replay-table .t-seat)")).to_have_count(2, timeout=WAIT)
    page.get_by_role("button", name="Deal the cards").click()
    expect(page.locator(".log-line").last).to_contain_text("1. ", timeout=WAIT)  # the deal


def play_golden_goal(page: Page, served) -> None:
    """A new match, the ten players placed by tapping the field, the kickoff with the real
    dice and its kick, then blue's roll and a move planned and played: orange to roll, the
    die and the odds on screen."""
    from companion.golden_goal.actions import Kick, Place, Roll, RollOff, Toss
    from companion.golden_goal.engine import new_state
    from tests.golden_goal.test_app import SETUP, name, real_dice, tap

    # The review, opened with every fold, draws its own odds hint for the replay's position.
    match = page.get_by_role("region", name="Match", exact=True)
    page.get_by_role("button", name="Start a new match with these settings").click()
    page.get_by_role("button", name="Orange places first").click()
    state = new_state({}).apply(Toss("orange"))
    for player, square in SETUP:
        tap(page, square)
        state = state.apply(Place(player, square))
        expect(page.locator(".log-line").first).to_contain_text(
            f"{player} placed on {name(square)}", timeout=WAIT)
    real_dice(page, (5, 2), "Kickoff roll")
    expect(page.locator(".verdict")).to_contain_text("orange wins the kickoff", timeout=WAIT)
    state = state.apply(RollOff((5, 2)))
    kick = next(k for k in state.legal_actions()
                if isinstance(k, Kick) and state.apply(k).ball == (3, 4))
    tap(page, (3, 4))
    page.get_by_role("button", name="Play it").click()
    expect(match.locator(".odds-hint")).to_contain_text("blue", timeout=WAIT)
    state = state.apply(kick).apply(Roll((2,)))
    real_dice(page, (2,), "Roll")
    outcome = next(o for o in state.legal_turns(2)
                   if o.play.player == "blue 1" and not o.play.kicks)
    tap(page, state.where["blue 1"])
    tap(page, outcome.square)
    expect(page.locator(".plan")).to_contain_text(f"to {name(outcome.square)}", timeout=WAIT)
    page.get_by_role("button", name="Play it").click()
    expect(match.locator(".odds-hint")).to_contain_text("orange", timeout=WAIT)


def play_goldfinger(page: Page, served) -> None:
    """A new map-mode game for two: the Enemy bot places the cards, Bond is placed by a tap
    on the map, his movement is rolled with the real dice and he moves one Space."""
    from tests.goldfinger.test_app import real_dice, tap_space

    page.get_by_role("button", name="New game").click()  # Saved games is open
    expect(page.get_by_text("Started a new game.")).to_be_visible(timeout=WAIT)
    page.get_by_role("button", name="Map: the app knows the board").click()
    page.get_by_role("button", name="Two players").click()  # a new game keeps the last's
    expect(page.get_by_role("button", name="Let the Enemy bot place them")).to_be_visible(
        timeout=WAIT)
    expect(page.get_by_text("Set-up: place the cards", exact=True)).to_be_visible(timeout=WAIT)
    page.get_by_role("button", name="Let the Enemy bot place them").click()
    expect(page.locator(".verdict")).to_contain_text("places the five cards", timeout=WAIT)
    tap_space(page, "x5y4")
    page.get_by_role("button", name="Place Bond in x5y4 facing x6y4").click()
    expect(page.locator(".verdict")).to_contain_text("Turn 1 begins", timeout=WAIT)
    real_dice(page, 3, 4, "Roll movement for Bond")
    expect(page.locator(".verdict")).to_contain_text("rolls 3+4 = 7 for movement", timeout=WAIT)
    tap_space(page, "x6y4")
    expect(page.locator(".verdict")).to_contain_text("Bond moves to x6y4", timeout=WAIT)


# A few actions per app, after the first screen has been checked with every card open.
ACTIONS: dict[str, Callable[[Page, object], None] | None] = {
    "": play_index,
    "dice_lab": play_dice_lab,
    "golden_gun": play_golden_gun,
    "license_to_kill": play_license_to_kill,
    "mb007_tiles": play_mb007_tiles,
    "mb007_cards": play_mb007_cards,
    "goldfinger": play_goldfinger,
    "golden_goal": play_golden_goal,
}


def settled(page: Page) -> None:
    """Wait until the page has stopped laying itself out."""
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(600)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("app", list(ACTIONS), ids=lambda app: app or "index")
def test_every_screen_fits_the_tablet(served, page: Page, app: str, size: str):
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    outside = watch_requests(page, served.url)
    page.goto(f"{served.url}/{app}")
    expect(page.locator(f"{SECTION}:visible").first).to_be_visible(timeout=WAIT)
    settled(page)
    assert problems(page, outside) == [], "first screen"
    open_every_fold(page)
    settled(page)
    assert problems(page, outside) == [], "every card open"
    folds = page.get_by_role("button", name=re.compile(r"^[▸▾] ")).all()
    assert all(fold.bounding_box()["height"] >= 44 for fold in folds if fold.is_visible())
    if app:
        home = page.get_by_role("link", name="⌂ All games")
        box = home.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
    if ACTIONS[app] is not None:
        ACTIONS[app](page, served)
        open_every_fold(page)
        settled(page)
        assert problems(page, outside) == [], "after a few actions"


def test_the_way_back_to_the_index_is_one_tap(served, page: Page):
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(f"{served.url}/dice_lab?session=unknown")
    page.get_by_role("link", name="⌂ All games").click()
    expect(page.get_by_role("link", name="Open Dice Lab")).to_be_visible(timeout=WAIT)
    assert page.url.rstrip("/") == served.url
    link = page.get_by_role("link", name="Open Dice Lab").bounding_box()
    assert link is not None and link["height"] >= 44


def test_the_dark_page_is_one_tap_and_keeps_the_game(served, page: Page):
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(f"{served.url}/dice_lab")
    page.wait_for_function("() => location.search.includes('session=')", timeout=WAIT)
    game = page.url
    page.get_by_role("button", name="Dark page").click()
    expect(page.get_by_role("button", name="Light page")).to_be_visible(timeout=WAIT)
    assert "theme=dark" in page.url and game.split("session=")[1] in page.url
    dark = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert dark == "rgb(24, 24, 24)"
    page.get_by_role("button", name="Light page").click()
    expect(page.get_by_role("button", name="Dark page")).to_be_visible(timeout=WAIT)
    assert "theme=default" in page.url


@pytest.fixture(scope="module")
def misfit_page_url():
    """A page with each kind of misfit, to show the check finds them."""
    def build():
        return pn.Column(
            pn.widgets.Button(label="a label far too long for its eighty pixels", width=80),
            pn.Column(pn.widgets.RadioButtonGroup(options=["a choice far too long to fit",
                                                           "another"],
                                                  sizing_mode="stretch_width"), width=200),
            pn.pane.HTML('<div style="width:1600px">a line wider than any tablet</div>'
                         '<img src="http://example.invalid/font.png" alt="">'),
        )
    port = free_port()
    server = pn.serve(build, port=port, threaded=True, show=False, address="127.0.0.1",
                      websocket_origin=[f"127.0.0.1:{port}"])
    yield f"http://127.0.0.1:{port}"
    server.stop()


def test_the_check_finds_each_kind_of_misfit(misfit_page_url, page: Page):
    page.set_viewport_size({"width": 768, "height": 1024})
    outside = watch_requests(page, misfit_page_url)
    page.goto(misfit_page_url)
    expect(page.get_by_text("a line wider than any tablet")).to_be_attached(timeout=WAIT)
    settled(page)
    found = "\n".join(problems(page, outside))
    assert 'button "a label far too long for its eighty pixels" is ' in found
    assert 'button "another" is' in found  # pushed out of its group's place
    assert "a line wider than any tablet" in found
    assert "the page scrolls sideways" in found
    assert "a request left the server: http://example.invalid/font.png" in found


@pytest.fixture(scope="module")
def kit_page_url():
    """The kit's button and choice with labels too long for their place."""
    from companion.ui.theme import button, choice

    def build():
        return pn.Column(
            pn.Row(button("Orange places first", sizing_mode="stretch_width"),
                   button("Blue places first", sizing_mode="stretch_width"), width=300),
            pn.Column(choice(["Companion: our own board and cards",
                              "Solo: the tablet deals and draws the maze"],
                             "Solo: the tablet deals and draws the maze",
                             sizing_mode="stretch_width"), width=320),
        )
    port = free_port()
    server = pn.serve(build, port=port, threaded=True, show=False, address="127.0.0.1",
                      websocket_origin=[f"127.0.0.1:{port}"])
    yield f"http://127.0.0.1:{port}"
    server.stop()


def test_kit_buttons_and_choices_wrap_instead_of_overflowing(kit_page_url, page: Page):
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(kit_page_url)
    expect(page.get_by_role("button", name="Blue places first")).to_be_visible(timeout=WAIT)
    settled(page)
    assert problems(page) == []


def test_the_last_row_of_sections_is_as_wide_as_the_others(served, page: Page):
    """The front page's last row ended 36 px short of the rows above it: Panel's unused
    "scroll to the end" button, after the sections, took its place in that row."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{served.url}/")
    expect(page.locator(".companion-section").first).to_be_visible(timeout=WAIT)
    settled(page)
    widths = [round(s.bounding_box()["width"]) for s in page.locator(".companion-section").all()]
    assert len(widths) == 8 and len(set(widths)) == 1, widths  # two of the same to a row
