"""License to Kill: the actions worth trying now, step by step; the state keeps those
`apply` accepts (`LtkState.legal_actions`). Intrigue effects are not listed: the tablet
does not know the cards in hand.

No candidate is left out that `apply` would accept, but those that a check refusing them
all at once rules out are never made: a full Main Plot takes no card, a Bond goes On
Assignment against an opponent only, and only once a turn, a card fights, goes On
Assignment or holds a Q card only face up, of its types, from its own area, and a Unique
card in play is not played again. ("The Plot Draw Pile was empty" is listed only before a
Plot card is added; after it, it ends the step like `NextStep()`.) Trying every card on
every place of a long game's table made each action cost more than the one before: 5,000
candidates a step, 99% refused (issue 36). The list is the same, in the same order
(`tests/license_to_kill/test_candidates.py` checks it against every candidate tried).
The table itself stops growing once each player has what his decks hold (the house rule
`deck_limits_on_table`), so the cost of a step stops growing with the game's length."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.core.errors import InputError, RuleError
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
    if state.turn.step_name == "Develop Plot Zone" and not state.turn.plots_placed:
        yield NextStep(no_plot_card=True)  # the Plot Draw Pile was empty
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
                if len(main_plot) >= rules.MAIN_PLOT_MAX_CARDS:
                    continue  # full: it takes no more cards
                for position in range(len(main_plot) + 1):
                    yield PlacePlot(title, m, position, face_up)
    yield from _q_cards(state, [p.id for m in me.zone for p in m], "zone",
                        rules.PLOT_Q_HOLDERS, "develop")


def _q_cards(state: GameState, holders: list[int], where: str, types: tuple[str, ...],
             section: str) -> Iterable[Any]:
    """Q cards on the player's face-up cards of `types` in his `where`; no Unique one that
    is already in play."""
    holders = [h for h in holders if _passes(lambda h=h: state._own(h, where, types, section))]
    for q in state.library.of_type("Q"):
        if not holders or not _passes(lambda q=q: state._check_unique(q)):
            continue
        for holder in holders:
            yield AttachQ(q.title, holder)


def attacks(state: GameState) -> Iterable[Any]:
    """Every Henchman Attack from the player's Plot Zone on another Agency, PV or CV."""
    mine = state.turn.player
    attackers = [p.id for m in state.players[mine].zone for p in m
                 if _passes(lambda p=p: state._own(p.id, "zone", rules.ATTACKERS, "henchman"))]
    targets = [p.id for i, pl in enumerate(state.players) if i != mine for p in pl.agency
               if _passes(lambda p=p: state._of_type(p, rules.ATTACK_TARGETS, "henchman"))]
    for attacker in attackers:
        for target in targets:
            for value in ("PV", "CV"):
                yield HenchmanAttack(attacker, target, value)


def _briefings(state: GameState) -> Iterable[Any]:
    for card in state.library.of_type("Bond", *rules.PERSONALITY_TYPES):
        yield AddToAgency(card.title)
    yield from _q_cards(state, [p.id for p in state.players[state.turn.player].agency],
                        "agency", rules.AGENCY_Q_HOLDERS, "briefing")


def _assignments(state: GameState) -> Iterable[Any]:
    mine = state.turn.player
    agency = state.players[mine].agency
    if state.turn.assignments >= rules.ASSIGNMENTS_PER_TURN:
        agency = ()  # this turn's On Assignment is used: no Bond goes, no Q card moves
    assigned = [b for b in agency if _passes(
        lambda b=b: state._own(b.id, "agency", rules.ON_ASSIGNMENT_TYPES, "assignment"))]
    partners = [p.id for p in agency if _passes(
        lambda p=p: state._own(p.id, "agency", rules.PERSONALITY_TYPES, "assignment"))]
    q_holders = [h for h in agency if _passes(
        lambda h=h: state._own(h.id, "agency", rules.AGENCY_Q_HOLDERS, "assignment"))]
    for bond in agency:
        alone = bond not in assigned or state.card(bond).type == "Agent"
        for partner in (None, *([] if alone else partners)):
            if bond not in assigned or partner == bond.id:
                continue
            for owner, player in enumerate(state.players):
                if owner == mine:
                    continue  # against an opponent's Main Plot only
                for m in range(len(player.zone)):
                    yield StartAssignment(bond.id, owner, m, partner)
        for q in bond.attached:
            for holder in q_holders:
                if holder is bond:
                    continue  # the Q card is on it already
                yield MoveQ(q.id, holder.id)
                for back in holder.attached:
                    yield MoveQ(q.id, holder.id, back.id)
    for card in state.library.values():
        if states_in_place_of_assignment(card):
            yield InPlaceOfAssignment(card.title)


def _passes(check: Callable[[], object]) -> bool:
    """Whether `check` (one of the state's own checks) lets the card through."""
    try:
        check()
    except (RuleError, InputError):
        return False
    return True


_BY_STEP = {  # Draw Cards and Discard and Draw Cards happen at the table only
    "Draw Cards": lambda s: (),
    "Develop Plot Zone": _placements,
    "Henchman Attack": attacks,
    "Assignment Briefing": _briefings,
    "On Assignment": _assignments,
    "Discard and Draw Cards": lambda s: (),
}
assert tuple(_BY_STEP) == rules.TURN_STEPS
