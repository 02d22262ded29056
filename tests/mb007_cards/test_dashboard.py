"""The card game's dashboard without a browser: choices, odds, peek, cover, bots, table mode."""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape

from companion.core.session import Session
from companion.mb007_cards import GAME
from companion.mb007_cards.actions import Announce, Deal, Respond
from companion.mb007_cards.dashboard import CardsDashboard
from companion.mb007_cards.dashboard.settings_view import house_rules
from companion.mb007_cards.dashboard.table_html import payouts_html, table_html
from companion.mb007_cards.rules import card_text
from companion.mb007_cards.views import public_view

from .helpers import deal_cards

HANDS = {0: (1, 6, 6), 1: (3, 4, 5), 2: (2, 2, 7)}  # seat 1 (Bo) holds 3-4-5, down 4


def make(store, options=None, seed=3) -> CardsDashboard:
    session = Session(GAME, options or {"players": 3, "bots": []}, seed=seed, store=store)
    board = CardsDashboard(store=store, session=session)
    board.__panel__()
    return board


def page_text(board: CardsDashboard) -> str:
    """Everything the page holds as HTML now (panes and tap pads), peek face included."""
    return "".join([board.table_pane.html, board.events.html, board.prompt.html,
                    board.odds.html, board.pad.html, board.peek.face, board.peek.label])


def words(html: str) -> str:
    """The text a player reads: tags dropped, spaces collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_tablet_deal_then_the_choices_are_the_legal_actions(store):
    board = make(store)
    assert board.pad.labels() == ["Deal the cards"]
    board.pad.press("Deal the cards")
    assert board.session.state.phase == "turn"
    board.uncover()
    labels = board.pad.labels()
    assert labels == ["Announce a winning combination", "Draw a card and look at it"]
    assert "Draw, look, then choose: a combination" in board.odds.html
    assert "Replace the left up card" not in board.odds.html  # the card is seen first


def test_a_draw_is_seen_first_then_placed_and_only_its_drawer_sees_it(store):
    """Rules for Play 2b: "He may draw the top card from the DRAW pile and replace either UP
    card or his DOWN card": the card is drawn and looked at, then placed. Only the peek
    (or his own phone) shows it; the shared screen says where to look."""
    board = make(store, {"players": 2, "bots": [0]})
    board.act(Deal(deal_cards({0: (1, 6, 6), 1: (3, 1, 5)})))  # Seat 2: 3 and 5 up, 1 down
    board.pad.press("Draw a card and look at it")
    state = board.session.state
    drawn = state.drawn
    assert state.phase == "choosing" and drawn is not None
    assert "draws a card and looks at it" in board.session.log[-1]
    assert board.pad.labels() == ["Put it in place of the left up card",
                                  "Put it in place of the down card",
                                  "Put it in place of the right up card"]
    assert "Only Seat 2 sees it: in the peek" in board.odds.html
    assert "You drew a" not in page_text(board)
    board.peek.peek()
    assert f"You drew a <b>{card_text(drawn)}</b>" in board.peek.face
    assert "down: <b>no combination</b>" in board.peek.face
    board.peek.unpeek()
    board.pad.press("Put it in place of the down card")
    state = board.session.state
    assert state.phase == "drawn" and state.seats[1].down == drawn and state.discards == (1,)
    assert "replaces their down card with it (the new one stays down)" in board.session.log[-1]
    told = board.session.events[-1].text
    assert card_text(drawn) not in told.split("the old")[0]  # the new down card: unnamed


def test_house_rule_the_slot_is_chosen_before_the_card_is_seen(store):
    board = make(store, {"players": 2, "bots": [], "choose_after_drawing": False})
    board.pad.press("Deal the cards")
    board.uncover()
    assert "Draw and replace the down card" in board.pad.labels()
    assert "Draw a card and look at it" not in board.pad.labels()


def test_the_peek_shows_the_down_card_only_while_held_and_only_the_seat_at_the_tablet(store):
    board = make(store, {"players": 2, "bots": [0]})
    board.act(Deal(deal_cards({0: (1, 6, 6), 1: (3, 4, 5)})))
    assert board.viewer() == 1 and not board.covered()
    assert "down-face" not in page_text(board)
    board.peek.peek()
    assert "down-face" in board.peek.face and ">4<" in board.peek.face
    assert "a run 3-4-5" in board.peek.face
    board.peek.unpeek()
    assert board.peek.face == "" and "down-face" not in page_text(board)


def test_several_people_pass_the_tablet_behind_a_cover(store):
    board = make(store)
    board.act(Deal(deal_cards(HANDS)))
    assert board.covered() and board.pad.labels() == ["I am Seat 2: show my choices"]
    assert not board.peek.label and board.odds.html == ""
    board.peek.peek()
    assert board.peek.face == ""  # nothing to see under the cover
    board.pad.press("I am Seat 2: show my choices")
    assert not board.covered() and board.peek.label
    board.pad.press("Announce a winning combination")
    assert board.covered() and "Pass the tablet to Seat 3" in board.prompt.html
    board.uncover()
    labels = board.pad.labels()
    assert labels[0].startswith("Accept (")
    assert re.match(r"Call 3 \([+-]\d\.\d\d\)", labels[3])
    assert "Seat 2 holds it" in board.odds.html


def test_an_announce_call_reveal_cycle_explains_the_payout_beside_the_odds(store):
    board = make(store)
    board.act(Deal(deal_cards(HANDS)))
    board.uncover()
    board.pad.press("Announce a winning combination")
    board.uncover()
    board.pad.press(board.pad.labels()[3])  # Seat 3 calls 3
    board.uncover()
    board.pad.press(board.pad.labels()[0])  # Accept
    text = board.events.html
    assert "Seat 3 called 3 (expected" in text  # the call's odds beside its outcome
    assert "they held it and win the bets (Seat 3 3)" in text
    assert [s.points for s in board.session.state.seats] == [32, 36, 29]


def test_bots_answer_and_play_until_a_person_must_choose(store):
    board = make(store, {"players": 4, "bots": [1, 2, 3]}, seed=8)
    board.pad.press("Deal the cards")
    state = board.session.state
    assert state.to_act == 0 or state.is_over
    assert len(board.session.actions) > 1
    board.undo()
    if board._bot_to_act():
        assert board.pad.labels() == ["Let the bots play"]


def test_table_mode_taps_in_cards_and_refuses_a_fifth_of_a_kind(store):
    board = make(store, {"mode": "table", "players": 2})
    assert "Seat 1's left up card" in unescape(board.prompt.html)
    for card in ("5", "5", "5", "5"):
        board.pad.press(card)
    assert board.session.state.phase == "turn"
    assert board.session.state.seats[1].up == (5, 5)
    board.pad.press("Draw and replace the left up card")
    assert "Tap the card they drew" in board.prompt.html
    assert re.search(r'disabled>5</button>', board.pad.html)  # four 5s are in view
    board.pad.press("7")
    assert board.session.state.seats[1].up == (7, 5) and board.session.state.phase == "drawn"
    board.pad.press("Announce a winning combination")
    board.pad.press(board.pad.labels()[2])  # Call 2
    assert "Tap the down card they show" in board.prompt.html
    board.pad.press("6")
    assert [s.points for s in board.session.state.seats] == [30, 35]


def test_names_are_shown_as_text_never_html(store):
    board = make(store, {"players": 2, "names": ["<b>Ann</b>", "Bo & Co"], "bots": []})
    assert "<b>Ann</b>" not in page_text(board)
    table = board.table_pane.html
    assert "&lt;b&gt;Ann&lt;/b&gt;" in table and "Bo &amp; Co" in table


def test_the_table_view_never_holds_a_down_card():
    state = Session(GAME, {"players": 3}, seed=1).state.apply(Deal(deal_cards(HANDS)))
    html = table_html(public_view(state))
    assert html.count('class="card back') == 3
    assert ">4<" not in html and ">6<" in html  # seat 1's 4 is down; seat 0's right 6 is up


def test_a_refusal_is_a_message_and_a_new_game_takes_the_settings(store):
    board = make(store)
    board.act(Announce())
    assert "not now" in board.message
    board.param.update(mode="table", players=5, names="A, B, C")
    board.start_new_game()
    assert "Not started" in board.message and "names" in board.message
    board.names = ""
    board.start_new_game()
    assert board.session.options == {"mode": "table", "players": 5}
    assert "house rule" in house_rules().object


def test_the_peek_and_the_page_say_which_cards_their_odds_count(store):
    """The page's draw odds leave the player's own down card out, the peek's count it; both
    are odds.py's exact figures and each names its basis, so 44.4% and 64.8% do not clash."""
    from companion.core.dice import percent
    from companion.mb007_cards.dashboard.words import public_part
    from companion.mb007_cards.odds import p_draw_makes
    from companion.mb007_cards.views import private_view

    board = make(store, {"players": 2, "bots": [], "choose_after_drawing": False})
    board.act(Deal(deal_cards({0: (1, 6, 6), 1: ("007", 1, "007")})))
    board.uncover()
    view = private_view(board.session.state, 1)
    knowing, table = p_draw_makes(view, "left"), p_draw_makes(public_part(view), "left")
    assert (knowing, table) == (Fraction(12, 27), Fraction(35, 54))
    odds = words(board.odds.html)
    assert "From what the table sees (your down card not counted)" in odds
    assert f"{percent(table)} (35/54)" in odds and percent(knowing) not in odds
    board.peek.peek()
    face = words(board.peek.face)
    assert f"Knowing your down card, a draw makes one: left {percent(knowing)}" in face
    board.peek.unpeek()
    board.act(Announce())
    board.uncover()  # Seat 1 answers: the page's chance and the peek's each say their basis
    assert "From what the table sees (your down card not counted)" in board.odds.html
    board.peek.peek()
    assert "Knowing your down card: Seat 2 holds it" in board.peek.face  # the announcer


def test_after_an_undo_the_story_is_the_last_move_still_applied_never_a_new_game(store):
    board = make(store)
    board.pad.press("Deal the cards")
    board.uncover()
    board.pad.press("Announce a winning combination")
    board.uncover()
    board.pad.press(board.pad.labels()[3])  # Seat 3 calls 3: Seat 1 to answer now
    assert board.session.state.to_act == 0
    board.undo()  # Seat 3's call is taken back: Seat 3 to answer again
    text = words(board.events.html)
    assert "A new game" not in text
    assert "Taken back: the table is again as after this (move 2)." in text
    assert "Seat 2 announces a winning combination" in text and "calls" not in text
    board.redo()
    assert "Seat 3 calls the bluff, betting 3" in words(board.events.html)
    assert "Taken back" not in board.events.html
    board.undo()
    board.undo()  # the announcement too: the deal is the last move
    text = words(board.events.html)
    assert "Taken back" in text and "Dealt three cards each" in text
    assert "A new game" not in text
    board.undo()  # back before the deal: now it is a new game
    assert "A new game: the ante is in the pot" in board.events.html


def test_the_settings_offer_only_the_seats_of_the_player_count_and_a_dealer(store):
    board = make(store)
    board.settings.panel()
    bots, dealer = board.settings.seat_widgets
    assert list(bots.options) == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert bots.value == [1, 2, 3]
    board.dealer = 3
    board.players = 3  # Seat 4 is no longer offered, as a bot or as the dealer
    assert list(bots.options) == list(dealer.options) == ["Seat 1", "Seat 2", "Seat 3"]
    assert bots.value == board.bots == [1, 2] and dealer.value == board.dealer == 2
    dealer.value = 1  # Seat 2 deals: Seat 3 plays first
    bots.value = []
    board.start_new_game()
    assert board.session.options == {"mode": "tablet", "players": 3, "bots": [], "dealer": 1}
    board.pad.press("Deal the cards")
    assert board.session.state.turn == 2 and "Seat 3's turn" in words(board.events.html)
    board.param.update(mode="table", players=5)  # real cards: the group says who dealt
    dealer.value = 4
    board.start_new_game()
    assert board.session.options == {"mode": "table", "players": 5, "dealer": 4}
    for card in (1, 2, 3, 4, 5, 6, 7, 1, 2, 3):
        board.pad.press(str(card))
    assert board.session.state.turn == 0


def test_chips_are_shown_as_the_fewest_of_each_colour_worth_the_points():
    """2 blue and 19 white are 39 points: changed at the bank, 3 blue, 1 red and 4 white."""
    from dataclasses import replace

    state = Session(GAME, {"players": 3}, seed=1).state.apply(Deal(deal_cards(HANDS)))
    seats = (replace(state.seats[0], chips=(2, 0, 19)), *state.seats[1:])
    html = table_html(public_view(replace(state, seats=seats)))
    seat = words(html.split('data-seat="0"')[1].split('data-seat="1"')[0])
    assert "39 points 3 blue 1 red 4 white" in seat and "19 white" not in html
    assert "Pot 12 ( 1 blue 2 white )" in words(html)  # the ante: 12 whites, shown changed
    assert ("Chips are shown as the fewest of each colour (blue 10, red 5, white 1) worth the "
            "points: the bank makes change, and the points are what count.") in \
        words(payouts_html())


def test_a_caught_bluffers_down_card_is_on_the_table_until_he_replaces_it(store):
    """Rules for Play 6: the card he shows stays in everyone's view (and in the odds)."""
    from companion.mb007_cards.actions import Draw, Pass, Respond

    session = Session(GAME, {"players": 3, "bots": []}, seed=3, store=store)
    session.act(Deal(deal_cards({0: (2, 6, 4), 1: (1, 3, 5), 2: (7, 2, 6)})))
    for action in (Announce(), Respond(2, 1), Respond(0, 0)):
        session.act(action)
    board = CardsDashboard(store=store, session=session)
    shown = "down: 3 (shown when the bluff was called)"
    assert shown in words(board.table_pane.html)
    for action in (Draw("left"), Pass(), Draw("left"), Pass(), Announce()):
        board.act(action)
    board.uncover()
    assert ("Seat 2 holds it 0% (no chance) their down card, a 3, was shown when the bluff "
            "was called Best to win: call 3") in words(board.odds.html)
    assert board.pad.labels()[:2] == ["Accept (-3.00)", "Call 1 (+3.00)"]
    board.act(Respond(2, 1))
    board.act(Respond(0, 1))  # caught again: the same 3, still shown
    assert shown in words(board.table_pane.html)
    for action in (Draw("left"), Pass(), Draw("left"), Pass()):
        board.act(action)
    board.act(Draw("down"))  # his next turn: the shown card goes, a new one comes down
    assert shown not in words(board.table_pane.html)


def highlighted(board: CardsDashboard) -> list[str]:
    return [unescape(label) for label in
            re.findall(r'class="act act-primary[^"]*"[^>]*>([^<]*)<', board.pad.html)]


def test_the_highlighted_button_follows_the_advice_and_never_a_certain_bluff(store):
    """With 7 and 1 up no card makes a combination (the panel: announcing holding is not
    possible), so the shared screen highlights the draw, never Announce; where the app
    cannot know his down card it highlights neither. Answering, the best answer is lit."""
    board = make(store)
    board.act(Deal(deal_cards({0: (1, 6, 6), 1: (7, 2, 1), 2: (2, 2, 7)})))
    board.uncover()
    assert "Announce holding it: not possible" in words(board.odds.html)
    assert highlighted(board) == ["Draw a card and look at it"]
    other = make(store)
    other.act(Deal(deal_cards(HANDS)))  # Bo: 3 and 5 up, a 4 would complete them
    other.uncover()
    assert highlighted(other) == []  # only his down card says whether to announce
    other.act(Announce())
    other.uncover()
    best = re.search(r"Best to win: (\w+(?: \d)?)", words(other.odds.html)).group(1)
    (lit,) = highlighted(other)
    assert lit.lower().startswith(best)


def test_the_basis_names_a_down_card_only_when_the_seat_holds_one(store):
    """A responder whose cards went to the discards has no down card to leave out."""
    board = make(store)
    board.act(Deal(deal_cards(HANDS)))
    for action in (Announce(), Respond(2, 0), Respond(0, 0)):  # Bo held 3-4-5: discarded
        board.act(action)
    board.act(Announce())  # Cy announces with 2 and 7 up; Al, then Bo (no cards) answer
    board.act(Respond(0, 0))
    board.uncover()
    text = words(board.odds.html)
    assert "From what the table sees:" in text and "not counted" not in text


def test_a_calls_odds_stay_with_its_own_announcement_only(store):
    """Found by a newcomer: after he called one announcement, accepting the next still
    showed "Seat 1 called 1 (expected ...)" above "Seat 1 accepts"."""
    board = make(store)
    board.act(Deal(deal_cards(HANDS)))
    board.act(Announce())  # Seat 2 holds 3-4-5
    board.uncover()
    board.pad.press(board.pad.labels()[1])  # Seat 3 calls 1
    assert "Seat 3 called 1" in words(board.events.html)
    board.uncover()
    board.pad.press(board.pad.labels()[0])  # Seat 1 accepts the same announcement
    assert "Seat 3 called 1" in words(board.events.html)  # still that announcement
    board.act(Announce())  # Seat 3 announces with 2 and 7 up
    board.uncover()
    board.pad.press(board.pad.labels()[0])  # Seat 1 accepts
    assert "called" not in words(board.events.html).split("Seat 1 accepts")[0]
