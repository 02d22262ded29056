"""The Man with the Golden Gun's review (issue: Game review): Bond's chance to live to the
Solex Agitator over the game, each roll's and card's luck, each Step 5 choice's cost."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.core.review import review
from companion.core.session import Session
from companion.golden_gun import GAME, bot, odds, rules
from companion.golden_gun import review as gg_review
from companion.golden_gun.engine import Fire, Hold, Move, Reveal, RollGreen


def bot_game(seed: int) -> Session:
    session = Session(GAME, {"mode": "solo"}, seed=seed)
    while not session.state.is_over:
        session.act(bot.choose_action(session.state))
    return session


@pytest.mark.parametrize("seed", range(4))
def test_the_books_balance_and_only_entering_a_room_is_estimated(seed):
    """Every roll, card and dodge is valued exactly against its outcomes (nothing left
    unexplained); only entering a room is not, where the figure counts every room as a new
    one whose green card is the whole deck's average. The books balance: start, luck,
    choices and the rest add up to the end."""
    session = bot_game(seed)
    result = review(GAME, session.options, session.actions)
    assert not result.exact
    for moment, action in zip(result.moments, session.actions, strict=True):
        if moment.unexplained:
            assert type(action).__name__ == "Move", moment.text
    bond = gg_review.BOND
    assert result.start[bond] + result.luck(bond) + result.skill(bond) + \
        result.unexplained(bond) == result.final[bond]
    assert result.final[bond] == (1 if session.state.solex else 0)


def test_a_step_5_choice_costs_what_the_whole_search_figure_says():
    """At each Step 5 the review's best is the choice the whole-search figure ranks first,
    and a choice costs the difference."""
    session = bot_game(1)
    result = review(GAME, session.options, session.actions)
    state = GAME.new_state(session.options)
    startle = odds.p_startle_next(state.config.green_deck)
    seen = 0
    for moment, action in zip(result.moments, session.actions, strict=True):
        if isinstance(action, Fire | Hold):
            alive = odds.search_alive_by_choice(state, startle)
            assert moment.kind == "decision"
            if alive is None:  # he holds the Solex Agitator: no choice can cost him it
                assert state.solex and moment.skill == 0
            else:
                taken = alive["fire" if isinstance(action, Fire) else "hold"]
                assert moment.skill == taken - max(alive.values())
                seen += 1
        state = state.apply(action)
    assert seen


def test_the_luck_of_a_green_roll_worked_out():
    """Green card 7: calm 7/12 (to Step 5, the better choice), startled 5/12 (he fires at
    the top card). Keeping calm is lucky by 5/12 of the difference between the two."""
    session = Session(GAME, {"mode": "solo"}, seed=3)
    while session.state.phase != "roll":
        session.act(bot.choose_action(session.state))
    state = session.state
    calm_state = state.apply(RollGreen((1, 1)))
    startled_state = state.apply(RollGreen((6, 6)))
    calm, startled = (gg_review.equity(s)[gg_review.BOND] for s in (calm_state, startled_state))
    p = odds.p_calm(state.green)
    assert gg_review.equity(state)[gg_review.BOND] == p * calm + (1 - p) * startled
    result = review(GAME, session.options, [*session.actions, RollGreen((1, 1))])
    assert result.moments[-1].luck[gg_review.BOND] == (1 - p) * (calm - startled)
    assert result.moments[-1].luck[gg_review.BOND] > Fraction(0)


def test_the_printed_sheet_has_no_review():
    """With the printed sheet the app does not know what the cards do: no figure."""
    state = GAME.new_state({"mode": "companion", "effects": "sheet"})
    assert gg_review.equity(state) is None


def test_the_replay_draws_the_maze_as_it_was_laid_then(store):
    """The replay's picture at a step back is the maze as laid then, drawn as the live
    maze draws it with nothing to tap: Bond in his room then, the rooms entered by then, a
    section laid later not yet there; in companion mode the group's sections by name."""
    from companion.golden_gun.dashboard import GoldenGunDashboard
    from companion.golden_gun.engine import AddSection
    from companion.ui.review_view import ReviewView

    session = bot_game(26)  # lays three sections
    board = GoldenGunDashboard(store=store, session=session)
    view = ReviewView(lambda: session, board.replay_picture)
    now = session.state
    laid = [n for n, action in enumerate(session.actions) if isinstance(action, AddSection)]
    then_at = laid[-1]  # just before the last section is laid
    then = session.state_after(then_at)
    assert then.room is not None and then.room != now.room and then.sections < now.sections
    view.replay.show(then_at)
    html = view.replay.__panel__().html
    assert f'aria-label="{then.room}, Bond is here"' in html
    assert f'aria-label="{now.room}, Bond is here"' not in html
    for room in set(then.entered) - {then.room} - set(then.blues) - set(then.greens):
        assert f'aria-label="{room}, entered"' in html
    later = set(now.maze.rooms) - set(then.maze.rooms)
    assert later and not any(f'aria-label="{room},' in html for room in later)
    assert html.count('class="cell wall"') == len(then.maze.walls)
    # Nothing to tap: every room a picture of it, the only buttons the replay's four steps.
    assert html.count("<button") == 4
    assert html.count('role="img" aria-label="') == len(then.maze.rooms)
    view.replay.show(len(session.actions))
    assert f'aria-label="{now.room}, Bond is here"' in view.replay.__panel__().html

    companion = Session(GAME, {}, seed=1)
    picture = GoldenGunDashboard(store=store, session=companion).replay_picture(companion.state)
    assert 'aria-label="Section 1"' in picture and 'aria-label="1:A1, not entered"' in picture


def test_the_green_and_blue_cards_are_counted_against_their_chances():
    """Cards (HOUSE RULE counts: 32 green, 18 blue): the first green card turned over is
    any of the deck's, 5 of its 32 a 7; each card turned over adds every number's (or
    kind's) chance then, the chances its luck is weighed with, so the expected counts add
    up to the cards counted; face up once drawn, they are counted while the game runs."""
    session = bot_game(2)
    first = next(n for n, a in enumerate(session.actions, 1) if isinstance(a, Move))
    (green,) = review(GAME, session.options, session.actions[:first]).drawn
    assert green.many == "green cards" and green.total == 1
    assert green.expected == {number: Fraction(count, 32)
                              for number, count in rules.DEFAULT_GREEN_DECK.items()}
    result = review(GAME, session.options, session.actions)
    greens, blues = result.drawn
    assert blues.many == "blue cards" and list(blues.counts) == list(rules.BLUE_KINDS)
    for tally in (greens, blues):
        assert sum(tally.expected.values()) == tally.total > 0
    reveals = [a for a in session.actions if isinstance(a, Reveal)]
    assert blues.total == len(reveals) and blues.counts["Mannequin"] == sum(
        a.kind == "Mannequin" for a in reveals)


def test_the_chart_names_the_figure_the_summary_measures():
    """A newcomer's play-test: the summary measured "Bond's chance to live to the Solex
    Agitator" and the chart's axis said "chance to win (%)"."""
    session = bot_game(1)
    result = review(GAME, session.options, session.actions)
    assert result.unit == "chance to live to the Solex (%)"
    assert "live to the Solex Agitator" in result.equity_name
