"""The advisor: ranked attacks with exact odds, ranked assignments, a legal suggestion."""

from __future__ import annotations

from fractions import Fraction

from companion.core.session import Session
from companion.license_to_kill import GAME
from companion.license_to_kill.bot import assignment_options, attack_options, suggest
from companion.license_to_kill.engine import AddToAgency, PlacePlot, Setup

from .helpers import act, ids, options, started, to_step


def test_attack_options_rank_by_the_attackers_chance():
    state = act(to_step(started(), "Develop Plot Zone"), PlacePlot("H1", 0))
    state = to_step(state, "Henchman Attack")
    (best,) = attack_options(state)  # H1's CV 3 is lower than B2's 6: only PV is allowed
    assert best.action.value == "PV" and best.chances["attacker"] == Fraction(35, 36)
    assert suggest(state) == best.action


def test_assignment_options_put_met_requirements_first():
    state = to_step(started(), "Assignment Briefing", player=1)
    state = to_step(state.apply(AddToAgency("B3")), "On Assignment", player=1)
    ranked = assignment_options(state)
    assert ranked[0].check.met and not ranked[-1].check.met
    assert ranked[0].action.bond == ids(state, 1, "B3")[0]
    assert (ranked[0].face_down, ranked[0].points_at_stake) == (1, 10)
    assert suggest(state) == ranked[0].action


def test_following_the_advisor_always_plays_legal_actions():
    session = Session(GAME, options(3), seed=3)
    for p, setup in enumerate([("M1", "V1", "B1"), ("M2", "V2", "B2"), ("M3", "V1", "B1")]):
        session.act(Setup(p, *setup))
    for _ in range(150):
        action = suggest(session.state)
        if action is None:
            break
        assert action in session.state.legal_actions()
        session.act(action)
    assert session.state.turn.number > 3
