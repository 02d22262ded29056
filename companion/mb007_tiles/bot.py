"""The app's player: places tiles and picks letters by the exact advice in `odds`.

A bot decides only from public facts (the board, the letters face down) and its own
seat: it never reads another seat's secret pick. It samples its seat's share of the
team's equilibrium mix, so a human cannot read its letter from the board.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from companion.mb007_tiles.actions import ChooseFirst, Draw, NextGame, Pick, Place, Reveal
from companion.mb007_tiles.board import seat_colour, seats_of, window_name
from companion.mb007_tiles.engine import TilesState
from companion.mb007_tiles.odds import placement_advice, round_equilibrium


def bot_letter(state: TilesState, seat: int, rng: random.Random,
               partner_letter: str | None = None) -> str:
    """A letter for `seat`, sampled from its equilibrium mix (given its partner's letter
    when the app plays both partners, so the pair follows the team's mix)."""
    mix = round_equilibrium(state).seat_mix(seat, partner_letter)
    letters = [letter for letter, p in mix.items() if p]
    return rng.choices(letters, weights=[float(mix[letter]) for letter in letters])[0]


def bot_window(state: TilesState, rng: random.Random) -> str:
    """The empty window best for the drawer's team; ties broken at random."""
    advice = placement_advice(state)
    best = max(a.value for a in advice)
    return window_name(rng.choice([a.window for a in advice if a.value == best]))


def bot_action(state: TilesState, seat: int, rng: random.Random,
               bots: Collection[int] = ()) -> Any | None:
    """What the bot at `seat` does now, or None when it is not that seat's move.

    In "choose" each bot seat picks in turn; chance (the first player, the draw) is left
    to the Session. When its partner is also one of the app's `bots` and has chosen, the
    app plays the team as one and follows its pick (it never reads a human's).
    """
    if state.phase == "draw" and state.to_move == seat:
        return Draw()
    if state.phase == "place" and state.to_move == seat:
        return Place(bot_window(state, rng))
    if state.phase == "choose" and not state.chosen(seat):
        partner = next((s for s in seats_of(seat_colour(seat), state.players)
                        if s != seat and s in bots), None)
        partner_letter = None if partner is None else state.picks[partner]
        return Pick(seat, bot_letter(state, seat, rng, partner_letter))
    return None


def autoplay_action(state: TilesState, rng: random.Random) -> Any:
    """A whole game by bots (for tests, the notebook and the golden playthrough)."""
    if state.phase == "first":
        return ChooseFirst()
    if state.phase == "reveal":
        return Reveal()
    if state.phase == "over":
        return NextGame()
    for seat in range(state.players):
        action = bot_action(state, seat, rng, bots=range(state.players))
        if action is not None:
            return action
    raise AssertionError(f"no bot move in phase {state.phase}")
