"""The card library and the deck checker: import CSV or YAML (all or nothing, errors
named by file and row), export, the cards as a table, and an Action and a Plot deck
checked against Building a Deck, every problem listed in words."""

from __future__ import annotations

import re
from html import escape

import panel as pn

from companion.core.errors import InputError
from companion.license_to_kill.cards import (
    Library,
    load_library_text,
    sample_library,
    to_csv,
    to_json_rows,
    to_yaml,
)
from companion.license_to_kill.dashboard.parts import WIDE, html, lazy_section, text_file
from companion.license_to_kill.dashboard.words import LOST, WON, library_html
from companion.license_to_kill.decks import check_decks
from companion.ui import Fold, button, choice, download_button, file_input, heading

DECK_HINT = "One card a line: '2 The Navy Hero' (a line without a number is one copy)."


MAX_COPIES = 9_999  # of one card on a deck line: far more than any deck holds


def parse_deck(text: str) -> dict[str, int]:
    """'2 The Navy Hero' lines into copies by title; a line without a number is one copy."""
    counts: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        match = re.match(r"^(\d+)\s*[xX]?\s+(.+)$", line)
        if match and len(match[1].lstrip("0")) > len(str(MAX_COPIES)):
            raise InputError(f"line {number} asks for a {len(match[1]):,}-digit number of "
                             f"copies: a deck line counts at most {MAX_COPIES:,}")
        copies, title = (int(match[1]), match[2].strip()) if match else (1, line)
        counts[title] = counts.get(title, 0) + copies
    return counts


class LibraryView:
    """The library new games use (the sample, plus what was imported) and the checker."""

    def __init__(self) -> None:
        self.library: Library = sample_library()
        self.imported = False
        self.upload = file_input("Your own cards (a CSV or YAML file)", ".csv,.yaml,.yml",
                                 **WIDE)
        self.replace = choice({"Refuse a card already here with other values": False,
                               "Replace it with the file's (a correction)": True}, False,
                              **WIDE)
        self.import_status = html()
        self.action_deck = pn.widgets.TextAreaInput(label="Action deck", height=160,
                                                    placeholder=DECK_HINT, **WIDE)
        self.plot_deck = pn.widgets.TextAreaInput(label="Plot deck", height=160,
                                                  placeholder=DECK_HINT, **WIDE)
        self.deck_report = html()
        self.library_table = html()
        self._render_library()

    def cards_option(self) -> dict[str, list]:
        """The `cards` option of a new game: the imported library, else nothing."""
        return {"cards": to_json_rows(self.library.values())} if self.imported else {}

    def import_library(self, data: bytes | None, filename: str | None) -> None:
        """Add a CSV or YAML file's cards to the library; all or nothing, errors in words."""
        if not data or not filename:
            self.import_status.object = "<p><b>Choose a .csv or .yaml file first.</b></p>"
            return
        try:
            added = load_library_text(data.decode("utf-8"), filename)
            self.library = self.library.merged(added.values(), filename, self.replace.value)
        except UnicodeDecodeError:
            self._refused(f"{escape(filename)} is not UTF-8 text.")
            return
        except InputError as error:
            self._refused(f"{escape(str(error))}. Nothing from the file was kept.")
            return
        self.imported = True
        self.import_status.object = (f'<p class="import-ok">Imported {len(added)} card'
                                     f'{"s" * (len(added) != 1)} from '
                                     f"{escape(filename)}; the library has {len(self.library)}."
                                     " New games use it.</p>")
        self._render_library()

    def _refused(self, why: str) -> None:
        self.import_status.object = f'<p class="import-error"><b>Not imported:</b> {why}</p>'

    def check_the_decks(self, _event=None) -> dict[str, list[str]] | None:
        try:
            problems = check_decks(parse_deck(self.action_deck.value),
                                   parse_deck(self.plot_deck.value), self.library)
        except InputError as error:
            self.deck_report.object = (f'<p class="deck-report"><b>Cannot check:</b> '
                                       f"{escape(str(error))}</p>")
            return None
        parts = [_deck_html(deck, problems[key])
                 for deck, key in (("Action deck", "action"), ("Plot deck", "plot"))]
        self.deck_report.object = f'<div class="deck-report">{"".join(parts)}</div>'
        return problems

    def _render_library(self) -> None:
        self.library_table.object = library_html(self.library.values())

    def card(self) -> Fold:
        return lazy_section("Card library and deck checker", self._objects)

    def _objects(self) -> list[pn.viewable.Viewable]:
        downloads = pn.Row(
            download_button("Export the library (CSV)", filename="cards.csv",
                            callback=lambda: text_file(to_csv(self.library.values()))),
            download_button("Export the library (YAML)", filename="cards.yaml",
                            callback=lambda: text_file(to_yaml(self.library.values()))), **WIDE)
        return [
            heading("Import cards (CSV or YAML)"), self.upload,
            pn.pane.Markdown("**A card the library already has, with other values**", **WIDE),
            self.replace,
            button("Import the chosen file",
                   lambda _: self.import_library(self.upload.value, self.upload.filename),
                   **WIDE),
            self.import_status, downloads,
            heading("Check a deck"), self.action_deck, self.plot_deck,
            button("Check the decks", self.check_the_decks, color="primary", **WIDE),
            self.deck_report, heading("The cards"), self.library_table]


def _deck_html(deck: str, lines: list[str]) -> str:
    if not lines:
        return f"<p><b style='color:{WON}'>{deck}: legal.</b></p>"
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return (f"<p><b style='color:{LOST}'>{deck}: {len(lines)} "
            f"problem{'s' * (len(lines) != 1)}</b></p><ul>{items}</ul>")
