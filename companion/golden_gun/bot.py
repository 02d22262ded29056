"""A simple policy for Bond, and the fire-or-hold advice a dashboard shows.

`advise(state)` compares the two Step 5 choices by the exact chance Bond is still alive when
the search ends (odds.search_alive_by_choice: this card, then every card to the Solex
Agitator, playing the better choice each time); once there is no search left, by the chance
he lives through the card. Ties go to the choice that risks fewer wounds on average, then
to the one that leaves more bullets. `choose_action` plays whole games many times (tests,
estimates), so it asks the cheap form, `advise(state, count_search=False)`: the card's
survival, then its wounds. `choose_action(state)` plays a whole solo game with it: look for
the exit when allowed, else walk (shortest path) to the nearest room with a face-down green
card (after the Solex Agitator: the nearest edge room where a search is allowed), add a
section when nothing is left to explore, and let the app deal and roll everything else.
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

UNKNOWN: dict = {}  # `advise(state, search=UNKNOWN)`: the whole-search figures are not known
# `advise(state, search=UNCOUNTED)`: by the card alone, the whole search left uncounted (the
# replay, which cannot wait seconds for it).
UNCOUNTED: dict = {}
# Why the advice counts only the card, by what `advise` was given.
CARD_ONLY = {"pending": "this card (the whole-search figures are being worked out)",
             "uncounted": "this card (the whole-search figures are not worked out in the "
                          "replay)",
             "": "this card (no search left to count)"}


@dataclass(frozen=True)
class Advice:
    """Step 5: for each choice ("fire" missing without bullets), the chance Bond lives
    through the card, the chance he is alive at the end of the search (None: no search left
    to count, or not worked out yet), the wounds the card risks (expected, most), and the
    better choice."""

    card: dict[Paragraph, Fraction]
    search: dict[Paragraph, Fraction] | None
    wounds: dict[Paragraph, tuple[Fraction, int]]
    choice: Paragraph
    # Why the search is not counted: "pending" (still being worked out), "uncounted" (left
    # out), "" (no search left).
    card_only: str = ""

    @property
    def fire(self) -> Fraction | None:
        return self.card.get("fire")

    @property
    def hold(self) -> Fraction:
        return self.card["hold"]

    @property
    def text(self) -> str:
        parts = []
        for paragraph, verb in (("fire", "fires"), ("hold", "holds")):
            if paragraph not in self.card:
                parts.append("Fire: no bullets")
                continue
            alive = (f"{percent(self.search[paragraph])} alive at the end of the search, "
                     if self.search else "")
            expected, most = self.wounds[paragraph]
            risk = "no wound" if not most else \
                f"up to {most} wound{'s' if most > 1 else ''} ({float(expected):.2f} expected)"
            parts.append(f"if he {verb}: {alive}{percent(self.card[paragraph])} through this "
                         f"card, risks {risk}")
        basis = "the whole search" if self.search else CARD_ONLY[self.card_only]
        text = "; ".join(parts)
        return f"{text[:1].upper()}{text[1:]}. Advice: {self.choice} (by {basis})."


def advise(state: GoldenGunState, search: dict[Paragraph, Fraction] | None = None,
           count_search: bool = True) -> Advice:
    """Fire or hold for the card Bond faces now (the room's card or the deck's next).

    `search` gives the whole-search figures when the caller has them (the dashboard works
    them out in another process); `UNKNOWN` advises on the card alone meanwhile,
    `UNCOUNTED` on the card alone for good."""
    card = odds.fire_hold_chances(state)
    card_only = "pending" if search is UNKNOWN else "uncounted" if search is UNCOUNTED else ""
    if search is None and count_search:
        search = odds.search_alive_by_choice(state)
    elif card_only:
        search = None
    wounds = odds.wound_risk(state)
    bullets = {p: _bullets_after(state, p) for p in card}
    alive = search or card
    choice = max(card, key=lambda p: (alive[p], -wounds[p][0], bullets[p]))
    return Advice(card, search, wounds, choice, card_only)


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
        fire = advise(state, count_search=False).choice == "fire"
        return engine.Fire() if fire else engine.Hold()
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
