"""Goldfinger's set-up, the start and end of a piece's step, and what every action shares:
the checks, rolling against an Action Summary line, Hits and lost turns."""


from __future__ import annotations

from dataclasses import dataclass

from companion.core.dice import Roll, percent
from companion.core.errors import InputError, RuleError, shown
from companion.core.game import Event
from companion.core.records import evolve
from companion.goldfinger import rules
from companion.goldfinger.actions import (
    AimCar,
    EndMove,
    PlaceBond,
    PlaceCards,
    StartTurn,
)
from companion.goldfinger.board import Board
from companion.goldfinger.odds import (
    Modifiers,
    describe_modifiers,
    modifiers,
    succeeds,
    success_chance,
)
from companion.goldfinger.rules import BOND, ENEMY_CARS, PIECES, Side
from companion.goldfinger.state import (
    MAX_TEXT,
    GoldfingerState,
    Pending,
    Piece,
    Step,
    _name,
    _rule,
    _side,
)

# Set-up.


def _place_cards(state: GoldfingerState, action: PlaceCards) -> GoldfingerState:
    if state.phase != "cards":
        raise RuleError("the cards are already placed", rule=_rule(rules.SECTION_SET_UP))
    if action.stars is None:
        raise InputError("name the five stars, or let the app hide the cards (map mode)")
    stars = _texts(action.stars, "star")
    if len(stars) != rules.CARDS_TO_PLACE or len(set(stars)) != len(stars):
        raise RuleError(f"place all {rules.CARDS_TO_PLACE} cards, one per star "
                        f"(got {len(stars)} stars, {len(set(stars))} different)",
                        rule=_rule(rules.SECTION_SET_UP))
    if state.board:
        for star in stars:
            if star not in state.board.stars:
                raise InputError(f"{shown(star)} is not a red star space of {state.board.name}")
    cards: tuple[str | None, ...] = (None,) * len(stars)
    if action.cards is not None:
        names = _texts(action.cards, "card")
        if sorted(names) != sorted(rules.CARD_NAMES):
            raise InputError(f"the cards are {', '.join(rules.CARD_NAMES)}, each once; "
                             f"got {list(names)}")
        cards = names
    placed = tuple(zip(stars, cards, strict=True))
    how = "face down" if action.cards is None else "known to the app"
    text = f"The Enemy player places the five cards ({how}) by stars {', '.join(stars)}."
    return evolve(state, phase="bond", cards=placed, last_event=Event(text))


def _texts(values: object, what: str) -> tuple[str, ...]:
    if not isinstance(values, tuple):
        raise InputError(f"the {what}s must be a list, got {shown(values, 40)}")
    for value in values:
        if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT:
            raise InputError(f"a {what} is a name of 1 to {MAX_TEXT} characters, "
                             f"got {shown(value, 40)}")
    return values


def _aim_car(state: GoldfingerState, action: AimCar) -> GoldfingerState:
    # Movement: "At the beginning of the game, you can point your pieces in any direction".
    # Set Up has the Enemy place his pieces and cards before Bond is placed, so the Enemy
    # may point his cars while he places the cards, or later, until turn 1 begins.
    if state.phase not in ("cards", "bond"):
        raise RuleError("cars are pointed during set-up, before turn 1",
                        rule=_rule(rules.SECTION_MOVEMENT))
    board = _need_board(state, "AimCar")
    car = _car(state, action.car)
    toward = board.check_space(action.toward)
    if toward not in board.graph[car.space]:
        raise RuleError(f"car {car.name} must point toward a Space next to it",
                        rule=_rule(rules.SECTION_MOVEMENT))
    moved = evolve(car, heading=board.heading(car.space, toward))
    return _with_piece(state, moved, Event(f"Car {car.name} points toward {toward}."))


def _place_bond(state: GoldfingerState, action: PlaceBond) -> GoldfingerState:
    if state.phase != "bond":
        raise RuleError("Bond is placed after the Enemy player has placed the cards",
                        rule=_rule(rules.SECTION_SET_UP))
    bond = state.piece(BOND)
    if state.board is None:
        if action.space is not None or action.toward is not None:
            raise InputError("tracker mode: place Bond on the real board; give no space")
        where = "on the board"
    else:
        board = state.board
        space, toward = board.check_space(action.space), board.check_space(action.toward)
        if space in state.occupied():
            raise RuleError(f"{space} holds car {state.occupied()[space]}",
                            rule=_rule(rules.SECTION_MOVEMENT))
        if toward not in board.graph[space]:
            raise RuleError("the Aston Martin must point toward a Space next to it",
                            rule=_rule(rules.SECTION_MOVEMENT))
        bond = evolve(bond, space=space, heading=board.heading(space, toward))
        where = f"in {space}, facing {toward}"
    text = f"Bond places the Aston Martin {where}. Turn 1 begins."
    state = _with_piece(state, bond, Event(text))
    return evolve(state, phase="play", turn=1)


# Starting and ending a piece's turn.


def _start_turn(state: GoldfingerState, action: StartTurn) -> GoldfingerState:
    _check_play(state)
    if state.step is not None:
        raise RuleError(f"{_name(state.step.piece)} has not finished its turn",
                        rule=_rule(rules.SECTION_HOW_TO_PLAY))
    piece = state.piece(action.piece) if action.piece in PIECES else _unknown(action.piece)
    _check_order(state, piece)
    if piece.lost_turns:
        if action.dice is not None:
            raise InputError(f"{_name(piece.name)} has lost this turn and does not roll")
        left = piece.lost_turns - 1
        state = _with_piece(state, evolve(piece, lost_turns=left))
        text = (f"Turn {state.turn}: {_name(piece.name)} loses this turn: no movement, "
                f"it may only Fire.")
        return evolve(state, step=Step(piece.name, fire_only=True),
                                   last_event=Event(text, "failure"))
    dice = _dice(action.dice)
    allowance = rules.MOVEMENT[_side(piece.name)].lookup(dice.total)
    text = (f"Turn {state.turn}: {_name(piece.name)} rolls {dice} for movement: up to "
            f"{allowance} spaces.")
    return evolve(state, step=Step(piece.name, allowance), last_event=Event(text))


def _unknown(name: object) -> Piece:
    raise InputError(f"unknown piece {shown(name, 30)}: Bond is 'bond', the cars are A-D")


def _check_order(state: GoldfingerState, piece: Piece) -> None:
    rule = _rule(rules.SECTION_HOW_TO_PLAY)
    if piece.crashed:
        raise RuleError(f"car {piece.name} has crashed and is out of the game",
                        rule=_rule(rules.SECTION_FIRING))
    if piece.name == BOND and BOND in state.done:
        raise RuleError("Bond has had his turn; now the Enemy cars move", rule=rule)
    if piece.name != BOND and BOND not in state.done:
        raise RuleError("Bond moves first in every turn", rule=rule)
    if piece.name in state.done:
        raise RuleError(f"car {piece.name} has already moved this turn", rule=rule)


def _end_move(state: GoldfingerState, action: EndMove) -> GoldfingerState:
    step = _check_step(state)
    if step.contest:
        raise RuleError(f"{_name(step.piece)} shares a Space with {_name(step.contest)}: "
                        "Force or Trick first", rule=_rule(rules.SECTION_MOVEMENT))
    their = "his" if step.piece == BOND else "its"
    return _finish_step(state, Event(f"{_name(step.piece)} ends {their} turn."))


def _finish_step(state: GoldfingerState, event: Event) -> GoldfingerState:
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


# Checks shared by every action in a step.


def _check_play(state: GoldfingerState) -> None:
    if state.phase != "play":
        raise RuleError("finish the set-up first", rule=_rule(rules.SECTION_SET_UP))
    if state.pending is not None:
        raise RuleError(f"first settle: {_pending_text(state.pending)}",
                        rule=_rule(_pending_section(state.pending)))


def _pending_text(pending: Pending) -> str:
    if pending.kind == "reveal":
        return f"say which card was by star {pending.star}"
    if pending.kind == "card_roll":
        return f"roll for the {pending.card} card"
    what = "Avoid Oil" if pending.kind == "avoid_oil" else "Avoid Smoke"
    return f"{what} for car{'s' if len(pending.cars) > 1 else ''} {', '.join(pending.cars)}"


def _pending_section(pending: Pending) -> str:
    if pending.kind in ("reveal", "card_roll"):
        return rules.CARD_SECTION
    return rules.ENEMY_ACTIONS[pending.kind].section


def _check_step(state: GoldfingerState) -> Step:
    _check_play(state)
    if state.step is None:
        raise RuleError("no piece is moving: start a piece's turn first",
                        rule=_rule(rules.SECTION_HOW_TO_PLAY))
    return state.step


def _check_action(state: GoldfingerState, name: str, section: str, cost: int = 1,
                  side: Side | None = None) -> Step:
    """The checks every Action passes before its dice are read (Actions section)."""
    step = _check_step(state)
    who = _name(step.piece)
    if side is not None and _side(step.piece) != side:
        raise RuleError(f"only {'Bond' if side == BOND else 'Enemy cars'} can do that",
                        rule=_rule(section))
    if step.fire_only and name != "fire":
        raise RuleError(f"{who} has lost its turn: it may only Fire",
                        rule=_rule(rules.SECTION_LOSING))
    if step.contest and name not in ("force", "trick"):
        raise RuleError(f"{who} entered {_name(step.contest)}'s Space: it must Force or Trick "
                        "now", rule=_rule(rules.SECTION_MOVEMENT))
    if name in step.used:
        raise RuleError(f"{who} has already tried this action this turn",
                        rule=_rule(rules.SECTION_ACTIONS))
    limit = rules.ACTIONS_PER_TURN[_side(step.piece)]
    if step.spent + cost > limit:
        raise RuleError(f"{who} has {limit - step.spent} of {limit} actions left; this needs "
                        f"{cost}", rule=_rule(rules.SECTION_ACTIONS))
    return step


def _used(state: GoldfingerState, name: str, cost: int = 1) -> GoldfingerState:
    step = state.step
    step = evolve(step, used=(*step.used, name), spent=step.spent + cost)
    return evolve(state, step=step)


def _dice(dice: object) -> Roll:
    if dice is None:
        raise InputError("the dice are missing: roll them or let the app roll")
    if not isinstance(dice, tuple):
        raise InputError(f"dice must be a list of two faces, got {shown(dice, 40)}")
    return Roll.of(dice, 2)


def _need_board(state: GoldfingerState, what: str) -> Board:
    if state.board is None:
        raise InputError(f"{what} needs map mode; this game has no map")
    return state.board


def _car(state: GoldfingerState, name: object) -> Piece:
    if name not in ENEMY_CARS:
        raise InputError(f"unknown Enemy car {shown(name, 30)}: the cars are A, B, C and D")
    car = state.piece(name)  # type: ignore[arg-type]
    if car.crashed:
        raise RuleError(f"car {car.name} has crashed and is out of the game",
                        rule=_rule(rules.SECTION_FIRING))
    return car


def _with_piece(state: GoldfingerState, piece: Piece, event: Event | None = None
                ) -> GoldfingerState:
    pieces = tuple(piece if p.name == piece.name else p for p in state.pieces)
    state = evolve(state, pieces=pieces)
    return evolve(state, last_event=event) if event else state


# Rolling against an Action Summary line.


@dataclass(frozen=True)
class Outcome:
    success: bool
    result: rules.Result
    text: str


def _roll(state: GoldfingerState, side: Side, name: str, dice: Roll, who: str, what: str,
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


def _mods(state: GoldfingerState, side: Side, name: str, spaces_between: int) -> Modifiers:
    return modifiers(side, name, guard=state.guard and side == BOND, screen=state.screen,
                     spaces_between=spaces_between)


def _mod_text(mods: Modifiers, total: int) -> str:
    if not mods:
        return ""
    return f", {describe_modifiers(mods)} makes {total + sum(v for _, v in mods)}"


def _event(outcome: Outcome, extra: str = "") -> Event:
    return Event(outcome.text + extra, "success" if outcome.success else "failure")


# Damage and lost turns.


def _hit(state: GoldfingerState, name: str, hits: int) -> tuple[GoldfingerState, str]:
    """Add Hits; crash the piece at its limit (Damage and Crashing). Returns a note."""
    if not hits:
        return state, ""
    piece = state.piece(name)
    total = piece.hits + hits
    if name == BOND:
        state = _with_piece(state, evolve(piece, hits=total))
        if total >= rules.BOND_CRASH_HITS:
            state = evolve(state, phase="over", winner="enemy", step=None)
            return state, (f" Bond has {total} hits: the Aston Martin crashes, the Enemy "
                           f"wins.")
        return state, f" Bond has {total} of {rules.BOND_CRASH_HITS} hits."
    if total >= rules.ENEMY_CRASH_HITS:
        return _crash(state, name, total), f" Car {name} has {total} hits: it crashes."
    state = _with_piece(state, evolve(piece, hits=total))
    return state, f" Car {name} has {total} of {rules.ENEMY_CRASH_HITS} hits."


def _crash(state: GoldfingerState, name: str, hits: int | None = None) -> GoldfingerState:
    """Damage and Crashing: "immediately remove the piece from the game"."""
    piece = state.piece(name)
    hits = piece.hits if hits is None else hits
    return _with_piece(state, evolve(piece, hits=hits, crashed=True, space=None))


def _lose(state: GoldfingerState, name: str, lost: rules.LostTime) -> GoldfingerState:
    """Apply a "loses ..." result to a piece (How To Play: Losing a Turn)."""
    if not lost or state.phase == "over" or state.piece(name).crashed:
        return state
    if lost in ("next", "rest_and_next"):
        piece = state.piece(name)
        count = piece.lost_turns + 1 if state.setup.house["lost_turns_add_up"] else 1
        state = _with_piece(state, evolve(piece, lost_turns=count))
    if lost in ("rest", "rest_and_next") and state.step and state.step.piece == name:
        step = evolve(state.step, fire_only=True, moved=state.step.allowance,
                                   contest=None)
        state = evolve(state, step=step)
    return state


def _settle(state: GoldfingerState, event: Event) -> GoldfingerState:
    """End the step at once when its piece crashed or lost the rest with no Fire allowed."""
    state = evolve(state, last_event=event)
    step = state.step
    if state.phase == "over" or step is None:
        return state
    mover = state.piece(step.piece)
    fire_left = state.setup.house["fire_after_losing_rest"] and "fire" not in step.used \
        and state.actions_left() > 0
    if mover.crashed or (step.fire_only and step.allowance and not fire_left):
        return _finish_step(state, event)
    return state


