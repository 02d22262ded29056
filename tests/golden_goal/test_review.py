"""Golden Goal's review (issue: Game review): each team's luck with the die and the cost of
each play, in goals, one turn ahead; the books balance, a roll's luck averages to nothing,
and the bot, which plays by the same figure, never errs by it."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from companion.core.review import review
from companion.core.session import Session
from companion.golden_goal import GAME
from companion.golden_goal import review as gg_review
from companion.golden_goal.actions import Roll
from companion.golden_goal.bot import bot_player, random_player
from companion.golden_goal.odds import scoring_faces

ORANGE, BLUE = gg_review.SIDES.values()


def match(seed: int, orange=bot_player, blue=bot_player, limit: int = 400) -> Session:
    session = Session(GAME, {}, seed=seed)
    rng = random.Random(seed)
    while not session.state.is_over and len(session.actions) < limit:
        state = session.state
        session.act((orange if state.to_move == "orange" else blue)(state, rng))
    return session


@pytest.mark.parametrize("seed", [3, 7])
def test_the_books_balance_and_a_random_team_pays_for_its_plays(seed):
    """Orange plays at random, Blue as the bot: every side's start, luck, own choices,
    the others' errors and what the estimate leaves over add up to its end; Orange's
    errors are Blue's gain, and Blue, playing by the review's own figure, never errs."""
    session = match(seed, orange=random_player, limit=60)
    result = review(GAME, {}, session.actions)
    for side in (ORANGE, BLUE):
        assert result.start[side] + result.luck(side) + result.skill(side) + \
            result.given(side) + result.unexplained(side) == result.final[side]
    assert result.skill(BLUE) == 0
    assert result.skill(ORANGE) < 0 and result.given(BLUE) == -result.skill(ORANGE)
    assert result.final[ORANGE] == -result.final[BLUE]


def test_a_roll_is_valued_against_the_six_faces():
    """Game Turns: the team on turn rolls one die. Its luck is 1 if the face scores (0 if
    not) less the share of faces that score; over the six faces it averages to 0."""
    session = match(5, limit=200)
    state, checked = GAME.new_state({}), 0
    for action, moment in zip(session.actions, review(GAME, {}, session.actions).moments,
                              strict=True):
        if isinstance(action, Roll) and state.phase == "roll":
            faces = scoring_faces(state)
            chance = Fraction(len(faces), 6)
            team = gg_review.SIDES[state.to_move]
            assert moment.kind == "chance"
            assert moment.luck[team] == (1 if action.dice[0] in faces else 0) - chance
            assert sum((1 if f in faces else 0) - chance for f in range(1, 7)) == 0
            checked += 1
        state = state.apply(action)
    assert checked > 10


def test_the_replay_draws_the_field_as_it_stood_then(store):
    """The replay's picture at a step back is that position's field, drawn as the live
    page draws it (`field_svg`) with nothing to tap: the ball and the players where they
    were then, not where they are now."""
    from companion.golden_goal.dashboard import GoldenGoalDashboard
    from companion.golden_goal.drawing import Canvas, field_svg
    from companion.ui.review_view import ReviewView

    session = match(35, limit=80)
    board = GoldenGoalDashboard(store=store, session=session)
    view = ReviewView(lambda: session, board.replay_picture)
    now = session.state
    then_at = next(n for n in range(len(session.actions) - 1, 0, -1)
                   if (ball := session.state_after(n).ball) is not None and ball != now.ball
                   and session.state_after(n).positions != now.positions)
    then = session.state_after(then_at)
    view.replay.show(then_at)
    html = view.replay.__panel__().html
    assert field_svg(then, tappable=False) in html
    cx, cy = Canvas(then).centre_of(then.ball)
    if then.ball in then.occupant:
        cx, cy = cx + 3.2, cy + 3.2
    assert f'<circle cx="{cx}" cy="{cy}" r="2.2"' in html  # the ball, where it was
    assert f"the ball on {then.field.name(then.ball)}" in html
    for player, square in then.positions:
        assert f"{player} on {then.field.name(square)}" in html
    assert field_svg(now, tappable=False) not in html
    assert "data-tap" not in html.split('class="replay-table"')[1]  # nothing to tap
    view.replay.show(len(session.actions))
    assert field_svg(now, tappable=False) in view.replay.__panel__().html
