"""Opening a saved game without holding up the other tables.

A page opens a saved game by replaying it (`Session.resume`: every action applied again,
its chance checked). A long game takes seconds: a 50,000-check Dice Lab game about 2 s,
and its first new action about 1 s more (the hash of every move before it, each stored
action's size). The server answers every page from one event loop, so a replay there
stopped every table in the server while it ran.

A game of more than `LONG_GAME` actions is therefore replayed in the server's opening
thread: its page says "Opening this game (n actions)..." at once and fills in when the
game is ready, and every other table's taps are answered meanwhile. (The thread shares the
interpreter's lock with the event loop, so a tap meanwhile can be slower; it is never
held up until the replay ends, and the replay rests between slices of work: `Pacer`.) Pages
opening the same game at once share one replay, and a game some page already shows is not
replayed at all: its live table's Session is it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass

import panel as pn
from bokeh.document import Document
from panel.io.state import set_curdoc

from companion.core.errors import CompanionError
from companion.core.game import Game
from companion.core.seats import device_mark
from companion.core.session import Session
from companion.core.store import Store, shared_store
from companion.core.switching import quick_switching
from companion.ui.address import url_arg
from companion.ui.device import this_device
from companion.ui.live_table import open_table
from companion.ui.plain import notice
from companion.ui.template import page
from companion.ui.worker import on_the_page

# While a game replays, the interpreter's lock changes hands quickly (`core.switching`:
# before the opening thread, another table's roll took 100 times a quiet one's). And the
# replay works in slices and rests twice as long after each (`Pacer`): a tap
# meanwhile finds the interpreter free two thirds of the time, and a long game opens in
# about three times its replay. Another table's roll while a 50,000-action game opened, in
# turn with quiet rolls: 1.43-1.49 times a quiet one (resting as long as it works:
# 0.98-1.57; not resting: 1.14-2.37, the quiet rolls slowed unevenly by the games held).
REPLAY_SLICE_SECONDS = 0.002
REPLAY_REST_SLICES = 2
LONG_GAME = 2_000  # actions: about 0.1 s of replay, the most a page opens on the event loop
COULD_NOT_REOPEN = "The saved game could not be reopened ({}); a new one started."
OTHER_APP = "That link is to a game of another app: showing this one's."

_replays = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-opening")
_opening: dict[tuple[str, str], Future] = {}  # the replays under way, by store and game
_opening_lock = threading.RLock()


@dataclass(frozen=True)
class Opened:
    """What a page opens: a saved game (None: a new one), and what the page says of it."""

    session: Session | None
    message: str = ""


def chosen_game(game: Game, store: Store, wanted: str,
                mark: str | None) -> tuple[str | None, str]:
    """The saved game a page of `game` opens: the one its link names, else this device's
    latest (or one stored before tablets were kept), else None (a new game); and what the
    page says of the choice."""
    said = ""
    if wanted:
        found = store.game_of(wanted)
        if found == game.name:
            return wanted, ""
        if found is not None:
            said = OTHER_APP
    saved = store.list_sessions(game.name, tablet=mark)
    return (saved[0].id if saved else None), said


def saved_session(store: Store, session_id: str,
                  pace: Callable[[], None] | None = None) -> Session:
    """A saved game: its live table's Session when some page already shows it (nothing
    replayed), else replayed from the store (`pace`: `Session.resume`'s)."""
    table = open_table(store, session_id)
    return table.session if table is not None else Session.resume(store, session_id, pace)


class Pacer:
    """Called after each action replayed: after every `slice` seconds of work the thread
    sleeps `REPLAY_REST_SLICES` times as long, leaving the interpreter to the event loop."""

    def __init__(self, slice_seconds: float = REPLAY_SLICE_SECONDS):
        self.slice = slice_seconds
        self._since = time.perf_counter()

    def __call__(self) -> None:
        if time.perf_counter() - self._since >= self.slice:
            time.sleep(REPLAY_REST_SLICES * self.slice)
            self._since = time.perf_counter()




def open_chosen(game: Game, store: Store, wanted: str, mark: str | None) -> Opened:
    """Open, here and now, the game a page of `game` shows (`chosen_game`). A saved game
    that no longer replays (an engine changed under it) leaves the page usable: it opens a
    new game and says why."""
    try:
        session_id, said = chosen_game(game, store, wanted, mark)
        if session_id is None:
            return Opened(None, said)
        return Opened(saved_session(store, session_id), said)
    except CompanionError as error:
        return Opened(None, COULD_NOT_REOPEN.format(error))


def opens_slowly(store: Store, session_id: str) -> int:
    """How many actions opening `session_id` replays, when they are too many to replay on
    the event loop (0: it opens at once, or some page already shows it)."""
    if open_table(store, session_id) is not None:
        return 0
    length = store.length_of(session_id)
    return length if length > LONG_GAME else 0


def resume_in_background(store: Store, session_id: str) -> Future:
    """`session_id` replayed in the opening thread, ready to act: a Future of its Session
    (or of the CompanionError that says why it does not replay). Pages that open the same
    game meanwhile share the one replay."""
    key = (store.where, session_id)
    with _opening_lock:
        future = _opening.get(key)
        if future is None:
            future = _replays.submit(_replayed, store, session_id)
            _opening[key] = future
            future.add_done_callback(lambda _done: _forget(key, future))
        return future


def _replayed(store: Store, session_id: str) -> Session:
    """The game replayed and prepared to act, the event loop given the interpreter's lock
    at once whenever it wants it (`quick_switching`)."""
    with quick_switching():
        pace = Pacer()
        session = saved_session(store, session_id, pace)
        session.prepare_to_act(pace)
        return session


def _forget(key: tuple[str, str], future: Future) -> None:
    with _opening_lock:
        if _opening.get(key) is future:
            del _opening[key]


def outcome(future: Future, said: str, failed: str = COULD_NOT_REOPEN) -> Opened:
    """What a finished background replay opens: the game (and `said`), or None and why
    not (`failed`, formatted with the reason)."""
    try:
        return Opened(future.result(), said)
    except CompanionError as error:
        return Opened(None, failed.format(error))
    except Exception as error:  # a bug must not leave the page saying "Opening..." for ever
        logging.getLogger(__name__).exception("replaying a saved game")
        return Opened(None, failed.format(type(error).__name__))


def serve_dashboard(kind: Callable[..., pn.viewable.Viewable], title: str) -> None:
    """Serve the page of the dashboard class `kind` (`opening_page`) titled `title`."""
    opening_page(kind, kind.game, title).servable(title=title)  # type: ignore[attr-defined]


def when_replayed(future: Future, doc: Document, show: Callable[[Opened], None],
                  said: str = "", failed: str = COULD_NOT_REOPEN) -> None:
    """Once the replay `future` is done, `show` what it opened (`outcome`) on the page's
    own event loop; nothing when the page closed meanwhile."""
    def ready(done: Future) -> None:
        opened = outcome(done, said, failed)
        with suppress(RuntimeError):  # the page closed before its game was ready
            on_the_page(doc, lambda: show(opened))

    future.add_done_callback(ready)


def opening_page(make: Callable[..., pn.viewable.Viewable], game: Game,
                 title: str) -> pn.viewable.Viewable:
    """The page of a dashboard class `make` (called with `opened=`): built at once, or,
    when the game it opens is long, a page that says "Opening this game (n actions)..."
    and becomes the dashboard once the game is replayed off the event loop."""
    doc = pn.state.curdoc
    if doc is None or doc.session_context is None:  # a notebook, a test
        return make()
    store = shared_store()
    device = this_device()
    mark = None if device is None else device_mark(store.server_secret(), device)
    wanted = url_arg("session")
    try:
        session_id, said = chosen_game(game, store, wanted, mark)
        length = opens_slowly(store, session_id) if session_id else 0
    except CompanionError:
        length = 0  # the dashboard opens it (or a new game) and says why
    if not length:
        return make(opened=open_chosen(game, store, wanted, mark))
    shown = pn.Column(page(title, notice(
        f"Opening this game ({length:,} actions)...", "info", sizing_mode="stretch_width")),
        margin=0, sizing_mode="stretch_width")

    def show(opened: Opened) -> None:
        with set_curdoc(doc):
            shown.objects = [make(opened=opened)]

    when_replayed(resume_in_background(store, session_id), doc, show, said)
    return shown
