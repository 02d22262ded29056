"""License to Kill's review (issue 35): each player's Plot Points two rounds on, an estimate
from what the whole table knows; the duels' dice and the cards turned over as luck, the
assignments and skipped attacks as choices; no face-down card ever read."""

from __future__ import annotations

import dataclasses
import random
import time
from fractions import Fraction

import pytest

from companion.core.errors import InputError, RuleError
from companion.core.review import review, worth
from companion.core.session import Session
from companion.license_to_kill import GAME, bot
from companion.license_to_kill import review as lr
from companion.license_to_kill.engine import (
    AddToAgency,
    AttackCharm,
    HenchmanAttack,
    NextStep,
    PlacePlot,
    Proceed,
    Setup,
    StartAssignment,
)
from companion.license_to_kill.odds import henchman_attack
from companion.ui.review_view import ReviewView, moments_html, summary_html
from tests import reviews

from .helpers import act, again, ids, options, started, to_step

SAMPLE = {"players": ["Ann", "Bob", "Cy"]}
# What the estimate may leave over at a single chance event, in Plot Points: the model's
# inconsistency between a position and the average of those after it.
CHANCE_UNEXPLAINED_AT_MOST = 3


def playout_game(seed: int = 35, actions: int = 300) -> Session:
    rng = random.Random(seed)
    session = Session(GAME, SAMPLE, seed=seed)
    while not session.state.is_over and len(session.actions) < actions:
        session.act(bot.playout_action(session.state, rng))
    return session


def states_of(opts, actions: list) -> list:
    return reviews.states_of(GAME, opts, actions)


def test_the_books_balance_within_what_the_estimate_leaves_over():
    """A 300-action game of three players: start, luck, own choices, the others' choices and
    what the estimate leaves over add up to the end exactly; at a chance event what is left
    over stays within a Henchman's worth; the page says it is an estimate, with its error,
    in Plot Points; the whole review takes well under the worker's budget."""
    session = playout_game()
    clock = time.perf_counter()
    result = review(GAME, SAMPLE, session.actions)
    assert time.perf_counter() - clock < 10
    assert not result.exact and not result.is_chance
    assert result.error == lr.ERROR_POINTS  # the chart's band: ±2 Plot Points
    assert result.sides == ("Ann", "Bob", "Cy")
    for side in result.sides:
        assert reviews.books(result, side) == result.final[side]
    for moment in result.moments:
        if moment.kind == "chance":
            assert all(abs(v) <= CHANCE_UNEXPLAINED_AT_MOST
                       for v in moment.unexplained.values()), moment.text
    assert sum(m.kind == "chance" for m in result.moments) >= 5
    assert sum(m.kind == "decision" for m in result.moments) >= 5
    page = summary_html(result, result.is_chance)
    assert "Plot Points 2 rounds on, an estimate" in page
    assert f"±{lr.ERROR_POINTS} points" in page and "These figures are an estimate" in page


def _duel_game(dice: tuple[int, int]) -> list:
    """Ann's Henchman H1 attacks Bob's B3 twice (B3 alone meets Ann's Mission): the first
    win Demotes B3, the second, with `dice`, decides whether B3 is discarded."""
    state = act(to_step(started(), "Develop Plot Zone"), PlacePlot("H1", None))
    state = to_step(state, "Assignment Briefing", player=1).apply(AddToAgency("B3"))
    state = to_step(state, "Henchman Attack", player=0)
    h1, b3 = ids(state, 0, "H1")[0], ids(state, 1, "B3")[0]
    state = again(state.apply(HenchmanAttack(h1, b3, "PV", dice=(6, 1))), "Henchman Attack")
    return [*state.history, HenchmanAttack(h1, b3, "PV", dice=dice)]


def test_a_won_duel_is_lucky_for_the_attacker_and_a_lost_one_unlucky():
    """B3 meets Ann's Mission (10 points at stake for Bob, 5 at risk for Ann). Ann's Henchman
    discarding it is lucky for Ann and unlucky for Bob; losing the duel the reverse; the
    three results' lucks weigh against each other by their exact chances (H1 PV 9 against
    B3 PV 9: the target adds 1)."""
    results = {}
    for name, dice in (("attacker", (6, 1)), ("tie", (2, 1)), ("target", (1, 6))):
        moment = review(GAME, options(), _duel_game(dice)).moments[-1]
        assert moment.kind == "chance"
        results[name] = moment.luck
    assert results["attacker"]["P0"] > 0 > results["attacker"]["P1"]
    assert results["target"]["P0"] < 0 < results["target"]["P1"]
    chances = henchman_attack(9, 9)
    assert chances["attacker"] == Fraction(5, 18)
    for side in ("P0", "P1"):
        assert sum(chances[k] * results[k][side] for k in chances) == 0
    log = _duel_game((6, 1))
    state = states_of(options(), log[:-1])[-1]
    assert [p for _, p in lr.chance_outcomes(state, log[-1])] == list(chances.values())


def test_the_best_choice_costs_nothing_and_a_worse_one_its_difference():
    """At every reviewed choice of a game the cost is the taken action's value less the
    best alternative's; taking the best instead costs 0."""
    session = playout_game()
    actions = list(session.actions)
    states = states_of(SAMPLE, actions)
    result = review(GAME, SAMPLE, actions)
    checked = 0
    for moment, state, action in zip(result.moments, states, actions, strict=False):
        if moment.kind != "decision":
            continue
        side, choices = lr.decision_options(state, action)
        assert action in choices
        values = [worth(lr, state, choice)[side] for choice in choices]
        assert moment.skill == min(0, moment.equity_after[side] - max(values))
        best = choices[values.index(max(values))]
        if checked < 3 and not isinstance(best, list):
            better = review(GAME, SAMPLE, [*actions[:moment.position - 1], best])
            assert better.moments[-1].kind == "decision" and better.moments[-1].skill == 0
            checked += 1
    assert checked


def _hidden_game(hidden: str, villain: str = "V1") -> list:
    """Ann puts `hidden` face down on her Mission's Main Plot; Bob's B3 goes On Assignment
    against it and turns over the Villain (from Setup), then `hidden`."""
    state = GAME.new_state(options())
    state = act(state, Setup(0, "M1", villain, "B1"), Setup(1, "M2", "V2", "B2"))
    state = act(to_step(state, "Develop Plot Zone"), PlacePlot(hidden, 0, None, False))
    state = to_step(state, "Assignment Briefing", player=1).apply(AddToAgency("B3"))
    state = to_step(state, "On Assignment", player=1)
    b3 = ids(state, 1, "B3")[0]
    return [*state.history, StartAssignment(b3, 0, 0), Proceed(), Proceed()]


def test_the_review_never_reads_a_face_down_card():
    """As a cheater would test it: two games that differ only in the card Ann put face
    down (a Location worth 2 or a Henchman worth 3), or in her Villain from Setup, give
    the same review, moment by moment, until that card is turned over, and the same odds
    for turning it over; the review's page never names it before."""
    location, henchman = _hidden_game("L2"), _hidden_game("H1")
    first, second = review(GAME, options(), location), review(GAME, options(), henchman)
    turned = len(location) - 1  # the last Proceed turns over the card placed face down
    for a, b in zip(first.moments[:turned], second.moments[:turned], strict=True):
        assert (a.equity_after, a.luck, a.skill, a.text) == \
            (b.equity_after, b.luck, b.skill, b.text)
    assert first.moments[turned].equity_after != second.moments[turned].equity_after
    before_a = states_of(options(), location[:turned])[-1]
    before_b = states_of(options(), henchman[:turned])[-1]
    outcomes_a = lr.chance_outcomes(before_a, Proceed())
    outcomes_b = lr.chance_outcomes(before_b, Proceed())
    assert [(lr.equity(o), p) for o, p in outcomes_a] == \
        [(lr.equity(o), p) for o, p in outcomes_b]
    assert len(outcomes_a) == len(lr.prior(before_a, before_a.players[0].zone[0][-1]))
    # Her Villain from Setup: the same review until it is turned over (the first Proceed).
    other = review(GAME, options(), _hidden_game("L2", villain="V2"))
    shown = len(location) - 2
    assert [m.equity_after for m in first.moments[:shown]] == \
        [m.equity_after for m in other.moments[:shown]]
    # Not in the public position, not on the page, until shown.
    secret = _hidden_game("Huge")[:turned]
    seen = lr.public_state(states_of(options(), secret)[-1])
    assert "Huge" not in repr((seen.players, seen.history, seen.last_event))
    result = review(GAME, options(), secret)
    page = summary_html(result, False) + moments_html(result, False, None)
    assert "Huge" not in page


def test_odd_input_is_refused_in_words_never_a_raw_exception():
    """A log that does not replay is refused in words; a position with no chance or choice
    is none; an attack Intrigue cards make fail rolls no dice; an empty log reviews."""
    with pytest.raises(RuleError, match="no assignment is in progress"):
        review(GAME, options(), [{"type": "Proceed"}])
    with pytest.raises(InputError):
        review(GAME, {"players": ["Solo"]}, [])
    fresh = GAME.new_state(options())
    assert lr.chance_outcomes(fresh, Proceed()) is None
    assert lr.decision_options(fresh, NextStep()) is None
    assert review(GAME, options(), []).moments == ()
    state = act(to_step(started(), "Develop Plot Zone"), PlacePlot("H1", None))
    state = to_step(state, "Henchman Attack")
    h1, b2 = ids(state, 0, "H1")[0], ids(state, 1, "B2")[0]
    failing = HenchmanAttack(h1, b2, "PV", target_bonus=9)
    assert lr.chance_outcomes(state, failing) is None
    charm = AttackCharm(h1, b2, "Charm", dice=(1, 1))  # H1's CV 3 is below B2's 6
    assert lr.chance_outcomes(state, charm) is None
    result = review(GAME, options(), [*state.history, failing])
    assert result.moments[-1].kind == "other"
    assert dataclasses.replace(failing, dice=None) == failing


def test_the_dashboard_shows_the_review_of_a_played_game(store):
    """The License to Kill app's Review section, opened after a game: every player's books
    in words, in Plot Points, said to be an estimate, and the replay."""
    from companion.license_to_kill.dashboard import LicenseToKillDashboard

    rng = random.Random(4)
    session = Session(GAME, SAMPLE, seed=4, store=store)
    while len(session.actions) < 120:
        session.act(bot.playout_action(session.state, rng))
    board = LicenseToKillDashboard(store=store, session=session)
    view = ReviewView(lambda: board.session, board.replay_picture)
    view.refresh()
    page = view._summary.object
    assert "Measured in each player&#x27;s Plot Points 2 rounds on, an estimate" in page
    for name in SAMPLE["players"]:
        assert f"<b>{name}</b>:" in page
    assert "These figures are an estimate" in page
    assert f"Action {len(session.actions)} of {len(session.actions)} (now)" in \
        view.replay.__panel__().html


def test_a_review_with_nothing_valued_says_nothing_and_not_a_rounded_figure():
    """A newcomer read "Luck gave +0.00" and "No moment stood out" beside a long-shot
    roll: with no luck or gift the sentence says "nothing", and an estimate that names no
    moment says that it is the estimate that saw none."""
    state = to_step(started(), "Assignment Briefing", player=1)  # steps only: no dice
    result = review(GAME, options(), list(state.history))
    assert not result.exact and not any(m.words for m in result.moments)
    summary = summary_html(result, False)
    assert "Luck gave nothing" in summary and "the others' choices gave nothing" in summary
    assert "+0.00;" not in summary and "gave +0.00" not in summary
    assert "No moment stood out by the estimate" in moments_html(result, False)
