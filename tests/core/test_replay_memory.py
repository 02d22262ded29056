"""Issue 18: replay memory is bounded. A Session keeps checkpoints, not every intermediate
state; undo and redo across checkpoints give exactly the states a full replay gives; an
import too long to replay quickly is refused."""

from __future__ import annotations

import json
import random
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import companion.core.session as session_module
from companion.core.errors import InputError
from companion.core.exchange import export_session, import_session
from companion.core.session import Session
from companion.core.session_file import MAX_ACTIONS
from companion.core.store import SessionRecord
from companion.dice_lab import GAME
from companion.dice_lab.engine import Check


def saved_dice_lab(store, actions: int, cursor: int | None = None) -> str:
    rng = random.Random(actions)
    checks = tuple(GAME.action_to_json(Check(2, 7, dice=(rng.randint(1, 6), rng.randint(1, 6))))
                   for _ in range(actions))
    record = SessionRecord(id=f"long{actions}", game="dice_lab", game_version=GAME.version,
                           name="long", options={}, seed=1,
                           cursor=actions if cursor is None else cursor, actions=checks)
    store.create(record)
    return record.id


def test_resuming_a_long_game_takes_memory_in_proportion_to_it(store):
    """4,000 Dice Lab rolls took about 66 MB when every state was kept (each holds its whole
    history); with checkpoints, a few MB."""
    session_id = saved_dice_lab(store, 4000)
    tracemalloc.start()
    try:
        session = Session.resume(store, session_id)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(session.log) == 4000 and peak < 25_000_000


def test_undo_to_the_start_of_a_long_game_and_redo_to_its_end(store):
    session = Session.resume(store, saved_dice_lab(store, 300, cursor=150))
    reference = [GAME.new_state({})]
    for action in session._actions:
        reference.append(reference[-1].apply(action))
    assert session.state == reference[150]
    while session.can_undo:
        session.undo()
        assert session.state == reference[len(session.actions)]
    while session.can_redo:
        session.redo()
    assert session.state == reference[300] and len(session.log) == 300


checks = st.builds(Check, n_dice=st.integers(1, 3), target=st.integers(2, 12),
                   dice=st.none())
moves = st.lists(st.one_of(checks, st.just("undo"), st.just("redo")), max_size=60)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), moves=moves, every=st.integers(1, 5))
def test_checkpoints_never_change_a_state_or_the_log(monkeypatch, seed, moves, every):
    """Checkpoints every 1 to 5 actions: after every move, the state and the log are those
    of applying the applied actions from the start."""
    monkeypatch.setattr(session_module, "CHECKPOINT_EVERY", every)
    session = Session("dice_lab", seed=seed)
    for move in moves:
        if move == "undo":
            session.undo()
        elif move == "redo":
            session.redo()
        else:
            session.act(move)
        state, log = GAME.new_state({}), []
        for number, action in enumerate(session.actions, start=1):
            state = state.apply(action)
            log.append(f"{number}. {state.last_event.text}")
        assert session.state == state and session.log == log


def test_an_import_longer_than_replays_in_well_under_a_second_is_refused():
    session = Session("dice_lab", seed=1)
    export = json.loads(export_session(session))
    action = GAME.action_to_json(Check(2, 7, dice=(3, 4)))
    text = json.dumps({**export, "actions": [action] * (MAX_ACTIONS + 1)})
    with pytest.raises(InputError, match=f"more than {MAX_ACTIONS} actions"):
        import_session(None, text)
    text = json.dumps({**export, "actions": [action] * MAX_ACTIONS, "cursor": MAX_ACTIONS})
    assert len(import_session(None, text).log) == MAX_ACTIONS


def test_an_honest_long_dice_lab_game_exports_and_imports_again(store):
    """A table's 21,731 rolls (an evening of Dice Lab, issue 18) went out but would not
    come back in under the old 5,000-action cap; replay is now linear in the log."""
    session = Session.resume(store, saved_dice_lab(store, 21_731))
    again = import_session(None, export_session(session))
    assert again.log == session.log and again.state == session.state


def test_a_game_whose_states_copy_their_history_takes_a_shorter_import():
    """Goldfinger's state copies its history on every action, so its replay grows with the
    square of the log: its imports stop at its own `max_import_actions` (5,000 actions
    replay in about 0.13 s; 25,000 took 2.75 s and held every table up)."""
    from companion.goldfinger import GAME as GOLDFINGER
    from companion.goldfinger.actions import AimCar

    session = Session(GOLDFINGER, {"map": "sample"}, seed=1)
    export = json.loads(export_session(session))
    aim = GOLDFINGER.action_to_json(AimCar("A", "x1y1"))
    too_long = json.dumps({**export, "actions": [aim] * (GOLDFINGER.max_import_actions + 1)})
    with pytest.raises(InputError, match="more than 5000 actions, more than 007 Goldfinger"):
        import_session(None, too_long)
    assert GOLDFINGER.max_import_actions < GAME.max_import_actions == MAX_ACTIONS
