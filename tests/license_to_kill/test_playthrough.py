"""A seeded License to Kill game of random legal moves, pinned action by action as a golden
file: every draw, roll, attack and assignment, every event in words, and where it ended.

After a deliberate change of behaviour, regenerate it with
`LICENSE_TO_KILL_REGENERATE=1 pytest tests/license_to_kill/test_playthrough.py` and read
the diff.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.core.session import Session
from companion.license_to_kill import GAME
from companion.license_to_kill.actions import Setup
from tests.golden import assert_matches_golden

from .helpers import options

GOLDEN = Path(__file__).parent / "playthrough_random.txt"
SEED = 2026
ACTIONS = 300


def playthrough() -> str:
    session = Session(GAME, options(3), seed=SEED)
    for player, setup in enumerate([("M1", "V1", "B1"), ("M2", "V2", "B2"),
                                    ("M3", "V1", "B1")]):
        session.act(Setup(player, *setup))
    rng = random.Random(SEED)
    lines = []
    for _ in range(ACTIONS):
        legal = session.state.legal_actions()
        if not legal or session.state.is_over:
            break
        event = session.act(rng.choice(list(legal)))
        lines.append(json.dumps(GAME.action_to_json(session.actions[-1])))
        lines.append(f"   {event.outcome}: {event.text}")
    lines.append(f"-- {session.state.result or 'not over'}; turn {session.state.turn.number}")
    return "\n".join(lines) + "\n"


def test_a_random_game_matches_the_golden_file():
    """Three players' 300 random legal actions replay exactly."""
    assert_matches_golden(playthrough(), GOLDEN, "LICENSE_TO_KILL_REGENERATE")
