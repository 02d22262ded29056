"""The action list: what can be done now, one button per legal action with its odds, the
chosen action's odds and the dice right below its button, the cars-behind picker, then Oil,
Smoke and End move.

Every widget here is built once; a change relabels the buttons (`ActionList.show`) and
turns boxes on or off. The buttons come from the hooks' `legal()`, their odds from
`chance()`: no rule is restated here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import panel as pn

from companion.core.dice import percent
from companion.core.errors import shown
from companion.goldfinger import engine as e
from companion.goldfinger import rules
from companion.goldfinger.dashboard.parts import WIDE, ActionList, Choice, Hooks, Row
from companion.goldfinger.dashboard.words import (
    GROUP_TITLES,
    READINGS,
    button_words,
    odds_words,
    piece_name,
)
from companion.goldfinger.legal import allowed
from companion.ui import TOUCH, DicePad, HtmlBox, TapPad, tap_button


class ActionArea:
    """The column under "What you can do now": the set-up rows, then the action list cut in
    two around the chosen action's odds and the dice pad. A tap on a button
    calls `on_press(choice.do)`, the dice `on_roll(dice)`; once the game is over the tablet
    offers `new_game`, and `play_bot` while it is the bot's move."""

    def __init__(self, hooks: Hooks, on_roll: Callable[[tuple[int, ...] | None], None],
                 on_press: Callable[[Any], None], new_game: Callable[..., None],
                 play_bot: Callable[..., None]):
        self.hooks, self.new_game, self.play_bot = hooks, new_game, play_bot
        self.dice = DicePad(on_roll, verb="Roll")
        self.armed_pane = HtmlBox(**WIDE)
        self.setup_list = ActionList(on_press, **WIDE)  # the set-up rows (`placing_view`)
        # Tracker mode: the cars the players see behind Bond, for Oil and Smoke. Its taps
        # name a car, not a drawing: two quick taps pick two cars.
        self.behind_pad = TapPad(self.toggle_behind, margin=0, **WIDE)
        self.above = ActionList(on_press, **WIDE)
        self.rest = ActionList(on_press, **WIDE)  # the rows after the chosen one
        self.tail = ActionList(on_press, **WIDE)  # Oil, Smoke, End move
        # The chosen action's odds and the dice sit right below its button (issue 17: the
        # roll is where the eye already is, in both orientations). Each part is emptied, not
        # hidden, when it has nothing to show.
        self.column = pn.Column(self.setup_list, self.above, self.armed_pane, self.dice,
                                self.rest, self.behind_pad, self.tail, margin=0, **WIDE)
        self._behind_shown: tuple[str, ...] = ()
        self._behind_cars: tuple[str, ...] = ()

    def toggle_behind(self, car: str) -> None:
        """A tap on a car of the cars-behind picker: caught, or not any more."""
        if car not in self._behind_shown:
            return
        behind = self.hooks.picks().behind
        self.hooks.choose(behind=[c for c in behind if c != car] if car in behind else
                          sorted([*behind, car]))

    def draw_behind(self, cars: tuple[str, ...]) -> None:
        """The cars-behind picker for these cars (none: the picker is empty)."""
        self._behind_shown = cars
        if not cars:
            self.behind_pad.html = ""
            return
        picked = self.hooks.picks().behind
        buttons = "".join(tap_button(car, car, style=f"flex:1 1 0;min-width:{TOUCH}px",
                                     pressed=car in picked) for car in cars)
        self.behind_pad.html = (
            '<div class="note">Oil catches the cars 1-2 Spaces behind Bond, smoke those 3-5 '
            'behind: tap the cars caught, then release.</div>'
            f'<div class="bar" role="group" aria-label="Cars behind Bond" '
            f'style="margin:4px 0">{buttons}</div>')

    @property
    def state(self) -> e.GoldfingerState:
        return self.hooks.state()

    # Drawing.

    def show(self, setup_rows: list[Row] | None, waiting: str = "") -> None:
        """Draw the set-up rows (when given) or the action rows of the play; on a side's
        own phone while the other side decides, what it is `waiting` for instead."""
        self.setup_list.show(setup_rows or [])
        self._behind_cars = ()  # rows() names them when Oil or Smoke may go
        if waiting:
            rows, tail = [Row(waiting)], []
        else:
            rows, tail = ([], []) if setup_rows is not None else self.rows()
        cut = self.armed_row(rows)
        self.above.show(rows[:cut])
        self.rest.show(rows[cut:])
        self.tail.show(tail)
        self.draw_behind(self._behind_cars)

    def armed_row(self, rows: list[Row]) -> int:
        """How many rows go above the odds and the dice: up to the chosen action's row."""
        hooks = self.hooks
        if hooks.armed() is None:
            return len(rows)
        armed = hooks.resolve(hooks.armed())
        for index, row in enumerate(rows):
            if any(not callable(c.do) and hooks.resolve(c.do) == armed for c in row.choices):
                return index + 1
        return len(rows)

    @property
    def lists(self) -> tuple[ActionList, ...]:
        """The action lists of the column, top to bottom."""
        return self.setup_list, self.above, self.rest, self.tail

    def texts(self) -> list[str]:
        """The notes and button words of the action list as shown now."""
        return [text for listed in self.lists for text in listed.texts()]

    def press(self, text: str) -> None:
        """Tap the action button with these words."""
        for listed in self.lists:
            if text in listed.labels():
                listed.press(text)
                return
        raise KeyError(f"no button {shown(text)} now")

    # The rows.

    def rows(self) -> tuple[list[Row], list[Row]]:
        """The action rows, and the rows after the cars-behind picker (Oil, Smoke, End)."""
        state, hooks = self.state, self.hooks
        if state.is_over:  # a new game is the tablet's to start
            again = () if hooks.seat() is not None else \
                (Choice(self.new_game, "Play again (new game)", "primary"),)
            return [Row(f"**{state.result or ''}**", again)], []
        if hooks.bot_to_move():
            return [Row("It is the bot's move.",
                        (Choice(self.play_bot, "Let the bot play now", "primary"),))], []
        return self.play_rows()

    def play_rows(self) -> tuple[list[Row], list[Row]]:
        state = self.state
        legal = self.hooks.legal()
        tracker = state.board is None
        groups: dict[type, list[Any]] = {}
        for action in legal:
            groups.setdefault(type(action), []).append(action)
        rows: list[Row] = []
        if tracker and state.screen and any(
                a.target == rules.BOND for a in groups.get(e.Fire, [])):
            rows.append(Row("Screen raised: Enemy fire from behind the Aston Martin cannot "
                            "hit it."))
        if not tracker and state.screen and state.mover != rules.BOND:
            rows.append(Row(READINGS["rear"]))
        for kind, actions in groups.items():
            if kind is e.Force:
                actions = self.forces(actions)
            if kind not in (e.OilSlick, e.SmokeScreen, e.EndMove):
                rows += self.group(kind, actions, tracker)
                rows += self.readings(kind, tracker)
        tail = self.release_rows(groups.get(e.OilSlick, []) + groups.get(e.SmokeScreen, []),
                                 tracker)
        tail += [Row(choices=(self.choice(a, "warning"),)) for a in groups.get(e.EndMove, [])]
        return (rows or ([] if tail else [Row("Nothing to do now.")])), tail

    def group(self, kind: type, actions: list[Any], tracker: bool) -> list[Row]:
        """One button for a lone action; a titled row of short buttons for several targets."""
        move_note = "Move one Space at a time: tap a button or a green ring on the map." \
            if kind is e.Move and not tracker else ""
        if len(actions) == 1 or kind not in GROUP_TITLES:
            rows = [Row(choices=(self.choice(a),)) for a in actions]
            return [Row(move_note), *rows] if move_note else rows
        found = [self.hooks.chance(a) for a in actions]
        same = all(f == found[0] for f in found)
        title = GROUP_TITLES[kind]
        if same:
            title += odds_words(found[0])
        choices = []
        for action, odds_now in zip(actions, found, strict=True):
            text = self.words(action)
            if not same and odds_now is not None:
                text += f" · {percent(odds_now[0])}"
            choices.append(self.choice(action, text=text))
        title = f"**{title}**"
        return [Row(f"{move_note}\n\n{title}" if move_note else title, tuple(choices),
                    grouped=True)]

    def release_rows(self, releases: list[Any], tracker: bool) -> list[Row]:
        self._behind_cars = tuple(self.state.live_cars()) if tracker and releases else ()
        if not releases:
            return []
        rows: list[Row] = []
        for kind in dict.fromkeys(type(a) for a in releases):
            action = self.hooks.resolve(kind())
            if tracker and not allowed(self.state, action):
                continue
            rows.append(Row(choices=(self.choice(action),)))
        if rows and not tracker:
            rows.insert(0, Row(READINGS["behind"]))
        return rows

    def readings(self, kind: type, tracker: bool) -> list[Row]:
        """The readings of unclear text behind this group of buttons, labelled."""
        state = self.state
        notes = []
        if kind is e.Fire:  # on the map the app counts them by the same reading
            notes.append(READINGS["between"])
        if kind is e.Force and state.mover == rules.BOND:
            notes.append(READINGS["forced_turn"])
            if not tracker:
                notes.append(READINGS["aside"])
        if kind is e.RaiseScreen and not tracker:
            notes.append(READINGS["rear"])
        return [Row(text) for text in notes]

    def choice(self, action: Any, color: str | None = None, text: str | None = None) -> Choice:
        hooks = self.hooks
        armed = hooks.armed() is not None and \
            hooks.resolve(hooks.armed()) == hooks.resolve(action)
        return Choice(action, text or self.button_text(action),
                      color or ("primary" if armed else "default"))

    def forces(self, actions: list[Any]) -> list[Any]:
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

    # A button's words.

    def button_text(self, action: Any) -> str:
        action = self.hooks.resolve(action)
        state = self.state
        if isinstance(action, e.EndMove):
            return f"End {piece_name(state.mover)}'s move"
        if isinstance(action, e.StartTurn) and not state.dice_needed(action):
            return f"{piece_name(action.piece)} has lost this turn: begin it (Fire only)"
        return self.words(action) + odds_words(self.hooks.chance(action))

    def words(self, action: Any) -> str:
        """A button's words (`button_words`)."""
        return button_words(self.state, self.hooks.resolve(action))
