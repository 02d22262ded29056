"""The base every dashboard builds on: one live game, re-rendered after every change.

A dashboard never keeps its own copy of the rules: it reads `self.session.state`
whenever `revision` changes. Refusals from the engine become `message`, shown
in words; they change nothing.

Every device showing the same game holds the same `LiveTable`: an action on one bumps
the table's revision and every other device redraws (see `companion.ui.live_table`).

Each page has a role (`companion.core.seats`): the tablet (undo, saved games, seat links,
seat views on its own screen), a seat (the phone that took that seat's link: it also
shows what only that seat may see), or a watcher (the public table). The role is worked
out from the address and the browser's device cookie when the page opens, and again
after every change of the table: a page whose seat was handed to a new phone, or whose
tablet role moved, opens again as the public table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from html import escape
from typing import Any

import panel as pn
import param
from panel.io.document import hold
from panel.io.state import set_curdoc

from companion.core.errors import CompanionError
from companion.core.game import Event, Game, GameState
from companion.core.seats import TABLET, Holder, device_mark, seat_role
from companion.core.session import Session
from companion.core.store import Store, shared_store
from companion.ui.address import page_location, url_arg, with_query
from companion.ui.device import this_device
from companion.ui.live_table import live_table
from companion.ui.log_view import UNDO_ON_THE_TABLET, LogView
from companion.ui.opening import Opened, open_chosen
from companion.ui.plain import notice
from companion.ui.review_view import ReviewView
from companion.ui.roles import SEAT, WATCHER, Role, role_from_link, still_holds, tablet_role
from companion.ui.session_picker import SessionPicker
from companion.ui.share_view import SharedSeat, ShareView
from companion.ui.template import Fold, closed_section, section
from companion.ui.worker import odds_worker, progress_board

UNSERVED_PHONE = "a seat's page outside a server"
HANDED_ON = ("The table handed this device's role (a seat, or the tablet) to another device: "
             "showing the public table.")
WATCHING = ("This device watches the table: moves are made on the table's tablet or on "
            "each player's own phone.")
NOT_THE_TABLET = ("This device shows the public table: undo, saved games and the seats' "
                  "views are on the table's tablet.")
# In the log of the game the tablet leaves, for the phones still on it (and on them, the
# message): they stay on that game, since a seat of one game is no seat of the next.
MOVED_ON = ("The tablet moved on to another game, \u201c{name}\u201d: to play in it, scan "
            "your seat's code on the tablet (Join this table).")
BOT_LIMIT = 600  # the app's actions in one go, a safety net (a Goldfinger Enemy phase is ~30)
BOT_STOPPED = "The bot stopped: "  # Goldfinger's words before a refusal of its bot's move
AFTER_THE_TAP_MS = 250  # work that waits for a tap's change to be drawn (`_after_this_tap`)


@dataclass(frozen=True)
class BotMove:
    """One action the app played (`GameDashboard.play_bots`): the game before it, the action,
    the game after it and what it did."""

    before: GameState
    action: Any
    after: GameState
    event: Event


# The app's next action in this game (its secret choices drawing from `rng`, the session's
# `bot_rng`), or None when no seat of the app's is to move.
NextMove = Callable[[Any, random.Random], Any]


class GameDashboard(pn.viewable.Viewer):
    """Holds a LiveTable; subclasses draw `self.session.state` and call `act`."""

    revision = param.Integer(default=0, doc="Bumped after every change of the session.")
    message = param.String(default="", doc="Why the last action was refused, if it was.")

    game: Game  # set by each subclass

    def __init__(self, store: Store | None = None, session: Session | None = None,
                 seat: int | None = None, opened: Opened | None = None, **params):
        super().__init__(**params)
        self.store = store if store is not None else shared_store()
        self._doc = pn.state.curdoc
        served = self._doc is not None and self._doc.session_context is not None
        self._location = page_location() if served else None
        device = this_device()  # None outside a served page: then this is the tablet
        # What the store keeps of this browser, worked out once for every role check.
        self.mark = None if device is None else \
            device_mark(self.store.server_secret(), device)
        if session is None:  # the game the page's link or device names, else a new one
            opened = opened or open_chosen(self.game, self.store, url_arg("session"),
                                           self.mark)
            session = opened.session or Session(self.game, self.new_options(),
                                                store=self.store)
            self.message = opened.message
        self.table = live_table(self.store, session)
        self.role, self.seat = (SEAT, seat) if seat is not None else self._role_from_url()
        if seat is not None and self.mark is None and not self.on_own_phone(seat):
            # A seat's page built outside a server (a test, a notebook) stands for its phone.
            generation = self.session.holder(seat_role(seat)).generation
            self.table.set_holder(seat_role(seat), Holder(generation, UNSERVED_PHONE))
        # Whether the browser is connected, and whether a change waits for it: read and
        # set only on this page's own document thread.
        self._ready, self._missed = not served, False
        self._shown = self.table.revision  # the table's revision this page last drew
        self._notes_seen = len(self.session.notes)  # a note that came since is news
        self._watcher = self.table.param.watch(self._table_changed, "revision")
        self.log = LogView(self.undo, self.redo, steps=self.is_tablet)
        self.picker = SessionPicker(self.game, self.store, lambda: self.session, self.open,
                                    self.new_options, lambda: self.mark)
        self._shared_holders: dict = {}
        self._waiting_for_the_tap: list = []  # work `_after_this_tap` has put off
        self.param.watch(self._sync_log, "revision")
        self._sync_log()
        self._remember_in_url()
        if served:
            pn.state.on_session_destroyed(self._leave_table)
            pn.state.onload(self._remember_in_url)  # the address is known once loaded
            pn.state.onload(self._page_ready)

    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def is_tablet(self) -> bool:
        return self.role == TABLET

    @property
    def watching(self) -> bool:
        """A watcher's page: the public table, and no control that makes a move."""
        return self.role == WATCHER

    def watching_note(self) -> pn.pane.HTML:
        """What a watcher's page shows where the moves are made."""
        return pn.pane.HTML(f'<div class="note">{escape(WATCHING)}</div>',
                            sizing_mode="stretch_width")

    # Roles.

    def seat_is_bot(self, seat: int) -> bool:
        """Whether the app plays `seat` (it then has no link: its phone would show the
        app's secrets); games with bots override this."""
        return False

    def on_own_phone(self, seat: int) -> bool:
        """Whether `seat` is played on a phone: one holds it, or one held it and the tablet
        handed it on (it stays a phone's seat: a handover must never open its secrets on
        the tablet). The tablet then shows none of its secrets."""
        holder = self.session.holder(seat_role(seat))
        return holder.device is not None or holder.generation > 0

    def may_see(self, seat: int) -> bool:
        """Whether this page may show `seat`'s secrets: its own phone, or the tablet for a
        seat never played on a phone (the player looks at the tablet in turn)."""
        if self.seat is not None:
            return self.seat == seat
        return self.is_tablet and not self.on_own_phone(seat)

    def shared_seats(self) -> list[SharedSeat]:
        """The seats as the tablet's join section lists them."""
        held = self.session.holder
        return [SharedSeat(seat, name, self.seat_is_bot(seat),
                           held(seat_role(seat)).device is not None,
                           self.session.link_key(seat_role(seat)))
                for seat, name in enumerate(self.seat_names())]

    def hand_over(self, seat: int) -> None:
        """The tablet gives `seat` to a new phone (the old one is lost or flat): its link
        opens again under a new key, and the old phone shows the public table."""
        if not self.is_tablet:
            self.message = NOT_THE_TABLET
            return
        if not 0 <= seat < len(self.seat_names()):
            return  # a tap drawn for an earlier game's seats
        role = seat_role(seat)
        name = self.seat_names()[seat]
        holder = self.session.holder(role).handed_to(None)
        self._guarded(lambda: self.table.set_holder(
            role, holder, f"{name}'s seat was handed to a new phone by the table"))

    def hand_tablet_over(self) -> None:
        """A new tablet link: the device that opens it becomes the tablet."""
        if not self.is_tablet:
            self.message = NOT_THE_TABLET
            return
        holder = self.session.holder(TABLET)
        self._guarded(lambda: self.table.set_holder(TABLET, holder.handed_to(holder.device)))

    def _guarded(self, change) -> None:
        try:
            change()
        except CompanionError as error:
            self.message = str(error)

    def _role_from_url(self) -> tuple[str, int | None]:
        """This page's role from its link and device (`companion.ui.roles`); a page outside
        a server (no device) is the tablet."""
        if self.mark is None:
            return TABLET, None
        args = {name: url_arg(name) for name in ("seat", "key", "tablet")}
        role = role_from_link(self.table, self.mark, args, self.seat_names(),
                              self.seat_is_bot)
        if role.message:
            self.message = role.message
        elif url_arg("handed") and role.kind != TABLET:
            self.message = HANDED_ON
        return role.kind, role.seat

    def _open_as_public_table(self) -> None:
        """This page lost its role (its seat handed to a new phone, the tablet moved): it
        opens again as the public table, so nothing of the role stays on its screen."""
        self.table.param.unwatch(self._watcher)
        if self._location is not None:
            # The address first, then the reload: Panel's Location reloads the page at the
            # moment `reload` changes, with the address it has then (the other way round,
            # a busy page reloaded its old seat link and said the link was bad).
            self._location.search = f"?session={self.session.id}&handed=1"
            self._location.reload = True

    # Session handling.

    def new_options(self) -> dict[str, Any]:
        """Options for a new game; games with set-up choices override this."""
        return {}

    def seat_names(self) -> list[str]:
        """The seats a player's own device can join as; games with private information
        override this (and `seat_view`)."""
        return []

    def start_new_game(self, _event=None) -> Session | None:
        """A new game with the settings chosen (`new_options`), opened here and reaching
        the browser as one message; None, the refusal said in `message`, when the engine
        refuses the settings."""
        try:
            session = Session(self.game, self.new_options(), store=self.store)
        except CompanionError as error:
            self.message = f"Not started: {error}"
            return None
        with hold(self._doc):
            self.open(session)
        self.picker.refresh()
        return session

    def open(self, session: Session) -> None:
        self._tell_the_phones(session)
        self.table.param.unwatch(self._watcher)
        self.table = live_table(self.store, session)
        self._watcher = self.table.param.watch(self._table_changed, "revision")
        self._shown = self.table.revision
        self._notes_seen = len(session.notes)
        self.seat = None  # a seat belongs to one game
        self.role = TABLET if self.mark is None else tablet_role(self.table, self.mark)
        self.message = ""
        self.revision += 1
        self._remember_in_url()
        card, view = getattr(self, "_share", (None, None))
        if card is not None and not card.collapsed:
            view.refresh()  # the new game's code and seats

    def _tell_the_phones(self, coming: Session) -> None:
        """The tablet leaves its game for `coming`: a phone holding a seat of the game it
        leaves reads so in that game's log, and in its message (`_redraw`)."""
        leaving = self.session
        if not self.is_tablet or leaving.id == coming.id or not any(
                role != TABLET and holder.device is not None
                for role, holder in leaving.holders.items()):
            return
        with suppress(CompanionError):  # moved on elsewhere: its phones see that instead
            self.table.tell(MOVED_ON.format(name=coming.name), "moved on")

    def _remember_in_url(self) -> None:
        location = page_location()
        if location is not None:
            was = location.search
            location.search = with_query(location.search, session=self.session.id)
            if location.search == was:  # set before the page loaded: send it again now
                location.param.trigger("search")

    def _leave_table(self, session_context) -> None:
        """The page closed: stop redrawing it when the table changes."""
        self.table.param.unwatch(self._watcher)

    def _table_changed(self, _event) -> None:
        """Another device (or this one) changed the game: redraw this page, on its own
        document's turn when the change came from elsewhere (another page, or the thread
        that follows other server processes); once it has loaded, when the change came
        while it was loading."""
        if self._doc is None or (pn.state.curdoc is self._doc and self._ready):
            self._redraw()
        else:
            self._doc.add_next_tick_callback(self._redraw_when_ready)

    def _redraw_when_ready(self) -> None:
        if self._ready:
            self._redraw_later()
        else:
            self._missed = True

    def _page_ready(self) -> None:
        """The browser is connected. A change made to the page before then never reaches
        it, and leaves it out of step for every later change: draw the missed one now."""
        self._ready = True
        if self._missed:
            self._missed = False
            self._redraw_later()

    def _redraw_later(self) -> None:
        # On this page's own turn, as its own document: the callback carries the context
        # of the page that made the change, and Panel sent each part's change to a
        # document not its current one as a message of its own (three a tile placed).
        with set_curdoc(self._doc), hold(self._doc):
            self._redraw()

    def _redraw(self) -> None:
        if not still_holds(self.table, self.mark, Role(self.role, self.seat)):
            self._open_as_public_table()
            return
        self._shown = self.table.revision
        notes = self.session.notes
        if not self.is_tablet and notes and notes[-1].kind == "moved on" and \
                len(notes) != self._notes_seen:
            self.message = notes[-1].text
        self._notes_seen = len(notes)
        self.revision += 1

    def _behind_the_table(self) -> bool:
        """A tap that left this page before another device's change reached it: refused,
        never applied to a state its player did not see."""
        if self._shown == self.table.revision:
            return False
        self.message = "The table changed a moment ago on another device: look, then tap again."
        self._redraw()
        return True

    # Changing the game.

    # Every change an action makes reaches the browser in one message (`hold`): the page
    # never shows the new log line beside the old step, and lays itself out once.

    def act(self, action: Any) -> Event | None:
        """Apply an action; on refusal, show why and change nothing."""
        with hold():
            return self._act(action)

    def _act(self, action: Any) -> Event | None:
        if self.role == WATCHER:  # the public table changes nothing
            self.message = WATCHING
            return None
        if self._behind_the_table():
            return None
        self.message = ""
        try:
            return self.table.act(action)
        except CompanionError as error:
            self.message = str(error)
            return None

    @contextmanager
    def bot_turn(self) -> Iterator[None]:
        """The app's moves after a player's action: the other devices redraw once, and one
        Undo takes back the bot's turn together with the player's action before it."""
        with hold(), self.table.batch(joined=True):
            yield

    def play_bots(self, next_move: NextMove, stopped: str = "",
                  then: Callable[[list[BotMove]], None] | None = None) -> list[BotMove]:
        """The app's seats play while `next_move(state, rng)` names an action (`rng` is
        `session.bot_rng()`, fresh after every undo), at most `BOT_LIMIT` actions, all in one
        `bot_turn`; the first refusal stops them and is shown in `message`, after the words
        `stopped`. `then(moves)` runs before any device redraws (what the page keeps of the
        bots' turn to draw). Returns what the bots did."""
        moves: list[BotMove] = []
        with self.bot_turn():
            for _ in range(BOT_LIMIT):
                before = self.session.state
                try:
                    action = next_move(before, self.session.bot_rng())
                except CompanionError as error:
                    self.message = stopped + str(error)
                    break
                if action is None:
                    break
                event = self.act(action)
                if event is None:  # refused: `act` said why
                    if stopped and self.message:
                        self.message = stopped + self.message
                    break
                moves.append(BotMove(before, action, self.session.state, event))
            if then is not None:
                then(moves)
        return moves

    def undo(self) -> None:
        self._step(self.table.undo)

    def redo(self) -> None:
        self._step(self.table.redo)

    def _step(self, move) -> None:
        with hold():
            if not self.is_tablet:  # a phone: taking back is the table's call
                self.message = UNDO_ON_THE_TABLET
                return
            if self._behind_the_table():
                return
            self.message = ""
            try:
                move()
            except CompanionError as error:
                self.message = str(error)

    def _sync_log(self, *_events) -> None:
        self.log.param.update(lines=self.session.history, can_undo=self.session.can_undo,
                              can_redo=self.session.can_redo)
        saved = getattr(self, "_saved_card", None)
        if saved is not None and not saved.collapsed:  # its line, once the tap's own change
            self._after_this_tap(self.picker.game_changed)  # is shown (1.1 ms of a tap)
        else:
            self.picker.game_changed(listed=False)
        review_card, review = getattr(self, "_review", (None, None))
        if review_card is not None and not review_card.collapsed:
            self._after_this_tap(review.refresh)  # the tap's own change is shown first
        self._bring_the_review()
        card, view = getattr(self, "_share", (None, None))
        holders = dict(self.session.holders)
        if card is not None and not card.collapsed and holders != self._shared_holders:
            view.refresh()  # a phone took a seat: its link is no longer offered
        self._shared_holders = holders

    def _after_this_tap(self, work) -> None:
        """Do `work` once this change has been drawn (at once outside a server): a moment
        later (`AFTER_THE_TAP_MS`), once for taps in quick succession. On the server's next
        tick, as before, its message reached the browser while the tap's own was still
        being drawn, and the browser drew both before it showed the tap (Goldfinger's map
        move with the saved games open: two messages, and a frame later at 4x throttling)."""
        doc = self._doc
        if doc is None or doc.session_context is None:
            work()
            return
        if work in self._waiting_for_the_tap:
            return
        self._waiting_for_the_tap.append(work)

        def later() -> None:
            self._waiting_for_the_tap.remove(work)
            with hold(doc):
                work()

        doc.add_timeout_callback(later, AFTER_THE_TAP_MS)

    # Views every dashboard shows.

    def share_section(self) -> Fold:
        """Join this table: the code and a QR code for the table; on the tablet also each
        seat's link until a phone takes it, the handover of a taken seat and of the
        tablet itself; drawn when opened."""
        view = ShareView(lambda: self.session, self.shared_seats, self.game.name,
                         self.hand_over if self.is_tablet else None, self.hand_tablet_over)
        card = section("Join this table: code and QR", view, width=360, collapsed=True)

        def opened_or_closed(event) -> None:
            if not event.new:
                view.refresh()
            elif view.forget_tablet_link():
                # The tablet link left the screen: a photo of it must not make a tablet.
                self.hand_tablet_over()

        card.param.watch(opened_or_closed, "collapsed")
        self._share = (card, view)
        return card

    def review_section(self, after: pn.viewable.Viewable | None = None) -> Fold:
        """The game review (luck, skill and the dice), made when first opened (every phone
        and watcher has one: made at once, it was 300 KiB of each page), worked out when
        opened and after each change while open. `after`: the section that shows the end
        of the game and starts the next, which the review follows to the top of the page
        when the game ends (opened, the review is long: before it, the new game's button
        was 3,000 px down the card game's page)."""
        def build() -> ReviewView:
            view = ReviewView(lambda: self.session, self.replay_picture, odds_worker(),
                              advice=self.replay_advice,
                              worked_out=self.replay_advice_worked_out)
            self._review = (card, view)
            return view

        card = closed_section("Review: luck, skill and the dice", build, width=440)
        # Opened: the fold builds the view first (its own watcher came first), then this.
        card.param.watch(lambda event: None if event.new else self._review[1].refresh(),
                         "collapsed")
        self._review: tuple[Fold, ReviewView | None] = (card, None)
        self._review_after = after
        progress_board().board()  # the server's, started with a page, not on a tap
        self._review_first = False
        self._bring_the_review(opening=False)
        return card

    def _bring_the_review(self, opening: bool = True) -> None:
        """When the game ends, its review comes first on the page, after the section with
        the game-over banner and the new game, and opens (`opening`; a page that opens on a
        finished game shows it there, closed). After an undo or a new game both go back to
        their places."""
        card, _view = getattr(self, "_review", (None, None))
        over = self.session.state.is_over
        if card is None or over == self._review_first:
            return
        self._review_first = over
        for part in filter(None, (self._review_after, card)):  # the page's order among the
            part.styles = {**part.styles, "order": "-1" if over else "0"}  # -1s; header -2
        if over and opening and card.collapsed:
            card.collapsed = False  # its watcher works the review out

    def replay_picture(self, state: GameState) -> str:
        """The table as it stood at a step of the replay, as HTML, showing only what the
        whole table saw then ("": the replay tells the actions alone). A game's dashboard
        gives its own."""
        return ""

    def replay_advice(self, state: GameState, coming: Any) -> str:
        """The odds and advice the tablet showed at a step of the replay, as HTML built from
        escaped text, showing only what the whole table saw then: never a seat's secret, a
        face-down card or the next card of a pile ("": none). `coming` is the action played
        next from `state` (None: none yet), for odds of what was set up on the screen
        before it (a check, a duel); only that set-up may be read, never its chance filled
        in. A game's dashboard gives its own; it must be quick (a replay tap waits for it).
        Advice too slow for that is offered as a button (`WORK_OUT`) and worked out by
        `replay_advice_worked_out` when the button is tapped.
        """
        return ""

    def replay_advice_worked_out(self, state: GameState) -> str:
        """The advice at `state` that `replay_advice` offered to work out (its `WORK_OUT`
        button), as HTML, held to the same rule: only what the whole table saw then."""
        return ""

    def saved_games_section(self) -> Fold:
        """The saved games (new, resume, rename, export, import, delete), built when opened;
        the tablet's alone: another device is told where they are."""
        if not self.is_tablet:
            return closed_section("Saved games", lambda: notice(NOT_THE_TABLET), width=360)
        card = self._saved_card = closed_section("Saved games", lambda: self.picker, width=360)
        # Opened again: the list as it is now (the game played on since), no old message.
        card.param.watch(lambda event: None if event.new else self.picker.reopened(),
                         "collapsed")
        return card

    def message_view(self) -> pn.viewable.Viewable:
        """Why the last action was refused, as text (it may quote what a file held)."""
        return notice(self.param.message, "warning", sizing_mode="stretch_width")
