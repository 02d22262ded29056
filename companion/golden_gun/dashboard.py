"""The Man with the Golden Gun at the table: the room sequence, the maze, the deck-aware odds.

Everything here is drawn from `self.session.state` after each change: the buttons are the
engine's legal actions, the chances come from `odds.py` and the advice from `bot.py`. The
whole-search figure (`odds.p_die_before_solex`, about 2 s at the start of a game) is worked
out in a worker process (so it never holds the server's GIL), only when the deck, the
bullets or the wounds change.

Speed: every change of a Bokeh widget's `css_classes` or `visible`, and every new model,
makes the browser lay out the whole page again (with a plot on it, about 40 ms each). So
the maze and the action buttons are each one kit `TapPad` (its HTML is one property; a tap
sends back the button's `data-tap`), the next-card chart is HTML bars, and a tap changes
a handful of properties, none of which re-lays out the page.

Built here because the UI kit lacks them (candidates for the kit): the number squares,
and a figure computed off the event loop.
"""

from __future__ import annotations

import atexit
import json
import tempfile
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

import panel as pn
import param

from companion.core.dice import percent
from companion.core.errors import CompanionError
from companion.core.session import Session
from companion.golden_gun import GAME, bot, engine, odds, rules
from companion.golden_gun.board import SECTION_COLUMNS, SECTION_ROWS
from companion.golden_gun.effects import VOCABULARY, describe, load_table
from companion.golden_gun.engine import GoldenGunState
from companion.ui import (
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
from companion.ui.plain import notice
from companion.ui.theme import TOUCH
from companion.ui.worker import BrokenProcessPool, RestartingPool

WON, LOST, INFO, TARGET = "#2e7d32", "#b71c1c", "#455a64", "#d32f2f"
# The maze's colours differ in lightness, not only in hue, so anyone tells them apart:
# walls near black, a blue card left in a room mid blue, rooms white, entered rooms pale
# grey and striped (the stripes tell them from rooms not entered), Scaramanga red with a
# gold ring (the ring tells him from a blue card). tests/golden_gun/test_dashboard.py
# checks WCAG AA contrast for each pair that carries meaning (MEANING_PAIRS).
WALL, ROOM, ENTERED, GREEN_CARD, BLUE_CARD, BOND, DANGER = (
    "#1c1c1c", "#ffffff", "#eceff1", "#66bb6a", "#1e88e5", "#ffd54f", "#c62828")
CELL_TEXT = "#0d1b2a"
ENTERED_STRIPES = (f"repeating-linear-gradient(135deg, {ENTERED} 0 6px, #b0bec5 6px 8px)")
MEANING_PAIRS = {("wall", "blue card"): (WALL, BLUE_CARD), ("wall", "entered"): (WALL, ENTERED),
                 ("wall", "room"): (WALL, ROOM), ("blue card", "entered"): (BLUE_CARD, ENTERED),
                 ("blue card", "room"): (BLUE_CARD, ROOM), ("wall", "Scaramanga"): (WALL, DANGER),
                 ("Scaramanga", "his ring"): (DANGER, BOND)}
NEUTRAL_BAR, LATER_BAR = "#546e7a", "#b0bec5"
MODE_LABELS = {"companion": "Companion: our own board and cards",
               "solo": "Solo: the tablet deals and draws the maze"}
EFFECT_LABELS = {"house": "House rules table (the app's)", "sheet": "Our printed sheet: tap it",
                 "own": "Our own table (a file)"}
UPPER_LABELS = {"Upper half smaller": "smaller", "Upper half larger": "larger"}
UNARMED_LABELS = {"Read the Hold paragraph": "hold", "Nothing happens": "nothing"}
RESHUFFLE_LABELS = {"Reshuffle the discards": True, "Nothing happens": False}
EXIT_MOVE_LABELS = {"He moves to another room first": True,
                    "He may look where he found it": False}
EXIT_REPEAT_LABELS = {"Two searches one after the other": "searches",
                      "Two searches without leaving the room": "visits"}
DICE_VERBS = {engine.RollGreen: "Roll against the green card", engine.Dodge: "Dodge",
              engine.ScaramangaShot: "Scaramanga shoots", engine.SearchExit: "Look for the exit"}
SIDE_WORDS = {(1, 0): "right of", (-1, 0): "left of", (0, 1): "below", (0, -1): "above"}
# The card kinds whose turning up is plainly good or bad news, whatever the effect table.
KIND_BARS = {rules.SOLEX: WON, rules.SCARAMANGA: DANGER}

# The whole-search figure takes seconds of pure Python: in a thread it would hold the GIL
# and slow every tap meanwhile, so it runs in its own process, given the game as JSON.
_WORKER = RestartingPool(max_workers=1)  # a killed worker process is replaced, not fatal
# Shut it down while the interpreter is whole: left to garbage collection at exit, its
# clean-up runs after the modules it needs are gone and prints a traceback.
atexit.register(_WORKER.shutdown, wait=False, cancel_futures=True)
# Shared by every session (same key, same answer): (death before the Solex, per choice).
_SURVIVAL: dict[tuple, tuple[Fraction, dict | None]] = {}
_SURVIVAL_LOCK = threading.Lock()


def survival_in_worker(game: dict, p_startle: Fraction) -> tuple[Fraction, dict | None]:
    """odds.p_die_before_solex for the game `to_json` gave, and at Step 5 the same figure
    for each choice (odds.search_alive_by_choice), run in the worker process."""
    state = GoldenGunState.from_json(game)
    by_choice = odds.search_alive_by_choice(state, p_startle) if state.phase == "decide" \
        else None
    return odds.p_die_before_solex(state, p_startle=p_startle), by_choice


def survival_key(state: GoldenGunState) -> tuple:
    """What the whole-search figure depends on: recomputed only when this changes."""
    unseen, upper_left = state.deck_knowledge()
    table = json.dumps(state.config.options.get("effects", "house"), sort_keys=True)
    card = (state.source, state.blues.get(state.room or "")) if state.phase == "decide" else None
    return (table, state.config.unarmed_startle, tuple(sorted(unseen.items())), upper_left,
            state.ammo, state.wounds, state.solex, state.ended, card)


# Maze cells: a cell's look is its CSS class.
CELL_LOOKS = {"room": (ROOM, CELL_TEXT), "entered": (ENTERED, CELL_TEXT),
              "green": (GREEN_CARD, CELL_TEXT), "blue": (BLUE_CARD, CELL_TEXT),
              "scaramanga": (DANGER, "#ffffff"), "bond": (BOND, CELL_TEXT)}
# A cell is at most MAX_CELL px wide and never shorter than a fingertip (TOUCH); narrow
# screens shrink the columns (a 16-column maze keeps 44 px at 768 px wide).
MAX_CELL, CELL_GAP = 64, 2
MAZE_CSS = f"""
.sections {{ display: flex; flex-wrap: wrap; gap: 12px; }}
.section-title {{ font-weight: 700; margin: 2px 0 6px; font-size: 1.05rem; }}
.maze {{ display: grid; gap: {CELL_GAP}px; width: 100%; }}
.cell {{ min-height: {TOUCH}px; aspect-ratio: 1; min-width: 0; border-radius: 3px;
  padding: 0; box-sizing: border-box; font-weight: 600; font-size: 0.95rem;
  border: 1px solid #90a4ae; overflow: hidden; }}
.dense .cell {{ font-size: 0.8rem; }}
.wall {{ background: {WALL}; border: none; }}
.gg-room {{ border: 1px solid #607d8b; }}
.gg-entered {{ background-image: {ENTERED_STRIPES}; }}
.gg-scaramanga {{ box-shadow: inset 0 0 0 4px {BOND}; }}
.blank {{ border: none; }}
.target {{ border: 4px solid {TARGET}; }}
""" + "".join(f".gg-{name} {{ background-color: {bg}; color: {fg}; }}\n"
              for name, (bg, fg) in CELL_LOOKS.items())


class MazeView(pn.viewable.Viewer):
    """The maze as a grid of big cells: walls near black, rooms white, entered rooms striped,
    Bond gold, cards coloured; the rooms Bond may move into are outlined and tappable.

    `cells` is what is drawn: room -> (label, look, tappable); `columns` the widest row.
    """

    def __init__(self, on_move: Callable[[str], None]):
        super().__init__()
        self.cells: dict[str, tuple[str, str, bool]] = {}
        self.columns = SECTION_COLUMNS
        self.pad = TapPad(on_move, stylesheets=[MAZE_CSS], sizing_mode="stretch_width",
                          margin=(4, 10))

    def show(self, state: GoldenGunState) -> None:
        targets = {a.room for a in state.legal_actions() if isinstance(a, engine.Move)}
        grids = _maze_grids(state)
        self.columns = max((width for _, width, _ in grids), default=SECTION_COLUMNS)
        self.cells = {room: self._look(room, state, room in targets)
                      for _, _, rows in grids for row in rows for room in row if room}
        self.pad.html = self._grids_html(grids) + self._legend(state, bool(targets))

    @property
    def min_width(self) -> int:
        """The width (px) the maze's card wants: every column near its largest size."""
        return self.columns * (MAX_CELL - 8 + CELL_GAP) + 40

    def _look(self, room: str, state: GoldenGunState, target: bool) -> tuple[str, str, bool]:
        look = "room"
        if room in state.blues:
            look = "scaramanga" if state.blues[room] == rules.SCARAMANGA else "blue"
        elif room in state.greens:
            look = "green"
        elif room in state.entered:
            look = "entered"
        if room == state.room:
            look = "bond"
        return ("007" if room == state.room else room, look, target)

    def _grids_html(self, grids: list[tuple[str, int, list[list[str | None]]]]) -> str:
        if not grids:
            return "<p>The maze appears after Set up.</p>"
        parts = []
        for title, width, rows in grids:
            cells = "".join(self._cell_html(room) for row in rows for room in row)
            dense = " dense" if width > 8 else ""
            heading_html = f'<div class="section-title">{escape(title)}</div>' if title else ""
            widest = width * (MAX_CELL + CELL_GAP)
            parts.append(
                f'<div style="flex:1 1 {width * 48}px;min-width:0;max-width:{widest}px">'
                f'{heading_html}<div class="maze{dense}" data-columns="{width}" style="'
                f'grid-template-columns:repeat({width},minmax(0,1fr))">{cells}</div></div>')
        return f'<div class="sections">{"".join(parts)}</div>'

    def _cell_html(self, room: str | None) -> str:
        if room is None:
            return '<div class="cell wall"></div>'
        if room == "":
            return '<div class="cell blank"></div>'
        label, look, target = self.cells[room]
        classes = f"cell gg-{look}{' target' if target else ''}"
        return tap_button(room, label, classes, enabled=target)

    def _legend(self, state: GoldenGunState, moving: bool) -> str:
        swatch = ('<span style="display:inline-block;width:18px;height:18px;'
                  'vertical-align:middle;border-radius:3px;border:1px solid #607d8b;'
                  'background:{}"></span> {}')
        keys = [swatch.format(BOND, "007: Bond")]
        if state.maze is not None:
            keys += [swatch.format(WALL, "wall"),
                     swatch.format(GREEN_CARD, "green card, face down")]
        keys += [swatch.format(ROOM, "room not entered"),
                 swatch.format(ENTERED_STRIPES, "entered (striped)"),
                 swatch.format(BLUE_CARD, "blue card left in the room"),
                 swatch.format(f"{DANGER};box-shadow:inset 0 0 0 3px {BOND}",
                               "Scaramanga (gold ring)")]
        left = "; ".join(f"{escape(kind)} in {room}" for room, kind in sorted(state.blues.items()))
        extra = f"<div>Cards left in rooms: {left}</div>" if left else ""
        if state.scaramanga_room:
            extra += ("<div><b>House rule:</b> " + escape(rules.HOUSE_RULE_NOTES["scaramanga"])
                      + "</div>")
        if state.maze is None:
            extra += ("<div><b>Companion mode:</b> the app does not know your maze, so it "
                      "does not check that rooms connect or lie on the edge.</div>")
            if state.solex and not state.is_over:
                extra += ("<div><b>With the Solex Agitator:</b> in a room on the edge of your "
                          "maze Bond must look for the exit before he moves on (unless he "
                          "looked in this room last, or Scaramanga is here).</div>")
        return (f'<div class="maze-legend" style="font-size:0.95rem;line-height:1.6;'
                f'margin-top:6px"><div>{self._how(state, moving)}</div>'
                '<div class="maze-key" style="display:flex;flex-wrap:wrap;gap:4px 14px">'
                f"{''.join(f'<span>{key}</span>' for key in keys)}</div>{extra}</div>")

    def _how(self, state: GoldenGunState, moving: bool) -> str:
        if state.must_search:
            return ("<b>Bond must look for the exit here before he moves on</b> (Ending the "
                    "Game: he must look for an exit until he finds one).")
        if not moving:
            return ("The game is over." if state.is_over else
                    "Rooms become tappable at Step 1 (move).")
        if state.maze is None:
            return ("<b>Tap the room Bond enters on your maze</b> (A1 is the top left square "
                    "of a section).")
        if state.free_move:
            return "<b>The Slide: tap any room.</b>"
        if state.room is None:
            return "<b>Tap an outlined room: Bond's first room is along an edge.</b>"
        return "<b>Tap an outlined room to move Bond into it.</b>"

    def __panel__(self) -> pn.viewable.Viewable:
        return self.pad


def _maze_grids(state: GoldenGunState) -> list[tuple[str, int, list[list[str | None]]]]:
    """(title, columns, rows of cells) to draw: a room's name, None for a wall, "" for no
    section there. Companion: one 4 x 3 grid per section on the table, as the group names
    its squares; solo: the whole maze as laid."""
    if state.maze is None:
        return [(f"Section {s}", SECTION_COLUMNS,
                 [[f"{s}:{'ABCD'[c]}{r + 1}" for c in range(SECTION_COLUMNS)]
                  for r in range(SECTION_ROWS)]) for s in range(1, state.sections + 1)]
    cells: dict[tuple[int, int], str | None] = {
        cell: room for room, cell in state.maze.room_cells.items()}
    cells.update({cell: None for cell in state.maze.walls})
    if not cells:
        return []
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    rows = [[cells.get((x, y), "") for x in range(min(xs), max(xs) + 1)]
            for y in range(min(ys), max(ys) + 1)]
    return [("", len(rows[0]), rows)]


def squares_html(ammo: int, wounds: int) -> str:
    """The number track 0-14 with Bond's bullets circled, as the sheet's marker sits, and his
    wounds out of 5 as dots: a scale to read, drawn so that nothing in it looks like a
    button (it is not tapped; the log's actions change it)."""
    def number(n: int) -> str:
        on = n == ammo
        style = ("border:2px solid #8a1c1c;color:#8a1c1c;font-weight:700" if on
                 else "border:2px solid transparent;opacity:0.65")
        return (f'<span style="display:inline-block;min-width:22px;line-height:22px;'
                f'text-align:center;border-radius:50%;{style}">{n}</span>')
    dots = "".join(f'<span style="color:{LOST if i < wounds else "rgba(127,127,127,0.55)"}">'
                   f'{"●" if i < wounds else "○"}</span>' for i in range(rules.KILLING_WOUNDS))
    return (f'<div class="tracker" style="font-size:1rem;line-height:1.7">'
            f'<div><b class="ammo">Bullets: {ammo}</b> of at most {rules.MAX_BULLETS}</div>'
            '<div class="ammo-track" aria-hidden="true" style="border-top:1px solid '
            'rgba(127,127,127,0.4);border-bottom:1px solid rgba(127,127,127,0.4);'
            f'padding:2px 0">{"".join(number(n) for n in range(rules.MAX_BULLETS + 1))}</div>'
            f'<div><b class="wounds">Wounds: {wounds} of {rules.KILLING_WOUNDS}</b> '
            f'(5 kill Bond) <span aria-hidden="true" style="font-size:1.3rem;letter-spacing:2px">'
            f"{dots}</span></div></div>")


class GoldenGunDashboard(GameDashboard):
    game = GAME

    setup_mode = param.Selector(default="companion", objects=list(rules.MODES))
    setup_effects = param.Selector(default="house", objects=list(EFFECT_LABELS))
    setup_table = param.Dict(default=None, allow_None=True, doc="An uploaded table, validated.")
    setup_upper_half = param.Selector(default=rules.UPPER_HALF, objects=["smaller", "larger"])
    setup_unarmed = param.Selector(default=rules.UNARMED_STARTLE, objects=["hold", "nothing"])
    setup_reshuffle = param.Boolean(default=rules.RESHUFFLE_BLUE)
    setup_exit_after_moving = param.Boolean(default=rules.EXIT_AFTER_MOVING)
    setup_exit_repeat = param.Selector(default=rules.EXIT_REPEAT, objects=["searches", "visits"])
    setup_status = param.String(default="")
    survival = param.String(default="", doc="The whole-search figure, as HTML.")

    def __init__(self, **params):
        self._doc = pn.state.curdoc
        super().__init__(**params)
        self.maze = MazeView(self.move)
        self.dice = DicePad(self.roll)
        self._dice_box = pn.Column(self.dice, sizing_mode="stretch_width", margin=0)
        self.amount = Counter(label="Amount (0: the usual)", value=0, low=0,
                              high=rules.MAX_BULLETS)
        self._amount = pn.Column(pn.pane.Markdown("The sheet's number for the next effect "
                                                  "(bullets, wounds, Scaramanga's roll):"),
                                 self.amount, sizing_mode="stretch_width", margin=0)
        self._step_view = pn.pane.HTML(sizing_mode="stretch_width")
        self._verdict = pn.pane.HTML(sizing_mode="stretch_width")
        self._odds = pn.pane.HTML(sizing_mode="stretch_width")
        self._actions = ChoicePad(self.do, self._stale_tap, sizing_mode="stretch_width",
                                  margin=(4, 0))
        self._tracker = pn.pane.HTML(sizing_mode="stretch_width")
        self._progress = pn.pane.HTML(sizing_mode="stretch_width")
        self._deck = pn.pane.HTML(sizing_mode="stretch_width")
        self._chart = pn.pane.HTML(sizing_mode="stretch_width")
        self._chart_key: object = None
        self._maze_card: pn.Card | None = None
        self._survival_key: object = None
        self._future: Future | None = None
        self._table_view = pn.pane.HTML(sizing_mode="stretch_width")
        self._setup_card: pn.Card | None = None
        self._switch = button("", self.switch_mode, wrap=True, sizing_mode="stretch_width")
        self._fresh = not self.session.can_undo
        self.param.watch(self._render, "revision")
        self._render()

    # Set-up choices.

    def new_options(self) -> dict[str, Any]:
        """The options chosen in the set-up section (defaults left out)."""
        options: dict[str, Any] = {"mode": self.setup_mode}
        if self.setup_effects == "sheet":
            options["effects"] = "sheet"
        elif self.setup_effects == "own" and self.setup_table:
            options["effects"] = self.setup_table
        for name, value in (("upper_half", self.setup_upper_half),
                            ("unarmed_startle", self.setup_unarmed),
                            ("reshuffle_blue", self.setup_reshuffle),
                            ("exit_after_moving", self.setup_exit_after_moving),
                            ("exit_repeat", self.setup_exit_repeat)):
            if value != rules.OPTION_DEFAULTS[name]:
                options[name] = value
        return options

    def load_table(self, filename: str, data: bytes) -> None:
        """Read a group's own effect table (JSON or YAML); the engine validates it."""
        suffix = Path(filename or "table.json").suffix.lower() or ".json"
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"table{suffix}"
            path.write_bytes(data or b"")
            try:
                table = load_table(path)
            except CompanionError as error:
                self.setup_table = None
                self.setup_status = f"Not loaded: {str(error).replace(str(path), filename)}"
                return
        self.setup_table = table.to_json()
        self.setup_effects = "own"
        self.setup_status = f"Loaded the table “{table.name}” from {filename}."

    def switch_mode(self, _event=None) -> None:
        """Companion to solo or back, once a game has begun: a new game in the other mode
        with the set-up's other choices; the game left stays in Saved games."""
        self.setup_mode = "solo" if self.state.config.mode == "companion" else "companion"
        self.start_new_game()

    def start_new_game(self, _event=None) -> None:
        if self.setup_effects == "own" and not self.setup_table:
            self.setup_status = "Choose your table file first (JSON or YAML)."
            return
        old = self.session
        try:
            new = Session(GAME, self.new_options(), store=self.store)
        except CompanionError as error:
            self.setup_status = f"Not started: {error}"
            return
        if old.store is not None and not old.can_undo and not old.can_redo:
            old.store.delete(old.id)  # an untouched game is not worth keeping
        self.open(new)
        self.picker.refresh()
        self.setup_status = f"Started a new {self.setup_mode} game."

    def open(self, session: Session) -> None:
        super().open(session)
        self._fresh = not session.can_undo
        if self._setup_card is not None:
            self._setup_card.collapsed = session.can_undo

    # Playing.

    @property
    def state(self) -> GoldenGunState:
        return self.session.state  # type: ignore[return-value]

    def move(self, room: str) -> None:
        self.act(engine.Move(room))

    def roll(self, dice: tuple[int, ...] | None) -> None:
        action = self.dice_action()
        if action is None:
            self.message = "No roll is due now."
            return
        self.act(replace(action, dice=dice))

    def dice_action(self) -> Any:
        """The legal action that needs two dice now, if any."""
        return next((a for a in self.state.legal_actions() if isinstance(a, engine.ROLLED)),
                    None)

    def tap_actions(self) -> list[Any]:
        """The legal actions shown as buttons (moves go through the maze, rolls the pad)."""
        return [a for a in self.state.legal_actions()
                if not isinstance(a, (engine.Move, *engine.ROLLED))]

    def do(self, action: Any) -> None:
        if isinstance(action, engine.ApplyEffect) and VOCABULARY[action.effect].amount:
            action = replace(action, amount=self.amount.value)
        self.act(action)

    # Rendering.

    def _render(self, *_events) -> None:
        self._draw(self.state)

    def _draw(self, state: GoldenGunState) -> None:
        if self._fresh and self.session.can_undo and self._setup_card is not None:
            self._setup_card.collapsed = True  # the game has begun: set-up steps aside
        self._fresh = not self.session.can_undo
        self.maze.show(state)
        self._step_view.object = self._step_html(state)
        self._verdict.object = self._verdict_html(state)
        self._odds.object = self._odds_html(state)
        self._draw_actions(state)
        if self._maze_card is not None:
            self._maze_card.styles = {"flex": f"1 1 {max(520, self.maze.min_width)}px"}
        self._amount.visible = state.phase == "sheet"
        rolling = self.dice_action()
        self._dice_box.visible = rolling is not None
        if rolling is not None:
            self.dice.verb = DICE_VERBS[type(rolling)]
        self._tracker.object = squares_html(state.ammo, state.wounds)
        other = "solo (the tablet deals)" if state.config.mode == "companion" else \
            "companion (our own board)"
        self._switch.label = f"Switch to {other}: a new game (this one stays in Saved games)"
        self._progress.object = self._progress_html(state)
        self._deck.object = self._deck_html(state)
        self._refresh_chart(state)
        self._refresh_survival(state)
        self._table_view.object = self._table_html(state)

    def _step_html(self, state: GoldenGunState) -> str:
        if state.is_over:
            colour = WON if state.ended == "won" else LOST
            return (f'<div class="game-over" style="border:4px solid {colour};border-radius:10px;'
                    f'padding:10px 14px"><div style="font-size:1.5rem;font-weight:700;'
                    f'color:{colour}">{escape(state.result or "")}</div>'
                    f"<div>Rooms entered: {len(state.entered)}; bullets left: {state.ammo}; "
                    f"wounds: {state.wounds} of {rules.KILLING_WOUNDS}; blue cards read: "
                    f"{len(state.drawn)}.</div><div>Start a new game below, or undo the last "
                    "action in the log.</div></div>")
        return (f'<div class="step" style="font-size:1.25rem;font-weight:600">'
                f"{escape(state.step_text)}</div>")

    def _verdict_html(self, state: GoldenGunState) -> str:
        event = state.last_event
        if event is None:
            first = ("Tap Set up to shuffle the cards and lay the first maze section."
                     if state.phase == "setup" else
                     "Tap the room of your maze Bond enters first (along an edge).")
            return f'<div class="verdict" style="opacity:0.8">{first}</div>'
        colour = {"success": WON, "failure": LOST}.get(event.outcome, INFO)
        return (f'<div class="verdict" style="font-size:1.1rem;border-left:6px solid {colour};'
                f'padding:4px 10px">{escape(event.text)}</div>')

    def _odds_html(self, state: GoldenGunState) -> str:
        parts = []
        if state.phase == "read":
            p = odds.p_startle_next(state.greens_unseen)
            parts.append(odds_html("A green card not yet seen startles Bond", p,
                                   f"averaged over the {sum(state.greens_unseen.values())} "
                                   "green cards unseen", outcome="bad"))
        elif state.phase == "roll" and state.green is not None:
            n = state.green
            parts.append(odds_html(f"Green card {n}: Bond keeps calm", odds.p_calm(n),
                                   f"two dice, {n} or less (Step 3), no modifiers"))
            parts.append(odds_html(f"Green card {n}: Bond is startled", odds.p_startled(n),
                                   f"two dice, more than {n}: he fires by accident at the top "
                                   "blue card (Step 4)", outcome="bad"))
        elif state.phase == "dodge":
            parts.append(odds_html("Bond dodges", odds.p_dodge(),
                                   "two dice, 4 or less (Wounds and Dodges), no modifiers"))
        elif state.phase == "shot":
            n = state.pending[0][1]
            parts.append(odds_html("Scaramanga's shot kills Bond", odds.p_scaramanga_hits(n),
                                   f"two dice, {n} or less ({self._table_name(state)}); "
                                   "no dodge (Scaramanga's Shot)", outcome="bad"))
        elif state.phase == "decide" and state.config.table is not None:
            parts.append(f'<div class="advice" style="font-size:1.05rem;margin:4px 0">'
                         f"<b>Advice:</b> {escape(self.advice(state).text)}</div>")
        elif state.phase == "move" and not state.is_over:
            for label, p in odds.phase_odds(state).items():
                detail = ("two dice, 10 or less (Ending the Game)" if label == "finds the exit"
                          else self._next_room_detail(state))
                if label == "survives the next new room" and self._greens_short(state):
                    label = "survives the next new room: at least"
                parts.append(odds_html(label[:1].upper() + label[1:], p, detail))
        return "".join(parts)

    @staticmethod
    def _greens_short(state: GoldenGunState) -> bool:
        """Solo with more rooms than green cards: some new rooms hold no card at all."""
        return state.config.mode == "solo" and state.config.section_rooms * \
            rules.MAZE_SECTIONS > sum(state.config.green_deck.values())

    def _next_room_detail(self, state: GoldenGunState) -> str:
        exact = ("the next blue card's odds, the unseen greens' startle chance, then the "
                 "better of fire and hold")
        if self._greens_short(state):
            return (f"a lower bound: exact for a room with a green card ({exact}); with "
                    f"{state.config.section_rooms} rooms a section some rooms hold no card, "
                    "and Bond reads nothing there")
        return f"exact: {exact}"

    def action_labels(self) -> list[str]:
        """The labels of the action buttons shown now, in order."""
        return self._actions.labels()

    def _draw_actions(self, state: GoldenGunState) -> None:
        self._actions.new_drawing()
        buttons = []
        for action in self.tap_actions():
            label, colour, width = self._label(action, state)
            buttons.append(tap_button(self._actions.tap_for(action, label), label,
                                      f"act act-{colour}", style=f"flex:1 1 {width}px"))
        self._actions.html = f'<div class="bar">{"".join(buttons)}</div>'

    def _stale_tap(self) -> None:
        self.message = "The page changed before that tap arrived: look, then tap again."

    def _label(self, action: Any, state: GoldenGunState) -> tuple[str, str, int]:
        chances = {}
        if isinstance(action, engine.Fire | engine.Hold) and state.config.table is not None:
            chances = odds.fire_hold_chances(state)
        if isinstance(action, engine.SetUp):
            return "Set up: shuffle the cards, lay the first section", "primary", 300
        if isinstance(action, engine.AddSection):
            return self._section_label(action, state), "default", 300
        if isinstance(action, engine.ReadGreen):
            return str(action.number), "primary", 56
        if isinstance(action, engine.Fire):
            extra = f": {percent(chances['fire'])} survives" if chances else ""
            return f"Fire on purpose (1 bullet){extra}", "danger", 220
        if isinstance(action, engine.Hold):
            extra = f": {percent(chances['hold'])} survives" if chances else ""
            return f"Hold fire{extra}", "primary", 220
        if isinstance(action, engine.Reveal):
            return self._reveal_label(action, state), "primary", 200
        if isinstance(action, engine.ApplyEffect):
            words = describe([(action.effect, VOCABULARY[action.effect].amount or 0)])
            return words[:1].upper() + words[1:], "default", 300
        if isinstance(action, engine.EndCard):
            return "Done with this card", "primary", 300
        if isinstance(action, engine.Wait):
            return "Bond waits here (lost turn)", "primary", 300
        return type(action).__name__, "default", 200

    def _section_label(self, action: engine.AddSection, state: GoldenGunState) -> str:
        number = state.sections + 1
        if action.at is None:
            return f"Add maze section {number} (green cards in its rooms)"
        placed = {at: i for i, (at, _) in enumerate(state.maze.placed, start=1)}
        for (dx, dy), words in SIDE_WORDS.items():
            beside = (action.at[0] - dx, action.at[1] - dy)
            if beside in placed:
                return f"Lay section {number} {words} section {placed[beside]}"
        return f"Lay section {number} at {action.at}"

    def _reveal_label(self, action: engine.Reveal, state: GoldenGunState) -> str:
        if action.kind is not None:
            chance = odds.next_blue_odds(state).get(action.kind)
            return f"{action.kind} ({percent(chance)})" if chance else action.kind
        if state.source == "room":
            return f"Read the {state.blues.get(state.room or '')} in the room"
        return "Turn over the top blue card"

    def _table_name(self, state: GoldenGunState) -> str:
        table = state.config.table
        if table is None:
            return "your printed sheet"
        return "house rule" if table.house_rule else f"table “{table.name}”"

    def _progress_html(self, state: GoldenGunState) -> str:
        rows = []
        for s in range(1, state.sections + 1):
            n = state.rooms_entered(s)
            rows.append(f"<li>Section {s}: {n} room{'s' if n != 1 else ''} entered</li>")
        if state.sections >= rules.MAZE_SECTIONS:
            note = "All four maze sections are on the table."
        elif state.phase == "setup":
            note = "Set up lays the first section."
        elif state.rooms_entered(state.sections) >= rules.ROOMS_BEFORE_NEW_SECTION:
            note = (f"<b>A new section may be added</b> (at Step 1): Bond has entered "
                    f"{rules.ROOMS_BEFORE_NEW_SECTION} rooms of section {state.sections}.")
        else:
            need = rules.ROOMS_BEFORE_NEW_SECTION - state.rooms_entered(state.sections)
            note = (f"A new section may be added after {need} more room"
                    f"{'s' if need != 1 else ''} in section {state.sections} (New Maze "
                    "Sections: at least 5).")
        solex = ("<b style='color:#2e7d32'>Bond has the Solex Agitator: reach an edge room "
                 "and look for the exit.</b>" if state.solex else
                 "Bond is looking for the Solex Agitator.")
        if state.is_over:
            solex = f"<b>{escape(state.result or '')}</b>"
        mode = "solo (the tablet deals)" if state.config.mode == "solo" else \
            "companion (your board and cards)"
        return (f'<div style="font-size:1rem">{solex}<ul style="margin:4px 0">{"".join(rows)}'
                f"</ul><div>{note}</div><div>Mode: {mode}. Blue card effects: "
                f"{escape(self._effects_words(state))}.</div></div>")

    def _effects_words(self, state: GoldenGunState) -> str:
        table = state.config.table
        if table is None:
            return "your printed sheet (tap what it says)"
        return f"{table.name} (house rule)" if table.house_rule else table.name

    def _deck_html(self, state: GoldenGunState) -> str:
        unseen, upper_left = state.deck_knowledge()
        seen = {}
        for kind in state.drawn:
            seen[kind] = seen.get(kind, 0) + 1
        seen_text = ", ".join(f"{k} x{n}" for k, n in seen.items()) or "none yet"
        cards = sum(unseen.values())
        upper = (f"The next {upper_left} come from the upper half: Scaramanga, Nick Nack and the "
                 "Solex Agitator cannot turn up before them (Set Up)." if upper_left else
                 "The upper half is used up: any card may come next.")
        expected = odds.expected_cards_to_solex(unseen, upper_left)
        solex = (f"The Solex Agitator is, on average, blue card {float(expected):.1f} from now."
                 if expected is not None and not state.solex else "")
        return (f'<div style="font-size:1rem"><div>Blue cards still in the deck: {cards}. '
                f"{upper}</div><div>{solex}</div><div>Blue cards read so far: "
                f"{escape(seen_text)}.</div></div>")

    def _refresh_chart(self, state: GoldenGunState) -> None:
        unseen, upper_left = state.deck_knowledge()
        key = (tuple(sorted(unseen.items())), upper_left)
        if key == self._chart_key:
            return
        self._chart_key = key
        self._chart.object = next_card_html(unseen, odds.next_card_odds(unseen, upper_left))

    def advice(self, state: GoldenGunState) -> bot.Advice:
        """Step 5 advice: by the whole search once the worker has it, else by the card."""
        full = (survival_key(state), odds.p_startle_next(state.greens_unseen))
        with _SURVIVAL_LOCK:
            known = _SURVIVAL.get(full)
        if state.solex:
            return bot.advise(state, None)
        return bot.advise(state, known[1] if known else bot.UNKNOWN)

    def _refresh_survival(self, state: GoldenGunState) -> None:
        key = survival_key(state)
        if key == self._survival_key:
            return
        self._survival_key = key
        if state.is_over or state.solex:
            self.survival = ("<div class='survival'>Bond has the Solex Agitator: only the exit "
                             f"is left ({percent(odds.p_find_exit())} per search).</div>"
                             if state.solex and not state.is_over else "")
            return
        if state.config.table is None:
            self.survival = ("<div class='survival'>Your group follows its printed sheet, so "
                             "the app does not know the cards' effects: no survival odds."
                             "</div>")
            return
        startle = odds.p_startle_next(state.greens_unseen)
        full = (key, startle)
        with _SURVIVAL_LOCK:
            known = _SURVIVAL.get(full)
        if known is not None:
            self.survival = survival_html(known[0])
            return
        self.survival = ("<div class='survival'>Chance Bond is killed before he finds the Solex "
                         "Agitator: computing…</div>")
        if self._future is not None:
            self._future.cancel()  # the game has moved on before that figure's turn came
        game = state.to_json()
        self._future = _WORKER.submit(survival_in_worker, game, startle)
        self._future.add_done_callback(lambda done: self._survival_done(done, full, game))

    def _survival_done(self, done: Future, full: tuple, game: dict | None = None) -> None:
        if done.cancelled():
            return
        try:
            chance = done.result()
        except BrokenProcessPool:  # the worker process died: once more, on a fresh one
            if game is None:
                self._deliver(full[0], "<div class='survival'>The odds helper stopped twice: "
                              "no whole-search figure this time.</div>")
                return
            self._future = _WORKER.submit(survival_in_worker, game, full[1])
            self._future.add_done_callback(lambda again: self._survival_done(again, full))
            return
        except CompanionError as error:
            self._deliver(full[0], f"<div class='survival'>{escape(str(error))}</div>")
            return
        with _SURVIVAL_LOCK:
            _SURVIVAL[full] = chance
        self._deliver(full[0], survival_html(chance[0]))

    def _deliver(self, key: tuple, html: str) -> None:
        def show() -> None:
            if self._survival_key == key:
                self.survival = html
                if self.state.phase == "decide":  # the advice now counts the whole search
                    self._odds.object = self._odds_html(self.state)
        doc = self._doc
        if doc is not None and doc.session_context is not None:
            doc.add_next_tick_callback(show)  # the one thread-safe Document method
        else:
            show()

    def _table_html(self, state: GoldenGunState) -> str:
        table = state.config.table
        if table is None:
            return ("<p>Your group follows its printed Blue Card Summary Sheet: at each card, "
                    "tap what the sheet says, then <i>Done with this card</i>.</p>")
        rows = "".join(
            f"<tr><td><b>{escape(kind)}</b></td><td>{escape(describe(steps['fire']))}</td>"
            f"<td>{escape(describe(steps['hold']))}</td></tr>"
            for kind, steps in table.cards.items())
        label = " <b>(house rule)</b>" if table.house_rule else ""
        return (f"<p>{escape(table.name)}{label}</p><table class='effects' style='font-size:"
                "0.95rem;border-collapse:collapse' cellpadding='4'><tr><th align='left'>Card"
                "</th><th align='left'>Fire</th><th align='left'>Hold</th></tr>"
                f"{rows}</table>")

    # The page.

    def _setup_section(self) -> pn.Card:
        wide = {"sizing_mode": "stretch_width"}
        mode = choice({v: k for k, v in MODE_LABELS.items()}, self.setup_mode, **wide)
        mode.link(self, value="setup_mode", bidirectional=True)
        effects = choice({v: k for k, v in EFFECT_LABELS.items()}, self.setup_effects, **wide)
        effects.link(self, value="setup_effects", bidirectional=True)
        upload = pn.widgets.FileInput(accept=".json,.yaml,.yml", **wide)
        upload.param.watch(lambda e: self.load_table(upload.filename or "table", e.new)
                           if e.new is not None else None, "value")
        upper = choice(UPPER_LABELS, self.setup_upper_half, **wide)
        upper.link(self, value="setup_upper_half", bidirectional=True)
        unarmed = choice(UNARMED_LABELS, self.setup_unarmed, **wide)
        unarmed.link(self, value="setup_unarmed", bidirectional=True)
        reshuffle = choice(RESHUFFLE_LABELS, self.setup_reshuffle, **wide)
        reshuffle.link(self, value="setup_reshuffle", bidirectional=True)
        exit_move = choice(EXIT_MOVE_LABELS, self.setup_exit_after_moving, **wide)
        exit_move.link(self, value="setup_exit_after_moving", bidirectional=True)
        exit_repeat = choice(EXIT_REPEAT_LABELS, self.setup_exit_repeat, **wide)
        exit_repeat.link(self, value="setup_exit_repeat", bidirectional=True)
        notes = rules.HOUSE_RULE_NOTES

        def note(key: str) -> pn.pane.HTML:
            return pn.pane.HTML(f'<div style="font-size:0.95rem"><b>House rule:</b> '
                                f"{escape(notes[key])}</div>", **wide)

        card = section(
            "New game: set-up", heading("How do you play?"), mode,
            heading("Blue card effects"), effects, note("effects"),
            pn.pane.Markdown("Your own table: a JSON or YAML file (the app checks it).",
                             margin=(0, 8)), upload,
            heading("When 15 plain blue cards are halved"), upper, note("upper_half"),
            heading("Startled with no bullets"), unarmed, note("unarmed_startle"),
            heading("When the blue deck runs out"), reshuffle, note("reshuffle_blue"),
            heading("With the Solex Agitator: where he first looks for the exit"), exit_move,
            note("exit_after_moving"),
            heading("'Not in the same room twice in a row' means"), exit_repeat,
            note("exit_repeat"),
            pn.pane.HTML("<div style='font-size:0.95rem'><b>House rules</b> also: "
                         f"{escape(notes['step_7'])} {escape(notes['after_startle'])} "
                         f"{escape(notes['scaramanga'])} {escape(notes['blue_deck'])} "
                         f"{escape(notes['green_deck'])} {escape(notes['section_rooms'])} "
                         f"{escape(notes['section_grid'])}"
                         "</div>", **wide),
            button("Start a new game with these choices", self.start_new_game,
                   color="primary", **wide),
            notice(self.param.setup_status, "info", **wide),  # quotes a file: as text
            collapsed=self.session.can_undo,
        )
        self._setup_card = card
        return card

    def __panel__(self) -> pn.viewable.Viewable:
        play = section("The room sequence", self._tracker, self._step_view, self.message_view(),
                       self._verdict, self._odds, self._actions, self._amount, self._dice_box,
                       self._switch)
        maze = section("The maze", self.maze, width=max(520, self.maze.min_width))
        self._maze_card = maze
        deck = section("The search: odds from the deck", self._progress, self._deck,
                       self._chart, pn.pane.HTML(self.param.survival, sizing_mode="stretch_width"))
        log = section("Log", self.log)
        table = section("What each blue card does", self._table_view, collapsed=True)
        saved = self.saved_games_section()
        return page("The Man with the Golden Gun", play, maze, deck, log, self._setup_section(),
                    table, saved)


def survival_html(chance: Fraction) -> str:
    """The whole-search figure: a percentage and a bar (its exact fraction is too long)."""
    width = float(chance) * 100
    return (
        "<div class='survival' style='margin:4px 0'><div style='display:flex;"
        "justify-content:space-between;font-size:1.05rem;gap:8px'><span>Chance Bond is killed "
        f"before he finds the Solex Agitator</span><b style='font-size:1.3rem'>{percent(chance)}"
        "</b></div><div style='height:14px;border-radius:7px;background:rgba(127,127,127,0.25)'>"
        f"<div style='height:14px;border-radius:7px;width:{width:.2f}%;background:{LOST}'></div>"
        "</div><div style='font-size:0.9rem;opacity:0.85'>An estimate, within about 0.3 points: "
        "exact over the deck, bullets and wounds, with every future green card's startle chance "
        "averaged and Bond always taking the better of fire and hold.</div></div>")


def next_card_html(unseen: dict[str, int], chances: dict[str, Fraction]) -> str:
    """The next blue card's chances as a bar chart, one bar per kind still in the deck,
    its percentage written beside it (nothing is left to a hover). The Solex Agitator's bar
    is green and Scaramanga's red; the rest are neutral; kinds that cannot come yet say so."""
    rows = []
    for kind in rules.BLUE_KINDS:
        if not unseen.get(kind):
            continue
        chance = chances.get(kind)
        width = float(chance or 0) * 100
        figure = percent(chance) if chance else "not yet"
        colour = KIND_BARS.get(kind, NEUTRAL_BAR) if chance else LATER_BAR
        rows.append(
            f'<div class="next-card" style="display:grid;grid-template-columns:9.5em 1fr 4.5em;'
            f'gap:8px;align-items:center;margin:3px 0"><span>{escape(kind)}</span>'
            f'<div style="height:18px;border-radius:4px;background:rgba(127,127,127,0.18)">'
            f'<div style="height:18px;border-radius:4px;width:{width:.2f}%;background:{colour}">'
            f'</div></div><b style="text-align:right;font-size:{1 if chance else 0.8}rem">'
            f"{figure}</b></div>")
    return ('<div class="next-card-chart" style="font-size:1rem;margin:6px 0">'
            '<div style="font-weight:700;margin-bottom:4px">Next blue card: the chance of each '
            f'kind (exact)</div>{"".join(rows)}</div>')
