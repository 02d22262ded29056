"""The actions of the 007 card game, in the order a turn uses them.

Seats are numbered from 0 (the app shows "Seat 1" for 0). A card is an int 1..7 or
"007". In tablet mode the app draws: a card field left ``None`` is filled by the Session
from its seeded deck (`CardsState.fill_chance`), so the saved log holds every card drawn.
In table mode the players tap in what the table can see: the up cards, the old down card
going to the discard pile, the down card shown on a reveal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.mb007_cards.rules import Card

Slot = Literal["left", "down", "right"]


@dataclass(frozen=True)
class Deal:
    """To Start 3: three cards each, up, down, up.

    Tablet mode: `cards` is every card dealt, one at a time round the table (filled in by
    the app). Table mode: the up cards only, seat by seat, left card then right card.
    """

    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class TakeCards:
    """Rules for Play 7: a player with no cards takes 3 at the start of his turn.

    Tablet mode: the three cards in the order up, down, up (filled in by the app).
    Table mode: his two up cards, left then right.
    """

    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class Draw:
    """Rules for Play 2b: draw the top card and replace an up card or the down card.

    `card`: the card drawn (tablet mode: filled in by the app; table mode: the new up card,
    None when it replaces the down card, since only its owner sees it). `discarded`: table
    mode only, the old down card, now face up on the discard pile.
    """

    slot: Slot
    card: Card | None = None
    discarded: Card | None = None


@dataclass(frozen=True)
class DrawCard:
    """Rules for Play 2b, tablet mode: "He may draw the top card from the DRAW pile and
    replace either UP card or his DOWN card": he draws and looks first, then `Replace`
    says which card it takes the place of. `card` is filled in by the app. (House rule
    `choose_after_drawing` false: the slot is chosen before the card is seen, `Draw`.)"""

    card: Card | None = None


@dataclass(frozen=True)
class Replace:
    """Rules for Play 2b, tablet mode: the card just drawn (`DrawCard`) takes the place of
    the card in `slot`, which goes face up on the discard pile."""

    slot: Slot


@dataclass(frozen=True)
class Announce:
    """Rules for Play 2a/2c: announce a winning combination (held or bluffed)."""


@dataclass(frozen=True)
class Pass:
    """Rules for Play 2c: after replacing a card, pass, ending the turn."""


@dataclass(frozen=True)
class Respond:
    """Rules for Play 4 and 6: an opponent accepts (bet 0) or calls the bluff with 1-3."""

    seat: int
    bet: int


@dataclass(frozen=True)
class Reveal:
    """Table mode, Rules for Play 5-6: the down card the announcer shows."""

    card: Card


ACTION_TYPES: tuple[type, ...] = (Deal, TakeCards, Draw, DrawCard, Replace, Announce, Pass, Respond,
                                  Reveal)
