"""Random legal games through a Session: the ledger, the cards and the limits stay true."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError
from companion.core.session import Session
from companion.license_to_kill import GAME, rules
from companion.license_to_kill.engine import (
    AddToAgency,
    AssignmentIntrigue,
    AttachIntrigue,
    AttachQ,
    AttackCharm,
    DiscardAttached,
    HenchmanAttack,
    InPlaceOfAssignment,
    LtkState,
    MoveQ,
    NextStep,
    PlacePlot,
    Proceed,
    StartAssignment,
)

from .helpers import CARDS, options

TITLES = [c["title"] for c in CARDS] + ["Nobody"]
SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def every_piece(state: LtkState) -> list[int]:
    """The id of every card the tablet knows: on the table, attached, discarded or won."""
    found = []
    for player in state.players:
        pieces = [*player.agency, *(p for m in player.zone for p in m)]
        found += [p.id for p in pieces] + [a.id for p in pieces for a in p.attached]
        found += [p.id for p in (*player.won, *player.action_discard, *player.plot_discard)]
    return found


def expected_points(state: LtkState, player: int) -> int:
    """Face-up plots in the zone at 1 per bullet, plots won at 2 per bullet."""
    me = state.players[player]
    in_zone = sum(state.card(p).plot_bullets for m in me.zone for p in m
                  if p.face_up and state.card(p).is_plot)
    won = sum(state.library[p.title].plot_bullets for p in me.won)
    return in_zone * rules.POINTS_PER_BULLET_IN_ZONE + won * rules.POINTS_PER_BULLET_OVERCOME


def check_invariants(state: LtkState) -> None:
    ids = every_piece(state)
    assert len(ids) == len(set(ids)) == state.next_id - 1, "a card is in two places or lost"
    for p in range(len(state.players)):
        assert state.points()[p] == sum(e.change for e in state.history_of(p))
        assert state.points()[p] == expected_points(state, p)
    face_up_unique = Counter(p.title for p in state.on_table()
                             if p.face_up and state.library[p.title].is_unique)
    assert all(n == 1 for n in face_up_unique.values()), face_up_unique
    for player in state.players:
        for main_plot in player.zone:
            assert 0 < len(main_plot) <= rules.MAIN_PLOT_MAX_CARDS
            shown = [state.card(p) for p in main_plot if p.face_up and state.card(p).is_plot
                     and not p.extra]  # an Intrigue card's extra plots are beyond the limits
            for kind, n in Counter(c.type for c in shown).items():
                assert n <= state.config.type_limit(kind)
            ranks = [state.config.rank(state.card(p)) for p in main_plot
                     if p.face_up and state.card(p).is_plot]
            assert ranks == sorted(ranks, reverse=True), "face-up plots out of order"
    if state.winner is not None:
        assert state.points()[state.winner] >= rules.WINNING_POINTS


def wild_actions(state: LtkState) -> st.SearchStrategy:
    """Any action with plausible or broken fields: it applies or is refused cleanly."""
    piece = st.integers(0, state.next_id + 1)
    die = st.one_of(st.none(), st.tuples(st.integers(0, 7), st.integers(1, 6)),
                    st.tuples(st.integers(1, 6)))
    title = st.sampled_from(TITLES)
    return st.one_of(
        st.builds(PlacePlot, title, st.none() | st.integers(-1, 3), st.none() | st.integers(-1, 6),
                  st.booleans(), st.booleans()),
        st.builds(AttachQ, title, piece),
        st.builds(AddToAgency, title),
        st.builds(HenchmanAttack, piece, piece, st.sampled_from(["PV", "CV", "XV"]),
                  st.integers(-3, 3), st.integers(-3, 3), die),
        st.builds(AttackCharm, piece, piece, st.sampled_from(["Attack", "Charm"]),
                  st.integers(-2, 2), st.integers(-2, 2), die),
        st.builds(StartAssignment, piece, st.integers(-1, 3), st.integers(-1, 3),
                  st.none() | piece),
        st.builds(AssignmentIntrigue, st.sampled_from(["team", "plot", "both"]),
                  st.integers(-3, 3), st.integers(-3, 3),
                  st.lists(st.tuples(st.sampled_from([*rules.ICONS[:3], "Cunning"]),
                                     st.integers(-2, 2)), max_size=2).map(tuple)),
        st.just(Proceed()), st.just(NextStep()), st.builds(MoveQ, piece, piece),
        st.builds(InPlaceOfAssignment, title),
        st.builds(AttachIntrigue, title, piece, st.none() | st.integers(-1, 3)),
        st.builds(DiscardAttached, piece),
        st.builds(AddToAgency, title, st.none() | piece, st.integers(-3, 3),
                  st.integers(-3, 3)),
        st.builds(HenchmanAttack, piece, piece, st.just("PV"), st.just(0), st.just(0), die,
                  st.booleans()),
    )


def refused_or_applied(session: Session, action) -> None:
    """A refused action leaves the session and its state exactly as they were."""
    before, snapshot, log = session.state, repr(session.state), list(session.log)
    try:
        session.act(action)
    except CompanionError:
        assert session.state is before and session.log == log
    assert repr(before) == snapshot  # the old state is never changed


def play(data, players: int, steps: int, wild: bool, **house) -> Session:
    session = Session(GAME, options(players, **house), seed=data.draw(st.integers(0, 2**32)))
    for _ in range(steps):
        state = session.state
        if state.is_over:
            break
        if wild and data.draw(st.integers(0, 4)) == 0:
            refused_or_applied(session, data.draw(wild_actions(state)))
        else:
            legal = state.legal_actions()
            assert legal, "a game that is not over always has something to do"
            advance = NextStep() in legal and data.draw(st.integers(0, 2)) == 0
            session.act(NextStep() if advance else data.draw(st.sampled_from(legal)))
        check_invariants(session.state)
    return session


@SETTINGS
@given(st.data(), st.integers(2, 4))
def test_random_legal_games_keep_the_ledger_and_the_cards(data, players):
    """Points are always the sum of the history and of the cards; no card is in two places."""
    play(data, players, steps=60, wild=False)


@settings(SETTINGS, max_examples=12)
@given(st.data(), st.integers(2, 3))
def test_wild_actions_apply_or_change_nothing(data, players):
    """Illegal and malformed actions raise RuleError/InputError and change nothing."""
    play(data, players, steps=40, wild=True, check_face_down_placements=data.draw(st.booleans()))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_everything_legal_actions_lists_applies(data):
    """legal_actions agrees with apply: each listed action, dice filled, is accepted."""
    session = play(data, 2, steps=data.draw(st.integers(10, 60)), wild=False)
    state = session.state
    rng = random.Random(0)
    for action in state.legal_actions():
        state.apply(state.fill_chance(action, rng))


@SETTINGS
@given(st.data())
def test_replay_from_json_gives_the_same_state(data):
    """to_json / from_json: the options and the actions rebuild the state."""
    session = play(data, 2, steps=data.draw(st.integers(5, 30)), wild=False)
    assert LtkState.from_json(session.state.to_json()) == session.state
