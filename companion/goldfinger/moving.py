"""Goldfinger's Movement, Quick Turn and Double Back, and the Force and Trick contests."""


from __future__ import annotations

from companion.core.errors import InputError, RuleError, shown
from companion.core.game import Event
from companion.core.records import evolve
from companion.core.rules_table import Rule
from companion.goldfinger import rules
from companion.goldfinger.actions import (
    DoubleBack,
    Force,
    Move,
    QuickTurn,
    Trick,
)
from companion.goldfinger.rules import BOND, PIECES
from companion.goldfinger.state import Position, Step, piece_name, rule_name, side_of
from companion.goldfinger.steps import (
    Outcome,
    action_roll,
    add_hits,
    check_action,
    check_step,
    live_car,
    lose_turns,
    outcome_event,
    settle,
    spend,
    two_dice,
    unknown_piece,
    with_piece,
)

# Movement.


def _move(state: Position, action: Move) -> Position:
    step = check_step(state)
    who = piece_name(step.piece)
    if step.fire_only:
        raise RuleError(f"{who} has lost its turn: it cannot move",
                        rule=rule_name(rules.SECTION_LOSING))
    if step.contest:
        raise RuleError(f"{who} must Force or Trick {piece_name(step.contest)} first",
                        rule=rule_name(rules.SECTION_MOVEMENT))
    if state.board is None:
        return _move_tracker(state, action, step)
    return _move_map(state, action, step)


def _move_tracker(state: Position, action: Move, step: Step) -> Position:
    if action.to is not None:
        raise InputError("tracker mode: say how many spaces were moved, not where")
    n = action.spaces
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InputError(f"spaces moved must be 1 or more, got {shown(n, 30)}")
    if n > step.left:
        raise RuleError(f"{piece_name(step.piece)} has {step.left} of {step.allowance} spaces left",
                        rule=rule_name(rules.SECTION_MOVEMENT))
    step = evolve(step, moved=step.moved + n)
    text = f"{piece_name(step.piece)} moves {n} space{'s' if n > 1 else ''} ({step.left} left)."
    return evolve(state, step=step, last_event=Event(text))


def _move_map(state: Position, action: Move, step: Step) -> Position:
    board = state.board
    if action.spaces != 1:
        raise InputError("map mode: move one space at a time with Move(to=space)")
    to = board.check_space(action.to)
    piece = state.piece(step.piece)
    if step.left < 1:
        raise RuleError(f"{piece_name(step.piece)} has no spaces left this turn",
                        rule=rule_name(rules.SECTION_MOVEMENT))
    if to not in board.forward(piece.space, piece.heading):
        raise RuleError(f"{piece_name(step.piece)} can only move forward, turning at forks: "
                        f"{to} is not ahead of {piece.space}",
                        rule=rule_name(rules.SECTION_MOVEMENT))
    occupant = state.occupied().get(to)
    moved = evolve(piece, space=to, heading=board.heading(piece.space, to))
    step = evolve(step, moved=step.moved + 1, back=(piece.space, piece.heading),
                               contest=occupant)
    entered = evolve(with_piece(state, moved), step=step)
    if occupant:
        _check_contest_possible(entered, occupant)
    text = f"{piece_name(step.piece)} moves to {to} ({step.left} left)."
    if occupant:
        text += f" {piece_name(occupant)} is there: Force or Trick now."
    return evolve(entered, last_event=Event(text))


def _can_force(mover: str, target: str) -> bool:
    """Force: Bond runs an Enemy piece off the road; an Enemy piece only runs Bond off."""
    return (mover == BOND) != (target == BOND)


def _check_contest_possible(entered: Position, occupant: str) -> None:
    """Movement: a piece may enter an occupied Space only if it can Force or Trick at once.

    `entered` is the state with the piece already in the Space (not yet returned)."""
    step = entered.step
    section = rules.ACTIONS[side_of(step.piece)]["trick"].section
    feasible = []
    if entered.actions_left() >= 1 and "trick" not in step.used:
        feasible.append(_feasible(lambda: _trick_landing(entered, step, None, section)))
    if entered.actions_left() >= 1 and "force" not in step.used \
            and _can_force(step.piece, occupant):
        feasible.append(_feasible(lambda: _aside(entered, step, None, section)))
    if not any(feasible):
        raise RuleError(f"{piece_name(occupant)} is in that Space and "
                        f"{piece_name(step.piece)} cannot "
                        "Force or Trick there now", rule=rule_name(rules.SECTION_MOVEMENT))


def _feasible(check) -> bool:
    try:
        check()
    except RuleError:
        return False
    return True


def _quick_turn(state: Position, action: QuickTurn) -> Position:
    side = side_of(state.mover or BOND)
    rule = rules.ACTIONS[side]["quick_turn"]
    step = check_action(state, "quick_turn", rule.section)
    _check_quick_turn_move(state, step)
    arrow = None
    if state.board is None:
        if action.to is not None:
            raise InputError("tracker mode: no destination; turn along the arrow on the board")
    else:
        arrow = _arrow(state, step, action.to)
    dice = two_dice(action.dice)
    outcome = action_roll(state, side, "quick_turn", dice, piece_name(step.piece),
                          "tries a Quick Turn")
    state = spend(state, "quick_turn")
    if outcome.success:  # the landing Space costs one Space of movement (house rule)
        state = evolve(state, step=evolve(
            state.step, moved=state.step.moved + _quick_turn_cost(state)))
    if outcome.success and arrow is not None:
        piece = state.piece(step.piece)
        landed = evolve(piece, space=arrow.to,
                                     heading=state.board.heading(arrow.skip, arrow.to))
        occupant = state.occupied().get(arrow.to)
        new_step = evolve(state.step, back=(piece.space, piece.heading),
                                       contest=occupant)
        state = evolve(with_piece(state, landed), step=new_step)
        extra = f" Now in {arrow.to}." + (f" {piece_name(occupant)} is there: Force or Trick now."
                                           if occupant else "")
        return evolve(state, last_event=outcome_event(outcome, extra))
    return evolve(state, last_event=outcome_event(outcome))


def _quick_turn_cost(state: Position) -> int:
    """Movement, Quick Turn: the skipped Space "does not count as a Space moved"; entering
    the landing Space costs one (HOUSE RULE quick_turn_costs_move, on by default)."""
    return 1 if state.setup.house["quick_turn_costs_move"] else 0


def _check_quick_turn_move(state: Position, step: Step) -> None:
    if step.left < _quick_turn_cost(state):
        raise RuleError("a Quick Turn skips one Space and enters the next: it needs one Space "
                        "of movement left (house rule)", rule=rule_name(rules.SECTION_MOVEMENT))


def _arrow(state: Position, step: Step, to: str | None):
    board = state.board
    piece = state.piece(step.piece)
    arrows = board.quick_turns_from(piece.space, piece.heading)
    if to is not None:
        board.check_space(to)
        arrows = [a for a in arrows if a.to == to]
    if not arrows:
        raise RuleError(f"no Quick Turn arrow leads from {piece.space} the way "
                        f"{piece_name(step.piece)} faces" + (f" to {to}" if to else ""),
                        rule=rule_name(rules.SECTION_MOVEMENT))
    arrow = arrows[0]
    occupant = state.occupied().get(arrow.to)
    if occupant:
        landed = evolve(piece, space=arrow.to,
                                     heading=board.heading(arrow.skip, arrow.to))
        turned = evolve(step, used=(*step.used, "quick_turn"),
                                     spent=step.spent + 1, contest=occupant,
                                     moved=step.moved + _quick_turn_cost(state))
        _check_contest_possible(
            evolve(with_piece(state, landed), step=turned), occupant)
    return arrow


def _double_back(state: Position, action: DoubleBack) -> Position:
    side = side_of(state.mover or BOND)
    step = check_action(state, "double_back", rules.ACTIONS[side]["double_back"].section)
    dice = two_dice(action.dice)
    outcome = action_roll(state, side, "double_back", dice, piece_name(step.piece),
                          "tries to Double Back")
    state = spend(state, "double_back")
    if outcome.success:
        piece = state.piece(step.piece)
        if piece.heading is not None:
            turned = evolve(piece, heading=(-piece.heading[0], -piece.heading[1]))
            state = with_piece(state, turned)
        return evolve(state, last_event=outcome_event(outcome))
    state = lose_turns(state, step.piece, outcome.result.self_loses)
    return settle(state, outcome_event(outcome))


# Force and Trick.


def _contest_target(state: Position, step: Step, target: object, name: str,
                    section: str) -> str:
    if target not in PIECES:
        unknown_piece(target)
    if target == step.piece:
        raise RuleError(f"{piece_name(step.piece)} cannot {name} itself", rule=rule_name(section))
    if target != BOND:
        live_car(state, target)
    if name == "force" and not _can_force(step.piece, target):
        raise RuleError("an Enemy piece can only Force Bond off the road", rule=rule_name(section))
    if state.board is not None and step.contest != target:
        raise RuleError(f"{piece_name(step.piece)} must first enter {piece_name(target)}'s Space",
                        rule=rule_name(rules.SECTION_MOVEMENT))
    return target  # type: ignore[return-value]


def _trick(state: Position, action: Trick) -> Position:
    side = side_of(state.mover or BOND)
    section = rules.ACTIONS[side]["trick"].section
    step = check_action(state, "trick", section)
    target = _contest_target(state, step, action.target, "trick", section)
    landing = _trick_landing(state, step, action.to, section)
    dice = two_dice(action.dice)
    outcome = action_roll(state, side, "trick", dice, piece_name(step.piece),
                    f"tries a Trick past {piece_name(target)}")
    state = spend(state, "trick")
    if outcome.success:
        return evolve(_jump(state, landing), last_event=outcome_event(outcome))
    return _after_failed_contest(state, step.piece, outcome)


def _trick_landing(state: Position, step: Step, to: str | None, section: str
                   ) -> str | None:
    """Trick: the piece "goes by the other piece into the next Space" (map mode)."""
    if state.setup.house["trick_jump_costs_move"] and step.left < 1:
        raise RuleError("the Trick jump needs one more space of movement (house rule)",
                        rule=rule_name(section))
    if state.board is None:
        if to is not None:
            raise InputError("tracker mode: no landing space; jump on the real board")
        return None
    piece = state.piece(step.piece)
    free = [s for s in state.board.forward(piece.space, piece.heading)
            if s not in state.occupied()]
    if to is not None:
        state.board.check_space(to)
        free = [s for s in free if s == to]
    if not free:
        raise RuleError(f"there is no free Space ahead of {piece.space} to jump into",
                        rule=rule_name(section))
    return free[0]


def _jump(state: Position, landing: str | None) -> Position:
    step = state.step
    cost = 1 if state.setup.house["trick_jump_costs_move"] else 0
    if landing is None:
        return evolve(state, step=evolve(step, moved=step.moved + cost))
    piece = state.piece(step.piece)
    jumped = evolve(piece, space=landing,
                                 heading=state.board.heading(piece.space, landing))
    step = evolve(step, moved=step.moved + cost, contest=None,
                               back=(piece.space, piece.heading))
    return evolve(with_piece(state, jumped), step=step)


def _after_failed_contest(state: Position, mover: str, outcome: Outcome
                          ) -> Position:
    """Movement: a failed Force or Trick backs up one Space and ends the turn."""
    step = state.step
    if state.board is not None and step.back is not None and step.contest:
        piece = state.piece(mover)
        backed = evolve(piece, space=step.back[0], heading=step.back[1])
        state = with_piece(state, backed)
        state = evolve(state, step=evolve(step, contest=None))
    state, note = add_hits(state, mover, outcome.result.hits_self)
    state = lose_turns(state, mover, outcome.result.self_loses)
    return settle(state, outcome_event(outcome, note))


def _force(state: Position, action: Force) -> Position:
    side = side_of(state.mover or BOND)
    section = rules.ACTIONS[side]["force"].section
    step = check_action(state, "force", section)
    target = _contest_target(state, step, action.target, "force", section)
    aside = _aside(state, step, action.aside, section)
    dice = two_dice(action.dice)
    outcome = action_roll(state, side, "force", dice, piece_name(step.piece),
                    f"tries to Force {piece_name(target)}")
    state = spend(state, "force")
    if not outcome.success:
        return _after_failed_contest(state, step.piece, outcome)
    if aside is not None:
        forced = state.piece(target)
        state = with_piece(state, evolve(forced, space=aside))
        state = evolve(state, step=evolve(state.step, contest=None))
    state, note = add_hits(state, target, outcome.result.hits_target)
    state = lose_turns(state, target, outcome.result.target_loses)
    where = f" {piece_name(target)} is moved to {aside}." if aside else ""
    return settle(state, outcome_event(outcome, note + where))


def _aside(state: Position, step: Step, aside: str | None, section: str) -> str | None:
    """Force: the forced piece "is moved off to one side" (map mode: a free Space next to it)."""
    if state.board is None:
        if aside is not None:
            raise InputError("tracker mode: move the forced piece on the real board")
        return None
    space = state.piece(step.piece).space
    free = state.board.aside(space, state.occupied())
    if aside is not None:
        state.board.check_space(aside)
        free = [s for s in free if s == aside]
    if not free:
        raise RuleError(f"there is no free Space next to {space} to force the piece into",
                        rule=rule_name(section))
    return free[0]


# This module's part of the rules table: each comes in a piece's step, once the set-up is
# done.
RULES = {
    Move: Rule(_move, ("play",)),
    QuickTurn: Rule(_quick_turn, ("play",)),
    DoubleBack: Rule(_double_back, ("play",)),
    Trick: Rule(_trick, ("play",)),
    Force: Rule(_force, ("play",)),
}
