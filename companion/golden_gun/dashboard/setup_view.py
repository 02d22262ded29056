"""A new game's set-up: companion or solo, the blue card effects (the house table, the
group's printed sheet, or its own table file, checked) and the house rules, each labelled.

The choices are the dashboard's `setup_*` parameters (`form` here), so that a notebook or a
test sets them as it would any other; these functions read and draw them."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import panel as pn
import param

from companion.core.errors import CompanionError
from companion.golden_gun import rules
from companion.golden_gun.effects import load_table
from companion.ui import Fold, button, file_input, section
from companion.ui.choices_pad import Choice, ChoicesPad
from companion.ui.plain import notice

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


def chosen_options(form: param.Parameterized) -> dict[str, Any]:
    """The options chosen in the set-up section (defaults left out)."""
    options: dict[str, Any] = {"mode": form.setup_mode}
    if form.setup_effects == "sheet":
        options["effects"] = "sheet"
    elif form.setup_effects == "own" and form.setup_table:
        options["effects"] = form.setup_table
    for name, value in (("upper_half", form.setup_upper_half),
                        ("unarmed_startle", form.setup_unarmed),
                        ("reshuffle_blue", form.setup_reshuffle),
                        ("exit_after_moving", form.setup_exit_after_moving),
                        ("exit_repeat", form.setup_exit_repeat)):
        if value != rules.OPTION_DEFAULTS[name]:
            options[name] = value
    return options


def read_table(form: param.Parameterized, filename: str, data: bytes) -> None:
    """Read a group's own effect table (JSON or YAML); the engine validates it."""
    suffix = Path(filename or "table.json").suffix.lower() or ".json"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"table{suffix}"
        path.write_bytes(data or b"")
        try:
            table = load_table(path)
        except CompanionError as error:
            form.setup_table = None
            form.setup_status = f"Not loaded: {str(error).replace(str(path), filename)}"
            return
    form.setup_table = table.to_json()
    form.setup_effects = "own"
    form.setup_status = f"Loaded the table “{table.name}” from {filename}."


def setup_section(form: param.Parameterized, on_start: Callable[..., None],
               collapsed: bool) -> Fold:
    """The set-up section: each choice linked both ways to its `setup_*` parameter (two
    ChoicesPads, the effect table's file between them)."""
    wide = {"sizing_mode": "stretch_width"}
    notes = rules.HOUSE_RULE_NOTES

    def note(key: str) -> str:
        return f"<b>House rule:</b> {escape(notes[key])}"

    how = [Choice("setup_mode", {v: k for k, v in MODE_LABELS.items()},
                  heading="How do you play?"),
           Choice("setup_effects", {v: k for k, v in EFFECT_LABELS.items()},
                  heading="Blue card effects",
                  note=f"{note('effects')}<br>Your own table: a JSON or YAML file (the app "
                       "checks it).")]
    house = [Choice("setup_upper_half", UPPER_LABELS,
                    heading="When 15 plain blue cards are halved", note=note("upper_half")),
             Choice("setup_unarmed", UNARMED_LABELS, heading="Startled with no bullets",
                    note=note("unarmed_startle")),
             Choice("setup_reshuffle", RESHUFFLE_LABELS,
                    heading="When the blue deck runs out", note=note("reshuffle_blue")),
             Choice("setup_exit_after_moving", EXIT_MOVE_LABELS,
                    heading="With the Solex Agitator: where he first looks for the exit",
                    note=note("exit_after_moving")),
             Choice("setup_exit_repeat", EXIT_REPEAT_LABELS,
                    heading="'Not in the same room twice in a row' means",
                    note=note("exit_repeat"))]
    pads = [ChoicesPad(choices, {c.key: getattr(form, c.key) for c in choices},
                       lambda key, value: setattr(form, key, value))
            for choices in (how, house)]
    for pad in pads:
        form.param.watch(lambda event, pad=pad: pad.show(**{event.name: event.new}),
                         list(pad.choices))
    upload = file_input("Your own effect table (a JSON or YAML file)", ".json,.yaml,.yml",
                        **wide)
    upload.param.watch(lambda e: read_table(form, upload.filename or "table", e.new)
                       if e.new is not None else None, "value")
    return section(
        "New game: set-up", pads[0].pad, upload, pads[1].pad,
        pn.pane.HTML("<div style='font-size:0.95rem'><b>House rules</b> also: "
                     f"{escape(notes['step_7'])} {escape(notes['after_startle'])} "
                     f"{escape(notes['scaramanga'])} {escape(notes['blue_deck'])} "
                     f"{escape(notes['green_deck'])} {escape(notes['section_rooms'])} "
                     f"{escape(notes['section_grid'])}"
                     "</div>", **wide),
        button("Start a new game with these choices", on_start,
               color="primary", **wide),
        notice(form.param.setup_status, "info", **wide),  # quotes a file: as text
        collapsed=collapsed,
    )
