"""Hostile values through the review and the replay (issue 36): a crafted chart tap, a
replay step no game has, and players' text in the review download."""

from __future__ import annotations

import math

import pytest

from companion.core.errors import InputError
from companion.core.session import Session
from companion.dice_lab.engine import Check
from companion.ui.review_view import ReviewView

HOSTILE_POSITIONS = [10**5000, -(10**5000), -1, 4, True, 1.0, "1", None, [[[[[[1]]]]]]]


def deep(levels: int) -> list:
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


@pytest.fixture
def played():
    session = Session("dice_lab", {}, seed=1, name="<script>alert(1)</script> & co")
    session.act(Check(2, 7, "at most", (("<b>guard</b>", 1),), (2, 5)))
    session.act(Check(1, 6, "at least", (), (6,)))
    view = ReviewView(lambda: session, lambda state: "")
    view.refresh()
    return session, view


@pytest.mark.parametrize("position", [*HOSTILE_POSITIONS, deep(10_000)],
                         ids=lambda p: type(p).__name__)
def test_a_replay_step_no_game_has_is_refused_in_words(played, position):
    session, _ = played
    with pytest.raises(InputError) as refused:
        session.state_after(position)
    assert str(refused.value).startswith("a replay shows actions 0 to 2 of this game, not ")
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("x", [math.inf, -math.inf, math.nan, 1e308, -1e308, 10**5000],
                         ids=["inf", "-inf", "nan", "1e308", "-1e308", "5000 digits"])
def test_a_crafted_tap_on_the_chart_leaves_the_replay_at_an_end_or_where_it_was(played, x):
    _, view = played
    view._chart_tapped(x=x, y=0.5)
    assert view.replay.position in (0, 2)


def test_the_review_download_shows_the_players_text_as_text(played):
    _, view = played
    page = view._file().getvalue()
    assert "<script>" not in page and "<b>guard" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in page
