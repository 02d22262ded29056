"""Goldfinger's review (`companion.core.review`): Bond's luck at every roll and card, and
what each side's unrolled choices cost it, measured in Bond's chance to win: an estimate,
and the page says so.

**The equity** is Bond's chance to win as the bots would play on from here
(`bot.estimate_bond_win`), not an exact chance: no exact value of a whole game exists, and
bot playouts are too slow for a review (7.5 ms a game from the start on this machine, a
review values about 1,500 positions: 64 playouts each would be 12 minutes). So it is a
logistic model of the bot games' result (`features`, weights `WEIGHTS`), fitted once to
3,000 bot games on the sample map (`scripts/fit_goldfinger_review.py`, which prints the
weights and the model's error against 400 fresh bot games from each of 40 positions, half
of them after Bond found Tilly: 9.6 points root mean square in all, largest 26; 2.2 before
Tilly is found, 13.4 after, where the few games that get there teach it least:
`ERROR_POINTS`, shown in `EQUITY_NAME`). A board other than the sample map is valued by
the same weights. It reads the exact odds pieces where they help:
Bond's forward distance to his goal and the exact chance each Enemy car hits him with Fire
before his next step (`fire_odds.enemy_fire_chances`). A position valued once is kept
(`VALUES`): the review, run again after each action, values only the new ones.

Where a position's next step is pure chance the equity is the exact average of its
outcomes under the model (Bond about to roll his movement, a card to roll for, Avoid
rolls, a face-down card to turn over), so those rolls' luck balances exactly. Elsewhere
the model's inconsistency shows as "left unexplained by the estimate".

**What the table knows, only** (`views.public_state`): a card not yet turned over is
valued as any of the cards not yet found, each equally likely by each star not yet
searched, whoever placed them and however (the table does not know the Enemy player's
mind, nor the app bot's draw). So two games differing only in where the face-down cards
lie have the same equity until one is turned over, and turning one over is luck: a Pick
Up's outcomes are the failure and, for each card not yet found, success with that card
(`chance_outcomes`).

**Chance** (`chance_outcomes`): a movement roll's six allowances (1/6 each); every rolled
action (Fire, Force, Trick, Quick Turn, Double Back, Pick Up, Break Gate, Avoid Oil and
Smoke, a card's roll) as success and failure, the only two results the Action Summaries
print; a card turned over as each card not yet found.

**Decisions** (`decision_options`): every unrolled choice of a step (a move, ending the
step, the special actions) against every listed legal action of that moment that leaves
the game at the same stage (the same turn, Bond's step over or not), a rolled one valued
at the average of its success and failure; Bond's placing against every free Space and
facing. Ending a step that ends Bond's step or the turn is not weighed against driving on
(nor the reverse): the model's values for Bond's step and for the Enemy's are fitted
apart, and the gap between them is larger than most choices, so such a comparison would
be the model's, not the player's; the change shows as left unexplained.

Not reviewed as choices: a rolled action itself (the core reviews a
moment as chance or as a choice; its luck is reviewed, the choice to try it is not, but it
is an alternative to every choice it could have replaced), the Enemy's order of cars and
where he aims them, and where he places the cards (hidden, and too many ways). The Enemy's
choices are valued by what the table knows, not by the cards he knows.

**No map** (tracker mode): the review has no board to measure distances or danger on, so
it does not value positions: it refuses in words and the page shows the dice alone.
"""

from __future__ import annotations

import dataclasses
import json
import math
import weakref
from dataclasses import replace
from fractions import Fraction
from typing import Any

from companion.core.errors import InputError
from companion.core.memo import Memo
from companion.core.records import evolve
from companion.goldfinger import actions as a
from companion.goldfinger import bot, fire_odds, odds, rules
from companion.goldfinger.engine import GoldfingerState
from companion.goldfinger.views import public_state

BOND, ENEMY = "Bond", "Enemy"
# The model against 400 bot games from each of 40 positions, root mean square (see the
# docstring): 9.6 points in all, 2.2 before Bond has found Tilly, 13.4 after.
ERROR_POINTS, ERROR_BEFORE_TILLY = 10, 2
EQUITY_NAME = (f"each side's chance to win, an estimate: as the bots would play on, within "
               f"about ±{ERROR_POINTS} percentage points (±{ERROR_BEFORE_TILLY} before Bond finds "
               f"Tilly), "
               f"face-down cards as any not yet found")
EQUITY_IS_CHANCE = True
LUCK_WORDS = SKILL_WORDS = None  # the review's own, for a chance
SUCCESS, FAILURE = (1, 1), (6, 6)  # dice for every success or failure of an at-most roll
NO_ROUTE = 30  # the distance of a goal Bond cannot reach going forward

# Fitted by scripts/fit_goldfinger_review.py (3,000 bot games on the sample map, 416,068
# positions; one weight per name in FEATURES).
WEIGHTS: tuple[float, ...] = (
    4.8644, -0.4194, -0.4488, -0.4696, -0.4550, -2.6974, 2.2722, -0.1276, -0.0707, -0.6545,
    -0.3006, -0.7759, 0.1474, 0.4447, -0.1532, -0.4889, 0.0668, 0.0714, 0.2998, -0.0124)
START = Fraction(6, 100)  # Bond's share of those games (180 of 3,000), before he is placed

# Positions valued, by the game's options and the position as the table knows it.
VALUES: Memo[Fraction] = Memo(kept=200_000)
_OPTION_KEYS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def equity(state: GoldfingerState) -> dict[str, Fraction]:
    """Bond's chance to win, estimated (see the module), and the Enemy's, the rest."""
    chance = bond_chance(state)
    return {BOND: chance, ENEMY: 1 - chance}


def bond_chance(state: GoldfingerState) -> Fraction:
    """Bond's chance to win, estimated from what the table knows (see the module)."""
    if state.board is None:
        raise InputError("the review of luck and skill needs map mode: without the board it "
                         "cannot tell how far Bond is from a card or a gate, nor how close the "
                         "cars are (the dice below are counted all the same)")
    if state.is_over:
        return Fraction(int(state.winner == rules.BOND))
    if state.phase != "play":
        return START
    seen = public_state(state)
    return VALUES.get((_options_key(state), evolve(seen, last_event=None)),
                      lambda: _value(seen))


def _options_key(state: GoldfingerState) -> str:
    found = _OPTION_KEYS.get(state.setup)
    if found is None:
        found = _OPTION_KEYS[state.setup] = json.dumps(state.setup.raw, sort_keys=True)
    return found


def _value(state: GoldfingerState) -> Fraction:
    """A public position's value: the average over its pending chance, else the model."""
    pending = state.pending
    if pending is not None:
        if pending.kind == "card_roll":
            return _average(state, _at_most(a.CardRoll(), odds.action_odds(state, a.CardRoll())[0]))
        if pending.kind == "reveal":
            return _average(state, _cards(state, a.RevealCard))
        kind = a.AvoidOil if pending.kind == "avoid_oil" else a.AvoidSmoke
        roll = kind(pending.cars[0])
        return _average(state, _at_most(roll, odds.action_odds(state, roll)[0]))
    if state.step is None and rules.BOND not in state.done:
        bond = state.piece(rules.BOND)
        if bond.lost_turns:
            return bond_chance(state.apply(a.StartTurn(rules.BOND)))
        return _average(state, _movement(rules.BOND))
    return model(features(state))


def _average(state: GoldfingerState, outcomes: list[tuple[Any, Fraction]]) -> Fraction:
    return sum((p * bond_chance(state.apply(o)) for o, p in outcomes), Fraction(0))


def model(values: tuple[float, ...]) -> Fraction:
    """The logistic model's chance for a position's features."""
    z = sum(w * x for w, x in zip(WEIGHTS, values, strict=True))
    p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
    return Fraction(round(p * 1_000_000), 1_000_000)


FEATURES = ("bias", "Bond's turns left", "Bond's hits", "Bond at 8+ hits", "Bond at 9 hits",
            "has Tilly", "no Tilly: chance the next card is Tilly", "no Tilly: distance",
            "Tilly: distance to a gate", "Fire hits expected before Bond's next step",
            "cars running", "Bond's lost turns", "guard aboard", "Tilly: turns left",
            "cars' hits", "the Enemy's phase", "the Enemy's phase: hits expected",
            "the Enemy's phase: the shots of cars done", "Tilly: Bond's hits",
            "Tilly: hits expected")


def features(state: GoldfingerState) -> tuple[float, ...]:
    """What the model reads of a position in play (map mode), as the table knows it."""
    board, bond = state.board, state.piece(rules.BOND)
    enemy_phase = rules.BOND in state.done
    turns_left = rules.TURNS - state.turn + (not enemy_phase)
    tilly = state.has_tilly
    goals = set(board.gates) if tilly else {star for star, _ in state.cards}
    distance = _distance(state, goals)
    step = state.step
    if step is not None and step.piece == rules.BOND and not step.fire_only:
        distance = max(0, distance - step.left)
    unfound = len(state.cards)
    cars = state.live_cars()
    coming, done = _danger(state)
    return (1.0, float(turns_left), float(bond.hits), float(bond.hits >= 8),
            float(bond.hits >= 9), float(tilly),
            0.0 if tilly or not unfound else 1 / unfound,
            0.0 if tilly else float(distance), float(distance) if tilly else 0.0,
            coming, float(len(cars)), float(bond.lost_turns), float(state.guard),
            float(turns_left) if tilly else 0.0,
            float(sum(state.piece(c).hits for c in cars)), float(enemy_phase),
            coming if enemy_phase else 0.0, done, float(bond.hits) if tilly else 0.0,
            coming if tilly else 0.0)


def _distance(state: GoldfingerState, goals: set[str]) -> int:
    """Forward moves from Bond to the nearest goal, as the bot drives (pieces ignored)."""
    bond = state.piece(rules.BOND)
    if not goals:
        return NO_ROUTE
    if bond.space in goals:
        return 0
    return DISTANCES.get((_options_key(state), bond.space, bond.heading, frozenset(goals)),
                         lambda: _route_length(state, goals))


# Bond's `_distance`, by all it reads: the board, his Space and heading, and the goals
# (positions that differ in anything else share it: a review asks some 1,500 times).
DISTANCES: Memo[int] = Memo(kept=50_000)


def _route_length(state: GoldfingerState, goals: set[str]) -> int:
    bond = state.piece(rules.BOND)
    route = bot._first_steps(state.board, bond.space, bond.heading, goals, set())
    return NO_ROUTE if route is None else min(route[1], NO_ROUTE)


def _danger(state: GoldfingerState) -> tuple[float, float]:
    """Fire hits on Bond expected before his next step, from every car still to move this
    turn (`fire_odds.enemy_fire_chances`, Bond where he is) and from the car moving now; and
    the same chances of the cars done this turn, from where they stopped (next turn's)."""
    step = state.step
    moving = step.piece if step is not None and step.piece != rules.BOND else None
    cars = state.live_cars()
    chances = _fire_chances(state) if cars else {}
    coming = float(sum(chances[c] for c in cars if c not in state.done and c != moving))
    done = float(sum(chances[c] for c in cars if c in state.done))
    if moving is not None and "fire" not in step.used and state.actions_left() > 0:
        car = state.piece(moving)
        if car.space is not None:
            spots = [car.space] if step.fire_only else list(bot._reachable(
                state.board, car.space, car.heading, step.left,
                set(state.occupied()) - {car.space}))
            coming += max(fire_odds.enemy_shot_count(state, s) for s in spots) / odds.DICE
    return coming, done


# Each position's Fire chances (`fire_odds.enemy_fire_chances`), by what they read: the game's
# options (the board, the house rules), the Screen, and every piece's Space, heading, lost
# turns and crash (and each car's hits). Positions that differ only in what the search does
# not read (Bond's hits, the turn, the cards, whose step) share one search: a game's first
# review asked for some 1,500 and needed about 450 (the search was 80% of it).
FIRE_CHANCES: Memo[dict[str, Fraction]] = Memo(kept=50_000)


# And each car's, by what its search reads (`fire_odds.enemy_fire_chance`): a position that
# moves one car, or hits one, leaves the others' searches as they were unless the Spaces
# taken changed (a game's first review searched some 1,660 cars, 1,260 of them different).
CAR_FIRE_CHANCES: Memo[Fraction] = Memo(kept=50_000)


def _fire_chances(state: GoldfingerState) -> dict[str, Fraction]:
    key = (_options_key(state), state.screen,
           tuple((p.name, p.space, p.heading, p.lost_turns, p.crashed,
                  None if p.name == rules.BOND else p.hits) for p in state.pieces))
    return FIRE_CHANCES.get(key, lambda: _each_car_fire_chance(state))


def _each_car_fire_chance(state: GoldfingerState) -> dict[str, Fraction]:
    bond, taken = state.piece(rules.BOND), state.occupied()
    target = fire_odds.target_of(state)
    chances = {}
    for car in state.live_cars():
        piece = state.piece(car)
        key = (_options_key(state), state.screen, bond.space, bond.heading, piece.space,
               piece.heading, piece.lost_turns, piece.hits,
               frozenset(space for space in taken if space != piece.space))
        chances[car] = CAR_FIRE_CHANCES.get(
            key, lambda car=car: fire_odds.enemy_fire_chance(state, car, target))
    return chances


# Chance.


def _at_most(action: Any, chance: Fraction) -> list[tuple[Any, Fraction]]:
    """An at-most roll's two outcomes: success and failure, with their chances."""
    return [(replace(action, dice=dice), q)
            for dice, q in ((SUCCESS, chance), (FAILURE, 1 - chance)) if q]


def _movement(piece: str) -> list[tuple[Any, Fraction]]:
    """A movement roll: one outcome per allowance (every allowance is 1/6)."""
    side = "bond" if piece == rules.BOND else "enemy"
    totals = odds.movement_totals(side)
    return [(a.StartTurn(piece, _dice(totals[spaces][0])), chance)
            for spaces, chance in odds.movement_distribution(side).items()]


def _dice(total: int) -> tuple[int, int]:
    return (1, total - 1) if total <= 7 else (6, total - 6)


def _cards(state: GoldfingerState, make) -> list[tuple[Any, Fraction]]:
    seen = {card for _, card in state.found}
    unseen = [c for c in rules.CARD_NAMES if c not in seen]
    return [(make(card), Fraction(1, len(unseen))) for card in unseen]


def _pick_up(state: GoldfingerState, action: a.PickUpCard) -> list[tuple[Any, Fraction]]:
    """Failure, and success with each card not yet found (the table's view: a card the
    app knows is valued as any of them until it is turned over)."""
    chance = odds.action_odds(state, action)[0]
    outcomes = _at_most(action, chance)
    if dict(state.cards).get(action.star) is None:  # a face-down real card: a reveal follows
        return outcomes
    success = [(o, p) for o, p in outcomes if o.dice == SUCCESS]
    failure = [(o, p) for o, p in outcomes if o.dice == FAILURE]
    if not success:
        return failure
    seen = public_state(state)
    cards = []
    for card, q in _cards(state, str):
        dealt = tuple((s, card if s == action.star else None) for s, _ in seen.cards)
        cards.append((dataclasses.replace(seen, cards=dealt).apply(success[0][0]),
                      success[0][1] * q))
    return cards + failure


def chance_outcomes(state: GoldfingerState, action: Any) -> list[tuple[Any, Fraction]] | None:
    if state.board is None or state.phase != "play":
        return None
    if isinstance(action, a.StartTurn):
        if action.dice is None or state.piece(action.piece).lost_turns:
            return None
        return _movement(action.piece)
    if isinstance(action, a.RevealCard):
        return _cards(state, a.RevealCard) if state.pending is not None else None
    if getattr(action, "dice", None) is None:
        return None
    if isinstance(action, a.PickUpCard):
        return _pick_up(state, action)
    found = odds.action_odds(state, action)
    return None if found is None else _at_most(action, found[0])


# Decisions.

UNROLLED = (a.Move, a.EndMove, a.EjectGuard, a.RaiseScreen, a.OilSlick, a.SmokeScreen)


def decision_options(state: GoldfingerState, action: Any) -> tuple[str, list[Any]] | None:
    if state.board is None:
        return None
    if isinstance(action, a.PlaceBond) and state.phase == "bond":
        return BOND, [o for o in state.legal_actions() or () if isinstance(o, a.PlaceBond)]
    if not isinstance(action, UNROLLED) or state.step is None or state.pending is not None:
        return None
    side = BOND if state.step.piece == rules.BOND else ENEMY
    stage = _stage(state.apply(action))
    options: list[Any] = []
    for option in state.legal_actions() or ():
        if getattr(option, "dice", ()) is None and state.dice_needed(option):
            outcomes = chance_outcomes(state, replace(option, dice=SUCCESS))
            if outcomes and all(_stage(_after(state, o)) == stage for o, _ in outcomes):
                options.append(outcomes)
        elif _stage(state.apply(option)) == stage:
            options.append(option)
    return side, options


def _stage(state: GoldfingerState) -> tuple[int, bool]:
    """The turn and whether Bond's step in it is over: a choice is compared only with
    those that leave the game at the same stage (see `decision_options`)."""
    return state.turn, rules.BOND in state.done or state.is_over


def _after(state: GoldfingerState, outcome: Any) -> GoldfingerState:
    return outcome if isinstance(outcome, GoldfingerState) else state.apply(outcome)
