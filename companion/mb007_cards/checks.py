"""Input checks for the card game: cards, seats, names and JSON fields (InputError)."""

from __future__ import annotations

from companion.core.datafile import check_line
from companion.core.errors import InputError, shown
from companion.mb007_cards.chips import Chips
from companion.mb007_cards.rules import Card, is_card

MAX_NAME = 24


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_cards(values: object) -> tuple[Card, ...]:
    if not isinstance(values, list | tuple):
        raise InputError(f"expected a list of cards, got {shown(values, 40)}")
    for value in values:
        if not is_card(value):
            raise InputError(f"a card is 1 to 7 or '007', got {shown(value, 20)}")
    return tuple(values)


def check_count(cards: tuple[Card, ...], n: int, what: str) -> None:
    if len(cards) != n:
        raise InputError(f"{what}: {n} cards, got {len(cards)}")


def check_names(value: object, players: int) -> tuple[str, ...]:
    if value is None or value == []:
        return tuple(f"Seat {i + 1}" for i in range(players))
    if not isinstance(value, list | tuple) or len(value) != players or not all(
            isinstance(v, str) and 0 < len(v.strip()) <= MAX_NAME for v in value):
        raise InputError(f"names: one name of 1 to {MAX_NAME} characters per player")
    names = tuple(check_line(v, "a player's name", MAX_NAME) for v in value)
    if len(set(names)) != len(names) or "pot" in names:
        raise InputError("names: each player needs a different name (and not 'pot')")
    return names


def check_seats(value: object, players: int, what: str) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not all(
            is_int(v) and 0 <= v < players for v in value) or len(set(value)) != len(value):
        raise InputError(f"{what}: a list of different seats from 0 to {players - 1}")
    return tuple(sorted(value))


def check_list(value: object) -> list:
    if not isinstance(value, list):
        raise InputError(f"expected a list, got {shown(value, 40)}")
    return value


def check_ints(value: object, n: int, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) != n or not all(is_int(v) for v in value):
        raise InputError(f"{what} is a list of {n} whole numbers")
    return value


def check_chips(value: object) -> Chips:
    chips = tuple(check_ints(value, 3, "chips"))
    if min(chips) < 0:
        raise InputError("a stack of chips is negative")
    return chips
