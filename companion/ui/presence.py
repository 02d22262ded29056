"""Which seats have their own phone open on a table: so the tablet can say "the Enemy is
placing the cards on his phone" instead of asking for them.

Not a secret and not part of the game: nothing is stored, and a page on another server
process (`--num-procs 2`) is not counted (the tablet then simply offers its own controls,
as it does for a group without phones). One `Presence` per open `LiveTable`, kept as long
as the table is; a seat's page `join`s when it opens and `leave`s when it closes, and a
page that shows who is here watches `seats` (`PresenceLink` does both for a dashboard).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any

import param

from companion.ui.live_table import LiveTable


class Presence(param.Parameterized):
    """The seats with a page open on one table in this server process."""

    seats = param.Dict(default={}, doc="seat -> how many pages are open as that seat.")

    def __init__(self, **params):
        super().__init__(**params)
        self._lock = threading.Lock()

    def join(self, seat: int) -> None:
        with self._lock:
            seats = dict(self.seats)
            seats[seat] = seats.get(seat, 0) + 1
            self.seats = seats

    def leave(self, seat: int) -> None:
        with self._lock:
            seats = dict(self.seats)
            left = seats.get(seat, 0) - 1
            if left > 0:
                seats[seat] = left
            else:
                seats.pop(seat, None)
            self.seats = seats

    def here(self, seat: int) -> bool:
        """Whether a page is open as `seat`."""
        return self.seats.get(seat, 0) > 0


_presences: weakref.WeakKeyDictionary[LiveTable, Presence] = weakref.WeakKeyDictionary()
_presences_lock = threading.Lock()


def presence(table: LiveTable) -> Presence:
    """The one Presence of `table` in this process."""
    with _presences_lock:
        found = _presences.get(table)
        if found is None:
            found = _presences[table] = Presence()
        return found


class PresenceLink:
    """One page's part in its table's Presence: a seat's page is counted while it is open;
    a page of no seat (the tablet) calls `on_change` when a phone comes or goes."""

    def __init__(self, table: LiveTable, seat: int | None, on_change: Callable[[Any], None]):
        self.presence, self.seat = presence(table), seat
        self._watcher = None
        if seat is not None:
            self.presence.join(seat)
        else:
            self._watcher = self.presence.param.watch(on_change, "seats")

    def here(self, seat: int) -> bool:
        """Whether a page is open as `seat` on this page's table."""
        return self.presence is not None and self.presence.here(seat)

    def close(self) -> None:
        """The page closed, or shows another game: no longer counted, no longer told."""
        if self.presence is None:
            return
        if self._watcher is not None:
            self.presence.param.unwatch(self._watcher)
        elif self.seat is not None:
            self.presence.leave(self.seat)
        self.presence = None
