"""Issue 14/18: every text field and every file field of every app, fed hostile input, then
every button of the page tapped. Whatever the bytes: no raw exception escapes, no pane shows
the input as markup, and the game on the table still replays from the store.

The walk finds the fields itself (each closed card is opened first), so a field added to an
app later is covered without naming it here.
"""

from __future__ import annotations

import importlib
import json

import panel as pn
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.session import Session
from companion.ui.tap_pad import HtmlBox, TapPad
from companion.ui.template import Fold, sections_of

APPS = {
    "dice_lab": ("companion.dice_lab.dashboard", "DiceLabDashboard"),
    "goldfinger": ("companion.goldfinger.dashboard", "GoldfingerDashboard"),
    "golden_gun": ("companion.golden_gun.dashboard", "GoldenGunDashboard"),
    "golden_goal": ("companion.golden_goal.dashboard", "GoldenGoalDashboard"),
    "license_to_kill": ("companion.license_to_kill.dashboard", "LicenseToKillDashboard"),
    "mb007_tiles": ("companion.mb007_tiles.dashboard", "TilesDashboard"),
    "mb007_cards": ("companion.mb007_cards.dashboard", "CardsDashboard"),
}
IMG = "<img src=x onerror=alert(1)>"
HOSTILE_TEXT = [
    IMG, "<script>alert(2)</script>", "x" * 100_000, "a\x00b\x1b[31m", "evil\u202etxt",
    "\ud800", "[" * 3000, "!!python/object/apply:os.system ['true']", "&lt;b&gt;", "",
    "   ", "# heading\n\n* list", "-1", "1e999", "NaN", "9" * 5000,
]
HOSTILE_FILES = [
    IMG.encode(), b"\xff\xfe\x00garbage", b"[" * 5000, b'{"format": "companion-session"}',
    b"a: &a [*a, *a]\nb: &b [*a, *a]\n", b"!!python/object/apply:os.system ['true']",
    json.dumps({"name": IMG, "cards": [{"title": IMG}]}).encode(), b"",
    b"title,type\n" + b"x" * 140_000 + b",y\n",
]
TEXT_FIELDS = (pn.widgets.TextInput, pn.widgets.TextAreaInput, pn.widgets.AutocompleteInput)
SKIP_BUTTONS = ("Delete", "Yes, delete",  # covered by the picker's own tests; ends the walk
                "▸", "▾")  # a section's own fold: the walk keeps every section open


def dashboard(app: str, store):
    module, name = APPS[app]
    return getattr(importlib.import_module(module), name)(store=store)


def opened(board) -> pn.viewable.Viewable:
    """The whole page with every closed card opened (lazy cards build their contents)."""
    page = board.__panel__()
    root = pn.Column(*sections_of(page))
    for _ in range(4):  # a card may hold more cards
        for card in root.select(Fold):
            card.collapsed = False
    return root


def shown_texts(root: pn.viewable.Viewable) -> list[str]:
    texts = [str(p.object) for p in root.select(pn.pane.HTML)]
    texts += [str(p.object) for p in root.select(pn.pane.Markdown)]
    texts += [p.html for p in root.select(HtmlBox)] + [p.html for p in root.select(TapPad)]
    return texts


def tap_everything(board, root: pn.viewable.Viewable) -> None:
    for tap in root.select(pn.widgets.Button):
        if tap.disabled or not tap.visible or tap.name.startswith(SKIP_BUTTONS):
            continue
        tap.clicks += 1  # a refusal is the page's message; anything else raises here


def still_replays(board, store) -> None:
    if store.load(board.session.id) is not None:
        again = Session.resume(store, board.session.id)
        assert again.log == board.session.log


def hostile_round(app: str, store, text: str, content: bytes) -> None:
    board = dashboard(app, store)
    root = opened(board)
    for field in root.select(lambda o: isinstance(o, TEXT_FIELDS)):
        field.value = text
    for field in root.select(pn.widgets.FileInput):
        field.param.update(value=content, filename="ours.json")
    tap_everything(board, root)
    assert isinstance(board.message, str)
    for shown in shown_texts(opened(board)):
        assert IMG not in shown, "a user's text reached the page as markup"
    still_replays(board, store)


@pytest.mark.parametrize("app", sorted(APPS))
def test_every_field_of_every_app_takes_the_hostile_list(app, store):
    for text, content in zip(HOSTILE_TEXT, HOSTILE_FILES * 2, strict=False):
        hostile_round(app, store, text, content)


@pytest.mark.parametrize("app", sorted(APPS))
@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=st.text(max_size=200), content=st.binary(max_size=400))
def test_every_field_of_every_app_takes_random_input(app, store, text, content):
    hostile_round(app, store, text, content)
