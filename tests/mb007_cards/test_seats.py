"""The card game at a shared table without a browser: the tablet and each player's own phone
on one live game. A phone's page holds its own down card and no other's; the tablet's holds
none; each player makes his own choices on his phone, and the tablet still works for all."""

from __future__ import annotations

from html import unescape

from bokeh.document import Document

from companion.core.session import Session
from companion.mb007_cards import GAME
from companion.mb007_cards.actions import Deal
from companion.mb007_cards.dashboard import CardsDashboard

from .helpers import deal_cards

HANDS = {0: (1, 6, 6), 1: (3, 4, 5), 2: (2, 2, 7)}  # down cards: Seat 1 a 6, 2 a 4, 3 a 2
DOWN = {seat: hand[1] for seat, hand in HANDS.items()}


def table(store, with_phones=tuple(HANDS)) -> tuple[CardsDashboard, dict[int, CardsDashboard]]:
    """The shared tablet and these players' phones, dealt HANDS; Seat 2 is on turn."""
    session = Session(GAME, {"players": 3, "bots": []}, seed=3, store=store)
    tablet = CardsDashboard(store=store, session=session)
    phones = {seat: CardsDashboard(store=store, session=session, seat=seat)
              for seat in with_phones}
    tablet.act(Deal(deal_cards(HANDS)))
    return tablet, phones


def model_strings(board: CardsDashboard) -> str:
    """Every string property of every Bokeh model of the board's page: what the browser
    would be sent (an HTML pane's text unescaped once)."""
    doc = Document()
    board.__panel__().server_doc(doc)
    return "\n".join(unescape(value) for model in doc.models
                     for value in model.properties_with_values(include_defaults=False).values()
                     if isinstance(value, str))


def big_card(card) -> str:
    return f'class="card big">{card}<'


def test_a_phone_holds_its_own_down_card_and_no_other_and_the_tablet_none(store):
    tablet, phones = table(store)
    assert tablet.seat_names() == ["Seat 1", "Seat 2", "Seat 3"]
    shared = model_strings(tablet)
    assert "down-face" not in shared and "own-down" not in shared
    assert "Join this table" in shared and "Saved games" in shared
    for seat, phone in phones.items():
        page = model_strings(phone)
        assert f'<div class="own-down" data-seat="{seat}">' in page
        assert big_card(DOWN[seat]) in page and page.count("down-face") == 1
        for other in set(HANDS) - {seat}:
            assert f'own-down" data-seat="{other}"' not in page
            assert big_card(DOWN[other]) not in page
        assert "Join this table" not in page and "Saved games" not in page
        assert not phone.peek.label  # no hold-to-peek on his own phone


def test_each_player_chooses_on_his_phone_and_every_device_follows(store):
    tablet, phones = table(store, with_phones=(1, 2))  # Seat 1 has no phone: the tablet
    assert tablet.pad.labels() == []  # Seat 2 is on his phone: the tablet offers no peek
    assert not tablet.peek.label and tablet.peek_face() == ""
    assert phones[2].pad.labels() == []
    assert "Waiting for Seat 2" in phones[2].prompt.html
    assert phones[1].pad.labels()[0] == "Announce a winning combination"
    assert "Your choice" in phones[1].prompt.html and phones[1].odds.html

    phones[1].pad.press("Announce a winning combination")
    for board in (tablet, *phones.values()):
        assert "announces" in board.log.lines[-1]
    assert tablet.pad.labels() == []  # Seat 3 answers on his phone
    assert phones[2].pad.labels()[0].startswith("Accept (")
    assert "Seat 2 holds it" in phones[2].odds.html
    assert phones[1].pad.labels() == []

    phones[2].pad.press(phones[2].pad.labels()[3])  # Seat 3 calls 3 on his phone
    tablet.uncover()
    tablet.pad.press(tablet.pad.labels()[0])  # Accept: Seat 1 answers on the tablet
    assert [s.points for s in tablet.session.state.seats] == [32, 36, 29]
    for phone in phones.values():
        assert "they held it and win the bets" in phone.events.html


def test_a_key_drawn_before_another_device_acted_is_refused(store):
    tablet, phones = table(store)
    tablet.uncover()
    phones[1].turn_view.drawn_at = None  # as if the tablet's change had not yet been redrawn there
    phones[1].pad.press("Announce a winning combination")
    assert "already changed" in phones[1].message
    assert len(tablet.session.actions) == 1


def test_a_phone_left_on_a_game_the_tablet_moved_on_from_is_told_so(store):
    """A seat of one game is no seat of the next: the phones stay on the game the tablet
    leaves, and that game's log and each phone's message say where the table went and how
    to join it (they showed the old game with no word of it: a play-test). A game no phone
    joined gets no such line."""
    from companion.core.seats import NOTE_MARK
    from companion.ui.game_dashboard import MOVED_ON

    tablet, phones = table(store, with_phones=(1,))
    left = tablet.session
    new = tablet.start_new_game()
    told = MOVED_ON.format(name=new.name)
    assert phones[1].session.id == left.id and phones[1].message == told
    assert phones[1].session.history[-1] == NOTE_MARK + told
    assert [note.kind for note in Session.resume(store, left.id).notes] == ["moved on"]
    assert not any("moved on" in line for line in tablet.session.history)

    alone, _ = table(store, with_phones=())
    before = alone.session
    alone.start_new_game()
    assert not Session.resume(store, before.id).notes
