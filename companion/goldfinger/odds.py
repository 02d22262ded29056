"""Exact Goldfinger odds: every rolled action, movement, and (with a map) reach and danger.

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
from companion.goldfinger.board import Board, Heading
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
    _board(state)
    bond = state.piece(rules.BOND)
    step = state.step if state.step and state.step.piece == rules.BOND else None
    if (bond.lost_turns and step is None) or (step is not None and step.fire_only):
        return {bond.space: Fraction(1)}
    search = _reach_search(state)
    start = _place(state.board, bond.space, bond.heading)
    if step is not None:
        actions = state.actions_left()
        used = sum(bit for name, bit in MANOEUVRES.items() if name in step.used)
        turn = (start, step.left, actions, used, search.others)
        found = search.contest(*turn, step.back[0]) if step.contest else search.free(*turn)
        return _chances(found, actions)
    actions = rules.ACTIONS_PER_TURN["bond"]
    weights, out_of = _movement_weights("bond")
    totals: dict[str, int] = {}
    for allowance, weight in weights:
        for space, n in search.free(start, allowance, actions, 0, search.others).items():
            totals[space] = totals.get(space, 0) + weight * n
    return _chances(totals, actions, out_of)


def _chances(value: Value, actions: int, out_of: int = 1) -> dict[str, Fraction]:
    return {key: Fraction(n, out_of * DICE ** actions) for key, n in value.items()}


@cache
def _movement_weights(side: Side) -> tuple[tuple[tuple[int, int], ...], int]:
    """`movement_distribution` in whole numbers: ((spaces, weight), ...) and the total the
    weights are out of, so that a search's counts are added up before any Fraction."""
    chances = movement_distribution(side)
    out_of = math.lcm(*(p.denominator for p in chances.values()))
    return tuple((spaces, int(p * out_of)) for spaces, p in chances.items()), out_of


def _board(state: GoldfingerState) -> Board:
    if state.board is None:
        raise InputError("this needs map mode: the game has no map")
    return state.board


def _counts(state: GoldfingerState, side: Side) -> tuple[int, ...]:
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
         self.force_count) = _counts(state, "bond")
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
        self.setting = (_counts(state, "bond"), self.trick_cost, self.quick_turn_cost,
                        self.trick_fail_crashes, self.others, self.fragile)

    def free(self, place: _Place, moves: int, actions: int, used: int,
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

    def _free(self, place: _Place, moves: int, actions: int, used: int,
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

    def coast(self, place: _Place, moves: int, occupied: frozenset[str]) -> Value:
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

    def _enter(self, place: _Place, moves: int, actions: int, used: int,
               occupied: frozenset[str], back: str) -> Value:
        if place.space in occupied:
            return self.contest(place, moves, actions, used, occupied, back)
        return self.free(place, moves, actions, used, occupied)

    def contest(self, place: _Place, moves: int, actions: int, used: int,
                occupied: frozenset[str], back: str) -> Value:
        """In another piece's Space: Trick past it or Force it aside (one must be tried);
        a failure leaves Bond in `back` with his turn over."""
        key = (place, moves, actions, used, occupied, back)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._contest(*key)
        return found

    def _contest(self, place: _Place, moves: int, actions: int, used: int,
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


def enemy_fire_chances(state: GoldfingerState) -> dict[str, Fraction]:
    """For each Enemy car still running, the chance it hits Bond with Fire in its coming
    turn (map mode).

    Exact, for the car's best plan, when Bond stays where he is and the other pieces stay
    where they are: the car rolls its movement (each allowance 1/6; none on a lost turn),
    moves forward, may try one manoeuvre (a Quick Turn, a Double Back, or a Trick past a
    piece in its way; it has 2 actions and keeps one to Fire) and fires once, from any
    Space it passes or stops in, in sight and along lines, not at Bond's rear behind a
    raised Screen. A car that loses the rest of its turn may still Fire if the house rule
    says so. A Force on Bond is a ram, not Fire: it is not counted here.
    """
    shots = _Shots(state)
    return {car: enemy_fire_chance(state, car, shots) for car in state.live_cars()}


def enemy_fire_chance(state: GoldfingerState, car: str, shots: dict[str, int] | None = None
                      ) -> Fraction:
    """`enemy_fire_chances` of one car. It reads the board and the house rules, Bond's
    Space and heading, the Screen, the car's Space, heading, lost turns and hits, and the
    Spaces the other pieces stand in."""
    shots = _Shots(state) if shots is None else shots
    piece = state.piece(car)
    if piece.lost_turns:
        return _shot(state, piece.space)
    weights, out_of = _movement_weights("enemy")
    search = _FireSearch(state, car, shots)
    start = _place(_board(state), piece.space, piece.heading)
    total = sum(weight * search.ready(start, allowance) for allowance, weight in weights)
    return Fraction(total, out_of * DICE ** 2)


def shots_at_bond(state: GoldfingerState) -> dict[str, int]:
    """Space -> the rolls out of 36 with which an Enemy car there hits Bond with Fire,
    worked out as asked: for several `enemy_fire_chance` of one position to share."""
    return _Shots(state)


class _Shots(dict):
    """Space -> the chance to hit Bond with Fire from there, out of 36 (worked out when
    first asked)."""

    def __init__(self, state: GoldfingerState):
        super().__init__()
        self.state = state

    def __missing__(self, space: str) -> int:
        found = self[space] = enemy_shot_count(self.state, space)
        return found


class _FireSearch:
    """One Enemy car's best chance to hit Bond with Fire this turn, over every roll.

    The car has 2 actions and keeps one for the Fire, so it tries one manoeuvre at most:
    `ready` is its best from a free Space while it still may (out of 36 ** 2), `spent`
    once it has tried one (out of 36), when it can only move on through free Spaces and
    fire. Both are memoised on (place, moves left).
    """

    def __init__(self, state: GoldfingerState, car: str, shots: _Shots):
        piece = state.piece(car)
        self.quick_turn_count, self.double_back_count, self.trick_count, _ = \
            _counts(state, "enemy")
        self.trick_cost = 1 if state.setup.house["trick_jump_costs_move"] else 0
        self.quick_turn_cost = 1 if state.setup.house["quick_turn_costs_move"] else 0
        # A failed manoeuvre loses the rest of the turn: Fire then only by house rule.
        self.fire_when_lost = state.setup.house["fire_after_losing_rest"]
        self.trick_fail_crashes = piece.hits + 1 >= rules.ENEMY_CRASH_HITS
        self.others = frozenset(s for s in state.occupied() if s != piece.space)
        self.shots = shots
        # Next to Bond, nothing between: no shot is better, so no need to look further.
        self.best_shot = _enemy_fire_count(0)
        self._ready: dict[tuple, int] = {}
        self._spent: dict[tuple, int] = {}

    def ready(self, place: _Place, moves: int) -> int:
        """Fire here, move on, or try a Quick Turn, a Double Back or (in `_contest`) a Trick."""
        key = (place, moves)
        found = self._ready.get(key)
        if found is None:
            found = self._ready[key] = self._ready_value(place, moves)
        return found

    def _ready_value(self, place: _Place, moves: int) -> int:
        """The best of: Fire here, move on, or a manoeuvre first. One loop, no generator:
        this runs for every place and roll of every car after every tap."""
        shot = self.shots[place.space]
        best = DICE * shot
        top = DICE * self.best_shot
        if best == top:
            return best
        others = self.others
        if moves:
            for ahead in place.ahead:
                value = self._contest(ahead, moves - 1, place.space) \
                    if ahead.space in others else self.ready(ahead, moves - 1)
                if value > best:
                    if value == top:
                        return value
                    best = value
        if place.quick_turns and moves >= self.quick_turn_cost:
            stay = self.spent(place, moves)  # where a failed Quick Turn leaves it
            for landing in place.quick_turns:
                landed = 0 if landing.space in others \
                    else self.spent(landing, moves - self.quick_turn_cost)
                value = _mix_one(self.quick_turn_count, landed, stay)
                if value > best:
                    if value == top:
                        return value
                    best = value
        value = _mix_one(self.double_back_count, self.spent(place.turned, moves),
                         shot if self.fire_when_lost else 0)
        return value if value > best else best

    def _contest(self, place: _Place, moves: int, back: str) -> int:
        """In another piece's Space: Trick past it (the car does not Force here)."""
        if moves < self.trick_cost:
            return 0
        landings = [self.spent(landing, moves - self.trick_cost)
                    for landing in place.ahead if landing.space not in self.others]
        if not landings:
            return 0
        lost = self.shots[back] if self.fire_when_lost and not self.trick_fail_crashes else 0
        return _mix_one(self.trick_count, max(landings), lost)

    def spent(self, place: _Place, moves: int) -> int:
        """Fire here or move on: the best shot from Spaces ahead it can reach."""
        if not moves:
            return self.shots[place.space]
        key = (place, moves)
        found = self._spent.get(key)
        if found is None:
            found = self.shots[place.space]
            for ahead in place.ahead:
                if found == self.best_shot:
                    break
                if ahead.space not in self.others:
                    value = self.spent(ahead, moves - 1)
                    if value > found:
                        found = value
            self._spent[key] = found
        return found


def _mix_one(count: int, win: int, lose: int) -> int:
    """`_mix` for a single chance."""
    return count * win + (DICE - count) * lose


def _shot(state: GoldfingerState, spot: str) -> Fraction:
    return Fraction(enemy_shot_count(state, spot), DICE)


def enemy_shot_count(state: GoldfingerState, spot: str) -> int:
    """The rolls out of 36 with which an Enemy car in `spot` hits Bond with Fire."""
    board, bond = state.board, state.piece(rules.BOND)
    if spot == bond.space:
        return 0
    between = board.line_of_fire(spot, bond.space)
    if between is None:
        return 0
    if state.screen and board.is_rear(bond.space, bond.heading, spot):
        return 0
    return _enemy_fire_count(between)


@cache
def _enemy_fire_count(spaces_between: int) -> int:
    return int(success_chance("enemy", "fire", spaces_between=spaces_between) * DICE)


class _Place:
    """A Space and the way a piece in it faces, linked to where it can go from there: the
    steps of both searches. There is one per Space and heading of a board (`_place`), so
    places compare and hash as quickly as any object."""

    __slots__ = ("ahead", "heading", "links", "quick_turns", "space", "turned")

    def __init__(self, space: str, heading: Heading):
        self.space, self.heading = space, heading
        self.ahead: tuple[_Place, ...] = ()  # one move forward (Movement)
        self.quick_turns: tuple[_Place, ...] = ()  # where each Quick Turn arrow lands
        self.turned: _Place = self  # here, facing the other way (Double Back)
        self.links: tuple[str, ...] = ()  # the linked Spaces, sorted (where a Force puts one)


# Per board: (space, heading) -> its place. A board's places are made once, the first time
# a search asks, and go with the board.
_PLACES: weakref.WeakKeyDictionary[Board, dict[tuple[str, Heading], _Place]] = \
    weakref.WeakKeyDictionary()


def _place(board: Board, space: str, heading: Heading) -> _Place:
    """The place for `space` and `heading`, with every place it leads to linked."""
    places = _PLACES.setdefault(board, {})
    if (space, heading) in places:
        return places[space, heading]
    new: dict[tuple[str, Heading], _Place] = {}  # kept only once all are linked

    def known(space: str, heading: Heading) -> _Place:
        found = places.get((space, heading)) or new.get((space, heading))
        if found is None:
            found = new[space, heading] = _Place(space, heading)
            unlinked.append(found)
        return found

    unlinked: list[_Place] = []
    start = known(space, heading)
    while unlinked:  # a loop, not recursion: a board may have 2000 Spaces
        place = unlinked.pop()
        here, facing = place.space, place.heading
        place.ahead = tuple(known(to, board.heading(here, to))
                            for to in board.forward(here, facing))
        place.quick_turns = tuple(known(arrow.to, board.heading(arrow.skip, arrow.to))
                                  for arrow in board.quick_turns_from(here, facing))
        place.turned = known(here, (-facing[0], -facing[1]))
        place.links = tuple(sorted(board.graph[here]))
    places.update(new)
    return start


def expected_hits_on_bond(state: GoldfingerState) -> Fraction:
    """Expected Fire hits Bond takes in the coming Enemy phase (sum of `enemy_fire_chances`)."""
    return sum(enemy_fire_chances(state).values(), Fraction(0))


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
