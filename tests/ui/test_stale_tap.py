"""A tap that left a page before another device's change reached it is refused and the
page redrawn: it never applies to a state its player did not see."""

from companion.core.session import Session
from companion.dice_lab.dashboard import DiceLabDashboard
from companion.dice_lab.engine import Check


def test_a_tap_behind_the_table_is_refused_then_the_next_one_works(store):
    session = Session("dice_lab", seed=5, store=store)
    here = DiceLabDashboard(store=store, session=session)
    there = DiceLabDashboard(store=store, session=session)
    assert here.table is there.table
    there.act(Check(n_dice=1, target=3, dice=(2,)))
    here._shown -= 1  # as if the change had not reached this page's document yet
    assert here.act(Check(n_dice=1, target=4, dice=(5,))) is None
    assert "changed a moment ago on another device" in here.message
    assert len(session.log) == 1
    assert here.act(Check(n_dice=1, target=4, dice=(5,))) is not None
    assert len(session.log) == 2 and here.message == ""


def test_an_undo_behind_the_table_is_refused_too(store):
    session = Session("dice_lab", seed=6, store=store)
    here = DiceLabDashboard(store=store, session=session)
    there = DiceLabDashboard(store=store, session=session)
    there.act(Check(n_dice=1, target=3, dice=(2,)))
    here._shown -= 1
    here.undo()
    assert len(session.log) == 1 and "another device" in here.message
