"""Property tests: random games through a Session keep every invariant of the rules."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError
from companion.core.session import Session
from companion.golden_gun import GAME, bot, odds, rules
from companion.golden_gun.engine import (
    AddSection,
    ApplyEffect,
    Dodge,
    EndCard,
    Fire,
    GoldenGunState,
    Hold,
    Move,
    ReadGreen,
    Reveal,
    RollGreen,
    SearchExit,
    SetUp,
    Wait,
)
from tests.golden_gun.helpers import snapshot

SETTINGS = settings(max_examples=25, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
OPTIONS = st.sampled_from([
    {"mode": "solo"},
    {"mode": "companion"},
    {"mode": "companion", "effects": "sheet"},
    {"mode": "solo", "unarmed_startle": "nothing", "upper_half": "larger"},
    {"mode": "solo", "reshuffle_blue": False, "section_rooms": 12},
])
# Actions that are often illegal or malformed; the engine must refuse them cleanly.
PROBES = [Fire(), Hold(), Move("1:A1"), Move("9:Z9"), Move("1:B2"), RollGreen((7, 1)),
          RollGreen(None), RollGreen((3,)), Reveal("Jaws"), Reveal("Solex Agitator"),
          Reveal(None), Dodge((1, 1)), SearchExit((1, 1)), AddSection(), AddSection((5, 5)),
          Wait(), EndCard(), ApplyEffect("explode"), ApplyEffect("wound", 99), ReadGreen(1),
          ReadGreen(7), SetUp(), SetUp(("Mirror",), (3,), ("RRRR/RRRR/RRRR",))]


def check_invariants(state: GoldenGunState) -> None:
    """Ammo 0..14, wounds 0..5, every card accounted for exactly once."""
    assert 0 <= state.ammo <= rules.MAX_BULLETS
    assert 0 <= state.wounds <= rules.KILLING_WOUNDS
    assert state.is_over == (state.phase == "over") == (state.legal_actions() == [])
    assert (state.wounds == rules.KILLING_WOUNDS) <= (state.ended == "killed")
    blue = Counter(state.unseen) + Counter(state.discards) + Counter(state.blues.values())
    blue += Counter([state.card] if state.card else [])
    composition = Counter({k: n for k, n in state.config.blue_deck.items() if n})
    missing = composition - blue
    assert not blue - composition, "a blue card is duplicated"
    assert missing in (Counter(), Counter({rules.SOLEX: 1})), "a blue card is lost"
    assert (missing == Counter({rules.SOLEX: 1})) <= state.solex
    if state.blue_deck:
        assert Counter(state.blue_deck) == Counter(state.unseen)
        assert not set(state.blue_deck[:state.upper_left]) & set(rules.SPECIAL_KINDS)
    greens_read = sum(state.config.green_deck.values()) - sum(state.greens_unseen.values())
    assert greens_read == len(state.emptied)
    if state.config.mode == "solo" and state.phase != "setup":
        numbers = [number for number in state.greens.values() if number is not None]
        if numbers or state.green_deck:  # a game stored before, dealt at Set Up
            dealt = Counter(state.green_deck) + Counter(numbers)
            assert dealt == Counter(state.greens_unseen)
        else:  # face down, dealt as Bond turns them over: any unseen green can be there
            assert len(state.greens) <= sum(state.greens_unseen.values())


def check_odds(state: GoldenGunState) -> None:
    """Every chance shown is a probability; the next-card chances add up to 1."""
    assert isinstance(state.maze_text(), str) and state.step_text
    chances = odds.phase_odds(state)
    assert all(0 <= p <= 1 for p in chances.values())
    cards = [p for label, p in chances.items() if label.startswith("next card")]
    assert not cards or sum(cards) == 1


def check_legal_actions_apply(state: GoldenGunState, rng: random.Random) -> None:
    for action in state.legal_actions():
        state.apply(state.fill_chance(action, rng))


def check_probe_refused_cleanly(session: Session, probe: object) -> None:
    """A probe either applies to a state that keeps the invariants, or raises a
    CompanionError and changes nothing."""
    state = session.state
    before = snapshot(state)
    try:
        after = state.apply(state.fill_chance(probe, random.Random(1)))
    except CompanionError:
        assert snapshot(state) == before
    else:
        check_invariants(after)


@SETTINGS
@given(options=OPTIONS, seed=st.integers(0, 10**6), steps=st.integers(1, 150))
def test_random_legal_games_keep_the_invariants(options, seed, steps):
    """Random legal actions: invariants hold, everything listed applies, probes of illegal
    or malformed actions raise a CompanionError and change nothing."""
    session = Session(GAME, options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state = session.state
        check_invariants(state)
        if state.is_over:
            break
        check_legal_actions_apply(state, rng)
        check_odds(state)
        check_probe_refused_cleanly(session, rng.choice(PROBES))
        action = rng.choice(state.legal_actions())
        if may_look_for_the_exit_here(state):
            assert isinstance(action, SearchExit), "he must look for an exit until he finds one"
        session.act(action)
    check_invariants(session.state)


def may_look_for_the_exit_here(state: GoldenGunState) -> bool:
    """Ending the Game, Escaping, in the rulebook's terms: Bond has the Solex Agitator, is at
    Step 1 in an edge room of a known maze, did not look here last, Scaramanga is not here."""
    return (state.phase == "move" and state.solex and state.maze is not None
            and state.room is not None and state.maze.is_edge(state.room)
            and state.last_search != state.room and state.scaramanga_room != state.room
            and (state.moved_since_solex or not state.config.exit_after_moving))


@settings(max_examples=20, deadline=None, database=None)
@given(seed=st.integers(0, 10**9), options=st.sampled_from([
    {"mode": "solo"}, {"mode": "solo", "unarmed_startle": "nothing"},
    {"mode": "solo", "reshuffle_blue": False, "upper_half": "larger"},
    {"mode": "solo", "section_rooms": 6}]))
def test_solo_games_played_by_the_bot_always_end(seed, options):
    """A solo game played by the simple policy always ends, won or lost, and undo/redo
    replays it exactly."""
    session = Session(GAME, options, seed)
    for _ in range(400):
        if session.state.is_over:
            break
        action = bot.choose_action(session.state)
        if may_look_for_the_exit_here(session.state):
            assert session.state.legal_actions() == [SearchExit()] == [action]
        session.act(action)
        check_invariants(session.state)
    assert session.state.is_over and session.state.result
    final = snapshot(session.state)
    while session.can_undo:
        session.undo()
    while session.can_redo:
        session.redo()
    assert snapshot(session.state) == final
    replayed = GoldenGunState.from_json(session.state.to_json())
    assert snapshot(replayed) == final


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 10**9))
def test_solo_deal_is_deterministic_and_follows_set_up(seed):
    """Solo Set Up from the Session's seed: the same seed deals the same game, and the
    special cards are never in the upper half."""
    first = Session(GAME, {"mode": "solo"}, seed)
    first.act(SetUp())
    again = Session(GAME, {"mode": "solo"}, seed)
    again.act(SetUp())
    assert first.actions == again.actions
    deck = first.actions[0].blue_deck
    assert not set(deck[:first.state.upper_left]) & set(rules.SPECIAL_KINDS)
