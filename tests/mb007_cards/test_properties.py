"""Hypothesis: random whole games, in both modes, keep every chip and every card.

Table mode is played in step with a tablet-mode game standing for the real cards: each
action is tapped in with only what the table can see, and the chips must always agree.
"""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError, InputError
from companion.core.session import Session
from companion.mb007_cards import GAME
from companion.mb007_cards.actions import Deal, Draw, DrawCard, Replace, Respond, Reveal, TakeCards
from companion.mb007_cards.bot import bot_action, play_game
from companion.mb007_cards.chips import points
from companion.mb007_cards.engine import CardsState, check_conservation, new_state
from companion.mb007_cards.views import private_view, public_view

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
PLAYERS = st.integers(2, 6)


def chooser(rng: random.Random, bots: float):
    """Half bot, half random legal actions: games that bluff, call and end."""
    def choose(state: CardsState):
        if rng.random() < bots:
            return bot_action(private_view(state, state.to_act or 0), rng)
        return rng.choice(state.legal_actions())
    return choose


def random_game(seed: int, players: int, steps: int = 400, bots: float = 0.5):
    """Yield (state before, filled action, state after) along a random tablet-mode game."""
    session, rng = Session(GAME, {"players": players}, seed), random.Random(seed)
    choose = chooser(rng, bots)
    for _ in range(steps):
        state = session.state
        if state.is_over:
            return
        session.act(choose(state))
        yield state, session.actions[-1], session.state


def tapped_in(before: CardsState, action, after: CardsState) -> list:
    """The table-mode actions a table would tap in for this tablet-mode action."""
    if isinstance(action, Deal):
        return [Deal(tuple(c for s in after.seats for c in s.up))]
    if isinstance(action, TakeCards):
        return [TakeCards(after.seats[before.turn].up)]
    if isinstance(action, Draw):
        if action.slot == "down":
            return [Draw("down", None, before.seats[before.turn].down)]
        return [Draw(action.slot, action.card)]
    if isinstance(action, DrawCard):
        return None  # the table sees a card drawn, and taps it in once it is placed
    if isinstance(action, Replace):
        if action.slot == "down":
            return [Draw("down", None, before.seats[before.turn].down)]
        return [Draw(action.slot, before.drawn)]
    if isinstance(action, Respond) and after.phase != "respond":
        return [action, Reveal(before.seats[before.turn].down)]
    return [action]


@SETTINGS
@given(seed=st.integers(0, 10_000), players=PLAYERS)
def test_tablet_games_keep_every_chip_and_card(seed, players):
    """Chips: players and pot always hold 36 points a player; cards: pile, discards and hands
    are the deck. The public view never holds a down card."""
    for _, action, after in random_game(seed, players):
        check_conservation(after)
        assert sum(s.points for s in after.seats) + points(after.pot) == 36 * players
        assert all(min(s.chips) >= 0 for s in after.seats)
        assert all(s.out == (s.points == 0) for s in after.seats)
        assert "down=" not in repr(public_view(after))
        assert GAME.action_from_json(GAME.action_to_json(action)) == action


@SETTINGS
@given(seed=st.integers(0, 10_000), players=PLAYERS)
def test_table_mode_tapped_in_agrees_with_the_real_cards(seed, players):
    """Table mode, fed only what the table sees, keeps the same chips, pot and piles."""
    table = new_state({"mode": "table", "players": players})
    for before, action, after in random_game(seed, players):
        taps = tapped_in(before, action, after)
        if taps is None:
            continue
        for tap in taps:
            table = table.apply(tap)
        check_conservation(table)
        assert [s.chips for s in table.seats] == [s.chips for s in after.seats]
        assert table.pot == after.pot and table.phase == after.phase
        assert table.discards == after.discards and table.draw_count == after.draw_count
        assert [s.up for s in table.seats] == [s.up for s in after.seats]
        assert all(s.down is None or s.shown for s in table.seats)  # only a card shown


@SETTINGS
@given(seed=st.integers(0, 10_000), players=PLAYERS, data=st.data())
def test_refused_actions_change_nothing(seed, players, data):
    """Any action the engine refuses raises a CompanionError and leaves the state as it was;
    everything listed as legal applies."""
    rng = random.Random(seed)
    for before, _, _ in random_game(seed, players, steps=120):
        snapshot = before.to_json()
        for action in before.legal_actions():
            before.apply(before.fill_chance(action, rng))
        wild = data.draw(st.sampled_from([
            Draw("left", data.draw(st.sampled_from([1, 7, "007", 0, 9]))),
            Respond(data.draw(st.integers(-1, 6)), data.draw(st.integers(-1, 4))),
            Reveal(data.draw(st.sampled_from([1, "007", 8]))), TakeCards((1, 1, 1)),
            Deal((1,)),
        ]))
        with contextlib.suppress(CompanionError):
            before.apply(wild)
        assert before.to_json() == snapshot
        with pytest.raises(InputError):
            before.apply("not an action")


@pytest.mark.parametrize("seed", range(4))
def test_bots_games_end_with_an_empty_pot_or_one_player_left(seed):
    """Rules for Play 12: games between bots end, and every chip is still there."""
    record = play_game(seed, {"players": 2 + seed})
    assert record.result is not None and sum(record.points) == 36 * (2 + seed)
