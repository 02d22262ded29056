"""What the tile game's views are given instead of the dashboard: `Onlooker`, who looks at
this page and what it may show. The dashboard builds one for each drawing; no view imports
`main`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

NOBODY = -1  # `Onlooker.looking`: the screen is covered


@dataclass(frozen=True)
class Onlooker:
    """Who looks at this page now: a seat's own phone (`seat`), the tablet (`is_tablet`) or
    a watcher (neither); on the tablet, the seat looking at the uncovered screen (`looking`,
    NOBODY while covered); whether the advice is shown; whose secrets the page may show
    (`may_see(seat)`) and which seats choose on their own phones (`on_own_phone(seat)`)."""

    seat: int | None
    is_tablet: bool
    looking: int
    advice: bool
    may_see: Callable[[int], bool]
    on_own_phone: Callable[[int], bool]
