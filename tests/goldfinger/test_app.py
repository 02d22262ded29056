"""Goldfinger in a real browser: tracker mode with real dice, then a move tapped on the map."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser
WAIT = 20_000


def new_game(page: Page, mode: str) -> None:
    """A fresh game from Saved games, then the set-up choice of mode."""
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name="New game").click()
    expect(page.get_by_text("Started a new game.")).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("Nothing has happened yet.")).to_be_visible(timeout=WAIT)
    page.get_by_role("button", name=mode).click()
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


def tap_space(page: Page, x: int, y: int) -> None:
    """Tap the map where Space (x, y) of the sample board is drawn (x -0.7..9.7, y -0.7..10.9)."""
    canvas = page.locator("canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    page.mouse.click(box["x"] + (x + 0.7) / 10.4 * box["width"],
                     box["y"] + (y + 0.7) / 11.6 * box["height"])


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
    page.goto(served.url + "/goldfinger")
    new_game(page, "Map: sample board")
    page.get_by_role("button", name="I play Bond (Enemy bot)").click()
    expect(page.locator(".bot-report")).to_contain_text("places the five cards", timeout=WAIT)
    tap_space(page, 5, 4)
    page.get_by_role("button", name="Place Bond in x5y4 facing x6y4").click()
    expect(page.locator(".verdict")).to_contain_text("Turn 1 begins", timeout=WAIT)
    page.get_by_role("button", name="Roll movement for Bond: app rolls 2 dice").click()
    expect(page.locator(".verdict")).to_contain_text("for movement", timeout=WAIT)
    expect(page.locator(".danger")).to_contain_text("Expected hits on Bond")
    tap_space(page, 6, 4)
    expect(page.locator(".verdict")).to_contain_text("Bond moves to x6y4", timeout=WAIT)
    expect(page.locator(".tracker")).to_contain_text("in x6y4")
    page.get_by_role("button", name="End Bond's move").click()
    expect(page.locator(".bot-report")).to_contain_text("Car", timeout=WAIT)
