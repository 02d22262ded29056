"""The turn's steps before On Assignment, one panel each, built once and re-filled from the
engine's legal actions: Draw Cards, Develop Plot Zone (a card into a Main Plot), Q cards,
Henchman Attack, Assignment Briefing (the Agency, a Personality won over), Discard and
Draw Cards, and the button to the next step.

Each view's `update(state)` fills its widgets and says whether it has anything to show.
"""

from __future__ import annotations

from html import escape

import panel as pn

from companion.license_to_kill import rules
from companion.license_to_kill.actions import (
    AddToAgency,
    AttachQ,
    HenchmanAttack,
    NextStep,
    PlacePlot,
)
from companion.license_to_kill.dashboard.duel_view import Duel
from companion.license_to_kill.dashboard.parts import (
    NOBODY,
    NONE_CHOSEN,
    WIDE,
    CardSearch,
    Hooks,
    box,
    forget,
    html,
    offer,
    refusal,
    select,
    text_input,
)
from companion.license_to_kill.dashboard.words import (
    HOUSE_LABEL,
    LOST,
    WON,
    card_label,
    needed,
    pick_label,
)
from companion.license_to_kill.engine import LtkState
from companion.license_to_kill.table import MAX_BONUS
from companion.ui import (
    PANE_MARGIN,
    Counter,
    CounterRow,
    PadButton,
    PanelDeck,
    TapPad,
    button,
    choice,
    heading,
    heading_markdown,
    set_shown,
    tap_button,
)

FACE_UP, FACE_DOWN = "Face up", "Face down"


def column(*objects: pn.viewable.Viewable) -> pn.Column:
    return pn.Column(*objects, margin=0, **WIDE)


class NoteStep:
    """A step done at the table only: a sentence says what to do."""

    def __init__(self, hooks: Hooks, text: str) -> None:
        self.panel = column(hooks.parts.note(text))

    def update(self, state: LtkState) -> bool:
        return True


class DevelopStep:
    """Step Two: add a Plot card or a non-allied Personality to a Main Plot."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self.card = select("Card to add (from your hand)")
        self.search = CardSearch(self.card, keep={"(choose the card)": NONE_CHOSEN})
        self.face = choice([FACE_UP, FACE_DOWN], FACE_UP, **WIDE)
        self.by_intrigue = choice({"The drawn Plot card": False,
                                   "An extra one an Intrigue card allows": True}, False, **WIDE)
        self.where = select("Where")
        self.place_rule = html()
        self.no_plot = button("The Plot Draw Pile is empty: no Plot card this turn",
                              lambda _: hooks.next_step(True), **WIDE)
        self.panel = column(
            heading("Add a card to your Plot Zone"),
            hooks.parts.note("Face down: only you look at the screen while you pick it; the "
                             "tablet keeps it hidden from the table."),
            self.search.box, self.card, self.face, self.by_intrigue, self.where,
            self.place_rule,
            button("Add it to the Plot Zone", self.place, color="primary", **WIDE),
            self.no_plot)
        for widget in (self.card, self.face):
            widget.param.watch(self._refresh_where, "value")
        self.by_intrigue.param.watch(lambda _: self._offer_cards(self.hooks.state()), "value")

    def update(self, state: LtkState) -> bool:
        self._offer_cards(state)
        set_shown(self.no_plot, not state.turn.plots_placed)
        self.place_rule.object = place_rule_html(state.config.house["personality_place"])
        return True

    def forget_choice(self) -> None:
        """The panel is hidden: a card chosen to play face down is not left in the page."""
        forget(self.card)

    def _offer_cards(self, state: LtkState) -> None:
        if self.by_intrigue.value:
            titles = dict.fromkeys(c.title for c in state.library.of_type(
                *rules.INTRIGUE_EXTRA_PLOT_TYPES))
        else:
            titles = state.plot_titles()
        self.search.offer({pick_label(state.library[t]): t for t in titles})
        self.card.value = NONE_CHOSEN  # a face-down title does not stay on the shared screen
        self._refresh_where()

    def where_options(self, title: str | None, face_up: bool, by_intrigue: bool
                      ) -> dict[str, tuple[int | None, int | None]]:
        """Every place in the Plot Zone the engine accepts this card now, in words."""
        if not title:
            return {}
        state, mover = self.hooks.state(), self.hooks.state().turn.player
        # His own phone names his face-down cards; a shared screen, "a face-down card".
        viewer = mover if self.hooks.seat() == mover else None
        view = state.view(viewer)["players"][mover]["zone"]
        places: dict[str, tuple[int | None, int | None]] = {"A new Main Plot": (None, None)}
        for m, stack in enumerate(view):
            names = [p["title"] or "a face-down card" for p in stack]
            for position in range(len(stack) + 1):
                places[f"Main Plot {m + 1}: {_spot(names, position)}"] = (m, position)
        return {label: spot for label, spot in places.items()
                if state.allows(PlacePlot(title, *spot, face_up, by_intrigue))}

    def _refresh_where(self, *_events) -> None:
        state = self.hooks.state()
        if state.turn is None or state.is_over:
            return
        offer(self.where, self.where_options(self.card.value, self.face.value == FACE_UP,
                                             self.by_intrigue.value))

    def place(self, _event=None) -> None:
        if not self.card.value or self.where.value is None:
            self.hooks.say("Choose a card and where it goes first.")
            return
        main_plot, position = self.where.value
        action = PlacePlot(self.card.value, main_plot, position, self.face.value == FACE_UP,
                           self.by_intrigue.value)
        if self.hooks.act(action):
            self.face.value, self.by_intrigue.value = FACE_UP, False


def place_rule_html(reading: str) -> str:
    """Where a Personality may sit in a Main Plot, and the extra plot an Intrigue card
    allows, as this game reads the Main Rules."""
    where = ("between two cards or on top, never under the bottom card (the Main Rules "
             "example)" if reading == "example" else
             "anywhere but the top of the Main Plot (the Main Rules sentence)")
    return (f'<div class="place-rule" style="font-size:0.95rem"><p>A non-allied Personality '
            f"joins an existing Main Plot {where} {HOUSE_LABEL}</p><p>An extra Henchman or "
            "Location an Intrigue card allows comes on top of the one of each type you may "
            "play normally, face up, still within 5 cards.</p></div>")


def _spot(names: list[str], position: int) -> str:
    if position == 0:
        return f"at the bottom, under {names[0]}"
    if position == len(names):
        return f"on top, above {names[-1]}"
    return f"between {names[position - 1]} and {names[position]}"


class QForm:
    """A Q card for a face-up Villain or Henchman (Develop Plot Zone) or a Bond or Agent
    (Assignment Briefing), where the engine allows one."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self.card = select("Q card")
        self.holder = select("Give it to")
        self.title = heading("")
        self.panel = column(self.title, self.card, self.holder,
                            button("Attach the Q card", self.attach, **WIDE))
        self.card.param.watch(self._refresh_holders, "value")

    def update(self, state: LtkState) -> bool:
        qs = state.legal_of(AttachQ)
        if not qs:
            return False
        offer(self.card, {card_label(state.library[t]): t
                          for t in dict.fromkeys(a.card for a in qs)})
        self._refresh_holders()
        develop = state.turn.step_name == "Develop Plot Zone"
        self.title.object = heading_markdown(
            "Q card on a face-up Villain or Henchman" if develop else
            f"Q card ({rules.Q_CARDS_PER_CHARACTER_PER_BRIEFING} to each Bond or Agent this "
            "step)")
        return True

    def _refresh_holders(self, *_events) -> None:
        names = self.hooks.piece_names()
        holders = [a.holder for a in self.hooks.state().legal_of(AttachQ)
                   if a.card == self.card.value]
        offer(self.holder, {names[h]: h for h in holders})

    def attach(self, _event=None) -> None:
        if self.card.value is None or self.holder.value is None:
            self.hooks.say("Choose a Q card and who gets it first.")
            return
        self.hooks.act(AttachQ(self.card.value, self.holder.value))


class AttackStep:
    """Step Four: the Henchman Attack resolver, or why there is none; after the turn's attack,
    another one if an Intrigue card allows it ('unless Intrigue cards enable you to do
    otherwise')."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self.duel = Duel(hooks, intrigue=False)
        self.done = html(object='<p style="font-size:1.05rem">This turn\'s Henchman Attack '
                                "is done.</p>")
        self.nobody = html(object='<p style="font-size:1.05rem">No Henchman or Personality in '
                                  "your Plot Zone can attack now: it needs to be face up, with "
                                  "a target in another Agency whose value is not higher.</p>")
        self.another = choice({"No more attacks": False,
                               "An Intrigue card allows another attack": True}, False, **WIDE)
        self.another.param.watch(lambda _: self.update(self.hooks.state()), "value")
        self.title = heading(f"Henchman Attack ({rules.HENCHMAN_ATTACKS_PER_TURN} a turn)")
        self.panel = PanelDeck([self.done, self.nobody, self.title, self.another,
                                self.duel.__panel__()], margin=0, **WIDE)

    def update(self, state: LtkState) -> bool:
        """Only what applies is shown; the resolver joins the page the first time a turn
        has an attack."""
        if state.turn is None or state.is_over or state.turn.step_name != "Henchman Attack":
            return True
        legal = [a for a in state.legal_actions() if isinstance(a, HenchmanAttack)]
        extra_ok = not legal and bool(state.extra_attack_options())
        if not extra_ok and self.another.value:
            self.another.value = False  # re-enters update
            return True
        self.duel.extra = extra_ok and self.another.value
        if legal or self.duel.extra:
            parts = [self.title, *([self.another] if extra_ok else []), self.duel.__panel__()]
            choices = legal or self.duel.options() or state.extra_attack_options()
            if not any(a.value == self.duel.value.value for a in choices):
                self.duel.value.value = choices[0].value
            self.duel.refresh()
        else:
            parts = [self.done if state.turn.attacks else self.nobody,
                     *([self.another] if extra_ok else [])]
        self.panel.show(parts)
        return True


class BriefingStep:
    """Step Five: a Bond, an Ally, or a non-allied Personality won over, into the Agency; an
    Intrigue card played on one Bond card to help win her over is entered as its effect."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self.card = select("Card for your Agency")
        self.search = CardSearch(self.card)
        self.win_over = box()
        self.helped = select("Intrigue card played on a Bond card to win her over")
        self.help_name = text_input("Intrigue card (name, optional)")
        self.help_pv = Counter(label="PV", low=-MAX_BONUS, high=MAX_BONUS)
        self.help_cv = Counter(label="CV", low=-MAX_BONUS, high=MAX_BONUS)
        self.help_icon = select("Icon it gives", options={"(none)": "", **{
            icon: icon for icon in rules.ICONS}})
        self.help_parts = column(self.helped, self.help_name,
                                 CounterRow(self.help_pv, self.help_cv), self.help_icon)
        self.go = PadButton("Put it in the Agency", self.add, color="primary", margin=PANE_MARGIN)
        self.panel = column(heading("Put a card in your Agency"), self.search.box, self.card,
                            self.help_parts, self.win_over, self.go)
        for widget in (self.card, self.helped, self.help_pv, self.help_cv, self.help_icon):
            widget.param.watch(self._refresh_win_over, "value")

    def update(self, state: LtkState) -> bool:
        # What may go in now: a card the engine takes as it is, or a Personality to win
        # over (an Intrigue card may help: the check below says what she needs).
        cards = [c for c in state.library.of_type("Bond", *rules.PERSONALITY_TYPES)
                 if self._needs_winning(c.title) or state.allows(AddToAgency(c.title))]
        self.search.offer({f"{pick_label(c)}{', ally' if c.ally else ''}": c.title
                           for c in cards})
        names = self.hooks.short_names()
        bonds = [p.id for p in state.players[state.turn.player].agency
                 if state.card(p).type == "Bond"]
        offer(self.helped, {"(no Intrigue card)": NOBODY, **{names[b]: b for b in bonds}})
        self._refresh_win_over()
        return True

    def action(self) -> AddToAgency | None:
        """The card as set up on screen, with an Intrigue card's help if one is entered."""
        if self.card.value is None:
            return None
        if self.helped.value in (None, NOBODY) or not self._needs_winning(self.card.value):
            return AddToAgency(self.card.value)
        icons = ((self.help_icon.value, 1),) if self.help_icon.value else ()
        return AddToAgency(self.card.value, self.helped.value, self.help_pv.value,
                           self.help_cv.value, icons, self.help_name.value.strip())

    def _needs_winning(self, title: str) -> bool:
        card = self.hooks.state().library[title]
        return card.is_personality and not card.ally

    def _refresh_win_over(self, *_events) -> None:
        state, action = self.hooks.state(), self.action()
        if action is None or state.turn is None or state.is_over:
            self.win_over.html = ""
            self.go.disabled = True
            return
        title = action.card
        card = state.library[title]
        set_shown(self.help_parts, self._needs_winning(title))
        why = refusal(state, action)
        self.go.disabled = why is not None  # the reason is beside it, not after a tap
        verdict = (f"<b style='color:{WON}'>Allowed.</b>" if why is None else
                   f"<b style='color:{LOST}'>Not allowed now:</b> {escape(why)}")
        if not self._needs_winning(title):
            self.win_over.html = f'<div class="win-over">{verdict}</div>'
            return
        report = state.win_over_report(state.turn.player, title, action)
        rows = "".join(
            f"<li>{escape(factor)} {needed(card, factor)}: "
            + (f"met by {escape(', '.join(bonds))}" if bonds else
               f"<b style='color:{LOST}'>no Bond card meets it</b>") + "</li>"
            for factor, bonds in report.items())
        self.win_over.html = (
            f'<div class="win-over">{verdict} To win {escape(title)} over, a Bond card in '
            f"your Agency meets each factor (Q cards and Intrigue cards included; values "
            f"are never added across Bond cards):<ul>{rows}</ul>Once won over she gives "
            f"her icons to any Bond she goes On Assignment with.</div>")

    def add(self, _event=None) -> None:
        action = self.action()
        if action is not None and self.hooks.act(action) is not None:
            self.helped.value = NOBODY
            self.help_pv.value = self.help_cv.value = 0
            self.help_icon.value, self.help_name.value = "", ""


class NextButton:
    """Done with this step: the next one, or the next player's turn.

    One TapPad (the button and why it is disabled): its label changes every step, and a
    Bokeh button relabelled makes the browser lay out the whole page again. The button's
    tap names the game's revision it was drawn for: a quick second tap, on a button drawn
    before the step it ended, does nothing (it would skip the next step)."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self.pad = TapPad(self._tapped, **WIDE)
        self.panel = column(self.pad)
        self.label, self.why = "Done", ""

    def _tapped(self, tap: str) -> None:
        if tap == self._tap():
            self.hooks.next_step()

    def _tap(self) -> str:
        return f"next:{self.hooks.revision()}"

    @property
    def enabled(self) -> bool:
        return not self.why

    def update(self, state: LtkState) -> bool:
        turn = state.turn
        if turn.step + 1 < len(rules.TURN_STEPS):
            self.label = f"Done: go to {rules.TURN_STEPS[turn.step + 1]}"
        else:
            following = state.players[(turn.player + 1) % len(state.players)].name
            self.label = f"End the turn: {following} plays"
        self.why = refusal(state, NextStep()) or ""
        why = "" if not self.why else \
            f'<p class="why-not" style="font-size:0.95rem;margin:0">Not yet: {escape(self.why)}</p>'
        self.pad.html = tap_button(self._tap(), self.label, enabled=self.enabled,
                                   style="width:100%") + why
        return True
