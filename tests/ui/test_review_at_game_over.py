"""Issue 35: the review is at the game-over banner. When the game ends, the review section
comes first on the page and opens itself; after an undo it goes back to its place. Every
chance event and decision is a mark on its chart, the named moments diamonds."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import holoviews as hv
from bokeh.models import Patch, Scatter

from companion.core.review import review
from companion.core.session import Session
from companion.golden_goal import GAME
from companion.golden_goal.bot import bot_player
from companion.golden_goal.dashboard import GoldenGoalDashboard
from companion.goldfinger import GAME as GOLDFINGER
from companion.goldfinger.dashboard import GoldfingerDashboard
from companion.license_to_kill import GAME as LICENSE_TO_KILL
from companion.license_to_kill.dashboard import LicenseToKillDashboard
from companion.mb007_cards import GAME as CARDS
from companion.mb007_cards.bot import bot_action as cards_bot
from companion.mb007_cards.dashboard import CardsDashboard
from companion.mb007_cards.views import private_view
from companion.mb007_tiles import GAME as TILES
from companion.mb007_tiles.dashboard import TilesDashboard
from companion.ui.review_view import equity_chart, named_counts, summary_html
from companion.ui.roles import WATCHER
from companion.ui.template import sections_of


def review_card(board):
    return next(s for s in sections_of(board.__panel__())
                if getattr(s, "title", "").startswith("Review"))


def test_the_review_comes_first_and_opens_when_the_game_ends_and_goes_back_after_undo(store):
    played, rng = Session(GAME, {"match": "golden goal"}, seed=3), random.Random(3)
    while not played.state.is_over:
        played.act(bot_player(played.state, rng))
    *before, goal = played.actions  # every chance filled in
    board = GoldenGoalDashboard(store=store, session=Session(GAME, played.options, seed=3,
                                                              store=store))
    card = review_card(board)
    for action in before:
        board.act(action)
    assert card.collapsed and card.styles.get("order", "0") == "0"
    board.act(goal)
    assert board.session.state.is_over
    assert not card.collapsed and card.styles["order"] == "-1"  # after the header (-2)
    _card, view = board._review
    view.wait()
    assert view._summary.object.count("at the end. Luck gave") == 2  # Orange and Blue
    board.undo()
    assert card.styles["order"] == "0" and not card.collapsed  # left open, in its place


def test_the_section_with_the_new_game_comes_before_the_opened_review(store):
    """A newcomer's card game: at its end the review opened first on the page, and the
    "Start a new game" key of the "Your choice" section was 3,000 px below it. Now that
    section leads, the review next to it, and both go back after an undo."""
    played, rng = Session(CARDS, {"players": 2}, seed=6), random.Random(6)
    while not played.state.is_over:
        state = played.state
        seat = state.to_act if state.to_act is not None else 0
        played.act(cards_bot(private_view(state, seat), rng))
    *before, last = played.actions
    board = CardsDashboard(store=store, session=Session(CARDS, played.options, seed=6,
                                                         store=store))
    sections = sections_of(board.__panel__())
    card = next(s for s in sections if s.title.startswith("Review"))
    turn = next(s for s in sections if s.title == "Your choice")
    assert sections.index(turn) > 0  # the table comes first while the game is on
    for action in before:
        board.act(action)
    board.act(last)
    assert board.session.state.is_over
    lead = [s for s in sections if s.styles.get("order") == "-1"]
    assert lead == [turn, card] and not card.collapsed  # in the page's order: turn first
    assert "Start a new game" in board.pad.html
    board.undo()
    assert {s.styles.get("order", "0") for s in (turn, card)} == {"0"}


def test_every_chance_event_and_decision_is_marked_and_the_named_ones_are_diamonds(store):
    session = Session(GAME, {"match": "golden goal"}, seed=4)
    rng = random.Random(4)
    while not session.state.is_over:
        session.act(bot_player(session.state, rng))
    result = review(GAME, session.options, session.actions)
    chart = hv.render(equity_chart(result, result.is_chance, hv.streams.Stream.define(
        "At", at=0)(), lambda **_: None))
    marked = sum(len(r.data_source.data["action"]) for r in chart.renderers
                 if isinstance(getattr(r, "glyph", None), Scatter))
    assert marked == sum(m.kind != "other" for m in result.moments) > 0
    bands = [r for r in chart.renderers if isinstance(getattr(r, "glyph", None), Patch)]
    assert bands == []  # Golden Goal's estimate claims no measured error: no band
    estimate = hv.render(equity_chart(replace(result, error=Fraction(1, 2)), False,
                                      hv.streams.Stream.define("At", at=0)(), lambda **_: None))
    bands = [r.data_source.data for r in estimate.renderers
             if isinstance(getattr(r, "glyph", None), Patch)]
    assert len(bands) == len(result.sides)  # each side's line in a band of ±0.5
    assert max(bands[0]["y"]) - min(bands[0]["y"]) >= 1
    counts = {side: named_counts(result, side) for side in result.sides}
    assert sum(sum(c.values()) for c in counts.values()) == sum(bool(m.words)
                                                                for m in result.moments) > 0
    page = summary_html(result, result.is_chance, over=True)
    for named in counts.values():
        if named:
            told = "; ".join(f"{word} {n}" for word, n in named.items())
            assert f"Named moments: {told}." in page


def test_every_device_has_the_review_to_replay_on_its_own(store):
    """Issue 35: "every device can replay on its own": a player's phone and a watcher
    have the Review section too (public figures only: the cheater's tests in
    tests/ui/test_replay_cheater.py), closed until opened."""
    for game, dashboard, options in [
            (GOLDFINGER, GoldfingerDashboard, {"map": "sample"}),
            (LICENSE_TO_KILL, LicenseToKillDashboard, {}),
            (CARDS, CardsDashboard, {"players": 2}),
            (TILES, TilesDashboard, {"players": 2, "mode": "tablet"})]:
        session = Session(game, options, seed=5, store=store)
        dashboard(store=store, session=session)  # the tablet: the device that started it
        phone = dashboard(store=store, session=session)
        phone.role = WATCHER  # another device on the table's link
        assert not phone.is_tablet
        cards = [s for s in sections_of(phone.__panel__())
                 if getattr(s, "title", "").startswith("Review")]
        assert len(cards) == 1 and cards[0].collapsed, game.name


def test_the_charts_legend_sits_above_the_plot_not_over_its_lines():
    """A newcomer's card game: Seat 2's rise from 50% to 100% in the first moves ran behind
    a legend drawn in the plot's top left corner. The legend is above the plot, three sides
    to a row (six seats fit a phone's chart in two rows)."""
    from bokeh.models import Legend

    session = Session(GAME, {"match": "golden goal"}, seed=4)
    rng = random.Random(4)
    while not session.state.is_over:
        session.act(bot_player(session.state, rng))
    result = review(GAME, session.options, session.actions)
    at = hv.streams.Stream.define("At", at=0)()
    chart = hv.render(equity_chart(result, result.is_chance, at, lambda **_: None))
    assert not [item for item in chart.center if isinstance(item, Legend)]
    legends = [item for item in chart.above if isinstance(item, Legend)]
    assert len(legends) == 1 and legends[0].ncols == 2  # Orange and Blue, one row
    six = replace(result, sides=tuple(f"Seat {n}" for n in range(1, 7)),
                  start={f"Seat {n}": Fraction(0) for n in range(1, 7)}, moments=())
    chart = hv.render(equity_chart(six, False, at, lambda **_: None))
    assert [item.ncols for item in chart.above if isinstance(item, Legend)] == [3]
