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
from companion.goldfinger.firing import (
    _avoid,
    _break_gate,
    _card_roll,
    _fire,
    _pick_up,
    _reveal,
    _special,
)
from companion.goldfinger.moving import _double_back, _force, _move, _quick_turn, _trick
from companion.goldfinger.state import (  # noqa: F401 (the engine's public names)
    HANDLERS,
    GoldfingerState,
    Pending,
    Phase,
    Piece,
    Setup,
    Step,
    new_state,
)
from companion.goldfinger.steps import _aim_car, _end_move, _place_bond, _place_cards, _start_turn

HANDLERS.update({
    PlaceCards: _place_cards, AimCar: _aim_car, PlaceBond: _place_bond, StartTurn: _start_turn,
    Move: _move, QuickTurn: _quick_turn, DoubleBack: _double_back, Trick: _trick, Force: _force,
    Fire: _fire, PickUpCard: _pick_up, RevealCard: _reveal, CardRoll: _card_roll,
    BreakGate: _break_gate, EjectGuard: _special, RaiseScreen: _special, OilSlick: _special,
    SmokeScreen: _special, AvoidOil: _avoid, AvoidSmoke: _avoid, EndMove: _end_move,
})
