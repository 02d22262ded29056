"""The app's player: places tiles and picks letters by the exact advice in `odds`.

A bot decides only from public facts (the board, the letters face down) and its own
seat: it never reads another seat's secret pick. It samples its seat's share of the
team's equilibrium mix, so a human cannot read its letter from the board.
"""

from __future__ import annotations

import random
from typing import Any

from companion.mb007_tiles.actions import ChooseFirst, Draw, NextGame, Pick, Place, Reveal
from companion.mb007_tiles.board import window_name
from companion.mb007_tiles.engine import TilesState
from companion.mb007_tiles.odds import placement_advice, round_equilibrium


def bot_letter(state: TilesState, seat: int, rng: random.Random) -> str:
    """A letter for `seat`, sampled from its equilibrium mix."""
    mix = round_equilibrium(state).seat_mix(seat)
    letters = [letter for letter, p in mix.items() if p]
    return rng.choices(letters, weights=[float(mix[letter]) for letter in letters])[0]


def bot_window(state: TilesState, rng: random.Random) -> str:
    """The empty window best for the drawer's team; ties broken at random."""
    advice = placement_advice(state)
    best = max(a.value for a in advice)
    return window_name(rng.choice([a.window for a in advice if a.value == best]))


def bot_action(state: TilesState, seat: int, rng: random.Random) -> Any | None:
    """What the bot at `seat` does now, or None when it is not that seat's move.

    In "choose" each bot seat picks in turn; chance (the first player, the draw) is left
    to the Session.
    """
    if state.phase == "draw" and state.to_move == seat:
        return Draw()
    if state.phase == "place" and state.to_move == seat:
        return Place(bot_window(state, rng))
    if state.phase == "choose" and not state.chosen(seat):
        return Pick(seat, bot_letter(state, seat, rng))
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
        action = bot_action(state, seat, rng)
        if action is not None:
            return action
    raise AssertionError(f"no bot move in phase {state.phase}")
