"""License to Kill: the die duels. Step Four's Henchman Attack and the Attacks and Charms
Intrigue cards call for (Attacking and Charming); each action's check and effect."""

from __future__ import annotations

from dataclasses import replace

from companion.core.dice import Roll
from companion.core.errors import InputError, shown

# States are annotated `GameState`: they are the engine's `LtkState`, and the engine
# imports this module.
from companion.core.game import (
    Event,
    GameState,
)
from companion.core.rules_table import Rule
from companion.license_to_kill import odds, rules
from companion.license_to_kill.actions import AttackCharm, HenchmanAttack
from companion.license_to_kill.table import ANY_TIME, Checked, Table, in_turn, setting_up
from companion.license_to_kill.table import refuse as _refuse


def _check_henchman(state: GameState, a: HenchmanAttack) -> None:
    turn = state.turn
    if not isinstance(a.extra, bool):
        raise InputError(f"extra is true or false, got {shown(a.extra, 20)}")
    if turn.attacks >= rules.HENCHMAN_ATTACKS_PER_TURN and not a.extra:
        raise _refuse("only one Henchman Attack can be made per turn (unless Intrigue cards "
                      "enable you to do otherwise)", "henchman")
    if a.extra and turn.attacks < rules.HENCHMAN_ATTACKS_PER_TURN:
        raise _refuse("this turn's Henchman Attack is still to be made: it needs no Intrigue "
                      "card", "henchman")
    if a.value not in rules.ATTACK_CHARM_VALUE.values():
        raise InputError(f"a Henchman attacks with PV or CV, got {shown(a.value, 20)}")
    state._own(a.attacker, "zone", rules.ATTACKERS, "henchman")
    target = state.piece(a.target)
    place, owner, _ = state.place_of(target.id)
    if place != "agency" or owner == turn.player:
        raise _refuse(f"{target.title} is not in another player's Agency", "henchman")
    state._of_type(target, rules.ATTACK_TARGETS, "henchman")
    _check_dice(state, a)


def _check_dice(state: GameState, a: HenchmanAttack | AttackCharm) -> None:
    state._duel(a)
    needed = state.dice_needed(a)
    if needed and a.dice is None:
        raise InputError("the dice are missing: roll them or let the app roll")
    if not needed and a.dice is not None:
        raise InputError("no dice are rolled: Intrigue cards made the attack fail")
    if needed:
        Roll.of(a.dice, needed)


def _do_henchman(state: GameState, table: Table, a: HenchmanAttack) -> Event:
    table.turn = replace(state.turn, attacks=state.turn.attacks + 1)
    attacker, target = state.piece(a.attacker), state.piece(a.target)
    head = f"{attacker.title} attacks {target.title} ({a.value})" + \
        (", another attack an Intrigue card allows" if a.extra else "")
    (mine, theirs), fails = state._duel(a)
    if fails:
        return Event(f"{head}: Intrigue cards raise the target's {a.value} above the "
                     "attacker's, the attack fails and the Henchman returns unharmed", "failure")
    outcome, text = _roll_text(state, a, mine, theirs)
    if outcome == "tie":
        return Event(f"{head}: {text}: a tie, nothing happens")
    if outcome == "attacker":
        return Event(f"{head}: {text}: the target loses, {table.demote(target.id)}", "success")
    lost = "returns to the Plot Zone unharmed"
    if state.card(attacker).is_personality:
        lost = table.discard(attacker.id, "lost a Henchman Attack")
    return Event(f"{head}: {text}: the attacker loses, {lost}", "failure")


def _roll_text(state: GameState, a: HenchmanAttack | AttackCharm, mine: int,
               theirs: int) -> tuple[str, str]:
    """The winner, and 'H1 rolled 2 +5 = 7 against B2's 4 = 4' (+X: the value difference)."""
    die_a, die_t = Roll.of(a.dice, 2).faces
    plus_a, plus_t = odds.attack_modifiers(mine, theirs)
    outcome = odds.attack_outcome(die_a, die_t, mine, theirs)
    sides = []
    for piece_id, die, plus in ((a.attacker, die_a, plus_a), (a.target, die_t, plus_t)):
        sides.append(f"{state.piece(piece_id).title} rolled {die}"
                     + (f" {plus:+d} = {die + plus}" if plus else ""))
    return outcome, f"{mine} against {theirs}; {sides[0]}, {sides[1]}"


def _check_attack_charm(state: GameState, a: AttackCharm) -> None:
    """Any time in a turn, On Assignment too: an Intrigue card played then may call for
    one (Attacking and Charming)."""
    if a.kind not in rules.ATTACK_CHARM_VALUE:
        raise InputError(f"an Intrigue duel is an Attack or a Charm, got {shown(a.kind, 20)}")
    if a.attacker == a.target:
        raise _refuse("a card cannot attack or charm itself", "attack")
    for piece_id in (a.attacker, a.target):
        state._of_type(state.piece(piece_id), rules.CHARACTER_TYPES, "attack")
    _check_dice(state, a)


def _do_attack_charm(state: GameState, table: Table, a: AttackCharm) -> Event:
    attacker, target = state.piece(a.attacker), state.piece(a.target)
    value = rules.ATTACK_CHARM_VALUE[a.kind]
    head = f"{attacker.title} {a.kind.lower()}s {target.title} ({value})"
    (mine, theirs), fails = state._duel(a)
    if fails:
        return Event(f"{head}: Intrigue cards raise the target's {value} above the "
                     "attacker's, nothing happens", "failure")
    outcome, text = _roll_text(state, a, mine, theirs)
    if outcome == "tie":
        return Event(f"{head}: {text}: a tie, neither card is discarded")
    loser = target if outcome == "attacker" else attacker
    lost = table.discard(loser.id, f"lost an {a.kind}")
    after = table.keep_assignment(state)
    return Event(f"{head}: {text}: {loser.title} loses, {lost} with its attachments{after}",
                 "success" if outcome == "attacker" else "failure")


# This module's part of the rules table: each action, when it is allowed, its refusal then.
RULES = {
    HenchmanAttack: Rule(Checked(_check_henchman, _do_henchman), ("Henchman Attack",),
                         in_turn("Henchman Attack", "henchman")),
    AttackCharm: Rule(Checked(_check_attack_charm, _do_attack_charm), ANY_TIME,
                      setting_up("attack")),
}
