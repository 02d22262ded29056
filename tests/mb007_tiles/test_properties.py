"""Hypothesis: random legal matches through a Session keep the tile game's invariants."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.core.errors import InputError, RuleError
from companion.core.session import Session
from companion.mb007_tiles import GAME, rules
from companion.mb007_tiles.actions import ChooseFirst, Draw, NextGame, Pick, Place, Reveal
from companion.mb007_tiles.board import WINDOWS, window_name
from companion.mb007_tiles.engine import TilesState, new_state
from companion.mb007_tiles.odds import careful_play_stalls

SETTINGS = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
PLAYERS = st.sampled_from(rules.PLAYER_COUNTS)
MODES = st.sampled_from(["table", "tablet"])
GAMES = 2  # games of a match, so chips are checked across NextGame
# A game draws at most 24 tiles (two actions each) and a round is players + 1 actions;
# random play ends a game in about 60-110 actions, so this bound is generous.
MAX_ACTIONS_PER_GAME = 400
# One action for each phase: the wrong phase always refuses it.
ONE_PER_PHASE = {"first": ChooseFirst(0), "draw": Draw("R1"), "place": Place("a1"),
                 "choose": Pick(0, "B"), "reveal": Reveal(), "over": NextGame()}


def random_match(seed: int, players: int, mode: str):
    """Play a seeded random match of `GAMES` games; yield (session, state before, state
    after) after every action."""
    options = {"players": players, "mode": mode}
    session, rng = Session(GAME, options, seed), random.Random(seed)
    games = 0
    while games < GAMES:
        actions = 0
        while not session.state.is_over:
            before = session.state
            session.act(rng.choice(before.legal_actions()))
            actions += 1
            assert actions <= MAX_ACTIONS_PER_GAME, "the game did not end"
            yield session, before, session.state
        games += 1
        if games < GAMES:
            before = session.state
            session.act(NextGame())
            yield session, before, session.state


def tiles_everywhere(state: TilesState) -> Counter:
    tiles = Counter(state.in_bag())
    tiles.update(t for t in state.board if t is not None)
    tiles.update([state.drawn] if state.drawn else [])
    for team in state.captured:
        tiles.update(team)
    return tiles


def full_bag(state: TilesState) -> Counter:
    return Counter({tile: n for tile, n in zip(rules.ALL_TILES, state.options.full_bag(),
                                               strict=True) if n})


@SETTINGS
@given(seed=st.integers(0, 10_000), players=PLAYERS, mode=MODES)
def test_tiles_are_conserved(seed, players, mode):
    """Every tile is in the bag, in a window, in the drawer's hand or captured: together
    always the options' full bag. Captured tiles are the other team's colour."""
    for _, _, state in random_match(seed, players, mode):
        assert tiles_everywhere(state) == full_bag(state)
        for colour, team in zip(rules.COLOURS, state.captured, strict=True):
            assert all(rules.CAPTURED_BY[rules.tile_colour(t)] == colour for t in team)
        assert (state.drawn is not None) == (state.phase == "place")


@SETTINGS
@given(seed=st.integers(0, 10_000), players=PLAYERS, mode=MODES)
@example(seed=193, players=2, mode="tablet")  # ended by a stall in careful play
def test_chips_are_conserved_across_the_match(seed, players, mode):
    """The losers pay the winners: the two teams' chips always add up to what they started
    with, and change hands only at the end of a game, by the difference in points (or all
    a team has)."""
    start = 2 * rules.DEFAULT_OPTIONS["starting_chips"]
    finished = 0
    for _, before, after in random_match(seed, players, mode):
        assert sum(after.chips) == start and min(after.chips) >= 0
        if after.is_over and not before.is_over:
            finished += 1
            red, black = after.games[-1]
            paid = abs(after.chips[0] - before.chips[0])
            loser = 0 if red < black else 1
            assert paid == (0 if red == black else min(abs(red - black), before.chips[loser]))
            assert len(after.games) == finished
            # Rule 9's seven tiles; an empty bag and a stall read from the position
            # (READING_NOTES, option stall_end); or the house rule's rounds in a row with
            # the bag empty that captured nothing.
            stalled = not after.can_ever_capture() or after.is_dead() or \
                careful_play_stalls(after.board, after.face_down)
            assert any(len(team) >= rules.TILES_TO_END for team in after.captured) or (
                not after.bag_size and stalled) or (
                not after.bag_size and after.barren >= after.options.barren_rounds)
        else:
            assert after.chips == before.chips
    assert finished == GAMES


@SETTINGS
@given(seed=st.integers(0, 10_000), players=PLAYERS, mode=MODES)
def test_replaying_the_actions_reproduces_the_state(seed, players, mode):
    """The Session's actions (chance filled in) replay from `new_state` to the same state,
    and every state survives to_json / from_json."""
    steps = list(random_match(seed, players, mode))
    for _, _, state in steps:
        assert TilesState.from_json(state.to_json()).to_json() == state.to_json()
    session = steps[-1][0]
    replayed = new_state(session.options)
    for action in session.actions:
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
        replayed = replayed.apply(action)
    assert replayed == session.state


@SETTINGS
@given(seed=st.integers(0, 10_000), players=PLAYERS, mode=MODES, data=st.data())
def test_illegal_actions_raise_and_change_nothing(seed, players, mode, data):
    """An action of another phase is a RuleError, a taken window or a letter face down a
    RuleError, a malformed action an InputError; the state and the log stay as they were."""
    for session, _, state in random_match(seed, players, mode):
        if data.draw(st.integers(0, 9)) > 1:
            continue
        snapshot, actions = state.to_json(), session.actions
        wrong = [a for phase, a in ONE_PER_PHASE.items() if phase != state.phase]
        refused = [(data.draw(st.sampled_from(wrong)), RuleError),
                   (Pick(players, "B"), InputError if state.phase == "choose" else RuleError),
                   ("Draw", InputError)]
        taken = [window_name(w) for w in WINDOWS if state.tile_at(w) is not None]
        if state.phase == "place" and taken:
            refused.append((Place(data.draw(st.sampled_from(taken))), RuleError))
        if state.phase == "choose":
            down = [s for s in range(players)
                    if state.face_down[s] is not None and not state.chosen(s)]
            if down:
                seat = data.draw(st.sampled_from(down))
                refused.append((Pick(seat, state.face_down[seat]), RuleError))
        for action, error in refused:
            with pytest.raises(error):
                state.apply(action)
            with pytest.raises(error):
                session.act(action)
            assert state.to_json() == snapshot and session.state is state
            assert session.actions == actions


@pytest.mark.parametrize("players", rules.PLAYER_COUNTS)
def test_a_redo_gives_the_same_tile_and_the_first_player_stays_drawn(players):
    """Session: a redo puts back the tile the undo took; who goes first is public, like a
    die: undoing it and drawing again gives the same seat (undo is not a redraw)."""
    session = Session(GAME, {"players": players, "mode": "tablet"}, 99)
    session.act(ChooseFirst())
    first = session.actions[-1]
    session.act(Draw())
    drawn = session.actions[-1]
    session.undo()
    session.redo()
    assert session.actions == (first, drawn)
    session.undo()
    session.undo()
    session.act(ChooseFirst())
    assert session.actions == (first,)


@pytest.mark.parametrize("players", rules.PLAYER_COUNTS)
def test_an_undo_never_shows_the_next_tile_from_the_bag(players):
    """Trust at the table: draw, undo, draw again is a fresh draw from the bag, not the
    tile the undo put back (over 40 games it comes out as often as chance says, never
    every time)."""
    same = 0
    for seed in range(40):
        session = Session(GAME, {"players": players, "mode": "tablet"}, seed)
        session.act(ChooseFirst())
        before = session.state
        session.act(Draw())
        shown = session.actions[-1]
        session.undo()
        session.act(Draw())
        again = session.actions[-1]
        assert again.tile in before.in_bag()
        same += again == shown
    assert same < 20  # 6 kinds of tile in the bag: about 1 in 4 by chance
