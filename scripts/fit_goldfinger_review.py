"""Fit the Goldfinger review's model (`companion.goldfinger.review.WEIGHTS`) to bot games
on the sample map, and measure its error against fresh bot games.

    PYTHONPATH=. python scripts/fit_goldfinger_review.py [games] [positions]

Plays `games` bot-against-bot games from the set-up (the Enemy bot hides the cards, then
the table's view: every face-down card dealt evenly among the stars, as the review assumes),
fits a logistic model of Bond's win to the features of every position the review values
by the model, and prints the weights. Then, for `positions` positions of fresh games, it
compares the review's equity (every other one after Bond found Tilly) with
`bot.estimate_bond_win` over 400 games (root mean square and largest difference, in
points); Bond's share of the fitted games is the review's START.
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np

from companion.goldfinger import bot, rules
from companion.goldfinger import review as gr
from companion.goldfinger.engine import PlaceCards, new_state
from companion.goldfinger.views import public_state


def start(rng: random.Random):
    state = new_state({"map": "sample"})
    state = state.apply(state.fill_chance(PlaceCards(), rng))
    state = state.apply(bot.bond_bot(state))
    return bot._deal(public_state(state), rng)


def modelled(state) -> bool:
    """Positions the review values by the model (not chance it averages)."""
    return state.phase == "play" and not state.is_over and state.pending is None and not (
        state.step is None and rules.BOND not in state.done)


def positions(first, final):
    state = first
    for action in final.history:
        if modelled(state):
            yield state
        state = state.apply(action)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's method (a little ridge for stability)."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def main(games: int = 6000, checked: int = 40) -> None:
    rng = random.Random(35)
    rows, labels, wins, clock = [], [], 0, time.perf_counter()
    for _ in range(games):
        first = start(rng)
        final = bot.play_out(first, rng)
        won = final.winner == rules.BOND
        wins += won
        for state in positions(first, final):
            rows.append(gr.features(state))
            labels.append(float(won))
    x, y = np.array(rows), np.array(labels)
    w = fit(x, y)
    print(f"{games} games, {len(rows)} positions, Bond won {wins} "
          f"({wins / games:.3f}), {time.perf_counter() - clock:.0f} s")
    for name, value in zip(gr.FEATURES, w, strict=True):
        print(f"  {name:45s} {value:+.4f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")
    gr.WEIGHTS = tuple(float(v) for v in w)
    gr.VALUES.clear()
    check = random.Random(2035)
    errors = []
    for i in range(checked):
        while True:  # every other position one after Bond found Tilly, if a game gets there
            first = start(check)
            final = bot.play_out(first, check)
            states = [s for s in positions(first, final) if s.has_tilly or i % 2 == 0]
            if states:
                break
        state = states[check.randrange(len(states))]
        mine = float(gr.bond_chance(state))
        theirs = bot.estimate_bond_win(public_state(state), games=400, seed=i).rate
        errors.append(mine - theirs)
        print(f"  turn {state.turn:2d} hits {state.piece(rules.BOND).hits} tilly "
              f"{state.has_tilly:d}: model {mine:.3f}, 400 bot games {theirs:.3f}")
    rms = (sum(e * e for e in errors) / len(errors)) ** 0.5
    print(f"error: root mean square {rms * 100:.1f} points, largest "
          f"{max(abs(e) for e in errors) * 100:.1f} points, mean {np.mean(errors) * 100:+.1f}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:]))
