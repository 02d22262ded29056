"""A new tablet for a game whose tablet is lost: `make tablet CODE=ab12-cd34`.

The tablet is the device holding a cookie (`companion.ui.device`); a tablet whose browser
forgot it (cleared data, a private window, a new tablet) is a watcher like any other, and
with it the game's Undo, saved games and seat handovers are gone. Whoever runs the server
holds the store, and with it every key: this prints the game's one-use tablet link, the same
the tablet's "Make another device the tablet…" shows, under a new key, so any tablet link
shown before dies. The device that opens it becomes the tablet; the link then dies, and the
log of every device says that the tablet moved.
"""

from __future__ import annotations

import sys

from companion.core.errors import CompanionError
from companion.core.seats import TABLET
from companion.core.session import Session
from companion.core.store import Store, shared_store
from companion.ui.share_view import tablet_link


def new_tablet_link(store: Store, code: str, server_url: str) -> str:
    """The one-use tablet link of the game with join code `code` on `server_url`."""
    record = store.find_by_code(code)
    if record is None:
        raise CompanionError("no saved game has that join code (it is on every device's "
                             "“Join this table”)")
    session = Session.resume(store, record.id)
    tablet = session.holder(TABLET)  # a new key: any tablet link shown before dies
    session.set_holder(TABLET, tablet.handed_to(tablet.device))
    return tablet_link(session, f"{server_url.rstrip('/')}/{record.game}")


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m companion.ui.tablet_link JOIN_CODE SERVER_URL", file=sys.stderr)
        return 2
    try:
        link = new_tablet_link(shared_store(), argv[0], argv[1])
    except CompanionError as error:
        print(f"companion: {error}", file=sys.stderr)
        return 1
    print("Open this link on the device that is to be the table's tablet (it works once; "
          "the old tablet becomes a watcher):")
    print(link)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
