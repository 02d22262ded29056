"""The tile game's review (issue: Game review): placements and secret letters in points,
one round ahead. The books balance; a reveal splits what the round captured into each
team's letters against the other's equilibrium mix and the luck of who guessed whom, which
averages to nothing over the mixes; a letter chosen in secret moves nothing until it is
shown."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from companion.core.review import review
from companion.core.session import Session
from companion.mb007_tiles import GAME, rules
from companion.mb007_tiles import review as tiles_review
from companion.mb007_tiles.actions import ChooseFirst, Draw, Pick, Place, Reveal
from companion.mb007_tiles.board import seats_of, window_name
from companion.mb007_tiles.bot import autoplay_action
from companion.mb007_tiles.odds import placement_advice, round_equilibrium

RED, BLACK = tiles_review.RED, tiles_review.BLACK


def game(players: int, seed: int, random_red: bool = False) -> Session:
    """A game between bots; with `random_red`, seat 0 (Red) places and picks at random."""
    session = Session(GAME, {"players": players, "mode": "tablet"}, seed=seed)
    rng = random.Random(seed)
    while not session.state.is_over and len(session.actions) < 400:
        state = session.state
        action = autoplay_action(state, rng)
        if random_red and state.phase == "place" and state.to_move == 0:
            action = Place(window_name(rng.choice(state.empty_windows)))
        if random_red and isinstance(action, Pick) and action.seat == 0:
            action = Pick(0, rng.choice(state.available(0)))
        session.act(action)
    return session


@pytest.mark.parametrize(("players", "seed", "random_red"),
                         [(2, 11, False), (2, 11, True), (4, 3, False), (3, 5, True)])
def test_the_books_balance_and_only_a_careless_team_pays(players, seed, random_red):
    session = game(players, seed, random_red)
    result = review(GAME, session.options, session.actions)
    for side in (RED, BLACK):
        assert result.start[side] + result.luck(side) + result.skill(side) + \
            result.given(side) + result.unexplained(side) == result.final[side]
    assert result.final[RED] == session.state.points("red") - session.state.points("black")
    assert result.skill(BLACK) == 0  # the bots place best and play the equilibrium
    assert (result.skill(RED) < 0) == random_red
    assert result.given(BLACK) == -result.skill(RED)


def test_a_placement_costs_what_the_advice_says():
    """Playing the Game: the drawer places in any empty window; the review's cost is the
    round's value with the tile there less with it in the advice's best window."""
    session = game(2, 11, random_red=True)
    state, checked = GAME.new_state(session.options), 0
    result = review(GAME, session.options, session.actions)
    for action, moment in zip(session.actions, result.moments, strict=True):
        if isinstance(action, Place) and state.phase == "place":
            colour = "red" if state.to_move in seats_of("red", 2) else "black"
            advice = {window_name(a.window): a.value for a in placement_advice(state)}
            assert moment.kind == "decision"
            assert moment.skill == advice[action.window] - max(advice.values())
            assert colour == moment.side.lower()
            checked += 1
        state = state.apply(action)
    assert checked > 10


def test_a_reveal_splits_the_round_and_its_luck_averages_to_nothing():
    """The First Round: letters chosen at once. For every pair of letters the equilibrium
    plays, each team's skill is 0 and skill, given and luck add up to the round's capture
    less its value; weighted by both mixes, the luck averages to 0."""
    session = game(2, 11)
    state = next(s for s in _states(session) if s.phase == "reveal")
    eq = round_equilibrium(state)
    red_seat, black_seat = seats_of("red", 2)[0], seats_of("black", 2)[0]
    average = 0
    for (red,), p in zip(eq.red, eq.red_mix, strict=True):
        for (black,), q in zip(eq.black, eq.black_mix, strict=True):
            picks = [None, None]
            picks[red_seat], picks[black_seat] = red, black
            shown = tiles_review.secret_choices(replace(state, picks=tuple(picks)), Reveal())
            after = replace(state, picks=tuple(picks)).apply(Reveal())
            gain = (after.points("red") - after.points("black")) - \
                (state.points("red") - state.points("black"))
            assert shown.luck[RED] + shown.skill[RED] + shown.given[RED] == gain - eq.value
            if p and q:
                assert shown.skill == {RED: 0, BLACK: 0}
                average += p * q * shown.luck[RED]
    assert average == 0


def test_a_letter_chosen_in_secret_moves_nothing_until_it_is_shown():
    """The First Round: "Nobody else sees it until the reveal": the review's equity is the
    same before and after each secret pick, whatever the letter."""
    session = game(3, 5)
    states = _states(session)
    picks = 0
    for before, action, after in zip(states, session.actions, states[1:], strict=False):
        if isinstance(action, Pick):
            assert tiles_review.equity(after) == tiles_review.equity(before)
            picks += 1
    assert picks > 6


def _states(session: Session) -> list:
    states = [GAME.new_state(session.options)]
    for action in session.actions:
        states.append(states[-1].apply(action))
    return states


def test_each_tile_counts_its_numbers_share_of_the_bag_just_before_it():
    """Playing the Game: tiles come from the bag; the draws for the first player go back
    (HOUSE RULE), so each is from the full bag: three of each of 1 to 5 and 007 in each
    colour, a sixth each. A draw later counts the bag as it was then."""
    session = Session(GAME, {"players": 2, "mode": "tablet"}, seed=4)
    session.act(ChooseFirst())
    first = session.actions[0]
    (result,) = review(GAME, session.options, session.actions).drawn
    assert result.total == len(first.draws) and result.many == "tiles"
    assert result.expected == dict.fromkeys(rules.TILE_VALUES,
                                                  Fraction(len(first.draws), 6))
    session.act(Draw())
    tile = session.actions[-1].tile
    (after,) = review(GAME, session.options, session.actions).drawn
    assert after.counts[tile[1:]] == result.counts[tile[1:]] + 1
    assert after.expected == {number: value + Fraction(1, 6)
                              for number, value in result.expected.items()}


def test_the_tiles_are_counted_while_the_game_runs():
    """Every tile drawn is placed face up at once: the count is shown all along."""
    session = game(4, 2)
    for actions in (10, 40, len(session.actions)):
        result = review(GAME, session.options, session.actions[:actions])
        (tiles,) = result.drawn
        assert result.drawn_note == "" and sum(tiles.expected.values()) == tiles.total
