"""Building a Deck on the table: a player's cards in play come from his own decks, so the
tablet refuses more copies of a card, or more cards of a type, than a legal deck holds
(HOUSE RULE `deck_limits_on_table`, on by default). It is also what keeps a long game's
table, and so the cost of each step, from growing without end (issue 36)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.core.errors import RuleError
from companion.license_to_kill import rules
from companion.license_to_kill.engine import AddToAgency, NextStep, PlacePlot, Setup
from tests.license_to_kill.helpers import again, started, to_step


def refused(state, action, match):
    with pytest.raises(RuleError, match=match) as caught:
        state.apply(action)
    assert caught.value.rule == rules.SECTION["building"]


def test_no_third_copy_of_an_action_card():
    """Building a Deck, Deck Composition: 'You cannot have more than two copies of any card
    in your deck.'"""
    state = to_step(started(), "Assignment Briefing")
    state = state.apply(AddToAgency("Ally1")).apply(AddToAgency("Ally1"))
    refused(state, AddToAgency("Ally1"), "P0 has 2 Ally1 on the table already; a deck holds "
                                         "at most 2")


def test_no_second_copy_of_a_plot_card_and_no_more_of_a_type_than_the_plot_deck():
    """Building a Deck, the Plot deck: 'You cannot have more than one copy of any Plot card',
    with exactly 3 Mission cards (the starting Mission is one of them)."""
    state = to_step(started(), "Develop Plot Zone")
    refused(state, PlacePlot("M1", None, None, True), "P0 has 1 M1 on the table already")
    state = again(state.apply(PlacePlot("M2", None, None, True)), "Develop Plot Zone")
    state = again(state.apply(PlacePlot("M3", None, None, True)), "Develop Plot Zone")
    refused(state, PlacePlot("M4", None, None, True), "P0 has 3 Mission cards on the table")
    # another player's copies are his own deck's
    other = to_step(state.apply(NextStep(no_plot_card=True)), "Develop Plot Zone", player=1)
    assert other.apply(PlacePlot("M3", None, None, True)).players[1].zone[-1][0].title == "M3"


def test_a_face_up_card_is_never_refused_for_what_is_face_down():
    """A card put face up is counted with the player's face-up cards only, so a refusal on
    the tablet never tells the table what his face-down cards are; one put face down is
    counted with all of them (he names it on his own phone)."""
    state = to_step(started(), "Develop Plot Zone")
    state = state.apply(PlacePlot("P2", 0, 1, False)).apply(PlacePlot("P2", 0, 1, False))
    refused(state, PlacePlot("P2", 0, 1, False), "P0 has 2 P2 on the table already")
    assert state.allows(PlacePlot("P2", 0, 1, True))
    # his Villain (face down since his set-up) leaves the face-up count alone too
    assert state.allows(PlacePlot("V1", None, None, True))
    refused(state, PlacePlot("V1", None, None, False), "P0 has 1 V1 on the table already")


def test_house_rule_decks_built_freely():
    """HOUSE RULE `deck_limits_on_table` off: a casual pool of cards, no deck limits."""
    state = to_step(started(deck_limits_on_table=False), "Assignment Briefing")
    for _ in range(3):
        state = state.apply(AddToAgency("Ally1"))
    assert [p.title for p in state.players[0].agency].count("Ally1") == 3


def test_random_play_never_puts_more_on_the_table_than_the_decks_hold():
    """Over long random games (the table as big as the game makes it), every player's
    face-up cards fit his decks, and all his cards at most twice over (a face-up card is not
    refused for a face-down one), so the list of legal actions stays bounded."""
    for seed in (3, 8):
        rng, state = random.Random(seed), started(3)
        for _ in range(700):
            legal = state.legal_actions()
            if state.is_over or not legal:
                break
            state = state.apply(state.fill_chance(rng.choice(legal), rng))
        for face_up_only, times in ((True, 1), (False, 2)):
            shown = [p for p in state.on_table() if p.face_up or not face_up_only]
            for (owner, title), count in Counter((p.owner, p.title) for p in shown).items():
                card = state.library[title]
                assert count <= times * (rules.PLOT_DECK_MAX_COPIES if card.is_plot
                                         else rules.ACTION_DECK_MAX_COPIES), (seed, owner, title)
            for (owner, kind), count in Counter((p.owner, state.card(p).type)
                                                for p in shown).items():
                assert count <= times * rules.DECK_TYPE_MOST.get(kind, count), (seed, owner, kind)


def test_a_game_stored_before_the_deck_limits_replays_as_it_was_played(tmp_path):
    """`Game.later_options`: a game stored without `deck_limits_on_table` (made before the
    option existed, maybe with a third copy on the table) reopens with the limits off; a new
    game stores them on."""
    from dataclasses import replace as copy

    from companion.core.session import Session
    from companion.core.store import Store
    from companion.license_to_kill import GAME
    from tests.license_to_kill.helpers import SETUPS, options

    store = Store(tmp_path / "games.sqlite3")
    try:
        free = Session(GAME, options(2, deck_limits_on_table=False), seed=1, store=store)
        for player in range(2):
            free.act(Setup(player, *SETUPS[player]))
        while free.state.turn.step_name != "Assignment Briefing":
            free.act(NextStep(no_plot_card=True))
        for _ in range(3):
            free.act(AddToAgency("Ally1"))
        old_options = {k: v for k, v in free.options.items() if k != "deck_limits_on_table"}
        old = copy(store.load(free.id), id="0123456789abcdef", options=old_options)
        store.create(old)  # as stored before the option
        again = Session.resume(store, old.id)
        assert [p.title for p in again.state.players[0].agency].count("Ally1") == 3
        assert Session(GAME, options(2), seed=1).options["deck_limits_on_table"] is True
    finally:
        store.close()
