"""The Man with the Golden Gun's actions: what a player (or the app) does at each step of the
room sequence, as small frozen values that round-trip through JSON. Dice left None are rolled
by the Session (`ROLLED`); `dice_of` checks the dice a player gives."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.dice import Roll
from companion.core.errors import InputError
from companion.golden_gun import rules

Dice = tuple[int, ...] | None


@dataclass(frozen=True)
class SetUp:
    """Solo: Set Up. The app deals as the game is seen: the first maze section here, every
    other section when it is laid, each card when it is turned over, so nothing in the log
    (or taken back by an undo) tells what comes next; the decks are then empty.

    Games stored before dealt everything here: the shuffled blue deck (top first), the
    green deck and all the maze sections; they replay as they were played.
    """

    blue_deck: tuple[str, ...] | None = None
    green_deck: tuple[int, ...] | None = None
    sections: tuple[str, ...] | None = None


@dataclass(frozen=True)
class AddSection:
    """New Maze Sections: lay the next section; solo gives the free block `at`, and the app
    draws the section's `layout` as it is laid."""

    at: tuple[int, int] | None = None
    layout: str | None = None


@dataclass(frozen=True)
class Move:
    """Step 1: Bond moves into `room` ("1:B2"); solo: the app deals the room's face-down
    `green` card as Bond turns it over."""

    room: str
    green: int | None = None


@dataclass(frozen=True)
class ReadGreen:
    """Step 2 (companion): the number on the green card Bond turned over."""

    number: int


@dataclass(frozen=True)
class RollGreen:
    """Step 3: two dice against the green card's number."""

    dice: Dice = None


@dataclass(frozen=True)
class Fire:
    """Step 5: Bond fires on purpose (one bullet) at the blue card."""


@dataclass(frozen=True)
class Hold:
    """Step 5: Bond holds his fire."""


@dataclass(frozen=True)
class Reveal:
    """Steps 4, 6, 7: the blue card read; None lets the app deal it (solo, or a room's card)."""

    kind: str | None = None


@dataclass(frozen=True)
class Dodge:
    """Wounds and Dodges: two dice, 4 or less and Bond ducks the shot."""

    dice: Dice = None


@dataclass(frozen=True)
class ScaramangaShot:
    """Scaramanga's Shot: two dice against the table's number; Bond cannot dodge."""

    dice: Dice = None


@dataclass(frozen=True)
class ApplyEffect:
    """The printed sheet's effect, tapped by hand (amount 0: the effect's usual amount)."""

    effect: str
    amount: int = 0


@dataclass(frozen=True)
class EndCard:
    """The printed sheet's paragraph is done."""


@dataclass(frozen=True)
class Wait:
    """Bond spends his lost turn where he is."""


@dataclass(frozen=True)
class SearchExit:
    """Ending the Game, Escaping: two dice, 10 or less finds the exit."""

    dice: Dice = None


ACTION_TYPES: tuple[type, ...] = (SetUp, AddSection, Move, ReadGreen, RollGreen, Fire, Hold,
                                  Reveal, Dodge, ScaramangaShot, ApplyEffect, EndCard, Wait,
                                  SearchExit)
ROLLED = (RollGreen, Dodge, ScaramangaShot, SearchExit)


def dice_of(dice: Dice) -> Roll:
    """The two dice of a roll, checked; InputError if they are missing or malformed."""
    if dice is None:
        raise InputError("the dice are missing: roll them or let the app roll")
    return Roll.of(dice, rules.DICE_PER_ROLL)
