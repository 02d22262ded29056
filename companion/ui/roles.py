"""Which role a page plays at the table: the tablet, a seat's phone, or a watcher.

Worked out from the page's address (`?seat=N&key=K`, `?tablet=K`) and its device's mark
(what the store keeps of its browser's id, `companion.ui.device`) against who holds each
role in the store (`core.seats`); a page that takes a role with its link is recorded as
holding it. Pure functions over a `LiveTable`: `GameDashboard` asks them when a page opens
and after every change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from companion.core.errors import CompanionError
from companion.core.seats import TABLET, Holder, same_key, seat_role
from companion.ui.live_table import GameMovedOn, LiveTable

SEAT = "seat"
WATCHER = "watcher"
SEAT_TAKEN = ("This seat is taken: it is on another phone. If that phone is lost or flat, "
              "the tablet can hand the seat to this one. Showing the public table.")
BAD_SEAT_LINK = ("This seat link is not for this game, or its seat was handed to another "
                 "phone: showing the public table.")
TABLET_NO_SEAT = ("This device is the table's tablet: a seat's link opens on the player's own "
                  "phone, never on the tablet. Showing the table.")
TABLE_BUSY = "The table changed while this page opened: showing the public table; reload."
TABLET_LINK_USED = ("This tablet link was used already, or the tablet made a newer one: ask "
                    "the tablet for a new link. Showing the public table.")
SEAT_NOT_TABLET = ("This phone holds a seat, so it cannot be the table's tablet too (its "
                   "player would hold Undo): open the tablet link on another device. "
                   "Showing the public table.")


class Role(NamedTuple):
    kind: str  # TABLET, SEAT or WATCHER
    seat: int | None = None
    message: str = ""  # why a link did not give the role it names


def role_from_link(table: LiveTable, mark: str, args: Mapping[str, str],
                   seats: Sequence[str], is_bot: Callable[[int], bool]) -> Role:
    """The role of a page opened at `args` by the device of `mark`, taking the role its link names
    when that is free. A change of the table from another process meanwhile: asked again
    once, then the public table."""
    for _ in range(2):
        try:
            return _role(table, mark, args, seats, is_bot)
        except GameMovedOn:
            continue  # the table reloaded: look again
        except CompanionError:
            break
    return Role(WATCHER, message=TABLE_BUSY)


def _role(table: LiveTable, mark: str, args: Mapping[str, str], seats: Sequence[str],
          is_bot: Callable[[int], bool]) -> Role:
    session = table.session
    refused = ""
    if args.get("seat"):
        seat = _take_seat(table, mark, args["seat"], args.get("key", ""), seats, is_bot)
        if isinstance(seat, int):
            return Role(SEAT, seat)
        refused = seat
    tablet = session.holder(TABLET)
    key = args.get("tablet", "")
    if key and tablet.device != mark:
        if not same_key(key, session.link_key(TABLET)):
            refused = refused or TABLET_LINK_USED
        elif any(holder.device == mark for role, holder in session.holders.items()
                 if role != TABLET):
            return Role(WATCHER, message=SEAT_NOT_TABLET)  # the link stays for the tablet
        else:
            table.set_holder(TABLET, tablet.handed_to(mark),
                             "The table's tablet moved to another device", kind="tablet")
            return Role(TABLET, message=refused)
    return Role(tablet_role(table, mark), message=refused)


def _take_seat(table: LiveTable, mark: str, seat: str, key: str, seats: Sequence[str],
               is_bot: Callable[[int], bool]) -> int | str:
    """The seat this page takes (or already holds) with its link, or why not."""
    # ASCII digits only: "²" is a digit to `isdigit` but not to `int`.
    if not (seat.isascii() and seat.isdecimal()) or int(seat) >= len(seats) \
            or is_bot(int(seat)):
        return BAD_SEAT_LINK
    number, role = int(seat), seat_role(int(seat))
    holder = table.session.holder(role)
    if holder.device == mark:
        return number  # a reload, a reconnect, a restart: still his
    if not same_key(key, table.session.link_key(role)):
        return BAD_SEAT_LINK
    if holder.device is not None:
        return SEAT_TAKEN
    if table.session.holder(TABLET).device == mark:
        return TABLET_NO_SEAT
    table.set_holder(role, Holder(holder.generation, mark),
                     f"{seats[number]} took the seat on a phone")
    return number


def tablet_role(table: LiveTable, mark: str) -> str:
    """TABLET for the device holding the table's tablet, or for the first device to open a
    game nobody holds yet (stored before roles were kept, made outside a page, or just
    made by this device); WATCHER for any other."""
    session = table.session
    holder = session.holder(TABLET)
    if holder.device is None:
        table.set_holder(TABLET, Holder(holder.generation, mark))
        return TABLET
    return TABLET if holder.device == mark else WATCHER


def still_holds(table: LiveTable, mark: str | None, role: Role) -> bool:
    """Whether the page still holds its role (no handover took it away)."""
    if mark is None or role.kind == WATCHER:
        return True
    name = TABLET if role.kind == TABLET else seat_role(role.seat)
    return table.session.holder(name).device == mark
