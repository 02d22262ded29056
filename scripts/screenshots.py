"""Screenshots of every app at both tablet sizes, after the few actions the fit test plays,
and of each player's own view on a phone (390x844, mobile emulation), into
docs/screenshots/ (PNG): `.venv/bin/python scripts/screenshots.py [app ...]`.

Open each one and look for text out of its button, empty halves and things cut off."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM_ARGS, Server, chromium_path  # noqa: E402
from tests.ui.fits import SECTION, open_every_fold  # noqa: E402
from tests.ui.test_fits_tablet import ACTIONS, SIZES, settled  # noqa: E402
from tests.ui.test_phone import PHONE  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def main(apps: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(sorted(str(p.relative_to(ROOT)) for p in (ROOT / "apps").glob("*.py")),
                        Path(folder) / "shots.sqlite3", index="index")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium_path(),
                                                     args=CHROMIUM_ARGS)
                for app in apps:
                    for size, (width, height) in SIZES.items():
                        page = browser.new_page(viewport={"width": width, "height": height})
                        page.goto(f"{server.url}/{app}")
                        page.locator(f"{SECTION}:visible").first.wait_for(timeout=20_000)
                        if ACTIONS.get(app):  # they tap in the set-up cards
                            open_every_fold(page)
                            settled(page)
                            ACTIONS[app](page, server)
                        settled(page)
                        page.evaluate("() => { window.scrollTo(0, 0); for (const el of "
                                      "document.querySelectorAll('*')) el.scrollTop = 0; }")
                        page.wait_for_timeout(300)
                        path = OUT / f"{app or 'index'}-{size}.png"
                        page.screenshot(path=path)
                        print(path.relative_to(ROOT), path.stat().st_size // 1024, "KiB")
                        page.close()
                for name, url in player_views(server):
                    context = browser.new_context(**PHONE)
                    page = context.new_page()
                    page.goto(url)
                    page.locator(f"{SECTION}:visible").first.wait_for(timeout=20_000)
                    settled(page)
                    page.wait_for_timeout(300)
                    path = OUT / f"phone-{name}.png"
                    page.screenshot(path=path)
                    print(path.relative_to(ROOT), path.stat().st_size // 1024, "KiB")
                    context.close()
                browser.close()
        finally:
            server.stop()


def player_views(server: Server) -> list[tuple[str, str]]:
    """(name, link) of a player's own phone in each game that has one, at a moment when
    it holds his secret or his choice."""
    from companion.core.session import Session
    from companion.core.store import Store
    from companion.goldfinger import GAME as GOLDFINGER
    from companion.license_to_kill import GAME as LICENSE_TO_KILL
    from companion.license_to_kill.actions import NextStep, Setup
    from companion.mb007_cards import GAME as CARDS
    from companion.mb007_cards.actions import Deal
    from companion.ui.share_view import join_links
    from tests.mb007_cards.helpers import deal_cards
    from tests.ui.test_shared_table import game_at_the_secret_choice

    store = Store(server.db)
    try:
        tiles = game_at_the_secret_choice(store)
        cards = Session(CARDS, {"players": 2, "bots": []}, seed=4, store=store)
        cards.act(Deal(deal_cards({0: (1, 6, 6), 1: (3, 4, 5)})))
        goldfinger = Session(GOLDFINGER, {"map": "sample"}, seed=8, store=store)
        ltk = Session(LICENSE_TO_KILL, {"players": ["Ann", "Bob"]}, seed=6, store=store)
        for action in (Setup(0, "Avenge Felix Leiter", "Goldfinger", "The Navy Hero"),
                       Setup(1, "Sample Mission 1", "Blofeld", "Sample Bond 2"), NextStep()):
            ltk.act(action)
        views = [("mb007_tiles-red", tiles, "mb007_tiles", ["Red", "Black"], "Red"),
                 ("mb007_cards-seat2", cards, "mb007_cards", ["Seat 1", "Seat 2"], "Seat 2"),
                 ("goldfinger-enemy", goldfinger, "goldfinger", ["Bond", "Enemy"], "Enemy"),
                 ("license_to_kill-ann", ltk, "license_to_kill", ["Ann", "Bob"], "Ann")]
        return [(name, dict(join_links(session, f"{server.url}/{app}", seats))[
                    f"{seat}'s own phone"]) for name, session, app, seats, seat in views]
    finally:
        store.close()


if __name__ == "__main__":
    main(sys.argv[1:] or list(ACTIONS))
