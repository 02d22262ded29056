"""Exact Goldfinger odds: every rolled action, movement, and (with a map) reach and danger.

Everything here is exact (fractions.Fraction) under the assumptions each
docstring states; nothing is sampled. The bot-against-bot whole-game hint is in
`bot.estimate_bond_win`, which says its margin.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import NamedTuple

from companion.core.dice import p_at_most, total_distribution
from companion.core.errors import InputError
from companion.core.game import GameState
from companion.goldfinger import actions as e
from companion.goldfinger import rules
from companion.goldfinger.rules import ACTIONS, CARDS, MOVEMENT, Side

# The engine's GoldfingerState; odds sits below the engine and reads a state's fields only.
GoldfingerState = GameState

CARD_ROLLS = {"mirror": "Mirror", "old_lady": "Old Lady"}
Modifiers = tuple[tuple[str, int], ...]


def _check_side(side: object) -> Side:
    if side not in rules.SIDES:
        raise InputError(f"side is 'bond' or 'enemy', got {side!r:.30}")
    return side  # type: ignore[return-value]


def action_rule(side: Side, action: str) -> rules.ActionRule:
    """The Action Summary line of `action` for `side`; InputError if it has none."""
    table = ACTIONS[_check_side(side)]
    if action not in table:
        raise InputError(f"{side} has no rolled action {action!r:.30} "
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
        raise InputError(f"spaces between must be 0 or more, got {spaces_between!r:.30}")
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
    search = _Search.for_piece(state, rules.BOND, _reach_stop, _reach_lost)
    if step is not None:
        start = _Turn(bond.space, bond.heading, step.left, state.actions_left(),
                      frozenset(step.used), search.others)
        found = search.contest(start, step.back[0]) if step.contest else search.free(start)
        return _chances(found, start.actions)
    chances: dict[str, Fraction] = {}
    actions = rules.ACTIONS_PER_TURN["bond"]
    for allowance, p in movement_distribution("bond").items():
        start = _Turn(bond.space, bond.heading, allowance, actions, frozenset(), search.others)
        for space, chance in _chances(search.free(start), actions).items():
            chances[space] = chances.get(space, Fraction(0)) + p * chance
    return chances


def _reach_stop(search: _Search, turn: _Turn) -> Value:
    return {turn.space: DICE ** turn.actions}


def _reach_lost(search: _Search, space: str, actions: int, crashed: bool) -> Value:
    return {} if crashed else {space: DICE ** actions}


def _chances(value: Value, actions: int) -> dict[str, Fraction]:
    return {key: Fraction(n, DICE ** actions) for key, n in value.items()}


def _board(state: GoldfingerState):
    if state.board is None:
        raise InputError("this needs map mode: the game has no map")
    return state.board


class _Turn(NamedTuple):
    """The rest of a piece's turn as the search sees it."""

    space: str
    heading: tuple[int, int]
    moves: int
    actions: int
    used: frozenset[str]
    occupied: frozenset[str]  # Spaces held by the other pieces


# A value is exact in whole numbers: a chance times 36 ** (actions left). Every roll is
# one action and each of its chances is a count out of 36, so the numbers stay whole
# (and comparing them is far quicker than comparing Fractions).
Value = dict[str, int]
DICE = 36


class _Search:
    """The best plan for the rest of one piece's turn, over every roll of its manoeuvres.

    `stop(search, turn)` is what ending (or acting) in a free Space is worth; `lost(search,
    space, actions, crashed)` what it is worth when the rest of the turn is lost there,
    with `actions` left. Values are dicts of chances scaled as `Value` says; the best plan
    is taken key by key (one plan for each Space, or for the one key "hit"). Results are
    memoised per search.
    """

    def __init__(self, state: GoldfingerState, piece: str, stop, lost, can_force: bool,
                 reserve: int = 0):
        self.state, self.board, self.piece = state, state.board, state.piece(piece)
        self.reserve = reserve  # actions kept back (for the Fire the plan ends with)
        side: Side = "bond" if piece == rules.BOND else "enemy"
        guard = state.guard and side == "bond"
        self.p = {name: int(success_chance(side, name, guard=guard, screen=state.screen) * DICE)
                  for name in MANOEUVRES}  # counts out of 36
        self.stop_value, self.lost_value, self.can_force = stop, lost, can_force
        self.trick_cost = 1 if state.setup.house["trick_jump_costs_move"] else 0
        self.quick_turn_cost = 1 if state.setup.house["quick_turn_costs_move"] else 0
        limit = rules.BOND_CRASH_HITS if side == "bond" else rules.ENEMY_CRASH_HITS
        self.trick_fail_crashes = self.piece.hits + 1 >= limit  # a failed Trick costs 1 Hit
        self.others = frozenset(s for s in state.occupied() if s != self.piece.space)
        self.fragile = frozenset(  # cars one Hit from crashing: a Force removes them
            space for space, name in state.occupied().items()
            if name != rules.BOND and state.piece(name).hits + 1 >= rules.ENEMY_CRASH_HITS)
        self.shots: dict[str, int] = {}  # counts out of 36
        self._memo: dict[tuple, Value] = {}

    @classmethod
    def for_piece(cls, state: GoldfingerState, piece: str, stop, lost) -> _Search:
        return cls(state, piece, stop, lost, can_force=piece == rules.BOND)

    def shot(self, space: str) -> int:
        if space not in self.shots:
            self.shots[space] = int(_shot(self.state, space) * DICE)
        return self.shots[space]

    def free(self, turn: _Turn) -> Value:
        """Best value from a free Space: stop, move on, Quick Turn or Double Back."""
        found = self._memo.get(turn)
        if found is None:
            found = self._memo[turn] = self._free(turn)
        return found

    def _free(self, turn: _Turn) -> Value:
        board, best = self.board, self.stop_value(self, turn)
        space, heading, moves, actions, used, occupied = turn
        if moves >= 1:
            for to in board.forward(space, heading):
                ahead = _Turn(to, board.heading(space, to), moves - 1, actions, used, occupied)
                best = _best(best, self._enter(ahead, space))
        if actions - self.reserve >= 1 and "quick_turn" not in used \
                and moves >= self.quick_turn_cost:
            after = self._spend(turn, "quick_turn")
            for arrow in board.quick_turns_from(space, heading):
                landed = after._replace(space=arrow.to, moves=moves - self.quick_turn_cost,
                                        heading=board.heading(arrow.skip, arrow.to))
                best = _best(best, _mix(self.p["quick_turn"], self._enter(landed, space),
                                        self.free(after)))
        if actions - self.reserve >= 1 and "double_back" not in used:
            after = self._spend(turn, "double_back")
            turned = after._replace(heading=(-heading[0], -heading[1]))
            best = _best(best, _mix(self.p["double_back"], self.free(turned),
                                    self.lost_value(self, space, after.actions, False)))
        return best

    def _enter(self, turn: _Turn, back: str) -> Value:
        return self.contest(turn, back) if turn.space in turn.occupied else self.free(turn)

    def contest(self, turn: _Turn, back: str) -> Value:
        """In another piece's Space: Trick past it or Force it aside (one must be tried)."""
        key = (turn, back)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._contest(turn, back)
        return found

    def _contest(self, turn: _Turn, back: str) -> Value:
        board, best = self.board, {}
        if turn.actions - self.reserve < 1:
            return best
        if "trick" not in turn.used and turn.moves >= self.trick_cost:
            after = self._spend(turn, "trick")
            landings = [s for s in board.forward(turn.space, turn.heading)
                        if s not in turn.occupied]
            if landings:
                win: Value = {}
                for to in landings:
                    jumped = after._replace(space=to, moves=turn.moves - self.trick_cost,
                                            heading=board.heading(turn.space, to))
                    win = _best(win, self.free(jumped))
                lost = self.lost_value(self, back, after.actions, self.trick_fail_crashes)
                best = _best(best, _mix(self.p["trick"], win, lost))
        if self.can_force and "force" not in turn.used:
            after = self._spend(turn, "force")
            asides = [s for s in sorted(board.graph[turn.space]) if s not in turn.occupied]
            if asides:
                win = {}
                if turn.space in self.fragile:  # its third Hit: it crashes and is removed
                    win = self.free(after._replace(occupied=turn.occupied - {turn.space}))
                for aside in [] if win else asides:
                    moved = turn.occupied - {turn.space} | {aside}
                    win = _best(win, self.free(after._replace(occupied=moved)))
                lost = self.lost_value(self, back, after.actions, False)
                best = _best(best, _mix(self.p["force"], win, lost))
        return best

    @staticmethod
    def _spend(turn: _Turn, name: str) -> _Turn:
        return turn._replace(actions=turn.actions - 1, used=turn.used | {name})


MANOEUVRES = ("quick_turn", "double_back", "trick", "force")


def _best(a: Value, b: Value) -> Value:
    """Key by key, the better of two plans' values."""
    if not a:
        return b
    out = dict(a)
    for key, chance in b.items():
        if chance > out.get(key, 0):
            out[key] = chance
    return out


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
    _board(state)
    chances: dict[str, Fraction] = {}
    for car in state.live_cars():
        piece = state.piece(car)
        if piece.lost_turns:
            chances[car] = _shot(state, piece.space)
            continue
        search = _Search(state, car, _fire_stop, _fire_lost, can_force=False, reserve=1)
        actions = rules.ACTIONS_PER_TURN["enemy"]
        total = Fraction(0)
        for allowance, p in movement_distribution("enemy").items():
            start = _Turn(piece.space, piece.heading, allowance, actions, frozenset(),
                          search.others)
            total += p * Fraction(search.free(start).get("hit", 0), DICE ** actions)
        chances[car] = total
    return chances


def _fire_stop(search: _Search, turn: _Turn) -> Value:
    if turn.actions < 1:
        return {}
    return {"hit": search.shot(turn.space) * DICE ** (turn.actions - 1)}


def _fire_lost(search: _Search, space: str, actions: int, crashed: bool) -> Value:
    allowed = search.state.setup.house["fire_after_losing_rest"] and actions >= 1
    return {"hit": search.shot(space) * DICE ** (actions - 1)} if allowed and not crashed \
        else {}


def _shot(state: GoldfingerState, spot: str) -> Fraction:
    board, bond = state.board, state.piece(rules.BOND)
    if spot == bond.space:
        return Fraction(0)
    between = board.line_of_fire(spot, bond.space)
    if between is None:
        return Fraction(0)
    if state.screen and board.is_rear(bond.space, bond.heading, spot):
        return Fraction(0)
    return success_chance("enemy", "fire", spaces_between=between)


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
