"""Shared fixtures: a throwaway store, served apps, and Debian chromium for Playwright."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from companion.core.store import Store
from companion.ui.serve_args import SERVE_ARGS
from tests.postgres_server import PostgresServer, binaries

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture
def store(tmp_path) -> Store:
    store = Store(tmp_path / "sessions.sqlite3")
    yield store
    store.close()


POSTGRES_SKIPPED = "PostgreSQL store tests did not run"
_postgres_skips: list[str] = []


def pytest_runtest_logreport(report) -> None:
    if report.skipped and POSTGRES_SKIPPED in str(report.longrepr):
        _postgres_skips.append(report.nodeid)


def pytest_unconfigure(config) -> None:
    """A run that skipped the PostgreSQL tests says so in its very last line (after
    pytest's own count), so no one reads a green run as proof of both stores."""
    if _postgres_skips:
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        line = (f"NOTE: {len(_postgres_skips)} PostgreSQL store tests were SKIPPED (its "
                "binaries are missing): this run proves the SQLite store only")
        if reporter is not None:
            reporter.write_line(line, yellow=True, bold=True)


@pytest.fixture(scope="session")
def postgres():
    """A throwaway PostgreSQL server for the whole run (`tests/postgres_server.py`)."""
    bin_dir = binaries()
    if bin_dir is None:
        message = ("PostgreSQL's binaries are missing: `make test` installs them "
                   f"(apt-get install postgresql); the {POSTGRES_SKIPPED}")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    server = PostgresServer(bin_dir).start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> Path | str:
    """An empty database of each kind: a SQLite file's path, or a PostgreSQL URL."""
    if request.param == "sqlite":
        return tmp_path / "sessions.sqlite3"
    return request.getfixturevalue("postgres").new_database()


@pytest.fixture
def stores(database):
    """`stores()` opens one more Store on the test's database (another server process's)."""
    opened = []

    def open_one() -> Store:
        opened.append(Store(database))
        return opened[-1]

    yield open_one
    for store in opened:
        store.close()


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM_PATH"), *CHROMIUM_CANDIDATES):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    path = chromium_path()
    if path is None:
        message = "Chromium is missing: `make test` installs it (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)  # under CI a missing browser is a failure, never a skip
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_ARGS}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


SERVE_SETUP = "companion/ui/serve_setup.py"  # as `make serve` has it
UP_CHECK = "/static/js/bokeh.min.js"


class Server:
    """`panel serve` of some apps in a subprocess, with its own store file, as `make serve`
    serves them: signed session ids, and with `password` the table password."""

    def __init__(self, apps: list[str], db: Path, index: str | None = None,
                 password: str = ""):
        self.apps, self.db, self.index, self.password = apps, db, index, password
        self.start()

    def start(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "panel", "serve", *self.apps, "--setup", SERVE_SETUP,
                   "--address", "127.0.0.1",
                   "--port", str(self.port), "--allow-websocket-origin",
                   f"127.0.0.1:{self.port}", *SERVE_ARGS]
        if self.index:
            command += ["--index", self.index]
        env = {**os.environ, "COMPANION_DB": str(self.db), "BOKEH_SIGN_SESSIONS": "true",
               "BOKEH_SECRET_KEY": self.session_key()}
        if self.password:
            command += ["--auth-module", "companion/ui/password_hooks.py"]
            env["COMPANION_PASSWORD"] = self.password
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        self._wait_until_up()

    def session_key(self) -> str:
        """The key `make serve` signs session ids with, from this server's store."""
        out = subprocess.run([sys.executable, "-m", "companion.ui.serve_key"], cwd=ROOT,
                             env={**os.environ, "COMPANION_DB": str(self.db)},
                             capture_output=True, text=True, check=True)
        return out.stdout.strip()

    def _wait_until_up(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"panel serve exited with {self.process.returncode}")
            try:
                # A static file: opening a page would make (or resume) a game on the way.
                with urllib.request.urlopen(self.url + UP_CHECK, timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError("panel serve did not answer within a minute")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def restart(self, same_port: bool = False) -> None:
        """Kill the server hard and start it again on the same store (and, with
        `same_port`, at the same address, as a restarted tablet server would be)."""
        self.process.kill()
        self.process.wait()
        self.start(self.port if same_port else None)


@pytest.fixture(scope="session")
def served(tmp_path_factory):
    """Every app under apps/, served once for the whole test run."""
    apps = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "apps").glob("*.py"))
    server = Server(apps, tmp_path_factory.mktemp("served") / "sessions.sqlite3", index="index")
    yield server
    server.stop()
