"""The tile game's dashboard without a browser: every step's buttons, the covered choice,
the heat map, the app's seats and the end of a game."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from html import unescape

from companion.core.session import Session
from companion.mb007_tiles import GAME
from companion.mb007_tiles.actions import ChooseFirst, Draw, Pick
from companion.mb007_tiles.bot import autoplay_action
from companion.mb007_tiles.dashboard import TilesDashboard
from companion.ui.template import sections_of


def dashboard(store, options, **moves) -> TilesDashboard:
    return TilesDashboard(store=store, session=Session(GAME, options, seed=3, store=store),
                          **moves)


def to_choose(board: TilesDashboard) -> None:
    """Fill the 16 windows through the dashboard's own buttons and board taps."""
    board.steps.press("Red goes first")
    while board.session.state.phase != "choose":
        draw = next(label for label in board.steps.labels() if label.startswith("Draw"))
        board.steps.press(draw)
        board.board.tap(f"w:{_first_empty(board)}")


def _first_empty(board: TilesDashboard) -> str:
    from companion.mb007_tiles.board import window_name
    return window_name(board.session.state.empty_windows[0])


def test_the_first_player_can_be_tapped_or_drawn_by_the_app(store):
    board = dashboard(store, {"players": 3})
    assert board.steps.labels()[:4] == ["The app draws for us", "Red 1 drew it",
                                        "Black drew it", "Red 2 drew it"]
    board.steps.press("Black drew it")
    assert board.session.state.to_move == 1


def test_table_mode_offers_the_tiles_left_in_the_bag_with_counts(store):
    board = dashboard(store, {"players": 2})
    board.steps.press("Red drew it")
    assert "black 007 (3)" in board.steps.labels()
    board.steps.press("black 007 (3)")
    board.board.tap("w:c3")
    board.steps.press("black 007 (2)")
    assert board.session.state.drawn == "B007"


def test_placing_a_tile_changes_one_window_and_takes_the_buttons_away(store):
    """The windows' buttons are the layer over the board, there only while a tile is
    placed: one per empty window, named as the log names it, the first marked for a
    keyboard's focus. Placing the tile redraws the one window it filled, not all 16."""
    board = dashboard(store, {"players": 2})
    board.steps.press("Red drew it")
    assert board.board.overlay == ""  # drawn, not yet told which tile
    board.steps.press("black 007 (3)")
    buttons = re.findall(r'<rect data-tap="w:(\w+)"[^>]*role="button"[^>]*'
                         r'aria-label="window (\w+)"', board.board.overlay)
    assert len(buttons) == 16 and all(tap == name for tap, name in buttons)
    assert board.board.overlay.count("data-focus") == 1 and 'data-tap="w:a1" data-focus' in \
        board.board.overlay
    windows = re.findall(r"<g .*?</g>", board.board.html)
    board.board.tap("w:c3")
    assert board.board.overlay == ""
    changed = [after for before, after in zip(windows, re.findall(r"<g .*?</g>",
                                                                  board.board.html),
                                              strict=True) if before != after]
    assert len(changed) == 1 and "window c3: a black 007 tile" in changed[0]


def test_a_tap_on_the_board_out_of_turn_is_refused_in_words(store):
    board = dashboard(store, {"players": 2})
    board.board.tap("w:a1")
    assert "Nothing to tap on the board now" in board.message
    assert board.session.actions == ()


def test_the_covered_choice_shows_nothing_of_an_earlier_pick(store):
    """The First Round: each player chooses in secret; the page is the same whatever he
    chose, until the reveal."""
    pages = []
    for letter in "BN":
        board = dashboard(store, {"players": 2, "mode": "tablet"})
        to_choose(board)
        assert board.steps.labels()[0] == "I am Red: show my letters"
        board.steps.press("I am Red: show my letters")
        board.steps.press(next(label for label in board.steps.labels()
                               if label.split(" ")[0] == letter))
        assert board.session.state.picks[0] == letter
        pages.append((board.board.html + board.board.overlay,
                      re.sub(r'data-tap="[^"]*"', "", board.steps.html),
                      board.session.log[-1]))
    assert pages[0] == pages[1]
    assert "Pass the tablet to Black (or choose on your own phone)." in pages[0][1]


def test_the_face_down_letter_cannot_be_tapped(store):
    board = dashboard(store, {"players": 2, "mode": "tablet"})
    to_choose(board)
    for seat, letter in ((0, "B"), (1, "B")):
        board.act(Pick(seat, letter))
    board.steps.press("Reveal the letters")
    while board.session.state.phase != "choose":
        board.steps.press(next(label for label in board.steps.labels()
                               if label.startswith("Draw")))
        board.board.tap(f"w:{_first_empty(board)}")
    board.steps.press("I am Red: show my letters")
    b_button = next(part for part in board.steps.html.split("<button")
                    if part.split(">")[1].startswith("B"))
    assert "disabled" in b_button
    assert "B lies face down" in board.steps.html


def test_the_heat_map_shows_while_placing_and_can_be_hidden(store):
    board = dashboard(store, {"players": 2, "mode": "tablet"})
    board.steps.press("Red goes first")
    board.steps.press("Draw a tile for Red")
    assert "Heat map" in board.steps.html and "%" in board.board.overlay
    # The switch is a setting on a row of its own after the advice, not among the moves
    # (on a phone it sat between the letters, a newcomer's play-test).
    moves, _, rest = board.steps.html.partition("Heat map")
    assert "Hide the advice" not in moves and "Hide the advice" in rest
    board.steps.press("Hide the advice")
    assert "Heat map" not in board.steps.html and "%" not in board.board.overlay


def test_the_apps_seats_play_themselves_and_never_wait_for_the_human(store):
    board = dashboard(store, {"players": 2, "mode": "tablet", "bots": [1]})
    board.steps.press("Red goes first")
    for _ in range(8):
        board.steps.press("Draw a tile for Red")
        board.board.tap(f"w:{_first_empty(board)}")
    state = board.session.state
    assert state.phase == "choose" and state.chosen(1) and not state.chosen(0)
    assert board.steps.labels()[0] == "I am Red: show my letters"


def test_game_over_shows_the_payment_and_the_next_game_keeps_the_chips(store):
    session = Session(GAME, {"players": 4, "mode": "tablet"}, seed=5, store=store)
    rng = random.Random(5)
    session.act(ChooseFirst(0))
    while not session.state.is_over:
        session.act(autoplay_action(session.state, rng))
    board = TilesDashboard(store=store, session=session)
    assert "Game over" in board.steps.html and "In chips" in board.steps.html
    chips = session.state.chips
    board.steps.press("Next game of the match")
    assert board.session.state.chips == chips and board.session.state.phase == "first"
    assert "game 2 of the match" in board.steps.html


def test_a_new_match_from_the_settings_refuses_nothing_silently(store):
    board = dashboard(store, {"players": 2})
    board.param.update(players=4, mode="tablet", bots=[1, 3])
    board.start_new_game()
    assert board.session.state.options.bots == (1, 3)
    board.param.update(mode="table", bots=[1])
    board.start_new_game()
    assert board.session.state.options.bots == ()


def test_one_undo_takes_back_the_apps_turn_and_the_move_before_it(store):
    board = dashboard(store, {"players": 2, "mode": "tablet", "bots": [1]})
    board.steps.press("Red goes first")
    board.steps.press("Draw a tile for Red")
    before = len(board.session.actions)
    board.board.tap(f"w:{_first_empty(board)}")  # then the app draws and places for Black
    assert len(board.session.actions) == before + 3
    board.undo()
    assert len(board.session.actions) == before and board.session.state.phase == "place"
    board.redo()
    assert len(board.session.actions) == before + 3


def test_at_the_table_the_last_letter_tapped_turns_the_round_over(store):
    """Table mode: the letters are face up on the real board before they are tapped in, so
    the last one reveals the round at once, and one Undo takes the round's letters back."""
    board = dashboard(store, {"players": 2})
    board.steps.press("Red drew it")
    while board.session.state.phase != "choose":
        board.steps.press(next(label for label in board.steps.labels() if "(" in label))
        board.board.tap(f"w:{_first_empty(board)}")
    assert "Red" in board.steps.html and "Black" in board.steps.html
    board.steps.press("N")  # the last button with these words: Black's row
    board.steps.press("O")  # only Red's row is left
    state = board.session.state
    assert state.round == 1 and state.revealed == ("O", "N")
    html = unescape(board.steps.html)
    assert "Round 1 revealed: Red O, Black N." in html  # told once, not again below it
    assert "Round 1: Red O, Black N." not in html
    board.undo()
    state = board.session.state
    assert state.phase == "choose" and not state.chosen(0) and not state.chosen(1)


def test_a_players_own_phone_shows_his_seat_and_no_table_admin(store):
    session = Session(GAME, {"players": 2, "mode": "tablet"}, seed=4, store=store)
    phone = TilesDashboard(store=store, session=session, seat=1)
    page = phone.__panel__()
    titles = [getattr(card, "title", "") for card in sections_of(page)]
    # his letters on the phone's first screen; the review his own to replay, no table admin
    assert titles == ["Turn", "Board", "Log", "Review: luck, skill and the dice"]
    assert "Your seat: Black" in phone.steps.html


def test_undo_is_the_tables_call_on_the_shared_tablet_not_a_players_phone(store):
    """Shared table: a phone's log has no Undo; an undo reaching it anyway changes nothing."""
    session = Session(GAME, {"players": 2, "mode": "tablet"}, seed=4, store=store)
    tablet = TilesDashboard(store=store, session=session)
    phone = TilesDashboard(store=store, session=session, seat=1)
    tablet.act(ChooseFirst(0))
    assert "Undo and Redo are on the shared tablet" in phone.log.html
    phone.undo()
    assert "on the shared tablet" in phone.message and session.can_undo
    tablet.undo()
    assert not session.can_undo


def test_the_join_section_follows_a_new_match(store):
    board = dashboard(store, {"players": 4})
    card = board.share_section()
    card.collapsed = False
    first = board.session.join_code
    board.param.update(players=2)
    board.start_new_game()
    share = unescape(card.contents[0].html)
    assert board.session.join_code in share and first not in share
    assert "Black 2's own phone" not in share and "Black's own phone" in share


def test_the_tablets_join_section_offers_only_free_human_seats_and_hands_a_taken_one_over(
        store):
    """Trust at the table: no link for the app's seat (its phone would show the app's
    letter), none for a seat a phone holds (a handover button instead); the handover gives
    the seat a new link, and the log says so."""
    board = dashboard(store, {"players": 4, "mode": "tablet", "bots": [3]})
    card = board.share_section()
    card.collapsed = False
    red_link = board.session.link_key("seat 0")
    TilesDashboard(store=store, session=board.session, seat=0)  # Red 1's phone
    share = unescape(card.contents[0].html)
    assert "Black 2: played by the app, no phone." in share
    assert "Black 2's own phone" not in share and "Red 1's own phone" not in share
    assert "Red 1: on their own phone." in share and red_link not in share
    assert "Black 1's own phone" in share and "Red 2's own phone" in share
    board.hand_over(0)
    share = unescape(card.contents[0].html)
    assert "Red 1's own phone" in share and board.session.link_key("seat 0") in share
    assert board.session.link_key("seat 0") != red_link
    assert board.log.lines[-1] == "— Red 1's seat was handed to a new phone by the table"
    assert not board.may_see(0)  # handed on, it stays a phone's seat: never the tablet's
    watcher_share = TilesDashboard(store=store, session=board.session, seat=1).shared_seats()
    assert len(watcher_share) == 4  # the data; a phone's page draws no seat links:
    phone = TilesDashboard(store=store, session=board.session, seat=2)
    phone_card = phone.share_section()
    phone_card.collapsed = False
    assert "own phone" not in unescape(phone_card.contents[0].html)


def test_the_advice_says_nothing_it_cannot_back_when_no_window_can_be_captured(store):
    """Issue #33: no "best window ... worth 0 points" when every window reads 0%."""
    board = dashboard(store, {"players": 2, "mode": "tablet"})
    board.act(ChooseFirst(0))
    board.act(Draw())
    html = unescape(board.steps.html)
    assert "no crossing the players can choose next round reaches it" in html
    assert "expects" not in html and "safest" not in html.lower()


def test_the_last_crossing_is_gold_until_refilled_and_taken_never_covers_a_figure():
    """After a reveal that took c2 (N x N), c2 is drawn gold and "taken"; once a tile is
    placed there it is no longer the last crossing. A window offered for the next tile
    shows its heat-map figure, not "taken" (it is empty, and may be filled)."""
    from dataclasses import replace

    from companion.mb007_tiles.drawing import GOLD, board_svg
    from companion.mb007_tiles.engine import new_state

    state = replace(new_state({"players": 2}), phase="draw", to_move=0, revealed=("N", "N"),
                    face_down=("N", "N"), taken=(("c2", "B3"),), picks=(None, None))

    def window(svg: str, name: str) -> str:
        return re.search(rf'aria-label="[^"]*{name}[^"]*">(.*?)</g>', svg).group(1)

    empty = window(board_svg(state), "c2")
    assert f'stroke="{GOLD}"' in empty and ">taken<" in empty
    offered = window(board_svg(state, heat={(2, 1): Fraction(1, 3)}), "c2")
    assert ">33.3%<" in offered and ">taken<" not in offered
    refilled = replace(state, board=tuple("R1" if i == 6 else None for i in range(16)))
    assert f'stroke="{GOLD}"' not in window(board_svg(refilled), "c2")


def test_table_mode_shows_where_to_sit_before_the_first_tile(store):
    """The captured window depends on who sits where: before the first tile the page draws
    the seats round the board's edges and says who sits to whose left."""
    board = dashboard(store, {"players": 4})
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", board.steps.html)).split())
    assert "Sit round the real board as the board here shows" in text
    assert "Red 1 at the south edge (windows a1 to d1); Black 1 at the west edge" in text
    assert "Play goes to the left: Red 1, then Black 1, then Red 2, then Black 2" in text
    board.steps.press("Red 1 drew it")
    assert "Sit round" not in board.steps.html
    tablet = dashboard(store, {"players": 2, "mode": "tablet"})
    assert "Sit round" not in tablet.steps.html  # the board on screen is the board


def test_the_apps_moves_since_the_persons_last_are_told_on_the_turn_card(store):
    """Found by a newcomer: after a reveal, the app's refill put a tile in the window just
    captured and only the log said so; the turn card now tells every move since his."""
    for seed in range(20):  # a game where the app's team refills first after the reveal
        board = TilesDashboard(store=store, session=Session(
            GAME, {"players": 2, "mode": "tablet", "bots": [0]}, seed=seed, store=store))
        board.steps.press("Black goes first")
        while board.session.state.phase != "choose":
            board.steps.press("Draw a tile for Black")
            board.board.tap(f"w:{_first_empty(board)}")
        board.steps.press("I am Black: show my letters")
        board.steps.press(next(label for label in board.steps.labels() if "·" in label
                               and "face down" not in label))
        since = len(board.session.actions)
        board.steps.press("Reveal the letters")
        told = [e.text for e in board.session.events[since:] if e is not None]
        if len(told) > 1:
            break
    assert "Red drew" in told[1]  # the reveal, then the app's refill
    assert all(text in unescape(board.steps.html) for text in told)


def test_the_game_over_box_ends_each_sentence_with_one_full_stop():
    """The game's last event already ends in a full stop: the box read 'Black pays 8 in
    chips.. In chips: …'."""
    from companion.mb007_tiles.dashboard.words import event_html

    session = Session(GAME, {"players": 2, "mode": "tablet"}, seed=2)
    rng = random.Random(2)
    while not session.state.is_over:
        session.act(autoplay_action(session.state, rng))
    assert ".." not in event_html(session.state, session.events)


def test_what_just_happened_ends_each_sentence_with_one_full_stop():
    """A reveal's event ends in a full stop of its own: the Turn panel read 'b3: red 1
    captured by Black (1)..' (a newcomer's play-test)."""
    from companion.mb007_tiles.dashboard.words import event_html

    session = Session(GAME, {"players": 2, "mode": "tablet"}, seed=2)
    rng = random.Random(2)
    revealed = 0
    while not session.state.is_over and revealed < 3:
        session.act(autoplay_action(session.state, rng))
        text = session.state.last_event.text
        if "revealed" in text:
            revealed += 1
            assert text.endswith(".")
            assert ".." not in event_html(session.state, session.events[-1:])
    assert revealed == 3
