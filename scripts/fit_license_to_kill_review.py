"""Fit the License to Kill review's model (`companion.license_to_kill.review.WEIGHTS`) to
playouts, and measure its error against fresh ones.

    PYTHONPATH=. python scripts/fit_license_to_kill_review.py [games] [positions] [playouts]

The playouts (`bot.playout_action`): the app's advisor (`bot.suggest`) for every choice it
makes, and the draws the tablet never sees made at random: each turn one Plot card of the
library, at random, placed at random among the places the rules allow, face up or down; a
Bond card added at the Briefing when the Agency has no Bond or Agent card to go On
Assignment. Games of 2 to 4 players on the sample library, each set up at random.

Fitting: `games` games of 40 turns; every position of a turn in play gives one row per
player: the features of what the table knows (`review.public_state`) and the Plot Points
the player added by the same turn two rounds on (least squares). Measuring: for
`positions` positions of fresh games, the review's equity against the mean of
`playouts` playouts from the true position (face-down cards as they really are): root
mean square and largest difference, in Plot Points, over every player.
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np

from companion.license_to_kill import bot
from companion.license_to_kill import review as lr
from companion.license_to_kill.engine import new_state

TURNS = 40


def act(state, action, rng: random.Random):
    return state.apply(state.fill_chance(action, rng))


def new_game(rng: random.Random):
    players = rng.choice((2, 3, 4))
    state = new_state({"players": [f"P{i}" for i in range(players)]})
    while state.turn is None:
        state = act(state, bot.playout_action(state, rng), rng)
    return state


def play_to(state, last_turn: int, rng: random.Random):
    """Play on until turn `last_turn` begins (or the game ends); every position passed."""
    seen = []
    while not state.is_over and state.turn.number < last_turn:
        seen.append(state)
        state = act(state, bot.playout_action(state, rng), rng)
    return seen, state


def horizon(state) -> int:
    return state.turn.number + lr.HORIZON_ROUNDS * len(state.players)


def rows_of(state) -> list[tuple[float, ...]]:
    seen = lr.public_state(state)
    table = lr._Prospects(seen)
    return [lr.features(seen, p, table) for p in range(len(state.players))]


def fit(games: int, rng: random.Random) -> np.ndarray:
    rows, labels, clock = [], [], time.perf_counter()
    for _ in range(games):
        first = new_game(rng)
        positions, final = play_to(first, TURNS + 3 * 4, rng)
        by_turn: dict[int, object] = {}
        for state in (*positions, final):
            if not state.is_over:
                by_turn.setdefault(state.turn.number, state)
        for state in positions:
            end = by_turn.get(horizon(state))
            if end is None:
                if not final.is_over:
                    continue
                end = final
            now, then = state.points(), end.points()
            for p, row in enumerate(rows_of(state)):
                rows.append(row)
                labels.append(then[p] - now[p])
    x, y = np.array(rows), np.array(labels, dtype=float)
    w, *_ = np.linalg.lstsq(x, y, rcond=None)
    residual = y - x @ w
    print(f"{games} games, {len(rows)} rows, {time.perf_counter() - clock:.0f} s; "
          f"one playout's own spread about the fit: {np.sqrt(np.mean(residual ** 2)):.2f}")
    for name, value in zip(lr.FEATURES, w, strict=True):
        print(f"  {name:60s} {value:+.4f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")
    return w


def measure(positions: int, playouts: int, rng: random.Random) -> None:
    errors, clock = [], time.perf_counter()
    for _ in range(positions):
        game = new_game(rng)
        seen, _ = play_to(game, game.turn.number + rng.randrange(1, TURNS // 2), rng)
        state = rng.choice(seen[len(seen) // 2:] or seen)
        estimate = lr.equity(state)
        totals = np.zeros(len(state.players))
        for _ in range(playouts):
            _, end = play_to(state, horizon(state), rng)
            totals += np.array(end.points(), dtype=float)
        for p, name in enumerate(state.config.names):
            errors.append(float(estimate[name]) - totals[p] / playouts)
    e = np.array(errors)
    print(f"{positions} positions x {playouts} playouts ({len(e)} players), "
          f"{time.perf_counter() - clock:.0f} s: root mean square "
          f"{np.sqrt(np.mean(e ** 2)):.2f} Plot Points, mean {e.mean():+.2f}, "
          f"largest {np.abs(e).max():.2f}")


def main(games: int = 100, positions: int = 30, playouts: int = 30) -> None:
    rng = random.Random(35)
    w = fit(games, rng)
    lr.WEIGHTS = tuple(float(v) for v in w)
    lr.VALUES.clear()
    measure(positions, playouts, random.Random(36))


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]))
