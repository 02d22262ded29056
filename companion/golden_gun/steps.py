"""The rules of the room sequence up to the blue card: Set Up (solo), New Maze Sections,
Steps 1-3 (move, read the green card, roll against it) and Ending the Game (looking for the
exit). Each rule is `rule(state, action, notes) -> state`, registered by `engine`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.errors import InputError, RuleError, shown
from companion.golden_gun import board, rules
from companion.golden_gun.actions import (
    AddSection,
    Move,
    ReadGreen,
    RollGreen,
    SearchExit,
    SetUp,
    dice_of,
)
from companion.golden_gun.cards import bullets_left, end_room, to_reveal
from companion.golden_gun.state import Position, minus, no_search

# Set Up (solo) and New Maze Sections.

def set_up(state: Position, action: SetUp, notes: list[str]) -> Position:
    if state.config.mode != "solo":
        raise RuleError("the group sets up its own cards in companion mode", rules.SET_UP)
    config = state.config
    if action.blue_deck is None or action.green_deck is None or action.sections is None:
        raise InputError("SetUp needs the shuffled decks and the maze sections")
    if action.blue_deck == () and action.green_deck == ():
        return _set_up_to_deal_as_seen(state, action.sections, notes)
    _same_cards("blue deck", action.blue_deck, config.blue_deck)
    _same_cards("green deck", action.green_deck, config.green_deck)
    if set(action.blue_deck[: config.upper_size]) & set(rules.SPECIAL_KINDS):
        raise RuleError("Scaramanga, Nick Nack and the Solex Agitator go in the lower half",
                        rules.SET_UP)
    if len(action.sections) != rules.MAZE_SECTIONS:
        raise InputError(f"SetUp needs {rules.MAZE_SECTIONS} maze sections")
    for layout in action.sections:
        board.parse_layout(layout)
    ready = replace(state, blue_deck=action.blue_deck, green_deck=action.green_deck,
                    unplaced=action.sections, phase="move")
    notes.append("Set up: blue deck shuffled with the three special cards in the lower half.")
    return _place_section(ready, (0, 0), notes)


def _set_up_to_deal_as_seen(state: Position, sections: tuple[str, ...],
                            notes: list[str]) -> Position:
    if len(sections) != 1:
        raise InputError("SetUp that deals as the game goes holds the first section only")
    board.parse_layout(sections[0])
    notes.append("Set up: the blue deck is shuffled with the three special cards in the lower "
                 "half; the app deals each card as it is turned over.")
    return _place_section(replace(state, unplaced=sections, phase="move"), (0, 0), notes)


def _same_cards(what: str, cards: tuple[Any, ...], counts: Mapping[Any, int]) -> None:
    given: dict[Any, int] = {}
    for card in cards:
        given[card] = given.get(card, 0) + 1
    if given != {k: n for k, n in counts.items() if n}:
        raise InputError(f"the {what} does not hold the cards of the deck composition")


def _place_section(state: Position, at: tuple[int, int],
                   notes: list[str]) -> Position:
    assert state.maze is not None
    maze = state.maze.add(at, state.unplaced[0])
    number = state.sections + 1
    rooms = maze.section_rooms(number)
    dealt: dict[str, int | None]
    if state.green_deck:  # a game stored before: the green deck's order
        dealt = dict(zip(rooms, state.green_deck, strict=False))
    else:  # face down, each dealt as Bond turns it over
        in_the_deck = sum(state.greens_unseen.values()) - len(state.greens)
        dealt = dict.fromkeys(rooms[:in_the_deck])
    notes.append(f"Maze section {number} laid: {len(rooms)} rooms, "
                 f"{len(dealt)} green cards dealt face down.")
    return replace(state, maze=maze, sections=number, unplaced=state.unplaced[1:],
                   greens={**state.greens, **dealt}, green_deck=state.green_deck[len(dealt):])


def add_section(state: Position, action: AddSection, notes: list[str]) -> Position:
    if state.maze is None and (action.at is not None or action.layout is not None):
        raise InputError("companion mode: lay the section on the table, `at` and `layout` "
                         "stay empty")
    if state.must_search:
        raise RuleError(_MUST_SEARCH.format(room=state.room), rules.ESCAPING)
    if not state.can_add_section:
        raise RuleError(f"a new section needs at least {rules.ROOMS_BEFORE_NEW_SECTION} rooms "
                        f"entered in section {state.sections} (and at most "
                        f"{rules.MAZE_SECTIONS} sections)", rules.NEW_SECTIONS)
    if state.maze is None:
        notes.append(f"Maze section {state.sections + 1} added: put green cards in its rooms.")
        return replace(state, sections=state.sections + 1)
    if action.at not in state.maze.free_positions():
        raise InputError(f"{shown(action.at)} is not a free place along an edge of the maze "
                         f"(free: {list(state.maze.free_positions())})")
    if state.unplaced:  # a game stored before: its sections were drawn at Set Up
        if action.layout not in (None, state.unplaced[0]):
            raise InputError("this game's next section was drawn at Set Up")
        return _place_section(state, action.at, notes)
    if action.layout is None:
        raise InputError("the new section's layout is missing: let the app draw it")
    board.parse_layout(action.layout)
    return _place_section(replace(state, unplaced=(action.layout,)), action.at, notes)


# Steps 1-3.

def move(state: Position, action: Move, notes: list[str]) -> Position:
    room = action.room
    if state.must_search:
        raise RuleError(_MUST_SEARCH.format(room=state.room), rules.ESCAPING)
    if state.maze is None:
        board.parse_room(room, state.sections)
    else:
        state.maze.cell(room)
    if room not in state.move_targets() and (state.maze is not None or room == state.room):
        raise RuleError(_why_not_there(state, room), rules.HOW_TO_PLAY)
    # Escaping: "he cannot look for an exit in the same room twice in a row" (exit_repeat).
    last = None if state.config.exit_repeat == "visits" else state.last_search
    moved = replace(state, room=room, free_move=False, last_search=last,
                    moved_since_solex=state.solex,
                    entered=state.entered if room in state.entered else (*state.entered, room))
    notes.append(f"Bond moves into {room}:")
    if room in state.blues:
        notes.append(f"the {state.blues[room]} card left here: fire or hold (Step 5).")
        return replace(moved, phase="decide", source="room")
    if action.green is not None and (state.config.mode != "solo" or room not in state.greens):
        raise InputError(f"there is no face-down green card in {room}")
    if state.config.mode == "solo" and room in state.greens:
        number = _turned_over(state, room, action.green)
        notes.append(f"the green card shows {number}; roll two dice, {number} or less.")
        greens = {r: n for r, n in state.greens.items() if r != room}
        return replace(moved, greens=greens, green=number, emptied=state.emptied | {room},
                       greens_unseen=minus(state.greens_unseen, number), phase="roll")
    if state.config.mode == "companion" and moved.has_green(room):
        notes.append("turn over the green card.")
        return replace(moved, phase="read")
    notes.append("no card here (Step 2: back to Step 1).")
    return replace(moved, phase="move")


def _turned_over(state: Position, room: str, green: int | None) -> int:
    """The number of the green card Bond turns over in `room` (solo)."""
    dealt = state.greens[room]
    if dealt is not None:  # a game stored before: dealt at Set Up
        if green not in (None, dealt):
            raise InputError(f"the green card in {room} was dealt at Set Up")
        return dealt
    if green is None:
        raise InputError("the green card is missing: let the app deal it")
    if not state.greens_unseen.get(green):
        raise InputError(f"no green {shown(green)} is left unseen in the green deck")
    return green


_MUST_SEARCH = ("Bond has the Solex Agitator and may look for the exit in {room}: he must look "
                "for an exit until he finds one, before he moves on")


def _why_not_there(state: Position, room: str) -> str:
    if room == state.room:
        return "Bond must move into another room"
    if state.room is None:
        return "the first room Bond enters must be along an edge of the maze"
    return f"{room} is not connected to {state.room} (Step 1: a side or a corner)"


def read_green(state: Position, action: ReadGreen, notes: list[str]) -> Position:
    number = action.number
    if isinstance(number, bool) or number not in rules.GREEN_NUMBERS:
        raise InputError(f"a green card shows 2 to 12, got {shown(number)}")
    if not state.greens_unseen.get(number):
        raise InputError(f"no green {number} is left unseen in the green deck "
                         f"(green_deck option)")
    notes.append(f"Green card {number}: roll two dice, {number} or less to keep calm.")
    return replace(state, green=number, greens_unseen=minus(state.greens_unseen, number),
                   emptied=state.emptied | {state.room or ""}, phase="roll")


def roll_green(state: Position, action: RollGreen, notes: list[str]) -> Position:
    dice = dice_of(action.dice)
    number = state.green or 0
    if dice.total <= number:
        notes.append(f"Green card {number}: rolled {dice}, {number} or less: Bond keeps calm "
                     "and may fire on purpose or hold (Step 5).")
        return replace(state, phase="decide", source="deck", green=None)
    notes.append(f"Green card {number}: rolled {dice}, more than {number}: Bond is startled")
    calm = replace(state, green=None, source="deck")
    if state.ammo:
        notes.append(f"and fires by accident at the top blue card (Step 4; "
                     f"{bullets_left(state.ammo - rules.BULLETS_PER_SHOT)}).")
        return to_reveal(replace(calm, ammo=state.ammo - rules.BULLETS_PER_SHOT), "fire", notes)
    if state.config.unarmed_startle == "hold":
        notes.append("but has no bullets: the card's Hold paragraph applies (house rule).")
        return to_reveal(calm, "hold", notes)
    notes.append("but has no bullets: nothing happens (house rule).")
    return end_room(calm, notes)


# Ending the Game.

def search_exit(state: Position, action: SearchExit, notes: list[str]) -> Position:
    reason = no_search(state)
    if reason:
        raise RuleError(reason, rules.ESCAPING)
    dice = dice_of(action.dice)
    if dice.total <= rules.EXIT_AT_MOST:
        notes.append(f"Bond looks for the exit from {state.room}: rolled {dice}, "
                     f"{rules.EXIT_AT_MOST} or less: he escapes with the Solex Agitator!")
        return replace(state, ended="won", phase="over")
    notes.append(f"Bond looks for the exit from {state.room}: rolled {dice}, more than "
                 f"{rules.EXIT_AT_MOST}: no exit here, he must move to another room.")
    return replace(state, last_search=state.room)
