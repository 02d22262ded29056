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
from companion.ui import Fold, button, choice, heading, section
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
    """The set-up section: each choice linked both ways to its `setup_*` parameter."""
    wide = {"sizing_mode": "stretch_width"}
    mode = choice({v: k for k, v in MODE_LABELS.items()}, form.setup_mode, **wide)
    mode.link(form, value="setup_mode", bidirectional=True)
    effects = choice({v: k for k, v in EFFECT_LABELS.items()}, form.setup_effects, **wide)
    effects.link(form, value="setup_effects", bidirectional=True)
    upload = pn.widgets.FileInput(accept=".json,.yaml,.yml", label="Your own effect table "
                                   "(a JSON or YAML file)", **wide)
    upload.param.watch(lambda e: read_table(form, upload.filename or "table", e.new)
                       if e.new is not None else None, "value")
    upper = choice(UPPER_LABELS, form.setup_upper_half, **wide)
    upper.link(form, value="setup_upper_half", bidirectional=True)
    unarmed = choice(UNARMED_LABELS, form.setup_unarmed, **wide)
    unarmed.link(form, value="setup_unarmed", bidirectional=True)
    reshuffle = choice(RESHUFFLE_LABELS, form.setup_reshuffle, **wide)
    reshuffle.link(form, value="setup_reshuffle", bidirectional=True)
    exit_move = choice(EXIT_MOVE_LABELS, form.setup_exit_after_moving, **wide)
    exit_move.link(form, value="setup_exit_after_moving", bidirectional=True)
    exit_repeat = choice(EXIT_REPEAT_LABELS, form.setup_exit_repeat, **wide)
    exit_repeat.link(form, value="setup_exit_repeat", bidirectional=True)
    notes = rules.HOUSE_RULE_NOTES

    def note(key: str) -> pn.pane.HTML:
        return pn.pane.HTML(f'<div style="font-size:0.95rem"><b>House rule:</b> '
                            f"{escape(notes[key])}</div>", **wide)

    return section(
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
        button("Start a new game with these choices", on_start,
               color="primary", **wide),
        notice(form.param.setup_status, "info", **wide),  # quotes a file: as text
        collapsed=collapsed,
    )
