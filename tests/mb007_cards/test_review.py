"""The card game's review (issue 35, game review): each seat's chance to win, from what the
whole table has seen. The books balance; only a settlement moves the chances; a combination
shown against calls is its holder's luck; the best answers and an announcement better than
passing cost nothing; a down card not yet shown changes nothing in the review, on the page
or in the file; a hostile log is refused in words."""

from __future__ import annotations

import random
from concurrent.futures import Future
from fractions import Fraction

import pytest

from companion.core.errors import CompanionError
from companion.core.review import count_drawn, review
from companion.core.session import Session
from companion.mb007_cards import GAME, piles, rules
from companion.mb007_cards import review as cr
from companion.mb007_cards.actions import (
    Announce,
    Deal,
    Draw,
    DrawCard,
    Pass,
    Replace,
    Respond,
    Reveal,
    TakeCards,
)
from companion.mb007_cards.bot import bot_action
from companion.mb007_cards.standings import win_shares
from companion.mb007_cards.views import private_view
from companion.ui.review_view import ReviewView, moments_html, summary_html
from tests import reviews

from .helpers import deal_cards


def bots_game(seed: int, players: int = 4, **options) -> Session:
    session = Session(GAME, {"players": players, **options}, seed)
    rng = random.Random(seed)
    while not session.state.is_over:
        state = session.state
        seat = state.to_act if state.to_act is not None else 0
        session.act(bot_action(private_view(state, seat), rng))
    return session


def states_of(session_or_log, options) -> list:
    return reviews.states_of(GAME, options, session_or_log)


@pytest.mark.parametrize(("seed", "players", "options"), [
    (3, 4, {}), (8, 2, {}), (21, 6, {}), (5, 3, {"choose_after_drawing": False}),
    (13, 4, {"show_caught_bluff": False})])
def test_the_books_balance_and_the_end_is_exact(seed, players, options):
    session = bots_game(seed, players, **options)
    result = review(GAME, session.options, session.actions)
    assert result.exact and result.is_chance
    for side in result.sides:
        assert abs(result.start[side] - Fraction(1, players)) < Fraction(1, 10 ** 6)
        assert result.start[side] + result.luck(side) + result.skill(side) + \
            result.given(side) == result.final[side]
        assert result.skill(side) <= 0
    best = max(seat.points for seat in session.state.seats)
    winners = [seat.name for seat in session.state.seats if seat.points == best]
    assert result.final == {seat.name: Fraction(int(seat.name in winners), len(winners))
                            for seat in session.state.seats}


def test_only_a_settlement_moves_the_chances():
    """The equity counts no card: the deal, draws, replacements, passes and answers still
    to come move nothing; a settlement is reviewed as choices shown."""
    session = bots_game(3)
    states = states_of(session.actions, session.options)
    result = review(GAME, session.options, session.actions)
    settled = 0
    for state, action, moment in zip(states, session.actions, result.moments, strict=False):
        if cr.settles(state, action):
            assert moment.kind == "shown"
            settled += 1
        else:
            assert moment.kind == "other" and moment.equity_after == moment.equity_before
    assert settled > 5


def draw_and_announce(drawn, bet: int) -> list:
    """Two players; Seat 2 (index 1) holds 5, 2, 5, draws `drawn` into his down card and
    announces; Seat 1 answers `bet`."""
    return [Deal(deal_cards({0: (1, 3, 7), 1: (5, 2, 5)})), DrawCard(drawn), Replace("down"),
            Announce(), Respond(0, bet)]


@pytest.mark.parametrize("bet", [1, 2, 3])
def test_a_good_draw_shown_against_a_call_is_its_holders_luck(bet):
    """Rules for Play 6a: a combination called wins the bet and 1 from the pot. The draw
    that made it, shown at the settlement, is luck for its holder and bad luck for the
    caller, in equal measure (two seats); a bluff called, the same answer, is not luck."""
    made = review(GAME, {"players": 2}, draw_and_announce(5, bet)).moments[-1]
    missed = review(GAME, {"players": 2}, draw_and_announce(6, bet)).moments[-1]
    assert made.luck["Seat 2"] > 0 > made.luck["Seat 1"]
    assert made.luck["Seat 2"] == -made.luck["Seat 1"]
    assert missed.luck["Seat 2"] < made.luck["Seat 2"]


def test_the_best_answers_and_a_held_announcement_cost_nothing():
    """At every settlement of a bots' game, answered instead as the review counts best, no
    answer costs its seat anything; and announcing a combination held costs the announcer
    nothing (but the estimate's rounding, a millionth)."""
    session = bots_game(3)
    states = states_of(session.actions, session.options)
    checked = 0
    for state, action in zip(states, session.actions, strict=False):
        if not isinstance(action, Announce):
            continue
        now = state.apply(action)
        table = cr.Settlement(cr.public_view(now))
        answers: tuple = ()
        while len(answers) + 1 < len(now.responders()):
            seat = now.responders()[len(answers)]
            answers = (*answers, (seat, table.best_answer(answers)))
            now = now.apply(Respond(*answers[-1]))
        seat = now.responders()[-1]
        last = Respond(seat, table.best_answer(answers))
        shown = cr.secret_choices(now, last)
        holder = state.seats[state.turn]
        for index in now.responders():
            assert shown.skill[now.seats[index].name] == 0
        if holder.down is not None and cr.rules.is_winning((*holder.up, holder.down)):
            assert shown.skill[holder.name] >= -Fraction(1, 10 ** 6)  # the rounding, at most
        checked += 1
    assert checked > 5


def test_an_answer_worse_than_the_best_costs_what_the_best_would_have_given():
    """The caller's cost is his chance after his answer less after the best; the other seat
    is given the difference (two seats: the same, the other way)."""
    state = states_of(draw_and_announce(5, 1), {"players": 2})[4]
    table = cr.Settlement(cr.public_view(state))
    best = table.best_answer(())
    for bet in (0, 1, 2, 3):
        shown = cr.secret_choices(state, Respond(0, bet))
        cost = table.value(((0, bet),))[0] - table.value(((0, best),))[0]
        assert shown.skill["Seat 1"] == cost
        assert shown.given["Seat 2"] == -cost
        assert (cost == 0) == (bet == best)


def test_the_equity_is_the_standings_estimate():
    state = states_of(draw_and_announce(5, 1), {"players": 2})[-1]
    shares = win_shares([s.points for s in state.seats], [True, True], sum(state.pot))
    assert {k: float(v) for k, v in cr.equity(state).items()} == pytest.approx(
        {"Seat 1": shares[0], "Seat 2": shares[1]}, abs=1e-6)


# Secrets: as a cheater would look for them.

THREE = {"players": 3}


def hidden_answerer(down) -> list:
    """Three players. Seat 2 (index 1) holds three 5s and announces at once; Seat 3 (index
    2), whose down card is `down`, and Seat 1 answer; then Seat 3 draws into his left up
    card and passes, and Seat 1 draws. Seat 3's down card is never shown."""
    hands = {0: (1, 2, 2), 1: (5, 5, 5), 2: (3, down, 6)}
    return [Deal(deal_cards(hands)), Announce(), Respond(2, 1), Respond(0, 0),
            DrawCard(1), Replace("left"), Pass(), DrawCard(7), Replace("right"), Pass()]


def reviewed_everywhere(options, log) -> list:
    """Everything the review shows of `log` after each action: the numbers, the words on
    the page, the chart's points, the replay's text and the exported file."""
    seen = []
    for n in range(len(log) + 1):
        result = review(GAME, options, log[:n])
        chart = [(m.position, m.equity_before, m.equity_after, m.luck, m.skill, m.given,
                  m.skills, m.unexplained, m.words, m.text, m.kind, m.side)
                 for m in result.moments]
        page = summary_html(result, True) + moments_html(result, True, shown=None)
        seen.append((result.start, result.final, chart, page))
    return seen


def test_a_down_card_never_shown_changes_nothing_in_the_review(store):
    """Two games that differ only in Seat 3's down card, never shown: the same review after
    every action (numbers, words, chart points), though his card is 4 in one and 7 in the
    other; and the same in the app's Review section (summary, moments, every replay step
    with its picture of the table) and in its exported file."""
    first, second = hidden_answerer(4), hidden_answerer(7)
    assert states_of(first, THREE)[-1].seats[2].down != states_of(second, THREE)[-1].seats[2].down
    assert reviewed_everywhere(THREE, first) == reviewed_everywhere(THREE, second)
    assert section_everywhere(store, THREE, first) == section_everywhere(store, THREE, second)


def section_everywhere(store, options, log) -> list:
    """The card app's Review section after each action: summary, moments, the chart's
    points, every replay step (the table pictured as it stood) and the file."""
    from companion.mb007_cards.dashboard import CardsDashboard

    session = Session(GAME, options, seed=1, store=store)
    board = CardsDashboard(store=store, session=session)
    view = ReviewView(lambda: board.session, board.replay_picture)
    seen = []
    for action in log:
        board.session.act(action)
        view.refresh()
        steps = []
        for at in range(len(board.session.actions) + 1):
            view.replay.show(at)
            steps.append(view.replay.__panel__().html)
        result = view._result
        chart = [[(m.position, m.equity_after) for m in result.moments]]
        file = view._file().getvalue()
        seen.append([view._summary.object, view._moments.object, chart, steps, file,
                     view._drawn_views[0]._words.object])
    return seen


def bluff_or_not(down) -> list:
    """Two players: Seat 2 (index 1) holds 5, `down`, 5 and announces at once; Seat 1
    answers."""
    return [Deal(deal_cards({0: (1, 3, 7), 1: (5, down, 5)})), Announce(), Respond(0, 2)]


def test_whether_the_announcer_bluffs_is_not_told_before_the_settlement():
    """Seat 2 announces holding (a 5 down) or bluffing (a 1 down): until the answer settles
    it, the review is the same; the settlement shows it (the review then differs, as the
    table saw the card)."""
    holding, bluffing = bluff_or_not(5), bluff_or_not(1)
    options = {"players": 2}
    before_holding = reviewed_everywhere(options, holding[:-1])
    assert before_holding == reviewed_everywhere(options, bluffing[:-1])
    assert review(GAME, options, holding).moments[-1].luck != \
        review(GAME, options, bluffing).moments[-1].luck


def test_a_real_table_is_reviewed_at_the_card_tapped_in():
    """Table mode: the app knows no down card; the settlement is the Reveal."""
    options = {"players": 2, "mode": "table"}
    log = [Deal((1, 7, 5, 5)), Announce(), Respond(0, 1), Reveal(5)]
    result = review(GAME, options, log)
    assert [m.kind for m in result.moments] == ["other", "other", "other", "shown"]
    assert result.moments[-1].luck["Seat 2"] > 0
    assert review(GAME, options, [*log[:3], Reveal(2)]).moments[-1].luck["Seat 2"] < \
        result.moments[-1].luck["Seat 2"]


@pytest.mark.parametrize(("options", "log"), [
    ({"players": 9}, []),
    ({"players": 2, "mode": "tablet"}, [{"type": "Nonsense"}]),
    ({"players": 2}, [Announce()]),
    ({"players": 2}, [{"type": "Deal", "cards": ["x"] * 6}]),
    ({"players": 2}, [Deal(deal_cards({0: (1, 3, 7), 1: (5, 5, 5)})), Announce(),
                      Respond(0, 99)]),
    ({"players": 2}, [Deal(deal_cards({0: (1, 3, 7), 1: (5, 5, 5)})), Announce(),
                      Respond(1, 1)]),
    ({"players": 2}, [Deal(deal_cards({0: (1, 3, 7), 1: (5, 5, 5)})), Draw("middle", 1)]),
    ({"players": 2}, [Deal(deal_cards({0: (1, 3, 7), 1: (5, 5, 5)})), Announce(),
                      {"type": "Respond", "seat": "0", "bet": 1e300}]),
    ({"players": 2, "mode": "table"}, [Deal((1, 7, 5, 5)), Announce(), Respond(0, 1),
                                        Reveal(5), Reveal(5)]),
])
def test_a_hostile_log_is_refused_in_words(options, log):
    with pytest.raises(CompanionError):
        review(GAME, options, log)


def test_the_app_reviews_a_game_after_a_few_actions_and_at_its_end(store):
    """The card app's Review section (the kit's), opened a few actions into a game against
    three bots and again at its end: every seat's books in his chance to win, said to be an
    estimate that is exact at the end, the replay and the file."""
    from companion.mb007_cards.dashboard import CardsDashboard

    session = Session(GAME, {"players": 4, "bots": [1, 2, 3]}, seed=3, store=store)
    board = CardsDashboard(store=store, session=session)
    board.__panel__()
    section, view = board._review
    assert view is None  # made when first opened
    section.collapsed = False
    _section, view = board._review  # the kit's own view, as the page shows it
    rng = random.Random(3)

    def play(until) -> None:
        while not until():
            state = board.session.state
            seat = state.to_act if state.to_act is not None else 0
            board.session.act(bot_action(private_view(state, seat), rng))

    play(lambda: len(board.session.actions) >= 6)
    view.refresh()
    view.wait()
    page = view._summary.object
    assert "Measured in each seat&#x27;s chance to end with the most points" in page
    assert "an estimate from the points and the pot" in page
    assert all(f"<b>Seat {i}</b>: 25.0% at the start" in page for i in range(1, 5))
    assert "Action 6 of 6 (now)" in view.replay.__panel__().html
    play(lambda: board.session.state.is_over)
    view.refresh()
    view.wait()
    page, winner = view._summary.object, board.session.state.standings()[0][0]
    assert f"<b>{winner}</b> won: 25.0% at the start, 100.0% at the end. Luck gave " in page
    assert f"{winner}'s own choices cost" in page and "the others' choices gave" in page
    assert "The books balance exactly" in page
    assert view._chart.visible and "review-moments" in view._moments.object
    assert winner in view._file().getvalue()


def test_each_card_counts_its_kinds_share_of_the_pile_just_before_it():
    """Rules for Play 9 (the refill): a 2 then a 1 from a pile of 1 and 2, then a 007 from
    the discards 007, 007, 1 shuffled into a new pile: the 2 had 1/2 of the pile, the 1
    all of it, the 007 2/3."""
    drawn = piles.chances_of_each((1, 2), ("007", "007", 1), (2, 1, "007"))
    assert drawn == [(2, {1: Fraction(1, 2), 2: Fraction(1, 2)}), (1, {1: Fraction(1)}),
                     ("007", {"007": Fraction(2, 3), 1: Fraction(1, 3)})]


def test_the_cards_are_counted_at_the_end_of_a_tablet_game_when_asked_and_never_at_a_table():
    """Tablet mode: every card dealt and drawn, against a fair shuffle, once the game is
    over (down cards are among them) and only when the table asks, warned that the count
    tells every down card still held; not one action before, asked or not; table mode:
    none, and the review says why."""
    session = bots_game(3)
    ended = review(GAME, session.options, session.actions)
    assert ended.drawn == () and ended.drawn_asks
    assert ended.drawn_note == cr.DRAWN_WHEN_ASKED and "tells every down card" in \
        ended.drawn_note
    (over,) = count_drawn(GAME, session.options, session.actions)
    dealt = sum(len(a.cards) for a in session.actions if isinstance(a, Deal | TakeCards))
    drawn = sum(isinstance(a, Draw | DrawCard) for a in session.actions)
    assert over.total == dealt + drawn
    assert sum(over.expected.values()) == over.total
    assert over.many == "cards" and list(over.counts) == list(rules.CARDS)
    running = review(GAME, session.options, session.actions[:-1])
    assert running.drawn == () and running.drawn_note == cr.DRAWN_AT_THE_END
    assert not running.drawn_asks
    assert count_drawn(GAME, session.options, session.actions[:-1]) == ()
    table = {"players": 2, "mode": "table"}
    log = [Deal((1, 2, 3, 4))]
    assert review(GAME, table, log).drawn == ()
    assert review(GAME, table, log).drawn_note == cr.DRAWN_AT_A_TABLE
    assert count_drawn(GAME, table, log) == ()


class NeverDone:
    """A worker that takes a review and never answers."""

    def submit(self, *_job) -> Future:
        return Future()


def test_the_cards_are_counted_on_the_page_when_asked_and_leave_it_with_an_undo(store):
    """At the game's end the Review section warns what a count of the cards tells and
    offers it; asked, the section and its file show the cards against a fair shuffle; an
    undo of the last action takes them off both at once, before any new review is worked
    out, as the down cards are in play again."""
    from companion.mb007_cards.dashboard import CardsDashboard

    finished = bots_game(3)
    session = Session(GAME, finished.options, seed=1, store=store)
    for action in finished.actions:
        session.act(action)
    board = CardsDashboard(store=store, session=session)
    view = ReviewView(lambda: board.session, board.replay_picture)
    view.refresh()
    assert view._drawn_views[0]._words.object == f"<p>{cr.DRAWN_WHEN_ASKED}</p>"
    assert view._count.visible and "The cards" not in view._file().getvalue()
    view._count.clicks += 1
    assert "The cards</h3>" in view._drawn_views[0]._words.object
    assert not view._count.visible
    assert "<h2>The cards</h2>" in view._file().getvalue()
    board.session.undo()
    view._worker = NeverDone()  # as served: the new review is not back yet
    view.refresh()
    assert view._drawn_views[0]._words.object == ""
    assert "The cards" not in view._file().getvalue() and not view._count.visible
