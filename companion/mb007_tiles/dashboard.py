"""The tile game on a tablet: the board as one tappable picture, the covered secret choice,
the exact advice, the score, chips and the match.

Every button comes from the engine (`legal_actions`, `available`); the advice from `odds`;
the app's seats from `bot`. In tablet mode each player taps his letter on a covered screen
("pass the tablet to Black 1"); nothing on the page shows a pick before the reveal. The pick
is a per-seat action (`Pick(seat, letter)`), so a player's own phone can make it later.
"""

from __future__ import annotations

import random
from functools import cached_property, lru_cache
from html import escape
from typing import Any

import panel as pn
import param

from companion.core.dice import percent
from companion.core.session import Session
from companion.mb007_tiles import GAME, rules
from companion.mb007_tiles.actions import ChooseFirst, Draw, NextGame, Pick, Place, Reveal
from companion.mb007_tiles.board import seat_names, window_name
from companion.mb007_tiles.bot import bot_action
from companion.mb007_tiles.drawing import (
    BOARD_CSS,
    COLOURS,
    board_svg,
    seating_html,
    tile_chip,
)
from companion.mb007_tiles.engine import TilesState, private_view
from companion.mb007_tiles.odds import WindowAdvice, placement_advice, round_equilibrium
from companion.ui import ChoicePad, GameDashboard, TapPad, button, choice, heading, page, section
from companion.ui.plain import notice_html
from companion.ui.tap_pad import tap_button
from companion.ui.template import closed_section
from companion.ui.theme import BUTTON_CSS, INPUT_CSS, NO_SPIN_CSS, TOUCH

NOBODY = -1  # `looking`: the screen is covered
SHOWN_EVENTS = 6  # what happened since the person's last move, at most this many lines
HOUSE_RULES = (
    "Tiles: three each of 1-5 dots and three 007s per colour",
    "The first player: each draws a tile and puts it back until one draws a 007",
    "A round's losers draw first; on a tie the rotation goes on",
    "A team that cannot pay pays what it has",
    "With the bag empty, the game also ends when no tile can ever be captured, when each "
    "team can keep its own tiles out of reach for ever, or when careful play (each round's "
    "equilibrium) captures nothing in any round to come",
    "With the bag empty, twelve rounds in a row that capture nothing end the game",
    "The app playing both partners of a team chooses their two letters together, from the "
    "team's equilibrium; beside a human partner it plays its own share and never reads his "
    "letter",
)
VERDICT_CSS = "font-size:1.1rem;padding:8px 12px;border-left:6px solid {};line-height:1.4"


class TilesDashboard(GameDashboard):
    game = GAME

    looking = param.Integer(default=NOBODY, doc="The seat looking at the uncovered screen.")
    advice = param.Boolean(default=True, doc="Show the equilibrium advice and heat map.")
    # Settings for the next new game.
    players = param.Selector(default=2, objects=list(rules.PLAYER_COUNTS))
    mode = param.Selector(default="table", objects=["table", "tablet"])
    bots = param.List(default=[], doc="Seats the app plays in the next new game.")
    starting_chips = param.Integer(default=100, bounds=(0, 10_000))

    def __init__(self, **params):
        super().__init__(**params)
        self._since = max(0, len(self.session.actions) - 1)  # the person's last move
        self.board = TapPad(self._tap_board, stylesheets=[BOARD_CSS], sizing_mode="stretch_width")
        self.steps = ChoicePad(self._choose, self._stale, sizing_mode="stretch_width",
                               margin=(4, 10))
        self.advice = self.session.state.options.advice
        self.param.watch(self._changed, "revision")
        self.param.watch(self._render, ["looking", "advice", "message"])
        self._render()

    def seat_names(self) -> list[str]:
        return list(seat_names(self.session.state.players))

    def seat_is_bot(self, seat: int) -> bool:
        return self._is_bot(seat)

    # Options for a new game.

    def new_options(self) -> dict[str, Any]:
        bots = [b for b in self.bots if b < self.players] if self.mode == "tablet" else []
        return {"players": self.players, "mode": self.mode, "bots": bots,
                "advice": self.advice, "starting_chips": self.starting_chips}

    def open(self, session: Session) -> None:
        self._since = max(0, len(session.actions) - 1)
        super().open(session)
        self.advice = session.state.options.advice

    # Taps.

    def _tap_board(self, tapped: str) -> None:
        state = self.session.state
        if not tapped.startswith("w:") or state.phase != "place" or self._is_bot(state.to_move):
            self.message = f"Nothing to tap on the board now: {self._waiting(state)}."
            return
        self._human(Place(tapped[2:]))

    def _choose(self, chosen: tuple) -> None:
        kind, *rest = chosen
        if kind == "act":
            self._human(rest[0])
        elif kind == "look":
            if not self.may_see(rest[0]):  # the seat is on its own phone, or not the tablet
                self.message = f"{self.session.state.seat_name(rest[0])} chooses on his own phone."
                return
            self.message = ""
            self.looking = rest[0]
        elif kind == "cover":
            self.looking = NOBODY
        elif kind == "advice":
            self.advice = rest[0]
        elif kind == "bots":
            self._run_bots()

    def _stale(self) -> None:
        self.message = "The screen had changed under your finger: look, then tap again."

    def _human(self, action: Any) -> None:
        if self.seat is not None and not (isinstance(action, Pick) and action.seat == self.seat):
            self.message = "This phone chooses your own letter; the rest is done on the tablet."
            return
        since = len(self.session.actions)
        if self.act(action) is None:
            return
        self._since = since
        state = self.session.state
        if state.phase == "reveal" and state.options.mode == "table":
            with self.bot_turn():  # the letters are already face up on the real board
                self.act(Reveal())
        self._run_bots()

    def _run_bots(self) -> None:
        """The app's seats play; one Undo takes their moves back with the player's move
        before them (a round's letters go back together: `TilesState.joins_previous`)."""
        self.play_bots(bots_next_move)

    def _is_bot(self, seat: int | None) -> bool:
        return seat is not None and seat in self.session.state.options.bots

    # Drawing.

    def _changed(self, *_events) -> None:
        with param.parameterized.discard_events(self):
            self.looking = NOBODY
        self._render()

    def _render(self, *_events) -> None:
        state = self.session.state
        placing = state.phase == "place" and not self._is_bot(state.to_move)
        advice = _placement(state) if placing and self.advice else []
        self.board.html = _board(state, placing, bool(advice))
        self._render_turn(state, advice)

    def _render_turn(self, state: TilesState, advice: list[WindowAdvice]) -> None:
        """The turn in one HTML property (one update a tap): why a tap was refused, what
        happened, what to do now and its buttons, the advice, the score."""
        pad = self.steps
        pad.new_drawing()
        prompt, buttons = self._current_step(state)
        if not self.is_tablet and not (self.seat is not None and state.phase == "choose"):
            buttons = []  # a phone makes only its own choice; a watcher none
        if self.is_tablet and bots_next_move(state, self.session.bot_rng()) is not None:
            buttons.append(tap_button(pad.tap_for(("bots",), "Let the app play its seats"),
                                      "Let the app play its seats", "act act-primary"))
        if not state.is_over:
            toggle = "Hide the advice" if self.advice else "Show the advice"
            buttons.append(tap_button(pad.tap_for(("advice", not self.advice), toggle), toggle))
        seating = seating_html(state.players) if state.phase == "first" and \
            state.options.mode == "table" else ""
        pad.html = (f"{notice_html(self.message)}"
                    f"{self._seat_html()}{self._event_html(state)}{seating}"
                    f"{'' if self._just_revealed() else _last_round_html(state)}"
                    f'<div class="note prompt"><b>{escape(prompt)}</b></div>'
                    f'<div class="bar" style="margin:6px 0">{"".join(buttons)}</div>'
                    f"{self._advice_html(state, advice)}{self._scoreboard_html(state)}")

    def _just_revealed(self) -> bool:
        """The last action turned the letters over: its line already tells the round."""
        actions = self.session.actions
        return bool(actions) and isinstance(actions[-1], Reveal)

    def _button(self, choice_: tuple, label: str, primary: bool = False,
                enabled: bool = True) -> str:
        classes = "act act-primary" if primary else "act act-default"
        return tap_button(self.steps.tap_for(choice_, label), label, classes, enabled)

    def _current_step(self, state: TilesState) -> tuple[str, list[str]]:
        """The prompt and the buttons of the current step."""
        names = seat_names(state.players)
        if state.phase == "first":
            buttons = [self._button(("act", ChooseFirst()), "The app draws for us",
                                    primary=state.options.mode == "tablet")]
            if state.options.mode == "tablet":  # the bag is the app's: it draws
                buttons += [self._button(("act", ChooseFirst(seat)), f"{name} goes first")
                            for seat, name in enumerate(names)]
                return ("Who goes first? The app draws a tile for each in turn until a 007 "
                        "(or the table agrees who goes first).", buttons)
            buttons += [self._button(("act", ChooseFirst(seat)), f"{name} drew it")
                        for seat, name in enumerate(names)]
            return "Who drew the first 007? (Or let the app draw for each in turn.)", buttons
        if state.phase == "draw":
            return self._draw_step(state, names[state.to_move])
        if state.phase == "place":
            who = names[state.to_move]
            return (f"{who} drew {rules.tile_name(state.drawn)}: tap an empty window on the "
                    "board." if not self._is_bot(state.to_move) else f"The app places for {who}."
                    ), []
        if state.phase == "choose":
            return self._choose_step(state, names)
        if state.phase == "reveal":
            return ("Everyone has chosen. Turn the letters over together:",
                    [self._button(("act", Reveal()), "Reveal the letters", primary=True)])
        return ("The game is over. Play the next game of the match, or start a new match "
                "below.", [self._button(("act", NextGame()), "Next game of the match",
                                        primary=True)])

    def _draw_step(self, state: TilesState, who: str) -> tuple[str, list[str]]:
        if self._is_bot(state.to_move):
            return f"The app draws for {who}.", []
        if state.options.mode == "tablet":
            return (f"{who}: draw a tile from the bag.",
                    [self._button(("act", Draw()), f"Draw a tile for {who}", primary=True)])
        left = state.in_bag()
        buttons = [self._button(("act", Draw(tile)), f"{rules.tile_name(tile)} ({left[tile]})")
                   for tile in rules.ALL_TILES if tile in left]
        return f"{who}: draw a tile from the bag and tap which one came out.", buttons

    def _choose_step(self, state: TilesState, names: tuple[str, ...]) -> tuple[str, list[str]]:
        waiting = [s for s in range(state.players) if not state.chosen(s)
                   and not self._is_bot(s)]
        done = ", ".join(names[s] for s in range(state.players) if state.chosen(s))
        chosen = f" Chosen so far: {done}." if done else ""
        if self.seat is not None and state.options.mode == "tablet":
            return self._own_choice(state, names, waiting)
        if state.options.mode == "table":
            prompt = ("Each player lays a lettered tile face down; when all are down, turn "
                      "them over together, then tap each player's letter here.")
            return prompt, [_row(names[s], [self._button(("act", Pick(s, letter)), letter)
                                            for letter in state.available(s)])
                            for s in waiting]
        at_the_tablet = [s for s in waiting if self.may_see(s)]
        if self.looking == NOBODY or self.looking not in at_the_tablet:
            phones = [names[s] for s in waiting if self.on_own_phone(s)]
            elsewhere = f" Choosing on their own phones: {', '.join(phones)}." if phones else ""
            if not at_the_tablet:
                who = ", ".join(names[s] for s in waiting)
                return f"Waiting for the letters of: {who}.{elsewhere}{chosen}", []
            seat = at_the_tablet[0]
            people = [s for s in range(state.players) if not self._is_bot(s)]
            away = " Everyone else looks away." if len(people) > 1 else ""
            return (f"Pass the tablet to {names[seat]} (or choose on your own phone).{away}"
                    f"{elsewhere}{chosen}",
                    [self._button(("look", seat), f"I am {names[seat]}: show my letters",
                                  primary=True)])
        buttons = [*self._letter_buttons(state, self.looking),
                   self._button(("cover",), "Cover the screen")]
        return (f"{names[self.looking]}, tap your letter in secret.{self._face_down_note(state)}"
                f"{self._mix_note()}", buttons)

    def _own_choice(self, state: TilesState, names: tuple[str, ...], waiting: list[int]
                    ) -> tuple[str, list[str]]:
        """On a player's own phone: his letter buttons, then his secret letter."""
        mine = private_view(state, self.seat)
        others = ", ".join(names[s] for s in waiting if s != self.seat) or "nobody"
        if mine["pick"] is not None:
            return (f"Your letter this round: {mine['pick']}, secret until the reveal. "
                    f"Waiting for: {others}.", [])
        return (f"{mine['name']}, tap your letter. Only this phone sees it."
                f"{self._face_down_note(state)}{self._mix_note()}",
                self._letter_buttons(state, self.seat))

    def _mix_note(self) -> str:
        return (" Each letter's % is how often the equilibrium (the best mix against the best "
                "reply) plays it." if self.advice else "")

    def _letter_buttons(self, state: TilesState, seat: int) -> list[str]:
        mix = round_equilibrium(state).seat_mix(seat) if self.advice else {}
        return [self._button(("act", Pick(seat, letter)),
                             letter + (" · face down" if letter not in state.available(seat)
                                       else f" · {percent(mix.get(letter, 0))}" if mix else ""),
                             primary=True, enabled=letter in state.available(seat))
                for letter in rules.LETTERS]

    def _face_down_note(self, state: TilesState) -> str:
        face_down = state.face_down[self.looking if self.seat is None else self.seat]
        return f" ({face_down} lies face down from last round.)" if face_down else ""

    # Words.

    def _waiting(self, state: TilesState) -> str:
        return state.waiting_for

    def _scoreboard_html(self, state: TilesState) -> str:
        rows = []
        for index, colour in enumerate(rules.COLOURS):
            tiles = state.captured[index]
            chips = "".join(tile_chip(t) for t in tiles) or "none yet"
            rows.append(
                f'<div class="team team-{colour}" style="margin:2px 0">'
                f'<b style="color:{COLOURS[colour]};font-size:1.35rem">{colour.capitalize()} '
                f"{state.points(colour)}</b> points · {len(tiles)} of {rules.TILES_TO_END} "
                f"tiles · <b>{state.chips[index]}</b> chips<br>"
                f'<span style="font-size:0.95rem">captured: {chips}</span></div>')
        bots = ", ".join(state.seat_name(s) for s in state.options.bots)
        facts = [f"game {len(state.games) + (0 if state.is_over else 1)} of the match",
                 f"round {state.round + (0 if state.is_over else 1)}",
                 f"{state.bag_size} tiles in the bag", f"{state.options.mode} mode"]
        if bots:
            facts.append(f"the app plays {bots}")
        house = "; ".join(HOUSE_RULES)
        return (f'<div class="scoreboard" style="font-size:1.05rem;line-height:1.45">'
                f"{''.join(rows)}<div>{escape(' · '.join(facts))}</div>"
                f'<details style="font-size:0.9rem"><summary style="min-height:{TOUCH - 8}px;'
                f'line-height:{TOUCH - 8}px">House rules</summary>{escape(house)} '
                f"(house rules)</details></div>")

    def _event_html(self, state: TilesState) -> str:
        event = state.last_event
        if state.is_over:
            paid = rules.chips_for(state.paid)  # what moved: a team pays what it has
            pay = ", ".join(f"{n} {c}" for c, n in paid.items() if n) or "nothing"
            games = len(state.games)
            return (f'<div class="verdict game-over" style="{VERDICT_CSS.format("#2e7d32")};'
                    f'font-size:1.35rem"><b>Game over: {escape(state.result)}.</b>'
                    f'<div style="font-size:1.05rem">{escape(event.text)}.</div>'
                    f'<div style="font-size:1.05rem">In chips: {escape(pay)}. Match: Red '
                    f"{state.chips[0]}, Black {state.chips[1]} chips after {games} "
                    f"game{'' if games == 1 else 's'}.</div></div>")
        if event is None:
            return ('<div class="verdict">A new game: find who goes first, then fill the 16 '
                    "windows one tile at a time.</div>")
        # What happened since the person's last move: the app's seats' moves are told here,
        # not only in the log (a refill would otherwise hide what the reveal captured).
        events = [e for e in self.session.events[self._since:] if e is not None] or [event]
        colour = "#2e7d32" if any(e.outcome == "success" for e in events) else "#9e9e9e"
        lines = "".join(f"<div>{escape(e.text)}.</div>" for e in events[-SHOWN_EVENTS:])
        return f'<div class="verdict" style="{VERDICT_CSS.format(colour)}">{lines}</div>'

    def _seat_html(self) -> str:
        if self.seat is None:
            return ""
        return (f'<div class="own-seat" style="font-size:1.15rem;margin:2px 4px 6px">'
                f"<b>Your seat: {escape(self.session.state.seat_name(self.seat))}</b> "
                "(this phone shows your secret letter and no one else's)</div>")

    def _advice_html(self, state: TilesState, advice: list[WindowAdvice]) -> str:
        if not advice:
            return ""
        own = rules.tile_colour(state.drawn) == rules.SEAT_COLOURS[state.to_move]
        team = rules.SEAT_COLOURS[state.to_move].capitalize()
        pick = min(advice, key=lambda a: a.capture) if own else \
            max(advice, key=lambda a: a.capture)
        best = max(advice, key=lambda a: a.value)
        if all(a.capture == 0 for a in advice):
            return ('<div class="advice" style="font-size:1.02rem;line-height:1.45">'
                    f"<b>Heat map</b>: wherever {rules.tile_name(state.drawn)} goes, no "
                    "crossing the players can choose next round reaches it (the letters face "
                    "down from this round cannot be played): place it anywhere.</div>")
        what = "safest" if own else "most likely to be taken by your team"
        return (
            '<div class="advice" style="font-size:1.02rem;line-height:1.45">'
            f"<b>Heat map</b>: the chance each empty window is captured next round if "
            f"{rules.tile_name(state.drawn)} goes there and both teams play the equilibrium "
            f"(the other empty windows as they are now).<br>{what.capitalize()}: "
            f"<b>{_windows_at(advice, pick.capture)}</b> ({percent(pick.capture)}). Best for "
            f"{team} overall (outlined green): <b>{window_name(best.window)}</b>: next round "
            f"{team} then expects {_signed(best.value)} points (captured less lost), both "
            "teams choosing their letters as well as they can.</div>")

    # Layout.

    @cached_property
    def _settings(self) -> pn.Column:
        wide = {"sizing_mode": "stretch_width"}
        players = choice({f"{n} players": n for n in rules.PLAYER_COUNTS}, self.players,
                         **wide)
        players.link(self, value="players")
        mode = choice({"Table: real bag": "table", "Tablet: the app draws": "tablet"},
                      self.mode, **wide)
        mode.link(self, value="mode")
        bots = pn.widgets.CheckButtonGroup(options={}, value=[], height=TOUCH, **wide,
                                           color="primary", variant="outline",
                                           stylesheets=[BUTTON_CSS])
        bots.link(self, value="bots")

        def seats(*_events) -> None:
            names = seat_names(self.players)
            bots.options = {name: seat for seat, name in enumerate(names)}
            bots.value = [b for b in bots.value if b < self.players]
            bots.disabled = self.mode != "tablet"

        self.param.watch(seats, ["players", "mode"])
        seats()
        chips = pn.widgets.IntInput(label="Chips each team starts with (house rule)",
                                    value=self.starting_chips, start=0, end=10_000,
                                    height=TOUCH + 20, stylesheets=[INPUT_CSS, NO_SPIN_CSS],
                                    **wide)
        chips.link(self, value="starting_chips")
        return pn.Column(
            heading("Players"), players, heading("Mode"), mode,
            heading("The app plays (tablet mode)"), bots, chips,
            button("Start a new match with these settings", self.start_new_game,
                   color="primary", **wide), **wide)

    def replay_picture(self, state: TilesState) -> str:
        """The board and the captured tiles as they stood (letters as the table saw them)."""
        return _board(state, False, False) + self._scoreboard_html(state)

    def __panel__(self) -> pn.viewable.Viewable:
        board = section("Board", self.board, width=460)
        turn = section("Turn", self.steps, width=360)
        log = section("Log", self.log, width=360)
        if self.seat is not None:  # a player's phone: his letter and his choices first
            return page("James Bond 007: the tile game", turn, board, log)
        if not self.is_tablet:  # a watcher: this game, no table admin
            return page("James Bond 007: the tile game", board, turn, log)
        new = closed_section("New match: players, mode, the app's seats",
                             lambda: self._settings, width=360)
        saved = self.saved_games_section()
        return page("James Bond 007: the tile game", board, turn, log, self.share_section(),
                    self.review_section(), new, saved)


# Every device showing a game draws the same board from the same state: worked out once.


@lru_cache(maxsize=32)
def _placement(state: TilesState) -> list[WindowAdvice]:
    return placement_advice(state)


@lru_cache(maxsize=32)
def _board(state: TilesState, placing: bool, heat_map: bool) -> str:
    advice = _placement(state) if heat_map else []
    heat = {a.window: a.capture for a in advice}
    best = max(advice, key=lambda a: a.value).window if advice else None
    return board_svg(state, tappable=placing, heat=heat or None, best=best)


def bots_next_move(state: TilesState, rng: random.Random) -> Any | None:
    """The next action of the app's seats, None when none of them is to move."""
    for seat in state.options.bots:
        action = bot_action(state, seat, rng, state.options.bots)
        if action is not None:
            return action
    return None


def _row(label: str, buttons: list[str]) -> str:
    """A labelled line of buttons inside the step's button bar."""
    return (f'<div style="flex-basis:100%;display:flex;flex-wrap:wrap;gap:6px;'
            f'align-items:center"><b style="min-width:5.5em">{escape(label)}</b>'
            f'{"".join(buttons)}</div>')


def _last_round_html(state: TilesState) -> str:
    """What the last reveal did, kept in view until the next letters are turned over."""
    if not state.revealed or state.phase in ("reveal", "first") or state.is_over:
        return ""
    shown = ", ".join(f"{state.seat_name(s)} {letter}" for s, letter in enumerate(state.revealed))
    taken = "; ".join(f"{window}: {rules.tile_name(tile)} to "
                      f"{rules.CAPTURED_BY[rules.tile_colour(tile)].capitalize()} "
                      f"(+{rules.tile_points(tile)})" for window, tile in state.taken) \
        or "nothing captured"
    return (f'<div class="last-round" style="font-size:1rem;margin:4px">Round {state.round}: '
            f"{escape(shown)}. {escape(taken)}.</div>")


def _signed(value) -> str:
    text = f"{float(value):+.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("+0", "-0") else text


def _windows_at(advice: list[WindowAdvice], capture) -> str:
    """The windows with this capture chance: 'c2', 'c2 or d4', 'c2, d4 or a1'."""
    names = [window_name(a.window) for a in advice if a.capture == capture]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
