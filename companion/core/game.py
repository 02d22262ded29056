"""The one interface every game implements, and the JSON codec for its actions.

A game is a `Game` record (name, title, how to make the first state, its action
types, where its dashboard lives). Its states are immutable `GameState`s:

    state = game.new_state(options)
    state.legal_actions()          # what may be done now, where enumerable
    state2 = state.apply(action)   # a new state; illegal -> RuleError naming the rule
    state2.last_event.text         # what happened, in words, with the dice
    state.is_over, state.result

Actions are small frozen dataclasses. Chance lives in the action: a field
``dice=None`` means "let the app roll", and the Session fills it in through
`GameState.fill_chance` before applying, so the log always holds the real dice.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import random
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from companion.core.dice import roll
from companion.core.errors import InputError, shown

JSON = Any


@dataclass(frozen=True)
class Event:
    """The outcome of one action, as the log and the dashboard tell it."""

    text: str
    outcome: Literal["success", "failure", "info"] = "info"


class Chance(random.Random):
    """The randomness the Session gives one action.

    Hidden draws (a card, a tile from the bag, a face-down placement, a shuffle) use this
    generator itself, which is fresh after every undo: taking a draw back and drawing again
    never shows the card the undo took back. Dice use `dice`, which is the same after an
    undo: undo mends a mis-tap, it is not a reroll (and the dice were seen by everyone).
    """

    def __init__(self, hidden: str, dice: random.Random):
        super().__init__(hidden)
        self.dice = dice


class NoChance(random.Random):
    """Randomness that refuses to be used: a replay's check that every action in a stored
    log already holds its chance (its dice, its card)."""

    def random(self) -> float:
        raise InputError("its dice are missing")

    def getrandbits(self, k: int) -> int:
        raise InputError("its dice are missing")


NO_CHANCE = NoChance()


def dice_rng(rng: random.Random) -> random.Random:
    """The generator for dice and other public chance: `rng.dice` from a Session, `rng`
    itself from a notebook or a test."""
    return rng.dice if isinstance(rng, Chance) else rng


class GameState:
    """Base of every game's immutable state; subclasses are frozen dataclasses."""

    last_event: Event | None

    def apply(self, action: Any) -> GameState:
        raise NotImplementedError

    def legal_actions(self) -> Sequence[Any] | None:
        """The actions allowed now, or None where they cannot be listed."""
        return None

    @property
    def is_over(self) -> bool:
        return False

    @property
    def result(self) -> str | None:
        return None

    def dice_needed(self, action: Any) -> int:
        """How many dice the app must roll for `action` when its dice are None."""
        return 0

    def fill_chance(self, action: Any, rng: random.Random) -> Any:
        """The action with its chance filled in (dice=None becomes rolled dice); a hidden
        draw uses `rng`, dice `dice_rng(rng)` (see `Chance`)."""
        if getattr(action, "dice", ()) is None and self.dice_needed(action):
            faces = roll(dice_rng(rng), self.dice_needed(action)).faces
            return dataclasses.replace(action, dice=faces)
        return action

    def joins_previous(self, action: Any) -> bool | None:
        """Whether one Undo takes `action` back together with the action before it, where
        the game's rules decide: True for a secret choice and the choices made with it (so
        that undoing a reveal reopens the choice for every seat, never for one who has seen
        the others'), False for one that starts such a group (even within a bot's turn);
        None leaves it to the caller (`Session.act`'s `with_previous`)."""
        return None

    def deals_ahead(self) -> bool:
        """Whether the log holds hidden items the app has not shown yet (a deck dealt in
        advance): a file of it tells its reader what is to come, and its author could
        have chosen it, so it is exported and imported only once the game is over."""
        return False

    def to_json(self) -> JSON:
        raise NotImplementedError


@dataclass(frozen=True)
class Game:
    """A registered game: everything the Session, store and index page need."""

    name: str
    title: str
    summary: str
    new_state: Callable[[Mapping[str, JSON]], GameState]
    action_types: tuple[type, ...]
    dashboard: str  # "module:Class", imported only by the UI
    version: int = 1  # bump when old action logs no longer replay
    # The log holds what some player must not see yet (a down card, a secret letter, a
    # face-down title): an export, which holds the whole log, waits for the game's end.
    secrets: bool = False
    # The longest log an import may hold: one that replays in well under a second. A
    # state that copies its history grows with the square of the log (Goldfinger: 5,000
    # actions in 0.13 s, 25,000 in 2.75 s); Dice Lab's states share theirs.
    max_import_actions: int = 5_000
    # Options a rule change added, each with (the value that replays a game stored before
    # it, the value a new game gets): a stored game without the key plays on as it was
    # played, and a new game stores the key, so the two are never confused.
    later_options: Mapping[str, tuple[JSON, JSON]] = dataclasses.field(default_factory=dict)
    # The module that values the game's positions for its review (`companion.core.review`
    # says what it holds), imported when a review is first asked for; None: no review yet.
    reviewer: str | None = None

    def stored_options(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        """A stored game's options, with what an option added later meant before it."""
        return {**{key: before for key, (before, _) in self.later_options.items()}, **options}

    def new_options(self, options: Mapping[str, JSON]) -> dict[str, JSON]:
        """A new game's options, with every option added later written out."""
        return {**{key: now for key, (_, now) in self.later_options.items()}, **options}

    def load_reviewer(self) -> Any:
        return importlib.import_module(self.reviewer) if self.reviewer else None

    def load_dashboard(self) -> type:
        module, _, attr = self.dashboard.partition(":")
        return getattr(importlib.import_module(module), attr)

    @functools.cached_property
    def codec(self) -> ActionCodec:
        return ActionCodec(self.title, self.action_types)

    def action_to_json(self, action: Any) -> dict[str, JSON]:
        return self.codec.to_json(action)

    def action_from_json(self, data: JSON) -> Any:
        """Rebuild an action from JSON, checking every field against its type."""
        return self.codec.from_json(data)


@dataclass(frozen=True)
class ActionCodec:
    """A game's actions to and from JSON, each field checked against its type: what a
    game's own state needs to save itself, without its `Game` (which imports the state)."""

    title: str
    action_types: tuple[type, ...]

    def to_json(self, action: Any) -> dict[str, JSON]:
        if type(action) not in self.action_types:
            raise InputError(f"{type(action).__name__} is not an action of {self.title}")
        return {"type": type(action).__name__, **_to_plain(dataclasses.asdict(action))}

    def from_json(self, data: JSON) -> Any:
        """Rebuild an action from JSON, checking every field against its type."""
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise InputError(f"an action must be an object with a 'type', got {shown(data, 80)}")
        cls = self._by_name.get(data["type"])
        if cls is None:
            raise InputError(f"{self.title} has no action {shown(data['type'])}")
        fields = {f.name for f in dataclasses.fields(cls)}
        given = set(data) - {"type"}
        if given - fields or fields - given - _added_later(cls):
            raise InputError(
                f"{cls.__name__} takes fields {sorted(fields)}, got {sorted(given)}"
            )
        checks, values = _field_checkers(cls), {}
        for name in given:
            try:
                values[name] = checks[name](data[name])
            except _Misfit as misfit:
                raise InputError(f"{cls.__name__}.{name}{misfit.path}: {misfit.text}") from None
        return cls(**values)

    @functools.cached_property
    def _by_name(self) -> dict[str, type]:
        return {cls.__name__: cls for cls in self.action_types}


@functools.cache
def _added_later(cls: type) -> frozenset[str]:
    """The fields an action may lack in a stored log: those that default to None (a field
    added to an action later is None in the games stored before it)."""
    return frozenset(f.name for f in dataclasses.fields(cls) if f.default is None)


@functools.cache
def _field_checkers(cls: type) -> dict[str, Callable[[JSON], Any]]:
    """An action type's check of each field, worked out once (a replay asks 10,000 times)."""
    return {name: _checker(hint) for name, hint in typing.get_type_hints(cls).items()}


def _to_plain(value: Any) -> JSON:
    if isinstance(value, dict):
        return {k: _to_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_to_plain(v) for v in value]
    return value


def conform(value: JSON, hint: Any, where: str) -> Any:
    """Check a JSON value against a type hint, turning lists into tuples.

    Supports what actions use: int, str, bool, None, unions, Literal,
    tuple[X, ...] and fixed tuples.
    """
    try:
        return _checker(hint)(value)
    except _Misfit as misfit:
        raise InputError(f"{where}{misfit.path}: {misfit.text}") from None


class _Misfit(Exception):
    """A value that does not fit a hint: what is wrong, and where below the field."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text, self.path = text, ""


@functools.cache
def _checker(hint: Any) -> Callable[[JSON], Any]:
    """`conform`'s check for one hint, worked out once: a replay checks 10,000 actions,
    and reading the hint again for every field was half of its time."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return _union_checker(hint, tuple(_checker(option) for option in args))
    if origin is Literal:
        return _literal_checker(args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _list_checker(_checker(args[0]))
        return _fixed_checker(tuple(_checker(a) for a in args))
    return _scalar_checker(hint)


def _union_checker(hint: Any, options: tuple[Callable[[JSON], Any], ...]
                   ) -> Callable[[JSON], Any]:
    def check(value: JSON) -> Any:
        for option in options:
            try:
                return option(value)
            except _Misfit:
                continue
        raise _Misfit(f"{shown(value, 60)} is not a {_type_name(hint)}")
    return check


def _literal_checker(allowed: tuple[Any, ...]) -> Callable[[JSON], Any]:
    kinds = {type(a) for a in allowed}

    def check(value: JSON) -> Any:
        if type(value) in kinds and value in allowed:
            return value
        raise _Misfit(f"{shown(value, 60)} is not one of {list(allowed)}")
    return check


def _list_checker(item: Callable[[JSON], Any]) -> Callable[[JSON], Any]:
    def check(value: JSON) -> Any:
        if not isinstance(value, list | tuple):
            raise _Misfit(f"expected a list, got {shown(value, 60)}")
        try:
            return tuple(map(item, value))
        except _Misfit:
            _raise_at_first_misfit(value, [item] * len(value))
            raise
    return check


def _fixed_checker(items: tuple[Callable[[JSON], Any], ...]) -> Callable[[JSON], Any]:
    def check(value: JSON) -> Any:
        if not isinstance(value, list | tuple):
            raise _Misfit(f"expected a list, got {shown(value, 60)}")
        if len(value) != len(items):
            raise _Misfit(f"expected {len(items)} items, got {len(value)}")
        try:
            return tuple(item(v) for item, v in zip(items, value, strict=True))
        except _Misfit:
            _raise_at_first_misfit(value, list(items))
            raise
    return check


def _raise_at_first_misfit(values: Sequence[JSON], checks: list[Callable[[JSON], Any]]
                           ) -> None:
    """The misfit of the first item that does not fit, its place added to its path."""
    for position, (check, value) in enumerate(zip(checks, values, strict=True)):
        try:
            check(value)
        except _Misfit as misfit:
            misfit.path = f"[{position}]{misfit.path}"
            raise misfit from None


def _scalar_checker(hint: Any) -> Callable[[JSON], Any]:
    if hint is int:  # JSON's true is no number, though Python's bool is an int
        def fits(value: JSON) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)
    elif hint in (str, bool, type(None)):
        def fits(value: JSON) -> bool:
            return type(value) is hint
    else:
        def fits(value: JSON) -> bool:
            return False

    def check(value: JSON) -> Any:
        if fits(value):
            return value
        raise _Misfit(f"{shown(value, 60)} is not a {_type_name(hint)}")
    return check


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


def check_options(options: Mapping[str, JSON], allowed: Sequence[str], game: str) -> None:
    """Raise InputError for options that are not a mapping or name unknown keys."""
    if not isinstance(options, Mapping):
        raise InputError(f"{game} options must be an object, got {shown(options, 60)}")
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise InputError(f"{game} has no option {', '.join(map(str, unknown))}")
