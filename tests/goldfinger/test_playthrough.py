"""A seeded bot-against-bot game on the sample map, pinned step by step as a golden file.

After a deliberate change of behaviour (rules, bots, odds, texts), regenerate it with
`GOLDFINGER_REGENERATE=1 pytest tests/goldfinger/test_playthrough.py` and read the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.core.dice import percent
from companion.core.session import Session
from companion.goldfinger import GAME, bot, fire_odds, odds, rules
from tests.golden import assert_matches_golden

GOLDEN = Path(__file__).parent / "playthrough_map.txt"
SEED = 2026


def _pieces(state) -> str:
    return ", ".join(f"{p.name} {p.space or '-'} {p.hits}h" + (" crashed" if p.crashed else "")
                     for p in state.pieces)


def playthrough() -> str:
    session = Session(GAME, {"map": "sample"}, SEED)
    lines = []
    while not session.state.is_over:
        state = session.state
        legal = state.legal_actions()
        lines.append(f"-- {state.summary()[0]} | {_pieces(state)} | legal "
                     f"{'not listed' if legal is None else len(legal)}")
        if state.phase == "play" and state.step is None and rules.BOND not in state.done:
            reach = odds.bond_reach_chances(state)
            sure = sum(1 for p in reach.values() if p == 1)
            hits = fire_odds.expected_hits_on_bond(state)
            lines.append(f"   Bond can reach {len(reach)} spaces this turn, {sure} for sure; "
                         f"expected hits on him if he stays: {hits}")
        action = bot.bot_action(state)
        found = odds.action_odds(state, action)
        event = session.act(action)
        lines.append(f"   {json.dumps(GAME.action_to_json(session.actions[-1]))}"
                     + (f" (chance {percent(found[0])})" if found else ""))
        lines.append(f"   {event.outcome}: {event.text}")
    lines.append(session.state.result or "")
    return "\n".join(lines) + "\n"


def test_map_playthrough_matches_the_golden_file():
    """A seeded bot-against-bot map game replays exactly: actions, dice, events and odds."""
    assert_matches_golden(playthrough(), GOLDEN, "GOLDFINGER_REGENERATE")


def test_the_golden_game_reaches_an_end():
    """How To Win: the pinned game ends with a winner named in words."""
    last = GOLDEN.read_text(encoding="utf-8").splitlines()[-1]
    assert last.startswith(("Bond wins", "The Enemy wins"))
