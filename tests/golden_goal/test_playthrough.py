"""A seeded bot-against-bot match, pinned action by action as a golden file.

After a deliberate change of behaviour, regenerate it with
`GOLDEN_GOAL_REGENERATE=1 pytest tests/golden_goal/test_playthrough.py` and read the diff.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.core.session import Session
from companion.golden_goal import GAME
from companion.golden_goal.bot import bot_player
from companion.golden_goal.odds import p_score_this_turn
from tests.golden import assert_matches_golden

GOLDEN = Path(__file__).parent / "playthrough_bots.txt"
SEED = 2026


def playthrough() -> str:
    session = Session(GAME, {}, SEED)
    rng = random.Random(SEED)
    lines = []
    while not session.state.is_over:
        state = session.state
        lines.append(f"-- {state.phase}, {state.to_move} to move, score {state.score}")
        if state.phase == "roll":
            lines.append(f"   scores this turn: {p_score_this_turn(state)}")
        event = session.act(bot_player(state, rng))
        lines.append(f"   {json.dumps(GAME.action_to_json(session.actions[-1]))}")
        lines.append(f"   {event.outcome}: {event.text}")
    lines.append(session.state.result or "")
    return "\n".join(lines) + "\n"


def test_bot_match_matches_the_golden_file():
    """A seeded bot-against-bot match replays exactly: actions, events and odds."""
    assert_matches_golden(playthrough(), GOLDEN, "GOLDEN_GOAL_REGENERATE")
