"""Solo deals as the game is seen (Trust at the table): the next blue card, the green card in
a room and the next maze section are dealt when Bond sees them, so nothing in the log tells
what comes next and an undo never shows it again; games stored before, which dealt the whole
decks at Set Up, replay as they were played."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from companion.core.errors import InputError
from companion.core.exchange import export_session, import_session, keeps_secrets
from companion.core.session import Session
from companion.golden_gun import GAME, bot, rules
from companion.golden_gun.engine import AddSection, GoldenGunState, Move, Reveal, SetUp
from tests.golden_gun.helpers import OPEN, play

STORED_BEFORE = Path(__file__).parent / "stored_before_dealing_as_seen.json"


def test_a_game_stored_before_replays_as_it_was_played():
    """The golden playthrough as it was stored before (whole decks and four sections in its
    SetUp, no green or layout in Move and AddSection)."""
    stored = json.loads(STORED_BEFORE.read_text())
    state = GoldenGunState.from_json({"options": stored["options"],
                                      "actions": stored["actions"]})
    assert state.maze_text().splitlines()[-3:] == stored["maze"]
    assert state.result == stored["result"]


def test_the_log_of_a_solo_game_holds_only_what_bond_has_seen():
    session = Session(GAME, {"mode": "solo"}, seed=4)
    session.act(SetUp())
    setup = GAME.action_to_json(session.actions[0])
    assert setup["blue_deck"] == [] and setup["green_deck"] == []
    assert len(setup["sections"]) == 1
    assert all(number is None for number in session.state.greens.values())
    while session.state.sections < 2 and not session.state.is_over:
        session.act(bot.choose_action(session.state))
    text = export_session(session)
    # Every card in the file was turned over: the file holds as many as Bond saw.
    greens_seen = sum(rules.DEFAULT_GREEN_DECK.values()) - sum(
        session.state.greens_unseen.values())
    assert text.count('"green":') - text.count('"green":null') == greens_seen


def _until(session: Session, ready) -> None:
    for _ in range(400):
        if ready(session.state):
            return
        session.act(bot.choose_action(session.state))
    raise AssertionError("the bot never got there")


@pytest.mark.parametrize("what", ["blue card", "green card", "section"])
def test_undo_and_again_never_shows_what_the_undo_took_back(what):
    """Undo the reveal, the move into a room or the new section, and do it again: a fresh
    deal over many seeds, not the card or layout the undo took back (before: the same in
    every game, the whole deal was fixed at Set Up)."""
    ready = {"blue card": lambda s: s.phase == "reveal" and s.source == "deck",
             "green card": lambda s: s.phase == "move" and any(
                 n is None for r, n in s.greens.items() if r in s.move_targets()),
             "section": lambda s: s.can_add_section}[what]
    again_action = {"blue card": lambda s: Reveal(),
                    "green card": lambda s: Move(next(r for r in s.move_targets()
                                                      if s.greens.get(r, 0) is None)),
                    "section": lambda s: AddSection(s.maze.free_positions()[0])}[what]
    seen = {"blue card": lambda a: a.kind, "green card": lambda a: a.green,
            "section": lambda a: a.layout}[what]
    same = games = 0
    for seed in range(30):
        session = Session(GAME, {"mode": "solo"}, seed=seed)
        session.act(SetUp())
        try:
            _until(session, ready)
        except AssertionError:
            continue
        if session.state.is_over:
            continue
        games += 1
        session.act(again_action(session.state))
        first = seen(session.actions[-1])
        session.undo()
        session.act(again_action(session.state))
        second = seen(session.actions[-1])
        assert first is not None and second is not None
        same += first == second
        session.undo()
        session.redo()  # a redo gives back what Bond saw last
        assert seen(session.actions[-1]) == second
    assert games >= 20
    limit = {"blue card": games // 2, "green card": games // 3, "section": 2}[what]
    assert same < limit, f"{same} of {games} the same"


def test_the_next_blue_card_comes_from_the_upper_half_while_it_lasts():
    """Set Up: the specials are in the lower half, so a card dealt while the upper half lasts
    is never special; afterwards the specials can come."""
    state = play(GAME.new_state({"mode": "solo"}), SetUp())
    at_reveal = replace(state, phase="reveal", paragraph="hold", source="deck")
    rng = random.Random(1)
    early = Counter(at_reveal.fill_chance(Reveal(), rng).kind for _ in range(2000))
    assert not set(early) & set(rules.SPECIAL_KINDS)
    late = replace(at_reveal, upper_left=0)
    kinds = Counter(late.fill_chance(Reveal(), rng).kind for _ in range(4000))
    assert set(rules.SPECIAL_KINDS) <= set(kinds)


def test_a_green_card_or_layout_given_where_none_is_dealt_is_refused():
    state = play(GAME.new_state({"mode": "solo"}), SetUp())
    room = state.move_targets()[0]
    no_green = next((r for r in state.move_targets() if r not in state.greens), None)
    with pytest.raises(InputError, match="green card is missing"):
        state.apply(Move(room))
    with pytest.raises(InputError, match="no green 12 is left"):
        state.apply(Move(room, green=12))
    if no_green is not None:
        with pytest.raises(InputError, match="no face-down green card"):
            state.apply(Move(no_green, green=5))
    companion = GAME.new_state({})
    with pytest.raises(InputError, match="stay empty"):
        companion.apply(AddSection(layout=OPEN))


def test_a_file_that_deals_what_is_to_come_waits_for_the_end(store):
    """A probe imported an unfinished hand-written solo game whose Set Up held a deck of
    its choosing, and played that deal. A file holding a deal in advance (the old Set Up)
    is exported and imported only once the game is over; a file of a game dealt as it is
    seen holds only what Bond saw, so it goes and comes back mid-game."""
    stored = json.loads(STORED_BEFORE.read_text())
    crafted = {"format": "companion-session", "version": 2, "game": "golden_gun",
               "game_version": 1, "name": "x", "options": {"mode": "solo"}, "cursor": 1,
               "actions": stored["actions"][:1]}
    with pytest.raises(InputError, match="only a finished game imports"):
        import_session(store, json.dumps(crafted))
    finished = {**crafted, "cursor": len(stored["actions"]), "actions": stored["actions"]}
    assert import_session(store, json.dumps(finished)).state.is_over
    session = Session(GAME, {"mode": "solo"}, seed=4, store=store)
    session.act(SetUp())
    session.act(bot.choose_action(session.state))
    assert not keeps_secrets(session)
    assert import_session(store, export_session(session)).actions == session.actions


def test_a_solo_game_dealt_as_seen_resumes_after_a_restart(store):
    """Its Set Up holds the first section and empty decks: the replay takes it as dealt."""
    session = Session(GAME, {"mode": "solo"}, seed=6, store=store)
    session.act(SetUp())
    for _ in range(12):
        session.act(bot.choose_action(session.state))
    again = Session.resume(store, session.id)
    assert again.actions == session.actions and again.state.to_json() == session.state.to_json()
