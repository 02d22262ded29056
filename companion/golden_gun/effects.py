"""The Blue Card Summary Sheet as an editable table, in a small vocabulary of effects.

The printed sheet is not in the rulebook, so the app ships a house table
(`data/house_effects.json`, labelled house rules) and reads any table a group writes in
the same shape, as JSON or YAML::

    {"name": "...", "house_rule": true,
     "cards": {"Mannequin": {"fire": [{"effect": "nothing"}],
                             "hold": [{"effect": "wound_dodge", "amount": 1},
                                      {"effect": "stays"}]}, ...}}

Each card kind has a Fire and a Hold paragraph: a list of steps done in order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from companion.core.datafile import check_line, load_text
from companion.core.errors import InputError, shown
from companion.golden_gun import rules

Paragraph = Literal["fire", "hold"]
PARAGRAPHS: tuple[Paragraph, ...] = ("fire", "hold")
DATA_DIR = Path(__file__).parent / "data"
MAX_TABLE_BYTES = 200_000


@dataclass(frozen=True)
class EffectKind:
    """One word of the vocabulary: what `amount` means and which values it takes."""

    name: str
    says: str  # a sentence for the log, with {n} for the amount
    amount: int | None = None  # the default amount; None when the effect takes none
    low: int = 0
    high: int = 0
    rolls: bool = False  # the effect needs a 2d6 roll before it is done


VOCABULARY: dict[str, EffectKind] = {e.name: e for e in (
    EffectKind("nothing", "nothing happens"),
    EffectKind("wound_dodge", "{n} wound unless Bond dodges (two dice, 4 or less)", 1, 1, 5,
               rolls=True),
    EffectKind("wound", "{n} wound, no dodge", 1, 1, 5),
    EffectKind("scaramanga_shot", "Scaramanga shoots: Bond dies if two dice roll {n} or less, "
               "no dodge",
               7, 2, 12, rolls=True),
    EffectKind("gain_bullets", "Bond gains {n} bullets (14 at most)", 1, 1, 14),
    EffectKind("lose_bullets", "Bond loses {n} bullets", 1, 1, 14),
    EffectKind("lose_turn", "Bond loses his next turn"),
    EffectKind("move_room", "Bond is carried off: his next move may go to any room"),
    EffectKind("stays", "the card stays in the room"),
    EffectKind("solex_found", "Bond has the Solex Agitator"),
)}

Step = tuple[str, int]  # (effect name, amount; 0 where the effect takes none)


def step(effect: str, amount: int | None = None) -> Step:
    """A validated step; InputError names the unknown effect or the bad amount."""
    kind = VOCABULARY.get(effect) if isinstance(effect, str) else None
    if kind is None:
        raise InputError(f"unknown effect {shown(effect)} (known: {', '.join(VOCABULARY)})")
    if kind.amount is None:
        if amount not in (None, 0):
            raise InputError(f"effect {shown(effect)} takes no amount, got {shown(amount)}")
        return (effect, 0)
    value = kind.amount if amount is None else amount
    if isinstance(value, bool) or not isinstance(value, int) or not kind.low <= value <= kind.high:
        raise InputError(f"effect {shown(effect)} needs an amount from {kind.low} to {kind.high}, "
                         f"got {shown(value)}")
    return (effect, value)


def describe(steps: Iterable[Step]) -> str:
    """'1 wound unless Bond dodges (two dice, 4 or less); the card stays in the room'."""
    return "; ".join(VOCABULARY[name].says.format(n=n) for name, n in steps) or "nothing"


@dataclass(frozen=True)
class EffectTable:
    """A whole summary sheet: for each kind of blue card, its Fire and Hold steps."""

    name: str
    house_rule: bool
    cards: Mapping[str, Mapping[Paragraph, tuple[Step, ...]]]

    def steps(self, kind: str, paragraph: Paragraph) -> tuple[Step, ...]:
        return self.cards[kind][paragraph]

    def to_json(self) -> dict[str, Any]:
        """The table in the file format (what `parse_table` reads back)."""
        return {"name": self.name, "house_rule": self.house_rule, "cards": {
            kind: {p: [_step_json(s) for s in paras[p]] for p in PARAGRAPHS}
            for kind, paras in self.cards.items()}}


def _step_json(s: Step) -> dict[str, Any]:
    name, amount = s
    return {"effect": name} if VOCABULARY[name].amount is None else {"effect": name,
                                                                      "amount": amount}


def parse_table(data: Any, source: str, kinds: Iterable[str] = rules.BLUE_KINDS) -> EffectTable:
    """Validate a table read from `source`; every blue kind in `kinds` needs an entry.

    Raises InputError naming the source and the bad entry.
    """
    try:
        return _parse(data, tuple(kinds))
    except InputError as error:
        raise InputError(f"effect table {source}: {error}") from None


def _parse(data: Any, kinds: tuple[str, ...]) -> EffectTable:
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise InputError("expected an object with a 'cards' object")
    extra = set(data) - {"name", "house_rule", "cards"}
    if extra:
        raise InputError(f"unknown fields {sorted(extra)}")
    name, house = data.get("name", "Custom table"), data.get("house_rule", False)
    if not isinstance(name, str) or not isinstance(house, bool):
        raise InputError("'name' must be text and 'house_rule' true or false")
    name = check_line(name, "the table's name", 80)  # no control characters or direction marks
    unknown = sorted(set(data["cards"]) - set(rules.BLUE_KINDS))
    if unknown:
        raise InputError(f"unknown blue card {shown(unknown[0])}")
    missing = [k for k in kinds if k not in data["cards"]]
    if missing:
        raise InputError(f"no entry for blue card {shown(missing[0])}")
    cards = {kind: _entry(kind, entry) for kind, entry in data["cards"].items()}
    return EffectTable(name, house, cards)


def _entry(kind: str, entry: Any) -> dict[Paragraph, tuple[Step, ...]]:
    if not isinstance(entry, dict) or set(entry) != set(PARAGRAPHS):
        raise InputError(f"{shown(kind)} needs exactly a 'fire' and a 'hold' list")
    return {p: _paragraph(kind, p, entry[p]) for p in PARAGRAPHS}


def _paragraph(kind: str, paragraph: str, steps: Any) -> tuple[Step, ...]:
    where = f"{shown(kind)} {paragraph}"
    if not isinstance(steps, list) or not steps:
        raise InputError(f"{where}: expected a non-empty list of steps")
    parsed = []
    for raw in steps:
        if not isinstance(raw, dict) or not set(raw) <= {"effect", "amount"} or "effect" not in raw:
            raise InputError(f"{where}: a step is an object with 'effect' (and 'amount')")
        try:
            parsed.append(step(raw["effect"], raw.get("amount")))
        except InputError as error:
            raise InputError(f"{where}: {error}") from None
    names = {name for name, _ in parsed}
    if kind == rules.SOLEX and "solex_found" not in names:
        raise InputError(f"{where}: the Solex Agitator must give 'solex_found', "
                         "or Bond can never win")
    if {"solex_found", "stays"} <= names:
        raise InputError(f"{where}: a card Bond takes with him cannot also stay in the room")
    return tuple(parsed)


def read_table_file(path: str | Path) -> Any:
    """The raw data of a .json, .yaml or .yml table file (not yet validated)."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_TABLE_BYTES:  # checked before reading or parsing
            raise InputError(f"effect table {path}: larger than {MAX_TABLE_BYTES} bytes")
        raw = path.read_bytes()
    except OSError as error:
        raise InputError(f"effect table {path}: cannot be read ({error})") from None
    # Plain data only: no YAML anchors or aliases, finite numbers, text keys, bounded nesting.
    return load_text(raw, f"effect table {path}", MAX_TABLE_BYTES)


def load_table(path: str | Path, kinds: Iterable[str] = rules.BLUE_KINDS) -> EffectTable:
    """Read and validate a group's own summary-sheet table (JSON or YAML).

    Pass `load_table(path).to_json()` as the "effects" option of a new game.
    """
    return parse_table(read_table_file(path), str(path), kinds)


def house_table() -> EffectTable:
    """The table the app ships (a HOUSE RULE: the printed sheet is not in the rulebook)."""
    return load_table(DATA_DIR / rules.HOUSE_EFFECTS_FILE)
