"""The Man with the Golden Gun's position: everything on the table, what the players may
know of the decks, the actions allowed now, and Set Up's chance. The rules that change it
are in `steps` (Set Up, new sections, Steps 1-3, Ending the Game) and `cards` (the blue
card, Steps 4-7); `engine` makes it a game (`Position`: the rules table, saving).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.core.game import Event, GameState
from companion.golden_gun import board, rules
from companion.golden_gun.actions import (
    ROLLED,
    AddSection,
    ApplyEffect,
    Dodge,
    EndCard,
    Fire,
    Hold,
    Move,
    ReadGreen,
    Reveal,
    RollGreen,
    ScaramangaShot,
    SearchExit,
    SetUp,
    Wait,
)
from companion.golden_gun.effects import VOCABULARY, Paragraph, Step
from companion.golden_gun.options import Config

Phase = Literal["setup", "move", "read", "roll", "decide", "reveal", "dodge", "shot", "sheet",
                "wait", "over"]
Source = Literal["deck", "room"]
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


# The state.

@dataclass(frozen=True)
class Position(GameState):
    """Everything on the table; never changed in place. The engine's `Position` is
    this with its rules: only it is ever made (`engine.new_state`).

    Counts (`unseen`, `discards`, `greens_unseen`) are what a player can know: the cards
    not yet seen in the current blue deck, of which the first `upper_left` come from the
    upper half and so cannot be special. Solo also holds the rooms with a face-down green
    card (`greens`: None until Bond turns it over, when the app deals it from the unseen
    greens). Games stored before dealt everything at Set Up: for them solo holds the real
    order (`blue_deck`, `green_deck`, the sections not yet laid in `unplaced`) and each
    face-down green's number; companion leaves all of these empty.
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
    greens: Mapping[str, int | None] = field(default_factory=dict)
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
                and self.maze is not None and no_search(self) is None)

    def has_green(self, room: str) -> bool:
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
        """Roll missing dice; solo also deals what Bond is about to see: the first section
        (SetUp), a new section (AddSection), a room's green card (Move), the blue card."""
        if isinstance(action, Reveal) and action.kind is None and self.phase == "reveal":
            return replace(action, kind=self._next_blue(rng))
        if self.config.mode != "solo":
            return super().fill_chance(action, rng)
        if isinstance(action, SetUp):
            return fill_setup(self.config, action, rng)
        if isinstance(action, AddSection) and action.layout is None and not self.unplaced:
            return replace(action, layout=board.generate_section(
                rng, rooms_wanted=self.config.section_rooms))
        if isinstance(action, Move) and action.green is None \
                and action.room in self.greens and self.greens[action.room] is None:
            return replace(action, green=_one_of(self.greens_unseen, rng))
        return super().fill_chance(action, rng)

    def _next_blue(self, rng: random.Random) -> str | None:
        if self.source == "room":
            return self.blues.get(self.room or "")
        if self.config.mode == "companion":
            return None
        if self.blue_deck:
            return self.blue_deck[0]
        unseen, _ = self.deck_knowledge()
        return _one_of({k: unseen[k] for k in self.possible_kinds()}, rng)

    def deals_ahead(self) -> bool:
        """A solo game stored before the app dealt each card as it is seen holds its whole
        deal in its Set Up: the cards, greens and sections still to come."""
        return bool(self.blue_deck or self.green_deck or self.unplaced
                    or any(number is not None for number in self.greens.values()))

    def legal_actions(self) -> list[Any]:
        """Everything allowed now (dice and dealt cards None: the Session fills them)."""
        return _LEGAL[self.phase](self)

# Set Up's chance (solo): the shuffles, recorded in the SetUp action.

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


def _one_of(counts: Mapping[Any, int], rng: random.Random) -> Any:
    """One card drawn from unseen cards of these counts, each card as likely as another."""
    return rng.choice([k for k, n in sorted(counts.items()) for _ in range(n)])


def fill_setup(config: Config, action: SetUp, rng: random.Random) -> SetUp:
    """Set Up as the app deals it: the first section only (the rest is dealt as it is
    seen). A SetUp given some of the old whole deal (tests) gets the rest of it."""
    if action == SetUp():
        return SetUp((), (), (board.generate_section(rng, rooms_wanted=config.section_rooms),))
    if None not in (action.blue_deck, action.green_deck, action.sections):
        return action  # dealt already (a replay, either way)
    greens = [n for n, count in config.green_deck.items() for _ in range(count)]
    rng.shuffle(greens)
    return SetUp(
        action.blue_deck or deal_blue_deck(config.blue_deck, config.upper_size, rng),
        action.green_deck or tuple(greens),
        action.sections or board.generate_sections(rng, rooms_wanted=config.section_rooms),
    )


# Ending the Game.

def no_search(state: Position) -> str | None:
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


# Counts, what the rule for the action was, and how it went.

def minus(counts: Mapping[Any, int], key: Any) -> dict[Any, int]:
    return {k: n - (k == key) for k, n in counts.items() if n - (k == key)}


def plus(counts: Mapping[Any, int], key: Any) -> dict[Any, int]:
    return {**counts, key: counts.get(key, 0) + 1}


# The actions allowed in each phase.

def _legal_move(state: Position) -> list[Any]:
    if state.must_search:
        return [SearchExit()]
    actions: list[Any] = [Move(r) for r in state.move_targets()]
    if state.can_add_section:
        positions = state.maze.free_positions() if state.maze is not None else (None,)
        actions += [AddSection(at) for at in positions]
    if no_search(state) is None:
        actions.append(SearchExit())
    return actions


def _legal_reveal(state: Position) -> list[Any]:
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
