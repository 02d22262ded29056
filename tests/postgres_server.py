"""A throwaway PostgreSQL server for the tests and benchmarks, from the machine's own
binaries: initdb into a temporary folder, trust on loopback, a free port (for the tests,
no fsync). Run as
root (CI), the server runs as the `postgres` user, since PostgreSQL refuses root."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg

SEARCHED = "/usr/lib/postgresql/*/bin"  # Debian's layout; else initdb on the PATH
UNPRIVILEGED_USER = "postgres"


def binaries() -> Path | None:
    """The folder of initdb and pg_ctl (the newest version installed), or None."""
    found = sorted(glob.glob(f"{SEARCHED}/initdb"), key=lambda p: int(p.split("/")[-3]))
    initdb = found[-1] if found else shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PostgresServer:
    """`start()`, then `new_database()` for each test's own empty database, `restart()`
    (or `pause()` and `resume()`) in the middle of a test, `stop()` at the end (which
    removes every file)."""

    def __init__(self, bin_dir: Path, durable: bool = False):
        """`durable`: fsync as a real server does (the benchmark's), else none (the tests')."""
        self.bin_dir, self.durable = bin_dir, durable
        self.folder = Path(tempfile.mkdtemp(prefix="companion-postgres-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self._names = itertools.count()
        self._as_user = ["runuser", "-u", UNPRIVILEGED_USER, "--"] if os.geteuid() == 0 else []

    def _run(self, *command: str) -> None:
        subprocess.run([*self._as_user, str(self.bin_dir / command[0]), *command[1:]],
                       check=True, capture_output=True, timeout=120)

    def start(self) -> PostgresServer:
        if self._as_user:
            shutil.chown(self.folder, UNPRIVILEGED_USER)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync")
        self._pg_ctl("start")
        return self

    def _pg_ctl(self, action: str) -> None:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder}"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run("pg_ctl", "-D", str(self.data), "-w", "-l", str(self.folder / "log"),
                  "-o", options, "-m", "fast", action)

    def restart(self) -> None:
        """Stop the server (every connection drops) and start it again on the same port."""
        self._pg_ctl("restart")

    def pause(self) -> None:
        """Stop the server (every connection drops, every new one is refused) until
        `resume()`."""
        self._pg_ctl("stop")

    def resume(self) -> None:
        self._pg_ctl("start")

    def new_database(self) -> str:
        """The URL of a new empty database."""
        name = f"test_{next(self._names)}"
        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url.rsplit("/", 1)[0] + f"/{name}"

    def stop(self) -> None:
        try:
            self._pg_ctl("stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
