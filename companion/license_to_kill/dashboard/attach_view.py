"""Attached cards: an Intrigue card attached to a card on the table (Other Rules: Intrigue
Cards), and an attached card discarded: a Q card once used (Card Rulings: Time Bomb, the
Explosive Pen) or an attached Intrigue card another Intrigue card removes. The choices are
those the engine allows now."""

from __future__ import annotations

import panel as pn

from companion.license_to_kill import rules
from companion.license_to_kill.actions import AttachIntrigue, DiscardAttached
from companion.license_to_kill.dashboard.parts import WIDE, Hooks, offer, select
from companion.license_to_kill.dashboard.words import HOUSE_LABEL, card_facts
from companion.license_to_kill.engine import LtkState
from companion.ui import button, heading

TURN_PLAYER = -1


class AttachView:
    """Attach an Intrigue card, or discard an attached card."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self._options: list[AttachIntrigue] = []
        self.card = select("Intrigue card that attaches")
        self.holder = select("Attach it to")
        self.by = select("Played by")
        self.attached = select("Attached card to discard")
        self.card.param.watch(self._refresh_holders, "value")

    def objects(self) -> list[pn.viewable.Viewable]:
        note = self.hooks.parts.note
        return [
            note("An Intrigue card that states it attaches stays on its card until that card "
                 "is discarded (then its attachments go too): one copy of a card on a card. "
                 f"{', '.join(rules.DOES_NOT_ATTACH)} never attaches."),
            self.card, self.holder, self.by,
            button("Attach the Intrigue card", self.attach, color="primary", **WIDE),
            heading("Discard an attached card"),
            note("A Q card 'discarded once it is used' (Time Bomb, the Explosive Pen), or an "
                 "attached Intrigue card another Intrigue card removes."),
            pn.pane.HTML(f'<p style="font-size:1.05rem">{HOUSE_LABEL} A single-use Q card is '
                         "used when its holder goes On Assignment: the tablet discards it "
                         "when that assignment ends. Discard it here after any other use.</p>",
                         **WIDE),
            self.attached, button("Discard it", self.discard, **WIDE)]

    def refresh(self) -> None:
        state = self.hooks.state()
        self._options = state.attach_intrigue_options()
        offer(self.card, {_label(state, t): t for t in
                          dict.fromkeys(a.card for a in self._options)})
        offer(self.by, {"The player whose turn it is": TURN_PLAYER,
                        **{p.name: i for i, p in enumerate(state.players)}})
        self._refresh_holders()
        names = self.hooks.short_names()
        offer(self.attached, {_attached_words(state, a.card, names): a.card
                              for a in state.discard_options()})

    def _refresh_holders(self, *_events) -> None:
        names = self.hooks.piece_names()
        offer(self.holder, {names[a.holder]: a.holder for a in self._options
                            if a.card == self.card.value})

    def attach(self, _event=None) -> None:
        if self.card.value is None or self.holder.value is None:
            self.hooks.say("Choose an Intrigue card and the card it goes on first.")
            return
        by = None if self.by.value in (None, TURN_PLAYER) else self.by.value
        self.hooks.act(AttachIntrigue(self.card.value, self.holder.value, by))

    def discard(self, _event=None) -> None:
        if self.attached.value is None:
            self.hooks.say("No attached card is chosen.")
            return
        self.hooks.act(DiscardAttached(self.attached.value))


def _label(state: LtkState, title: str) -> str:
    return f"{title} ({card_facts(state.library[title])})"


def _attached_words(state: LtkState, attached_id: int, names: dict[int, str]) -> str:
    """'Time Bomb on The Navy Hero' (a face-down holder stays 'a face-down card')."""
    holder = state.holder_of(attached_id)
    title = next(a.title for a in holder.attached if a.id == attached_id)
    return f"{title} on {names.get(holder.id, 'a card')}"
