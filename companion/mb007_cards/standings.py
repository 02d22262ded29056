"""Playing to win: each seat's chance to end with the most points, and the answer worth most
to a responder's chance, for a bot that plays for first place rather than for chips.

The game ends when the pot is empty (Rules for Play 12) and the most points win (13), so a
player two points behind with one chip left in the pot must stop a bluffer who leads, even
at a cost in chips: playing for expected chips loses to a player who gambles everything
(the tournament's "always bluff" won a third of its games against bots that played for
chips). What an answer is worth to a player who plays to win is his chance of winning after
it.

**An estimate, stated**: while the pot holds chips, each live seat's points at the end are
taken to be his points now plus a spread, independently of the other seats: a normal one
of variance `SPREAD_PER_POT_POINT` times the points in the pot, and with chance
`WIDE_SHARE` one of variance `WIDE_SPREAD_PER_POT_POINT` times them (`win_shares`):
the game's swings have heavy tails (two calls of 3 against a holder move 14 points), which
one normal spread made far too sure of the leader. Measured over 300 four-seat bot games,
the chance given against how often the seat won, at every turn: under 1% given 0.28%,
won 0.20%; 1-5% given 2.2%, won 3.2%; 5-15% given 11.2%, won 11.8%; 15-35% given 24.4%,
won 22.9%; 35-65% given 45.1%, won 51.9%; 65-90% given 76.7%, won 76.0%; over 90% given
98.0%, won 96.9%. (One normal spread of 1.3 gave 0.05% where seats won 0.86%, and 2.7%
where they won 12.5%.) Once the pot is empty (or one player has chips) the shares are
exact: 1 for the most points, 1/k for a tie of k.
Responses after this one are not foreseen (as `bluffing.answer_value`).

>>> [round(share, 2) for share in win_shares((40, 36, 36, 30), (True,) * 4, 0)]
[1.0, 0.0, 0.0, 0.0]
>>> [round(share, 2) for share in win_shares((36, 36), (True, True), 5)]
[0.5, 0.5]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import compress
from operator import mul

import numpy as np

from companion.core.memo import Memo
from companion.mb007_cards import rules

# The spread's variance per point in the pot, and the wide one's, mixed (see the module's
# docstring for how well the mix matches how often seats won).
SPREAD_PER_POT_POINT = 2.0
WIDE_SPREAD_PER_POT_POINT = 10.0
WIDE_SHARE = 0.15
# The quadrature over -6 to +6 standard deviations: the integrand is smooth, and steps of a
# quarter agree with steps of a tenth to 1e-9.
_STEP = 0.25
_GRID = tuple(i * _STEP for i in range(-24, 25))
_WEIGHTS = tuple(math.exp(-z * z / 2) * _STEP / math.sqrt(2 * math.pi) for z in _GRID)


def win_shares(points: Sequence[int], live: Sequence[bool], pot: int) -> tuple[float, ...]:
    """Each seat's expected share of the win (1 alone first, 1/k tied with k others), from
    the points, who still has chips (`live`) and the points in the pot."""
    key = (tuple(points), tuple(live), pot)
    return WIN_SHARES.get(key, lambda: _win_shares(*key))


Standing = tuple[tuple[int, ...], tuple[bool, ...], int]  # points, live, the pot's points
# A game's answers ask again about the same few standings.
WIN_SHARES: Memo[tuple[float, ...]] = Memo(kept=8192)


def win_shares_many(standings: Sequence[Standing]) -> list[tuple[float, ...]]:
    """`win_shares` of each standing, those with the same seats playing and the same pot
    worked out together on arrays (a review weighs the answers to an announcement all at
    once): the same floats as one by one."""
    found: list[tuple[float, ...] | None] = [None] * len(standings)
    together: dict[tuple[tuple[int, ...], int], list[int]] = {}
    keys = [(tuple(points), tuple(live), pot) for points, live, pot in standings]
    for k, (points, live, pot) in enumerate(keys):
        known = WIN_SHARES.peek((points, live, pot))
        if known is not None:
            found[k] = known
            continue
        playing = tuple(compress(range(len(live)), live))
        if pot <= 0 or len(playing) < 2 or not _on_arrays([points[i] for i in playing]):
            found[k] = win_shares(points, live, pot)
        else:
            together.setdefault((playing, pot), []).append(k)
    for (playing, pot), members in together.items():
        usual, wide = _normal_shares_together([keys[k][0] for k in members], list(playing),
                                              _variances(pot)).transpose(1, 0, 2)
        # `_mixed` on arrays: the same products and sums, element by element.
        mixed = ((1 - WIDE_SHARE) * usual + WIDE_SHARE * wide).tolist()
        for k, shares in zip(members, mixed, strict=True):
            found[k] = tuple(shares)
            WIN_SHARES.keep(keys[k], found[k])
    return found  # type: ignore[return-value]


def _win_shares(points: tuple[int, ...], live: tuple[bool, ...], pot: int
                ) -> tuple[float, ...]:
    playing = [i for i, alive in enumerate(live) if alive]
    if pot <= 0 or len(playing) < 2:
        best = max(points)
        leaders = [i for i, p in enumerate(points) if p == best]
        return tuple(1 / len(leaders) if i in leaders else 0.0 for i in range(len(points)))
    usual, wide = normal_shares(points, playing, _variances(pot))
    return _mixed(usual, wide)


def _variances(pot: int) -> tuple[float, float]:
    return SPREAD_PER_POT_POINT * pot, WIDE_SPREAD_PER_POT_POINT * pot


def _mixed(usual: tuple[float, ...], wide: tuple[float, ...]) -> tuple[float, ...]:
    return tuple((1 - WIDE_SHARE) * u + WIDE_SHARE * w for u, w in zip(usual, wide, strict=True))


def normal_shares(points: Sequence[int], playing: list[int], variances: tuple[float, ...]
                  ) -> list[tuple[float, ...]]:
    """For each variance, each seat's chance of the most points with a normal spread of
    that variance added to every playing seat's points: for each playing seat, the
    quadrature's weights times the product, over the other playing seats in order, of the
    chance that seat stays below.

    Worked out for every variance and playing seat at once on arrays, multiplied and added
    in the same order as one seat at a time in floats (`normal_shares_by_seat`, used where
    the leads are too wide for the tables of rows): the same floats, bit for bit (a
    review's exact figures are these shares to a millionth, so an order that moved the last
    bit could move one)."""
    if not _on_arrays([points[i] for i in playing]):
        return [normal_shares_by_seat(points, playing, math.sqrt(variance))
                for variance in variances]
    return [tuple(shares) for shares in
            _normal_shares_together([points], playing, variances)[0].tolist()]


def _on_arrays(points: list[int]) -> bool:
    """Whether the tables of rows hold every lead among these points."""
    return max(points) - min(points) <= _WIDEST_LEAD and all(type(p) is int for p in points)


def _normal_shares_together(standings: list[Sequence[int]], playing: list[int],
                            variances: tuple[float, ...]) -> np.ndarray:
    """`normal_shares` of several standings with the same seats playing (`_on_arrays` for
    each): an array by standing, variance and seat."""
    spreads = tuple(math.sqrt(variance) for variance in variances)
    grid = _grid_rows(spreads)
    points = np.array(standings)[:, playing]
    # (standing, seat, other seat): where seat i's lead over each other seat is in the grid
    places = grid.places(points, _OTHERS[len(playing)])
    product = grid.rows[places[..., 0]]  # (standing, seat, spread, grid point)
    for other in range(1, len(playing) - 1):
        product *= grid.rows[places[..., other]]
    product *= _WEIGHT_ARRAY
    # cumsum adds in order, one after another (as Python's sum of floats; numpy's sum
    # would add in pairs): its last column is each seat's sum, and each seat's share is
    # its sum over all the seats' sums, added in seat order.
    sums = np.cumsum(product, axis=-1)[..., -1]
    totals = np.cumsum(sums, axis=1)[:, -1:]
    shares = np.zeros((len(standings), len(variances), len(standings[0])))
    shares[:, :, playing] = (sums / totals).transpose(0, 2, 1)
    return shares


def normal_shares_by_seat(points: Sequence[int], playing: list[int], spread: float
                           ) -> tuple[float, ...]:
    shares = [0.0] * len(points)
    for i in playing:
        rows = [_below_grid((points[i] - points[j]) / spread) for j in playing if j != i]
        shares[i] = sum(map(mul, _WEIGHTS, map(math.prod, zip(*rows, strict=True))))
    total = sum(shares)
    return tuple(share / total for share in shares)


_WEIGHT_ARRAY = np.array(_WEIGHTS)
# For m playing seats, row i: the other seats' places among them, in order.
_OTHERS = {m: np.array([[j for j in range(m) if j != i] for i in range(m)], dtype=np.intp)
           for m in range(2, rules.MAX_PLAYERS + 1)}
_WIDEST_LEAD = 250  # points; a wider lead (none seen in play) is worked out seat by seat


class _GridRows:
    """`_below_grid(lead / spread)` for each of `spreads` and every whole lead of points
    within `_WIDEST_LEAD`: `rows[lead + _WIDEST_LEAD]` holds a lead's, one per spread, each
    lead's worked out when first asked for. The worker's threads may fill a lead's rows at
    once: each writes the same floats, and a lead is marked filled only once written."""

    def __init__(self, spreads: tuple[float, ...]):
        self.spreads = spreads
        self.rows = np.empty((2 * _WIDEST_LEAD + 1, len(spreads), len(_GRID)))
        self.filled = np.zeros(2 * _WIDEST_LEAD + 1, dtype=bool)

    def places(self, points: np.ndarray, others: np.ndarray) -> np.ndarray:
        """Where in `rows` each standing's seats' leads over each other seat are (`points`:
        by standing and seat; `others`: row i, the places of the seats other than i), the
        leads not yet there worked out first."""
        places = points[:, :, None] - points[:, others] + _WIDEST_LEAD
        for place in np.unique(places[~self.filled[places]]).tolist():
            for k, spread in enumerate(self.spreads):
                self.rows[place, k] = _below_grid((place - _WIDEST_LEAD) / spread)
            self.filled[place] = True
        return places


@lru_cache(maxsize=64)  # spreads per points in the pot, and a game's pot holds few
def _grid_rows(spreads: tuple[float, ...]) -> _GridRows:
    return _GridRows(spreads)


@lru_cache(maxsize=4096)  # a lead is a difference of points over a spread: a game has few
def _below_grid(lead: float) -> tuple[float, ...]:
    """The standard normal's chance of falling below z + lead at every point z of the
    quadrature's grid (the same floats as working each out where it is used: the review's
    many standings share them)."""
    return tuple(0.5 * (1 + math.erf((z + lead) / _SQRT2)) for z in _GRID)


_SQRT2 = math.sqrt(2)


def after_answers(points: Sequence[int], pot: int, announcer: int,
                  bets: Sequence[tuple[int, int]], holding: bool) -> tuple[tuple[int, ...], int]:
    """The points and the pot once an announcement is settled (Rules for Play 5-6, 10):
    `bets` are the (seat, bet) answers in the order given (0 accepts), `holding` whether
    the announcer held. The pot pays what it holds; a bluffer pays the callers from his
    left, then the pot, as far as his chips go."""
    after = list(points)
    callers = [(seat, bet) for seat, bet in bets if bet]
    if not callers:
        won = min(rules.ACCEPTED_PAYOUT[holding], pot)
        after[announcer] += won
        return tuple(after), pot - won
    if holding:
        for seat, bet in callers:
            after[seat] -= bet
            after[announcer] += bet
        won = min(rules.CALLED_HOLDING_FROM_POT, pot)
        after[announcer] += won
        return tuple(after), pot - won
    for seat, bet in callers:
        paid = min(bet, after[announcer])
        after[announcer] -= paid
        after[seat] += paid
    to_pot = min(rules.CALLED_BLUFF_TO_POT, after[announcer])
    after[announcer] -= to_pot
    return tuple(after), pot + to_pot


def answer_win_share(holds: Fraction, me: int, bet: int, points: Sequence[int],
                     live: Sequence[bool], pot: int, announcer: int,
                     earlier: Sequence[tuple[int, int]]) -> float:
    """A responder's expected share of the win answering with `bet` (0 accepts), when the
    announcer holds with chance `holds`, after the answers `earlier` and none after."""
    bets = (*earlier, (me, bet))
    value = 0.0
    for holding, chance in ((True, holds), (False, 1 - holds)):
        if chance:
            after, pot_after = after_answers(points, pot, announcer, bets, holding)
            still = [alive and p > 0 for alive, p in zip(live, after, strict=True)]
            value += float(chance) * win_shares(after, still, pot_after)[me]
    return value
