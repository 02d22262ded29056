"""The replay in the review (issue: Game review): step through the actions, each side's
equity then, a tap on the chart moving it, and never past the actions played."""

from __future__ import annotations

import contextlib
import random

import pytest

from companion.core.errors import CompanionError, InputError
from companion.core.registry import find_game
from companion.core.session import Session
from companion.dice_lab.engine import Check
from companion.ui.review_view import ReviewView
from companion.ui.worker import RestartingPool
from tests.core.test_every_game_resumes import CASES

CHECKS = [Check(2, 7, "at most", (), (2, 5)), Check(1, 6, "at least", (), (6,)),
          Check(2, 4, "at most", (), (6, 6))]


@pytest.fixture
def played():
    session = Session("dice_lab", {}, seed=1)
    for check in CHECKS:
        session.act(check)
    view = ReviewView(lambda: session, lambda state: f"<i>{len(state.history)} checks</i>")
    view.refresh()
    return session, view


def shown(view: ReviewView) -> str:
    return view.replay.__panel__().html


def test_the_replay_follows_the_game_and_steps_back_and_forth(played):
    session, view = played
    assert "Action 3 of 3 (now)" in shown(view)
    assert "<i>3 checks</i>" in shown(view)
    view.replay.__panel__().tap("back")
    text = shown(view)
    assert "Action 2 of 3</b>" in text and "2. " in text and "<i>2 checks</i>" in text
    assert "+1.25" in text and "very lucky" in text  # 5/12 + 5/6 successes above the chances
    view.replay.__panel__().tap("start")
    assert "The start, before the first of 3 actions" in shown(view)
    assert "<i>0 checks</i>" in shown(view)
    session.act(Check(1, 6, "at least", (), (1,)))
    view.refresh()  # a player looking back stays where he is
    assert "The start, before the first of 4 actions" in shown(view)
    view.replay.__panel__().tap("now")
    assert "Action 4 of 4 (now)" in shown(view)
    session.act(Check(1, 6, "at least", (), (2,)))
    view.refresh()  # at the end, it follows the game
    assert "Action 5 of 5 (now)" in shown(view)


def test_a_tap_on_the_chart_moves_the_replay_to_the_nearest_action(played):
    _, view = played
    view._chart_tapped(x=1.2, y=0.5)
    assert "Action 1 of 3</b>" in shown(view)
    view._chart_tapped(x=-3, y=0)
    assert "The start" in shown(view)


def test_an_undone_action_is_never_replayed(played):
    session, view = played
    view.replay.show(3)
    session.undo()
    view.refresh()
    assert "Action 2 of 2 (now)" in shown(view)
    view.replay.show(3)
    assert "Action 2 of 2 (now)" in shown(view)
    with pytest.raises(InputError, match="actions 0 to 2 of this game"):
        session.state_after(3)
    for hostile in (-1, True, "1", 10**5000):
        with pytest.raises(InputError):
            session.state_after(hostile)


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{i}" for i, (n, _) in
                                                           enumerate(CASES)])
def test_every_app_replays_its_game_step_by_step(store, name, options):
    """Random play in every game, then the app's replay at every step: the step's words,
    and the table as it stood (Dice Lab's step is its check, told in words)."""
    rng = random.Random(2)
    session = Session(name, options, seed=2, store=store)
    for _ in range(25):
        legal = session.state.legal_actions()
        if not legal or session.state.is_over:
            break
        with contextlib.suppress(CompanionError):  # a listed action it still refuses
            session.act(rng.choice(list(legal)))
    board = find_game(name).load_dashboard()(store=store, session=session)
    view = ReviewView(lambda: session, board.replay_picture)
    view.refresh()
    n = len(session.actions)
    for position in range(n + 1):
        view.replay.show(position)
        text = shown(view)
        assert (f"Action {position} of {n}" if position else "The start") in text
        assert ('class="replay-table"' in text) == (name != "dice_lab")


def test_the_review_downloads_as_one_file_that_needs_nothing_else(played):
    """Standalone: no script and no outside link; the books, both charts, every action
    with the equity after it, and the players' text escaped."""
    session, view = played
    session.rename("<script>alert(1)</script> night")
    view.refresh()
    text = view._file().getvalue()
    assert text.startswith("<!doctype html>") and "<script" not in text
    assert "src=" not in text and "href=" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt; night" in text
    assert "<b>The table</b>: +0.00 at the start, +1.08 now. Luck gave +1.08." in text
    assert text.count("<svg") == 2  # the equity and the dice
    assert "3. 2 dice, at most 4" in text and "very lucky" in text
    assert view._download.filename == "dice_lab-review.html"


def test_the_review_is_worked_out_in_the_worker_and_only_the_newest_is_shown():
    """Served, the review comes from the worker process (a long one never holds up a tap):
    'working out' meanwhile, then the books; a review asked for before the game moved on
    is never shown over the newer one."""
    pool = RestartingPool(max_workers=1)
    try:
        session = Session("dice_lab", {}, seed=1)
        for check in CHECKS:
            session.act(check)
        view = ReviewView(lambda: session, None, pool)
        view.refresh()
        assert "Working out the review of 3 actions" in view._summary.object
        view.wait()
        assert "+1.08 now" in view._summary.object
        session.act(Check(1, 6, "at least", (), (6,)))
        view.refresh()
        first = view._future
        session.act(Check(1, 6, "at least", (), (6,)))
        view.refresh()
        view.wait()
        if not first.cancelled():
            first.result()
        assert "+2.75 now" in view._summary.object  # 1.08 + 5/6 + 5/6
    finally:
        pool.shutdown()


def test_the_replay_at_the_start_of_a_new_or_one_action_game_reads_right():
    """'The start, before the first of 0 actions' on a new game's review (and '1
    actions')."""
    session = Session("dice_lab", {}, seed=1)
    view = ReviewView(lambda: session, lambda state: "")
    view.refresh()
    assert "The start: nothing has happened yet</b>" in shown(view)
    session.act(CHECKS[0])
    view.refresh()
    view.replay.__panel__().tap("start")
    assert "The start, before the only action</b>" in shown(view)


def test_a_game_left_with_its_own_name_is_not_named_twice_in_the_file(played):
    """'Dice Lab: the review of Dice Lab' was every unnamed game's heading."""
    session, view = played
    assert "<h1>Dice Lab: the review</h1>" in view._file().getvalue()
    session.rename("Friday")
    assert "<h1>Dice Lab: the review of Friday</h1>" in view._file().getvalue()


def test_sides_called_by_a_colour_are_drawn_in_it():
    """Golden Goal's Orange was drawn blue and its Blue red, in the app and the file."""
    from companion.ui.review_file import side_colours

    colours = side_colours(["Orange", "Blue"])
    assert colours == {"Orange": "#e65100", "Blue": "#1565c0"}
    others = side_colours(["Bond", "Enemy", "Red"])
    assert others["Red"] == "#c62828" and len(set(others.values())) == 3
    assert len(set(side_colours([f"Seat {n}" for n in range(1, 5)]).values())) == 4


def test_a_tapped_mark_leaves_the_other_marks_as_they_were(played):
    """A tap selected the mark under it and Bokeh faded the others, the one the replay
    stepped on to among them."""
    import holoviews as hv
    from bokeh.models import GlyphRenderer, Scatter

    _, view = played
    plot = hv.render(view._chart.object, backend="bokeh")
    renderers = plot.select(GlyphRenderer)
    marks = [r for r in renderers if isinstance(r.glyph, Scatter)]
    assert marks and all(r.nonselection_glyph.fill_alpha == 1.0 for r in marks)
    lines = [r for r in renderers if type(r.glyph).__name__ == "Line"]
    assert lines[0].glyph.line_color == "#1565c0"  # "The table", the first of the spare
