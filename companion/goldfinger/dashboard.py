"""Goldfinger on a tablet: the tracker, the legal actions with their odds, the dice, the map.

Two ways to play, chosen at the start: tracker mode (the players move on the
real board and tell the app distances) and map mode on the sample board or a
board file the group loads (tap the map to move; Bond's reach chance is written
on every Space). In map mode one person can play Bond against the Enemy bot, or
the Enemy against the Bond bot; that choice is saved with the game. Buttons come
from `state.legal_actions()`, odds from `odds.py`, the result from the engine's
last event: no rule is restated here.

Rolled actions are chosen first (the odds bar shows the exact chance and the
modifiers), then rolled on the dice pad: the app rolls, or the players tap the
real dice.

Speed: every widget of the play phase is built once and then only changes its
label, colour, visibility or text (the action list is a pool of reused rows; the
map is one SVG string replaced in place). New Bokeh models per tap were what made
a tap slow.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

import panel as pn
import param

from companion.core.dice import percent
from companion.core.errors import CompanionError, InputError
from companion.core.session import Session
from companion.goldfinger import GAME, bot, odds, rules
from companion.goldfinger import engine as e
from companion.goldfinger.board import MAX_OPTION_BYTES, board_from_option, parse_board_file
from companion.goldfinger.legal import allowed, label
from companion.goldfinger.map_svg import map_svg
from companion.ui import (
    TOUCH,
    ChoicePad,
    Counter,
    DicePad,
    GameDashboard,
    TapPad,
    button,
    choice,
    heading,
    odds_html,
    page,
    section,
    tap_button,
)
from companion.ui.plain import notice_html
from companion.ui.theme import BUTTON_CSS, INPUT_CSS

TRACKER, MAP = "Tracker: no map", "Map: the app knows the board"
TWO, VS_ENEMY, VS_BOND = "Two players", "I play Bond (Enemy bot)", "I play the Enemy (Bond bot)"
BOT_SIDE = {TWO: None, VS_ENEMY: "enemy", VS_BOND: "bond"}
PLAYERS_FOR = {side: players for players, side in BOT_SIDE.items()}
HIDDEN, REAL = "The app hides the cards", "Real cards, face down"
HOUSE_TEXT = {
    "fire_after_losing_rest": "A piece that loses the rest of its turn may still Fire",
    "lost_turns_add_up": "Two 'lose a turn' results add up",
    "trick_jump_costs_move": "The Trick jump costs one Space of movement",
    "quick_turn_costs_move": "A Quick Turn costs one Space (the landing Space; the skipped "
                             "one is free)",
}
TRACKER_STARS = tuple(f"star {i}" for i in range(1, rules.CARDS_TO_PLACE + 1))
BOT_LIMIT = 600  # actions a bot may take in one go (a whole Enemy phase is ~30)
ESTIMATE_GAMES = 100
SUCCESS, FAILURE = "#2e7d32", "#b71c1c"
NO_BOTS_TEXT = ("**Bots need the map.** In tracker mode two people play at the table; choose "
                "map mode to play one side against the app.")


@dataclass(frozen=True)
class Choice:
    """One button of the action list: what it does (an action or a callable), its words."""

    do: Any
    text: str
    color: str = "default"


@dataclass(frozen=True)
class Row:
    """One row of the action list: a note, and one wide button or a row of short ones."""

    note: str = ""
    choices: tuple[Choice, ...] = ()
    grouped: bool = False


class ActionList(ChoicePad):
    """The action buttons as one kit ChoicePad: a turn relabels a dozen buttons in one change,
    and a tap on a list the screen has since replaced is dropped."""

    def __init__(self, on_press: Callable[[Any], None], **params):
        super().__init__(on_press, **params)
        self._notes: list[str] = []

    def show(self, rows: list[Row]) -> None:
        """Draw these rows; a tap on a button calls `on_press(choice.do)`."""
        self.new_drawing()
        parts = []
        for row in rows:
            if row.note:
                parts.append(f'<div class="note">{_markdown_html(row.note)}</div>')
            buttons = [self._button(shown, row.grouped) for shown in row.choices]
            if buttons:
                parts.append(f'<div class="bar">{"".join(buttons)}</div>')
        self._notes = [row.note for row in rows if row.note]
        self.html = "".join(parts)

    def _button(self, shown: Choice, grouped: bool) -> str:
        style = f"flex:0 0 auto;min-width:{TOUCH + 12}px" if grouped else "flex:1 1 100%"
        return tap_button(self.tap_for(shown.do, shown.text), shown.text,
                          f"act act-{shown.color}", style=style)

    def texts(self) -> list[str]:
        """Every note (as Markdown) and button text shown."""
        return self._notes + self.labels()


def _markdown_html(text: str) -> str:
    """The notes' little Markdown: paragraphs and **bold** (the text is escaped first)."""
    if not text:
        return ""
    paragraphs = escape(text).split("\n\n")
    html = "".join(f"<p style='margin:2px 0'>{p}</p>" for p in paragraphs)
    while "**" in html:
        html = html.replace("**", "<b>", 1).replace("**", "</b>", 1)
    return html


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
        self._syncing = False
        self._trails: tuple[Any, tuple[tuple[str, ...], ...]] = (None, ())
        self._cache: dict[str, tuple[Any, Any]] = {}  # name -> (state, value) for this state
        self._estimate_for = -1
        self._build_widgets()
        self._read_options()
        self.param.watch(self._refresh, ["revision", "armed", "behind", "card_mode", "next_card",
                                         "placing", "bond_space", "players", "bot_report"])
        self.between.param.watch(self._refresh, "value")
        self.param.watch(self._render_estimate, ["estimate", "revision"])
        self._refresh()
        self._render_estimate()

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
        self._sync_setup_widgets()

    def open(self, session: Session) -> None:
        self.armed = None
        self.param.update(placing=[], bond_space="", bot_report=[], estimate="")
        super().open(session)
        self._read_options()
        self.picker.refresh()
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
            self._sync_setup_widgets()

    def new_game(self, _event=None) -> None:
        self.open(Session(self.game, self.new_options(), store=self.store))

    def load_board_file(self, raw: bytes | None, name: str | None) -> None:
        """A board file from the FileInput: checked, then kept in the game's options."""
        if not raw or not name:
            return
        try:
            data = parse_board_file(raw, name, limit=MAX_OPTION_BYTES)
            board = board_from_option(data, name)
        except InputError as error:
            self._setup["board_error"].param.update(
                object=notice_html(f"Board file refused: {error}", "danger"), visible=True)
            return
        self._setup["board_error"].visible = False
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
        return self.state.setup.bot if self.state.board is not None else None

    def _bot_to_move(self) -> bool:
        side = self.bot_side()
        return side is not None and not self.state.is_over and self.state.side_to_act == side

    def play_bot(self, _event=None) -> None:
        """Let the bot play while it is its side's move (never after Undo, unless asked)."""
        if not self._bot_to_move():
            return
        side, played = self.bot_side(), []
        trails: dict[str, list[str]] = {}
        with self.bot_turn():  # devices redraw once; one Undo takes it back with the move before
            try:
                for _ in range(BOT_LIMIT):
                    state = self.state
                    if state.is_over or state.side_to_act != side:
                        break
                    played.append(self.table.act(bot.bot_action(state)).text)
                    _follow(trails, state, self.state)
            except CompanionError as error:
                self.message = f"The bot stopped: {error}"
            with param.parameterized.discard_events(self):
                self.armed = None
                self.bot_report = played
                self._trails = (self.state, tuple(tuple(t) for t in trails.values()))
        if not played:
            self.revision += 1

    # Map taps.

    def tap(self, space: str) -> None:
        """A tap on the map: place a card, place Bond, or move there, as the moment asks."""
        state = self.state
        if state.board is None or space not in state.board.spaces:
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
        """Card set-up on the map: a star gets the chosen card, or gives it back."""
        board = self.state.board
        if star not in board.stars:
            self.message = f"{star} is not a red star Space: cards go by the stars."
            return
        self.message = ""
        if star in dict(self.placing):
            self.placing = [(s, c) for s, c in self.placing if s != star]
        elif len(self.placing) < rules.CARDS_TO_PLACE:
            card = self.next_card if self.card_mode == HIDDEN else None
            self.placing = [*self.placing, (star, card)]
        left = self._cards_left()
        if left:
            self.next_card = left[0]

    def _cards_left(self) -> list[str]:
        placed = {card for _, card in self.placing}
        return [c for c in rules.CARD_NAMES if c not in placed]

    def place_cards(self, _event=None) -> None:
        if self.state.board is None:
            self.do(e.PlaceCards(TRACKER_STARS))
            return
        stars = tuple(s for s, _ in self.placing)
        cards = None if self.card_mode == REAL else tuple(c for _, c in self.placing)
        self.placing = []
        self.do(e.PlaceCards(stars, cards))

    # What is legal now, with its odds (each worked out once per state).

    def _once(self, name: str, work: Callable[[], Any]) -> Any:
        state = self.state
        kept = self._cache.get(name)
        if kept is None or kept[0] is not state:
            kept = (state, work())
            self._cache[name] = kept
        return kept[1]

    def legal(self) -> list[Any]:
        return self._once("legal", lambda: self.state.legal_actions() or [])

    def chance(self, action: Any) -> tuple[Fraction, tuple] | None:
        return odds.action_odds(self.state, self.resolve(action))

    def button_text(self, action: Any) -> str:
        action = self.resolve(action)
        if isinstance(action, e.EndMove):
            return f"End {_name(self.state.mover)}'s move"
        if isinstance(action, e.StartTurn) and not self.state.dice_needed(action):
            return f"{_name(action.piece)} has lost this turn: begin it (Fire only)"
        text = self.words(action)
        found = self.chance(action)
        if found is not None:
            chance, mods = found
            text += f" · {percent(chance)}"
            if mods:
                text += f" ({odds.describe_modifiers(mods)})"
        return text

    def words(self, action: Any) -> str:
        """A button's words: the engine's label, with what two look-alike buttons differ in
        and what an action costs before it is tapped."""
        action = self.resolve(action)
        if isinstance(action, e.Fire) and self.state.board is None \
                and action.target == rules.BOND:  # the Screen stops only fire from the rear
            return "Fire at Bond from his rear" if action.from_rear else \
                "Fire at Bond, not from his rear"
        if isinstance(action, e.Force) and action.aside:
            return f"{label(action)} aside to {action.aside}"
        if isinstance(action, e.EjectGuard | e.RaiseScreen):
            return f"{label(action)}: uses all {rules.ACTIONS_PER_TURN['bond']} of Bond's " \
                "actions this turn"
        return label(action)

    def _forces(self, actions: list[Any]) -> list[Any]:
        """Map mode: one Force button per free side Space, so the forcing player picks where
        the forced piece goes (HOUSE RULE: the forcing player names it)."""
        state, found = self.state, []
        for action in actions:
            if state.board is None or action.aside is not None or state.step is None:
                found.append(action)
                continue
            space = state.piece(state.step.piece).space
            asides = state.board.aside(space, state.occupied())
            found += [dataclasses.replace(action, aside=s) for s in asides] or [action]
        return found

    # Views: built once.

    def _build_widgets(self) -> None:
        wide = {"sizing_mode": "stretch_width"}
        self.between = Counter(label="Spaces between", value=0, low=0, high=30)
        self.dice = DicePad(self.roll, verb="Roll")
        self._dice_box = pn.Column(self.dice, margin=0, **wide)
        self._between_box = pn.Column(
            _note("Before you Fire: count the Spaces between the two pieces on the board."),
            self.between, margin=0, visible=False, **wide)
        self._verdict = pn.pane.HTML("", **wide)
        self._armed_pane = pn.pane.HTML("", **wide)
        self._status = pn.pane.HTML("", **wide)
        self._danger = pn.pane.HTML("", **wide)
        self._estimate_pane = pn.pane.HTML("", **wide)
        self._phase_box = pn.Column(margin=0, **wide)  # set-up rows, rebuilt (rare)
        self._behind_cars = pn.widgets.CheckButtonGroup(
            options=list(rules.ENEMY_CARS), value=[], height=TOUCH, stylesheets=[BUTTON_CSS],
            color="primary", variant="outline", **wide)
        self._behind_cars.link(self, value="behind")
        self._behind_box = pn.Column(
            _note("Oil catches the cars 1-2 Spaces behind Bond, smoke those 3-5 behind: tap the "
                  "cars caught, then release."), self._behind_cars, margin=0, visible=False,
            **wide)
        self._list = ActionList(self._press, **wide)
        self._rest_list = ActionList(self._press, **wide)  # the rows after the chosen one
        self._tail_list = ActionList(self._press, **wide)  # Oil, Smoke, End move
        # The chosen action's odds and the dice sit right below its button (issue 17: the
        # roll is where the eye already is, in both orientations).
        self._actions = pn.Column(self._phase_box, self._list, self._armed_pane,
                                  self._dice_box, self._rest_list, self._behind_box,
                                  self._tail_list, margin=0, **wide)
        self.map_view = TapPad(self.tap, **wide)
        self._setup = self._setup_widgets()

    def __panel__(self) -> pn.viewable.Viewable:
        setup = section("Game set-up", self._setup["box"])
        setup.visible = self.param.revision.rx.pipe(
            lambda _: self.state.phase in ("cards", "bond"))
        play = section("Play", self._verdict, self.message_view(),
                       heading("What you can do now"), self._between_box, self._actions)
        board = section("Map", self.map_view, pn.pane.HTML(_LEGEND, sizing_mode="stretch_width"),
                        self._danger, self._estimate_pane,
                        button("Estimate Bond's chance (bot games)", self.start_estimate,
                               sizing_mode="stretch_width"), width=460)
        board.visible = self.param.map_on
        board.stylesheets = [*board.stylesheets, MAP_CARD_CSS]
        table = section("The table", self._status)
        table.stylesheets = [*table.stylesheets, TABLE_CARD_CSS]
        table.css_classes = [] if self.map_on else ["gf-sticky"]  # tracker mode only
        self.param.watch(lambda ev: setattr(table, "css_classes", [] if ev.new else
                                            ["gf-sticky"]), "map_on")
        return page("007 Goldfinger", setup, play, board, table,
                    section("Log", self.log), section("Saved games", self.picker,
                                                      collapsed=True))

    def _setup_widgets(self) -> dict[str, Any]:
        wide = {"sizing_mode": "stretch_width"}
        mode = choice([TRACKER, MAP], self.mode, **wide)
        mode.param.watch(lambda ev: self._setup_changed(mode=ev.new), "value")
        players = choice([TWO, VS_ENEMY, VS_BOND], self.players, **wide)
        players.param.watch(lambda ev: self._setup_changed(players=ev.new), "value")
        upload = pn.widgets.FileInput(accept=".json,.yaml,.yml", multiple=False,
                                      stylesheets=[INPUT_CSS], height=TOUCH, **wide)
        upload.param.watch(lambda ev: self.load_board_file(upload.value, upload.filename),
                           "value")
        sample = button("Use the sample board", lambda _: self._setup_changed(board_data=None),
                        **wide)
        widgets: dict[str, Any] = {
            "mode": mode, "players": players, "upload": upload, "sample": sample,
            "no_bots": pn.pane.Markdown(NO_BOTS_TEXT, **wide),
            # The board's name and errors come from a file: HTML panes of escaped text.
            "board_name": pn.pane.HTML("", **wide),
            "board_error": pn.pane.HTML("", visible=False, **wide),
            "house": {},
        }
        widgets["map_rows"] = pn.Column(
            heading("Who plays"), players, heading("The board"), widgets["board_name"],
            _note("Load your own board (a JSON or YAML file in the format `board.py` "
                  f"describes, at most {MAX_OPTION_BYTES // 1000} kB). It is saved with the "
                  "game."), upload, widgets["board_error"], sample, margin=0, **wide)
        rows: list[Any] = [pn.pane.Markdown(
            "Tracker mode: you move on your own board and tell the app how far. Map mode: the "
            "app knows the board (the sample, or one you load); tap the map to move, and a bot "
            "can play one side.", **wide), mode, widgets["no_bots"], widgets["map_rows"],
            heading("House rules (the rulebook is silent)")]
        for key, text in HOUSE_TEXT.items():
            switch = choice({"Yes": True, "No": False}, self.house[key], width=160)
            switch.param.watch(lambda ev, key=key: self._setup_changed(**{key: ev.new}), "value")
            widgets["house"][key] = switch
            rows.append(pn.Row(pn.pane.Markdown(f"**house rule:** {text}", **wide), switch,
                               **wide))
        rows.append(pn.pane.Markdown("These choices apply until turn 1 begins (changing one "
                                     "restarts the set-up); later, start a new game under "
                                     "Saved games.", **wide))
        widgets["box"] = pn.Column(*rows, **wide)
        return widgets

    def _setup_changed(self, **changes: Any) -> None:
        if not self._syncing:
            with pn.io.hold():
                self.choose_setup(**changes)

    def _sync_setup_widgets(self) -> None:
        """The set-up widgets show this game's choices (without acting on them)."""
        widgets, self._syncing = self._setup, True
        try:
            widgets["mode"].value = self.mode
            widgets["players"].value = self.players
            for key, switch in widgets["house"].items():
                switch.value = self.house[key]
            on_map = self.mode == MAP
            widgets["map_rows"].visible = on_map
            widgets["no_bots"].visible = not on_map
            board = self.state.board
            widgets["board_name"].object = f"<p>Playing on <b>{escape(board.name)}</b>.</p>" \
                if board else ""
            widgets["sample"].visible = self.board_data is not None
        finally:
            self._syncing = False

    # Re-rendering after a change: texts and properties only.

    def _refresh(self, *_events) -> None:
        armed, legal = self.armed, self.legal()
        if armed is not None and not allowed(self.state, self.resolve(armed)):
            armed = None
        if armed is None and len(legal) == 1 and self.state.dice_needed(legal[0]) \
                and not self._bot_to_move():
            armed = legal[0]  # the only thing to do is a roll: have it ready
        if armed != self.armed:
            self.armed = armed  # its watcher comes back here
            return
        self._verdict.object = self._verdict_html()
        self._armed_pane.object = self._armed_html()
        self._status.object = self._status_html()
        self._show_rows()
        self._between_box.visible = self.state.board is None and any(
            isinstance(a, e.Fire) for a in legal) and not self._bot_to_move()
        self._refresh_roll()
        if self.state.board is not None:
            self._render_map()

    def _refresh_roll(self) -> None:
        armed = self.armed
        self._dice_box.visible = not self._bot_to_move() and any(
            self.state.dice_needed(a) for a in self.legal())
        self.dice.param.update(enabled=armed is not None,
                               verb=self.button_text(armed).split(" · ")[0] if armed else
                               "Choose an action first")

    def _show_rows(self) -> None:
        state = self.state
        setup = state.phase in ("cards", "bond") and not self._bot_to_move()
        self._phase_box.objects = self._setup_rows() if setup else []
        rows, tail = ([], []) if setup else self._rows()
        if setup:
            self._behind_box.visible = False
        cut = self._armed_row(rows)
        self._list.show(rows[:cut])
        self._rest_list.show(rows[cut:])
        self._tail_list.show(tail)

    def _armed_row(self, rows: list[Row]) -> int:
        """How many rows go above the odds and the dice: up to the chosen action's row."""
        if self.armed is None:
            return len(rows)
        armed = self.resolve(self.armed)
        for index, row in enumerate(rows):
            if any(not callable(c.do) and self.resolve(c.do) == armed for c in row.choices):
                return index + 1
        return len(rows)

    def texts(self) -> list[str]:
        """The notes and button words of the action list as shown now."""
        return self._list.texts() + self._rest_list.texts() + self._tail_list.texts()

    def press(self, text: str) -> None:
        """Tap the action button with these words."""
        for shown in (self._list, self._rest_list, self._tail_list):
            if text in shown.labels():
                shown.press(text)
                return
        raise KeyError(f"no button {text!r} now")

    def _rows(self) -> tuple[list[Row], list[Row]]:
        """The action rows, and the rows after the cars-behind picker (Oil, Smoke, End)."""
        state = self.state
        self._behind_box.visible = False
        if state.is_over:
            return [Row(f"**{state.result or ''}**",
                        (Choice(self.new_game, "Play again (new game)", "primary"),))], []
        if self._bot_to_move():
            return [Row("It is the bot's move.",
                        (Choice(self.play_bot, "Let the bot play now", "primary"),))], []
        return self._play_rows()

    def _play_rows(self) -> tuple[list[Row], list[Row]]:
        legal = self.legal()
        tracker = self.state.board is None
        groups: dict[type, list[Any]] = {}
        for action in legal:
            groups.setdefault(type(action), []).append(action)
        rows: list[Row] = []
        if tracker and self.state.screen and any(
                a.target == rules.BOND for a in groups.get(e.Fire, [])):
            rows.append(Row("Screen raised: Enemy fire from behind the Aston Martin cannot "
                            "hit it."))
        if not tracker and self.state.screen and self.state.mover != rules.BOND:
            rows.append(Row(READINGS["rear"]))
        for kind, actions in groups.items():
            if kind is e.Force:
                actions = self._forces(actions)
            if kind not in (e.OilSlick, e.SmokeScreen, e.EndMove):
                rows += self._group(kind, actions, tracker)
                rows += self._readings(kind, tracker)
        tail = self._release_rows(groups.get(e.OilSlick, []) + groups.get(e.SmokeScreen, []),
                                  tracker)
        tail += [Row(choices=(self._choice(a, "warning"),)) for a in groups.get(e.EndMove, [])]
        return (rows or ([] if tail else [Row("Nothing to do now.")])), tail

    def _group(self, kind: type, actions: list[Any], tracker: bool) -> list[Row]:
        """One button for a lone action; a titled row of short buttons for several targets."""
        note = "Move one Space at a time: tap a button or a green ring on the map." \
            if kind is e.Move and not tracker else ""
        if len(actions) == 1 or kind not in GROUP_TITLES:
            rows = [Row(choices=(self._choice(a),)) for a in actions]
            return [Row(note), *rows] if note else rows
        found = [self.chance(a) for a in actions]
        same = all(f == found[0] for f in found)
        title = GROUP_TITLES[kind]
        if same and found[0] is not None:
            chance, mods = found[0]
            extra = f" ({odds.describe_modifiers(mods)})" if mods else ""
            title += f" · {percent(chance)}{extra}"
        choices = []
        for action, odds_now in zip(actions, found, strict=True):
            text = self.words(action)
            if not same and odds_now is not None:
                text += f" · {percent(odds_now[0])}"
            choices.append(self._choice(action, text=text))
        title = f"**{title}**"
        return [Row(f"{note}\n\n{title}" if note else title, tuple(choices), grouped=True)]

    def _release_rows(self, releases: list[Any], tracker: bool) -> list[Row]:
        self._behind_box.visible = tracker and bool(releases)
        if not releases:
            return []
        if tracker:
            self._behind_cars.options = list(self.state.live_cars())
        rows: list[Row] = []
        for kind in dict.fromkeys(type(a) for a in releases):
            action = self.resolve(kind())
            if tracker and not allowed(self.state, action):
                continue
            rows.append(Row(choices=(self._choice(action),)))
        if rows and not tracker:
            rows.insert(0, Row(READINGS["behind"]))
        return rows

    def _readings(self, kind: type, tracker: bool) -> list[Row]:
        """The readings of unclear text behind this group of buttons, labelled."""
        state = self.state
        notes = []
        if kind is e.Fire and tracker:
            notes.append(READINGS["between"])
        if kind is e.Force and state.mover == rules.BOND:
            notes.append(READINGS["forced_turn"])
            if not tracker:
                notes.append(READINGS["aside"])
        if kind is e.RaiseScreen and not tracker:
            notes.append(READINGS["rear"])
        return [Row(note) for note in notes]

    def _choice(self, action: Any, color: str | None = None, text: str | None = None) -> Choice:
        armed = self.armed is not None and self.resolve(self.armed) == self.resolve(action)
        return Choice(action, text or self.button_text(action),
                      color or ("primary" if armed else "default"))


    # Set-up rows (cards, then Bond): rebuilt when they change, which is rare.

    def _setup_rows(self) -> list[Any]:
        return self._card_rows() if self.state.phase == "cards" else self._bond_rows()

    def _card_rows(self) -> list[Any]:
        wide = {"sizing_mode": "stretch_width"}
        intro = pn.pane.Markdown(
            "**Set-up: the Enemy player places the five cards by five red star Spaces** "
            "(the Bond player looks away).", **wide)
        if self.state.board is None:
            return [intro, pn.pane.Markdown(
                "Place the real cards face down on your board. The app calls the stars "
                f"{', '.join(TRACKER_STARS)}: remember which is which.", **wide),
                button("The five cards are placed", self.place_cards, color="primary", **wide)]
        how = choice([HIDDEN, REAL], self.card_mode, **wide)
        how.link(self, value="card_mode")
        rows: list[Any] = [intro, how]
        if self.card_mode == HIDDEN and self._cards_left():
            card = choice(self._cards_left(), self.next_card, **wide)
            card.link(self, value="next_card")
            rows += [pn.pane.Markdown("Choose a card, then tap a red star on the map (or below).",
                                      **wide), card]
        taken = dict(self.placing)
        for star in self.state.board.stars:
            shown = taken.get(star) or ("a card" if star in taken else "")
            text = f"Star {star}: {shown} (tap to take back)" if star in taken else \
                f"Star {star}"
            rows.append(button(text, lambda _, s=star: self.toggle_star(s), wrap=True,
                               color="primary" if star in taken else "default", **wide))
        ready = len(self.placing) == rules.CARDS_TO_PLACE
        rows.append(button(f"Place the cards ({len(self.placing)} of {rules.CARDS_TO_PLACE})",
                           self.place_cards, color="primary", disabled=not ready, **wide))
        rows.append(button("Let the Enemy bot place them",
                           lambda _: self.do(bot.enemy_bot(self.state)), **wide))
        return rows + self._aim_rows()

    def _aim_rows(self) -> list[Any]:
        """Movement: the Enemy points his cars at the start (Set Up: before Bond is placed)."""
        wide = {"sizing_mode": "stretch_width"}
        state = self.state
        rows: list[Any] = [pn.pane.Markdown(
            "**The Enemy may point each car** (optional; before Bond is placed):", **wide)]
        for car in state.live_cars():
            piece = state.piece(car)
            options = sorted(state.board.graph[piece.space])
            now = next((o for o in options if state.board.heading(piece.space, o)
                        == piece.heading), None)
            aim = choice(options, now, **wide)
            aim.param.watch(lambda ev, car=car: self.do(e.AimCar(car, ev.new)), "value")
            rows += [pn.pane.Markdown(f"Car {car} in {piece.space} points toward:", **wide), aim]
        return rows

    def _bond_rows(self) -> list[Any]:
        wide = {"sizing_mode": "stretch_width"}
        state = self.state
        if state.board is None:
            return [pn.pane.Markdown("The Bond player puts the Aston Martin in any Space.",
                                     **wide),
                    button("Bond is placed: start turn 1", lambda _: self.do(e.PlaceBond()),
                           color="primary", **wide)]
        rows: list[Any] = [pn.pane.Markdown(
            "**Set-up: the Bond player places the Aston Martin.** Tap a Space on the map, then "
            "choose which way it faces.", **wide)]
        space = self.bond_space
        if space:
            rows.append(pn.pane.Markdown(f"Bond in **{space}**, facing:", **wide))
            for to in sorted(state.board.graph[space]):
                rows.append(button(f"Place Bond in {space} facing {to}",
                                   lambda _, t=to: self._place_bond(t), color="primary",
                                   wrap=True, **wide))
        rows.append(button("Let the Bond bot place him",
                           lambda _: self.do(bot.bond_bot(self.state)), **wide))
        if self.bot_side() is None:  # two players: the Enemy may still point his cars
            rows += self._aim_rows()
        return rows

    def _place_bond(self, toward: str) -> None:
        space, self.bond_space = self.bond_space, ""
        self.do(e.PlaceBond(space, toward))

    # Texts.

    def _status_html(self) -> str:
        state = self.state
        lines = state.summary()
        if state.is_over:
            colour = SUCCESS if state.winner == rules.BOND else FAILURE
            head = (f'<div class="game-over" style="font-size:1.5rem;font-weight:700;'
                    f'color:white;background:{colour};padding:12px;border-radius:8px">'
                    f"Game over. {escape(state.result or '')}</div>")
        else:
            head = (f'<div class="whose-move" style="font-size:1.35rem;font-weight:600">'
                    f"{escape(lines[0])}</div>")
        parts = [head, self._hits_html(state), self._kit_html(state)]
        if state.step:
            step = state.step
            used = ", ".join(u.replace("_", " ") for u in step.used) or "none yet"
            parts.append(f"<div><b>{escape(_name(step.piece))}</b>: {step.left} of "
                         f"{step.allowance} spaces left · {state.actions_left()} of "
                         f"{rules.ACTIONS_PER_TURN[_side(step.piece)]} actions left · used: "
                         f"{escape(used)}{' · may only Fire' if step.fire_only else ''}</div>")
        if state.phase == "play" and state.done:
            parts.append(f"<div>Already moved this turn: "
                         f"{escape(', '.join(_name(p) for p in state.done))}</div>")
        parts.append(f"<div>{escape(lines[-1])}</div>")
        parts.append(self._house_html(state))
        return '<div class="tracker" style="font-size:1.05rem;line-height:1.6">' + \
            "".join(parts) + "</div>"

    @staticmethod
    def _hits_html(state: e.GoldfingerState) -> str:
        rows = []
        for piece in state.pieces:
            limit = rules.BOND_CRASH_HITS if piece.name == rules.BOND else rules.ENEMY_CRASH_HITS
            cells = "".join(
                f'<span style="display:inline-block;width:14px;height:14px;margin:1px;'
                f'border-radius:3px;background:{"#b71c1c" if i < piece.hits else "#ddd"}">'
                "</span>" for i in range(limit))
            note = f" · loses {piece.lost_turns} turn(s)" if piece.lost_turns else ""
            where = f" · in {piece.space}" if piece.space and not piece.crashed else ""
            text = "crashed" if piece.crashed else f"{piece.hits} of {limit} hits"
            style = "opacity:0.4;text-decoration:line-through" if piece.crashed else ""
            rows.append(f'<div class="hits" style="{style}"><b>{escape(_name(piece.name))}</b> '
                        f"{cells} {text}{escape(note + where)}</div>")
        return "".join(rows)

    @staticmethod
    def _kit_html(state: e.GoldfingerState) -> str:
        chips = [
            "guard aboard: +4 to Bond's rolls" if state.guard else "guard ejected",
            "screen raised: no hits from the rear, +3 to Double Back" if state.screen
            else "screen down",
            "oil used" if state.oil_used else "oil ready", "smoke used" if state.smoke_used
            else "smoke ready",
        ] + (["Bond has Tilly: head for a gate!"] if state.has_tilly else [])
        return "<div>" + "".join(
            f'<span style="display:inline-block;margin:2px 4px 2px 0;padding:2px 8px;'
            f'border-radius:12px;background:rgba(127,127,127,0.18)">{escape(c)}</span>'
            for c in chips) + "</div>"

    @staticmethod
    def _house_html(state: e.GoldfingerState) -> str:
        house = state.setup.house
        mode = f"map mode ({state.board.name})" if state.board else "tracker mode (no map)"
        bot_text = {None: "", "bond": " The app plays Bond.", "enemy": " The app plays the Enemy."}
        rows = "; ".join(f"{escape(text)}: {'yes' if house[key] else 'no'}"
                         for key, text in HOUSE_TEXT.items())
        return (f'<div style="font-size:0.9rem;opacity:0.8">{escape(mode)}.'
                f"{bot_text[state.setup.bot]} <b>house rules</b>: {rows}</div>")

    def _armed_html(self) -> str:
        armed = self.armed
        if armed is None:
            return ('<div class="armed" style="opacity:0.75">Tap a rolled action to see its '
                    "exact chance, then roll.</div>")
        action = self.resolve(armed)
        if isinstance(action, e.StartTurn):
            side = _side(action.piece)
            spread = odds.movement_distribution(side)
            return (f'<div class="armed"><b>{escape(label(action))}</b>: '
                    f"{min(spread)} to {max(spread)} spaces, each with chance 1 in 6 "
                    "(Movement table).</div>")
        found = self.chance(action)
        if found is None:
            return f'<div class="armed"><b>{escape(label(action))}</b></div>'
        chance, mods = found
        detail = self._rule_text(action, mods)
        return '<div class="armed">' + odds_html(label(action), chance, detail) + "</div>"

    def _rule_text(self, action: Any, mods: tuple) -> str:
        state = self.state
        if isinstance(action, e.CardRoll):
            card = rules.CARDS[state.pending.card]
            return f"{card.safe} or less on two dice and Bond continues unaffected"
        side = "enemy" if isinstance(action, e.AvoidOil | e.AvoidSmoke) or \
            _side(state.mover or rules.BOND) == "enemy" else "bond"
        rule = odds.action_rule(side, e.ROLLED[type(action)])
        added = f", {odds.describe_modifiers(mods)}" if mods else ", nothing added"
        return (f"needs {rule.success[1]} or less on two dice{added}. Success: "
                f"{rule.on_success.text} Failure: {rule.on_failure.text}")

    def _verdict_html(self) -> str:
        event, bot_report = self.state.last_event, self.bot_report
        if event is None:
            return '<div class="verdict">Nothing rolled yet.</div>'
        colour = {"success": SUCCESS, "failure": FAILURE}.get(event.outcome, "#555")
        word = {"success": "Success. ", "failure": "Failure. "}.get(event.outcome, "")
        played = ""
        if bot_report:
            items = "".join(f"<li>{escape(t)}</li>" for t in bot_report)
            played = (f'<details open class="bot-report"><summary>The bot played '
                      f"{len(bot_report)} action(s)</summary><ol>{items}</ol></details>")
        over = ""
        if self.state.is_over:
            won = SUCCESS if self.state.winner == rules.BOND else FAILURE
            over = (f'<div class="game-over-banner" style="font-size:1.4rem;font-weight:700;'
                    f'color:white;background:{won};padding:10px;border-radius:8px;'
                    f'margin-bottom:6px">Game over. {escape(self.state.result or "")}</div>')
        return (f'{over}<div class="verdict" style="font-size:1.15rem;border-left:6px solid '
                f'{colour};padding:6px 12px"><b style="color:{colour}">{word}</b>'
                f"{escape(event.text)}</div>{played}")

    # The map section (map mode).

    def _render_map(self) -> None:
        self.map_view.html = self.map_picture()
        self._danger.object = self._once("danger", self._danger_html)

    def map_picture(self) -> str:
        """The map's SVG for the moment: reach numbers, green rings where a tap can go."""
        state = self.state
        reach = self._once("reach", lambda: odds.bond_reach_chances(state)) \
            if self._show_reach() else None
        targets = [a.to for a in self.legal() if isinstance(a, e.Move | e.QuickTurn) and a.to]
        if state.phase == "cards":
            targets = [s for s in state.board.stars if s not in dict(self.placing)]
        elif state.phase == "bond":
            targets = [self.bond_space] if self.bond_space else []
        if self._bot_to_move():
            targets = []
        shown, trails = self._trails
        return map_svg(state, reach=reach, targets=targets,
                       trails=trails if shown is state and self.bot_report else (),
                       chosen_stars=[s for s, _ in self.placing])

    def _show_reach(self) -> bool:
        state = self.state
        return state.phase == "play" and not state.is_over and (
            state.mover == rules.BOND or (state.mover is None and rules.BOND not in state.done))

    def _danger_html(self) -> str:
        state = self.state
        if state.board is None or state.phase != "play" or state.is_over:
            return ""
        parts = []
        if self._show_reach():
            parts.append("Numbers on the Spaces: Bond's chance (%) to reach each one this turn "
                         "(his movement roll, the rolls for any Quick Turn, Double Back or Trick "
                         "a path needs, played as well as possible).")
        fire = odds.enemy_fire_chances(state)
        if fire:
            shots = ", ".join(f"car {c} {percent(p)}" for c, p in fire.items())
            parts.append(f"If Bond stays where he is, each car's chance to hit him in its next "
                         f"turn: {shots}. Expected hits on Bond: "
                         f"{float(sum(fire.values(), Fraction(0))):.2f}.")
        return '<div class="danger">' + "".join(f"<p>{escape(p)}</p>" for p in parts) + "</div>"

    # Bot-against-bot estimate, in a thread so the page never freezes.

    def start_estimate(self, _event=None) -> threading.Thread | None:
        state, revision = self.state, self.revision
        if state.board is None:
            self.estimate = "The estimate needs map mode."
            return None
        if state.phase == "cards":
            self.estimate = "Place the cards first."
            return None
        self.estimate, self._estimate_for = "computing...", revision
        worker = threading.Thread(target=self._estimate_in_background,
                                  args=(state, revision), daemon=True)
        worker.start()
        return worker

    def _estimate_in_background(self, state: e.GoldfingerState, revision: int) -> None:
        try:
            text = str(bot.estimate_bond_win(state, games=ESTIMATE_GAMES, seed=revision))
        except CompanionError as error:
            text = f"No estimate: {error}"
        if self._estimate_for == revision:
            self.estimate = text

    def _render_estimate(self, *_events) -> None:
        self._estimate_pane.object = self._estimate_html()

    def _estimate_html(self) -> str:
        estimate = self.estimate
        if not estimate:
            return ('<div class="estimate" style="opacity:0.75">Whole-game hint: tap below to '
                    f"play {ESTIMATE_GAMES} bot-against-bot games from here.</div>")
        stale = "" if self._estimate_for == self.revision or estimate == "computing..." else \
            " (from an earlier position)"
        return f'<div class="estimate"><b>{escape(estimate)}</b>{stale}</div>'


# Readings of unclear text the app fixes (docs/assumptions.md), shown beside the buttons.
READINGS = {
    "between": "House rule: pieces side by side have 0 Spaces between them (\"1 for each "
               "Space between\"); count only the Spaces in between.",
    "forced_turn": "House rule: a car Bond forces loses its own next move: this round if it "
                   "has not moved yet, else the next round.",
    "aside": "House rule: the forcing player picks the free side Space the forced piece goes "
             "to (one button per Space).",
    "rear": "House rule: \"the rear\" of the Aston Martin is the half of the board behind "
            "the way it faces; with the Screen raised, fire from there cannot hit it.",
    "behind": "House rule: \"behind Bond\" for Oil and Smoke counts Spaces along the road "
              "from Bond's Space, the way opposite to his heading.",
}

def _follow(trails: dict[str, list[str]], before: e.GoldfingerState,
            after: e.GoldfingerState) -> None:
    """Add to each piece's trail the Space it moved to in one action (map mode)."""
    if after.board is None:
        return
    for piece in after.pieces:
        old, new = before.piece(piece.name).space, piece.space
        if new is not None and new != old:
            trail = trails.setdefault(piece.name, [old] if old else [])
            trail.append(new)


# In landscape the table's status stays in view beside the long action list (issue 17).
TABLE_CARD_CSS = ("@media (orientation: landscape) { :host(.gf-sticky) { position: sticky; "
                  "top: 8px; align-self: flex-start; z-index: 1; } }")
# In portrait the map comes first, above the action list (issue 17).
MAP_CARD_CSS = "@media (orientation: portrait) { :host { order: -1; } }"

GROUP_TITLES = {
    e.Move: "Move", e.StartTurn: "Roll movement", e.Fire: "Fire", e.Trick: "Trick",
    e.Force: "Force", e.PickUpCard: "Pick Up Card",
    e.RevealCard: "Enemy player: which card did Bond turn over?",
    e.AvoidOil: "Avoid Oil", e.AvoidSmoke: "Avoid Smoke", e.QuickTurn: "Quick Turn",
}


def _note(text: str) -> pn.pane.Markdown:
    return pn.pane.Markdown(text, sizing_mode="stretch_width", margin=(4, 8))


_LEGEND = (
    '<div style="font-size:0.9rem;line-height:1.5">'
    '<span style="color:#1f5fbf;font-weight:700">━ Road</span> · '
    '<span style="color:#8c8c8c;font-weight:700">┅ Cut-Over</span> · '
    '<span style="color:#c79400;font-weight:700">╌▶ Quick Turn (roll)</span> · '
    '<span style="color:#d32f2f">★</span> star (filled: a card lies there) · '
    '<span style="color:#4a148c">□ gate</span> · '
    '<b>007</b> Bond, <span style="color:#b71c1c"><b>A-D</b></span> Enemy cars (the small '
    'triangle shows the way each faces) · <span style="color:#00a152">◯</span> tap here now'
    "</div>"
)


def _name(piece: str | None) -> str:
    if piece is None:
        return "nobody"
    return "Bond" if piece == rules.BOND else f"Car {piece}"


def _side(piece: str) -> str:
    return "bond" if piece == rules.BOND else "enemy"
