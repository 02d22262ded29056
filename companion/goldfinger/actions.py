"""Goldfinger's actions: small frozen records, one per thing a player can do or roll.

Dice are `dice=None` until rolled (the Session fills them in). This module sits below the
engine, the legal-move lister and the odds, which all read it; it imports nothing above
`rules`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlaceCards:
    """Set Up: the Enemy player puts the five cards by five red star Spaces.

    `stars` names the five star Spaces (map ids in map mode, any labels in
    tracker mode). `cards` lists the card at each, in the same order, or None
    when the cards are real and face down (then the Enemy player's `RevealCard`
    says what was found). `stars` None (map mode) lets the app hide the cards: the
    Session draws stars and cards from its seeded randomness (`hiding.hide_cards`).
    """

    stars: tuple[str, ...] | None = None
    cards: tuple[str, ...] | None = None


@dataclass(frozen=True)
class AimCar:
    """Set Up (map mode): point an Enemy car toward a Space next to it."""

    car: str
    toward: str


@dataclass(frozen=True)
class PlaceBond:
    """Set Up: the Bond player places the Aston Martin (map mode: a Space and a facing)."""

    space: str | None = None
    toward: str | None = None


@dataclass(frozen=True)
class StartTurn:
    """How To Play, steps 1 and 3: roll movement for `piece` ("bond" or a car letter)."""

    piece: str
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Move:
    """Movement: tracker mode `Move(spaces=n)`; map mode `Move(to=space)`, one Space."""

    spaces: int = 1
    to: str | None = None


@dataclass(frozen=True)
class QuickTurn:
    dice: tuple[int, ...] | None = None
    to: str | None = None  # map mode: where the arrow lands


@dataclass(frozen=True)
class DoubleBack:
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Trick:
    target: str
    to: str | None = None  # map mode: the next Space the jump lands in
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Force:
    target: str
    aside: str | None = None  # map mode: where the forced piece goes
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Fire:
    """Fire at `target`; tracker mode gives the Spaces between and, for an Enemy car,
    whether it fires at Bond's rear. Map mode works both out (leave them None/False)."""

    target: str
    spaces_between: int | None = None
    from_rear: bool = False
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class PickUpCard:
    star: str
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class RevealCard:
    """Which face-down card Bond turned over (tracker play with the real cards)."""

    card: str


@dataclass(frozen=True)
class CardRoll:
    """The roll the Mirror and the Old Lady call for."""

    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class BreakGate:
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class EjectGuard:
    pass


@dataclass(frozen=True)
class RaiseScreen:
    pass


@dataclass(frozen=True)
class OilSlick:
    """Tracker mode: `cars` are the Enemy cars 1 or 2 Spaces behind Bond."""

    cars: tuple[str, ...] | None = None


@dataclass(frozen=True)
class SmokeScreen:
    """Tracker mode: `cars` are the Enemy cars 3, 4 or 5 Spaces behind Bond."""

    cars: tuple[str, ...] | None = None


@dataclass(frozen=True)
class AvoidOil:
    car: str
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class AvoidSmoke:
    car: str
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class EndMove:
    """The active piece ends its step of the turn."""


ACTION_TYPES: tuple[type, ...] = (
    PlaceCards, AimCar, PlaceBond, StartTurn, Move, QuickTurn, DoubleBack, Trick, Force, Fire,
    PickUpCard, RevealCard, CardRoll, BreakGate, EjectGuard, RaiseScreen, OilSlick,
    SmokeScreen, AvoidOil, AvoidSmoke, EndMove,
)
# The Action Summary line each rolled action reads.
ROLLED: dict[type, str] = {
    QuickTurn: "quick_turn", DoubleBack: "double_back", Trick: "trick", Force: "force",
    Fire: "fire", PickUpCard: "pick_up", BreakGate: "break_gate", AvoidOil: "avoid_oil",
    AvoidSmoke: "avoid_smoke",
}
SPECIALS: dict[type, str] = {
    EjectGuard: "eject_guard", RaiseScreen: "raise_screen", OilSlick: "oil_slick",
    SmokeScreen: "smoke_screen",
}
DICE_ACTIONS = (*ROLLED, CardRoll, StartTurn)

