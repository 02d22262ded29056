"""A seeded Dice Lab session, pinned check by check as a golden file: the app's dice, each
verdict in words, its exact chance and the review's luck, an undo and a redo among them.

After a deliberate change of behaviour, regenerate it with
`DICE_LAB_REGENERATE=1 pytest tests/dice_lab/test_playthrough.py` and read the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.core.review import review
from companion.core.session import Session
from companion.dice_lab import rules
from companion.dice_lab.engine import Check
from tests.golden import assert_matches_golden

GOLDEN = Path(__file__).parent / "playthrough.txt"
SEED = 2026
CHECKS = [Check(2, 7, "at most"), Check(1, 6, "at least"), Check(3, 10, "at most"),
          Check(2, 8, "at least", (("guard", 2),)), Check(4, 14, "at most", (("cover", -1),
                                                                            ("dark", 2))),
          Check(1, 4, "at most"), Check(2, 12, "at least"), Check(6, 21, "at most"),
          Check(3, 11, "at least", (("aim", 1),)), Check(2, 5, "at most")]


def playthrough() -> str:
    session = Session("dice_lab", {}, SEED)
    lines = []
    for number, check in enumerate(CHECKS, start=1):
        event = session.act(check)
        lines.append(f"-- check {number}: {check.describe()}, chance {check.chance}")
        lines.append(f"   {json.dumps(session.game.action_to_json(session.actions[-1]))}")
        lines.append(f"   {event.outcome}: {event.text}")
        if number == 5:  # undo is no reroll: the same check after an undo rolls the same
            session.undo()
            lines.append(f"   undone; again: {session.act(check).text}")
    result = review("dice_lab", {}, session.actions)
    for moment in result.moments:
        lines.append(f"luck {moment.position}: {moment.luck[rules.TABLE]} {moment.words}".rstrip())
    lines.append(f"the table ends {result.final[rules.TABLE]} successes above its chances")
    return "\n".join(lines) + "\n"


def test_a_seeded_session_matches_the_golden_file():
    """Ten checks replay exactly: the app's dice, the verdicts, the chances, the luck."""
    assert_matches_golden(playthrough(), GOLDEN, "DICE_LAB_REGENERATE")
