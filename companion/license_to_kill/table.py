"""License to Kill: the table's parts (pieces, players, turn, ledger) and the scratch copy
an action changes before it is frozen into the next state."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.errors import InputError, RuleError, shown

# States are annotated `GameState`: they are the engine's `LtkState`, and the engine
# imports this module.
from companion.core.game import (
    JSON,
    Event,
    GameState,
)
from companion.license_to_kill import rules
from companion.license_to_kill.actions import AssignmentIntrigue
from companion.license_to_kill.cards import Card, Library


@dataclass(frozen=True)
class Piece:
    """A card on the table: its title, owner, face, Demotions and attached cards."""

    id: int
    title: str
    owner: int
    face_up: bool = True
    demotions: int = 0
    attached: tuple[Piece, ...] = ()
    extra: bool = False  # a Plot card an Intrigue card allowed beyond the type limits


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

    def personality_fits(self, position: int, size: int) -> bool:
        """Main Rules (HOUSE RULE `personality_place`): may a Personality sit at `position`
        of a Main Plot of `size` cards? 'example': anywhere above the bottom card, on top
        too; 'not_on_top': anywhere but the top."""
        if self.house["personality_place"] == "example":
            return position > 0
        return position < size

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
                         f"{MAX_BONUS}, got {shown(bonus, 20)}")


def check_effect(pv: object, cv: object, icons: object, card: object) -> None:
    """An Intrigue card's effect as entered: modifiers in range, known icons, a short name."""
    if not isinstance(icons, tuple) or not all(isinstance(pair, tuple) and len(pair) == 2
                                               for pair in icons):
        raise InputError(f"icons are (icon, count) pairs, got {shown(icons, 60)}")
    for bonus in (pv, cv, *(count for _, count in icons)):
        check_bonus(bonus)
    for icon, _ in icons:
        if icon not in rules.ICONS:
            raise InputError(f"unknown icon {shown(icon, 30)} (icons: {', '.join(rules.ICONS)})")
    if not isinstance(card, str) or len(card) > MAX_CARD_NAME:
        raise InputError(f"an Intrigue card's name is at most {MAX_CARD_NAME} characters")


def refuse(message: str, section: str) -> RuleError:
    return RuleError(message, rule=rules.SECTION[section])


# When an action is allowed: the phases of the rules table (`LtkState.phase`) and the
# refusals at another time.

PREPARING = "preparing"  # Preparing to Play: no turn yet
ON_ASSIGNMENT = "assignment"  # an assignment in progress (within On Assignment)
IN_TURN = rules.TURN_STEPS  # any step of a turn, no assignment in progress
ANY_TIME = (*rules.TURN_STEPS, ON_ASSIGNMENT)  # once the turn has begun


def in_turn(step: str | None, section: str) -> Callable[[Any, Any], RuleError]:
    """The refusal of an action done during `step` of a turn (None: any step, but not
    while an assignment is in progress) at another time."""
    def refusal(state: Any, action: Any) -> RuleError:
        if state.turn is None:
            return setting_up("preparing")(state, action)
        if state.assignment is not None:
            return refuse("an assignment is in progress: Bond cannot abandon it", "assignment")
        return refuse(f"this is done during {step}; the turn is at {state.turn.step_name}",
                      section)
    return refusal


def setting_up(section: str) -> Callable[[Any, Any], RuleError]:
    """The refusal of an action of the turn while the players are still setting up."""
    return lambda state, action: refuse("the players are still setting up (Preparing to Play)",
                                        section)


@dataclass(frozen=True)
class Checked:
    """A rule in two parts: its check (raises, changes nothing; `LtkState.allows` asks it
    alone) and its effect on a scratch `Table`, which becomes the next state."""

    check: Callable[[Any, Any], None]
    do: Callable[[Any, Table, Any], Event]

    def __call__(self, state: Any, action: Any) -> Any:
        self.check(state, action)
        table = Table(state)
        event = self.do(state, table, action)
        return table.build(state, action, event)


# A scratch copy of the table that an action changes, then freezes into the new state.

class Table:
    def __init__(self, state: GameState):
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
        bare = replace(piece, attached=(), demotions=0, face_up=True, extra=False)
        pile = seat.plot_discard if self.state.card(piece).is_plot else seat.action_discard
        pile.append(bare)

    def demote(self, piece_id: int) -> str:
        """Demoted; a second Demotion discards the card and what is attached to it."""
        piece = self.get(piece_id)
        if piece.demotions + 1 >= rules.DEMOTIONS_TO_DISCARD:
            return self.discard(piece_id, "Demoted twice") + " (Demoted a second time)"
        self.put(replace(piece, demotions=piece.demotions + 1))
        return f"{piece.title} is Demoted"

    def detach(self, holder_id: int, attached_id: int) -> Piece:
        """Take an attached card off its holder, into its owner's discard pile."""
        holder = self.get(holder_id)
        card = next(a for a in holder.attached if a.id == attached_id)
        self.put(replace(holder, attached=tuple(a for a in holder.attached
                                                if a.id != attached_id)))
        self.to_discard(card)
        return card

    def spend_single_use(self, piece_ids: tuple[int | None, ...]) -> list[str]:
        """Card Rulings: single-use Q cards of these characters are discarded once used."""
        spent = []
        for piece_id in piece_ids:
            if piece_id is None or not self._on_table(piece_id):
                continue
            for q in self.get(piece_id).attached:
                if self.state.card(q).single_use:
                    self.detach(piece_id, q.id)
                    spent.append(q.title)
        return spent

    def _on_table(self, piece_id: int) -> bool:
        try:
            self.find(piece_id)
        except InputError:
            return False
        return True

    def keep_assignment(self, before: GameState) -> str:
        """After cards left the table during an assignment (an Attack or a Charm): the Main
        Plot is found again; without Bond or without a Main Plot the assignment ends."""
        a = self.assignment
        if a is None or before.assignment is None:
            return ""
        old = {p.id for p in before.players[a.plot_owner].zone[a.main_plot]}
        zone = self.players[a.plot_owner].zone
        m = next((i for i, stack in enumerate(zone) if any(p.id in old for p in stack)), None)
        if not self._on_table(a.bond) or m is None:
            self.assignment = None
            gone = "Bond has left the table" if m is not None else \
                "nothing is left of the Main Plot"
            return f"; {gone}, so the assignment ends (no Demotion)"
        partner = a.personality if a.personality is not None and \
            self._on_table(a.personality) else None
        self.assignment = replace(a, main_plot=m, personality=partner)
        return ""

    def drop_empty_main_plots(self) -> None:
        for seat in self.players:
            seat.zone[:] = [m for m in seat.zone if m]

    def build(self, state: GameState, action: Any, event: Event) -> GameState:
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
