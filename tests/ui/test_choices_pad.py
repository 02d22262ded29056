"""A form of choices drawn in one pad (`companion.ui.choices_pad`): a tap picks the option
it names, the form shows what it is told, and nothing else a page could send picks one."""

import pytest

from companion.core.errors import InputError
from companion.ui.choices_pad import Choice, ChoicesPad

HOUSE = [Choice("fire", {"Yes": True, "No": False}, label="<b>house rule:</b> Fire &amp; run",
                beside=True),
         Choice("mode", {"Tracker": "tracker", "Map": "map"}, heading="How do you play?",
                note="The map needs a board.")]


def form(chosen: list):
    return ChoicesPad(HOUSE, {"fire": False, "mode": "tracker"},
                      lambda key, value: chosen.append((key, value)))


def test_a_tap_picks_the_option_it_names_and_the_form_shows_what_it_is_told():
    chosen: list = []
    pad = form(chosen)
    assert 'aria-pressed="true" type="button" class="act act-primary" data-tap="fire:1"' \
        in pad.pad.html  # "No" is shown chosen
    pad.pad.tap("mode:1")
    assert chosen == [("mode", "map")]
    assert 'aria-pressed="false" type="button" class="act act-default" data-tap="mode:1"' \
        in pad.pad.html  # the caller decides whether the choice stands
    pad.show(mode="map")
    assert 'aria-pressed="true" type="button" class="act act-primary" data-tap="mode:1"' \
        in pad.pad.html
    pad.pad.tap("mode:1")
    pad.choose("fire", False)
    assert chosen == [("mode", "map")]  # the options already shown: no change


def test_each_choice_is_a_named_group_with_its_heading_and_note():
    html = form([]).pad.html
    assert '<div class="choice-label" id="choice-fire"><b>house rule:</b> Fire &amp; run' \
        '</div><div class="bar" role="group" aria-labelledby="choice-fire">' in html
    assert '<h3 id="choice-mode">How do you play?</h3>' in html
    assert '<div class="bar" role="group" aria-labelledby="choice-mode">' in html
    bare = ChoicesPad([Choice("plain", {"A": 1, "B": 2})], {"plain": 1}, print).pad.html
    assert '<div class="bar" role="group"><button' in bare  # nothing to name it by
    assert '<div class="choice-note">The map needs a board.</div>' in html


@pytest.mark.parametrize("tap", ["", "fire", "fire:2", "fire:-1", "nope:0", "fire:1:0",
                                 "fire:٣", ":0", "mode:99999999999999999999"])
def test_a_tap_this_form_did_not_draw_picks_nothing(tap):
    chosen: list = []
    form(chosen).pad.tap(tap)
    assert chosen == []


@pytest.mark.parametrize("key, value", [("fire", "yes"), ("nope", True), ("mode", None),
                                        ("<b>", "\x00")])
def test_choosing_an_option_the_form_lacks_is_refused_in_words(key, value):
    chosen: list = []
    with pytest.raises(InputError, match="no choice"):
        form(chosen).choose(key, value)
    assert chosen == []
