"""One test per rule of the tile game in ../shared/rules/milton_bradley_007_tiles_and_cards.txt,
each naming the manual's section (`rules.SECTIONS`) and quoting its sentence; READING_NOTES
settles the unclear parts and HOUSE RULE marks what the manual leaves open."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace
from itertools import product

import pytest

from companion.core.errors import InputError, RuleError
from companion.core.session import Session
from companion.mb007_tiles import GAME, rules
from companion.mb007_tiles.actions import ChooseFirst, Draw, NextGame, Pick, Place, Reveal
from companion.mb007_tiles.board import (
    WINDOWS,
    crossing,
    crossings,
    line,
    line_windows,
    parse_window,
    seats_of,
    window_name,
)
from companion.mb007_tiles.bot import autoplay_action, bot_action
from companion.mb007_tiles.engine import TilesState, new_state, private_view
from companion.mb007_tiles.odds import careful_play_stalls, round_equilibrium

S = rules.SECTIONS
# Which way each side faces, and so where his left is (x east, y north).
FACING = {"south": (0, 1), "west": (1, 0), "north": (0, -1), "east": (-1, 0)}
# Filler tiles, cheapest first, for the windows a test does not care about.
FILLER = ("R1", "B1", "R2", "B2", "R3", "B3", "R4", "B4", "R5", "B5", "R007", "B007")


def start(players: int = 2, first: int = 0, **options) -> TilesState:
    """A table-mode game whose first player is `first`, ready for the first draw."""
    return new_state({"players": players, **options}).apply(ChooseFirst(first))


def fill(state: TilesState, special: dict[str, str] | None = None) -> TilesState:
    """Draw and place tiles into every empty window (a1, b1, ... d4): the `special` tiles
    where named, cheap filler from the bag elsewhere."""
    special = special or {}
    left = Counter(state.in_bag()) - Counter(special.values())
    for window in [window_name(w) for w in state.empty_windows]:
        if state.phase != "draw":  # the bag ran out
            break
        if window in special:
            tile = special[window]
        else:
            tile = next(t for t in FILLER if left[t] > 0)
            left[tile] -= 1
        state = state.apply(Draw(tile)).apply(Place(window))
    return state


def play_round(state: TilesState, letters: dict[int, str]) -> TilesState:
    for seat, letter in letters.items():
        state = state.apply(Pick(seat, letter))
    return state.apply(Reveal())


def seat_of_name(state: TilesState, name: str) -> int:
    return [state.seat_name(s) for s in range(state.players)].index(name)


# To Set Up the Game: seats, sides and lines.

@pytest.mark.parametrize("players", rules.PLAYER_COUNTS)
def test_setup_red_partners_opposite_black_partners_opposite(players):
    """To Set Up the Game, 2: "Red players are partners, Black players are partners", sitting
    opposite; For Three Players: "two players as a team sit opposite each other"."""
    red, black = seats_of("red", players), seats_of("black", players)
    assert len(red) + len(black) == players and red and black
    for team in (red, black):
        sides = {rules.SIDES[s] for s in team}
        assert sides in ({"south", "north"}, {"west", "east"}) or len(team) == 1
    # Play goes to the left, so the colours alternate round the table.
    assert all(rules.SEAT_COLOURS[s] != rules.SEAT_COLOURS[(s + 1) % 4] for s in range(4))


@pytest.mark.parametrize("seat", range(4))
def test_first_round_diamonds_point_at_the_lines_before_him_from_his_left(seat):
    """The First Round: "This Diamond points to the row of the tile filled windows the player
    uses this round": B, O, N, D are the four lines in front of him, from his left."""
    side = rules.SIDES[seat]
    fx, fy = FACING[side]
    left = (-fy, fx)
    lines = [line_windows(seat, letter) for letter in rules.LETTERS]
    leftness = []
    for windows in lines:
        assert len(windows) == 4
        # The line runs away from him (along his facing) ...
        assert len({x * fy - y * fx for x, y in windows}) == 1
        # ... and B is the leftmost, D the rightmost.
        x, y = windows[0]
        leftness.append(x * left[0] + y * left[1])
    assert leftness == sorted(leftness, reverse=True) and len(set(leftness)) == 4
    assert {w for ws in lines for w in ws} == set(WINDOWS)


@pytest.mark.parametrize("players", rules.PLAYER_COUNTS)
def test_capturing_a_red_line_crosses_a_black_line_in_exactly_one_window(players):
    """Capturing Tiles: a tile is captured "in the window where a PLAYER'S ROW CROSSES AN
    OPPONENT'S ROW": each Red line meets each Black line in one window."""
    for red, black in product(seats_of("red", players), seats_of("black", players)):
        for red_letter, black_letter in product(rules.LETTERS, repeat=2):
            common = set(line_windows(red, red_letter)) & set(line_windows(black, black_letter))
            assert common == {crossing(red, red_letter, black, black_letter)}


@pytest.mark.parametrize("players", rules.PLAYER_COUNTS)
def test_capturing_partners_lines_never_capture(players):
    """Capturing Tiles: only a player's row crossing an OPPONENT'S row captures; partners'
    lines are parallel. So a round captures 1, 2 or 4 windows (READING_NOTES) for 2, 3, 4
    players, and exactly the windows on both a Red and a Black line."""
    sizes = set()
    for letters in product(rules.LETTERS, repeat=players):
        by_seat = dict(enumerate(letters))
        on_red = {w for s in seats_of("red", players) for w in line_windows(s, by_seat[s])}
        on_black = {w for s in seats_of("black", players) for w in line_windows(s, by_seat[s])}
        hit = crossings(by_seat, players)
        assert hit == on_red & on_black
        sizes.add(len(hit))
    assert sizes == {2: {1}, 3: {1, 2}, 4: {1, 2, 4}}[players]
    for team in ("red", "black"):
        seats = seats_of(team, players)
        for a, b in product(seats, repeat=2):
            kinds = {line(a, letter)[0] for letter in rules.LETTERS} | \
                {line(b, letter)[0] for letter in rules.LETTERS}
            assert len(kinds) == 1, "partners' lines are parallel"


def test_capturing_the_manuals_example_red_n_crosses_black_o():
    """Capturing Tiles: "The row marked by the Red N crosses the row marked by the Black O
    thus the Black 007 tile is captured by the Red player" (diagram 1, two players)."""
    assert crossings({0: "N", 1: "O"}, 2) == {parse_window("c3")}
    state = fill(start(2), {"c3": "B007"})
    after = play_round(state, {0: "N", 1: "O"})
    assert after.taken == (("c3", "B007"),)
    assert after.captured == (("B007",), ())
    assert after.tile_at(parse_window("c3")) is None and after.phase == "draw"
    assert "c3: black 007 captured by Red (10)" in after.last_event.text
    assert after.points("red") == 10


def test_crossings_refuse_bad_input():
    """`board.crossings` wants a letter B, O, N or D for every seat of 2, 3 or 4 players."""
    with pytest.raises(InputError):
        crossings({0: "N"}, 2)
    with pytest.raises(InputError):
        crossings({0: "N", 1: "X"}, 2)
    with pytest.raises(InputError):
        crossings({0: "N", 1: "O", 2: "B"}, 2)
    with pytest.raises(InputError):
        crossings({0: "N"}, 1)
    with pytest.raises(InputError):
        crossings({s: "B" for s in range(5)}, 5)
    with pytest.raises(InputError):
        crossings({0: "N", 1: "O"}, True)
    for bad in ("e1", "a5", "a", "", None, 11):
        with pytest.raises(InputError):
            parse_window(bad)


# Playing the Game: the first player, drawing and placing.

@pytest.mark.parametrize("seed", range(6))
def test_play_the_first_player_drawing_an_007_goes_first(seed):
    """Playing the Game: "The first player drawing an 007 tile goes first followed by the
    player to his left" (HOUSE RULE: seats draw in turn from seat 0, tiles go back)."""
    session = Session(GAME, {"players": 4, "mode": "tablet"}, seed)
    session.act(ChooseFirst())
    chosen = session.actions[-1]
    assert chosen.draws and chosen.draws[-1][1:] == rules.BOND
    assert all(tile[1:] != rules.BOND for tile in chosen.draws[:-1])
    assert chosen.seat == (len(chosen.draws) - 1) % 4
    state = session.state
    assert state.to_move == chosen.seat and state.bag == state.options.full_bag()
    state = state.apply(Draw("R3")).apply(Place("a1"))
    assert state.to_move == (chosen.seat + 1) % 4


def test_play_at_the_table_the_group_taps_who_drew_the_007():
    """Playing the Game: at the table, the group says who drew the first 007."""
    state = new_state({"players": 3})
    assert start(3, first=2).to_move == 2
    with pytest.raises(InputError):
        state.apply(ChooseFirst(3))
    with pytest.raises(RuleError):
        start(3).apply(ChooseFirst(1))


@pytest.mark.parametrize("tile", ["R5", "B5"])
def test_play_a_tile_must_be_placed_by_the_player_who_drew_it_whatever_its_colour(tile):
    """Playing the Game: "A tile MUST be placed by the player who drew it whether or not it
    is his own color", in any empty window."""
    state = start(2, first=0).apply(Draw(tile))
    assert state.phase == "place" and state.to_move == 0 and state.drawn == tile
    for window in WINDOWS:
        placed = state.apply(Place(window_name(window)))
        assert placed.tile_at(window) == tile and placed.to_move == 1
    with pytest.raises(RuleError):
        state.apply(Draw("R1"))


def test_play_a_placed_tile_cannot_be_moved_until_captured():
    """Playing the Game: "Once a tile has been put in a window it cannot be moved until
    captured": a taken window is refused, a bad window name is malformed."""
    state = start(2).apply(Draw("R1")).apply(Place("b2")).apply(Draw("B1"))
    with pytest.raises(RuleError) as refused:
        state.apply(Place("b2"))
    assert refused.value.rule == S["play"]
    for bad in ("z9", "b", "B2", ""):
        with pytest.raises(InputError):
            state.apply(Place(bad))
    assert state.apply(Place("b3")).tile_at(parse_window("b2")) == "R1"


def test_play_only_tiles_left_in_the_bag_can_be_drawn():
    """Playing the Game: the tiles come from the bag; a tile not left in it is refused
    (tile composition: HOUSE RULE, `tile_counts`)."""
    counts = {**rules.DEFAULT_TILE_COUNTS, rules.BOND: 1}
    state = start(2, tile_counts=counts).apply(Draw("R007")).apply(Place("a1"))
    with pytest.raises(RuleError) as refused:
        state.apply(Draw("R007"))
    assert refused.value.rule == S["play"]
    with pytest.raises(InputError):
        state.apply(Draw("R6"))
    with pytest.raises(InputError):
        state.apply(Draw())  # at the table the drawer taps the tile that came out
    assert state.apply(Draw("B007")).drawn == "B007"


def test_play_in_tablet_mode_the_app_draws_from_the_bag():
    """Playing the Game: in tablet mode the app draws for the drawer from a seeded bag."""
    session = Session(GAME, {"players": 2, "mode": "tablet"}, 11)
    session.act(ChooseFirst(0))
    session.act(Draw())
    tile = session.actions[-1].tile
    assert tile in rules.ALL_TILES and session.state.drawn == tile
    assert session.state.bag_size == sum(session.state.options.full_bag()) - 1


# The First Round: the secret choice and the reveal.

def test_first_round_starts_when_all_16_windows_are_filled():
    """The First Round: "When all 16 windows are filled each player secretly chooses"."""
    state = start(4)
    for _ in range(15):
        tile = next(t for t in FILLER if state.in_bag().get(t))
        state = state.apply(Draw(tile)).apply(Place(window_name(state.empty_windows[0])))
        assert state.phase == "draw"
    state = fill(state)
    assert state.phase == "choose" and not state.empty_windows
    assert state.legal_actions() == [Pick(s, letter) for s in range(4) for letter in "BOND"]


def test_first_round_the_choice_is_secret():
    """The First Round: "each player secretly chooses one of his 4 LETTERED B O N D tiles
    and places it FACE DOWN": on the tablet the log says only that he has chosen."""
    state = fill(start(4, mode="tablet"))
    texts = set()
    for letter in rules.LETTERS:
        picked = state.apply(Pick(2, letter))
        assert picked.chosen(2) and not picked.chosen(0)
        assert not re.search(rf"\b{letter}\b", picked.last_event.text)
        texts.add(picked.last_event.text)
        assert picked.waiting_for == state.waiting_for
        assert picked.legal_actions() == [a for a in state.legal_actions() if a.seat != 2]
    assert len(texts) == 1


def test_first_round_a_seat_chooses_once():
    """The First Round: each player chooses ONE lettered tile a round (undo to change it)."""
    state = fill(start(3)).apply(Pick(1, "B"))
    with pytest.raises(RuleError) as refused:
        state.apply(Pick(1, "O"))
    assert refused.value.rule == S["first round"]
    for bad in (Pick(3, "B"), Pick(0, "X"), Pick(True, "B")):
        with pytest.raises(InputError):
            state.apply(bad)
    with pytest.raises(RuleError):
        state.apply(Reveal())  # not everyone has chosen


def test_rounds_the_letter_just_used_lies_face_down_and_cannot_be_chosen():
    """Rule 8: "After the first round each player must make his secret selection from his
    remaining three tiles"; the one JUST USED lies face down."""
    state = fill(play_round(fill(start(2)), {0: "N", 1: "O"}))
    assert state.phase == "choose" and state.face_down == ("N", "O")
    assert state.available(0) == ("B", "O", "D") and state.available(1) == ("B", "N", "D")
    with pytest.raises(RuleError) as refused:
        state.apply(Pick(0, "N"))
    assert refused.value.rule == S["rounds"]
    assert Pick(0, "N") not in state.legal_actions()
    assert state.apply(Pick(1, "N")).chosen(1)


def test_rounds_the_face_down_tile_comes_back_the_round_after():
    """Rule 8: "he immediately removes the face down tile that was used for the last round":
    only the letter of the round just played is out of reach."""
    state = fill(play_round(fill(start(2)), {0: "N", 1: "O"}))
    state = fill(play_round(state, {0: "B", 1: "D"}))
    assert state.face_down == ("B", "D")
    assert state.available(0) == ("O", "N", "D") and state.available(1) == ("B", "O", "N")
    assert state.apply(Pick(0, "N")).chosen(0)


@pytest.mark.parametrize(("tile", "taker"), [("R4", "black"), ("B4", "red")])
def test_capturing_red_tiles_go_to_black_black_tiles_to_red(tile, taker):
    """Capturing Tiles: "Red tiles are captured by the Black team. Black tiles are captured
    by the Red team"; the team's banker keeps them."""
    after = play_round(fill(start(2), {"a1": tile}), {0: "B", 1: "D"})
    assert after.taken == (("a1", tile),)
    assert after.captured[rules.COLOURS.index(taker)] == (tile,)
    assert after.captured[1 - rules.COLOURS.index(taker)] == ()
    assert after.points(taker) == 4


@pytest.mark.parametrize(("players", "letters", "most"), [
    (2, {0: "B", 1: "B"}, 1),
    (3, {0: "B", 1: "B", 2: "B"}, 2),
    (4, {0: "B", 1: "B", 2: "B", 3: "B"}, 4),
])
def test_capturing_one_two_or_four_tiles_a_round(players, letters, most):
    """The First Round: "One, two or four tiles may be captured in a round depending on the
    number of players and where the LETTERED tiles are placed"."""
    state = fill(start(players))
    after = play_round(state, letters)
    expected = crossings(letters, players)
    assert len(expected) == most
    assert {parse_window(w) for w, _ in after.taken} == expected
    assert sum(len(team) for team in after.captured) == most
    # With four players, the same letters on one side of the table capture fewer.
    if players == 4:
        fewer = play_round(state, {0: "B", 1: "B", 2: "D", 3: "D"})
        assert len(fewer.taken) == 1


def test_capturing_an_empty_crossing_captures_nothing():
    """Capturing Tiles: a tile is captured when it is in the crossing window; a crossing
    left empty (the bag ran out, READING_NOTES) takes nothing."""
    ones = dict.fromkeys(rules.TILE_VALUES, 1)  # 12 tiles for 16 windows
    state = fill(start(2, tile_counts=ones))
    assert state.phase == "choose" and len(state.empty_windows) == 4
    empty = window_name(state.empty_windows[0])
    red = "BOND"[parse_window(empty)[0]]
    black = next(letter for letter in "BOND"
                 if crossings({0: red, 1: letter}, 2) == {parse_window(empty)})
    after = play_round(state, {0: red, 1: black})
    assert after.taken == () and after.captured == ((), ())
    assert after.last_event.text.endswith(f"Nothing captured: {empty} was empty.")
    assert after.phase == "choose" and after.round == 1


# Rule 8: the refill.

def test_rounds_new_tiles_fill_the_empty_windows_as_in_the_beginning():
    """The First Round: "New tiles are drawn and placed in the empty windows as in the
    beginning of the game"; then the next round's secret choice."""
    after = play_round(fill(start(4)), {0: "B", 1: "B", 2: "B", 3: "B"})
    assert after.phase == "draw" and len(after.empty_windows) == 4
    refilled = fill(after)
    assert refilled.phase == "choose" and refilled.round == 1


@pytest.mark.parametrize(("tile", "loser"), [("R5", "red"), ("B5", "black")])
def test_rounds_the_team_that_lost_more_points_draws_first(tile, loser):
    """The First Round: "A player from the team which lost the most points in a round draws
    first" (the first of that team to the left of the last drawer)."""
    state = fill(start(4, first=1), {"a1": tile})
    assert state.last_drawer == 0  # sixteen draws from seat 1: the last is seat 0
    after = play_round(state, {0: "B", 1: "D", 2: "D", 3: "B"})  # only a1 is crossed
    assert after.taken == (("a1", tile),)
    expected = next(s for s in (1, 2, 3, 0) if rules.SEAT_COLOURS[s] == loser)
    assert after.to_move == expected


def test_rounds_more_points_not_more_tiles_decide_who_draws_first():
    """The First Round: the team which lost the most POINTS draws first, not the most
    tiles: Red loses three tiles worth 4, Black one worth 5."""
    state = fill(start(4, first=1), {"a1": "R1", "d4": "R1", "d1": "R2", "a4": "B5"})
    after = play_round(state, {0: "B", 1: "B", 2: "B", 3: "B"})
    assert sorted(t for _, t in after.taken) == ["B5", "R1", "R1", "R2"]
    assert after.to_move == 1  # Black 1, not Red 2 (the next to the left of seat 0)


def test_house_rule_a_tie_in_points_lost_continues_the_rotation():
    """HOUSE RULE (REFILL_TIE_CONTINUES_ROTATION): when both teams lost the same points the
    refill goes on from the player to the left of the last drawer."""
    assert rules.REFILL_TIE_CONTINUES_ROTATION
    # All B with 3 players: columns a and d cross row 4, at a4 and d4.
    special = {"a4": "R3", "d4": "B3"}
    state = fill(start(3, first=1), special)
    assert state.last_drawer == 1  # 16 draws from seat 1 with 3 players
    after = play_round(state, {0: "B", 1: "B", 2: "B"})
    assert dict(after.taken) == special
    assert after.to_move == 2  # Red 2
    # The same tie after seat 0 drew last: Black starts, so no team is favoured.
    state = fill(start(3, first=0), special)
    assert state.last_drawer == 0
    after = play_round(state, {0: "B", 1: "B", 2: "B"})
    assert dict(after.taken) == special and after.to_move == 1


# Rule 9: the end, scoring and payment.

def test_values_dots_count_their_number_a_007_counts_ten():
    """Value of the Tiles: "Tiles with DOTS have point value equal to the number of dots 1
    to 5 points. The 007 tiles are worth 10 points each"."""
    for colour, dots in product(rules.COLOURS, rules.DOTS):
        assert rules.tile_points(rules.tile_code(colour, str(dots))) == dots
        assert rules.tile_points(rules.tile_code(colour, rules.BOND)) == 10
    state = replace(start(2), captured=(("B007", "B3"), ("R5", "R5", "R1")))
    assert (state.points("red"), state.points("black")) == (13, 11)


def reveal_state(players, board, picks, captured, chips=(100, 100)):
    """A state about to reveal `picks` on `board` (window name -> tile), bag as given."""
    state = fill(start(players))
    tiles = [None] * rules.WINDOWS
    for name, tile in board.items():
        column, row = parse_window(name)
        tiles[row * 4 + column] = tile
    return replace(state, phase="reveal", board=tuple(tiles), picks=tuple(picks),
                   captured=captured, chips=chips)


def test_end_a_game_ends_when_one_team_captures_seven_tiles():
    """Rule 9: "A game ends when one team or both captures SEVEN tiles"."""
    six = ("B1",) * 6
    state = reveal_state(2, {"a1": "B2", "b2": "R1"}, ("B", "D"), (six, ()))
    over = state.apply(Reveal())
    assert over.is_over and len(over.captured[0]) == 7
    assert "a team has 7 tiles" in over.last_event.text
    assert over.legal_actions() == [NextGame()]
    not_yet = reveal_state(2, {"a1": "B2", "b2": "R1"}, ("B", "D"), (("B1",) * 5, ()))
    assert not not_yet.apply(Reveal()).is_over


def test_end_both_teams_can_reach_seven_in_one_round():
    """Rule 9: "when one team OR BOTH captures SEVEN tiles"; the higher total wins."""
    state = reveal_state(4, {"a1": "B5", "d4": "R1"}, ("B", "B", "B", "B"),
                         (("B1",) * 6, ("R1",) * 6))
    over = state.apply(Reveal())
    assert over.is_over and [len(t) for t in over.captured] == [7, 7]
    assert over.games == ((11, 7),)
    assert over.result == "Red wins 11 to 7; Black pays 4 in chips"


def test_reading_the_game_ends_when_the_bag_is_empty_and_no_tile_can_ever_be_captured():
    """READING_NOTES: "the game also ends, with the totals as they stand, when no tile is
    left to draw and no crossing can capture one" (option stall_end "dead_position")."""
    empty_bag = (0,) * len(rules.ALL_TILES)
    state = replace(reveal_state(2, {"a4": "B2"}, ("B", "B"), ((), ())), bag=empty_bag)
    over = state.apply(Reveal())
    assert over.taken == (("a4", "B2"),) and over.games == ((2, 0),)
    assert over.is_over and "no tile on the board can ever be captured" in \
        over.last_event.text


def test_reading_a_tile_out_of_reach_only_next_round_keeps_the_game_going():
    """Red's B (column a) and Black's B (row 4) lie face down: next round no crossing holds
    a tile, but the round after any letter is back, so the game goes on (the reading before
    December 2026, stall_end "next_round", ended it; games stored then replay so)."""
    empty_bag = (0,) * len(rules.ALL_TILES)
    board = {"a1": "B5", "a2": "B1", "a3": "R4", "b4": "R1", "c4": "R2", "d4": "B5"}
    state = replace(reveal_state(2, board, ("B", "B"), ((), ())), bag=empty_bag)
    going = state.apply(Reveal())
    assert going.taken == () and going.phase == "choose"
    assert not going.can_capture() and going.can_ever_capture() and not going.is_dead()
    old = replace(state, options=replace(state.options, stall_end="next_round"))
    assert "no crossing can capture" in old.apply(Reveal()).last_event.text


def test_reading_a_dead_position_ends_the_game():
    """With the bag empty, Red has columns b, c, d free of red tiles and Black rows 1-3 free
    of black ones: each can keep its tiles out of reach for ever (a red free column and a
    black free row cross at an empty window), so no capture can be forced."""
    empty_bag = (0,) * len(rules.ALL_TILES)
    state = replace(reveal_state(2, {"a1": "R5", "d4": "B5", "c2": "B1"}, ("N", "N"),
                                 ((), ())), bag=empty_bag)
    assert state.safe_letters(0) == ("O", "N", "D") and state.safe_letters(1) == ("O", "D")
    over = state.apply(Reveal())  # N x N is c2: Black's 1 is captured, then it is dead
    assert over.taken == (("c2", "B1"),)
    assert over.is_over and "keep its own tiles out of reach" in over.last_event.text


def test_end_the_losers_pay_the_difference_in_chips_45_to_27():
    """Rule 9: "The scores are 45 to 27, the losers pay the winners 18 chips, one blue, one
    red and three white chips"; Value of Chips: white 1, red 5, blue 10."""
    assert rules.chips_for(18) == {"blue": 1, "red": 1, "white": 3}
    assert sum(rules.CHIP_VALUES[c] * n for c, n in rules.chips_for(18).items()) == 18
    for points in range(200):
        chips = rules.chips_for(points)
        assert sum(rules.CHIP_VALUES[c] * n for c, n in chips.items()) == points
        assert chips["white"] < 5 and chips["red"] < 2
    red = ("B007", "B007", "B007", "B5", "B4", "B1")  # 40, and the B5 in a1 makes 45
    black = ("R5", "R5", "R5", "R5", "R5", "R2")  # 27
    state = reveal_state(2, {"a1": "B5", "b2": "R1"}, ("B", "D"), (red, black))
    over = state.apply(Reveal())
    assert (over.points("red"), over.points("black")) == (45, 27)
    assert over.result == "Red wins 45 to 27; Black pays 18 in chips"
    assert over.chips == (118, 82)


def test_house_rule_a_team_that_cannot_pay_pays_what_it_has():
    """HOUSE RULE (PAY_WHAT_YOU_CAN): the manual does not say what happens when a team has
    fewer chips than it owes; it pays what it has."""
    state = reveal_state(2, {"a1": "B5", "b2": "R1"}, ("B", "D"),
                         (("B007",) * 6, ()), chips=(100, 12))
    over = state.apply(Reveal())
    assert over.result == ("Red wins 65 to 0; Black pays 12 in chips of the 65 owed: all it "
                           "had (house rule)")  # what moved, not what was owed (issue #33)
    assert over.chips == (112, 0) and over.paid == 12


def test_end_a_draw_pays_nothing():
    """Rule 9: the losing team pays the difference; equal totals, nobody pays."""
    state = reveal_state(4, {"a1": "B5", "d4": "R5"}, ("B",) * 4,
                         (("B1",) * 6, ("R1",) * 6))
    over = state.apply(Reveal())
    assert over.result == "a draw, 11 to 11: nobody pays" and over.chips == (100, 100)


def test_match_chips_and_games_carry_over_to_the_next_game():
    """Rule 10: "After one or more games the team with the most POINTS IN CHIPS is the
    WINNER": NextGame keeps the chips and the list of games."""
    state = reveal_state(2, {"a1": "B5", "b2": "R1"}, ("B", "D"), (("B1",) * 6, ()))
    over = state.apply(Reveal())
    assert over.chips == (111, 89)
    nxt = over.apply(NextGame())
    assert nxt.phase == "first" and nxt.chips == (111, 89) and nxt.games == ((11, 0),)
    assert nxt.board == (None,) * 16 and nxt.captured == ((), ())
    assert nxt.bag == nxt.options.full_bag() and nxt.round == 0
    assert "Game 2" in nxt.last_event.text
    with pytest.raises(RuleError) as refused:
        state.apply(NextGame())
    assert refused.value.rule == S["match"]


# Options and saving.

def test_options_are_validated():
    """`new_state` options: InputError for unknown keys, bad player counts, bots outside
    tablet mode and bad tile counts (HOUSE RULE composition)."""
    assert new_state({}).options.players == 2
    bad = [
        {"colour": "red"}, {"players": 1}, {"players": 5}, {"players": True},
        {"players": "4"}, {"mode": "phone"}, {"bots": [1]}, {"mode": "tablet", "bots": [2]},
        {"mode": "tablet", "bots": [True]}, {"mode": "tablet", "bots": "1"},
        {"tile_counts": {"1": 2}}, {"tile_counts": {**rules.DEFAULT_TILE_COUNTS, "6": 1}},
        {"tile_counts": {**rules.DEFAULT_TILE_COUNTS, "3": 9}},
        {"tile_counts": {**rules.DEFAULT_TILE_COUNTS, "3": -1}},
        {"tile_counts": {**rules.DEFAULT_TILE_COUNTS, "3": True}},
        {"tile_counts": {**rules.DEFAULT_TILE_COUNTS, rules.BOND: 0}},
        {"starting_chips": -1}, {"starting_chips": 1.5}, {"advice": "yes"},
    ]
    for options in bad:
        with pytest.raises(InputError):
            new_state(options)
    ok = new_state({"players": 4, "mode": "tablet", "bots": [3, 1, 3]})
    assert ok.options.bots == (1, 3)
    assert sum(new_state({}).bag) == 36  # three of each kind per colour (house rule)


def test_state_json_round_trip():
    """to_json / from_json: plain JSON at every phase, validated on the way in."""
    state = new_state({"players": 3})
    states = [state]
    state = fill(state.apply(ChooseFirst(1)))
    states += [state, state.apply(Pick(0, "D")), play_round(state, {0: "B", 1: "O", 2: "N"})]
    for state in states:
        again = TilesState.from_json(state.to_json())
        assert again.to_json() == state.to_json()
        assert again.board == state.board and again.picks == state.picks
    data = states[2].to_json()
    bad = [
        {**data, "phase": "lunch"}, {**data, "board": ["R1"] * 15},
        {**data, "board": ["R9"] * 16}, {**data, "picks": ["B"]},
        {**data, "picks": ["X", None, None]}, {**data, "chips": [-1, 100]},
        {**data, "to_move": 7}, {**data, "captured": [["R1"]]},
        {**data, "bag": [1] * 3}, {**data, "games": "none"}, {**data, "round": True},
        {k: v for k, v in data.items() if k != "bag"}, {**data, "extra": 1}, [data],
    ]
    for broken in bad:
        with pytest.raises(InputError):
            TilesState.from_json(broken)


def test_private_view_shows_only_the_seats_own_pick():
    """The First Round: the choice is secret; a seat's private view holds his own pick and
    what he may choose, and nothing of another seat's."""
    state = fill(start(4))
    views = {letter: private_view(state.apply(Pick(0, letter)), 1) for letter in "BOND"}
    assert len({str(v) for v in views.values()}) == 1
    assert views["B"] == {"seat": 1, "name": "Black 1", "pick": None,
                          "available": ["B", "O", "N", "D"]}
    mine = private_view(state.apply(Pick(0, "N")), 0)
    assert mine["pick"] == "N" and mine["name"] == "Red 1"
    with pytest.raises(InputError):
        private_view(state, 4)


def test_at_the_table_a_letter_is_entered_once_turned_over():
    """Table mode: the real tiles are turned over on the board before anyone taps them in,
    so the log shows each letter as it is entered."""
    state = fill(start(2)).apply(Pick(0, "N"))
    assert state.last_event.text == "Red shows N"


def test_the_letters_stay_secret_in_the_saved_log_until_the_reveal():
    """The First Round: nothing public names a letter until "the tiles are turned over";
    at the reveal the log shows every seat's letter."""
    rng = random.Random(3)
    session = Session(GAME, {"players": 2, "mode": "tablet"}, 3)
    session.act(ChooseFirst(0))
    for window in WINDOWS:
        session.act(Draw(rng.choice(list(session.state.in_bag()))))
        session.act(Place(window_name(window)))
    logs = []
    for letters in ("NO", "BD"):
        session.act(Pick(0, letters[0]))
        session.act(Pick(1, letters[1]))
        logs.append(session.log[-2:])
        session.undo()  # one undo takes the round's letters back together
        assert not session.state.chosen(0) and not session.state.chosen(1)
    assert logs[0] == logs[1]
    session.act(Pick(0, "N"))
    session.act(Pick(1, "O"))
    event = session.act(Reveal())
    assert "Red N, Black O" in event.text


# Every window filled, red and black alternating: no seat has a line free of its tiles.
CHECKERED = {f"{column}{row}": "R1" if (i + row) % 2 == 0 else "B1"
             for i, column in enumerate("abcd") for row in range(1, 5)}


def test_house_rule_with_the_bag_empty_barren_rounds_in_a_row_end_the_game():
    """HOUSE RULE `barren_rounds` (default 12, here 3): with the bag empty, two careful
    teams could choose empty crossings for ever; that many rounds in a row that capture
    nothing end the game."""
    assert rules.DEFAULT_OPTIONS["barren_rounds"] == 12
    empty_bag = (0,) * len(rules.ALL_TILES)
    board = {name: tile for name, tile in CHECKERED.items() if name not in ("c2", "b3")}
    # N x N crosses at c2, O x O at b3: both empty; careful play would capture.
    state = replace(reveal_state(2, board, ("N", "N"), ((), ())), bag=empty_bag)
    state = replace(state, options=replace(state.options, barren_rounds=3))
    state = state.apply(Reveal())
    assert state.taken == () and state.barren == 1 and state.phase == "choose"
    assert not state.is_dead() and not careful_play_stalls(state.board, state.face_down)
    state = play_round(state, {0: "O", 1: "O"})
    assert state.barren == 2 and state.phase == "choose"
    state = play_round(state, {0: "N", 1: "N"})
    assert state.barren == 3 and state.is_over and "captured nothing" in state.last_event.text
    off = replace(reveal_state(2, board, ("N", "N"), ((), ())), bag=empty_bag,
                  options=replace(state.options, barren_rounds=0))
    assert off.apply(Reveal()).phase == "choose"


def test_house_rule_a_capture_resets_the_barren_count():
    empty_bag = (0,) * len(rules.ALL_TILES)
    state = replace(reveal_state(2, CHECKERED, ("N", "N"), ((), ())), bag=empty_bag, barren=2)
    after = state.apply(Reveal())
    assert after.taken == (("c2", "R1"),) and after.barren == 0 and not after.is_over


def test_play_the_draws_for_the_first_player_must_tell_a_true_story():
    """Playing the Game: "The first player drawing an 007 tile goes first": the recorded
    draws end with the first 007, drawn by the seat named."""
    state = new_state({"players": 2})
    assert state.apply(ChooseFirst(1, ("R1", "B007"))).to_move == 1
    for draws, seat in ((("R1", "R007", "B2"), 0), (("x",), 0), (("R1", "B2"), 1),
                        (("R007",), 1)):
        with pytest.raises(InputError, match="first 007"):
            state.apply(ChooseFirst(seat, draws))


def test_a_team_the_app_plays_whole_follows_its_pair_mix():
    """The four-player equilibrium is over a team's pairs of letters: when the app plays
    both partners, the second follows the first's letter, so the pair is drawn from the
    team's mix (a human partner's pick is never read: see test_odds)."""
    session = Session(GAME, {"players": 4, "mode": "tablet"}, seed=15)
    rng = random.Random(15)
    while session.state.phase != "choose":
        session.act(autoplay_action(session.state, rng))
    state = session.state
    strategies, mix = round_equilibrium(state).team_mix("red")
    played = {letters for letters, p in zip(strategies, mix, strict=True) if p}
    for seed in range(20):
        first = bot_action(state, 0, random.Random(seed), bots=(0, 2))
        second = bot_action(state.apply(first), 2, random.Random(seed + 99), bots=(0, 2))
        assert (first.letter, second.letter) in played


def test_a_rounds_letters_are_undone_together_and_never_with_the_tile_before_them():
    """Trust at the table: one Undo after a reveal takes back every letter of the round,
    even a bot's first letter played in the same turn as the last tile (`with_previous`),
    and leaves that tile where it was (a probe saw the tile taken back too)."""
    rng = random.Random(5)
    session = Session(GAME, {"players": 2, "mode": "tablet", "bots": [1]}, 5)
    session.act(ChooseFirst(0))
    while session.state.phase != "choose":
        session.act(autoplay_action(session.state, rng))
    placed = len(session.actions)
    session.act(Pick(1, session.state.available(1)[0]), with_previous=True)  # a bot's turn
    session.act(Pick(0, session.state.available(0)[0]))
    session.act(Reveal())
    session.undo()
    assert len(session.actions) == placed and session.state.phase == "choose"
    assert not session.state.chosen(0) and not session.state.chosen(1)
