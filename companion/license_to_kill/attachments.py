"""License to Kill: cards attached to characters. Q cards given (Develop Plot Zone, Assignment
Briefing) and moved or exchanged (On Assignment), Intrigue cards attached (Intrigue Cards),
and attached cards discarded (Card Rulings); each action's check and effect."""

from __future__ import annotations

from dataclasses import replace

from companion.core.errors import InputError, shown

# States are annotated `GameState`: they are the engine's `LtkState`, and the engine
# imports this module.
from companion.core.game import (
    Event,
    GameState,
)
from companion.core.rules_table import Rule
from companion.license_to_kill import rules
from companion.license_to_kill.actions import AttachIntrigue, AttachQ, DiscardAttached, MoveQ
from companion.license_to_kill.cards import Card
from companion.license_to_kill.table import (
    ANY_TIME,
    IN_TURN,
    Checked,
    Piece,
    Table,
    in_turn,
    setting_up,
)
from companion.license_to_kill.table import refuse as _refuse


def _check_attach(state: GameState, a: AttachQ) -> None:
    turn = state.turn
    card = state.library.card(a.card)
    if card.type != "Q":
        raise _refuse(f"{card.title} is a {card.type}, not a Q card", "briefing")
    if turn.step_name == "Develop Plot Zone":
        holder = state._own(a.holder, "zone", rules.PLOT_Q_HOLDERS, "develop")
    elif turn.step_name == "Assignment Briefing":
        holder = state._own(a.holder, "agency", rules.AGENCY_Q_HOLDERS, "briefing")
        if holder.id in turn.q_given:
            raise _refuse(f"{holder.title} has had a Q card this Assignment Briefing; one "
                          "Q card to each Bond card", "briefing")
    else:
        raise _refuse("Q cards are given during Develop Plot Zone or Assignment Briefing",
                      "briefing")
    _check_q_fits(state, card, holder)
    state._check_unique(card)
    state.check_deck_copies(card, turn.player)


def _check_q_fits(state: GameState, card: Card, holder: Piece) -> None:
    held = [state.card(p) for p in holder.attached]
    if any(c.title == card.title for c in held):
        raise _refuse(f"{holder.title} already has {card.title}; no multiples of the same "
                      "Q card on one card", "briefing")
    if card.vehicle and sum(c.vehicle for c in held) >= rules.VEHICLES_PER_CHARACTER:
        raise _refuse(f"{holder.title} already has a Vehicle; only one at a time", "briefing")


def _do_attach(state: GameState, table: Table, a: AttachQ) -> Event:
    holder = table.get(a.holder)
    q = table.new_piece(a.card, state.turn.player)
    table.put(replace(holder, attached=(*holder.attached, q)))
    if state.turn.step_name == "Assignment Briefing":
        table.turn = replace(state.turn, q_given=(*state.turn.q_given, holder.id))
    return Event(f"{state.players[state.turn.player].name} gives {a.card} to {holder.title}")


def _check_move_q(state: GameState, a: MoveQ) -> None:
    turn = state.turn
    if turn.assignments >= rules.ASSIGNMENTS_PER_TURN:
        raise _refuse("you have used your On Assignment step this turn", "assignment")
    mine = state.players[turn.player].agency
    source = next((p for p in mine for q in p.attached if q.id == a.card), None)
    if source is None:
        raise _refuse(f"no Q card #{a.card} is attached to a card in your Agency",
                      "assignment")
    target = state._own(a.holder, "agency", rules.AGENCY_Q_HOLDERS, "assignment")
    if target.id == source.id:
        raise _refuse("the Q card is already on that card", "assignment")
    q = next(q for q in source.attached if q.id == a.card)
    back = None
    if a.exchange_for is not None:
        back = next((x for x in target.attached if x.id == a.exchange_for), None)
        if back is None:
            raise _refuse(f"{target.title} holds no Q card #{a.exchange_for} to exchange",
                          "assignment")
        _check_q_fits(state, state.card(back), _without(source, q.id))
    _check_q_fits(state, state.card(q), _without(target, a.exchange_for))


def _without(holder: Piece, attached_id: int | None) -> Piece:
    return replace(holder, attached=tuple(x for x in holder.attached if x.id != attached_id))


def _do_move_q(state: GameState, table: Table, a: MoveQ) -> Event:
    source = next(p for p in table.players[state.turn.player].agency
                  for q in p.attached if q.id == a.card)
    target = table.get(a.holder)
    q = next(q for q in source.attached if q.id == a.card)
    back = [x for x in target.attached if x.id == a.exchange_for]
    table.put(replace(_without(source, q.id), attached=(*_without(source, q.id).attached,
                                                        *back)))
    table.put(replace(target, attached=(*_without(target, a.exchange_for).attached, q)))
    table.turn = replace(state.turn, assignments=state.turn.assignments + 1)
    swap = f" in exchange for {back[0].title}" if back else ""
    return Event(f"{q.title} moves from {source.title} to {target.title}{swap}")


# Other Rules: Intrigue Cards, and Card Rulings.

def _check_attach_intrigue(state: GameState, a: AttachIntrigue) -> None:
    """At any point of a turn (each Intrigue card 'states when it can be played'), on a
    face-up character; one copy of a card per character; Connections does not attach."""
    card = state.library.card(a.card)
    if card.type != "Intrigue":
        raise _refuse(f"{card.title} is a {card.type}, not an Intrigue card", "intrigue")
    if card.title in rules.DOES_NOT_ATTACH:
        raise _refuse(f"{card.title} does not attach (it is discarded at the end of your "
                      "turn)", "rulings")
    if a.by is not None and (not isinstance(a.by, int) or isinstance(a.by, bool)
                             or not 0 <= a.by < len(state.players)):
        raise InputError(f"there is no player {shown(a.by, 20)}")
    holder = state.piece(a.holder)
    state._of_type(holder, rules.INTRIGUE_HOLDERS, "intrigue")
    copies = sum(x.title == card.title for x in holder.attached)
    if copies >= rules.INTRIGUE_COPIES_PER_HOLDER:
        raise _refuse(f"{holder.title} already has {card.title} attached: only one copy of "
                      "any particular card", "intrigue")
    state.check_deck_copies(card, _played_by(state, a))


def _played_by(state: GameState, a: AttachIntrigue) -> int:
    """Whose Intrigue card it is: `a.by`, else the player whose turn it is."""
    return state.turn.player if a.by is None else a.by


def _do_attach_intrigue(state: GameState, table: Table, a: AttachIntrigue) -> Event:
    by = _played_by(state, a)
    holder = table.get(a.holder)
    table.put(replace(holder, attached=(*holder.attached, table.new_piece(a.card, by))))
    return Event(f"{state.players[by].name} attaches {a.card} to {holder.title}: it stays "
                 "until the card is discarded")


def _check_discard(state: GameState, a: DiscardAttached) -> None:
    state.holder_of(a.card)


def _do_discard(state: GameState, table: Table, a: DiscardAttached) -> Event:
    holder = state.holder_of(a.card)
    card = table.detach(holder.id, a.card)
    why = "once used (Card Rulings)" if state.card(card).single_use else \
        "(an Intrigue card removes it)" if state.card(card).type == "Intrigue" else ""
    return Event(f"{card.title} leaves {holder.title} and is discarded {why}".rstrip())


# This module's part of the rules table: each action, when it is allowed, its refusal then.
RULES = {
    AttachQ: Rule(Checked(_check_attach, _do_attach), IN_TURN, in_turn(None, "briefing")),
    MoveQ: Rule(Checked(_check_move_q, _do_move_q), ("On Assignment",),
                in_turn("On Assignment", "assignment")),
    AttachIntrigue: Rule(Checked(_check_attach_intrigue, _do_attach_intrigue), ANY_TIME,
                         setting_up("intrigue")),
    DiscardAttached: Rule(Checked(_check_discard, _do_discard), ANY_TIME, setting_up("rulings")),
}
