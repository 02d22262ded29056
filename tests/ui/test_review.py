"""The game review in the served app (issue: Game review): after a few checks, Dice Lab's
review gives the table's luck in words, the equity chart and the dice against expectation;
a game that cannot value positions yet says so and still counts its dice."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from companion.core.review import review
from companion.core.session import Session
from companion.core.store import Store
from companion.golden_goal.actions import Roll
from companion.golden_goal.bot import bot_player
from companion.golden_gun.bot import choose_action
from companion.goldfinger.bot import bot_action
from tests.dice_lab.test_app import roll_real_dice, start_new_game

pytestmark = pytest.mark.browser
WAIT = 20_000


def test_dice_lab_reviews_its_luck_and_its_dice(served, page: Page):
    """Two dice at most 7 (7/12): 3+4 and 1+2 succeed (+5/12 each), 6+6 fails (-7/12):
    the table ends +0.25 successes above its chances, all of it luck."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{served.url}/dice_lab")
    start_new_game(page)
    for count, (first, second) in enumerate([(3, 4), (1, 2), (6, 6)], start=1):
        roll_real_dice(page, first, second)
        expect(page.locator(".log-line")).to_have_count(count, timeout=WAIT)
    page.get_by_role("button", name="▸ Review: luck, skill and the dice").click()
    expect(page.locator(".review-sides")).to_contain_text(
        "The table: +0.00 at the start, +0.25 now. Luck gave +0.25.", timeout=WAIT)
    expect(page.get_by_text("The books balance exactly")).to_be_visible()
    expect(page.locator(".review-moments")).to_contain_text("unlucky (-0.58): 3. 2 dice")
    expect(page.get_by_text(re.compile(r"^6 dice: too few"))).to_be_visible()
    # The review follows the game while it is open.
    roll_real_dice(page, 2, 2)
    expect(page.get_by_text(re.compile(r"^8 dice: too few"))).to_be_visible(timeout=WAIT)


def test_a_game_with_dice_but_none_rolled_yet_says_so(served, page: Page):
    """License to Kill rolls dice, none yet: its review says so beside its (estimated)
    review. (A game without dice saying nothing of them: the card game's review,
    tests/mb007_cards/test_app.py.)"""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{served.url}/license_to_kill")
    page.get_by_role("button", name="▸ Review: luck, skill and the dice").click()
    expect(page.get_by_text("No dice rolled yet.")).to_be_visible(timeout=WAIT)
    expect(page.get_by_text("This game has no review of luck and skill yet.")).to_have_count(0)


def test_the_replay_steps_back_and_a_tap_on_the_chart_moves_it(served, page: Page, tmp_path):
    """Issue's proof: open the review, step the replay (the odds of the check set up then
    shown), tap the chart to move it, then download the review and open the file
    offline."""
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{served.url}/dice_lab")
    start_new_game(page)
    for count, (first, second) in enumerate([(3, 4), (1, 2), (6, 6), (2, 2)], start=1):
        roll_real_dice(page, first, second)
        expect(page.locator(".log-line")).to_have_count(count, timeout=WAIT)
    page.get_by_role("button", name="▸ Review: luck, skill and the dice").click()
    where = page.locator(".replay-where")
    expect(where).to_have_text("Action 4 of 4 (now)", timeout=WAIT)
    page.get_by_role("button", name="◀ Back").click()
    expect(where).to_have_text("Action 3 of 4", timeout=WAIT)
    expect(page.locator(".replay-event")).to_contain_text("3. 2 dice")
    # The odds then: the next check as it was set up before its roll.
    advice = page.locator(".replay-advice")
    expect(advice).to_contain_text("The odds and advice then")
    expect(advice).to_contain_text("Chance of success")
    expect(advice).to_contain_text("58.3%")
    expect(advice).to_contain_text("2 dice, at most 7, no modifiers")
    chart = page.locator(".review-chart canvas").first
    box = chart.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.15, box["y"] + box["height"] * 0.5)
    expect(where).to_have_text(re.compile(r"^(The start|Action 1 of 4)"), timeout=WAIT)
    with page.expect_download() as download:
        page.get_by_role("button", name="Download this review (HTML)").click()
    assert download.value.suggested_filename == "dice_lab-review.html"
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    offline = page.context.browser.new_context(offline=True).new_page()
    offline.goto(f"file://{path}")
    expect(offline.get_by_role("heading", name="Every action")).to_be_visible()
    expect(offline.get_by_text("4. 2 dice, at most 7")).to_be_visible()
    assert offline.locator("svg").count() == 2


def test_a_long_review_shows_its_progress_then_the_review(served, page: Page):
    """Issue 35: a 20,000-check Dice Lab game (its review is seconds of the worker's,
    whatever the machine, for no figure is kept between reviews): the Review section shows
    a bar with the moments worked out so far, then the review. (The bar's counts come from
    the worker; whether it is seen, not how long it stays, is checked.)"""
    from tests.ui.test_opening import long_game

    checks = 20_000
    store = Store(served.db)
    game = long_game(store, checks, name="long-review")
    store.close()
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{served.url}/dice_lab?session={game}")
    page.get_by_role("button", name="▸ Review: luck, skill and the dice").click(timeout=60_000)
    bar = page.wait_for_selector(".review-progress progress[value]", state="attached",
                                 timeout=60_000)
    # Read from the element found, which the next progress may already have replaced.
    value, most, words = bar.evaluate(
        "e => [Number(e.getAttribute('value')), Number(e.getAttribute('max')), "
        "e.parentElement.textContent]")
    assert most == checks and 1 <= value <= checks
    assert words.strip() == f"Working out the review: {value} of {checks} moments"
    expect(page.locator(".review-progress")).to_have_count(0, timeout=120_000)
    expect(page.get_by_text("The books balance exactly")).to_be_visible()


# A Golden Goal match the app's bot plays for blue, seeded: the bots' moves for both teams
# end it with blue's goal at its 49th action, and its 20th, a roll, is named lucky.
ENDING_MATCH = {"match": "golden goal", "bot": "blue"}
ENDING_SEED = 19


def a_golden_goal_match_before_its_last_turn(served) -> str:
    """The seeded match stored up to blue's last turn (the dice and the bot's choices come
    from the seed and the moves before, so the page's bot plays that turn as here). Its id;
    the first page to open it is the tablet (nobody holds the game yet)."""
    played = Session("golden_goal", ENDING_MATCH, seed=ENDING_SEED)
    while not played.state.is_over:
        played.act(bot_player(played.state, played.bot_rng()))
    last_turn = max(i for i, action in enumerate(played.actions) if isinstance(action, Roll))
    store = Store(served.db)
    try:
        stored = Session("golden_goal", ENDING_MATCH, seed=ENDING_SEED, store=store)
        for action in played.actions[:last_turn]:
            stored.act(action)
        assert stored.state.to_move == "blue"
        return stored.id
    finally:
        store.close()


def test_a_finished_game_opens_its_review_a_tap_on_a_named_mark_replays_it_and_it_downloads(
        served, page: Page, tmp_path):
    """Issue 35's proof: finish a game; the review comes first and opens by itself; a tap
    on a named moment's mark moves the replay there; the file opens offline."""
    page.set_viewport_size({"width": 1024, "height": 768})
    session_id = a_golden_goal_match_before_its_last_turn(served)
    page.goto(f"{served.url}/golden_goal?session={session_id}")
    page.get_by_role("button", name="Let the bot play blue's turn").click()  # blue scores
    expect(page.get_by_role("button", name="Start a new match")).to_be_visible(timeout=WAIT)
    sides = page.locator(".review-sides")
    expect(sides).to_contain_text("at the end. Luck gave", timeout=60_000)  # not tapped open
    store = Store(served.db)
    try:
        session = Session.resume(store, session_id)
    finally:
        store.close()
    result = review(session.game, session.options, session.actions)
    named = next(m for m in result.moments if m.words)
    where, total = page.locator(".replay-where"), len(result.moments)
    chart = page.locator(".review-chart canvas").first

    def tap_chart(share: float) -> None:
        chart.scroll_into_view_if_needed()
        box = chart.bounding_box()
        page.mouse.click(box["x"] + box["width"] * share, box["y"] + box["height"] * 0.5)

    def shown() -> int:
        told = where.inner_text()
        return 0 if told.startswith("The start") else int(told.split()[1])

    def tap_at(share: float) -> int:
        tap_chart(share)
        expect(where).not_to_have_text(f"Action {total} of {total} (now)", timeout=WAIT)
        found = shown()
        page.get_by_role("button", name="Now").click()
        expect(where).to_have_text(f"Action {total} of {total} (now)", timeout=WAIT)
        return found

    low, high = tap_at(0.2), tap_at(0.6)  # where the actions lie across the chart
    per_action, share = 0.4 / (high - low), 0.2 + (named.position - low) * 0.4 / (high - low)
    for _ in range(4):  # a tap moves to the nearest action: mend a rounding off by one
        tap_chart(share)
        page.wait_for_timeout(300)
        if shown() == named.position:
            break
        share += (named.position - shown()) * per_action
    expect(where).to_have_text(f"Action {named.position} of {total}"
                               + (" (now)" if named.position == total else ""))
    expect(page.locator(".replay-event")).to_contain_text(f"{named.position}. ")
    expect(where.locator("xpath=..")).to_contain_text(f"{named.words}.")  # the replay
    with page.expect_download() as download:
        page.get_by_role("button", name="Download this review (HTML)").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    offline = page.context.browser.new_context(offline=True).new_page()
    offline.goto(f"file://{path}")
    expect(offline.get_by_role("heading", name="Every action")).to_be_visible()
    expect(offline.get_by_text(f"{named.position}: {named.words}")).to_have_count(1)


# Each app whose replay draws its board: (options, the board's selector in the replay).
REPLAYED_BOARDS = {"golden_goal": ({}, "svg.gg-field"),
                   "goldfinger": ({"map": "sample"}, "svg.gf-map"),
                   "golden_gun": ({"mode": "solo"}, ".replay-maze .maze")}


def stored_bot_game(store: Store, name: str, actions: int = 40):
    """`actions` of a game between the app's bots, stored."""
    session, rng = Session(name, REPLAYED_BOARDS[name][0], seed=26, store=store), \
        random.Random(26)
    move = {"golden_goal": lambda state: bot_player(state, rng),
            "goldfinger": bot_action, "golden_gun": choose_action}[name]
    while not session.state.is_over and len(session.actions) < actions:
        session.act(move(session.state))
    return session


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)], ids=["tablet", "phone"])
@pytest.mark.parametrize("name", list(REPLAYED_BOARDS))
def test_the_replay_draws_the_board_as_it_stood_then(served, page: Page, name, size):
    """Issue 35 ("the board ... shown as they were then"): three steps back, the replay
    draws the board of that position, as wide as the replay (never wider, nor wider than
    the screen) and no taller than most of the screen."""
    store = Store(served.db)
    session = stored_bot_game(store, name)
    store.close()
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{served.url}/{name}?session={session.id}")
    page.get_by_role("button", name="▸ Review: luck, skill and the dice").click(timeout=WAIT)
    where = page.locator(".replay-where")
    n = len(session.actions)
    expect(where).to_have_text(f"Action {n} of {n} (now)", timeout=WAIT)
    for _ in range(3):
        page.get_by_role("button", name="◀ Back").click()
    expect(where).to_have_text(f"Action {n - 3} of {n}", timeout=WAIT)
    then = session.state_after(n - 3)
    board = page.locator(f".replay-table {REPLAYED_BOARDS[name][1]}")
    expect(board).to_be_visible(timeout=WAIT)
    if name == "golden_goal":
        expect(board).to_have_attribute("aria-label", re.compile(
            ", ".join(f"{player} on {then.field.name(square)}"
                      for player, square in then.positions)))
    elif name == "goldfinger":
        expect(board).to_have_attribute("aria-label", re.compile(
            f": Bond on {then.piece('bond').space}, "))
    else:
        expect(board.get_by_role("img", name=f"{then.room}, Bond is here")).to_be_visible()
    box, replay = board.bounding_box(), page.locator(".replay-table").bounding_box()
    assert replay["x"] - 1 <= box["x"] and box["x"] + box["width"] <= replay["x"] + \
        replay["width"] + 1 <= width
    assert box["width"] >= min(300, replay["width"] - 40) and box["height"] <= 0.6 * height + 1
