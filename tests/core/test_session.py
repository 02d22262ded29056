"""The event-sourced Session: act, undo/redo, seeded dice, replay, export/import."""

import json

import pytest

from companion.core.errors import InputError
from companion.core.exchange import export_session, import_session
from companion.core.session import Session
from companion.dice_lab.engine import Check


def test_act_fills_in_app_dice_and_logs_them():
    session = Session("dice_lab", seed=11)
    event = session.act(Check(n_dice=3, target=10))
    assert len(session.actions[0].dice) == 3
    assert "rolled" in event.text
    assert session.log == [f"1. {event.text}"]


def test_real_dice_are_kept_as_given():
    session = Session("dice_lab", seed=11)
    session.act(Check(dice=(6, 5)))
    assert session.actions[0].dice == (6, 5)
    assert session.state.last_event.outcome == "failure"


def test_undo_is_not_a_reroll():
    """Undoing an app roll and asking it again gives the same dice: undo mends a mis-tap.
    (Asking another check there gives fresh ones: `test_seats`.)"""
    session = Session("dice_lab", seed=99)
    session.act(Check(n_dice=4))
    first = session.actions[-1].dice
    session.undo()
    session.act(Check(n_dice=4))
    assert session.actions[-1].dice == first


def test_dice_depend_on_seed_and_position():
    rolls = set()
    for seed in range(5):
        session = Session("dice_lab", seed=seed)
        for _ in range(3):
            session.act(Check(n_dice=6))
        rolls.update(a.dice for a in session.actions)
    assert len(rolls) > 10


def test_undo_redo_and_a_new_action_drops_the_redo_tail():
    session = Session("dice_lab", seed=1)
    session.act(Check(dice=(1, 1)))
    session.act(Check(dice=(2, 2)))
    assert session.undo().text.startswith("2 dice, at most 7: rolled 2+2")
    assert session.can_redo
    session.redo()
    assert len(session.log) == 2
    session.undo()
    session.act(Check(dice=(3, 3)))
    assert not session.can_redo
    assert [a.dice for a in session.actions] == [(1, 1), (3, 3)]
    assert Session("dice_lab").undo() is None
    assert Session("dice_lab").redo() is None


def test_a_refused_action_changes_nothing(store):
    session = Session("dice_lab", seed=1, store=store)
    session.act(Check(dice=(1, 1)))
    before = (session.state, session.log, store.load(session.id))
    with pytest.raises(InputError, match="1 to 6, got 7"):
        session.act(Check(dice=(7, 1)))
    with pytest.raises(InputError, match="expected 2 dice"):
        session.act(Check(dice=(1, 1, 1)))
    assert (session.state, session.log, store.load(session.id)) == before


def test_resume_rebuilds_the_same_state_and_redo_tail(store):
    session = Session("dice_lab", seed=5, store=store)
    for _ in range(4):
        session.act(Check(n_dice=2, target=6))
    session.undo()
    again = Session.resume(store, session.id)
    assert again.state == session.state
    assert again.log == session.log
    assert again.can_redo
    again.redo()
    assert again.actions[-1] == session._actions[-1]


def test_export_then_import_round_trips(store):
    session = Session("dice_lab", seed=5, store=store, name="Lab night")
    session.act(Check(n_dice=2, target=6, modifiers=(("guard", 4),)))
    session.act(Check(dice=(2, 5)))
    copy = import_session(store, export_session(session))
    assert copy.id != session.id
    assert (copy.state, copy.log, copy.name) == (session.state, session.log, "Lab night")
    assert len(store.list_sessions()) == 2


def _export() -> dict:
    session = Session("dice_lab", seed=5)
    session.act(Check(dice=(2, 5)))
    return json.loads(export_session(session))


@pytest.mark.parametrize(("change", "complaint"), [
    (lambda d: "not json {", "not valid JSON"),
    (lambda d: json.dumps(d)[:-20], "not valid JSON"),
    (lambda d: "[" * 100_000, "not valid JSON"),
    (lambda d: json.dumps({**d, "version": 1, "seed": float("nan")}), "not valid JSON"),
    (lambda d: json.dumps({**d, "seed": 5}), "not a companion session export"),
    (lambda d: json.dumps([d]), "not a companion session export"),
    (lambda d: json.dumps({**d, "evil": "__import__('os')"}), "not a companion session"),
    (lambda d: json.dumps({**d, "game": "chess"}), "unknown game 'chess'"),
    (lambda d: json.dumps({**d, "version": 99}), "unsupported export format"),
    (lambda d: json.dumps({**d, "game_version": 0}), "version 0"),
    (lambda d: json.dumps({**d, "version": 1, "seed": "5"}), "'seed' should be a int"),
    (lambda d: json.dumps({**d, "version": 1, "seed": -1}), "seed"),
    (lambda d: json.dumps({**d, "version": [1]}), "'version' should be a int"),
    (lambda d: json.dumps({**d, "cursor": 9}), "cursor 9"),
    (lambda d: json.dumps({**d, "name": ""}), "name"),
    (lambda d: json.dumps({**d, "options": {"x": 1}}), "no option x"),
    (lambda d: json.dumps({**d, "actions": [{"type": "Check"}]}), "does not replay"),
    (lambda d: json.dumps({**d, "actions": [{**d["actions"][0], "dice": [9, 9]}]}), "1 to 6"),
    (lambda d: json.dumps({**d, "actions": [{**d["actions"][0], "dice": None}]}), "missing"),
    (lambda d: "x" * 6_000_000, "larger than"),
])
def test_a_wrong_truncated_or_hostile_file_writes_nothing(store, change, complaint):
    with pytest.raises(InputError, match=complaint):
        import_session(store, change(_export()))
    assert store.list_sessions() == []


def test_rename_validates_the_name(store):
    session = Session("dice_lab", store=store)
    with pytest.raises(InputError):
        session.rename("  ")
    session.rename("  Game night ")
    assert store.load(session.id).name == "Game night"


def test_unknown_games_and_bad_seeds_are_input_errors():
    with pytest.raises(InputError, match="unknown game"):
        Session("monopoly")
    with pytest.raises(InputError, match="seed"):
        Session("dice_lab", seed=-5)
    with pytest.raises(InputError, match="no option"):
        Session("dice_lab", options={"speed": 2})


def test_an_option_added_by_a_rule_change_keeps_a_stored_game_as_it_was_played(store):
    """`Game.later_options`: a game stored before the tile game's December 2026 end rules
    (its options without "stall_end") replays under the old reading; a new game stores the
    new one, so the two are never confused."""
    from dataclasses import replace as copy

    from companion.mb007_tiles import GAME
    new = Session(GAME, {"players": 2}, seed=1, store=store)
    assert new.options["stall_end"] == "dead_position" and new.options["barren_rounds"] == 12
    old = copy(store.load(new.id), id="0123456789abcdef", options={"players": 2})
    store.create(old)  # a game as stored before the change
    again = Session.resume(store, old.id)
    assert again.state.options.stall_end == "next_round"
    assert again.state.options.barren_rounds == 3


@pytest.mark.parametrize("options", [[1, 2], "players", 3, ("players", 2)])
def test_options_that_are_no_mapping_are_refused_with_a_message(options):
    with pytest.raises(InputError, match="options are names and values"):
        Session("dice_lab", options)


def test_a_game_stops_growing_where_its_export_would_no_longer_import(store, monkeypatch):
    """Any game the app holds exports and imports back: an action past the game's
    `max_import_actions`, or one that would take its export past `MAX_IMPORT_BYTES`, is
    refused with a message (a 50,000-check Dice Lab game exported 9.7 MB the import
    refused), and the longest game allowed exports and imports back."""
    from dataclasses import replace as copy

    from companion.core import session as sessions
    from companion.dice_lab import GAME

    short = copy(GAME, max_import_actions=3)
    game = Session(short, {}, seed=1)
    for _ in range(3):
        game.act(Check(n_dice=2, target=7))
    with pytest.raises(InputError, match="the most a saved Dice Lab game keeps"):
        game.act(Check(n_dice=2, target=7))
    assert len(game.actions) == 3

    monkeypatch.setattr(sessions, "MAX_IMPORT_BYTES", 60_000)  # a small cap, the same rule
    heavy = Check(n_dice=6, target=7, modifiers=tuple(("𝄞" * 30, 1) for _ in range(8)))
    big = Session("dice_lab", {}, seed=1)
    with pytest.raises(InputError, match="the most an import takes back"):
        for _ in range(1_000):
            big.act(heavy)
    assert 0 < len(big.actions) < 1_000
    back = import_session(store, export_session(big))
    assert back.state == big.state


def test_a_resume_can_be_paced_after_every_action_replayed(store):
    """`Session.resume(..., pace)` and `prepare_to_act(pace)` call `pace()` after each
    action's part: the opening thread rests there, leaving the interpreter to the event
    loop (`companion.ui.opening.Pacer`)."""
    game = Session("dice_lab", seed=3, store=store)
    for _ in range(5):
        game.act(Check(n_dice=2, target=7))
    calls = []
    again = Session.resume(store, game.id, pace=lambda: calls.append("replay"))
    assert calls == ["replay"] * 5 and again.log == game.log
    again.prepare_to_act(lambda: calls.append("prepare"))
    assert calls.count("prepare") == 10  # each action hashed and sized
    again.act(Check(n_dice=2, target=7))
    assert len(again.log) == 6
