"""`python -m companion db ...`: the saved games' database, from the command line.

    python -m companion db copy SOURCE TARGET   every saved game, SQLite <-> PostgreSQL
    python -m companion db check [DB]           schema version; every game replays

A database is a SQLite file's path or a ``postgresql://`` URL (without DB: COMPANION_DB,
else the default file). The exit status is 0 when all went well, 1 on a problem (said in
words), 2 on a wrong command line. A password is better kept out of the URL (a command
line is visible to every user of the machine): libpq reads PGPASSWORD and ~/.pgpass.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.core.errors import CompanionError, InputError
from companion.core.postgres_db import is_postgres_url
from companion.core.store import Store
from companion.core.store_tools import check_store, copy_store


def parser() -> argparse.ArgumentParser:
    commands = argparse.ArgumentParser(prog="python -m companion", description=__doc__,
                                       formatter_class=argparse.RawDescriptionHelpFormatter)
    db = commands.add_subparsers(dest="area", required=True).add_parser(
        "db", help="the saved games' database")
    what = db.add_subparsers(dest="command", required=True)
    copy = what.add_parser("copy", help="copy every saved game, then replay each in TARGET")
    copy.add_argument("source", help="a SQLite file's path or a postgresql:// URL")
    copy.add_argument("target", help="a SQLite file's path or a postgresql:// URL")
    check = what.add_parser("check", help="the schema version, and whether every game replays")
    check.add_argument("db", nargs="?", help="a SQLite file's path or a postgresql:// URL")
    return commands


def existing(target: str | None) -> Store:
    """The Store at `target`, which must be there already (a mistyped path would otherwise
    be made a new empty file)."""
    if target is not None and not is_postgres_url(target) and not Path(target).is_file():
        raise InputError(f"there is no SQLite file at {target}")
    return Store(target)


def main(argv: list[str]) -> int:
    arguments = parser().parse_args(argv)
    opened: list[Store] = []
    try:
        if arguments.command == "copy":
            opened = [existing(arguments.source)]
            opened.append(Store(arguments.target))
            report = copy_store(*opened)
        else:
            opened = [existing(arguments.db)]
            report = check_store(opened[0])
    except CompanionError as error:
        print(f"companion db {arguments.command}: {error}", file=sys.stderr)
        return 1
    finally:
        for store in opened:
            store.close()
    print(report)
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
