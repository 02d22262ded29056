"""The Goldfinger dashboard's logic without a browser: set-up, odds on buttons, dice, map, bots."""

from __future__ import annotations

from fractions import Fraction

from companion.core.session import Session
from companion.goldfinger import GAME, rules
from companion.goldfinger import engine as e
from companion.goldfinger.dashboard import (
    MAP,
    TRACKER_STARS,
    VS_BOND,
    VS_ENEMY,
    GoldfingerDashboard,
)


def make(store, options=None, seed=5) -> GoldfingerDashboard:
    session = Session(GAME, options or {}, seed=seed, store=store)
    return GoldfingerDashboard(store=store, session=session)


def texts(board: GoldfingerDashboard) -> list[str]:
    """Every label and text shown among the action rows, nested groups included."""
    found = []

    def walk(obj):
        for attr in ("label", "object"):
            value = getattr(obj, attr, None)
            if isinstance(value, str):
                found.append(value)
        for child in getattr(obj, "objects", []):
            walk(child)

    for row in board._actions.objects:
        walk(row)
    return found


def start_tracker(board: GoldfingerDashboard) -> None:
    board.place_cards()
    board.do(e.PlaceBond())


def test_tracker_turn_with_real_dice_and_the_odds_on_every_button(store):
    """How To Play step 1: the movement roll is ready, real dice give 3+4 = 9 Spaces."""
    board = make(store)
    start_tracker(board)
    assert board.armed == e.StartTurn("bond")  # the only thing to do is that roll
    assert "each with chance 1 in 6" in board._armed_html(board.armed, board.revision)
    board.roll((3, 4))
    assert board.state.step.allowance == 9
    assert "up to 9 spaces" in board._verdict_html(board.revision, [])
    shown = texts(board)
    assert "**Fire · 8.3% (+4 guard)**" in shown  # Bond's Fire: 7 or less, +4 guard
    assert "**Trick · 16.7% (+4 guard)**" in shown
    assert "Move 9" in shown and "Fire at car D" in shown and "End Bond's move" in shown


def test_tracker_fire_reads_the_spaces_between_from_the_counter(store):
    """Firing Weapons: +1 for each Space between; the players count them on the board."""
    board = make(store)
    start_tracker(board)
    board.roll((3, 4))
    board.between.value = 1
    assert "**Fire · 2.8% (+4 guard, +1 distance)**" in texts(board)
    board.choose(e.Fire("B", spaces_between=0))
    assert board.armed == e.Fire("B", spaces_between=1)
    chance, mods = board.chance(board.armed)
    assert chance == Fraction(1, 36) and mods == (("guard", 4), ("distance", 1))  # 2d6+5 <= 7
    assert "+4 guard, +1 distance" in board._armed_html(board.armed, board.revision)
    board.roll((1, 1))
    assert board.session.actions[-1] == e.Fire("B", spaces_between=1, dice=(1, 1))
    assert board.state.piece("B").hits == 1


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
    board.behind = ["A", "C"]
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
    status = board._status_html(board.revision)
    assert "Game over. Bond wins" in status
    assert "Play again (new game)" in texts(board)
    board.undo()
    assert not board.state.is_over and "Game over" not in board._status_html(board.revision)


def test_set_up_choices_restart_a_game_not_yet_begun(store):
    """Map mode and the house rules are chosen at the start; each is labelled a house rule."""
    board = make(store)
    first = board.session.id
    board.choose_setup(MAP, trick_jump_costs_move=True)
    assert board.session.options["map"] == "sample"
    assert board.session.options["trick_jump_costs_move"] is True
    assert first not in {r.id for r in store.list_sessions("goldfinger")}  # no empty leftovers
    assert "house rules" in board._status_html(board.revision)
    board.place_cards()  # not enough stars chosen: refused, shown
    assert "place all 5 cards" in board.message
    assert board.map_on


def test_cards_and_bond_are_placed_by_tapping_the_map(store):
    """Set Up: one card per red star, chosen by taps; then Bond's Space and facing."""
    board = make(store, {"map": "sample"})
    stars = board.state.board.stars[:5]
    spaces = board.state.board.spaces
    for star in stars:
        board.tap(spaces[star].x + 0.1, spaces[star].y - 0.1)
    assert [s for s, _ in board.placing] == list(stars)
    assert [c for _, c in board.placing] == list(rules.CARD_NAMES)  # each tap: the next card
    board.tap(spaces["x4y4"].x, spaces["x4y4"].y)  # not a star
    assert "not a red star" in board.message
    board.place_cards()
    assert board.state.phase == "bond" and dict(board.state.cards)[stars[0]] == "Mirror"
    board.tap(5, 4)
    assert board.bond_space == "x5y4"
    assert "Place Bond in x5y4 facing x6y4" in texts(board)
    board._place_bond("x6y4")
    assert board.state.piece("bond").space == "x5y4" and board.armed == e.StartTurn("bond")


def test_map_moves_by_tap_and_shows_reach_and_danger(store):
    """Movement (map): forward only; the map shows Bond's reach and each car's shot."""
    board = make(store, {"map": "sample"})
    board.do(e.PlaceCards(board.state.board.stars[:5]))
    board.do(e.PlaceBond("x5y4", "x6y4"))
    assert "chance (%) to reach each one" in board._danger_html(board.revision)
    board.roll((3, 4))
    board.tap(3, 4)
    assert "no move there now" in board.message
    board.tap(6.1, 3.9)
    assert board.state.piece("bond").space == "x6y4"
    danger = board._danger_html(board.revision)
    assert "car A" in danger and "Expected hits on Bond" in danger
    assert board._map(board.revision, [], "") is not None


def test_playing_bond_against_the_enemy_bot(store):
    """One person plays Bond: the Enemy bot places the cards and drives the four cars."""
    board = make(store, {"map": "sample"})
    board.players = VS_ENEMY
    assert board.state.phase == "bond" and board.bot_report  # the bot placed the cards
    board.do(e.PlaceBond("x5y4", "x6y4"))
    board.roll((6, 6))
    board.choose(e.EndMove())
    assert board.state.is_over or (board.state.turn == 2 and board.state.side_to_act == "bond")
    assert any("Car" in line for line in board.bot_report)
    played = len(board.session.actions)
    board.undo()
    assert len(board.session.actions) == played - 1  # Undo is not answered by the bot


def test_playing_the_enemy_against_the_bond_bot(store):
    """One person plays the Enemy: after the cards, the Bond bot places and drives Bond."""
    board = make(store, {"map": "sample"})
    board.players = VS_BOND
    board.do(e.PlaceCards(board.state.board.stars[:5]))
    assert board.state.phase == "play" and board.state.side_to_act == "enemy"
    assert "Bond" in " ".join(board.bot_report)


def test_the_win_estimate_runs_in_the_background(store):
    """Bot against bot: 'Bond wins X% ... of 100 bot games', computed off the page's thread."""
    board = make(store, {"map": "sample"})
    assert board.start_estimate() is None and "cards first" in board.estimate
    board.do(e.PlaceCards(board.state.board.stars[:5]))
    board.do(e.PlaceBond("x5y4", "x6y4"))
    worker = board.start_estimate()
    assert board.estimate == "computing..."
    worker.join(timeout=60)
    assert "bot games from here" in board.estimate
    assert "bot games" in board._estimate_html(board.estimate, board.revision)


def test_saved_games_resume_where_they_were(store):
    """A saved game reopens at the same state (and the page builds)."""
    board = make(store)
    start_tracker(board)
    again = Session.resume(store, board.session.id)
    assert again.state.summary() == board.state.summary()
    assert GoldfingerDashboard(store=store, session=again).__panel__() is not None
