"""The die duels as dialogs: a Henchman Attack (Step Four), or an Attack or Charm an
Intrigue card calls for (Attacking and Charming). The choices are those the engine
allows now; the odds show before the dice; the engine's event says what happened."""

from __future__ import annotations

from html import escape

import panel as pn

from companion.core.dice import percent
from companion.core.errors import CompanionError
from companion.license_to_kill import rules
from companion.license_to_kill.actions import AttackCharm, HenchmanAttack
from companion.license_to_kill.dashboard.parts import (
    WIDE,
    DuelDicePad,
    Hooks,
    offer,
    select,
)
from companion.license_to_kill.engine import LtkState
from companion.license_to_kill.odds import attack_modifiers
from companion.license_to_kill.table import MAX_BONUS
from companion.ui import Counter, CounterRow, HtmlBox, button, choice, odds_html, set_shown

Duel_ = HenchmanAttack | AttackCharm


class Duel(pn.viewable.Viewer):
    """A die duel set up on screen: a Henchman Attack, or an Attack/Charm from an Intrigue
    card (`intrigue`)."""

    def __init__(self, hooks: Hooks, intrigue: bool):
        super().__init__()
        self.hooks, self.intrigue = hooks, intrigue
        self.extra = False  # another Henchman Attack an Intrigue card allows
        self._options: list[Duel_] = []
        self.kind = choice({"Attack (PV)": "Attack", "Charm (CV)": "Charm"}, "Attack",
                           visible=intrigue, **WIDE)
        self.value = choice({"with PV": "PV", "with CV": "CV"}, "PV", visible=not intrigue,
                            **WIDE)
        self.attacker = select("Attacker" if intrigue else "Attacking Henchman or Personality")
        self.target = select("Target")
        self.attacker_bonus = Counter(label="Attacker's Intrigue bonus", value=0, low=-MAX_BONUS,
                                      high=MAX_BONUS)
        self.target_bonus = Counter(label="Target's Intrigue bonus", value=0, low=-MAX_BONUS,
                                    high=MAX_BONUS)
        self.odds = HtmlBox(margin=(4, 8), **WIDE)
        self.dice = DuelDicePad(self.roll, n_dice=2 * rules.ATTACK_DICE_EACH,
                                verb="Resolve" if intrigue else "Attack")
        self.no_dice = button("Resolve: the Intrigue cards make it fail, no dice",
                              lambda _: self.roll(None), **WIDE)
        set_shown(self.no_dice, False)
        self._layout = pn.Column(self.kind, self.value, self.attacker, self.target,
                                 CounterRow(self.attacker_bonus, self.target_bonus), self.odds,
                                 self.dice, self.no_dice, **WIDE)
        for widget in (self.kind, self.value):
            widget.param.watch(lambda _: self.refresh(), "value")
        self.attacker.param.watch(self._refresh_targets, "value")
        self.target.param.watch(self._refresh_odds, "value")
        for counter in (self.attacker_bonus, self.target_bonus):
            counter.param.watch(self._refresh_odds, "value")

    # What the engine allows now.

    def options(self) -> list[Duel_]:
        state = self.hooks.state()
        if self.intrigue:
            return [a for a in state.attack_charm_options() if a.kind == self.kind.value]
        attacks = state.extra_attack_options() if self.extra else state.legal_actions()
        return [a for a in attacks
                if isinstance(a, HenchmanAttack) and a.value == self.value.value]

    def refresh(self) -> None:
        """Re-read what the engine allows (once per change: the list can be long)."""
        self._options = self.options()
        names = self.hooks.piece_names()
        attackers = dict.fromkeys(a.attacker for a in self._options)
        offer(self.attacker, {names[i]: i for i in attackers})
        self._refresh_targets()

    def _refresh_targets(self, *_events) -> None:
        names = self.hooks.piece_names()
        targets = [a.target for a in self._options if a.attacker == self.attacker.value]
        offer(self.target, {names[i]: i for i in dict.fromkeys(targets)})
        self._refresh_odds()

    def action(self, dice: tuple[int, ...] | None = None) -> Duel_ | None:
        """The duel as set up on screen, or None when nothing can be set up."""
        if self.attacker.value is None or self.target.value is None:
            return None
        bonuses = {"attacker_bonus": self.attacker_bonus.value,
                   "target_bonus": self.target_bonus.value, "dice": dice}
        if self.intrigue:
            return AttackCharm(self.attacker.value, self.target.value, self.kind.value, **bonuses)
        return HenchmanAttack(self.attacker.value, self.target.value, self.value.value, **bonuses,
                              extra=self.extra)

    def roll(self, dice: tuple[int, ...] | None) -> None:
        action = self.action(dice)
        if action is None:
            self.hooks.say("Choose an attacker and a target first.")
            return
        # The result line keeps the chance the roll had (the next event's number).
        self.hooks.note_chance(self._chance_words(action))
        if self.hooks.act(action) is not None:
            self.attacker_bonus.value = self.target_bonus.value = 0

    def _chance_words(self, action: Duel_) -> str:
        state = self.hooks.state()
        try:
            chances = state.attack_odds(action.attacker, action.target, duel_value(action),
                                        action.attacker_bonus, action.target_bonus)
        except CompanionError:
            return ""
        if state.dice_needed(action) == 0:
            return "No dice: the Intrigue cards made it fail."
        return (f"Before the dice: attacker wins {percent(chances['attacker'])}, tie "
                f"{percent(chances['tie'])}, target wins {percent(chances['target'])}.")

    # The odds before the dice.

    def _refresh_odds(self, *_events) -> None:
        action = self.action()
        if action is None:
            self._blocked(self._nothing_words())
            return
        state = self.hooks.state()
        try:
            html = duel_odds_html(state, action, self.hooks.short_names())
        except CompanionError as error:
            self._blocked(escape(str(error)))
            return
        fails = state.dice_needed(action) == 0
        self.dice.enabled = not fails
        set_shown(self.no_dice, fails)
        self.odds.html = html

    def _nothing_words(self) -> str:
        """Why nothing can be set up, for the value chosen (the dice stay disabled)."""
        if self.intrigue:
            kind = self.kind.value
            value = rules.ATTACK_CHARM_VALUE[kind]
            return (f"Nothing can {kind.lower()} now: it needs a face-up card and a face-up "
                    f"target whose {value} is not higher.")
        value = self.value.value
        other = "CV" if value == "PV" else "PV"
        return (f"Nothing can attack with {value} now: a face-up Henchman or Personality in "
                f"your Plot Zone needs a target in another Agency whose {value} is not "
                f"higher (try with {other}).")

    def _blocked(self, text: str) -> None:
        self.odds.html = f'<p class="duel-odds">{text}</p>'
        self.dice.enabled = False
        set_shown(self.no_dice, False)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


# The odds of a duel before its dice, in words and bars (the dialog's and the replay's).

def duel_value(action: Duel_) -> str:
    """The value the duel compares: PV or CV."""
    if isinstance(action, HenchmanAttack):
        return action.value
    return rules.ATTACK_CHARM_VALUE[action.kind]


def duel_odds_html(state: LtkState, action: Duel_, names: dict[int, str]) -> str:
    """The duel `action` sets up (its dice unread), before the dice: the values, the
    modifiers and each outcome's chance; `names` the pieces' short names. A duel the engine
    does not allow now is a CompanionError."""
    value = duel_value(action)
    values = state.attack_values(action.attacker, action.target, value)
    chances = state.attack_odds(action.attacker, action.target, value,
                                action.attacker_bonus, action.target_bonus)
    fails = state.dice_needed(action) == 0
    a, t = names[action.attacker], names[action.target]
    text = "".join(f"<div>{line}</div>"
                   for line in _odds_lines(action, value, values, a, t, fails))
    intrigue = isinstance(action, AttackCharm)
    if fails:  # Step Four, 4: no dice, nobody harmed
        bars = odds_html(f"The attack fails: {a} {_fails(action)}", chances["fails"],
                         outcome="neutral")
    else:
        bars = "".join([
            odds_html(f"Attacker wins: {t} {_target_loses(state, action)}",
                      chances["attacker"]),
            odds_html("Tie: nothing happens", chances["tie"]),
            odds_html(f"Target wins: {a} {_attacker_loses(state, action)}",
                      chances["target"]),
        ])
    kind = "intrigue" if intrigue else "henchman"
    return f'<div class="duel-odds {kind}" style="font-size:1.02rem">{text}{bars}</div>'


def _odds_lines(action: Duel_, value: str, values: tuple[int, int], a: str, t: str,
                fails: bool) -> list[str]:
    mine, theirs = values
    final = (mine + action.attacker_bonus, theirs + action.target_bonus)
    lines = [f"<b>{escape(a)}</b> {value} {mine} against <b>{escape(t)}</b> "
             f"{value} {theirs} (Q cards included)."]
    if action.attacker_bonus or action.target_bonus:
        lines.append(f"Intrigue cards: attacker {action.attacker_bonus:+d}, target "
                     f"{action.target_bonus:+d}, so {final[0]} against {final[1]}.")
    if fails:
        lines.append("The target's value is now above the attacker's: the attack fails "
                     "without dice.")
        return lines
    plus_a, plus_t = attack_modifiers(*final)
    why = "equal values" if final[0] == final[1] else \
        f"attacker higher by {final[0] - final[1]}"
    lines.append(f"Die modifiers: attacker {plus_a:+d}, target {plus_t:+d} ({why}).")
    return lines


def _target_loses(state: LtkState, action: Duel_) -> str:
    if isinstance(action, AttackCharm):
        return "discarded"
    if state.piece(action.target).demotions:
        return "Demoted a second time, so discarded"
    return "Demoted"


def _fails(action: Duel_) -> str:
    if isinstance(action, HenchmanAttack):
        return "returns to the Plot Zone completely unharmed; nobody is Demoted"
    return "and its target both stay; nothing happens"


def _attacker_loses(state: LtkState, action: Duel_) -> str:
    if isinstance(action, AttackCharm):
        return "discarded"
    card = state.card(state.piece(action.attacker))
    return "discarded" if card.is_personality else "returns unharmed"
