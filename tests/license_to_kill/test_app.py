"""License to Kill in a real browser: set-up, a Henchman Attack with real dice, and a Main
Plot revealed, helped by an Intrigue card, and Overcome."""

import re
from fractions import Fraction

import pytest
from playwright.sync_api import Page, expect

from companion.core.dice import percent
from companion.license_to_kill.odds import henchman_attack

pytestmark = pytest.mark.browser
WAIT = 20_000


def start_new_game(page: Page, names: list[str]) -> None:
    page.get_by_role("button", name="New game: players and house rules").click()
    for i, name in enumerate(names):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start a new game with these players").click()
    expect(page.locator(".status")).to_contain_text(f"Setting up: {names[0]} next",
                                                    timeout=WAIT)
    page.get_by_role("button", name="New game: players and house rules").click()


def choose(page: Page, label: str, option: str) -> None:
    page.get_by_label(label).filter(visible=True).select_option(label=option)


def set_up(page: Page, name: str, mission: str, villain: str, bond: str) -> None:
    choose(page, "Starting Mission (face up)", mission)
    choose(page, "Villain on it (face down: only its owner looks)", villain)
    choose(page, "Starting Bond (PV + CV at most 10)", bond)
    page.get_by_role("button", name=f"Set up {name}").click()
    expect(page.locator(".verdict")).to_contain_text(f"{name} starts with {mission.split(' (')[0]}",
                                                     timeout=WAIT)


ANN = ("Avenge Felix Leiter (PV 6, CV 6)", "Goldfinger", "Sample Bond 2 (PV 5, CV 5)")
BOB = ("Sample Mission 6 (PV 4, CV 5)", "Sample Villain 1", "The Navy Hero (PV 6, CV 4)")


def ann_and_bob_set_up(page: Page, served, ann: tuple[str, str, str] = ANN,
                       bob: tuple[str, str, str] = BOB) -> None:
    """A new two-player game, Ann's and Bob's starting Mission, Villain and Bond set up."""
    page.goto(served.url + "/license_to_kill")
    expect(page.get_by_role("button", name="New game: players and house rules")).to_be_visible(
        timeout=WAIT)
    start_new_game(page, ["Ann", "Bob"])
    set_up(page, "Ann", *ann)
    set_up(page, "Bob", *bob)


def go_to(page: Page, step: str) -> None:
    page.get_by_role("button", name=f"Done: go to {step}").click()
    expect(page.locator(".status")).to_contain_text(step, timeout=WAIT)


def test_an_attack_with_real_dice_and_a_plot_overcome(served, page: Page):
    page.set_viewport_size({"width": 768, "height": 1024})
    ann_and_bob_set_up(page, served)
    expect(page.locator(".ltk-table")).not_to_contain_text("Sample Villain 1")
    expect(page.locator(".card.face-down")).to_have_count(2)

    # Develop Plot Zone: Oddjob face up on top of Ann's starting Main Plot.
    go_to(page, "Develop Plot Zone")
    choose(page, "Card to add (from your hand)",
           "Oddjob (Henchman, PV 9, CV 3, needs Hand-to-hand 2)")
    choose(page, "Where", "Main Plot 1: on top, above a face-down card")
    page.get_by_role("button", name="Add it to the Plot Zone").click()
    expect(page.locator(".verdict")).to_contain_text("Ann adds Oddjob face up to Main Plot 1",
                                                     timeout=WAIT)

    # Henchman Attack: the odds before the dice, then the real dice.
    go_to(page, "Henchman Attack")
    odds = page.locator(".duel-odds.henchman")
    expect(odds).to_contain_text("Oddjob PV 9 against The Navy Hero PV 6", timeout=WAIT)
    expect(odds).to_contain_text("Die modifiers: attacker +3, target +0")
    chance: Fraction = henchman_attack(9, 6)["attacker"]
    expect(odds).to_contain_text(f"{percent(chance)} ({chance.numerator}/{chance.denominator})")
    page.get_by_role("button", name="Enter the real dice").click()
    page.get_by_role("button", name="4", exact=True).nth(0).click()
    page.get_by_role("button", name="2", exact=True).nth(1).click()
    page.get_by_role("button", name="Attack with attacker's die 4, target's die 2").click()
    expect(page.locator(".verdict")).to_contain_text(
        "Oddjob rolled 4 +3 = 7, The Navy Hero rolled 2: the target loses, The Navy Hero is "
        "Demoted", timeout=WAIT)
    expect(page.locator(".ltk-table")).to_contain_text("Demoted")

    # On Assignment: reveal Bob's face-down Villain, an Intrigue card, and Overcome.
    go_to(page, "Assignment Briefing")
    go_to(page, "On Assignment")
    choose(page, "Main Plot to Overcome", "Bob's Main Plot 1: Sample Mission 6, face down")
    expect(page.locator(".preview")).to_contain_text("Every requirement met.", timeout=WAIT)
    # The hidden choices between the two buttons take no room (they left a blank gap of
    # 150 px: a widget's own height outweighed its hiding height 0).
    go = page.get_by_role("button", name="Go On Assignment (no turning back)").bounding_box()
    done = page.get_by_role("button", name=re.compile(r"^Done: go to")).bounding_box()
    assert 0 <= done["y"] - (go["y"] + go["height"]) < 40
    page.get_by_role("button", name="Go On Assignment (no turning back)").click()
    page.get_by_role("button",
                     name="Everyone has passed: reveal the bottom-most face-down card").click()
    expect(page.locator(".verdict")).to_contain_text("Revealed Sample Villain 1", timeout=WAIT)
    expect(page.locator(".assignment")).to_contain_text("missing 2")
    page.get_by_label("Intrigue card (name, optional)").filter(visible=True).fill(
        "Snappy One-Liner")
    cv_up = page.get_by_role("button", name="+", exact=True).nth(1)
    cv_up.click()
    cv_up.click()
    page.get_by_role("button", name="Apply the Intrigue card").click()
    expect(page.locator(".verdict")).to_contain_text("Snappy One-Liner on the team: CV +2",
                                                     timeout=WAIT)
    page.get_by_role("button", name="Everyone has passed: the Main Plot is Overcome").click()
    expect(page.locator(".verdict")).to_contain_text("the Main Plot is Overcome, +18 Plot Points",
                                                     timeout=WAIT)
    expect(page.locator(".points")).to_contain_text("Ann: 26 Plot Points")
    expect(page.locator(".ltk-table")).to_contain_text("Won: Sample Mission 6, Sample Villain 1")

    # A mis-tap is undone from the log.
    page.get_by_role("button", name="↶ Undo").click()
    expect(page.locator(".points")).to_contain_text("Ann: 8 Plot Points", timeout=WAIT)


def test_a_won_over_personality_gives_her_icon_to_a_bond_without_her_requirement(served,
                                                                                  page: Page):
    """Personality and Agent Cards: Tiffany Case, won over with The Charmer's Savoir Faire,
    goes On Assignment with The Navy Hero (no Savoir Faire) and gives him her icon."""
    page.set_viewport_size({"width": 768, "height": 1024})
    ann_and_bob_set_up(
        page, served, ann=("Avenge Felix Leiter (PV 6, CV 6)", "Goldfinger",
                           "The Charmer (PV 4, CV 6)"),
        bob=("Sample Mission 4 (PV 5, CV 6)", "Sample Villain 3", "The Navy Hero (PV 6, CV 4)"))
    go_to(page, "Develop Plot Zone")
    page.get_by_role("button", name="The Plot Draw Pile is empty: no Plot card this turn").click()
    expect(page.locator(".status")).to_contain_text("Henchman Attack", timeout=WAIT)
    go_to(page, "Assignment Briefing")

    # Win Tiffany Case over: PV and CV from the Bond cards, Savoir Faire from The Charmer.
    choose(page, "Card for your Agency",
           "The Navy Hero (Bond, PV 6, CV 4, gives Aquatics, Shooting)")
    page.get_by_role("button", name="Put it in the Agency").click()
    expect(page.locator(".verdict")).to_contain_text("Ann puts The Navy Hero in the Agency",
                                                     timeout=WAIT)
    choose(page, "Card for your Agency",
           "Tiffany Case (Personality, PV 3, CV 5, gives Quick Thinking, needs Savoir Faire)")
    expect(page.locator(".win-over")).to_contain_text("Savoir Faire 1: met by The Charmer",
                                                      timeout=WAIT)
    page.get_by_role("button", name="Put it in the Agency").click()
    expect(page.locator(".verdict")).to_contain_text("Ann puts Tiffany Case in the Agency, won "
                                                     "over", timeout=WAIT)

    # The Navy Hero, without Savoir Faire, takes her along: her Quick Thinking counts.
    go_to(page, "On Assignment")
    choose(page, "Bond (or Agent) On Assignment", "The Navy Hero (Ann's Agency, PV 6, CV 4)")
    choose(page, "Personality going along", "Tiffany Case (Ann's Agency, PV 3, CV 5)")
    choose(page, "Main Plot to Overcome", "Bob's Main Plot 1: Sample Mission 4, face down")
    preview = page.locator(".preview")
    expect(preview).to_contain_text("Tiffany Case (won over) gives Quick Thinking to The Navy "
                                    "Hero.", timeout=WAIT)
    expect(preview.locator("tr", has_text="Quick Thinking")).to_contain_text("✓ met")
    page.get_by_role("button", name="Go On Assignment (no turning back)").click()
    expect(page.locator(".assignment")).to_contain_text("Quick Thinking", timeout=WAIT)

    # An Intrigue card for what the team still lacks, then the Villain revealed: Overcome.
    plus = page.get_by_role("button", name="+", exact=True)
    for index in (1, 6, 10):  # CV, Hand-to-hand, Technology
        plus.nth(index).click()
    page.get_by_role("button", name="Apply the Intrigue card").click()
    expect(page.locator(".verdict")).to_contain_text(
        "CV +1, Hand-to-hand +1, Technology +1", timeout=WAIT)
    page.get_by_role("button",
                     name="Everyone has passed: reveal the bottom-most face-down card").click()
    expect(page.locator(".verdict")).to_contain_text("Revealed Sample Villain 3", timeout=WAIT)
    expect(page.locator(".assignment").locator("tr", has_text="Quick Thinking")) \
        .to_contain_text("✓ met")
    page.get_by_role("button", name="Everyone has passed: the Main Plot is Overcome").click()
    expect(page.locator(".verdict")).to_contain_text("the Main Plot is Overcome, +18 Plot Points",
                                                     timeout=WAIT)
    expect(page.locator(".points")).to_contain_text("Ann: 23 Plot Points")


def test_the_review_says_it_is_an_estimate_in_plot_points(served, page: Page):
    """Issue 35: a game set up, a Plot card added and a Henchman Attack rolled, then the
    Review section: each player's books in Plot Points two rounds on, said to be an
    estimate with its error, worked out in the worker, and the dice; Ann's face-down
    Villain named nowhere in it."""
    page.set_viewport_size({"width": 1024, "height": 768})
    ann_and_bob_set_up(page, served)
    go_to(page, "Develop Plot Zone")
    choose(page, "Card to add (from your hand)",
           "Oddjob (Henchman, PV 9, CV 3, needs Hand-to-hand 2)")
    choose(page, "Where", "Main Plot 1: on top, above a face-down card")
    page.get_by_role("button", name="Add it to the Plot Zone").click()
    expect(page.locator(".verdict")).to_contain_text("Ann adds Oddjob face up", timeout=WAIT)
    go_to(page, "Henchman Attack")
    page.get_by_role("button", name="Enter the real dice").click()
    page.get_by_role("button", name="4", exact=True).nth(0).click()
    page.get_by_role("button", name="2", exact=True).nth(1).click()
    page.get_by_role("button", name="Attack with attacker's die 4, target's die 2").click()
    expect(page.locator(".verdict")).to_contain_text("The Navy Hero is Demoted", timeout=WAIT)
    page.get_by_role("button", name="▸ Review: luck, skill and the dice").click()
    name = page.locator(".review-name")
    expect(name).to_contain_text("each player's Plot Points 2 rounds on, an estimate",
                                 timeout=60_000)
    expect(name).to_contain_text("±2 points")
    expect(page.locator(".review-sides")).to_contain_text("Ann:")
    expect(page.locator(".review-sides")).to_contain_text("Bob:")
    expect(page.get_by_text("These figures are an estimate")).to_be_visible()
    expect(page.locator(".review-dice")).to_be_visible()
    expect(page.locator(".review-sides")).not_to_contain_text("Goldfinger")


def test_every_field_label_of_the_briefing_is_read_whole_on_a_phone(browser, served):
    """"Intrigue card played on a Bond card to win her over" was cut at the field's edge on
    a 390 px phone ("...to win her ov"): a label wraps, and its field grows to hold it."""
    from tests.ui.test_phone import CUT_LABELS, PHONE

    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        ann_and_bob_set_up(page, served)
        go_to(page, "Develop Plot Zone")
        page.get_by_role("button", name="The Plot Draw Pile is empty: no Plot card "
                         "this turn").click()
        expect(page.locator(".status")).to_contain_text("Henchman Attack", timeout=WAIT)
        go_to(page, "Assignment Briefing")
        expect(page.get_by_label("Intrigue card played on a Bond card to win her over")
               ).to_be_visible()
        assert page.evaluate(CUT_LABELS) == []
    finally:
        context.close()
