"""The card library: what each James Bond CCG card says, imported from CSV or YAML.

The cards stay physical; the tablet only needs their printed values. A `Card`
keeps blank and 0 apart (``pv=None`` is a blank PV, ``pv=0`` a very low one).
Icon counts are tuples of ``(icon, count)`` sorted by icon, so cards compare
and hash as values.

Files hold one card per row (CSV) or per entry (YAML) with the keys of
`FIELDS`; icons are written ``"Evasion:3; Shooting"`` (a count of 1 may be
left out) or, in YAML, as a mapping. Every import is all or nothing: a bad
row raises InputError naming the file and the row, and nothing is kept.

>>> lib = load_library_text("title,type,pv,cv\\nOddjob,Henchman,9,", "mine.csv")
>>> lib["Oddjob"].pv, lib["Oddjob"].cv
(9, None)
"""

from __future__ import annotations

import csv
import io
import json
import re
import reprlib
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, fields
from functools import cache
from pathlib import Path

import yaml

from companion.core.datafile import PlainLoader, check_plain
from companion.core.errors import InputError, shown
from companion.license_to_kill import rules

FIELDS: tuple[str, ...] = (
    "title", "type", "pv", "cv", "provides", "requires", "bullets", "unique", "ally",
    "vehicle", "single_use", "film", "notes", "invented",
)
MAX_TITLE = 80
MAX_VALUE = 99
MAX_ICON_COUNT = 9
MAX_CARDS = 5000
MAX_NOTES = 500
MAX_FILM = 80
MAX_TEXT = 2_000_000  # characters in one imported file
_WHOLE = re.compile(r"[+-]?[0-9]{1,6}")  # ASCII digits only: no '²', no '+-5'
_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlevel = 2
SAMPLE_PATH = Path(__file__).parent / "data" / "sample_library.yaml"
Icons = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Card:
    """One card as printed. `invented` names the fields the rulebook does not give."""

    title: str
    type: str
    pv: int | None = None
    cv: int | None = None
    provides: Icons = ()
    requires: Icons = ()
    bullets: int | None = None  # None: the Plot Points table's default for the type
    unique: bool = False  # marked Unique on the card (types that always are: `is_unique`)
    ally: bool = False
    vehicle: bool = False
    single_use: bool = False  # a Q card "discarded once it is used" (Card Rulings)
    film: str = ""
    notes: str = ""
    invented: tuple[str, ...] = ()

    @property
    def is_plot(self) -> bool:
        return self.type in rules.PLOT_TYPES

    @property
    def is_personality(self) -> bool:
        return self.type in rules.PERSONALITY_TYPES

    @property
    def is_unique(self) -> bool:
        """Unique Cards: plots but Missions, non-allied Personalities, marked Q cards."""
        if self.type in rules.UNIQUE_TYPES or self.unique:
            return True
        return self.is_personality and not self.ally

    @property
    def plot_bullets(self) -> int:
        """The bullets that score: the card's own, else the table's; 0 for Action cards."""
        if self.bullets is not None:
            return self.bullets
        in_zone = rules.PLOT_POINTS.get(self.type, (0, 0))[0]
        return in_zone // rules.POINTS_PER_BULLET_IN_ZONE

    def value(self, which: rules.Value) -> int | None:
        return self.pv if which == "PV" else self.cv

    def to_row(self) -> dict[str, object]:
        row = asdict(self)
        row["provides"] = icons_text(self.provides)
        row["requires"] = icons_text(self.requires)
        row["invented"] = ", ".join(self.invented)
        return row


def icons_text(icons: Icons) -> str:
    """'Evasion:3; Shooting' (a count of 1 is left out)."""
    return "; ".join(name if count == 1 else f"{name}:{count}" for name, count in icons)


class Library(Mapping[str, Card]):
    """Cards by title, read-only. Build one with `Library.of` or the loaders."""

    def __init__(self, cards: Mapping[str, Card]):
        self._cards = dict(cards)

    @classmethod
    def of(cls, cards: Iterable[Card], source: str = "the library") -> Library:
        merged: dict[str, Card] = {}
        for card in cards:
            _merge(merged, card, source, card.title)
        return cls(merged)

    def __getitem__(self, title: str) -> Card:
        return self._cards[title]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def card(self, title: object) -> Card:
        """The card called `title`; InputError for a title the library does not hold."""
        if not isinstance(title, str) or title not in self._cards:
            raise InputError(f"the card library has no card {shown(title, 60)}")
        return self._cards[title]

    def of_type(self, *types: str) -> list[Card]:
        return [c for c in self._cards.values() if c.type in types]

    def merged(self, other: Iterable[Card], source: str, replace: bool = False) -> Library:
        """This library plus `other`; a title with different values raises InputError, or
        with `replace` the incoming card takes its place (a group's correction)."""
        cards = dict(self._cards)
        for card in other:
            if replace:
                cards[card.title] = card
            else:
                _merge(cards, card, source, card.title)
        return Library(cards)


def _merge(cards: dict[str, Card], card: Card, source: str, where: str) -> None:
    known = cards.get(card.title)
    if known is not None and known != card:
        raise InputError(f"{source}, {where}: {shown(card.title)} is already in the library "
                         "with different values")
    cards[card.title] = card


# Reading one row.

def card_from_row(row: Mapping[str, object], where: str) -> Card:
    """A Card from a mapping of `FIELDS`; InputError prefixed with `where`."""
    try:
        return _card(row)
    except InputError as error:
        raise InputError(f"{where}: {error}") from None


def _card(row: Mapping[str, object]) -> Card:
    unknown = sorted(_show(k) if not isinstance(k, str) else k[:40] for k in row
                     if k not in FIELDS)
    if unknown:
        raise InputError(f"unknown column {', '.join(unknown[:5])}")
    title = _line(row.get("title"), "title", MAX_TITLE)
    if not title:
        raise InputError(f"a title is 1 to {MAX_TITLE} characters")
    kind = _line(row.get("type"), "type", MAX_TITLE)
    if kind not in rules.CARD_TYPES:
        raise InputError(f"{shown(title)} has unknown type {_show(kind)} (types: "
                         f"{', '.join(rules.CARD_TYPES)})")
    return Card(
        title=title, type=kind, pv=_number(row.get("pv"), "PV"), cv=_number(row.get("cv"), "CV"),
        provides=_icons(row.get("provides"), "provides"),
        requires=_icons(row.get("requires"), "requires"),
        bullets=_number(row.get("bullets"), "bullets", low=0), unique=_flag(row, "unique"),
        ally=_flag(row, "ally"), vehicle=_flag(row, "vehicle"),
        single_use=_flag(row, "single_use"),
        film=_line(row.get("film"), "film", MAX_FILM), notes=_notes(row.get("notes")),
        invented=_invented(row.get("invented")),
    )


def _show(value: object) -> str:
    """A short, safe repr for a message (huge numbers and deep nesting included)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "a very long number"
    try:
        return _SHORT.repr(value)
    except (ValueError, RecursionError):
        return "an unreadable value"


def _text(value: object, name: str) -> str:
    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 10**12:
        return str(value)
    if not isinstance(value, str):
        raise InputError(f"{name} must be text, got {_show(value)}")
    return value


def _line(value: object, name: str, most: int) -> str:
    """One line of text: no control characters, at most `most` characters."""
    text = _text(value, name).strip()
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") for c in text):
        raise InputError(f"{name} {_show(text)} holds control characters")
    if len(text) > most:
        raise InputError(f"{name} is at most {most} characters")
    return text


def _notes(value: object) -> str:
    """Notes: several lines allowed, no other control characters, bounded in length."""
    text = _text(value, "notes")
    if any(unicodedata.category(c) in ("Cc", "Cs") and c not in "\n\t" for c in text):
        raise InputError("notes hold control characters")
    if len(text) > MAX_NOTES:
        raise InputError(f"notes are at most {MAX_NOTES} characters")
    return text


def _number(value: object, name: str, low: int = -MAX_VALUE) -> int | None:
    """Blank (None or '') stays None: a blank value is not a 0."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{name} must be a whole number or blank, got {_show(value)}")
    if not low <= value <= MAX_VALUE:
        raise InputError(f"{name} must be {low} to {MAX_VALUE}, got {_show(value)}")
    return value


_TRUE = ("true", "yes", "y", "1", "x")
_FALSE = ("false", "no", "n", "0", "")


def _flag(row: Mapping[str, object], name: str) -> bool:
    value = row.get(name)
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE + _FALSE:
        return value.strip().lower() in _TRUE
    raise InputError(f"{name} must be yes or no, got {_show(value)}")


def _icons(value: object, name: str) -> Icons:
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        pairs = [_icon_pair(part, name) for part in value.split(";") if part.strip()]
    elif isinstance(value, Mapping):
        pairs = [(_text(k, f"{name} icon").strip(), _icon_count(v, name))
                 for k, v in value.items()]
    else:
        raise InputError(f"{name} must be icons like 'Evasion:3; Shooting', got {_show(value)}")
    counts: dict[str, int] = {}
    for icon, count in pairs:
        if icon not in rules.ICONS:
            raise InputError(f"{name} has unknown icon {_show(icon)} (icons: "
                             f"{', '.join(rules.ICONS)})")
        counts[icon] = counts.get(icon, 0) + count
        if counts[icon] > MAX_ICON_COUNT:
            raise InputError(f"{name} lists {icon} {counts[icon]} times; at most "
                             f"{MAX_ICON_COUNT}")
    return tuple(sorted(counts.items()))


def _icon_pair(part: str, name: str) -> tuple[str, int]:
    icon, _, count = part.partition(":")
    return icon.strip(), _icon_count(count.strip() or 1, name)


def _icon_count(value: object, name: str) -> int:
    count = _number(value, f"{name} count", low=1)
    if count is None or count > MAX_ICON_COUNT:
        raise InputError(f"{name} count must be 1 to {MAX_ICON_COUNT}, got {_show(value)}")
    return count


def _invented(value: object) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    names = value.split(",") if isinstance(value, str) else value
    if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
        raise InputError(f"invented must list field names, got {_show(value)}")
    bad = [n.strip() for n in names if n.strip() not in FIELDS]
    if bad:
        raise InputError(f"invented names unknown fields {_show(bad)}")
    return tuple(n.strip() for n in names)


# Whole files.

def load_csv(text: str, source: str) -> Library:
    """A Library from CSV text with a header row; rows are numbered as in the file. A UTF-8
    byte-order mark (what a spreadsheet saves) is skipped."""
    text = _checked_text(text, source).removeprefix("\ufeff")
    reader = csv.DictReader(io.StringIO(text))
    try:
        columns = reader.fieldnames
        if columns is None or "title" not in columns:
            raise InputError(f"{source}, row 1: the first row must name the columns (title, "
                             "type, ...)")
        _check_columns(columns, source)
        rows = []
        for row in reader:
            rows.append((f"row {reader.line_num}", row))
            if len(rows) > MAX_CARDS:
                raise InputError(f"{source}: more than {MAX_CARDS} cards")
    except csv.Error as error:
        raise InputError(f"{source}, row {reader.line_num + 1}: not a readable CSV file "
                         f"({str(error)[:80]})") from None
    for where, row in rows:
        if None in row:
            raise InputError(f"{source}, {where}: more values than columns")
    rows = [(where, {k: _from_cell(v) for k, v in row.items()}) for where, row in rows]
    return _build(rows, source)


def _check_columns(columns: list[str], source: str) -> None:
    seen = set()
    for column in columns:
        if column in seen:
            raise InputError(f"{source}, row 1: the column {_show(column)} is there twice")
        seen.add(column)


def _checked_text(text: object, source: str) -> str:
    if not isinstance(text, str):
        raise InputError(f"{source}: a card library is text")
    if len(text) > MAX_TEXT:
        raise InputError(f"{source}: the file is over {MAX_TEXT} characters")
    return text


class _UniqueKeyLoader(PlainLoader):
    """YAML's safe loader, refusing a key given twice in one mapping (a duplicated column),
    and (PlainLoader) anchors, aliases and deep nesting."""

    def construct_mapping(self, node, deep=False):
        keys = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                duplicate = key in keys
                keys.add(key)
            except TypeError:  # an unhashable key: the safe loader refuses it below
                continue
            if duplicate:
                raise InputError(f"line {key_node.start_mark.line + 1}: the key {_show(key)} "
                                 "is there twice")
        return super().construct_mapping(node, deep)


def load_yaml(text: str, source: str) -> Library:
    """A Library from a YAML list of cards (or a mapping with a 'cards' list)."""
    text = _checked_text(text, source).removeprefix("\ufeff")
    try:
        data = yaml.load(text, Loader=_UniqueKeyLoader)  # a SafeLoader: no Python objects
    except InputError as error:
        raise InputError(f"{source}, {error}") from None
    except yaml.YAMLError as error:
        raise InputError(f"{source}: not valid YAML ({str(error)[:120]})") from None
    except (ValueError, TypeError, OverflowError, RecursionError) as error:
        # a date that is not one ('2001-02-30'), nesting deeper than Python follows
        raise InputError(f"{source}: not a readable card file ({type(error).__name__}: "
                         f"{str(error)[:80]})") from None
    check_plain(data, source)  # finite numbers, text keys, whole UTF-8 text
    if isinstance(data, dict):
        data = data.get("cards")
    if not isinstance(data, list):
        raise InputError(f"{source}: expected a list of cards")
    rows = []
    for number, row in enumerate(data, start=1):
        if not isinstance(row, dict):
            raise InputError(f"{source}, entry {number}: a card is a mapping of fields")
        rows.append((f"entry {number}", row))
    return _build(rows, source)


def cards_from_json(data: object, source: str = "options 'cards'") -> Library:
    """A Library from a JSON list of card mappings (the game's 'cards' option)."""
    if not isinstance(data, list):
        raise InputError(f"{source}: expected a list of cards")
    if not all(isinstance(row, dict) for row in data):
        raise InputError(f"{source}: every card is an object of fields")
    return _build([(f"entry {i}", row) for i, row in enumerate(data, start=1)], source)


def _build(rows: list[tuple[str, Mapping[str, object]]], source: str) -> Library:
    if len(rows) > MAX_CARDS:
        raise InputError(f"{source}: more than {MAX_CARDS} cards")
    merged: dict[str, Card] = {}
    for where, row in rows:
        try:
            card = card_from_row(row, f"{source}, {where}")
        except RecursionError:  # a value nested deeper than Python follows
            raise InputError(f"{source}, {where}: a value is nested too deeply") from None
        _merge(merged, card, source, where)
    return Library(merged)


def load_library_text(text: str, source: str) -> Library:
    """A Library from CSV or YAML text, chosen by the source's extension."""
    suffix = Path(source).suffix.lower()
    if suffix == ".csv":
        return load_csv(text, source)
    if suffix in (".yaml", ".yml"):
        return load_yaml(text, source)
    raise InputError(f"{source}: a card library is a .csv, .yaml or .yml file")


def load_library(path: str | Path) -> Library:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"{path.name}: cannot read the file ({error})") from None
    return load_library_text(text, path.name)


# A spreadsheet runs a cell that begins with one of these as a formula (CSV injection: a
# title "=HYPERLINK(...)"). The export puts a ' before such a text, the spreadsheet's own
# mark for text, and before a text that begins with ' already; the import takes that one '
# off again, so the library comes back as it was.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TEXT_MARK = "'"


def _to_cell(value: object) -> object:
    if isinstance(value, str) and value.startswith((*FORMULA_STARTS, TEXT_MARK)):
        return TEXT_MARK + value
    return value


def _from_cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(TEXT_MARK) and \
            value[1:].startswith((*FORMULA_STARTS, TEXT_MARK)):
        return value[1:]
    return value


def to_csv(cards: Iterable[Card]) -> str:
    """The cards as CSV, every text that a spreadsheet would run as a formula marked as
    text (`FORMULA_STARTS`); `load_csv` reads it back the same."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    for card in cards:
        writer.writerow({k: "" if v is None else _to_cell(v)
                         for k, v in card.to_row().items()})
    return out.getvalue()


def to_yaml(cards: Iterable[Card]) -> str:
    rows = []
    for card in cards:
        row = card.to_row()
        defaults = {f.name: f.default for f in fields(Card)}
        rows.append({k: v for k, v in row.items() if k in ("title", "type")
                     or v not in (defaults[k], "", ())})
    return yaml.safe_dump(rows, sort_keys=False, allow_unicode=True)


def to_json_rows(cards: Iterable[Card]) -> list[dict[str, object]]:
    """Plain rows for the game's 'cards' option (the inverse of `cards_from_json`)."""
    return json.loads(json.dumps([card.to_row() for card in cards]))


@cache
def sample_library() -> Library:
    """The cards the rulebook names, plus invented ones to make full decks (all marked)."""
    return load_library(SAMPLE_PATH)
