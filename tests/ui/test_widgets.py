"""The UI kit's logic, without a browser."""

from fractions import Fraction

import panel as pn

from companion.ui import ChoicePad, Counter, DicePad, LogView, TapPad, odds_html, tap_button
from companion.ui.dice_pad import REAL
from companion.ui.odds_bar import OUTCOME_COLORS
from companion.ui.template import closed_section, title_css


def test_dice_pad_app_mode_rolls_with_none():
    rolled = []
    pad = DicePad(rolled.append, n_dice=2)
    pad._go.clicks += 1
    assert rolled == [None]


def test_dice_pad_real_mode_waits_for_every_die():
    rolled = []
    pad = DicePad(rolled.append, n_dice=2, mode=REAL)
    assert pad._faces() == [None, None]
    assert pad._go.disabled and pad._go.label == "Tap the dice above"
    pad._rows[0][1].value = 3
    assert pad._go.disabled
    pad._rows[1][1].value = 4
    assert not pad._go.disabled and pad._go.label == "Roll with 3 + 4"
    pad._go.clicks += 1
    assert rolled == [(3, 4)]
    assert pad._faces() == [None, None]  # ready for the next roll


def test_dice_pad_follows_the_number_of_dice():
    pad = DicePad(lambda dice: None, n_dice=1, mode=REAL)
    pad.n_dice = 3
    assert len(pad._rows) == 3


def test_counter_stays_within_bounds():
    counter = Counter(value=1, low=0, high=2, label="Hits")
    counter._step(+1)
    counter._step(+1)
    assert counter.value == 2 and counter._plus.disabled
    counter._step(-5)
    assert counter.value == 0 and counter._minus.disabled


def test_odds_bar_shows_percent_and_fraction():
    html = odds_html("Fire", Fraction(7, 12), "+2 distance")
    assert "58.3%" in html and "(7/12)" in html and "+2 distance" in html


def test_odds_bar_colour_says_good_or_bad_for_the_player():
    assert OUTCOME_COLORS["good"] in odds_html("Bond dodges", Fraction(1, 6))
    bad = odds_html("Bond is startled", Fraction(5, 6), outcome="bad")
    assert OUTCOME_COLORS["bad"] in bad and OUTCOME_COLORS["good"] not in bad


def test_log_view_shows_newest_first_and_disables_undo():
    steps = []
    log = LogView(lambda: steps.append("undo"), lambda: steps.append("redo"))
    assert 'data-tap="undo" disabled' in log.html and "Nothing has happened yet" in log.html
    log._pad.tap("undo")
    assert steps == []  # a disabled step does nothing, even if a stale tap arrives
    log.param.update(lines=["1. first", "2. second"], can_undo=True)
    assert log.html.index("2. second") < log.html.index("1. first")
    assert 'data-tap="undo">' in log.html and 'data-tap="redo" disabled' in log.html
    log._pad.tap("undo")
    log._pad.tap("redo")
    assert steps == ["undo"]


def test_log_view_escapes_lines_and_on_a_phone_has_no_steps():
    log = LogView(lambda: None, lambda: None, steps=False)
    log.param.update(lines=["<img src=x onerror=alert(1)>"], can_undo=True)
    assert "<img" not in log.html and "&lt;img" in log.html
    assert "Undo and Redo are on the shared tablet" in log.html and "data-tap" not in log.html


def test_tap_pad_passes_the_tapped_value_and_escapes_labels():
    tapped = []
    pad = TapPad(tapped.append)
    pad.html = tap_button("1:A1", "<Room>") + tap_button("x", "Off", enabled=False)
    pad.tap("1:A1")
    assert tapped == ["1:A1"]
    assert "&lt;Room&gt;" in pad.html and 'data-tap="x" disabled' in pad.html


def test_choice_pad_presses_a_choice_and_refuses_a_tap_from_a_replaced_drawing():
    chosen, stale = [], []
    pad = ChoicePad(chosen.append, lambda: stale.append(True))
    pad.new_drawing()
    old = pad.tap_for("fire", "Fire")
    pad.new_drawing()
    pad.html = tap_button(pad.tap_for("hold", "Hold"), "Hold")
    pad.tap(old)  # the first drawing's first button: now "Hold" stands there
    assert chosen == [] and stale == [True]
    pad.press("Hold")
    assert chosen == ["hold"] and pad.labels() == ["Hold"]


def test_a_fold_builds_its_contents_once_when_first_opened_and_hides_them_when_closed():
    built = []

    def build():
        built.append(1)
        return pn.pane.HTML("inside")

    fold = closed_section("Saved games", build)
    assert fold.contents == [] and len(fold.objects) == 1  # only its title button
    assert fold.objects[0].name == "▸ Saved games"
    for _ in range(3):
        fold.collapsed = False
        assert fold.objects[0].name == "▾ Saved games" and fold.objects[1].object == "inside"
        fold.collapsed = True
        assert len(fold.objects) == 1
    assert built == [1]


def test_a_section_title_cannot_break_out_of_its_stylesheet():
    css = title_css('a"} body { display: none } :host::after { content: "\\\r\f<x>')
    assert css.count('"') == 2 and "\r" not in css and "\f" not in css and "<" not in css
