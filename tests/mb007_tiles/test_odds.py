"""The round's exact equilibrium: random game positions checked against brute force, the
heat map, and a bot that never reads a secret."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.matrix_game import solve_zero_sum
from companion.core.session import Session
from companion.mb007_tiles import GAME, rules
from companion.mb007_tiles.actions import Pick
from companion.mb007_tiles.board import crossings, parse_window, seats_of, window_index
from companion.mb007_tiles.bot import autoplay_action, bot_action, bot_letter, bot_window
from companion.mb007_tiles.engine import new_state
from companion.mb007_tiles.odds import (
    board_equilibrium,
    careful_play_stalls,
    placement_advice,
    round_equilibrium,
)
from tests.equilibrium import assert_equilibrium

SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

F = Fraction


# Rounds of the tile game.

def random_states(seed: int, players: int, phase: str, limit: int = 4):
    """Up to `limit` states in `phase` along a seeded random tablet-mode game."""
    session, rng = Session(GAME, {"players": players, "mode": "tablet"}, seed), \
        random.Random(seed)
    found = []
    while not session.state.is_over and len(found) < limit:
        state = session.state
        if state.phase == phase and rng.random() < 0.5:
            found.append(state)
        session.act(rng.choice(state.legal_actions()))
    return found


def brute_matrix(board, available, players):
    """Red's gain for each pair of team strategies, straight from the rules."""
    red = list(product(*(available[s] for s in seats_of("red", players))))
    black = list(product(*(available[s] for s in seats_of("black", players))))
    matrix = []
    for r in red:
        row = []
        for b in black:
            letters = {**dict(zip(seats_of("red", players), r, strict=True)),
                       **dict(zip(seats_of("black", players), b, strict=True))}
            gain = 0
            for window in crossings(letters, players):
                tile = board[window_index(window)]
                if tile is not None:
                    sign = 1 if rules.CAPTURED_BY[rules.tile_colour(tile)] == "red" else -1
                    gain += sign * rules.tile_points(tile)
            row.append(gain)
        matrix.append(row)
    return red, black, matrix


@SETTINGS
@given(seed=st.integers(0, 10_000), players=st.sampled_from(rules.PLAYER_COUNTS))
def test_the_round_equilibrium_agrees_with_brute_force(seed, players):
    """For random positions: the team strategies are the seats' available letters, and
    neither team gains by switching to any pure choice of letters (brute force over the
    board and the crossings)."""
    for state in random_states(seed, players, "choose"):
        eq = round_equilibrium(state)
        available = [state.available(s) for s in range(players)]
        red, black, matrix = brute_matrix(state.board, available, players)
        assert list(eq.red) == red and list(eq.black) == black
        assert_equilibrium(matrix, eq.red_mix, eq.black_mix, eq.value)
        assert eq.value_for("black") == -eq.value
        for seat in range(players):
            mix = eq.seat_mix(seat)
            assert sum(mix.values()) == 1 and set(mix) <= set(state.available(seat))
            assert state.face_down[seat] not in mix or state.face_down[seat] is None


@settings(SETTINGS, max_examples=8)
@given(seed=st.integers(0, 10_000), players=st.sampled_from(rules.PLAYER_COUNTS))
def test_placement_advice_capture_chance_agrees_with_brute_force(seed, players):
    """For each empty window: put the drawn tile there, solve the round, and add up the
    chances of the strategy pairs whose crossings take that window."""
    for state in random_states(seed, players, "place", limit=1):
        advice = placement_advice(state)
        assert [a.window for a in advice] == list(state.empty_windows)
        available = tuple(state.available(s) for s in range(players))
        colour = rules.SEAT_COLOURS[state.to_move]
        for item in advice:
            board = list(state.board)
            board[window_index(item.window)] = state.drawn
            red, black, matrix = brute_matrix(board, available, players)
            red_mix, black_mix, value = solve_zero_sum(matrix)
            chance = Fraction(0)
            for (r, p), (b, q) in product(zip(red, red_mix, strict=True),
                                          zip(black, black_mix, strict=True)):
                letters = {**dict(zip(seats_of("red", players), r, strict=True)),
                           **dict(zip(seats_of("black", players), b, strict=True))}
                if item.window in crossings(letters, players):
                    chance += p * q
            assert item.capture == chance and 0 <= chance <= 1
            assert item.value == (value if colour == "red" else -value)
        assert bot_window(state, random.Random(seed)) in {
            f"{'abcd'[a.window[0]]}{a.window[1] + 1}" for a in advice
            if a.value == max(b.value for b in advice)}


def test_placement_advice_is_empty_outside_the_place_phase():
    states = random_states(1, 2, "choose", limit=1)
    assert placement_advice(states[0]) == []


def test_a_tile_on_a_face_down_line_is_safe_for_a_round():
    """Why placement matters (Playing the Game: "he puts it where he thinks it will be
    protected"): two players, Red's N (column c) and Black's O (row 3) face down; a tile in
    column c or row 3 cannot be taken next round, elsewhere it may be."""
    base = random_states(2, 2, "place", limit=1)[0]
    positive = 0
    for seed in range(6):
        rng = random.Random(seed)
        board = [rng.choice(rules.ALL_TILES) for _ in range(16)]
        for empty in rng.sample(range(16), 5):
            board[empty] = None
        state = replace(base, board=tuple(board), face_down=("N", "O"),
                        drawn=rng.choice(rules.ALL_TILES), to_move=seed % 2)
        for item in placement_advice(state):
            column, row = item.window
            if column == 2 or row == 2:
                assert item.capture == 0
            positive += item.capture > 0
    assert positive


@pytest.mark.parametrize("players", rules.PLAYER_COUNTS)
def test_the_bot_never_reads_another_seats_secret(players):
    """The bot decides from public facts: two states that differ only in another seat's
    secret pick give the same letter and action with the same rng seed."""
    for state in random_states(players, players, "choose", limit=3):
        picker = max(range(players), key=lambda s: not state.chosen(s))
        others = [s for s in range(players) if s != picker and not state.chosen(s)]
        if not others:
            continue
        other = others[0]
        for seed in range(3):
            letters, actions = set(), set()
            for letter in state.available(other):
                secret = state.apply(Pick(other, letter))
                letters.add(bot_letter(secret, picker, random.Random(seed)))
                actions.add(bot_action(secret, picker, random.Random(seed)))
            assert len(letters) == 1 and len(actions) == 1
            assert actions == {Pick(picker, letters.pop())}


def test_the_bot_samples_only_letters_its_mix_plays():
    """The bot samples its seat's mix: never a letter face down or with chance 0."""
    for state in random_states(4, 4, "choose", limit=3):
        for seat in range(4):
            mix = round_equilibrium(state).seat_mix(seat)
            for seed in range(5):
                assert mix[bot_letter(state, seat, random.Random(seed))] > 0


def test_autoplay_finishes_a_four_player_game():
    session, rng = Session(GAME, {"players": 4, "mode": "tablet"}, 8), random.Random(8)
    for _ in range(400):
        if session.state.is_over:
            break
        session.act(autoplay_action(session.state, rng))
    assert session.state.is_over and session.state.result


def test_a_full_board_with_four_players_is_a_16_by_16_game():
    """The First Round with four players: each team's strategies are its pairs of letters."""
    board = tuple(rules.ALL_TILES[i % 12] for i in range(16))
    eq = board_equilibrium(board, (tuple(rules.LETTERS),) * 4)
    assert len(eq.red) == len(eq.black) == 16
    matrix = brute_matrix(board, [rules.LETTERS] * 4, 4)[2]
    assert_equilibrium(matrix, eq.red_mix, eq.black_mix, eq.value)


def test_an_app_partner_never_crashes_on_a_letter_its_team_mix_never_plays():
    """The app plays both partners of a team and follows the team's mix; a partner's letter
    the mix never plays (entered by hand, or after an undo) leaves the other to its own
    share of the mix, where it used to fail with IndexError (Trust issue #33)."""
    checked = 0
    for state in random_states(4, 4, "choose", limit=6):
        for seat in range(4):
            partner = next(s for s in seats_of(rules.SEAT_COLOURS[seat], 4) if s != seat)
            eq = round_equilibrium(state)
            unplayed = [letter for letter in state.available(partner)
                        if not eq.seat_mix(partner).get(letter)]
            for letter in unplayed:
                assert eq.seat_mix(seat, letter) == eq.seat_mix(seat)
                picked = bot_letter(state, seat, random.Random(1), letter)
                assert eq.seat_mix(seat)[picked] > 0
                checked += 1
    assert checked  # some states do have letters their team never plays


STALLED = {"a1": "R5", "c1": "R007", "a2": "R2", "b2": "R007", "d2": "B007", "a3": "R4",
           "b3": "B5", "d3": "R4", "a4": "B4", "b4": "B2", "c4": "B007", "d4": "B4"}


def board_of(tiles: dict[str, str]) -> tuple[str | None, ...]:
    board = [None] * rules.WINDOWS
    for name, tile in tiles.items():
        board[window_index(parse_window(name))] = tile
    return tuple(board)


def test_careful_play_that_never_captures_is_a_stall():
    """A position two bots reached (each team's equilibrium sits on empty crossings, round
    after round, whichever letters lie face down): found a stall, and fifty rounds of bots
    sampling their mixes from it capture nothing. A full board is no stall."""
    state = replace(new_state({"players": 2, "mode": "tablet"}), board=board_of(STALLED),
                    bag=(0,) * len(rules.ALL_TILES), phase="choose", face_down=("D", "D"),
                    picks=(None, None))
    assert careful_play_stalls(state.board, state.face_down)
    rng = random.Random(5)
    for _ in range(50):
        picks = {seat: bot_letter(state, seat, rng) for seat in range(2)}
        assert not any(state.tile_at(w) for w in crossings(picks, 2))
        state = replace(state, face_down=(picks[0], picks[1]))
    full = tuple(rules.ALL_TILES[i % len(rules.ALL_TILES)] for i in range(rules.WINDOWS))
    assert not careful_play_stalls(full, ("B", "B"))
