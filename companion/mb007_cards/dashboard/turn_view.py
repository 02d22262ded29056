"""The Your choice card: the prompt, the odds of the choice and its buttons (the turn's
choices, an announcement's answers, or in table mode the card keys), for who looks at the
page (`Onlooker`).

Every choice comes from the engine's `legal_actions()` (and, in table mode, the cards the
deck can still hold). The odds on a shared screen come from the table's view of the seat
(his down card set aside: the peek shows the ones that use it); on his own phone, from his
own view (`advice_view`).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from companion.mb007_cards import rules
from companion.mb007_cards.actions import (
    Announce,
    Deal,
    Draw,
    DrawCard,
    Pass,
    Replace,
    TakeCards,
)
from companion.mb007_cards.dashboard.parts import Controls, Onlooker
from companion.mb007_cards.dashboard.words import (
    SLOT_WORDS,
    advised_action,
    bet_value,
    choosing_odds_html,
    public_part,
    respond_odds_html,
    turn_odds_html,
)
from companion.mb007_cards.engine import CardsState
from companion.mb007_cards.rules import card_text
from companion.mb007_cards.views import PrivateView, private_view
from companion.ui import PANE_MARGIN, ChoicePad, HtmlBox, set_shown, tap_button

KEY_CSS = ".act.cardkey { min-width: 64px; font-size: 1.35rem; font-weight: 700; }"
# At most two choices a row, so "Announce a winning combination" keeps to two lines at 768 px.
PAD_CSS = ".bar .act { flex: 1 1 40%; } .bar .act.cardkey { flex: 1 1 64px; }"
WIDE = {"sizing_mode": "stretch_width"}


def advice_view(state: CardsState, phone: int | None, seat: int) -> PrivateView:
    """The view the figures and buttons of `seat` use: his own on his own phone (`phone`,
    the page's seat: his down card is on it), the table's on a shared screen (the peek adds
    the card)."""
    view = private_view(state, seat)
    return view if phone == seat else public_part(view)


def seat_odds_html(state: CardsState, phone: int | None, seat: int, slot: str = "") -> str:
    """The odds of `seat`'s choice: from his own view on his own phone (`phone`), from the
    table's on a shared screen; `slot` the slot being tapped in (table mode: none then)."""
    view = advice_view(state, phone, seat)
    if state.phase in ("turn", "drawn") and not slot:
        return turn_odds_html(view)
    if state.phase == "choosing":  # his own phone shows the card with his cards
        return "" if phone == seat else choosing_odds_html(view)
    if state.phase == "respond":
        return respond_odds_html(view)
    return ""


class TurnView:
    """The prompt, the odds and the keys (`prompt`, `odds`, `pad`, put on the page). A key
    of the drawing on screen is refused if the game moved since it was drawn
    (`position()`: another device's change may still be on its way), so a key never acts
    for whoever is to act now instead of whom it was drawn for."""

    def __init__(self, controls: Controls, position: Callable[[], Any]):
        self.controls, self.position = controls, position
        self.prompt = HtmlBox(margin=PANE_MARGIN, **WIDE)
        self.odds = HtmlBox(margin=PANE_MARGIN, **WIDE)
        self.pad = ChoicePad(self._tap, controls.stale, stylesheets=[KEY_CSS, PAD_CSS], **WIDE)
        self.drawn_at: Any = None  # the game's position when the keys were drawn

    def _tap(self, call) -> None:
        if self.drawn_at != self.position():
            self.controls.stale()
            self.controls.redraw()
            return
        call()

    def show(self, state: CardsState, onlooker: Onlooker, draft: list, slot: str) -> None:
        """Draw the turn: `draft` the cards tapped in so far and `slot` the slot being
        replaced (table mode)."""
        covered, seat = onlooker.covered, onlooker.viewer
        self.prompt.html = f'<div class="prompt" style="font-size:1.1rem"><b>' \
            f"{escape(self._prompt(state, onlooker, draft, slot))}</b></div>"
        self.odds.html = "" if covered or seat is None or not onlooker.mine else \
            seat_odds_html(state, onlooker.seat, seat, slot)
        set_shown(self.odds, bool(self.odds.html))
        self._draw_pad(state, onlooker, draft, slot)

    # The prompt and the odds.

    def _prompt(self, state: CardsState, onlooker: Onlooker, draft: list, slot: str) -> str:
        if state.is_over:
            return f"Game over: {state.result}."
        if onlooker.bot_to_act:
            return f"A bot plays {state.seats[state.to_act].name}."
        if onlooker.covered:
            return f"Pass the tablet to {state.seats[onlooker.viewer].name}."
        if not onlooker.mine:
            return (f"Waiting for {state.waiting_for}. Your own choices appear here when they "
                    "are yours to make.")
        if onlooker.seat is not None and onlooker.viewer == onlooker.seat:
            return f"Your choice: {state.waiting_for}." + _table_step(state, draft, slot)
        if state.phase == "deal":
            return "Deal the cards." if state.tablet else \
                f"Tap in the up cards: {_deal_slot(state, draft)}."
        return f"Waiting for {state.waiting_for}." + _table_step(state, draft, slot)

    # The keys.

    def _draw_pad(self, state: CardsState, onlooker: Onlooker, draft: list, slot: str
                  ) -> None:
        pad, controls = self.pad, self.controls
        pad.new_drawing()
        self.drawn_at = self.position()
        rows = []
        if state.is_over:
            if onlooker.is_tablet:  # a new game starts on the shared tablet
                rows.append(self._key("Start a new game (settings below)",
                                      controls.new_game, "primary"))
        elif not onlooker.mine:
            pass  # another player's choice: his phone or the shared tablet makes it
        elif onlooker.bot_to_act:
            rows.append(self._key("Let the bots play", controls.play_bots, "primary"))
        elif onlooker.covered:
            name = state.seats[onlooker.viewer].name
            rows.append(self._key(f"I am {name}: show my choices", controls.uncover,
                                  "primary"))
        elif not state.tablet and _keypad_now(state, slot):
            rows += self._keypad(state, draft, slot)
        else:
            rows += [self._key(label, call, kind)
                     for label, call, kind in self._choices(state, onlooker.seat, slot)]
        pad.html = f'<div class="bar">{"".join(rows)}</div>'

    def _key(self, label: str, call, kind: str = "default", enabled: bool = True,
             classes: str = "") -> str:
        tap = self.pad.tap_for(call, label)
        return tap_button(tap, label, f"act act-{kind} {classes}".strip(), enabled)

    def _keypad(self, state: CardsState, draft: list, slot: str) -> list[str]:
        controls = self.controls
        possible = state.possible_cards(*draft)
        keys = [self._key(card_text(c), lambda c=c: controls.card(c), "default", c in possible,
                          "cardkey") for c in rules.CARDS]
        if draft:
            shown = ", ".join(map(card_text, draft))
            keys.append(self._key(f"Take back the last card (so far: {shown})",
                                  lambda: controls.pick(draft=draft[:-1])))
        if slot:
            keys.append(self._key("Back", lambda: controls.pick(slot="")))
        return keys

    def _choices(self, state: CardsState, phone: int | None, slot: str
                 ) -> list[tuple[str, Any, str]]:
        human, legal = self.controls.human, state.legal_actions() or []
        seat = state.to_act
        if state.phase == "deal":
            return [("Deal the cards", lambda: human(Deal()), "primary")]
        if state.phase == "new cards":
            return [("Take three new cards", lambda: human(TakeCards()), "primary")]
        view = advice_view(state, phone, seat)
        advised = advised_action(view)
        if state.phase == "respond":
            respond = self.controls.respond
            return [(f"Accept ({bet_value(view, 0)})" if a.bet == 0 else
                     f"Call {a.bet} ({bet_value(view, a.bet)})",
                     lambda a=a: respond(a.seat, a.bet),
                     "primary" if a == advised else "default") for a in legal]
        choices = []
        if Announce() in legal:
            choices.append(("Announce a winning combination", lambda: human(Announce()),
                            "primary" if advised == Announce() else "default"))
        if DrawCard() in legal:  # draw and look first, then choose (Rules for Play 2b)
            choices.append(("Draw a card and look at it", lambda: human(DrawCard()),
                            "primary" if advised == DrawCard() else "default"))
        elif state.phase == "turn":  # table mode, or the house rule: the slot first
            pick = self.controls.pick
            for each in rules.SLOTS:
                act = (lambda s=each: human(Draw(s))) if state.tablet else \
                    (lambda s=each: pick(slot=s))
                kind = "primary" if advised == Draw(each) else "default"
                choices.append((f"Draw and replace {SLOT_WORDS[each]}", act, kind))
        if state.phase == "choosing":
            choices += [(f"Put it in place of {SLOT_WORDS[each]}",
                         lambda s=each: human(Replace(s)),
                         "primary" if advised == Replace(each) else "default")
                        for each in rules.SLOTS]
        if Pass() in legal:
            choices.append(("Pass", lambda: human(Pass()),
                            "primary" if advised == Pass() else "default"))
        return choices


def _deal_slot(state: CardsState, draft: list) -> str:
    seat, side = divmod(len(draft), 2)
    return f"{state.seats[seat].name}'s {'left' if side == 0 else 'right'} up card"


def _table_step(state: CardsState, draft: list, slot: str) -> str:
    if state.tablet:
        return ""
    if state.phase == "new cards":
        return f" Tap their {'left' if not draft else 'right'} up card."
    if state.phase == "turn" and slot:
        return " Tap the old down card, now on the discard pile." if slot == "down" \
            else " Tap the card they drew."
    if state.phase == "reveal":
        return " Tap the down card they show."
    return ""


def _keypad_now(state: CardsState, slot: str) -> bool:
    phase = state.phase
    return phase in ("deal", "new cards", "reveal") or (phase == "turn" and bool(slot))
