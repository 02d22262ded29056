"""Goldfinger's turn sequence as an immutable State and small Action records.

Two ways to play, one engine:

- tracker mode (option ``map`` null, the default): the players move on the real
  board and tell the app how far they moved (`Move(spaces=n)`), the Spaces
  between a firing piece and its target (`Fire(spaces_between=...)`), which cars
  are behind Bond (`OilSlick(cars=...)`) and, with physical cards, which card was
  turned over (`RevealCard`).
- map mode (option ``map`` "sample" or a board JSON object, see `board`): the app
  knows the board; it enforces forward-only movement, turning only at forks,
  Quick Turn arrows, no two pieces in a Space at the end of a turn (entering an
  occupied Space must be followed by a Force or a Trick), and firing along lines
  with sight; distances and "behind" are worked out from the map.

The game: set-up (`PlaceCards` by the Enemy player, who may also `AimCar` in map mode;
then `PlaceBond`), then 15 turns. Each turn Bond takes his step (`StartTurn("bond")`
rolls his movement; moves and actions; `EndMove`), then each Enemy car still
running in the order the Enemy player picks (`StartTurn("B")` ...). A piece that
has lost its turn does not roll; it may only Fire. Bond wins with Tilly and a
successful Break Gate; the Enemy wins when Bond takes 10 Hits or his 15th turn
ends.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.core.dice import Roll, percent
from companion.core.errors import InputError, RuleError
from companion.core.game import JSON, Event, Game, GameState, check_options
from companion.goldfinger import rules
from companion.goldfinger.actions import (  # noqa: F401 (re-exported)
    ACTION_TYPES,
    DICE_ACTIONS,
    ROLLED,
    SPECIALS,
    AimCar,
    AvoidOil,
    AvoidSmoke,
    BreakGate,
    CardRoll,
    DoubleBack,
    EjectGuard,
    EndMove,
    Fire,
    Force,
    Move,
    OilSlick,
    PickUpCard,
    PlaceBond,
    PlaceCards,
    QuickTurn,
    RaiseScreen,
    RevealCard,
    SmokeScreen,
    StartTurn,
    Trick,
)
from companion.goldfinger.board import Board, Heading, board_from_option, sample_board
from companion.goldfinger.hiding import hide_cards
from companion.goldfinger.legal import legal_actions
from companion.goldfinger.odds import (
    Modifiers,
    describe_modifiers,
    modifiers,
    succeeds,
    success_chance,
)
from companion.goldfinger.rules import BOND, ENEMY_CARS, PIECES, Side

MAX_TEXT = 30
MAX_SPACES_BETWEEN = 200

# State.

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
class GoldfingerState(GameState):
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
        raise InputError(f"unknown piece {name!r:.30}: Bond is 'bond', the cars are A-D")

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
            who = _name(self.mover) if self.mover else ("Bond" if self.side_to_act == BOND
                                                        else "the Enemy (pick a car)")
            head = f"Turn {self.turn} of {rules.TURNS}: {who} to play"
        bond = self.piece(BOND)
        kit = (f"guard {'aboard' if self.guard else 'ejected'}, screen "
               f"{'raised' if self.screen else 'down'}, oil {'used' if self.oil_used else 'ready'}"
               f", smoke {'used' if self.smoke_used else 'ready'}")
        lines = [head, f"Bond: {bond.hits} of {rules.BOND_CRASH_HITS} hits; {kit}"
                 + (f"; loses {bond.lost_turns} turn(s)" if bond.lost_turns else "")
                 + ("; has Tilly" if self.has_tilly else "")]
        for car in self.pieces[1:]:
            state = "crashed" if car.crashed else f"{car.hits} of {rules.ENEMY_CRASH_HITS} hits"
            lost = f", loses {car.lost_turns} turn(s)" if car.lost_turns and not car.crashed else ""
            lines.append(f"Car {car.name}: {state}{lost}")
        if self.step:
            lines.append(f"{_name(self.step.piece)}: {self.step.left} of {self.step.allowance} "
                         f"spaces left, {self.actions_left()} actions left")
        lines.append("Cards still out: " + (", ".join(s for s, _ in self.cards) or "none")
                     + "; found: " + (", ".join(f"{c} ({s})" for s, c in self.found) or "none"))
        return lines

    def _repr_html_(self) -> str:
        from html import escape

        return "<br>".join(escape(line) for line in self.summary())

    def actions_left(self) -> int:
        if self.step is None:
            return 0
        return rules.ACTIONS_PER_TURN[_side(self.step.piece)] - self.step.spent

    # The contract.

    def fill_chance(self, action: Any, rng: Any) -> Any:
        """Dice, and the Enemy bot's hidden placement (`PlaceCards()` with no stars)."""
        if isinstance(action, PlaceCards) and action.stars is None and action.cards is None \
                and self.board is not None and self.phase == "cards":
            return PlaceCards(*hide_cards(self.board, rng))
        return super().fill_chance(action, rng)

    def dice_needed(self, action: Any) -> int:
        if isinstance(action, StartTurn):
            piece = next((p for p in self.pieces if p.name == action.piece), None)
            return 0 if piece is None or piece.lost_turns else 2
        return 2 if isinstance(action, DICE_ACTIONS) else 0

    def apply(self, action: Any) -> GoldfingerState:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise InputError(f"Goldfinger has no action {type(action).__name__}")
        if self.phase == "over":
            raise RuleError("the game is over", rule=_rule(rules.SECTION_HOW_TO_WIN))
        new = handler(self, action)
        return dataclasses.replace(new, history=(*self.history, action))

    def legal_actions(self) -> list[Any] | None:
        return legal_actions(self)

    def to_json(self) -> JSON:
        return {"options": dict(self.setup.raw),
                "actions": [_CODEC.action_to_json(a) for a in self.history]}

    @classmethod
    def from_json(cls, data: JSON) -> GoldfingerState:
        """Rebuild a state from `to_json` by replaying its actions (each checked again)."""
        if not isinstance(data, dict) or set(data) != {"options", "actions"} \
                or not isinstance(data["actions"], list):
            raise InputError("a Goldfinger state is an object with 'options' and 'actions'")
        state = new_state(data["options"])
        for stored in data["actions"]:
            state = state.apply(_CODEC.action_from_json(stored))
        return state


def _rule(section: str) -> str:
    return f"Goldfinger: {section}"


def _side(piece: str) -> Side:
    return BOND if piece == BOND else "enemy"


def _name(piece: str) -> str:
    return "Bond" if piece == BOND else f"Car {piece}"


# New game.


def new_state(options: Mapping[str, JSON]) -> GoldfingerState:
    """A game at set-up. Options: "map" (null, "sample" or a board object), "bot" (null,
    "bond" or "enemy": the side the app plays; needs a map) and any of `rules.HOUSE_RULES`
    (true/false)."""
    check_options(options, ("map", "bot", *rules.HOUSE_RULES), "Goldfinger")
    house = dict(rules.HOUSE_RULES)
    for key in rules.HOUSE_RULES:
        if key in options:
            if not isinstance(options[key], bool):
                raise InputError(f"option {key!r} is true or false, got {options[key]!r:.30}")
            house[key] = options[key]
    board = _board_option(options.get("map"))
    setup = Setup(board, house, dict(options), _bot_option(options.get("bot"), board))
    pieces = [Piece(BOND)]
    for car in ENEMY_CARS:
        space = board.starts[car] if board else None
        heading = board.heading(space, board.forward(space, (0, 0))[0]) if board else None
        pieces.append(Piece(car, space=space, heading=heading))
    return GoldfingerState(setup=setup, pieces=tuple(pieces))


# Actions to and from JSON, checked field by field: the same rules as the registered GAME
# (companion.goldfinger), without importing the package from inside it.
_CODEC = Game(name="goldfinger", title="007 Goldfinger", summary="", new_state=new_state,
              action_types=ACTION_TYPES, dashboard="")


def _board_option(value: JSON) -> Board | None:
    if value is None:
        return None
    if value == "sample":
        return sample_board()
    if isinstance(value, dict):
        return board_from_option(value)
    raise InputError(f"option 'map' is null, \"sample\" or a board object, got {value!r:.40}")


def _bot_option(value: JSON, board: Board | None) -> Side | None:
    if value is None:
        return None
    if value not in rules.SIDES:
        raise InputError(f"option 'bot' is null, \"bond\" or \"enemy\", got {value!r:.30}")
    if board is None:
        raise InputError("the bots need map mode: they plan their paths on the map. In "
                         "tracker mode two people play at the table.")
    return value


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
                raise InputError(f"{star!r} is not a red star space of {state.board.name}")
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
    return dataclasses.replace(state, phase="bond", cards=placed, last_event=Event(text))


def _texts(values: object, what: str) -> tuple[str, ...]:
    if not isinstance(values, tuple):
        raise InputError(f"the {what}s must be a list, got {values!r:.40}")
    for value in values:
        if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT:
            raise InputError(f"a {what} is a name of 1 to {MAX_TEXT} characters, "
                             f"got {value!r:.40}")
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
    moved = dataclasses.replace(car, heading=board.heading(car.space, toward))
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
        bond = dataclasses.replace(bond, space=space, heading=board.heading(space, toward))
        where = f"in {space}, facing {toward}"
    text = f"Bond places the Aston Martin {where}. Turn 1 begins."
    state = _with_piece(state, bond, Event(text))
    return dataclasses.replace(state, phase="play", turn=1)


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
        state = _with_piece(state, dataclasses.replace(piece, lost_turns=left))
        text = (f"Turn {state.turn}: {_name(piece.name)} loses this turn: no movement, "
                f"it may only Fire.")
        return dataclasses.replace(state, step=Step(piece.name, fire_only=True),
                                   last_event=Event(text, "failure"))
    dice = _dice(action.dice)
    allowance = rules.MOVEMENT[_side(piece.name)].lookup(dice.total)
    text = (f"Turn {state.turn}: {_name(piece.name)} rolls {dice} for movement: up to "
            f"{allowance} spaces.")
    return dataclasses.replace(state, step=Step(piece.name, allowance), last_event=Event(text))


def _unknown(name: object) -> Piece:
    raise InputError(f"unknown piece {name!r:.30}: Bond is 'bond', the cars are A-D")


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
    state = dataclasses.replace(state, step=None, done=done, last_event=event)
    if piece == BOND and state.turn >= rules.TURNS and state.winner is None:
        text = f"{event.text} Bond's turn {rules.TURNS} is over without an escape: the Enemy wins."
        return dataclasses.replace(state, phase="over", winner="enemy",
                                   last_event=Event(text, "failure"))
    if all(car in done for car in state.live_cars()) and BOND in done:
        text = f"{event.text} Turn {state.turn + 1} begins."
        return dataclasses.replace(state, turn=state.turn + 1, done=(),
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
    step = dataclasses.replace(step, used=(*step.used, name), spent=step.spent + cost)
    return dataclasses.replace(state, step=step)


def _dice(dice: object) -> Roll:
    if dice is None:
        raise InputError("the dice are missing: roll them or let the app roll")
    if not isinstance(dice, tuple):
        raise InputError(f"dice must be a list of two faces, got {dice!r:.40}")
    return Roll.of(dice, 2)


def _need_board(state: GoldfingerState, what: str) -> Board:
    if state.board is None:
        raise InputError(f"{what} needs map mode; this game has no map")
    return state.board


def _car(state: GoldfingerState, name: object) -> Piece:
    if name not in ENEMY_CARS:
        raise InputError(f"unknown Enemy car {name!r:.30}: the cars are A, B, C and D")
    car = state.piece(name)  # type: ignore[arg-type]
    if car.crashed:
        raise RuleError(f"car {car.name} has crashed and is out of the game",
                        rule=_rule(rules.SECTION_FIRING))
    return car


def _with_piece(state: GoldfingerState, piece: Piece, event: Event | None = None
                ) -> GoldfingerState:
    pieces = tuple(piece if p.name == piece.name else p for p in state.pieces)
    state = dataclasses.replace(state, pieces=pieces)
    return dataclasses.replace(state, last_event=event) if event else state


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
        state = _with_piece(state, dataclasses.replace(piece, hits=total))
        if total >= rules.BOND_CRASH_HITS:
            state = dataclasses.replace(state, phase="over", winner="enemy", step=None)
            return state, (f" Bond has {total} hits: the Aston Martin crashes, the Enemy "
                           f"wins.")
        return state, f" Bond has {total} of {rules.BOND_CRASH_HITS} hits."
    if total >= rules.ENEMY_CRASH_HITS:
        return _crash(state, name, total), f" Car {name} has {total} hits: it crashes."
    state = _with_piece(state, dataclasses.replace(piece, hits=total))
    return state, f" Car {name} has {total} of {rules.ENEMY_CRASH_HITS} hits."


def _crash(state: GoldfingerState, name: str, hits: int | None = None) -> GoldfingerState:
    """Damage and Crashing: "immediately remove the piece from the game"."""
    piece = state.piece(name)
    hits = piece.hits if hits is None else hits
    return _with_piece(state, dataclasses.replace(piece, hits=hits, crashed=True, space=None))


def _lose(state: GoldfingerState, name: str, lost: rules.LostTime) -> GoldfingerState:
    """Apply a "loses ..." result to a piece (How To Play: Losing a Turn)."""
    if not lost or state.phase == "over" or state.piece(name).crashed:
        return state
    if lost in ("next", "rest_and_next"):
        piece = state.piece(name)
        count = piece.lost_turns + 1 if state.setup.house["lost_turns_add_up"] else 1
        state = _with_piece(state, dataclasses.replace(piece, lost_turns=count))
    if lost in ("rest", "rest_and_next") and state.step and state.step.piece == name:
        step = dataclasses.replace(state.step, fire_only=True, moved=state.step.allowance,
                                   contest=None)
        state = dataclasses.replace(state, step=step)
    return state


def _settle(state: GoldfingerState, event: Event) -> GoldfingerState:
    """End the step at once when its piece crashed or lost the rest with no Fire allowed."""
    state = dataclasses.replace(state, last_event=event)
    step = state.step
    if state.phase == "over" or step is None:
        return state
    mover = state.piece(step.piece)
    fire_left = state.setup.house["fire_after_losing_rest"] and "fire" not in step.used \
        and state.actions_left() > 0
    if mover.crashed or (step.fire_only and step.allowance and not fire_left):
        return _finish_step(state, event)
    return state


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
        raise InputError(f"spaces moved must be 1 or more, got {n!r:.30}")
    if n > step.left:
        raise RuleError(f"{_name(step.piece)} has {step.left} of {step.allowance} spaces left",
                        rule=_rule(rules.SECTION_MOVEMENT))
    step = dataclasses.replace(step, moved=step.moved + n)
    text = f"{_name(step.piece)} moves {n} space{'s' if n > 1 else ''} ({step.left} left)."
    return dataclasses.replace(state, step=step, last_event=Event(text))


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
    moved = dataclasses.replace(piece, space=to, heading=board.heading(piece.space, to))
    step = dataclasses.replace(step, moved=step.moved + 1, back=(piece.space, piece.heading),
                               contest=occupant)
    entered = dataclasses.replace(_with_piece(state, moved), step=step)
    if occupant:
        _check_contest_possible(entered, occupant)
    text = f"{_name(step.piece)} moves to {to} ({step.left} left)."
    if occupant:
        text += f" {_name(occupant)} is there: Force or Trick now."
    return dataclasses.replace(entered, last_event=Event(text))


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
        state = dataclasses.replace(state, step=dataclasses.replace(
            state.step, moved=state.step.moved + _quick_turn_cost(state)))
    if outcome.success and arrow is not None:
        piece = state.piece(step.piece)
        landed = dataclasses.replace(piece, space=arrow.to,
                                     heading=state.board.heading(arrow.skip, arrow.to))
        occupant = state.occupied().get(arrow.to)
        new_step = dataclasses.replace(state.step, back=(piece.space, piece.heading),
                                       contest=occupant)
        state = dataclasses.replace(_with_piece(state, landed), step=new_step)
        extra = f" Now in {arrow.to}." + (f" {_name(occupant)} is there: Force or Trick now."
                                           if occupant else "")
        return dataclasses.replace(state, last_event=_event(outcome, extra))
    return dataclasses.replace(state, last_event=_event(outcome))


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
        landed = dataclasses.replace(piece, space=arrow.to,
                                     heading=board.heading(arrow.skip, arrow.to))
        turned = dataclasses.replace(step, used=(*step.used, "quick_turn"),
                                     spent=step.spent + 1, contest=occupant,
                                     moved=step.moved + _quick_turn_cost(state))
        _check_contest_possible(
            dataclasses.replace(_with_piece(state, landed), step=turned), occupant)
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
            turned = dataclasses.replace(piece, heading=(-piece.heading[0], -piece.heading[1]))
            state = _with_piece(state, turned)
        return dataclasses.replace(state, last_event=_event(outcome))
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
        return dataclasses.replace(_jump(state, landing), last_event=_event(outcome))
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
        return dataclasses.replace(state, step=dataclasses.replace(step, moved=step.moved + cost))
    piece = state.piece(step.piece)
    jumped = dataclasses.replace(piece, space=landing,
                                 heading=state.board.heading(piece.space, landing))
    step = dataclasses.replace(step, moved=step.moved + cost, contest=None,
                               back=(piece.space, piece.heading))
    return dataclasses.replace(_with_piece(state, jumped), step=step)


def _after_failed_contest(state: GoldfingerState, mover: str, outcome: Outcome
                          ) -> GoldfingerState:
    """Movement: a failed Force or Trick backs up one Space and ends the turn."""
    step = state.step
    if state.board is not None and step.back is not None and step.contest:
        piece = state.piece(mover)
        backed = dataclasses.replace(piece, space=step.back[0], heading=step.back[1])
        state = _with_piece(state, backed)
        state = dataclasses.replace(state, step=dataclasses.replace(step, contest=None))
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
        state = _with_piece(state, dataclasses.replace(forced, space=aside))
        state = dataclasses.replace(state, step=dataclasses.replace(state.step, contest=None))
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


# Fire.


def _fire(state: GoldfingerState, action: Fire) -> GoldfingerState:
    side = _side(state.mover or BOND)
    section = rules.ACTIONS[side]["fire"].section
    step = _check_action(state, "fire", section)
    target = _fire_target(state, step, action.target, section)
    between = _fire_range(state, step, target, action, section)
    dice = _dice(action.dice)
    what = f"fires at {_name(target)} ({between} space{'' if between == 1 else 's'} between)"
    outcome = _roll(state, side, "fire", dice, _name(step.piece), what, between)
    state = _used(state, "fire")
    if outcome.success:
        state, note = _hit(state, target, outcome.result.hits_target)
        return _settle(state, _event(outcome, note))
    return _settle(state, _event(outcome))


def _fire_target(state: GoldfingerState, step: Step, target: object, section: str) -> str:
    if step.piece == BOND:
        return _car(state, target).name
    if target != BOND:
        if target in ENEMY_CARS:
            raise RuleError("Enemy cars fire at Bond", rule=_rule(section))
        _unknown(target)
    return BOND


def _fire_range(state: GoldfingerState, step: Step, target: str, action: Fire,
                section: str) -> int:
    """Spaces between shooter and target, checked against lines, sight and the Screen."""
    if state.board is None:
        between = action.spaces_between
        if between is None:
            raise InputError("tracker mode: say how many spaces are between the cars")
        if isinstance(between, bool) or not isinstance(between, int) \
                or not 0 <= between <= MAX_SPACES_BETWEEN:
            raise InputError(f"spaces between must be 0 to {MAX_SPACES_BETWEEN}, "
                             f"got {between!r:.30}")
        if action.from_rear and step.piece == BOND:
            raise InputError("from_rear is for Enemy fire at Bond")
        if action.from_rear and state.screen:
            raise RuleError("the Bulletproof Screen is raised: no Hits from the rear",
                            rule=_rule(section))
        return between
    return _map_fire_range(state, step, target, action, section)


def _map_fire_range(state: GoldfingerState, step: Step, target: str, action: Fire,
                    section: str) -> int:
    board = state.board
    shooter, aim = state.piece(step.piece), state.piece(target)
    facing = shooter.heading if step.piece == BOND else None
    between = board.line_of_fire(shooter.space, aim.space, facing)
    if between is None:
        ahead = " out of the front of the Aston Martin" if facing else ""
        seen = "" if board.sees(shooter.space, aim.space) else " (a building is in the way)"
        raise RuleError(f"{_name(step.piece)} has no line of fire to {_name(target)} along "
                        f"Road or Cut-Over lines{ahead}{seen}", rule=_rule(rules.SECTION_FIRING))
    if target == BOND and state.screen and board.is_rear(aim.space, aim.heading, shooter.space):
        raise RuleError("the Bulletproof Screen is raised: no Hits from the rear",
                        rule=_rule(section))
    if action.spaces_between not in (None, between) or action.from_rear:
        raise InputError(f"map mode works out the range ({between} between); leave "
                         "spaces_between and from_rear empty")
    return between


# Cards.


def _pick_up(state: GoldfingerState, action: PickUpCard) -> GoldfingerState:
    section = rules.BOND_ACTIONS["pick_up"].section
    _check_action(state, "pick_up", section, side=BOND)
    star = action.star
    holding = dict(state.cards)
    if not isinstance(star, str) or star not in holding:
        if isinstance(star, str) and (star in dict(state.found) or not state.board
                                      or star in state.board.stars):
            raise RuleError(f"no card lies by star {star}",
                            rule=_rule(rules.SECTION_CARD_PICK_UP))
        raise InputError(f"{star!r:.30} is not a star space of this game")
    if state.board is not None and state.piece(BOND).space != star:
        raise RuleError(f"Bond must be in star Space {star} to pick up its card",
                        rule=_rule(rules.SECTION_CARD_PICK_UP))
    dice = _dice(action.dice)
    outcome = _roll(state, BOND, "pick_up", dice, "Bond",
                    f"tries to pick up the card by star {star}")
    state = _used(state, "pick_up")
    if not outcome.success:
        return dataclasses.replace(state, last_event=_event(outcome))
    card = holding[star]
    if card is None:
        return dataclasses.replace(state, pending=Pending("reveal", star=star),
                                   last_event=_event(outcome, " Which card is it?"))
    return _turn_card(state, star, card, outcome.text + " ")


def _reveal(state: GoldfingerState, action: RevealCard) -> GoldfingerState:
    pending = state.pending
    if pending is None or pending.kind != "reveal":
        raise RuleError("no card is being turned over", rule=_rule(rules.SECTION_CARD_PICK_UP))
    left = _cards_unseen(state)
    if action.card not in rules.CARD_NAMES:
        raise InputError(f"the cards are {', '.join(rules.CARD_NAMES)}, got {action.card!r:.30}")
    if action.card not in left:
        raise InputError(f"the {action.card} card has already been found")
    state = dataclasses.replace(state, pending=None)
    return _turn_card(state, pending.star, action.card, "")


def _cards_unseen(state: GoldfingerState) -> tuple[str, ...]:
    seen = {card for _, card in state.found}
    return tuple(c for c in rules.CARD_NAMES if c not in seen)


def _turn_card(state: GoldfingerState, star: str, card: str, prefix: str) -> GoldfingerState:
    """Special Card Summary: apply the card turned over by `star`."""
    rule = rules.CARDS[card]
    cards = tuple((s, c) for s, c in state.cards if s != star)
    state = dataclasses.replace(state, cards=cards, found=(*state.found, (star, card)),
                                has_tilly=state.has_tilly or rule.keep)
    text = f"{prefix}The card is {card}: {rule.text}"
    if rule.safe is not None:
        pending = Pending("card_roll", star=star, card=card)
        return dataclasses.replace(state, pending=pending,
                                   last_event=Event(f"{text} Roll two dice.", "success"))
    state = _lose(state, BOND, rule.effect.self_loses)
    outcome = "failure" if rule.effect.self_loses else "success"
    return _settle(state, Event(f"{text} {rule.effect.text}", outcome))


def _card_roll(state: GoldfingerState, action: CardRoll) -> GoldfingerState:
    pending = state.pending
    if pending is None or pending.kind != "card_roll":
        raise RuleError("no card calls for a roll now", rule=_rule(rules.CARD_SECTION))
    rule = rules.CARDS[pending.card]
    dice = _dice(action.dice)
    safe = dice.total <= rule.safe
    result = rule.effect if safe else rule.on_hit
    state = dataclasses.replace(state, pending=None)
    state, note = _hit(state, BOND, result.hits_self)
    state = _lose(state, BOND, result.self_loses)
    text = (f"{pending.card}: rolled {dice}, {rule.safe} or less is safe: {result.text}{note}")
    return _settle(state, Event(text, "success" if safe else "failure"))


def _break_gate(state: GoldfingerState, action: BreakGate) -> GoldfingerState:
    section = rules.BOND_ACTIONS["break_gate"].section
    _check_action(state, "break_gate", section, side=BOND)
    if not state.has_tilly:
        raise RuleError("Bond must find Tilly before he can break a gate", rule=_rule(section))
    gate = "the gate"
    if state.board is not None:
        space = state.piece(BOND).space
        if space not in state.board.gates:
            raise RuleError(f"Bond must be at a gate; {space} is not one", rule=_rule(section))
        gate = state.board.gates[space]
    dice = _dice(action.dice)
    outcome = _roll(state, BOND, "break_gate", dice, "Bond", f"tries to break {gate}")
    state = _used(state, "break_gate")
    if outcome.success:
        return dataclasses.replace(state, phase="over", winner=BOND, step=None,
                                   last_event=_event(outcome))
    state = _lose(state, BOND, outcome.result.self_loses)
    return _settle(state, _event(outcome))


# Special actions.


def _special(state: GoldfingerState, action: Any) -> GoldfingerState:
    name = SPECIALS[type(action)]
    special = rules.SPECIAL_ACTIONS[name]
    _check_action(state, name, rules.SPECIAL_SECTION, special.cost, side=BOND)
    rule = _rule(rules.SPECIAL_SECTION)
    if name == "eject_guard" and not state.guard:
        raise RuleError("the guard is already ejected", rule=rule)
    if name == "raise_screen" and state.screen:
        raise RuleError("the Screen is already raised and cannot be lowered", rule=rule)
    if (name == "oil_slick" and state.oil_used) or (name == "smoke_screen" and state.smoke_used):
        raise RuleError("once per game, and it has been used", rule=rule)
    if name in ("oil_slick", "smoke_screen"):
        return _release(state, action, name, special)
    state = _used(state, name, special.cost)
    state = dataclasses.replace(state, guard=state.guard and name != "eject_guard",
                                screen=state.screen or name == "raise_screen")
    return dataclasses.replace(state, last_event=Event(special.text, "success"))


def _release(state: GoldfingerState, action: OilSlick | SmokeScreen, name: str,
             special: rules.SpecialAction) -> GoldfingerState:
    oil = name == "oil_slick"
    cars = _cars_behind(state, action.cars, rules.OIL_BEHIND if oil else rules.SMOKE_BEHIND)
    state = _used(state, name, special.cost)
    state = dataclasses.replace(state, oil_used=state.oil_used or oil,
                                smoke_used=state.smoke_used or not oil)
    if not cars:
        return dataclasses.replace(state, last_event=Event(f"{special.text} No car is caught."))
    kind = "avoid_oil" if oil else "avoid_smoke"
    text = f"{special.text} Car{'s' if len(cars) > 1 else ''} {', '.join(cars)} must " \
           f"{'Avoid Oil' if oil else 'Avoid Smoke'}."
    return dataclasses.replace(state, pending=Pending(kind, cars=cars), last_event=Event(text))


def _cars_behind(state: GoldfingerState, given: tuple[str, ...] | None,
                 distances: tuple[int, ...]) -> tuple[str, ...]:
    if state.board is None:
        if given is None:
            raise InputError("tracker mode: say which Enemy cars are behind Bond (maybe none)")
        if not isinstance(given, tuple) or len(set(given)) != len(given):
            raise InputError(f"list each car once, got {given!r:.40}")
        return tuple(_car(state, car).name for car in given)
    if given is not None:
        raise InputError("map mode works out which cars are behind Bond; give no cars")
    bond = state.piece(BOND)
    behind = state.board.behind(bond.space, bond.heading, max(distances))
    return tuple(car for car in state.live_cars()
                 if behind.get(state.piece(car).space) in distances)


def _avoid(state: GoldfingerState, action: AvoidOil | AvoidSmoke) -> GoldfingerState:
    name = "avoid_oil" if isinstance(action, AvoidOil) else "avoid_smoke"
    rule = rules.ENEMY_ACTIONS[name]
    pending = state.pending
    if pending is None or pending.kind != name:
        raise RuleError(f"no car has to {rule.section.split(': ')[1]} now",
                        rule=_rule(rule.section))
    if action.car not in ENEMY_CARS:
        raise InputError(f"unknown Enemy car {action.car!r:.30}: the cars are A, B, C and D")
    if action.car not in pending.cars:
        raise RuleError(f"car {action.car} does not have to roll", rule=_rule(rule.section))
    dice = _dice(action.dice)
    what = "tries to " + rule.section.split(": ")[1]
    outcome = _roll(state, "enemy", name, dice, f"Car {action.car}", what)
    left = tuple(c for c in pending.cars if c != action.car)
    state = dataclasses.replace(state, pending=dataclasses.replace(pending, cars=left)
                                if left else None)
    state, note = _hit(state, action.car, outcome.result.hits_self)
    if outcome.result.effect == "removed":
        state, note = _crash(state, action.car), f" Car {action.car} is removed from the game."
    return dataclasses.replace(state, last_event=_event(outcome, note))


_HANDLERS = {
    PlaceCards: _place_cards, AimCar: _aim_car, PlaceBond: _place_bond, StartTurn: _start_turn,
    Move: _move, QuickTurn: _quick_turn, DoubleBack: _double_back, Trick: _trick, Force: _force,
    Fire: _fire, PickUpCard: _pick_up, RevealCard: _reveal, CardRoll: _card_roll,
    BreakGate: _break_gate, EjectGuard: _special, RaiseScreen: _special, OilSlick: _special,
    SmokeScreen: _special, AvoidOil: _avoid, AvoidSmoke: _avoid, EndMove: _end_move,
}
