"""Issue 18: nothing a user supplies runs as HTML. Each hostile input the issue names is fed
through the served app in Chromium; no dialog fires, no element is made from it, and the
text is shown as text."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from companion.golden_gun.effects import DATA_DIR
from companion.golden_gun.rules import HOUSE_EFFECTS_FILE
from companion.goldfinger.board import SAMPLE_MAP

pytestmark = pytest.mark.browser
WAIT = 20_000
IMG = "<img src=x onerror=alert(1)>"
SCRIPT = "<script>alert(2)</script>"

# Every element in the page and in every shadow root that a hostile input could have made.
MADE_FROM_INPUT = """() => {
  const found = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      const tag = el.tagName.toLowerCase();
      if (tag === 'img' && el.getAttribute('src') === 'x') found.push(el.outerHTML);
      if (tag === 'script' && el.textContent.includes('alert(')) found.push(el.outerHTML);
      if (el.getAttribute('onerror')) found.push(el.outerHTML);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return found;
}"""


@pytest.fixture
def watched(page: Page) -> tuple[Page, list[str]]:
    """The page, and the messages of every dialog (alert) that fires on it."""
    dialogs: list[str] = []

    def on_dialog(dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.set_viewport_size({"width": 1024, "height": 900})
    return page, dialogs


def nothing_ran(page: Page, dialogs: list[str]) -> None:
    page.wait_for_timeout(500)  # an onerror handler fires as soon as its image fails
    assert dialogs == []
    assert page.evaluate(MADE_FROM_INPUT) == []


def upload(page: Page, selector: str, name: str, content: bytes) -> None:
    page.locator(selector).set_input_files(files=[{"name": name, "buffer": content,
                                                   "mimeType": "application/json"}])


def export_with(**fields) -> bytes:
    data = {"format": "companion-session", "version": 1, "game": "dice_lab",
            "game_version": 1, "name": "x", "options": {}, "seed": 1, "cursor": 0,
            "actions": []}
    return json.dumps({**data, **fields}).encode()


def test_an_import_whose_game_field_is_markup_is_shown_as_text(served, watched):
    page, dialogs = watched
    page.goto(served.url + "/dice_lab")
    page.get_by_role("button", name="Saved games").click()
    for hostile in (IMG, SCRIPT):
        upload(page, "input[type=file][accept='.json']", "game.json", export_with(game=hostile))
        page.get_by_role("button", name="Import the chosen file").click()
        expect(page.get_by_text(f"unknown game '{hostile}'", exact=False)).to_be_visible(
            timeout=WAIT)
    nothing_ran(page, dialogs)


def test_a_goldfinger_board_name_and_a_board_error_are_shown_as_text(served, watched):
    page, dialogs = watched
    page.goto(served.url + "/goldfinger")
    page.get_by_role("button", name="Saved games").click()
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Map: the app knows the board").click()
    board = json.loads(SAMPLE_MAP.read_text(encoding="utf-8"))
    selector = "input[type=file][accept*=yaml]"
    upload(page, selector, "ours.json", json.dumps({**board, "name": SCRIPT}).encode())
    expect(page.get_by_text(f"Loaded {SCRIPT} (72 spaces)")).to_be_visible(timeout=WAIT)
    expect(page.get_by_text(f"Playing on {SCRIPT}.")).to_be_visible(timeout=WAIT)
    upload(page, selector, "bad.json", json.dumps({**board, IMG: 1}).encode())
    expect(page.get_by_text(f"unknown keys ['{IMG}']", exact=False)).to_be_visible(
        timeout=WAIT)
    nothing_ran(page, dialogs)


def test_a_golden_gun_effect_table_name_is_shown_as_text(served, watched):
    page, dialogs = watched
    page.goto(served.url + "/golden_gun")
    expect(page.get_by_role("button", name="New game: set-up")).to_be_visible(timeout=WAIT)
    if not page.get_by_role("button", name="Start a new game with these choices").is_visible():
        page.get_by_role("button", name="New game: set-up").click()
    table = json.loads((DATA_DIR / HOUSE_EFFECTS_FILE).read_text(encoding="utf-8"))
    selector = "input[type=file][accept*=yaml]"
    upload(page, selector, "ours.json", json.dumps({**table, "name": IMG}).encode())
    expect(page.get_by_text(f"Loaded the table “{IMG}”", exact=False)).to_be_visible(
        timeout=WAIT)
    bad = {**table, "cards": {**table["cards"], SCRIPT: table["cards"][next(iter(
        table["cards"]))]}}
    upload(page, selector, "bad.json", json.dumps(bad).encode())
    expect(page.get_by_text(f"unknown blue card '{SCRIPT}'", exact=False)).to_be_visible(
        timeout=WAIT)
    nothing_ran(page, dialogs)
