"""A bot's turn and the move that called it undo and redo as one: actions acted
`with_previous` join the action before them, and the grouping is saved and exported."""

from companion.core.exchange import export_session, import_session
from companion.core.session import Session
from companion.dice_lab.engine import Check


def check(target: int) -> Check:
    return Check(n_dice=1, target=target, dice=(1,))


def test_joined_actions_undo_and_redo_together(store):
    session = Session("dice_lab", seed=1, store=store)
    session.act(check(1))
    session.act(check(2))
    session.act(check(3), with_previous=True)
    session.act(check(4), with_previous=True)
    session.undo()
    assert [a.target for a in session.actions] == [1]
    session.redo()
    assert [a.target for a in session.actions] == [1, 2, 3, 4]
    session.undo()
    session.undo()
    assert session.actions == ()
    resumed = Session.resume(store, session.id)
    assert resumed.actions == ()
    resumed.redo()
    resumed.redo()
    assert [a.target for a in resumed.actions] == [1, 2, 3, 4]


def test_the_grouping_survives_resume_and_export(store):
    session = Session("dice_lab", seed=2, store=store)
    session.act(check(1))
    session.act(check(2), with_previous=True)
    for copy in (Session.resume(store, session.id),
                 import_session(store, export_session(session))):
        copy.undo()
        assert copy.actions == ()


def test_a_first_action_cannot_join_anything(store):
    session = Session("dice_lab", seed=3, store=store)
    session.act(check(1), with_previous=True)
    session.act(check(2))
    session.undo()
    session.undo()
    assert session.actions == () and not session.can_undo
