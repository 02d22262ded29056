"""Goldfinger's Fire, the cards (Pick Up, reveal, card rolls, Break Gate) and Bond's special
actions (Eject Guard, Raise Screen, Oil Slick, Smoke Screen) with the Avoid rolls."""


from __future__ import annotations

from typing import Any

from companion.core.errors import InputError, RuleError, shown
from companion.core.game import Event
from companion.core.records import evolve
from companion.core.rules_table import Rule
from companion.goldfinger import rules
from companion.goldfinger.actions import (
    SPECIALS,
    AvoidOil,
    AvoidSmoke,
    BreakGate,
    CardRoll,
    EjectGuard,
    Fire,
    OilSlick,
    PickUpCard,
    RaiseScreen,
    RevealCard,
    SmokeScreen,
)
from companion.goldfinger.rules import BOND, ENEMY_CARS
from companion.goldfinger.state import (
    Pending,
    Position,
    Step,
    piece_name,
    rule_name,
    side_of,
    star_name,
)
from companion.goldfinger.steps import (
    action_roll,
    add_hits,
    check_action,
    crash,
    live_car,
    lose_turns,
    outcome_event,
    settle,
    spend,
    two_dice,
    unknown_piece,
)

MAX_SPACES_BETWEEN = 200  # tracker mode: the most Spaces a shot may be said to cross


# Fire.


def _fire(state: Position, action: Fire) -> Position:
    side = side_of(state.mover or BOND)
    section = rules.ACTIONS[side]["fire"].section
    step = check_action(state, "fire", section)
    target = _fire_target(state, step, action.target, section)
    between = _fire_range(state, step, target, action, section)
    dice = two_dice(action.dice)
    what = f"fires at {piece_name(target)} ({between} space{'' if between == 1 else 's'} between)"
    outcome = action_roll(state, side, "fire", dice, piece_name(step.piece), what, between)
    state = spend(state, "fire")
    if outcome.success:
        state, note = add_hits(state, target, outcome.result.hits_target)
        return settle(state, outcome_event(outcome, note))
    return settle(state, outcome_event(outcome))


def _fire_target(state: Position, step: Step, target: object, section: str) -> str:
    if step.piece == BOND:
        return live_car(state, target).name
    if target != BOND:
        if target in ENEMY_CARS:
            raise RuleError("Enemy cars fire at Bond", rule=rule_name(section))
        unknown_piece(target)
    return BOND


def _fire_range(state: Position, step: Step, target: str, action: Fire,
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
                            rule=rule_name(section))
        return between
    return _map_fire_range(state, step, target, action, section)


def _map_fire_range(state: Position, step: Step, target: str, action: Fire,
                    section: str) -> int:
    board = state.board
    shooter, aim = state.piece(step.piece), state.piece(target)
    facing = shooter.heading if step.piece == BOND else None
    between = board.line_of_fire(shooter.space, aim.space, facing)
    if between is None:
        ahead = " out of the front of the Aston Martin" if facing else ""
        seen = "" if board.sees(shooter.space, aim.space) else " (a building is in the way)"
        raise RuleError(f"{piece_name(step.piece)} has no line of fire to "
                        f"{piece_name(target)} along Road or Cut-Over lines{ahead}{seen}",
                        rule=rule_name(rules.SECTION_FIRING))
    if target == BOND and state.screen and board.is_rear(aim.space, aim.heading, shooter.space):
        raise RuleError("the Bulletproof Screen is raised: no Hits from the rear",
                        rule=rule_name(section))
    if action.spaces_between not in (None, between) or action.from_rear:
        raise InputError(f"map mode works out the range ({between} between); leave "
                         "spaces_between and from_rear empty")
    return between


# Cards.


def _pick_up(state: Position, action: PickUpCard) -> Position:
    section = rules.BOND_ACTIONS["pick_up"].section
    check_action(state, "pick_up", section, side=BOND)
    star = action.star
    holding = dict(state.cards)
    if not isinstance(star, str) or star not in holding:
        if isinstance(star, str) and (star in dict(state.found) or not state.board
                                      or star in state.board.stars):
            raise RuleError(f"no card lies by {star_name(star)}",
                            rule=rule_name(rules.SECTION_CARD_PICK_UP))
        raise InputError(f"{shown(star, 30)} is not a star space of this game")
    if state.board is not None and state.piece(BOND).space != star:
        raise RuleError(f"Bond must be in star Space {star} to pick up its card",
                        rule=rule_name(rules.SECTION_CARD_PICK_UP))
    dice = two_dice(action.dice)
    outcome = action_roll(state, BOND, "pick_up", dice, "Bond",
                    f"tries to pick up the card by {star_name(star)}")
    state = spend(state, "pick_up")
    if not outcome.success:
        return evolve(state, last_event=outcome_event(outcome))
    card = holding[star]
    if card is None:
        return evolve(state, pending=Pending("reveal", star=star),
                                   last_event=outcome_event(outcome, " Which card is it?"))
    return _turn_card(state, star, card, outcome.text + " ")


def _reveal(state: Position, action: RevealCard) -> Position:
    pending = state.pending
    if pending is None or pending.kind != "reveal":
        raise RuleError("no card is being turned over", rule=rule_name(rules.SECTION_CARD_PICK_UP))
    left = _cards_unseen(state)
    if action.card not in rules.CARD_NAMES:
        raise InputError(f"the cards are {', '.join(rules.CARD_NAMES)}, "
                         f"got {shown(action.card, 30)}")
    if action.card not in left:
        raise InputError(f"the {action.card} card has already been found")
    state = evolve(state, pending=None)
    return _turn_card(state, pending.star, action.card, "")


def _cards_unseen(state: Position) -> tuple[str, ...]:
    seen = {card for _, card in state.found}
    return tuple(c for c in rules.CARD_NAMES if c not in seen)


def _turn_card(state: Position, star: str, card: str, prefix: str) -> Position:
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
    state = lose_turns(state, BOND, rule.effect.self_loses)
    outcome = "failure" if rule.effect.self_loses else "success"
    return settle(state, Event(f"{text} {rule.effect.text}", outcome))


def _card_roll(state: Position, action: CardRoll) -> Position:
    pending = state.pending
    if pending is None or pending.kind != "card_roll":
        raise RuleError("no card calls for a roll now", rule=rule_name(rules.CARD_SECTION))
    rule = rules.CARDS[pending.card]
    dice = two_dice(action.dice)
    safe = dice.total <= rule.safe
    result = rule.effect if safe else rule.on_hit
    state = evolve(state, pending=None)
    state, note = add_hits(state, BOND, result.hits_self)
    state = lose_turns(state, BOND, result.self_loses)
    text = (f"{pending.card}: rolled {dice}, {rule.safe} or less is safe: {result.text}{note}")
    return settle(state, Event(text, "success" if safe else "failure"))


def _break_gate(state: Position, action: BreakGate) -> Position:
    section = rules.BOND_ACTIONS["break_gate"].section
    check_action(state, "break_gate", section, side=BOND)
    if not state.has_tilly:
        raise RuleError("Bond must find Tilly before he can break a gate", rule=rule_name(section))
    gate = "the gate"
    if state.board is not None:
        space = state.piece(BOND).space
        if space not in state.board.gates:
            raise RuleError(f"Bond must be at a gate; {space} is not one", rule=rule_name(section))
        gate = state.board.gates[space]
    dice = two_dice(action.dice)
    outcome = action_roll(state, BOND, "break_gate", dice, "Bond", f"tries to break {gate}")
    state = spend(state, "break_gate")
    if outcome.success:
        return evolve(state, phase="over", winner=BOND, step=None,
                                   last_event=outcome_event(outcome))
    state = lose_turns(state, BOND, outcome.result.self_loses)
    return settle(state, outcome_event(outcome))


# Special actions.


def _special(state: Position, action: Any) -> Position:
    name = SPECIALS[type(action)]
    special = rules.SPECIAL_ACTIONS[name]
    check_action(state, name, rules.SPECIAL_SECTION, special.cost, side=BOND)
    rule = rule_name(rules.SPECIAL_SECTION)
    if name == "eject_guard" and not state.guard:
        raise RuleError("the guard is already ejected", rule=rule)
    if name == "raise_screen" and state.screen:
        raise RuleError("the Screen is already raised and cannot be lowered", rule=rule)
    if (name == "oil_slick" and state.oil_used) or (name == "smoke_screen" and state.smoke_used):
        raise RuleError("once per game, and it has been used", rule=rule)
    if name in ("oil_slick", "smoke_screen"):
        return _release(state, action, name, special)
    state = spend(state, name, special.cost)
    state = evolve(state, guard=state.guard and name != "eject_guard",
                                screen=state.screen or name == "raise_screen")
    return evolve(state, last_event=Event(special.text, "success"))


def _release(state: Position, action: OilSlick | SmokeScreen, name: str,
             special: rules.SpecialAction) -> Position:
    oil = name == "oil_slick"
    cars = _cars_behind(state, action.cars, rules.OIL_BEHIND if oil else rules.SMOKE_BEHIND)
    state = spend(state, name, special.cost)
    state = evolve(state, oil_used=state.oil_used or oil,
                                smoke_used=state.smoke_used or not oil)
    if not cars:
        return evolve(state, last_event=Event(f"{special.text} No car is caught."))
    kind = "avoid_oil" if oil else "avoid_smoke"
    text = f"{special.text} Car{'s' if len(cars) > 1 else ''} {', '.join(cars)} must " \
           f"{'Avoid Oil' if oil else 'Avoid Smoke'}."
    return evolve(state, pending=Pending(kind, cars=cars), last_event=Event(text))


def _cars_behind(state: Position, given: tuple[str, ...] | None,
                 distances: tuple[int, ...]) -> tuple[str, ...]:
    if state.board is None:
        if given is None:
            raise InputError("tracker mode: say which Enemy cars are behind Bond (maybe none)")
        if not isinstance(given, tuple) or len(set(given)) != len(given):
            raise InputError(f"list each car once, got {shown(given, 40)}")
        return tuple(live_car(state, car).name for car in given)
    if given is not None:
        raise InputError("map mode works out which cars are behind Bond; give no cars")
    bond = state.piece(BOND)
    behind = state.board.behind(bond.space, bond.heading, max(distances))
    return tuple(car for car in state.live_cars()
                 if behind.get(state.piece(car).space) in distances)


def _avoid(state: Position, action: AvoidOil | AvoidSmoke) -> Position:
    name = "avoid_oil" if isinstance(action, AvoidOil) else "avoid_smoke"
    rule = rules.ENEMY_ACTIONS[name]
    pending = state.pending
    if pending is None or pending.kind != name:
        raise RuleError(f"no car has to {rule.section.split(': ')[1]} now",
                        rule=rule_name(rule.section))
    if action.car not in ENEMY_CARS:
        raise InputError(f"unknown Enemy car {shown(action.car, 30)}: the cars are A, B, C and D")
    if action.car not in pending.cars:
        raise RuleError(f"car {action.car} does not have to roll", rule=rule_name(rule.section))
    dice = two_dice(action.dice)
    what = "tries to " + rule.section.split(": ")[1]
    outcome = action_roll(state, "enemy", name, dice, f"Car {action.car}", what)
    left = tuple(c for c in pending.cars if c != action.car)
    state = evolve(state, pending=evolve(pending, cars=left)
                                if left else None)
    state, note = add_hits(state, action.car, outcome.result.hits_self)
    if outcome.result.effect == "removed":
        state, note = crash(state, action.car), f" Car {action.car} is removed from the game."
    return evolve(state, last_event=outcome_event(outcome, note))


# This module's part of the rules table. The turn's actions come once the set-up is done;
# a card's reveal and roll and the Avoid rolls whenever one is pending (their rules refuse
# them otherwise, in their own words).
PLAY = ("play",)
RULES = {
    Fire: Rule(_fire, PLAY),
    PickUpCard: Rule(_pick_up, PLAY),
    RevealCard: Rule(_reveal),
    CardRoll: Rule(_card_roll),
    BreakGate: Rule(_break_gate, PLAY),
    EjectGuard: Rule(_special, PLAY),
    RaiseScreen: Rule(_special, PLAY),
    OilSlick: Rule(_special, PLAY),
    SmokeScreen: Rule(_special, PLAY),
    AvoidOil: Rule(_avoid),
    AvoidSmoke: Rule(_avoid),
}
