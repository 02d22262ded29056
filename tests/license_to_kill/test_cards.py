"""The card library: the Card value, CSV and YAML import/export, validation, the sample."""

from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.license_to_kill import rules
from companion.license_to_kill.cards import (
    Card,
    Library,
    cards_from_json,
    load_csv,
    load_library,
    load_library_text,
    load_yaml,
    sample_library,
    to_csv,
    to_json_rows,
    to_yaml,
)

HEADER = "title,type,pv,cv,provides,requires,bullets,unique,ally,vehicle,film,notes,invented\n"


def test_blank_value_differs_from_zero():
    """Parts of a Card, Physical Value: 'If the value is blank, the card has no PV ...
    If the value is 0, the card has a PV, just an extremely low one.'"""
    lib = load_csv(HEADER + "Jaws,Henchman,10,0,,Evasion:3,,,,,,,\nMap,Location,,,,,,,,,,,\n",
                   "cards.csv")
    assert (lib["Jaws"].pv, lib["Jaws"].cv) == (10, 0)
    assert (lib["Map"].pv, lib["Map"].cv) == (None, None)


def test_icons_with_counts_provided_and_required():
    """Ability Icons: the ten icons, provided (blue/black) and required (red), with counts."""
    lib = load_yaml("- {title: X, type: Bond, provides: {Shooting: 2, Evasion: 1}, "
                    "requires: 'Flying'}\n", "x.yaml")
    assert lib["X"].provides == (("Evasion", 1), ("Shooting", 2))
    assert lib["X"].requires == (("Flying", 1),)
    assert len(rules.ICONS) == 10


def test_csv_round_trip_keeps_every_field():
    cards = list(sample_library().values())
    assert dict(load_csv(to_csv(cards), "out.csv")) == dict(sample_library())


def test_yaml_round_trip_keeps_every_field():
    cards = list(sample_library().values())
    assert dict(load_yaml(to_yaml(cards), "out.yaml")) == dict(sample_library())


def test_json_rows_round_trip_for_the_options():
    assert dict(cards_from_json(to_json_rows(sample_library().values()))) == \
        dict(sample_library())


@pytest.mark.parametrize(("row", "message"), [
    ("Nobody,Hero,1,1,,,,,,,,,", "unknown type 'Hero'"),
    ("Nobody,Bond,1,1,Cunning,,,,,,,,", "unknown icon 'Cunning'"),
    ("Nobody,Bond,seven,1,,,,,,,,,", "PV must be a whole number or blank"),
    ("Nobody,Bond,1,1,,,,maybe,,,,,", "unique must be yes or no"),
    ("Nobody,Bond,1,1,Shooting:0,,,,,,,,", "provides count must be 1"),
    (",Bond,1,1,,,,,,,,,", "a title is 1 to"),
    ("Nobody,Bond,1,1,,,,,,,,,colour", "invented names unknown fields"),
])
def test_broken_rows_name_the_file_and_the_row(row, message):
    """Validation: a clear InputError naming the file and the row (line 3 here)."""
    text = HEADER + "Good,Bond,5,5,,,,,,,,,\n" + row + "\n"
    with pytest.raises(InputError, match=rf"broken\.csv, row 3: .*{message}"):
        load_csv(text, "broken.csv")


def test_duplicate_title_with_different_values_is_refused():
    text = HEADER + "Oddjob,Henchman,9,,,,,,,,,,\nOddjob,Henchman,8,,,,,,,,,,\n"
    with pytest.raises(InputError, match=r"dup\.csv, row 3: 'Oddjob' is already"):
        load_csv(text, "dup.csv")


def test_identical_duplicate_rows_are_one_card():
    text = HEADER + "Oddjob,Henchman,9,,,,,,,,,,\nOddjob,Henchman,9,,,,,,,,,,\n"
    assert len(load_csv(text, "twice.csv")) == 1


def test_merging_into_a_library_is_all_or_nothing():
    """Nothing is half-imported: a bad row leaves the library as it was."""
    library = Library.of([Card("Jaws", "Henchman", 10, 0)])
    incoming = [Card("Oddjob", "Henchman", 9), Card("Jaws", "Henchman", 11, 0)]
    with pytest.raises(InputError, match="already in the library"):
        library.merged(incoming, "new.yaml")
    assert list(library) == ["Jaws"]
    assert set(library.merged(incoming[:1], "new.yaml")) == {"Jaws", "Oddjob"}


def test_yaml_that_is_not_a_card_list_is_refused():
    for text in ("just text", "- [1, 2]", "cards: {a: 1}", "a: [b"):
        with pytest.raises(InputError, match=r"bad\.yaml"):
            load_yaml(text, "bad.yaml")


def test_unknown_column_and_extra_values_are_refused():
    with pytest.raises(InputError, match="unknown column colour"):
        load_csv("title,type,colour\nX,Bond,red\n", "c.csv")
    with pytest.raises(InputError, match="row 2: more values than columns"):
        load_csv("title,type\nX,Bond,extra\n", "c.csv")


def test_file_loader_chooses_by_extension(tmp_path):
    path = tmp_path / "mine.yml"
    path.write_text("- {title: Jaws, type: Henchman, pv: 10, cv: 0}\n")
    assert load_library(path)["Jaws"].pv == 10
    with pytest.raises(InputError, match=r"mine\.txt: a card library is"):
        load_library_text("", "mine.txt")
    with pytest.raises(InputError, match="cannot read"):
        load_library(tmp_path / "missing.csv")


def test_sample_library_holds_the_cards_the_rulebook_names():
    """READING_NOTES: Oddjob PV 9, Jaws PV 10 CV 0 needing 3 Evasion, Tiffany Case PV 3
    CV 5; invented fields marked."""
    lib = sample_library()
    assert lib["Oddjob"].pv == 9
    assert (lib["Jaws"].pv, lib["Jaws"].cv, lib["Jaws"].requires) == (10, 0, (("Evasion", 3),))
    assert (lib["Tiffany Case"].pv, lib["Tiffany Case"].cv) == (3, 5)
    assert lib["Tiffany Case"].requires == (("Savoir Faire", 1),)
    assert "provides" in lib["Tiffany Case"].invented
    assert lib["Vodka Martini"].cv == 3
    assert lib["Pam Bouvier"].type == "Agent" and lib["Pam Bouvier"].ally
    assert all("title" in c.invented for c in lib.values() if c.title.startswith("Sample"))


def test_unique_cards():
    """Unique Cards: 'All Plot cards, except Mission cards, and non-allied Personality cards
    are Unique. Also ... any Q card marked Unique'."""
    lib = sample_library()
    assert lib["Jaws"].is_unique and lib["Goldfinger"].is_unique
    assert not lib["Avenge Felix Leiter"].is_unique
    assert lib["Tiffany Case"].is_unique and not lib["Pam Bouvier"].is_unique
    assert lib["Rosa Klebb's Shoe Knife"].is_unique and not lib["Vodka Martini"].is_unique
    assert not lib["The Navy Hero"].is_unique


# Import files never crash: every malformed file is an InputError naming the file and row.

@pytest.mark.parametrize(("value", "message"), [
    ("+-5", "PV must be a whole number"), ("-+3", "PV must be a whole number"),
    ("²", "PV must be a whole number"), ("5" * 5000, "PV must be a whole number"),
    ("١٢", "PV must be a whole number"),
])
def test_odd_numbers_are_input_errors(value, message):
    with pytest.raises(InputError, match=rf"odd\.csv, row 2: .*{message}"):
        load_csv(f"title,type,pv\nX,Bond,{value}\n", "odd.csv")


def test_a_huge_csv_header_or_field_is_an_input_error():
    with pytest.raises(InputError, match=r"big\.csv, row 1: not a readable CSV"):
        load_csv("title," + "x" * 140_000 + "\n", "big.csv")
    with pytest.raises(InputError, match=r"big\.csv, row 2: not a readable CSV"):
        load_csv('title,type\n"' + "x" * 140_000 + '",Bond\n', "big.csv")


def test_deeply_nested_yaml_and_json_are_input_errors():
    with pytest.raises(InputError, match=r"deep\.yaml"):
        load_yaml("[" * 5000 + "]" * 5000, "deep.yaml")
    nested: object = "x"
    for _ in range(5000):
        nested = [nested]
    with pytest.raises(InputError, match="entry 1"):
        cards_from_json([{"title": "X", "type": "Bond", "invented": nested}])
    with pytest.raises(InputError, match=r"date\.yaml"):
        load_yaml("- {title: 2001-02-30, type: Bond}\n", "date.yaml")
    with pytest.raises(InputError, match=r"long\.yaml: not a readable card file"):
        load_yaml(f"- {{title: X, type: Bond, pv: {'9' * 5000}}}\n", "long.yaml")
    with pytest.raises(InputError, match=r"entry 1: PV must be .* got a very long number"):
        load_yaml(f"- {{title: X, type: Bond, pv: {'9' * 4000}}}\n", "long.yaml")


def test_a_spreadsheet_csv_with_a_byte_order_mark_is_read():
    lib = load_csv("\ufefftitle,type,pv\nJaws,Henchman,10\n", "excel.csv")
    assert lib["Jaws"].pv == 10


def test_a_duplicated_column_or_key_is_refused():
    with pytest.raises(InputError, match=r"dup\.csv, row 1: the column 'pv' is there twice"):
        load_csv("title,type,pv,pv\nX,Bond,1,2\n", "dup.csv")
    with pytest.raises(InputError, match=r"dup\.yaml, line 1: the key 'pv' is there twice"):
        load_yaml("- {title: X, type: Bond, pv: 1, pv: 2}\n", "dup.yaml")


def test_an_icon_listed_twice_beyond_its_cap_is_refused():
    assert load_csv("title,type,provides\nX,Bond,Evasion:2; Evasion\n", "ok.csv")["X"] \
        .provides == (("Evasion", 3),)
    with pytest.raises(InputError, match=r"row 2: provides lists Evasion 10 times; at most 9"):
        load_csv("title,type,provides\nX,Bond,Evasion:5; Evasion:5\n", "icons.csv")


@pytest.mark.parametrize("title", ["Bad\x00Guy", "Bad\x1bGuy", "Bad\u202eGuy", "Bad\u2028Guy"])
def test_control_characters_in_titles_are_refused(title):
    with pytest.raises(InputError, match=r"entry 1: title .* holds control characters"):
        cards_from_json([{"title": title, "type": "Bond"}], "c.json")


def test_notes_are_bounded_and_may_have_several_lines():
    assert load_yaml("- {title: X, type: Bond, notes: \"a\\nb\"}\n", "n.yaml")["X"].notes == "a\nb"
    with pytest.raises(InputError, match="row 2: notes are at most 500 characters"):
        load_csv("title,type,notes\nX,Bond," + "n" * 501 + "\n", "n.csv")
    with pytest.raises(InputError, match="notes hold control characters"):
        cards_from_json([{"title": "X", "type": "Bond", "notes": "a\x07"}])


def test_a_group_replaces_a_card_it_has_corrected():
    """The sample: 'a group should correct them from their cards'."""
    corrected = load_csv("title,type,pv,cv\nOddjob,Henchman,9,4\n", "ours.csv")
    with pytest.raises(InputError, match="already in the library"):
        sample_library().merged(corrected.values(), "ours.csv")
    library = sample_library().merged(corrected.values(), "ours.csv", replace=True)
    assert library["Oddjob"].cv == 4 and sample_library()["Oddjob"].cv == 3
    assert len(library) == len(sample_library())


def test_the_csv_export_runs_no_formula_in_a_spreadsheet_and_imports_back():
    """Issue 36: a title or note a spreadsheet would run as a formula (=, +, -, @, a tab or
    a carriage return first) is marked as text with a ' in "Export the library (CSV)", and
    the import takes the mark off again; a text that begins with ' keeps it."""
    hostile = ('title,type,pv,cv,notes\n"=HYPERLINK(""http://x"",""y"")",Henchman,9,1,+1\n'
               "-5 Agent,Henchman,3,3,@SUM(A1)\n'quoted,Henchman,1,1,\"\tx\"\n")
    library = load_csv(hostile, "mine.csv")
    exported = to_csv(library.values())
    cells = [cell for line in exported.splitlines()[1:] for cell in line.split(",")]
    assert not [c for c in cells if c.lstrip('"').startswith(("=", "+", "-", "@", "\t"))]
    assert dict(load_csv(exported, "out.csv")) == dict(library)
    assert {c.title for c in library.values()} >= {'=HYPERLINK("http://x","y")', "-5 Agent",
                                                   "'quoted"}
