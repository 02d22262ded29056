"""One place that applies an action to a game's state: the game's rules table.

Every game lists its actions once: for each action type the phases it is allowed in and the
handler that applies it (`Rule`). `RulesTable.apply` makes the checks every game made for
itself, in the same order: an action type the game does not have (InputError), any action
once the game is over, an action in a phase it is not allowed in (RuleError, in the game's
own words and citing its rulebook); then it calls the handler, which applies the rule.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Count:
...     phase: str = "counting"
...     n: int = 0
...     is_over: bool = False
>>> @dataclass(frozen=True)
... class Add:
...     k: int
>>> table = RulesTable("Counting", {Add: Rule(lambda s, a: Count(n=s.n + a.k), ("counting",))},
...                    not_now=lambda s, a: RuleError("not now", rule="counting"))
>>> table.apply(Count(), Add(2)).n
2
>>> table.apply(Count(), "Add")
Traceback (most recent call last):
...
companion.core.errors.InputError: str is not an action of Counting
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import InputError, RuleError
from companion.core.game import JSON, ActionCodec


@dataclass(frozen=True)
class Rule:
    """An action type's place in a game: its handler (state, action) -> new state, the
    phases it is allowed in (None: in any phase while the game is on), and its own refusal
    at another time where the game words it for this action alone (None: the table's)."""

    handler: Callable[[Any, Any], Any]
    phases: tuple[str, ...] | None = None
    not_now: Callable[[Any, Any], RuleError] | None = None


@dataclass(frozen=True)
class RulesTable:
    """A game's actions: `apply` checks an action against the table, then applies it."""

    title: str  # "the card game": "Draw is not an action of the card game"
    rules: Mapping[type, Rule]
    # The refusal of an action in a phase its rule does not allow, in the game's words
    # (needed once a rule names its phases).
    not_now: Callable[[Any, Any], RuleError] | None = None
    # The refusal of any action once the game is over; None where a finished game still
    # takes an action (the tile game's next game of a match).
    over: Callable[[Any], RuleError] | None = None
    # The refusal of an action type the game does not have, where the game words it
    # (None: "Draw is not an action of the card game").
    unknown: Callable[[Any], InputError] | None = None

    def __post_init__(self) -> None:
        if self.not_now is None and any(r.phases is not None and r.not_now is None
                                        for r in self.rules.values()):
            raise ValueError(f"{self.title}: a rule names its phases, so say how an action "
                             "at another time is refused (not_now)")

    @property
    def action_types(self) -> tuple[type, ...]:
        return tuple(self.rules)

    @functools.cached_property
    def codec(self) -> ActionCodec:
        """The game's actions to and from JSON, each field checked against its type."""
        return ActionCodec(self.title, self.action_types)

    # A game is saved one way: its options and the actions that led to it, with their dice
    # and cards filled in (what `Session` stores, too). A state that is its whole position
    # (the tile and card games, Golden Goal) can also be written out as a snapshot.

    def saved(self, options: Mapping[str, JSON], history: Iterable[Any]) -> JSON:
        """A game as its options and its actions: `replayed` rebuilds it."""
        return {"options": dict(options), "actions": [self.codec.to_json(a) for a in history]}

    def replayed(self, start: Callable[[Mapping[str, JSON]], Any], data: JSON) -> Any:
        """The state `saved` wrote, rebuilt from `start(options)` by applying every action
        again; InputError names the first that is malformed or does not replay."""
        if not isinstance(data, dict) or set(data) != {"options", "actions"} \
                or not isinstance(data["options"], dict) or not isinstance(data["actions"], list):
            raise InputError(f"a saved {self.title} game is an object with 'options' (an "
                             "object) and 'actions' (a list)")
        state = start(data["options"])
        for number, item in enumerate(data["actions"], start=1):
            try:
                state = state.apply(self.codec.from_json(item))
            except RuleError as error:
                raise InputError(f"action {number} does not replay: {error}") from None
        return state

    def apply(self, state: Any, action: Any) -> Any:
        """The state after `action`; InputError or RuleError leave `state` as it was."""
        rule = self.rules.get(type(action))
        if rule is None:
            if self.unknown is not None:
                raise self.unknown(action)
            raise InputError(f"{type(action).__name__} is not an action of {self.title}")
        if self.over is not None and state.is_over:
            raise self.over(state)
        if rule.phases is not None and state.phase not in rule.phases:
            raise (rule.not_now or self.not_now)(state, action)
        return rule.handler(state, action)
