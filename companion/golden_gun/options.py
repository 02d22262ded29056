"""The options of a Golden Gun game, validated: mode, effect table, decks, house rules.

Options are plain JSON (they are stored with the session); `rules.OPTION_DEFAULTS` gives
every default, and `rules.HOUSE_RULE_NOTES` says which of them are house rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.core.errors import InputError, shown
from companion.core.game import JSON, check_options
from companion.golden_gun import rules
from companion.golden_gun.effects import EffectTable, house_table, parse_table


@dataclass(frozen=True)
class Config:
    """The options of one game, validated: mode, effect table, deck composition, house rules."""

    mode: rules.Mode
    table: EffectTable | None  # None: the group taps its printed sheet ("sheet")
    blue_deck: Mapping[str, int]
    green_deck: Mapping[int, int]
    upper_half: rules.UpperHalf
    unarmed_startle: rules.UnarmedStartle
    reshuffle_blue: bool
    section_rooms: int = rules.SECTION_ROOMS
    exit_after_moving: bool = rules.EXIT_AFTER_MOVING
    exit_repeat: rules.ExitRepeat = rules.EXIT_REPEAT
    options: Mapping[str, JSON] = field(default_factory=dict)

    @property
    def upper_size(self) -> int:
        """How many cards are in the upper half, the one without the special cards (Set Up)."""
        plain = sum(n for kind, n in self.blue_deck.items() if kind not in rules.SPECIAL_KINDS)
        return plain // 2 if self.upper_half == "smaller" else plain - plain // 2


def parse_options(options: Mapping[str, JSON]) -> Config:
    """Validate the options (InputError names the bad one); defaults in rules.OPTION_DEFAULTS."""
    check_options(options, tuple(rules.OPTION_DEFAULTS), rules.GAME_TITLE)
    get = {**rules.OPTION_DEFAULTS, **options}.__getitem__
    _choice("mode", get("mode"), rules.MODES)
    _choice("upper_half", get("upper_half"), ("smaller", "larger"))
    _choice("unarmed_startle", get("unarmed_startle"), ("hold", "nothing"))
    _choice("exit_repeat", get("exit_repeat"), ("searches", "visits"))
    for name in ("reshuffle_blue", "exit_after_moving"):
        if not isinstance(get(name), bool):
            raise InputError(f"option {name} is true or false")
    if isinstance(get("section_rooms"), bool) or get("section_rooms") not in \
            rules.SECTION_ROOMS_RANGE:
        raise InputError(f"option section_rooms is {rules.SECTION_ROOMS_RANGE.start} to "
                         f"{rules.SECTION_ROOMS_RANGE.stop - 1}, "
                         f"got {shown(get('section_rooms'), 20)}")
    blue = _blue_counts(get("blue_deck"))
    green = _green_counts(get("green_deck"))
    return Config(get("mode"), _table(get("effects"), blue), blue, green, get("upper_half"),
                  get("unarmed_startle"), get("reshuffle_blue"), get("section_rooms"),
                  get("exit_after_moving"), get("exit_repeat"), dict(options))


def _choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise InputError(f"option {name} is one of {list(allowed)}, got {shown(value, 40)}")


def _count(what: str, count: object) -> int:
    if isinstance(count, bool) or not isinstance(count, int) \
            or not 0 <= count <= rules.MAX_CARDS_OF_A_KIND:
        raise InputError(f"{what}: a count from 0 to {rules.MAX_CARDS_OF_A_KIND}, "
                         f"got {shown(count)}")
    return count


def _blue_counts(data: object) -> dict[str, int]:
    if not isinstance(data, Mapping):
        raise InputError("option blue_deck is an object {card kind: count}")
    unknown = sorted(set(data) - set(rules.BLUE_KINDS))
    if unknown:
        raise InputError(f"option blue_deck: unknown blue card {shown(unknown[0])}")
    counts = {kind: _count(f"blue_deck {shown(kind)}", data.get(kind, 0))
              for kind in rules.BLUE_KINDS}
    for kind in rules.SPECIAL_KINDS:
        if counts[kind] != 1:
            raise InputError(f"option blue_deck: Set Up needs exactly one {kind} card")
    return counts


def _green_counts(data: object) -> dict[int, int]:
    if not isinstance(data, Mapping):
        raise InputError("option green_deck is an object {number: count}")
    counts = {}
    for key, count in data.items():
        # "12" names 12; "²" and "١٢" are digits to str.isdigit, not to a player
        number = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() \
            and len(key) <= 2 else key
        if isinstance(number, bool) or number not in rules.GREEN_NUMBERS:
            raise InputError(f"option green_deck: a green number is 2 to 12, got {shown(key)}")
        counts[number] = _count(f"green_deck {number}", count)
    if not sum(counts.values()):
        raise InputError("option green_deck has no card")
    return dict(sorted(counts.items()))


def _table(data: object, blue: Mapping[str, int]) -> EffectTable | None:
    if data == "house":
        return house_table()
    if data == "sheet":
        return None
    if isinstance(data, Mapping):
        return parse_table(dict(data), "in the options", [k for k, n in blue.items() if n])
    raise InputError("option effects is 'house', 'sheet' or an effect table object")
