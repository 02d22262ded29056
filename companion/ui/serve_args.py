"""The `panel serve` options every way of serving the apps shares (`make serve`, the
browser tests, `make bench`): `python -m companion.ui.serve_args` prints them for the
Makefile.

- The page's session token holds the device cookie only (`--include-cookies`, and no
  Cookie header): Bokeh otherwise copies every cookie into the token the page holds, the
  HttpOnly login cookie too.
- `/companion-static/` serves the web app manifest and icons (`companion/ui/static`), so
  a tablet can add the companion to its home screen and open it full screen.
"""

from __future__ import annotations

from pathlib import Path

STATIC_ROUTE = "companion-static"
STATIC = Path(__file__).resolve().parent / "static"
SERVE_ARGS = ["--include-cookies", "companion_device", "--exclude-headers", "Cookie",
              "--static-dirs", f"{STATIC_ROUTE}={STATIC}"]

if __name__ == "__main__":
    print(" ".join(SERVE_ARGS))
