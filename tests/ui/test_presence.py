"""Which seats have their own phone open on a table: counted while a seat's page is open,
told to the tablet's page when a phone comes or goes, forgotten when the page closes."""

from __future__ import annotations

from companion.core.session import Session
from companion.dice_lab import GAME
from companion.ui.live_table import live_table
from companion.ui.presence import PresenceLink, presence


def test_a_seat_counts_while_its_pages_are_open_and_the_tablet_is_told(store):
    table = live_table(store, Session(GAME, {}, seed=1, store=store))
    told = []
    tablet = PresenceLink(table, None, lambda event: told.append(dict(event.new)))
    first, second = PresenceLink(table, 1, print), PresenceLink(table, 1, print)
    assert presence(table) is tablet.presence and tablet.here(1) and not tablet.here(0)
    first.close()
    assert tablet.here(1)  # the same seat on a second page
    second.close()
    second.close()  # twice is harmless
    assert not tablet.here(1) and told == [{1: 1}, {1: 2}, {1: 1}, {}]
    tablet.close()
    PresenceLink(table, 0, print)
    assert told == [{1: 1}, {1: 2}, {1: 1}, {}]  # a closed page is no longer told
    assert not tablet.here(0) and presence(table).here(0)
