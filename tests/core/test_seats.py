"""Who holds the table: link keys from the server's secret, holders and notes stored with
the game, the log's notes in order, and no secret in an export (Trust at the table)."""

from __future__ import annotations

import json
import random

import pytest

from companion.core.errors import InputError
from companion.core.exchange import export_session, import_session
from companion.core.seats import TABLET, Holder, Note, device_mark, history, link_key, seat_role
from companion.core.session import Session
from companion.core.store import Store
from companion.dice_lab.engine import Check
from companion.mb007_cards import GAME as CARDS
from companion.mb007_cards.actions import Deal, Draw
from companion.mb007_cards.bot import bot_action
from companion.mb007_cards.views import private_view


def test_link_keys_come_from_the_stores_secret_not_from_anything_a_player_sees(store):
    session = Session("dice_lab", seed=5, store=store)
    secret = store.server_secret()
    assert secret == store.server_secret() and len(secret) == 32
    key = session.link_key(seat_role(0))
    assert key == link_key(secret, session.id, "seat 0", 0)
    # The same game under another server's secret, or with the seed as the secret: other keys.
    assert key != link_key(str(session.seed).encode(), session.id, "seat 0", 0)
    other = Store(store.path.with_name("other.sqlite3"))
    assert other.server_secret() != secret
    other.close()
    # A handover's new generation gives a new key; the old one is dead.
    session.set_holder(seat_role(0), Holder(1))
    assert session.link_key(seat_role(0)) != key


def test_holders_and_notes_are_stored_with_the_game(store):
    session = Session("dice_lab", seed=5, store=store)
    session.act(Check(dice=(2, 5)))
    mark = device_mark(store.server_secret(), "ab" * 16)
    assert "ab" * 16 not in mark and mark != device_mark(b"another secret" * 3, "ab" * 16)
    session.set_holder(TABLET, Holder(0, mark))
    session.set_holder(seat_role(1), Holder(2, "phone"), "Seat 2 took the seat on a phone")
    session.undo()
    again = Session.resume(store, session.id)
    assert again.holders == {TABLET: Holder(0, mark), "seat 1": Holder(2, "phone")}
    assert [n.kind for n in again.notes] == ["seat", "undo"]
    assert again.history == session.history == [
        "— Seat 2 took the seat on a phone",
        "— Undone by the table: 2 dice, at most 7: rolled 2+5 = 7, succeeds "
        "(chance was 58.3%)"]


def test_the_saved_games_of_a_device_are_its_own_and_those_nobody_holds(store):
    mine, theirs, nobodys = (Session("dice_lab", store=store) for _ in range(3))
    mine.set_holder(TABLET, Holder(0, "me"))
    theirs.set_holder(TABLET, Holder(0, "them"))
    listed = {r.id for r in store.list_sessions("dice_lab", tablet="me")}
    assert listed == {mine.id, nobodys.id}
    assert len(store.list_sessions("dice_lab")) == 3


def test_the_log_shows_the_notes_in_the_order_things_happened():
    c, b, rb = (Note("Undone: c", "undo"), Note("Undone: b", "undo"),
                Note("Redone: b", "redo"))
    # a, b, c; undo c, undo b: both notes follow a, in the order they happened.
    assert history(["1. a"], [0], [c, b]) == ["1. a", "— Undone: c", "— Undone: b"]
    # Then redo b: b keeps its place (it was made before the undos); the notes follow it.
    assert history(["1. a", "2. b"], [0, 0], [c, b, rb]) == [
        "1. a", "2. b", "— Undone: c", "— Undone: b", "— Redone: b"]
    # a, b, c; undo c; then d (made after one note): the undo stands between b and d.
    assert history(["1. a", "2. b", "3. d"], [0, 0, 1], [c]) == [
        "1. a", "2. b", "— Undone: c", "3. d"]
    # Many undos of later actions never push the newest action off the end of the log.
    many = [Note(f"Undone: round {i}", "undo") for i in range(60)]
    assert history(["1. a", "2. b"], [0, 60], many)[-1] == "2. b"
    assert history(["1. a"], [1], [Note("Red took the seat", "seat")]) == [
        "— Red took the seat", "1. a"]


def test_a_session_keeps_the_order_of_its_actions_and_notes_when_resumed(store):
    session = Session("dice_lab", seed=5, store=store)
    session.act(Check(dice=(2, 5)))
    session.undo()
    session.act(Check(dice=(6, 6)))
    session.set_holder(seat_role(0), Holder(0, "phone"), "Seat 1 took the seat on a phone")
    session.act(Check(dice=(1, 1)))
    lines = Session.resume(store, session.id).history
    assert lines == session.history
    assert [line[:12] for line in lines] == ["— Undone by ", "1. 2 dice, a", "— Seat 1 too",
                                             "2. 2 dice, a"]


def test_an_export_holds_no_seed_and_an_import_draws_with_a_new_one(store):
    session = Session("dice_lab", seed=987_654_321, store=store)
    session.act(Check(dice=(2, 5)))
    session.set_holder(seat_role(0), Holder(0, "phone"))
    text = export_session(session)
    data = json.loads(text)
    assert "seed" not in data and str(session.seed) not in text
    assert session.link_key(seat_role(0)) not in text and "phone" not in text
    imported = import_session(store, text)
    assert imported.seed != session.seed and imported.holders == {}
    assert imported.actions == session.actions
    old = {**data, "version": 1, "seed": 5}  # a file from before: its seed is not used
    assert import_session(store, json.dumps(old)).seed != 5


def test_draw_undo_draw_never_shows_the_next_card():
    """The card game (tablet mode): draw, undo and draw again is a fresh draw over many
    seeds, not the card the undo took back (it was the same in 30 of 30 games before)."""
    same = 0
    for seed in range(30):
        session = Session(CARDS, {"players": 2, "bots": []}, seed=seed)
        session.act(Deal())
        session.act(Draw("left"))
        drawn = session.actions[-1]
        session.undo()
        session.act(Draw("left"))
        again = session.actions[-1]
        same += again == drawn
        session.undo()
        session.redo()  # a redo gives back what the table saw last
        assert session.actions[-1] == again
    assert same < 10  # 13 card values: about 1 in 10 by chance


def test_a_game_with_secrets_imports_only_finished_and_with_nothing_to_redo(store):
    """Trust at the table: a hand-written file could deal the cards its author chose (a
    cheater's helper imported `Deal([7, 7, "007", 3, 3, 7])` and Bo was dealt the 007), or
    keep undone draws for a redo: an unfinished game with secrets, or one with undone
    actions, does not import; a finished one does (to look back at it)."""
    crafted = {"format": "companion-session", "version": 2, "game": "mb007_cards",
               "game_version": 1, "name": "Friday", "options": {"players": 2, "bots": []},
               "cursor": 1, "actions": [{"type": "Deal", "cards": [7, 7, "007", 3, 3, 7]}]}
    with pytest.raises(InputError, match="only a finished game imports"):
        import_session(store, json.dumps(crafted))
    with pytest.raises(InputError, match="undone actions"):
        import_session(store, json.dumps({**crafted, "cursor": 0}))
    assert store.list_sessions() == []
    finished = Session(CARDS, {"players": 2, "bots": [1]}, seed=5)
    rng = random.Random(5)
    while not finished.state.is_over:
        state = finished.state
        finished.act(bot_action(private_view(state, state.to_act or 0), rng))
    assert import_session(store, export_session(finished)).state.is_over


def test_the_apps_own_secret_choices_are_fresh_after_an_undo():
    """A bot's letter or bluff comes from `Session.bot_rng`: the same at the same point of
    a game nobody undid, fresh after an undo (a cheater's probe saw the app's letter come
    back 5 times in 5 after undoing a reveal)."""
    session = Session("dice_lab", seed=3)
    session.act(Check(dice=(1, 2)))
    first = session.bot_rng().random()
    assert session.bot_rng().random() == first
    session.undo()
    session.redo()
    assert session.bot_rng().random() != first


def test_an_undo_is_no_reroll_and_shows_no_dice_to_spend_elsewhere():
    """Dice come from (seed, position, what was done before, the action as asked): asking
    the same again after an undo gives the same dice; asking anything else, or doing
    something else first, gives fresh ones. (A probe rolled 1+1 in one room, undid twice,
    went to another room and rolled 1+1 there: the dice an undo showed could be spent.)"""
    same_again = other_check = other_history = 0
    for seed in range(40):
        session = Session("dice_lab", seed=seed)
        session.act(Check(n_dice=2, target=7))
        first = session.actions[-1].dice
        session.undo()
        session.act(Check(n_dice=2, target=7))
        same_again += session.actions[-1].dice == first
        session.undo()
        session.act(Check(n_dice=2, target=8))  # another check at the same place
        other_check += session.actions[-1].dice == first
        session.undo()
        session.act(Check(n_dice=1, target=3, dice=(2,)))  # something else first
        session.act(Check(n_dice=2, target=7))
        other_history += session.actions[-1].dice == first
    assert same_again == 40
    assert other_check < 6 and other_history < 6  # 1 in 36 by chance
