"""The 007 card game's dashboard: one game over one Session, its views put together, who is
at the tablet, the persons' choices and the bots'; the views are filled again from
`self.session.state` after every change.

The table is drawn from the public view only; a seat's own down card reaches the page only
while its owner holds the peek button, and the odds on the page set that card aside (the
peek shows the ones that use it). In tablet mode with more than one person, a cover asks to
pass the tablet before the next person's choices appear. Bots (tablet mode, saved in the
options) decide from their own seat's private view.

A player's own phone (a seat's join link, `self.seat`) shows his down card all the time
(`own_view.own_html`, from `private_view(state, seat)`: no peek, no cover) and his own
choices and answers when it is his to make; the shared tablet keeps offering every seat's
choices, behind the cover, for players without a phone.
"""

from __future__ import annotations

import random
from typing import Any

import panel as pn
import param

from companion.mb007_cards import GAME, rules
from companion.mb007_cards.actions import Deal, Draw, Respond, Reveal, TakeCards
from companion.mb007_cards.bot import bot_action
from companion.mb007_cards.dashboard.own_view import OwnView, own_html, peek_face
from companion.mb007_cards.dashboard.parts import Controls, Onlooker
from companion.mb007_cards.dashboard.settings_view import SettingsView, house_rules
from companion.mb007_cards.dashboard.table_html import payouts_html, table_html
from companion.mb007_cards.dashboard.table_view import TableView
from companion.mb007_cards.dashboard.turn_view import TurnView, advice_view, seat_odds_html
from companion.mb007_cards.dashboard.words import bet_ev
from companion.mb007_cards.engine import CardsState
from companion.mb007_cards.views import private_view, public_view
from companion.ui import GameDashboard, page, section
from companion.ui.template import closed_section

TITLE = "James Bond 007 Card Game"


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

    def _players_changed(self, _event=None) -> None:
        """Bots and the dealer are chosen among the seats of the chosen player count only."""
        self.param.update(bots=[b for b in self.bots if b < self.players],
                          dealer=min(self.dealer, self.players - 1))
        self.settings.show_seats(self.players, self.bots, self.dealer)

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

    def onlooker(self) -> Onlooker:
        """Who looks at this page now and whose choice it is, for the views."""
        return Onlooker(self.seat, self.is_tablet, self.viewer(), self.mine(), self.covered(),
                        self._bot_to_act(), self.may_see)

    def peek_face(self) -> str:
        """The peek's HTML: the private view of the seat at the tablet, never another's."""
        return peek_face(self.state, self.onlooker())

    def own_html(self) -> str:
        """On a player's own phone, tablet mode: his down card and what it makes, always in
        view; '' anywhere else (the shared tablet never holds it but during a peek)."""
        return own_html(self.state, self.seat)

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
        view = advice_view(self.state, self.seat, seat)
        note = "" if bet == 0 else f"{self.state.seats[seat].name} called {bet} " \
            f"(expected {bet_ev(view, bet)} from what they could see)"
        self._human(Respond(seat, bet), note)

    # Drawing.

    def _changed(self, *_events) -> None:
        with param.parameterized.discard_events(self):
            self.param.update(draft=[], slot="")
        if self.viewer() is not None and len(self._humans()) == 1:
            self.holder = self.viewer()
        self.table_view.show(self.state, self.session.events, self._since, self.note)
        self.own_view.show_own(self.state, self.seat)
        self._render_turn()

    def _render_turn(self, *_events) -> None:
        onlooker = self.onlooker()
        self.own_view.show_peek(self.state, onlooker)
        self.turn_view.show(self.state, onlooker, self.draft, self.slot)

    # Layout.

    def _build(self) -> None:
        self.table_view = TableView()
        self.own_view = OwnView(self.peek_face)
        self.turn_view = TurnView(Controls(
            human=self._human, respond=self._respond, card=self._card,
            pick=self.param.update, uncover=self.uncover, play_bots=self.let_bots_play,
            new_game=self.start_new_game, stale=self._stale, redraw=self._render_turn),
            self._position)
        self.settings = SettingsView(
            lambda: {"mode": self.mode, "players": self.players, "bots": self.bots,
                     "dealer": self.dealer},
            self.param.update, self.start_new_game)
        # The parts the page is made of (and the tests read).
        self.table_pane, self.events = self.table_view.table_pane, self.table_view.events
        self.own, self.peek = self.own_view.own, self.own_view.peek
        self.prompt, self.odds = self.turn_view.prompt, self.turn_view.odds
        self.pad = self.turn_view.pad

    def _position(self) -> tuple[int, int, int]:
        return id(self.session), self.session.revision, len(self.session.actions)

    def _stale(self) -> None:
        self.message = "That button had already changed; look again and tap."

    def replay_picture(self, state: CardsState) -> str:
        """The table as it stood: up cards, chips and the pot, every down card hidden."""
        return table_html(public_view(state))

    def replay_advice(self, state: CardsState, coming: Any) -> str:
        """The odds of the choice as the shared screen showed them: from the table's view
        of the seat to act, his down card set aside (no odds while a bot chose)."""
        if state.is_over:
            return "<p>The game is over: no odds to show.</p>"
        seat = state.to_act
        if seat is None:
            return ""
        if bot_to_act(state):
            return "<p>A bot chose here: the tablet showed no odds.</p>"
        return seat_odds_html(state, None, seat)

    def __panel__(self) -> pn.viewable.Viewable:
        table = section("Table", self.table_pane, self.events, width=500)
        turn = section("Your choice", self.message_view(), self.own, self.prompt, self.peek,
                       self.odds, self.pad, width=400)
        log = section("Log", self.log, width=360)
        payouts = section("How it pays", pn.pane.HTML(payouts_html(), sizing_mode="stretch_width"),
                          width=360)
        house = section("House rules", house_rules(), width=360, collapsed=True)
        if not self.is_tablet:  # a phone: his seat of this game (if any), no more
            return page(TITLE, turn, table, payouts, log, self.review_section(after=turn), house)
        new = closed_section("New game: cards, players, bots", self.settings.panel, width=360)
        saved = self.saved_games_section()
        return page(TITLE, table, turn, payouts, log, self.share_section(),
                    self.review_section(after=turn), new, saved, house)
