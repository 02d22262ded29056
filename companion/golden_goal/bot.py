"""A Golden Goal bot worth playing, a random player, and a seeded match runner.

The bot scores when its roll allows it; otherwise it plays the turn that leaves the
opponent the least chance to score on their next turn (odds.opponent_chance_after),
ties broken by the ball's distance from the opponent's end line (nearer is better),
then by the order of `legal_turns`. Set-up is a random legal placement; the kickoff
and restart kicks are chosen like turns. Both players return actions with dice None:
the Session rolls them, so a match is a pure function of its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.core.game import JSON
from companion.core.session import Session
from companion.golden_goal.actions import Kick, Place
from companion.golden_goal.engine import GoldenGoalState
from companion.golden_goal.odds import opponent_chance_after, p_score_this_turn
from companion.golden_goal.rules import TEAMS
from companion.golden_goal.turns import Outcome, other

Player = Callable[[GoldenGoalState, random.Random], Any]
MAX_ACTIONS = 2_000  # a runner's safety net: a match this long is reported unfinished


def attack_distance(state: GoldenGoalState, ball: object) -> int:
    """Rows between the ball and the end line the team on turn attacks (0 for a goal)."""
    if ball is None:
        return 0
    target_row = state.field.end_row(other(state.to_move))
    return abs(ball[1] - target_row)


def choose_turn(state: GoldenGoalState, roll: int) -> Outcome | None:
    """The bot's turn for `roll`: a goal if any, else the least opponent chance."""
    outcomes = state.legal_turns(roll)
    goals = [o for o in outcomes if o.net == other(state.to_move)]
    if goals:
        return goals[0]
    # Nearest-to-goal first: the first outcome leaving the opponent no chance is the best
    # one, so the search can stop there (the order within a distance stays legal_turns').
    ranked = sorted(outcomes, key=lambda o: attack_distance(state, o.ball))
    best, best_key = None, None
    for outcome in ranked:
        key = (opponent_chance_after(state, outcome), attack_distance(state, outcome.ball))
        if best_key is None or key < best_key:
            best, best_key = outcome, key
        if key[0] == 0:
            break
    return best


def threat_after(state: GoldenGoalState, action: Any) -> tuple[Fraction, int]:
    """For a kickoff or restart kick: the opponent's chance after it, then the ball's distance."""
    after = state.apply(action)
    if after.score != state.score:  # a goal: ours is best, one into our own net the worst
        ours = after.score[TEAMS.index(state.to_move)] > state.score[TEAMS.index(state.to_move)]
        return Fraction(-1 if ours else 2), 0
    if after.is_over:
        return Fraction(-1), 0
    return p_score_this_turn(after), attack_distance(state, after.ball)


def bot_player(state: GoldenGoalState, rng: random.Random) -> Any:
    """The bot's action now, in any phase."""
    legal = state.legal_actions()
    if state.phase == "play":
        chosen = choose_turn(state, state.roll or 0)
        return legal[0] if chosen is None else chosen.play
    if legal and isinstance(legal[0], Kick):
        return min(legal, key=lambda action: threat_after(state, action))
    if legal and isinstance(legal[0], Place):
        return rng.choice(legal)
    return legal[0]


def random_player(state: GoldenGoalState, rng: random.Random) -> Any:
    """Any legal action, uniformly at random."""
    return rng.choice(state.legal_actions())


@dataclass(frozen=True)
class MatchRecord:
    """How a seeded match ended: the winner (a team, 'draw' or None if unfinished)."""

    seed: int
    winner: str | None
    score: tuple[int, int]
    turns: int
    actions: int


def play_match(orange: Player, blue: Player, seed: int,
               options: Mapping[str, JSON] | None = None) -> MatchRecord:
    """Play one match between two players (orange, blue), all chance from `seed`."""
    from companion.golden_goal import GAME

    session = Session(GAME, options or {}, seed)
    rng = random.Random(seed)
    players = {"orange": orange, "blue": blue}
    while not session.state.is_over and len(session.actions) < MAX_ACTIONS:
        state = session.state
        player = players.get(state.to_move or "orange", orange)
        session.act(player(state, rng))
    state = session.state
    return MatchRecord(seed, state.winner, state.score, state.turns, len(session.actions))


def win_rates(orange: Player, blue: Player, seeds: range,
              options: Mapping[str, JSON] | None = None) -> dict[str, Fraction]:
    """The share of matches each side wins (and 'draw' / 'unfinished') over the seeds."""
    records = [play_match(orange, blue, seed, options) for seed in seeds]
    tally: dict[str, Fraction] = {}
    for record in records:
        key = record.winner or "unfinished"
        tally[key] = tally.get(key, Fraction(0)) + Fraction(1, len(records))
    return tally
