"""The 007 card game: the table's state and every action's rules, from the deal to the end.

A game runs through phases: "deal", then turns of "new cards" (a player with none takes
three, Rules for Play 7), "turn" (announce at once, or draw and replace a card), "drawn"
(announce or pass), "respond" (each opponent accepts or calls, one at a time from the
announcer's left), "reveal" (table mode: the down card shown is tapped in), and "over".

Two modes. Tablet mode: the app deals from a seeded deck (`fill_chance`), knows every card
and keeps each down card private (`views.private_view`). Table mode: real cards; the app
knows only what is tapped in (up cards, discards, revealed down cards) and keeps the pot,
the chips and the odds.

>>> from companion.mb007_cards.actions import Deal
>>> state = new_state({"mode": "table", "players": 2}).apply(Deal((5, 5, 2, 3)))
>>> state.phase, state.turn, state.seats[1].up, state.pot
('turn', 1, (2, 3), (0, 0, 8))
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.core.errors import InputError, RuleError, shown
from companion.core.game import JSON, Event, GameState
from companion.core.rules_table import Rule, RulesTable
from companion.mb007_cards import checks as ck
from companion.mb007_cards import chips as ch
from companion.mb007_cards import piles, rules
from companion.mb007_cards.actions import (
    Announce,
    Deal,
    Draw,
    DrawCard,
    Pass,
    Replace,
    Respond,
    Reveal,
    TakeCards,
)
from companion.mb007_cards.chips import Chips
from companion.mb007_cards.options import Options
from companion.mb007_cards.rules import Card, card_key, card_text, is_winning
from companion.mb007_cards.seat import (
    UP_INDEX,
    Seat,
    dealt,
    pair_text,
    placed,
    seat_from_json,
    seat_to_json,
    with_seat,
)

S = rules.SECTIONS
Phase = Literal["deal", "new cards", "turn", "choosing", "drawn", "respond", "reveal", "over"]
PHASES: tuple[str, ...] = ("deal", "new cards", "turn", "choosing", "drawn", "respond",
                           "reveal", "over")
WAITING_FOR = {
    "deal": "the deal", "new cards": "{} to take three new cards",
    "turn": "{} to announce, or draw and replace a card",
    "choosing": "{} to choose which card the drawn one replaces",
    "drawn": "{} to announce or pass",
    "respond": "{} to accept or call", "reveal": "{}'s down card, shown",
    "over": "nothing: the game is over",
}


@dataclass(frozen=True)
class CardsState(GameState):
    """One moment of the game. `draw_pile` (tablet mode) is the draw pile's cards, sorted;
    `discards` is the discard pile, its top card last."""

    options: Options = field(default_factory=Options)
    seats: tuple[Seat, ...] = ()
    pot: Chips = ch.NONE
    phase: Phase = "deal"
    turn: int = 0
    draw_pile: tuple[Card, ...] = ()
    draw_count: int = 0
    discards: tuple[Card, ...] = ()
    responses: tuple[tuple[int, int], ...] = ()  # (seat, bet) so far; bet 0 accepts
    turns: int = 0
    last_event: Event | None = None
    drawn: Card | None = None  # "choosing": the card drawn, seen only by the seat on turn
    replaced: str | None = None  # the slot whose card the player on turn replaced this turn

    # What the table sees.

    @property
    def tablet(self) -> bool:
        return self.options.mode == "tablet"

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def live(self) -> list[int]:
        """Seats still in the game."""
        return [i for i, seat in enumerate(self.seats) if not seat.out]

    def responders(self) -> list[int]:
        """Rules for Play 4 (HOUSE RULE order): live opponents, from the announcer's left."""
        n = len(self.seats)
        order = [(self.turn + k) % n for k in range(1, n)]
        return [i for i in order if not self.seats[i].out]

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is now (None during the deal and after the end)."""
        if self.phase in ("deal", "over"):
            return None
        if self.phase == "respond":
            return self.responders()[len(self.responses)]
        return self.turn

    @property
    def waiting_for(self) -> str:
        who = self.to_act
        text = WAITING_FOR[self.phase]
        return text.format(self.seats[who].name if who is not None else "")

    def standings(self) -> list[tuple[str, int]]:
        """Rules for Play 13: (name, points), most points first."""
        return sorted(((s.name, s.points) for s in self.seats), key=lambda item: -item[1])

    @property
    def result(self) -> str | None:
        if not self.is_over:
            return None
        best = self.standings()[0][1]
        winners = [name for name, points in self.standings() if points == best]
        if len(winners) == 1:
            return f"{winners[0]} wins with {best} points"
        return f"{' and '.join(winners)} share the win with {best} points each"  # HOUSE RULE

    def public_cards(self) -> tuple[Card, ...]:
        """Every card the whole table has seen and can still place: the up cards, the down
        cards shown when a bluff was called, and the discard pile."""
        shown = tuple(s.down for s in self.seats if s.shown and s.down is not None)
        return tuple(c for seat in self.seats for c in seat.up) + shown + self.discards

    # Chance (tablet mode): the app draws from the seeded draw pile.

    def fill_chance(self, action: Any, rng: random.Random) -> Any:
        if not self.tablet:
            return action
        if isinstance(action, Deal) and action.cards is None and self.phase == "deal":
            return Deal(piles.random_cards(self.draw_pile, (), 3 * len(self.seats), rng))
        if isinstance(action, TakeCards) and action.cards is None:
            return TakeCards(piles.random_cards(self.draw_pile, self.discards, 3, rng))
        if isinstance(action, Draw | DrawCard) and action.card is None:
            (card,) = piles.random_cards(self.draw_pile, self.discards, 1, rng)
            return replace(action, card=card)
        return action

    def legal_actions(self) -> list[Any] | None:
        """What may be done now; None for the table-mode deal (too many to list)."""
        if self.phase == "deal":
            return [Deal()] if self.tablet else None
        if self.phase == "new cards":
            return [TakeCards()] if self.tablet else [
                TakeCards((a, b)) for a in self._possible(1) for b in self._possible(1, a)]
        if self.phase == "turn":
            return [Announce(), *self._legal_draws()]
        if self.phase == "choosing":
            return [Replace(slot) for slot in rules.SLOTS]
        if self.phase == "drawn":
            return [Announce(), Pass()]
        if self.phase == "respond":
            seat = self.to_act
            return [Respond(seat, bet) for bet in (rules.ACCEPT, *rules.BETS)
                    if bet <= self.seats[seat].points]
        if self.phase == "reveal":
            return [Reveal(card) for card in self._possible(1)]
        return []

    def _legal_draws(self) -> list[Draw | DrawCard]:
        if self.tablet and self.options.choose_after_drawing:
            return [DrawCard()]
        if self.tablet:
            return [Draw(slot) for slot in rules.SLOTS]
        return [Draw(slot, card) if slot != "down" else Draw(slot, None, card)
                for slot in rules.SLOTS for card in self._possible(1)]

    def possible_cards(self, *also: Card) -> list[Card]:
        """Table mode: the cards that may still come up, given those in view and `also`."""
        return self._possible(1, *also)

    def _possible(self, more: int, *also: Card) -> list[Card]:
        """Table mode: the cards of which the deck still holds `more` beyond those in view."""
        seen = Counter(self.public_cards() + also)
        return [card for card, n in self.options.deck if seen[card] + more <= n]

    # Changing it.

    def apply(self, action: Any) -> CardsState:
        """The state after `action`; RuleError / InputError leave this state as it was."""
        after = RULES.apply(self, action)
        if not self.tablet:
            after._check_in_view()
        return after

    def _deal(self, action: Deal) -> CardsState:
        n = len(self.seats)
        if action.cards is None:
            raise InputError("the cards are missing: let the app deal, or tap in the up cards")
        cards = ck.check_cards(action.cards)
        seats = list(self.seats)
        if self.tablet:
            ck.check_count(cards, 3 * n, "the deal")
            pile, _, _ = piles.take(self.draw_pile, (), cards)
            for j in range(n):  # one at a time round the table, from the dealer's left
                i = (self.options.dealer + 1 + j) % n
                seats[i] = dealt(seats[i], rules.DEAL_ROW, cards[j::n])
            count = len(pile)
        else:
            ck.check_count(cards, 2 * n, "the up cards (two a seat)")
            seats = [replace(s, up=cards[2 * i: 2 * i + 2]) for i, s in enumerate(seats)]
            pile, count = (), self.options.deck_size - 3 * n
        shows = "; ".join(f"{s.name} shows {pair_text(s.up)}" for s in seats)
        first = (self.options.dealer + 1) % n
        state = replace(self, seats=tuple(seats), draw_pile=pile, draw_count=count)
        return state._begin_turn(first, f"Dealt three cards each: {shows}")

    def _take_cards(self, action: TakeCards) -> CardsState:
        seat = self.seats[self.turn]
        if action.cards is None:
            raise InputError("the cards are missing: let the app draw, or tap in the up cards")
        cards = ck.check_cards(action.cards)
        if self.tablet:
            ck.check_count(cards, 3, "new cards")
            pile, discards, refilled = piles.take(self.draw_pile, self.discards, cards)
            seat = dealt(seat, rules.NEW_CARDS_ROW, cards)
        else:
            ck.check_count(cards, 2, "the new up cards")
            pile = ()
            count, discards, refilled = piles.take_count(self.draw_count, self.discards, 3)
            seat = seat.holding_cards(cards, None)
        count = len(pile) if self.tablet else count
        text = f"{seat.name} takes three new cards and shows {pair_text(seat.up)}"
        return replace(self, seats=with_seat(self.seats, self.turn, seat), draw_pile=pile,
                       draw_count=count, discards=discards, phase="turn",
                       last_event=Event(text + piles.refill_text(refilled)))

    def _draw_card(self, action: DrawCard) -> CardsState:
        """Rules for Play 2b: the top card, drawn and looked at; which card it replaces
        comes next (`Replace`)."""
        if not (self.tablet and self.options.choose_after_drawing):
            raise RuleError("here the card a draw replaces is chosen with the draw (Draw): "
                            "table mode, or the house rule choose_after_drawing", S["turn"])
        if action.card is None:
            raise InputError("the card is missing: the app draws it")
        card = ck.check_cards((action.card,))[0]
        pile, discards, refilled = piles.take(self.draw_pile, self.discards, (card,))
        text = f"{self.seats[self.turn].name} draws a card and looks at it"
        return replace(self, draw_pile=pile, draw_count=len(pile), discards=discards,
                       drawn=card, phase="choosing",
                       last_event=Event(text + piles.refill_text(refilled)))

    def _replace(self, action: Replace) -> CardsState:
        """Rules for Play 2b: the drawn card takes `slot`'s place; the old one goes face up
        on the discard pile (a new down card stays down, and unnamed)."""
        if action.slot not in rules.SLOTS:
            raise InputError(f"a card is replaced in slot left, down or right, "
                             f"got {shown(action.slot, 20)}")
        seat, new = self.seats[self.turn], self.drawn
        down = action.slot == "down"
        old = seat.down if down else seat.up[UP_INDEX[action.slot]]
        seat = placed(seat, action.slot, new)
        where = "their down card with it (the new one stays down)" if down else \
            f"their {action.slot} up card with it, a {card_text(new)}"
        text = f"{seat.name} replaces {where}; the old {card_text(old)} goes on the discard pile"
        return replace(self, seats=with_seat(self.seats, self.turn, seat), drawn=None,
                       discards=(*self.discards, old), phase="drawn", replaced=action.slot,
                       last_event=Event(text))

    def _draw(self, action: Draw) -> CardsState:
        """Draw and replace in one action: table mode (the player has looked at the real
        card), the house rule choose_after_drawing false, and games stored before the rule
        (a draw then a choice, `DrawCard` and `Replace`, is the same move told in two)."""
        if action.slot not in rules.SLOTS:
            raise InputError(f"a card is replaced in slot left, down or right, "
                             f"got {shown(action.slot, 20)}")
        seat, down = self.seats[self.turn], action.slot == "down"
        if self.tablet:
            if action.card is None or action.discarded is not None:
                raise InputError("tablet mode: the app draws the card; nothing else is given")
            new = ck.check_cards((action.card,))[0]
            pile, discards, refilled = piles.take(self.draw_pile, self.discards, (new,))
            count = len(pile)
            old = seat.down if down else seat.up[UP_INDEX[action.slot]]
        else:
            pile = ()
            new, old = self._table_draw(action, down)
            count, discards, refilled = piles.take_count(self.draw_count, self.discards, 1)
        if self.tablet or not down:
            seat = placed(seat, action.slot, new)
        elif seat.shown:  # table mode: the shown card goes to the discards, a new one down
            seat = seat.holding_cards(seat.up, None)
        where = "their down card (the new one stays down)" if down else \
            f"their {action.slot} up card with a {card_text(new)}"
        text = (f"{seat.name} draws and replaces {where}; the old {card_text(old)} goes on the "
                f"discard pile")
        return replace(self, seats=with_seat(self.seats, self.turn, seat), draw_pile=pile,
                       draw_count=count, discards=(*discards, old), phase="drawn",
                       replaced=action.slot,
                       last_event=Event(text + piles.refill_text(refilled)))

    def _table_draw(self, action: Draw, down: bool) -> tuple[Card | None, Card]:
        """Table mode: (the new card, None if down; the old card going face up)."""
        if down:
            if action.card is not None or action.discarded is None:
                raise InputError("replacing the down card: tap in the old down card, now on "
                                 "the discard pile (the new one stays hidden)")
            return None, ck.check_cards((action.discarded,))[0]
        if action.card is None or action.discarded is not None:
            raise InputError("replacing an up card: tap in the new up card")
        old = self.seats[self.turn].up[UP_INDEX[action.slot]]
        return ck.check_cards((action.card,))[0], old

    def _announce(self, _action: Announce) -> CardsState:
        seat = self.seats[self.turn]
        text = (f"{seat.name} announces a winning combination with {pair_text(seat.up)} up "
                f"{'without drawing' if self.phase == 'turn' else 'after drawing'}")
        return replace(self, phase="respond", responses=(), last_event=Event(text))

    def _pass(self, _action: Pass) -> CardsState:
        seats = with_seat(self.seats, self.turn, self.seats[self.turn].passed())
        return replace(self, seats=seats)._next_turn(f"{self.seats[self.turn].name} passes")

    def _respond(self, action: Respond) -> CardsState:
        if not ck.is_int(action.seat) or not ck.is_int(action.bet):
            raise InputError("a response names a seat and a bet (0 accepts)")
        if action.bet not in (rules.ACCEPT, *rules.BETS):
            raise InputError(f"a call bets 1, 2 or 3 chips (0 accepts), got {action.bet}")
        seat = self.to_act
        if action.seat != seat:
            who = self.seats[seat].name
            raise RuleError(f"it is {who}'s answer now (answers go round from the "
                            "announcer's left)", rule=S["respond"])
        if action.bet > self.seats[seat].points:
            raise RuleError(f"{self.seats[seat].name} has only {self.seats[seat].points} "
                            "points to bet (house rule)", rule=S["respond"])
        name = self.seats[seat].name
        text = f"{name} accepts" if action.bet == rules.ACCEPT else \
            f"{name} calls the bluff, betting {action.bet}"
        state = replace(self, responses=(*self.responses, (seat, action.bet)),
                        last_event=Event(text))
        if len(state.responses) < len(self.responders()):
            return state
        if self.tablet:
            return state._resolve(self.seats[self.turn].down, text + ". ")
        return replace(state, phase="reveal")

    def _reveal(self, action: Reveal) -> CardsState:
        return self._resolve(ck.check_cards((action.card,))[0], "")

    # Payouts (Rules for Play 5 and 6).

    def _resolve(self, down: Card, before: str) -> CardsState:
        a = self.turn
        seats, pot = list(self.seats), self.pot
        holding = is_winning((*seats[a].up, down))
        seats[a] = holder = seats[a].announced(holding)
        callers = [(s, bet) for s, bet in self.responses if bet]
        name = rules.combination_name((*holder.up, down))
        combo = f"{pair_text(holder.up)} and a {card_text(down)}: {name}"
        if not callers:
            pot, got = ch.pay(pot, rules.ACCEPTED_PAYOUT[holding])
            seats[a] = replace(holder, chips=ch.add(holder.chips, got))
            verdict = "they held it" if holding else "they were bluffing"
            text = (f"Everyone accepted. {holder.name} shows their down card ({combo}): {verdict}, "
                    f"and they take {ch.points(got)} from the pot")
        elif holding:
            paid = []
            for s, bet in callers:
                rest, given = ch.pay(seats[s].chips, bet)
                seats[s] = replace(seats[s], chips=rest)
                seats[a] = replace(seats[a], chips=ch.add(seats[a].chips, given))
                paid.append(f"{seats[s].name} {ch.points(given)}")
            pot, got = ch.pay(pot, rules.CALLED_HOLDING_FROM_POT)
            seats[a] = replace(seats[a], chips=ch.add(seats[a].chips, got))
            text = (f"Called. {holder.name} shows their down card ({combo}): they held it and win "
                    f"the bets ({', '.join(paid)}) and {ch.points(got)} from the pot")
        else:
            pot, text = self._bluff_caught(seats, callers, down)
        if holding or not callers:  # Rules for Play 5-6a: his three cards are discarded
            discards = (*self.discards, *holder.up, down)
            seats[a] = seats[a].holding_cards((), None)
        else:
            discards = self.discards
            if self.options.show_caught_bluff:  # Rules for Play 6: shown, then kept down
                seats[a] = replace(seats[a], down=down, shown=True)
        state = replace(self, seats=tuple(seats), pot=pot, discards=discards)
        return state._after_payout(before + text)

    def _bluff_caught(self, seats: list[Seat], callers: list[tuple[int, int]], down: Card
                      ) -> tuple[Chips, str]:
        """Rules for Play 6b and 10: pay each caller from the left, then the pot (HOUSE RULE:
        the pot last), as far as the chips go. Changes `seats`; returns (pot, text)."""
        a = self.turn
        paid = []
        for s, bet in callers:
            rest, given = ch.pay(seats[a].chips, bet)
            seats[a] = replace(seats[a], chips=rest)
            seats[s] = replace(seats[s], chips=ch.add(seats[s].chips, given))
            paid.append(f"{seats[s].name} {ch.points(given)}")
        rest, to_pot = ch.pay(seats[a].chips, rules.CALLED_BLUFF_TO_POT)
        seats[a] = replace(seats[a], chips=rest)
        paid.append(f"the pot {ch.points(to_pot)}")
        shown = f"their down card, a {card_text(down)}," if self.options.show_caught_bluff \
            else "their down card"
        text = (f"Called. {seats[a].name} was bluffing: {shown} does not complete "
                f"{pair_text(seats[a].up)}. They pay {', '.join(paid)}, and keep their cards, the "
                "down card turned down again")
        return ch.add(self.pot, to_pot), text

    def _after_payout(self, text: str) -> CardsState:
        seats = list(self.seats)
        for i, seat in enumerate(seats):
            if not seat.out and seat.points == 0:  # Rules for Play 11
                seats[i] = replace(seat, out=True)
                text += f". {seat.name} has no chips left and is out"
        return replace(self, seats=tuple(seats), responses=())._next_turn(text)

    def _next_turn(self, text: str) -> CardsState:
        state = replace(self, turns=self.turns + 1, responses=(), replaced=None)
        if ch.points(state.pot) == 0 or len(state.live) < 2:  # Rules for Play 12 (+ HOUSE RULE)
            why = "the pot is empty" if ch.points(state.pot) == 0 else \
                "only one player has chips left"
            over = replace(state, phase="over")
            return replace(over, last_event=Event(
                f"{text}. The game is over: {why}. {over.result}", "success"))
        n = len(self.seats)
        nxt = next((self.turn + k) % n for k in range(1, n + 1)
                   if not state.seats[(self.turn + k) % n].out)
        return state._begin_turn(nxt, text)

    def _begin_turn(self, seat: int, text: str) -> CardsState:
        phase = "turn" if self.seats[seat].has_cards else "new cards"
        return replace(self, turn=seat, phase=phase, replaced=None,
                       last_event=Event(f"{text}. {self.seats[seat].name}'s turn"))

    def _check_in_view(self) -> None:
        """Table mode: the cards in view never outnumber the deck's (RuleError)."""
        seen = Counter(self.public_cards())
        for card, n in self.options.deck:
            if seen[card] > n:
                raise RuleError(f"the deck holds only {n} of the {card_text(card)}, and "
                                f"{seen[card]} would be in view", rule=S["deck"])

    # JSON.

    def to_json(self) -> JSON:
        return {
            "options": self.options.to_mapping(),
            "seats": [seat_to_json(s) for s in self.seats],
            "pot": list(self.pot), "phase": self.phase, "turn": self.turn,
            "draw_pile": list(self.draw_pile), "draw_count": self.draw_count,
            "discards": list(self.discards), "responses": [list(r) for r in self.responses],
            "turns": self.turns, "drawn": self.drawn, "replaced": self.replaced,
        }

    @classmethod
    def from_json(cls, data: JSON) -> CardsState:
        """Rebuild a state from `to_json`, checking every field (InputError if bad)."""
        keys = set(new_state({}).to_json())
        if not isinstance(data, dict) or set(data) != keys:
            raise InputError(f"a card-game state has the fields {sorted(keys)}")
        options = Options.from_mapping(data["options"])
        if not isinstance(data["seats"], list) or len(data["seats"]) != options.players:
            raise InputError("one seat per player")
        seats = tuple(seat_from_json(s) for s in data["seats"])
        if data["phase"] not in PHASES:
            raise InputError(f"unknown phase {shown(data['phase'], 20)}")
        numbers = (data["turn"], data["draw_count"], data["turns"])
        if not all(ck.is_int(v) and v >= 0 for v in numbers) or data["turn"] >= options.players:
            raise InputError("turn, draw_count and turns are whole numbers; turn is a seat")
        responses = tuple(tuple(ck.check_ints(r, 2, "a response"))
                          for r in ck.check_list(data["responses"]))
        state = cls(options, seats, ck.check_chips(data["pot"]), data["phase"], data["turn"],
                    ck.check_cards(ck.check_list(data["draw_pile"])), data["draw_count"],
                    ck.check_cards(ck.check_list(data["discards"])), responses, data["turns"],
                    drawn=None if data["drawn"] is None else ck.check_cards([data["drawn"]])[0],
                    replaced=_json_slot(data["replaced"]))
        check_conservation(state)
        return state


_SECTION_OF_PHASE = {
    "deal": "start", "new cards": "new_cards", "turn": "turn", "choosing": "turn",
    "drawn": "announce",
    "respond": "respond", "reveal": "called", "over": "end",
}
RULES = RulesTable(
    "the card game",
    {
        Deal: Rule(CardsState._deal, ("deal",)),
        TakeCards: Rule(CardsState._take_cards, ("new cards",)),
        Draw: Rule(CardsState._draw, ("turn",)),
        DrawCard: Rule(CardsState._draw_card, ("turn",)),
        Replace: Rule(CardsState._replace, ("choosing",)),
        Announce: Rule(CardsState._announce, ("turn", "drawn")),
        Pass: Rule(CardsState._pass, ("drawn",)),
        Respond: Rule(CardsState._respond, ("respond",)),
        Reveal: Rule(CardsState._reveal, ("reveal",)),
    },
    not_now=lambda state, _action: RuleError(
        f"not now: waiting for {state.waiting_for}",
        rule=S[_SECTION_OF_PHASE[state.phase]]),
    over=lambda state: RuleError(f"the game is over: {state.result}", rule=S["end"]),
)


def new_state(options: Mapping[str, JSON]) -> CardsState:
    """To Start 1-2: chips dealt and the ante in the pot, before the deal."""
    opts = Options.from_mapping(options)
    after_ante = ch.subtract(rules.STARTING_CHIPS, rules.ANTE)
    seats = tuple(Seat(name, after_ante) for name in opts.names)
    pot = tuple(n * opts.players for n in rules.ANTE)
    pile = tuple(sorted(opts.deck_cards(), key=card_key)) if opts.mode == "tablet" else ()
    return CardsState(opts, seats, pot, draw_pile=pile, draw_count=opts.deck_size)


def check_conservation(state: CardsState) -> None:
    """Every chip and every card is somewhere: InputError names what went missing."""
    total = sum(s.points for s in state.seats) + ch.points(state.pot)
    if total != rules.STARTING_POINTS * len(state.seats):
        raise InputError(f"the chips add up to {total} points, not "
                         f"{rules.STARTING_POINTS * len(state.seats)}")
    if any(min(s.chips) < 0 for s in state.seats) or min(state.pot) < 0:
        raise InputError("a stack of chips is negative")
    held = sum(3 for s in state.seats if s.has_cards) if state.phase != "deal" else 0
    drawn = () if state.drawn is None else (state.drawn,)
    if state.draw_count + len(state.discards) + held + len(drawn) != state.options.deck_size:
        raise InputError("the cards do not add up to the deck")
    if (state.drawn is not None) != (state.phase == "choosing"):
        raise InputError("a drawn card is held only while its seat chooses where it goes")
    if state.tablet:
        cards = Counter(state.draw_pile + state.discards + drawn +
                        tuple(c for s in state.seats if s.has_cards for c in (*s.up, s.down)))
        if cards != Counter(state.options.deck_cards()) or len(state.draw_pile) != \
                state.draw_count:
            raise InputError("the cards are not the deck's")


def _json_slot(value: object) -> str | None:
    if value is not None and value not in rules.SLOTS:
        raise InputError(f"a replaced slot is left, down or right, got {shown(value, 20)}")
    return value
