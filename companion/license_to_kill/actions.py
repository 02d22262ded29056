"""License to Kill: the actions a player taps, small frozen dataclasses that round-trip JSON.

Dice are ``(attacker's die, target's die)`` and None means "let the app roll".
Intrigue cards are not read by the tablet: their effects are entered as numbers
(`attacker_bonus`, `AssignmentIntrigue`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.license_to_kill import rules

Side = Literal["team", "plot"]


@dataclass(frozen=True)
class Setup:
    """Preparing to Play: a player's starting Main Plot (Mission up, Villain down) and Bond."""

    player: int
    mission: str
    villain: str
    bond: str


@dataclass(frozen=True)
class NextStep:
    """Move the turn to its next step (after the last, the next player's turn).

    `no_plot_card`: the Plot Draw Pile was empty, so Develop Plot Zone may end without
    adding a Plot card.
    """

    no_plot_card: bool = False


@dataclass(frozen=True)
class PlacePlot:
    """Develop Plot Zone: add a Plot card or a non-allied Personality to a Main Plot.

    `main_plot` None starts a new Main Plot; `position` is the place in the stack,
    0 at the bottom, None on top. `by_intrigue`: an extra Henchman or Location an
    Intrigue card allows, face up.
    """

    card: str
    main_plot: int | None = None
    position: int | None = None
    face_up: bool = True
    by_intrigue: bool = False  # beyond the normal limits of types and Plot cards a turn


@dataclass(frozen=True)
class AttachQ:
    """Give a Q card to a character: a Bond or Agent in the Agency (Assignment Briefing)
    or a face-up Villain or Henchman in the Plot Zone (Develop Plot Zone)."""

    card: str
    holder: int


@dataclass(frozen=True)
class AddToAgency:
    """Assignment Briefing: a Bond, an Ally, or a non-allied Personality won over.

    An Intrigue card played on one of your Bond cards to help win her over ("Be sure to
    include effects of Q cards and Intrigue cards") is entered as its effect on that Bond
    (`helped`, a piece id): `pv`, `cv` and icons it adds (or takes away)."""

    card: str
    helped: int | None = None
    pv: int = 0
    cv: int = 0
    icons: tuple[tuple[str, int], ...] = ()
    intrigue: str = ""


@dataclass(frozen=True)
class HenchmanAttack:
    """Step Four: a Henchman (or Personality) in your Plot Zone attacks a card in another
    player's Agency with its PV or CV. Bonuses are Intrigue effects on the values.
    Dice: (attacker's die, target's die)."""

    attacker: int
    target: int
    value: rules.Value = "PV"
    attacker_bonus: int = 0
    target_bonus: int = 0
    dice: tuple[int, ...] | None = None
    extra: bool = False  # another attack this turn, which an Intrigue card allows


@dataclass(frozen=True)
class AttackCharm:
    """Attacking and Charming (from an Intrigue card, at any point of a turn, On Assignment
    too): the loser is discarded. Dice: (attacker's die, target's die)."""

    attacker: int
    target: int
    kind: Literal["Attack", "Charm"] = "Attack"
    attacker_bonus: int = 0
    target_bonus: int = 0
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class StartAssignment:
    """On Assignment: send a Bond (or Agent) and perhaps a Personality against a Main Plot."""

    bond: int
    plot_owner: int
    main_plot: int
    personality: int | None = None


@dataclass(frozen=True)
class AssignmentIntrigue:
    """An Intrigue card played during the assignment: it changes the team's values and
    icons, or the plot's requirements (negative icon counts take icons away)."""

    side: Side
    pv: int = 0
    cv: int = 0
    icons: tuple[tuple[str, int], ...] = ()
    card: str = ""


@dataclass(frozen=True)
class Proceed:
    """Every player has passed: reveal the bottom-most face-down card, or conclude."""


@dataclass(frozen=True)
class MoveQ:
    """On Assignment, instead of an attempt: move a Q card to another character in your
    Agency, or exchange it for one of that character's Q cards (`exchange_for`)."""

    card: int
    holder: int
    exchange_for: int | None = None


@dataclass(frozen=True)
class InPlaceOfAssignment:
    """On Assignment, instead of an attempt: use a card that states "In place of your On
    Assignment step, ..." (The Charmer, Agent Crawford). The card's effect is the table's."""

    card: str


@dataclass(frozen=True)
class AttachIntrigue:
    """Intrigue Cards: an Intrigue card that states it attaches, placed on a character (it
    stays until the character is discarded). `by`: the player who plays it (None: the
    player whose turn it is)."""

    card: str
    holder: int
    by: int | None = None


@dataclass(frozen=True)
class DiscardAttached:
    """An attached card leaves play: a Q card once used (Card Rulings: Time Bomb, the
    Explosive Pen) or an attached Intrigue card another Intrigue card removes."""

    card: int


ACTION_TYPES = (Setup, NextStep, PlacePlot, AttachQ, AddToAgency, HenchmanAttack, AttackCharm,
                StartAssignment, AssignmentIntrigue, Proceed, MoveQ, InPlaceOfAssignment,
                AttachIntrigue, DiscardAttached)
