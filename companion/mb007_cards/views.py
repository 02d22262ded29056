"""What each seat may see: the public table, and one seat's private view.

`public_view(state)` holds everything face up (pot, chips, up cards, the piles, the
answers so far) and never a down card. `private_view(state, seat)` adds that seat's own
down card, in tablet mode where the app dealt it. Odds and bots read only these views, so
they can never use another player's down card; the shared-table work serves each seat its
private view on its own phone.

>>> from companion.mb007_cards.actions import Deal
>>> from companion.mb007_cards.engine import new_state
>>> state = new_state({"players": 2}).apply(Deal((1, 2, 3, 4, 5, 6)))
>>> private_view(state, 0).down, private_view(state, 1).down, public_view(state).seats[0].up
(4, 3, (2, 6))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.mb007_cards import chips as ch
from companion.mb007_cards.chips import Chips
from companion.mb007_cards.engine import CardsState
from companion.mb007_cards.rules import Card
from companion.mb007_cards.seat import Record


@dataclass(frozen=True)
class SeatInfo:
    """One seat as the whole table sees it."""

    index: int
    name: str
    chips: Chips
    points: int
    up: tuple[Card, ...]
    has_cards: bool
    out: bool
    bot: bool
    shown_card: Card | None = None  # his down card, shown when his bluff was called
    record: Record = field(default_factory=Record)  # his turns, as the table saw them
    passed_with: bool = False  # he passed holding the cards he holds now


@dataclass(frozen=True)
class PublicView:
    """The table face up: what anyone at it (or a spectator) may see."""

    mode: str
    phase: str
    turn: int
    to_act: int | None
    seats: tuple[SeatInfo, ...]
    pot: Chips
    draw_count: int
    discards: tuple[Card, ...]
    responses: tuple[tuple[int, int], ...]
    responders: tuple[int, ...]
    deck: tuple[tuple[Card, int], ...]
    waiting_for: str
    is_over: bool
    result: str | None
    standings: tuple[tuple[str, int], ...]
    draw_then_choose: bool = False  # tablet mode: a draw is seen before its slot is chosen
    replaced: str | None = None  # the slot the player on turn replaced this turn

    @property
    def looked_before_placing(self) -> bool:
        """Whether a player sees the card he draws before choosing where it goes: at a real
        table he does, and on the tablet unless the house rule says otherwise."""
        return self.mode == "table" or self.draw_then_choose

    @property
    def pot_points(self) -> int:
        return ch.points(self.pot)

    def public_cards(self) -> tuple[Card, ...]:
        """Every card the whole table has seen and can still place (`CardsState`'s)."""
        shown = tuple(s.shown_card for s in self.seats if s.shown_card is not None)
        return tuple(c for s in self.seats for c in s.up) + shown + self.discards


@dataclass(frozen=True)
class PrivateView:
    """One seat's view: the public table and his own down card (tablet mode)."""

    seat: int
    public: PublicView
    down: Card | None
    drawn: Card | None = None  # the card he drew and is placing (phase "choosing")

    @property
    def me(self) -> SeatInfo:
        return self.public.seats[self.seat]

    def seen(self) -> tuple[Card, ...]:
        """Every card this seat can see: all up cards, the discards, his own down card."""
        own = (self.down,) if self.down is not None and self.me.shown_card is None else ()
        drawn = (self.drawn,) if self.drawn is not None else ()
        return self.public.public_cards() + own + drawn


def public_view(state: CardsState) -> PublicView:
    seats = tuple(
        SeatInfo(i, s.name, s.chips, s.points, s.up, s.has_cards, s.out,
                 i in state.options.bots, s.known_down, s.record, s.passed_with)
        for i, s in enumerate(state.seats))
    return PublicView(
        state.options.mode, state.phase, state.turn, state.to_act, seats, state.pot,
        state.draw_count, state.discards, state.responses,
        tuple(state.responders()) if state.seats else (), state.options.deck,
        state.waiting_for, state.is_over, state.result, tuple(state.standings()),
        state.tablet and state.options.choose_after_drawing, state.replaced)


def private_view(state: CardsState, seat: int) -> PrivateView:
    """What `seat` may see: the public view and, in tablet mode, his own down card (and the
    card he drew, while he chooses where it goes)."""
    if not 0 <= seat < len(state.seats):
        raise ValueError(f"no seat {seat}")
    own = state.seats[seat]
    down = own.down if state.tablet and own.has_cards else None
    drawn = state.drawn if seat == state.turn else None
    return PrivateView(seat, public_view(state), down, drawn)
