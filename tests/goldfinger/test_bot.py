"""The bots play legal moves only, follow their stated plans, and the win estimate is seeded."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from companion.core.errors import InputError
from companion.core.session import Session
from companion.goldfinger import GAME, bot, rules
from companion.goldfinger import engine as e
from companion.goldfinger.hiding import hide_cards, tilly_weights
from companion.goldfinger.legal import allowed

from .helpers import dice, map_game, place


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bots_only_choose_legal_actions(seed):
    """Bot against bot: every action either bot picks is one the engine accepts."""
    rng = random.Random(seed)
    state = e.new_state({"map": "sample"})
    while not state.is_over:
        action = bot.bot_action(state)
        assert allowed(state, action), f"{action} refused in turn {state.turn}"
        state = state.apply(state.fill_chance(action, rng))
    assert state.winner in ("bond", "enemy")


def test_enemy_bot_hides_the_cards_where_the_sessions_randomness_draws_them():
    """Set Up: the Enemy places "all five cards", "only one card per star", "after thinking
    about where he wants them": the bot's placement is drawn from the Session's seed, so two
    games differ, and replaying one game's log puts every card back where it was."""
    tilly_stars = set()
    for seed in range(12):
        session = Session(GAME, {"map": "sample"}, seed)
        session.act(bot.enemy_bot(session.state))
        placed = session.actions[-1]
        assert len(set(placed.stars)) == 5 and set(placed.stars) <= set(session.state.board.stars)
        assert sorted(placed.cards) == sorted(rules.CARD_NAMES)
        tilly_stars.add(placed.stars[placed.cards.index("Tilly")])
        again = Session(GAME, {"map": "sample"}, seed)
        again.act(bot.enemy_bot(again.state))
        assert again.actions[-1] == placed  # the same seed, the same placement
    assert len(tilly_stars) >= 3  # a human Bond cannot learn one star


def test_tilly_is_likelier_far_from_the_gates():
    """hiding.tilly_weights: a star's weight is its Spaces to the nearest gate plus one."""
    board = e.new_state({"map": "sample"}).board
    weights = tilly_weights(board)
    far = {s: min(board.spaces_between(s, g) for g in board.gates) for s in board.stars}
    assert weights == {s: far[s] + 1 for s in board.stars}
    counts = Counter(_tilly(hide_cards(board, random.Random(n))) for n in range(400))
    assert counts.most_common(1)[0][0] == max(far, key=far.get)


def _tilly(placed):
    stars, cards = placed
    return stars[cards.index("Tilly")]


def test_the_bond_bot_never_turns_a_face_down_card():
    """Card Pick Up: "If he is successful, he turns the card over": the card is the one the
    Enemy placed, so with real cards face down the reveal is the Enemy player's to tap."""
    state = e.new_state({"map": "sample"})
    state = state.apply(e.PlaceCards(state.board.stars[:5], None))
    star = state.board.stars[0]
    state = state.apply(e.PlaceBond(star, sorted(state.board.graph[star])[0]))
    state = dataclasses.replace(state, guard=False).apply(e.StartTurn("bond", dice(7)))
    state = state.apply(e.PickUpCard(star, dice(2)))
    assert state.pending.kind == "reveal" and state.side_to_act == "enemy"
    with pytest.raises(InputError, match="Enemy player"):
        bot.bond_bot(state)
    with pytest.raises(InputError, match="face down"):
        bot.bot_action(state)  # the Enemy bot did not place these cards: it cannot know
    assert state.apply(e.RevealCard("Tilly")).has_tilly


def test_bond_picks_up_the_card_under_him():
    """Bond bot: at a star with a card, after ejecting the guard, he picks it up."""
    state = map_game()
    star = state.cards[0][0]
    state = dataclasses.replace(place(state, "bond", star, sorted(state.board.graph[star])[0]),
                                guard=False)
    state = state.apply(e.StartTurn("bond", dice(7)))
    assert bot.bond_bot(state) == e.PickUpCard(star)


def test_bond_breaks_the_gate_with_tilly():
    """Bond bot: with Tilly at a gate he tries Break Gate."""
    state = dataclasses.replace(map_game(), guard=False, has_tilly=True)
    state = place(state, "bond", "x9y6", "x9y7").apply(e.StartTurn("bond", dice(7)))
    assert bot.bond_bot(state) == e.BreakGate()


def test_enemy_car_fires_when_in_sight():
    """Enemy bot: a car with a shot at Bond from where it stands fires."""
    state = map_game().apply(e.StartTurn("bond", dice(7))).apply(e.EndMove())
    assert bot.enemy_bot(state) == e.StartTurn("A")  # A is next to Bond: it goes first
    state = state.apply(e.StartTurn("A", dice(2)))
    assert bot.enemy_bot(state) == e.Fire("bond")


def test_estimate_is_seeded_with_a_margin():
    """estimate_bond_win: the same seed gives the same estimate; the margin is a 95% interval."""
    state = map_game()
    first = bot.estimate_bond_win(state, games=4, seed=3)
    assert first == bot.estimate_bond_win(state, games=4, seed=3)
    assert 0 <= first.rate <= 1 and 0 < first.margin <= 0.5
    low, high = first.interval
    assert low <= first.rate <= high and "bot games" in str(first)
    assert "±" not in str(first) and f"between {low:.0%} and {high:.0%}" in str(first)


def test_bots_need_a_map():
    """The bots plan paths, so tracker mode (no map) is refused in words."""
    with pytest.raises(InputError, match="map mode"):
        bot.enemy_bot(e.new_state({}))


def test_estimate_deals_face_down_cards():
    """With real (face-down) cards the estimate deals them at random in each game."""
    state = e.new_state({"map": "sample"})
    state = state.apply(e.PlaceCards(state.board.stars[:5], None))
    assert bot.estimate_bond_win(state, games=2, seed=1).games == 2
    with pytest.raises(InputError, match="games must be"):
        bot.estimate_bond_win(state, games=0)
