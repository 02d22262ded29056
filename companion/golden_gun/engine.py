"""The Man with the Golden Gun: Bond's search of Scaramanga's funhouse, room by room.

Two modes share one engine:

- **companion**: the group plays on its own maze and cards and tells the app what Bond
  entered, which green number and which blue card turned up, and the dice; the app keeps
  ammunition, wounds, rooms per section, the blue cards seen and the odds.
- **solo**: the first action `SetUp` shuffles the decks as the rulebook's Set Up says and
  draws four maze sections (recorded in the action, so replay is exact); the app then deals
  the cards itself.

The room sequence (How to Play) is the `phase`: "move" (Step 1), "read" (Step 2, companion:
say the green number), "roll" (Step 3), "decide" (Step 5), "reveal" (Steps 4, 6 and 7: read
the blue card), then the card's effects from the effect table ("dodge" and "shot" wait for
a roll; "sheet" lets a group tap its printed sheet's effects), "wait" (a lost turn).
The game ends in "over".

House rules (see rules.py, all options): the effect table, the card counts, the odd split
of the blue deck, a startled Bond with no bullets reads the Hold paragraph, an empty blue
deck is reshuffled from its discards, and the missing Step 7 (Hold) reads the top blue
card's Hold paragraph, just as Step 6 reads its Fire paragraph.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.core.dice import Roll
from companion.core.errors import InputError, RuleError
from companion.core.game import JSON, Event, GameState
from companion.golden_gun import board, rules
from companion.golden_gun.effects import PARAGRAPHS, VOCABULARY, Paragraph, Step, describe, step
from companion.golden_gun.options import Config, parse_options

Phase = Literal["setup", "move", "read", "roll", "decide", "reveal", "dodge", "shot", "sheet",
                "wait", "over"]
Source = Literal["deck", "room"]
Dice = tuple[int, ...] | None

# What the dashboard shows as "the current step" (How to Play numbering).
PHASE_TEXT: dict[str, str] = {
    "setup": "Set up: shuffle the decks and draw the first maze section",
    "move": "Step 1: move Bond into a connected room",
    "read": "Step 2: read the green card in the room",
    "roll": "Step 3: roll two dice against the green card's number",
    "decide": "Step 5: fire on purpose or hold fire",
    "reveal": "Read the blue card",
    "dodge": "Wounds and Dodges: roll two dice to dodge (4 or less)",
    "shot": "Scaramanga's Shot: roll two dice",
    "sheet": "Blue Card Summary Sheet: tap what the card does, then End card",
    "wait": "Bond has lost this turn",
    "over": "The game is over",
}


# Actions.

@dataclass(frozen=True)
class SetUp:
    """Solo: the shuffled blue deck (top first), green deck and maze sections (Set Up)."""

    blue_deck: tuple[str, ...] | None = None
    green_deck: tuple[int, ...] | None = None
    sections: tuple[str, ...] | None = None


@dataclass(frozen=True)
class AddSection:
    """New Maze Sections: lay the next section; solo gives the free block `at`."""

    at: tuple[int, int] | None = None


@dataclass(frozen=True)
class Move:
    """Step 1: Bond moves into `room` ("1:B2")."""

    room: str


@dataclass(frozen=True)
class ReadGreen:
    """Step 2 (companion): the number on the green card Bond turned over."""

    number: int


@dataclass(frozen=True)
class RollGreen:
    """Step 3: two dice against the green card's number."""

    dice: Dice = None


@dataclass(frozen=True)
class Fire:
    """Step 5: Bond fires on purpose (one bullet) at the blue card."""


@dataclass(frozen=True)
class Hold:
    """Step 5: Bond holds his fire."""


@dataclass(frozen=True)
class Reveal:
    """Steps 4, 6, 7: the blue card read; None lets the app deal it (solo, or a room's card)."""

    kind: str | None = None


@dataclass(frozen=True)
class Dodge:
    """Wounds and Dodges: two dice, 4 or less and Bond ducks the shot."""

    dice: Dice = None


@dataclass(frozen=True)
class ScaramangaShot:
    """Scaramanga's Shot: two dice against the table's number; Bond cannot dodge."""

    dice: Dice = None


@dataclass(frozen=True)
class ApplyEffect:
    """The printed sheet's effect, tapped by hand (amount 0: the effect's usual amount)."""

    effect: str
    amount: int = 0


@dataclass(frozen=True)
class EndCard:
    """The printed sheet's paragraph is done."""


@dataclass(frozen=True)
class Wait:
    """Bond spends his lost turn where he is."""


@dataclass(frozen=True)
class SearchExit:
    """Ending the Game, Escaping: two dice, 10 or less finds the exit."""

    dice: Dice = None


ACTION_TYPES: tuple[type, ...] = (SetUp, AddSection, Move, ReadGreen, RollGreen, Fire, Hold,
                                  Reveal, Dodge, ScaramangaShot, ApplyEffect, EndCard, Wait,
                                  SearchExit)
ROLLED = (RollGreen, Dodge, ScaramangaShot, SearchExit)


# The state.

@dataclass(frozen=True)
class GoldenGunState(GameState):
    """Everything on the table; never changed in place (apply returns a new state).

    Counts (`unseen`, `discards`, `greens_unseen`) are what a player can know: the cards
    not yet seen in the current blue deck, of which the first `upper_left` come from the
    upper half and so cannot be special. Solo also holds the real order (`blue_deck`,
    `green_deck`) and the face-down greens in rooms (`greens`); companion leaves them empty.
    """

    config: Config
    phase: Phase
    ammo: int = rules.START_BULLETS
    wounds: int = 0
    room: str | None = None
    sections: int = 1
    maze: board.Maze | None = None
    unplaced: tuple[str, ...] = ()
    entered: tuple[str, ...] = ()
    greens: Mapping[str, int] = field(default_factory=dict)
    emptied: frozenset[str] = frozenset()
    blues: Mapping[str, str] = field(default_factory=dict)
    unseen: Mapping[str, int] = field(default_factory=dict)
    upper_left: int = 0
    discards: Mapping[str, int] = field(default_factory=dict)
    drawn: tuple[str, ...] = ()
    blue_deck: tuple[str, ...] = ()
    greens_unseen: Mapping[int, int] = field(default_factory=dict)
    green_deck: tuple[int, ...] = ()
    green: int | None = None
    paragraph: Paragraph | None = None
    source: Source = "deck"
    card: str | None = None
    pending: tuple[Step, ...] = ()
    card_stays: bool = False
    lose_turn: bool = False
    free_move: bool = False
    solex: bool = False
    last_search: str | None = None
    moved_since_solex: bool = False  # Escaping: "Moving as usual, he moves to ..." first
    ended: Literal["won", "killed"] | None = None
    history: tuple[Any, ...] = ()
    last_event: Event | None = None

    # What the table sees.

    @property
    def is_over(self) -> bool:
        return self.ended is not None

    @property
    def result(self) -> str | None:
        if self.ended == "won":
            return "Bond escaped with the Solex Agitator: you win."
        if self.ended == "killed":
            return "Bond was killed in the funhouse: Scaramanga wins."
        return None

    @property
    def step_text(self) -> str:
        """The current step of the room sequence, in the rulebook's words."""
        if self.phase == "reveal":
            where = "in the room" if self.source == "room" else "on top of the blue deck"
            return f"Read the blue card {where}: its {self.paragraph} paragraph"
        if self.must_search:
            return (f"Ending the Game: Bond must look for the exit in {self.room} (two dice, "
                    f"{rules.EXIT_AT_MOST} or less) before he moves on")
        return PHASE_TEXT[self.phase]

    def maze_text(self) -> str:
        """The solo maze as text, top row first: B Bond, # wall, g face-down green card,
        S Scaramanga, b another blue card, . empty room, blank off the table."""
        if self.maze is None or not self.maze.placed:
            return ""
        cells = self.maze.room_cells
        marks = {cell: self._mark(room) for room, cell in cells.items()}
        marks.update({cell: "#" for cell in self.maze.walls})
        xs, ys = [x for x, _ in marks], [y for _, y in marks]
        return "\n".join("".join(marks.get((x, y), " ") for x in range(min(xs), max(xs) + 1))
                         for y in range(min(ys), max(ys) + 1))

    def _mark(self, room: str) -> str:
        if room == self.room:
            return "B"
        if room in self.blues:
            return "S" if self.blues[room] == rules.SCARAMANGA else "b"
        return "g" if room in self.greens else "."

    @property
    def scaramanga_room(self) -> str | None:
        """The room where Scaramanga's card lies (he is there), if any."""
        return next((r for r, kind in self.blues.items() if kind == rules.SCARAMANGA), None)

    def rooms_entered(self, section: int) -> int:
        """How many different rooms of `section` Bond has entered (New Maze Sections)."""
        return sum(1 for r in self.entered if r.startswith(f"{section}:"))

    @property
    def can_add_section(self) -> bool:
        return (self.phase == "move" and self.sections < rules.MAZE_SECTIONS
                and self.rooms_entered(self.sections) >= rules.ROOMS_BEFORE_NEW_SECTION
                and not self.must_search)

    @property
    def must_search(self) -> bool:
        """Ending the Game, Escaping: Bond holds the Solex Agitator and may look for the
        exit here, so he must before he moves on. Companion mode cannot see the group's
        maze, so there the engine cannot tell an edge room and leaves this to the group."""
        return (rules.MUST_SEARCH_UNTIL_FOUND and self.phase == "move" and self.solex
                and self.maze is not None and _no_search(self) is None)

    @property
    def room_has_green(self) -> bool:
        """Whether Bond's room has a face-down green card (companion: if greens are left)."""
        return self._has_green(self.room) if self.room else False

    def _has_green(self, room: str) -> bool:
        if self.config.mode == "solo":
            return room in self.greens
        return room not in self.emptied and room not in self.blues \
            and sum(self.greens_unseen.values()) > 0

    def possible_kinds(self) -> tuple[str, ...]:
        """The blue kinds the next card from the deck can be (after a reshuffle if due)."""
        unseen, upper_left = self.deck_knowledge()
        return tuple(k for k in rules.BLUE_KINDS if unseen.get(k, 0)
                     and not (upper_left and k in rules.SPECIAL_KINDS))

    def deck_knowledge(self) -> tuple[Mapping[str, int], int]:
        """(unseen counts, cards left in the upper half) of the deck the next card comes
        from: the discards when the deck is empty and the house rule reshuffles them."""
        if sum(self.unseen.values()) or not self.config.reshuffle_blue:
            return self.unseen, self.upper_left
        return self.discards, 0

    def move_targets(self) -> tuple[str, ...]:
        """Rooms Bond may move into now. Companion lists a 4 x 3 grid per section on the
        table (any 'section:letter row' name is accepted by Move)."""
        if self.maze is None:
            rooms = [board.room_name(s, c, r) for s in range(1, self.sections + 1)
                     for r in range(board.SECTION_ROWS) for c in range(board.SECTION_COLUMNS)]
        elif self.room is None:
            rooms = list(self.maze.edge_rooms())
        elif self.free_move:
            rooms = list(self.maze.rooms)
        else:
            rooms = list(self.maze.neighbours(self.room))
        return tuple(r for r in rooms if r != self.room)

    def dice_needed(self, action: Any) -> int:
        return rules.DICE_PER_ROLL if isinstance(action, ROLLED) else 0

    def fill_chance(self, action: Any, rng: random.Random) -> Any:
        """Roll missing dice; solo also shuffles (SetUp) and deals the top blue card."""
        if isinstance(action, SetUp) and self.config.mode == "solo":
            return _fill_setup(self.config, action, rng)
        if isinstance(action, Reveal) and action.kind is None and self.phase == "reveal":
            return replace(action, kind=self._known_card(rng))
        return super().fill_chance(action, rng)

    def _known_card(self, rng: random.Random) -> str | None:
        if self.source == "room":
            return self.blues.get(self.room or "")
        if self.config.mode == "companion":
            return None
        if self.blue_deck:
            return self.blue_deck[0]
        unseen, _ = self.deck_knowledge()
        return rng.choice([k for k, n in sorted(unseen.items()) for _ in range(n)])

    def legal_actions(self) -> list[Any]:
        """Everything allowed now (dice and dealt cards None: the Session fills them)."""
        return _LEGAL[self.phase](self)

    # Changing it.

    def apply(self, action: Any) -> GoldenGunState:
        """The state after `action`; RuleError names the rule that forbids it."""
        if type(action) not in ACTION_TYPES:
            raise InputError(f"{type(action).__name__} is not a Golden Gun action")
        if self.is_over:
            raise RuleError("the game is over", rules.ESCAPING)
        handler, phases = _HANDLERS[type(action)]
        if self.phase not in phases:
            raise RuleError(f"{type(action).__name__} is not allowed now: {self.step_text}",
                            _phase_rule(self.phase))
        notes: list[str] = []
        new = handler(self, action, notes)
        return replace(new, history=(*self.history, action),
                       last_event=Event(" ".join(notes), _outcome(self, new, action)))

    def to_json(self) -> JSON:
        """The options and the actions that led here (dice and cards filled in)."""
        from companion.golden_gun import GAME

        return {"options": dict(self.config.options),
                "actions": [GAME.action_to_json(a) for a in self.history]}

    @classmethod
    def from_json(cls, data: JSON) -> GoldenGunState:
        """Rebuild a state by replaying `to_json`'s actions; InputError if they do not."""
        from companion.golden_gun import GAME

        if not isinstance(data, dict) or set(data) != {"options", "actions"} \
                or not isinstance(data["actions"], list):
            raise InputError("a Golden Gun state is an object with 'options' and 'actions'")
        state = new_state(data["options"])
        for raw in data["actions"]:
            state = state.apply(GAME.action_from_json(raw))
        return state


def new_state(options: Mapping[str, JSON]) -> GoldenGunState:
    """The state before Bond's first move; solo starts with SetUp."""
    config = parse_options(options)
    knowledge = {"unseen": {k: n for k, n in config.blue_deck.items() if n},
                 "upper_left": config.upper_size, "greens_unseen": dict(config.green_deck)}
    if config.mode == "solo":
        return GoldenGunState(config, "setup", sections=0, maze=board.Maze(), **knowledge)
    return GoldenGunState(config, "move", **knowledge)


# Set Up (solo).

def deal_blue_deck(counts: Mapping[str, int], upper_size: int,
                   rng: random.Random) -> tuple[str, ...]:
    """The blue deck as Set Up builds it, top card first.

    The plain cards are shuffled and halved; the three special cards are shuffled into the
    lower half, which goes under the upper half.
    """
    plain = [k for k, n in counts.items() if k not in rules.SPECIAL_KINDS for _ in range(n)]
    rng.shuffle(plain)
    lower = plain[upper_size:] + list(rules.SPECIAL_KINDS)
    rng.shuffle(lower)
    return (*plain[:upper_size], *lower)


def _fill_setup(config: Config, action: SetUp, rng: random.Random) -> SetUp:
    greens = [n for n, count in config.green_deck.items() for _ in range(count)]
    rng.shuffle(greens)
    return SetUp(
        action.blue_deck or deal_blue_deck(config.blue_deck, config.upper_size, rng),
        action.green_deck or tuple(greens),
        action.sections or board.generate_sections(rng, rooms_wanted=config.section_rooms),
    )


def _set_up(state: GoldenGunState, action: SetUp, notes: list[str]) -> GoldenGunState:
    if state.config.mode != "solo":
        raise RuleError("the group sets up its own cards in companion mode", rules.SET_UP)
    config = state.config
    if action.blue_deck is None or action.green_deck is None or action.sections is None:
        raise InputError("SetUp needs the shuffled decks and the maze sections")
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


def _same_cards(what: str, cards: tuple[Any, ...], counts: Mapping[Any, int]) -> None:
    given: dict[Any, int] = {}
    for card in cards:
        given[card] = given.get(card, 0) + 1
    if given != {k: n for k, n in counts.items() if n}:
        raise InputError(f"the {what} does not hold the cards of the deck composition")


def _place_section(state: GoldenGunState, at: tuple[int, int],
                   notes: list[str]) -> GoldenGunState:
    assert state.maze is not None
    maze = state.maze.add(at, state.unplaced[0])
    number = state.sections + 1
    rooms = maze.section_rooms(number)
    dealt = dict(zip(rooms, state.green_deck, strict=False))
    notes.append(f"Maze section {number} laid at {at}: {len(rooms)} rooms, "
                 f"{len(dealt)} green cards dealt face down.")
    return replace(state, maze=maze, sections=number, unplaced=state.unplaced[1:],
                   greens={**state.greens, **dealt}, green_deck=state.green_deck[len(dealt):])


def _add_section(state: GoldenGunState, action: AddSection, notes: list[str]) -> GoldenGunState:
    if state.must_search:
        raise RuleError(_MUST_SEARCH.format(room=state.room), rules.ESCAPING)
    if not state.can_add_section:
        raise RuleError(f"a new section needs at least {rules.ROOMS_BEFORE_NEW_SECTION} rooms "
                        f"entered in section {state.sections} (and at most "
                        f"{rules.MAZE_SECTIONS} sections)", rules.NEW_SECTIONS)
    if state.maze is None:
        if action.at is not None:
            raise InputError("companion mode: lay the section on the table, `at` stays empty")
        notes.append(f"Maze section {state.sections + 1} added: put green cards in its rooms.")
        return replace(state, sections=state.sections + 1)
    if action.at not in state.maze.free_positions():
        raise InputError(f"{action.at} is not a free place along an edge of the maze "
                         f"(free: {list(state.maze.free_positions())})")
    return _place_section(state, action.at, notes)


# Steps 1-3.

def _move(state: GoldenGunState, action: Move, notes: list[str]) -> GoldenGunState:
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
    if state.config.mode == "solo" and room in state.greens:
        number = state.greens[room]
        notes.append(f"the green card shows {number}; roll two dice, {number} or less.")
        greens = {r: n for r, n in state.greens.items() if r != room}
        return replace(moved, greens=greens, green=number, emptied=state.emptied | {room},
                       greens_unseen=_minus(state.greens_unseen, number), phase="roll")
    if state.config.mode == "companion" and moved._has_green(room):
        notes.append("turn over the green card.")
        return replace(moved, phase="read")
    notes.append("no card here (Step 2: back to Step 1).")
    return replace(moved, phase="move")


_MUST_SEARCH = ("Bond has the Solex Agitator and may look for the exit in {room}: he must look "
                "for an exit until he finds one, before he moves on")


def _why_not_there(state: GoldenGunState, room: str) -> str:
    if room == state.room:
        return "Bond must move into another room"
    if state.room is None:
        return "the first room Bond enters must be along an edge of the maze"
    return f"{room} is not connected to {state.room} (Step 1: a side or a corner)"


def _read_green(state: GoldenGunState, action: ReadGreen, notes: list[str]) -> GoldenGunState:
    number = action.number
    if isinstance(number, bool) or number not in rules.GREEN_NUMBERS:
        raise InputError(f"a green card shows 2 to 12, got {number!r}")
    if not state.greens_unseen.get(number):
        raise InputError(f"no green {number} is left unseen in the green deck "
                         f"(green_deck option)")
    notes.append(f"Green card {number}: roll two dice, {number} or less to keep calm.")
    return replace(state, green=number, greens_unseen=_minus(state.greens_unseen, number),
                   emptied=state.emptied | {state.room or ""}, phase="roll")


def _roll_green(state: GoldenGunState, action: RollGreen, notes: list[str]) -> GoldenGunState:
    dice = _dice(action.dice)
    number = state.green or 0
    if dice.total <= number:
        notes.append(f"Green card {number}: rolled {dice}, {number} or less: Bond keeps calm "
                     "and may fire on purpose or hold (Step 5).")
        return replace(state, phase="decide", source="deck", green=None)
    notes.append(f"Green card {number}: rolled {dice}, more than {number}: Bond is startled")
    calm = replace(state, green=None, source="deck")
    if state.ammo:
        notes.append(f"and fires by accident at the top blue card (Step 4; "
                     f"{_bullets_left(state.ammo - rules.BULLETS_PER_SHOT)}).")
        return _to_reveal(replace(calm, ammo=state.ammo - rules.BULLETS_PER_SHOT), "fire", notes)
    if state.config.unarmed_startle == "hold":
        notes.append("but has no bullets: the card's Hold paragraph applies (house rule).")
        return _to_reveal(calm, "hold", notes)
    notes.append("but has no bullets: nothing happens (house rule).")
    return _end_room(calm, notes)


def _bullets_left(ammo: int) -> str:
    """'1 bullet left', '5 bullets left', 'no bullets left'."""
    if ammo == 0:
        return "no bullets left"
    return f"{ammo} bullet{'' if ammo == 1 else 's'} left"


# Steps 5-7: the blue card.

def _fire(state: GoldenGunState, action: Fire, notes: list[str]) -> GoldenGunState:
    if not state.ammo:
        raise RuleError("Bond has no bullets: he cannot fire at anything", rules.AMMUNITION)
    notes.append(f"Bond fires on purpose "
                 f"({_bullets_left(state.ammo - rules.BULLETS_PER_SHOT)}).")
    return _to_reveal(replace(state, ammo=state.ammo - rules.BULLETS_PER_SHOT), "fire", notes)


def _hold(state: GoldenGunState, action: Hold, notes: list[str]) -> GoldenGunState:
    notes.append("Bond holds his fire.")
    return _to_reveal(state, "hold", notes)


def _to_reveal(state: GoldenGunState, paragraph: Paragraph,
               notes: list[str]) -> GoldenGunState:
    ready = replace(state, paragraph=paragraph, phase="reveal")
    if state.source == "room" or sum(state.unseen.values()):
        return ready
    if state.config.reshuffle_blue and sum(state.discards.values()):
        notes.append("The blue deck is empty: its discards are shuffled into a new deck "
                     "(house rule).")
        return replace(ready, unseen=dict(state.discards), discards={}, upper_left=0,
                       blue_deck=())
    notes.append("The blue deck is empty: nothing to read.")
    return _end_room(replace(state, paragraph=None), notes)


def _reveal(state: GoldenGunState, action: Reveal, notes: list[str]) -> GoldenGunState:
    kind = action.kind
    if kind is None:
        raise InputError("say which blue card was read (or let the app deal it in solo)")
    if kind not in rules.BLUE_KINDS:
        raise InputError(f"unknown blue card {kind!r:.40}")
    if state.source == "room":
        if kind != state.blues.get(state.room or ""):
            raise InputError(f"the card in {state.room} is {state.blues.get(state.room or '')}")
        taken = replace(state, blues={r: k for r, k in state.blues.items() if r != state.room})
    else:
        taken = _draw(state, kind)
    assert state.paragraph is not None
    notes.append(f"Blue card: {kind} ({state.paragraph.capitalize()} paragraph).")
    taken = replace(taken, card=kind, card_stays=False)
    if state.config.table is None:
        return replace(taken, phase="sheet")
    return _run(replace(taken, pending=state.config.table.steps(kind, state.paragraph)), notes)


def _draw(state: GoldenGunState, kind: str) -> GoldenGunState:
    if state.blue_deck and kind != state.blue_deck[0]:
        raise InputError(f"the top blue card is not {kind}")
    if not state.unseen.get(kind):
        raise InputError(f"no {kind} is left unseen in the blue deck (blue_deck option)")
    if state.upper_left and kind in rules.SPECIAL_KINDS:
        raise RuleError(f"{kind} cannot be in the upper half of the blue deck, "
                        f"{state.upper_left} card(s) of which are still to come", rules.SET_UP)
    return replace(state, unseen=_minus(state.unseen, kind), drawn=(*state.drawn, kind),
                   upper_left=max(0, state.upper_left - 1), blue_deck=state.blue_deck[1:])


def _run(state: GoldenGunState, notes: list[str]) -> GoldenGunState:
    """Do the pending steps until one needs dice, Bond dies, or the card is done."""
    while state.pending and not state.is_over:
        name, amount = state.pending[0]
        if VOCABULARY[name].rolls:
            notes.append(f"Next: {describe([state.pending[0]])}.")
            return replace(state, phase="dodge" if name == "wound_dodge" else "shot")
        state = _IMMEDIATE[name](replace(state, pending=state.pending[1:]), amount, notes)
    if state.is_over:
        return replace(state, phase="over")
    if state.config.table is None:
        return replace(state, phase="sheet")
    return _settle(state, notes)


def _settle(state: GoldenGunState, notes: list[str]) -> GoldenGunState:
    """The card read is done: Bond takes it (Solex), it stays, or it is discarded."""
    kind, room = state.card or "", state.room or ""
    done = replace(state, card=None, paragraph=None, pending=(), card_stays=False)
    if kind == rules.SOLEX and state.solex:
        pass
    elif state.card_stays:
        notes.append(f"The {kind} stays in {room}.")
        done = replace(done, blues={**state.blues, room: kind})
    else:
        done = replace(done, discards=_plus(state.discards, kind))
    return _end_room(done, notes)


def _end_room(state: GoldenGunState, notes: list[str]) -> GoldenGunState:
    if state.lose_turn:
        return replace(state, phase="wait", lose_turn=False)
    return replace(state, phase="move")


def _wound(state: GoldenGunState, amount: int, notes: list[str]) -> GoldenGunState:
    wounds = min(rules.KILLING_WOUNDS, state.wounds + amount)
    notes.append(f"Bond takes {amount} wound ({wounds} of {rules.KILLING_WOUNDS}).")
    if wounds >= rules.KILLING_WOUNDS:
        notes.append("Five wounds: Bond is killed.")
        return replace(state, wounds=wounds, ended="killed")
    return replace(state, wounds=wounds)


def _bullets(state: GoldenGunState, change: int, notes: list[str]) -> GoldenGunState:
    ammo = max(0, min(rules.MAX_BULLETS, state.ammo + change))
    capped = " (14 at most)" if state.ammo + change > rules.MAX_BULLETS else ""
    notes.append(f"Bullets {state.ammo} -> {ammo}{capped}.")
    return replace(state, ammo=ammo)


def _note(text: str, **flags: bool):
    def effect(state: GoldenGunState, amount: int, notes: list[str]) -> GoldenGunState:
        if text:
            notes.append(text)
        return replace(state, **flags)
    return effect


_IMMEDIATE = {
    "nothing": _note("Nothing happens."),
    "wound": _wound,
    "gain_bullets": lambda s, n, notes: _bullets(s, n, notes),
    "lose_bullets": lambda s, n, notes: _bullets(s, -n, notes),
    "lose_turn": _note("Bond loses his next turn.", lose_turn=True),
    "move_room": _note("Bond is carried off: his next move may go into any room.",
                       free_move=True),
    "stays": _note("", card_stays=True),
    "solex_found": _note("Bond has found the Solex Agitator!", solex=True),
}


def _dodge(state: GoldenGunState, action: Dodge, notes: list[str]) -> GoldenGunState:
    dice = _dice(action.dice)
    _, amount = state.pending[0]
    rest = replace(state, pending=state.pending[1:])
    if dice.total <= rules.DODGE_AT_MOST:
        notes.append(f"Dodge: rolled {dice}, {rules.DODGE_AT_MOST} or less: Bond ducks.")
        return _run(rest, notes)
    notes.append(f"Dodge: rolled {dice}, more than {rules.DODGE_AT_MOST}: the shot hits.")
    return _run(_wound(rest, amount, notes), notes)


def _shot(state: GoldenGunState, action: ScaramangaShot, notes: list[str]) -> GoldenGunState:
    dice = _dice(action.dice)
    _, hits = state.pending[0]
    rest = replace(state, pending=state.pending[1:])
    if dice.total <= hits:
        notes.append(f"Scaramanga's shot: rolled {dice}, {hits} or less: Bond is killed "
                     "(no dodge).")
        return _run(replace(rest, ended="killed"), notes)
    notes.append(f"Scaramanga's shot: rolled {dice}, more than {hits}: he misses.")
    return _run(rest, notes)


def _apply_effect(state: GoldenGunState, action: ApplyEffect,
                  notes: list[str]) -> GoldenGunState:
    effect = step(action.effect, action.amount or None)
    notes.append(f"Sheet: {describe([effect])}.")
    return _run(replace(state, pending=(effect,)), notes)


def _end_card(state: GoldenGunState, action: EndCard, notes: list[str]) -> GoldenGunState:
    notes.append(f"Done with the {state.card}.")
    return _settle(state, notes)


def _wait(state: GoldenGunState, action: Wait, notes: list[str]) -> GoldenGunState:
    notes.append(f"Bond waits in {state.room} (lost turn).")
    return replace(state, phase="move")


# Ending the Game.

def _search_exit(state: GoldenGunState, action: SearchExit, notes: list[str]) -> GoldenGunState:
    reason = _no_search(state)
    if reason:
        raise RuleError(reason, rules.ESCAPING)
    dice = _dice(action.dice)
    if dice.total <= rules.EXIT_AT_MOST:
        notes.append(f"Bond looks for the exit from {state.room}: rolled {dice}, "
                     f"{rules.EXIT_AT_MOST} or less: he escapes with the Solex Agitator!")
        return replace(state, ended="won", phase="over")
    notes.append(f"Bond looks for the exit from {state.room}: rolled {dice}, more than "
                 f"{rules.EXIT_AT_MOST}: no exit here, he must move to another room.")
    return replace(state, last_search=state.room)


def _no_search(state: GoldenGunState) -> str | None:
    """Why Bond may not look for the exit now, or None."""
    if not state.solex:
        return "Bond must find the Solex Agitator before he escapes"
    if state.room is None:
        return "Bond is not in the maze yet"
    if state.scaramanga_room == state.room:
        return "Bond cannot look for an exit with Scaramanga in the room"
    if state.config.exit_after_moving and not state.moved_since_solex:
        return ("Bond first moves to another room, as usual, then looks for the exit "
                "(house rule: not in the room where he found the Solex Agitator)")
    if state.last_search == state.room:
        how = " (house rule: counting searches)" if state.config.exit_repeat == "searches" \
            else ""
        return f"Bond cannot look for an exit in the same room twice in a row{how}"
    if state.maze is not None and not state.maze.is_edge(state.room):
        return "the exit is on the outside edge of the maze"
    return None


# Helpers and tables.

def _dice(dice: Dice) -> Roll:
    if dice is None:
        raise InputError("the dice are missing: roll them or let the app roll")
    return Roll.of(dice, rules.DICE_PER_ROLL)


def _minus(counts: Mapping[Any, int], key: Any) -> dict[Any, int]:
    return {k: n - (k == key) for k, n in counts.items() if n - (k == key)}


def _plus(counts: Mapping[Any, int], key: Any) -> dict[Any, int]:
    return {**counts, key: counts.get(key, 0) + 1}


def _phase_rule(phase: str) -> str:
    return {"dodge": rules.WOUNDS, "shot": rules.WOUNDS, "sheet": rules.SUMMARY_SHEET,
            "setup": rules.SET_UP}.get(phase, rules.HOW_TO_PLAY)


def _outcome(old: GoldenGunState, new: GoldenGunState,
             action: Any) -> Literal["success", "failure", "info"]:
    if new.ended == "killed" or new.wounds > old.wounds:
        return "failure"
    if new.ended == "won" or new.solex > old.solex:
        return "success"
    if isinstance(action, RollGreen):
        return "success" if new.phase == "decide" else "failure"
    if isinstance(action, SearchExit):
        return "failure"
    if isinstance(action, Dodge | ScaramangaShot):
        return "success"
    return "info"


_HANDLERS: dict[type, tuple[Any, tuple[str, ...]]] = {
    SetUp: (_set_up, ("setup",)),
    AddSection: (_add_section, ("move",)),
    Move: (_move, ("move",)),
    ReadGreen: (_read_green, ("read",)),
    RollGreen: (_roll_green, ("roll",)),
    Fire: (_fire, ("decide",)),
    Hold: (_hold, ("decide",)),
    Reveal: (_reveal, ("reveal",)),
    Dodge: (_dodge, ("dodge",)),
    ScaramangaShot: (_shot, ("shot",)),
    ApplyEffect: (_apply_effect, ("sheet",)),
    EndCard: (_end_card, ("sheet",)),
    Wait: (_wait, ("wait",)),
    SearchExit: (_search_exit, ("move",)),
}


def _legal_move(state: GoldenGunState) -> list[Any]:
    if state.must_search:
        return [SearchExit()]
    actions: list[Any] = [Move(r) for r in state.move_targets()]
    if state.can_add_section:
        positions = state.maze.free_positions() if state.maze is not None else (None,)
        actions += [AddSection(at) for at in positions]
    if _no_search(state) is None:
        actions.append(SearchExit())
    return actions


def _legal_reveal(state: GoldenGunState) -> list[Any]:
    if state.source == "deck" and state.config.mode == "companion":
        return [Reveal(k) for k in state.possible_kinds()]
    return [Reveal()]


_LEGAL: dict[str, Any] = {
    "setup": lambda s: [SetUp()],
    "move": _legal_move,
    "read": lambda s: [ReadGreen(n) for n in sorted(s.greens_unseen) if s.greens_unseen[n]],
    "roll": lambda s: [RollGreen()],
    "decide": lambda s: ([Fire()] if s.ammo else []) + [Hold()],
    "reveal": _legal_reveal,
    "dodge": lambda s: [Dodge()],
    "shot": lambda s: [ScaramangaShot()],
    "sheet": lambda s: [ApplyEffect(e) for e in VOCABULARY] + [EndCard()],
    "wait": lambda s: [Wait()],
    "over": lambda s: [],
}

__all__ = [
    "ACTION_TYPES", "PARAGRAPHS", "AddSection", "ApplyEffect", "Config", "Dodge", "EndCard",
    "Fire", "GoldenGunState", "Hold", "Move", "ReadGreen", "Reveal", "RollGreen",
    "ScaramangaShot", "SearchExit", "SetUp", "Wait", "deal_blue_deck", "new_state",
    "parse_options",
]
