"""The UI kit's logic, without a browser."""

from fractions import Fraction

import panel as pn
import pytest

from companion.core.session import Session
from companion.ui import (
    ChoicePad,
    Counter,
    CounterRow,
    DicePad,
    LogView,
    PanelDeck,
    TapPad,
    is_shown,
    odds_html,
    set_shown,
    tap_button,
)
from companion.ui.dice_pad import REAL
from companion.ui.log_view import NEWEST_SHOWN
from companion.ui.odds_bar import OUTCOME_COLORS
from companion.ui.template import closed_section, section


def test_dice_pad_app_mode_rolls_with_none():
    rolled = []
    pad = DicePad(rolled.append, n_dice=2)
    pad._pad.tap("go:0")
    assert rolled == [None]
    pad._pad.tap("go:0")  # a double tap's second names the roll already made
    assert rolled == [None]
    assert 'data-tap="go:1"' in pad._pad.html


def test_dice_pad_real_mode_waits_for_every_die():
    rolled = []
    pad = DicePad(rolled.append, n_dice=2)
    pad._pad.tap("mode:Enter the real dice")
    assert pad.mode == REAL and pad.faces() == [None, None]
    assert not pad.ready and pad.label == "Tap the dice above"
    assert 'data-tap="go:0" disabled' in pad._pad.html
    pad._pad.tap("face:0:3")
    assert not pad.ready
    pad._pad.tap("face:1:4")
    assert pad.ready and pad.label == "Roll with 3 + 4"
    picked = 'aria-pressed="true" type="button" class="act act-primary" data-tap="face:1:4"'
    assert picked in pad._pad.html
    pad._pad.tap("go:0")
    assert rolled == [(3, 4)]
    assert pad.faces() == [None, None]  # ready for the next roll


def test_dice_pad_is_drawn_once_after_the_roll_as_the_roll_left_it():
    """The pad waits for the roll's own changes (the page's next words) and draws once;
    a roll that raises still leaves the pad drawn for the next one."""
    drawn: list[str] = []

    def roll(dice) -> None:
        pad.param.update(verb="Fire at car B", enabled=False)
        if dice == (6, 6):
            raise RuntimeError("refused")

    pad = DicePad(roll, n_dice=2)
    pad._pad.param.watch(lambda event: drawn.append(event.new), "html")
    pad._pad.tap("go:0")
    assert drawn == [pad._pad.html]
    assert 'data-tap="go:1" disabled>Fire at car B: app rolls 2 dice' in drawn[0]
    pad.param.update(enabled=True, mode=REAL)
    for face in ("face:0:6", "face:1:6"):
        pad._pad.tap(face)
    with pytest.raises(RuntimeError):
        pad._pad.tap("go:1")
    assert 'data-tap="go:2" disabled' in pad._pad.html and pad.faces() == [None, None]


def test_dice_pad_ignores_malformed_taps_and_names_its_dice():
    pad = DicePad(lambda dice: None, n_dice=1, mode=REAL, die_names=["<Attacker>"])
    for tap in ("face:0:7", "face:3:2", "face:x:1", "mode:cheat", "go:", "nonsense"):
        pad._pad.tap(tap)
    assert pad.faces() == [None] and pad.mode == REAL
    assert "&lt;Attacker&gt;" in pad._pad.html and "<Attacker>" not in pad._pad.html
    pad._pad.tap("face:0:4")
    assert pad.label == "Roll with <Attacker> 4" and "<Attacker> 4" not in pad._pad.html


def test_named_dice_are_named_on_the_roll_button():
    """License to Kill's duel: "Attack with 4 + 2" did not say whose die was whose."""
    pad = DicePad(lambda dice: None, n_dice=2, mode=REAL, verb="Attack",
                  die_names=["Attacker's die", "Target's die"])
    pad._pad.tap("face:0:4")
    pad._pad.tap("face:1:2")
    assert pad.label == "Attack with attacker's die 4, target's die 2"


def test_dice_pad_follows_the_number_of_dice_and_hides_by_emptying():
    pad = DicePad(lambda dice: None, n_dice=1, mode=REAL)
    pad.n_dice = 3
    assert pad._pad.html.count('aria-label="Die ') == 3
    pad.shown = False
    assert pad._pad.html == ""


def test_counter_stays_within_bounds():
    counter = Counter(value=1, low=0, high=2, label="Hits")
    pad = counter.__panel__()
    pad.tap("+1")
    pad.tap("+1")
    assert counter.value == 2 and 'data-tap="+1" disabled' in pad.html
    counter.step(-5)
    assert counter.value == 0 and 'data-tap="-1" disabled' in pad.html


def test_counter_escapes_its_label_and_hides_by_emptying():
    counter = Counter(label="<b>Hits</b>", hint="Count <them>")
    pad = counter.__panel__()
    assert "&lt;b&gt;Hits" in pad.html and "Count &lt;them&gt;" in pad.html
    counter.shown = False
    assert pad.html == ""


def test_counters_in_a_row_are_one_pad_whose_taps_name_the_counter():
    """Issue 39: a row of counters is one TapPad (a FlexBox of boxed Counters was 2n+1
    Bokeh views); a tap "i:+1" steps the i-th; a malformed tap does nothing."""
    pv, cv = Counter(label="PV", low=-2, high=2), Counter(label="CV", low=-2, high=2)
    row = CounterRow(pv, cv)
    pad = row.__panel__()
    pad.tap("1:+1")
    pad.tap("0:-1")
    assert (pv.value, cv.value) == (-1, 1)
    for tap in ("2:+1", "x:+1", "1:+5", "", "1", "-1:+1"):
        pad.tap(tap)
    assert (pv.value, cv.value) == (-1, 1)
    cv.step(1)  # a counter changed elsewhere is drawn again
    assert 'data-tap="1:+1" disabled' in pad.html and 'data-tap="0:-1"' in pad.html
    cv.shown = False
    assert pad.html.count('class="counter"') == 1


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


def test_a_long_log_shows_its_newest_lines_and_the_whole_log_on_a_tap():
    log = LogView(lambda: None, lambda: None)
    lines = [f"{n}. line {n}" for n in range(1, NEWEST_SHOWN + 21)]
    log.lines = lines
    assert log.html.count('class="log-line"') == NEWEST_SHOWN
    assert f"{len(lines)}. line" in log.html and ">20. line 20<" not in log.html
    assert f"Show all {len(lines)} lines" in log.html
    log._pad.tap("whole")
    assert log.html.count('class="log-line"') == len(lines) and ">1. line 1<" in log.html
    log._pad.tap("newest")
    assert log.html.count('class="log-line"') == NEWEST_SHOWN
    log.lines = lines[:NEWEST_SHOWN]
    assert "Show all" not in log.html and ">1. line 1<" in log.html


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


def test_a_section_title_is_a_heading_and_a_named_region_and_stays_text():
    """Everyone can play (issue 37): a screen reader lists each section by its heading and
    as a region; a title is text, never HTML."""
    from bokeh.document import Document

    title = 'Board <img src=x onerror="alert(1)">'
    root = section(title, pn.pane.HTML("x")).get_root(Document())
    assert root.html_attributes == {"role": "region", "aria-label": title}
    (heading,) = root.elements
    assert heading.html == ('<h2 class="section-title">Board &lt;img src=x '
                            'onerror=&quot;alert(1)&quot;&gt;</h2>')
    fold = closed_section("Saved games", lambda: pn.pane.HTML("x")).get_root(Document())
    assert 'position:absolute' in fold.elements[0].html  # its toggle shows the title


def test_panel_deck_shows_the_asked_panels_and_keeps_the_others_built_and_hidden():
    from bokeh.document import Document

    first, second, third = (pn.pane.HTML(f"<p>{n}</p>") for n in ("one", "two", "three"))
    deck = PanelDeck([first, second, third])
    root = deck.get_root(Document())
    deck.show([third])
    assert deck.objects == [third] and deck.shown() == [third]  # nothing built before needed
    deck.show([first])
    assert deck.objects == [first, third] and deck.shown() == [first]  # in the deck's order
    assert third.styles["content-visibility"] == "hidden"
    model = third._models[root.ref["id"]][0]
    deck.show([third])
    assert third._models[root.ref["id"]][0] is model  # the same Bokeh model, not rebuilt
    assert third.styles["content-visibility"] is None and not is_shown(first)
    deck.join_all()  # after the first render: every panel built, the shown one still shown
    assert deck.objects == [first, second, third] and deck.shown() == [third]


def test_set_shown_sends_nothing_when_nothing_changes():
    button = pn.widgets.Button(label="Go")
    changes = []
    button.param.watch(changes.append, "styles")
    set_shown(button, True)
    assert changes == [] and is_shown(button)
    set_shown(button, False)
    set_shown(button, False)
    assert len(changes) == 1 and not is_shown(button)


def test_a_pad_change_reaches_its_model_and_a_stylesheet_change_keeps_the_design():
    from bokeh.document import Document

    from companion.ui import TapPad

    pad = TapPad(lambda _tap: None, html="<p>one</p>", design=pn.theme.Material)
    root = pad.get_root(Document())
    model = pad._models[root.ref["id"]][0]
    design_sheets = len(model.stylesheets)
    assert design_sheets > 1  # the design's own sheets are there to keep
    pad.html = "<p>two</p>"  # skips the design look-up (QuickJSComponent)
    assert model.data.html == "<p>two</p>"
    pad.stylesheets = [":host { color: red; }"]  # still merged with the design's own
    assert len(model.stylesheets) == design_sheets + 1


def test_saved_games_opened_again_lists_the_game_as_it_is_now(store):
    """A probe saw "0 actions" beside a game 86 actions on, and "Imported" long after."""
    from companion.dice_lab.dashboard import DiceLabDashboard
    from companion.dice_lab.engine import Check

    dash = DiceLabDashboard(store=store, session=Session("dice_lab", store=store))
    card = dash.saved_games_section()
    card.collapsed = False
    dash.picker._show("Imported.")
    card.collapsed = True
    for _ in range(3):
        dash.act(Check(2, 7))
    card.collapsed = False
    assert any("3 actions" in label for label in dash.picker._saved.options)
    assert dash.picker._status.object == ""


def test_saved_games_left_open_follow_the_game_played_on(store):
    """A newcomer left the saved games open and played on: the list said "0 actions" beside
    the game in progress, an hour's play later. One action is "1 action"."""
    from companion.dice_lab.dashboard import DiceLabDashboard
    from companion.dice_lab.engine import Check

    dash = DiceLabDashboard(store=store, session=Session("dice_lab", store=store))
    dash.saved_games_section().collapsed = False
    assert any(" · 0 actions · " in label for label in dash.picker._saved.options)
    dash.act(Check(2, 7))
    assert any(" · 1 action · " in label for label in dash.picker._saved.options)
    dash.act(Check(2, 7))
    assert any(" · 2 actions · " in label for label in dash.picker._saved.options)
    assert list(dash.picker._saved.options.values()) == [dash.session.id]
    assert dash.picker._saved.value == dash.session.id


def test_a_closed_saved_games_list_is_left_alone_until_opened(store):
    """Closed, the list costs a tap nothing; opened again, it is read again."""
    from companion.dice_lab.dashboard import DiceLabDashboard
    from companion.dice_lab.engine import Check

    dash = DiceLabDashboard(store=store, session=Session("dice_lab", store=store))
    card = dash.saved_games_section()
    card.collapsed = False
    card.collapsed = True
    before = dict(dash.picker._saved.options)
    dash.act(Check(2, 7))
    assert dash.picker._saved.options == before
    card.collapsed = False
    assert any(" · 1 action · " in label for label in dash.picker._saved.options)


def test_a_new_game_started_within_the_minute_of_the_last_is_listed_apart(store):
    """Two games alike ("Dice Lab · 0 actions · 06 Dec 11:09") were one line: the new
    game's line took the old one's id, and the list offered the old game as the one in
    play (found by a browser test of the list following the game)."""
    from companion.dice_lab.dashboard import DiceLabDashboard
    from companion.dice_lab.engine import Check

    dash = DiceLabDashboard(store=store, session=Session("dice_lab", store=store))
    dash.saved_games_section().collapsed = False
    first = dash.session.id
    dash.picker._new(None)
    options = dash.picker._saved.options
    assert sorted(options.values()) == sorted([first, dash.session.id])
    assert len(set(options)) == 2 and any(line.endswith(" (2)") for line in options)
    assert dash.picker._saved.value == dash.session.id
    dash.act(Check(2, 7))  # the game in play follows, the other keeps its line
    lines = {session_id: line for line, session_id in dash.picker._saved.options.items()}
    assert " · 1 action · " in lines[dash.session.id] and " · 0 actions · " in lines[first]


def test_a_tally_of_long_names_slants_them_under_the_bars():
    """Golden Gun's nine blue cards' names ran into each other under the chart: long names
    are slanted and the chart grows to hold them; the dice's faces stay upright."""
    from fractions import Fraction

    import holoviews as hv

    from companion.core.tally import Tally
    from companion.golden_gun import rules as golden_gun
    from companion.ui.tally_view import tally_chart

    def drawn(kinds) -> dict:
        bars = tally_chart(Tally("card", "cards", "a fair shuffle", dict.fromkeys(kinds, 1),
                                 dict.fromkeys(kinds, Fraction(1))), "card").get(0)
        return hv.Store.lookup_options("bokeh", bars, "plot").kwargs

    blues, faces = drawn(golden_gun.BLUE_KINDS), drawn("123456")
    assert blues["xrotation"] and blues["height"] > faces["height"]
    assert not faces["xrotation"]
