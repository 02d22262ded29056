"""License to Kill: Step Six, an attempt to Overcome a Main Plot. Going On Assignment,
Intrigue cards played during it, each reveal with the Main Rules' checks, and the outcome."""

from __future__ import annotations

from dataclasses import replace

from companion.core.errors import InputError, RuleError, shown

# States are annotated `GameState`: they are the engine's `LtkState`, and the engine
# imports this module.
from companion.core.game import (
    Event,
    GameState,
)
from companion.core.rules_table import Rule
from companion.license_to_kill import assignment as team_check
from companion.license_to_kill import rules
from companion.license_to_kill.actions import AssignmentIntrigue, Proceed, StartAssignment
from companion.license_to_kill.cards import Card
from companion.license_to_kill.table import (
    ON_ASSIGNMENT,
    Assignment,
    Checked,
    MainPlot,
    Piece,
    Table,
    check_effect,
    in_turn,
)
from companion.license_to_kill.table import refuse as _refuse


def _check_start(state: GameState, a: StartAssignment) -> None:
    turn = state.turn
    if turn.assignments >= rules.ASSIGNMENTS_PER_TURN:
        raise _refuse("only one Bond card goes On Assignment per turn", "assignment")
    bond = state._own(a.bond, "agency", rules.ON_ASSIGNMENT_TYPES, "assignment")
    if a.personality is not None:
        if state.card(bond).type == "Agent":
            raise _refuse("an Agent On Assignment like a Bond card must go alone", "assignment")
        state._own(a.personality, "agency", rules.PERSONALITY_TYPES, "assignment")
        if a.personality == a.bond:
            raise _refuse("the Personality must be another card than the Bond", "assignment")
    if not isinstance(a.plot_owner, int) or not 0 <= a.plot_owner < len(state.players):
        raise InputError(f"there is no player {shown(a.plot_owner)}")
    if a.plot_owner == turn.player:
        raise _refuse("Bond goes On Assignment against an opponent's Main Plot", "overcome")
    zone = state.players[a.plot_owner].zone
    if not isinstance(a.main_plot, int) or not 0 <= a.main_plot < len(zone):
        raise InputError(f"{state.players[a.plot_owner].name} has no Main Plot "
                         f"{shown(a.main_plot)}")


def _do_start(state: GameState, table: Table, a: StartAssignment) -> Event:
    table.turn = replace(state.turn, assignments=state.turn.assignments + 1)
    table.assignment = Assignment(state.turn.player, a.bond, a.personality, a.plot_owner,
                                  a.main_plot)
    check = state.preview_assignment(a.bond, a.plot_owner, a.main_plot, a.personality)
    partner = "" if a.personality is None else f" with {state.piece(a.personality).title}"
    return Event(f"{state.piece(a.bond).title}{partner} goes On Assignment against "
                 f"{state.players[a.plot_owner].name}'s Main Plot {a.main_plot + 1}: "
                 f"{check.describe()}")


def _check_intrigue(state: GameState, a: AssignmentIntrigue) -> None:
    if a.side not in ("team", "plot"):
        raise InputError(f"an Intrigue effect is on the 'team' or the 'plot', got {shown(a.side)}")
    check_effect(a.pv, a.cv, a.icons, a.card)


def _do_intrigue(state: GameState, table: Table, a: AssignmentIntrigue) -> Event:
    table.assignment = replace(state.assignment, effects=(*state.assignment.effects, a))
    check = replace(state, assignment=table.assignment).assignment_check()
    changes = [f"{k} {v:+d}" for k, v in (("PV", a.pv), ("CV", a.cv)) if v]
    changes += [f"{icon} {count:+d}" for icon, count in a.icons]
    name = a.card or "An Intrigue card"
    return Event(f"{name} on the {a.side}: {', '.join(changes) or 'no change'}; now "
                 f"{check.describe()}")


def _check_proceed(state: GameState, a: Proceed) -> None:
    """Nothing to check once an assignment is in progress (the rules table's phase)."""


def _do_proceed(state: GameState, table: Table, a: Proceed) -> Event:
    check = state.assignment_check()
    stack = state.players[state.assignment.plot_owner].zone[state.assignment.main_plot]
    if not check.met:
        return _not_overcome(state, table, check)
    hidden = next((p for p in stack if not p.face_up), None)
    if hidden is None:
        return _overcome(state, table, f"met every requirement ({check.describe()})")
    return _reveal(state, table, hidden)


def _not_overcome(state: GameState, table: Table, check: team_check.Check) -> Event:
    a = state.assignment
    table.assignment = None
    spent = _spend(table, a)
    demoted = [table.demote(piece) for piece in (a.bond, a.personality) if piece is not None]
    missing = ", ".join(str(line) for line in check.missing)
    return Event(f"The Main Plot is not Overcome (missing {missing}): "
                 f"{'; '.join(demoted)}{spent}", "failure")


def _spend(table: Table, a: Assignment) -> str:
    """Card Rulings: the team's single-use Q cards (Time Bomb, the Explosive Pen) were used
    On Assignment and are discarded (HOUSE RULE reading, `rules.Q_PV_CAP` note)."""
    spent = table.spend_single_use((a.bond, a.personality))
    return f"; used and discarded: {', '.join(spent)}" if spent else ""


def _reveal(state: GameState, table: Table, hidden: Piece) -> Event:
    a = state.assignment
    stack = state.players[a.plot_owner].zone[a.main_plot]
    card = state.card(hidden)
    for check in state.config.house["reveal_checks"]:
        problem = _REVEAL_CHECKS[check](state, card, hidden, stack)
        if problem and check == "too many":
            _turn_face_up(state, table, hidden)
            return _overcome(state, table, f"revealed {card.title}: {problem}; the Main "
                             "Plot is immediately Overcome")
        if problem:
            text = f"Revealed {card.title}: {problem}, {table.discard(hidden.id, problem)}"
            if len(stack) == 1:  # a reading: the assignment ends, no one is Demoted
                table.assignment = None
                return Event(f"{text}; nothing is left of the Main Plot, so the assignment "
                             f"ends with no Demotion{_spend(table, a)}")
            return Event(text)
    points = _turn_face_up(state, table, hidden)
    revealed = replace(state, players=tuple(s.freeze() for s in table.players))
    now = revealed.assignment_check().describe()
    return Event(f"Revealed {card.title} (+{points} Plot Points to "
                 f"{state.players[a.plot_owner].name}): now {now}")


def _turn_face_up(state: GameState, table: Table, hidden: Piece) -> int:
    """Reveal a card in its Main Plot; its owner scores it from now on."""
    table.put(replace(hidden, face_up=True))
    points = table.zone_points(hidden)
    table.score(hidden.owner, points, f"{hidden.title} revealed in the Plot Zone")
    return points


def _revealed_duplicate(state: GameState, card: Card, hidden: Piece, stack: MainPlot) -> str:
    if card.is_unique and state.in_play(card.title):
        return "a Unique card already in play"
    return ""


def _revealed_too_many(state: GameState, card: Card, hidden: Piece, stack: MainPlot) -> str:
    limit = state.config.type_limit(card.type)
    same = sum(state.card(p).type == card.type for p in stack if p.face_up and not p.extra)
    if limit is not None and same >= limit:
        return f"more than {limit} {card.type} in one Main Plot"
    return ""


def _revealed_out_of_order(state: GameState, card: Card, hidden: Piece, stack: MainPlot) -> str:
    at = stack.index(hidden)
    if card.is_personality:
        if state.config.personality_fits(at, len(stack) - 1):
            return ""
        return "a Personality at the bottom of the Main Plot" \
            if state.config.house["personality_place"] == "example" else \
            "a Personality on top of the Main Plot"
    below = [state.card(p) for p in stack[:at] if p.face_up]
    above = [state.card(p) for p in stack[at + 1:] if p.face_up]
    return "out of order" if state.config.out_of_order(card, below, above) else ""


_REVEAL_CHECKS = {"unique": _revealed_duplicate, "too many": _revealed_too_many,
                  "out of order": _revealed_out_of_order}


def _overcome(state: GameState, table: Table, why: str) -> Event:
    """The Main Plot is Overcome: the winner takes the Plot cards and their points."""
    a = state.assignment
    table.assignment = None
    spent = _spend(table, a)
    owner_seat, winner_seat = table.players[a.plot_owner], table.players[a.player]
    stack = owner_seat.zone.pop(a.main_plot)
    gained = 0
    for piece in stack:
        card = state.card(piece)
        for attached in piece.attached:
            table.to_discard(attached)
        if not card.is_plot:
            table.to_discard(piece)
            continue
        if piece.face_up:
            table.score(a.plot_owner, -table.zone_points(piece),
                        f"{card.title} Overcome by {state.players[a.player].name}")
        if piece.face_up or state.config.house["score_face_down_when_overcome"]:
            gained += card.plot_bullets * rules.POINTS_PER_BULLET_OVERCOME
            table.score(a.player, card.plot_bullets * rules.POINTS_PER_BULLET_OVERCOME,
                        f"Overcame {card.title}")
        winner_seat.won.append(replace(piece, attached=(), face_up=True, demotions=0,
                                       extra=False))
    total = sum(e.change for e in table.ledger if e.player == a.player)
    text = (f"{state.players[a.player].name} {why}: the Main Plot is Overcome, "
            f"+{gained} Plot Points ({total} in all){spent}")
    if total >= rules.WINNING_POINTS:
        table.winner = a.player
        text += f"; {rules.WINNING_POINTS} or more by Overcoming: "\
                f"{state.players[a.player].name} wins"
    return Event(text, "success")


def _no_assignment(state: GameState, action: object) -> RuleError:
    return _refuse("no assignment is in progress", "assignment")


# This module's part of the rules table: each action, when it is allowed, its refusal then.
RULES = {
    StartAssignment: Rule(Checked(_check_start, _do_start), ("On Assignment",),
                          in_turn("On Assignment", "assignment")),
    AssignmentIntrigue: Rule(Checked(_check_intrigue, _do_intrigue), (ON_ASSIGNMENT,),
                             _no_assignment),
    Proceed: Rule(Checked(_check_proceed, _do_proceed), (ON_ASSIGNMENT,), _no_assignment),
}
