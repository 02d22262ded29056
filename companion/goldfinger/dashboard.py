"""Goldfinger on a tablet: the tracker, the legal actions with their odds, the dice, the map.

Two ways to play, chosen at the start: tracker mode (the players move on the
real board and tell the app distances) and map mode on the sample board (tap
the map to move; Bond's reach chance is written on every Space). In map mode
one person can play Bond against the Enemy bot, or the Enemy against the Bond
bot. Buttons come from `state.legal_actions()`, odds from `odds.py`, the result
from the engine's last event: no rule is restated here.

Rolled actions are chosen first (the odds bar shows the exact chance and the
modifiers), then rolled on the dice pad: the app rolls, or the players tap the
real dice.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from fractions import Fraction
from html import escape
from typing import Any

import holoviews as hv
import panel as pn
import param

from companion.core.dice import percent
from companion.core.errors import CompanionError
from companion.core.session import Session
from companion.goldfinger import GAME, bot, odds, rules
from companion.goldfinger import engine as e
from companion.goldfinger.legal import allowed, label
from companion.goldfinger.map_view import frame_opts, map_overlay, nearest_space, tap_layer
from companion.ui import (
    TOUCH,
    Counter,
    DicePad,
    GameDashboard,
    button,
    choice,
    heading,
    odds_html,
    page,
    section,
)
from companion.ui.theme import BUTTON_CSS

TRACKER, MAP = "Tracker: no map", "Map: sample board"
TWO, VS_ENEMY, VS_BOND = "Two players", "I play Bond (Enemy bot)", "I play the Enemy (Bond bot)"
BOT_SIDE = {TWO: None, VS_ENEMY: "enemy", VS_BOND: "bond"}
HIDDEN, REAL = "The app hides the cards", "Real cards, face down"
HOUSE_TEXT = {
    "fire_after_losing_rest": "A piece that loses the rest of its turn may still Fire",
    "lost_turns_add_up": "Two 'lose a turn' results add up",
    "trick_jump_costs_move": "The Trick jump costs one Space of movement",
}
TRACKER_STARS = tuple(f"star {i}" for i in range(1, rules.CARDS_TO_PLACE + 1))
BOT_LIMIT = 600  # actions a bot may take in one go (a whole Enemy phase is ~30)
ESTIMATE_GAMES = 100
SUCCESS, FAILURE = "#2e7d32", "#b71c1c"
class GoldfingerDashboard(GameDashboard):
    game = GAME

    mode = param.Selector(default=TRACKER, objects=[TRACKER, MAP])
    players = param.Selector(default=TWO, objects=[TWO, VS_ENEMY, VS_BOND])
    house = param.Dict(default=dict(rules.HOUSE_RULES), doc="House rules for a new game.")
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
        self._read_options()
        self.between = Counter(label="Spaces between", value=0, low=0, high=30)
        self.dice = DicePad(self.roll, verb="Roll")
        self._dice_box = pn.Column(self.dice, sizing_mode="stretch_width", margin=0)
        # Kept out of the rebuilt button list: a widget re-rendered in a new layout goes deaf.
        self._between_box = pn.Column(
            _note("Before you Fire: count the Spaces between the two pieces on the board."),
            self.between, sizing_mode="stretch_width", margin=0, visible=False)
        self._actions = pn.Column(sizing_mode="stretch_width", margin=0)
        self._kept: dict[tuple, Any] = {}  # rows shown last time, reused when unchanged
        self._keeping: dict[tuple, Any] = {}
        self._estimate_for = -1
        self.param.watch(self._refresh, ["revision", "armed", "behind", "card_mode", "next_card",
                                         "placing", "bond_space", "players"])
        self.between.param.watch(self._refresh, "value")
        self.param.watch(self._on_players, "players")
        self._refresh()

    # Sessions and set-up choices.

    def new_options(self) -> dict[str, Any]:
        return {"map": "sample" if self.mode == MAP else None, **self.house}

    def _read_options(self) -> None:
        """Show the choices the current game was made with."""
        options = self.session.options
        self.param.update(mode=MAP if options.get("map") else TRACKER,
                          map_on=self.state.board is not None,
                          house={k: options.get(k, v) for k, v in rules.HOUSE_RULES.items()})
        if self.mode == TRACKER:
            self.players = TWO

    def open(self, session: Session) -> None:
        self.armed = None
        self.param.update(placing=[], bond_space="", bot_report=[], estimate="")
        super().open(session)
        self._read_options()
        self.picker.refresh()
        self.play_bot()

    def choose_setup(self, mode: str | None = None, **house: bool) -> None:
        """Change the set-up choices; a game not yet begun restarts with them."""
        self.mode = mode or self.mode
        self.house = {**self.house, **house}
        if self.mode == TRACKER:
            self.players = TWO
        if not self.session.actions:
            old = self.session
            self.open(Session(self.game, self.new_options(), store=self.store))
            self.store.delete(old.id)

    def new_game(self, _event=None) -> None:
        self.open(Session(self.game, self.new_options(), store=self.store))

    def _on_players(self, _event) -> None:
        if self.mode == TRACKER and self.players != TWO:
            self.players = TWO
            self.message = "The bots need the map: choose map mode first."
            return
        self.play_bot()

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
            with pn.io.hold():
                self.armed = action
            return
        self.do(action)

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
                self.param.trigger("armed", "bot_report")

    def bot_side(self) -> str | None:
        return BOT_SIDE[self.players] if self.state.board is not None else None

    def _bot_to_move(self) -> bool:
        side = self.bot_side()
        return side is not None and not self.state.is_over and self.state.side_to_act == side

    def play_bot(self, _event=None) -> None:
        """Let the bot play while it is its side's move (never after Undo, unless asked)."""
        side = self.bot_side()
        if side is None or self.state.is_over or self.state.side_to_act != side:
            return
        played = []
        try:
            for _ in range(BOT_LIMIT):
                state = self.state
                if state.is_over or state.side_to_act != side:
                    break
                played.append(self.session.act(bot.bot_action(state)).text)
        except CompanionError as error:
            self.message = f"The bot stopped: {error}"
        self.armed = None
        self.bot_report = played
        self.revision += 1

    # Map taps.

    def tap(self, x: float | None, y: float | None) -> None:
        """A tap on the map: place a card, place Bond, or move there, as the moment asks."""
        state = self.state
        if state.board is None:
            return
        space = nearest_space(state.board, x, y)
        if space is None:
            return
        if state.phase == "cards":
            self.toggle_star(space)
        elif state.phase == "bond":
            self.bond_space = space
        else:
            self.tap_space(space)

    def tap_space(self, space: str) -> None:
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

    # What is legal now, with its odds.

    def legal(self) -> list[Any]:
        return self.state.legal_actions() or []

    def chance(self, action: Any) -> tuple[Fraction, tuple] | None:
        return odds.action_odds(self.state, self.resolve(action))

    def button_text(self, action: Any) -> str:
        action = self.resolve(action)
        if isinstance(action, e.EndMove):
            return f"End {_name(self.state.mover)}'s move"
        if isinstance(action, e.StartTurn) and not self.state.dice_needed(action):
            return f"{_name(action.piece)} has lost this turn: begin it (Fire only)"
        text = label(action)
        found = self.chance(action)
        if found is not None:
            chance, mods = found
            text += f" · {percent(chance)}"
            if mods:
                text += f" ({odds.describe_modifiers(mods)})"
        return text

    # Views.

    def __panel__(self) -> pn.viewable.Viewable:
        fresh = self.param.revision.rx.pipe(lambda _: not self.session.actions)
        setup = section("Game set-up", pn.panel(pn.bind(self._setup_view, self.param.revision)))
        setup.visible = fresh
        play = section(
            "Play",
            pn.pane.HTML(pn.bind(self._verdict_html, self.param.revision, self.param.bot_report),
                         sizing_mode="stretch_width"),
            self.message_view(),
            pn.pane.HTML(pn.bind(self._armed_html, self.param.armed, self.param.revision),
                         sizing_mode="stretch_width"),
            self._dice_box, heading("What you can do now"), self._between_box, self._actions,
        )
        tracker = section("The table", pn.pane.HTML(
            pn.bind(self._status_html, self.param.revision), sizing_mode="stretch_width"))
        board = self._map_section()
        board.visible = self.param.map_on
        return page("007 Goldfinger", setup, play, board, tracker,
                    section("Log", self.log), section("Saved games", self.picker,
                                                      collapsed=True))

    def _setup_view(self, _revision) -> pn.viewable.Viewable:
        wide = {"sizing_mode": "stretch_width"}
        mode, house = self.mode, self.house
        mode_choice = choice([TRACKER, MAP], mode, **wide)
        mode_choice.param.watch(lambda ev: self.choose_setup(ev.new), "value")
        rows: list[Any] = [pn.pane.Markdown(
            "Tracker mode: you move on your own board and tell the app how far. Map mode: the "
            "app knows the sample board; tap the map to move, and a bot can play one side.",
            **wide), mode_choice]
        if mode == MAP:
            players = choice([TWO, VS_ENEMY, VS_BOND], self.players, **wide)
            players.link(self, value="players")
            rows += [heading("Who plays"), players]
        rows.append(heading("House rules (the rulebook is silent)"))
        for key, text in HOUSE_TEXT.items():
            switch = choice({"Yes": True, "No": False}, house[key], width=160)
            switch.param.watch(lambda ev, key=key: self.choose_setup(**{key: ev.new}), "value")
            rows.append(pn.Row(pn.pane.Markdown(f"**house rule:** {text}", **wide), switch,
                               **wide))
        rows.append(pn.pane.Markdown("These choices apply until the first action; later, start "
                                     "a new game under Saved games.", **wide))
        return pn.Column(*rows, **wide)

    def _status_html(self, _revision) -> str:
        state = self.state
        lines = state.summary()
        head = escape(lines[0])
        if state.is_over:
            colour = SUCCESS if state.winner == rules.BOND else FAILURE
            head = (f'<div class="game-over" style="font-size:1.5rem;font-weight:700;'
                    f'color:white;background:{colour};padding:12px;border-radius:8px">'
                    f"Game over. {escape(state.result or '')}</div>")
        else:
            head = f'<div class="whose-move" style="font-size:1.35rem;font-weight:600">{head}</div>'
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
        rows = "; ".join(f"{escape(text)}: {'yes' if house[key] else 'no'}"
                         for key, text in HOUSE_TEXT.items())
        return (f'<div style="font-size:0.9rem;opacity:0.8">{escape(mode)}. '
                f"<b>house rules</b>: {rows}</div>")

    def _armed_html(self, armed, _revision) -> str:
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

    def _verdict_html(self, _revision, bot_report) -> str:
        event = self.state.last_event
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

    # The action buttons, rebuilt after every change.

    def _refresh(self, *_events) -> None:
        armed, legal = self.armed, self.legal()
        if armed is not None and not allowed(self.state, self.resolve(armed)):
            armed = None
        if armed is None and len(legal) == 1 and self.state.dice_needed(legal[0]):
            armed = legal[0]  # the only thing to do is a roll: have it ready
        if armed != self.armed:
            self.armed = armed  # its watcher comes back here
            return
        self._keeping = {}
        self._actions.objects = self._action_rows()
        self._kept = self._keeping
        self._between_box.visible = self.state.board is None and any(
            isinstance(a, e.Fire) for a in legal) and not self._bot_to_move()
        self._refresh_roll()

    def _refresh_roll(self, *_events) -> None:
        armed = self.armed
        self._dice_box.visible = any(self.state.dice_needed(a) for a in self.legal())
        self.dice.param.update(enabled=armed is not None,
                               verb=self.button_text(armed).split(" · ")[0] if armed else
                               "Choose an action first")

    def _action_rows(self) -> list[Any]:
        state = self.state
        if state.is_over:
            return [pn.pane.Markdown(f"**{escape(state.result or '')}**"),
                    button("Play again (new game)", self.new_game, color="primary",
                           sizing_mode="stretch_width")]
        if self._bot_to_move():
            return [pn.pane.Markdown("It is the bot's move."),
                    button("Let the bot play now", self.play_bot, color="primary",
                           sizing_mode="stretch_width")]
        if state.phase == "cards":
            return self._card_rows()
        if state.phase == "bond":
            return self._bond_rows()
        return self._play_rows()

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
            "**Set-up: point the Enemy cars (optional), then place Bond.** Tap a Space on the "
            "map for the Aston Martin, then choose which way it faces.", **wide)]
        for car in state.live_cars():
            piece = state.piece(car)
            options = sorted(state.board.graph[piece.space])
            now = next((o for o in options if state.board.heading(piece.space, o)
                        == piece.heading), None)
            aim = choice(options, now, **wide)
            aim.param.watch(lambda ev, car=car: self.do(e.AimCar(car, ev.new)), "value")
            rows += [pn.pane.Markdown(f"Car {car} in {piece.space} points toward:", **wide), aim]
        space = self.bond_space
        if space:
            rows.append(pn.pane.Markdown(f"Bond in **{space}**, facing:", **wide))
            for to in sorted(state.board.graph[space]):
                rows.append(button(f"Place Bond in {space} facing {to}",
                                   lambda _, t=to: self._place_bond(t), color="primary",
                                   wrap=True, **wide))
        rows.append(button("Let the Bond bot place him",
                           lambda _: self.do(bot.bond_bot(self.state)), **wide))
        return rows

    def _place_bond(self, toward: str) -> None:
        space, self.bond_space = self.bond_space, ""
        self.do(e.PlaceBond(space, toward))

    def _play_rows(self) -> list[Any]:
        legal = self.legal()
        tracker = self.state.board is None
        groups: dict[type, list[Any]] = {}
        for action in legal:
            groups.setdefault(type(action), []).append(action)
        rows: list[Any] = []
        if tracker and self.state.screen and any(
                a.target == rules.BOND for a in groups.get(e.Fire, [])):
            rows.append(self._note("Screen raised: Enemy fire from behind the Aston Martin "
                                   "cannot hit it."))
        for kind, actions in groups.items():
            if kind in (e.OilSlick, e.SmokeScreen):
                continue
            if kind is e.Move and not tracker:
                rows.append(self._note("Move one Space at a time: tap a button or a green ring "
                                       "on the map."))
            rows += self._group(kind, actions)
        releases = groups.get(e.OilSlick, []) + groups.get(e.SmokeScreen, [])
        if releases:
            rows[-1:-1] = self._release_rows(releases, tracker)
        return rows or [self._note("Nothing to do now.")]

    def _group(self, kind: type, actions: list[Any]) -> list[Any]:
        """One button for a lone action; a titled row of short buttons for several targets."""
        if len(actions) == 1 or kind not in GROUP_TITLES:
            color = "warning" if kind is e.EndMove else None
            return [self._button(a, color=color) for a in actions]
        found = [self.chance(a) for a in actions]
        same = all(f == found[0] for f in found)
        title = GROUP_TITLES[kind]
        if same and found[0] is not None:
            chance, mods = found[0]
            extra = f" ({odds.describe_modifiers(mods)})" if mods else ""
            title += f" · {percent(chance)}{extra}"
        buttons = []
        for action, odds_now in zip(actions, found, strict=True):
            text = self.button_text(action).split(" · ")[0]
            if not same and odds_now is not None:
                text += f" · {percent(odds_now[0])}"
            buttons.append(self._button(action, text=text, sizing_mode="fixed",
                                        min_width=TOUCH + 12))
        return [self._note(f"**{escape(title)}**"),
                self._keep(("group", *(id(b) for b in buttons)), lambda: pn.FlexBox(
                    *buttons, gap="6px", sizing_mode="stretch_width"))]

    def _release_rows(self, releases: list[Any], tracker: bool) -> list[Any]:
        kinds = list(dict.fromkeys(type(a) for a in releases))
        rows: list[Any] = []
        if tracker:
            live = list(self.state.live_cars())
            rows += [self._note("Oil catches the cars 1-2 Spaces behind Bond, smoke those 3-5 "
                                "behind: tap the cars caught, then release."),
                     self._keep(("behind", *live), lambda: self._cars_behind(live))]
        for kind in kinds:
            action = self.resolve(kind())
            if tracker and not allowed(self.state, action):
                continue
            rows.append(self._button(action))
        return rows

    def _cars_behind(self, live: list[str]) -> pn.widgets.CheckButtonGroup:
        cars = pn.widgets.CheckButtonGroup(
            options=live, value=[c for c in self.behind if c in live], height=TOUCH,
            stylesheets=[BUTTON_CSS], color="primary", variant="outline",
            sizing_mode="stretch_width")
        cars.link(self, value="behind")
        return cars

    def _note(self, text: str) -> pn.pane.Markdown:
        return self._keep(("note", text), lambda: _note(text))

    def _keep(self, key: tuple, build: Callable[[], Any]) -> Any:
        """The row shown last time under `key` if there was one, else a new one: new Bokeh
        models are the slow part of a tap, so unchanged buttons are not rebuilt."""
        row = self._kept.get(key)
        if row is None or key in self._keeping:
            row = build()
        self._keeping[key] = row
        return row

    def _button(self, action: Any, color: str | None = None, text: str | None = None,
                **params: Any) -> pn.widgets.Button:
        armed = self.armed is not None and self.resolve(self.armed) == self.resolve(action)
        params.setdefault("sizing_mode", "stretch_width")
        text = text or self.button_text(action)
        color = color or ("primary" if armed else "default")
        return self._keep(("button", repr(action), text, color, params["sizing_mode"]),
                          lambda: button(text, lambda _: self.choose(action), color=color,
                                         wrap=True, **params))

    # The map section (map mode).

    def _map_pane(self, map_on: bool) -> pn.viewable.Viewable:
        """A fresh plot per game with a map (a DynamicMap keeps the shape it started with)."""
        if not map_on:
            return pn.pane.Markdown("Tracker mode: no map.")
        board = self.state.board
        dmap = hv.DynamicMap(pn.bind(self._map, self.param.revision, self.param.placing,
                                     self.param.bond_space))
        base = tap_layer(board)  # a Tap on a DynamicMap of overlays never fires: use a layer
        tap = hv.streams.Tap(source=base, transient=True)
        tap.add_subscriber(self.tap)
        return pn.pane.HoloViews((base * dmap).opts(**frame_opts(board)),
                                 sizing_mode="stretch_width")

    def _map_section(self) -> pn.Card:
        danger = pn.pane.HTML(pn.bind(self._danger_html, self.param.revision),
                              sizing_mode="stretch_width")
        guess = pn.pane.HTML(pn.bind(self._estimate_html, self.param.estimate,
                                     self.param.revision), sizing_mode="stretch_width")
        return section("Map", pn.panel(pn.bind(self._map_pane, self.param.map_on)),
                       pn.pane.HTML(_LEGEND, sizing_mode="stretch_width"), danger, guess,
                       button("Estimate Bond's chance (bot games)", self.start_estimate,
                              sizing_mode="stretch_width"), width=460)

    def _map(self, _revision, placing, bond_space):
        state = self.state
        reach = odds.bond_reach_chances(state) if self._show_reach() else None
        targets = [a.to for a in self.legal() if isinstance(a, e.Move | e.QuickTurn) and a.to]
        if state.phase == "cards":
            targets = [s for s in state.board.stars if s not in dict(placing)]
        elif state.phase == "bond":
            targets = [bond_space] if bond_space else []
        return map_overlay(state, reach=reach, targets=targets,
                           chosen_stars=[s for s, _ in placing])

    def _show_reach(self) -> bool:
        state = self.state
        return state.phase == "play" and not state.is_over and (
            state.mover == rules.BOND or (state.mover is None and rules.BOND not in state.done))

    def _danger_html(self, _revision) -> str:
        state = self.state
        if state.board is None or state.phase != "play" or state.is_over:
            return ""
        parts = []
        if self._show_reach():
            parts.append("Numbers on the Spaces: Bond's chance (%) to reach each one this turn "
                         "(movement roll and any Quick Turn roll a path needs).")
        fire = odds.enemy_fire_chances(state)
        if fire:
            shots = ", ".join(f"car {c} {percent(p)}" for c, p in fire.items())
            parts.append(f"If Bond stays where he is, each car's chance to hit him in its next "
                         f"turn: {shots}. Expected hits on Bond: "
                         f"{float(odds.expected_hits_on_bond(state)):.2f}.")
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

    def _estimate_html(self, estimate: str, revision: int) -> str:
        if not estimate:
            return ('<div class="estimate" style="opacity:0.75">Whole-game hint: tap below to '
                    f"play {ESTIMATE_GAMES} bot-against-bot games from here.</div>")
        stale = "" if self._estimate_for == revision or estimate == "computing..." else \
            " (from an earlier position)"
        return f'<div class="estimate"><b>{escape(estimate)}</b>{stale}</div>'


GROUP_TITLES = {
    e.Move: "Move", e.StartTurn: "Roll movement", e.Fire: "Fire", e.Trick: "Trick",
    e.Force: "Force", e.PickUpCard: "Pick Up Card", e.RevealCard: "Which card was it?",
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
