"""`evolve`: `dataclasses.replace` for the engines' frozen records, without its overhead.

An engine makes a new state, piece or step for every action it tries: listing a
Goldfinger tap's legal actions tries each candidate and made 330 records, and
`dataclasses.replace` (which checks every field's kind and calls `__init__`) was three
quarters of that time. A record with no `__post_init__`, no `__slots__` and every field
in `__init__` is the same copy with its fields set: `evolve` makes it that way, and
leaves any other class to `dataclasses.replace`.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, TypeVar

Record = TypeVar("Record")


@functools.cache
def _field_names(cls: type) -> frozenset[str] | None:
    """The fields `evolve` may copy straight, or None when only `replace` will do."""
    fields = dataclasses.fields(cls)
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__") or \
            not all(f.init for f in fields):
        return None
    return frozenset(f.name for f in fields)


def evolve(record: Record, **changes: Any) -> Record:
    """A copy of the dataclass `record` with `changes`, as `dataclasses.replace` makes."""
    cls = type(record)
    names = _field_names(cls)
    if names is None or not changes.keys() <= names:
        return dataclasses.replace(record, **changes)  # its own checks and messages
    copy = object.__new__(cls)
    values = record.__dict__
    fields = copy.__dict__  # a frozen dataclass sets its fields this way too
    for name in names:
        fields[name] = values[name]
    fields.update(changes)
    return copy
