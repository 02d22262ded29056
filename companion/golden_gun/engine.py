"""The Man with the Golden Gun: Bond's search of Scaramanga's funhouse, room by room.

Two modes share one engine:

- **companion**: the group plays on its own maze and cards and tells the app what Bond
  entered, which green number and which blue card turned up, and the dice; the app keeps
  ammunition, wounds, rooms per section, the blue cards seen and the odds.
- **solo**: the app deals the cards and the maze itself, as the rulebook's Set Up builds
  them, each when Bond sees it: the first section at `SetUp`, a section when it is laid
  (`AddSection.layout`), a room's green card when he enters (`Move.green`), the next blue
  card when it is read (`Reveal.kind`). Each is recorded in its action (replay is exact)
  and nothing in the log tells what comes next, so an undo never shows it again. Games
  stored before dealt the whole decks and four sections at `SetUp`; they replay as played.

The room sequence (How to Play) is the `phase`: "move" (Step 1), "read" (Step 2, companion:
say the green number), "roll" (Step 3), "decide" (Step 5), "reveal" (Steps 4, 6 and 7: read
the blue card), then the card's effects from the effect table ("dodge" and "shot" wait for
a roll; "sheet" lets a group tap its printed sheet's effects), "wait" (a lost turn).
The game ends in "over".

House rules (see rules.py, all options): the effect table, the card counts, the odd split
of the blue deck, a startled Bond with no bullets reads the Hold paragraph, an empty blue
deck is reshuffled from its discards, and the missing Step 7 (Hold) reads the top blue
card's Hold paragraph, just as Step 6 reads its Fire paragraph.

The engine in modules, each importing only those before it:

- `actions`: the actions, the dice check
- `state`: the position (`Position`), what it knows and allows (`legal_actions`), Set Up's
  shuffles
- `cards`: the blue card, Steps 4-7, its effects, dodges and Scaramanga's shot
- `steps`: Set Up, New Maze Sections, Steps 1-3, looking for the exit
- this module: the game, `GoldenGunState` (the rules table `RULES`: each action's rule and
  the phases it is allowed in; saving) and `new_state`, with the names the package, the
  odds, the bot, the dashboard, tests and notebooks use
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from companion.core.errors import InputError, RuleError
from companion.core.game import JSON, Event
from companion.core.rules_table import Rule, RulesTable
from companion.golden_gun import board, cards, rules, steps
from companion.golden_gun.actions import (
    ACTION_TYPES,
    ROLLED,
    AddSection,
    ApplyEffect,
    Dice,
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
from companion.golden_gun.effects import PARAGRAPHS
from companion.golden_gun.options import Config, parse_options
from companion.golden_gun.state import PHASE_TEXT, Phase, Position, Source, deal_blue_deck


def _told(handler: Callable[[Any, Any, list[str]], Any]) -> Callable[[Any, Any], Any]:
    """A rule as the table calls it: its handler(state, action, notes) makes the new state
    and says what happened in notes, which become the new state's event."""
    def rule(state: GoldenGunState, action: Any) -> GoldenGunState:
        notes: list[str] = []
        new = handler(state, action, notes)
        return replace(new, history=(*state.history, action),
                       last_event=Event(" ".join(notes), _outcome(state, new, action)))
    return rule


def _phase_rule(phase: str) -> str:
    return {"dodge": rules.WOUNDS, "shot": rules.WOUNDS, "sheet": rules.SUMMARY_SHEET,
            "setup": rules.SET_UP}.get(phase, rules.HOW_TO_PLAY)


def _outcome(old: Position, new: Position,
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


# Each action's rule and the phases it is allowed in.
RULES = RulesTable(
    "Golden Gun",
    {
        SetUp: Rule(_told(steps.set_up), ("setup",)),
        AddSection: Rule(_told(steps.add_section), ("move",)),
        Move: Rule(_told(steps.move), ("move",)),
        ReadGreen: Rule(_told(steps.read_green), ("read",)),
        RollGreen: Rule(_told(steps.roll_green), ("roll",)),
        Fire: Rule(_told(cards.fire), ("decide",)),
        Hold: Rule(_told(cards.hold), ("decide",)),
        Reveal: Rule(_told(cards.reveal), ("reveal",)),
        Dodge: Rule(_told(cards.dodge), ("dodge",)),
        ScaramangaShot: Rule(_told(cards.shot), ("shot",)),
        ApplyEffect: Rule(_told(cards.apply_effect), ("sheet",)),
        EndCard: Rule(_told(cards.end_card), ("sheet",)),
        Wait: Rule(_told(cards.wait), ("wait",)),
        SearchExit: Rule(_told(steps.search_exit), ("move",)),
    },
    not_now=lambda state, action: RuleError(
        f"{type(action).__name__} is not allowed now: {state.step_text}",
        _phase_rule(state.phase)),
    over=lambda state: RuleError("the game is over", rules.ESCAPING),
    unknown=lambda action: InputError(f"{type(action).__name__} is not a Golden Gun action"),
)
assert set(RULES.action_types) == set(ACTION_TYPES), "every action has its rule"



@dataclass(frozen=True)
class GoldenGunState(Position):
    """A Golden Gun position under the rules: what changes it, and its saving."""

    def apply(self, action: Any) -> GoldenGunState:
        """The state after `action`; RuleError names the rule that forbids it."""
        return RULES.apply(self, action)

    def to_json(self) -> JSON:
        """The options and the actions that led here (dice and cards filled in)."""
        return RULES.saved(self.config.options, self.history)

    @classmethod
    def from_json(cls, data: JSON) -> GoldenGunState:
        return RULES.replayed(new_state, data)


def new_state(options: Mapping[str, JSON]) -> GoldenGunState:
    """The state before Bond's first move; solo starts with SetUp."""
    config = parse_options(options)
    knowledge = {"unseen": {k: n for k, n in config.blue_deck.items() if n},
                 "upper_left": config.upper_size, "greens_unseen": dict(config.green_deck)}
    if config.mode == "solo":
        return GoldenGunState(config, "setup", sections=0, maze=board.Maze(), **knowledge)
    return GoldenGunState(config, "move", **knowledge)


__all__ = [
    "ACTION_TYPES", "PARAGRAPHS", "PHASE_TEXT", "ROLLED", "AddSection", "ApplyEffect", "Config",
    "Dice", "Dodge", "EndCard", "Fire", "GoldenGunState", "Hold", "Move", "Phase", "ReadGreen",
    "Reveal", "RollGreen", "ScaramangaShot", "SearchExit", "SetUp", "Source", "Wait",
    "deal_blue_deck", "new_state", "parse_options",
]
