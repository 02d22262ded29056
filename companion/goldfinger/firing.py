"""Goldfinger's Fire, the cards (Pick Up, reveal, card rolls, Break Gate) and Bond's special
actions (Eject Guard, Raise Screen, Oil Slick, Smoke Screen) with the Avoid rolls."""


from __future__ import annotations

from typing import Any

from companion.core.errors import InputError, RuleError, shown
from companion.core.game import Event
from companion.core.records import evolve
from companion.goldfinger import rules
from companion.goldfinger.actions import (
    SPECIALS,
    AvoidOil,
    AvoidSmoke,
    BreakGate,
    CardRoll,
    Fire,
    OilSlick,
    PickUpCard,
    RevealCard,
    SmokeScreen,
)
from companion.goldfinger.rules import BOND, ENEMY_CARS
from companion.goldfinger.state import (
    MAX_SPACES_BETWEEN,
    GoldfingerState,
    Pending,
    Step,
    _name,
    _rule,
    _side,
)
from companion.goldfinger.steps import (
    _car,
    _check_action,
    _crash,
    _dice,
    _event,
    _hit,
    _lose,
    _roll,
    _settle,
    _unknown,
    _used,
)

# Fire.


def _fire(state: GoldfingerState, action: Fire) -> GoldfingerState:
    side = _side(state.mover or BOND)
    section = rules.ACTIONS[side]["fire"].section
    step = _check_action(state, "fire", section)
    target = _fire_target(state, step, action.target, section)
    between = _fire_range(state, step, target, action, section)
    dice = _dice(action.dice)
    what = f"fires at {_name(target)} ({between} space{'' if between == 1 else 's'} between)"
    outcome = _roll(state, side, "fire", dice, _name(step.piece), what, between)
    state = _used(state, "fire")
    if outcome.success:
        state, note = _hit(state, target, outcome.result.hits_target)
        return _settle(state, _event(outcome, note))
    return _settle(state, _event(outcome))


def _fire_target(state: GoldfingerState, step: Step, target: object, section: str) -> str:
    if step.piece == BOND:
        return _car(state, target).name
    if target != BOND:
        if target in ENEMY_CARS:
            raise RuleError("Enemy cars fire at Bond", rule=_rule(section))
        _unknown(target)
    return BOND


def _fire_range(state: GoldfingerState, step: Step, target: str, action: Fire,
                section: str) -> int:
    """Spaces between shooter and target, checked against lines, sight and the Screen."""
    if state.board is None:
        between = action.spaces_between
        if between is None:
            raise InputError("tracker mode: say how many spaces are between the cars")
        if isinstance(between, bool) or not isinstance(between, int) \
                or not 0 <= between <= MAX_SPACES_BETWEEN:
            raise InputError(f"spaces between must be 0 to {MAX_SPACES_BETWEEN}, "
                             f"got {shown(between, 30)}")
        if action.from_rear and step.piece == BOND:
            raise InputError("from_rear is for Enemy fire at Bond")
        if action.from_rear and state.screen:
            raise RuleError("the Bulletproof Screen is raised: no Hits from the rear",
                            rule=_rule(section))
        return between
    return _map_fire_range(state, step, target, action, section)


def _map_fire_range(state: GoldfingerState, step: Step, target: str, action: Fire,
                    section: str) -> int:
    board = state.board
    shooter, aim = state.piece(step.piece), state.piece(target)
    facing = shooter.heading if step.piece == BOND else None
    between = board.line_of_fire(shooter.space, aim.space, facing)
    if between is None:
        ahead = " out of the front of the Aston Martin" if facing else ""
        seen = "" if board.sees(shooter.space, aim.space) else " (a building is in the way)"
        raise RuleError(f"{_name(step.piece)} has no line of fire to {_name(target)} along "
                        f"Road or Cut-Over lines{ahead}{seen}", rule=_rule(rules.SECTION_FIRING))
    if target == BOND and state.screen and board.is_rear(aim.space, aim.heading, shooter.space):
        raise RuleError("the Bulletproof Screen is raised: no Hits from the rear",
                        rule=_rule(section))
    if action.spaces_between not in (None, between) or action.from_rear:
        raise InputError(f"map mode works out the range ({between} between); leave "
                         "spaces_between and from_rear empty")
    return between


# Cards.


def _pick_up(state: GoldfingerState, action: PickUpCard) -> GoldfingerState:
    section = rules.BOND_ACTIONS["pick_up"].section
    _check_action(state, "pick_up", section, side=BOND)
    star = action.star
    holding = dict(state.cards)
    if not isinstance(star, str) or star not in holding:
        if isinstance(star, str) and (star in dict(state.found) or not state.board
                                      or star in state.board.stars):
            raise RuleError(f"no card lies by star {star}",
                            rule=_rule(rules.SECTION_CARD_PICK_UP))
        raise InputError(f"{shown(star, 30)} is not a star space of this game")
    if state.board is not None and state.piece(BOND).space != star:
        raise RuleError(f"Bond must be in star Space {star} to pick up its card",
                        rule=_rule(rules.SECTION_CARD_PICK_UP))
    dice = _dice(action.dice)
    outcome = _roll(state, BOND, "pick_up", dice, "Bond",
                    f"tries to pick up the card by star {star}")
    state = _used(state, "pick_up")
    if not outcome.success:
        return evolve(state, last_event=_event(outcome))
    card = holding[star]
    if card is None:
        return evolve(state, pending=Pending("reveal", star=star),
                                   last_event=_event(outcome, " Which card is it?"))
    return _turn_card(state, star, card, outcome.text + " ")


def _reveal(state: GoldfingerState, action: RevealCard) -> GoldfingerState:
    pending = state.pending
    if pending is None or pending.kind != "reveal":
        raise RuleError("no card is being turned over", rule=_rule(rules.SECTION_CARD_PICK_UP))
    left = _cards_unseen(state)
    if action.card not in rules.CARD_NAMES:
        raise InputError(f"the cards are {', '.join(rules.CARD_NAMES)}, "
                         f"got {shown(action.card, 30)}")
    if action.card not in left:
        raise InputError(f"the {action.card} card has already been found")
    state = evolve(state, pending=None)
    return _turn_card(state, pending.star, action.card, "")


def _cards_unseen(state: GoldfingerState) -> tuple[str, ...]:
    seen = {card for _, card in state.found}
    return tuple(c for c in rules.CARD_NAMES if c not in seen)


def _turn_card(state: GoldfingerState, star: str, card: str, prefix: str) -> GoldfingerState:
    """Special Card Summary: apply the card turned over by `star`."""
    rule = rules.CARDS[card]
    cards = tuple((s, c) for s, c in state.cards if s != star)
    state = evolve(state, cards=cards, found=(*state.found, (star, card)),
                                has_tilly=state.has_tilly or rule.keep)
    text = f"{prefix}The card is {card}: {rule.text}"
    if rule.safe is not None:
        pending = Pending("card_roll", star=star, card=card)
        return evolve(state, pending=pending,
                                   last_event=Event(f"{text} Roll two dice.", "success"))
    state = _lose(state, BOND, rule.effect.self_loses)
    outcome = "failure" if rule.effect.self_loses else "success"
    return _settle(state, Event(f"{text} {rule.effect.text}", outcome))


def _card_roll(state: GoldfingerState, action: CardRoll) -> GoldfingerState:
    pending = state.pending
    if pending is None or pending.kind != "card_roll":
        raise RuleError("no card calls for a roll now", rule=_rule(rules.CARD_SECTION))
    rule = rules.CARDS[pending.card]
    dice = _dice(action.dice)
    safe = dice.total <= rule.safe
    result = rule.effect if safe else rule.on_hit
    state = evolve(state, pending=None)
    state, note = _hit(state, BOND, result.hits_self)
    state = _lose(state, BOND, result.self_loses)
    text = (f"{pending.card}: rolled {dice}, {rule.safe} or less is safe: {result.text}{note}")
    return _settle(state, Event(text, "success" if safe else "failure"))


def _break_gate(state: GoldfingerState, action: BreakGate) -> GoldfingerState:
    section = rules.BOND_ACTIONS["break_gate"].section
    _check_action(state, "break_gate", section, side=BOND)
    if not state.has_tilly:
        raise RuleError("Bond must find Tilly before he can break a gate", rule=_rule(section))
    gate = "the gate"
    if state.board is not None:
        space = state.piece(BOND).space
        if space not in state.board.gates:
            raise RuleError(f"Bond must be at a gate; {space} is not one", rule=_rule(section))
        gate = state.board.gates[space]
    dice = _dice(action.dice)
    outcome = _roll(state, BOND, "break_gate", dice, "Bond", f"tries to break {gate}")
    state = _used(state, "break_gate")
    if outcome.success:
        return evolve(state, phase="over", winner=BOND, step=None,
                                   last_event=_event(outcome))
    state = _lose(state, BOND, outcome.result.self_loses)
    return _settle(state, _event(outcome))


# Special actions.


def _special(state: GoldfingerState, action: Any) -> GoldfingerState:
    name = SPECIALS[type(action)]
    special = rules.SPECIAL_ACTIONS[name]
    _check_action(state, name, rules.SPECIAL_SECTION, special.cost, side=BOND)
    rule = _rule(rules.SPECIAL_SECTION)
    if name == "eject_guard" and not state.guard:
        raise RuleError("the guard is already ejected", rule=rule)
    if name == "raise_screen" and state.screen:
        raise RuleError("the Screen is already raised and cannot be lowered", rule=rule)
    if (name == "oil_slick" and state.oil_used) or (name == "smoke_screen" and state.smoke_used):
        raise RuleError("once per game, and it has been used", rule=rule)
    if name in ("oil_slick", "smoke_screen"):
        return _release(state, action, name, special)
    state = _used(state, name, special.cost)
    state = evolve(state, guard=state.guard and name != "eject_guard",
                                screen=state.screen or name == "raise_screen")
    return evolve(state, last_event=Event(special.text, "success"))


def _release(state: GoldfingerState, action: OilSlick | SmokeScreen, name: str,
             special: rules.SpecialAction) -> GoldfingerState:
    oil = name == "oil_slick"
    cars = _cars_behind(state, action.cars, rules.OIL_BEHIND if oil else rules.SMOKE_BEHIND)
    state = _used(state, name, special.cost)
    state = evolve(state, oil_used=state.oil_used or oil,
                                smoke_used=state.smoke_used or not oil)
    if not cars:
        return evolve(state, last_event=Event(f"{special.text} No car is caught."))
    kind = "avoid_oil" if oil else "avoid_smoke"
    text = f"{special.text} Car{'s' if len(cars) > 1 else ''} {', '.join(cars)} must " \
           f"{'Avoid Oil' if oil else 'Avoid Smoke'}."
    return evolve(state, pending=Pending(kind, cars=cars), last_event=Event(text))


def _cars_behind(state: GoldfingerState, given: tuple[str, ...] | None,
                 distances: tuple[int, ...]) -> tuple[str, ...]:
    if state.board is None:
        if given is None:
            raise InputError("tracker mode: say which Enemy cars are behind Bond (maybe none)")
        if not isinstance(given, tuple) or len(set(given)) != len(given):
            raise InputError(f"list each car once, got {shown(given, 40)}")
        return tuple(_car(state, car).name for car in given)
    if given is not None:
        raise InputError("map mode works out which cars are behind Bond; give no cars")
    bond = state.piece(BOND)
    behind = state.board.behind(bond.space, bond.heading, max(distances))
    return tuple(car for car in state.live_cars()
                 if behind.get(state.piece(car).space) in distances)


def _avoid(state: GoldfingerState, action: AvoidOil | AvoidSmoke) -> GoldfingerState:
    name = "avoid_oil" if isinstance(action, AvoidOil) else "avoid_smoke"
    rule = rules.ENEMY_ACTIONS[name]
    pending = state.pending
    if pending is None or pending.kind != name:
        raise RuleError(f"no car has to {rule.section.split(': ')[1]} now",
                        rule=_rule(rule.section))
    if action.car not in ENEMY_CARS:
        raise InputError(f"unknown Enemy car {shown(action.car, 30)}: the cars are A, B, C and D")
    if action.car not in pending.cars:
        raise RuleError(f"car {action.car} does not have to roll", rule=_rule(rule.section))
    dice = _dice(action.dice)
    what = "tries to " + rule.section.split(": ")[1]
    outcome = _roll(state, "enemy", name, dice, f"Car {action.car}", what)
    left = tuple(c for c in pending.cars if c != action.car)
    state = evolve(state, pending=evolve(pending, cars=left)
                                if left else None)
    state, note = _hit(state, action.car, outcome.result.hits_self)
    if outcome.result.effect == "removed":
        state, note = _crash(state, action.car), f" Car {action.car} is removed from the game."
    return evolve(state, last_event=_event(outcome, note))


