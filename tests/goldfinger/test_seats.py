"""Goldfinger at a shared table without a browser: the tablet, Bond's phone and the Enemy's
phone on one live game. The Enemy places the cards on his phone; which card lies by which
star stays on his phone until Bond turns it over: not on the tablet's page, not on Bond's."""

from __future__ import annotations

import dataclasses
import re
from concurrent.futures import Future

import pytest
from bokeh.document import Document

from companion.core.errors import InputError
from companion.core.session import Session
from companion.goldfinger import GAME, bot, rules
from companion.goldfinger import engine as e
from companion.goldfinger.dashboard import REAL, GoldfingerDashboard, map_part
from companion.goldfinger.views import private_view, public_state, seat_names
from tests.frames import model_strings

from .helpers import CARDS, dice, map_game, texts

BOND_SEAT, ENEMY_SEAT = 0, 1


def table(store, options=None) -> dict[object, GoldfingerDashboard]:
    """The tablet (key None) and both phones on one map-mode game, two players."""
    session = Session(GAME, options or {"map": "sample"}, seed=5, store=store)
    return {seat: GoldfingerDashboard(store=store, session=session, seat=seat)
            for seat in (None, BOND_SEAT, ENEMY_SEAT)}



def placement_shown(strings: list[str], placed: dict[str, str]) -> list[str]:
    """The (star, card) pairs that some string names side by side."""
    text = "\n".join(strings)
    return [f"{star}: {card}" for star, card in placed.items()
            if re.search(rf"{star}(?:\W|</?[a-z]+>){{0,8}}{card}", text)
            or re.search(rf"{card}(?:\W|</?[a-z]+>){{0,8}}{star}", text)]


def test_private_view_is_the_enemys_cards_by_star_and_bond_has_none():
    state = map_game(cards=("Mirror", "Tilly", "Old Lady", "Odd Job", "Nothing Here"))
    stars = state.board.stars[:5]
    enemy = private_view(state, ENEMY_SEAT)
    assert [(c["star"], c["card"], c["turned"]) for c in enemy["cards"]][:2] == [
        (stars[0], "Mirror", False), (stars[1], "Tilly", False)]
    assert private_view(state, BOND_SEAT) == {"seat": 0, "name": "Bond", "side": "bond",
                                              "cards": []}
    for bad in (2, -1, True, "1", None):
        with pytest.raises(InputError, match="no seat"):
            private_view(state, bad)


def test_a_turned_card_is_marked_and_real_cards_are_unknown_to_the_app():
    assert {c["card"] for c in private_view(map_game(cards=None), ENEMY_SEAT)["cards"]} == {None}
    state = map_game()
    assert [card for _, card in public_state(state).cards] == [None] * 5
    star, card = state.cards[0]
    state = dataclasses.replace(state, cards=state.cards[1:], found=((star, card),))
    view = private_view(state, ENEMY_SEAT)["cards"]
    assert len(view) == 5 and view[0] == {"star": star, "card": card, "turned": True}


def test_seats_are_bond_and_the_enemy_unless_the_app_plays_the_enemy(store):
    pages = table(store)
    assert pages[None].seat_names() == ["Bond", "Enemy"]
    enemy_bot = Session(GAME, {"map": "sample", "bot": "enemy"}, seed=5, store=store)
    assert seat_names(enemy_bot.state) == ["Bond"]
    assert seat_names(Session(GAME, {}, seed=5, store=store).state) == ["Bond", "Enemy"]


def test_the_enemy_places_the_cards_on_his_phone_and_nobody_else_sees_them(store):
    pages = table(store)
    tablet, bond, enemy = pages[None], pages[BOND_SEAT], pages[ENEMY_SEAT]
    assert tablet.enemy_phone_here()
    assert "places the cards on their own phone" in " ".join(texts(tablet))
    assert "placing the five cards" in " ".join(bond.texts())
    stars = tablet.state.board.stars[:5]
    tablet.tap(stars[-1])  # the tablet no longer places the cards of a seat on its phone
    assert "placed on their own phone" in tablet.message
    for star in stars:
        enemy.tap(star)  # each star takes the next card: Mirror, Old Lady, ...
    placed = dict(zip(stars, rules.CARD_NAMES, strict=True))
    assert enemy.placing == list(placed.items()) and bond.placing == []
    assert tablet.placing == []
    assert f"Star {stars[0]}: Mirror (tap to take back)" in texts(enemy)
    assert len(placement_shown(model_strings(enemy), placed)) == 5  # the check finds them
    for page in (tablet, bond):
        assert placement_shown(model_strings(page), placed) == []
    bond.tap(stars[0])  # not Bond's to place
    assert bond.placing == [] and "placing the five cards" in bond.message

    enemy.place_cards()
    assert tablet.state.phase == "bond" and dict(tablet.state.cards) == placed
    assert tablet.placing == []  # the tablet's half-choice is dropped
    assert "known to the app" in tablet.log.lines[-1]
    own = enemy._own.html
    assert all(f"<b>{star}</b>: {card}</li>" in own for star, card in placed.items())
    pages_now = {seat: model_strings(page) for seat, page in pages.items()}
    assert len(placement_shown(pages_now[ENEMY_SEAT], placed)) == 5
    for seat in (None, BOND_SEAT):
        assert placement_shown(pages_now[seat], placed) == []
        assert not any("own-view\" data-seat=\"1\"" in s for s in pages_now[seat])
    assert any("Join this table" in s for s in pages_now[None])
    for seat in (BOND_SEAT, ENEMY_SEAT):
        assert not any("Join this table" in s or "Saved games" in s or "Game set-up" in s
                       for s in pages_now[seat])


def test_bond_is_placed_on_his_phone_and_the_enemy_may_aim_on_his(store):
    pages = table(store)
    tablet, bond, enemy = pages[None], pages[BOND_SEAT], pages[ENEMY_SEAT]
    tablet.do(bot.enemy_bot(tablet.state))  # the tablet lets the Enemy bot place them
    assert enemy._own.html.count("<li") == 5 and "own-view" not in tablet._own.html
    assert any("may point each car" in t for t in texts(enemy))
    assert not any("may point each car" in t for t in texts(bond))
    bond.tap("x5y4")
    assert bond.bond_space == "x5y4" and enemy.bond_space == tablet.bond_space == ""
    bond._place_bond("x6y4")
    assert tablet.state.phase == "play" and bond.my_turn() and not enemy.my_turn()
    assert "Bond plays now" in " ".join(enemy.texts()) and not enemy.dice.shown


def test_with_real_cards_the_enemy_says_on_his_phone_which_card_bond_turned(store):
    pages = table(store)
    tablet, bond, enemy = pages[None], pages[BOND_SEAT], pages[ENEMY_SEAT]
    enemy.card_mode = REAL
    stars = tablet.state.board.stars[:5]
    for star in stars:
        enemy.tap(star)
    enemy.place_cards()
    assert "a real card, face down" in enemy._own.html
    star = stars[0]
    bond.do(e.PlaceBond(star, sorted(tablet.state.board.graph[star])[0]))
    bond.do(e.StartTurn("bond", dice(7)))
    bond.do(e.PickUpCard(star, dice(2)))
    assert tablet.state.pending.kind == "reveal"
    assert "says which card Bond turned over" in " ".join(bond.texts())
    assert "The card is Tilly" in enemy.texts() and "The card is Tilly" in tablet.texts()
    assert "The card is Tilly" not in bond.texts()
    enemy.press("The card is Mirror")
    assert tablet.state.found == ((star, "Mirror"),)
    assert f"<b>{star}</b>: Mirror (turned over)" in enemy._own.html


class InProcess:
    """A stand-in for the worker process that runs its job at once, here."""

    def submit(self, job, *args) -> Future:
        done: Future = Future()
        done.set_result(job(*args))
        return done


def test_the_estimate_reads_the_cards_as_the_table_knows_them(store, monkeypatch):
    board = GoldfingerDashboard(store=store, session=Session(GAME, {"map": "sample"}, seed=5,
                                                              store=store))
    for star in board.state.board.stars[:5]:
        board.tap(star)
    board.place_cards()
    seen = []
    monkeypatch.setattr(bot, "estimate_bond_win",
                        lambda state, **_: seen.append(state.cards) or "Bond wins 1%")
    monkeypatch.setattr(map_part, "odds_worker", lambda: InProcess())  # to see its state
    board.start_estimate().result(timeout=60)
    assert [card for _, card in seen[0]] == [None] * 5 and board.estimate == "Bond wins 1%"
    assert {card for _, card in board.state.cards} == set(CARDS)




def test_cards_placed_star_by_star_on_a_drawn_page(store):
    """Each tap draws rows offering only the cards left; the card choice never holds a card
    already placed (a served page once failed on the first star)."""
    for seat in (None, ENEMY_SEAT):  # the tablet of a table without phones, the Enemy's
        session = Session(GAME, {"map": "sample"}, seed=5, store=store)
        board = GoldfingerDashboard(store=store, session=session, seat=seat)
        board.__panel__().server_doc(Document())  # the widgets have their Bokeh models
        for star in board.state.board.stars[:5]:
            board.tap(star)
        assert [card for _, card in board.placing] == list(rules.CARD_NAMES)


def test_an_undo_never_shows_where_the_app_hid_the_cards(store):
    """Trust at the table: the app hides the Enemy's cards (`PlaceCards()`); undoing that
    and hiding again is a fresh hiding, over many seeds, not the one the undo took back."""
    same = 0
    for seed in range(20):
        session = Session(GAME, {"map": "sample"}, seed=seed)
        session.act(e.PlaceCards())
        hidden = session.actions[-1]
        session.undo()
        session.act(e.PlaceCards())
        same += session.actions[-1] == hidden
        assert session.actions[-1].stars is not None
    assert same <= 1
