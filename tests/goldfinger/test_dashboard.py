"""The Goldfinger dashboard's logic without a browser: set-up, odds on buttons, dice, map, bots."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from concurrent.futures import Future
from fractions import Fraction
from html import escape
from types import SimpleNamespace

import yaml

from companion.core.session import Session
from companion.goldfinger import GAME, rules
from companion.goldfinger import engine as e
from companion.goldfinger.board import SAMPLE_MAP
from companion.goldfinger.dashboard import (
    MAP,
    REAL,
    TRACKER_STARS,
    VS_BOND,
    VS_ENEMY,
    GoldfingerDashboard,
    map_part,
)
from companion.goldfinger.dashboard.words import verdict_html
from companion.ui.worker import BrokenProcessPool
from tests.frames import pane_texts

from .helpers import bond_turn, dice, map_game, place, texts, tracker_game


def make(store, options=None, seed=5) -> GoldfingerDashboard:
    session = Session(GAME, options or {}, seed=seed, store=store)
    return GoldfingerDashboard(store=store, session=session)




def start_tracker(board: GoldfingerDashboard) -> None:
    board.place_cards()
    board.do(e.PlaceBond())


def test_tracker_turn_with_real_dice_and_the_odds_on_every_button(store):
    """How To Play step 1: the movement roll is ready, real dice give 3+4 = 9 Spaces."""
    board = make(store)
    start_tracker(board)
    assert board.armed == e.StartTurn("bond")  # the only thing to do is that roll
    assert "each with chance 1 in 6" in board._armed_html()
    board.roll((3, 4))
    assert board.state.step.allowance == 9
    assert "up to 9 spaces" in board._verdict_html()
    shown = texts(board)
    assert "**Fire · 8.3% (+4 guard)**" in shown  # Bond's Fire: 7 or less, +4 guard
    assert "**Trick · 16.7% (+4 guard)**" in shown
    assert "Move 9" in shown and "Fire at car D" in shown and "End Bond's move" in shown


def test_pressing_a_button_not_shown_says_which_and_changes_nothing(store):
    """The notebooks' and tests' `press`: words no button shows raise a KeyError that names
    them (its message once failed itself, a name shadowed by a loop variable)."""
    board = make(store)
    start_tracker(board)
    before = board.state
    try:
        board.press("Move 99")
    except KeyError as error:
        assert "'Move 99'" in str(error)
    else:
        raise AssertionError("a button no row shows was pressed")
    assert board.state is before


def test_tracker_fire_reads_the_spaces_between_from_the_counter(store):
    """Firing Weapons: +1 for each Space between; the players count them on the board."""
    board = make(store)
    start_tracker(board)
    board.roll((3, 4))
    board.between.value = 1  # the Counter above the action list
    assert "**Fire · 2.8% (+4 guard, +1 distance)**" in texts(board)
    board.choose(e.Fire("B", spaces_between=0))
    assert board.armed == e.Fire("B", spaces_between=1)
    chance, mods = board.chance(board.armed)
    assert chance == Fraction(1, 36) and mods == (("guard", 4), ("distance", 1))  # 2d6+5 <= 7
    assert "+4 guard, +1 distance" in board._armed_html()
    board.roll((1, 1))
    assert board.session.actions[-1] == e.Fire("B", spaces_between=1, dice=(1, 1))
    assert board.state.piece("B").hits == 1


def test_each_piece_counts_its_own_spaces_between(store):
    """Firing Weapons: "+1 for each Space between" the shooter and his target. A newcomer's
    count of 1 for Bond's shot was still on the counter for car A's turn, whose Fire odds
    read "+1 distance" before anyone counted."""
    board = make(store)
    start_tracker(board)
    board.roll((3, 4))
    board.between.value = 1
    board.do(e.EndMove())
    board.choose(e.StartTurn("A"))
    board.roll((3, 4))
    assert board.state.mover == "A" and board.between.value == 0
    assert not any("distance" in t for t in texts(board))


def test_refusals_are_shown_and_change_nothing(store):
    """Movement: no more Spaces than the roll gave; the refusal is words, not a crash."""
    board = make(store)
    start_tracker(board)
    board.roll((3, 4))
    before = len(board.session.actions)
    board.do(e.Move(spaces=12))
    assert "9 of 9 spaces left" in board.message
    assert len(board.session.actions) == before
    board.roll(None)
    assert "Choose what to roll for first" in board.message


def test_oil_slick_in_tracker_mode_names_the_cars_behind(store):
    """Oil Slick: the cars 1 or 2 Spaces behind Bond must Avoid Oil; the players tap them."""
    board = make(store)
    start_tracker(board)
    board.roll((3, 4))
    behind = board.actions.behind_pad
    assert 'aria-label="Cars behind Bond"' in behind.html
    for car in ("A", "C", "B", "B", "Z"):  # a second tap lets B go; Z is no car shown
        behind.tap(car)
    assert board.behind == ["A", "C"]
    assert re.search(r'aria-pressed="true"[^>]*data-tap="C"', behind.html)
    assert "Oil Slick (catches A, C)" in texts(board)
    board.choose(e.OilSlick())
    assert board.state.pending.cars == ("A", "C")
    assert "**Avoid Oil · 58.3%**" in texts(board)


def test_a_whole_escape_ends_in_the_game_over_view(store):
    """How To Win: Tilly, then a successful Break Gate; the page says who won."""
    board = make(store)
    start_tracker(board)
    board.roll((3, 4))
    board.choose(e.PickUpCard(TRACKER_STARS[0]))
    board.roll((1, 1))
    board.choose(e.RevealCard("Tilly"))
    assert board.state.has_tilly
    board.choose(e.BreakGate())
    board.roll((1, 1))
    assert board.state.is_over
    status = board._status_html()
    assert "Game over. Bond wins" in status
    assert "Play again (new game)" in texts(board)
    board.undo()
    assert not board.state.is_over and "Game over" not in board._status_html()


def test_set_up_choices_restart_a_game_not_yet_begun(store):
    """Map mode and the house rules are chosen at the start; each is labelled a house rule."""
    board = make(store)
    first = board.session.id
    board.choose_setup(MAP, trick_jump_costs_move=True)
    assert board.session.options["map"] == "sample"
    assert board.session.options["trick_jump_costs_move"] is True
    assert first not in {r.id for r in store.list_sessions("goldfinger")}  # no empty leftovers
    assert "house rules" in board._status_html()
    board.place_cards()  # not enough stars chosen: refused, shown
    assert "place all 5 cards" in board.message
    assert board.map_on


def test_cards_and_bond_are_placed_by_tapping_the_map(store):
    """Set Up: one card per red star, chosen by taps; then Bond's Space and facing."""
    board = make(store, {"map": "sample"})
    assert board.actions.armed_pane.html == ""  # no "Tap a rolled action": none to tap
    stars = board.state.board.stars[:5]
    for star in stars:
        board.tap(star)
    assert [s for s, _ in board.placing] == list(stars)
    assert [c for _, c in board.placing] == list(rules.CARD_NAMES)  # each tap: the next card
    board.tap("x4y4")  # not a star
    assert "not a red star" in board.message
    board.place_cards()
    assert board.state.phase == "bond" and dict(board.state.cards)[stars[0]] == "Mirror"
    # The map's words agree with Play's "Tap a Space on the map" (they said "No Space to
    # tap now", a newcomer's play-test), and the facing is said as the map says it.
    assert "Tap any free Space to place Bond there." in board.map_part.danger.html
    board.tap("x5y4")
    assert board.bond_space == "x5y4"
    assert "Place Bond in x5y4 facing x6y4 (east)" in texts(board)
    assert "Tap any free Space" not in board.map_part.danger.html
    board._place_bond("x6y4")
    assert board.state.piece("bond").space == "x5y4" and board.armed == e.StartTurn("bond")


def test_map_moves_by_tap_and_shows_reach_and_danger(store):
    """Movement (map): forward only; the map shows Bond's reach and each car's shot."""
    board = make(store, {"map": "sample"})
    board.do(e.PlaceCards(board.state.board.stars[:5]))
    board.do(e.PlaceBond("x5y4", "x6y4"))
    assert "chance (%) to reach each one" in board._danger_html()
    board.roll((3, 4))
    board.tap("x3y4")
    assert "no move there now" in board.message
    board.tap("x6y4")
    assert board.state.piece("bond").space == "x6y4"
    danger = board._danger_html()
    assert "car A" in danger and "Expected hits on Bond" in danger
    assert 'data-tap="x6y4"' in board.map_picture()


def test_playing_bond_against_the_enemy_bot(store):
    """One person plays Bond: the Enemy bot places the cards and drives the four cars."""
    board = make(store, {"map": "sample"})
    board.choose_setup(players=VS_ENEMY)
    assert board.state.phase == "bond" and board.bot_report  # the bot placed the cards
    board.do(e.PlaceBond("x5y4", "x6y4"))
    board.roll((6, 6))
    before, moving = len(board.session.actions), board.state
    board.choose(e.EndMove())
    assert board.state.is_over or (board.state.turn == 2 and board.state.side_to_act == "bond")
    assert any("Car" in line for line in board.bot_report)
    assert "The bot played" in board._verdict.html  # as Play shows it
    after = board.state
    board.undo()  # one Undo takes back the Enemy's whole phase with Bond's last action
    assert len(board.session.actions) == before and board.state == moving
    # A newcomer's Undo: the board went back, and Play still listed the bot's moves.
    assert "The bot played" not in board._verdict.html
    board.redo()
    assert board.state == after


def test_playing_the_enemy_against_the_bond_bot(store):
    """One person plays the Enemy: after the cards, the Bond bot places and drives Bond."""
    board = make(store, {"map": "sample"})
    board.choose_setup(players=VS_BOND)
    board.do(e.PlaceCards(board.state.board.stars[:5]))
    assert board.state.phase == "play" and board.state.side_to_act == "enemy"
    assert "Bond" in " ".join(board.bot_report)


def test_the_win_estimate_runs_in_the_background(store):
    """Bot against bot: 'Bond wins X% ... of 100 bot games', computed in the worker process
    (a thread of the server held up every tap meanwhile)."""
    board = make(store, {"map": "sample"})
    assert board.start_estimate() is None and "cards first" in board.estimate
    board.do(e.PlaceCards(board.state.board.stars[:5]))
    board.do(e.PlaceBond("x5y4", "x6y4"))
    shown = board.start_estimate()
    assert board.estimate == "computing..."
    shown.result(timeout=120)  # the worker process's (SCHED_IDLE: after the tests' work)
    assert "bot games from here" in board.estimate
    assert "bot games" in board._estimate_html()


def test_a_failed_estimate_is_said_on_the_page(store, monkeypatch):
    """A worker process that dies or fails says so where the estimate goes, never leaving
    'computing...' for ever."""
    board = make(store, {"map": "sample"})
    board.do(e.PlaceCards(board.state.board.stars[:5]))
    board.do(e.PlaceBond("x5y4", "x6y4"))
    for error, said in ((BrokenProcessPool(), "the odds helper stopped"),
                        (ValueError("bug"), "the odds helper failed (ValueError)")):
        failed: Future = Future()
        failed.set_exception(error)
        monkeypatch.setattr(map_part, "odds_worker",
                            lambda failed=failed: SimpleNamespace(submit=lambda *_: failed))
        board.start_estimate().result(timeout=10)
        assert f"No estimate: {said}" in board.estimate


def test_saved_games_resume_where_they_were(store):
    """A saved game reopens at the same state (and the page builds)."""
    board = make(store)
    start_tracker(board)
    again = Session.resume(store, board.session.id)
    assert again.state.summary() == board.state.summary()
    assert GoldfingerDashboard(store=store, session=again).__panel__() is not None


def test_the_bot_choice_is_saved_with_the_game_and_survives_a_restart(store):
    """Who plays is an option of the game: a resumed game (a new server) keeps its bot."""
    board = make(store, {"map": "sample"})
    board.choose_setup(players=VS_ENEMY)
    assert board.session.options["bot"] == "enemy" and board.state.setup.bot == "enemy"
    assert board.state.phase == "bond"  # the Enemy bot placed the cards at once
    again = GoldfingerDashboard(store=store, session=Session.resume(store, board.session.id))
    assert again.players == VS_ENEMY and again.bot_side() == "enemy"
    again.do(e.PlaceBond("x5y4", "x6y4"))
    again.roll((6, 6))
    again.choose(e.EndMove())
    assert any("Car" in line for line in again.bot_report)  # the resumed bot still answers
    assert "The app plays the Enemy." in again._status_html()


def test_tracker_mode_says_plainly_that_the_bots_need_the_map(store):
    """The bots plan on the map: tracker mode keeps two players and says why."""
    board = make(store)
    board.choose_setup(players=VS_BOND)
    assert board.players == "Two players" and board.bot_side() is None
    assert board.session.options.get("bot") is None  # no bot saved with the game
    no_bots = board.setup_form.widgets["no_bots"]
    assert no_bots.visible and "Bots need the map" in no_bots.object
    assert not board.setup_form.widgets["map_rows"].visible  # no "Who plays" choice to mislead


def test_the_enemy_aims_his_cars_before_the_bond_bot_places_bond(store):
    """Set Up: the Enemy places pieces and cards first, then Bond; pointing the cars belongs
    to the Enemy's set-up, so a person playing the Enemy aims them before the bot moves."""
    board = make(store, {"map": "sample"})
    board.choose_setup(players=VS_BOND)
    assert board.state.phase == "cards"
    assert "Car A in x4y4 points toward:" in texts(board)
    car_a = board.state.piece("A")
    toward = next(n for n in sorted(board.state.board.graph[car_a.space])
                  if board.state.board.heading(car_a.space, n) != car_a.heading)
    board.do(e.AimCar("A", toward))
    board.do(e.PlaceCards(board.state.board.stars[:5]))
    assert board.state.phase == "play"  # the Bond bot placed Bond after the Enemy's choices
    assert board.state.piece("A").heading == board.state.board.heading(car_a.space, toward)
    assert [type(a).__name__ for a in board.session.actions][:3] == [
        "AimCar", "PlaceCards", "PlaceBond"]


def _board_bytes(name: str = "Our kitchen-table board", **changes) -> bytes:
    data = json.loads(SAMPLE_MAP.read_text(encoding="utf-8"))
    return json.dumps({**data, "name": name, **changes}).encode()


def test_a_group_loads_its_own_board_file_and_the_game_keeps_it(store):
    """Map mode on the group's own board: the file is checked, then its data is saved in
    the game's options, so the game resumes with no file anywhere."""
    board = make(store)
    board.load_board_file(_board_bytes(), "ours.json")
    assert board.mode == MAP and board.state.board.name == "Our kitchen-table board"
    assert board.session.options["map"]["name"] == "Our kitchen-table board"
    assert "Loaded Our kitchen-table board (72 spaces) from ours.json" in board.message
    assert board.setup_form.widgets["sample"].visible  # a way back to the sample board
    board.do(e.PlaceCards(board.state.board.stars[:5]))
    again = Session.resume(store, board.session.id)
    assert again.state.board.name == "Our kitchen-table board" and again.state.phase == "bond"
    assert GoldfingerDashboard(store=store, session=again).board_data is not None


def test_a_yaml_board_file_loads_too(store):
    """The board format in YAML (read as plain data with safe_load)."""
    data = json.loads(_board_bytes("A YAML board"))
    board = make(store)
    board.load_board_file(yaml.safe_dump(data).encode(), "board.yaml")
    assert board.state.board.name == "A YAML board"


def test_a_malformed_board_file_is_refused_in_words_and_changes_nothing(store):
    """Loading checks everything: the message names the file and the bad entry."""
    board = make(store, {"map": "sample"})
    before = (board.session.id, dict(board.session.options))
    board.load_board_file(b'{"name": "x", "spaces": [', "broken.json")
    error = board.setup_form.widgets["board_error"]
    assert error.visible and "broken.json: not valid JSON" in error.object
    board.load_board_file(_board_bytes(roads=[["x4y4", "nowhere"]]), "typo.json")
    assert "typo.json: roads[0]: unknown space 'nowhere'" in error.object
    board.load_board_file(b"spaces: [1, 2", "bad.yaml")
    assert "bad.yaml: not valid YAML" in error.object
    board.load_board_file(b"x" * 300_000, "huge.json")
    assert "at most 200 kB" in error.object
    assert (board.session.id, dict(board.session.options)) == before
    board.load_board_file(_board_bytes(), "fixed.json")
    assert not error.visible


def _play_enemy_until_a_reveal(board: GoldfingerDashboard) -> None:
    """The human Enemy moves each car (roll, end) until Bond turns a card over."""
    for _ in range(400):
        state = board.state
        if state.is_over or (state.pending and state.pending.kind == "reveal"):
            return
        assert state.side_to_act == "enemy", "the Bond bot stopped on its own move"
        legal = board.legal()
        if state.step is None:
            board.do(next(a for a in legal if isinstance(a, e.StartTurn)))
        elif e.EndMove() in legal:
            board.do(e.EndMove())
        else:
            board.do(legal[0])


def test_the_enemy_player_names_the_face_down_card_the_bond_bot_turned_over(store):
    """Card Pick Up: "If he is successful, he turns the card over." With real cards face down
    the card is the one the Enemy placed, so the Enemy player taps it, even against the Bond
    bot: the bot waits, and the card found is the one the human names."""
    board = make(store, {"map": "sample", "bot": "bond"}, seed=3)
    board.card_mode = REAL
    for star in board.state.board.stars[:5]:
        board.toggle_star(star)
    board.place_cards()
    assert board.state.cards[0][1] is None  # face down: the app does not know them
    _play_enemy_until_a_reveal(board)
    state = board.state
    assert state.pending.kind == "reveal" and state.side_to_act == "enemy"
    assert not board._bot_to_move()
    assert "The card is Old Lady" in texts(board)  # the reveal buttons are the human's
    board.choose(e.RevealCard("Old Lady"))
    assert board.state.found[-1] == (state.pending.star, "Old Lady")
    assert not any("The card is" in line and "Tilly" in line for line in board.bot_report)


def test_quick_turn_cost_and_a_failed_force_are_labelled_house_rules(store):
    """Movement, Quick Turn ("it does not count as a Space moved": the landing Space costs
    one) and a failed Force or Trick ("you must back up one Space and end your turn"): both
    readings are labelled house rules in the set-up, shown in the status, and switchable."""
    board = make(store)
    shown = " ".join(pane_texts(board.setup_form.widgets["box"]))
    assert "<b>house rule:</b> A Quick Turn costs one Space" in shown
    assert "<b>house rule:</b> A piece that loses the rest of its turn may still Fire" in shown
    status = board._status_html()
    assert "A Quick Turn costs one Space (the landing Space; the skipped one is free): yes" \
        in status
    assert "may still Fire: no" in status
    board.setup_form.widgets["house"].choose("quick_turn_costs_move", False)
    board.setup_form.widgets["house"].choose("fire_after_losing_rest", True)
    assert board.session.options["quick_turn_costs_move"] is False
    assert board.session.options["fire_after_losing_rest"] is True
    assert not board.state.setup.house["quick_turn_costs_move"]


def _from(board: GoldfingerDashboard, state: e.GoldfingerState) -> None:
    """Show `state` as the game's start (a position no seeded game needs to reach)."""
    board.session._state = board.session._checkpoints[0] = state
    board.revision += 1


def test_tracker_readings_are_labelled_beside_the_buttons(store):
    """Firing Weapons: "1 for each Space between" (READING_NOTES: adjacent = 0 between),
    Force: the car "loses its next turn" (its own next move), Special Actions: Eject Guard and
    Raise Bulletproof Screen "count as 3 Actions", and the Screen stops fire "from the rear":
    each is said on screen before a button is tapped."""
    board = make(store)
    start_tracker(board)
    board.roll((3, 4))
    shown = texts(board)
    assert any("0 Spaces between them" in t and "House rule" in t for t in shown)
    assert any("loses its own next move: this round if it has not moved yet" in t
               for t in shown)
    assert any(t.startswith("Eject Guard: uses all 3 of Bond's actions this turn")
               for t in shown)
    assert any(t.startswith("Raise Bulletproof Screen: uses all 3 of Bond's actions")
               for t in shown)
    board.choose(e.EndMove())
    board.do(e.StartTurn("A", (3, 4)))
    shown = texts(board)
    assert any(t.startswith("Fire at Bond from his rear") for t in shown)
    assert any(t.startswith("Fire at Bond, not from his rear") for t in shown)


def test_map_readings_are_labelled_and_the_forcing_player_picks_the_side_space(store):
    """Movement: the forced piece "is moved aside" (HOUSE RULE: the forcing player picks the
    free side Space: one button each); Special Actions: "behind Bond" for Oil and Smoke and
    "the rear" for the Screen; Firing Weapons: "1 for each Space between" (adjacent = 0
    between, the range the app counts on the map): labelled house rules where they matter."""
    board = make(store, {"map": "sample"})
    state = place(map_game(), "C", "x6y4", "x7y4").apply(e.StartTurn("bond", (3, 4)))
    _from(board, state.apply(e.Move(to="x6y4")))
    shown = texts(board)
    forces = [t for t in shown if t.startswith("Force car C aside to ")]
    assert len(forces) == len(board.state.board.aside("x6y4", board.state.occupied())) > 1
    assert any("forcing player picks the free side Space" in t for t in shown)
    side = forces[-1].split(" aside to ")[1].split(" ")[0]
    board.press(forces[-1])
    board.roll((1, 1))
    assert board.state.piece("C").space == side
    assert any('"behind Bond" for Oil and Smoke' in t for t in texts(board))
    screened = dataclasses.replace(map_game(), screen=True)
    screened = screened.apply(e.StartTurn("bond", (3, 4))).apply(e.EndMove())
    _from(board, screened.apply(e.StartTurn("A", (3, 4))))
    assert any('"the rear" of the Aston Martin is the half of the board' in t
               for t in texts(board))
    _from(board, first_state_with_a_fire(map_game()))
    assert any("0 Spaces between them" in t and "House rule" in t for t in texts(board))


def first_state_with_a_fire(state: e.GoldfingerState) -> e.GoldfingerState:
    """The first position of a seeded random game from `state` where someone may fire."""
    rng = random.Random(0)
    while not any(isinstance(a, e.Fire) for a in state.legal_actions()):
        state = state.apply(state.fill_chance(rng.choice(state.legal_actions()), rng))
    return state


def test_the_chosen_actions_odds_and_dice_come_right_below_its_button(store):
    """Issue 17: choosing "Force car C" low in the list puts its odds and the dice right
    below that row, not at the top of the page."""
    board = make(store)
    start_tracker(board)
    board.roll((3, 4))
    board.press("Force car C")
    assert board.armed == e.Force("C")
    above, below = board.actions.above.labels(), board.actions.rest.labels()
    assert above[-1].startswith("Force car") and "Force car C" in above
    assert below and all(not label.startswith("Force") for label in below)
    actions = board.actions.column.objects
    assert actions.index(board.actions.armed_pane) == actions.index(board.actions.above) + 1
    dice = board.actions.dice.__panel__()
    assert actions.index(dice) == actions.index(board.actions.armed_pane) + 1
    assert "Force car C" in board._armed_html() and board.dice.enabled


def test_the_bots_go_is_drawn_on_the_map_named_as_the_log_names_spaces(store):
    """Issue 17: after the Enemy bot's phase the map draws each car's path for a moment, and
    the map is labelled x0..x9 and y0..y10 as the log names Spaces ('x5y4')."""
    board = make(store, {"map": "sample"})
    board.choose_setup(players=VS_ENEMY)
    board.do(e.PlaceBond("x5y4", "x6y4"))
    picture = board.map_picture()
    assert ">x5</text>" in picture and ">y4</text>" in picture
    assert 'class="gf-trail"' not in picture
    board.roll((3, 4))
    board.choose(e.EndMove())
    moved = [line for line in board.bot_report if " moves to " in line]
    assert moved
    picture = board.map_picture()
    assert 'class="gf-trail"' in picture and "gf-fade" in picture
    board.undo()  # the position changes: the bot's trails are gone
    assert 'class="gf-trail"' not in board.map_picture()


def lose_a_turn(state: e.GoldfingerState, car: str) -> e.GoldfingerState:
    pieces = tuple(dataclasses.replace(p, lost_turns=1) if p.name == car else p
                   for p in state.pieces)
    return dataclasses.replace(state, pieces=pieces)


def test_success_and_failure_are_said_only_of_a_roll():
    """Issue 17: a lost turn, the guard ejected or the card the Enemy names is not 'a
    Failure' or 'a Success'; a roll is, and its words say which."""
    missed = bond_turn().apply(e.Fire("B", spaces_between=1, dice=(6, 6)))
    assert "Failure. </b>Bond fires at Car B" in verdict_html(missed, [])
    no_roll = [
        bond_turn().apply(e.EjectGuard()),
        lose_a_turn(bond_turn().apply(e.EndMove()), "A").apply(e.StartTurn("A")),
        bond_turn(tracker_game(cards=None)).apply(e.PickUpCard("s1", dice(2)))
        .apply(e.RevealCard("Odd Job")),
        bond_turn().apply(e.PickUpCard("s4", dice(2))),  # the roll succeeded; Odd Job is bad
    ]
    for state in no_roll:
        html = verdict_html(state, [])
        assert "Success." not in html and "Failure." not in html, state.last_event.text
        assert escape(state.last_event.text) in html
    assert "Car A loses this turn" in verdict_html(no_roll[1], [])
    asked = bond_turn(tracker_game(cards=None)).apply(e.PickUpCard("s1", dice(2)))
    assert "Success. </b>Bond tries to pick up the card by star s1" in verdict_html(asked, [])
