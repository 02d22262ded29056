"""The exact zero-sum solver: hand-solved matrices and random ones, each checked exactly."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import InputError
from companion.core.matrix_game import solve_zero_sum
from tests.equilibrium import assert_equilibrium

F = Fraction


# Hand-solved matrices.

def test_a_dominant_strategy_is_played_pure():
    """Row 0 dominates row 1 and column 1 dominates column 0: the saddle point is 2."""
    assert solve_zero_sum([[3, 2], [1, 0]]) == ((1, 0), (0, 1), 2)


def test_matching_pennies():
    """Each side mixes half and half; the value is 0."""
    half = F(1, 2)
    assert solve_zero_sum([[1, -1], [-1, 1]]) == ((half, half), (half, half), 0)


def test_rock_paper_scissors():
    """A third each, value 0."""
    third = F(1, 3)
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    assert solve_zero_sum(rps) == ((third,) * 3, (third,) * 3, 0)


@pytest.mark.parametrize("shift", [0, 5, F(-7, 3)])
def test_a_weighted_rock_paper_scissors_has_its_known_mix(shift):
    """The skew-symmetric [[0,-a,b],[a,0,-c],[-b,c,0]] is solved by (c, b, a)/(a+b+c) for
    both sides; with a, b, c = 1, 2, 3 that is (1/2, 1/3, 1/6). Adding a constant to every
    payoff moves the value by that constant and leaves the mixes."""
    matrix = [[0 + shift, -1 + shift, 2 + shift], [1 + shift, 0 + shift, -3 + shift],
              [-2 + shift, 3 + shift, 0 + shift]]
    mix = (F(1, 2), F(1, 3), F(1, 6))
    assert solve_zero_sum(matrix) == (mix, mix, shift)


def test_a_one_by_one_game():
    assert solve_zero_sum([[7]]) == ((1,), (1,), 7)
    assert solve_zero_sum([[F(-5, 2)]]) == ((1,), (1,), F(-5, 2))


def test_a_rectangular_game():
    """Rows [3, -1, 0] and [-2, 4, 1]: the row player mixes half and half and guarantees
    1/2 (columns 0 and 2 bind); the column player mixes 1/6 of column 0, 5/6 of column 2;
    the transposed, negated game has the mixes swapped and the value negated."""
    matrix = [[3, -1, 0], [-2, 4, 1]]
    assert solve_zero_sum(matrix) == ((F(1, 2), F(1, 2)), (F(1, 6), 0, F(5, 6)), F(1, 2))
    transposed = [[-matrix[i][j] for i in range(2)] for j in range(3)]
    assert solve_zero_sum(transposed) == ((F(1, 6), 0, F(5, 6)), (F(1, 2), F(1, 2)),
                                          F(-1, 2))


def test_bad_matrices_are_refused():
    """InputError for a ragged, empty or non-numeric matrix."""
    for bad in ([], [[]], [[1, 2], [3]], [[1], [2, 3]], [["a"]], [[True]], [[1.5]],
                "ab", [["ab"]], None, [[None]], [1, 2]):
        with pytest.raises(InputError):
            solve_zero_sum(bad)


matrices = st.integers(1, 5).flatmap(lambda m: st.integers(1, 5).flatmap(
    lambda n: st.lists(st.lists(st.integers(-9, 9), min_size=n, max_size=n),
                       min_size=m, max_size=m)))


@settings(max_examples=150, deadline=None)
@given(matrix=matrices)
def test_random_matrices_give_an_exact_equilibrium(matrix):
    """Hypothesis: for any small integer matrix no pure deviation gains, exactly."""
    assert_equilibrium(matrix, *solve_zero_sum(matrix))


@settings(max_examples=40, deadline=None)
@given(matrix=st.lists(st.lists(st.sampled_from([-1, 0, 1]), min_size=4, max_size=4),
                       min_size=4, max_size=4))
def test_degenerate_matrices_give_an_exact_equilibrium(matrix):
    """Many ties (payoffs -1, 0, 1 only): degenerate games, several optimal vertices."""
    assert_equilibrium(matrix, *solve_zero_sum(matrix))
