"""The Man with the Golden Gun's review (`companion.core.review`): Bond's luck at every
roll and card, and what each Step 5 choice cost him.

Its equity is Bond's chance to live to the Solex Agitator (`odds.alive_at_solex`): the
search is the game's danger, and once he holds the Solex Agitator the figure is 1 (the
escape that follows is not reviewed yet). It is an estimate: the odds module counts every
future room as a new one with a green card, and here every future green card as the
average of the whole green deck (one solver serves the whole game); the room Bond is in is
exact. So the books balance within what those leave over, which the review shows.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from companion.core.dice import p_at_most
from companion.golden_gun import odds, rules
from companion.golden_gun.engine import (
    Dodge,
    Fire,
    GoldenGunState,
    Hold,
    Move,
    ReadGreen,
    Reveal,
    RollGreen,
    ScaramangaShot,
    SearchExit,
)

BOND = "Bond"
EQUITY_NAME = "Bond's chance to live to the Solex Agitator"
EQUITY_IS_CHANCE = True
EQUITY_UNIT = "chance to live to the Solex (%)"  # the chart's axis, as the name says it
LUCK_WORDS = SKILL_WORDS = None  # the review's own, for a chance
CALM, STARTLED = (1, 1), (6, 6)  # dice that stand for all that succeed or fail at at-most


def equity(state: GoldenGunState) -> dict[str, Fraction] | None:
    alive = odds.alive_at_solex(state, _startle(tuple(sorted(state.config.green_deck.items()))))
    return None if alive is None else {BOND: alive}


@lru_cache(maxsize=64)
def _startle(green_deck: tuple[tuple[int, int], ...]) -> Fraction:
    """`odds.p_startle_next` of a whole green deck, worked out once per deck, not per
    position (the same exact Fraction)."""
    return odds.p_startle_next(dict(green_deck))


def _at_most(action: Any, chance: Fraction) -> list[tuple[Any, Fraction]]:
    """A two-dice roll at most some number: its two outcomes."""
    return [(replace(action, dice=dice), q)
            for dice, q in ((CALM, chance), (STARTLED, 1 - chance)) if q]


def _greens(state: GoldenGunState, make) -> list[tuple[Any, Fraction]]:
    total = sum(state.greens_unseen.values())
    return [(make(number), Fraction(count, total))
            for number, count in sorted(state.greens_unseen.items()) if count]


# The cards against a fair shuffle (`core.tally`): each green card turned over and each
# blue card from the deck, by its number or kind, against its chance then (the chances the
# luck above is weighed with); a legacy deal's cards, dealt in advance, are not counted.
# Every one is face up once drawn, so they are counted while the game runs.
DRAWN = {"green": ("green card", "green cards", "a fair shuffle", rules.GREEN_NUMBERS),
         "blue": ("blue card", "blue cards", "a fair shuffle", rules.BLUE_KINDS)}


def drawn(state: GoldenGunState, action: Any) -> list[tuple[str, Any, dict[Any, Fraction]]]:
    """The green or blue card `action` turns over, with every number's or kind's chance."""
    outcomes = chance_outcomes(state, action)
    if isinstance(action, Reveal) and outcomes is not None and action.kind is not None:
        return [("blue", action.kind, {o.kind: p for o, p in outcomes})]
    if isinstance(action, Move) and outcomes is not None:
        return [("green", action.green, {o.green: p for o, p in outcomes})]
    if isinstance(action, ReadGreen) and outcomes is not None:
        return [("green", action.number, {o.number: p for o, p in outcomes})]
    return []


def drawn_withheld(state: GoldenGunState) -> None:
    """Never: a card is face up once drawn."""
    return None


def chance_outcomes(state: GoldenGunState, action: Any) -> list[tuple[Any, Fraction]] | None:
    if isinstance(action, RollGreen) and state.green is not None:
        return _at_most(action, odds.p_calm(state.green))
    if isinstance(action, Dodge):
        return _at_most(action, odds.p_dodge())
    if isinstance(action, ScaramangaShot) and state.pending:
        return _at_most(action, p_at_most(state.pending[0][1]))
    if isinstance(action, SearchExit):
        return _at_most(action, odds.p_find_exit())
    if isinstance(action, Reveal) and state.source == "deck" and not state.blue_deck:
        return [(Reveal(kind), p) for kind, p in odds.next_blue_odds(state).items()]
    if isinstance(action, Move) and action.green is not None \
            and state.greens.get(action.room, 0) is None:
        return _greens(state, lambda number: replace(action, green=number))
    if isinstance(action, ReadGreen):
        return _greens(state, ReadGreen)
    return None


def decision_options(state: GoldenGunState, action: Any) -> tuple[str, list[Any]] | None:
    if isinstance(action, Fire | Hold) and state.phase == "decide":
        return BOND, ([Fire()] if state.ammo else []) + [Hold()]
    return None
