"""Dice, cards and tiles against their expected counts (issue 35, game review): each kind's
count against the sum of its chances at every draw, with Pearson's test in words."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from companion.core.tally import Tally, dice_tally, tally
from companion.dice_lab.engine import Check

CARD = ("card", "cards", "a fair shuffle")


def test_the_dice_against_expectation():
    fair = [Check(2, 7, dice=(f, 7 - f)) for f in range(1, 7)] * 3  # each face 6 times
    result = dice_tally(fair)
    assert result.total == 36 and set(result.counts.values()) == {6}
    assert result.expected == dict.fromkeys(range(1, 7), Fraction(6))
    assert result.verdict().startswith("The dice were ordinary")
    loaded = dice_tally([Check(3, 7, dice=(6, 6, 5))] * 20)
    assert loaded.p_value < 0.01
    assert "far from ordinary" in loaded.verdict() and "unusually high" in loaded.verdict()
    few = dice_tally([Check(2, 7, dice=(1, 2))]).verdict()
    assert "too few" in few and "needs 30" in few  # 5 of each of 6 faces
    # From stored JSON too, as an export holds them.
    assert dice_tally([{"type": "Check", "dice": [3, 4]}]).counts[3] == 1
    assert dice_tally([replace(fair[0], dice=None)]).total == 0


def test_a_kinds_expected_count_is_the_sum_of_its_chances_at_each_draw():
    """Two draws from a pile of 1, 1, 2 (a 1 then the 2), a third from a new pile of 007,
    007, 1: a 1 is expected 2/3 + 1/2 + 1/3 = 3/2 times, a 2 1/3 + 1/2 = 5/6 and a 007
    2/3; the expected counts add up to the cards drawn."""
    draws = [(1, {1: Fraction(2, 3), 2: Fraction(1, 3)}),
             (2, {1: Fraction(1, 2), 2: Fraction(1, 2)}),
             ("007", {"007": Fraction(2, 3), 1: Fraction(1, 3)})]
    result = tally(*CARD, (1, 2, "007"), draws)
    assert result.counts == {1: 1, 2: 1, "007": 1}
    assert result.expected == {1: Fraction(3, 2), 2: Fraction(5, 6), "007": Fraction(2, 3)}
    assert sum(result.expected.values()) == result.total
    assert result.p_value is None  # each kind must be expected FEWEST_EXPECTED times
    assert "3 cards: too few" in result.verdict()
    assert "needs every kind's summed chances to reach 5" in result.verdict()
    assert "errs towards" not in result.how()  # no test run, nothing to say of it


def test_the_test_weighs_each_kind_by_its_own_expected_count():
    """Counts exactly as expected, though the kinds' shares differ, are as ordinary as can
    be (a test against equal shares would call them odd); the kind furthest above its
    expectation is named."""
    expected = {"a": Fraction(30), "b": Fraction(10), "c": Fraction(10)}
    result = Tally(*CARD, {"a": 30, "b": 10, "c": 10}, expected)
    assert result.p_value == 1.0 and result.verdict().startswith("The cards were ordinary")
    assert "the test errs towards calling them ordinary" in result.how()
    odd = replace(result, counts={"a": 15, "b": 25, "c": 10})
    assert odd.p_value < 0.01 and "far from ordinary" in odd.verdict()
    assert "the furthest above its summed chances: b, 25 against 10.0" in odd.verdict()
    assert "the furthest below: a, 15 against 30.0" in odd.verdict()


def test_a_kind_that_came_up_with_no_chance_is_named_and_one_without_either_left_out():
    """A draw no fair deal could give (a kind with no chance, or none named) is the
    strongest sign of a bad deal: it stays in the count and the verdict names it; a kind
    that had no chance and never came is no part of the test."""
    result = tally(*CARD, ("a", "b", "c"), [("a", {"a": Fraction(1), "c": Fraction(0)}),
                                              ("z", {"a": Fraction(1)})])
    assert result.counts == {"a": 1, "z": 1} and result.expected["z"] == 0
    assert result.total == 2 and result.p_value == 0.0
    assert result.verdict() == ("The cards were not from a fair shuffle: z came up with no "
                                "chance to.")
