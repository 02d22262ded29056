"""The test of a claimed equilibrium, shared by every game's solver tests."""

from __future__ import annotations

from fractions import Fraction


def assert_equilibrium(matrix, rows, columns, value):
    """No pure deviation gains: every row earns at most `value` against the column mix,
    every column concedes at least `value` against the row mix; mixes are distributions."""
    assert len(rows) == len(matrix) and len(columns) == len(matrix[0])
    for mix in (rows, columns):
        assert all(isinstance(p, Fraction) and p >= 0 for p in mix) and sum(mix) == 1
    for row in matrix:
        assert sum(q * v for q, v in zip(columns, row, strict=True)) <= value
    for column in zip(*matrix, strict=True):
        assert sum(p * v for p, v in zip(rows, column, strict=True)) >= value
    assert isinstance(value, Fraction)
