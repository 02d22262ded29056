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
- `state`: the State, what it knows and allows (`legal_actions`), `new_state`, Set Up's shuffles
- `cards`: the blue card, Steps 4-7, its effects, dodges and Scaramanga's shot
- `steps`: Set Up, New Maze Sections, Steps 1-3, looking for the exit
- this module: the rule for each action registered in `state.HANDLERS`, and the names the
  package, the odds, the bot, the dashboard, tests and notebooks use
"""

from __future__ import annotations

from companion.golden_gun import cards, steps
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
from companion.golden_gun.state import (
    HANDLERS,
    PHASE_TEXT,
    GoldenGunState,
    Phase,
    Source,
    deal_blue_deck,
    new_state,
)

# Each action's rule and the phases it is allowed in.
HANDLERS.update({
    SetUp: (steps.set_up, ("setup",)),
    AddSection: (steps.add_section, ("move",)),
    Move: (steps.move, ("move",)),
    ReadGreen: (steps.read_green, ("read",)),
    RollGreen: (steps.roll_green, ("roll",)),
    Fire: (cards.fire, ("decide",)),
    Hold: (cards.hold, ("decide",)),
    Reveal: (cards.reveal, ("reveal",)),
    Dodge: (cards.dodge, ("dodge",)),
    ScaramangaShot: (cards.shot, ("shot",)),
    ApplyEffect: (cards.apply_effect, ("sheet",)),
    EndCard: (cards.end_card, ("sheet",)),
    Wait: (cards.wait, ("wait",)),
    SearchExit: (steps.search_exit, ("move",)),
})
assert set(HANDLERS) == set(ACTION_TYPES), "every action has its rule"

__all__ = [
    "ACTION_TYPES", "PARAGRAPHS", "PHASE_TEXT", "ROLLED", "AddSection", "ApplyEffect", "Config",
    "Dice", "Dodge", "EndCard", "Fire", "GoldenGunState", "Hold", "Move", "Phase", "ReadGreen",
    "Reveal", "RollGreen", "ScaramangaShot", "SearchExit", "SetUp", "Source", "Wait",
    "deal_blue_deck", "new_state", "parse_options",
]
