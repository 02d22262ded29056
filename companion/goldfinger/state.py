"""Goldfinger's position: the pieces, the step under way, what is pending, the set-up (the
board and house rules, read from a game's options), and what the table sees of it. The
rules that change it are in `turns`, `moving` and `firing` (with what they share in
`steps`); `engine` makes it a game (`GoldfingerState`: the rules table, chance, saving).
"""


from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.core.errors import InputError, shown
from companion.core.game import JSON, Event, GameState, check_options
from companion.core.words import counted
from companion.goldfinger import rules
from companion.goldfinger.board import Board, Heading, board_from_option, sample_board
from companion.goldfinger.rules import BOND, ENEMY_CARS, Side

# Position.

Phase = Literal["cards", "bond", "play", "over"]


@dataclass(frozen=True)
class Piece:
    name: str
    hits: int = 0
    crashed: bool = False
    lost_turns: int = 0  # own coming turns this piece loses
    space: str | None = None  # map mode
    heading: Heading | None = None  # map mode


@dataclass(frozen=True)
class Step:
    """The turn of the piece that is moving now."""

    piece: str
    allowance: int = 0
    moved: int = 0
    used: tuple[str, ...] = ()  # actions tried this turn (none twice)
    spent: int = 0  # actions used out of the piece's limit
    fire_only: bool = False  # a lost turn, or the rest of this one lost
    back: tuple[str, Heading] | None = None  # map mode: the Space before this one
    contest: str | None = None  # map mode: the piece in this Space (Force or Trick now)

    @property
    def left(self) -> int:
        return self.allowance - self.moved


@dataclass(frozen=True)
class Pending:
    """Something that must be settled before play goes on."""

    kind: Literal["reveal", "card_roll", "avoid_oil", "avoid_smoke"]
    star: str = ""
    card: str = ""
    cars: tuple[str, ...] = ()


@dataclass(frozen=True, eq=False)
class Setup:
    """The options of a game, checked: the board (or None) and the house rules."""

    board: Board | None
    house: Mapping[str, bool]
    raw: Mapping[str, JSON]
    bot: Side | None = None  # the side the app's bot plays, saved with the game


@dataclass(frozen=True)
class Position(GameState):
    """Everything on the table; never changed in place. The engine's `GoldfingerState` is
    this with its rules: only it is ever made (`engine.new_state`)."""

    setup: Setup = field(compare=False, repr=False)
    phase: Phase = "cards"
    turn: int = 0
    pieces: tuple[Piece, ...] = ()
    step: Step | None = None
    done: tuple[str, ...] = ()  # pieces that have had their step this turn
    cards: tuple[tuple[str, str | None], ...] = ()  # star -> card still there (None: face down)
    found: tuple[tuple[str, str], ...] = ()  # (star, card) turned over, in order
    guard: bool = True
    screen: bool = False
    oil_used: bool = False
    smoke_used: bool = False
    has_tilly: bool = False
    pending: Pending | None = None
    winner: Side | None = None
    history: tuple[Any, ...] = field(default=(), compare=False, repr=False)
    last_event: Event | None = None

    # What the table sees.

    @property
    def board(self) -> Board | None:
        return self.setup.board

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def result(self) -> str | None:
        if self.winner == BOND:
            return "Bond wins: he escaped with Tilly."
        if self.winner == "enemy":
            if self.piece(BOND).hits >= rules.BOND_CRASH_HITS:
                return "The Enemy wins: the Aston Martin crashed."
            return f"The Enemy wins: Bond did not escape by the end of turn {rules.TURNS}."
        return None

    def piece(self, name: str) -> Piece:
        for piece in self.pieces:
            if piece.name == name:
                return piece
        raise InputError(f"unknown piece {shown(name, 30)}: Bond is 'bond', the cars are A-D")

    def live_cars(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.pieces if p.name != BOND and not p.crashed)

    def occupied(self) -> dict[str, str]:
        """Space -> the piece in it (map mode; pieces not on the board are left out)."""
        return {p.space: p.name for p in self.pieces if p.space and not p.crashed}

    @property
    def mover(self) -> str | None:
        """The piece whose step it is, or None between steps."""
        return self.step.piece if self.step else None

    @property
    def side_to_act(self) -> Side:
        """Who decides now: "bond" or "enemy" (Avoid rolls and card set-up are the Enemy's)."""
        # Card Pick Up: "he turns the card over": the card is the one the Enemy placed, so
        # with real cards face down the Enemy player says which it is.
        if self.phase == "cards" or (self.pending and self.pending.kind != "card_roll"):
            return "enemy"
        if self.phase == "bond" or self.pending:
            return BOND
        if self.step:
            return BOND if self.step.piece == BOND else "enemy"
        return BOND if BOND not in self.done else "enemy"

    def summary(self) -> list[str]:
        """The tracker in lines: turn, whose move, hits, guard, screen, oil, smoke, cards."""
        if self.is_over:
            head = self.result or ""
        elif self.phase != "play":
            head = "Set-up: " + ("place the cards" if self.phase == "cards" else "place Bond")
        else:
            who = piece_name(self.mover) if self.mover else ("Bond" if self.side_to_act == BOND
                                                        else "the Enemy (pick a car)")
            head = f"Turn {self.turn} of {rules.TURNS}: {who} to play"
        bond = self.piece(BOND)
        kit = (f"guard {'aboard' if self.guard else 'ejected'}, screen "
               f"{'raised' if self.screen else 'down'}, oil {'used' if self.oil_used else 'ready'}"
               f", smoke {'used' if self.smoke_used else 'ready'}")
        lines = [head, f"Bond: {bond.hits} of {rules.BOND_CRASH_HITS} hits; {kit}"
                 + (f"; loses {counted(bond.lost_turns, 'turn')}" if bond.lost_turns else "")
                 + ("; has Tilly" if self.has_tilly else "")]
        for car in self.pieces[1:]:
            state = "crashed" if car.crashed else f"{car.hits} of {rules.ENEMY_CRASH_HITS} hits"
            lost = f", loses {counted(car.lost_turns, 'turn')}" \
                if car.lost_turns and not car.crashed else ""
            lines.append(f"Car {car.name}: {state}{lost}")
        if self.step:
            lines.append(f"{piece_name(self.step.piece)}: {self.step.left} of "
                         f"{self.step.allowance} spaces left, {self.actions_left()} actions left")
        lines.append("Cards still out: " + (", ".join(s for s, _ in self.cards) or "none")
                     + "; found: " + (", ".join(f"{c} ({s})" for s, c in self.found) or "none"))
        return lines

    def _repr_html_(self) -> str:
        from html import escape

        return "<br>".join(escape(line) for line in self.summary())

    def actions_left(self) -> int:
        if self.step is None:
            return 0
        return rules.ACTIONS_PER_TURN[side_of(self.step.piece)] - self.step.spent


# The words every rule uses.


def rule_name(section: str) -> str:
    """The rule a refusal cites: "Goldfinger: <the rulebook's section>"."""
    return f"Goldfinger: {section}"


def side_of(piece: str) -> Side:
    return BOND if piece == BOND else "enemy"


def piece_name(piece: str) -> str:
    return "Bond" if piece == BOND else f"Car {piece}"


def star_name(star: str) -> str:
    """A red star as a sentence names it: a map's Space ("star x3y2"), or a tracker star
    already named so ("star 1", where "star star 1" was written)."""
    return star if star.startswith("star ") else f"star {star}"


# A new game's set-up.


def read_setup(options: Mapping[str, JSON]) -> Setup:
    """The options of a new game, checked: "map" (null, "sample" or a board object), "bot"
    (null, "bond" or "enemy": the side the app plays; needs a map) and any of
    `rules.HOUSE_RULES` (true/false)."""
    check_options(options, ("map", "bot", *rules.HOUSE_RULES), "Goldfinger")
    house = dict(rules.HOUSE_RULES)
    for key in rules.HOUSE_RULES:
        if key in options:
            if not isinstance(options[key], bool):
                raise InputError(f"option {shown(key)} is true or false, "
                                 f"got {shown(options[key], 30)}")
            house[key] = options[key]
    board = _board_option(options.get("map"))
    return Setup(board, house, dict(options), _bot_option(options.get("bot"), board))


def starting_pieces(board: Board | None) -> tuple[Piece, ...]:
    """Bond, off the board until he is placed, and the Enemy cars on their starts."""
    pieces = [Piece(BOND)]
    for car in ENEMY_CARS:
        space = board.starts[car] if board else None
        heading = board.heading(space, board.forward(space, (0, 0))[0]) if board else None
        pieces.append(Piece(car, space=space, heading=heading))
    return tuple(pieces)


def _board_option(value: JSON) -> Board | None:
    if value is None:
        return None
    if value == "sample":
        return sample_board()
    if isinstance(value, dict):
        return board_from_option(value)
    raise InputError(f"option 'map' is null, \"sample\" or a board object, got {shown(value, 40)}")


def _bot_option(value: JSON, board: Board | None) -> Side | None:
    if value is None:
        return None
    if value not in rules.SIDES:
        raise InputError(f"option 'bot' is null, \"bond\" or \"enemy\", got {shown(value, 30)}")
    if board is None:
        raise InputError("the bots need map mode: they plan their paths on the map. In "
                         "tracker mode two people play at the table.")
    return value


