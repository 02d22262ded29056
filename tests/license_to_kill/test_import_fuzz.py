"""Import files never crash: random bytes and random rows fed to all three card loaders
give a library or an InputError, nothing else."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import InputError
from companion.license_to_kill.cards import FIELDS, cards_from_json, load_csv, load_yaml

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TEXT = st.text(st.characters(codec="utf-8"), max_size=60)
CELLS = st.one_of(
    TEXT, st.sampled_from(["+-5", "-+3", "²", "Evasion:9; Evasion", "Bond", "Henchman", "yes",
                           "Shooting:0", "\ufeff", "-", "9" * 30, "title", '"', "\x00"]),
    st.integers(-10**30, 10**30).map(str))
VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(), TEXT),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8)
ROWS = st.lists(st.dictionaries(st.sampled_from([*FIELDS, "colour", ""]), VALUES, max_size=6),
                max_size=4)


def loads_or_refuses(load, data) -> None:
    try:
        library = load(data)
    except InputError as error:
        assert str(error)
    else:
        assert all(card.title for card in library.values())


@SETTINGS
@given(st.binary(max_size=400))
def test_random_bytes_to_every_loader(raw):
    text = raw.decode("utf-8", errors="replace")
    loads_or_refuses(lambda t: load_csv(t, "fuzz.csv"), text)
    loads_or_refuses(lambda t: load_yaml(t, "fuzz.yaml"), text)


@SETTINGS
@given(st.lists(st.lists(CELLS, max_size=6), min_size=1, max_size=5), st.booleans())
def test_random_csv_rows(rows, header):
    lines = ([",".join(FIELDS[:6])] if header else []) + [",".join(r) for r in rows]
    loads_or_refuses(lambda t: load_csv(t, "fuzz.csv"), "\n".join(lines))


@SETTINGS
@given(ROWS)
def test_random_rows_as_json_and_yaml(rows):
    import yaml

    loads_or_refuses(lambda r: cards_from_json(r, "fuzz.json"), rows)
    try:
        text = yaml.safe_dump(rows, allow_unicode=True)
    except yaml.YAMLError:
        return
    loads_or_refuses(lambda t: load_yaml(t, "fuzz.yaml"), text)


@SETTINGS
@given(st.one_of(VALUES, ROWS.map(lambda r: [*r, 1])))
def test_random_json_values_as_the_cards_option(data):
    loads_or_refuses(lambda d: cards_from_json(d, "fuzz.json"), data)
