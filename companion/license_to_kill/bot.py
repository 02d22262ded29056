"""An advisor for the player to move: the choices of the turn ranked, with their odds.

Pure functions over a state. Henchman Attack chances are exact (`odds`). An
assignment's outcome depends on face-down cards the tablet shows no one, so
`assignment_options` ranks by what is visible: whether the team meets the
face-up requirements now, how many cards are still face down, and the points at
stake (face-up plots only). That is a ranking, not a probability.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.license_to_kill import rules
from companion.license_to_kill.actions import (
    AddToAgency,
    HenchmanAttack,
    NextStep,
    PlacePlot,
    StartAssignment,
)
from companion.license_to_kill.assignment import Check
from companion.license_to_kill.engine import LtkState


@dataclass(frozen=True)
class AttackOption:
    action: HenchmanAttack
    chances: dict[str, Fraction]  # "attacker", "tie", "target"


@dataclass(frozen=True)
class AssignmentOption:
    action: StartAssignment
    check: Check  # against the face-up cards
    face_down: int
    points_at_stake: int  # for the face-up plot cards, when Overcome


def attack_options(state: LtkState) -> list[AttackOption]:
    """Every Henchman Attack allowed now, best chance for the attacker first."""
    options = []
    for action in state.legal_actions():
        if isinstance(action, HenchmanAttack):
            chances = state.attack_odds(action.attacker, action.target, action.value)
            options.append(AttackOption(action, chances))
    return sorted(options, key=lambda o: (-o.chances["attacker"], o.chances["target"]))


def assignment_options(state: LtkState) -> list[AssignmentOption]:
    """Every assignment allowed now: met ones first, then fewer hidden cards, more points."""
    options = []
    for action in state.legal_actions():
        if isinstance(action, StartAssignment):
            stack = state.players[action.plot_owner].zone[action.main_plot]
            check = state.preview_assignment(action.bond, action.plot_owner, action.main_plot,
                                             action.personality)
            points = sum(state.card(p).plot_bullets for p in stack
                         if p.face_up and state.card(p).is_plot)
            options.append(AssignmentOption(action, check, sum(not p.face_up for p in stack),
                                            points * rules.POINTS_PER_BULLET_OVERCOME))
    return sorted(options, key=lambda o: (not o.check.met, o.face_down, -o.points_at_stake))


def suggest(state: LtkState) -> Any | None:
    """A reasonable next action: an attack the attacker is more likely to win than lose, an
    assignment whose visible requirements are met, else the next step; None if over."""
    if state.is_over or state.turn is None or state.assignment is not None:
        legal = state.legal_actions()
        return legal[0] if legal else None
    attacks = attack_options(state)
    if attacks and attacks[0].chances["attacker"] > attacks[0].chances["target"]:
        return attacks[0].action
    assignments = assignment_options(state)
    if assignments and assignments[0].check.met:
        return assignments[0].action
    legal = state.legal_actions()
    return NextStep() if NextStep() in legal else (legal[0] if legal else None)


def playout_action(state: LtkState, rng: random.Random) -> Any | None:
    """The advisor, with the draws the tablet never sees made at random (the review's
    playouts, `scripts/fit_license_to_kill_review.py`): a random Setup; each turn one Plot
    card of the library, at random, at a random place the rules allow, face up or down; a
    Bond card at the Briefing when the Agency has no Bond or Agent card; else `suggest`."""
    legal = state.legal_actions()
    if state.turn is None or not legal:
        return rng.choice(legal) if legal else None
    turn = state.turn
    if state.assignment is None and turn.step_name == "Develop Plot Zone":
        if turn.plots_placed:
            return NextStep()
        places = [a for a in legal if isinstance(a, PlacePlot) and state.library[a.card].is_plot]
        if not places:
            return NextStep(no_plot_card=True)
        title = rng.choice(sorted({a.card for a in places}))
        return rng.choice([a for a in places if a.card == title])
    if state.assignment is None and turn.step_name == "Assignment Briefing" and not any(
            state.card(c).type in rules.ON_ASSIGNMENT_TYPES
            for c in state.players[turn.player].agency):
        bonds = [a for a in legal if isinstance(a, AddToAgency)
                 and state.library[a.card].type == "Bond"]
        if bonds:
            return rng.choice(bonds)
    return suggest(state)
