"""Reading a user's JSON or YAML file into plain data, safely, whatever the bytes.

Every loader of a group's own file (Goldfinger boards, Golden Gun effect tables, License to
Kill card libraries, exported sessions) reads through here, so none of them can be made to
freeze the server, run out of memory or fail with a raw Python exception:

- YAML anchors and aliases (`&a`, `*a`) are refused while the file is read: a few hundred
  bytes of nested aliases otherwise expand into gigabytes ("billion laughs").
- Nesting deeper than `MAX_DEPTH` is refused before Python's recursion limit is near.
- Numbers are finite (`1e999`, `.inf` and NaN are refused) and map keys are text (a key
  of another type breaks sorting and JSON export).
- Text is whole UTF-8 (no lone surrogates).
- Only plain data comes back: text, whole numbers, finite decimals, true/false, null,
  lists and mappings (YAML's dates, sets and binaries are refused).
- Any failure is an `InputError` naming the file; a message quotes a value through
  `short`, which cuts the repr while building it.
"""

from __future__ import annotations

import json
import math
import reprlib
import unicodedata
from typing import Any

import yaml

from companion.core.errors import InputError

MAX_DEPTH = 40  # lists and mappings inside one another; real files use under 10
PLAIN = (str, int, float, bool, type(None), list, dict)

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxdict = 4
_SHORT.maxlevel = 2


def short(value: object) -> str:
    """A repr of `value` cut to a few dozen characters, without building the whole one.

    >>> short("x" * 1000)[:12], len(short("x" * 1000)) < 50
    ("'xxxxxxxxxxx", True)
    >>> short(10 ** 50)
    'a number of 51 digits'
    >>> short(10 ** 5000)
    'a very long number'
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**40:
        return f"a number of {len(str(abs(value)))} digits" if abs(value) < 10**4000 else \
            "a very long number"
    try:
        return _SHORT.repr(value)
    except (ValueError, RecursionError):
        return "an unreadable value"


class PlainLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing anchors, aliases and deep nesting as it composes."""

    def __init__(self, stream):
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise InputError(f"line {event.start_mark.line + 1}: anchors and aliases "
                             "(& and *) are not allowed")
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise InputError(f"line {event.start_mark.line + 1}: nested more than "
                             f"{MAX_DEPTH} deep")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def load_yaml(text: str, source: str) -> Any:
    """Plain data from YAML text; InputError names `source` and what is wrong."""
    try:
        data = yaml.load(text, Loader=PlainLoader)  # a SafeLoader: never a Python object
    except InputError as error:
        raise InputError(f"{source}: {error}") from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or "unreadable"
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise InputError(f"{source}: not valid YAML ({problem}{where})") from None
    except (ValueError, TypeError, OverflowError, RecursionError, MemoryError) as error:
        # a date that is not one ('2001-02-30'), a number of 5,000 digits
        raise InputError(f"{source}: not readable YAML ({type(error).__name__}: "
                         f"{str(error)[:80]})") from None
    return check_plain(data, source)


def load_json(text: str | bytes, source: str) -> Any:
    """Plain data from JSON text; InputError names `source` and what is wrong."""
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except (ValueError, RecursionError, MemoryError) as error:
        raise InputError(f"{source}: not valid JSON ({str(error)[:120]})") from None
    return check_plain(data, source)


def load_text(raw: bytes | str, name: str, limit: int) -> Any:
    """Plain data from a file's bytes: YAML when `name` ends .yaml/.yml, else JSON. The size
    is checked first, before anything is parsed."""
    if len(raw) > limit:
        raise InputError(f"{name}: the file is {len(raw) // 1000} kB; at most {limit // 1000} kB")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise InputError(f"{name}: not a text file (UTF-8)") from None
    text = text.removeprefix("\ufeff")
    if name.lower().endswith((".yaml", ".yml")):
        return load_yaml(text, name)
    return load_json(text, name)


def check_plain(data: Any, source: str) -> Any:
    """`data` itself when it is plain data (see the module's docstring), else InputError.
    Walks without recursion, so any depth is answered in words."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise InputError(f"{source}: nested more than {MAX_DEPTH} deep")
        if not isinstance(value, PLAIN):
            raise InputError(f"{source}: holds a {type(value).__name__} ({short(value)}); "
                             "only text, numbers, true/false, lists and mappings")
        if isinstance(value, float) and not math.isfinite(value):
            raise InputError(f"{source}: numbers must be finite, got {value}")
        if isinstance(value, str):
            _check_text(value, source)
        elif isinstance(value, dict):
            for key in value:
                if not isinstance(key, str):
                    raise InputError(f"{source}: every key must be text, got {short(key)}")
                _check_text(key, source)
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
    return data


def _check_text(text: str, source: str) -> None:
    """Text must be writable as UTF-8: a lone surrogate ('\\ud800') is not a character."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError(f"{source}: holds a broken character (a lone surrogate)") \
                from None


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"numbers must be finite, got {text[:40]}")
    return value


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a file may hold")


def check_line(text: object, what: str, most: int) -> str:
    """A name or title: text of 1 to `most` characters, stripped, with no control characters,
    bidi overrides or lone surrogates (which reorder or hide what a player reads).

    >>> check_line(" Game night ", "a name", 40)
    'Game night'
    """
    if not isinstance(text, str) or not 0 < len(text.strip()) <= most:
        raise InputError(f"{what} is 1 to {most} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") for ch in text):
        raise InputError(f"{what} holds control characters, direction marks or broken "
                         "characters")
    return text.strip()
