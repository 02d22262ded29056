"""Random legal games through a Session keep every Goldfinger invariant; refusals change nothing."""

from __future__ import annotations

import contextlib
import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError, InputError
from companion.core.session import Session
from companion.goldfinger import GAME, rules
from companion.goldfinger import engine as e

from .helpers import CARDS, STARS

SETTINGS = settings(max_examples=12, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
MAX_STEPS = 160


def _start(mode: str, seed: int, face_down: bool, order: list[int]) -> Session:
    session = Session(GAME, {"map": "sample"} if mode == "map" else {}, seed=seed)
    board = session.state.board
    stars = board.stars[:5] if board else STARS
    cards = None if face_down else tuple(CARDS[i] for i in order)
    session.act(e.PlaceCards(tuple(stars), cards))
    return session


def _check_invariants(state: e.GoldfingerState) -> None:
    bond = state.piece(rules.BOND)
    assert 0 <= bond.hits <= rules.BOND_CRASH_HITS
    assert (bond.hits == rules.BOND_CRASH_HITS) <= (state.winner == "enemy")
    for car in state.pieces[1:]:
        assert 0 <= car.hits <= rules.ENEMY_CRASH_HITS
        assert car.crashed or car.hits < rules.ENEMY_CRASH_HITS
    assert state.is_over == (state.winner is not None)
    assert state.phase != "play" or 1 <= state.turn <= rules.TURNS
    if state.step is not None:
        limit = rules.ACTIONS_PER_TURN["bond" if state.step.piece == "bond" else "enemy"]
        assert 0 <= state.step.spent <= limit
        assert len(set(state.step.used)) == len(state.step.used)
        assert 0 <= state.step.moved <= state.step.allowance
    if state.board is not None and state.phase == "play":
        on_board = [p.space for p in state.pieces if not p.crashed]
        sharing = len(on_board) - len(set(on_board))
        if state.step is None or state.step.contest is None:
            assert sharing == 0, "two pieces in one space at the end of a turn"
        else:
            assert sharing == 1
    found = [card for _, card in state.found]
    assert len(found) == len(set(found)) and len(found) + len(state.cards) == 5
    assert state.has_tilly == ("Tilly" in found)


@st.composite
def games(draw):
    mode = draw(st.sampled_from(["tracker", "map"]))
    seed = draw(st.integers(0, 10_000))
    face_down = draw(st.booleans())
    order = draw(st.permutations(range(5)))
    return mode, seed, face_down, order


@SETTINGS
@given(game=games(), data=st.data())
def test_random_legal_play_keeps_invariants(game, data):
    """Everything legal_actions lists applies (after the Session rolls its dice), and every
    invariant holds: hits in bounds, at most 3/2 actions, no repeats, one piece per space."""
    session = _start(*game)
    for _ in range(MAX_STEPS):
        legal = session.state.legal_actions()
        if session.state.is_over:
            assert legal == []
            break
        assert legal, "a game in progress always has something to do"
        action = data.draw(st.sampled_from(legal))
        session.act(action)
        _check_invariants(session.state)


ILLEGAL_PROBES = [
    e.StartTurn("bond"), e.StartTurn("C"), e.EndMove(), e.Move(spaces=9), e.Move(to="x0y1"),
    e.QuickTurn(), e.DoubleBack(), e.Trick("A"), e.Force("B"), e.Fire("bond", 3),
    e.Fire("A", 1), e.PickUpCard("s1"), e.PickUpCard("x5y1"), e.BreakGate(), e.EjectGuard(),
    e.RaiseScreen(), e.OilSlick(), e.SmokeScreen(("A",)), e.AvoidOil("A"), e.AvoidSmoke("B"),
    e.RevealCard("Tilly"), e.CardRoll(), e.PlaceBond(), e.AimCar("A", "x4y3"),
    e.Fire("Z", 0), e.RevealCard("Joker"), e.Move(spaces=0),
]


@SETTINGS
@given(game=games(), data=st.data())
def test_refused_actions_change_nothing(game, data):
    """Every action the engine refuses raises RuleError or InputError and leaves the session,
    its state and its log untouched; anything not listed as legal is refused."""
    session = _start(*game)
    for _ in range(data.draw(st.integers(0, 80))):
        if session.state.is_over:
            break
        session.act(data.draw(st.sampled_from(session.state.legal_actions())))
    state, log = session.state, list(session.log)
    legal = state.legal_actions() or []
    for probe in ILLEGAL_PROBES:
        filled = probe if state.dice_needed(probe) == 0 or probe.dice is not None \
            else dataclasses.replace(probe, dice=(3, 4))
        listed = probe in legal
        try:
            session.act(filled)
        except CompanionError:
            assert not listed, f"{probe} was listed as legal but refused"
            assert session.state is state and session.log == log
        else:
            session.undo()
            assert session.state == state  # replayed: equal, not the same object
            state = session.state
            assert listed or not isinstance(state.legal_actions(), list) or \
                _templated(probe), f"{probe} applied but was not listed"


def _templated(probe) -> bool:
    """Tracker-mode templates: the listed action has spaces_between=0, the real one any."""
    return isinstance(probe, e.Fire)


@pytest.mark.parametrize("bad", [(7, 2), (0, 1), (3,), (1, 2, 3)])
def test_malformed_dice_change_nothing(bad):
    """A die outside 1..6 or a wrong count is InputError, and nothing changes."""
    session = _start("tracker", 1, False, [0, 1, 2, 3, 4])
    session.act(e.PlaceBond())
    before = session.state
    with pytest.raises(InputError):
        session.act(e.StartTurn("bond", bad))
    assert session.state is before and len(session.log) == 2


@SETTINGS
@given(game=games(), data=st.data())
def test_replay_reproduces_the_game(game, data):
    """The state after N actions is a pure function of the options and the actions."""
    session = _start(*game)
    for _ in range(data.draw(st.integers(0, 60))):
        if session.state.is_over:
            break
        session.act(data.draw(st.sampled_from(session.state.legal_actions())))
    again = e.GoldfingerState.from_json(session.state.to_json())
    assert again == session.state and again.last_event == session.state.last_event


JUNK = [None, 0, -1, 3, 99, True, "A", "bond", "x5y4", "x6y4", "s1", "Tilly", "", "zz",
        (1, 2), (9, 9), (3, 4, 5), ("A", "A"), ("A",), ()]


@settings(SETTINGS, max_examples=60)
@given(mode=st.sampled_from(["tracker", "map"]), data=st.data())
def test_garbage_fields_only_raise_companion_errors(mode, data):
    """Malformed input of any shape is refused with InputError or RuleError, never a crash."""
    session = _start(mode, 5, False, [0, 1, 2, 3, 4])
    for _ in range(data.draw(st.integers(0, 30))):
        session.act(data.draw(st.sampled_from(session.state.legal_actions())))
    state = session.state
    for kind in e.ACTION_TYPES:
        names = [f.name for f in dataclasses.fields(kind)]
        values = {name: data.draw(st.sampled_from(JUNK)) for name in names}
        with contextlib.suppress(CompanionError):
            state.apply(kind(**values))
