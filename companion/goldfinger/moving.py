"""Goldfinger's Movement, Quick Turn and Double Back, and the Force and Trick contests."""


from __future__ import annotations

from companion.core.errors import InputError, RuleError, shown
from companion.core.game import Event
from companion.core.records import evolve
from companion.goldfinger import rules
from companion.goldfinger.actions import (
    DoubleBack,
    Force,
    Move,
    QuickTurn,
    Trick,
)
from companion.goldfinger.rules import BOND, PIECES
from companion.goldfinger.state import GoldfingerState, Step, _name, _rule, _side
from companion.goldfinger.steps import (
    Outcome,
    _car,
    _check_action,
    _check_step,
    _dice,
    _event,
    _hit,
    _lose,
    _roll,
    _settle,
    _unknown,
    _used,
    _with_piece,
)

# Movement.


def _move(state: GoldfingerState, action: Move) -> GoldfingerState:
    step = _check_step(state)
    who = _name(step.piece)
    if step.fire_only:
        raise RuleError(f"{who} has lost its turn: it cannot move",
                        rule=_rule(rules.SECTION_LOSING))
    if step.contest:
        raise RuleError(f"{who} must Force or Trick {_name(step.contest)} first",
                        rule=_rule(rules.SECTION_MOVEMENT))
    if state.board is None:
        return _move_tracker(state, action, step)
    return _move_map(state, action, step)


def _move_tracker(state: GoldfingerState, action: Move, step: Step) -> GoldfingerState:
    if action.to is not None:
        raise InputError("tracker mode: say how many spaces were moved, not where")
    n = action.spaces
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InputError(f"spaces moved must be 1 or more, got {shown(n, 30)}")
    if n > step.left:
        raise RuleError(f"{_name(step.piece)} has {step.left} of {step.allowance} spaces left",
                        rule=_rule(rules.SECTION_MOVEMENT))
    step = evolve(step, moved=step.moved + n)
    text = f"{_name(step.piece)} moves {n} space{'s' if n > 1 else ''} ({step.left} left)."
    return evolve(state, step=step, last_event=Event(text))


def _move_map(state: GoldfingerState, action: Move, step: Step) -> GoldfingerState:
    board = state.board
    if action.spaces != 1:
        raise InputError("map mode: move one space at a time with Move(to=space)")
    to = board.check_space(action.to)
    piece = state.piece(step.piece)
    if step.left < 1:
        raise RuleError(f"{_name(step.piece)} has no spaces left this turn",
                        rule=_rule(rules.SECTION_MOVEMENT))
    if to not in board.forward(piece.space, piece.heading):
        raise RuleError(f"{_name(step.piece)} can only move forward, turning at forks: "
                        f"{to} is not ahead of {piece.space}", rule=_rule(rules.SECTION_MOVEMENT))
    occupant = state.occupied().get(to)
    moved = evolve(piece, space=to, heading=board.heading(piece.space, to))
    step = evolve(step, moved=step.moved + 1, back=(piece.space, piece.heading),
                               contest=occupant)
    entered = evolve(_with_piece(state, moved), step=step)
    if occupant:
        _check_contest_possible(entered, occupant)
    text = f"{_name(step.piece)} moves to {to} ({step.left} left)."
    if occupant:
        text += f" {_name(occupant)} is there: Force or Trick now."
    return evolve(entered, last_event=Event(text))


def _can_force(mover: str, target: str) -> bool:
    """Force: Bond runs an Enemy piece off the road; an Enemy piece only runs Bond off."""
    return (mover == BOND) != (target == BOND)


def _check_contest_possible(entered: GoldfingerState, occupant: str) -> None:
    """Movement: a piece may enter an occupied Space only if it can Force or Trick at once.

    `entered` is the state with the piece already in the Space (not yet returned)."""
    step = entered.step
    section = rules.ACTIONS[_side(step.piece)]["trick"].section
    feasible = []
    if entered.actions_left() >= 1 and "trick" not in step.used:
        feasible.append(_feasible(lambda: _trick_landing(entered, step, None, section)))
    if entered.actions_left() >= 1 and "force" not in step.used \
            and _can_force(step.piece, occupant):
        feasible.append(_feasible(lambda: _aside(entered, step, None, section)))
    if not any(feasible):
        raise RuleError(f"{_name(occupant)} is in that Space and {_name(step.piece)} cannot "
                        "Force or Trick there now", rule=_rule(rules.SECTION_MOVEMENT))


def _feasible(check) -> bool:
    try:
        check()
    except RuleError:
        return False
    return True


def _quick_turn(state: GoldfingerState, action: QuickTurn) -> GoldfingerState:
    side = _side(state.mover or BOND)
    rule = rules.ACTIONS[side]["quick_turn"]
    step = _check_action(state, "quick_turn", rule.section)
    _check_quick_turn_move(state, step)
    arrow = None
    if state.board is None:
        if action.to is not None:
            raise InputError("tracker mode: no destination; turn along the arrow on the board")
    else:
        arrow = _arrow(state, step, action.to)
    dice = _dice(action.dice)
    outcome = _roll(state, side, "quick_turn", dice, _name(step.piece), "tries a Quick Turn")
    state = _used(state, "quick_turn")
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
        state = evolve(_with_piece(state, landed), step=new_step)
        extra = f" Now in {arrow.to}." + (f" {_name(occupant)} is there: Force or Trick now."
                                           if occupant else "")
        return evolve(state, last_event=_event(outcome, extra))
    return evolve(state, last_event=_event(outcome))


def _quick_turn_cost(state: GoldfingerState) -> int:
    """Movement, Quick Turn: the skipped Space "does not count as a Space moved"; entering
    the landing Space costs one (HOUSE RULE quick_turn_costs_move, on by default)."""
    return 1 if state.setup.house["quick_turn_costs_move"] else 0


def _check_quick_turn_move(state: GoldfingerState, step: Step) -> None:
    if step.left < _quick_turn_cost(state):
        raise RuleError("a Quick Turn skips one Space and enters the next: it needs one Space "
                        "of movement left (house rule)", rule=_rule(rules.SECTION_MOVEMENT))


def _arrow(state: GoldfingerState, step: Step, to: str | None):
    board = state.board
    piece = state.piece(step.piece)
    arrows = board.quick_turns_from(piece.space, piece.heading)
    if to is not None:
        board.check_space(to)
        arrows = [a for a in arrows if a.to == to]
    if not arrows:
        raise RuleError(f"no Quick Turn arrow leads from {piece.space} the way "
                        f"{_name(step.piece)} faces" + (f" to {to}" if to else ""),
                        rule=_rule(rules.SECTION_MOVEMENT))
    arrow = arrows[0]
    occupant = state.occupied().get(arrow.to)
    if occupant:
        landed = evolve(piece, space=arrow.to,
                                     heading=board.heading(arrow.skip, arrow.to))
        turned = evolve(step, used=(*step.used, "quick_turn"),
                                     spent=step.spent + 1, contest=occupant,
                                     moved=step.moved + _quick_turn_cost(state))
        _check_contest_possible(
            evolve(_with_piece(state, landed), step=turned), occupant)
    return arrow


def _double_back(state: GoldfingerState, action: DoubleBack) -> GoldfingerState:
    side = _side(state.mover or BOND)
    step = _check_action(state, "double_back", rules.ACTIONS[side]["double_back"].section)
    dice = _dice(action.dice)
    outcome = _roll(state, side, "double_back", dice, _name(step.piece), "tries to Double Back")
    state = _used(state, "double_back")
    if outcome.success:
        piece = state.piece(step.piece)
        if piece.heading is not None:
            turned = evolve(piece, heading=(-piece.heading[0], -piece.heading[1]))
            state = _with_piece(state, turned)
        return evolve(state, last_event=_event(outcome))
    state = _lose(state, step.piece, outcome.result.self_loses)
    return _settle(state, _event(outcome))


# Force and Trick.


def _contest_target(state: GoldfingerState, step: Step, target: object, name: str,
                    section: str) -> str:
    if target not in PIECES:
        _unknown(target)
    if target == step.piece:
        raise RuleError(f"{_name(step.piece)} cannot {name} itself", rule=_rule(section))
    if target != BOND:
        _car(state, target)
    if name == "force" and not _can_force(step.piece, target):
        raise RuleError("an Enemy piece can only Force Bond off the road", rule=_rule(section))
    if state.board is not None and step.contest != target:
        raise RuleError(f"{_name(step.piece)} must first enter {_name(target)}'s Space",
                        rule=_rule(rules.SECTION_MOVEMENT))
    return target  # type: ignore[return-value]


def _trick(state: GoldfingerState, action: Trick) -> GoldfingerState:
    side = _side(state.mover or BOND)
    section = rules.ACTIONS[side]["trick"].section
    step = _check_action(state, "trick", section)
    target = _contest_target(state, step, action.target, "trick", section)
    landing = _trick_landing(state, step, action.to, section)
    dice = _dice(action.dice)
    outcome = _roll(state, side, "trick", dice, _name(step.piece),
                    f"tries a Trick past {_name(target)}")
    state = _used(state, "trick")
    if outcome.success:
        return evolve(_jump(state, landing), last_event=_event(outcome))
    return _after_failed_contest(state, step.piece, outcome)


def _trick_landing(state: GoldfingerState, step: Step, to: str | None, section: str
                   ) -> str | None:
    """Trick: the piece "goes by the other piece into the next Space" (map mode)."""
    if state.setup.house["trick_jump_costs_move"] and step.left < 1:
        raise RuleError("the Trick jump needs one more space of movement (house rule)",
                        rule=_rule(section))
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
                        rule=_rule(section))
    return free[0]


def _jump(state: GoldfingerState, landing: str | None) -> GoldfingerState:
    step = state.step
    cost = 1 if state.setup.house["trick_jump_costs_move"] else 0
    if landing is None:
        return evolve(state, step=evolve(step, moved=step.moved + cost))
    piece = state.piece(step.piece)
    jumped = evolve(piece, space=landing,
                                 heading=state.board.heading(piece.space, landing))
    step = evolve(step, moved=step.moved + cost, contest=None,
                               back=(piece.space, piece.heading))
    return evolve(_with_piece(state, jumped), step=step)


def _after_failed_contest(state: GoldfingerState, mover: str, outcome: Outcome
                          ) -> GoldfingerState:
    """Movement: a failed Force or Trick backs up one Space and ends the turn."""
    step = state.step
    if state.board is not None and step.back is not None and step.contest:
        piece = state.piece(mover)
        backed = evolve(piece, space=step.back[0], heading=step.back[1])
        state = _with_piece(state, backed)
        state = evolve(state, step=evolve(step, contest=None))
    state, note = _hit(state, mover, outcome.result.hits_self)
    state = _lose(state, mover, outcome.result.self_loses)
    return _settle(state, _event(outcome, note))


def _force(state: GoldfingerState, action: Force) -> GoldfingerState:
    side = _side(state.mover or BOND)
    section = rules.ACTIONS[side]["force"].section
    step = _check_action(state, "force", section)
    target = _contest_target(state, step, action.target, "force", section)
    aside = _aside(state, step, action.aside, section)
    dice = _dice(action.dice)
    outcome = _roll(state, side, "force", dice, _name(step.piece),
                    f"tries to Force {_name(target)}")
    state = _used(state, "force")
    if not outcome.success:
        return _after_failed_contest(state, step.piece, outcome)
    if aside is not None:
        forced = state.piece(target)
        state = _with_piece(state, evolve(forced, space=aside))
        state = evolve(state, step=evolve(state.step, contest=None))
    state, note = _hit(state, target, outcome.result.hits_target)
    state = _lose(state, target, outcome.result.target_loses)
    where = f" It is moved to {aside}." if aside else ""
    return _settle(state, _event(outcome, note + where))


def _aside(state: GoldfingerState, step: Step, aside: str | None, section: str) -> str | None:
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
                        rule=_rule(section))
    return free[0]


