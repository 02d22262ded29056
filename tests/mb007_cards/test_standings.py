"""Playing to win (`standings`): the chance of ending first, the settling of an
announcement, and the bots' answers to a leader who bluffs at the last chips of the pot."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from companion.core.session import Session
from companion.mb007_cards import GAME, rules
from companion.mb007_cards import chips as ch
from companion.mb007_cards.bluffing import best_answer
from companion.mb007_cards.bot import bot_action
from companion.mb007_cards.odds import answer_win_shares, best_answer_to_win
from companion.mb007_cards.standings import (
    WIN_SHARES,
    after_answers,
    answer_win_share,
    normal_shares,
    normal_shares_by_seat,
    win_shares,
    win_shares_many,
)
from companion.mb007_cards.views import private_view

F = Fraction


def test_the_shares_worked_out_on_arrays_are_the_same_floats_as_seat_by_seat():
    """The arrays multiply and add in the order of the seat-by-seat sums: the same floats,
    bit for bit (the review's exact figures are these shares to a millionth)."""
    rng = random.Random(35)
    for _ in range(2000):
        seats = rng.randint(2, rules.MAX_PLAYERS)
        points = tuple(rng.randint(0, 120) for _ in range(seats))
        playing = sorted(rng.sample(range(seats), rng.randint(2, seats)))
        pot = rng.randint(1, 40)
        variances = (2.0 * pot, 10.0 * pot)
        assert normal_shares(points, playing, variances) == [
            normal_shares_by_seat(points, playing, math.sqrt(variance)) for variance in variances]


def test_standings_worked_out_together_are_the_same_floats_as_one_by_one():
    """The review settles an announcement's answers together (`win_shares_many`): the same
    shares as one standing at a time, whichever were already known."""
    rng = random.Random(30)
    standings = []
    for _ in range(300):
        pot = rng.choice([0, 3, 3, 3, 7])  # many alike, some exact (an empty pot)
        live = tuple(rng.random() < 0.85 for _ in range(5))
        standings.append((tuple(rng.randint(0, 60) for _ in range(5)), live, pot))
    WIN_SHARES.clear()
    one_by_one = [win_shares(*standing) for standing in standings]
    WIN_SHARES.clear()
    assert win_shares_many(standings[:100]) == one_by_one[:100]
    assert win_shares_many(standings) == one_by_one  # a third known already


def test_rules_12_13_an_empty_pot_ends_the_game_and_the_most_points_win():
    """Exact at the end: the leader has it all, a tie of k shares it."""
    assert win_shares((40, 36, 36, 30), (True,) * 4, 0) == (1.0, 0.0, 0.0, 0.0)
    assert win_shares((38, 38, 20), (True,) * 3, 0) == (0.5, 0.5, 0.0)
    assert win_shares((50, 0), (True, False), 7) == (1.0, 0.0)  # one player has chips


def test_the_estimate_is_fair_to_equals_and_favours_the_leader_less_with_more_in_the_pot():
    equal = win_shares((36,) * 4, (True,) * 4, 16)
    assert all(share == pytest.approx(0.25) for share in equal)
    late = win_shares((40, 36, 36, 32), (True,) * 4, 2)
    early = win_shares((40, 36, 36, 32), (True,) * 4, 16)
    assert sum(late) == pytest.approx(1) and sum(early) == pytest.approx(1)
    assert late[0] > early[0] > 0.25 > early[3] > late[3]
    assert win_shares((40, 36, 0), (True, True, False), 5)[2] == 0


def test_rules_5_6_10_settling_an_announcement_matches_the_engine():
    """`after_answers` gives the points and the pot the engine gives, for every
    announcement settled in 40 seeded bot games (accepted, called holding, caught bluffing,
    a bluffer who cannot pay in full)."""
    settled = 0
    for seed in range(40):
        session = Session(GAME, {"players": 4}, seed)
        rng = random.Random(seed)
        while not session.state.is_over:
            before = session.state
            seat = before.to_act if before.to_act is not None else 0
            action = bot_action(private_view(before, seat), rng)
            session.act(action)
            after = session.state
            if before.phase == "respond" and after.phase != "respond":
                announcer = before.seats[before.turn]
                holding = rules.is_winning((*announcer.up, announcer.down))
                bets = (*before.responses, (action.seat, action.bet))
                points, pot = after_answers(tuple(s.points for s in before.seats),
                                            ch.points(before.pot), before.turn, bets, holding)
                assert points == tuple(s.points for s in after.seats)
                assert pot == ch.points(after.pot)
                settled += 1
    assert settled > 200


def test_a_leader_bluffing_for_the_last_chip_is_called_though_chips_say_accept():
    """Seat 0 leads 38 to 36 with one chip in the pot and announces. He holds with chance
    4/5, over the 3/4 at which calling 1 pays in chips, so a player after chips accepts;
    but accepting ends the game with him first (Rule 12), while a call keeps the game going
    if he bluffs: a player who plays to win calls."""
    points, live, pot = (38, 36, 36, 30), (True,) * 4, 1
    holds = F(4, 5)
    assert best_answer(holds, 36, 38, pot) == rules.ACCEPT
    accept = answer_win_share(holds, 1, rules.ACCEPT, points, live, pot, 0, ())
    call = answer_win_share(holds, 1, 1, points, live, pot, 0, ())
    assert accept == 0.0 and call > 0.05


def test_the_advice_and_the_bots_answer_the_same_way():
    """The bot's answer is the advice's: the best chance of winning, in every answer of
    ten seeded bot games."""
    answers = 0
    for seed in range(10):
        session = Session(GAME, {"players": 4}, seed)
        rng = random.Random(seed)
        while not session.state.is_over:
            state = session.state
            seat = state.to_act if state.to_act is not None else 0
            view = private_view(state, seat)
            action = bot_action(view, rng)
            if state.phase == "respond":
                shares = answer_win_shares(view)
                assert action.bet == best_answer_to_win(view)
                assert shares[action.bet] >= max(shares.values()) - 0.005
                answers += 1
            session.act(action)
    assert answers > 50
