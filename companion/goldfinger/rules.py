"""Goldfinger's rulebook as data: both Action Summaries, the five cards and every limit.

Every constant cites its section in ``../shared/rules/goldfinger.txt``. Where
the rulebook is silent, the choice is a ``HOUSE RULE`` default in
`HOUSE_RULES`, which a game's options may override (``READING_NOTES.md``,
Goldfinger part, gives the defaults).

A rolled action succeeds when two dice plus its modifiers come to the top of
its printed success range or less ("Dice 2-7 (success)"); a modified total
above 12 is a failure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.core.dice import ResultTable

Side = Literal["bond", "enemy"]
SIDES: tuple[Side, ...] = ("bond", "enemy")
BOND = "bond"
# Set Up: "place the Enemy pieces in the Spaces marked (A, B, C, and D)".
ENEMY_CARS: tuple[str, ...] = ("A", "B", "C", "D")
PIECES: tuple[str, ...] = (BOND, *ENEMY_CARS)

# How To Win: "before the end of his 15th turn".
TURNS = 15
# Actions: "Bond can perform a maximum of 3 Actions in one turn; each Enemy piece can perform 2".
ACTIONS_PER_TURN: dict[Side, int] = {"bond": 3, "enemy": 2}
# Damage and Crashing: "When the Aston Martin has taken a total of 10 Hits, it crashes".
BOND_CRASH_HITS = 10
# Damage and Crashing: "When an Enemy piece has taken a total of 3 Hits, it crashes".
ENEMY_CRASH_HITS = 3
# How To Play, step 2: "the Bond player must add 4 to many of his Action dice rolls".
GUARD_MODIFIER = 4
# James Bond Action Summary, Double Back: "3, if the Bulletproof Screen is raised".
SCREEN_DOUBLE_BACK_MODIFIER = 3
# Firing Weapons: "add 1 to your Fire Action dice roll for each Space between".
PER_SPACE_BETWEEN = 1
# James Bond Action Summary, Special Actions: Oil Slick "1 or 2 Spaces behind Bond".
OIL_BEHIND = (1, 2)
# James Bond Action Summary, Special Actions: Smoke Screen "3, 4, or 5 Spaces (no more, no less)".
SMOKE_BEHIND = (3, 4, 5)

# James Bond Action Summary, Movement: dice total -> Spaces Bond can move.
BOND_MOVEMENT: ResultTable[int] = ResultTable({
    (2, 2): 4, (3, 3): 5, (4, 4): 6, (5, 5): 7, (6, 6): 8, (7, 7): 9,
    (8, 8): 4, (9, 9): 5, (10, 10): 6, (11, 11): 7, (12, 12): 8,
})
# Enemy Action Summary, Movement: dice total -> maximum Spaces the Enemy piece can move.
ENEMY_MOVEMENT: ResultTable[int] = ResultTable({
    (2, 2): 3, (3, 3): 4, (4, 4): 5, (5, 5): 6, (6, 6): 7, (7, 7): 8,
    (8, 8): 3, (9, 9): 4, (10, 10): 5, (11, 11): 6, (12, 12): 7,
})
MOVEMENT: dict[Side, ResultTable[int]] = {"bond": BOND_MOVEMENT, "enemy": ENEMY_MOVEMENT}

LostTime = Literal["", "rest", "rest_and_next", "next"]


@dataclass(frozen=True)
class Result:
    """One white (success) or gray (failure) box of an Action Summary, as effects.

    `effect` names what happens to the board: "quick_turn", "reverse", "pass",
    "aside" (the target is forced off the road), "look", "escape", "back_up",
    "removed" (the acting piece crashes) or "" (nothing moves).
    """

    text: str
    hits_self: int = 0
    hits_target: int = 0
    self_loses: LostTime = ""
    target_loses: LostTime = ""
    effect: str = ""


@dataclass(frozen=True)
class ActionRule:
    """One action line of an Action Summary."""

    name: str
    section: str
    success: tuple[int, int]
    failure: tuple[int, int]
    on_success: Result
    on_failure: Result
    guard: bool = False  # adds GUARD_MODIFIER while Bond has the guard
    screen: int = 0  # added while the Bulletproof Screen is raised
    per_space: int = 0  # added for each Space between the piece and its target


_BOND = "James Bond Action Summary"
_ENEMY = "Enemy Action Summary"
_LOSE = "rest_and_next"

# James Bond Action Summary: every rolled action, success and failure as printed.
BOND_ACTIONS: dict[str, ActionRule] = {rule.name: rule for rule in (
    ActionRule("quick_turn", f"{_BOND}: Quick Turn", (2, 7), (8, 12),
               Result("Bond turns along the Quick Turn arrow and continues.", effect="quick_turn"),
               Result("Bond continues without making the Quick Turn."), guard=True),
    ActionRule("double_back", f"{_BOND}: Double Back", (2, 7), (8, 12),
               Result("Bond reverses direction and continues.", effect="reverse"),
               Result("Bond remains facing in the same direction, and he loses the rest of "
                      "this turn and all of his next turn.", self_loses=_LOSE),
               guard=True, screen=SCREEN_DOUBLE_BACK_MODIFIER),
    ActionRule("trick", f"{_BOND}: Trick", (2, 8), (9, 12),
               Result("Bond passes the piece and continues.", effect="pass"),
               Result("Bond stops in the Space before the other piece, he takes 1 Hit, and he "
                      "loses the rest of this turn and all of his next turn.",
                      hits_self=1, self_loses=_LOSE, effect="back_up"), guard=True),
    ActionRule("force", f"{_BOND}: Force", (2, 10), (11, 12),
               Result("The Enemy piece takes 1 Hit, loses its next turn, and is moved off to "
                      "one side.", hits_target=1, target_loses="next", effect="aside"),
               Result("Bond loses the rest of this turn and all of his next turn.",
                      self_loses=_LOSE, effect="back_up"), guard=True),
    ActionRule("pick_up", f"{_BOND}: Pick Up Card", (2, 7), (8, 12),
               Result("The Bond player looks at the card and follows the instructions; he can "
                      "continue.", effect="look"),
               Result("The Bond player does not get to look at the card; he can continue."),
               guard=True),
    ActionRule("break_gate", f"{_BOND}: Break Gate", (2, 6), (7, 12),
               Result("Bond escapes and wins.", effect="escape"),
               Result("Bond loses the rest of this turn and all of his next turn.",
                      self_loses=_LOSE), guard=True),
    ActionRule("fire", f"{_BOND}: Fire", (2, 7), (8, 12),
               Result("The Enemy piece takes 1 Hit.", hits_target=1),
               Result("No effect."), guard=True, per_space=PER_SPACE_BETWEEN),
)}

# Enemy Action Summary: every rolled action, success and failure as printed.
ENEMY_ACTIONS: dict[str, ActionRule] = {rule.name: rule for rule in (
    ActionRule("quick_turn", f"{_ENEMY}: Quick Turn", (2, 7), (8, 12),
               Result("The Enemy piece turns along the Quick Turn arrow and continues.",
                      effect="quick_turn"),
               Result("The Enemy piece continues without making the Quick Turn.")),
    ActionRule("double_back", f"{_ENEMY}: Double Back", (2, 7), (8, 12),
               Result("The Enemy piece reverses direction and continues.", effect="reverse"),
               Result("The Enemy piece remains facing in the same direction, and it loses the "
                      "rest of this turn and all of its next turn.", self_loses=_LOSE)),
    ActionRule("trick", f"{_ENEMY}: Trick", (2, 7), (8, 12),
               Result("The Enemy piece passes the Bond (or other Enemy) piece and continues.",
                      effect="pass"),
               Result("The Enemy piece stops in the Space before reaching the other piece, it "
                      "takes 1 Hit, and it loses the rest of this turn and all of its next turn.",
                      hits_self=1, self_loses=_LOSE, effect="back_up")),
    ActionRule("force", f"{_ENEMY}: Force", (2, 7), (8, 12),
               Result("Bond takes 1 Hit, loses his next turn, and is moved off to one side.",
                      hits_target=1, target_loses="next", effect="aside"),
               Result("The Enemy piece loses the rest of this turn and all of its next turn.",
                      self_loses=_LOSE, effect="back_up")),
    ActionRule("fire", f"{_ENEMY}: Fire", (2, 7), (8, 12),
               Result("Bond takes 1 Hit.", hits_target=1),
               Result("No effect."), per_space=PER_SPACE_BETWEEN),
    ActionRule("avoid_smoke", f"{_ENEMY}: Avoid Smoke", (2, 7), (8, 12),
               Result("The Enemy piece avoids the accident. No effect."),
               Result("The Enemy piece takes 1 Hit.", hits_self=1)),
    ActionRule("avoid_oil", f"{_ENEMY}: Avoid Oil", (2, 7), (8, 12),
               Result("The Enemy piece avoids the crash. No effect."),
               Result("The Enemy piece crashes and is removed from the game.",
                      effect="removed")),
)}

ACTIONS: dict[Side, dict[str, ActionRule]] = {"bond": BOND_ACTIONS, "enemy": ENEMY_ACTIONS}


@dataclass(frozen=True)
class SpecialAction:
    """One of Bond's Special Actions: automatic, with a cost in actions and a limit."""

    name: str
    cost: int  # actions it uses
    once_per_game: bool
    text: str


_SPECIAL = f"{_BOND}: Special Actions"
# James Bond Action Summary, Special Actions.
SPECIAL_ACTIONS: dict[str, SpecialAction] = {s.name: s for s in (
    SpecialAction("eject_guard", 3, False, "Bond ejects the guard: no more +4 to his rolls."),
    SpecialAction("raise_screen", 3, False, "Bond raises the Bulletproof Screen: no Hits from "
                  "the rear, +3 to Double Back."),
    SpecialAction("oil_slick", 1, True, "Bond releases the Oil Slick."),
    SpecialAction("smoke_screen", 1, True, "Bond releases the Smoke Screen."),
)}
SPECIAL_SECTION = _SPECIAL


@dataclass(frozen=True)
class CardRule:
    """One card of the Special Card Summary. `safe` is the top roll that leaves Bond
    unaffected, for the cards that roll; `on_hit` is what a higher roll does."""

    name: str
    text: str
    effect: Result
    safe: int | None = None
    on_hit: Result | None = None
    keep: bool = False  # Bond keeps it (Tilly); the others are discarded


TILLY = "Tilly"
# Special Card Summary: the five cards.
CARDS: dict[str, CardRule] = {c.name: c for c in (
    CardRule("Mirror", "Bond is blinded by the glare of his own headlights in a mirror!",
             Result("Bond continues unaffected."), safe=10,
             on_hit=Result("Bond takes 2 Hits and loses the rest of this turn.", hits_self=2,
                           self_loses="rest")),
    CardRule("Old Lady", "A kindly little old lady opens up on Bond with a machinegun!",
             Result("Bond continues unaffected."), safe=6,
             on_hit=Result("Bond takes 1 Hit and continues.", hits_self=1)),
    CardRule("Odd Job", "Goldfinger's henchman suddenly appears in front of Bond!",
             Result("Bond loses the rest of this turn and all of his next turn.",
                    self_loses=_LOSE)),
    CardRule(TILLY, "Bond keeps this card; he can now try to escape by moving to a gate and "
             "performing a successful Break Gate Action!", Result("Bond has found Tilly."),
             keep=True),
    CardRule("Nothing Here", "This is just a false clue planted by the Enemy player.",
             Result("It has no effect.")),
)}
CARD_NAMES: tuple[str, ...] = tuple(CARDS)
# Set Up: "he must place all five cards", "only one card per star".
CARDS_TO_PLACE = len(CARDS)
CARD_SECTION = "Special Card Summary"

# Every named section a refusal can cite.
SECTION_SET_UP = "Set Up"
SECTION_HOW_TO_PLAY = "How To Play"
SECTION_HOW_TO_WIN = "How To Win"
SECTION_MOVEMENT = "Movement"
SECTION_ACTIONS = "Actions"
SECTION_FIRING = "Firing Weapons"
SECTION_CARD_PICK_UP = "How To Play: Card Pick Up"
SECTION_LOSING = "How To Play: Losing a Turn"

# HOUSE RULE defaults, each overridable through the game's options (same key).
HOUSE_RULES: dict[str, bool] = {
    # HOUSE RULE: READING_NOTES says a piece that loses its turn "may still Fire". A piece
    # that loses the rest of its current turn (a failed Force or Trick: "you must back up
    # one Space and end your turn") ends it by default; True lets it still Fire.
    "fire_after_losing_rest": False,
    # HOUSE RULE: Movement, Quick Turn: "you 'skip' a Space completely: it does not count as
    # a Space moved". Read plainly, the skipped Space is free and entering the landing Space
    # costs one, so a Quick Turn needs one Space left (True); False makes it cost nothing.
    "quick_turn_costs_move": True,
    # HOUSE RULE: the rulebook does not say whether two "lose a turn" results add up; by
    # default they do (each result costs one of the piece's own coming turns).
    "lost_turns_add_up": True,
    # HOUSE RULE: the Trick "jump" into the next Space costs no movement (the rulebook
    # only says the piece "goes by the other piece into the next Space"); set True to make it
    # cost one Space (then it needs one Space of movement left).
    "trick_jump_costs_move": False,
}
# HOUSE RULE (map mode, per action): a forced piece "is moved off to one side" into a free
# Space linked to its own; the forcing player names it (`Force.aside`), default the first by id.
# A piece may enter an occupied Space only if it can then Force or Trick there (a free Space to
# force the other piece into, or a free Space ahead to jump into, and the action still unused).
# HOUSE RULE (map mode): "the rear" of the Aston Martin is the half of the board behind its
# heading; "behind Bond" for Oil Slick / Smoke Screen counts forward moves from Bond's Space
# with his heading reversed. Sight is a straight segment that crosses no building rectangle;
# a line of fire runs along Road/Cut-Over lines through Spaces the shooter can see, and Bond's
# target must also lie ahead of him.
# Reading (not an option): Avoid Oil / Avoid Smoke are rolled during Bond's turn as reactions,
# so they use none of the Enemy piece's 2 actions and do not stop it doing the same later.
# Reading (not an option): a piece that loses a turn does not roll for movement (it "cannot
# move"); Eject Guard and Raise Screen need all 3 actions, so no other action that turn;
# the game ends as soon as Bond's 15th turn ends without an escape (How To Win), before the
# Enemy's 15th.
