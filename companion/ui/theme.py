"""Sizes and styles for fingers: every target at least 44 px, text readable at arm's length."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

TOUCH = 52  # px: comfortably over the 44 px minimum for a fingertip
GAP = 8

# Panel widgets live in shadow DOM, so each gets the stylesheet itself.
BUTTON_CSS = """
:host .bk-btn { font-size: 1.1rem; min-height: 44px; }
/* A label wider than its button goes onto a second line: never out of the button. */
:host .bk-btn { white-space: normal; overflow-wrap: anywhere; }
:host .bk-btn-group .bk-btn { min-width: 44px; }
/* The picked option of a choice: white on the filled colour, readable at arm's length. */
:host .bk-btn-group .bk-btn.bk-active { color: #ffffff !important; }
"""
# A long label (odds, modifiers, a whole kick) wraps onto more lines instead of being cut.
WRAP_CSS = ":host .bk-btn { white-space: normal; line-height: 1.2; padding: 6px 10px; }"
# A download's words in the middle of its button (they sat at its top): the button's link
# fills the button, so the words are centred within the link.
DOWNLOAD_CSS = (":host .bk-btn, :host .bk-btn a { display: flex; align-items: center; "
                "justify-content: center; height: 100%; }")
# A choice's options share the row while they fit; a long one wraps onto more lines, and
# when the card is too narrow for every option at 7em they stack (flex-wrap), never cut.
CHOICE_CSS = """
:host .bk-btn-group { flex-wrap: wrap; align-items: stretch; }
:host .bk-btn-group .bk-btn {
  flex: 1 1 0; min-width: min(100%, 7em); white-space: normal; overflow-wrap: anywhere;
  line-height: 1.2; padding: 6px 10px; height: auto; min-height: 44px;
}
"""
# A label too long for a phone's width wraps (it was cut at the field's edge: "...to win
# her ov"); a field given a height should give it as `min_height`, so that it grows.
INPUT_CSS = """
:host input, :host select { font-size: 1.1rem; min-height: 44px; }
:host label { font-size: 1rem; white-space: normal; overflow-wrap: anywhere; }
"""
FILE_CSS = f"""
:host input[type=file] {{ min-height: {TOUCH}px; padding: 2px 0; }}
:host input[type=file]::file-selector-button {{ min-height: {TOUCH - 6}px; padding: 4px 14px;
  font-size: 1.05rem; }}
"""
# A number field without Bokeh's spin arrows: 10 px targets a finger cannot hit, and buttons
# without a name for a screen reader; the number is typed (a phone shows its number keys).
# The arrows only: their wrapper holds the field itself (hiding it hid the tile game's
# starting chips field, its label left above nothing).
NO_SPIN_CSS = """
:host .bk-input-group > .bk-spin-wrapper > .bk-spin-btn { display: none; }
:host .bk-input-group > .bk-spin-wrapper input { padding-right: 8px; }
"""


def button(label: str, on_click: Callable[[Any], None] | None = None, *,
           color: str = "default", wrap: bool = False, **params: Any) -> pn.widgets.Button:
    """A button big enough for a thumb; a label too long for it wraps and the button grows
    downwards (`wrap` also packs long labels closer: odds, modifiers, a whole kick)."""
    size = {"min_height": TOUCH}
    sheets = [BUTTON_CSS, *([WRAP_CSS] if wrap else []), *params.pop("stylesheets", [])]
    widget = pn.widgets.Button(label=label, color=color, stylesheets=sheets, **size, **params)
    if on_click is not None:
        widget.on_click(on_click)
    return widget


def file_input(label: str, accept: str, **params: Any) -> pn.widgets.FileInput:
    """A field for a file, as big as a thumb: the browser's own "Choose File" button was
    24 px tall in a 38 px field (the saved games' import, a newcomer's play-test)."""
    return pn.widgets.FileInput(label=label, accept=accept, multiple=False,
                                stylesheets=[INPUT_CSS, FILE_CSS], **params)


def folded_html(summary: str, body: str, css_class: str = "", opened: bool = False,
                summary_style: str = "") -> str:
    """HTML that opens and closes on a tap (`<details>`), its summary line a thumb's height:
    `summary` and `body` are HTML, escaped already. (Each game drew its own, each with its
    own height; Goldfinger's bot report set none.)"""
    return (f'<details class="{css_class}"{" open" if opened else ""}>'
            f'<summary style="min-height:{TOUCH}px;box-sizing:border-box;padding:10px 0;'
            f'line-height:1.4;cursor:pointer;{summary_style}">{summary}</summary>'
            f"{body}</details>")


def download_button(label: str, **params: Any) -> pn.widgets.FileDownload:
    """A file to download (`file`, or made on the tap by `callback`), a thumb's height,
    its words wrapped and in the middle of the button."""
    return pn.widgets.FileDownload(label=label, height=TOUCH + 12,
                                   sizing_mode="stretch_width",
                                   stylesheets=[WRAP_CSS, DOWNLOAD_CSS], **params)


# Options of a word or two (Dice Lab's "1 die" to "6 dice"): at 7em the sixth sat alone on a
# second row of a portrait tablet; at 5em all six share a row, and a phone has two of three.
SHORT_CHOICE_CSS = ":host .bk-btn-group .bk-btn { min-width: min(100%, 5em); }"


def choice(options: list | dict, value: Any, short: bool = False,
           **params: Any) -> pn.widgets.RadioButtonGroup:
    """A row of big toggle buttons: one tap picks one option; long options wrap or stack
    (`short`: options of a word or two, narrower)."""
    sheets = [BUTTON_CSS, CHOICE_CSS, *([SHORT_CHOICE_CSS] if short else [])]
    return pn.widgets.RadioButtonGroup(options=options, value=value, min_height=TOUCH,
                                       color="primary", variant="outline",
                                       stylesheets=sheets, **params)


# A heading inside a section is the page's third level (the page title is the first, each
# section's own title the second), drawn no bigger than the section title.
HEADING_CSS = ":host h3 { font-size: 1.1rem; margin: 0.6em 0 0.3em; }"


def heading_markdown(text: str) -> str:
    """The Markdown of a heading inside a section (`heading`'s, for a pane that changes)."""
    return f"### {text}"


def heading(text: str) -> pn.pane.Markdown:
    return pn.pane.Markdown(heading_markdown(text), margin=(4, 8, 0, 8),
                            stylesheets=[HEADING_CSS])
