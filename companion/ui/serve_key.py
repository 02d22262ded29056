"""The key that signs this server's Bokeh session ids: `python -m companion.ui.serve_key`.

With signed session ids (`BOKEH_SIGN_SESSIONS`), a browser can open a session only with an
id the server gave it with a page: a client that makes ids up (1,000 forged sessions once
cost the server 433 MB) is refused. The key is derived from the store's secret, so it is
the same after a restart (a page that reconnects to a restarted server is let back in) and
in every process of `--num-procs`; `make serve` reads it into the server's environment and
never prints it.
"""

from __future__ import annotations

import hashlib
import hmac
import sys

from companion.core.errors import CompanionError
from companion.core.store import shared_store


def session_key() -> str:
    secret = shared_store().server_secret()
    return hmac.new(secret, b"bokeh session ids", hashlib.sha256).hexdigest()


def main() -> int:
    try:
        print(session_key())
    except CompanionError as error:  # the saved games cannot be opened: say why, in words
        print(f"companion: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
