"""Exact chances for the die duels: Henchman Attacks and Attack/Charm from Intrigue cards.

Both sides roll one die. Equal values: the target adds 1; the attacker higher by
X: the attacker adds X (Step Four: Henchman Attack, step 5). Equal totals are a
tie. An attacker with the lower value may not attack at all.

>>> henchman_attack(9, 7)["attacker"]
Fraction(13, 18)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from companion.core.dice import total_distribution
from companion.core.errors import InputError, RuleError, shown
from companion.license_to_kill import rules

Winner = Literal["attacker", "tie", "target"]
WINNERS: tuple[Winner, ...] = ("attacker", "tie", "target")


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name} must be a whole number, got {shown(value, 40)}")
    return value


def attack_modifiers(attacker_value: int, target_value: int,
                     rule: str = rules.SECTION["henchman"]) -> tuple[int, int]:
    """(attacker's die modifier, target's die modifier); RuleError if the attacker is lower.

    >>> attack_modifiers(7, 7), attack_modifiers(9, 7)
    ((0, 1), (2, 0))
    """
    attacker, target = _whole("attacker value", attacker_value), _whole("target value",
                                                                      target_value)
    if attacker < target:
        raise RuleError(f"the attacker's value {attacker} is lower than the target's "
                        f"{target}; it must be equal or greater", rule=rule)
    if attacker == target:
        return 0, rules.EQUAL_VALUES_TARGET_BONUS
    return rules.HIGHER_VALUE_ATTACKER_BONUS_PER_POINT * (attacker - target), 0


def attack_outcome(attacker_die: int, target_die: int, attacker_value: int,
                   target_value: int) -> Winner:
    """Who wins once both dice are rolled, modifiers added."""
    plus_attacker, plus_target = attack_modifiers(attacker_value, target_value)
    mine, theirs = attacker_die + plus_attacker, target_die + plus_target
    if mine == theirs:
        return "tie"
    return "attacker" if mine > theirs else "target"


def henchman_attack(attacker_value: int, target_value: int) -> dict[str, Fraction]:
    """P(attacker wins), P(tie), P(target wins), keys "attacker", "tie", "target".

    Raises RuleError when the attacker's value is lower (no attack is allowed).
    """
    attack_modifiers(attacker_value, target_value)
    faces = total_distribution(rules.ATTACK_DICE_EACH)
    chances = dict.fromkeys(WINNERS, Fraction(0))
    for mine, p_mine in faces.items():
        for theirs, p_theirs in faces.items():
            chances[attack_outcome(mine, theirs, attacker_value, target_value)] += (
                p_mine * p_theirs)
    return chances


def attack_table(max_difference: int = 6) -> list[tuple[int, dict[str, Fraction]]]:
    """The chances for every value difference 0..max_difference (a notebook's table)."""
    return [(d, henchman_attack(d, 0)) for d in range(_whole("difference", max_difference) + 1)]
