"""Exact Goldfinger odds: every rolled action, movement, and (with a map) reach and danger.

Everything here is exact (fractions.Fraction) under the assumptions each
docstring states; nothing is sampled. The bot-against-bot whole-game hint is in
`bot.estimate_bond_win`, which says its margin.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from companion.core.dice import p_at_most, total_distribution
from companion.core.errors import InputError
from companion.goldfinger import rules
from companion.goldfinger.rules import ACTIONS, CARDS, MOVEMENT, Side

if TYPE_CHECKING:
    from companion.goldfinger.engine import GoldfingerState

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

    Exact under these assumptions: Bond moves forward only; a path may use one
    Quick Turn (no action is tried twice a turn), which succeeds with its exact
    chance; paths do not pass through or end on occupied Spaces (that would take
    a Trick or a Force). Before Bond has rolled, the movement roll is averaged
    over the table (each allowance 1/6); after, his spaces left are used.
    """
    _board(state)
    bond = state.piece(rules.BOND)
    step = state.step if state.step and state.step.piece == rules.BOND else None
    if step is not None:
        if step.fire_only or "quick_turn" in step.used:
            qt = Fraction(0)
        else:
            qt = success_chance("bond", "quick_turn", guard=state.guard)
        return _reach(state, bond.space, bond.heading, step.allowance - step.moved, qt)
    qt = success_chance("bond", "quick_turn", guard=state.guard)
    chances: dict[str, Fraction] = {}
    for allowance, p in movement_distribution("bond").items():
        for space, chance in _reach(state, bond.space, bond.heading, allowance, qt).items():
            chances[space] = chances.get(space, Fraction(0)) + p * chance
    return chances


def _board(state: GoldfingerState):
    if state.board is None:
        raise InputError("this needs map mode: the game has no map")
    return state.board


def _reach(state: GoldfingerState, space: str | None, heading, allowance: int,
           qt: Fraction) -> dict[str, Fraction]:
    """Best chance of reaching each Space within `allowance` moves (at most one Quick Turn)."""
    board = state.board
    occupied = set(state.occupied()) - {space}
    best: dict[str, Fraction] = {}
    frontier = {(space, heading, 0): Fraction(1)}  # (space, heading, quick turns used)
    for moves in range(allowance + 1):
        frontier = _with_quick_turns(board, frontier, occupied, qt)
        for (here, _, _), chance in frontier.items():
            best[here] = max(best.get(here, Fraction(0)), chance)
        if moves == allowance:
            break
        ahead: dict[tuple, Fraction] = {}
        for (here, facing, used), chance in frontier.items():
            for to in board.forward(here, facing):
                if to not in occupied:
                    _keep(ahead, (to, board.heading(here, to), used), chance)
        frontier = ahead
    return best


def _with_quick_turns(board, frontier: dict, occupied: set[str], qt: Fraction) -> dict:
    """The frontier plus the Spaces a Quick Turn lands on (it costs no movement)."""
    out = dict(frontier)
    for (here, facing, used), chance in frontier.items():
        if used or not qt:
            continue
        for arrow in board.quick_turns_from(here, facing):
            if arrow.to not in occupied:
                _keep(out, (arrow.to, board.heading(arrow.skip, arrow.to), 1), chance * qt)
    return out


def _keep(table: dict, key: tuple, chance: Fraction) -> None:
    if chance > table.get(key, Fraction(0)):
        table[key] = chance


def enemy_fire_chances(state: GoldfingerState) -> dict[str, Fraction]:
    """For each Enemy car still running, the chance it hits Bond in its coming turn (map mode).

    Exact under these assumptions: Bond stays where he is; the car rolls its
    movement (each allowance 1/6; none on a lost turn), moves forward to the
    reachable Space (Quick Turns and other pieces ignored) with the best shot
    (in sight, along lines, not at Bond's rear behind a raised Screen), and
    fires once.
    """
    board = _board(state)
    chances: dict[str, Fraction] = {}
    for car in state.live_cars():
        piece = state.piece(car)
        allowances = {0: Fraction(1)} if piece.lost_turns else movement_distribution("enemy")
        total = Fraction(0)
        for allowance, p in allowances.items():
            spots = {piece.space: 0, **board.forward_distances(piece.space, piece.heading,
                                                               allowance)}
            total += p * max((_shot(state, spot) for spot in spots), default=Fraction(0))
        chances[car] = total
    return chances


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
    from companion.goldfinger import engine as e

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
