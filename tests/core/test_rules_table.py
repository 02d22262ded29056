"""The rules table: the checks every game's `apply` makes, in one place and one order."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from companion.core.errors import InputError, RuleError
from companion.core.rules_table import Rule, RulesTable


@dataclass(frozen=True)
class Tally:
    phase: str = "adding"
    total: int = 0
    is_over: bool = False

    def apply(self, action):
        return TABLE.apply(self, action)


@dataclass(frozen=True)
class Add:
    k: int


@dataclass(frozen=True)
class Stop:
    pass


TABLE = RulesTable(
    "the tally game",
    {Add: Rule(lambda s, a: replace(s, total=s.total + a.k), ("adding",)),
     Stop: Rule(lambda s, a: replace(s, phase="stopped", is_over=True))},
    not_now=lambda s, a: RuleError(f"not while {s.phase}", rule="Tally: adding"),
    over=lambda s: RuleError("the tally is over", rule="Tally: the end"),
)


def test_a_rule_applies_in_its_phases_and_the_table_lists_its_actions():
    assert TABLE.apply(Tally(), Add(3)).total == 3
    assert TABLE.action_types == (Add, Stop)


def test_the_checks_come_in_order_unknown_then_over_then_phase():
    with pytest.raises(InputError, match="int is not an action of the tally game"):
        TABLE.apply(Tally(is_over=True), 7)
    with pytest.raises(RuleError, match=r"the tally is over \(rule: Tally: the end\)"):
        TABLE.apply(Tally(phase="waiting", is_over=True), Add(1))
    with pytest.raises(RuleError, match=r"not while waiting \(rule: Tally: adding\)"):
        TABLE.apply(Tally(phase="waiting"), Add(1))
    assert TABLE.apply(Tally(phase="waiting"), Stop()).is_over  # a rule for any phase


def test_a_table_whose_rules_name_phases_must_say_how_it_refuses():
    with pytest.raises(ValueError, match="not_now"):
        RulesTable("x", {Add: Rule(lambda s, a: s, ("adding",))})


def test_a_rule_may_refuse_at_another_time_in_its_own_words():
    table = RulesTable(
        "the tally game",
        {Add: Rule(lambda s, a: s, ("adding",),
                   not_now=lambda s, a: RuleError("add while adding", rule="Tally: adding")),
         Stop: Rule(lambda s, a: s, ("adding",))},
        not_now=lambda s, a: RuleError(f"not while {s.phase}", rule="Tally: adding"),
    )
    with pytest.raises(RuleError, match="add while adding"):
        table.apply(Tally(phase="waiting"), Add(1))
    with pytest.raises(RuleError, match="not while waiting"):
        table.apply(Tally(phase="waiting"), Stop())
    only_own = RulesTable("x", {Add: Rule(lambda s, a: s, ("adding",),
                                          not_now=lambda s, a: RuleError("no"))})
    assert only_own.action_types == (Add,)


def test_a_game_may_word_the_refusal_of_an_action_it_does_not_have():
    table = RulesTable("the tally game", {Stop: Rule(lambda s, a: s)},
                       unknown=lambda a: InputError(f"the tally has no {type(a).__name__}"))
    with pytest.raises(InputError, match="the tally has no int"):
        table.apply(Tally(), 7)


def test_a_game_is_saved_as_its_options_and_actions_and_replayed_through_the_table():
    """The one way a state that keeps its history saves itself: `saved` then `replayed`."""
    data = TABLE.saved({"start": 0}, [Add(2), Add(5)])
    assert data == {"options": {"start": 0},
                    "actions": [{"type": "Add", "k": 2}, {"type": "Add", "k": 5}]}
    assert TABLE.replayed(lambda options: Tally(total=options["start"]), data).total == 7


def test_a_saved_game_that_does_not_replay_names_the_action_and_changes_nothing():
    def start(_options):
        return Tally()

    stopped_then_added = [{"type": "Stop"}, {"type": "Add", "k": 1}]
    with pytest.raises(InputError, match="action 2 does not replay: the tally is over"):
        TABLE.replayed(start, {"options": {}, "actions": stopped_then_added})
    with pytest.raises(InputError, match=r"Add\.k"):
        TABLE.replayed(start, {"options": {}, "actions": [{"type": "Add", "k": "two"}]})
    malformed = ([], {"options": {}}, {"options": [], "actions": []},
                 {"options": {}, "actions": {}})
    for bad in malformed:
        with pytest.raises(InputError, match=r"'options' .* and 'actions'"):
            TABLE.replayed(start, bad)
