"""The dice pad: let the app roll, or tap in the real dice one big button per face."""

from __future__ import annotations

from collections.abc import Callable

import panel as pn
import param

from companion.ui.theme import BUTTON_CSS, TOUCH, button, choice

APP, REAL = "App rolls", "Enter the real dice"
FACES = [1, 2, 3, 4, 5, 6]


class DicePad(pn.viewable.Viewer):
    """Calls `on_roll(None)` for an app roll, or `on_roll((3, 4))` with the real dice."""

    n_dice = param.Integer(default=2, bounds=(1, 6))
    mode = param.Selector(default=APP, objects=[APP, REAL])
    verb = param.String(default="Roll", doc="What the roll button says before the dice.")
    enabled = param.Boolean(default=True)

    def __init__(self, on_roll: Callable[[tuple[int, ...] | None], None], **params):
        super().__init__(**params)
        self._on_roll = on_roll
        self._mode = choice([APP, REAL], self.mode, sizing_mode="stretch_width")
        self._mode.link(self, value="mode", bidirectional=True)
        self._rows = pn.Column(sizing_mode="stretch_width", margin=0)
        self._go = button("", self._submit, color="primary", sizing_mode="stretch_width")
        self._layout = pn.Column(self._mode, self._rows, self._go, sizing_mode="stretch_width")
        self.param.watch(self._rebuild, ["n_dice", "mode"])
        self.param.watch(self._refresh_go, ["verb", "enabled"])
        self._rebuild()

    def _rebuild(self, *_events) -> None:
        self._rows.objects = []
        if self.mode == REAL:
            self._rows.objects = [self._face_row(i) for i in range(self.n_dice)]
        self._refresh_go()

    def _face_row(self, index: int) -> pn.Row:
        faces = pn.widgets.RadioButtonGroup(
            options=FACES, height=TOUCH, sizing_mode="stretch_width", color="primary",
            variant="outline", stylesheets=[BUTTON_CSS],
        )
        faces.value = None  # the group picks its first option; no face is chosen yet
        faces.param.watch(self._refresh_go, "value")
        label = pn.pane.Markdown(f"**Die {index + 1}**", width=64, margin=(0, 4), align="center")
        return pn.Row(label, faces, sizing_mode="stretch_width", margin=0)

    def _faces(self) -> list[int | None]:
        return [row[1].value for row in self._rows]

    def _refresh_go(self, *_events) -> None:
        dice_word = "die" if self.n_dice == 1 else "dice"
        if self.mode == APP:
            self._go.label = f"{self.verb}: app rolls {self.n_dice} {dice_word}"
            self._go.disabled = not self.enabled
            return
        faces = self._faces()
        if None in faces:
            self._go.label = f"Tap the {dice_word} above"
            self._go.disabled = True
        else:
            self._go.label = f"{self.verb} with {' + '.join(map(str, faces))}"
            self._go.disabled = not self.enabled

    def _submit(self, _event) -> None:
        if self.mode == APP:
            self._on_roll(None)
            return
        faces = self._faces()
        if None in faces:
            return
        for row in self._rows:
            row[1].value = None
        self._on_roll(tuple(faces))

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout  # built once: a widget in two layouts stops answering taps
