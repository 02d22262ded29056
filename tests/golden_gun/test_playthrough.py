"""A seeded solo game played by the simple policy, pinned step by step as a golden file.

After a deliberate change of behaviour, regenerate it with
`GOLDEN_GUN_REGENERATE=1 pytest tests/golden_gun/test_playthrough.py` and read the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.core.session import Session
from companion.golden_gun import GAME, bot, odds
from tests.golden import assert_matches_golden

GOLDEN = Path(__file__).parent / "playthrough_solo.txt"
SEED = 2026


def playthrough() -> str:
    session = Session(GAME, {"mode": "solo"}, SEED)
    lines = []
    while not session.state.is_over:
        state = session.state
        lines.append(f"-- {state.step_text} | ammo {state.ammo}, wounds {state.wounds}, "
                     f"legal {len(state.legal_actions())}")
        if state.phase == "decide":
            lines.append(f"   advice: {bot.advise(state).text}")
        if state.phase == "move" and state.maze is not None:
            lines.append(f"   next room survival: {odds.p_survive_next_room(state)}")
        event = session.act(bot.choose_action(state))
        lines.append(f"   {json.dumps(GAME.action_to_json(session.actions[-1]))}")
        lines.append(f"   {event.outcome}: {event.text}")
    lines.append(session.state.maze_text())
    lines.append(session.state.result or "")
    return "\n".join(lines) + "\n"


def test_play_solo_plays_a_whole_game():
    """bot.play_solo: a seeded solo game by the simple policy, to the end."""
    session = bot.play_solo(SEED)
    assert session.state.is_over and session.log
    assert session.actions == bot.play_solo(SEED).actions


def test_solo_playthrough_matches_the_golden_file():
    """A seeded solo game replays exactly: actions, events, odds and advice."""
    assert_matches_golden(playthrough(), GOLDEN, "GOLDEN_GUN_REGENERATE")
