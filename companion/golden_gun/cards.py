"""The rules of the blue card: Step 4 (startled, Bond fires by accident), Steps 5-7 (fire on
purpose or hold, then read the card), the card's effects from the effect table, Wounds and
Dodges, Scaramanga's Shot, the printed sheet tapped by hand, and a lost turn. Each rule is
`rule(state, action, notes) -> state`, registered by `engine`."""

from __future__ import annotations

from dataclasses import replace

from companion.core.errors import InputError, RuleError, shown
from companion.core.words import counted
from companion.golden_gun import rules
from companion.golden_gun.actions import (
    ApplyEffect,
    Dodge,
    EndCard,
    Fire,
    Hold,
    Reveal,
    ScaramangaShot,
    Wait,
    dice_of,
)
from companion.golden_gun.effects import VOCABULARY, Paragraph, describe, step
from companion.golden_gun.state import Position, minus, plus


def bullets_left(ammo: int) -> str:
    """'1 bullet left', '5 bullets left', 'no bullets left'."""
    if ammo == 0:
        return "no bullets left"
    return f"{ammo} bullet{'' if ammo == 1 else 's'} left"


# Steps 5-7: the blue card.

def fire(state: Position, action: Fire, notes: list[str]) -> Position:
    if not state.ammo:
        raise RuleError("Bond has no bullets: he cannot fire at anything", rules.AMMUNITION)
    notes.append(f"Bond fires on purpose "
                 f"({bullets_left(state.ammo - rules.BULLETS_PER_SHOT)}).")
    return to_reveal(replace(state, ammo=state.ammo - rules.BULLETS_PER_SHOT), "fire", notes)


def hold(state: Position, action: Hold, notes: list[str]) -> Position:
    notes.append("Bond holds his fire.")
    return to_reveal(state, "hold", notes)


def to_reveal(state: Position, paragraph: Paragraph,
              notes: list[str]) -> Position:
    ready = replace(state, paragraph=paragraph, phase="reveal")
    if state.source == "room" or sum(state.unseen.values()):
        return ready
    if state.config.reshuffle_blue and sum(state.discards.values()):
        notes.append("The blue deck is empty: its discards are shuffled into a new deck "
                     "(house rule).")
        return replace(ready, unseen=dict(state.discards), discards={}, upper_left=0,
                       blue_deck=())
    notes.append("The blue deck is empty: nothing to read.")
    return end_room(replace(state, paragraph=None), notes)


def reveal(state: Position, action: Reveal, notes: list[str]) -> Position:
    kind = action.kind
    if kind is None:
        raise InputError("say which blue card was read (or let the app deal it in solo)")
    if kind not in rules.BLUE_KINDS:
        raise InputError(f"unknown blue card {shown(kind, 40)}")
    if state.source == "room":
        if kind != state.blues.get(state.room or ""):
            raise InputError(f"the card in {state.room} is {state.blues.get(state.room or '')}")
        taken = replace(state, blues={r: k for r, k in state.blues.items() if r != state.room})
    else:
        taken = _draw(state, kind)
    assert state.paragraph is not None
    notes.append(f"Blue card: {kind} ({state.paragraph.capitalize()} paragraph).")
    taken = replace(taken, card=kind, card_stays=False)
    if state.config.table is None:
        return replace(taken, phase="sheet")
    return _run(replace(taken, pending=state.config.table.steps(kind, state.paragraph)), notes)


def _draw(state: Position, kind: str) -> Position:
    if state.blue_deck and kind != state.blue_deck[0]:
        raise InputError(f"the top blue card is not {kind}")
    if not state.unseen.get(kind):
        raise InputError(f"no {kind} is left unseen in the blue deck (blue_deck option)")
    if state.upper_left and kind in rules.SPECIAL_KINDS:
        raise RuleError(f"{kind} cannot be in the upper half of the blue deck, "
                        f"{counted(state.upper_left, 'card')} of which are still to come",
                        rules.SET_UP)
    return replace(state, unseen=minus(state.unseen, kind), drawn=(*state.drawn, kind),
                   upper_left=max(0, state.upper_left - 1), blue_deck=state.blue_deck[1:])


def _run(state: Position, notes: list[str]) -> Position:
    """Do the pending steps until one needs dice, Bond dies, or the card is done."""
    while state.pending and not state.is_over:
        name, amount = state.pending[0]
        if VOCABULARY[name].rolls:
            notes.append(f"Next: {describe([state.pending[0]])}.")
            return replace(state, phase="dodge" if name == "wound_dodge" else "shot")
        state = _IMMEDIATE[name](replace(state, pending=state.pending[1:]), amount, notes)
    if state.is_over:
        return replace(state, phase="over")
    if state.config.table is None:
        return replace(state, phase="sheet")
    return _settle(state, notes)


def _settle(state: Position, notes: list[str]) -> Position:
    """The card read is done: Bond takes it (Solex), it stays, or it is discarded."""
    kind, room = state.card or "", state.room or ""
    done = replace(state, card=None, paragraph=None, pending=(), card_stays=False)
    if kind == rules.SOLEX and state.solex:
        pass
    elif state.card_stays:
        notes.append(f"{card_as_subject(kind)} stays in {room}.")
        done = replace(done, blues={**state.blues, room: kind})
    else:
        done = replace(done, discards=plus(state.discards, kind))
    return end_room(done, notes)


def card_as_subject(kind: str) -> str:
    """A blue card's name at the head of a sentence: "The Mannequin", but "Scaramanga",
    "Nick Nack", "Bond's Double" and "The Slide" as they are (a person's name, a
    possessive, or an article of its own)."""
    if kind in (rules.SCARAMANGA, rules.NICK_NACK) or "'s " in kind or kind.startswith("The "):
        return kind
    return f"The {kind}"


def end_room(state: Position, notes: list[str]) -> Position:
    if state.lose_turn:
        return replace(state, phase="wait", lose_turn=False)
    return replace(state, phase="move")


def _wound(state: Position, amount: int, notes: list[str]) -> Position:
    wounds = min(rules.KILLING_WOUNDS, state.wounds + amount)
    notes.append(f"Bond takes {amount} wound ({wounds} of {rules.KILLING_WOUNDS}).")
    if wounds >= rules.KILLING_WOUNDS:
        notes.append("Five wounds: Bond is killed.")
        return replace(state, wounds=wounds, ended="killed")
    return replace(state, wounds=wounds)


def _bullets(state: Position, change: int, notes: list[str]) -> Position:
    ammo = max(0, min(rules.MAX_BULLETS, state.ammo + change))
    capped = " (14 at most)" if state.ammo + change > rules.MAX_BULLETS else ""
    notes.append(f"Bullets {state.ammo} -> {ammo}{capped}.")
    return replace(state, ammo=ammo)


def _note(text: str, **flags: bool):
    def effect(state: Position, amount: int, notes: list[str]) -> Position:
        if text:
            notes.append(text)
        return replace(state, **flags)
    return effect


_IMMEDIATE = {
    "nothing": _note("Nothing happens."),
    "wound": _wound,
    "gain_bullets": lambda s, n, notes: _bullets(s, n, notes),
    "lose_bullets": lambda s, n, notes: _bullets(s, -n, notes),
    "lose_turn": _note("Bond loses his next turn.", lose_turn=True),
    "move_room": _note("Bond is carried off: his next move may go into any room.",
                       free_move=True),
    "stays": _note("", card_stays=True),
    "solex_found": _note("Bond has found the Solex Agitator!", solex=True),
}


def dodge(state: Position, action: Dodge, notes: list[str]) -> Position:
    dice = dice_of(action.dice)
    _, amount = state.pending[0]
    rest = replace(state, pending=state.pending[1:])
    if dice.total <= rules.DODGE_AT_MOST:
        notes.append(f"Dodge: rolled {dice}, {rules.DODGE_AT_MOST} or less: Bond ducks.")
        return _run(rest, notes)
    notes.append(f"Dodge: rolled {dice}, more than {rules.DODGE_AT_MOST}: the shot hits.")
    return _run(_wound(rest, amount, notes), notes)


def shot(state: Position, action: ScaramangaShot, notes: list[str]) -> Position:
    dice = dice_of(action.dice)
    _, hits = state.pending[0]
    rest = replace(state, pending=state.pending[1:])
    if dice.total <= hits:
        notes.append(f"Scaramanga's shot: rolled {dice}, {hits} or less: Bond is killed "
                     "(no dodge).")
        return _run(replace(rest, ended="killed"), notes)
    notes.append(f"Scaramanga's shot: rolled {dice}, more than {hits}: he misses.")
    return _run(rest, notes)


def apply_effect(state: Position, action: ApplyEffect,
                 notes: list[str]) -> Position:
    effect = step(action.effect, action.amount or None)
    notes.append(f"Sheet: {describe([effect])}.")
    return _run(replace(state, pending=(effect,)), notes)


def end_card(state: Position, action: EndCard, notes: list[str]) -> Position:
    notes.append(f"Done with the {state.card}.")
    return _settle(state, notes)


def wait(state: Position, action: Wait, notes: list[str]) -> Position:
    notes.append(f"Bond waits in {state.room} (lost turn).")
    return replace(state, phase="move")
