"""A game out to a file and back in: `export_session` writes it as JSON, `import_session`
replays such a file and saves it under a new id, and `keeps_secrets` says when a game may
not leave or come in yet (a player could read, or fix, what is still hidden)."""

from __future__ import annotations

import json
import secrets

from companion.core.errors import CompanionError, InputError
from companion.core.registry import find_game
from companion.core.session import Session
from companion.core.session_file import MAX_SEED, check_name, parse_export
from companion.core.store import SessionRecord, Store


def keeps_secrets(session: Session) -> bool:
    """Whether the session's file would hold what some player must not see yet (every
    down card and secret choice, or a deck dealt in advance): then it is exported, and
    imported, only once the game is over."""
    return (session.game.secrets or session.state.deals_ahead()) and \
        not session.state.is_over


def export_session(session: Session) -> str:
    """The session as a JSON document another companion can import (compact: a game as long
    as `Session.act` allows fits the import's `MAX_IMPORT_BYTES`)."""
    return json.dumps(session.to_export(), separators=(",", ":"))


def import_session(store: Store | None, text: str | bytes) -> Session:
    """Validate an exported session by replaying it, then save it under a new id.

    A wrong, truncated or hostile file raises InputError and writes nothing.
    """
    data = parse_export(text)
    game = find_game(data["game"])
    if len(data["actions"]) > game.max_import_actions:
        raise InputError(f"the file holds more than {game.max_import_actions} actions, "
                         f"more than {game.title} replays in well under a second")
    if data["game_version"] != game.version:
        raise InputError(f"the file is from {game.title} version {data['game_version']}, "
                         f"this companion plays version {game.version}")
    record = SessionRecord(
        id=secrets.token_hex(8), game=game.name, game_version=game.version,
        name=check_name(data["name"]), options=data["options"],
        seed=secrets.randbelow(MAX_SEED),  # a file's seed would let its reader predict draws
        cursor=data["cursor"], actions=tuple(data["actions"]),
    )
    if not 0 <= record.cursor <= len(record.actions):
        raise InputError(f"cursor {record.cursor} is outside the {len(record.actions)} actions")
    if game.secrets and record.cursor != len(record.actions):
        raise InputError(f"{game.title} keeps secrets: a file with undone actions after its "
                         "cursor could fix what a redo draws, so it does not import")
    try:
        session = Session.from_record(record, store)
    except (CompanionError, TypeError, ValueError, KeyError) as error:
        raise InputError(f"the file does not replay: {error}") from None
    if keeps_secrets(session):
        raise InputError(f"{game.title} keeps secrets: only a finished game imports (whoever "
                         "wrote an unfinished one could have chosen every card still to come)")
    if store is not None:
        store.create(record)
    return session
