"""What the card game's views are given instead of the dashboard: `Onlooker`, who looks at
this page now and whose choice it is, and `Controls`, what the turn's buttons do. The
dashboard builds them; no view imports `main`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Onlooker:
    """Who looks at this page now: a seat's own phone (`seat`), the tablet (`is_tablet`) or
    a watcher (neither); the seat whose choice it is if a person's (`viewer`); whether this
    page makes that choice (`mine`); whether the tablet waits to be passed to him
    (`covered`); whether a bot is to act; whose secrets the page may show (`may_see`)."""

    seat: int | None
    is_tablet: bool
    viewer: int | None
    mine: bool
    covered: bool
    bot_to_act: bool
    may_see: Callable[[int], bool]


@dataclass(frozen=True)
class Controls:
    """What the Your choice card's buttons do."""

    human: Callable[..., None]  # a person's action: human(action, note="")
    respond: Callable[[int, int], None]  # seat answers an announcement: respond(seat, bet)
    card: Callable[[Any], None]  # table mode: one more card tapped in
    pick: Callable[..., None]  # change what is tapped so far: pick(draft=[...]), pick(slot=)
    uncover: Callable[[], None]  # the next person has the tablet: show his choices
    play_bots: Callable[[], None]  # the bots play while it is theirs to act
    new_game: Callable[[], Any]  # a new game with the settings chosen
    stale: Callable[[], None]  # a tap on a drawing since replaced: say so
    redraw: Callable[[], None]  # draw the turn again
