"""Fixed human strategies against the bots: does any simple way of playing beat them?

One seat plays a fixed strategy and the other three are bots (`bot.bot_action`); every
other decision of that seat (drawing, placing, announcing a combination it holds) is the
bot's. The strategy's seat goes round the table with the seed (the first player's place
matters in a game this short). A seat's share of a game is 1 for a win, 1/k for a win
shared by k, else 0; a fair seat's share is 1/4. `strategy_table` plays each strategy over
the same seeds and reports its mean share with a 95% interval (normal approximation, 1.96
standard errors), the mean points it ends with against the bots' mean, and what the bots
did: how often they bluffed, and how many of their calls won.

    python -m companion.mb007_cards.tournament 1000
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core.session import Session
from companion.mb007_cards import rules
from companion.mb007_cards.actions import Announce, Pass, Respond
from companion.mb007_cards.bot import MAX_ACTIONS, bot_action
from companion.mb007_cards.engine import CardsState
from companion.mb007_cards.views import PrivateView, private_view

PLAYERS = 4
Strategy = Callable[[PrivateView, random.Random], Any]


def _always_call(view: PrivateView, rng: random.Random) -> Any:
    if view.public.phase == "respond":
        return Respond(view.seat, min(max(rules.BETS), view.me.points))
    return bot_action(view, rng)


def _never_call(view: PrivateView, rng: random.Random) -> Any:
    if view.public.phase == "respond":
        return Respond(view.seat, rules.ACCEPT)
    return bot_action(view, rng)


def _always_bluff(view: PrivateView, rng: random.Random) -> Any:
    """Announces after every draw, holding or not."""
    if view.public.phase == "drawn":
        return Announce()
    return bot_action(view, rng)


def _never_bluff(view: PrivateView, rng: random.Random) -> Any:
    action = bot_action(view, rng)
    holding = view.down is not None and rules.is_winning((*view.me.up, view.down))
    if view.public.phase == "drawn" and isinstance(action, Announce) and not holding:
        return Pass()
    return action


STRATEGIES: dict[str, Strategy] = {
    "the bot itself": bot_action,
    "always call (with 3)": _always_call,
    "never call": _never_call,
    "always bluff": _always_bluff,
    "never bluff": _never_bluff,
}


@dataclass
class Tally:
    """What one strategy's games came to."""

    games: int = 0
    share: float = 0.0
    share_squares: float = 0.0
    points: int = 0
    bot_points: float = 0.0
    bot_bluffs: int = 0
    bot_turns_without: int = 0  # bot announcements or passes without a combination
    bot_calls_won: int = 0
    bot_calls_lost: int = 0

    def interval(self) -> tuple[float, float, float]:
        """The mean share and its 95% interval."""
        mean = self.share / self.games
        variance = max(self.share_squares / self.games - mean * mean, 0.0)
        half = 1.96 * math.sqrt(variance / self.games)
        return mean, mean - half, mean + half


def play_one(strategy: Strategy, seed: int, tally: Tally) -> None:
    """One seeded game with `strategy` in seat `seed % PLAYERS`; adds it to `tally`."""
    from companion.mb007_cards import GAME

    human = seed % PLAYERS
    session = Session(GAME, {"players": PLAYERS}, seed)
    rng = random.Random(seed)
    while not session.state.is_over and len(session.actions) < MAX_ACTIONS:
        state = session.state
        seat = state.to_act if state.to_act is not None else 0
        decide = strategy if seat == human else bot_action
        action = decide(private_view(state, seat), rng)
        session.act(action)
        _count_bots(state, action, session.state, human, tally)
    final = session.state
    best = max(s.points for s in final.seats)
    winners = [i for i, s in enumerate(final.seats) if s.points == best]
    share = 1 / len(winners) if human in winners else 0.0
    tally.games += 1
    tally.share += share
    tally.share_squares += share * share
    tally.points += final.seats[human].points
    tally.bot_points += sum(s.points for i, s in enumerate(final.seats) if i != human) / (
        PLAYERS - 1)


def _count_bots(before: CardsState, action: Any, after: CardsState, human: int,
                tally: Tally) -> None:
    """The bots' passes and bluffs, and how their calls came out, from one action."""
    announcer = before.turn
    if before.phase == "drawn" and isinstance(action, Pass) and announcer != human:
        tally.bot_turns_without += 1
    if before.phase != "respond" or after.phase == "respond":
        return  # not the answer that settles an announcement
    bluffed = after.seats[announcer].record.bluffs > before.seats[announcer].record.bluffs
    if announcer != human and bluffed:
        tally.bot_bluffs += 1
        tally.bot_turns_without += 1
    for caller, bet in (*before.responses, (action.seat, action.bet)):
        if caller != human and bet:
            if bluffed:
                tally.bot_calls_won += 1
            else:
                tally.bot_calls_lost += 1


def strategy_table(games: int, first_seed: int = 0) -> dict[str, Tally]:
    tallies = {}
    for name, strategy in STRATEGIES.items():
        tally = Tally()
        for seed in range(first_seed, first_seed + games):
            play_one(strategy, seed, tally)
        tallies[name] = tally
    return tallies


def table_text(tallies: dict[str, Tally]) -> str:
    lines = ["| one seat plays | its share of wins (fair: 0.250) | its points | bots' points "
             "| bots bluffed | bots' calls won / lost |",
             "|---|---|---|---|---|---|"]
    for name, t in tallies.items():
        mean, low, high = t.interval()
        lines.append(
            f"| {name} | {mean:.3f} ({low:.3f} to {high:.3f}) | {t.points / t.games:.1f} | "
            f"{t.bot_points / t.games:.1f} | {t.bot_bluffs} of {t.bot_turns_without} turns "
            f"without | {t.bot_calls_won} / {t.bot_calls_lost} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=200)
    args = parser.parse_args(argv)
    print(table_text(strategy_table(args.games)))


if __name__ == "__main__":
    main()
