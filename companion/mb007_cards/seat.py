"""One player at the card table: his chips, his cards, and what the table has seen him do.

>>> seat = Seat("Ann", up=(3, 4), down=5)
>>> placed(seat, "left", 7).up, placed(seat, "down", 1).down, seat.points
((7, 4), 1, 36)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.core.errors import InputError
from companion.mb007_cards import checks as ck
from companion.mb007_cards import chips as ch
from companion.mb007_cards import rules
from companion.mb007_cards.chips import Chips
from companion.mb007_cards.rules import Card, card_text

UP_INDEX = {"left": 0, "right": 1}


@dataclass(frozen=True)
class Record:
    """What the whole table has seen a player do with his turns: announcements that held,
    announcements that were bluffs (every announcement ends with the down card shown,
    Rules for Play 5-6), and turns he passed. A player who holds a combination announces
    it, so each pass and each bluff is a turn he could have bluffed (`bluffing`)."""

    held: int = 0
    bluffs: int = 0
    passes: int = 0

    @property
    def announced(self) -> int:
        return self.held + self.bluffs

    def text(self, name: str) -> str:
        """'Seat 2 bluffed 1 of 5 announcements and passed 7 times'."""
        if self.announced == 0 and self.passes == 0:
            return f"the table has not seen {name} announce or pass before"
        passes = {0: "never", 1: "once"}.get(self.passes, f"{self.passes} times")
        if self.announced == 0:
            return f"{name} has not announced yet and passed {passes}"
        return (f"{name} bluffed {self.bluffs} of {self.announced} announcement"
                f"{'' if self.announced == 1 else 's'} and passed {passes}")


@dataclass(frozen=True)
class Seat:
    """One player: his chips and cards. `down` is known only in tablet mode."""

    name: str
    chips: Chips = rules.STARTING_CHIPS
    up: tuple[Card, ...] = ()  # () when he has no cards, else (left, right)
    down: Card | None = None
    out: bool = False  # Rules for Play 11: no chips left
    # Rules for Play 6: "The player then reveals his DOWN card"; a caught bluffer keeps it
    # down, but the whole table has seen it until he replaces it. Table mode: `down` then
    # holds the card shown.
    shown: bool = False
    record: Record = field(default_factory=Record)
    passed_with: bool = False  # he passed holding these very cards (none has changed since)

    @property
    def known_down(self) -> Card | None:
        """His down card if the whole table has seen it (a called bluff), else None."""
        return self.down if self.shown else None

    @property
    def points(self) -> int:
        return ch.points(self.chips)

    @property
    def has_cards(self) -> bool:
        return len(self.up) == 2

    def announced(self, holding: bool) -> Seat:
        """The seat once the table has seen whether his announcement held."""
        held, bluffs = self.record.held + holding, self.record.bluffs + (not holding)
        return replace(self, record=replace(self.record, held=held, bluffs=bluffs))

    def passed(self) -> Seat:
        return replace(self, record=replace(self.record, passes=self.record.passes + 1),
                       passed_with=True)

    def holding_cards(self, up: tuple[Card, ...], down: Card | None) -> Seat:
        """The seat with new cards (`up` () for none): none of them yet passed or shown."""
        return replace(self, up=up, down=down, shown=False, passed_with=False)


def dealt(seat: Seat, row: tuple[str, ...], cards: tuple[Card, ...]) -> Seat:
    """The seat holding three new cards laid out along `row` (left, down, right)."""
    laid = dict(zip(row, cards, strict=True))
    return seat.holding_cards((laid["left"], laid["right"]), laid["down"])


def placed(seat: Seat, slot: str, card: Card | None) -> Seat:
    """The seat with `card` in place of the one in `slot`."""
    if slot == "down":
        return seat.holding_cards(seat.up, card)
    up = list(seat.up)
    up[UP_INDEX[slot]] = card
    return replace(seat, up=tuple(up), passed_with=False)


def pair_text(up: tuple[Card, ...]) -> str:
    return " and ".join(card_text(c) for c in up) if up else "no cards"


def with_seat(seats: tuple[Seat, ...], index: int, seat: Seat) -> tuple[Seat, ...]:
    return (*seats[:index], seat, *seats[index + 1:])


# JSON.

FIELDS = {"name", "chips", "up", "down", "out", "shown", "record", "passed_with"}


def seat_to_json(seat: Seat) -> dict:
    record = seat.record
    return {"name": seat.name, "chips": list(seat.chips), "up": list(seat.up),
            "down": seat.down, "out": seat.out, "shown": seat.shown,
            "record": [record.held, record.bluffs, record.passes],
            "passed_with": seat.passed_with}


def seat_from_json(data: object) -> Seat:
    if not isinstance(data, dict) or set(data) != FIELDS:
        raise InputError(f"a seat has the fields {sorted(FIELDS)}")
    up = ck.check_cards(ck.check_list(data["up"]))
    down = None if data["down"] is None else ck.check_cards([data["down"]])[0]
    if len(up) not in (0, 2) or not isinstance(data["out"], bool) or not isinstance(
            data["name"], str) or not isinstance(data["shown"], bool) or not isinstance(
            data["passed_with"], bool):
        raise InputError("a seat holds two up cards or none")
    record = ck.check_ints(ck.check_list(data["record"]), 3, "a seat's record")
    if min(record) < 0:
        raise InputError("a seat's record counts turns: whole numbers, 0 or more")
    return Seat(data["name"], ck.check_chips(data["chips"]), up, down, data["out"],
                data["shown"] and down is not None, Record(*record),
                data["passed_with"] and len(up) == 2)
