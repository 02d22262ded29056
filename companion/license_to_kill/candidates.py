"""License to Kill: the actions worth trying now, step by step; the state keeps those
`apply` accepts (`LtkState.legal_actions`). Intrigue effects are not listed: the tablet
does not know the cards in hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.core.game import GameState  # states: the engine's LtkState
from companion.license_to_kill import rules
from companion.license_to_kill.actions import (
    AddToAgency,
    AttachQ,
    HenchmanAttack,
    InPlaceOfAssignment,
    MoveQ,
    NextStep,
    PlacePlot,
    Proceed,
    Setup,
    StartAssignment,
)
from companion.license_to_kill.steps import states_in_place_of_assignment


def every(state: GameState) -> Iterable[Any]:
    """The candidate actions of the current step (one player at a time during setup)."""
    if state.turn is None:
        yield from _setups(state)
        return
    if state.assignment is not None:
        yield Proceed()
        return
    yield NextStep()
    yield from _BY_STEP[state.turn.step_name](state)


def _setups(state: GameState) -> Iterable[Any]:
    lib = state.library
    for p, player in enumerate(state.players):
        if player.ready:
            continue
        for mission in lib.of_type("Mission"):
            for villain in lib.of_type("Villain"):
                for bond in lib.of_type("Bond"):
                    yield Setup(p, mission.title, villain.title, bond.title)
        return  # one player at a time keeps the list short


def _placements(state: GameState) -> Iterable[Any]:
    me = state.players[state.turn.player]
    titles = [c.title for c in state.library.values()
              if c.is_plot or (c.is_personality and not c.ally)]
    for title in titles:
        for face_up in (True, False):
            yield PlacePlot(title, None, None, face_up)
            for m, main_plot in enumerate(me.zone):
                for position in range(len(main_plot) + 1):
                    yield PlacePlot(title, m, position, face_up)
    yield from _q_cards(state, [p.id for m in me.zone for p in m])


def _q_cards(state: GameState, holders: list[int]) -> Iterable[Any]:
    for q in state.library.of_type("Q"):
        for holder in holders:
            yield AttachQ(q.title, holder)


def attacks(state: GameState) -> Iterable[Any]:
    """Every Henchman Attack from the player's Plot Zone on another Agency, PV or CV."""
    mine = state.turn.player
    attackers = [p.id for m in state.players[mine].zone for p in m]
    targets = [p.id for i, pl in enumerate(state.players) if i != mine for p in pl.agency]
    for attacker in attackers:
        for target in targets:
            for value in ("PV", "CV"):
                yield HenchmanAttack(attacker, target, value)


def _briefings(state: GameState) -> Iterable[Any]:
    for card in state.library.of_type("Bond", *rules.PERSONALITY_TYPES):
        yield AddToAgency(card.title)
    yield from _q_cards(state, [p.id for p in state.players[state.turn.player].agency])


def _assignments(state: GameState) -> Iterable[Any]:
    mine = state.turn.player
    agency = state.players[mine].agency
    for bond in agency:
        for partner in (None, *(p.id for p in agency)):
            for owner, player in enumerate(state.players):
                for m in range(len(player.zone)):
                    yield StartAssignment(bond.id, owner, m, partner)
        for q in bond.attached:
            for holder in agency:
                yield MoveQ(q.id, holder.id)
                for back in holder.attached:
                    yield MoveQ(q.id, holder.id, back.id)
    for card in state.library.values():
        if states_in_place_of_assignment(card):
            yield InPlaceOfAssignment(card.title)


_BY_STEP = {  # Draw Cards and Discard and Draw Cards happen at the table only
    "Draw Cards": lambda s: (),
    "Develop Plot Zone": _placements,
    "Henchman Attack": attacks,
    "Assignment Briefing": _briefings,
    "On Assignment": _assignments,
    "Discard and Draw Cards": lambda s: (),
}
assert tuple(_BY_STEP) == rules.TURN_STEPS
