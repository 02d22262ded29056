"""The James Bond 007 Card Game's rulebook as data: chips, deal, combinations, payouts.

Every constant cites its place in the card-game part of
``../shared/rules/milton_bradley_007_tiles_and_cards.txt`` (an OCR scan, read as
``READING_NOTES.md`` says): "To Start" 1-3 set up the game, "Rules for Play" 1-13 play it.
Where the rulebook is silent the choice is marked HOUSE RULE and listed in `HOUSE_RULES`
(shown as "house rule" by the app, and in ``docs/assumptions.md``).

A card is an int 1..7 or the string "007" (wild).

>>> is_winning([5, 5, "007"]), is_winning([2, 3, 1]), is_winning([6, 7, 1])
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Literal

from companion.core.errors import shown

GAME_TITLE = "James Bond 007 Card Game"

Card = int | Literal["007"]
WILD: Literal["007"] = "007"  # Winning Combinations: "The 007 card is WILD"
NUMBERS: tuple[int, ...] = tuple(range(1, 8))  # Winning Combinations: "ANY NUMBER from 1 to 7"
CARDS: tuple[Card, ...] = (*NUMBERS, WILD)  # every kind of card, in the order the app shows

# Title: "For 2 To h Players" (the OCR lost the upper bound).
# HOUSE RULE: 2 to 6 players, as the issue asks; 6 x 3 cards leave 14 of the 32 to draw.
MIN_PLAYERS, MAX_PLAYERS = 2, 6

# READING_NOTES: "Deck composition is not given. Default: four each of 1..7 and four 007."
# HOUSE RULE (editable, option "deck"): how many of each card the deck holds.
DEFAULT_DECK: tuple[tuple[Card, int], ...] = tuple((card, 4) for card in CARDS)

# To Start 1: "2 BLUE chips worth 10 points each 2 RED chips worth 5 points each and
# 6 WHITE chips worth 1 point each"; "extra chips are put aside ... as a bank for making change".
CHIP_COLOURS: tuple[str, ...] = ("blue", "red", "white")  # highest value first
CHIP_VALUES: dict[str, int] = {"blue": 10, "red": 5, "white": 1}
STARTING_CHIPS: tuple[int, int, int] = (2, 2, 6)  # blue, red, white = 36 points
STARTING_POINTS = 36  # To Start 1: "chips equal to 36 points"
# To Start 2: "Each player places 4 WHITE chips into the POT before starting the game."
ANTE: tuple[int, int, int] = (0, 0, 4)

# To Start 3: "deals three to each player one at a time ... the first card number side UP
# the second number side DOWN the third number side UP".
DEAL_ROW: tuple[str, ...] = ("left", "down", "right")
# Rules for Play 7: at the start of his next turn he "takes 3 cards one at a time ...
# 2 UP and 1 DOWN". HOUSE RULE: in the order of the deal's row: up, down, up.
NEW_CARDS_ROW = DEAL_ROW
SLOTS: tuple[str, ...] = DEAL_ROW  # Rules for Play 2b: replace "either UP card or his DOWN card"

# Rules for Play 6: "An opponent doubting the call places 1 2 or 3 chips".
BETS: tuple[int, ...] = (1, 2, 3)
ACCEPT = 0  # a response with bet 0 accepts (Rules for Play 4: "ACCEPT it or CALL HIS BLUFF")

# Rules for Play 5: all accept, "If he was HOLDING the Winning Combination he wins 1 point
# (1 white chip) from the POT. If he was BLUFFING ... he wins 3 points (3 white chips)".
ACCEPTED_PAYOUT: dict[bool, int] = {True: 1, False: 3}  # holding -> points from the pot
# Rules for Play 6a: holding, "he wins the bets ... and also 1 chip from the pot".
CALLED_HOLDING_FROM_POT = 1
# Rules for Play 6b: bluffing, "he must pay each bluff calling opponent chips equal to what
# they bet and also 1 chip to the pool".
CALLED_BLUFF_TO_POT = 1

# Winning Combinations: "3 of a kind ... OR a RUN 3 numbers in order". HOUSE RULE (READING
# _NOTES): no wrap from 7 to 1; a run is any 3 consecutive numbers of 1..7.
RUN_LENGTH = 3
RUNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(start, start + RUN_LENGTH)) for start in range(1, 9 - RUN_LENGTH))

# Each HOUSE RULE and reading, as the app shows it (with "house rule" beside it).
HOUSE_RULES: dict[str, str] = {
    "players": "2 to 6 players (the scan's upper bound is unreadable).",
    "deck": "The deck: four each of 1 to 7 and four 007, 32 cards (the rulebook does not "
            "say); a group can set its own counts.",
    "runs": "A run does not wrap from 7 to 1; 007 stands for any number 1 to 7.",
    "new_cards": "A player's three new cards come in the order of the deal: up, down, up.",
    "responses": "Opponents answer one at a time, starting at the announcer's left; each "
                 "sees the earlier answers.",
    "bet_limit": "A caller bets at most the points he holds.",
    "bluff_shown": "A caught bluffer shows his down card to the table, as Rules for Play 6 "
                   "says, then keeps it down: the odds and the bots count it as seen until "
                   "he replaces it. Option show_caught_bluff false (a house rule) keeps it "
                   "hidden.",
    "choose_after_drawing": "Tablet mode: a player draws and looks at the card, then chooses "
                            "which card it replaces (Rules for Play 2b: \"draw the top card "
                            "... and replace either UP card or his DOWN card\"). Option "
                            "choose_after_drawing false (a house rule): the card it replaces "
                            "is chosen before it is seen.",
    "pay_order": "A player who cannot pay pays the callers starting at his left, the pot "
                 "last; the pot pays what it holds.",
    "bank": "The bank always has the chips to make change; a payment breaks a larger chip "
            "into smaller ones at the bank when it must.",
    "refill": "The discards are shuffled into a new draw pile when a card is needed and "
              "the draw pile is empty.",
    "out": "A player who is out keeps his cards in front of him, out of play, and is "
           "skipped; the game also ends when fewer than two players have chips.",
    "ties": "Players tied for the most points share the win.",
}

# Section names, for RuleError(rule=...).
_PREFIX = "007 Card Game: "
SECTIONS: dict[str, str] = {
    "start": _PREFIX + "To Start the Game 1-3",
    "combinations": _PREFIX + "Winning Combinations",
    "turn": _PREFIX + "Rules for Play 1-2 (the turn)",
    "announce": _PREFIX + "Rules for Play 2a and 2c (announce or pass)",
    "respond": _PREFIX + "Rules for Play 4 and 6 (accept or call)",
    "accepted": _PREFIX + "Rules for Play 5 (all accept)",
    "called": _PREFIX + "Rules for Play 6 (a call)",
    "new_cards": _PREFIX + "Rules for Play 7 (new cards)",
    "draw_pile": _PREFIX + "Rules for Play 9 (an empty draw pile)",
    "pay": _PREFIX + "Rules for Play 10-11 (cannot pay, out)",
    "end": _PREFIX + "Rules for Play 12-13 (the end)",
    "deck": _PREFIX + "the deck (house rule)",
}


def card_key(card: Card) -> int:
    """Sort order: 1..7, then 007."""
    return 8 if card == WILD else int(card)


def card_text(card: Card) -> str:
    return WILD if card == WILD else str(card)


def is_card(value: object) -> bool:
    return (value == WILD and isinstance(value, str)) or (
        isinstance(value, int) and not isinstance(value, bool) and value in NUMBERS)


@cache
def _winning(key: tuple[int, ...]) -> bool:
    numbers = [k for k in key if k != 8]
    if len(set(numbers)) <= 1:
        return True  # three of a kind (wilds make up the rest)
    if len(set(numbers)) != len(numbers):
        return False
    return any(set(numbers) <= set(run) for run in RUNS)


def is_winning(cards: Iterable[Card]) -> bool:
    """Winning Combinations: three of a kind or a run of three; 007 is any number 1-7.

    `cards` are three cards, each an int 1..7 or "007"; ValueError for anything else.
    """
    cards = list(cards)
    if len(cards) != RUN_LENGTH or not all(is_card(c) for c in cards):
        raise ValueError(f"a combination is three cards, each 1..7 or '007', "
                         f"got {shown(cards, 60)}")
    return _winning(tuple(sorted(card_key(c) for c in cards)))


def combination_name(cards: Iterable[Card]) -> str:
    """'three 5s', 'a run 3-4-5' or 'no combination', 007 read as whatever helps."""
    cards = list(cards)
    numbers = sorted(c for c in cards if c != WILD)
    if not is_winning(cards):
        return "no combination"
    if len(set(numbers)) <= 1:
        return f"three {numbers[0] if numbers else 7}s"
    run = next(r for r in RUNS if set(numbers) <= set(r))
    return "a run " + "-".join(map(str, run))


def deck_from_mapping(counts: Mapping[str, object] | None) -> tuple[tuple[Card, int], ...]:
    """The option "deck" ({"1": 4, ..., "007": 4}) as data; ValueError names a bad entry.

    >>> dict(deck_from_mapping({"007": 2}))["007"], dict(deck_from_mapping(None))[5]
    (2, 4)
    """
    if counts is None:
        return DEFAULT_DECK
    if not isinstance(counts, Mapping):
        raise ValueError("the deck is an object like {\"1\": 4, ..., \"007\": 4}")
    names = {card_text(c): c for c in CARDS}
    unknown = sorted(set(map(str, counts)) - set(names))
    if unknown:
        raise ValueError(f"the deck has no card {shown(unknown[0], 20)} (cards are 1..7 and 007)")
    deck = []
    for card, default in DEFAULT_DECK:
        count = counts.get(card_text(card), default)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 40:
            raise ValueError(f"the deck's count of {card_text(card)} is 0 to 40, "
                             f"got {shown(count, 20)}")
        deck.append((card, count))
    return tuple(deck)


def deck_to_mapping(deck: tuple[tuple[Card, int], ...]) -> dict[str, int]:
    return {card_text(card): count for card, count in deck}
