"""A table on a shared network: the app's own password page, guesses slowed then locked,
an HttpOnly SameSite login that survives a restart, no import through /components, and
no session without a page (Trust at the table)."""

from __future__ import annotations

import http.client
import json
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode, urljoin, urlsplit

import pytest
from bokeh.util.token import get_token_payload
from panel.io.server import ComponentResourceHandler
from tornado.web import HTTPError

from companion.core.store import Store
from companion.ui.routes import only_imported_components
from companion.ui.table_password import (
    FREE_TRIES,
    LOCK_AFTER,
    LOCKED_FOR,
    LONGEST_WAIT,
    Guesses,
    login_token,
    safe_next,
)
from tests.conftest import Server

PASSWORD = "our table"


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_wrong_guesses_are_slowed_then_locked_out_per_address(store):
    """5 free tries, then each waits twice as long (1, 2, 4 ... 60 s), then locked out for
    15 minutes after 20; a try that must wait is neither looked at nor counted."""
    clock = Clock()
    guesses = Guesses("password", store, clock)
    for _ in range(FREE_TRIES):
        assert guesses.take("a") == 0
    waits = []
    for _ in range(LOCK_AFTER - FREE_TRIES):
        waits.append(guesses.wait("a"))
        assert guesses.take("a") == waits[-1] > 0  # too soon: refused, not counted
        clock.now += waits[-1]
        assert guesses.take("a") == 0
    assert waits[:4] == [1, 2, 4, 8] and max(waits) == LONGEST_WAIT
    assert guesses.wait("a") == LOCKED_FOR
    assert guesses.wait("b") == 0  # another address is not slowed
    guesses.right("b")
    assert guesses.wait("a") == LOCKED_FOR
    guesses.right("a")  # the right password forgives
    assert guesses.wait("a") == 0
    # Guessing takes long: 20 tries, then 4 an hour: a 4-digit PIN takes about 3 months.
    assert 3_600 / LOCKED_FOR == 4


def test_every_server_process_counts_the_same_guesses(store):
    """Two processes on one file (`--num-procs 2`): tries sent to both count together, and
    once a wait is over only one try gets through, whichever process takes it (a probe
    got two through each window, one per process, when the check and the count were two
    steps)."""
    clock = Clock()
    other = Store(store.path)
    one, two = Guesses("password", store, clock), Guesses("password", other, clock)
    for turn in range(FREE_TRIES):
        assert (one if turn % 2 else two).take("a") == 0
    assert one.wait("a") == two.wait("a") == 1
    clock.now += 1
    assert [one.take("a"), two.take("a")] == [0, 2]
    assert Guesses("join code", other, clock).wait("a") == 0  # another kind of guess
    two.right("a")
    assert one.wait("a") == 0
    other.close()


def test_the_login_goes_back_only_to_this_server_and_follows_the_password():
    assert safe_next("/mb007_tiles?session=ab&seat=0&key=k") == \
        "/mb007_tiles?session=ab&seat=0&key=k"
    for outside in ("https://evil.example/", "//evil.example/x", "javascript:alert(1)", ""):
        assert safe_next(outside) == "/"
    assert login_token(b"s" * 32, "a") != login_token(b"s" * 32, "b")


def test_the_components_route_never_imports_a_module():
    class Handler:
        def parse_url_path(self, path: str) -> str:
            return "served " + path

    only_imported_components(Handler)
    only_imported_components(Handler)  # once is enough: no second wrapper
    assert "companion_no_such_module" not in sys.modules
    with pytest.raises(HTTPError):
        Handler().parse_url_path("companion_no_such_module/X/_css/a.css")
    assert "companion_no_such_module" not in sys.modules
    assert Handler().parse_url_path("panel/X/_css/a.css") == "served panel/X/_css/a.css"
    assert ComponentResourceHandler.parse_url_path.__name__ == "parse_url_path"


def _request(server: Server, method: str, path: str, body: dict | None = None,
             cookie: str = "") -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    headers = {"Cookie": cookie} if cookie else {}
    data = None
    if body is not None:
        data = urlencode(body)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    response.read_body = response.read().decode("utf-8", "replace")
    connection.close()
    return response


def session_token_payloads(html: str) -> list[str]:
    """Every Bokeh session token's payload in a page (cookies and headers included), as
    text: what the page's scripts could read."""
    payloads = []
    for token in re.findall(r"eyJ[\w-]+(?:\.[\w-]+)?", html):
        try:
            payloads.append(json.dumps(get_token_payload(token)))
        except ValueError:
            continue
    return payloads


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    server = Server(["apps/mb007_tiles.py"], tmp_path_factory.mktemp("pw") / "s.sqlite3",
                    password=PASSWORD)
    yield server
    server.stop()


def test_a_page_asks_for_the_password_on_the_apps_own_page(guarded):
    wanted = "/mb007_tiles?session=ab12&seat=0&key=k"
    redirect = _request(guarded, "GET", wanted)
    assert redirect.status == 302
    login = urljoin(wanted, redirect.getheader("Location"))
    assert urlsplit(login).path == "/login"
    page = _request(guarded, "GET", login)
    assert page.status == 200
    assert "<title>James Bond 007: the tile game: the table password</title>" in page.read_body
    assert 'name="username"' not in page.read_body and "<img" not in page.read_body
    assert 'value="/mb007_tiles?session=ab12&amp;seat=0&amp;key=k"' in page.read_body

    # A wrong password keeps the link the player came with.
    wrong = _request(guarded, "POST", "/login", {"password": "guess", "next": wanted})
    again = _request(guarded, "GET", wrong.getheader("Location"))
    assert "That is not the table" in again.read_body
    assert 'value="/mb007_tiles?session=ab12&amp;seat=0&amp;key=k"' in again.read_body

    spaced = _request(guarded, "POST", "/login", {"password": f" {PASSWORD}", "next": wanted})
    assert "error=wrong" in spaced.getheader("Location")  # a space is part of a password
    fake = _request(guarded, "GET", "/login?error=Your+table+is+closed")
    assert "closed" not in fake.read_body  # the page says only its own words

    right = _request(guarded, "POST", "/login", {"password": PASSWORD, "next": wanted})
    assert right.status == 302 and right.getheader("Location") == wanted
    cookie = right.getheader("Set-Cookie")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    token = cookie.split(";")[0]
    assert _request(guarded, "GET", "/mb007_tiles", cookie=token).status == 200
    assert PASSWORD not in cookie

    # The page's session token (which its scripts could read) holds the device cookie,
    # never the HttpOnly login cookie, neither as a cookie nor in a Cookie header.
    page = _request(guarded, "GET", "/mb007_tiles", cookie=f"{token}; companion_device={'ab' * 16}")
    payloads = session_token_payloads(page.read_body)
    assert payloads and all(token.split("=")[1] not in text for text in payloads)
    assert any("ab" * 16 in text for text in payloads)

    # A restart keeps the device logged in: the secret lives in the store.
    guarded.restart()
    assert _request(guarded, "GET", "/mb007_tiles", cookie=token).status == 200
    assert _request(guarded, "GET", "/mb007_tiles", cookie="companion_login=forged"
                    ).status == 302


def test_guessing_from_one_address_is_slowed(guarded):
    for _ in range(FREE_TRIES + 1):
        _request(guarded, "POST", "/login", {"password": "guess", "next": "/"})
    # The right password too must wait now: the try is not even looked at.
    blocked = _request(guarded, "POST", "/login", {"password": PASSWORD, "next": "/"})
    assert "Too many wrong passwords" in _request(guarded, "GET",
                                                  blocked.getheader("Location")).read_body
    assert blocked.getheader("Set-Cookie") is None


def test_no_session_opens_without_a_page_the_server_gave(served):
    """Signed session ids: a client that makes a session id up is refused at the
    websocket, so forged sessions cost the server nothing."""
    from bokeh.util.token import generate_jwt_token
    from tornado.httpclient import HTTPRequest
    from tornado.ioloop import IOLoop
    from tornado.websocket import websocket_connect

    forged = generate_jwt_token("made-up-session-id", signed=False)

    async def connect():
        request = HTTPRequest(f"ws://127.0.0.1:{served.port}/dice_lab/ws",
                              headers={"Origin": f"http://127.0.0.1:{served.port}"})
        try:
            socket = await websocket_connect(request, subprotocols=["bokeh", forged])
        except Exception as error:  # refused at the handshake
            return f"refused: {error}"
        message = await socket.read_message()  # None: the server closed it
        return "open" if message is not None else "closed"

    # In a thread of its own: Playwright's sync API keeps an event loop running here.
    with ThreadPoolExecutor(1) as pool:
        outcome = pool.submit(lambda: IOLoop().run_sync(connect, timeout=20)).result()
    assert outcome != "open"


def test_wrong_join_codes_from_one_address_are_slowed(store):
    """The front page's join code: after a few wrong codes a device waits before the next
    one is looked at, even a right one."""
    from companion.core.session import Session
    from companion.ui import index

    session = Session("dice_lab", store=store)
    section = index.join_section(store)
    code, button, found = section.objects[0], section.objects[1], section.objects[2]
    for _ in range(FREE_TRIES):
        code.value = "0000-0000" if not session.join_code.startswith("0000") else "ffff-ffff"
        button.clicks += 1
        assert "No game has that code" in found.object
    code.value = session.join_code
    button.clicks += 1
    assert "Too many wrong codes from this device" in found.object
