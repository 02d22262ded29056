"""Exact Goldfinger odds: every rolled action, movement, and (with a map) where Bond can
reach this turn; the Enemy cars' Fire on him is `fire_odds`, which shares this module's
whole-number counts out of 36.

Everything here is exact (fractions.Fraction) under the assumptions each
docstring states; nothing is sampled. The bot-against-bot whole-game hint is in
`bot.estimate_bond_win`, which says its margin.
"""

from __future__ import annotations

import math
import threading
import weakref
from fractions import Fraction
from functools import cache

from companion.core.dice import p_at_most, total_distribution
from companion.core.errors import InputError, shown
from companion.core.game import GameState
from companion.goldfinger import actions as e
from companion.goldfinger import rules
from companion.goldfinger.board import Board
from companion.goldfinger.places import Place, place_of
from companion.goldfinger.rules import ACTIONS, CARDS, MOVEMENT, Side

# The engine's GoldfingerState; odds sits below the engine and reads a state's fields only.
GoldfingerState = GameState

CARD_ROLLS = {"mirror": "Mirror", "old_lady": "Old Lady"}
Modifiers = tuple[tuple[str, int], ...]


def _check_side(side: object) -> Side:
    if side not in rules.SIDES:
        raise InputError(f"side is 'bond' or 'enemy', got {shown(side, 30)}")
    return side  # type: ignore[return-value]


def action_rule(side: Side, action: str) -> rules.ActionRule:
    """The Action Summary line of `action` for `side`; InputError if it has none."""
    table = ACTIONS[_check_side(side)]
    if action not in table:
        raise InputError(f"{side} has no rolled action {shown(action, 30)} "
                         f"(known: {', '.join(table)})")
    return table[action]


def modifiers(side: Side, action: str, *, guard: bool = False, screen: bool = False,
              spaces_between: int = 0) -> Modifiers:
    """What is added to the dice, labelled: (("guard", 4), ("distance", 2)).

    >>> modifiers("bond", "fire", guard=True, spaces_between=2)
    (('guard', 4), ('distance', 2))
    """
    rule = action_rule(side, action)
    if isinstance(spaces_between, bool) or not isinstance(spaces_between, int) \
            or spaces_between < 0:
        raise InputError(f"spaces between must be 0 or more, got {shown(spaces_between, 30)}")
    found: list[tuple[str, int]] = []
    if rule.guard and guard:
        found.append(("guard", rules.GUARD_MODIFIER))
    if rule.screen and screen:
        found.append(("screen", rule.screen))
    if rule.per_space and spaces_between:
        found.append(("distance", rule.per_space * spaces_between))
    return tuple(found)


def describe_modifiers(mods: Modifiers) -> str:
    """'+4 guard, +2 distance', or '' when nothing is added."""
    return ", ".join(f"{value:+d} {label}" for label, value in mods)


def success_chance(side: Side, action: str, *, guard: bool = False, screen: bool = False,
                   spaces_between: int = 0) -> Fraction:
    """The exact chance that `side`'s `action` succeeds.

    `action` is a rolled action of the side's Action Summary (quick_turn,
    double_back, trick, force, pick_up, break_gate, fire for Bond; quick_turn,
    double_back, trick, force, fire, avoid_smoke, avoid_oil for the Enemy), or a
    card that rolls ("mirror", "old_lady": the chance Bond continues unaffected).
    Special actions (eject_guard, raise_screen, oil_slick, smoke_screen) always
    succeed.

    >>> success_chance("bond", "fire", guard=True, spaces_between=1)  # 2d6 + 5 <= 7
    Fraction(1, 36)
    >>> success_chance("enemy", "force")
    Fraction(7, 12)
    """
    _check_side(side)
    if action in CARD_ROLLS and side == "bond":
        return p_at_most(CARDS[CARD_ROLLS[action]].safe or 0)
    if action in rules.SPECIAL_ACTIONS and side == "bond":
        return Fraction(1)
    rule = action_rule(side, action)
    mods = modifiers(side, action, guard=guard, screen=screen, spaces_between=spaces_between)
    return _p_at_most(rule.success[1], sum(v for _, v in mods))


@cache
def _p_at_most(top: int, added: int) -> Fraction:
    return p_at_most(top, added)


def movement_distribution(side: Side) -> dict[int, Fraction]:
    """Spaces a piece may move -> chance (each value is 1/6: the table folds 2d6 in two).

    >>> movement_distribution("bond")[9]
    Fraction(1, 6)
    """
    return dict(sorted(MOVEMENT[_check_side(side)].distribution().items()))


def succeeds(total: int, side: Side, action: str, mods: Modifiers) -> bool:
    """Whether a dice total plus modifiers is in the printed success range."""
    return total + sum(v for _, v in mods) <= action_rule(side, action).success[1]


# Map mode.
#
# Two exact best-plan searches, run again after every action. A value is exact in whole
# numbers: a chance times 36 ** (actions left). Every roll is one action and each of its
# chances is a count out of 36, so the numbers stay whole (and comparing them is far
# quicker than comparing Fractions).
DICE = 36
Value = dict[str, int]  # Space -> a chance of ending there, scaled as above
# The manoeuvres tried this turn (Actions: no action twice a turn), as bits of one int.
QUICK_TURN, DOUBLE_BACK, TRICK, FORCE = 1, 2, 4, 8
MANOEUVRES = {"quick_turn": QUICK_TURN, "double_back": DOUBLE_BACK, "trick": TRICK,
              "force": FORCE}


def bond_reach_chances(state: GoldfingerState) -> dict[str, Fraction]:
    """For every Space, the chance Bond can end his move there this turn (map mode).

    Exact, for the best plan for each Space: Bond moves forward only, and may try each
    manoeuvre once (Actions: no action twice a turn), as many as his actions left allow:
    a Quick Turn (on failure he goes on from where he was), a Double Back (on failure his
    turn ends where he is), and, to pass a Space held by another piece, a Trick (landing
    in a free Space ahead) or a Force (the car is put aside where he likes, or crashes on
    its third Hit); a failed Trick or Force backs him up one Space and ends his turn. No
    Space held by another piece can be an end Space. The other pieces stay where they
    are. Before Bond has rolled, the movement roll is averaged over the table (each
    allowance 1/6); after, his spaces and actions left are used.

    Not counted as ways through: firing at a car to crash it, and Oil Slick or Smoke
    Screen crashing the cars behind him (plans that rare are left out, so the figure can
    only be a little low). The test suite checks it against the engine by brute force.
    """
    board_of(state)
    bond = state.piece(rules.BOND)
    step = state.step if state.step and state.step.piece == rules.BOND else None
    if (bond.lost_turns and step is None) or (step is not None and step.fire_only):
        return {bond.space: Fraction(1)}
    search = _reach_search(state)
    start = place_of(state.board, bond.space, bond.heading)
    if step is not None:
        actions = state.actions_left()
        used = sum(bit for name, bit in MANOEUVRES.items() if name in step.used)
        turn = (start, step.left, actions, used, search.others)
        found = search.contest(*turn, step.back[0]) if step.contest else search.free(*turn)
        return _chances(found, actions)
    actions = rules.ACTIONS_PER_TURN["bond"]
    weights, out_of = movement_weights("bond")
    totals: dict[str, int] = {}
    for allowance, weight in weights:
        for space, n in search.free(start, allowance, actions, 0, search.others).items():
            totals[space] = totals.get(space, 0) + weight * n
    return _chances(totals, actions, out_of)


def _chances(value: Value, actions: int, out_of: int = 1) -> dict[str, Fraction]:
    return {key: Fraction(n, out_of * DICE ** actions) for key, n in value.items()}


@cache
def movement_weights(side: Side) -> tuple[tuple[tuple[int, int], ...], int]:
    """`movement_distribution` in whole numbers: ((spaces, weight), ...) and the total the
    weights are out of, so that a search's counts are added up before any Fraction."""
    chances = movement_distribution(side)
    out_of = math.lcm(*(p.denominator for p in chances.values()))
    return tuple((spaces, int(p * out_of)) for spaces, p in chances.items()), out_of


def board_of(state: GoldfingerState) -> Board:
    if state.board is None:
        raise InputError("this needs map mode: the game has no map")
    return state.board


def manoeuvre_counts(state: GoldfingerState, side: Side) -> tuple[int, ...]:
    """Successes out of 36 for a Quick Turn, a Double Back, a Trick and a Force."""
    return _manoeuvre_counts(side, state.guard and side == "bond", state.screen)


@cache
def _manoeuvre_counts(side: Side, guard: bool, screen: bool) -> tuple[int, ...]:
    return tuple(int(success_chance(side, name, guard=guard, screen=screen) * DICE)
                 for name in MANOEUVRES)


# Per board, the last few reach searches by their setting (`_ReachSearch.setting`). Bond's
# moves in one turn are a tap each, and each next position asks the search of the one
# before: most of its values are worked out already.
_SEARCHES: weakref.WeakKeyDictionary[Board, dict[tuple, _ReachSearch]] = \
    weakref.WeakKeyDictionary()
_SEARCHES_KEPT = 4  # per board: a search's memo holds a turn's worth of values
_SEARCHES_LOCK = threading.Lock()  # the whole-game estimate runs in a thread


def _reach_search(state: GoldfingerState) -> _ReachSearch:
    """A search for Bond's reach in `state`: one kept from an earlier position with the same
    setting, or a new one."""
    search = _ReachSearch(state)
    with _SEARCHES_LOCK:
        kept = _SEARCHES.setdefault(state.board, {})
        search = kept.pop(search.setting, search)
        kept[search.setting] = search  # the newest last
        while len(kept) > _SEARCHES_KEPT:
            del kept[next(iter(kept))]
    return search


class _ReachSearch:
    """Bond's best plan for each Space over the rest of his turn, over every roll.

    A search state is where Bond is and what he has left: (place, moves, actions, used,
    occupied), `used` the manoeuvre bits and `occupied` the Spaces held by the other
    pieces. Its value says, Space by Space, the chance of the best plan for ending there.
    Values are memoised per search and shared: never change one.
    """

    def __init__(self, state: GoldfingerState):
        bond = state.piece(rules.BOND)
        (self.quick_turn_count, self.double_back_count, self.trick_count,
         self.force_count) = manoeuvre_counts(state, "bond")
        self.trick_cost = 1 if state.setup.house["trick_jump_costs_move"] else 0
        self.quick_turn_cost = 1 if state.setup.house["quick_turn_costs_move"] else 0
        # A failed Trick costs 1 Hit, which may be his last.
        self.trick_fail_crashes = bond.hits + 1 >= rules.BOND_CRASH_HITS
        self.others = frozenset(s for s in state.occupied() if s != bond.space)
        self.fragile = frozenset(  # cars one Hit from crashing: a Force removes them
            space for space, name in state.occupied().items()
            if name != rules.BOND and state.piece(name).hits + 1 >= rules.ENEMY_CRASH_HITS)
        self._memo: dict[tuple, Value] = {}
        self._coasting: dict[tuple, Value] = {}
        # Everything its values depend on beyond their keys: two searches with the same
        # setting give the same values.
        self.setting = (manoeuvre_counts(state, "bond"), self.trick_cost, self.quick_turn_cost,
                        self.trick_fail_crashes, self.others, self.fragile)

    def free(self, place: Place, moves: int, actions: int, used: int,
             occupied: frozenset[str]) -> Value:
        """Best value from a free Space: stop, move on, Quick Turn or Double Back."""
        if not moves and self.quick_turn_cost:
            # No move left, not even for a Quick Turn: he stops here (a Double Back too).
            return {place.space: DICE ** actions}
        if not actions:
            return self.coast(place, moves, occupied)
        key = (place, moves, actions, used, occupied)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._free(*key)
        return found

    def _free(self, place: Place, moves: int, actions: int, used: int,
              occupied: frozenset[str]) -> Value:
        best: Value = {}
        for ahead in place.ahead if moves else ():
            if ahead.space in occupied:
                value = self.contest(ahead, moves - 1, actions, used, occupied, place.space)
            else:
                value = self.free(ahead, moves - 1, actions, used, occupied)
            if best:
                _raise_to(best, value)
            else:
                best = dict(value)  # a copy of its own (copying a whole dict is quick)
        best[place.space] = DICE ** actions  # stopping here: no plan does better here
        if place.quick_turns and not used & QUICK_TURN and moves >= self.quick_turn_cost:
            stay = self.free(place, moves, actions - 1, used | QUICK_TURN, occupied)
            for landing in place.quick_turns:
                landed = self._enter(landing, moves - self.quick_turn_cost, actions - 1,
                                     used | QUICK_TURN, occupied, place.space)
                _raise_to(best, _mix(self.quick_turn_count, landed, stay))
        if not used & DOUBLE_BACK:
            turned = self.free(place.turned, moves, actions - 1, used | DOUBLE_BACK, occupied)
            # On failure he stays here, where `best` is sure already: only success counts.
            count, get = self.double_back_count, best.get
            for key, chance in turned.items():
                if count * chance > get(key, 0):
                    best[key] = count * chance
        return best

    def coast(self, place: Place, moves: int, occupied: frozenset[str]) -> Value:
        """No action left: Bond drives on through free Spaces, each he can reach sure (1)."""
        key = (place, moves, occupied)
        found = self._coasting.get(key)
        if found is None:
            found = {place.space: 1}
            for ahead in place.ahead if moves else ():
                if ahead.space not in occupied:  # (a Trick or a Force needs an action)
                    found.update(self.coast(ahead, moves - 1, occupied))
            self._coasting[key] = found
        return found

    def _enter(self, place: Place, moves: int, actions: int, used: int,
               occupied: frozenset[str], back: str) -> Value:
        if place.space in occupied:
            return self.contest(place, moves, actions, used, occupied, back)
        return self.free(place, moves, actions, used, occupied)

    def contest(self, place: Place, moves: int, actions: int, used: int,
                occupied: frozenset[str], back: str) -> Value:
        """In another piece's Space: Trick past it or Force it aside (one must be tried);
        a failure leaves Bond in `back` with his turn over."""
        key = (place, moves, actions, used, occupied, back)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._contest(*key)
        return found

    def _contest(self, place: Place, moves: int, actions: int, used: int,
                 occupied: frozenset[str], back: str) -> Value:
        if actions < 1:
            return {}
        tries: list[Value] = []
        failed = {back: DICE ** (actions - 1)}
        if not used & TRICK and moves >= self.trick_cost:
            landed = [self.free(landing, moves - self.trick_cost, actions - 1, used | TRICK,
                                occupied)
                      for landing in place.ahead if landing.space not in occupied]
            if landed:
                tries.append(_mix(self.trick_count, _best(landed),
                                  {} if self.trick_fail_crashes else failed))
        asides = [s for s in place.links if s not in occupied]
        if not used & FORCE and asides:
            left = occupied - {place.space}
            if place.space in self.fragile:  # its third Hit: it crashes and is removed
                forced = self.free(place, moves, actions - 1, used | FORCE, left)
            else:
                forced = _best([self.free(place, moves, actions - 1, used | FORCE,
                                          left | {aside}) for aside in asides])
            tries.append(_mix(self.force_count, forced, failed))
        return _best(tries)


def _raise_to(best: Value, other: Value) -> None:
    """Key by key, raise `best` (a new dict, not a memoised one) where `other` is better."""
    get = best.get
    for key, chance in other.items():
        if chance > get(key, 0):
            best[key] = chance


def _best(values: list[Value]) -> Value:
    """Key by key, the best of several plans' values ({} for none)."""
    best: Value = {}
    for value in values:
        if best:
            _raise_to(best, value)
        else:
            best = dict(value)
    return best


def _mix(count: int, win: Value, lose: Value) -> Value:
    """A roll that succeeds on `count` of 36: `win`, else `lose` (both one action on)."""
    out = {key: count * n for key, n in win.items()}
    for key, n in lose.items():
        out[key] = out.get(key, 0) + (DICE - count) * n
    return out


def movement_totals(side: Side) -> dict[int, list[int]]:
    """Spaces -> the dice totals that give it (why every allowance is equally likely)."""
    table = MOVEMENT[_check_side(side)]
    out: dict[int, list[int]] = {}
    for total in total_distribution(2):
        out.setdefault(table.lookup(total), []).append(total)
    return dict(sorted(out.items()))


def action_odds(state: GoldfingerState, action: object) -> tuple[Fraction, Modifiers] | None:
    """The exact chance that `action` succeeds if tried now, and the modifiers behind it
    (for a button: "58.3%, +4 guard, +1 distance"); None for actions without a roll.

    In map mode a Fire's distance comes from the map; in tracker mode from the action.
    A Card Roll's chance is the chance Bond continues unaffected.
    """
    if isinstance(action, e.CardRoll) and state.pending and state.pending.kind == "card_roll":
        return p_at_most(CARDS[state.pending.card].safe or 0), ()
    name = e.ROLLED.get(type(action))
    if name is None:
        return None
    side: Side = "enemy" if isinstance(action, e.AvoidOil | e.AvoidSmoke) or (
        state.step is not None and state.step.piece != rules.BOND) else "bond"
    between = _between_for(state, action) if isinstance(action, e.Fire) else 0
    if between is None:
        return None
    guard = state.guard and side == "bond"
    mods = modifiers(side, name, guard=guard, screen=state.screen, spaces_between=between)
    chance = success_chance(side, name, guard=guard, screen=state.screen, spaces_between=between)
    return chance, mods


def _between_for(state: GoldfingerState, action) -> int | None:
    if state.board is None:
        return action.spaces_between or 0
    if state.step is None or action.target not in rules.PIECES:
        return None
    shooter, target = state.piece(state.step.piece), state.piece(action.target)
    if shooter.space is None or target.space is None:
        return None
    facing = shooter.heading if shooter.name == rules.BOND else None
    return state.board.line_of_fire(shooter.space, target.space, facing)
