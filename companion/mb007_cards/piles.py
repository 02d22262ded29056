"""The draw pile and the discards: drawing cards, and refilling an empty pile (Rules for
Play 9). Tablet mode draws named cards; table mode only counts them."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from companion.core.errors import RuleError
from companion.mb007_cards.rules import SECTIONS, Card, card_key, card_text

S = SECTIONS


def random_cards(pile: tuple[Card, ...], discards: tuple[Card, ...], k: int,
                  rng: random.Random) -> tuple[Card, ...]:
    """k cards from the top of a shuffled pile, the discards shuffled in when it runs out."""
    pile, discards, drawn = list(pile), list(discards), []
    for _ in range(k):
        if not pile:
            pile, discards = sorted(discards, key=card_key), []
        drawn.append(pile.pop(rng.randrange(len(pile))))
    return tuple(drawn)


def take(pile: tuple[Card, ...], discards: tuple[Card, ...], cards: tuple[Card, ...]
          ) -> tuple[tuple[Card, ...], tuple[Card, ...], bool]:
    """Rules for Play 9: take `cards` from the pile, refilling it from the discards when it is
    used up (HOUSE RULE: when the next card is needed). (pile, discards, refilled)."""
    pile, discards, refilled = list(pile), tuple(discards), False
    for card in cards:
        if not pile:
            pile, discards, refilled = sorted(discards, key=card_key), (), True
        if card not in pile:
            raise RuleError(f"there is no {card_text(card)} left in the draw pile",
                            rule=S["draw_pile"])
        pile.remove(card)
    return tuple(pile), discards, refilled


def chances_of_each(pile: tuple[Card, ...], discards: tuple[Card, ...],
                    cards: tuple[Card, ...]) -> list[tuple[Card, dict[Card, Fraction]]]:
    """Each of `cards` taken from the pile in turn, as `take` takes them, with every kind's
    share of the pile just before it: its chance then."""
    pile, discards, found = list(pile), tuple(discards), []
    for card in cards:
        if not pile:
            pile, discards = list(discards), ()
        found.append((card, {kind: Fraction(n, len(pile)) for kind, n in Counter(pile).items()}))
        pile.remove(card)
    return found


def take_count(count: int, discards: tuple[Card, ...], k: int
                ) -> tuple[int, tuple[Card, ...], bool]:
    """Table mode: the same, counting cards (the pile's faces are unknown)."""
    refilled = False
    for _ in range(k):
        if count == 0:
            count, discards, refilled = len(discards), (), True
        count -= 1
    return count, discards, refilled


def refill_text(refilled: bool) -> str:
    return " (the draw pile ran out: the discards were shuffled into a new one)" \
        if refilled else ""
