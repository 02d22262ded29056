"""The Golden Gun dashboard's logic without a browser (Panel objects are plain Python)."""

import json
import re
from dataclasses import replace
from html import escape

from companion.core.session import Session
from companion.golden_gun import GAME, bot, engine, rules
from companion.golden_gun.dashboard import GoldenGunDashboard, MazeView
from companion.golden_gun.dashboard.words import TRACKER_CSS
from companion.golden_gun.effects import house_table
from companion.ui.odds_bar import OUTCOME_COLORS


def make(store, seed: int = 3, **options) -> GoldenGunDashboard:
    dash = GoldenGunDashboard(store=store, session=Session(GAME, options, seed=seed, store=store))
    dash.__panel__()
    return dash


def labels(dash: GoldenGunDashboard) -> list[str]:
    labels = dash.action_labels()
    for label in labels:  # what the browser gets: one button per action
        assert f'data-tap="{dash._actions.tap_of(label)}">{escape(label)}</button>' in \
            dash._actions.html
    return labels


def test_a_companion_room_shows_the_startle_chance_before_the_roll_and_the_cause_after(store):
    dash = make(store)
    assert "Bullets: 7" in dash._tracker.html and "Wounds: 0 of 5" in dash._tracker.html
    dash.move("1:A1")
    assert dash.state.phase == "read"
    assert labels(dash) == [str(n) for n in sorted(rules.DEFAULT_GREEN_DECK)]
    dash.do(engine.ReadGreen(7))
    assert "Green card 7: Bond is startled" in dash._odds.html
    assert "41.7%" in dash._odds.html and "58.3%" in dash._odds.html
    assert dash.dice.verb == "Roll against the green card"
    dash.roll((6, 6))
    assert "rolled 6+6 = 12, more than 7: Bond is startled" in dash._verdict.html
    assert "Bullets: 6" in dash._tracker.html
    # Step 4: the upper half is still on top, so the special cards are not offered.
    shown = labels(dash)
    assert not any(label.startswith(("Solex", "Scaramanga (", "Nick Nack")) for label in shown)
    assert "Mannequin (33.3%)" in shown


def test_buttons_are_the_legal_actions_and_refusals_change_nothing(store):
    dash = make(store, mode="solo")
    assert labels(dash) == ["Set up: shuffle the cards, lay the first section"]
    dash.do(engine.SetUp())
    targets = set(dash.state.move_targets())
    enabled = {room for room, (_, _, tappable) in dash.maze.cells.items() if tappable}
    assert enabled == targets and set(dash.maze.cells) == set(dash.state.maze.rooms)
    for room in targets:
        assert f'data-tap="{room}">{room}</button>' in dash.maze.pad.html
    inner = next(r for r in dash.state.maze.rooms if r not in targets)
    before = dash.session.log
    dash.move(inner)
    assert "along an edge" in dash.message and dash.session.log == before
    dash.move(sorted(targets)[0])
    assert dash.maze.cells[sorted(targets)[0]][:2] == ("007", "bond")
    assert not dash.message and len(dash.log.lines) == 2
    dash.undo()
    assert len(dash.log.lines) == 2 and dash.log.can_redo
    assert dash.log.lines[-1].startswith("— Undone by the table: Bond moves into")
    dash.redo()
    assert dash.state.room == sorted(targets)[0]


def test_fire_and_hold_show_both_chances_and_the_advice(store):
    dash = make(store)
    dash.move("1:A1")
    dash.do(engine.ReadGreen(9))
    dash.roll((1, 1))
    if dash._future is not None:  # the whole-search figures, from the worker process
        dash._future.result(timeout=120)
    advice = bot.advise(dash.state)
    assert "(by the whole search)" in advice.text
    assert advice.text.replace("'", "&#x27;") in dash._odds.html
    shown = labels(dash)
    assert any(label.startswith("Fire on purpose (1 bullet): ") for label in shown)
    assert any(label.startswith("Hold fire: ") and "survives" in label for label in shown)


def test_the_whole_search_figure_is_worked_out_once_per_deck_and_ammo(store):
    dash = make(store, mode="solo")
    dash.do(engine.SetUp())
    if dash._future is not None:  # else another test already worked out this very deck
        dash._future.result(timeout=60)
    assert "killed before he finds the Solex Agitator" in dash.survival
    assert "within about 0.3 points" in dash.survival
    first = dash._future
    room = sorted(dash.state.move_targets())[0]
    dash.move(room)  # the deck, the bullets and the wounds are unchanged: no new work
    assert dash._future is first
    dash.undo()
    dash.redo()
    assert dash._future is first


def test_set_up_offers_both_modes_the_sheet_and_a_checked_table(store, tmp_path):
    dash = make(store)
    dash.setup_mode = "solo"
    dash.start_new_game()
    assert dash.state.config.mode == "solo" and dash.state.phase == "setup"
    assert "Started a new solo game." in dash.setup_status
    dash.setup_mode, dash.setup_effects = "companion", "sheet"
    dash.start_new_game()
    assert dash.state.config.table is None
    assert "printed sheet" in dash.survival

    dash.load_table("ours.json", b'{"cards": {"Mirror": {"fire": [{"effect": "explode"}]}}}')
    assert dash.setup_status.startswith("Not loaded: effect table ours.json")
    assert dash.setup_table is None
    dash.setup_effects = "own"
    dash.start_new_game()
    assert "Choose your table file first" in dash.setup_status

    table = house_table().to_json()
    table["name"], table["house_rule"] = "Our sheet", False
    dash.load_table("ours.json", json.dumps(table).encode())
    assert "Loaded the table “Our sheet”" in dash.setup_status
    dash.start_new_game()
    assert dash.state.config.table.name == "Our sheet"
    assert "house rule" not in dash._progress.html.split("Blue card effects:")[1]


def test_sheet_mode_taps_the_printed_effects(store):
    dash = make(store, effects="sheet")
    dash.move("1:A1")
    dash.do(engine.ReadGreen(7))
    dash.roll((1, 1))
    dash.do(engine.Hold())
    dash.do(engine.Reveal("Mirror"))
    assert dash.state.phase == "sheet" and dash.amount.shown
    dash.amount.value = 2
    dash.do(engine.ApplyEffect("gain_bullets"))
    assert dash.state.ammo == 9
    dash.do(engine.EndCard())
    assert dash.state.phase == "move"


def test_a_finished_game_says_who_won_and_offers_no_more_moves(store):
    dash = make(store, seed=11, mode="solo")
    play_by_the_bot(dash, until=lambda state: state.is_over)
    assert dash.state.is_over
    assert "game-over" in dash._step_view.html
    assert dash.state.result in dash._step_view.html
    assert dash.tap_actions() == [] and not dash.dice.shown


def test_a_tap_on_an_action_button_plays_that_action_and_a_stale_tap_nothing(store):
    """The action buttons are one ChoicePad: a tap names the drawing it was made on."""
    dash = make(store)
    dash.maze.pad.tap("1:A1")  # a tap on the maze moves Bond
    assert dash.state.room == "1:A1" and dash.state.phase == "read"
    stale = dash._actions.tap_of("7")
    dash.revision += 1  # the page is drawn again before the tap arrives
    dash._actions.tap(stale)
    assert dash.state.phase == "read" and "tap again" in dash.message
    dash._actions.tap(dash._actions.tap_of("7"))
    assert dash.state.green == 7 and not dash.message


def test_bad_outcomes_have_red_bars_and_good_ones_green(store):
    """Odds bars are coloured by meaning: being startled or shot is red, keeping calm or
    dodging green (the kit's odds_html outcome colours)."""
    red, green = OUTCOME_COLORS["bad"], OUTCOME_COLORS["good"]
    dash = make(store)
    dash.move("1:A1")
    assert f"background:{red}" in dash._odds.html  # an unseen green card startles Bond
    assert f"background:{green}" not in dash._odds.html
    dash.do(engine.ReadGreen(7))
    calm, startled = dash._odds.html.split("Bond is startled")
    assert f"background:{green}" in calm and f"background:{red}" in startled


def test_the_next_card_chart_is_html_bars_with_every_figure_written(store):
    """The next blue card's odds: one bar per kind in the deck, its percentage beside it;
    the special cards say 'not yet' while the upper half lasts."""
    dash = make(store)
    chart = dash._chart.html
    assert chart.count('class="next-card"') == len(rules.DEFAULT_BLUE_DECK)
    assert "33.3%" in chart and chart.count("not yet") == len(rules.SPECIAL_KINDS)


def play_by_the_bot(dash: GoldenGunDashboard, until) -> None:
    """Tap what the simple policy chooses until `until(state)` (at most 500 taps)."""
    for _ in range(500):
        if until(dash.state) or dash.state.is_over:
            return
        action = bot.choose_action(dash.state)
        if isinstance(action, engine.Move):
            dash.move(action.room)
        elif isinstance(action, engine.ROLLED):
            dash.roll(None)
        else:
            dash.do(action)
        assert not dash.message, dash.message


def test_with_the_solex_in_an_edge_room_the_only_choice_is_the_exit_search(store):
    """Ending the Game: 'He must look for an exit until he finds one': the maze offers no
    room and the dice pad offers the search (seed 2000: a game the bot reaches the exit in)."""
    dash = make(store, seed=2000, mode="solo")
    play_by_the_bot(dash, lambda state: state.must_search)
    assert dash.state.must_search
    assert not any(tappable for _, _, tappable in dash.maze.cells.values())
    assert "must look for the exit here" in dash.maze.pad.html
    assert "must look for the exit in" in dash._step_view.html
    assert dash.tap_actions() == [] and dash.dice.verb == "Look for the exit"
    before = dash.session.log
    dash.move(dash.state.maze.neighbours(dash.state.room)[0])
    assert "must look for an exit until he finds one" in dash.message
    assert dash.session.log == before


def test_the_maze_says_what_companion_mode_cannot_check_and_the_scaramanga_house_rule(store):
    """Companion mode says plainly that moves are not checked; a Scaramanga left in a room
    is shown with the house rule that he does not chase Bond."""
    dash = make(store)
    assert "does not check that rooms connect" in dash.maze.pad.html
    maze = MazeView(lambda room: None)
    maze.show(replace(dash.state, blues={"1:B2": rules.SCARAMANGA}))
    assert maze.cells["1:B2"][1] == "scaramanga"
    assert f"<b>House rule:</b> {escape(rules.HOUSE_RULE_NOTES['scaramanga'])}" in maze.pad.html


def _setup_texts_and_pads(dash: GoldenGunDashboard) -> tuple[str, list]:
    """The set-up section's text, and its pads (the choices' buttons)."""
    texts, pads = [], []

    def walk(obj):
        for text in (getattr(obj, "object", None), getattr(obj, "html", None)):
            if isinstance(text, str):
                texts.append(text)
        if hasattr(obj, "tap") and hasattr(obj, "html"):
            pads.append(obj)
        for child in getattr(obj, "objects", []):
            walk(child)

    walk(dash._setup_section)
    return " ".join(texts), pads


def _press(pads: list, label: str) -> None:
    """Tap the one button of the set-up's pads with these words."""
    taps = [(pad, tap) for pad in pads
            for tap in re.findall(rf'data-tap="([^"]+)">{re.escape(escape(label))}</button>',
                                  pad.html)]
    assert len(taps) == 1, label
    pad, tap = taps[0]
    pad.tap(tap)


def test_the_exit_readings_are_house_rules_chosen_at_set_up(store):
    """Ending the Game, Escaping: the app's two readings (he moves before his first search;
    'twice in a row' counts searches) are labelled house rules and switchable for a new game;
    a new solo section's fixed grid is labelled too."""
    dash = make(store)
    text, pads = _setup_texts_and_pads(dash)
    for key in ("exit_after_moving", "exit_repeat", "section_grid"):
        assert escape(rules.HOUSE_RULE_NOTES[key]) in text
    assert "House rule:</b> " + escape(rules.HOUSE_RULE_NOTES["exit_repeat"]) in text
    _press(pads, "He may look where he found it")
    _press(pads, "Two searches without leaving the room")
    assert 'aria-pressed="true" type="button" class="act act-primary" ' \
        'data-tap="setup_exit_repeat:1"' in pads[1].html  # the pad shows the choice made
    dash.start_new_game()
    assert dash.session.options["exit_after_moving"] is False
    assert dash.state.config.exit_repeat == "visits" and not dash.state.config.exit_after_moving


def test_the_next_room_figure_is_a_lower_bound_when_rooms_outnumber_green_cards(store):
    """The next-room survival figure is exact for a room with a green card; with 12 rooms a
    section (48 rooms, 32 green cards) some rooms hold no card, so it says 'at least'."""
    exact = make(store, mode="solo")
    exact.do(engine.SetUp())
    assert "Survives the next new room" in exact._odds.html
    assert "exact: the next blue card" in exact._odds.html
    short = make(store, mode="solo", section_rooms=12)
    short.do(engine.SetUp())
    assert "Survives the next new room: at least" in short._odds.html
    assert "a lower bound" in short._odds.html


def contrast(first: str, second: str) -> float:
    """WCAG 2 contrast ratio of two '#rrggbb' colours."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
                   for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_is_computed_as_wcag_says():
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#777777", "#ffffff"), 2) == 4.48


def test_the_maze_colours_that_carry_meaning_meet_wcag_aa(store):
    """Walls, a blue card left in a room, rooms and entered rooms differ by at least 3:1
    (WCAG AA for graphics) so anyone tells them apart; every cell's label is 4.5:1 on its
    colour (AA for text); the legend names each look."""
    from companion.golden_gun import dashboard

    for pair, (first, second) in dashboard.MEANING_PAIRS.items():
        assert contrast(first, second) >= 3, pair
    for look, (background, text) in dashboard.CELL_LOOKS.items():
        assert contrast(background, text) >= 4.5, look
    dash = make(store, mode="solo")
    legend = dash.maze.pad.html
    for words in ("wall", "room not entered", "entered (striped)", "blue card left in the room",
                  "Scaramanga (gold ring)"):
        assert words in legend
    assert dashboard.ENTERED_STRIPES in legend  # the swatch is striped as the cells are


def test_switching_between_companion_and_solo_is_on_the_play_card_once_a_game_began(store):
    dash = make(store)
    dash.move("1:A1")
    played = dash.session.id
    assert dash._switch.label.startswith("Switch to solo") and dash._switch.visible
    dash.switch_mode()
    assert dash.state.config.mode == "solo" and dash.session.id != played
    assert played in [record.id for record in store.list_sessions("golden_gun")]
    assert dash._switch.label.startswith("Switch to companion")
    dash.switch_mode()
    assert dash.state.config.mode == "companion"


def test_the_bullet_track_and_wounds_are_read_not_tapped(store):
    tracker = make(store)._tracker.html
    assert "<button" not in tracker and "background" not in tracker + TRACKER_CSS  # no boxes
    assert "Bullets: 7" in tracker and "Wounds: 0 of 5" in tracker


def test_every_room_of_the_maze_says_to_a_screen_reader_what_its_colour_shows(store):
    """Everyone can play (issue 37): a room's button is named by its room and what its
    colour means (Bond, entered, a card), and says where Bond may move."""
    dash = make(store, mode="solo")
    dash.do(engine.SetUp())
    first = sorted(dash.state.move_targets())[0]
    assert f'aria-label="{first}, a green card lies face down, Bond may move here"' \
        in dash.maze.pad.html
    dash.move(first)
    assert f'aria-label="{first}, Bond is here"' in dash.maze.pad.html
    assert 'role="group" aria-label="The maze"' in dash.maze.pad.html
