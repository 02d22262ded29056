"""Exact advice for the secret letters: the round as a zero-sum game, solved exactly.

Each round the Red team and the Black team choose letters at once; what Red gains (the
points of the black tiles it captures less the points of the red tiles it loses) Black
loses. A team's pure strategies are its seats' letters (with four players, its pairs of
letters), so the round is a matrix game of at most 16 x 16, solved exactly by
`companion.core.matrix_game.solve_zero_sum`.

The heat map asks, for each empty window, the chance the window is captured next round if
the drawn tile goes there and both teams then play the equilibrium; the other empty windows
are taken to stay empty (as if the round were played with the board as it is now).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from companion.core.matrix_game import solve_zero_sum
from companion.mb007_tiles import rules
from companion.mb007_tiles.board import Window, crossings, seats_of, window_index

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
                if p and q and window in crossed_windows(self.players, red, black):
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
    matrix = [[red_gain(board, crossed_windows(players, r, b)) for b in black] for r in red]
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
def crossed_windows(players: int, red: tuple[str, ...], black: tuple[str, ...]
                    ) -> frozenset[Window]:
    """The windows where the teams' letters cross: Red's seats' `red`, Black's `black`."""
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


# A stall: no capture in careful play, ever.

STALL_SEARCH_LIMIT = 256  # face-down states looked at: every one with four players (4^4)


def careful_play_stalls(board: tuple[str | None, ...], face_down: tuple[str | None, ...]
                        ) -> bool:
    """Whether, with no tile left to draw, both teams playing every round's equilibrium
    (`board_equilibrium`, the advice the app gives and its bots play) capture nothing in any
    round to come: every pair of strategies either mix can play crosses only empty windows,
    from these face-down letters and from every set of face-down letters such play leads
    to (the board cannot change until something is captured)."""
    players = len(face_down)
    red_seats, black_seats = seats_of("red", players), seats_of("black", players)
    todo, seen = [tuple(face_down)], set()
    while todo:
        down = todo.pop()
        if down in seen:
            continue
        seen.add(down)
        if len(seen) > STALL_SEARCH_LIMIT:
            return False
        available = tuple(tuple(letter for letter in rules.LETTERS if letter != d)
                          for d in down)
        eq = board_equilibrium(board, available)
        for red, red_p in zip(eq.red, eq.red_mix, strict=True):
            for black, black_p in zip(eq.black, eq.black_mix, strict=True):
                if not (red_p and black_p):
                    continue
                if any(board[window_index(w)] is not None
                       for w in crossed_windows(players, red, black)):
                    return False
                picks = dict(zip(red_seats, red, strict=True))
                picks.update(zip(black_seats, black, strict=True))
                todo.append(tuple(picks[seat] for seat in range(players)))
    return True
