"""Screenshots of every app at both tablet sizes, after the few actions the fit test plays,
into docs/screenshots/ (PNG): `.venv/bin/python scripts/screenshots.py [app ...]`.

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
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main(sys.argv[1:] or list(ACTIONS))
