"""Exact advice for the secret letters: the round as a zero-sum game, solved exactly.

Each round the Red team and the Black team choose letters at once; what Red gains (the
points of the black tiles it captures less the points of the red tiles it loses) Black
loses. A team's pure strategies are its seats' letters (with four players, its pairs of
letters), so the round is a matrix game of at most 16 x 16. `solve_zero_sum` finds its
equilibrium: scipy's `linprog` (HiGHS) finds an optimal vertex, then the mix is solved
again in `Fraction`s on that vertex's support and tight columns, and checked: what the row
mix guarantees against every column equals what the column mix concedes against every row.
Those two bounds meeting is the proof that the mixes are optimal and the value exact.

The heat map asks, for each empty window, the chance the window is captured next round if
the drawn tile goes there and both teams then play the equilibrium; the other empty windows
are taken to stay empty (as if the round were played with the board as it is now).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

import numpy as np
from scipy.optimize import linprog

from companion.core.errors import InputError
from companion.mb007_tiles import rules
from companion.mb007_tiles.board import Window, crossings, seats_of, window_index

TOLERANCE = 1e-9
MAX_SIZE = 64  # rows or columns: far more than a round of this game has


# The matrix game.


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


# A round of the tile game as a matrix game.


@dataclass(frozen=True)
class Equilibrium:
    """The round's equilibrium: each team's strategies (its seats' letters, by seat) and
    mix, and the value to Red in points (Black's is its negative)."""

    players: int
    red: tuple[tuple[str, ...], ...]
    black: tuple[tuple[str, ...], ...]
    red_mix: tuple[Fraction, ...]
    black_mix: tuple[Fraction, ...]
    value: Fraction

    def value_for(self, colour: str) -> Fraction:
        return self.value if colour == "red" else -self.value

    def team_mix(self, colour: str) -> tuple[tuple[tuple[str, ...], ...], tuple[Fraction, ...]]:
        """A team's strategies (its seats' letters, by seat) and its mix over them."""
        return (self.red, self.red_mix) if colour == "red" else (self.black, self.black_mix)

    def seat_mix(self, seat: int, partner_letter: str | None = None) -> dict[str, Fraction]:
        """One seat's chance of each letter: its share of its team's mix; given its
        partner's letter, its share of the strategies with that letter (for a team the app
        plays whole, so the pair follows the team's mix)."""
        colour = rules.SEAT_COLOURS[seat]
        strategies, mix = self.team_mix(colour)
        team = seats_of(colour, self.players)
        position = team.index(seat)
        chances = dict.fromkeys(rules.LETTERS, Fraction(0))
        for letters, p in zip(strategies, mix, strict=True):
            if partner_letter is None or letters[1 - position] == partner_letter:
                chances[letters[position]] += p
        total = sum(chances.values())
        if partner_letter is not None and not total:
            # The partner's letter is one the team's mix never plays (entered by hand, or
            # after an undo): the seat plays its own share of the mix, unconditioned.
            return self.seat_mix(seat)
        if partner_letter is not None:
            chances = {letter: p / total for letter, p in chances.items()}
        return {letter: p for letter, p in chances.items() if p or letter in
                {s[position] for s in strategies}}

    def capture_chance(self, window: Window) -> Fraction:
        """The chance `window` is captured if both teams play their mixes."""
        total = Fraction(0)
        for red, p in zip(self.red, self.red_mix, strict=True):
            for black, q in zip(self.black, self.black_mix, strict=True):
                if p and q and window in _crossed(self.players, red, black):
                    total += p * q
        return total


def round_equilibrium(state) -> Equilibrium:
    """The equilibrium of the next round on `state`'s board, from public facts only: the
    tiles in the windows and the letters lying face down (never anybody's secret pick)."""
    available = tuple(state.available(seat) for seat in range(state.players))
    return board_equilibrium(state.board, available)


@lru_cache(maxsize=512)
def board_equilibrium(board: tuple[str | None, ...], available: tuple[tuple[str, ...], ...]
                      ) -> Equilibrium:
    players = len(available)
    red = tuple(product(*(available[s] for s in seats_of("red", players))))
    black = tuple(product(*(available[s] for s in seats_of("black", players))))
    matrix = [[red_gain(board, _crossed(players, r, b)) for b in black] for r in red]
    red_mix, black_mix, value = solve_zero_sum(matrix)
    return Equilibrium(players, red, black, red_mix, black_mix, value)


def red_gain(board: tuple[str | None, ...], windows: frozenset[Window]) -> int:
    """Capturing Tiles: black tiles in the crossings are Red's gain, red tiles its loss."""
    gain = 0
    for window in windows:
        tile = board[window_index(window)]
        if tile is not None:
            points = rules.tile_points(tile)
            gain += points if rules.tile_colour(tile) == "black" else -points
    return gain


@lru_cache(maxsize=4096)
def _crossed(players: int, red: tuple[str, ...], black: tuple[str, ...]) -> frozenset[Window]:
    letters = dict(zip(seats_of("red", players), red, strict=True))
    letters.update(zip(seats_of("black", players), black, strict=True))
    return crossings(letters, players)


@dataclass(frozen=True)
class WindowAdvice:
    """If the drawn tile goes in `window`: the chance it is captured next round, and the
    round's equilibrium value to the drawer's team."""

    window: Window
    capture: Fraction
    value: Fraction


def placement_advice(state) -> list[WindowAdvice]:
    """For each empty window, where the drawn tile would be safe or taken (see the module
    docstring for what is assumed)."""
    if state.phase != "place" or state.drawn is None:
        return []
    colour = rules.SEAT_COLOURS[state.to_move]
    available = tuple(state.available(seat) for seat in range(state.players))
    advice = []
    for window in state.empty_windows:
        board = list(state.board)
        board[window_index(window)] = state.drawn
        equilibrium = board_equilibrium(tuple(board), available)
        advice.append(WindowAdvice(window, equilibrium.capture_chance(window),
                                   equilibrium.value_for(colour)))
    return advice


def best_window(advice: list[WindowAdvice]) -> WindowAdvice:
    """The window best for the drawer's team: the highest value, then the lowest chance of
    losing an own tile (or highest of taking an opponent's) is in `value` already."""
    return max(advice, key=lambda a: a.value)
