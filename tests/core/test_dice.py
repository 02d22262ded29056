"""Exact dice odds, validated rolls and 2d6 result tables (companion.core.dice)."""

import random
from fractions import Fraction

import pytest

from companion.core.dice import (
    ResultTable,
    Roll,
    p_at_least,
    p_at_most,
    percent,
    roll,
    total_distribution,
)
from companion.core.errors import InputError


def test_two_dice_distribution_is_the_triangle():
    """2d6: 1 way to make 2, 6 ways to make 7, 1 way to make 12, out of 36."""
    dist = total_distribution(2)
    assert dist[2] == Fraction(1, 36)
    assert dist[7] == Fraction(6, 36)
    assert dist[12] == Fraction(1, 36)
    assert sum(dist.values()) == 1
    assert list(dist) == list(range(2, 13))


@pytest.mark.parametrize("n_dice", [1, 2, 3, 4])
def test_distribution_sums_to_one_and_is_symmetric(n_dice):
    dist = total_distribution(n_dice)
    assert sum(dist.values()) == 1
    low, high = min(dist), max(dist)
    assert all(dist[low + k] == dist[high - k] for k in range(high - low + 1))


def test_other_dice_sizes():
    assert total_distribution(1, sides=8) == {k: Fraction(1, 8) for k in range(1, 9)}


@pytest.mark.parametrize(("target", "modifier", "expected"), [
    (4, 0, Fraction(6, 36)),     # Golden Gun Dodge: 2d6 <= 4
    (10, 0, Fraction(33, 36)),   # Golden Gun exit: 2d6 <= 10
    (7, 4, Fraction(3, 36)),     # +4 guard turns 7-or-less into 3-or-less
    (1, 0, Fraction(0)),
    (12, 0, Fraction(1)),
])
def test_p_at_most(target, modifier, expected):
    assert p_at_most(target, modifier) == expected


def test_p_at_least_complements_p_at_most():
    for target in range(0, 15):
        assert p_at_least(target) + p_at_most(target - 1) == 1


def test_one_die_checks():
    assert p_at_least(4, n_dice=1) == Fraction(1, 2)
    assert p_at_most(3, modifier=1, n_dice=1) == Fraction(1, 3)


@pytest.mark.parametrize("bad", [0, -1, 1.5, "2", True, None, 13])
def test_bad_dice_counts_raise_input_error(bad):
    with pytest.raises(InputError, match="n_dice"):
        total_distribution(bad)


@pytest.mark.parametrize("bad", [1.5, "7", None, True])
def test_bad_targets_and_modifiers_raise_input_error(bad):
    with pytest.raises(InputError):
        p_at_most(bad)
    with pytest.raises(InputError):
        p_at_least(7, modifier=bad)


def test_roll_validates_faces_and_count():
    assert Roll.of([3, 4]).total == 7
    assert str(Roll.of([3, 4])) == "3+4 = 7"
    assert str(Roll.of([5])) == "5"
    with pytest.raises(InputError, match="1 to 6, got 7"):
        Roll.of([3, 7])
    with pytest.raises(InputError, match="got 0"):
        Roll.of([0])
    with pytest.raises(InputError, match="expected 2 dice, got 3"):
        Roll.of([1, 2, 3], n_dice=2)
    with pytest.raises(InputError):
        Roll.of([])
    with pytest.raises(InputError):
        Roll.of("34")
    with pytest.raises(InputError):
        Roll.of([3.0, 4])


def test_roll_uses_the_generator():
    rolled = roll(random.Random(1), 3)
    assert len(rolled.faces) == 3
    assert all(1 <= f <= 6 for f in rolled.faces)
    assert rolled == roll(random.Random(1), 3)


MOVES = ResultTable({(2, 3): 4, (4, 5): 5, (6, 6): 6, (7, 7): 7, (8, 9): 8, (10, 12): 9})


def test_result_table_lookup_and_distribution():
    assert MOVES.lookup(2) == 4
    assert MOVES.lookup(11) == 9
    assert MOVES.distribution()[4] == Fraction(3, 36)
    assert sum(MOVES.distribution().values()) == 1


def test_result_tables_must_cover_every_total_once():
    with pytest.raises(InputError, match="overlap"):
        ResultTable({(2, 7): "a", (7, 12): "b"})
    with pytest.raises(InputError, match="misses totals"):
        ResultTable({(2, 6): "a", (8, 12): "b"})
    with pytest.raises(InputError, match="empty"):
        ResultTable({(5, 2): "a"})
    with pytest.raises(InputError, match="not a total"):
        MOVES.lookup(13)


def test_percent_is_honest_at_the_edges():
    assert percent(Fraction(7, 12)) == "58.3%"
    assert percent(Fraction(0)) == "0%"
    assert percent(Fraction(1)) == "100%"
    assert percent(Fraction(1, 10_000)) == "<0.1%"
    assert percent(Fraction(9_999, 10_000)) == ">99.9%"
