"""The exact odds against brute force: every hidden card dealt out, every opponent deciding
from his own view."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from companion.mb007_cards import rules
from companion.mb007_cards.actions import Announce, Deal, Draw, Pass, Respond
from companion.mb007_cards.bluffing import (
    answer_value,
    best_answer,
    bluff_rate,
    holds_given_announced,
)
from companion.mb007_cards.engine import new_state
from companion.mb007_cards.holding import p_holds
from companion.mb007_cards.odds import (
    announce_ev,
    announcer_model,
    answer_ev,
    bluff_rate_in_position,
    combination_chances,
    p_announcer_holds,
    p_draw_makes,
    p_hidden_completes,
    turn_odds,
    unseen_cards,
)
from companion.mb007_cards.views import private_view

from .helpers import dealt, play

HANDS = {0: (1, 6, 6), 1: (3, 4, 5), 2: (2, 2, 7)}


def pool_list(seen) -> list:
    return list(unseen_cards(seen).elements())


def brute_announce_ev(state, holding: bool) -> Fraction:
    """Deal every possible down card to each opponent (from the announcer's unseen cards),
    let each answer from his own view (the chance the announcer holds given how he came by
    his cards and his bluff rate, then the best answer), and average the announcer's chips."""
    me = state.turn
    view = private_view(state, me)
    rate = bluff_rate(state.seats[me].record, bluff_rate_in_position(view, me))
    pool = pool_list(view.seen())
    opponents = [i for i in state.responders() if state.seats[i].has_cards]
    pot = sum(state.pot[k] * v for k, v in enumerate((10, 5, 1)))
    total, count = Fraction(0), 0
    for downs in itertools.permutations(range(len(pool)), len(opponents)):
        bets = 0
        for seat, index in zip(opponents, downs, strict=True):
            seen = (*view.public.public_cards(), pool[index])
            replaced = state.replaced
            cards = p_holds(state.seats[me].up, unseen_cards(seen), replaced=replaced,
                            discarded=state.discards[-1] if replaced else None,
                            passed_with=state.seats[me].passed_with,
                            looked_first=view.public.looked_before_placing)
            bets += best_answer(holds_given_announced(cards, rate), state.seats[seat].points,
                                state.seats[me].points, pot)
        if bets == 0:
            gain = min(rules.ACCEPTED_PAYOUT[holding], pot)
        elif holding:
            gain = bets + min(1, pot)
        else:
            gain = -min(state.seats[me].points, bets + 1)
        total += gain
        count += 1
    return total / count


@pytest.mark.parametrize("hands", [
    HANDS,  # seat 1 holds 3 4 5
    {0: (1, 6, 6), 1: (3, 1, 5), 2: (2, 2, 7)},  # seat 1 bluffs with 3 5 up
    {0: (4, 4, 6), 1: ("007", 1, 5), 2: (5, 2, 6)},  # a wild up card: most cards complete
    {0: (1, 6, 6), 1: (2, 2, 7), 2: (3, 3, 3)},
])
def test_announce_ev_matches_every_deal_of_the_opponents_down_cards(hands):
    state = dealt(hands)
    view = private_view(state, state.turn)
    holding = rules.is_winning((*view.me.up, view.down))
    assert announce_ev(view, holding) == brute_announce_ev(state, holding)
    odds = turn_odds(view)
    assert odds.holding == holding
    assert (odds.ev_honest if holding else odds.ev_bluff) == announce_ev(view, holding)


def test_p_draw_makes_matches_each_unseen_card_and_table_mode_pairs():
    state = dealt(HANDS)
    view = private_view(state, 1)
    pool = pool_list(view.seen())
    for slot in rules.SLOTS:
        hand = {"left": 3, "down": 4, "right": 5}
        wins = sum(rules.is_winning([c if s == slot else hand[s] for s in rules.SLOTS])
                   for c in pool)
        assert p_draw_makes(view, slot) == Fraction(wins, len(pool))
    table = new_state({"mode": "table", "players": 3}).apply(Deal((1, 6, 3, 5, 2, 7)))
    tview = private_view(table, 1)
    pool = pool_list(tview.seen())
    pairs = [(pool[i], pool[j]) for i, j in itertools.permutations(range(len(pool)), 2)]
    wins = sum(rules.is_winning((5, d, c)) for d, c in pairs)
    assert p_draw_makes(tview, "left") == Fraction(wins, len(pairs))
    assert turn_odds(tview).holding is None
    assert turn_odds(tview).ev_honest is not None and turn_odds(tview).ev_bluff is not None


def test_a_responder_sees_his_own_down_card_and_never_the_announcers():
    state = dealt(HANDS).apply(Announce())  # seat 1 shows 3 and 5
    view = private_view(state, 2)
    assert view.seen().count(4) == 0 and view.down == 2
    unseen = 32 - 6 - 1
    model = announcer_model(view)
    assert model.cards == Fraction(4 + 4, unseen)  # four 4s, four 007s
    assert model.cards == p_hidden_completes((3, 5), view.seen())
    assert p_announcer_holds(view) == holds_given_announced(model.cards, model.rate)


def test_an_answer_is_worth_his_chips_less_the_announcers():
    """Rules for Play 5-6, heads-up with chips enough: accepting costs 1 (he held) or 3
    (a bluff) from the pot; a call of b costs 2b + 1 against a holder and gains 2b + 1
    against a bluffer. So a call of b pays below (b + 2) / (2b + 2): 3/4 for 1, 5/8 for 3."""
    state = dealt(HANDS).apply(Announce())
    view = private_view(state, 2)
    q = p_announcer_holds(view)
    assert answer_ev(view, 0) == -(q * 1 + (1 - q) * 3)
    for bet in rules.BETS:
        assert answer_ev(view, bet) == (2 * bet + 1) * (1 - 2 * q)
    for bet, even in ((1, Fraction(3, 4)), (2, Fraction(2, 3)), (3, Fraction(5, 8))):
        assert answer_value(even, bet, 36, 16) == answer_value(even, 0, 36, 16)
    # The best answer: accept above 3/4, call 1 down to 1/2 (a smaller bet risks less
    # while he more likely holds), then the most he may.
    hundredth = Fraction(1, 100)
    assert best_answer(Fraction(3, 4) + hundredth, 36, 36, 16) == 0
    assert best_answer(Fraction(3, 4) - hundredth, 36, 36, 16) == 1
    assert best_answer(Fraction(1, 2) + hundredth, 36, 36, 16) == 1
    assert best_answer(Fraction(1, 2) - hundredth, 36, 36, 16) == 3
    assert best_answer(Fraction(1, 2) - hundredth, 2, 36, 16) == 2


def test_an_answer_counts_only_what_a_short_announcer_can_still_pay():
    state = dealt(HANDS)
    seats = list(state.seats)
    from dataclasses import replace
    seats[1] = replace(seats[1], chips=(0, 0, 2))
    seats[0] = replace(seats[0], chips=(6, 0, 2))
    state = replace(state, seats=tuple(seats)).apply(Announce()).apply(Respond(2, 1))
    view = private_view(state, 0)
    q = p_announcer_holds(view)
    # He holds: I pay 3, he takes 1 + 3 + 1 (the pot). He bluffs: 2 points left, 1 owed
    # to seat 2 first: I get 1, he loses his 2.
    assert answer_ev(view, 3) == q * -(3 + 3 + 1 + 1) + (1 - q) * (1 + 2)


def test_p_hidden_completes_is_a_chance_over_the_unseen_cards():
    for up in itertools.product(rules.CARDS, repeat=2):
        chance = p_hidden_completes(up, up)
        wins = sum(rules.is_winning((*up, c)) for c in pool_list(up))
        assert chance == Fraction(wins, 30)


def test_combination_chances_add_up_and_are_exact():
    chances = combination_chances()
    assert sum(chances.values()) == 1
    hands = list(itertools.combinations(new_state({}).options.deck_cards(), 3))
    kinds = Counter("win" if rules.is_winning(h) else "no" for h in hands)
    assert chances["no combination"] == Fraction(kinds["no"], len(hands))


def test_odds_after_a_draw_show_no_draws():
    state = dealt(HANDS).apply(Draw("left", 7))
    odds = turn_odds(private_view(state, 1))
    assert odds.draws == {} and odds.holding is False


def test_with_the_draw_pile_empty_the_next_card_comes_from_the_discards():
    """Rules for Play 9: the drawn card is one of the discards, shuffled into a new pile."""
    deck = {"1": 2, "2": 2, "3": 2, "4": 2, "5": 1, "6": 0, "7": 0, "007": 0}
    state = dealt({0: (1, 2, 3), 1: (1, 2, 4)}, deck=deck)
    for card in (3, 4, 5):
        state = state.apply(Draw("left", card)).apply(Pass())
    assert state.draw_count == 0 and state.discards == (1, 1, 3)
    view = private_view(state, state.turn)
    assert view.me.up == (4, 3) and view.down == 2
    assert p_draw_makes(view, "left") == Fraction(2, 3)  # a 1 makes 1-2-3, the 3 does not
    assert p_draw_makes(view, "right") == Fraction(1, 3)  # only the 3 makes 2-3-4
    assert p_draw_makes(view, "down") == 0


def test_a_bot_never_announces_what_everyone_can_see_is_impossible():
    """Rules for Play 2c: a bluff must be believable. With 1 and 7 up no card makes a
    winning combination ("0% (no chance)"), so the bot passes, whatever its randomness
    (a bot once announced with 7 and 1 up)."""
    import random

    from companion.mb007_cards.bot import bot_action

    # Seat 1 (index 1) is on turn with 1 and 7 up; he replaces his down card and holds
    # no combination.
    state = dealt({0: (2, 3, 4), 1: (1, 5, 7)}).apply(Draw("down", 6))
    assert state.phase == "drawn" and state.seats[1].up == (1, 7)
    view = private_view(state, 1)
    assert p_hidden_completes((1, 7), view.public.public_cards()) == 0
    assert {bot_action(view, random.Random(seed)) for seed in range(300)} == {Pass()}


def test_a_caught_bluffer_announcing_again_with_the_same_cards_holds_nothing():
    """Rules for Play 6: a called bluffer "reveals his DOWN card" and keeps it down. Every
    figure counts it as seen: announcing again at once with the same three cards, he holds
    the combination with chance 0 (it was given 12/23 before), and a bot calls."""
    import random

    from companion.mb007_cards.bot import bot_action

    # Seat 2 (index 1) shows 1 and 5 with a 3 down: no combination, he bluffs, is called.
    state = dealt({0: (2, 6, 4), 1: (1, 3, 5), 2: (7, 2, 6)})
    state = play(state, Announce(), Respond(2, 1), Respond(0, 0))
    assert "their down card, a 3, does not complete" in state.last_event.text
    assert state.seats[1].known_down == 3 and state.seats[1].up == (1, 5)
    # Round the table to him again: Seat 3 and Seat 1 pass after drawing.
    while state.turn != 1:
        state = play(state, Draw("left", state.draw_pile[0]), Pass())
    state = state.apply(Announce())
    for seat in (2, 0):
        view = private_view(state, seat)
        assert view.public.seats[1].shown_card == 3
        assert p_announcer_holds(view) == 0
        assert announce_ev(private_view(state, 1), False) is not None
        answers = {bot_action(view, random.Random(s)) for s in range(50)}
        assert all(isinstance(a, Respond) and a.bet > 0 for a in answers)
        state = state.apply(Respond(seat, 1))
