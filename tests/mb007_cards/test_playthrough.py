"""A seeded game between bots, pinned action by action as a golden file.

After a deliberate change of behaviour, regenerate it with
`MB007_CARDS_REGENERATE=1 pytest tests/mb007_cards/test_playthrough.py` and read the diff.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.core.session import Session
from companion.mb007_cards import GAME
from companion.mb007_cards.bot import bot_action
from companion.mb007_cards.chips import points
from companion.mb007_cards.odds import p_announcer_holds
from companion.mb007_cards.views import private_view
from tests.golden import assert_matches_golden

GOLDEN = Path(__file__).parent / "playthrough_bots.txt"
SEED = 2026


def playthrough() -> str:
    session = Session(GAME, {"players": 4}, SEED)
    rng = random.Random(SEED)
    lines = []
    while not session.state.is_over:
        state = session.state
        seat = state.to_act if state.to_act is not None else 0
        chips = " ".join(str(s.points) for s in state.seats)
        lines.append(f"-- {state.phase}, seat {seat}; pot {points(state.pot)}; chips {chips}")
        view = private_view(state, seat)
        if state.phase == "respond":
            lines.append(f"   announcer holds, from this seat: {p_announcer_holds(view)}")
        event = session.act(bot_action(view, rng))
        lines.append(f"   {json.dumps(GAME.action_to_json(session.actions[-1]))}")
        lines.append(f"   {event.outcome}: {event.text}")
    lines.append(session.state.result or "")
    return "\n".join(lines) + "\n"


def test_bot_game_matches_the_golden_file():
    """A seeded four-bot game replays exactly: cards drawn, answers, payouts and odds."""
    assert_matches_golden(playthrough(), GOLDEN, "MB007_CARDS_REGENERATE")
