"""One test per rule of ../shared/rules/golden_goal.txt, each naming its section and sentence."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from companion.core.errors import InputError, RuleError
from companion.core.session import Session
from companion.golden_goal import GAME
from companion.golden_goal.actions import Kick, Pass, Place, PlaceKeeper, Roll, RollOff, Toss
from companion.golden_goal.board import DEFAULT_FIELD, STANDARD_FIELD, Field, load_field
from companion.golden_goal.engine import new_state
from companion.golden_goal.odds import (
    opponent_chance_after,
    p_score_this_turn,
    score_hint,
    scoring_faces,
    scoring_lines,
)
from companion.golden_goal.turns import legal_turns

from .scenes import kick, play, scene


def setup_state(first: str = "orange") -> object:
    return new_state({}).apply(Toss(first))


def place_all(state, placements):
    for player, square in placements:
        state = state.apply(Place(player, square))
    return state


# A legal formation, in placing order (orange first).
FORMATION = [
    ("orange 1", (3, 5)), ("blue 1", (4, 6)),
    ("orange 2", (1, 2)), ("blue 2", (6, 9)),
    ("orange 3", (2, 8)), ("blue 3", (5, 3)),
    ("orange 4", (6, 4)), ("blue 4", (1, 10)),
    ("orange keeper", (3, 0)), ("blue keeper", (4, 11)),
]


# The Field (READING_NOTES geometry).

def test_field_default_geometry_from_reading_notes():
    """READING_NOTES: 8x12, one ring out, circle of 4, 2 front-of-net squares, box 4x3."""
    field = STANDARD_FIELD
    assert len(field.squares) == 96 and len(field.mat_squares) == 10 * 14
    assert field.centre_circle == {(3, 5), (4, 5), (3, 6), (4, 6)}
    assert set(field.nets) == {(3, 0), (4, 0), (3, 11), (4, 11)}
    box = [sq for sq in field.squares if field.in_box(sq, "blue")]
    assert len(box) == 12 and all(sq[1] >= 9 and 2 <= sq[0] <= 5 for sq in box)
    assert field.half((0, 5)) == "orange" and field.half((0, 6)) == "blue"


def test_field_another_mat_can_be_described(tmp_path):
    """READING_NOTES: keep the geometry in one data object so another mat can be described."""
    path = tmp_path / "mat.yaml"
    path.write_text("columns: 10\nrows: 14\nnet_columns: [4, 5]\nbox_columns: [3, 6]\n")
    field = load_field(path)
    assert field.nets.keys() == {(4, 0), (5, 0), (4, 13), (5, 13)}
    assert new_state({"field": {**DEFAULT_FIELD, "columns": 10}}).field.columns == 10


def test_field_bad_mat_names_the_file_and_entry(tmp_path):
    """Data files are validated with InputError naming the file and the bad entry."""
    path = tmp_path / "bad.json"
    path.write_text('{"columns": 7}')
    with pytest.raises(InputError, match=r"bad\.json: columns must be even"):
        load_field(path)
    with pytest.raises(InputError, match="net_columns"):
        Field.from_mapping({"net_columns": "middle"})


# Setup.

def test_setup_random_team_places_first():
    """Setup: "Choose a random team to place first." The app's toss is seeded."""
    firsts = {Session(GAME, {}, seed).act(Toss()).text.split()[0] for seed in range(12)}
    assert firsts == {"orange", "blue"}
    with pytest.raises(InputError):
        new_state({}).apply(Toss())


def test_setup_take_turns_placing_one_player_at_a_time():
    """Setup: "Take turns placing 1 player at a time on the field." """
    state = setup_state().apply(Place("orange 1", (3, 5)))
    with pytest.raises(RuleError, match="take turns"):
        state.apply(Place("orange 2", (1, 2)))
    assert state.apply(Place("blue 1", (4, 6))).to_move == "orange"


def test_setup_keeper_must_start_in_front_of_your_net():
    """Setup: "Your keeper must start in front of your net." """
    with pytest.raises(RuleError, match="in front of orange's net"):
        setup_state().apply(Place("orange keeper", (3, 11)))
    assert setup_state().apply(Place("orange keeper", (4, 0))).where["orange keeper"] == (4, 0)


def test_setup_two_or_three_on_your_half_with_one_in_the_centre_circle():
    """Setup: "2-3 of your outfielders must start on your half, with 1 in the center circle." """
    state = place_all(setup_state(), FORMATION[:2])  # orange 1 in the circle already
    with pytest.raises(RuleError, match="centre circle"):
        state.apply(Place("orange 2", (4, 5)))  # a second one in the circle
    state = place_all(setup_state(), [("orange 1", (0, 1)), ("blue 1", (4, 6)),
                                      ("orange 2", (1, 1)), ("blue 2", (6, 9))])
    with pytest.raises(RuleError, match="centre circle"):
        state.apply(Place("orange 3", (2, 1)))  # three on the half, none in the circle


def test_setup_one_or_two_on_the_opponents_half_not_in_the_centre_circle():
    """Setup: "1-2 of your outfielders must start on your opponent's half, not in the
    center circle." """
    state = setup_state()
    with pytest.raises(RuleError, match="centre circle"):
        state.apply(Place("orange 1", (3, 6)))  # blue's half of the circle
    state = place_all(state, [("orange 1", (0, 7)), ("blue 1", (4, 6)),
                              ("orange 2", (1, 7)), ("blue 2", (6, 9))])
    with pytest.raises(RuleError, match="1-2 on the opponent's half"):
        state.apply(Place("orange 3", (2, 7)))


def test_setup_players_are_placed_on_the_field():
    """Setup: "placing 1 player at a time on the field" (not out of bounds)."""
    with pytest.raises(RuleError, match="not out of bounds"):
        setup_state().apply(Place("orange 1", (-1, 3)))


def test_field_only_one_player_per_space():
    """The Field: "Only 1 player can occupy each space." """
    state = setup_state().apply(Place("orange 1", (3, 5)))
    with pytest.raises(RuleError, match="only 1 player"):
        state.apply(Place("blue 1", (3, 5)))


def test_field_penalty_box_at_most_one_defending_outfielder_at_setup():
    """The Field, Penalty Box: "You can have at most 1 defending outfielder in your
    penalty box." """
    state = place_all(setup_state(), [("orange 1", (2, 1)), ("blue 1", (4, 6))])
    with pytest.raises(RuleError, match="penalty box"):
        state.apply(Place("orange 2", (5, 2)))


def test_field_front_of_net_only_your_keeper():
    """The Field, Front of Net: "Only your keeper can occupy the 2 spaces in front of
    your net." """
    with pytest.raises(RuleError, match="only a keeper"):
        setup_state().apply(Place("orange 1", (3, 0)))


def test_setup_complete_formation_leads_to_the_kickoff():
    """Setup, then The Kickoff: ten players placed, the roll-off comes next."""
    state = place_all(setup_state(), FORMATION)
    assert state.phase == "roll-off" and len(state.positions) == 10
    assert state.legal_actions() == [RollOff()]


# The Kickoff.

def kickoff_state():
    return place_all(setup_state(), FORMATION)


def test_kickoff_tie_rolls_again():
    """The Kickoff: "In a tie, both teams roll again." """
    state = kickoff_state().apply(RollOff((4, 4)))
    assert state.phase == "roll-off" and "roll again" in state.last_event.text


def test_kickoff_higher_roll_kicks_the_difference_without_free_space():
    """The Kickoff: the higher roller's centre-circle player kicks "the higher roll minus the
    lower roll"; Going the Distance: no free space on the Kickoff's initial kick."""
    state = kickoff_state().apply(RollOff((2, 5)))
    assert (state.to_move, state.ball, state.roll) == ("blue", (4, 6), 3)
    after = state.apply(Kick((kick("E"),)))
    assert after.ball == (7, 6)  # 3 spaces, not 4
    assert after.to_move == "orange" and after.phase == "roll"  # the loser plays first


def test_kickoff_a_pass_moves_the_free_space_as_normal():
    """Going the Distance: "if you pass during the Kickoff, move the ball 1 free space"."""
    state = kickoff_state().apply(RollOff((4, 2)))  # orange 1 on (3, 5) kicks 2
    state = replace(state, positions=tuple(
        (p, (3, 3) if p == "orange 2" else sq) for p, sq in state.positions))
    after = state.apply(Kick((kick("S"), kick("E"))))  # pass 2 spaces, then 0 pips + free
    assert after.ball == (4, 3)


def test_killjoy_no_goal_during_the_kickoff():
    """No Killjoy Rules: "You may not score a goal during the Kickoff." """
    state = scene({"orange 1": (3, 9), "blue keeper": (5, 11)}, ball=(3, 9), roll=3,
                  phase="kickoff")
    with pytest.raises(RuleError, match="during the Kickoff"):
        state.apply(Kick((kick("N"),)))


def test_house_rule_the_kickoff_keeps_the_opponents_clear_path():
    """HOUSE RULE killjoy_after_kickoff: the kickoff may not wall the ball off (No Killjoy
    Rules' clear path); the option turns the check off."""
    walled = {"orange 1": (1, 5), "orange 2": (0, 4), "orange 3": (0, 6)}
    state = scene(walled, ball=(1, 5), roll=1, phase="kickoff")
    with pytest.raises(RuleError, match="clear path"):
        state.apply(Kick((kick("W"),)))
    assert Kick((kick("W"),)) not in state.legal_actions()
    free = scene(walled, ball=(1, 5), roll=1, phase="kickoff",
                 options={"killjoy_after_kickoff": False})
    assert free.apply(Kick((kick("W"),))).ball == (0, 5)


# Game Turns and Player Movement.

def test_turn_starts_with_a_roll_then_one_player_of_yours_moves():
    """Game Turns: "Start your turn by rolling the die. Then choose 1 player to move." """
    state = scene({}, ball=(4, 4), phase="roll")
    assert state.legal_actions() == [Roll()]
    rolled = state.apply(Roll((2,)))
    assert rolled.roll == 2
    with pytest.raises(RuleError, match="not on orange's team"):
        rolled.apply(play("blue 3", "EE"))
    with pytest.raises(InputError):
        state.apply(Roll((7,)))


def test_movement_orthogonal_only():
    """Player Movement: "Players can only move orthogonally." """
    state = scene({}, ball=(4, 4), roll=2)
    with pytest.raises(InputError, match="N, E, S or W"):
        state.apply(replace(play("orange 1", "NE"), path=("NE", "N")))


def test_movement_change_direction_and_revisit_spaces():
    """Player Movement: change direction any number of times; revisit spaces."""
    state = scene({}, ball=(4, 4), roll=4).apply(play("orange 1", "NSNE"))
    assert state.where["orange 1"] == (1, 4)


def test_movement_out_of_bounds_allowed_but_not_off_the_mat():
    """Player Movement: "Players can move into or through spaces that are out of bounds"."""
    state = scene({}, ball=(4, 4), roll=2)
    with pytest.raises(RuleError, match="leaves the mat"):
        state.apply(play("orange 1", "WW"))
    assert state.apply(play("orange 1", "WN")).where["orange 1"] == (-1, 4)


def test_movement_not_into_or_through_other_players():
    """Player Movement: "Players cannot move into or through spaces with other players." """
    state = scene({"blue 3": (0, 4)}, ball=(4, 4), roll=2)
    with pytest.raises(RuleError, match="blue 3 stands"):
        state.apply(play("orange 1", "NN"))


def test_movement_stop_on_reaching_the_ball():
    """Player Movement: "When a player moves into the space with the ball, they must stop
    moving and kick it." """
    state = scene({}, ball=(0, 4), roll=3)
    with pytest.raises(RuleError, match="must stop"):
        state.apply(play("orange 1", "NNE"))
    with pytest.raises(RuleError, match="must kick"):
        state.apply(play("orange 1", "N"))


def test_movement_spend_one_or_more_pips():
    """Game Turns: "Spend 1 or more die pips to move them." """
    with pytest.raises(RuleError, match="spend 1 to"):
        scene({}, ball=(4, 4), roll=2).apply(play("orange 1", ""))


def test_end_of_turn_spend_all_pips_when_not_kicking():
    """End of Turn: "If you did not kick the ball, you must spend all die pips moving"."""
    with pytest.raises(RuleError, match="all 3 pips"):
        scene({}, ball=(4, 4), roll=3).apply(play("orange 1", "NN"))


def test_keeper_only_your_keeper_ends_in_front_of_your_net():
    """Keeper: "Your keeper is the only player who can end their move in the 2 spaces in
    front of your net." """
    state = scene({"orange 1": (3, 2), "orange keeper": (5, 0)}, ball=(4, 6), roll=2)
    with pytest.raises(RuleError, match="in front of a net"):
        state.apply(play("orange 1", "SS"))
    assert state.apply(play("orange keeper", "WW")).where["orange keeper"] == (3, 0)
    blue = scene({"blue keeper": (2, 1)}, ball=(4, 6), roll=2, to_move="blue")
    with pytest.raises(RuleError, match="only orange's keeper"):
        blue.apply(play("blue keeper", "ES"))


# Kicking the Ball: the rulebook's examples (Orange rolled 5, moved 3, kicks with 2 pips).

EXAMPLE = {"orange 1": (1, 2), "orange 2": (1, 7)}


def test_kicking_example_a_three_spaces_straight():
    """Kicking Examples, A: "Kick 3 spaces in a straight line." (free space + 2 pips)"""
    state = scene({"orange 1": (1, 2)}, ball=(1, 5), roll=5).apply(
        play("orange 1", "NNN", kick("NE")))
    assert state.ball == (4, 8)


def test_kicking_example_b_three_spaces_with_a_bend():
    """Kicking Examples, B: "Kick 3 spaces with a 45° bend." """
    state = scene({"orange 1": (1, 2)}, ball=(1, 5), roll=5).apply(
        play("orange 1", "NNN", kick("N", 1, "NE")))
    assert state.ball == (3, 8)


def test_kicking_example_c_pass_two_then_kick_two_more():
    """Kicking Examples, C: "Pass 2 spaces, then kick 2 more spaces." """
    state = scene(EXAMPLE, ball=(1, 5), roll=5).apply(
        play("orange 1", "NNN", kick("N"), kick("E")))
    assert state.ball == (3, 7)
    assert "a pass" in state.last_event.text and "orange 2 kicks E" in state.last_event.text


def test_kicking_any_of_eight_directions():
    """Kicking the Ball: "Choose any orthogonal or diagonal direction." """
    state = scene({"orange 1": (2, 3)}, ball=(2, 4), roll=1)
    ends = {o.ball for o in state.legal_turns(1) if o.play.kicks}
    assert ends == {(2 + dc, 4 + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)} - {(2, 4)}


def test_going_the_distance_zero_pips_still_moves_one_space():
    """Going the Distance: "If you kick the ball with 0 pips remaining, it still moves 1
    space." """
    state = scene({}, ball=(0, 5), roll=2).apply(play("orange 1", "NN", kick("E")))
    assert state.ball == (1, 5)


def test_passing_back_to_an_earlier_kicker():
    """Passing: "may pass back to players who have already kicked." """
    state = scene(EXAMPLE, ball=(1, 5), roll=5).apply(
        play("orange 1", "NNN", kick("N"), kick("S"), kick("E")))
    assert state.ball == (2, 5)  # 2 to orange 2 (1 pip left), 2 back (0 left), 1 free


def test_passing_the_receiver_must_kick():
    """Passing: "that player immediately kicks the ball again"."""
    with pytest.raises(RuleError, match="must kick the ball again"):
        scene(EXAMPLE, ball=(1, 5), roll=5).apply(play("orange 1", "NNN", kick("N")))


def test_end_of_turn_no_kick_after_the_ball_stopped():
    """End of Turn: "When you have spent all die pips and the ball has stopped moving, your
    turn ends." """
    with pytest.raises(RuleError, match="stopped after kick 1"):
        scene({"orange 1": (1, 3)}, ball=(1, 5), roll=5).apply(
            play("orange 1", "NN", kick("N"), kick("E")))


def test_blocking_opposing_players_block_the_ball():
    """Blocking & Boundaries: "You may not kick the ball into or through spaces with
    opposing players"."""
    state = scene({"orange 1": (1, 2), "blue 3": (1, 7)}, ball=(1, 5), roll=5)
    with pytest.raises(RuleError, match="blue 3 blocks"):
        state.apply(play("orange 1", "NNN", kick("N")))


def test_blocking_the_ball_stays_in_bounds():
    """Blocking & Boundaries: "You may not kick the ball ... out of bounds." """
    with pytest.raises(RuleError, match="stay on the field"):
        scene({}, ball=(0, 5), roll=3).apply(play("orange 1", "NN", kick("W")))


def test_bending_exactly_45_degrees_once_before_it_stops():
    """Bending: "Once during each kick, you may change the ball's direction by exactly 45
    degrees ... before it reaches another player or stops." """
    state = scene(EXAMPLE, ball=(1, 5), roll=5)
    with pytest.raises(RuleError, match="45 degrees"):
        state.apply(play("orange 1", "NNN", kick("N", 1, "E")))
    with pytest.raises(RuleError, match="before the ball stops"):
        state.apply(play("orange 1", "NNN", kick("E", 3, "NE")))
    with pytest.raises(RuleError, match="before the bend"):
        state.apply(play("orange 1", "NNN", kick("N", 2, "NE"), kick("E")))


# Goal!!!

def goal_scene(ball, **kwargs):
    return scene({"orange 3": (ball[0], ball[1] - 1), "blue keeper": (7, 11),
                  "blue 2": (6, 8)}, ball=ball, **kwargs)


def test_goal_example_a_not_from_beside_the_net():
    """Goal!!! Example A: "This shot crosses the end line from beside the net, so Orange
    can't score this way." """
    with pytest.raises(RuleError, match="stay on the field"):
        goal_scene((2, 10), roll=3).apply(play("orange 3", "N", kick("N")))


def test_goal_example_b_from_in_front_of_the_net():
    """Goal!!! Example B: "This shot crosses the end line from in front of the net, so
    Orange CAN score this way." The first goal wins."""
    state = goal_scene((3, 10), roll=3).apply(play("orange 3", "N", kick("N")))
    assert state.is_over and state.result == "orange wins 1-0"
    assert "GOAL for orange" in state.last_event.text


def test_goal_off_the_post_from_inside_the_penalty_box():
    """Goal!!!: "If the ball hits a post from inside the penalty box, it bounces into the
    net." (READING_NOTES: a diagonal leaving the field exactly at a post)."""
    state = goal_scene((2, 10), roll=2).apply(play("orange 3", "N", kick("N", 1, "NE")))
    assert state.is_over and state.score == (1, 0)


def test_goal_off_the_post_needs_the_penalty_box():
    """Goal!!!: the post only counts "from inside the penalty box"."""
    narrow = {"field": {**DEFAULT_FIELD, "box_columns": [3, 4]}}
    with pytest.raises(RuleError, match="stay on the field"):
        goal_scene((2, 10), roll=2, options=narrow).apply(
            play("orange 3", "N", kick("N", 1, "NE")))


def test_goal_house_rule_no_own_goals_by_default():
    """HOUSE RULE own_goals: a kick into your own net is out of bounds unless enabled."""
    state = scene({"orange 1": (3, 2), "orange keeper": (6, 0)}, ball=(3, 1), roll=2)
    with pytest.raises(RuleError, match="stay on the field"):
        state.apply(play("orange 1", "S", kick("S")))
    own = replace(state, options=replace(state.options, own_goals=True))
    assert own.apply(play("orange 1", "S", kick("S"))).result == "blue wins 0-1"


# No Killjoy Rules.

def test_killjoy_opponent_keeps_a_clear_path_to_the_ball():
    """No Killjoy Rules: "your opponent must have a clear path from at least 1 player to the
    ball without going out of bounds." """
    state = scene({"orange 1": (0, 2), "orange 3": (0, 6), "orange 4": (1, 5)},
                  ball=(0, 5), roll=2)
    with pytest.raises(RuleError, match="clear path"):
        state.apply(play("orange 1", "NN"))


def test_killjoy_at_most_one_defending_outfielder_in_your_box():
    """No Killjoy Rules: "You may not have more than 1 defending outfielder inside your
    penalty box at the end of your turn." """
    state = scene({"orange 1": (2, 1), "orange 2": (5, 4)}, ball=(7, 7), roll=2)
    with pytest.raises(RuleError, match="penalty box"):
        state.apply(play("orange 2", "SS"))


def test_killjoy_outfielders_pass_through_but_never_end_in_front_of_a_net():
    """No Killjoy Rules: "Outfielders may move through spaces in front of the net, but may
    not end their turn there." """
    state = scene({"orange 1": (2, 11), "blue keeper": (7, 11)}, ball=(0, 0), roll=2)
    assert state.apply(play("orange 1", "EN")).where["orange 1"] == (3, 12)
    with pytest.raises(RuleError, match="may not end the turn in front of a net"):
        state.apply(play("orange 1", "EE"))


def test_killjoy_outfielder_kicking_from_in_front_of_the_net_is_placed_beside_it():
    """No Killjoy Rules: "you may move an outfielder there to kick it. After you do,
    immediately place the outfielder in an adjacent empty space"."""
    state = scene({"orange 1": (2, 0), "orange keeper": (6, 0)}, ball=(3, 0), roll=3)
    with pytest.raises(RuleError, match="place him"):
        state.apply(play("orange 1", "E", kick("N")))
    with pytest.raises(RuleError, match="not an empty space beside"):
        state.apply(play("orange 1", "E", kick("N"), placed=(3, 4)))
    after = state.apply(play("orange 1", "E", kick("N"), placed=(2, 1)))
    assert after.where["orange 1"] == (2, 1) and after.ball == (3, 3)
    assert "placed on c2" in after.last_event.text


def test_killjoy_the_kicker_is_placed_immediately_so_a_pass_can_reach_him():
    """No Killjoy Rules: "After you do, immediately place the outfielder in an adjacent
    empty space": he stands on his new square before the pass he made is kicked on, so the
    receiver can pass back to him there (Passing: "may pass back to players who have
    already kicked")."""
    state = scene({"orange 1": (4, 10), "orange 2": (4, 9)},
                  ball=(4, 11), roll=3)
    # orange 1 steps N to the ball on d12 and kicks S to orange 2 (2 spaces, 1 pip left);
    # placed on f11 at once, he receives orange 2's NE pass and kicks W to d11.
    turn = play("orange 1", "N", kick("S"), kick("NE"), kick("W"), placed=(5, 10))
    after = state.apply(turn)
    assert after.where["orange 1"] == (5, 10) and after.ball == (3, 10)
    assert "orange 2 kicks NE, 1 space to f11, a pass; orange 1 kicks W" in \
        after.last_event.text
    assert any(o.square == (5, 10) and o.ball == (3, 10) for o in state.legal_turns(3))
    # Not yet placed, he would not have been on f11 for the pass: the ball runs on to g12.
    with pytest.raises(RuleError, match="stopped after kick 2"):
        state.apply(play("orange 1", "N", kick("S"), kick("NE"), kick("W"), placed=(3, 10)))


def test_killjoy_the_kicker_is_not_placed_where_his_kick_left_the_ball():
    """No Killjoy Rules: "an adjacent empty space" once his kick is done: not the square
    where that kick stopped the ball."""
    state = scene({"orange 1": (4, 9), "blue keeper": (7, 11)}, ball=(4, 11), roll=2)
    # 2 steps to the ball leave 0 pips: the kick W moves the free space only, to d12.
    with pytest.raises(RuleError, match="not an empty space beside"):
        state.apply(play("orange 1", "NN", kick("W"), placed=(3, 11)))
    with pytest.raises(RuleError, match="not an empty space beside"):
        state.apply(play("orange 1", "NN", kick("SW"), placed=(3, 10)))
    assert state.apply(play("orange 1", "NN", kick("SW"), placed=(4, 10))).ball == (3, 10)


def test_house_rule_the_kicker_is_not_placed_behind_the_goal_line():
    """No Killjoy Rules: "place the outfielder in an adjacent empty space". HOUSE RULE
    placement_out_of_bounds (off): the squares behind the goal line beside the net front are
    the net itself, so he is placed on the field; the option allows them."""
    state = scene({"orange 1": (2, 0), "orange keeper": (6, 0)}, ball=(3, 0), roll=3)
    turns = [o for o in state.legal_turns(3) if o.play.placed is not None]
    assert turns and all(state.field.on_field(o.square) for o in turns)
    with pytest.raises(RuleError, match="nor out of bounds"):
        state.apply(play("orange 1", "E", kick("N"), placed=(2, -1)))
    loose = scene({"orange 1": (2, 0), "orange keeper": (6, 0)}, ball=(3, 0), roll=3,
                  options={"placement_out_of_bounds": True})
    assert loose.apply(play("orange 1", "E", kick("N"), placed=(2, -1))).where["orange 1"] \
        == (2, -1)
    assert any(o.square == (2, -1) for o in loose.legal_turns(3))


def test_killjoy_clear_path_without_going_out_of_bounds():
    """No Killjoy Rules: "your opponent must have a clear path from at least 1 player to the
    ball without going out of bounds": a blue player out of bounds beside the ball does not
    count."""
    corner = {"orange 1": (2, 0), "orange 2": (0, 1), "blue 3": (-1, 0)}
    state = scene(corner, ball=(0, 0), roll=1)
    with pytest.raises(RuleError, match="blue must keep a clear path"):
        state.apply(play("orange 1", "W"))
    assert all(o.square != (1, 0) for o in state.legal_turns(1) if o.play.player == "orange 1")
    free = scene({"orange 1": (2, 0), "orange 2": (5, 5), "blue 3": (-1, 0)}, ball=(0, 0),
                 roll=1)
    assert free.apply(play("orange 1", "W")).where["orange 1"] == (1, 0)


# Longer Matches.

def test_longer_first_to_3_restarts_after_a_goal():
    """Longer Matches, First to 3: a goal is not the end; the conceding team restarts by
    placing keeper and ball in front of its net."""
    state = goal_scene((3, 10), roll=3, options={"match": "first to 3"})
    state = state.apply(play("orange 3", "N", kick("N")))
    assert (state.phase, state.to_move, state.score, state.ball) == ("restart", "blue",
                                                                      (1, 0), None)
    assert state.legal_actions() == [PlaceKeeper((3, 11)), PlaceKeeper((4, 11))]
    won = replace(goal_scene((3, 10), roll=3, options={"match": "first to 3"}), score=(2, 1))
    assert won.apply(play("orange 3", "N", kick("N"))).result == "orange wins 3-1"


def test_longer_restart_reroll_a_one_and_kick_from_the_keeper_without_free_space():
    """Longer Matches: "They then roll the die and kick the ball that many spaces, counting
    from the keeper's space (as in the Kickoff). If they roll a 1, they must reroll." """
    state = scene({}, ball=None, phase="restart", to_move="blue",
                  options={"match": "first to 3"}, score=(1, 0), turns=5)
    state = state.apply(PlaceKeeper((4, 11)))
    assert state.ball == (4, 11) and state.where["blue keeper"] == (4, 11)
    assert state.apply(Roll((1,))).phase == "restart roll"
    state = state.apply(Roll((3,)))
    after = state.apply(Kick((kick("S"),)))
    assert after.ball == (4, 8) and after.to_move == "orange" and after.turns == 6


def test_longer_time_limit_25_rounds():
    """Longer Matches, Time Limit: "Play a total of 25 rounds"; HOUSE RULE: tied goes on."""
    options = {"match": "time limit"}
    last = scene({}, ball=(4, 4), roll=2, to_move="blue", options=options, turns=49,
                 score=(1, 0))
    assert last.apply(play("blue 3", "EE")).result == "orange wins 1-0"
    tied = replace(last, score=(1, 1))
    assert not tied.apply(play("blue 3", "EE")).is_over
    draw = replace(tied, options=replace(tied.options, time_limit_draw=True))
    assert draw.apply(play("blue 3", "EE")).result == "draw, 1-1"
    early = replace(last, turns=47)
    assert not early.apply(play("blue 3", "EE")).is_over


def test_longer_last_chance_three_rounds_to_tie():
    """Longer Matches, Last Chance: "the opposing team has 3 rounds to tie, or the leading
    team wins. If the game is tied after 3 rounds, continue play." """
    state = goal_scene((3, 10), roll=3, options={"match": "last chance"}, turns=10)
    state = state.apply(play("orange 3", "N", kick("N")))
    assert not state.is_over and state.deadline == 11 + 5
    late = scene({}, ball=(4, 4), roll=2, to_move="blue", options={"match": "last chance"},
                 turns=15, score=(1, 0), deadline=16)
    assert late.apply(play("blue 3", "EE")).result == "orange wins 1-0"
    level = replace(late, score=(1, 1), deadline=None)
    assert not level.apply(play("blue 3", "EE")).is_over


def test_longer_last_chance_every_goal_gives_three_rounds():
    """Longer Matches, Last Chance: "When a goal is scored, the opposing team has 3 rounds to
    tie." A second goal by the leader (turn 11, the window from turn 5 ending at 10) starts
    3 rounds again; HOUSE RULE last_chance_restarts off keeps the first window."""
    for restarts, deadline in ((True, 11 + 5), (False, 10)):
        state = goal_scene((3, 10), roll=3, turns=10, score=(1, 0), deadline=10,
                           options={"match": "last chance", "last_chance_restarts": restarts})
        after = state.apply(play("orange 3", "N", kick("N")))
        assert after.score == (2, 0) and after.deadline == deadline
        assert after.is_over is (not restarts)


# House rules and the whole interface.

def test_house_rule_pass_only_when_no_legal_turn():
    """HOUSE RULE PASS_WHEN_STUCK: a roll with no legal turn is passed; otherwise no pass."""
    with pytest.raises(RuleError, match="legal way to play"):
        scene({}, ball=(4, 4), roll=2).apply(Pass())
    corner = {"orange 1": (-1, -1), "orange 2": (0, -1), "orange 3": (1, -1),
              "orange 4": (-1, 0), "orange keeper": (0, 0), "blue 1": (2, -1),
              "blue 2": (1, 0), "blue 3": (-1, 1), "blue 4": (0, 1)}
    stuck = scene(corner, ball=(6, 6), roll=6)
    assert stuck.legal_actions() == [Pass()]
    assert stuck.apply(Pass()).to_move == "blue"


def test_options_are_validated():
    """new_state: unknown or malformed options raise InputError."""
    with pytest.raises(InputError):
        new_state({"match": "penalties"})
    with pytest.raises(InputError):
        new_state({"sudden_death": True})
    with pytest.raises(InputError):
        new_state({"bot": "green"})
    assert new_state({"bot": "blue"}).options.bot == "blue"


def test_state_json_round_trip():
    """to_json / from_json: plain JSON, validated on the way in."""
    state = goal_scene((3, 10), roll=3)
    again = type(state).from_json(state.to_json())
    assert again.to_json() == state.to_json()
    with pytest.raises(InputError):
        type(state).from_json({**state.to_json(), "ball": [99, 99]})


# legal_turns and the odds.

def test_legal_turns_are_distinct_and_each_applies():
    """legal_turns: every distinct end result once, and apply accepts each."""
    state = scene(EXAMPLE, ball=(1, 5), roll=4)
    outcomes = state.legal_turns(4)
    ends = set()
    for outcome in outcomes:
        after = state.apply(outcome.play)
        end = (after.positions, after.ball, after.score)
        assert end not in ends
        ends.add(end)
        assert after.ball == outcome.ball
    assert len(ends) == len(outcomes) > 20


def test_p_score_this_turn_counts_the_faces_that_score():
    """Odds: a face counts when some legal turn with it scores (2-6 here, not 1)."""
    state = goal_scene((3, 10), phase="roll")
    assert scoring_faces(state) == (2, 3, 4, 5, 6)
    assert p_score_this_turn(state) == Fraction(5, 6)
    assert score_hint(state) == "you can score with a 2, 3, 4, 5 or 6 (83.3%)"
    lines = scoring_lines(state, 2)
    assert lines and lines[0].ball_path == ((3, 11),) and lines[0].mover_path == ((3, 10),)
    assert scoring_lines(state, 1) == []


def test_p_score_agrees_with_listing_every_turn():
    """Odds: the fast goal search agrees with the full listing of legal turns."""
    rng = random.Random(4)
    session = Session(GAME, {}, 4)
    checked = 0
    while checked < 4:
        state = session.state
        if state.phase == "roll":
            full = tuple(f for f in range(1, 7) if any(o.net == "blue" if state.to_move ==
                         "orange" else o.net == "orange" for o in state.legal_turns(f)))
            assert scoring_faces(state) == full
            fast = tuple(f for f in range(1, 7) if legal_turns(state, f, goals_only=True))
            assert fast == full
            checked += 1
        session.act(rng.choice(state.legal_actions()))


def test_opponent_chance_after_a_candidate_turn():
    """Odds: after a planned turn, the chance the opponent scores on their next turn.

    Kicked to c2, blue 1 (3 steps away on c5) scores with a 4, 5 or 6: one pip left makes
    the 2-space shot through d1 (or off the post). Kicked to f6, blue cannot score."""
    state = scene({"orange 1": (3, 4), "blue 1": (2, 4), "orange keeper": (6, 0)},
                  ball=(3, 3), roll=2)
    kicked_to = {o.ball: o for o in state.legal_turns(2) if o.play.kicks}
    assert opponent_chance_after(state, kicked_to[(2, 1)]) == Fraction(1, 2)
    assert opponent_chance_after(state, kicked_to[(5, 5)]) == 0


def test_state_draws_itself_for_notebooks():
    """A state shows the mat as text: players, ball, nets, boxes."""
    picture = scene({}, ball=(3, 5), roll=2).diagram()
    assert picture.count("()") == 1 and picture.count("##") == 2 and "OK" in picture
    assert "orange 0 - 0 blue" in scene({}, ball=(3, 5), roll=2)._repr_html_()
