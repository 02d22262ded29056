"""A tablet can install the companion (issue: Everyone can play): every page links a valid
web app manifest with its icons, and asks the screen to stay awake while a game is shown."""

from __future__ import annotations

import json
import struct
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from companion.ui.serve_args import STATIC_ROUTE

pytestmark = pytest.mark.browser
WAIT = 20_000


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


def test_the_manifest_and_its_icons_are_served_and_valid(served):
    manifest = json.loads(fetch(f"{served.url}/{STATIC_ROUTE}/manifest.webmanifest"))
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["short_name"] and manifest["theme_color"] == "#8a1c1c"
    sizes = set()
    for icon in manifest["icons"]:
        png = fetch(f"{served.url}/{STATIC_ROUTE}/{icon['src']}")
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        assert f"{width}x{height}" == icon["sizes"]
        sizes.add(width)
    assert {192, 512} <= sizes  # what a browser asks of an installable app


@pytest.mark.parametrize("app", ["", "mb007_tiles", "golden_gun"])
def test_every_page_links_the_manifest_and_keeps_the_screen_awake(served, page: Page, app):
    page.goto(f"{served.url}/{app}")
    expect(page.locator('link[rel="manifest"]')).to_have_attribute(
        "href", f"/{STATIC_ROUTE}/manifest.webmanifest", timeout=WAIT)
    expect(page.locator('meta[name="theme-color"]')).to_have_attribute("content", "#8a1c1c")
    page.wait_for_function("() => window.companionWakeLock !== undefined", timeout=WAIT)
    # Asked: held where the browser grants it ('refused' headless, 'unsupported' without
    # the API); the page works either way.
    assert page.evaluate("() => window.companionWakeLock") in ("held", "refused", "unsupported")
