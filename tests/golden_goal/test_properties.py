"""Hypothesis: random legal games through a Session keep Golden Goal's invariants."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError, InputError
from companion.core.session import Session
from companion.golden_goal import GAME
from companion.golden_goal.actions import Play, Roll
from companion.golden_goal.board import COMPASS, Field
from companion.golden_goal.bot import bot_player, play_match, random_player
from companion.golden_goal.match import PLAYERS
from companion.golden_goal.odds import scoring_faces
from companion.golden_goal.turns import (
    EndCheck,
    killjoy_problem,
    other,
    reachable,
    steps_to_ball,
)

SETTINGS = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
MODES = st.sampled_from(["golden goal", "first to 3", "last chance", "time limit"])


def check_invariants(state) -> None:
    squares = [sq for _, sq in state.positions]
    assert len(squares) == len(set(squares)), "two players share a square"
    assert all(state.field.on_mat(sq) for sq in squares)
    if state.ball is not None:
        assert state.field.on_field(state.ball), "the ball left the field"
        assert state.ball not in state.occupant or state.phase in (
            "kickoff", "restart roll", "restart kick")


def eager_player(state, rng: random.Random):
    """A random player who takes a goal when one is there (so restarts happen too)."""
    if state.phase == "play":
        goals = [o.play for o in state.legal_turns(state.roll) if o.scored]
        if goals:
            return rng.choice(goals)
    return rng.choice(state.legal_actions())


def random_game(seed: int, mode: str, steps: int):
    """Yield (state before, action, state after) along a random legal game."""
    session, rng = Session(GAME, {"match": mode}, seed), random.Random(seed)
    for _ in range(steps):
        state = session.state
        if state.is_over:
            return
        session.act(eager_player(state, rng))
        yield state, session.actions[-1], session.state


@SETTINGS
@given(seed=st.integers(0, 10_000), mode=MODES)
def test_random_games_keep_the_invariants(seed, mode):
    """No two players in a square, the ball on the field, every turn's end passes No Killjoy."""
    for before, action, after in random_game(seed, mode, 70):
        check_invariants(after)
        if isinstance(action, Play):
            scored = after.score != before.score
            problem = killjoy_problem(after.field, after.where, after.ball, before.to_move,
                                      scored)
            assert problem is None, problem
            assert GAME.action_from_json(GAME.action_to_json(action)) == action


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_everything_listed_applies(seed):
    """legal_actions agrees with apply: every listed action applies after dice filling."""
    rng = random.Random(seed)
    for before, _, _ in random_game(seed, "first to 3", 45):
        legal = before.legal_actions()
        for action in rng.sample(legal, min(len(legal), 25)):
            filled = before.fill_chance(action, rng)
            before.apply(filled)
            assert GAME.action_from_json(GAME.action_to_json(filled)) == filled


@SETTINGS
@given(seed=st.integers(0, 10_000), data=st.data())
def test_illegal_and_malformed_actions_raise_and_change_nothing(seed, data):
    """A refused action raises a CompanionError and leaves the state as it was."""
    for before, _, _ in random_game(seed, "golden goal", 40):
        if before.phase != "play":
            continue
        snapshot = before.to_json()
        players = [p for p, _ in before.positions]
        action = Play(
            data.draw(st.sampled_from(players)),
            tuple(data.draw(st.lists(st.sampled_from("NESW"), min_size=0, max_size=7))),
            tuple(data.draw(st.lists(st.tuples(st.sampled_from(COMPASS), st.integers(0, 3),
                                               st.sampled_from(("", *COMPASS))),
                                     max_size=3))),
        )
        with contextlib.suppress(CompanionError):
            before.apply(action)
        with pytest.raises(InputError):
            before.apply(Roll((7,)) if before.phase == "roll" else Play("orange 9", ("N",)))
        assert before.to_json() == snapshot


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_listed_turns_are_distinct_end_results(seed):
    """legal_turns: no two listed turns end with the same players, ball and score."""
    for before, _, _ in random_game(seed, "golden goal", 40):
        if before.phase == "play":
            ends = [(o.play.player if o.square != before.where[o.play.player] else None,
                     o.square if o.square != before.where[o.play.player] else None,
                     o.ball, o.net) for o in before.legal_turns(before.roll)]
            assert len(ends) == len(set(ends))
            scores = any(o.net == other(before.to_move) for o in before.legal_turns(before.roll))
            assert scores == (before.roll in scoring_faces(before))


@pytest.mark.parametrize("seed", range(3))
def test_bot_games_end(seed):
    """Games end: the bot against a random player finishes a golden-goal match."""
    record = play_match(bot_player, random_player, seed)
    assert record.winner in ("orange", "blue")


@settings(max_examples=500, deadline=None)
@given(data=st.data(), roll=st.integers(1, 12))
def test_the_steps_to_the_ball_are_the_arrivals_of_the_walk_search(data, roll):
    """`steps_to_ball` (fewest steps, then every second one) finds the same arrivals as
    `reachable`'s walk over every square of every layer (Movement), whoever stands where."""
    field = Field.from_mapping({})
    squares = field.mat_squares
    start = data.draw(st.sampled_from(squares))
    near = [sq for sq in squares if abs(sq[0] - start[0]) + abs(sq[1] - start[1]) <= 3]
    ball = data.draw(st.sampled_from(near) | st.sampled_from(squares))
    crowd = data.draw(st.lists(st.sampled_from(near), max_size=20, unique=True)) + \
        data.draw(st.lists(st.sampled_from(squares), max_size=20, unique=True))
    occupant = {square: f"P{n}" for n, square in enumerate(crowd) if square != start}
    _, arrivals = reachable(field, occupant, ball, start, roll)
    assert steps_to_ball(field, occupant, ball, start, roll) == tuple(sorted(arrivals))


@settings(max_examples=400, deadline=None)
@given(data=st.data(), team=st.sampled_from(["orange", "blue"]))
def test_the_turn_searchs_end_check_answers_as_the_no_killjoy_rules(data, team):
    """No Killjoy Rules: `EndCheck`, which the turn search asks of every end of one mover's
    turn, allows an end exactly when `killjoy_problem` finds nothing wrong with it, whoever
    stands where (crowds near the nets and the ball, players out of bounds, goals)."""
    field = Field.from_mapping({})
    squares = field.mat_squares
    edges = [sq for sq in field.squares if len(field.field_neighbours[sq]) < 4]
    balls = data.draw(st.lists(st.sampled_from(edges) | st.sampled_from(field.squares),
                               min_size=1, max_size=2, unique=True))
    around = [(b[0] + dc, b[1] + dr) for b in balls for dc in (-1, 0, 1) for dr in (-1, 0, 1)]
    hot = [*field.nets, *(sq for sq in field.squares if field.in_box(sq, team)), *around]
    players = data.draw(st.lists(st.sampled_from(PLAYERS), min_size=1, unique=True))
    mover = data.draw(st.sampled_from([p for p in PLAYERS if p.startswith(team)]))
    players = [p for p in players if p != mover] + [mover]
    spots = data.draw(st.lists(st.sampled_from(hot) | st.sampled_from(squares),
                               min_size=len(players), max_size=len(players), unique=True))
    where = dict(zip(players, spots, strict=True))
    free = [sq for sq in squares if sq not in where.values() or sq == where[mover]]
    check = EndCheck(field, where, team, mover)
    for _ in range(8):  # several ends for one check: the kept searches are used again
        square = data.draw(st.sampled_from(hot) | st.sampled_from(free))
        ball = data.draw(st.sampled_from([*balls, None]))
        if square not in free or ball in where.values():
            continue
        scored = data.draw(st.booleans())
        after = {**where, mover: square}
        assert check.allows(square, ball, scored) == (
            killjoy_problem(field, after, ball, team, scored) is None)


def test_the_end_check_searches_again_where_the_mover_closes_the_only_path():
    """No Killjoy Rules: the ball in a corner (a1), orange 1 on one square beside it (b1):
    orange 2 ending on the other (a2) closes blue's only path, which the search without
    him went through."""
    field = Field.from_mapping({})
    where = {"orange 1": (1, 0), "orange 2": (3, 3), "blue 1": (0, 5)}
    check = EndCheck(field, where, "orange", "orange 2")
    assert check.allows((2, 2), (0, 0), False)
    assert not check.allows((0, 1), (0, 0), False)
    assert killjoy_problem(field, {**where, "orange 2": (0, 1)}, (0, 0), "orange", False)
