"""The Goldfinger dashboard: the set-up, the legal actions with their odds, the dice, the map
and the table, put together over one Session.

Buttons come from `state.legal_actions()`, odds from `odds.py`, the result from the
engine's last event: no rule is restated here. Rolled actions are chosen first (the odds
bar shows the exact chance and the modifiers), then rolled on the dice pad: the app rolls,
or the players tap the real dice. In map mode a bot may play one side; it answers after
each of the player's actions (`play_bot`).

Speed: every widget of the play phase is built once and then only changes its label,
colour, visibility or text (the action list is a pool of reused rows; the map is one SVG
string replaced in place). New Bokeh models per tap were what made a tap slow.

A side's own phone (a seat's join link, `self.seat`: 0 Bond, 1 the Enemy) shows that side's
private view (`views.private_view`: the Enemy's cards by the stars) and the steps only when
that side decides (`my_turn`); no set-up choices, saved games or join codes. The Enemy
places the cards there: his choices so far (`placing`) are this page's alone. The shared
tablet shows every step, for a group without phones, and never a card by a star.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from concurrent.futures import Future
from fractions import Fraction
from typing import Any

import panel as pn
import param

from companion.core.errors import InputError
from companion.core.session import Session
from companion.goldfinger import GAME, bot, odds, rules
from companion.goldfinger import engine as e
from companion.goldfinger.board import MAX_OPTION_BYTES, board_from_option, parse_board_file
from companion.goldfinger.dashboard.map_part import MapPart, follow
from companion.goldfinger.dashboard.parts import WIDE, Hooks, Picks
from companion.goldfinger.dashboard.placing_view import Placing
from companion.goldfinger.dashboard.setup_view import SetupForm
from companion.goldfinger.dashboard.step_views import ActionArea
from companion.goldfinger.dashboard.words import (
    BOT_SIDE,
    HIDDEN,
    MAP,
    PLAYERS_FOR,
    REAL,
    TABLE_CSS,
    TRACKER,
    TWO,
    VS_BOND,
    VS_ENEMY,
    armed_html,
    hits_html,
    kit_html,
    last_roll_html,
    own_html,
    replay_odds_html,
    status_html,
    verdict_html,
    waiting_text,
)
from companion.goldfinger.legal import allowed
from companion.goldfinger.map_svg import still_svg
from companion.goldfinger.views import (
    ENEMY_SEAT,
    private_view,
    public_state,
    seat_decides,
    seat_names,
)
from companion.ui import (
    BOT_STOPPED,
    BotMove,
    Counter,
    GameDashboard,
    HtmlBox,
    PageRow,
    heading,
    page,
    section,
)


def bot_side(state: e.GoldfingerState) -> str | None:
    """The side the app plays (map mode only), or None."""
    return state.setup.bot if state.board is not None else None


def bot_to_move(state: e.GoldfingerState) -> bool:
    side = bot_side(state)
    return side is not None and not state.is_over and state.side_to_act == side


def bot_next_move(state: e.GoldfingerState, _rng) -> Any | None:
    """The bot's next action while it is its side's move; None otherwise."""
    return bot.bot_action(state) if bot_to_move(state) else None


# In landscape the table's status stays in view beside the long action list (issue 17),
# in a `PageRow` with Play and the map: beside them only, never over the sections below.
TABLE_CARD_CSS = ("@media (orientation: landscape) { :host(.gf-sticky) { position: sticky; "
                  "top: 8px; align-self: flex-start; z-index: 1; } }")
# In map mode the set-up card comes after Play and the map, whose taps place the cards and
# Bond: first, it put Play below the map in landscape and 2,000 px down in portrait (a
# newcomer's play-test).
SETUP_CARD_CSS = ":host(.gf-after-map) { order: 1; }"


class GoldfingerDashboard(GameDashboard):
    game = GAME

    mode = param.Selector(default=TRACKER, objects=[TRACKER, MAP])
    players = param.Selector(default=TWO, objects=[TWO, VS_ENEMY, VS_BOND])
    house = param.Dict(default=dict(rules.HOUSE_RULES), doc="House rules for a new game.")
    board_data = param.Parameter(default=None, doc="A loaded board file's data, or None "
                                 "for the sample board.")
    armed = param.Parameter(default=None, doc="The rolled action chosen, waiting for dice.")
    behind = param.List(default=[], doc="Tracker mode: the cars behind Bond for Oil/Smoke.")
    card_mode = param.Selector(default=HIDDEN, objects=[HIDDEN, REAL])
    next_card = param.Selector(default=rules.CARD_NAMES[0], objects=list(rules.CARD_NAMES))
    placing = param.List(default=[], doc="Map set-up: (star, card or None) chosen so far.")
    bond_space = param.String(default="", doc="Map set-up: the Space chosen for Bond.")
    bot_report = param.List(default=[], doc="What the bot did in its last go.")
    estimate = param.String(default="")
    map_on = param.Boolean(default=False, doc="The game shown has a map.")

    def __init__(self, **params):
        super().__init__(**params)
        self._cache: dict[str, tuple[Any, Any]] = {}  # name -> (state, value) for this state
        self._setup_cards: list[pn.Column] = []  # the set-up card of each page drawn
        self._counted_for: str | None = None  # the piece whose Spaces between are counted
        self._reported_at: e.GoldfingerState | None = None  # the state the bot's go led to
        self._build_widgets()
        self._read_options()
        self.param.watch(self._refresh, ["revision", "armed", "behind", "card_mode", "next_card",
                                         "placing", "bond_space", "players", "bot_report"])
        self.between.param.watch(self._refresh, "value")
        self.param.watch(self.map_part.render_estimate, ["estimate", "revision"])
        self._refresh()
        self.map_part.render_estimate()

    # Seats: a side's own phone.

    def seat_names(self) -> list[str]:
        """Bond and the Enemy may each join on a phone (not the Enemy when the app plays
        him: his phone would show the bot's cards)."""
        return seat_names(self.session.state)

    def seat_is_bot(self, seat: int) -> bool:
        return seat >= len(self.seat_names())

    def my_turn(self) -> bool:
        """Whether this page shows the steps now: the tablet always (the Enemy's set-up only
        while he has no phone: `placing_view`); a side's own phone when that side decides,
        when the bot is to move, or when the game is over; a watcher never."""
        if self.seat is None:
            return self.is_tablet
        if self.state.is_over or self._bot_to_move():
            return True
        return seat_decides(self.state, self.seat)

    def enemy_phone_here(self) -> bool:
        """Whether the Enemy plays on his own phone: the tablet then never places his
        cards."""
        return len(self.seat_names()) > ENEMY_SEAT and self.on_own_phone(ENEMY_SEAT)

    # Sessions and set-up choices.

    def new_options(self) -> dict[str, Any]:
        if self.mode == TRACKER:
            return {"map": None, **self.house}
        return {"map": self.board_data or "sample", "bot": BOT_SIDE[self.players], **self.house}

    def _read_options(self) -> None:
        """Show the choices the current game was made with (a resumed game keeps its bot)."""
        options = self.session.options
        board = options.get("map")
        self.param.update(mode=MAP if board else TRACKER,
                          players=PLAYERS_FOR.get(options.get("bot"), TWO),
                          board_data=board if isinstance(board, dict) else None,
                          map_on=self.state.board is not None,
                          house={k: options.get(k, v) for k, v in rules.HOUSE_RULES.items()})
        self.setup_form.sync()

    def open(self, session: Session) -> None:
        self.armed = None
        self.param.update(placing=[], bond_space="", bot_report=[], estimate="")
        super().open(session)  # the page is no seat's any more
        self._read_options()
        self.picker.refresh()
        self._refresh()  # drawn once more: the new game's Enemy phone may already be open
        self.play_bot()

    def choose_setup(self, mode: str | None = None, players: str | None = None,
                     board_data: Any = ..., **house: bool) -> None:
        """Change the set-up choices; a game still in set-up restarts with them."""
        self.mode = mode or self.mode
        if board_data is not ...:
            self.board_data = board_data
        self.house = {**self.house, **house}
        self.players = TWO if self.mode == TRACKER else (players or self.players)
        if self.state.phase in ("cards", "bond"):
            old = self.session
            self.open(Session(self.game, self.new_options(), store=self.store))
            self.store.delete(old.id)
        else:
            self.setup_form.sync()

    def load_board_file(self, raw: bytes | None, name: str | None) -> None:
        """A board file from the FileInput: checked, then kept in the game's options."""
        if not raw or not name:
            return
        try:
            data = parse_board_file(raw, name, limit=MAX_OPTION_BYTES)
            board = board_from_option(data, name)
        except InputError as error:
            self.setup_form.refuse_board(str(error))
            return
        self.setup_form.refuse_board(None)
        self.choose_setup(MAP, board_data=data)
        self.message = f"Loaded {board.name} ({len(board.spaces)} spaces) from {name}."

    # Acting.

    @property
    def state(self) -> e.GoldfingerState:
        return self.session.state

    def resolve(self, action: Any) -> Any:
        """Fill in what tracker-mode templates leave to the players (distance, cars behind)."""
        if self.state.board is None:
            if isinstance(action, e.Fire):
                return dataclasses.replace(action, spaces_between=self.between.value)
            if isinstance(action, e.OilSlick | e.SmokeScreen):
                return dataclasses.replace(action, cars=tuple(sorted(self.behind)))
        return action

    def choose(self, action: Any) -> None:
        """A tapped button: rolled actions wait for the dice, the others happen at once."""
        action = self.resolve(action)
        if self.state.dice_needed(action):
            self.armed = action
            return
        self.do(action)

    def _press(self, what: Any) -> None:
        with pn.io.hold():
            what() if callable(what) else self.choose(what)

    def undo(self) -> None:
        with pn.io.hold():
            super().undo()

    def redo(self) -> None:
        with pn.io.hold():
            super().redo()

    def roll(self, dice: tuple[int, ...] | None) -> None:
        if self.armed is None:
            self.message = "Choose what to roll for first."
            return
        self.do(dataclasses.replace(self.resolve(self.armed), dice=dice))

    def do(self, action: Any) -> None:
        """Apply an action for the human player, then let a bot answer."""
        with pn.io.hold():  # the browser gets the whole new page at once
            with param.parameterized.discard_events(self):  # one redraw, after the action
                self.armed = None
                self.bot_report = []
            if self.act(action) is not None:
                self.play_bot()
            else:
                self._refresh()

    def bot_side(self) -> str | None:
        return bot_side(self.state)

    def _bot_to_move(self) -> bool:
        return bot_to_move(self.state)

    def play_bot(self, _event=None) -> None:
        """Let the bot play while it is its side's move (never after Undo, unless asked); its
        go is told in `bot_report` and drawn as trails on the map."""
        if not self._bot_to_move():
            return
        if not self.play_bots(bot_next_move, BOT_STOPPED, then=self._report_bot):
            self.revision += 1

    def _report_bot(self, moves: list[BotMove]) -> None:
        """The bot's go, kept before the devices redraw: its words and its trails."""
        trails: dict[str, list[str]] = {}
        for move in moves:
            follow(trails, move.before, move.after)
        with param.parameterized.discard_events(self):
            self.armed = None
            self.bot_report = [move.event.text for move in moves]
            self._reported_at = self.state
            self.map_part.trails = (self.state, tuple(tuple(t) for t in trails.values()))

    # Map taps, and the set-up taps they lead to.

    def tap(self, space: str) -> None:
        """A tap on the map: place a card, place Bond, or move there, as the moment asks."""
        state = self.state
        if state.board is None or space not in state.board.spaces:
            return
        if not self.my_turn():
            self.message = waiting_text(state)
            return
        with pn.io.hold():
            if state.phase == "cards":
                self.toggle_star(space)
            elif state.phase == "bond":
                self.bond_space = space
            else:
                self.tap_space(space)

    def tap_space(self, space: str) -> None:
        if self._bot_to_move():
            self.message = "It is the bot's move: tap 'Let the bot play now'."
            return
        for action in self.legal():
            if isinstance(action, e.Move | e.QuickTurn) and action.to == space:
                self.choose(action)
                return
        self.message = f"{space}: no move there now. The green rings show where you can go."

    def toggle_star(self, star: str) -> None:
        self.placing_view.toggle_star(star)

    def place_cards(self, _event=None) -> None:
        self.placing_view.place_cards()

    def _place_bond(self, toward: str) -> None:
        self.placing_view.place_bond(toward)

    # What is legal now, with its odds (each worked out once per state).

    def _once(self, name: str, work: Callable[[], Any]) -> Any:
        state = self.state
        kept = self._cache.get(name)
        if kept is None or kept[0] is not state:
            kept = (state, work())
            self._cache[name] = kept
        return kept[1]

    def picks(self) -> Picks:
        """This page's choices as they stand, for the views."""
        return Picks(self.mode, self.players, self.house, self.board_data, self.armed,
                     self.behind, self.card_mode, self.next_card, self.placing,
                     self.bond_space, self.shown_bot_report(), self.estimate)

    def legal(self) -> list[Any]:
        return self._once("legal", lambda: self.state.legal_actions() or [])

    def chance(self, action: Any) -> tuple[Fraction, tuple] | None:
        return odds.action_odds(self.state, self.resolve(action))

    def button_text(self, action: Any) -> str:
        return self.actions.button_text(action)

    def words(self, action: Any) -> str:
        return self.actions.words(action)

    # Views: built once.

    def _build_widgets(self) -> None:
        # Every part of the play column is one HtmlBox or TapPad, shown or emptied by its
        # HTML: a pane's visibility toggled, or a Panel HTML pane's text changed, makes the
        # server and then the browser lay out the whole page again on every tap.
        self.between = Counter(label="Spaces between", value=0, low=0, high=30, shown=False,
                               hint="Before you Fire: count the Spaces between the two "
                                    "pieces on the board.")
        self._verdict = HtmlBox(**WIDE)
        self._status = HtmlBox(stylesheets=[TABLE_CSS], **WIDE)
        self._own = HtmlBox(**WIDE)  # a side's own phone only
        # What the views read of the game and may do to it: never the dashboard itself.
        self.hooks = Hooks(
            state=lambda: self.session.state, revision=lambda: self.revision,
            picks=self.picks, armed=lambda: self.armed, choose=self.param.update,
            say=lambda text: setattr(self, "message", text), do=self.do, legal=self.legal,
            resolve=self.resolve, chance=self.chance, once=self._once,
            seat=lambda: self.seat, is_tablet=lambda: self.is_tablet, my_turn=self.my_turn,
            bot_side=self.bot_side, bot_to_move=self._bot_to_move,
            enemy_phone_here=self.enemy_phone_here)
        self.actions = ActionArea(self.hooks, self.roll, self._press, self.start_new_game,
                                  self.play_bot)
        self.placing_view = Placing(self.hooks)
        self.map_part = MapPart(self.hooks, self.tap)
        self.map_view = self.map_part.view
        self.setup_form = SetupForm(self.hooks, self.choose_setup, self.load_board_file)

    @property
    def dice(self):
        """The dice pad of the action column (what a roll is entered on)."""
        return self.actions.dice

    def replay_picture(self, state: e.GoldfingerState) -> str:
        """The hits and Bond's kit as they stood and, in map mode, the map: the pieces
        where they stood and a star filled while a card lay there, drawn from the table's
        view (`views.public_state`: no card by a star is read) as the live map draws them,
        with nothing to tap."""
        picture = f"<style>{TABLE_CSS}</style>{hits_html(state)}{kit_html(state)}"
        if state.board is None:
            return picture
        return picture + f'<div class="replay-board">{still_svg(public_state(state))}</div>'

    def replay_advice(self, state: e.GoldfingerState, coming: Any) -> str:
        """The odds the action list and the map showed then (none while the bot moved)."""
        if bot_to_move(state):
            return "<p>The bot's move: the tablet showed no odds.</p>"
        return replay_odds_html(state, coming)

    def __panel__(self) -> pn.viewable.Viewable:
        play = section("Play", self._verdict, self.message_view(),
                       heading("What you can do now"), self.between, self.actions.column)
        table = section("The table", self._status)
        table.stylesheets = [*table.stylesheets, TABLE_CARD_CSS]
        self._class_by_mode(table, tracker="gf-sticky")
        log, map_on = section("Log", self.log), self.param.map_on  # Map card shown
        if not self.is_tablet:  # a phone: its side's own view first (if any), no table admin
            own = section("Your side (only this phone)", self._own)
            game = PageRow(play, self.map_part.section(map_on, first_in_portrait=False), table)
            return page("007 Goldfinger", own, game, log, self.review_section(after=game))
        setup = section("Game set-up", self.setup_form.widgets["box"])
        setup.stylesheets = [*setup.stylesheets, SETUP_CARD_CSS]
        self._class_by_mode(setup, map_mode="gf-after-map")
        self._setup_cards.append(setup)
        self._show_setup()
        game = PageRow(setup, play, self.map_part.section(map_on), table)  # the map leads it
        return page("007 Goldfinger", game, log, self.share_section(),
                    self.review_section(after=game), self.saved_games_section())

    def _class_by_mode(self, card: pn.Column, tracker: str = "", map_mode: str = "") -> None:
        """Give `card` the CSS class of the game's mode, following it."""
        classes = list(card.css_classes)

        def follow(map_on: bool) -> None:
            card.css_classes = classes + [name for name in [map_mode if map_on else tracker]
                                          if name]
        follow(self.map_on)
        self.param.watch(lambda event: follow(event.new), "map_on")

    # Re-rendering after a change: texts and properties only.

    def _refresh(self, *_events) -> None:
        phase = self.state.phase
        if (self.placing and phase != "cards") or (self.bond_space and phase != "bond"):
            with param.parameterized.discard_events(self):  # set up on another device
                self.param.update(placing=[] if phase != "cards" else self.placing,
                                  bond_space="" if phase != "bond" else self.bond_space)
        if self.state.mover != self._counted_for:  # each piece counts its own shot's Spaces
            self._counted_for = self.state.mover
            if self.between.value:
                self.between.value = 0  # its watcher comes back here
                return
        armed, legal = self.armed, self.legal()
        if armed is not None and not allowed(self.state, self.resolve(armed)):
            armed = None
        if armed is None and len(legal) == 1 and self.state.dice_needed(legal[0]) \
                and not self._bot_to_move():
            armed = legal[0]  # the only thing to do is a roll: have it ready
        if armed != self.armed:
            self.armed = armed  # its watcher comes back here
            return
        self._verdict.html = self._verdict_html()
        self._status.html = self._status_html()
        if self.seat is not None:
            self._own.html = own_html(private_view(self.state, self.seat))
        self._show_rows()
        self.between.shown = self.state.board is None and any(
            isinstance(a, e.Fire) for a in legal) and not self._bot_to_move() and self.my_turn()
        self._refresh_roll()
        if self.state.board is not None:
            self.map_part.render()
        self._show_setup()

    def _show_setup(self) -> None:
        """The set-up card only while the cards and Bond are placed: set by each redraw (a
        reactive expression on `revision` took about 1 ms of every tap under a profiler)."""
        for card in self._setup_cards:
            card.visible = self.state.phase in ("cards", "bond")

    def _refresh_roll(self) -> None:
        armed = self.armed
        rolls = self.my_turn() and not self._bot_to_move() and any(
            self.state.dice_needed(a) for a in self.legal())
        # "Tap a rolled action to see its exact chance" only where there is one to tap.
        # The last roll's result stays beside the dice, where the eye is after a roll.
        last_roll = "" if self.shown_bot_report() else last_roll_html(self.state)
        self.actions.armed_pane.html = last_roll + (self._armed_html() if rolls else "")
        self.dice.param.update(
            shown=rolls,
            enabled=armed is not None,
            verb=self.button_text(armed).split(" · ")[0] if armed else "Choose an action first")

    def _show_rows(self) -> None:
        if not self.my_turn():
            self.actions.show(self.placing_view.waiting_rows(), waiting_text(self.state))
            return
        setup = self.state.phase in ("cards", "bond") and not self._bot_to_move()
        self.actions.show(self.placing_view.rows() if setup else None)

    def texts(self) -> list[str]:
        """The notes and button words of the action list as shown now."""
        return self.actions.texts()

    def press(self, text: str) -> None:
        """Tap the action button with these words."""
        self.actions.press(text)

    # Texts (words.py), and the map's.

    def _status_html(self) -> str:
        return status_html(self.state)

    def _armed_html(self) -> str:
        action = None if self.armed is None else self.resolve(self.armed)
        found = None if action is None or isinstance(action, e.StartTurn) else \
            self.chance(action)
        return armed_html(self.state, action, found)

    def _verdict_html(self) -> str:
        return verdict_html(self.state, self.shown_bot_report())

    def shown_bot_report(self) -> list[str]:
        """What the bot did in its last go, while the game stands where that go left it: an
        undo takes it back, and the list of its moves goes with it."""
        return self.bot_report if self._reported_at is self.state else []

    def map_picture(self) -> str:
        """The map's mat and marks as one text (for tests)."""
        return "".join(self.map_part.picture())

    def _danger_html(self) -> str:
        return self.map_part.danger_html()

    def start_estimate(self, _event=None) -> Future | None:
        return self.map_part.start_estimate()

    def _estimate_html(self) -> str:
        return self.map_part.estimate_html()

