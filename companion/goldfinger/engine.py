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

The engine in modules, each importing only those before it:

- `actions`: the actions; `rules`: the rulebook's tables; `board`: the map
- `state`: the position (`Position`: pieces, step, pending, set-up) and what the table sees
- `steps`: what every action of a step shares (checks, Action Summary rolls, Hits, lost
  turns, the end of a step)
- `turns`, `moving`, `firing`: the rules, each module with its part of the rules table
- this module: the game, `GoldfingerState` (the rules table `RULES` applies an action;
  chance, legal actions, saving) and `new_state`
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import InputError, RuleError
from companion.core.game import JSON
from companion.core.records import evolve
from companion.core.rules_table import RulesTable
from companion.goldfinger import firing, moving, rules, turns
from companion.goldfinger.actions import (  # noqa: F401 (the engine's public names)
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
from companion.goldfinger.hiding import hide_cards
from companion.goldfinger.legal import legal_actions
from companion.goldfinger.state import (  # noqa: F401 (the engine's public names)
    Pending,
    Phase,
    Piece,
    Position,
    Setup,
    Step,
    read_setup,
    rule_name,
    starting_pieces,
)

# Every action's rule: its handler, the phases it is allowed in and its refusal at another
# time; the turn's actions wait for the set-up ("cards", then "bond") to be done.
RULES = RulesTable(
    "Goldfinger",
    {**turns.RULES, **moving.RULES, **firing.RULES},
    not_now=lambda state, _action: RuleError(
        "finish the set-up first", rule=rule_name(rules.SECTION_SET_UP)),
    over=lambda state: RuleError("the game is over", rule=rule_name(rules.SECTION_HOW_TO_WIN)),
    unknown=lambda action: InputError(f"Goldfinger has no action {type(action).__name__}"),
)
assert set(RULES.action_types) == set(ACTION_TYPES), "every action has its rule"



@dataclass(frozen=True)
class GoldfingerState(Position):
    """A Goldfinger position under the rules: what changes it, its chance, and its saving."""

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
        new = RULES.apply(self, action)
        return evolve(new, history=(*self.history, action))

    def legal_actions(self) -> list[Any] | None:
        return legal_actions(self)

    def to_json(self) -> JSON:
        """The options and the actions that led here: `from_json` replays them."""
        return RULES.saved(self.setup.raw, self.history)

    @classmethod
    def from_json(cls, data: JSON) -> GoldfingerState:
        return RULES.replayed(new_state, data)


def new_state(options: Mapping[str, JSON]) -> GoldfingerState:
    """A game at set-up. Options: "map" (null, "sample" or a board object), "bot" (null,
    "bond" or "enemy": the side the app plays; needs a map) and any of `rules.HOUSE_RULES`
    (true/false)."""
    setup = read_setup(options)
    return GoldfingerState(setup=setup, pieces=starting_pieces(setup.board))
