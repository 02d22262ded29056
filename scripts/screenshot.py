"""Screenshot a served app at the two tablet sizes: python scripts/screenshot.py URL OUT_PREFIX."""

import os
import sys

from playwright.sync_api import sync_playwright

SIZES = {"portrait": (768, 1024), "landscape": (1024, 768)}
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/lib/chromium/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def main(url: str, prefix: str) -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, (width, height) in SIZES.items():
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(url)
            page.wait_for_timeout(3000)
            page.screenshot(path=f"{prefix}-{name}.png", full_page="--full" in sys.argv)
            print(f"{prefix}-{name}.png")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
