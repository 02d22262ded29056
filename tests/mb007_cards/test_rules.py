"""One test per rule of the card game in ../shared/rules/milton_bradley_007_tiles_and_cards.txt
(pages 3, 5-7), each naming its section; then the house rules, table mode and privacy."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from companion.core.errors import InputError, RuleError
from companion.core.session import Session
from companion.mb007_cards import GAME, rules
from companion.mb007_cards.actions import (
    Announce,
    Deal,
    Draw,
    Pass,
    Respond,
    Reveal,
    TakeCards,
)
from companion.mb007_cards.chips import pay, points
from companion.mb007_cards.engine import CardsState, check_conservation, new_state
from companion.mb007_cards.views import private_view, public_view

from .helpers import dealt, play

HANDS3 = {0: (1, 6, 6), 1: (3, 4, 5), 2: (2, 2, 7)}  # seat 1 holds a run 3-4-5 (down 4)


def pot(state: CardsState) -> int:
    return points(state.pot)


def pts(state: CardsState) -> list[int]:
    return [s.points for s in state.seats]


# To Start the Game.

def test_to_start_1_each_player_has_36_points_in_blue_red_and_white_chips():
    """To Start 1: "2 BLUE chips worth 10 ... 2 RED ... 5 ... 6 WHITE ... 1"."""
    assert points(rules.STARTING_CHIPS) == rules.STARTING_POINTS == 36
    assert rules.CHIP_VALUES == {"blue": 10, "red": 5, "white": 1}


def test_to_start_1_the_bank_makes_change():
    """To Start 1: "a bank for making change": 3 paid from a red chip leaves 2 whites."""
    assert pay((0, 1, 0), 3) == ((0, 0, 2), (0, 0, 3))
    assert pay((1, 0, 0), 7) == ((0, 0, 3), (0, 1, 2))
    assert pay((2, 2, 6), 36) == ((0, 0, 0), (2, 2, 6))


def test_to_start_2_each_player_puts_4_white_chips_in_the_pot():
    """To Start 2: "Each player places 4 WHITE chips into the POT"."""
    state = new_state({"players": 5})
    assert state.pot == (0, 0, 20)
    assert all(s.chips == (2, 2, 2) and s.points == 32 for s in state.seats)


def test_to_start_3_three_cards_each_up_down_up_one_at_a_time():
    """To Start 3: dealt one at a time from the dealer's left; up, down, up; the rest is
    the draw pile."""
    state = new_state({"players": 3}).apply(Deal((1, 2, 3, 4, 5, 6, 7, "007", 1)))
    # Dealer seat 0: seat 1 gets the 1st, 4th and 7th card, seat 2 the 2nd..., seat 0 last.
    assert [(s.up, s.down) for s in state.seats] == [((3, 1), 6), ((1, 7), 4), ((2, "007"), 5)]
    assert state.draw_count == 32 - 9 and len(state.draw_pile) == 23
    assert state.phase == "turn"


# Winning Combinations.

def brute_force_winning(cards) -> bool:
    """Try every number the 007s could stand for: three equal, or three consecutive."""
    choices = [rules.NUMBERS if c == "007" else (c,) for c in cards]
    for values in itertools.product(*choices):
        ordered = sorted(values)
        if len(set(ordered)) == 1 or ordered == list(range(ordered[0], ordered[0] + 3)):
            return True
    return False


def test_winning_combinations_all_512_ordered_hands_match_brute_force():
    """Winning Combinations: three of a kind or a run of three; 007 is any number 1-7."""
    hands = list(itertools.product(rules.CARDS, repeat=3))
    assert len(hands) == 512
    for hand in hands:
        assert rules.is_winning(hand) == brute_force_winning(hand), hand


def test_winning_combinations_examples_and_no_wrap():
    """The rulebook's examples (5 5 5, 5 5 007, 2 3 4, 2 3 007); 7 1 2 is no run."""
    for hand in ([5, 5, 5], [5, 5, "007"], [2, 3, 4], [2, 3, "007"], [4, 2, 3]):
        assert rules.is_winning(hand)
    assert not rules.is_winning([7, 1, 2]) and not rules.is_winning([6, 7, 1])
    assert rules.combination_name([2, "007", 3]) == "a run 1-2-3"
    with pytest.raises(ValueError):
        rules.is_winning([8, 1, 2])


# Rules for Play.

def test_rules_for_play_1_turns_start_at_the_dealers_left_clockwise():
    """Rules for Play 1: "Turns start at the dealer's Left going clockwise"."""
    state = dealt(HANDS3, dealer=1)
    assert state.turn == 2
    state = play(state, Draw("left", 1), Pass())
    assert state.turn == 0 and state.phase == "turn"


def test_rules_for_play_2a_announce_at_once_without_drawing():
    """Rules for Play 2a: he may immediately announce; then he does NOT draw a card."""
    state = dealt(HANDS3).apply(Announce())
    assert state.phase == "respond" and state.to_act == 2
    assert "without drawing" in state.last_event.text
    with pytest.raises(RuleError, match="Rules for Play 4"):
        state.apply(Draw("left", 1))


def test_rules_for_play_2b_draw_and_replace_an_up_card_or_the_down_card():
    """Rules for Play 2b: the new card takes the old one's place (up stays up, down stays
    down); the replaced card goes face up on the discard pile."""
    state = dealt(HANDS3)
    up = state.apply(Draw("right", "007"))
    assert up.seats[1].up == (3, "007") and up.discards == (5,)
    down = state.apply(Draw("down", 1))
    assert down.seats[1].down == 1 and down.seats[1].up == (3, 5) and down.discards == (4,)
    assert down.draw_count == state.draw_count - 1
    with pytest.raises(RuleError, match="no 6 left"):  # seat 0 holds both 6s of this deck
        dealt(HANDS3, deck={"6": 2}).apply(Draw("left", 6))


def test_rules_for_play_2c_after_replacing_announce_or_pass_and_only_then():
    """Rules for Play 2c: after replacing a card he announces or passes; he may not pass
    without drawing, nor draw twice."""
    state = dealt(HANDS3)
    with pytest.raises(RuleError, match="Rules for Play 1-2"):
        state.apply(Pass())
    drawn = state.apply(Draw("left", 2))
    assert {type(a) for a in drawn.legal_actions()} == {Announce, Pass}
    with pytest.raises(RuleError, match="announce or pass"):
        drawn.apply(Draw("left", 2))
    assert drawn.apply(Pass()).turn == 2


def test_rules_for_play_note_a_bluff_may_be_announced():
    """NOTE: "A player does NOT have to hold a Winning Combination to announce one"."""
    state = dealt(HANDS3)
    state = play(state, Draw("left", 1), Pass())  # seat 2: 2 7 up, 2 down: no combination
    assert state.apply(Announce()).phase == "respond"


def test_rules_for_play_4_opponents_accept_or_call_one_at_a_time_with_1_2_or_3():
    """Rules for Play 4 and 6 (HOUSE RULE order): each opponent answers in turn from the
    announcer's left; a call bets 1, 2 or 3."""
    state = dealt(HANDS3).apply(Announce())
    assert state.responders() == [2, 0]
    assert [a.bet for a in state.legal_actions()] == [0, 1, 2, 3]
    with pytest.raises(RuleError, match="Seat 3's answer now"):
        state.apply(Respond(0, 1))
    with pytest.raises(InputError, match="1, 2 or 3"):
        state.apply(Respond(2, 4))
    state = state.apply(Respond(2, 2))
    assert state.to_act == 0 and state.responses == ((2, 2),)


def test_rules_for_play_5_all_accept_holding_wins_1_from_the_pot_and_discards():
    """Rules for Play 5: all accept, he shows their down card; holding, 1 from the pot; his
    three cards are discarded and his turn ends."""
    state = play(dealt(HANDS3), Announce(), Respond(2, 0), Respond(0, 0))
    assert pts(state) == [32, 33, 32] and pot(state) == 11
    assert state.seats[1].up == () and state.discards == (3, 5, 4)
    assert "shows their down card (3 and 5 and a 4: a run 3-4-5): they held it" in \
        state.last_event.text
    assert state.turn == 2


def test_rules_for_play_5_all_accept_a_bluff_wins_3_from_the_pot():
    """Rules for Play 5: "If he was BLUFFING ... he wins 3 points (3 white chips)"."""
    state = dealt({0: (1, 6, 6), 1: (3, 1, 5), 2: (2, 2, 7)})
    state = play(state, Announce(), Respond(2, 0), Respond(0, 0))
    assert pts(state) == [32, 35, 32] and pot(state) == 9
    assert state.seats[1].up == () and "they were bluffing" in state.last_event.text


def test_rules_for_play_6a_called_holding_wins_the_bets_and_1_from_the_pot():
    """Rules for Play 6a: holding, he wins the callers' bets and 1 chip from the pot."""
    state = play(dealt(HANDS3), Announce(), Respond(2, 3), Respond(0, 1))
    assert pts(state) == [31, 37, 29] and pot(state) == 11
    assert state.seats[1].up == ()


def test_rules_for_play_6b_called_bluffing_pays_each_caller_and_1_to_the_pot_keeps_cards():
    """Rules for Play 6b: bluffing, he pays each caller his bet and 1 to the pot, and keeps
    his cards, the down card still down."""
    state = dealt({0: (1, 6, 6), 1: (3, 1, 5), 2: (2, 2, 7)})
    state = play(state, Announce(), Respond(2, 2), Respond(0, 3))
    assert pts(state) == [35, 26, 34] and pot(state) == 13
    assert state.seats[1].up == (3, 5) and state.seats[1].down == 1
    assert "was bluffing" in state.last_event.text
    assert "shows their down card" not in state.last_event.text


def test_rules_for_play_7_a_player_without_cards_takes_three_at_his_next_turn():
    """Rules for Play 7: after discarding he waits; at the start of his next turn he takes 3
    (2 up, 1 down), then plays his turn as usual."""
    state = play(dealt({0: (1, 6, 6), 1: (3, 4, 5)}), Announce(), Respond(0, 0))
    assert state.turn == 0 and state.phase == "turn"
    state = play(state, Draw("left", 2), Pass())
    assert state.turn == 1 and state.phase == "new cards"
    assert state.legal_actions() == [TakeCards()]
    with pytest.raises(RuleError, match="take three new cards"):
        state.apply(Announce())
    state = state.apply(TakeCards((7, 7, "007")))
    assert state.seats[1].up == (7, "007") and state.seats[1].down == 7
    assert state.phase == "turn" and Announce() in state.legal_actions()


def test_rules_for_play_9_an_empty_draw_pile_is_refilled_from_the_discards():
    """Rules for Play 9: "Whenever the DRAW pile is used up the DISCARDS are shuffled to
    start a new pile" (HOUSE RULE: when the next card is needed)."""
    deck = {"1": 2, "2": 2, "3": 2, "4": 2, "5": 1, "6": 0, "7": 0, "007": 0}
    state = dealt({0: (1, 2, 3), 1: (1, 2, 4)}, deck=deck)  # pile: 3, 4, 5
    state = play(state, Draw("left", 3), Pass(), Draw("left", 4), Pass(),
                 Draw("left", 5), Pass())
    assert state.draw_pile == () and state.discards == (1, 1, 3)
    state = state.apply(Draw("right", 3))
    assert "shuffled into a new one" in state.last_event.text
    assert state.draw_pile == (1, 1) and state.discards == (3,)
    check_conservation(state)


def test_rules_for_play_10_a_bluffer_who_cannot_pay_pays_what_he_can_from_his_left():
    """Rules for Play 10: he pays as much as he can, starting to his left (HOUSE RULE: the
    pot last)."""
    state = dealt({0: (1, 6, 6), 1: (3, 1, 5), 2: (2, 2, 7)})
    seats = list(state.seats)
    seats[1] = replace(seats[1], chips=(0, 0, 4))
    seats[0] = replace(seats[0], chips=(5, 1, 5))  # 60: the chips still add up to 108
    state = replace(state, seats=tuple(seats))
    state = play(state, Announce(), Respond(2, 3), Respond(0, 3))
    assert pts(state) == [61, 0, 35] and pot(state) == 12
    assert "Seat 3 3, Seat 1 1, the pot 0" in state.last_event.text


def test_rules_for_play_11_a_player_with_no_chips_is_out_and_skipped():
    """Rules for Play 11: whenever a player has lost all his chips he is out of the game."""
    state = dealt({0: (1, 6, 6), 1: (3, 1, 5), 2: (2, 2, 7)})
    seats = list(state.seats)
    seats[1] = replace(seats[1], chips=(0, 0, 2))
    seats[0] = replace(seats[0], chips=(6, 0, 2))
    state = replace(state, seats=tuple(seats))
    assert sum(pts(state)) + pot(state) == 108
    state = play(state, Announce(), Respond(2, 1), Respond(0, 1))
    assert state.seats[1].out and "Seat 2 has no chips left and is out" in \
        state.last_event.text
    assert state.turn == 2
    state = play(state, Draw("left", 1), Pass())
    assert state.turn == 0
    state = play(state, Draw("left", 2), Announce())
    assert state.responders() == [2]  # seat 1 is out: he neither answers nor plays


def test_rules_for_play_12_the_game_ends_when_the_pot_is_empty():
    """Rules for Play 12: "The game ENDS when there are no more CHIPS in the POT"."""
    state = dealt({0: (1, 6, 6), 1: (3, 1, 5)})
    state = replace(state, pot=(0, 0, 2),
                    seats=(replace(state.seats[0], chips=(3, 1, 3)), state.seats[1]))
    state = play(state, Announce(), Respond(0, 0))  # a bluff all accept: 3 owed, 2 paid
    assert state.is_over and pot(state) == 0 and pts(state) == [38, 34]
    assert "the pot is empty" in state.last_event.text
    with pytest.raises(RuleError, match="game is over"):
        state.apply(Draw("left"))
    assert state.legal_actions() == []


def test_rules_for_play_13_most_points_wins_ties_share():
    """Rules for Play 13: the one with the most POINTS is the WINNER (HOUSE RULE: a tie
    shares the win)."""
    state = replace(new_state({"players": 3}), phase="over", pot=(0, 0, 0),
                    seats=tuple(replace(s, chips=c) for s, c in zip(
                        new_state({"players": 3}).seats, [(2, 1, 1), (3, 1, 1), (3, 1, 1)],
                        strict=True)))
    assert state.result == "Seat 2 and Seat 3 share the win with 36 points each"
    assert state.standings()[0] == ("Seat 2", 36)


# House rules.

def test_house_rule_a_caller_bets_at_most_what_he_holds():
    state = dealt(HANDS3)
    seats = list(state.seats)
    seats[2] = replace(seats[2], chips=(0, 0, 2))
    seats[0] = replace(seats[0], chips=(6, 0, 2))
    state = replace(state, seats=tuple(seats)).apply(Announce())
    assert [a.bet for a in state.legal_actions()] == [0, 1, 2]
    with pytest.raises(RuleError, match="only 2 points"):
        state.apply(Respond(2, 3))


def test_house_rules_are_listed_and_the_deck_is_editable():
    assert {"deck", "responses", "bet_limit", "pay_order", "refill", "out"} <= \
        set(rules.HOUSE_RULES)
    state = new_state({"deck": {"007": 8}})
    assert state.options.deck_size == 36 and state.draw_pile.count("007") == 8
    for bad in ({"8": 1}, {"1": -1}, {"1": True}, "lots"):
        with pytest.raises(InputError):
            new_state({"deck": bad})
    with pytest.raises(InputError, match="at least 21"):
        new_state({"players": 6, "deck": {c: 2 for c in ("1", "2", "3", "4", "5", "6", "7")} |
                   {"007": 0}})


# Table mode: the app knows what is tapped in.

def table(up: tuple, players: int = 3, **options) -> CardsState:
    return new_state({"mode": "table", "players": players, **options}).apply(Deal(up))


def test_table_mode_keeps_the_pot_from_tapped_in_cards_and_a_revealed_down_card():
    state = table((1, 6, 3, 5, 2, 7))
    assert state.seats[1].down is None and state.draw_count == 32 - 9
    assert {type(a) for a in state.legal_actions()} == {Announce, Draw}
    state = play(state, Announce(), Respond(2, 2), Respond(0, 0))
    assert state.phase == "reveal" and state.to_act == 1
    assert Reveal(4) in state.legal_actions()
    won = state.apply(Reveal(4))
    assert pts(won) == [32, 35, 30] and won.discards == (3, 5, 4)
    bluff = state.apply(Reveal(1))
    assert pts(bluff) == [32, 29, 34] and bluff.seats[1].up == (3, 5)
    # Rules for Play 6: "The player then reveals his DOWN card": the table saw it, so the
    # app keeps it until he replaces it; under the house rule it keeps no table down card.
    assert bluff.seats[1].known_down == 1
    hidden = table((1, 6, 3, 5, 2, 7), show_caught_bluff=False)
    hidden = play(hidden, Announce(), Respond(2, 2), Respond(0, 0), Reveal(1))
    assert hidden.seats[1].down is None and hidden.seats[1].known_down is None


def test_table_mode_draws_record_the_new_up_card_or_the_old_down_card():
    state = table((1, 6, 3, 5, 2, 7))
    up = state.apply(Draw("left", 4))
    assert up.seats[1].up == (4, 5) and up.discards == (3,)
    down = state.apply(Draw("down", None, 2))
    assert down.seats[1].up == (3, 5) and down.discards == (2,)
    with pytest.raises(InputError, match="tap in the new up card"):
        state.apply(Draw("left"))
    with pytest.raises(InputError, match="old down card"):
        state.apply(Draw("down", 3))


def test_table_mode_refuses_more_cards_in_view_than_the_deck_holds():
    with pytest.raises(RuleError, match="only 4 of the 5"):
        table((5, 5, 5, 5, 5, 1))
    state = table((5, 5, 5, 5, 2, 1))
    assert 5 not in {a.card for a in state.legal_actions() if isinstance(a, Draw) and a.card}
    with pytest.raises(RuleError, match="only 4 of the 5"):
        state.apply(Draw("left", 5))


# Privacy: the public view and the log never hold a down card still down.

def test_the_public_view_never_holds_a_down_card_and_a_private_view_only_its_own():
    """Seat 0's view is the same whatever seat 2's down card is; seat 2's is not."""
    state = dealt(HANDS3)
    other = replace(state, seats=tuple(replace(s, down=7) if i == 2 else s
                                       for i, s in enumerate(state.seats)))
    assert public_view(state) == public_view(other)
    assert private_view(state, 0) == private_view(other, 0)
    assert private_view(state, 2) != private_view(other, 2)
    assert [private_view(state, i).down for i in range(3)] == [6, 4, 2]
    assert 4 not in private_view(state, 0).seen()
    assert private_view(table((1, 6, 3, 5, 2, 7)), 1).down is None


def test_log_lines_never_name_a_down_card_still_down_even_after_undo():
    """A draw names no card that stays down; a caught bluff names the down card he shows
    (Rules for Play 6: "The player then reveals his DOWN card"), unless the house rule
    `show_caught_bluff` is off; an undo takes back the line that named a shown one."""
    for show in (True, False):
        session = Session(GAME, {"players": 3, "names": ["Ann", "Bo", "Cy"],
                                 "show_caught_bluff": show}, seed=11)
        session.act(Deal((1, 2, 2, 5, 5, 4, 6, 7, 7)))  # Bo 1 5 6, Cy 2 5 7, Ann 2 4 7
        session.act(Draw("down", 3))  # Bo's 5 goes face up; the 3 stays down
        assert "3" not in session.log[-1]
        session.act(Announce())
        session.act(Respond(2, 1))
        session.act(Respond(0, 0))
        assert "was bluffing" in session.log[-1]
        assert ("their down card, a 3, does not complete" in session.log[-1]) == show
        assert session.state.seats[1].known_down == (3 if show else None)
        if not show:
            assert all("3" not in event.text for event in session.events)
    shown = Session(GAME, {"players": 2, "names": ["Ann", "Bo"]}, seed=11)
    shown.act(Deal((3, 1, 3, 6, 3, 6)))  # Bo holds 3 3 3 with a 3 down
    shown.act(Announce())
    shown.act(Respond(0, 0))
    assert "shows their down card (3 and 3 and a 3" in shown.log[-1]
    shown.undo()
    assert all("down card (" not in line for line in shown.log)


# Input that is not a game action.

def test_malformed_input_raises_input_error_and_changes_nothing():
    state = dealt(HANDS3)
    snapshot = state.to_json()
    for action in (Draw("middle", 1), Draw("left", 8), Draw("left", "7"), Draw("left", True),
                   Draw("left", 1, 2)):
        with pytest.raises(InputError):
            state.apply(action)
    for action in (Respond(True, 1), Respond(2, -1), Respond(2, "3")):
        with pytest.raises(InputError):
            state.apply(Announce()).apply(action)
    with pytest.raises(InputError):
        state.apply(object())
    assert state.to_json() == snapshot
    for bad in ({"players": 7}, {"mode": "phone"}, {"bots": [0, 0]}, {"names": ["a"]},
                {"mode": "table", "bots": [1]}, {"bots": [0, 1], "players": 2}, {"x": 1},
                {"names": ["pot", "b"], "players": 2}):
        with pytest.raises(InputError):
            new_state(bad)


def test_actions_and_states_round_trip_through_json():
    session = Session(GAME, {"players": 3, "names": ["Ann", "<b>Bo</b>", "Cy"]}, seed=4)
    for action in (Deal(), Draw("down"), Announce(), Respond(2, 3), Respond(0, 0)):
        session.act(action)
    for action in session.actions:
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
    state = session.state
    assert CardsState.from_json(state.to_json()).to_json() == state.to_json()
    broken = state.to_json() | {"pot": [0, 0, 99]}
    with pytest.raises(InputError, match="chips add up"):
        CardsState.from_json(broken)


def test_the_seeded_deal_is_the_deck_and_replays_the_same():
    a = Session(GAME, {"players": 6}, seed=99)
    b = Session(GAME, {"players": 6}, seed=99)
    a.act(Deal())
    b.act(Deal())
    assert a.actions == b.actions
    assert Counter(a.actions[0].cards + a.state.draw_pile) == Counter(
        new_state({}).options.deck_cards())
    assert a.state.to_act == 1


def test_odds_p_hidden_completes_counts_the_unseen_completing_cards():
    from companion.mb007_cards.odds import p_hidden_completes
    assert p_hidden_completes([3, 5], [3, 5]) == Fraction(8, 30)
    assert p_hidden_completes([5, 5], [5, 5, 5]) == Fraction(1 + 4, 29)
    assert p_hidden_completes(["007", "007"], ["007", "007"]) == 1
    with pytest.raises(InputError):
        p_hidden_completes([1, 2], [1, 1, 1, 1, 1])
