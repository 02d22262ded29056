"""The replay in the review: step through the game's actions and see each one again, what
it did, every side's equity then, the table as it stood and the odds and advice the tablet
showed then (what the whole table saw).

One TapPad draws the steps and what they show, so a step is one message. The replay never
goes past the actions played: an undone action is not shown again.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import panel as pn

from companion.core.errors import CompanionError
from companion.core.game import GameState
from companion.core.review import Review
from companion.core.session import Session
from companion.ui.tap_pad import TapPad, tap_button

Picture = Callable[[GameState], str]  # the table as the whole table saw it, as HTML
# The odds and advice the tablet showed at a position, as HTML, given the position and the
# action played next from it (None: none yet), whose set-up on the screen (a check, a duel)
# some games' odds are of.
Advice = Callable[[GameState, object], str]
# Advice too slow to work out at every step (a heat map): `Advice` offers it as a button
# tapping `WORK_OUT`, and this works it out at the position shown, as HTML, drawn in the
# picture's place (a heat map is the table's picture, marked).
WorkedOut = Callable[[GameState], str]
WORK_OUT = "work-out"
STEPS = (("start", "Start"), ("back", "◀ Back"), ("next", "Next ▶"), ("now", "Now"))
# A game's picture of its table, drawn small: the replay is read beside the steps. A
# board (`replay-board`: a pitch, a map) is drawn as wide as the replay, as tall as most of
# the screen.
REPLAY_CSS = ".replay-table svg { display: block; max-width: 320px; max-height: 40vh; " \
    "margin: 0 auto; } .replay-table .replay-board { margin: 6px 0; } " \
    ".replay-table .replay-board svg { max-width: 100%; max-height: 60vh; }"


def equity_words(result: Review, position: int, amount: Callable[[object], str]) -> str:
    """Each side's equity after `position` actions, in words."""
    equity = result.start if position == 0 else result.moments[position - 1].equity_after
    return " · ".join(f"{escape(side)} {amount(equity[side])}" for side in result.sides)


class ReplayView(pn.viewable.Viewer):
    """The replay of `session()`'s game; `on_move(position)` hears every step."""

    def __init__(self, session: Callable[[], Session], picture: Picture | None,
                 on_move: Callable[[int], None], advice: Advice | None = None,
                 worked_out: WorkedOut | None = None):
        super().__init__()
        self._session, self._picture, self._on_move = session, picture, on_move
        self._advice, self._worked_out = advice, worked_out
        self._working_out = False  # the slow advice asked for at the position shown
        self._following = True  # showing the game as it is now, and staying there
        self.position = 0
        self._result: Review | None = None
        self._level: Callable[[object], str] = str
        self._pad = TapPad(self._tapped, sizing_mode="stretch_width",
                           stylesheets=[REPLAY_CSS])

    @property
    def length(self) -> int:
        return len(self._session().actions)

    def update(self, result: Review | None, level: Callable[[object], str]) -> None:
        """The game changed (or its review did): follow it if following, else stay where
        the players are looking (or at its end, if an undo took that action back)."""
        self._result, self._level = result, level
        position = self.length if self._following else min(self.position, self.length)
        self._working_out = self._working_out and position == self.position
        self.position = position
        self._draw()

    def show(self, position: int) -> None:
        """Move to the game as it stood after `position` actions (0: before the first)."""
        self._working_out = False
        self.position = max(0, min(position, self.length))
        self._following = self.position == self.length
        self._draw()
        self._on_move(self.position)

    def _tapped(self, step: str) -> None:
        if step == WORK_OUT and self._worked_out is not None:
            self._working_out = True
            self._draw()
            return
        target = {"start": 0, "back": self.position - 1, "next": self.position + 1,
                  "now": self.length}.get(step)
        if target is not None:
            self.show(target)

    def _draw(self) -> None:
        n, at = self.length, self.position
        enabled = {"start": at > 0, "back": at > 0, "next": at < n, "now": at < n}
        steps = "".join(tap_button(step, label, enabled=enabled[step])
                        for step, label in STEPS)
        where = (f"Action {at} of {n}" + (" (now)" if at == n else "")) if at else \
            start_words(n)
        parts = [f'<div class="bar" role="group" aria-label="Replay">{steps}</div>',
                 f'<p class="replay-where" aria-live="polite"><b>{where}</b></p>']
        try:
            state = self._session().state_after(at)
        except CompanionError as error:
            parts.append(f"<p>{escape(str(error))}</p>")
            state = None
        if state is not None and at and state.last_event is not None:
            parts.append(f'<p class="replay-event">{at}. {escape(state.last_event.text)}</p>')
        result = self._result
        if result is not None and len(result.moments) >= at:
            moment = result.moments[at - 1] if at else None
            named = f" <b>{escape(moment.words)}</b>." if moment is not None and moment.words \
                else ""
            name = result.unit.removesuffix(" (%)")  # the review's top says it in full
            parts.append(f"<p>{escape(name[:1].upper() + name[1:])} then: "
                         f"{equity_words(result, at, self._level)}.{named}</p>")
        picture = self._picture(state) if state is not None and self._picture \
            and not self._working_out else ""
        if picture:
            parts.append(f'<div class="replay-table">{picture}</div>')
        if state is not None and self._advice is not None:
            actions = self._session().actions
            try:
                advice = self._worked_out(state) if self._working_out and self._worked_out \
                    else self._advice(state, actions[at] if at < len(actions) else None)
            except CompanionError as error:
                advice = f"<p>{escape(str(error))}</p>"
            if advice:
                parts.append('<div class="replay-advice"><p><b>The odds and advice then</b>'
                             f"</p>{advice}</div>")
        self._pad.html = "".join(parts)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pad


def start_words(actions: int) -> str:
    """Where the replay stands at the start: 'before the first of 0 actions' read as a
    slip on a new game's page, and '1 actions' too."""
    if actions == 0:
        return "The start: nothing has happened yet"
    if actions == 1:
        return "The start, before the only action"
    return f"The start, before the first of {actions} actions"
