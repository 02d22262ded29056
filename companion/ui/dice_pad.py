"""The dice pad: let the app roll, or tap in the real dice one big button per face.

It is one TapPad (one Bokeh model): a roll, a face tapped or the pad hidden changes its
HTML and nothing else, so the browser does not lay the page out again. As Panel widgets
(a choice, a row of faces per die, a button) it was a dozen models, and hiding it toggled
a layout's visibility: each such toggle lays out the whole page.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any, ClassVar

import panel as pn
import param

from companion.ui.tap_pad import TAP_CSS, TapPad, tap_button
from companion.ui.theme import TOUCH

APP, REAL = "App rolls", "Enter the real dice"
FACES = [1, 2, 3, 4, 5, 6]

# The way the dice are rolled is a setting, drawn as one (outlined, ticked when chosen):
# filled in the accent colour, "App rolls" looked like the roll button below it (a
# newcomer's play-test). The tick is no part of its name ('/ ""'): aria-pressed says it.
DICE_CSS = f"""
.dice > * + * {{ margin-top: 6px; }}
.dice .act {{ flex: 1 1 0; min-width: {TOUCH}px; }}
.dice .die-name {{ align-self: center; font-weight: 600; min-width: 4.5em; margin: 0 4px; }}
.dice .go {{ width: 100%; }}
.dice .modes .act[aria-pressed="true"] {{ background: var(--neutral-fill-rest, #eceff1);
  color: var(--neutral-foreground-rest, #1b1b1b); font-weight: 700;
  border: 3px solid var(--accent-fill-rest, #8a1c1c); }}
.dice .modes .act[aria-pressed="true"]::before {{ content: "\\2713\\00a0" / ""; }}
"""


class DiceTapPad(TapPad):
    _stylesheets: ClassVar[list[str]] = [TAP_CSS, DICE_CSS]


class DicePad(pn.viewable.Viewer):
    """Calls `on_roll(None)` for an app roll, or `on_roll((3, 4))` with the real dice."""

    n_dice = param.Integer(default=2, bounds=(1, 6))
    mode = param.Selector(default=APP, objects=[APP, REAL])
    verb = param.String(default="Roll", doc="What the roll button says before the dice.")
    enabled = param.Boolean(default=True)
    shown = param.Boolean(default=True, doc="Drawn at all: hiding empties the pad.")
    die_names = param.List(default=[], item_type=str,
                           doc="A name for each die, in order ('Die 1', 'Die 2' when empty).")

    def __init__(self, on_roll: Callable[[tuple[int, ...] | None], None], **params: Any):
        super().__init__(**params)
        self._on_roll = on_roll
        self._faces: list[int | None] = []
        # The roll button's tap names the roll it is for: a double tap's second is dropped
        # instead of rolling for whatever is armed next.
        self._rolls = 0
        self._holding = False  # a roll under way: drawn once it is done
        self._pad = DiceTapPad(self._tapped, sizing_mode="stretch_width", margin=0)
        self.param.watch(self._clear_faces, ["n_dice", "mode"])
        self.param.watch(self._draw, ["verb", "enabled", "shown", "die_names"])
        self._clear_faces()

    # What a tap does.

    def set_mode(self, mode: str) -> None:
        self.mode = mode

    def pick(self, die: int, face: int) -> None:
        """Real dice: this die shows this face."""
        if self.mode == REAL and 0 <= die < self.n_dice and face in FACES:
            self._faces[die] = face
            self._draw()

    def faces(self) -> list[int | None]:
        return list(self._faces)

    @property
    def ready(self) -> bool:
        """Whether the roll button may be tapped now."""
        return self.enabled and (self.mode == APP or None not in self._faces)

    @property
    def label(self) -> str:
        """The roll button's words."""
        dice_word = "die" if self.n_dice == 1 else "dice"
        if self.mode == APP:
            return f"{self.verb}: app rolls {self.n_dice} {dice_word}"
        if None in self._faces:
            return f"Tap the {dice_word} above"
        if self.die_names:  # whose die is whose ("Attack with 1 + 6" did not say)
            return f"{self.verb} with " + ", ".join(
                f"{self._die_name(die)[:1].lower()}{self._die_name(die)[1:]} {face}"
                for die, face in enumerate(self._faces))
        return f"{self.verb} with {' + '.join(map(str, self._faces))}"

    def submit(self) -> None:
        """The roll button: the app's roll, or the real dice tapped in (then cleared)."""
        if not self.ready:
            return
        self._rolls += 1
        faces = None if self.mode == APP else tuple(self._faces)
        self._faces = [None] * self.n_dice
        # Drawn once, after the roll: the page's redraw changes the pad's words too.
        self._holding = True
        try:
            self._on_roll(faces)  # type: ignore[arg-type]
        finally:
            self._holding = False
            self._draw()

    def _tapped(self, value: str) -> None:
        kind, _, rest = value.partition(":")
        if kind == "mode" and rest in (APP, REAL):
            self.set_mode(rest)
        elif kind == "face":
            die, _, face = rest.partition(":")
            if die.isdigit() and face.isdigit():
                self.pick(int(die), int(face))
        elif kind == "go" and rest == str(self._rolls):
            self.submit()

    # Drawing.

    def _clear_faces(self, *_events) -> None:
        self._faces = [None] * self.n_dice
        self._draw()

    def _die_name(self, die: int) -> str:
        return self.die_names[die] if die < len(self.die_names) else f"Die {die + 1}"

    def _draw(self, *_events) -> None:
        if self._holding:
            return
        if not self.shown:
            self._pad.html = ""
            return
        modes = "".join(tap_button(f"mode:{mode}", mode, pressed=self.mode == mode)
                        for mode in (APP, REAL))
        parts = [f'<div class="bar modes" role="group" aria-label="How the dice are rolled">'
                 f'<span class="die-name">Dice</span>{modes}</div>']
        if self.mode == REAL:
            for die in range(self.n_dice):
                name = escape(self._die_name(die))
                faces = "".join(tap_button(f"face:{die}:{face}", str(face),
                                           pressed=self._faces[die] == face) for face in FACES)
                parts.append(f'<div class="bar" role="group" aria-label="{name}">'
                             f'<span class="die-name">{name}</span>{faces}</div>')
        parts.append(tap_button(f"go:{self._rolls}", self.label, "act act-primary go",
                                enabled=self.ready, focus=self.ready))
        self._pad.html = f'<div class="dice">{"".join(parts)}</div>'

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pad

