"""The bot: scores when it can, else leaves the opponent the least chance; seeded matches."""

from __future__ import annotations

import random

from companion.golden_goal.bot import (
    attack_distance,
    bot_player,
    choose_turn,
    play_match,
    random_player,
    win_rates,
)
from companion.golden_goal.odds import opponent_chance_after

from .scenes import scene


def test_bot_scores_when_its_roll_allows():
    """Bot: "choose the turn that scores"."""
    state = scene({"orange 3": (3, 9), "blue keeper": (7, 11)}, ball=(3, 10), roll=4)
    assert choose_turn(state, 4).net == "blue"


def test_bot_leaves_the_opponent_the_least_chance_ties_by_ball_position():
    """Bot: "else the one that leaves the opponent the least chance (ties broken by ball
    position)", checked against every legal turn."""
    state = scene({"orange 1": (3, 2), "blue 1": (3, 4), "blue 2": (4, 3),
                   "orange keeper": (6, 0)}, ball=(3, 3), roll=3)
    chosen = choose_turn(state, 3)
    best = min((opponent_chance_after(state, o), attack_distance(state, o.ball))
               for o in state.legal_turns(3))
    assert (opponent_chance_after(state, chosen), attack_distance(state, chosen.ball)) == best


def test_seeded_matches_repeat_exactly():
    """A match is a pure function of its seed."""
    assert play_match(bot_player, random_player, 11) == play_match(bot_player, random_player, 11)


def test_bot_beats_a_random_player():
    """The bot is worth playing: it wins most seeded games against a random player."""
    rates = win_rates(random_player, bot_player, range(4))
    assert rates.get("blue", 0) >= 3 / 4


def test_bot_never_chooses_an_own_goal_under_the_own_goals_house_rule():
    """HOUSE RULE own_goals: a kick into one's own net counts for the opponent, so the bot
    rates it as the opponent's certain goal (it used to rate it 0, as if it had scored)."""
    state = scene({"orange 1": (3, 2), "orange keeper": (6, 0)}, ball=(3, 1), roll=2,
                  options={"own_goals": True})
    own = next(o for o in state.legal_turns(2) if o.net == "orange")
    assert opponent_chance_after(state, own) == 1
    assert choose_turn(state, 2).net != "orange"


def test_bot_restart_kick_stays_out_of_its_own_net():
    """Longer Matches, restart kick with HOUSE RULE own_goals: the bot kicks away from its net."""
    state = scene({"orange keeper": (3, 0)}, ball=(3, 0), roll=2, phase="restart kick",
                  options={"own_goals": True, "match": "first to 3"})
    assert any(state.apply(k).score == (0, 1) for k in state.legal_actions())
    assert state.apply(bot_player(state, random.Random(0))).score == (0, 0)
