"""What every action of a piece's step shares: the checks before it (set-up done, nothing
pending, a piece moving, its actions left), rolling against an Action Summary line, Hits,
crashes and lost turns, and the end of a step. The rules that use them are in `turns`,
`moving` and `firing`."""


from __future__ import annotations

from dataclasses import dataclass

from companion.core.dice import Roll, percent
from companion.core.errors import InputError, RuleError, shown
from companion.core.game import Event
from companion.core.records import evolve
from companion.goldfinger import rules
from companion.goldfinger.odds import (
    Modifiers,
    describe_modifiers,
    modifiers,
    succeeds,
    success_chance,
)
from companion.goldfinger.rules import BOND, ENEMY_CARS, Side
from companion.goldfinger.state import (
    Pending,
    Piece,
    Position,
    Step,
    piece_name,
    rule_name,
    side_of,
    star_name,
)


def unknown_piece(name: object) -> Piece:
    raise InputError(f"unknown piece {shown(name, 30)}: Bond is 'bond', the cars are A-D")


# Checks shared by every action in a step.


def check_play(state: Position) -> None:
    """Nothing is pending (the rules table has checked that the set-up is done)."""
    if state.pending is not None:
        raise RuleError(f"first settle: {_pending_text(state.pending)}",
                        rule=rule_name(_pending_section(state.pending)))


def _pending_text(pending: Pending) -> str:
    if pending.kind == "reveal":
        return f"say which card was by {star_name(pending.star)}"
    if pending.kind == "card_roll":
        return f"roll for the {pending.card} card"
    what = "Avoid Oil" if pending.kind == "avoid_oil" else "Avoid Smoke"
    return f"{what} for car{'s' if len(pending.cars) > 1 else ''} {', '.join(pending.cars)}"


def _pending_section(pending: Pending) -> str:
    if pending.kind in ("reveal", "card_roll"):
        return rules.CARD_SECTION
    return rules.ENEMY_ACTIONS[pending.kind].section


def check_step(state: Position) -> Step:
    check_play(state)
    if state.step is None:
        raise RuleError("no piece is moving: start a piece's turn first",
                        rule=rule_name(rules.SECTION_HOW_TO_PLAY))
    return state.step


def check_action(state: Position, name: str, section: str, cost: int = 1,
                  side: Side | None = None) -> Step:
    """The checks every Action passes before its dice are read (Actions section)."""
    step = check_step(state)
    who = piece_name(step.piece)
    if side is not None and side_of(step.piece) != side:
        raise RuleError(f"only {'Bond' if side == BOND else 'Enemy cars'} can do that",
                        rule=rule_name(section))
    if step.fire_only and name != "fire":
        raise RuleError(f"{who} has lost its turn: it may only Fire",
                        rule=rule_name(rules.SECTION_LOSING))
    if step.contest and name not in ("force", "trick"):
        raise RuleError(f"{who} entered {piece_name(step.contest)}'s Space: it must Force or Trick "
                        "now", rule=rule_name(rules.SECTION_MOVEMENT))
    if name in step.used:
        raise RuleError(f"{who} has already tried this action this turn",
                        rule=rule_name(rules.SECTION_ACTIONS))
    limit = rules.ACTIONS_PER_TURN[side_of(step.piece)]
    if step.spent + cost > limit:
        raise RuleError(f"{who} has {limit - step.spent} of {limit} actions left; this needs "
                        f"{cost}", rule=rule_name(rules.SECTION_ACTIONS))
    return step


def spend(state: Position, name: str, cost: int = 1) -> Position:
    step = state.step
    step = evolve(step, used=(*step.used, name), spent=step.spent + cost)
    return evolve(state, step=step)


def two_dice(dice: object) -> Roll:
    if dice is None:
        raise InputError("the dice are missing: roll them or let the app roll")
    if not isinstance(dice, tuple):
        raise InputError(f"dice must be a list of two faces, got {shown(dice, 40)}")
    return Roll.of(dice, 2)


def live_car(state: Position, name: object) -> Piece:
    if name not in ENEMY_CARS:
        raise InputError(f"unknown Enemy car {shown(name, 30)}: the cars are A, B, C and D")
    car = state.piece(name)  # type: ignore[arg-type]
    if car.crashed:
        raise RuleError(f"car {car.name} has crashed and is out of the game",
                        rule=rule_name(rules.SECTION_FIRING))
    return car


def with_piece(state: Position, piece: Piece, event: Event | None = None
                ) -> Position:
    pieces = tuple(piece if p.name == piece.name else p for p in state.pieces)
    state = evolve(state, pieces=pieces)
    return evolve(state, last_event=event) if event else state


# Rolling against an Action Summary line.


@dataclass(frozen=True)
class Outcome:
    success: bool
    result: rules.Result
    text: str


def action_roll(state: Position, side: Side, name: str, dice: Roll, who: str, what: str,
          spaces_between: int = 0) -> Outcome:
    mods = _mods(state, side, name, spaces_between)
    rule = rules.ACTIONS[side][name]
    success = succeeds(dice.total, side, name, mods)
    result = rule.on_success if success else rule.on_failure
    chance = success_chance(side, name, guard=state.guard and side == BOND,
                            screen=state.screen, spaces_between=spaces_between)
    text = (f"{who} {what}: rolled {dice}{_mod_text(mods, dice.total)}, needed "
            f"{rule.success[1]} or less (chance {percent(chance)}): "
            f"{'success' if success else 'failure'}. {result.text}")
    return Outcome(success, result, text)


def _mods(state: Position, side: Side, name: str, spaces_between: int) -> Modifiers:
    return modifiers(side, name, guard=state.guard and side == BOND, screen=state.screen,
                     spaces_between=spaces_between)


def _mod_text(mods: Modifiers, total: int) -> str:
    if not mods:
        return ""
    return f", {describe_modifiers(mods)} makes {total + sum(v for _, v in mods)}"


def outcome_event(outcome: Outcome, extra: str = "") -> Event:
    return Event(outcome.text + extra, "success" if outcome.success else "failure")


# Damage and lost turns.


def add_hits(state: Position, name: str, hits: int) -> tuple[Position, str]:
    """Add Hits; crash the piece at its limit (Damage and Crashing). Returns a note."""
    if not hits:
        return state, ""
    piece = state.piece(name)
    total = piece.hits + hits
    if name == BOND:
        state = with_piece(state, evolve(piece, hits=total))
        if total >= rules.BOND_CRASH_HITS:
            state = evolve(state, phase="over", winner="enemy", step=None)
            return state, (f" Bond has {total} hits: the Aston Martin crashes, the Enemy "
                           f"wins.")
        return state, f" Bond has {total} of {rules.BOND_CRASH_HITS} hits."
    if total >= rules.ENEMY_CRASH_HITS:
        return crash(state, name, total), f" Car {name} has {total} hits: it crashes."
    state = with_piece(state, evolve(piece, hits=total))
    return state, f" Car {name} has {total} of {rules.ENEMY_CRASH_HITS} hits."


def crash(state: Position, name: str, hits: int | None = None) -> Position:
    """Damage and Crashing: "immediately remove the piece from the game"."""
    piece = state.piece(name)
    hits = piece.hits if hits is None else hits
    return with_piece(state, evolve(piece, hits=hits, crashed=True, space=None))


def lose_turns(state: Position, name: str, lost: rules.LostTime) -> Position:
    """Apply a "loses ..." result to a piece (How To Play: Losing a Turn)."""
    if not lost or state.phase == "over" or state.piece(name).crashed:
        return state
    if lost in ("next", "rest_and_next"):
        piece = state.piece(name)
        count = piece.lost_turns + 1 if state.setup.house["lost_turns_add_up"] else 1
        state = with_piece(state, evolve(piece, lost_turns=count))
    if lost in ("rest", "rest_and_next") and state.step and state.step.piece == name:
        step = evolve(state.step, fire_only=True, moved=state.step.allowance,
                                   contest=None)
        state = evolve(state, step=step)
    return state


def settle(state: Position, event: Event) -> Position:
    """End the step at once when its piece crashed or lost the rest with no Fire allowed."""
    state = evolve(state, last_event=event)
    step = state.step
    if state.phase == "over" or step is None:
        return state
    mover = state.piece(step.piece)
    fire_left = state.setup.house["fire_after_losing_rest"] and "fire" not in step.used \
        and state.actions_left() > 0
    if mover.crashed or (step.fire_only and step.allowance and not fire_left):
        return finish_step(state, event)
    return state


# The end of a step.


def finish_step(state: Position, event: Event) -> Position:
    """Close the active piece's step; end the turn, or the game, when it is time."""
    piece = state.step.piece if state.step else BOND
    done = (*state.done, piece)
    state = evolve(state, step=None, done=done, last_event=event)
    if piece == BOND and state.turn >= rules.TURNS and state.winner is None:
        text = f"{event.text} Bond's turn {rules.TURNS} is over without an escape: the Enemy wins."
        return evolve(state, phase="over", winner="enemy",
                                   last_event=Event(text, "failure"))
    if all(car in done for car in state.live_cars()) and BOND in done:
        text = f"{event.text} Turn {state.turn + 1} begins."
        return evolve(state, turn=state.turn + 1, done=(),
                                   last_event=Event(text, event.outcome))
    return state
