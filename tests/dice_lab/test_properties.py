"""Dice Lab over random checks (hypothesis): the chance it shows is the exact count over
every way the dice can fall, each verdict follows the dice, and a session with undos and
redos, resumed and exported, is the same game."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.exchange import export_session, import_session
from companion.core.session import Session
from companion.dice_lab import rules
from companion.dice_lab.engine import Check
from companion.dice_lab.odds import succeeds

checks = st.builds(
    Check, n_dice=st.integers(1, 3), target=st.integers(-2, 20),
    goal=st.sampled_from(rules.GOALS),
    modifiers=st.lists(st.tuples(st.sampled_from(["guard", "cover", "dark"]),
                                 st.integers(-4, 4)), max_size=3).map(tuple))


@settings(max_examples=80, deadline=None)
@given(checks)
def test_the_chance_shown_is_the_count_over_every_way_the_dice_fall(check):
    ways = list(itertools.product(range(1, 7), repeat=check.n_dice))
    wins = sum(succeeds(sum(dice), check.target, check.goal, check.modifier) for dice in ways)
    assert check.chance == Fraction(wins, len(ways))


# One store for every example is as at a table: each session is its own game in it.
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(checks, st.sampled_from(["act", "undo", "redo"])), max_size=20),
       st.integers(0, 2**32))
def test_any_session_of_checks_resumes_and_imports_as_it_was(store, plays, seed):
    session = Session("dice_lab", {}, seed=seed, store=store)
    for check, move in plays:
        if move == "undo":
            session.undo()
        elif move == "redo":
            session.redo()
        else:
            session.act(check)
            verdict = session.state.history[-1]
            dice = session.actions[-1].dice
            assert len(dice) == check.n_dice and all(1 <= d <= 6 for d in dice)
            assert verdict.total == sum(dice)  # the dice alone; the modifiers are the check's
            assert verdict.success == succeeds(sum(dice), check.target, check.goal,
                                               check.modifier)
    again = Session.resume(store, session.id)
    assert again.state.to_json() == session.state.to_json()
    imported = import_session(store, export_session(session))
    assert imported.state.to_json() == session.state.to_json()
    assert len(session.state.history) == len(session.actions)
