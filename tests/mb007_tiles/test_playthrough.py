"""A seeded bot-against-bot game for four players in tablet mode, pinned action by action.

After a deliberate change of behaviour, regenerate it with
`MB007_TILES_REGENERATE=1 pytest tests/mb007_tiles/test_playthrough.py` and read the diff.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.core.session import Session
from companion.mb007_tiles import GAME
from companion.mb007_tiles.bot import autoplay_action
from companion.mb007_tiles.odds import round_equilibrium
from tests.golden import assert_matches_golden

GOLDEN = Path(__file__).parent / "playthrough_bots.txt"
SEED = 2026
OPTIONS = {"players": 4, "mode": "tablet"}


def playthrough() -> str:
    session = Session(GAME, OPTIONS, SEED)
    rng = random.Random(SEED)
    lines = []
    while not session.state.is_over:
        state = session.state
        mover = "" if state.to_move is None else f", {state.seat_name(state.to_move)} to move"
        lines.append(f"-- {state.phase}{mover}, captured red {state.points('red')} "
                     f"black {state.points('black')}, bag {state.bag_size}")
        if state.phase == "reveal":
            eq = round_equilibrium(state)
            mixes = "; ".join(
                f"{state.seat_name(s)} " + " ".join(f"{letter} {p}" for letter, p in
                                                    eq.seat_mix(s).items())
                for s in range(state.players))
            lines.append(f"   equilibrium value to Red {eq.value}: {mixes}")
        event = session.act(autoplay_action(state, rng))
        lines.append(f"   {json.dumps(GAME.action_to_json(session.actions[-1]))}")
        lines.append(f"   {event.outcome}: {event.text}")
    final = session.state
    lines.append(f"{final.result}; chips red {final.chips[0]} black {final.chips[1]}; "
                 f"games {list(final.games)}")
    return "\n".join(lines) + "\n"


def test_bot_game_matches_the_golden_file():
    """A seeded bot-against-bot game replays exactly: actions, events and equilibria."""
    assert_matches_golden(playthrough(), GOLDEN, "MB007_TILES_REGENERATE")
