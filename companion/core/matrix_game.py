"""Zero-sum matrix games, solved exactly: the equilibrium mixes and value as Fractions.

scipy's `linprog` (HiGHS) finds an optimal vertex, then the mix is solved again in
`Fraction`s on that vertex's support and tight columns, and checked: what the row mix
guarantees against every column equals what the column mix concedes against every row.
Those two bounds meeting is the proof that the mixes are optimal and the value exact.
The tile game's rounds and the card game's simplified announce/call game use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from companion.core.errors import InputError

TOLERANCE = 1e-9
MAX_SIZE = 64  # rows or columns: far more than any game's round here has


def solve_zero_sum(matrix: Sequence[Sequence[int | Fraction]]
                   ) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...], Fraction]:
    """The equilibrium of a zero-sum game whose payoffs to the row player are `matrix`.

    Returns (row mix, column mix, value), each exact. InputError for a ragged, empty or
    non-numeric matrix.

    >>> solve_zero_sum([[1, -1], [-1, 1]])  # matching pennies
    ((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)), Fraction(0, 1))
    """
    payoff = _check_matrix(matrix)
    rows = _optimal_mix(payoff)
    columns = _optimal_mix([[-payoff[i][j] for i in range(len(payoff))]
                            for j in range(len(payoff[0]))])
    floor = min(_dot(rows, column) for column in zip(*payoff, strict=True))
    ceiling = max(_dot(columns, row) for row in payoff)
    if floor != ceiling:
        raise ArithmeticError(f"the exact check failed ({floor} < {ceiling}): not an "
                              "equilibrium")
    return rows, columns, floor


def _check_matrix(matrix: object) -> list[list[Fraction]]:
    if not isinstance(matrix, Sequence) or not matrix or not all(
            isinstance(row, Sequence) and not isinstance(row, str) for row in matrix):
        raise InputError("a payoff matrix is a non-empty list of rows")
    width = len(matrix[0])
    if width == 0 or any(len(row) != width for row in matrix):
        raise InputError("every row of a payoff matrix needs the same, non-zero length")
    if len(matrix) > MAX_SIZE or width > MAX_SIZE:
        raise InputError(f"a payoff matrix has at most {MAX_SIZE} rows and columns")
    if any(isinstance(v, bool) or not isinstance(v, int | Fraction) for row in matrix
           for v in row):
        raise InputError("payoffs are whole numbers or Fractions")
    return [[Fraction(v) for v in row] for row in matrix]


def _optimal_mix(payoff: list[list[Fraction]]) -> tuple[Fraction, ...]:
    """The maximising row player's optimal mix, exact."""
    # Imported here: scipy takes most of a second to import, and every game's engine is
    # loaded to open any saved game (the registry), though few positions need a solve.
    import numpy as np
    from scipy.optimize import linprog

    m, n = len(payoff), len(payoff[0])
    a = np.array([[float(v) for v in row] for row in payoff])
    # Variables x_0..x_{m-1}, v: maximise v with v <= (x A)_j for every column j.
    result = linprog(
        c=[0.0] * m + [-1.0], A_ub=np.hstack([-a.T, np.ones((n, 1))]), b_ub=np.zeros(n),
        A_eq=[[1.0] * m + [0.0]], b_eq=[1.0], bounds=[(0, None)] * m + [(None, None)],
        method="highs-ds",
    )
    if result.status != 0:
        raise ArithmeticError(f"linprog failed: {result.message}")
    x, value = result.x[:m], result.x[m]
    support = [i for i in range(m) if x[i] > TOLERANCE]
    tight = [j for j in range(n) if float(a[:, j] @ x) - value <= TOLERANCE * (1 + abs(value))]
    exact = _solve_on_support(payoff, support, tight)
    if exact is not None:
        return exact
    return _rounded(x)


def _solve_on_support(payoff, support: list[int], tight: list[int]
                      ) -> tuple[Fraction, ...] | None:
    """x on `support` (zero elsewhere) with (x A)_j = v on the tight columns and sum x = 1."""
    unknowns = len(support) + 1  # the x_i on the support, then v
    equations = [[payoff[i][j] for i in support] + [Fraction(-1)] + [Fraction(0)]
                 for j in tight]
    equations.append([Fraction(1)] * len(support) + [Fraction(0), Fraction(1)])
    solution = _gauss(equations, unknowns)
    if solution is None or any(value < 0 for value in solution[:-1]):
        return None
    mix = [Fraction(0)] * len(payoff)
    for i, value in zip(support, solution, strict=False):
        mix[i] = value
    return tuple(mix)


def _gauss(rows: list[list[Fraction]], unknowns: int) -> list[Fraction] | None:
    """One exact solution of the linear system (free unknowns 0), or None if inconsistent."""
    rows = [row[:] for row in rows]
    pivots, r = [], 0
    for column in range(unknowns):
        pivot = next((i for i in range(r, len(rows)) if rows[i][column] != 0), None)
        if pivot is None:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        lead = rows[r][column]
        rows[r] = [v / lead for v in rows[r]]
        for i in range(len(rows)):
            if i != r and rows[i][column] != 0:
                factor = rows[i][column]
                rows[i] = [a - factor * b for a, b in zip(rows[i], rows[r], strict=True)]
        pivots.append(column)
        r += 1
    if any(all(v == 0 for v in row[:-1]) and row[-1] != 0 for row in rows[r:]):
        return None
    solution = [Fraction(0)] * unknowns
    for i, column in enumerate(pivots):
        solution[column] = rows[i][-1]
    return solution


def _rounded(x) -> tuple[Fraction, ...]:
    """A float mix as Fractions summing to exactly 1 (the check in `solve_zero_sum` decides
    whether it is optimal)."""
    mix = [Fraction(max(float(v), 0.0)).limit_denominator(10_000) for v in x]
    total = sum(mix)
    return tuple(v / total for v in mix)


def _dot(mix: Sequence[Fraction], values: Sequence[Fraction]) -> Fraction:
    return sum((p * v for p, v in zip(mix, values, strict=True)), Fraction(0))
