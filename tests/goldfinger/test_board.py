"""Map mode: the board file, movement along lines, Quick Turns, contests, sight, reach odds."""

from __future__ import annotations

import copy
import dataclasses
import json
from fractions import Fraction

import pytest

from companion.core.errors import InputError, RuleError
from companion.goldfinger import engine as e
from companion.goldfinger.board import SAMPLE_MAP, load_board, load_board_file, sample_board
from companion.goldfinger.fire_odds import enemy_fire_chances, expected_hits_on_bond
from companion.goldfinger.odds import bond_reach_chances, success_chance

from .helpers import dice, map_game, place


def _sample_json() -> dict:
    return json.loads(SAMPLE_MAP.read_text())


def test_sample_board_has_every_feature():
    """The map (READING_NOTES): road and cut-over lines, quick turns, A-D, stars, 3 gates,
    buildings; at least 60 spaces."""
    board = sample_board()
    kinds = {kind for _, _, kind in board.graph.edges(data="kind")}
    assert len(board.spaces) >= 60 and kinds == {"road", "cut_over"}
    assert len(board.stars) >= 5 and len(board.gates) == 3 and set(board.starts) == set("ABCD")
    assert board.quick_turns and board.buildings


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["roads"][0].append("nowhere"), "roads[0]: unknown space 'nowhere'"),
    (lambda d: d["spaces"].append(dict(d["spaces"][0])), "is listed twice"),
    (lambda d: d["spaces"][0].update(x="far"), "spaces[0]: x must be a whole number"),
    (lambda d: d["quick_turns"].append(["x0y1", "x5y5", "x9y9"]), "quick_turns[7]"),
    (lambda d: d["buildings"].append([3.5, 0.5, 4.5, 1.5]), "covers space"),
    (lambda d: d["buildings"].append([2, 2, 1, 1]), "buildings[8]"),
    (lambda d: [s.pop("gate", None) for s in d["spaces"]], "exactly 3 gates"),
    (lambda d: [s.pop("start", None) for s in d["spaces"]], "start spaces A, B, C and D"),
    (lambda d: d.update(colour="red"), "unknown keys"),
    (lambda d: d.update(name=""), "name: must be text"),
    (lambda d: d.update(spaces={}), "spaces: must be a list"),
    (lambda d: d.update(roads={}), "roads: must be a list"),
    (lambda d: d["spaces"][1].update(id="a-b"), "spaces[1]: id must be"),
    (lambda d: d["spaces"][1].update(star="yes"), "star must be true or false"),
    (lambda d: d["spaces"][1].update(gate=7), "gate must be a name"),
    (lambda d: d["spaces"][1].update(start="E"), "start must be one of"),
    (lambda d: d["roads"].append("x0y1"), "roads[9]: must be a list"),
    (lambda d: d["roads"].append(["x0y1", "x0y1"]), "links space 'x0y1' to itself"),
    (lambda d: d["quick_turns"].append(["x0y1", "x1y1", "x0y1"]), "end in another space"),
    (lambda d: [s.pop("star", None) for s in d["spaces"]], "at least 5 red star"),
    (lambda d: d["spaces"].append({"id": "lonely", "x": 50, "y": 50}), "'lonely' is on no line"),
    (lambda d: d["spaces"].extend([{"id": "i1", "x": 50, "y": 50}, {"id": "i2", "x": 51, "y": 50}])
     or d["roads"].append(["i1", "i2"]), "cannot be reached"),
])
def test_map_file_validation_names_the_bad_entry(change, message):
    """Board files are checked on load: InputError names the file and the entry."""
    data = copy.deepcopy(_sample_json())
    change(data)
    with pytest.raises(InputError, match=r"sample_board\.json") as error:
        load_board(data, "sample_board.json")
    assert message in str(error.value)


def test_broken_map_file(tmp_path):
    """A file that is not JSON is refused with its name."""
    path = tmp_path / "mine.json"
    path.write_text("{not json")
    with pytest.raises(InputError, match=r"mine\.json: not valid JSON"):
        load_board_file(path)


def test_map_option_takes_a_board_object():
    """Options: "map" may be a board object, so a group's own board travels with the session."""
    state = e.new_state({"map": _sample_json()})
    assert len(state.board.spaces) == len(sample_board().spaces)
    with pytest.raises(InputError, match="option 'map'"):
        e.new_state({"map": 3})


def test_cards_go_on_red_stars():
    """Set Up: cards go 'next to Spaces marked with red stars'."""
    state = e.new_state({"map": "sample"})
    with pytest.raises(InputError, match="not a red star"):
        state.apply(e.PlaceCards(("x0y1", *state.board.stars[:4]), None))


def test_forward_only():
    """Movement: 'Your piece can only move forward — in the direction of the front of the car'."""
    state = map_game().apply(e.StartTurn("bond", dice(7)))
    with pytest.raises(RuleError, match="only move forward"):
        state.apply(e.Move(to="x4y4"))
    state = state.apply(e.Move(to="x6y4"))
    assert state.piece("bond").space == "x6y4" and state.step.left == 8


def test_turn_at_a_fork():
    """Movement: 'Each time you come to a fork or a "T" in the road, you can turn right or left'."""
    state = map_game().apply(e.StartTurn("bond", dice(7))).apply(e.Move(to="x6y4"))
    assert sorted(m.to for m in state.legal_actions() if isinstance(m, e.Move)) == \
        ["x6y3", "x6y5", "x7y4"]
    state = state.apply(e.Move(to="x6y5"))
    assert [m.to for m in state.legal_actions() if isinstance(m, e.Move)] == ["x6y6"]


def test_quick_turn_skips_a_space():
    """Movement: a Quick Turn "skips" a Space completely: 'it does not count as a Space moved'.
    HOUSE RULE quick_turn_costs_move (on): the skipped Space is free, entering the landing
    Space costs one, so a Quick Turn needs one Space left; off, it costs nothing."""
    start = place(map_game(), "bond", "x2y4", "x3y4")
    start = place(start, "A", "x8y4", "x9y4")
    state = start.apply(e.StartTurn("bond", dice(7)))
    state = state.apply(e.QuickTurn(to="x3y5", dice=dice(3)))
    bond = state.piece("bond")
    assert bond.space == "x3y5" and bond.heading == (0, 1) and state.step.moved == 1
    spent = dataclasses.replace(start.apply(e.StartTurn("bond", dice(7))), step=dataclasses.replace(
        state.step, piece="bond", moved=9, used=(), spent=0, back=None))
    spent = place(spent, "bond", "x2y4", "x3y4")
    assert not any(isinstance(a, e.QuickTurn) for a in spent.legal_actions())
    with pytest.raises(RuleError, match="needs one Space of movement left"):
        spent.apply(e.QuickTurn(to="x3y5", dice=dice(3)))
    free = dataclasses.replace(spent, setup=dataclasses.replace(
        spent.setup, house={**spent.setup.house, "quick_turn_costs_move": False}))
    landed = free.apply(e.QuickTurn(to="x3y5", dice=dice(3)))
    assert landed.piece("bond").space == "x3y5" and landed.step.moved == 9
    failed = free.apply(e.QuickTurn(to="x3y5", dice=dice(12)))
    assert failed.piece("bond").space == "x2y4" and failed.step.moved == 9


def test_quick_turn_only_at_an_arrow():
    """Movement: 'You can perform a Quick Turn only where there is a Quick Turn arrow'."""
    state = map_game().apply(e.StartTurn("bond", dice(7)))
    with pytest.raises(RuleError, match="no Quick Turn arrow"):
        state.apply(e.QuickTurn(dice=dice(2)))


def _bond_behind_car() -> e.GoldfingerState:
    """Bond in x5y4 facing x6y4, car C in x6y4 facing x7y4; Bond's turn started."""
    state = place(map_game(), "C", "x6y4", "x7y4")
    return state.apply(e.StartTurn("bond", dice(7)))


def test_entering_an_occupied_space_needs_force_or_trick():
    """Movement: 'you can enter a Space with another piece in it only if you then immediately
    perform a Force or a Trick Action'."""
    state = _bond_behind_car().apply(e.Move(to="x6y4"))
    assert state.step.contest == "C"
    with pytest.raises(RuleError, match="Force or Trick"):
        state.apply(e.EndMove())
    with pytest.raises(RuleError, match="must Force or Trick"):
        state.apply(e.Move(to="x7y4"))


def test_force_moves_the_piece_aside():
    """Movement: 'If you succeed in the Force Action, the piece ... is moved aside'."""
    state = _bond_behind_car().apply(e.Move(to="x6y4"))
    state = state.apply(e.Force("C", aside="x6y3", dice=dice(2)))
    assert state.piece("C").space == "x6y3" and state.piece("bond").space == "x6y4"
    assert state.step.contest is None and state.piece("C").hits == 1


def test_trick_goes_by_into_the_next_space():
    """Movement: 'if you succeed in the Trick Action, you go by the other piece into the next
    Space'."""
    state = _bond_behind_car().apply(e.Move(to="x6y4"))
    state = state.apply(e.Trick("C", to="x7y4", dice=dice(2)))
    assert state.piece("bond").space == "x7y4" and state.step.contest is None


def test_failed_trick_backs_up_one_space():
    """Movement: 'If you enter a Space with another piece in it and your Force or Trick Action
    fails, you must back up one Space and end your turn'."""
    state = _bond_behind_car().apply(e.Move(to="x6y4")).apply(e.Trick("C", dice=dice(12)))
    assert state.piece("bond").space == "x5y4" and state.step is None
    assert state.done == ("bond",) and len(set(state.occupied())) == 5


def test_enemy_cannot_enter_a_car_without_a_trick():
    """Enemy Action Summary, Force is only against Bond: a car enters another car's Space only to
    Trick, so not once its Trick is used."""
    state = place(map_game(), "A", "x3y4", "x4y4")
    state = place(state, "B", "x4y4", "x5y4")
    state = place(state, "bond", "x0y10", "x1y10")
    state = state.apply(e.StartTurn("bond", dice(7))).apply(e.EndMove())
    state = state.apply(e.StartTurn("A", dice(7)))
    state = state.apply(e.Move(to="x4y4")).apply(e.Trick("B", to="x5y4", dice=dice(2)))
    assert state.piece("A").space == "x5y4"


def test_bond_fires_only_forward():
    """Firing Weapons: the Aston Martin 'can only fire forward (from the front)'."""
    state = map_game().apply(e.StartTurn("bond", dice(7)))
    with pytest.raises(RuleError, match="out of the front"):
        state.apply(e.Fire("A", dice=dice(2)))  # A starts in x4y4, just behind Bond
    state = place(state, "C", "x7y4", "x8y4")
    hit = state.apply(e.Fire("C", dice=(1, 1)))
    assert "(1 space between)" in hit.last_event.text and hit.piece("C").hits == 1


def test_fire_needs_sight():
    """Firing Weapons: 'you must be able to see the target' (no building between)."""
    state = place(map_game(("x0y4", "x0y3")), "D", "x3y6", "x3y5")
    state = state.apply(e.StartTurn("bond", dice(7))).apply(e.EndMove())
    state = state.apply(e.StartTurn("D", dice(7)))
    assert not state.board.sees("x3y6", "x0y4")
    with pytest.raises(RuleError, match="building is in the way"):
        state.apply(e.Fire("bond", dice=dice(2)))


def test_screen_in_map_mode():
    """Special Actions: with the Screen raised, no Hits 'from the rear' (worked out on the map)."""
    state = map_game().apply(e.StartTurn("bond", dice(7))).apply(e.RaiseScreen())
    state = state.apply(e.EndMove()).apply(e.StartTurn("A", dice(7)))
    with pytest.raises(RuleError, match="from the rear"):
        state.apply(e.Fire("bond", dice=dice(2)))


def test_pick_up_at_the_star():
    """Card Pick Up: 'Whenever Bond reaches a red star Space that has a card next to it'."""
    state = map_game().apply(e.StartTurn("bond", dice(7)))
    star = state.cards[0][0]
    with pytest.raises(RuleError, match="must be in star Space"):
        state.apply(e.PickUpCard(star, dice(2)))


def test_break_gate_at_a_gate():
    """Break Gate: 'break down any of the three gates at the edge of the map'."""
    state = dataclasses.replace(map_game(), has_tilly=True, guard=False)
    state = state.apply(e.StartTurn("bond", dice(7)))
    with pytest.raises(RuleError, match="at a gate"):
        state.apply(e.BreakGate(dice(2)))
    state = place(state, "bond", "x9y6", "x9y7").apply(e.BreakGate(dice(2)))
    assert state.winner == "bond" and "East Gate" in state.last_event.text


def test_oil_slick_catches_cars_one_or_two_behind():
    """Special Actions, Oil Slick: 'Each Enemy piece that is 1 or 2 Spaces behind Bond'."""
    state = place(map_game(), "B", "x3y4", "x4y4")
    state = state.apply(e.StartTurn("bond", dice(7))).apply(e.OilSlick())
    assert state.pending.kind == "avoid_oil" and state.pending.cars == ("A", "B")
    with pytest.raises(InputError, match="map mode"):
        map_game().apply(e.StartTurn("bond", dice(7))).apply(e.OilSlick(cars=("A",)))


def test_reach_chances():
    """Bond's reach odds: 4 spaces ahead is sure (he moves at least 4), 9 is 1/6, 10 never."""
    state = map_game(("x0y10", "x1y10"))
    reach = bond_reach_chances(state)
    assert reach["x4y10"] == 1 and reach["x9y10"] == Fraction(1, 6)
    assert reach.get("x0y9", 0) < Fraction(1, 6)  # behind him: only all the way round
    qt = success_chance("bond", "quick_turn", guard=True)
    # x9y9 is 10 moves away, or 8 and the Quick Turn arrow from x8y10 over x9y10, whose
    # landing costs a ninth Space (HOUSE RULE quick_turn_costs_move): only a roll of 9.
    assert reach["x9y9"] == Fraction(1, 6) * qt


def test_enemy_fire_odds():
    """Next-turn danger: a car next to Bond (0 between) hits with 7/12 whatever it rolls."""
    state = map_game()
    assert enemy_fire_chances(state)["A"] == Fraction(7, 12)
    assert expected_hits_on_bond(state) == sum(enemy_fire_chances(state).values())


def test_reach_after_the_roll_uses_spaces_left():
    """Once Bond has rolled, reach odds use his spaces left: all or nothing without arrows."""
    state = map_game(("x0y10", "x1y10")).apply(e.StartTurn("bond", dice(2)))  # 4 spaces
    reach = bond_reach_chances(state)
    assert reach["x4y10"] == 1 and "x5y10" not in reach


def test_enemy_fire_odds_respect_lost_turns_and_the_screen():
    """A car on a lost turn fires from where it stands; behind a raised Screen it cannot hit."""
    state = map_game()
    lost = dataclasses.replace(state.piece("A"), lost_turns=1)
    state = dataclasses.replace(state, pieces=tuple(lost if p.name == "A" else p
                                                    for p in state.pieces))
    assert enemy_fire_chances(state)["A"] == Fraction(7, 12)
    screened = dataclasses.replace(state, screen=True)
    assert enemy_fire_chances(screened)["A"] == 0  # A sits right behind Bond


def test_double_back_turns_the_car_around():
    """Double Back success: 'reverses direction and continues' (the way behind is now ahead)."""
    state = map_game(("x5y4", "x6y4"))
    state = place(state, "A", "x0y10", "x1y10").apply(e.StartTurn("bond", dice(7)))
    state = state.apply(e.DoubleBack(dice(2)))
    assert state.piece("bond").heading == (-1, 0)
    assert [m.to for m in state.legal_actions() if isinstance(m, e.Move)] == ["x4y4"]


def test_failed_quick_turn_continues_on_the_road():
    """Quick Turn failure: 'continues without making the Quick Turn' (same Space, same way)."""
    state = place(map_game(), "bond", "x2y4", "x3y4").apply(e.StartTurn("bond", dice(7)))
    state = place(state, "A", "x8y4", "x9y4")
    failed = state.apply(e.QuickTurn(to="x3y5", dice=dice(4)))
    assert failed.piece("bond") == state.piece("bond") and "quick_turn" in failed.step.used


def test_the_enemy_points_his_cars_while_he_places_the_cards():
    """Set Up / Movement: 'At the beginning of the game, you can point your pieces in any
    direction'; the Enemy sets up before Bond, so AimCar is allowed before the cards are
    down and until Bond is placed, never after turn 1 begins."""
    state = e.new_state({"map": "sample"})
    aimed = state.apply(e.AimCar("A", "x3y4"))
    assert aimed.piece("A").heading == (-1, 0) and aimed.phase == "cards"
    placed = aimed.apply(e.PlaceCards(state.board.stars[:5])).apply(e.PlaceBond("x5y4", "x6y4"))
    assert placed.piece("A").heading == (-1, 0)
    with pytest.raises(RuleError, match="before turn 1"):
        placed.apply(e.AimCar("A", "x5y4"))


def test_the_bot_option_is_saved_and_needs_the_map():
    """Option 'bot': which side the app plays travels with the game; bots need a map."""
    state = e.new_state({"map": "sample", "bot": "bond"})
    assert state.setup.bot == "bond" and state.to_json()["options"]["bot"] == "bond"
    with pytest.raises(InputError, match="bots need map mode"):
        e.new_state({"bot": "enemy"})
    with pytest.raises(InputError, match="option 'bot'"):
        e.new_state({"map": "sample", "bot": "spectre"})


def test_a_board_in_the_options_is_size_limited():
    """A board saved with a game is at most 200 kB of JSON (MAX_OPTION_BYTES)."""
    data = _sample_json()
    data["buildings"] = [[100.5, 100.5, 101.5, 101.5]] * 20_000
    with pytest.raises(InputError, match="at most 200 kB"):
        e.new_state({"map": data})


def test_every_line_of_fire_from_one_search_is_the_line_of_fire_of_each_pair():
    """`Board.lines_of_fire` (one search from a Space, for the Fire odds) gives each
    target the Spaces between that `line_of_fire` finds for the pair alone (Enemy Fire)."""
    board = sample_board()
    for shooter in board.spaces:
        lines = board.lines_of_fire(shooter)
        for target in board.spaces:
            if target != shooter:
                assert lines.get(target) == board.line_of_fire(shooter, target), \
                    (shooter, target)
