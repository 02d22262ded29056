"""The table password: the app's own login page, slowed and locked guesses, a cookie the
page's scripts cannot read, and a login that outlives a server restart.

`make serve PASSWORD=...` serves every app with `--auth-module` (`password_hooks.py`) and
the password in the `COMPANION_PASSWORD` environment variable (never on a command line: the
terminal and `ps` would show it). Bokeh's auth hooks (`get_user`, `login_url`,
`LoginHandler`) guard every page and websocket with it.

- The login cookie is an HMAC under a secret the store keeps (so a restart keeps every
  device logged in, and no command line or page holds the secret) of the password's hash
  (so changing the password logs every device out). HttpOnly, SameSite=Strict.
- Guesses from one address: after `FREE_TRIES`, each next try waits twice as long as the
  one before (1 s, 2 s, 4 s ... at most `LONGEST_WAIT`); after `LOCK_AFTER` tries the
  address is locked out for `LOCKED_FOR`, the right password included; a right one
  forgives them. Each try is counted in the store before it is looked at, so every server
  process on it counts alike and none lets two tries through one wait.
  `docs/shared_table.md` says how long guessing takes.
- A wrong password keeps the link the player came with (a seat's link).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import time
from collections.abc import Callable
from html import escape
from urllib.parse import urlencode, urlsplit

from tornado.web import RequestHandler

from companion.core.registry import games
from companion.core.store import Store, shared_store

PASSWORD_VARIABLE = "COMPANION_PASSWORD"
COOKIE = "companion_login"
FREE_TRIES = 5
LONGEST_WAIT = 60.0  # seconds
LOCK_AFTER = 20
LOCKED_FOR = 15 * 60.0
LOGIN_DAYS = 30

login_url = "/login"
ERRORS = {"wrong": "That is not the table's password.",
          "wait": "Too many wrong passwords from this device: try again in {seconds} s."}


def _password() -> str:
    return os.environ.get(PASSWORD_VARIABLE, "")


def login_token(secret: bytes, password: str) -> str:
    digest = hashlib.sha256(password.encode("utf-8", "replace")).hexdigest()
    return hmac.new(secret, f"login:{digest}".encode(), hashlib.sha256).hexdigest()


def _secret() -> bytes:
    return shared_store().server_secret()


def get_user(request_handler: RequestHandler) -> str | None:
    """'table' for a device that logged in with the current password, else None."""
    given = request_handler.get_cookie(COOKIE) or ""
    expected = login_token(_secret(), _password())
    return "table" if given and hmac.compare_digest(given.encode(), expected.encode()) \
        else None


def hold_off(guesses: int) -> float:
    """Seconds the next try waits after `guesses` tries in a row not yet forgiven."""
    if guesses >= LOCK_AFTER:
        return LOCKED_FOR
    if guesses >= FREE_TRIES:
        return min(LONGEST_WAIT, 2.0 ** (guesses - FREE_TRIES))
    return 0.0


class Guesses:
    """Guesses of one kind per address: how long the next try must wait. Counted in the
    store, each before it is looked at and in one transaction with the check of its wait,
    so every server process on the store counts the same guesses and no two let one
    through the same wait."""

    def __init__(self, kind: str, store: Store | None = None,
                 clock: Callable[[], float] = time.time):
        self.kind = kind
        self._store = store
        self._clock = clock

    @property
    def store(self) -> Store:
        return self._store if self._store is not None else shared_store()

    def take(self, address: str) -> float:
        """A try from `address`: 0 if it may be looked at now (and it is counted), else the
        seconds it must still wait (then it is not looked at, nor counted)."""
        return self.store.take_guess(self.kind, address, self._clock(), hold_off)

    def wait(self, address: str) -> float:
        """Seconds before `address` may try again (0: now), counting nothing."""
        return max(0.0, self.store.guess_not_before(self.kind, address) - self._clock())

    def right(self, address: str) -> None:
        """A right password: the address's tries are forgiven."""
        self.store.forget_guesses(self.kind, address)


GUESSES = Guesses("password")


def safe_next(url: str) -> str:
    """Where to go after the login: a path on this server only (never another site)."""
    parts = urlsplit(url or "/")
    if parts.scheme or parts.netloc or not parts.path.startswith("/") or \
            parts.path.startswith("//"):
        return "/"
    return parts.path + (f"?{parts.query}" if parts.query else "")


def _title(next_url: str) -> str:
    name = urlsplit(next_url).path.strip("/").split("/")[0]
    titles = {game.name: game.title for game in games()}
    return titles.get(name, "companion")


LOGIN_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}: the table password</title>
<style>
body {{ margin: 0; font: 17px -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  background: #fafafa; color: #1b1b1b; }}
header {{ background: #8a1c1c; color: #fff; padding: 12px 16px; font-size: 1.4rem; }}
main {{ max-width: 420px; margin: 24px auto; padding: 0 16px; }}
label {{ display: block; font-weight: 600; margin: 12px 0 6px; }}
input {{ width: 100%; box-sizing: border-box; min-height: 48px; font-size: 1.1rem;
  padding: 8px; }}
button {{ margin-top: 14px; width: 100%; min-height: 48px; font-size: 1.15rem;
  background: #8a1c1c; color: #fff; border: none; border-radius: 6px; }}
.error {{ background: #fdecea; color: #611a15; border: 1px solid #f5c2c0;
  border-radius: 6px; padding: 10px 12px; margin-top: 12px; }}
</style></head>
<body><header><h1 style="margin:0;font-size:1.4rem">{title}</h1></header>
<main><p>This table has a password. Ask the person who started the server.</p>
<form method="post" action="{action}">
<label for="password">Table password</label>
<input id="password" name="password" type="password" autocomplete="current-password"
 autofocus required>
<input type="hidden" name="next" value="{next}">
<button type="submit">Join the table</button></form>{error}</main></body></html>
"""


class LoginHandler(RequestHandler):
    """The login page (GET) and the password check (POST)."""

    def get(self) -> None:
        next_url = safe_next(self.get_argument("next", "/"))
        error = ERRORS.get(self.get_argument("error", ""), "")  # never text from the address
        wait = GUESSES.wait(self.request.remote_ip or "?")
        self._page(next_url, error.format(seconds=int(wait) + 1))

    def post(self) -> None:
        next_url = safe_next(self.get_argument("next", "/"))
        address = self.request.remote_ip or "?"
        if GUESSES.take(address) > 0:
            self._again(next_url, "wait")
            return
        given = self.get_argument("password", "", strip=False)  # spaces are the password's
        if not hmac.compare_digest(given.encode("utf-8", "replace"),
                                   _password().encode("utf-8", "replace")):
            self._again(next_url, "wrong")
            return
        GUESSES.right(address)
        self.set_cookie(COOKIE, login_token(_secret(), _password()), expires_days=LOGIN_DAYS,
                        httponly=True, samesite="Strict", path="/")
        self.redirect(next_url)

    def _again(self, next_url: str, error: str) -> None:
        """Back to the login page with an error's code (its words are the page's own)."""
        self.redirect(f"{login_url}?{urlencode({'next': next_url, 'error': error})}")

    def _page(self, next_url: str, error: str) -> None:
        shown = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.write(LOGIN_PAGE.format(title=escape(_title(next_url)), action=login_url,
                                     next=escape(next_url), error=shown))
