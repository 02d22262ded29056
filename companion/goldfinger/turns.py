"""Goldfinger's set-up (the Enemy places the cards and may point his cars, then Bond is
placed) and the start and end of a piece's step in the turn order (How To Play)."""


from __future__ import annotations

from companion.core.errors import InputError, RuleError, shown
from companion.core.game import Event
from companion.core.records import evolve
from companion.core.rules_table import Rule
from companion.goldfinger import rules
from companion.goldfinger.actions import AimCar, EndMove, PlaceBond, PlaceCards, StartTurn
from companion.goldfinger.board import Board
from companion.goldfinger.rules import BOND, PIECES
from companion.goldfinger.state import (
    Piece,
    Position,
    Step,
    piece_name,
    rule_name,
    side_of,
    star_name,
)
from companion.goldfinger.steps import (
    check_play,
    check_step,
    finish_step,
    live_car,
    two_dice,
    unknown_piece,
    with_piece,
)

MAX_TEXT = 30  # a star's or a card's name


# Set-up.


def _place_cards(state: Position, action: PlaceCards) -> Position:
    if action.stars is None:
        raise InputError("name the five stars, or let the app hide the cards (map mode)")
    stars = _texts(action.stars, "star")
    if len(stars) != rules.CARDS_TO_PLACE or len(set(stars)) != len(stars):
        raise RuleError(f"place all {rules.CARDS_TO_PLACE} cards, one per star "
                        f"(got {len(stars)} stars, {len(set(stars))} different)",
                        rule=rule_name(rules.SECTION_SET_UP))
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
    text = (f"The Enemy player places the five cards ({how}) by "
            f"{', '.join(map(star_name, stars))}.")
    return evolve(state, phase="bond", cards=placed, last_event=Event(text))


def _texts(values: object, what: str) -> tuple[str, ...]:
    if not isinstance(values, tuple):
        raise InputError(f"the {what}s must be a list, got {shown(values, 40)}")
    for value in values:
        if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT:
            raise InputError(f"a {what} is a name of 1 to {MAX_TEXT} characters, "
                             f"got {shown(value, 40)}")
    return values


def _aim_car(state: Position, action: AimCar) -> Position:
    # Movement: "At the beginning of the game, you can point your pieces in any direction".
    # Set Up has the Enemy place his pieces and cards before Bond is placed, so the Enemy
    # may point his cars while he places the cards, or later, until turn 1 begins.
    board = _need_board(state, "AimCar")
    car = live_car(state, action.car)
    toward = board.check_space(action.toward)
    if toward not in board.graph[car.space]:
        raise RuleError(f"car {car.name} must point toward a Space next to it",
                        rule=rule_name(rules.SECTION_MOVEMENT))
    moved = evolve(car, heading=board.heading(car.space, toward))
    return with_piece(state, moved, Event(f"Car {car.name} points toward {toward}."))


def _place_bond(state: Position, action: PlaceBond) -> Position:
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
                            rule=rule_name(rules.SECTION_MOVEMENT))
        if toward not in board.graph[space]:
            raise RuleError("the Aston Martin must point toward a Space next to it",
                            rule=rule_name(rules.SECTION_MOVEMENT))
        bond = evolve(bond, space=space, heading=board.heading(space, toward))
        where = f"in {space}, facing {toward}"
    text = f"Bond places the Aston Martin {where}. Turn 1 begins."
    state = with_piece(state, bond, Event(text))
    return evolve(state, phase="play", turn=1)


# Starting and ending a piece's turn.


def _start_turn(state: Position, action: StartTurn) -> Position:
    check_play(state)
    if state.step is not None:
        raise RuleError(f"{piece_name(state.step.piece)} has not finished its turn",
                        rule=rule_name(rules.SECTION_HOW_TO_PLAY))
    piece = state.piece(action.piece) if action.piece in PIECES else unknown_piece(action.piece)
    _check_order(state, piece)
    if piece.lost_turns:
        if action.dice is not None:
            raise InputError(f"{piece_name(piece.name)} has lost this turn and does not roll")
        left = piece.lost_turns - 1
        state = with_piece(state, evolve(piece, lost_turns=left))
        text = (f"Turn {state.turn}: {piece_name(piece.name)} loses this turn: no movement, "
                f"it may only Fire.")
        return evolve(state, step=Step(piece.name, fire_only=True),
                                   last_event=Event(text, "failure"))
    dice = two_dice(action.dice)
    allowance = rules.MOVEMENT[side_of(piece.name)].lookup(dice.total)
    text = (f"Turn {state.turn}: {piece_name(piece.name)} rolls {dice} for movement: up to "
            f"{allowance} spaces.")
    return evolve(state, step=Step(piece.name, allowance), last_event=Event(text))


def _check_order(state: Position, piece: Piece) -> None:
    rule = rule_name(rules.SECTION_HOW_TO_PLAY)
    if piece.crashed:
        raise RuleError(f"car {piece.name} has crashed and is out of the game",
                        rule=rule_name(rules.SECTION_FIRING))
    if piece.name == BOND and BOND in state.done:
        raise RuleError("Bond has had his turn; now the Enemy cars move", rule=rule)
    if piece.name != BOND and BOND not in state.done:
        raise RuleError("Bond moves first in every turn", rule=rule)
    if piece.name in state.done:
        raise RuleError(f"car {piece.name} has already moved this turn", rule=rule)


def _end_move(state: Position, action: EndMove) -> Position:
    step = check_step(state)
    if step.contest:
        raise RuleError(f"{piece_name(step.piece)} shares a Space with {piece_name(step.contest)}: "
                        "Force or Trick first", rule=rule_name(rules.SECTION_MOVEMENT))
    their = "his" if step.piece == BOND else "its"
    return finish_step(state, Event(f"{piece_name(step.piece)} ends {their} turn."))


def _need_board(state: Position, what: str) -> Board:
    if state.board is None:
        raise InputError(f"{what} needs map mode; this game has no map")
    return state.board


def _refusal(message: str, section: str):
    return lambda state, action: RuleError(message, rule=rule_name(section))


# This module's part of the rules table: each action, the phases it is allowed in, and its
# refusal at another time (the rest of a turn's actions wait for the set-up to be done).
RULES = {
    PlaceCards: Rule(_place_cards, ("cards",),
                     _refusal("the cards are already placed", rules.SECTION_SET_UP)),
    AimCar: Rule(_aim_car, ("cards", "bond"),
                 _refusal("cars are pointed during set-up, before turn 1",
                          rules.SECTION_MOVEMENT)),
    PlaceBond: Rule(_place_bond, ("bond",),
                    _refusal("Bond is placed after the Enemy player has placed the cards",
                             rules.SECTION_SET_UP)),
    StartTurn: Rule(_start_turn, ("play",)),
    EndMove: Rule(_end_move, ("play",)),
}
