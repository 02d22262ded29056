"""The page's address: what a link asks for, and what the page keeps there.

Panel's `pn.state.location` writes the address with `history.pushState` and sends the new
address back to the server: a Dice Lab page that kept its check there added a history entry
on every tap that set the check up (ten taps, and Back had to be pressed ten times to leave
the page, the address changing under a page that did not), and the write cost the tap 3.75
ms of the page's time at 4x CPU throttling before its frame. `AddressQuery` rewrites its one
parameter in place (`history.replaceState`) once the page is idle, after the tap's frame.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

import panel as pn
import param
from panel.io.location import Location

from companion.ui.tap_pad import QuickJSComponent


def page_location() -> Location | None:
    """Panel's view of the page's address, or None where there is none or Panel cannot read
    it: its query parser calls `int` on every value `str.isdigit` accepts, and "²" is one
    (`?seat=²` left a blank page). The page is built without it: the address keeps no state
    then, and the link's own parameters are read by `url_arg` and refused in words."""
    try:
        return pn.state.location
    except ValueError:
        return None


def url_arg(name: str) -> str:
    """A query parameter of the page being built, as text of at most 80 characters."""
    if not pn.state.curdoc:
        return ""
    raw = pn.state.session_args.get(name, [b""])[0]
    return raw.decode("utf-8", "replace")[:80]


def with_query(search: str, **values: str) -> str:
    """`search` (`?a=1&b=2`) with `values` set in it, every other value kept as text (the
    first of a repeated name, the one the page reads: `url_arg`).

    Panel's `Location.update_query` reads the values it keeps as JSON where they parse so,
    and writes them back as Python's words for them: a Dice Lab check kept there became
    `{'n': 3, ...}` once the page opened another game, and a reload lost it.

    >>> with_query('?session=ab&check={"n":3}', session="cd")
    '?session=cd&check=%7B%22n%22%3A3%7D'
    >>> with_query("?seat=1&seat=2&key=k", session="s")
    '?seat=1&key=k&session=s'
    """
    query: dict[str, str] = {}
    for name, value in parse_qsl(search.removeprefix("?"), keep_blank_values=True):
        query.setdefault(name, value)
    query.update(values)
    return "?" + urlencode(query, errors="replace")  # (a lone surrogate: '?', not an error)


class AddressQuery(QuickJSComponent):
    """`?key=value` in the page's address, rewritten by the browser whenever `value`
    changes (its render in `pads.bundle.js`); it shows nothing. Panel's own copy of the
    address is kept in step without a write, so that its next write (`?session=...`) keeps
    this parameter."""

    key = param.String(default="")
    value = param.String(default="")

    def __init__(self, **params):
        super().__init__(**{"visible": False, "margin": 0, **params})

    def keep(self, value: str) -> None:
        """Hold `value` in the address from now on."""
        self.value = value
        location = page_location()
        if location is not None:
            with param.discard_events(location):
                location.search = with_query(location.search, **{self.key: value})
