"""The game review on the page: each side's luck and skill in words, the equity over the
game with its lucky and unlucky moments marked, a replay of every action (a tap on the
chart moves it there), and the dice, cards and tiles against chance.

Worked out by `companion.core.review` from the session's log when the section is opened,
and again after each change while it is open (a closed section costs nothing). A game that
does not value its positions yet shows its dice alone, and says so.

Served, the review is worked out in the worker process and its progress is a bar in the
summary's own box ("Working out the review: 40 of 112 moments"): the job writes its counts
on the server's progress board (`companion.ui.worker.progress_board`) and the page reads
them every `POLL_MS` while it waits, and only then.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import logging
import math
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from dataclasses import replace
from fractions import Fraction
from html import escape

import holoviews as hv
import holoviews.plotting.bokeh  # the styling options below are Bokeh's
import panel as pn

from companion.core.errors import CompanionError
from companion.core.progress import reporting
from companion.core.review import Review, count_drawn, drawn_may_stay, review
from companion.core.session import Session
from companion.core.tally import Tally, dice_tally, rolls_dice
from companion.ui.replay_view import Advice, Picture, ReplayView, WorkedOut
from companion.ui.review_file import review_file, side_colours
from companion.ui.tally_view import TallyView
from companion.ui.theme import button, download_button
from companion.ui.worker import (
    BrokenProcessPool,
    ProgressBoard,
    RestartingPool,
    on_the_page,
    progress_board,
)

log = logging.getLogger(__name__)
SHOWN_MOMENTS = 12  # the named moments listed, newest last
LUCKY, UNLUCKY, ERROR = "#2e7d32", "#b71c1c", "#e65100"
WORD_ORDER = ("very lucky", "lucky", "unlucky", "very unlucky", "inaccuracy", "mistake",
              "blunder")  # the order a side's named moments are counted in
WIDE = {"sizing_mode": "stretch_width"}
LEGEND_ROW = 30  # px: a row of the equity chart's legend, above the plot
POLL_MS = 250  # how often a page waiting for its review reads the progress board
_KEYS = itertools.count(1)  # a review's key on the progress board: unique in the server


def amount(value: Fraction, is_chance: bool) -> str:
    """An equity or a change of it: for a chance, in percentage points, written with % as
    the chance itself is (a card game's "points" are its chips: a newcomer read "Luck gave
    -6.6 points" as chips lost), else the game's unit."""
    if is_chance:
        return f"{float(value) * 100:+.1f}%"
    return f"{float(value):+.2f}"


def gift(value: Fraction, is_chance: bool) -> str:
    """What luck or the others gave a side: "nothing" for none ("+0.00" read as a figure
    rounded away)."""
    return amount(value, is_chance) if value else "nothing"


def size(value: Fraction, is_chance: bool) -> str:
    """A change without its sign ("what the choices cost")."""
    return amount(abs(value), is_chance).lstrip("+")


def level(value: Fraction, is_chance: bool) -> str:
    return f"{float(value) * 100:.0f}%" if is_chance else f"{float(value):+.2f}"


def books(value: Fraction, is_chance: bool) -> str:
    """An equity to one decimal, as `amount` writes the changes: a side's sentence adds up."""
    return f"{float(value) * 100:.1f}%" if is_chance else f"{float(value):+.2f}"


def summary_html(result: Review, is_chance: bool, over: bool = False) -> str:
    """Each side's books in a sentence or two, GNU Backgammon's way: where it started, how
    it ended (`over`: the game is over), what luck gave it, what its own choices cost and
    what the others' gave it ("Bond won: 12.0% at the start, 100.0% at the end. Luck gave
    +97.0%; Bond's own choices cost 9.0%.")."""
    choices = any(m.kind in ("decision", "shown") for m in result.moments)
    lines = []
    for side in result.sides:
        final = result.final[side]
        outcome = ""
        if over and is_chance and final in (0, 1):
            outcome = " won" if final == 1 else " lost"
        parts = [f"Luck gave {gift(result.luck(side), is_chance)}"]
        if choices:
            skill = result.skill(side)
            parts.append(f"{escape(side)}'s own choices cost "
                         f"{size(skill, is_chance) if skill else 'nothing'}")
            if len(result.sides) > 1:
                parts.append(f"the others' choices gave {gift(result.given(side), is_chance)}")
        rest = result.unexplained(side)
        if rest:
            parts.append(f"the estimate leaves {amount(rest, is_chance)} unexplained")
        counts = named_counts(result, side)
        named = "; ".join(f"{escape(word)} {count}" for word, count in counts.items())
        lines.append(f"<li><b>{escape(side)}</b>{outcome}: {books(result.start[side], is_chance)}"
                     f" at the start, {books(final, is_chance)} "
                     f"{'at the end' if over else 'now'}. {'; '.join(parts)}."
                     f"{f' Named moments: {named}.' if named else ''}</li>")
    exact = ("The books balance exactly: the start plus these comes to the end."
             if result.exact else
             "These figures are an estimate: what it cannot explain is counted apart, so the "
             "start plus these still comes to the end.")
    return (f'<p class="review-name">Measured in {escape(result.equity_name)}.</p>'
            f'<ul class="review-sides">{"".join(lines)}</ul><p>{exact}</p>')


def named_counts(result: Review, side: str) -> dict[str, int]:
    """How many named moments of each kind are `side`'s, as the list below names them: a
    chance event's for the side it favoured most (the only side of a one-side game), a
    choice's for the side that made it; in `WORD_ORDER`, then any game's own words."""
    counts: dict[str, int] = {}
    for m in result.moments:
        if not m.words:
            continue
        if m.kind == "decision" or (m.kind == "shown" and m.side):
            whose = m.side
        else:
            whose = max(m.luck, key=lambda s: m.luck[s]) if m.luck else None
        if whose == side or len(result.sides) == 1:
            counts[m.words] = counts.get(m.words, 0) + 1
    order = {word: n for n, word in enumerate(WORD_ORDER)}
    return dict(sorted(counts.items(), key=lambda item: order.get(item[0], len(order))))


def moments_html(result: Review, is_chance: bool, shown: int | None = SHOWN_MOMENTS) -> str:
    """The named moments, newest last (the last `shown` of them; None: all)."""
    named = [m for m in result.moments if m.words]
    named = named[-shown:] if shown else named
    if not named and result.exact:
        return "<p>No moment stood out: nothing lucky, unlucky or costly so far.</p>"
    if not named:  # an estimate: a roll it does not value may still have been a long shot
        return ("<p>No moment stood out by the estimate: nothing it values was lucky, "
                "unlucky or costly so far. What it does not value is left unexplained, "
                "above.</p>")
    items = []
    for m in named:
        if m.kind == "decision" or (m.kind == "shown" and m.side):
            # a choice that cost its side (a secret one, once shown, is named for its side)
            value = m.skill if m.kind == "decision" else m.skills[m.side]
            whose, colour = f"{m.side}: " if len(result.sides) > 1 else "", ERROR
        else:  # luck, told for the side it favoured when there are two or more
            side = m.told_for(result.sides)
            value = m.luck[side] if len(result.sides) > 1 else max(m.luck.values(), key=abs)
            whose = f" for {side}" if len(result.sides) > 1 else ""
            colour = LUCKY if value > 0 else UNLUCKY
        words = f"{whose}{m.words}" if colour == ERROR else f"{m.words}{whose}"
        items.append(f'<li><b style="color:{colour}">{escape(words)}</b> '
                     f"({amount(value, is_chance)}): {m.position}. {escape(m.text)}</li>")
    return f'<ul class="review-moments">{"".join(items)}</ul>'


def equity_chart(result: Review, is_chance: bool, at: hv.streams.Stream,
                 on_tap: Callable[..., None]) -> hv.DynamicMap:
    """Each side's equity after every action (for an estimate, in a band as wide as its
    measured error), every chance event and decision marked on it, and a line at the
    action the replay shows (`at`), which moves alone. A tap anywhere on it calls
    `on_tap(x=..., y=...)`."""
    scale = 100 if is_chance else 1
    ylabel = result.unit
    curves = []
    colours = side_colours(result.sides)
    bands = []
    for side in result.sides:
        points = [(0, float(result.start[side]) * scale)] + [
            (m.position, float(m.equity_after[side]) * scale) for m in result.moments]
        curves.append(hv.Curve(points, "action", ylabel, label=side).opts(
            line_width=2, color=colours[side], tools=["tap"], default_tools=[]))
        if result.error is not None:  # an estimate: how far off it may be, measured
            spread = float(result.error) * scale
            bands.append(hv.Spread([(x, y, spread) for x, y in points], "action",
                                   [ylabel, "error"]).opts(
                color=colours[side], alpha=0.12, line_alpha=0, default_tools=[]))

    def marks(named: bool) -> list[tuple[int, float, str]]:
        return [(m.position, float(m.equity_after[m.told_for(result.sides)]) * scale,
                 m.words or m.kind) for m in result.moments
                if m.kind != "other" and bool(m.words) == named]

    # Every chance event and decision a dot; the named moments a diamond. A tap selects
    # the mark under it: Bokeh would fade every other one, though the replay may step on.
    kept = {"nonselection_alpha": 1.0, "selection_alpha": 1.0, "tools": ["tap"],
            "default_tools": []}
    overlay = hv.Overlay(bands + curves)
    for named, look in ((False, {"size": 5, "color": "#777777", "marker": "circle", "alpha": 0.7}),
                        (True, {"size": 12, "color": "#000000", "marker": "diamond"})):
        points = marks(named)
        if points:
            overlay = overlay * hv.Scatter(points, "action", [ylabel, "moment"]).opts(
                **look, **kept)
    # A Tap stream hears the whole plot, but only from an element of it, not the overlay.
    hv.streams.Tap(source=curves[0], transient=True).add_subscriber(on_tap)
    chart = overlay * hv.DynamicMap(replay_line, streams=[at])
    # The legend above the plot, not over its lines (a game's first moves are often at its
    # top left); three sides to a row, so a phone's narrow chart holds six; the chart taller
    # by its rows, so the plot keeps its height.
    rows = math.ceil(len(result.sides) / 3) if len(result.sides) > 1 else 0
    return chart.opts(responsive=True, height=220 + LEGEND_ROW * rows, toolbar=None,
                      default_tools=[], show_legend=rows > 0, legend_position="top",
                      legend_cols=min(len(result.sides), 3))


def review_title(game_title: str, name: str) -> str:
    """The downloaded file's heading: a game left with its default name (the game's own
    title) is not 'Dice Lab: the review of Dice Lab'."""
    return f"{game_title}: the review" if name == game_title else \
        f"{game_title}: the review of {name}"


def replay_line(at: int) -> hv.VLine:
    """The line at the action the replay shows."""
    return hv.VLine(at).opts(color="#555555", line_dash="dotted", line_width=2)


NO_REVIEW_YET = "This game has no review of luck and skill yet."


def progress_html(total: int, done: int | None = None) -> str:
    """The review being worked out: a bar of `done` moments of `total`; without `done`
    (the worker has not begun it), a bar that only says it is under way. Counts alone."""
    if done is None:
        bar, words = "<progress", f"Working out the review of {total} actions…"
    else:
        bar, words = (f'<progress value="{done}"',
                      f"Working out the review: {done} of {total} moments")
    return (f'<p class="review-progress" aria-live="polite">{bar} max="{max(total, 1)}" '
            f'aria-label="The review worked out so far"></progress> {words}</p>')


def _reviewed(work: Callable[[], Review]) -> tuple[Review | None, str]:
    """The review `work` gives, or why there is none, in words."""
    try:
        return work(), ""
    except BrokenProcessPool:
        return None, ("The helper working out the review stopped. Close this section and "
                      "open it again to try once more.")
    except CompanionError as error:
        return None, f"No review of this game: {error}."
    except Exception:  # a fault of the app's: the page says so rather than wait for ever
        log.exception("the review could not be worked out")
        return None, "The review could not be worked out (the server's log says why)."


class ReviewView(pn.viewable.Viewer):
    """The review of the game `session()` holds, drawn by `refresh`; `picture` draws the
    table as it stood for the replay (None: the replay tells the actions only), `advice` the
    odds and advice the tablet showed then (None: none)."""

    def __init__(self, session: Callable[[], Session], picture: Picture | None = None,
                 worker: RestartingPool | None = None, progress: ProgressBoard | None = None,
                 advice: Advice | None = None, worked_out: WorkedOut | None = None):
        super().__init__()
        self._session = session
        self._worker = worker  # None: worked out here and now (a notebook, a test)
        # Where the worker tells how far it has got (the server's, with a worker).
        self._progress = progress or (progress_board() if worker is not None else None)
        if self._progress is not None:
            self._progress.board()  # started when the page is built, not on a tap
        self._doc = pn.state.curdoc
        self._served = self._doc is not None and self._doc.session_context is not None
        if self._served:
            self._doc.on_session_destroyed(self._closed)
        self._key = ""  # the progress board's key of the review now due ("": untold)
        self._told: tuple | None = None  # the progress last shown
        self._polling = None  # the page's periodic read of the board, while it waits
        self._future: Future | None = None
        self._settled = threading.Event()  # the answer to the review now due was dealt with
        self._asked: tuple = ()  # the game as it was when the review now due was asked for
        self._result: Review | None = None
        self._at = hv.streams.Stream.define("ReplayAt", at=0)()
        self._summary = pn.pane.HTML(**WIDE)
        self._chart = pn.pane.HoloViews(None, visible=False, css_classes=["review-chart"], **WIDE)
        self._moments = pn.pane.HTML(**WIDE)
        self.replay = ReplayView(session, picture, self._replay_moved, advice, worked_out)
        self._dice = TallyView("review-dice", "die face")
        self._drawn_views = [TallyView("review-drawn")]  # one for each pile the game draws from
        self._count = button("Count the cards (tells every down card)", self._count_drawn,
                             visible=False, wrap=True, sizing_mode="stretch_width")
        self._counted: tuple[Tally, ...] = ()  # counted when the table asked, until a change
        self._drawn = pn.Column(*self._drawn_views, self._count, **WIDE)
        self._note = ""
        self._download = download_button("Download this review (HTML)", callback=self._file,
                                         filename="review.html")

    def refresh(self) -> None:
        """The review of the game as it is now: the dice at once, the luck and skill from
        the worker when it has them (a long review never holds up a tap)."""
        session = self._session()
        self._download.filename = f"{session.game.name}-review.html"
        self._dice.show(dice_tally(session.actions),
                        "No dice rolled yet." if rolls_dice(session.game) else "")
        if session.game.reviewer is None:
            self._show(None, NO_REVIEW_YET)
            return
        self._asked = asked = (session.id, session.revision, len(session.actions))
        shown = self._result
        if shown is not None and (shown.drawn or shown.drawn_asks or self._counted) and \
                not drawn_may_stay(session.game, session.state):
            # The game as it is now may not show them (an undo took its end back): they
            # leave the page and its download now, not when the new review comes.
            self._show(replace(shown, drawn=(), drawn_note="", drawn_asks=False), self._note)
        if self._future is not None:
            self._future.cancel()  # the game moved on before that review's turn came
            self._future = None
        self._stop_waiting()  # and one under way stops at its next report
        if self._worker is None:
            self._show(*_reviewed(lambda: review(session.game, session.options,
                                                 session.actions)))
            return
        total = len(session.actions)
        self._summary.object = progress_html(total)
        actions = [session.game.action_to_json(action) for action in session.actions]
        job = (review, session.game.name, dict(session.options), actions)
        board = self._progress.board() if self._progress is not None else None
        key = f"review-{next(_KEYS)}" if board is not None else ""
        if board is None:
            self._future = self._worker.submit(*job)
        else:
            self._progress.ask(key)  # the job reports while its key is on the board
            self._future = self._worker.submit(reporting, board, key, *job)
            self._key, self._told = key, None
            self._start_polling()
        self._settled = settled = threading.Event()
        self._future.add_done_callback(
            lambda done: self._done(done, asked, key, settled))

    def wait(self) -> None:
        """Until the review asked for last is on the page (tests, notebooks)."""
        future, settled = self._future, self._settled
        if future is not None:
            with contextlib.suppress(CancelledError):
                future.result()
            settled.wait()  # its callback runs just after the result is set

    def poll(self) -> None:
        """The review's progress as the worker last told it (every POLL_MS while a review is
        under way, served; a test or a notebook calls it)."""
        if not self._key:
            self._stop_polling()
            return
        told = self._progress.told(self._key)
        if told is not None and told != self._told:
            self._told = told
            done, total = told
            self._summary.object = progress_html(total, done)

    def _start_polling(self) -> None:
        if self._served and self._polling is None:
            self._polling = self._doc.add_periodic_callback(self.poll, POLL_MS)

    def _stop_polling(self) -> None:
        if self._polling is not None:
            with contextlib.suppress(ValueError):  # already gone with the session
                self._doc.remove_periodic_callback(self._polling)
            self._polling = None

    def _stop_waiting(self) -> None:
        """Nobody waits for the review under way any more: its key off the board (it stops
        at its next report), the page's reads stopped."""
        if self._key:
            self._progress.forget(self._key)
            self._key = ""
        self._stop_polling()

    def _closed(self, _context: object) -> None:
        """The page closed: a review under way for it stops (its reads went with it)."""
        self._polling = None
        self._stop_waiting()

    def _done(self, done: Future, asked: tuple, key: str, settled: threading.Event) -> None:
        try:
            if key:
                self._progress.forget(key)  # the job ended: nothing of it stays on the board
            if done.cancelled() or (done.exception() is None and done.result() is None):
                return  # never begun, or stopped: the page stopped waiting for it
            shown = _reviewed(done.result)

            def show() -> None:
                if self._asked == asked:  # else a newer review is on its way
                    self._stop_waiting()
                    self._show(*shown)
            on_the_page(self._doc, show)
        finally:
            settled.set()

    def _show(self, result: Review | None, note: str) -> None:
        self._result, self._note = result, note
        self._counted = ()  # asked for the game as it was: asked again for this one
        self._show_drawn(result.drawn if result else (), result.drawn_note if result else "",
                         result is not None and result.drawn_asks)
        if result is None:
            self._summary.object = f"<p>{escape(note)}</p>"
            self._chart.visible = False
            self._moments.object = ""
            self.replay.update(None, str)
            return
        is_chance = result.is_chance
        self._summary.object = summary_html(result, is_chance, self._session().state.is_over)
        self._moments.object = ('<h3 style="font-size:1.1rem">The moments that stood out</h3>'
                                + moments_html(result, is_chance))
        self.replay.update(result, lambda value: level(value, is_chance))
        self._draw_chart()

    def _show_drawn(self, tallies: tuple[Tally, ...], note: str, asks: bool = False) -> None:
        """Each pile's cards against their summed chances, or why not yet (and, where the
        table may ask for them, the button that counts them)."""
        self._count.visible = asks
        while len(self._drawn_views) < len(tallies):
            self._drawn_views.append(TallyView("review-drawn"))
            self._drawn.append(self._drawn_views[-1])
        for index, view in enumerate(self._drawn_views):
            if index < len(tallies):
                view.show(tallies[index])
            else:
                view.show(None, "" if index else note)

    def _draw_chart(self) -> None:
        """The chart anew (the game changed); the replay's line moves alone."""
        result = self._result
        if result is None or not result.moments:
            self._chart.visible = False
            return
        self._at.event(at=self.replay.position)
        self._chart.object = equity_chart(result, result.is_chance, self._at,
                                          self._chart_tapped)
        self._chart.visible = True

    def _file(self) -> io.StringIO:
        """The review as one HTML file that opens offline (`review_file`)."""
        session, result = self._session(), self._result
        is_chance = result is not None and result.is_chance
        title = review_title(session.game.title, session.name)
        return io.StringIO(review_file(
            title, result, self._note,
            [dice_tally(session.actions), *(result.drawn if result is not None else ()),
             *self._counted],
            summary_html(result, is_chance, session.state.is_over) if result else "",
            moments_html(result, is_chance, shown=None) if result else "",
            lambda value: level(value, is_chance)))

    def _count_drawn(self, _event: object = None) -> None:
        """The table asked for the count its review held back (`core.review.count_drawn`),
        for the game as it is now; a change of the game takes it off again."""
        session = self._session()
        try:
            counted = count_drawn(session.game, session.options, session.actions)
        except CompanionError as error:
            self._show_drawn((), f"The cards could not be counted: {error}.")
            return
        self._counted = counted
        self._show_drawn(counted, "")

    def _chart_tapped(self, x: float | None = None, y: float | None = None) -> None:
        """A tap on the chart: the replay moves to the action nearest to it (a crafted
        event's infinite or missing number moves nothing)."""
        if isinstance(x, int) or (isinstance(x, float) and math.isfinite(x)):
            self.replay.show(round(x))

    def _replay_moved(self, position: int) -> None:
        self._at.event(at=position)

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(self._summary, self._chart, self.replay, self._moments, self._dice,
                         self._drawn, self._download, **WIDE)
