"""Pages that record every websocket frame they receive: what the shared-table tests read
to prove a secret reached its owner's device and no other."""

from __future__ import annotations

from html import unescape

from bokeh.document import Document
from playwright.sync_api import Browser, Page


def open_recording(browser: Browser, url: str) -> tuple[Page, list[str]]:
    """A page of its own (own cookies, own websocket) and every frame it receives,
    unescaped once (an HTML pane's text travels escaped as HTML, an HtmlBox's quotes as
    JSON's \\")."""
    page = browser.new_page(viewport={"width": 768, "height": 1024})
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda frame: frames.append(unescape(
            frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
        ).replace('\\"', '"'))))
    page.goto(url)
    return page, frames


def pane_texts(view) -> list[str]:
    """The text of every pane in a Panel layout, outermost first (what it shows, read
    without rendering it)."""
    shown = []

    def walk(obj) -> None:
        for text in (getattr(obj, "object", None), getattr(obj, "html", None)):
            if isinstance(text, str):
                shown.append(text)
        for child in getattr(obj, "objects", []):
            walk(child)

    walk(view)
    return shown


def model_strings(board) -> list[str]:
    """Every string property of every Bokeh model of a dashboard's page (what the browser
    would be sent), an HTML pane's text unescaped once: the same check without a browser."""
    doc = Document()
    board.__panel__().server_doc(doc)
    return [unescape(value) for model in doc.models
            for value in model.properties_with_values(include_defaults=False).values()
            if isinstance(value, str)]
