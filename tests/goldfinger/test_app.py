"""Goldfinger in a real browser: tracker mode with real dice, a move tapped on the map, and a
group's own board file."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion.goldfinger.board import SAMPLE_MAP

pytestmark = pytest.mark.browser
WAIT = 20_000


def new_game(page: Page, mode: str) -> None:
    """A fresh game from Saved games, then the set-up choice of mode."""
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name="New game").click()
    expect(page.get_by_text("Started a new game.")).to_be_visible(timeout=WAIT)
    page.get_by_role("button", name=mode).click()
    # The set-up's buttons show a choice once the game has taken it (a restart, when the
    # mode changes): a tap before that is on the old game's buttons.
    expect(page.get_by_role("button", name=mode, pressed=True)).to_be_visible(timeout=WAIT)
    if mode.startswith("Map"):  # a new game keeps the last one's players: start from two
        page.get_by_role("button", name="Two players").click()
    expect(page.get_by_text("Nothing has happened yet.")).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("Set-up: place the cards", exact=True)).to_be_visible(timeout=WAIT)


def real_dice(page: Page, first: int, second: int, verb: str) -> None:
    """Enter the real dice for the action the pad names (switching modes shows it is ready)."""
    page.get_by_role("button", name="App rolls", exact=True).click()
    expect(page.get_by_role("button", name=f"{verb}: app rolls 2 dice")).to_be_enabled(
        timeout=WAIT)
    page.get_by_role("button", name="Enter the real dice").click()
    expect(page.get_by_role("button", name="Tap the dice above")).to_be_disabled(timeout=WAIT)
    page.get_by_role("button", name=str(first), exact=True).nth(0).click()
    page.get_by_role("button", name=str(second), exact=True).nth(1).click()
    page.get_by_role("button", name=f"{verb} with {first} + {second}").click()


def tap_space(page: Page, space: str) -> None:
    """Tap a Space on the SVG map: its disc in the mat, or the green ring over it."""
    page.locator(f'[data-tap="{space}"]').last.click()  # the ring is drawn last


def bond_placed_against_the_enemy_bot(page: Page, served) -> None:
    """A new map game in which the Enemy bot places its cards and Bond is placed on x5y4."""
    page.goto(served.url + "/goldfinger")
    new_game(page, "Map: the app knows the board")
    page.get_by_role("button", name="I play Bond (Enemy bot)").click()
    expect(page.locator(".bot-report")).to_contain_text("places the five cards", timeout=WAIT)
    tap_space(page, "x5y4")
    page.get_by_role("button", name="Place Bond in x5y4 facing x6y4").click()


def test_tracker_mode_with_real_dice_odds_before_and_result_after(served, page: Page):
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(served.url + "/goldfinger")
    new_game(page, "Tracker: no map")
    page.get_by_role("button", name="The five cards are placed").click()
    page.get_by_role("button", name="Bond is placed: start turn 1").click()
    expect(page.get_by_text("each with chance 1 in 6")).to_be_visible(timeout=WAIT)
    real_dice(page, 3, 4, "Roll movement for Bond")
    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("rolls 3+4 = 7 for movement: up to 9 spaces", timeout=WAIT)

    page.get_by_role("button", name="Move 3", exact=True).click()
    expect(verdict).to_contain_text("Bond moves 3 spaces (6 left)", timeout=WAIT)
    page.get_by_role("button", name="+", exact=True).click()  # Spaces between: 1
    expect(page.get_by_text("Fire · 2.8% (+4 guard, +1 distance)")).to_be_visible(timeout=WAIT)
    page.get_by_role("button", name="Fire at car B", exact=True).click()
    expect(page.locator(".armed")).to_contain_text("+4 guard, +1 distance", timeout=WAIT)
    real_dice(page, 1, 1, "Fire at car B")
    expect(verdict).to_contain_text("Success.", timeout=WAIT)
    expect(verdict).to_contain_text("Car B has 1 of 3 hits")
    expect(page.locator(".tracker")).to_contain_text("1 of 3 hits")
    expect(page.locator(".log-line")).to_have_count(5)

    page.get_by_role("button", name="↶ Undo").click()
    expect(page.locator(".log-line")).to_have_count(4, timeout=WAIT)
    expect(page.locator(".tracker")).not_to_contain_text("1 of 3 hits")


def test_map_mode_against_the_enemy_bot_with_a_move_tapped_on_the_map(served, page: Page):
    page.set_viewport_size({"width": 1024, "height": 768})
    bond_placed_against_the_enemy_bot(page, served)
    expect(page.locator(".verdict")).to_contain_text("Turn 1 begins", timeout=WAIT)
    page.get_by_role("button", name="Roll movement for Bond: app rolls 2 dice").click()
    expect(page.locator(".verdict")).to_contain_text("for movement", timeout=WAIT)
    expect(page.locator(".danger")).to_contain_text("Expected hits on Bond")
    tap_space(page, "x6y4")
    expect(page.locator(".verdict")).to_contain_text("Bond moves to x6y4", timeout=WAIT)
    expect(page.locator(".tracker")).to_contain_text("in x6y4")
    # The green-ringed Spaces are buttons drawn over the map: a keyboard reaches them too.
    ahead = page.get_by_role("button", name=re.compile(r"^x7y4\b"))
    expect(ahead).to_have_attribute("data-tap", "x7y4", timeout=WAIT)
    ahead.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".verdict")).to_contain_text("x7y4", timeout=WAIT)
    page.get_by_role("button", name="↶ Undo").click()
    expect(page.locator(".tracker")).to_contain_text("in x6y4", timeout=WAIT)
    page.get_by_role("button", name="End Bond's move").click()
    expect(page.locator(".bot-report")).to_contain_text("Car", timeout=WAIT)
    # The bot-games estimate comes from the worker process, while the page stays usable.
    page.get_by_role("button", name="Estimate Bond's chance (bot games)").click()
    expect(page.get_by_text(re.compile("of 100 bot games from here"))).to_be_visible(
        timeout=120_000)


def test_a_group_loads_its_own_board_file(served, page: Page):
    """Map-mode set-up: a malformed board file is refused in words; the sample board's
    file, downloaded from the page (the set-up named a Python module as its format) and
    changed, is loaded and played."""
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(served.url + "/goldfinger")
    new_game(page, "Map: the app knows the board")
    expect(page.get_by_text("board.py")).to_have_count(0)
    upload = page.locator("input[type=file][accept*=yaml]")
    upload.set_input_files(files=[{"name": "broken.json", "mimeType": "application/json",
                                   "buffer": b'{"name": "ours", "spaces": ['}])
    expect(page.get_by_text("broken.json: not valid JSON")).to_be_visible(timeout=WAIT)
    with page.expect_download() as download:
        page.get_by_text("Download the sample board's file").click()
    data = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert data == json.loads(SAMPLE_MAP.read_text(encoding="utf-8"))
    good = json.dumps({**data, "name": "Our own board"}).encode()
    upload.set_input_files(files=[{"name": "ours.json", "mimeType": "application/json",
                                   "buffer": good}])
    expect(page.get_by_text("Loaded Our own board (72 spaces) from ours.json")).to_be_visible(
        timeout=WAIT)
    expect(page.locator(".tracker")).to_contain_text("map mode (Our own board)")
    expect(page.get_by_text("broken.json: not valid JSON")).to_be_hidden()


def _on_screen(page: Page, locator, height: int) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (768, 1024)])
def test_the_chosen_actions_odds_and_roll_are_on_screen_together(served, page: Page,
                                                                 width, height):
    """Issue 17: choosing "Force car C" low in the action list shows its odds and the roll
    button on screen with it, without scrolling, in both orientations; the page still fits
    (no text wider than its button, nothing past the screen's edge)."""
    from tests.ui.fits import problems

    page.set_viewport_size({"width": width, "height": height})
    page.goto(served.url + "/goldfinger")
    new_game(page, "Tracker: no map")
    page.get_by_role("button", name="The five cards are placed").click()
    page.get_by_role("button", name="Bond is placed: start turn 1").click()
    real_dice(page, 3, 4, "Roll movement for Bond")
    expect(page.locator(".verdict")).to_contain_text("up to 9 spaces", timeout=WAIT)
    page.get_by_role("button", name="App rolls", exact=True).click()
    force = page.get_by_role("button", name="Force car C", exact=True)
    force.click()
    odds = page.locator(".armed")
    expect(odds).to_contain_text("Force car C", timeout=WAIT)
    roll = page.get_by_role("button", name="Force car C: app rolls 2 dice")
    expect(roll).to_be_enabled(timeout=WAIT)
    assert _on_screen(page, force, height) and _on_screen(page, odds, height)
    assert _on_screen(page, roll, height)
    assert problems(page) == []
    roll.click()
    expect(page.locator(".verdict")).to_contain_text("tries to Force Car C", timeout=WAIT)
    assert problems(page) == []
    # The roll's result is on screen where the roll was made, whether the list stays long
    # (a success) or shrinks under the page (a failure loses Bond the rest of his turn:
    # the page was left showing the log, a newcomer's play-test).
    result = page.locator(".last-roll")
    expect(result).to_contain_text("Last roll: ", timeout=WAIT)
    expect(result).to_contain_text("tries to Force Car C")
    page.wait_for_function("() => new Promise(done => requestAnimationFrame(() => "
                           "requestAnimationFrame(() => done(true))))")
    assert _on_screen(page, result, height)


def test_in_portrait_the_map_is_above_the_action_list(served, page: Page):
    """Issue 17: in portrait the map comes first, not 1,000 px down."""
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(served.url + "/goldfinger")
    new_game(page, "Map: the app knows the board")
    page.get_by_role("button", name="Let the Enemy bot place them").click()
    tap_space(page, "x5y4")
    page.get_by_role("button", name="Place Bond in x5y4 facing x6y4").click()
    expect(page.locator(".verdict")).to_contain_text("Turn 1 begins", timeout=WAIT)
    game_map = page.locator("svg.gf-map").bounding_box()
    actions = page.get_by_text("What you can do now").bounding_box()
    assert game_map["y"] < actions["y"] and game_map["y"] < 200


@pytest.mark.parametrize("size", [(1024, 768), (768, 1024)], ids=["landscape", "portrait"])
def test_at_a_map_game_s_set_up_play_and_the_map_come_before_the_set_up_card(
        served, page: Page, size):
    """The cards and Bond are placed by tapping the map, told in Play: the set-up card
    before them put Play below the map in landscape and 2,000 px down in portrait (a
    newcomer's play-test). In map mode it comes after both; in tracker mode it leads."""
    page.set_viewport_size(dict(zip(("width", "height"), size, strict=True)))
    page.goto(served.url + "/goldfinger")
    new_game(page, "Map: the app knows the board")
    expect(page.get_by_role("button", name="Let the Enemy bot place them")).to_be_visible(
        timeout=WAIT)
    page.evaluate("window.scrollTo(0, 0)")
    play, game_map, setup = (page.get_by_role("heading", name=name, level=2).bounding_box()
                             for name in ("Play", "Map", "Game set-up"))
    assert setup["y"] > max(play["y"], game_map["y"]) + 600  # after the map's height
    # The map at the top (beside Play in landscape, Play right after it in portrait).
    assert game_map["y"] < 200 and play["y"] < game_map["y"] + 1100
    page.get_by_role("button", name="Tracker: no map").click()
    expect(page.get_by_role("heading", name="Map", level=2)).to_be_hidden(timeout=WAIT)
    setup = page.get_by_role("heading", name="Game set-up", level=2).bounding_box()
    assert setup["y"] <= page.get_by_role("heading", name="Play", level=2).bounding_box()["y"]


def test_the_review_of_a_map_game_says_it_is_an_estimate(served, page: Page):
    """Issue 35: a map game against the Enemy bot, Bond's first turn played, then the
    Review section: both sides' books in Bond's chance to win, said to be an estimate
    with its error, worked out in the worker, and the dice."""
    page.set_viewport_size({"width": 1024, "height": 768})
    bond_placed_against_the_enemy_bot(page, served)
    page.get_by_role("button", name="Roll movement for Bond: app rolls 2 dice").click()
    expect(page.locator(".verdict")).to_contain_text("for movement", timeout=WAIT)
    page.get_by_role("button", name="End Bond's move").click()
    expect(page.locator(".bot-report")).to_contain_text("Car", timeout=WAIT)
    page.get_by_role("button", name="▸ Review: luck, skill and the dice").click()
    expect(page.locator(".review-name")).to_contain_text(
        "each side's chance to win, an estimate", timeout=60_000)
    expect(page.locator(".review-name")).to_contain_text("±10 percentage points")
    expect(page.locator(".review-sides")).to_contain_text("Bond:")
    expect(page.locator(".review-sides")).to_contain_text("Enemy:")
    expect(page.get_by_text("These figures are an estimate")).to_be_visible()
    expect(page.locator(".review-dice")).to_be_visible()


def test_a_portrait_tablet_puts_the_map_first_under_the_header_and_a_phone_its_own_side(
        served, page: Page, browser):
    """On a portrait tablet the Map comes before the play column (issue 17), but never
    above the page's title; on a side's own phone his own view and choices come first."""
    from companion.core.session import Session
    from companion.core.store import Store
    from companion.goldfinger import GAME
    from companion.ui.share_view import join_links
    from tests.ui.test_phone import PHONE

    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(f"{served.url}/goldfinger")
    title = page.get_by_role("heading", name="007 Goldfinger", level=1)
    expect(title).to_be_visible(timeout=WAIT)
    store = Store(served.db)
    session = Session(GAME, {"map": "sample"}, seed=8, store=store)
    enemy = dict(join_links(session, f"{served.url}/goldfinger", ["Bond", "Enemy"]))[
        "Enemy's own phone"]
    store.close()
    tablet = page.context.new_page()  # the game's tablet, in portrait
    tablet.set_viewport_size({"width": 768, "height": 1024})
    tablet.goto(f"{served.url}/goldfinger?session={session.id}")
    map_heading = tablet.get_by_role("heading", name="Map", level=2)
    expect(map_heading).to_be_visible(timeout=WAIT)
    top = tablet.get_by_role("heading", name="007 Goldfinger", level=1).bounding_box()["y"]
    assert top < map_heading.bounding_box()["y"] < \
        tablet.get_by_role("heading", name="Play", level=2).bounding_box()["y"]
    context = browser.new_context(**PHONE)
    try:
        phone = context.new_page()
        phone.goto(enemy)
        own = phone.get_by_role("heading", name="Your side (only this phone)", level=2)
        expect(own).to_be_visible(timeout=WAIT)
        assert own.bounding_box()["y"] < \
            phone.get_by_role("heading", name="Map", level=2).bounding_box()["y"]
    finally:
        context.close()
