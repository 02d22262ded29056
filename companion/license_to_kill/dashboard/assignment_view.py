"""Step Six, On Assignment: one of its three actions (an attempt to Overcome a Main Plot
with what it would meet and miss, a Q card moved, or a card used in its place), then the
assignment in progress: Intrigue cards entered as their effects, reveals, the outcome."""

from __future__ import annotations

from html import escape

from companion.license_to_kill import rules
from companion.license_to_kill.actions import (
    AssignmentIntrigue,
    InPlaceOfAssignment,
    MoveQ,
    Proceed,
    StartAssignment,
)
from companion.license_to_kill.dashboard.parts import (
    NOBODY,
    WIDE,
    Hooks,
    box,
    html,
    offer,
    select,
    text_input,
)
from companion.license_to_kill.dashboard.step_views import column
from companion.license_to_kill.dashboard.words import (
    HOUSE_LABEL,
    check_html,
    effect_words,
    icons_words,
    move_words,
    plot_words,
)
from companion.license_to_kill.engine import LtkState
from companion.license_to_kill.table import MAX_BONUS
from companion.ui import Counter, CounterRow, button, choice, heading, heading_markdown, set_shown

ICON_COUNT = 9  # an Intrigue card adds or takes away at most this many of one icon here


class MissionStep:
    """The On Assignment step before an attempt: the team, the Main Plot, the preview; or
    instead a Q card moved, or a card that states it is used in place of the step."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self.bond = select("Bond (or Agent) On Assignment")
        self.partner = select("Personality going along")
        self.plot = select("Main Plot to Overcome")
        self.preview = box()
        self.go = button("Go On Assignment (no turning back)", self.start, color="primary",
                         **WIDE)
        self.nobody = hooks.parts.note("No Bond card can go On Assignment now.")
        self.move_q = select("Or instead: move a Q card")
        self.move = button("Move the Q card (instead of an assignment)", self.do_move_q, **WIDE)
        self.special = select("Or instead: a card used in place of this step")
        self.special_text = box()
        self.use_special = button("Use the card (no assignment this turn)", self.do_special,
                                  **WIDE)
        self._attempt = (self.bond, self.partner, self.plot, self.preview, self.go)
        self.panel = column(heading("Attempt to Overcome a Main Plot"), *self._attempt,
                            self.nobody, self.move_q, self.move, self.special,
                            self.special_text, self.use_special)
        for widget in (self.bond, self.partner, self.plot):
            widget.param.watch(self._refresh_preview, "value")
        self.special.param.watch(self._refresh_special, "value")

    def update(self, state: LtkState) -> bool:
        legal = state.legal_actions()
        starts = [a for a in legal if isinstance(a, StartAssignment)]
        names = self.hooks.piece_names()
        offer(self.bond, {names[b]: b for b in dict.fromkeys(a.bond for a in starts)})
        for part in self._attempt:
            set_shown(part, bool(starts))
        set_shown(self.nobody, not starts)
        self._offer_moves(state, [a for a in legal if isinstance(a, MoveQ)])
        self._offer_specials([a for a in legal if isinstance(a, InPlaceOfAssignment)])
        self._refresh_preview()
        return True

    def _offer_moves(self, state: LtkState, moves: list[MoveQ]) -> None:
        short = self.hooks.short_names()
        offer(self.move_q, {move_words(state, a, short): a for a in moves})
        for part in (self.move_q, self.move):
            set_shown(part, bool(moves))

    def _offer_specials(self, uses: list[InPlaceOfAssignment]) -> None:
        offer(self.special, {a.card: a for a in uses})
        for part in (self.special, self.special_text, self.use_special):
            set_shown(part, bool(uses))
        self._refresh_special()

    def _refresh_special(self, *_events) -> None:
        use = self.special.value
        if use is None:
            self.special_text.html = ""
            return
        card = self.hooks.state().library[use.card]
        where = (f"<p>{HOUSE_LABEL} A {card.type} card acts from your Agency.</p>"
                 if card.type in rules.AGENCY_TYPES else "")
        self.special_text.html = (
            f'<div class="in-place"><p>The card says: <i>{escape(card.notes)}</i></p>{where}'
            "<p>The tablet does not read card text: it records the step as used; do what the "
            "card says at the table (for an Attack or a Charm, use the Attack or Charm "
            "resolver).</p></div>")

    def assignment(self) -> StartAssignment | None:
        """The attempt as set up on screen, or None."""
        if self.bond.value is None or self.plot.value is None:
            return None
        owner, m = self.plot.value
        partner = self.partner.value
        return StartAssignment(self.bond.value, owner, m,
                               None if partner == NOBODY else partner)

    def _refresh_preview(self, *_events) -> None:
        state = self.hooks.state()
        if state.turn is None or state.is_over or state.assignment is not None:
            return
        starts = [a for a in state.legal_actions() if isinstance(a, StartAssignment)
                  and a.bond == self.bond.value]
        names = self.hooks.piece_names()
        partners = {"(nobody)": NOBODY}
        partners.update({names[p]: p for p in dict.fromkeys(a.personality for a in starts)
                         if p is not None})
        offer(self.partner, partners)
        offer(self.plot, {plot_words(state, a.plot_owner, a.main_plot):
                          (a.plot_owner, a.main_plot) for a in starts})
        action = self.assignment()
        self.preview.html = "" if action is None or action not in starts else \
            self._preview_html(state, action)

    @staticmethod
    def _preview_html(state: LtkState, action: StartAssignment) -> str:
        check = state.preview_assignment(action.bond, action.plot_owner, action.main_plot,
                                         action.personality)
        stack = state.players[action.plot_owner].zone[action.main_plot]
        hidden = sum(not p.face_up for p in stack)
        note = (f"<p>{hidden} card{'s' * (hidden != 1)} still face down: each is revealed "
                "in turn and may add to what is needed.</p>") if hidden else ""
        return (f'<div class="preview"><p>Against the face-up cards now:</p>'
                f"{_partner_html(state, action)}{check_html(check)}{note}</div>")

    def start(self, _event=None) -> None:
        action = self.assignment()
        if action is None:
            self.hooks.say("Choose a Bond card and a Main Plot first.")
            return
        self.hooks.act(action)

    def do_move_q(self, _event=None) -> None:
        if self.move_q.value is not None:
            self.hooks.act(self.move_q.value)

    def do_special(self, _event=None) -> None:
        if self.special.value is not None:
            self.hooks.act(self.special.value)


def _partner_html(state: LtkState, action: StartAssignment) -> str:
    """What the Personality going along gives: once won over (or an Ally) she provides her
    icons to any Bond, whether or not he meets her requirement (Personality and Agent
    Cards)."""
    if action.personality is None:
        return ""
    partner = state.piece(action.personality)
    card = state.card(partner)
    if not state.strength(partner).icons:
        return ""
    how = "an Ally" if card.ally else "won over"
    gives = icons_words(state.strength(partner).icons)
    return (f'<p class="partner">{escape(partner.title)} ({how}) gives {escape(gives)} to '
            f"{escape(state.piece(action.bond).title)}.</p>")


class IntrigueForm:
    """An Intrigue card played during the assignment, entered as its effect: PV, CV and any
    number of icons, each with a count (negative takes icons away)."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self.side = choice({"On Bond's team": "team", "On the Main Plot": "plot"}, "team",
                           **WIDE)
        self.name = text_input("Intrigue card (name, optional)")
        self.pv = Counter(label="PV", low=-MAX_BONUS, high=MAX_BONUS)
        self.cv = Counter(label="CV", low=-MAX_BONUS, high=MAX_BONUS)
        self.icons = {icon: Counter(label=icon, low=-ICON_COUNT, high=ICON_COUNT)
                      for icon in rules.ICONS}
        self.objects = [self.name, self.side, CounterRow(self.pv, self.cv),
                        heading("Icons it adds (+) or takes away (-)"),
                        CounterRow(*self.icons.values()),
                        button("Apply the Intrigue card", self.play, **WIDE)]

    def action(self) -> AssignmentIntrigue:
        icons = tuple((icon, counter.value) for icon, counter in self.icons.items()
                      if counter.value)
        return AssignmentIntrigue(self.side.value, self.pv.value, self.cv.value, icons,
                                  self.name.value.strip())

    def play(self, _event=None) -> None:
        if self.hooks.act(self.action()) is not None:
            self.clear()

    def clear(self) -> None:
        for counter in (self.pv, self.cv, *self.icons.values()):
            counter.value = 0
        self.name.value = ""


class AssignmentPanel:
    """The assignment in progress: what is met and missing as cards are revealed, the
    Intrigue cards played, and the button for when everyone has passed."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self.title = heading("")
        self.view = box()
        self.intrigue = IntrigueForm(hooks)
        self.proceed_button = button("Everyone has passed", self.proceed, color="primary",
                                     **WIDE)
        self.panel = column(
            self.title, self.view,
            hooks.parts.note("Starting with Bond's player, each player plays Intrigue cards "
                             "or passes. Enter each Intrigue card's effect here; one that "
                             "calls for an Attack or a Charm is resolved in 'Attack or Charm', "
                             "one that attaches in 'Attached cards'."),
            *self.intrigue.objects, self.proceed_button,
            html(object=f'<div class="assignment-rules" style="font-size:0.95rem"><p>'
                        f"{HOUSE_LABEL} A revealed card discarded when it was the only card "
                        "left ends the assignment with no Demotion; so does Bond discarded "
                        f"by an Attack or a Charm.</p><p>{HOUSE_LABEL} The team's single-use "
                        "Q cards (Time Bomb, Explosive Pen) are discarded when the "
                        "assignment ends.</p></div>"))

    def update(self, state: LtkState) -> bool:
        a = state.assignment
        short = self.hooks.short_names()
        team = short[a.bond] + ("" if a.personality is None else f" with {short[a.personality]}")
        self.title.object = heading_markdown(f"On Assignment: {escape(team)}")
        effects = "".join(f"<li>{escape(e.card or 'Intrigue card')} on the {e.side}: "
                          f"{escape(effect_words(e))}</li>" for e in a.effects)
        self.view.html = (
            f'<div class="assignment" style="font-size:1.05rem"><p>Against '
            f"{escape(plot_words(state, a.plot_owner, a.main_plot))}</p>"
            f"{check_html(state.assignment_check())}"
            f"{'<ul>' + effects + '</ul>' if effects else ''}</div>")
        self.proceed_button.label = self._proceed_label(state)
        return True

    @staticmethod
    def _proceed_label(state: LtkState) -> str:
        a = state.assignment
        if not state.assignment_check().met:
            return "Everyone has passed: the Main Plot is not Overcome"
        if any(not p.face_up for p in state.players[a.plot_owner].zone[a.main_plot]):
            return "Everyone has passed: reveal the bottom-most face-down card"
        return "Everyone has passed: the Main Plot is Overcome"

    def proceed(self, _event=None) -> None:
        self.hooks.act(Proceed())
