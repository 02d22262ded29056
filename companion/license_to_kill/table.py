"""License to Kill: the table's parts (pieces, players, turn, ledger) and the scratch copy
an action changes before it is frozen into the next state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from companion.core.errors import InputError, RuleError
from companion.core.game import JSON, Event
from companion.license_to_kill import rules
from companion.license_to_kill.actions import AssignmentIntrigue
from companion.license_to_kill.cards import Card, Library

if TYPE_CHECKING:
    from companion.license_to_kill.engine import LtkState


@dataclass(frozen=True)
class Piece:
    """A card on the table: its title, owner, face, Demotions and attached cards."""

    id: int
    title: str
    owner: int
    face_up: bool = True
    demotions: int = 0
    attached: tuple[Piece, ...] = ()


MainPlot = tuple[Piece, ...]  # bottom first


@dataclass(frozen=True)
class Player:
    name: str
    agency: tuple[Piece, ...] = ()
    zone: tuple[MainPlot, ...] = ()
    won: tuple[Piece, ...] = ()  # Plot cards taken as rewards
    action_discard: tuple[Piece, ...] = ()
    plot_discard: tuple[Piece, ...] = ()
    ready: bool = False


@dataclass(frozen=True)
class LedgerEntry:
    player: int
    change: int
    reason: str


@dataclass(frozen=True)
class Turn:
    player: int = 0
    step: int = 0
    number: int = 1
    plots_placed: int = 0
    attacks: int = 0
    assignments: int = 0
    q_given: tuple[int, ...] = ()  # holders given a Q card this Assignment Briefing

    @property
    def step_name(self) -> str:
        return rules.TURN_STEPS[self.step]


@dataclass(frozen=True)
class Assignment:
    player: int
    bond: int
    personality: int | None
    plot_owner: int
    main_plot: int
    effects: tuple[AssignmentIntrigue, ...] = ()


@dataclass(frozen=True)
class Config:
    """What the options decided: players, the card library and the house rules."""

    names: tuple[str, ...]
    library: Library = field(compare=False)
    house: Mapping[str, Any] = field(compare=False)
    options: Mapping[str, JSON] = field(compare=False)

    def rank(self, card: Card) -> int | None:
        if card.type == "Special":
            return self.house["special_plot_rank"]
        return rules.PLOT_RANK.get(card.type)

    def type_limit(self, kind: str) -> int | None:
        if kind == "Special":
            return self.house["special_plots_per_main_plot"]
        return rules.MAIN_PLOT_TYPE_LIMITS.get(kind)

    def out_of_order(self, card: Card, below: list[Card], above: list[Card]) -> bool:
        """Main Rules: 'descending order': no lower rank below the card, no higher above."""
        rank = self.rank(card)
        below_ranks = [r for c in below if (r := self.rank(c)) is not None]
        above_ranks = [r for c in above if (r := self.rank(c)) is not None]
        return any(r < rank for r in below_ranks) or any(r > rank for r in above_ranks)


MAX_BONUS = 20  # an Intrigue card's modifier, either way
MAX_CARD_NAME = 80


def check_bonus(bonus: object) -> None:
    if isinstance(bonus, bool) or not isinstance(bonus, int) or abs(bonus) > MAX_BONUS:
        raise InputError(f"an Intrigue modifier is a whole number from -{MAX_BONUS} to "
                         f"{MAX_BONUS}, got {bonus!r:.20}")


def refuse(message: str, section: str) -> RuleError:
    return RuleError(message, rule=rules.SECTION[section])


# A scratch copy of the table that an action changes, then freezes into the new state.

class Table:
    def __init__(self, state: LtkState):
        self.state = state
        self.players = [Seat(p) for p in state.players]
        self.ledger = list(state.ledger)
        self.next_id = state.next_id
        self.turn = state.turn
        self.assignment = state.assignment
        self.winner = state.winner

    def new_piece(self, title: str, owner: int, face_up: bool = True) -> Piece:
        self.next_id += 1
        return Piece(self.next_id - 1, title, owner, face_up)

    def score(self, player: int, change: int, reason: str) -> None:
        if change:
            self.ledger.append(LedgerEntry(player, change, reason))

    def find(self, piece_id: int) -> tuple[list[Piece], int]:
        """The list holding a piece on the table, and its index there."""
        for seat in self.players:
            for pieces in (seat.agency, *seat.zone):
                for i, piece in enumerate(pieces):
                    if piece.id == piece_id:
                        return pieces, i
        raise InputError(f"no card on the table has id {piece_id}")

    def get(self, piece_id: int) -> Piece:
        pieces, i = self.find(piece_id)
        return pieces[i]

    def put(self, piece: Piece) -> None:
        pieces, i = self.find(piece.id)
        pieces[i] = piece

    def zone_points(self, piece: Piece) -> int:
        card = self.state.card(piece)
        return card.plot_bullets * rules.POINTS_PER_BULLET_IN_ZONE if card.is_plot else 0

    def discard(self, piece_id: int, why: str) -> str:
        """Take a piece off the table with its attachments, into its owner's discard pile."""
        pieces, i = self.find(piece_id)
        piece = pieces.pop(i)
        if piece.face_up:
            self.score(piece.owner, -self.zone_points(piece),
                       f"{piece.title} left the Plot Zone ({why})")
        self.to_discard(piece)
        self.drop_empty_main_plots()
        return f"{piece.title} is discarded"

    def to_discard(self, piece: Piece) -> None:
        for attached in piece.attached:
            self.to_discard(attached)
        seat = self.players[piece.owner]
        bare = replace(piece, attached=(), demotions=0, face_up=True)
        pile = seat.plot_discard if self.state.card(piece).is_plot else seat.action_discard
        pile.append(bare)

    def demote(self, piece_id: int) -> str:
        """Demoted; a second Demotion discards the card and what is attached to it."""
        piece = self.get(piece_id)
        if piece.demotions + 1 >= rules.DEMOTIONS_TO_DISCARD:
            return self.discard(piece_id, "Demoted twice") + " (Demoted a second time)"
        self.put(replace(piece, demotions=piece.demotions + 1))
        return f"{piece.title} is Demoted"

    def drop_empty_main_plots(self) -> None:
        for seat in self.players:
            seat.zone[:] = [m for m in seat.zone if m]

    def build(self, state: LtkState, action: Any, event: Event) -> LtkState:
        return replace(
            state, players=tuple(seat.freeze() for seat in self.players), turn=self.turn,
            assignment=self.assignment, ledger=tuple(self.ledger), next_id=self.next_id,
            winner=self.winner, history=(*state.history, action), last_event=event)


class Seat:
    def __init__(self, player: Player):
        self.player = player
        self.agency = list(player.agency)
        self.zone = [list(m) for m in player.zone]
        self.won = list(player.won)
        self.action_discard = list(player.action_discard)
        self.plot_discard = list(player.plot_discard)
        self.ready = player.ready

    def freeze(self) -> Player:
        return replace(self.player, agency=tuple(self.agency),
                       zone=tuple(tuple(m) for m in self.zone), won=tuple(self.won),
                       action_discard=tuple(self.action_discard),
                       plot_discard=tuple(self.plot_discard), ready=self.ready)
