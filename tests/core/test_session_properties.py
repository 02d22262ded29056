"""Hypothesis properties of the Session over random Dice Lab action sequences."""

import json
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError, InputError
from companion.core.exchange import export_session, import_session
from companion.core.game import Game
from companion.core.session import Session
from companion.core.store import Store
from companion.dice_lab.engine import Check

checks = st.builds(
    Check,
    n_dice=st.integers(1, 6),
    target=st.integers(-5, 40),
    goal=st.sampled_from(["at most", "at least"]),
    modifiers=st.lists(st.tuples(st.sampled_from(["guard", "range", "screen"]),
                                 st.integers(-6, 6)), max_size=3).map(tuple),
    dice=st.none(),
)
steps = st.lists(st.one_of(checks, st.just("undo"), st.just("redo")), max_size=12)
FAST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def play(session: Session, moves) -> None:
    for move in moves:
        if move == "undo":
            session.undo()
        elif move == "redo":
            session.redo()
        else:
            session.act(move)


@FAST
@given(seed=st.integers(0, 2**32), moves=steps)
def test_undo_then_redo_is_the_identity(seed, moves):
    session = Session("dice_lab", seed=seed)
    play(session, moves)
    before = (session.state, session.log)
    if session.undo() is not None:
        session.redo()
    assert (session.state, session.log) == before


@FAST
@given(seed=st.integers(0, 2**32), moves=steps)
def test_replay_equals_live_state(seed, moves):
    session = Session("dice_lab", seed=seed)
    play(session, moves)
    replayed = Session("dice_lab", seed=seed)
    for action in session.actions:
        replayed.act(action)
    assert replayed.state == session.state
    assert replayed.log == session.log


@FAST
@given(seed=st.integers(0, 2**32), moves=steps)
def test_export_then_import_round_trips(tmp_path_factory, seed, moves):
    store = Store(tmp_path_factory.mktemp("db") / "s.sqlite3")
    session = Session("dice_lab", seed=seed, store=store)
    play(session, moves)
    copy = import_session(store, export_session(session))
    assert (copy.state, copy.log, copy.can_redo) == (session.state, session.log,
                                                    session.can_redo)
    resumed = Session.resume(store, session.id)
    assert (resumed.state, resumed.log) == (session.state, session.log)
    store.close()


bad_checks = st.one_of(
    st.builds(Check, n_dice=st.integers(7, 20)),
    st.builds(Check, target=st.integers(100, 1000)),
    st.builds(Check, dice=st.lists(st.integers(-3, 12), min_size=2, max_size=2)
              .filter(lambda d: not all(1 <= f <= 6 for f in d)).map(tuple)),
    st.builds(Check, dice=st.lists(st.integers(1, 6), min_size=3, max_size=3).map(tuple)),
    st.builds(Check, modifiers=st.just((("", 1),))),
)


@FAST
@given(seed=st.integers(0, 2**32), moves=steps, bad=bad_checks)
def test_a_rejected_action_changes_nothing(tmp_path_factory, seed, moves, bad):
    store = Store(tmp_path_factory.mktemp("db") / "s.sqlite3")
    session = Session("dice_lab", seed=seed, store=store)
    play(session, moves)
    before = (session.state, session.log, session.can_redo, json.dumps(
        store.load(session.id).__dict__, sort_keys=True, default=repr))
    try:
        session.act(bad)
    except CompanionError:
        pass
    else:
        raise AssertionError(f"{bad} was accepted")
    after = (session.state, session.log, session.can_redo, json.dumps(
        store.load(session.id).__dict__, sort_keys=True, default=repr))
    assert after == before
    store.close()


# What another server process does with each change it hears of (`LiveTable.reload`).
follow_moves = st.lists(st.tuples(
    st.one_of(checks, st.tuples(st.just("joined"), checks), st.just("undo"), st.just("redo"),
              st.just("note")),
    st.booleans()), max_size=14)


@FAST
@given(seed=st.integers(0, 2**32), moves=follow_moves)
def test_a_game_caught_up_is_the_game_resumed(tmp_path_factory, seed, moves):
    """Caught up after each change it heard of, another process's copy of a game is the game
    as resumed from the store, whether it heard of every change or missed some (then it
    replays the whole game): the same state, actions, log with its notes, dice to come and
    next draws."""
    store = Store(tmp_path_factory.mktemp("db") / "s.sqlite3")
    session = Session("dice_lab", seed=seed, store=store)
    # One follower reads the whole game each time, the other as a live table does
    # (`catch_up`: only the actions from its cursor on, when it is one change behind).
    follower = reader = Session.resume(store, session.id)
    for move, heard in moves:
        if move == "note":
            session.tell("Ann took seat 1", "seat")
        elif isinstance(move, tuple):
            session.act(move[1], with_previous=True)
        else:
            play(session, [move])
        if heard:
            follower, reader = follower.caught_up(store.load(session.id)), reader.catch_up(store)
            resumed = Session.resume(store, session.id)
            for caught_up in (follower, reader):
                assert (caught_up.state, caught_up.actions, caught_up.history,
                        caught_up.revision, caught_up.can_redo) == \
                    (resumed.state, resumed.actions, resumed.history, resumed.revision,
                     resumed.can_redo)
                assert caught_up.bot_rng().random() == resumed.bot_rng().random()
                assert [caught_up.state_after(n) for n in range(len(caught_up.actions) + 1)] \
                    == [resumed.state_after(n) for n in range(len(resumed.actions) + 1)]
    store.close()


def test_a_game_one_change_behind_replays_only_that_change(store, monkeypatch):
    """A tap on another process costs this one the tap's action, not the whole game; an
    undo or a redo there, no action."""
    session = Session("dice_lab", seed=5, store=store)
    for target in range(40):
        session.act(Check(n_dice=2, target=target % 12))
    follower = Session.resume(store, session.id)
    replayed: list = []
    read_again = Game.action_from_json
    monkeypatch.setattr(Game, "action_from_json",
                        lambda game, data: replayed.append(data) or read_again(game, data))

    def catch_up() -> Session:
        replayed.clear()
        caught_up = follower.caught_up(store.load(session.id))
        assert caught_up.history == session.history
        return caught_up

    session.act(Check(n_dice=3, target=9))
    follower = catch_up()
    assert replayed == [store.load(session.id).actions[-1]]
    session.undo()
    follower = catch_up()
    assert replayed == [] and follower.can_redo
    session.redo()
    follower = catch_up()
    assert replayed == [] and not follower.can_redo
    session.undo()
    session.undo()
    follower = catch_up()  # two changes missed: every action replayed
    assert len(replayed) == 41 and follower.can_redo


def test_a_game_one_change_behind_reads_only_the_actions_from_its_cursor(store, monkeypatch):
    """What a live table reads when another process changed its game (`catch_up`): one
    change behind, the actions from its cursor on (a tap's one action; after an undo, the
    undone ones); two changes behind, the whole game."""
    session = Session("dice_lab", seed=5, store=store)
    for target in range(40):
        session.act(Check(n_dice=2, target=target % 12))
    follower = Session.resume(store, session.id)
    read: list[int] = []
    load = Store.load
    monkeypatch.setattr(Store, "load", lambda self, session_id, since=0: (
        lambda record: read.append(len(record.actions)) or record)(
            load(self, session_id, since)))

    def catch_up() -> Session:
        read.clear()
        caught_up = follower.catch_up(store)
        assert caught_up.history == session.history and caught_up.state == session.state
        return caught_up

    session.act(Check(n_dice=3, target=9))
    follower = catch_up()
    assert read == [1]
    session.undo()
    follower = catch_up()
    assert read == [0] and follower.can_redo
    session.undo()
    follower = catch_up()
    assert read == [1]  # the action undone before: the one redo could bring back
    session.redo()
    follower = catch_up()
    assert read == [2] and follower.can_redo
    session.act(Check(n_dice=1, target=3))
    session.act(Check(n_dice=1, target=4))
    with pytest.raises(InputError, match="does not hold the actions before"):
        follower.caught_up(store.load(session.id, since=40))  # a tail two changes on
    follower = catch_up()  # two changes missed: the tail, then the whole game
    assert read == [2, 42]
    with pytest.raises(InputError, match="read from action 41 on"):
        store.create(store.load(session.id, since=40))


def test_a_game_edited_by_hand_one_revision_on_is_read_whole(tmp_path):
    """Two actions added under one revision (not what one change makes: the file edited
    by hand): the live table's copy reads the whole game instead of joining the tail."""
    store = Store(tmp_path / "s.sqlite3")
    session = Session("dice_lab", seed=5, store=store)
    for target in range(3):
        session.act(Check(n_dice=2, target=target, dice=(1, 2)))
    follower = Session.resume(store, session.id)
    stored = store.load(session.id).actions[0]
    with sqlite3.connect(store.path) as db:
        db.executemany("INSERT INTO actions VALUES (?, ?, ?)",
                       [(session.id, position, json.dumps(stored)) for position in (3, 4)])
        db.execute("UPDATE sessions SET cursor = 5, revision = revision + 1 WHERE id = ?",
                   (session.id,))
    caught_up = follower.catch_up(store)
    assert len(caught_up.actions) == 5
    assert caught_up.state == Session.resume(store, session.id).state
    store.close()
