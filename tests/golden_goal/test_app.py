"""Golden Goal in a real browser: set-up on the field, a real-dice kickoff, a planned turn."""

import re

import pytest
from playwright.sync_api import Page, expect

from companion.golden_goal.actions import Kick, Place, Roll, RollOff, Toss
from companion.golden_goal.engine import new_state
from companion.golden_goal.odds import opponent_chance_after, score_hint
from companion.ui.odds_bar import exact_words

pytestmark = pytest.mark.browser
WAIT = 20_000
# Turn by turn, orange first; each player is the next one the app offers to place.
SETUP = [("orange 1", (3, 5)), ("blue 1", (4, 6)), ("orange 2", (1, 3)), ("blue 2", (6, 8)),
         ("orange 3", (2, 8)), ("blue 3", (5, 2)), ("orange 4", (6, 9)), ("blue 4", (1, 10)),
         ("orange keeper", (3, 0)), ("blue keeper", (4, 11))]


def name(square: tuple[int, int]) -> str:
    return new_state({}).field.name(square)


def tap(page: Page, square) -> None:
    page.get_by_role("button", name=square if isinstance(square, str) else name(square),
                     exact=True).click()


def real_dice(page: Page, faces: tuple[int, ...], verb: str) -> None:
    page.get_by_role("button", name="Enter the real dice").click()
    for index, face in enumerate(faces):
        page.get_by_role("button", name=str(face), exact=True).nth(index).click()
    page.get_by_role("button", name=f"{verb} with {' + '.join(map(str, faces))}").click()


def test_setup_kickoff_and_a_turn_played_by_tapping_the_field(served, page: Page):
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(served.url + "/golden_goal")
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name="New game").click()
    expect(page.get_by_text("Started a new game.")).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("Nothing has happened yet.")).to_be_visible(timeout=WAIT)
    state = new_state({}).apply(Toss("orange"))

    # Setup: only the legal squares are buttons; each tap places the player offered.
    page.get_by_role("button", name="Orange places first").click()
    expect(page.get_by_text("orange: tap a highlighted square to place orange 1.")) \
        .to_be_visible(timeout=WAIT)
    # Beside the field in portrait the score reads on one line ("orange 0 : 0" above
    # "blue", in a column 238 px wide, a newcomer's play-test).
    scores = [page.locator(".scoreboard span").filter(has_text=re.compile(text)).first
              for text in ("^orange 0$", "^0 blue$")]
    boxes = [score.bounding_box() for score in scores]
    assert len({(round(box["y"]), round(box["height"])) for box in boxes}) == 1, boxes
    for player, square in SETUP:
        tap(page, square)
        state = state.apply(Place(player, square))
        expect(page.locator(".log-line").first).to_contain_text(
            f"{player} placed on {name(square)}", timeout=WAIT)
    expect(page.get_by_text("die 1 is orange's, die 2 is blue's")).to_be_visible()

    # The Kickoff with the real dice: orange 5, blue 2, so orange 1 kicks 3 spaces.
    real_dice(page, (5, 2), "Kickoff roll")
    expect(page.locator(".verdict")).to_contain_text("orange wins the kickoff", timeout=WAIT)
    state = state.apply(RollOff((5, 2)))
    kick = next(k for k in state.legal_actions() if state.apply(k).ball == (3, 4))
    tap(page, (3, 4))
    expect(page.locator(".plan")).to_contain_text("Kickoff: orange 1 kicks", timeout=WAIT)
    expect(page.get_by_text("then blue scores next turn")).to_be_visible()
    page.get_by_role("button", name="Play it").click()
    expect(page.locator(".verdict")).to_contain_text("to d5", timeout=WAIT)
    state = state.apply(kick)
    assert isinstance(kick, Kick)

    # Blue's turn: the chance to score before the roll, then tap a player and a square.
    expect(page.locator(".odds-hint")).to_contain_text(score_hint(state), timeout=WAIT)
    real_dice(page, (2,), "Roll")
    expect(page.get_by_text("blue rolled 2: tap the player to move.")).to_be_visible(
        timeout=WAIT)
    state = state.apply(Roll((2,)))
    outcome = next(o for o in state.legal_turns(2)
                   if o.play.player == "blue 1" and not o.play.kicks)
    tap(page, (4, 6))
    expect(page.get_by_text("blue 1: tap where he ends, or the ball to kick it.")) \
        .to_be_visible(timeout=WAIT)
    tap(page, outcome.square)
    chance = opponent_chance_after(state, outcome)
    expect(page.locator(".plan")).to_contain_text(f"to {name(outcome.square)}", timeout=WAIT)
    expect(page.get_by_text(f"({exact_words(chance)})")).to_be_visible()
    page.get_by_role("button", name="Play it").click()
    expect(page.locator(".log-line").first).to_contain_text(
        re.compile(rf"blue rolled 2: blue 1 moves .* to {name(outcome.square)}"), timeout=WAIT)
    expect(page.locator(".scoreboard")).to_contain_text("orange: roll the die")

    # Undo takes the turn back; the plan is gone and blue may tap again.
    page.get_by_role("button", name="↶ Undo").click()
    expect(page.get_by_text("blue rolled 2: tap the player to move.")).to_be_visible(
        timeout=WAIT)

    # The review: both teams' books in goals, the roll valued against the six faces.
    page.get_by_role("button", name="▸ Review: luck, skill and the dice").click()
    expect(page.locator(".review-name")).to_contain_text("goals ahead", timeout=WAIT)
    expect(page.locator(".review-sides")).to_contain_text("Orange: +0.00 at the start")
    expect(page.locator(".review-sides")).to_contain_text("Blue: +0.00 at the start")


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (768, 1024)])
def test_the_match_fits_the_tablet_and_the_whole_field_is_on_screen(served, page: Page,
                                                                     width, height):
    """Issue 17: at 1024x768 and 768x1024, during set-up ("Player to place") and after the
    kickoff, no text is wider than its button and nothing is wider than the screen; the
    whole field (labelled a-h, 1-12), the die and the odds are on screen while playing, in
    portrait too."""
    from tests.ui.fits import problems

    page.set_viewport_size({"width": width, "height": height})
    page.goto(served.url + "/golden_goal")
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name="New game").click()
    expect(page.get_by_text("Started a new game.")).to_be_visible(timeout=WAIT)
    page.get_by_role("button", name="Orange places first").click()
    expect(page.get_by_text("Player to place")).to_be_visible(timeout=WAIT)
    page.get_by_role("button", name="Place this player at random").click()
    expect(page.get_by_role("button", name="blue keeper")).to_be_visible(timeout=WAIT)
    assert problems(page) == []
    for line in range(3, 12):  # the toss and the first placement are lines 1 and 2
        page.get_by_role("button", name="Place this player at random").click()
        expect(page.locator(".log-line").first).to_contain_text(f"{line}. ", timeout=WAIT)
    real_dice(page, (5, 2), "Kickoff roll")
    expect(page.locator(".verdict")).to_contain_text("orange wins the kickoff", timeout=WAIT)
    page.locator('rect[role="button"]').first.click()
    page.get_by_role("button", name="Play it").click()
    expect(page.get_by_role("button", name="Enter the real dice")).to_be_visible(timeout=WAIT)
    assert problems(page) == []
    page.mouse.move(width // 2, height // 2)
    page.mouse.wheel(0, -5000)
    page.wait_for_timeout(300)
    field = page.locator("svg.gg-field").bounding_box()
    assert field["y"] >= 0 and field["y"] + field["height"] <= height, field
    assert field["width"] / 10 >= 44  # a square (out of bounds ones too) is a touch target
    assert page.locator("svg.gg-pieces").bounding_box() == field  # the pieces lie on the mat
    labels = page.locator("svg.gg-field text").all_text_contents()
    assert labels.count("a") == 2 and labels.count("12") == 2
    # The die and the odds of the roll are on the same screen as the field (beside it in
    # portrait, to its left in landscape): no scrolling between looking and rolling.
    for what in (page.locator(".odds-hint"), page.locator(".odds").first,
                 page.get_by_role("button", name="6", exact=True),
                 page.get_by_role("button", name="Tap the die above")):
        box = what.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box


def test_on_a_phone_the_score_and_whose_turn_come_before_the_field(served, browser):
    """On a phone the match is one column: the score and whose turn it is come first, then
    the whole field, on the first screen (the field filled it, the score below it: a
    newcomer's play-test)."""
    from tests.ui.test_phone import PHONE

    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(served.url + "/golden_goal")
    scoreboard = page.locator(".scoreboard")
    expect(scoreboard).to_contain_text("orange", timeout=WAIT)
    field = page.locator("svg.gg-field").bounding_box()
    score = scoreboard.bounding_box()
    assert score["y"] + score["height"] <= field["y"], (score, field)
    assert field["y"] + field["height"] <= PHONE["viewport"]["height"], field
    context.close()
