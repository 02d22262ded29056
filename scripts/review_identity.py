"""Every review figure the same before and after a change that should only make reviews
faster: reviews bots' games of every reviewed game (`COUNT` seeds each) and saves them
(`save FILE`), or compares them with those saved (`check FILE`), naming each game whose
review differs in any figure; `check FILE GAME...` checks only those games.

    PYTHONPATH=. python scripts/review_identity.py save /tmp/before.json   # old code
    PYTHONPATH=. python scripts/review_identity.py check /tmp/before.json  # new code
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator

from companion.core.review import review
from companion.core.session import Session
from companion.dice_lab.engine import Check
from companion.golden_goal.bot import bot_player
from companion.golden_gun import bot as golden_gun_bot
from companion.goldfinger import bot as goldfinger_bot
from companion.license_to_kill import bot as ltk_bot
from companion.mb007_cards.bot import bot_action as cards_bot_action
from companion.mb007_cards.views import private_view as cards_view

COUNT = 25  # games per game
LONGEST = 200  # actions reviewed, where a game runs longer


def _played(session: Session, move) -> Session:
    while not session.state.is_over and len(session.actions) < LONGEST:
        session.act(move(session.state))
    return session


def games(seed: int) -> Iterator[tuple[str, Session]]:
    """One game of each reviewed game, played by bots from `seed`."""
    rng = random.Random(seed)
    dice_lab = Session("dice_lab", seed=seed)
    for _ in range(60):
        dice_lab.act(Check(rng.randint(1, 4), rng.randint(3, 18)))
    yield "dice_lab", dice_lab
    yield "golden_gun", _played(Session("golden_gun", {"mode": "solo"}, seed=seed),
                                golden_gun_bot.choose_action)
    yield "golden_goal", _played(
        Session("golden_goal", {"match": "first to 3"}, seed=seed),
        lambda state: bot_player(state, rng))
    yield "goldfinger", _played(Session("goldfinger", {"map": "sample"}, seed=seed),
                                goldfinger_bot.bot_action)
    yield "license_to_kill", _played(
        Session("license_to_kill", {"players": ["Ann", "Bob", "Cy", "Di"][:3 + seed % 2]},
                seed=seed), lambda state: ltk_bot.playout_action(state, rng))
    seats = 4 + seed % 3
    yield "mb007_cards", _played(
        Session("mb007_cards", {"players": seats, "bots": list(range(1, seats))}, seed=seed),
        lambda state: cards_bot_action(
            cards_view(state, state.to_act if state.to_act is not None else 0), rng))


def reviews(only: list[str]) -> dict[str, str]:
    """Each review, by game and seed, as its exact figures in words (`repr`: Fractions whole)."""
    found = {}
    for seed in range(COUNT):
        for name, session in games(seed):
            if not only or name in only:
                found[f"{name} {seed}"] = repr(review(session.game, session.options,
                                                      session.actions))
    return found


if __name__ == "__main__":
    command, path, *only = sys.argv[1:]
    now = reviews(only)
    if command == "save":
        with open(path, "w", encoding="utf-8") as file:
            json.dump(now, file)
        print(f"{len(now)} reviews saved")
    else:
        with open(path, encoding="utf-8") as file:
            saved = json.load(file)
        saved = {key: value for key, value in saved.items() if key in now}
        differ = [key for key in saved if saved[key] != now[key]]
        print(f"{len(saved) - len(differ)} of {len(saved)} reviews the same; differ: {differ}")
        sys.exit(1 if differ else 0)
