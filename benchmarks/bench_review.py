"""The game review, worked out in one process (served, it runs in the worker), each game's
log about 300 actions where the game runs that long (issue 35's goal: a review within 10
bare tap round trips). Each row names its log's length:

- Dice Lab: 300 checks;
- Golden Gun: a solo game played to its end by the bot, the longest of 20 seeds (a solo
  game cannot run 300 actions: Bond is killed or escapes within about 80); the first review
  of a game, its survival solvers cold, and the same review again;
- Golden Goal: a "first to 3" match between bots, its first 300 actions (a golden-goal
  match ends at its first goal, some 20 to 50 actions); first, no position's scoring faces
  found yet, and again;
- Goldfinger: a map game between bots played to its end, the longest of 10 seeds (a game
  ends within about 170 actions); first, its positions not yet valued, and again;
- the card game: six seats (five bots) played to the end, the longest of 10 seeds (about
  270 actions; four seats end within about 130); first, its standings not yet cached, and
  again;
- License to Kill: three players, 300 actions played by the advisor with random draws
  (first and again).

Also the first tap after resuming a long game, which hashes the moves before it once (the
dice of a position depend on them).
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from bench_resume import ACTIONS, saved_game

from companion.core.review import review
from companion.core.session import Session
from companion.core.store import Store
from companion.dice_lab.engine import Check
from companion.golden_goal import GAME as GOLDEN_GOAL
from companion.golden_goal import kicks as golden_goal_kicks
from companion.golden_goal import review as golden_goal_review
from companion.golden_goal.bot import bot_player
from companion.golden_gun import GAME as GOLDEN_GUN
from companion.golden_gun import bot, odds
from companion.goldfinger import GAME as GOLDFINGER
from companion.goldfinger import bot as goldfinger_bot
from companion.goldfinger import fire_odds as goldfinger_fire_odds
from companion.goldfinger import review as goldfinger_review
from companion.license_to_kill import GAME as LICENSE_TO_KILL
from companion.license_to_kill import bot as ltk_bot
from companion.license_to_kill import review as ltk_review
from companion.mb007_cards import GAME as CARDS
from companion.mb007_cards import standings as cards_standings
from companion.mb007_cards.bot import bot_action as cards_bot_action
from companion.mb007_cards.views import private_view as cards_view


def _ms(work) -> float:
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


REVIEWED = 300  # actions, where a game runs that long


def games() -> tuple[Session, ...]:
    """The games reviewed: Dice Lab, Golden Gun, Golden Goal, Goldfinger, the card game and
    License to Kill, each played as the module's docstring says."""
    rng = random.Random(35)
    dice_lab = Session("dice_lab", seed=35)
    for _ in range(REVIEWED):
        dice_lab.act(Check(rng.randint(1, 4), rng.randint(3, 18)))
    golden_gun = Session(GOLDEN_GUN, {"mode": "solo"}, seed=32)
    while not golden_gun.state.is_over:
        golden_gun.act(bot.choose_action(golden_gun.state))
    golden_goal, goal_rng = Session(GOLDEN_GOAL, {"match": "first to 3"}, seed=35), \
        random.Random(35)
    while not golden_goal.state.is_over and len(golden_goal.actions) < REVIEWED:
        golden_goal.act(bot_player(golden_goal.state, goal_rng))
    goldfinger = Session(GOLDFINGER, {"map": "sample"}, seed=39)
    while not goldfinger.state.is_over:
        goldfinger.act(goldfinger_bot.bot_action(goldfinger.state))
    ltk, ltk_rng = Session(LICENSE_TO_KILL, {"players": ["Ann", "Bob", "Cy"]}, seed=35), \
        random.Random(35)
    while not ltk.state.is_over and len(ltk.actions) < REVIEWED:
        ltk.act(ltk_bot.playout_action(ltk.state, ltk_rng))
    cards_rng = random.Random(30)
    cards = Session(CARDS, {"players": 6, "bots": [1, 2, 3, 4, 5]}, seed=30)
    while not cards.state.is_over:
        seat = cards.state.to_act if cards.state.to_act is not None else 0
        cards.act(cards_bot_action(cards_view(cards.state, seat), cards_rng))
    return dice_lab, golden_gun, golden_goal, goldfinger, cards, ltk


def first_and_again(what: str, session: Session) -> list[tuple[str, float]]:
    """The review of `session`'s game timed twice: first (its figures not yet kept), then
    again."""
    def once() -> float:
        return _ms(lambda: review(session.game, session.options, session.actions))

    return [(f"Review {what} (first)", once()), (f"Review {what} (again)", once())]


def measure(browser, tmp: Path) -> list[tuple[str, float]]:
    dice_lab, golden_gun, golden_goal, goldfinger, cards, ltk = games()
    golden_goal_review.FACES_FOUND.clear()  # the first review finds no position's faces found
    golden_goal_kicks._courses.cache_clear()  # nor where a kick from a square may go
    goldfinger_review.VALUES.clear()  # the first review of a game values every position
    goldfinger_review.FIRE_CHANCES.clear()
    goldfinger_review.CAR_FIRE_CHANCES.clear()
    goldfinger_review.DISTANCES.clear()
    goldfinger_fire_odds.TARGETS.clear()  # nor Bond's place as a target, nor his Space's shots
    goldfinger_fire_odds.UNSCREENED_SHOTS.clear()
    cards_standings.WIN_SHARES.clear()  # the bots' game filled it
    cards_standings._below_grid.cache_clear()
    cards_standings._grid_rows.cache_clear()
    for memo in (ltk_review.VALUES, ltk_review.REQUIREMENTS, ltk_review.TEAMS, ltk_review.MET):
        memo.clear()
    odds._SOLVERS.clear()  # the first review of a game finds no solver made before
    rows = [("Review a 300-check Dice Lab game", _ms(
                lambda: review("dice_lab", {}, dice_lab.actions))),
            *first_and_again(f"a {len(golden_gun.actions)}-action Golden Gun solo game, "
                             "whole", golden_gun),
            *first_and_again(f"{len(golden_goal.actions)} actions of a Golden Goal "
                             "first-to-3 match", golden_goal),
            *first_and_again(f"a {len(goldfinger.actions)}-action Goldfinger game, whole",
                             goldfinger),
            *first_and_again(f"a {len(cards.actions)}-action six-seat card game, whole", cards),
            *first_and_again(f"a {len(ltk.actions)}-action License to Kill game", ltk)]
    store = Store(tmp / "review.sqlite3")
    try:
        resumed = Session.resume(store, saved_game(store))
        rows.append((f"First check after resuming a {ACTIONS:,}-action game", _ms(
            lambda: resumed.act(Check(2, 7)))))
        rows.append(("A check after that", _ms(lambda: resumed.act(Check(2, 7)))))
    finally:
        store.close()
    return rows


TAP_MS = 23  # about the bare tap round trip (`make bench` measures it, and reads against it)

if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for name, value in measure(None, Path(folder)):
            print(f"{name}: {value:.1f} ({value / TAP_MS:.1f}x a {TAP_MS} ms tap)")
