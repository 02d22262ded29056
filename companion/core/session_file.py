"""A game's file: what an export holds, how big an import may be, and the checks an
import's text passes before it is replayed (`core.exchange.import_session`).

A file is plain JSON, never pickled or evaluated. It holds no seed (the seed decides the
app's next draws; version 1 files held one, and still import), no link key and no holder.
"""

from __future__ import annotations

import json

from companion.core.datafile import check_line, load_json
from companion.core.errors import InputError, shown
from companion.core.game import JSON
from companion.core.store import SessionRecord

EXPORT_FORMAT = "companion-session"
EXPORT_VERSION = 2  # 1 held the seed; 2 holds none (version 1 files still import)
MAX_IMPORT_BYTES = 5_000_000
EXPORT_OVERHEAD = 10_000  # an export's fields besides the options and the actions
MAX_ACTIONS = 25_000  # no game takes a longer import (each its own `max_import_actions`)
MAX_SEED = 2**63 - 1  # seeds fit SQLite's signed 64-bit integers

EXPORT_FIELDS = {
    "format": str, "version": int, "game": str, "game_version": int, "name": str,
    "options": dict, "cursor": int, "actions": list,
}
SEED_FIELD = {1: {"seed": int}, 2: {}}  # what each export version holds besides


def export_data(record: SessionRecord) -> dict[str, JSON]:
    """A stored game as an export's fields: no seed, no link key, no holder."""
    return {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": record.game,
        "game_version": record.game_version, "name": record.name,
        "options": record.options, "cursor": record.cursor, "actions": list(record.actions),
    }


def json_size(value: JSON) -> int:
    """A value's length in an export (compact JSON)."""
    return len(json.dumps(value, separators=(",", ":")))


def parse_export(text: str | bytes) -> dict[str, JSON]:
    """An export's fields, each of its kind; InputError naming what is wrong otherwise.
    The game, its version and its actions are checked by the replay that follows."""
    if len(text) > MAX_IMPORT_BYTES:
        raise InputError(f"the file is larger than {MAX_IMPORT_BYTES // 1_000_000} MB")
    # Plain data only: finite numbers, whole UTF-8 text, nesting of at most MAX_DEPTH.
    data = load_json(text, "the file")
    version = data.get("version") if isinstance(data, dict) else None
    extra = SEED_FIELD.get(version, {}) if type(version) is int else {}
    fields = {**EXPORT_FIELDS, **extra}
    if not isinstance(data, dict) or set(data) != set(fields):
        raise InputError(f"the file is not a companion session export "
                         f"(expected fields {sorted(fields)})")
    for key, kind in fields.items():
        if not isinstance(data[key], kind) or isinstance(data[key], bool):
            raise InputError(f"field {shown(key)} should be a {kind.__name__}, "
                             f"got {shown(data[key], 60)}")
    if data["format"] != EXPORT_FORMAT or data["version"] not in SEED_FIELD:
        raise InputError(f"unsupported export format {shown(data['format'])} "
                         f"version {data['version']}")
    if len(data["actions"]) > MAX_ACTIONS:
        raise InputError(f"the file holds more than {MAX_ACTIONS} actions")
    if "seed" in data:
        check_seed(data["seed"])  # checked, then never used: an import gets a new seed
    return data


def check_seed(seed: object) -> int:
    """`seed` if it is a seed a store keeps; InputError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InputError(f"a seed is a whole number from 0 to {MAX_SEED}, got {shown(seed, 40)}")
    return seed


def check_name(name: object) -> str:
    """`name` if it is a game's name: one line of at most 120 characters."""
    return check_line(name, "a game's name", 120)
