"""The odds and advice the replay shows at each position (issue 35: "the odds and the advice
are shown as they were then"), and the picture of the table it draws there (the board, as
the live page draws it), each timed per position over a played game of each app: the
median and the slowest, against the ~20 ms a replay tap may spend on them. The games are
the review benchmark's (`bench_review.games`) and a four-seat tile game between bots;
where a game leaves seats to the app's bots their positions say so and cost nothing, so
the card game is played here with every seat a person's.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

from bench_review import games

from companion.core.registry import find_game
from companion.core.session import Session
from companion.core.store import Store
from companion.mb007_cards.bot import bot_action as cards_bot_action
from companion.mb007_cards.views import private_view as cards_view
from companion.mb007_tiles.bot import autoplay_action

TILE_ACTIONS = 300


def tile_game() -> Session:
    rng = random.Random(35)
    tiles = Session("mb007_tiles", {"players": 4, "mode": "tablet"}, seed=35)
    while not tiles.state.is_over and len(tiles.actions) < TILE_ACTIONS:
        tiles.act(autoplay_action(tiles.state, rng))
    return tiles


def card_game() -> Session:
    rng = random.Random(30)
    cards = Session("mb007_cards", {"players": 4}, seed=30)
    while not cards.state.is_over:
        seat = cards.state.to_act if cards.state.to_act is not None else 0
        cards.act(cards_bot_action(cards_view(cards.state, seat), rng))
    return cards


def forget_kept_figures() -> None:
    """Empty every `functools` cache of the app's modules, so the figures the bots worked
    out while playing the game are worked out again (the replay of a resumed game)."""
    for name, module in list(sys.modules.items()):
        if name.startswith("companion."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def per_position(session: Session, store: Store) -> tuple[list[float], int, list[float], int]:
    """The replay's advice at every position of `session`'s game, each timed (ms), and how
    many positions said something; then its picture at every position, each timed (ms),
    and the largest picture (characters)."""
    board = find_game(session.game.name).load_dashboard()(store=store, session=session)
    actions, times, said, drawn, largest = session.actions, [], 0, [], 0
    forget_kept_figures()
    for position in range(len(actions) + 1):
        state = session.state_after(position)
        coming = actions[position] if position < len(actions) else None
        start = time.perf_counter()
        said += bool(board.replay_advice(state, coming))
        times.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        largest = max(largest, len(board.replay_picture(state)))
        drawn.append((time.perf_counter() - start) * 1000)
    return times, said, drawn, largest


def measure(browser, tmp: Path) -> list[tuple[str, float]]:
    dice_lab, golden_gun, golden_goal, goldfinger, _, ltk = games()
    store = Store(tmp / "replay.sqlite3")
    rows = []
    try:
        for session in (dice_lab, golden_gun, golden_goal, goldfinger, card_game(), ltk,
                        tile_game()):
            times, said, drawn, largest = per_position(session, store)
            what = f"{session.game.name}, {len(session.actions)} actions, {said} with advice"
            rows += [(f"Replay advice per position, median ({what})", statistics.median(times)),
                     (f"Replay advice per position, slowest ({what})", max(times))]
            what = f"{session.game.name}, at most {largest / 1000:.1f} KB"
            rows += [(f"Replay picture per position, median ({what})", statistics.median(drawn)),
                     (f"Replay picture per position, slowest ({what})", max(drawn))]
    finally:
        store.close()
    return rows


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for name, value in measure(None, Path(folder)):
            print(f"{name}: {value:.2f} ms")
