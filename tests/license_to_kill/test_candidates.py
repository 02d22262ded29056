"""The legal actions leave out only what `apply` refuses: every candidate the engine once
tried, on every place of a growing table, is still listed when allowed, in the same order
(`companion.license_to_kill.candidates`, issue 36: random play had slowed with the
table's size)."""

from __future__ import annotations

import random

from companion.core.session import Session
from companion.license_to_kill import candidates
from companion.license_to_kill.actions import (
    AttachQ,
    HenchmanAttack,
    MoveQ,
    NextStep,
    PlacePlot,
    StartAssignment,
)
from tests.license_to_kill.helpers import options


def every_candidate(state):
    """Every action of the step on every card and place, as the engine once tried them."""
    step = state.turn.step_name if state.turn is not None else None
    if step is None or state.assignment is not None:
        yield from candidates.every(state)
        return
    me, mine = state.players[state.turn.player], state.turn.player
    if step == "Develop Plot Zone":
        yield NextStep()
        if not state.turn.plots_placed:  # after a Plot card, the same as NextStep()
            yield NextStep(no_plot_card=True)
        yield from every_q_card(state, [p.id for m in me.zone for p in m])
        titles = [c.title for c in state.library.values()
                  if c.is_plot or (c.is_personality and not c.ally)]
        for title in titles:
            for face_up in (True, False):
                yield PlacePlot(title, None, None, face_up)
                for m, main_plot in enumerate(me.zone):
                    for position in range(len(main_plot) + 1):
                        yield PlacePlot(title, m, position, face_up)
    elif step == "Assignment Briefing":
        yield from (a for a in candidates.every(state) if not isinstance(a, AttachQ))
        yield from every_q_card(state, [p.id for p in me.agency])
    elif step == "Henchman Attack":
        yield from (a for a in candidates.every(state) if not isinstance(a, HenchmanAttack))
        for attacker in [p.id for m in me.zone for p in m]:
            for target in [p.id for i, pl in enumerate(state.players) if i != mine
                           for p in pl.agency]:
                for value in ("PV", "CV"):
                    yield HenchmanAttack(attacker, target, value)
    elif step == "On Assignment":
        yield from (a for a in candidates.every(state)
                    if not isinstance(a, StartAssignment | MoveQ))
        for bond in me.agency:
            for partner in (None, *(p.id for p in me.agency)):
                for owner, player in enumerate(state.players):
                    for m in range(len(player.zone)):
                        yield StartAssignment(bond.id, owner, m, partner)
            for q in bond.attached:
                for holder in me.agency:
                    yield MoveQ(q.id, holder.id)
                    for back in holder.attached:
                        yield MoveQ(q.id, holder.id, back.id)
    else:
        yield from candidates.every(state)


def every_q_card(state, holders):
    for q in state.library.of_type("Q"):
        for holder in holders:
            yield AttachQ(q.title, holder)


def test_the_legal_actions_are_every_allowed_candidate_on_a_growing_table():
    checked = set()
    for seed in (7, 11):  # games that run past 300 actions, the table ever bigger
        rng = random.Random(seed)
        session = Session("license_to_kill", options(2), seed=seed)
        for turn in range(300):
            state = session.state
            legal = state.legal_actions()
            if not legal or state.is_over:
                break
            if turn % 3 == 0 or turn > 250:
                allowed = [a for a in every_candidate(state) if state.allows(a)]
                by_type = {}
                for action in allowed:  # the engine's order within each kind of action
                    by_type.setdefault(type(action).__name__, []).append(action)
                assert {name: acts for name, acts in by_type.items()} == \
                    {name: [a for a in legal if type(a).__name__ == name]
                     for name in by_type}, (seed, turn)
                assert len(allowed) == len(legal)
                checked.add(state.turn.step_name if state.turn else "setup")
            try:
                session.act(rng.choice(legal))
            except Exception as error:  # a listed action the engine still refuses
                assert type(error).__name__ in ("RuleError", "InputError"), error
    assert {"Develop Plot Zone", "Henchman Attack", "On Assignment"} <= checked


def test_a_step_form_s_own_kind_is_listed_as_the_whole_list_lists_it():
    """`legal_of(kind)` and `plot_titles()` (the Develop step's card list and Q cards,
    worked out without the whole list: most of a step tap's work) say what
    `legal_actions` says, asked before the whole list is worked out and after."""
    session = Session("license_to_kill", options(2), seed=7)
    rng = random.Random(7)
    seen = set()
    for _ in range(250):
        state = session.state
        fresh = type(state).from_json(state.to_json())
        titles, qs = fresh.plot_titles(), fresh.legal_of(AttachQ)  # before the whole list
        legal = state.legal_actions()
        if not legal or state.is_over:
            break
        assert titles == list(dict.fromkeys(a.card for a in legal if isinstance(a, PlacePlot)))
        assert qs == [a for a in legal if isinstance(a, AttachQ)]
        assert state.plot_titles() == titles and state.legal_of(AttachQ) == qs  # after it
        seen.update(("titles",) * bool(titles) + ("q",) * bool(qs))
        session.act(rng.choice(legal))
    assert seen == {"titles", "q"}
