"""The 007 card game on a tablet: the table, the turn's choices with their odds, the peek.

Every choice on screen comes from the engine's `legal_actions()` (and, in table mode, the
cards the deck can still hold). The table is drawn from the public view only; a seat's own
down card reaches the page only while its owner holds the peek button, and the odds on the
page set that card aside (the peek shows the ones that use it). In tablet mode with more
than one person, a cover asks to pass the tablet before the next person's choices appear.
Bots (tablet mode, saved in the options) decide from their own seat's private view.

A player's own phone (a seat's join link, `self.seat`) shows his down card all the time
(`own_html`, from `private_view(state, seat)`: no peek, no cover) and his own choices and
answers when it is his to make; the shared tablet keeps offering every seat's choices,
behind the cover, for players without a phone.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any

import panel as pn
import param

from companion.mb007_cards import GAME, rules
from companion.mb007_cards.actions import (
    Announce,
    Deal,
    Draw,
    DrawCard,
    Pass,
    Replace,
    Respond,
    Reveal,
    TakeCards,
)
from companion.mb007_cards.bot import bot_action
from companion.mb007_cards.dashboard.peek import FACE_CSS, PeekPad
from companion.mb007_cards.dashboard.table_html import (
    CARD_CSS,
    payouts_html,
    standings_html,
    table_html,
)
from companion.mb007_cards.dashboard.words import (
    SLOT_WORDS,
    advised_action,
    bet_ev,
    bet_value,
    choosing_odds_html,
    peek_html,
    public_part,
    respond_odds_html,
    turn_odds_html,
)
from companion.mb007_cards.engine import CardsState
from companion.mb007_cards.rules import card_text
from companion.mb007_cards.views import private_view, public_view
from companion.ui import (
    ChoicePad,
    GameDashboard,
    button,
    choice,
    heading,
    page,
    section,
    tap_button,
)
from companion.ui.template import closed_section
from companion.ui.theme import INPUT_CSS

SHOWN_EVENTS = 5  # what happened since the last person's choice: the newest 5 stay above the fold
KEY_CSS = ".act.cardkey { min-width: 64px; font-size: 1.35rem; font-weight: 700; }"
# At most two choices a row, so "Announce a winning combination" keeps to two lines at 768 px.
PAD_CSS = ".bar .act { flex: 1 1 40%; } .bar .act.cardkey { flex: 1 1 64px; }"
VERDICT = "font-size:1.05rem;padding:6px 10px;border-left:6px solid {};line-height:1.4"


def bot_to_act(state: CardsState) -> bool:
    """Whether a bot's seat makes the choice now."""
    seat = state.to_act
    return seat is not None and seat in state.options.bots and not state.is_over


def bots_next_move(state: CardsState, rng: random.Random) -> Any | None:
    """The bots' next action, each from its own seat's private view; None on a person's turn."""
    return bot_action(private_view(state, state.to_act), rng) if bot_to_act(state) else None


class CardsDashboard(GameDashboard):
    game = GAME

    # The next new game's settings.
    mode = param.Selector(default="tablet", objects=["tablet", "table"])
    players = param.Integer(default=4, bounds=(rules.MIN_PLAYERS, rules.MAX_PLAYERS))
    bots = param.List(default=[1, 2, 3], doc="Seats (from 0) the bots play, tablet mode.")
    dealer = param.Integer(default=0, bounds=(0, rules.MAX_PLAYERS - 1),
                           doc="The seat (from 0) that deals.")
    names = param.String(default="", doc="Players' names, separated by commas.")
    choose_first = param.Boolean(default=False, doc="House rule: the card a draw replaces "
                                 "is chosen before the card is seen.")
    hide_caught_bluff = param.Boolean(default=False, doc="House rule: a caught bluffer's down "
                                      "card goes back down unseen.")
    # What is being tapped now (cleared after every change of the game).
    draft = param.List(default=[], doc="Table mode: the cards tapped in so far.")
    slot = param.String(default="", doc="Table mode: the slot being replaced.")
    holder = param.Parameter(default=None, doc="The seat holding the tablet (tablet mode).")
    note = param.String(default="", doc="The odds of the last choice, shown with its outcome.")

    def __init__(self, **params):
        super().__init__(**params)
        self._since = max(0, len(self.session.actions) - 1)  # a resumed game shows its last event
        self._note_for: tuple[int, int] | None = None  # the announcement `note` belongs to
        self._build()
        self.param.watch(self._changed, "revision")
        self.param.watch(self._render_turn, ["draft", "slot", "holder"])
        self.param.watch(self._players_changed, "players")
        self._changed()

    def seat_names(self) -> list[str]:
        return [seat.name for seat in self.session.state.seats]

    def seat_is_bot(self, seat: int) -> bool:
        """The app's seats have no link: their phone would show a bot's down card."""
        return seat in self.session.state.options.bots

    # Settings.

    def new_options(self) -> dict[str, Any]:
        names = [n.strip() for n in self.names.split(",") if n.strip()]
        options: dict[str, Any] = {"mode": self.mode, "players": self.players}
        if self.mode == "tablet":
            options["bots"] = [b for b in self.bots if b < self.players]
        if 0 < self.dealer < self.players:
            options["dealer"] = self.dealer
        if names:
            options["names"] = names
        if self.choose_first:
            options["choose_after_drawing"] = False
        if self.hide_caught_bluff:
            options["show_caught_bluff"] = False
        return options

    def _seat_options(self) -> dict[str, int]:
        """The seats of the chosen player count, as the settings offer them."""
        return {f"Seat {i + 1}": i for i in range(self.players)}

    def _players_changed(self, _event=None) -> None:
        """Bots and the dealer are chosen among the seats of the chosen player count only."""
        self.param.update(bots=[b for b in self.bots if b < self.players],
                          dealer=min(self.dealer, self.players - 1))
        for widget, value in zip(self._seat_widgets, (self.bots, self.dealer), strict=False):
            widget.param.update(options=self._seat_options(), value=value)

    def open(self, session) -> None:
        self._since = max(0, len(session.actions) - 1)
        with param.parameterized.discard_events(self):
            self.param.update(holder=None, note="")
        super().open(session)

    # Who is at the tablet.

    @property
    def state(self) -> CardsState:
        return self.session.state

    def _humans(self) -> list[int]:
        return [i for i in range(len(self.state.seats)) if i not in self.state.options.bots]

    def _bot_to_act(self) -> bool:
        return bot_to_act(self.state)

    def viewer(self) -> int | None:
        """The seat whose choice it is, if a person (None during the deal, or for a bot)."""
        seat = self.state.to_act
        return None if seat is None or self._bot_to_act() else seat

    def mine(self) -> bool:
        """Whether this page makes the choice now: on a player's own phone, his (or nobody's,
        as the deal); on the tablet, one whose player has no phone; never a watcher's."""
        seat = self.viewer()
        if self.seat is not None:
            return seat in (None, self.seat)
        return self.is_tablet and (seat is None or not self.on_own_phone(seat))

    def covered(self) -> bool:
        """Tablet mode, several people: the next one must take the tablet first (never on a
        player's own phone)."""
        seat = self.viewer()
        return (self.seat is None and self.state.tablet and seat is not None
                and self.may_see(seat) and len(self._humans()) > 1 and self.holder != seat)

    def uncover(self) -> None:
        self.holder = self.viewer()

    def peek_face(self) -> str:
        """The peek's HTML: the private view of the seat at the tablet, never another's."""
        seat = self.viewer()
        if seat is None or self.covered() or not self.state.tablet or not self.may_see(seat):
            return ""
        return peek_html(private_view(self.state, seat))

    def own_html(self) -> str:
        """On a player's own phone, tablet mode: his down card and what it makes, always in
        view; '' anywhere else (the shared tablet never holds it but during a peek)."""
        if self.seat is None or not self.state.tablet or self.seat >= len(self.state.seats):
            return ""
        view = private_view(self.state, self.seat)
        if view.down is None:
            return ""
        return (f"<style>{CARD_CSS}{FACE_CSS}</style>"
                f'<div class="own-down" data-seat="{self.seat}">{peek_html(view)}</div>')

    # Acting.

    def _human(self, action: Any, note: str = "") -> None:
        """A person's choice; `note` (its odds) stays on screen with the outcome. An answer
        without a note keeps the call's note of the same announcement."""
        before = (self._since, self.note, self._note_for)
        announcement = (self.state.turns, self.state.turn) \
            if self.state.phase in ("respond", "reveal") else None
        same = announcement is not None and announcement == self._note_for
        self._since = len(self.session.actions)
        self.note = note or (self.note if same else "")
        self._note_for = announcement if note else self._note_for if same else None
        if self.act(action) is None:
            self._since, self.note, self._note_for = before
            return
        self.let_bots_play()

    def let_bots_play(self) -> None:
        """Let the bots act while it is a bot's choice (not after an undo, unless asked); one
        Undo takes their moves back with the player's move before them."""
        self.play_bots(bots_next_move)

    def _card(self, card: Any) -> None:
        """Table mode: one more card tapped in; the action goes when it is complete."""
        state, draft = self.state, [*self.draft, card]
        if state.phase == "deal" and len(draft) == 2 * len(state.seats):
            self._human(Deal(tuple(draft)))
        elif state.phase == "new cards" and len(draft) == 2:
            self._human(TakeCards(tuple(draft)))
        elif state.phase == "turn" and self.slot:
            new, old = (None, card) if self.slot == "down" else (card, None)
            self._human(Draw(self.slot, new, old))
        elif state.phase == "reveal":
            self._human(Reveal(card))
        else:
            self.draft = draft

    def _respond(self, seat: int, bet: int) -> None:
        view = self._advice_view(seat)
        note = "" if bet == 0 else f"{self.state.seats[seat].name} called {bet} " \
            f"(expected {bet_ev(view, bet)} from what he could see)"
        self._human(Respond(seat, bet), note)

    def _advice_view(self, seat: int):
        """The view the figures and buttons of `seat` use: his own on his own phone (his
        down card is on it), the table's on a shared screen (the peek adds the card)."""
        view = private_view(self.state, seat)
        return view if self.seat == seat else public_part(view)

    # Drawing.

    def _changed(self, *_events) -> None:
        with param.parameterized.discard_events(self):
            self.param.update(draft=[], slot="")
        if self.viewer() is not None and len(self._humans()) == 1:
            self.holder = self.viewer()
        view = public_view(self.state)
        self.table_pane.object = table_html(view)
        self.own.object = self.own_html()
        self.own.visible = bool(self.own.object)
        self.events.object = self._events_html()
        self._render_turn()

    def _render_turn(self, *_events) -> None:
        state = self.state
        covered = self.covered()
        self.prompt.object = f'<div class="prompt" style="font-size:1.1rem"><b>' \
            f"{escape(self._prompt(covered))}</b></div>"
        seat = self.viewer()
        shown = state.tablet and seat is not None and not covered and \
            state.seats[seat].has_cards and self.seat is None and self.may_see(seat)
        what = "down card and the card drawn" if state.phase == "choosing" else "down card"
        self.peek.param.update(face="", label=f"Hold here to see {state.seats[seat].name}'s "
                               f"{what}" if shown else "")
        self.odds.object = "" if covered or seat is None or not self.mine() else \
            self._odds_html(seat)
        self.odds.visible = bool(self.odds.object)
        self._draw_pad(covered)

    def _prompt(self, covered: bool) -> str:
        state = self.state
        if state.is_over:
            return f"Game over: {state.result}."
        if self._bot_to_act():
            return f"A bot plays {state.seats[state.to_act].name}."
        if covered:
            return f"Pass the tablet to {state.seats[self.viewer()].name}."
        if not self.mine():
            return (f"Waiting for {state.waiting_for}. Your own choices appear here when they "
                    "are yours to make.")
        if self.seat is not None and self.viewer() == self.seat:
            return f"Your choice: {state.waiting_for}." + self._table_step()
        if state.phase == "deal":
            return "Deal the cards." if state.tablet else \
                f"Tap in the up cards: {self._deal_slot()}."
        return f"Waiting for {state.waiting_for}." + self._table_step()

    def _deal_slot(self) -> str:
        seat, side = divmod(len(self.draft), 2)
        return f"{self.state.seats[seat].name}'s {'left' if side == 0 else 'right'} up card"

    def _table_step(self) -> str:
        state = self.state
        if state.tablet:
            return ""
        if state.phase == "new cards":
            return f" Tap his {'left' if not self.draft else 'right'} up card."
        if state.phase == "turn" and self.slot:
            return " Tap the old down card, now on the discard pile." if self.slot == "down" \
                else " Tap the card he drew."
        if state.phase == "reveal":
            return " Tap the down card he shows."
        return ""

    def _odds_html(self, seat: int) -> str:
        view = self._advice_view(seat)
        if self.state.phase in ("turn", "drawn") and not self.slot:
            return turn_odds_html(view)
        if self.state.phase == "choosing":  # his own phone shows the card with his cards
            return "" if self.seat == seat else choosing_odds_html(view)
        if self.state.phase == "respond":
            return respond_odds_html(view)
        return ""

    def _events_html(self) -> str:
        """What happened since the last person's choice; after an Undo took that choice back,
        the last move still applied, said to be so (never 'a new game' mid-game)."""
        state, applied = self.state, self.session.events
        if not applied:
            return ('<div class="verdict">A new game: the ante is in the pot. '
                    f"{escape(state.waiting_for.capitalize())}.</div>")
        events = applied[self._since:][-SHOWN_EVENTS:]
        taken_back = not events
        if taken_back:
            events = applied[-1:]
            note = ('<div class="note"><b>Taken back: the table is again as after this '
                    f"(move {len(applied)}).</b></div>")
        elif self.note and len(applied) - self._since <= SHOWN_EVENTS:
            note = f'<div class="note"><b>{escape(self.note)}</b></div>'
        else:  # the call's outcome is no longer in view: its odds would narrate the past
            note = ""
        colour = "#2e7d32" if state.is_over else "#9e9e9e"
        lines = "".join(f'<div class="event">{escape(e.text)}.</div>' for e in events)
        over = standings_html(public_view(state)) if state.is_over else ""  # first in view
        return f'<div class="verdict" style="{VERDICT.format(colour)}">{over}{note}{lines}</div>'

    def _draw_pad(self, covered: bool) -> None:
        pad, state = self.pad, self.state
        pad.new_drawing()
        self._drawn_at = self._position()
        rows = []
        if state.is_over:
            if self.is_tablet:  # a new game starts on the shared tablet
                rows.append(self._key("Start a new game (settings below)",
                                      self.start_new_game, "primary"))
        elif not self.mine():
            pass  # another player's choice: his phone or the shared tablet makes it
        elif self._bot_to_act():
            rows.append(self._key("Let the bots play", self.let_bots_play, "primary"))
        elif covered:
            name = state.seats[self.viewer()].name
            rows.append(self._key(f"I am {name}: show my choices", self.uncover, "primary"))
        elif not state.tablet and self._keypad_now():
            rows += self._keypad()
        else:
            rows += [self._key(label, call, kind) for label, call, kind in self._choices()]
        pad.html = f'<div class="bar">{"".join(rows)}</div>'

    def _key(self, label: str, call, kind: str = "default", enabled: bool = True,
             classes: str = "") -> str:
        tap = self.pad.tap_for(call, label)
        return tap_button(tap, label, f"act act-{kind} {classes}".strip(), enabled)

    def _keypad_now(self) -> bool:
        phase = self.state.phase
        return phase in ("deal", "new cards", "reveal") or (phase == "turn" and bool(self.slot))

    def _keypad(self) -> list[str]:
        possible = self.state.possible_cards(*self.draft)
        keys = [self._key(card_text(c), lambda c=c: self._card(c), "default", c in possible,
                          "cardkey") for c in rules.CARDS]
        if self.draft:
            shown = ", ".join(map(card_text, self.draft))
            keys.append(self._key(f"Take back the last card (so far: {shown})",
                                  lambda: setattr(self, "draft", self.draft[:-1])))
        if self.slot:
            keys.append(self._key("Back", lambda: setattr(self, "slot", "")))
        return keys

    def _choices(self) -> list[tuple[str, Any, str]]:
        state, legal = self.state, self.state.legal_actions() or []
        seat = state.to_act
        if state.phase == "deal":
            return [("Deal the cards", lambda: self._human(Deal()), "primary")]
        if state.phase == "new cards":
            return [("Take three new cards", lambda: self._human(TakeCards()), "primary")]
        view = self._advice_view(seat)
        advised = advised_action(view)
        if state.phase == "respond":
            return [(f"Accept ({bet_value(view, 0)})" if a.bet == 0 else
                     f"Call {a.bet} ({bet_value(view, a.bet)})",
                     lambda a=a: self._respond(a.seat, a.bet),
                     "primary" if a == advised else "default") for a in legal]
        choices = []
        if Announce() in legal:
            choices.append(("Announce a winning combination", lambda: self._human(Announce()),
                            "primary" if advised == Announce() else "default"))
        if DrawCard() in legal:  # draw and look first, then choose (Rules for Play 2b)
            choices.append(("Draw a card and look at it", lambda: self._human(DrawCard()),
                            "primary" if advised == DrawCard() else "default"))
        elif state.phase == "turn":  # table mode, or the house rule: the slot first
            for slot in rules.SLOTS:
                act = (lambda s=slot: self._human(Draw(s))) if state.tablet else \
                    (lambda s=slot: setattr(self, "slot", s))
                kind = "primary" if advised == Draw(slot) else "default"
                choices.append((f"Draw and replace {SLOT_WORDS[slot]}", act, kind))
        if state.phase == "choosing":
            choices += [(f"Put it in place of {SLOT_WORDS[slot]}",
                         lambda s=slot: self._human(Replace(s)),
                         "primary" if advised == Replace(slot) else "default")
                        for slot in rules.SLOTS]
        if Pass() in legal:
            choices.append(("Pass", lambda: self._human(Pass()),
                            "primary" if advised == Pass() else "default"))
        return choices

    # Layout.

    def _build(self) -> None:
        wide = {"sizing_mode": "stretch_width"}
        self.table_pane = pn.pane.HTML(**wide)
        self.events = pn.pane.HTML(**wide)
        self.prompt = pn.pane.HTML(**wide)
        self.own = pn.pane.HTML(visible=False, **wide)  # a player's own phone: his down card
        self.odds = pn.pane.HTML(**wide)
        self.peek = PeekPad(self.peek_face, **wide)
        self._drawn_at: tuple[int, int, int] | None = None
        self._seat_widgets: tuple = ()  # bots and dealer, once the settings are built
        self.pad = ChoicePad(self._tap, self._stale, stylesheets=[KEY_CSS, PAD_CSS], **wide)

    def _position(self) -> tuple[int, int, int]:
        return id(self.session), self.session.revision, len(self.session.actions)

    def _tap(self, call) -> None:
        """A key of the drawing on screen; refused if another device changed the game since
        it was drawn (its redraw may still be on its way), so a key never acts for whoever
        is to act now instead of whom it was drawn for."""
        if self._drawn_at != self._position():
            self._stale()
            self._render_turn()
            return
        call()

    def _stale(self) -> None:
        self.message = "That button had already changed; look again and tap."

    def _settings(self) -> pn.Column:
        wide = {"sizing_mode": "stretch_width"}
        mode = choice({"Tablet deals": "tablet", "Real cards": "table"}, self.mode, **wide)
        mode.link(self, value="mode")
        players = choice({str(n): n for n in range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)},
                         self.players, **wide)
        players.link(self, value="players")
        bots = pn.widgets.CheckButtonGroup(
            options=self._seat_options(), value=self.bots,
            height=52, color="primary", variant="outline", **wide)
        bots.link(self, value="bots")
        dealer = choice(self._seat_options(), self.dealer, **wide)
        dealer.link(self, value="dealer")
        self._seat_widgets = (bots, dealer)
        names = pn.widgets.TextInput(placeholder="Ann, Bo, Cy, Di", height=72,
                                     label="Names (optional, by commas)",
                                     stylesheets=[INPUT_CSS], **wide)
        names.link(self, value="names")
        readings = pn.widgets.CheckButtonGroup(
            options={"Slot chosen before the draw (house rule)": "choose_first",
                     "A caught bluff stays unseen (house rule)": "hide_caught_bluff"},
            value=[], height=96, color="primary", variant="outline", orientation="vertical",
            **wide)
        readings.param.watch(lambda event: self.param.update(
            choose_first="choose_first" in event.new,
            hide_caught_bluff="hide_caught_bluff" in event.new), "value")
        return pn.Column(
            heading("Cards"), mode, heading("Players"), players,
            heading("Seats the bots play (tablet mode)"), bots,
            heading("Who deals"), dealer, names, heading("Other readings"), readings,
            button("Start a new game with these settings", self.start_new_game,
                   color="primary", **wide), **wide)

    def _house_rules(self) -> pn.pane.HTML:
        items = "".join(f"<li>{escape(text)} <i>(house rule)</i></li>"
                        for text in rules.HOUSE_RULES.values())
        return pn.pane.HTML(f'<ul class="house-rules" style="font-size:1rem;line-height:1.4;'
                            f'padding-left:18px">{items}</ul>', sizing_mode="stretch_width")

    def replay_picture(self, state: CardsState) -> str:
        """The table as it stood: up cards, chips and the pot, every down card hidden."""
        return table_html(public_view(state))

    def __panel__(self) -> pn.viewable.Viewable:
        table = section("Table", self.table_pane, self.events, width=500)
        turn = section("Your choice", self.message_view(), self.own, self.prompt, self.peek,
                       self.odds, self.pad, width=400)
        log = section("Log", self.log, width=360)
        payouts = section("How it pays", pn.pane.HTML(payouts_html(), sizing_mode="stretch_width"),
                          width=360)
        house = section("House rules", self._house_rules(), width=360, collapsed=True)
        if not self.is_tablet:  # a phone: his seat of this game (if any), no more
            return page("James Bond 007 Card Game", turn, table, payouts, log, house)
        new = closed_section("New game: cards, players, bots", self._settings, width=360)
        saved = self.saved_games_section()
        return page("James Bond 007 Card Game", table, turn, payouts, log, self.share_section(),
                    self.review_section(), new, saved, house)
