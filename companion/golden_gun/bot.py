"""A simple policy for Bond, and the fire-or-hold advice a dashboard shows.

`advise(state)` compares the two Step 5 choices by the exact chance Bond lives through the
card (odds.fire_hold_chances); on a tie it keeps the choice that leaves more bullets on
average. `choose_action(state)` plays a whole solo game with it: look for the exit when
allowed, else walk (shortest path) to the nearest room with a face-down green card (after
the Solex Agitator: the nearest edge room where a search is allowed), add a section when
nothing is left to explore, and let the app deal and roll everything else.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.core.dice import percent
from companion.core.game import JSON
from companion.core.session import Session
from companion.golden_gun import engine, odds
from companion.golden_gun.effects import Paragraph
from companion.golden_gun.engine import GoldenGunState


@dataclass(frozen=True)
class Advice:
    """Step 5: the chance Bond lives through the card if he fires (None: no bullets) and
    if he holds, and the better choice."""

    fire: Fraction | None
    hold: Fraction
    choice: Paragraph

    @property
    def text(self) -> str:
        fire = "no bullets" if self.fire is None else percent(self.fire)
        return (f"Fire: {fire} to come through; hold: {percent(self.hold)}. "
                f"Advice: {self.choice}.")


def advise(state: GoldenGunState) -> Advice:
    """Fire or hold for the card Bond faces now (the room's card or the deck's next)."""
    chances = odds.fire_hold_chances(state)
    bullets = {p: _bullets_after(state, p) for p in chances}
    choice = max(chances, key=lambda p: (chances[p], bullets[p]))
    return Advice(chances.get("fire"), chances["hold"], choice)


def _bullets_after(state: GoldenGunState, paragraph: Paragraph) -> Fraction:
    table = odds._table(state)
    cards = {state.blues[state.room]: Fraction(1)} if state.source == "room" and \
        state.room in state.blues else odds.next_blue_odds(state)
    total = Fraction(0)
    for kind, p in cards.items():
        outcomes = odds._card_outcomes(table, kind, paragraph, state.ammo, state.wounds)
        total += p * sum((q * ammo for (ammo, _, _, _), q in outcomes.items()), Fraction(0))
    return total


def choose_action(state: GoldenGunState) -> Any:
    """The simple policy's next action (dice and dealt cards left for the Session)."""
    legal = state.legal_actions()
    if not legal:
        raise ValueError("the game is over")
    if state.phase == "decide" and state.config.table is not None:
        return engine.Fire() if advise(state).choice == "fire" else engine.Hold()
    if state.phase == "sheet":
        return engine.EndCard()
    if state.phase != "move":
        return legal[0]
    return _move(state, legal)


def play_solo(seed: int, options: dict[str, JSON] | None = None,
              max_actions: int = 1000) -> Session:
    """A whole solo game played by `choose_action`, as a Session (no store) to read back:
    `session.log`, `session.state.result`, `session.actions`."""
    from companion.golden_gun import GAME

    session = Session(GAME, {"mode": "solo", **(options or {})}, seed)
    while not session.state.is_over and len(session.actions) < max_actions:
        session.act(choose_action(session.state))
    return session


def _move(state: GoldenGunState, legal: list[Any]) -> Any:
    if engine.SearchExit() in legal:
        return engine.SearchExit()
    targets = _targets(state)
    step = _step_towards(state, targets, state.scaramanga_room) or \
        _step_towards(state, targets, None)
    if step is not None:
        return engine.Move(step)
    sections = [a for a in legal if isinstance(a, engine.AddSection)]
    if sections:
        return sections[0]
    moves = [a for a in legal if isinstance(a, engine.Move)]
    fresh = [m for m in moves if m.room not in state.entered]
    return (fresh or moves)[0]


def _targets(state: GoldenGunState) -> set[str]:
    if state.maze is None:
        return set()
    if not state.solex:
        return set(state.greens)
    return {r for r in state.maze.edge_rooms()
            if r != state.last_search and r != state.scaramanga_room}


def _step_towards(state: GoldenGunState, targets: set[str], avoid: str | None) -> str | None:
    """The first room on a shortest path to the nearest target, not through `avoid`."""
    if state.maze is None or not targets:
        return None
    if state.room is None or state.free_move:
        starts = [r for r in state.move_targets() if r in targets]
        return starts[0] if starts else None
    first: dict[str, str] = {}
    queue = deque()
    for room in state.maze.neighbours(state.room):
        if room != avoid:
            first[room] = room
            queue.append(room)
    while queue:
        room = queue.popleft()
        if room in targets:
            return first[room]
        for nxt in state.maze.neighbours(room):
            if nxt not in first and nxt != state.room and nxt != avoid:
                first[nxt] = first[room]
                queue.append(nxt)
    return None
