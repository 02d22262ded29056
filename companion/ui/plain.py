"""Text a player or a file supplied, shown as text: never as HTML or Markdown.

An error message quotes the input it refuses (a board's name, an import's `game` field),
so it can hold `<img src=x onerror=...>` or `<script>`. Panel's Markdown and Alert panes
pass raw HTML through, and its HTML pane sets it as markup, so every message goes through
`plain_html` (escaped, then set as the HTML of a box) and never through Markdown.
"""

from __future__ import annotations

from html import escape
from typing import Any

from companion.ui.tap_pad import HtmlBox

# Bootstrap's alert colours, as Panel's Alert pane draws them (background, text, border).
NOTICE_COLOURS = {
    "warning": ("#fff3cd", "#664d03", "#ffecb5"),
    "danger": ("#f8d7da", "#842029", "#f5c2c7"),
    "info": ("#cff4fc", "#055160", "#b6effb"),
    "success": ("#d1e7dd", "#0f5132", "#badbcc"),
}


def plain_html(text: object) -> str:
    """`text` escaped for an element's content (never an attribute), its line breaks kept.

    >>> plain_html("<img src=x onerror='alert(1)'>\\nok")
    "&lt;img src=x onerror='alert(1)'&gt;<br>ok"
    """
    return escape(str(text), quote=False).replace("\n", "<br>")


def notice_html(text: object, kind: str = "warning", lead: str = "") -> str:
    """A coloured box holding `text` as text; `lead` is trusted markup put before it (a
    bold 'Not done:'). Empty text gives an empty string."""
    if not text:
        return ""
    background, colour, border = NOTICE_COLOURS[kind]
    return (f'<div class="notice notice-{kind}" role="status" style="background:{background};'
            f"color:{colour};border:1px solid {border};border-radius:6px;padding:10px 14px;"
            f'font-size:1rem">{lead}{plain_html(text)}</div>')


def notice(text: Any, kind: str = "warning", **params: Any) -> HtmlBox:
    """A box showing `text` (a string, or a parameter of a Parameterized) as a notice,
    empty while the text is empty.

    It is an HtmlBox, emptied rather than hidden: a Panel pane's visibility toggled lays the
    whole page out again in the browser. A parameter is followed with a plain watcher, not
    a reactive expression: a `pn.rx` pipeline cost each open session about 40 KiB of server
    memory for one line of text.
    """
    params.setdefault("margin", 0)
    if isinstance(text, str):
        return HtmlBox(html=_boxed(notice_html(text, kind)), **params)
    box = HtmlBox(html=_boxed(notice_html(getattr(text.owner, text.name), kind)), **params)

    def show(event: Any) -> None:
        box.html = _boxed(notice_html(event.new, kind))

    text.owner.param.watch(show, text.name)
    return box


def _boxed(html: str) -> str:
    return f'<div style="margin:5px 10px">{html}</div>' if html else ""


# Kept out of sight but read by a screen reader: the usual "visually hidden" rules.
SCREEN_READER_ONLY = ("position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;"
                      "clip:rect(0 0 0 0);white-space:nowrap;border:0")


def screen_reader_html(text: str) -> str:
    """`text` (plain) for a screen reader alone: a board picture said in words, where a
    sighted player reads the picture itself."""
    return f'<p class="in-words" style="{SCREEN_READER_ONLY}">{escape(text)}</p>'
