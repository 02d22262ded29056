"""A refusal's own message cannot fail, whatever the value: a value nested 3,000 deep or a
5,000-digit number, put into any option, any field of any stored action, or any field of an
action built in Python, is refused with a message (`core.errors.shown`), never a raw
RecursionError or ValueError."""

from __future__ import annotations

import dataclasses

import pytest

from companion.core.errors import CompanionError, shown
from companion.core.registry import games
from companion.core.session import Session


def deep(levels: int = 3_000) -> list:
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


HOSTILE = {"deep": deep(), "huge": 10 ** 5_000, "negative huge": -(10 ** 5_000)}
GAMES = {game.name: game for game in games()}


def test_shown_never_fails():
    class Broken:
        def __repr__(self):
            raise RuntimeError("no")

    for value in (*HOSTILE.values(), Broken(), "\ud800", b"\x00" * 10_000, {1: {2: {3: 4}}}):
        assert len(shown(value, 40)) <= 40


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_option_is_refused_with_a_message(name, kind):
    game = GAMES[name]
    keys = set(Session(game, {}).options) | {"players", "mode", "names", "bots", "deck"}
    for key in sorted(keys):
        try:
            Session(game, {key: HOSTILE[kind]})
        except CompanionError as error:
            assert str(error)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_field_of_a_stored_action_is_refused_with_a_message(name, kind):
    game = GAMES[name]
    for action_type in game.action_types:
        names = [f.name for f in dataclasses.fields(action_type)]
        for field in names:
            data = {"type": action_type.__name__, **{n: None for n in names},
                    field: HOSTILE[kind]}
            try:
                game.action_from_json(data)
            except CompanionError as error:
                assert str(error)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_an_action_built_in_python_with_a_hostile_field_is_refused_with_a_message(name, kind):
    """A notebook or a test builds actions directly, past the JSON checks."""
    game = GAMES[name]
    state = Session(game, {}, seed=1).state
    for action_type in game.action_types:
        names = [f.name for f in dataclasses.fields(action_type)]
        for field in names:
            try:
                action = action_type(**{**{n: None for n in names}, field: HOSTILE[kind]})
            except Exception:
                continue
            try:
                state.apply(action)
            except CompanionError as error:
                assert str(error)


@pytest.mark.parametrize(("name", "options"), [
    ("mb007_tiles", {"players": 2.0}),  # was a TypeError deep in the deal
    ("golden_gun", {"green_deck": {"²": 1}}),  # str.isdigit says yes; int() said no
    ("golden_gun", {"green_deck": {"1" * 5_000: 1}}),
])
def test_the_probes_hostile_options_are_refused_with_a_message(name, options):
    with pytest.raises(CompanionError):
        Session(name, options)


@pytest.mark.parametrize("title", ["a\ud800b", "x" * 10_000, "\u202eevil", "nul\x00"])
def test_a_session_name_that_would_break_the_store_or_hide_text_is_refused(store, title):
    """A lone surrogate crashed the store's write; direction marks reorder what is read."""
    with pytest.raises(CompanionError):
        Session("dice_lab", {}, store=store, name=title)
    assert store.list_sessions("dice_lab") == []


@pytest.mark.parametrize(("name", "options"), [
    ("mb007_cards", {"names": ["a\ud800", "b", "c", "d"]}),
    ("mb007_cards", {"names": ["\u202eAnn", "b", "c", "d"]}),
    ("license_to_kill", {"players": ["\u202eA", "B"]}),
    ("license_to_kill", {"players": ["nul\x00", "B"]}),
])
def test_player_names_that_would_not_import_back_are_refused(name, options):
    """A name with a lone surrogate exported but did not import; direction marks reorder
    what the table reads."""
    with pytest.raises(CompanionError, match="control characters, direction marks"):
        Session(name, options)


def test_a_dice_lab_label_that_would_not_import_back_is_refused():
    from companion.dice_lab.engine import Check

    with pytest.raises(CompanionError, match="control characters, direction marks"):
        Session("dice_lab").act(Check(modifiers=(("guard\ud800", 1),)))
