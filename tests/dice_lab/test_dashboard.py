"""The Dice Lab dashboard's logic without a browser (Panel objects are plain Python)."""

from fractions import Fraction

from companion.core.session import Session
from companion.dice_lab.dashboard import SUCCESS, DiceLabDashboard, totals_chart_html


def make(store) -> DiceLabDashboard:
    return DiceLabDashboard(store=store, session=Session("dice_lab", seed=3, store=store))


def test_odds_follow_the_check_on_screen(store):
    lab = make(store)
    assert lab.odds.chance == Fraction(7, 12)
    assert "(7/12)" in lab.odds.html  # the bar on screen, not only its number
    lab.new_label.value = "guard"
    lab.add_modifier()
    assert lab.modifiers == [("guard", 4)]
    assert lab.odds.chance == Fraction(1, 12)
    lab.remove_modifier(0)
    lab.goal = "at least"
    lab.n_dice = 3
    assert lab.odds.chance == Fraction(196, 216)
    assert "(49/54)" in lab.odds.html and "(7/12)" not in lab.odds.html
    assert lab.dice.n_dice == 3


def test_a_roll_is_saved_and_refusals_are_shown_not_raised(store):
    lab = make(store)
    lab.roll((3, 4))
    assert store.load(lab.session.id).cursor == 1
    assert lab.log.lines == lab.session.log
    lab.roll((3, 9))
    assert "1 to 6, got 9" in lab.message
    assert len(lab.session.log) == 1
    lab.undo()
    assert [line[:22] for line in lab.log.lines] == ["— Undone by the table:"] and lab.log.can_redo
    lab.redo()
    assert len(lab.log.lines) == 3 and lab.log.lines[-1].startswith("— Redone by the table:")


def test_a_modifier_needs_a_name(store):
    lab = make(store)
    lab.add_modifier()
    assert "name" in lab.message
    assert lab.modifiers == []


def test_the_page_builds(store):
    assert make(store).__panel__() is not None


def test_a_saved_game_that_no_longer_replays_gives_a_new_game_and_says_why(store):
    from companion.core.store import SessionRecord

    broken = {"type": "Check", "n_dice": 2, "target": 7, "goal": "at most", "modifiers": [],
              "dice": [9, 9]}
    store.create(SessionRecord("old", "dice_lab", 1, "Old", {}, 1, 1, (broken,)))
    lab = DiceLabDashboard(store=store)
    assert "could not be reopened" in lab.message and "1 to 6" in lab.message
    assert lab.session.id != "old" and lab.session.log == []


def test_the_check_kept_in_the_address_is_read_back_and_garbage_is_ignored():
    """A reload restores the check from `?check=...`; anything but a valid check is ignored."""
    from companion.dice_lab.dashboard import setup_from_query, setup_query
    from companion.dice_lab.engine import Check

    check = Check(4, -3, "at least", (("guard", 4), ("dark", -2)))
    assert setup_from_query(setup_query(check, False)) == (check, False)
    for raw in ('{"n":2,"t":7,"g":"at most","m":[],"real":1}',     # real must be a bool
                '{"n":true,"t":7,"g":"at most","m":[],"real":false}',
                '{"n":7,"t":7,"g":"at most","m":[],"real":false}',  # 7 dice
                '{"n":2,"t":7,"g":"under","m":[],"real":false}',
                '{"n":2,"t":7,"g":"at most","m":[["",3]],"real":false}',
                '{"n":2,"t":7,"g":"at most","m":[["x",3,4]],"real":false}',
                "x" * 3000, "", "null", "[1]"):
        assert setup_from_query(raw) is None, raw


def test_the_chart_of_totals_redraws_its_axis_for_more_dice():
    """Three dice run to 18: the chart's bars and axis follow the dice, not the first
    count's; a bar is green where the check succeeds."""
    lab = DiceLabDashboard(session=Session("dice_lab", seed=1))
    lab.n_dice = 2
    assert lab.chart.html.count("<rect") == 11 and ">12</text>" in lab.chart.html
    lab.n_dice = 3
    assert lab.chart.html.count("<rect") == 16 and ">18</text>" in lab.chart.html
    lab.target.value = 3  # at most 3 with three dice: the total of 3 alone
    assert lab.chart.html.count(f'fill="{SUCCESS}"') == 1


def test_the_chart_of_totals_is_named_for_a_screen_reader():
    lab = DiceLabDashboard(session=Session("dice_lab", seed=1))
    assert 'role="img"' in lab.chart.html and "chance of each total of 2 dice" in lab.chart.html
    assert "chance of each total of 1 die:" in totals_chart_html(1, "at most", 3, 0)
