"""Dice Lab: any table's dice check, kept as a history with undo.

A `Check` is the number of dice, a target, the goal (roll at most / at least
the target) and labelled modifiers ("guard +4"). Its dice come from the
table or from the app; the state is the history of checks and their verdicts.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from companion.core.datafile import check_line
from companion.core.dice import Roll, percent
from companion.core.errors import InputError, shown
from companion.core.game import JSON, Event, GameState, check_options
from companion.core.rules_table import Rule, RulesTable
from companion.dice_lab import rules
from companion.dice_lab.odds import chance, succeeds


@dataclass(frozen=True)
class Check:
    """Roll `n_dice` d6, add the modifiers, compare with `target`."""

    n_dice: int = 2
    target: int = 7
    goal: rules.Goal = "at most"
    modifiers: tuple[tuple[str, int], ...] = ()
    dice: tuple[int, ...] | None = None

    @property
    def modifier(self) -> int:
        return sum(value for _, value in self.modifiers)

    @property
    def chance(self) -> Fraction:
        return chance(self.n_dice, self.target, self.goal, self.modifier)

    def describe(self) -> str:
        """'2 dice, at most 7 (guard +4)'."""
        mods = ", ".join(f"{label} {value:+d}" for label, value in self.modifiers)
        return f"{self.n_dice} {'die' if self.n_dice == 1 else 'dice'}, {self.goal} " \
               f"{self.target}" + (f" ({mods})" if mods else "")

    def validate(self) -> None:
        _in_range("number of dice", self.n_dice, rules.DICE_RANGE)
        _in_range("target", self.target, rules.TARGET_RANGE)
        if self.goal not in rules.GOALS:
            raise InputError(f"the goal is 'at most' or 'at least', got {shown(self.goal)}")
        if len(self.modifiers) > rules.MAX_MODIFIERS:
            raise InputError(f"at most {rules.MAX_MODIFIERS} modifiers")
        for label, value in self.modifiers:
            check_line(label, "a modifier's label", rules.MAX_LABEL)
            _in_range(f"modifier {shown(label)}", value, rules.MODIFIER_RANGE)


def _in_range(what: str, value: int, allowed: range) -> None:
    if value not in allowed:
        raise InputError(f"{what} must be {allowed.start} to {allowed.stop - 1}, "
                         f"got {shown(value, 40)}")


@dataclass(frozen=True)
class Verdict:
    check: Check
    total: int
    success: bool


class _Verdicts:
    """The verdicts of one line of play, shared by every state on it: a state is a prefix
    (its `count`), so applying a check to the newest state appends instead of copying the
    whole history (a copy per check made a long game's replay grow with its square)."""

    def __init__(self, verdicts: list[Verdict] | None = None):
        self.verdicts = verdicts or []
        self._lock = threading.Lock()

    def extended(self, count: int, verdict: Verdict) -> _Verdicts:
        """Verdicts whose first `count + 1` are this line's first `count` and `verdict`."""
        with self._lock:
            if len(self.verdicts) == count:
                self.verdicts.append(verdict)
                return self
        return _Verdicts([*self.verdicts[:count], verdict])  # a new line after an undo


@dataclass(frozen=True, eq=False)
class DiceLabState(GameState):
    last_event: Event | None = None
    _line: _Verdicts = field(default_factory=_Verdicts, repr=False)
    count: int = 0  # checks so far: this state's prefix of `_line`
    # The successes so far less the successes expected from the checks' chances: the
    # review's equity (the dice's luck, summed).
    above_expectation: Fraction = Fraction(0)

    @property
    def history(self) -> tuple[Verdict, ...]:
        return tuple(self._line.verdicts[:self.count])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DiceLabState):
            return NotImplemented
        return (self.last_event, self.history) == (other.last_event, other.history)

    def __hash__(self) -> int:
        last = self._line.verdicts[self.count - 1] if self.count else None
        return hash((self.count, last))

    def dice_needed(self, action: Check) -> int:
        return action.n_dice

    def apply(self, action: Check) -> DiceLabState:
        return RULES.apply(self, action)

    def _check(self, action: Check) -> DiceLabState:
        action.validate()
        if action.dice is None:
            raise InputError("the dice are missing: roll them or let the app roll")
        dice = Roll.of(action.dice, action.n_dice)
        success = succeeds(dice.total, action.target, action.goal, action.modifier)
        verdict = Verdict(action, dice.total, success)
        return DiceLabState(_event(verdict, dice), self._line.extended(self.count, verdict),
                            self.count + 1, self.above_expectation + success - action.chance)

    def to_json(self) -> JSON:
        """The checks that led here, dice filled in: `from_json` replays them."""
        return RULES.saved({}, (v.check for v in self.history))

    @classmethod
    def from_json(cls, data: JSON) -> DiceLabState:
        return RULES.replayed(lambda _options: cls(), data)


# One action, allowed whenever: a check is never refused for its timing.
RULES = RulesTable("Dice Lab", {Check: Rule(DiceLabState._check)})


def _event(verdict: Verdict, dice: Roll) -> Event:
    check = verdict.check
    final = f", {check.modifier:+d} makes {verdict.total + check.modifier}" \
        if check.modifier else ""
    word = "succeeds" if verdict.success else "fails"
    text = (f"{check.describe()}: rolled {dice}{final}, {word} "
            f"(chance was {percent(check.chance)})")
    return Event(text, "success" if verdict.success else "failure")


def new_state(options: Mapping[str, JSON]) -> DiceLabState:
    check_options(options, (), "Dice Lab")
    return DiceLabState()
