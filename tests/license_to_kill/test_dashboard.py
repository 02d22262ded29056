"""The License to Kill dashboard's logic without a browser: it drives a Session and shows
the table as a shared screen may see it."""

from __future__ import annotations

import re

import panel as pn
import pytest

from companion.core.dice import percent
from companion.core.session import Session
from companion.license_to_kill import GAME
from companion.license_to_kill.dashboard import LicenseToKillDashboard, parse_deck
from companion.license_to_kill.engine import HenchmanAttack, NextStep, PlacePlot, Setup
from companion.license_to_kill.odds import henchman_attack
from companion.ui import is_shown
from companion.ui.review_file import side_colours
from companion.ui.template import sections_of

from .helpers import options


def make(store, players: int = 2, **house) -> LicenseToKillDashboard:
    session = Session(GAME, options(players, **house), seed=5, store=store)
    return LicenseToKillDashboard(store=store, session=session)


def set_up(board: LicenseToKillDashboard, *setups: tuple[str, str, str]) -> None:
    for mission, villain, bond in setups:
        board.setup.mission.value, board.setup.villain.value = mission, villain
        board.setup.bond.value = bond
        board.setup.set_up()
        assert board.message == ""


def to_step(board: LicenseToKillDashboard, step: str) -> None:
    for _ in range(12):
        if board.state.turn.step_name == step:
            return
        board.next_step(no_plot_card=board.state.turn.step_name == "Develop Plot Zone")
    raise AssertionError(f"never reached {step}")


def text_of(part) -> str:
    """The HTML of a pane or of a box (text that changes with the game is in a box)."""
    return part.html if hasattr(part, "html") else part.object


def shown(board: LicenseToKillDashboard) -> str:
    """Everything the shared screen shows as text: table, log, choices, status."""
    parts = [board.tableau.table.html, board.status.html, board.verdict.html,
             board.tableau.points.html, *board.log.lines, *board.piece_names().values()]
    for widget in (board.develop.where, board.mission.plot, board.mission.bond,
                   board.attack.attacker, board.attack.target):
        parts += list(widget.options)
    return "\n".join(parts)


def test_setup_is_checked_by_the_engine_and_refusals_are_words(store):
    board = make(store)
    assert "Setting up" in board.status.html and "P0 next" in board.status.html
    set_up(board, ("M1", "V1", "B1"))
    board.setup.mission.options = {"M1": "M1"}
    board.setup.mission.value = "M1"
    assert board.setup.villain.value == ""  # P0's face-down Villain did not stay on screen
    board.setup.set_up()
    assert "Choose the Villain first" in board.message
    board.setup.villain.value = "V1"
    board.setup.set_up()
    assert "different Missions" in board.message
    assert len(board.session.actions) == 1
    set_up(board, ("M2", "V2", "B2"))
    assert board.state.turn is not None
    assert "Turn 1: <b>P0</b> · Draw Cards" in board.status.html
    assert 'class="step step-now"' in board.steps.html


def test_face_down_cards_are_never_named_on_the_shared_screen(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    board.next_step()
    board.develop.card.value = "H1"
    board.develop.face.value = "Face down"
    assert "Main Plot 1: on top, above a face-down card" in board.develop.where.options
    board.develop.where.value = (0, 2)
    board.develop.place()
    assert board.state.players[0].zone[0][2].title == "H1"
    assert board.develop.card.value == "" and board.develop.face.value == "Face up"
    text = shown(board)
    for hidden in ("H1", "V1", "V2"):
        assert hidden not in text
    assert text.count("face down") >= 3


def test_a_henchman_attack_shows_the_odds_before_and_the_cause_after(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    board.next_step()
    board.develop.card.value = "H1"
    board.develop.where.value = (0, 2)
    board.develop.place()
    to_step(board, "Henchman Attack")
    duel = board.attack
    assert list(duel.attacker.options.values()) == [board.state.players[0].zone[0][2].id]
    html = duel.odds.html
    chances = henchman_attack(9, 4)  # H1 PV 9 against B2 PV 4
    assert f"({chances['attacker'].numerator}/{chances['attacker'].denominator})" in html
    assert "Die modifiers: attacker +5, target +0 (attacker higher by 5)" in html
    duel.target_bonus.value = 6
    assert is_shown(duel.no_dice) and not duel.dice.enabled
    duel.target_bonus.value = 0
    duel.roll((1, 6))
    assert "a tie" in board.verdict.html or "loses" in board.verdict.html
    assert board.state.turn.attacks == 1
    assert "This turn's Henchman Attack is done." in text_of(board.step_objects()[0])


def test_the_attack_result_is_applied_with_real_dice(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    board.next_step()
    board.develop.card.value = "H1"
    board.develop.where.value = (0, 2)
    board.develop.place()
    to_step(board, "Henchman Attack")
    board.attack.roll((2, 6))  # 2 + 5 = 7 against 6: the target loses
    target = board.state.players[1].agency[0]
    assert target.demotions == 1
    assert "B2 is Demoted" in board.verdict.html
    assert "Demoted" in board.tableau.table.html
    assert isinstance(board.session.actions[-1], HenchmanAttack)
    assert board.session.actions[-1].dice == (2, 6)


def test_an_intrigue_attack_or_charm_lists_what_the_engine_allows(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    duel = board.attack_charm
    duel.kind.value = "Charm"
    names = board.short_names()
    assert {names[i] for i in duel.attacker.options.values()} >= {"B2"}
    duel.attacker.value = board.state.players[1].agency[0].id  # B2, CV 6
    duel.target.value = board.state.players[0].agency[0].id  # B1, CV 4
    assert "Die modifiers: attacker +2" in duel.odds.html
    duel.roll((1, 5))  # 3 against 5: the attacker loses and is discarded
    assert board.state.players[1].agency == ()
    assert "Action discard: 1 card" in board.tableau.table.html


def test_an_assignment_overcomes_a_plot_and_the_game_ends_at_60(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("Big", "V2", "B2"))
    to_step(board, "On Assignment")
    board.mission.bond.value = board.state.players[0].agency[0].id
    board.mission.plot.value = (1, 0)
    assert "1 card still face down" in board.mission.preview.html
    board.mission.start()
    assert board.state.assignment is not None
    labels = [getattr(o, "label", "") for o in board.step_objects()]
    assert "Everyone has passed: reveal the bottom-most face-down card" in labels
    board.assignment.intrigue.side.value = "plot"
    board.assignment.intrigue.icons["Flying"].value = 1
    board.assignment.intrigue.play()
    assert "Flying" in text_of(board.step_objects()[1]) and "missing 1" in \
        text_of(board.step_objects()[1])
    board.assignment.intrigue.side.value = "team"
    board.assignment.intrigue.icons["Flying"].value = 1
    board.assignment.intrigue.name.value = "Out of the Blue"
    board.assignment.intrigue.play()
    board.assignment.proceed()
    assert "Revealed V2" in board.verdict.html
    board.assignment.proceed()
    assert board.state.is_over
    assert "Game over." in board.status.html and "P0 wins" in board.status.html
    assert board.step_objects() == []
    assert board.state.points()[0] >= 60
    board.undo()
    assert not board.state.is_over and board.log.can_redo


def test_a_failed_assignment_demotes_bond(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    to_step(board, "On Assignment")
    board.mission.bond.value = board.state.players[0].agency[0].id
    board.mission.plot.value = (1, 0)
    board.mission.start()
    board.assignment.intrigue.side.value = "plot"
    board.assignment.intrigue.pv.value = 9
    board.assignment.intrigue.play()
    assert "Everyone has passed: the Main Plot is not Overcome" in [
        getattr(o, "label", "") for o in board.step_objects()]
    board.assignment.proceed()
    assert board.state.players[0].agency[0].demotions == 1


def test_briefing_shows_who_wins_a_personality_over(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    to_step(board, "Assignment Briefing")
    board.briefing.card.value = "P2"  # PV 9, CV 9: B1 has 6 and 4
    assert "Not allowed now:</b> P2 is not won over" in board.briefing.win_over.html
    assert "no Bond card meets it" in board.briefing.win_over.html
    assert board.briefing.go.disabled  # refused: disabled, the reason beside it
    board.briefing.card.value = "P1"  # PV 3, CV 5, Savoir Faire
    assert "CV 5: <b" in board.briefing.win_over.html
    board.briefing.card.value = "B3"
    board.briefing.add()
    assert [p.title for p in board.state.players[0].agency] == ["B1", "B3"]
    board.briefing.card.value = "P1"
    win_over = board.briefing.win_over.html
    assert "Allowed." in win_over and "met by B3" in win_over
    assert not board.briefing.go.disabled
    board.q_form.card.value = "Q1"
    board.q_form.holder.value = board.state.players[0].agency[0].id
    board.q_form.attach()
    assert board.state.players[0].agency[0].attached[0].title == "Q1"
    assert "+ Q1" in board.tableau.table.html


def test_the_race_and_the_ledger_follow_the_points(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    assert board.state.race() == [[0, 5, 5], [0, 0, 5]]
    assert "P0</b>: 5 Plot Points" in board.tableau.points.html
    assert "+5: M1 face up in the Plot Zone" in board.tableau.points.html
    chart = board.race.pane.object
    assert chart.count('class="race-line"') == 2 and "60 wins" in chart
    assert "P0: 5" in chart and "P1: 5" in chart
    assert "2 changes to the Plot Points" in chart  # not "ledger change (2)"
    # Each player in the review chart's colour (the race drew P0 red, the review blue),
    # and the last total a step of its own: P1's rise to 5 was a tick at the right edge.
    colours = side_colours(("P0", "P1"))
    lines = re.findall(r'class="race-line" points="([^"]*)" fill="none" stroke="([^"]*)"',
                       chart)
    assert [stroke for _points, stroke in lines] == [colours["P0"], colours["P1"]]
    p1 = [tuple(map(float, xy.split(","))) for xy in lines[1][0].split()]
    (x_rise, y_top), (x_end, y_end) = p1[-2], p1[-1]
    assert y_end == y_top and x_end - x_rise > 100  # of a 480-wide chart, three steps
    assert f'border-left:6px solid {colours["P0"]}' in board.tableau.table.html


def test_import_is_all_or_nothing_with_the_file_and_row_named(store):
    board = make(store)
    lib = board.library_view
    size = len(board.library)
    lib.import_library(b"title,type,pv\nNew Guy,Henchman,7\nBad,Gizmo,1\n", "mine.csv")
    assert "Not imported" in lib.import_status.object
    assert "mine.csv, row 3" in lib.import_status.object
    assert len(board.library) == size and not lib.imported
    lib.import_library(b"- title: New Guy\n  type: Henchman\n  pv: seven\n", "mine.yaml")
    assert "PV must be a whole number" in lib.import_status.object
    lib.import_library(b"title,type,pv\nNew Guy,Henchman,7\n", "mine.csv")
    assert "Imported 1 card from" in lib.import_status.object
    assert len(board.library) == size + 1 and "New Guy" in lib.library_table.object
    assert any(row["title"] == "New Guy" for row in board.new_options()["cards"])
    board.start_new_game()
    assert "New Guy" in board.state.library


def test_the_deck_checker_lists_every_problem(store):
    lib = make(store).library_view
    lib.action_deck.value = "3 The Navy Hero\nTime Bomb"
    lib.plot_deck.value = "Oddjob\nJaws"
    problems = lib.check_the_decks()
    assert "the Action deck has 4 cards; it must have 60" in problems["action"]
    assert any("3 copies of 'The Navy Hero'" in p for p in problems["action"])
    assert "Action deck: " in lib.deck_report.object and "problems" in lib.deck_report.object
    lib.plot_deck.value = "No Such Card"
    assert lib.check_the_decks() is None
    assert "Cannot check" in lib.deck_report.object


@pytest.mark.parametrize("count", ["9" * 4301, "1" + "0" * 60, "10000", "-" + "9" * 5000])
def test_a_deck_line_with_a_huge_count_is_refused_in_words_and_the_report_follows(store,
                                                                                    count):
    """The probe's "<4,301 digits> Oddjob" raised in the checker: the page kept the last
    report while the server logged a traceback."""
    lib = make(store).library_view
    lib.action_deck.value, lib.plot_deck.value = "3 The Navy Hero", "Oddjob"
    assert lib.check_the_decks() is not None
    lib.plot_deck.value = f"{count} Oddjob\nJaws"
    if count.startswith("-"):  # no count: the whole line is a card's title
        assert lib.check_the_decks() is None and "no card" in lib.deck_report.object.lower()
        return
    assert lib.check_the_decks() is None
    assert f"line 1 asks for a {len(count):,}-digit number of copies: a deck line counts " \
        "at most 9,999" in lib.deck_report.object
    assert "Cannot check" in lib.deck_report.object


@pytest.mark.parametrize(("text", "counts"), [
    ("2 Jaws\nOddjob\n\n1x Oddjob", {"Jaws": 2, "Oddjob": 2}),
    ("  3 x Time Bomb  ", {"Time Bomb": 3}),
])
def test_deck_lists_are_read_line_by_line(text, counts):
    assert parse_deck(text) == counts


def test_a_new_game_takes_the_players_and_house_rules_on_screen(store):
    board = make(store)
    form = board.new_game
    form.n_players.value = 3
    assert [w.visible for w in form.names] == [True, True, True, False, False, False]
    form.names[0].value, form.names[1].value, form.names[2].value = "Ann", " ", "Ann"
    form.team_values.value = "sum"
    board.start_new_game()
    assert [p.name for p in board.state.players] == ["Ann", "Player 2", "Ann (3)"]
    assert board.state.config.house["team_values"] == "sum"
    assert board.session.id in {r.id for r in store.list_sessions("license_to_kill")}
    new_game = next(o for o in sections_of(board.__panel__())
                    if getattr(o, "title", "") == "New game: players and house rules")
    assert new_game.contents == []  # built when first opened
    new_game.collapsed = False
    assert new_game.title == "New game: players and house rules"
    labels = [o.object for o in new_game.contents[0] if isinstance(o, pn.pane.HTML)]
    assert sum("house rule" in label for label in labels) == 7
    form.personality_place.value = "not_on_top"
    form.deck_limits.value = False
    board.start_new_game()
    assert board.state.config.house["personality_place"] == "not_on_top"
    assert board.state.config.house["deck_limits_on_table"] is False


def test_undo_and_redo_keep_the_log_in_step(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    board.act(NextStep())
    board.act(PlacePlot("L2", None, None, True))
    assert len(board.log.lines) == 4
    board.undo()
    assert len(board.log.lines) == 4 and board.log.can_redo
    assert board.log.lines[-1].startswith("— Undone by the table: P0 adds L2")
    board.redo()
    assert "L2 face up to a new Main Plot 2" in board.log.lines[-1]
    assert board.act(Setup(0, "M3", "V1", "B1")) is None
    assert "game has started" in board.message



def test_a_personality_can_go_along_or_nobody(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    to_step(board, "Assignment Briefing")
    board.briefing.card.value = "Ally1"
    board.briefing.add()
    to_step(board, "On Assignment")
    bond, ally = (p.id for p in board.state.players[0].agency)
    board.mission.bond.value = bond
    assert list(board.mission.partner.options.values()) == [-1, ally]
    assert board.mission.assignment().personality is None
    board.mission.partner.value = ally
    board.mission.plot.value = (1, 0)
    board.mission.start()
    assert board.state.assignment.personality == ally
    assert "On Assignment: B1 with Ally1" in text_of(board.step_objects()[0])


def start_against_p1(board: LicenseToKillDashboard) -> None:
    to_step(board, "On Assignment")
    board.mission.bond.value = board.state.players[0].agency[0].id
    board.mission.plot.value = (1, 0)
    board.mission.start()


def test_an_intrigue_card_enters_several_icons_with_counts_at_once(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    start_against_p1(board)
    form = board.assignment.intrigue
    form.side.value = "plot"
    form.name.value = "Fire From the Sky"
    form.icons["Flying"].value = 1
    form.icons["Evasion"].value = 2
    form.play()
    assert board.state.assignment.effects[-1].icons == (("Evasion", 2), ("Flying", 1))
    view = board.assignment.view.html
    assert "Fire From the Sky on the plot: Evasion +2, Flying +1" in view
    assert "missing 2" in view and "missing 1" in view
    assert all(counter.value == 0 for counter in form.icons.values()) and form.name.value == ""
    form.side.value = "team"
    form.icons["Evasion"].value, form.icons["Flying"].value = 2, 1
    form.play()
    view = board.assignment.view.html
    # Factor, Needed, Team has: each in its own column.
    assert re.search(r">Evasion</td><td[^>]*>2</td><td[^>]*>2</td>", view)
    assert re.search(r">Flying</td><td[^>]*>1</td><td[^>]*>1</td>", view)


def test_a_card_used_in_place_of_the_assignment_is_offered_with_its_text(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    to_step(board, "On Assignment")
    mission = board.mission
    assert list(mission.special.options) == ["I2"] and is_shown(mission.special)
    assert "In place of your On Assignment step, draw." in mission.special_text.html
    mission.do_special()
    assert "P0 uses I2 in place of the On Assignment step" in board.verdict.html
    assert not is_shown(mission.special) and not is_shown(mission.go)
    texts = [getattr(o, "object", "") for o in board.step_objects()]
    assert any("No Bond card can go On Assignment now." in str(t) for t in texts)


def test_a_won_over_personality_gives_her_icon_to_a_bond_without_her_requirement(store):
    """Personality and Agent Cards: P1 (needs Savoir Faire, gives Quick Thinking) is won
    over with B1's help and gives her icon to B2, who has no Savoir Faire."""
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    to_step(board, "Assignment Briefing")
    board.q_form.card.value = "Q1"
    board.q_form.holder.value = board.state.players[0].agency[0].id
    board.q_form.attach()  # B1 CV 4 + 3 = 7 meets P1's CV 5
    for title in ("P1", "B2"):
        board.briefing.card.value = title
        board.briefing.add()
    assert [p.title for p in board.state.players[0].agency] == ["B1", "P1", "B2"]
    to_step(board, "On Assignment")
    b2, p1 = board.state.players[0].agency[2].id, board.state.players[0].agency[1].id
    board.mission.bond.value = b2
    board.mission.partner.value = p1
    board.mission.plot.value = (1, 0)
    preview = board.mission.preview.html
    assert "P1 (won over) gives Quick Thinking to B2." in preview
    assert board.state.team(b2, p1).count("Quick Thinking") == 1


def henchman_placed(store) -> LicenseToKillDashboard:
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    board.next_step()
    board.develop.card.value = "H1"
    board.develop.where.value = (0, 2)
    board.develop.place()
    return board


def test_the_odds_say_the_attack_fails_when_intrigue_lifts_the_target(store):
    """Step Four, 4: the attack fails and 'the Henchman returns to your Plot Zone completely
    unharmed': no 'Target wins ... discarded' bar."""
    board = henchman_placed(store)
    to_step(board, "Henchman Attack")
    board.attack.target_bonus.value = 6
    html = board.attack.odds.html
    assert "The attack fails: H1 returns to the Plot Zone completely unharmed" in html
    assert "100%" in html and "Target wins" not in html and "discarded" not in html
    board.attack.no_dice.clicks += 1
    assert "the attack fails and the Henchman returns unharmed" in board.verdict.html


def test_another_henchman_attack_when_an_intrigue_card_allows_it(store):
    """Step Four: 'Only one attack can be made per turn (unless Intrigue cards enable you to
    do otherwise)'."""
    board = henchman_placed(store)
    to_step(board, "Henchman Attack")
    board.attack.roll((1, 6))
    step = board.attack_step
    assert step.done in step.panel.objects and step.another in step.panel.objects
    step.another.value = True
    assert board.attack.__panel__() in step.panel.objects
    board.attack.roll((6, 1))
    assert "another attack an Intrigue card allows" in board.verdict.html
    assert board.state.turn.attacks == 2


def test_an_extra_henchman_from_an_intrigue_card_goes_beyond_the_type_limit(store):
    """Main Rules: the Intrigue card's Henchman is 'in addition to the Plot card types you
    are allowed to play normally'."""
    board = henchman_placed(store)
    board.develop.by_intrigue.value = True
    board.develop.card.value = "H2"
    assert "Main Plot 1: on top, above H1" in board.develop.where.options
    board.develop.where.value = (0, 3)
    board.develop.place()
    assert [p.title for p in board.state.players[0].zone[0]] == ["M1", "V1", "H1", "H2"]
    assert "house rule" in board.develop.place_rule.object


def test_a_personality_is_offered_only_where_the_house_rule_puts_her(store):
    """Main Rules example (house rule): between cards or on top, never under the bottom."""
    board = henchman_placed(store)
    board.develop.card.value = "P1"  # into M1, V1 (face down), H1
    places = list(board.develop.where.options)
    assert "Main Plot 1: on top, above H1" in places
    assert not any("at the bottom" in p for p in places) and "A new Main Plot" not in places
    assert "never under the bottom card" in board.develop.place_rule.object


def test_an_intrigue_card_helps_win_a_personality_over_on_screen(store):
    """Personality and Agent Cards: 'Be sure to include effects of Q cards and Intrigue
    cards.'"""
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    to_step(board, "Assignment Briefing")
    brief = board.briefing
    brief.card.value = "P1"  # CV 5: B1 has 4
    assert is_shown(brief.help_parts) and "Not allowed now:" in brief.win_over.html
    brief.helped.value = board.state.players[0].agency[0].id
    brief.help_cv.value = 1
    brief.help_name.value = "Snappy One-Liner"
    assert "Allowed." in brief.win_over.html and "CV 5: met by B1" in brief.win_over.html
    brief.add()
    assert "won over with Snappy One-Liner on B1" in board.verdict.html
    assert brief.help_cv.value == 0
    brief.card.value = "B3"
    assert not is_shown(brief.help_parts)


def test_attach_an_intrigue_card_and_discard_a_used_q_card(store):
    """Intrigue Cards: attached, one copy per card; Card Rulings: a used Q card discarded."""
    cards = [*options()["cards"], {"title": "Wit", "type": "Intrigue", "cv": 1},
             {"title": "Pen", "type": "Q", "pv": 2, "single_use": True}]
    session = Session(GAME, {"players": ["P0", "P1"], "cards": cards}, seed=5, store=store)
    board = LicenseToKillDashboard(store=store, session=session)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    view = board.attachments
    assert "house rule" in "".join(text_of(o) for o in view.objects()
                                   if hasattr(o, "html") or hasattr(o, "object"))
    view.card.value = "Wit"
    b2 = board.state.players[1].agency[0].id
    view.holder.value = b2
    view.by.value = 0
    view.attach()
    assert "P0 attaches Wit to B2" in board.verdict.html
    assert "+ Wit" in board.tableau.table.html
    assert board.state.strength(board.state.piece(b2)).cv == 7
    view.card.value = "Wit"
    assert b2 not in view.holder.options.values()  # one copy a card
    assert "Connections" not in view.card.options
    to_step(board, "Assignment Briefing")
    board.q_form.card.value = "Pen"
    board.q_form.holder.value = board.state.players[0].agency[0].id
    board.q_form.attach()
    assert sorted(view.attached.options) == ["Pen on B1", "Wit on B2"]
    view.attached.value = view.attached.options["Pen on B1"]
    view.discard()
    assert "Pen leaves B1 and is discarded once used" in board.verdict.html
    assert list(view.attached.options) == ["Wit on B2"]


def test_a_single_use_q_card_leaves_when_the_assignment_ends(store):
    """Card Rulings: 'like the Explosive Pen, it is discarded once it is used'."""
    cards = [*options()["cards"], {"title": "Pen", "type": "Q", "pv": 2, "single_use": True}]
    session = Session(GAME, {"players": ["P0", "P1"], "cards": cards}, seed=5, store=store)
    board = LicenseToKillDashboard(store=store, session=session)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    to_step(board, "Assignment Briefing")
    board.q_form.card.value = "Pen"
    board.q_form.holder.value = board.state.players[0].agency[0].id
    board.q_form.attach()
    start_against_p1(board)
    rules_note = text_of(board.step_objects()[-1])
    assert "house rule" in rules_note and "no Demotion" in rules_note
    board.assignment.intrigue.pv.value = 9
    board.assignment.intrigue.cv.value = 9
    board.assignment.intrigue.play()
    board.assignment.proceed()
    board.assignment.proceed()
    assert "used and discarded: Pen" in board.verdict.html
    assert "+ Pen" not in board.tableau.table.html


def test_an_attack_while_on_assignment(store):
    """Attacking and Charming while On Assignment: the duel is offered and resolved, and the
    assignment goes on."""
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    start_against_p1(board)
    duel = board.attack_charm
    duel.refresh()
    b1, b2 = board.state.players[0].agency[0].id, board.state.players[1].agency[0].id
    duel.attacker.value, duel.target.value = b1, b2
    assert "Die modifiers: attacker +2" in duel.odds.html
    duel.roll((6, 1))
    assert "B2 loses, B2 is discarded" in board.verdict.html
    assert board.state.assignment is not None


def test_import_shows_every_malformed_file_in_words_and_replaces_a_correction(store):
    """Import files never crash: the message names the file and row, the library stays;
    a spreadsheet's CSV (byte-order mark) is read; a corrected card replaces the old one."""
    board = make(store)
    lib = board.library_view
    size = len(board.library)
    for data, where in ((b"title,type,pv\nX,Bond,+-5\n", "odd.csv, row 2"),
                        (b"title," + b"x" * 140_000 + b"\n", "odd.csv, row 1"),
                        (b"[" * 3000 + b"]" * 3000, "odd.yaml"),
                        (b"title,type,pv,pv\nX,Bond,1,2\n", "odd.csv, row 1")):
        lib.import_library(data, "odd.yaml" if where == "odd.yaml" else "odd.csv")
        assert "Not imported" in lib.import_status.object and where in lib.import_status.object
        assert len(board.library) == size
    fixed = "\ufefftitle,type,pv,cv\nOddjob,Henchman,9,4\n".encode()
    lib.import_library(fixed, "ours.csv")
    assert "already in the library" in lib.import_status.object
    lib.replace.value = True
    lib.import_library(fixed, "ours.csv")
    assert "Imported 1 card" in lib.import_status.object and board.library["Oddjob"].cv == 4
    assert len(board.library) == size


def test_the_card_picker_shows_type_and_values_and_searches_what_is_legal(store):
    """Issue 17: each card with its type and values; a search narrows the legal ones."""
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    board.next_step()
    develop = board.develop
    labels = [label for label in develop.card.options if label != "(choose the card)"]
    legal = {a.card for a in board.state.legal_actions() if isinstance(a, PlacePlot)}
    assert sorted(develop.card.options[label] for label in labels) == sorted(legal)
    assert "H1 (Henchman, PV 9, CV 3)" in labels
    develop.search.box.value_input = "henchman pv 9"
    assert list(develop.card.options) == ["(choose the card)", "H1 (Henchman, PV 9, CV 3)"]
    develop.search.box.value_input = "no such card"
    assert list(develop.card.options) == ["(choose the card)"]


def test_an_attack_keeps_its_chance_on_the_result_line_until_another_action(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    board.next_step()
    board.develop.card.value = "H1"
    board.develop.where.value = (0, 2)
    board.develop.place()
    to_step(board, "Henchman Attack")
    chances = henchman_attack(9, 4)
    board.attack.roll((2, 6))
    assert f"Before the dice: attacker wins {percent(chances['attacker'])}" in \
        board.verdict.html
    board.undo()
    assert "Before the dice" not in board.verdict.html
    board.redo()
    assert "Before the dice" in board.verdict.html
    board.next_step()
    assert "Before the dice" not in board.verdict.html


def test_nothing_to_attack_says_why_for_the_value_chosen_and_steps_are_not_buttons(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    to_step(board, "Henchman Attack")
    board.attack.value.value = "CV"
    board.attack._refresh_odds()
    assert "Nothing can attack with CV now" in board.attack.odds.html
    assert not board.attack.dice.enabled
    assert "border:1px" not in board.steps.html and "background" not in board.steps.html


def test_done_is_disabled_with_the_reason_beside_it(store):
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    board.next_step()  # Develop Plot Zone: the drawn Plot card is still to place
    done = board.views["next"]
    assert not done.enabled and re.search(r'data-tap="next:\d+" disabled', done.pad.html)
    assert "Not yet: you must add the Plot card you drew" in done.pad.html
    board.develop.card.value = "H1"
    board.develop.where.value = (0, 2)
    board.develop.place()
    assert done.enabled and "Not yet" not in done.pad.html


def test_a_second_quick_tap_on_done_does_not_skip_the_next_step(store):
    """The Done button's tap names the revision it was drawn for: a tap that reaches the
    server after the first one ended the step is on a button no longer shown."""
    board = make(store)
    set_up(board, ("M1", "V1", "B1"), ("M2", "V2", "B2"))
    done = board.views["next"]
    drawn = re.search(r'data-tap="(next:\d+)"', done.pad.html).group(1)
    step = board.state.turn.step_name
    done.pad.tap(drawn)
    assert board.state.turn.step_name != step
    moved_to = board.state.turn.step_name
    done.pad.tap(drawn)  # the same drawing, tapped again
    assert board.state.turn.step_name == moved_to
