"""One test per Goldfinger rule; each names its section of goldfinger.txt."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from companion.core.errors import InputError, RuleError
from companion.goldfinger import GAME, rules
from companion.goldfinger import engine as e
from companion.goldfinger.engine import new_state
from companion.goldfinger.odds import movement_distribution, success_chance

from .helpers import CARDS, STARS, bond_turn, dice, enemy_turn, finish_turn, tracker_game

BOND_MOVES = {2: 4, 3: 5, 4: 6, 5: 7, 6: 8, 7: 9, 8: 4, 9: 5, 10: 6, 11: 7, 12: 8}
ENEMY_MOVES = {2: 3, 3: 4, 4: 5, 5: 6, 6: 7, 7: 8, 8: 3, 9: 4, 10: 5, 11: 6, 12: 7}


# James Bond Action Summary / Enemy Action Summary: Movement.


@pytest.mark.parametrize(("total", "spaces"), BOND_MOVES.items())
def test_bond_movement_line(total, spaces):
    """James Bond Action Summary, Movement: 'the number of Spaces Bond can move this turn'."""
    state = bond_turn(total=total)
    assert state.step.allowance == spaces
    assert f"up to {spaces} spaces" in state.last_event.text


@pytest.mark.parametrize(("total", "spaces"), ENEMY_MOVES.items())
def test_enemy_movement_line(total, spaces):
    """Enemy Action Summary, Movement: 'the maximum number of Spaces the Enemy piece can move'."""
    assert enemy_turn("B", total=total).step.allowance == spaces


def test_every_allowance_equally_likely():
    """READING_NOTES: Bond moves 4..9, the Enemy 3..8, each with chance 1/6."""
    assert movement_distribution("bond") == {n: Fraction(1, 6) for n in range(4, 10)}
    assert movement_distribution("enemy") == {n: Fraction(1, 6) for n in range(3, 9)}


def test_move_no_further_than_the_roll():
    """How To Play, step 1: the roll is 'the maximum number of Spaces the Bond piece can move'."""
    state = bond_turn(total=2).apply(e.Move(spaces=3))
    assert state.step.left == 1
    with pytest.raises(RuleError, match="1 of 4 spaces left"):
        state.apply(e.Move(spaces=2))


# Success ranges, one row per printed line.

BOND_RANGES = {"quick_turn": 7, "double_back": 7, "trick": 8, "force": 10, "pick_up": 7,
               "break_gate": 6, "fire": 7}
ENEMY_RANGES = {"quick_turn": 7, "double_back": 7, "trick": 7, "force": 7, "fire": 7,
                "avoid_smoke": 7, "avoid_oil": 7}


def _bond_attempt(name: str, total: int, **changes) -> e.GoldfingerState:
    state = bond_turn(**{"guard": False, **changes})
    action = {
        "quick_turn": e.QuickTurn(), "double_back": e.DoubleBack(), "trick": e.Trick("A"),
        "force": e.Force("A"), "pick_up": e.PickUpCard("s5"), "break_gate": e.BreakGate(),
        "fire": e.Fire("A", spaces_between=0),
    }[name]
    if name == "break_gate":
        state = dataclasses.replace(state, has_tilly=True)
    return state.apply(dataclasses.replace(action, dice=dice(total)))


def _enemy_attempt(name: str, total: int) -> e.GoldfingerState:
    if name in ("avoid_oil", "avoid_smoke"):
        kind = e.OilSlick if name == "avoid_oil" else e.SmokeScreen
        state = bond_turn().apply(kind(cars=("A",)))
        avoid = e.AvoidOil if name == "avoid_oil" else e.AvoidSmoke
        return state.apply(avoid("A", dice(total)))
    action = {
        "quick_turn": e.QuickTurn(), "double_back": e.DoubleBack(), "trick": e.Trick("bond"),
        "force": e.Force("bond"), "fire": e.Fire("bond", spaces_between=0),
    }[name]
    return enemy_turn("A").apply(dataclasses.replace(action, dice=dice(total)))


@pytest.mark.parametrize(("name", "top"), BOND_RANGES.items())
def test_bond_success_range(name, top):
    """James Bond Action Summary: each action succeeds on the white range 2..top only."""
    assert _bond_attempt(name, top).last_event.outcome == "success"
    assert _bond_attempt(name, top + 1).last_event.outcome == "failure"


@pytest.mark.parametrize(("name", "top"), ENEMY_RANGES.items())
def test_enemy_success_range(name, top):
    """Enemy Action Summary: each action succeeds on dice 2..7 and fails on 8..12."""
    assert _enemy_attempt(name, top).last_event.outcome == "success"
    assert _enemy_attempt(name, top + 1).last_event.outcome == "failure"


@pytest.mark.parametrize("name", BOND_RANGES)
def test_guard_adds_four(name):
    """How To Play, step 2: with the guard, 'add 4 to many of his Action dice rolls'."""
    top = BOND_RANGES[name]
    assert _bond_attempt(name, top - 4, guard=True).last_event.outcome == "success"
    assert _bond_attempt(name, top - 3, guard=True).last_event.outcome == "failure"
    assert "+4 guard" in _bond_attempt(name, top - 3, guard=True).last_event.text


def test_screen_adds_three_to_double_back():
    """James Bond Action Summary, Double Back: 'Add 3, if the Bulletproof Screen is raised'."""
    assert _bond_attempt("double_back", 4, screen=True).last_event.outcome == "success"
    assert _bond_attempt("double_back", 5, screen=True).last_event.outcome == "failure"


def test_fire_adds_one_per_space_between():
    """Firing Weapons: 'add 1 to your Fire Action dice roll for each Space between'."""
    state = bond_turn(guard=False)
    hit = state.apply(e.Fire("A", spaces_between=2, dice=dice(5)))
    miss = state.apply(e.Fire("A", spaces_between=2, dice=dice(6)))
    assert (hit.last_event.outcome, miss.last_event.outcome) == ("success", "failure")
    assert "+2 distance" in hit.last_event.text and "Car A has 1 of 3 hits" in hit.last_event.text


# Actions: limits.


def test_bond_three_actions():
    """Actions: 'Bond can perform a maximum of 3 Actions in one turn'."""
    state = bond_turn().apply(e.QuickTurn(dice=dice(12))).apply(e.PickUpCard("s1", dice(12)))
    state = state.apply(e.Fire("A", spaces_between=0, dice=dice(12)))
    with pytest.raises(RuleError, match="0 of 3 actions left"):
        state.apply(e.DoubleBack(dice(2)))


def test_enemy_two_actions():
    """Actions: 'each Enemy piece can perform 2 Actions in one turn'."""
    state = enemy_turn("A").apply(e.QuickTurn(dice=dice(12))).apply(
        e.Fire("bond", spaces_between=0, dice=dice(12)))
    with pytest.raises(RuleError, match="0 of 2 actions left"):
        state.apply(e.DoubleBack(dice(2)))


def test_no_action_twice_a_turn():
    """Actions: 'You can never attempt to perform the same Action more than once with the same
    piece in one turn'."""
    state = bond_turn().apply(e.Fire("A", spaces_between=0, dice=dice(12)))
    with pytest.raises(RuleError, match="already tried"):
        state.apply(e.Fire("B", spaces_between=0, dice=dice(2)))


def test_movement_is_not_an_action():
    """Actions: 'Movement does not count as an Action'."""
    assert bond_turn().apply(e.Move(spaces=4)).actions_left() == 3


# Special Actions.


def test_eject_guard_uses_three_actions_and_removes_the_guard():
    """Special Actions, Eject Guard: 'counts as 3 Actions'; the +4 is gone afterwards."""
    state = bond_turn().apply(e.EjectGuard())
    assert not state.guard and state.actions_left() == 0
    assert success_chance("bond", "fire") == Fraction(7, 12)


def test_eject_guard_must_be_the_only_action():
    """Special Actions: Eject Guard's 3 Actions 'must be done in one turn' (READING_NOTES)."""
    state = bond_turn().apply(e.Fire("A", spaces_between=0, dice=dice(12)))
    with pytest.raises(RuleError, match="this needs 3"):
        state.apply(e.EjectGuard())


def test_screen_uses_three_actions_and_cannot_be_lowered():
    """Special Actions, Raise Bulletproof Screen: 3 Actions; 'cannot be lowered'."""
    state = bond_turn().apply(e.RaiseScreen())
    assert state.screen and state.actions_left() == 0
    state = bond_turn(finish_turn(state))
    with pytest.raises(RuleError, match="already raised"):
        state.apply(e.RaiseScreen())


def test_screen_stops_hits_from_the_rear():
    """Special Actions: 'the Enemy player cannot Hit the Aston Martin with Fire from the rear'."""
    state = enemy_turn("A", bond_turn(screen=True))
    with pytest.raises(RuleError, match="from the rear"):
        state.apply(e.Fire("bond", spaces_between=0, from_rear=True, dice=dice(2)))
    front = state.apply(e.Fire("bond", spaces_between=0, dice=dice(2)))
    assert front.piece("bond").hits == 1


def test_oil_slick_once_per_game_and_avoid_oil_failure_removes_the_car():
    """Special Actions, Oil Slick: once per game; Avoid Oil failure: 'crashes and is removed'."""
    state = bond_turn().apply(e.OilSlick(cars=("A", "B")))
    with pytest.raises(RuleError, match="Avoid Oil"):
        state.apply(e.EndMove())
    state = state.apply(e.AvoidOil("A", dice(8))).apply(e.AvoidOil("B", dice(7)))
    assert state.piece("A").crashed and not state.piece("B").crashed
    assert state.piece("B").hits == 0 and state.pending is None
    state = bond_turn(finish_turn(state))
    with pytest.raises(RuleError, match="once per game"):
        state.apply(e.OilSlick(cars=()))


def test_smoke_screen_avoid_smoke_failure_is_one_hit():
    """Special Actions, Smoke Screen; Enemy Action Summary, Avoid Smoke: failure '1 Hit'."""
    state = bond_turn().apply(e.SmokeScreen(cars=("C",))).apply(e.AvoidSmoke("C", dice(9)))
    assert state.piece("C").hits == 1 and state.smoke_used
    assert state.actions_left() == 2


def test_avoid_only_for_cars_caught():
    """Special Actions: only the cars behind Bond 'must immediately perform' the Avoid roll."""
    state = bond_turn().apply(e.SmokeScreen(cars=("C",)))
    with pytest.raises(RuleError, match="does not have to roll"):
        state.apply(e.AvoidSmoke("D", dice(2)))


# Losing a Turn, Trick and Force.


def test_trick_failure_costs_a_hit_the_rest_and_the_next_turn():
    """James Bond Action Summary, Trick failure: '1 Hit, and he loses the rest of this turn and
    all of his next turn'."""
    state = bond_turn(guard=False).apply(e.Trick("A", dice=dice(9)))
    assert state.piece("bond").hits == 1 and state.step is None and state.done == ("bond",)
    with pytest.raises(RuleError):
        state.apply(e.Move(spaces=1))
    nxt = finish_turn(state).apply(e.StartTurn("bond"))
    assert nxt.step.fire_only and nxt.step.allowance == 0


def test_lost_turn_may_only_fire():
    """How To Play, Losing a Turn: 'cannot move ... but it can perform a Fire Action (only)'."""
    state = bond_turn(guard=False).apply(e.Force("A", dice=dice(2)))
    state = enemy_turn("A", state)
    assert state.step.fire_only
    with pytest.raises(RuleError, match="only Fire"):
        state.apply(e.DoubleBack(dice(2)))
    assert state.apply(e.Fire("bond", spaces_between=0, dice=dice(2))).piece("bond").hits == 1


def test_lost_turn_does_not_roll_for_movement():
    """How To Play, Losing a Turn: the piece 'cannot move', so there is no movement roll."""
    state = bond_turn(guard=False).apply(e.Force("A", dice=dice(2))).apply(e.EndMove())
    assert state.dice_needed(e.StartTurn("A")) == 0
    with pytest.raises(InputError, match="does not roll"):
        state.apply(e.StartTurn("A", dice(7)))


def test_bond_force_success():
    """James Bond Action Summary, Force success: 'The Enemy piece takes 1 Hit, loses its next
    turn'."""
    state = bond_turn(guard=False).apply(e.Force("B", dice=dice(10)))
    assert state.piece("B").hits == 1 and state.piece("B").lost_turns == 1


def test_bond_force_failure_loses_rest_and_next():
    """James Bond Action Summary, Force failure: 'Bond loses the rest of this turn and all of his
    next turn'."""
    state = bond_turn(guard=False).apply(e.Force("B", dice=dice(11)))
    assert state.step is None and state.piece("bond").lost_turns == 1


def test_enemy_force_success_hits_bond_and_costs_his_next_turn():
    """Enemy Action Summary, Force success: 'Bond takes 1 Hit, loses his next turn'."""
    state = enemy_turn("A").apply(e.Force("bond", dice=dice(7)))
    assert state.piece("bond").hits == 1 and state.piece("bond").lost_turns == 1


def test_enemy_forces_only_bond():
    """Enemy Action Summary, Force: 'an Enemy piece tries to run Bond off the road'."""
    with pytest.raises(RuleError, match="only Force Bond"):
        enemy_turn("A").apply(e.Force("B", dice=dice(2)))


def test_enemy_trick_failure():
    """Enemy Action Summary, Trick failure: '1 Hit, and it loses the rest of this turn and all of
    its next turn'."""
    state = enemy_turn("A").apply(e.Trick("bond", dice=dice(8)))
    assert state.piece("A").hits == 1 and state.piece("A").lost_turns == 1


def test_double_back_failure_loses_rest_and_next():
    """Double Back failure: 'remains facing in the same direction, and ... loses the rest of this
    turn and all of his next turn'."""
    state = bond_turn(guard=False).apply(e.DoubleBack(dice(8)))
    assert state.step is None and state.piece("bond").lost_turns == 1


def test_a_failed_force_or_trick_ends_the_turn():
    """Movement: "If you enter a Space with another piece in it and your Force or Trick Action
    fails, you must back up one Space and end your turn": the car that failed does not Fire
    (HOUSE RULE fire_after_losing_rest, off by default)."""
    state = enemy_turn("A").apply(e.Trick("bond", dice=dice(8)))
    assert state.step is None and "A" in state.done
    with pytest.raises(RuleError):
        state.apply(e.Fire("bond", spaces_between=0, dice=dice(2)))


def test_fire_after_losing_rest_is_a_house_rule():
    """HOUSE RULE fire_after_losing_rest: on, a piece that loses the rest of its turn may still
    Fire (READING_NOTES: a piece that loses its turn "may still Fire"); off (the default) the
    step ends at once."""
    state = tracker_game(fire_after_losing_rest=True)
    state = bond_turn(state, guard=False).apply(e.DoubleBack(dice(8)))
    assert state.step.fire_only and state.piece("bond").lost_turns == 1
    with pytest.raises(RuleError, match="Losing a Turn"):
        state.apply(e.Move(spaces=1))
    car = enemy_turn("A", bond_turn(tracker_game(fire_after_losing_rest=True)))
    car = car.apply(e.Trick("bond", dice=dice(8)))
    assert car.step.fire_only
    assert car.apply(e.Fire("bond", spaces_between=0, dice=dice(2))).piece("bond").hits == 1


# Cards.


def test_pick_up_failure_leaves_the_card():
    """Pick Up Card failure: 'does not get to look at the card; he can continue'."""
    state = bond_turn(guard=False).apply(e.PickUpCard("s1", dice(8)))
    assert dict(state.cards)["s1"] == "Tilly" and not state.has_tilly


def test_tilly_is_kept():
    """Special Card Summary, Tilly: 'The Bond player keeps this card'."""
    state = bond_turn(guard=False).apply(e.PickUpCard("s1", dice(7)))
    assert state.has_tilly and "s1" not in dict(state.cards)
    assert state.found == (("s1", "Tilly"),)


@pytest.mark.parametrize(("total", "hits", "lost"), [(10, 0, False), (11, 2, True)])
def test_mirror(total, hits, lost):
    """Special Card Summary, Mirror: '10 or less ... unaffected. 11 or 12 ... 2 Hits and loses the
    rest of this turn'."""
    state = bond_turn(guard=False).apply(e.PickUpCard("s2", dice(2)))
    assert state.pending.kind == "card_roll"
    state = state.apply(e.CardRoll(dice(total)))
    assert state.piece("bond").hits == hits and (state.step is None) == lost
    assert state.piece("bond").lost_turns == 0


@pytest.mark.parametrize(("total", "hits"), [(6, 0), (7, 1)])
def test_old_lady(total, hits):
    """Special Card Summary, Old Lady: '6 or less ... unaffected. 7 or more ... 1 Hit and
    continues'."""
    state = bond_turn(guard=False).apply(e.PickUpCard("s3", dice(2))).apply(e.CardRoll(dice(total)))
    assert state.piece("bond").hits == hits and not state.step.fire_only


def test_odd_job():
    """Special Card Summary, Odd Job: 'Bond loses the rest of this turn and all of his next'."""
    state = bond_turn(guard=False).apply(e.PickUpCard("s4", dice(2)))
    assert state.step is None and state.piece("bond").lost_turns == 1


def test_nothing_here():
    """Special Card Summary, Nothing Here: 'It has no effect. Discard it.'"""
    state = bond_turn(guard=False).apply(e.PickUpCard("s5", dice(2)))
    assert state.piece("bond").hits == 0 and not state.step.fire_only and len(state.cards) == 4


def test_face_down_cards_are_revealed_by_the_table():
    """Card Pick Up: 'he turns the card over' (real cards: the players say which it was)."""
    state = bond_turn(tracker_game(cards=None), guard=False).apply(e.PickUpCard("s3", dice(2)))
    with pytest.raises(RuleError, match="which card"):
        state.apply(e.EndMove())
    state = state.apply(e.RevealCard("Tilly"))
    assert state.has_tilly
    with pytest.raises(RuleError, match="already tried"):
        state.apply(e.PickUpCard("s4", dice(2)))


def test_card_placement_five_cards_one_per_star():
    """Set Up: 'He can place only one card per star, and he must place all five cards'."""
    with pytest.raises(RuleError, match="one per star"):
        new_state({}).apply(e.PlaceCards(("s1", "s1", "s2", "s3", "s4"), CARDS))
    with pytest.raises(RuleError, match="place all 5"):
        new_state({}).apply(e.PlaceCards(STARS[:4], None))
    with pytest.raises(InputError, match="each once"):
        new_state({}).apply(e.PlaceCards(STARS, ("Tilly",) * 5))


# How To Win, crashing, turn order.


def test_break_gate_needs_tilly():
    """Break Gate: 'Once Bond has found Tilly, he can try to break down any of the three gates'."""
    with pytest.raises(RuleError, match="find Tilly"):
        bond_turn().apply(e.BreakGate(dice(2)))


def test_escape_wins():
    """How To Win: 'If Bond finds Tilly and performs a successful Break Gate Action ... wins'."""
    state = bond_turn(guard=False, has_tilly=True).apply(e.BreakGate(dice(6)))
    assert state.is_over and state.winner == "bond" and "Bond wins" in state.result
    assert state.legal_actions() == []


def test_break_gate_failure():
    """Break Gate failure: 'Bond loses the rest of this turn and all of his next turn'."""
    state = bond_turn(guard=False, has_tilly=True).apply(e.BreakGate(dice(7)))
    assert not state.is_over and state.piece("bond").lost_turns == 1


def test_ten_hits_crash_bond():
    """Damage and Crashing: at 10 Hits the Aston Martin crashes and 'the Enemy player wins'."""
    state = enemy_turn("A")
    bond = dataclasses.replace(state.piece("bond"), hits=9)
    state = dataclasses.replace(state, pieces=(bond, *state.pieces[1:]))
    state = state.apply(e.Fire("bond", spaces_between=0, dice=dice(2)))
    assert state.is_over and state.winner == "enemy" and "crashed" in state.result


def test_three_hits_crash_an_enemy_car():
    """Damage and Crashing: 'When an Enemy piece has taken a total of 3 Hits, it crashes;
    immediately remove the piece from the game'."""
    state = bond_turn(guard=False)
    car = dataclasses.replace(state.piece("C"), hits=2)
    state = dataclasses.replace(state, pieces=tuple(car if p.name == "C" else p
                                                    for p in state.pieces))
    state = state.apply(e.Fire("C", spaces_between=0, dice=dice(2))).apply(e.EndMove())
    assert state.piece("C").crashed and "C" not in state.live_cars()
    with pytest.raises(RuleError, match="crashed"):
        state.apply(e.StartTurn("C", dice(7)))


def test_fifteen_turns():
    """How To Win: Bond loses if he 'does not escape with Tilly by the end of Bond's 15th turn'."""
    state = tracker_game()
    for _ in range(rules.TURNS - 1):
        state = finish_turn(bond_turn(state))
    assert state.turn == 15 and not state.is_over
    state = bond_turn(state).apply(e.EndMove())
    assert state.is_over and state.winner == "enemy" and "turn 15" in state.result


def test_bond_moves_first_then_each_car_once_in_any_order():
    """How To Play: steps 1-2 for Bond, then steps 3-4 for each Enemy piece 'in any order'."""
    state = tracker_game()
    with pytest.raises(RuleError, match="Bond moves first"):
        state.apply(e.StartTurn("C", dice(7)))
    state = state.apply(e.StartTurn("bond", dice(7))).apply(e.EndMove())
    state = state.apply(e.StartTurn("D", dice(7))).apply(e.EndMove())
    with pytest.raises(RuleError, match="already moved"):
        state.apply(e.StartTurn("D", dice(7)))
    with pytest.raises(RuleError, match="not finished"):
        state.apply(e.StartTurn("A", dice(7))).apply(e.StartTurn("B", dice(7)))


# Malformed input.


@pytest.mark.parametrize("bad", [None, (7, 1), (1,), (1, 2, 3), (0, 3), ("3", "4")])
def test_dice_must_be_two_d6(bad):
    """Action Summaries: 'roll two dice': missing dice, a 7 or a wrong count is InputError."""
    state = bond_turn()
    with pytest.raises(InputError):
        state.apply(e.Fire("A", spaces_between=0, dice=bad))


def test_unknown_names_are_input_errors():
    """Set Up names the pieces A, B, C, D; the Special Card Summary names five cards."""
    state = bond_turn()
    with pytest.raises(InputError, match="unknown Enemy car"):
        state.apply(e.Fire("Z", spaces_between=0, dice=dice(2)))
    with pytest.raises(InputError, match="spaces between"):
        state.apply(e.Fire("A", spaces_between=-1, dice=dice(2)))
    with pytest.raises(InputError, match="unknown piece"):
        state.apply(e.EndMove()).apply(e.StartTurn("Q", dice(2)))
    with pytest.raises(InputError, match="no option"):
        new_state({"turns": 20})


def test_event_names_dice_and_cause():
    """Firing Weapons: the log says the dice, the modifiers, what was needed and the result."""
    state = bond_turn().apply(e.Fire("B", spaces_between=2, dice=(3, 4)))
    text = state.last_event.text
    assert "rolled 3+4 = 7" in text and "+4 guard, +2 distance makes 13" in text
    assert "needed 7 or less" in text and "No effect" in text


def test_actions_round_trip_through_json():
    """Every action type survives the Session's JSON log."""
    samples = [e.PlaceCards(STARS, CARDS), e.Fire("A", 2, True, (3, 4)), e.OilSlick(("A",)),
               e.Move(spaces=3), e.Force("bond", "x1y1", (2, 2)), e.EndMove()]
    for action in samples:
        assert GAME.action_from_json(GAME.action_to_json(action)) == action


def test_state_json_replays():
    """to_json / from_json: the state is its options plus its actions, checked again."""
    state = bond_turn().apply(e.Fire("A", spaces_between=0, dice=dice(2)))
    again = e.GoldfingerState.from_json(state.to_json())
    assert again == state


def test_lost_turns_add_up_is_a_house_rule():
    """HOUSE RULE lost_turns_add_up: two 'loses his next turn' results cost two turns, or one."""
    for add_up, expected in ((True, 2), (False, 1)):
        state = bond_turn(tracker_game(lost_turns_add_up=add_up)).apply(e.EndMove())
        for car in ("A", "B"):
            state = state.apply(e.StartTurn(car, dice(7))).apply(e.Force("bond", dice=dice(2)))
            state = state.apply(e.EndMove())
        assert state.piece("bond").lost_turns == expected


def test_trick_jump_costs_a_move_is_a_house_rule():
    """HOUSE RULE trick_jump_costs_move: the Trick's jump into the next Space may cost a Space."""
    state = tracker_game(trick_jump_costs_move=True)
    state = bond_turn(state, total=2, guard=False).apply(e.Move(spaces=4))
    with pytest.raises(RuleError, match="house rule"):
        state.apply(e.Trick("A", dice=dice(2)))
    state = bond_turn(tracker_game(trick_jump_costs_move=True), total=2, guard=False)
    assert state.apply(e.Trick("A", dice=dice(2))).step.left == 3


def test_no_card_left_by_a_star():
    """Card Pick Up: only 'a red star Space that has a card next to it'."""
    state = finish_turn(bond_turn(guard=False).apply(e.PickUpCard("s5", dice(2))))
    with pytest.raises(RuleError, match="no card lies by star s5"):
        bond_turn(state).apply(e.PickUpCard("s5", dice(2)))


def test_a_found_card_cannot_be_revealed_again():
    """Special Card Summary: five different cards; a card found once is not found again."""
    state = bond_turn(tracker_game(cards=None), guard=False).apply(e.PickUpCard("s1", dice(2)))
    state = finish_turn(state.apply(e.RevealCard("Nothing Here")))
    state = bond_turn(state).apply(e.PickUpCard("s2", dice(2)))
    with pytest.raises(InputError, match="already been found"):
        state.apply(e.RevealCard("Nothing Here"))


def test_tracker_mode_asks_for_what_it_cannot_see():
    """Tracker mode: the players give the distance for Fire and the cars behind for Oil."""
    state = bond_turn()
    with pytest.raises(InputError, match="how many spaces are between"):
        state.apply(e.Fire("A", dice=dice(2)))
    with pytest.raises(InputError, match="which Enemy cars are behind"):
        state.apply(e.OilSlick())
    with pytest.raises(InputError, match="each car once"):
        state.apply(e.SmokeScreen(cars=("A", "A")))


def test_a_tracker_star_is_named_once_in_the_log():
    """Card Pick Up, in tracker mode, where the stars are named "star 1" to "star 5": the log
    read "by stars star 1, star 2" and "by star star 1" (a newcomer's play-test)."""
    stars = tuple(f"star {n}" for n in range(1, 6))  # as the tracker's buttons name them
    state = new_state({}).apply(e.PlaceCards(stars))
    assert "by star 1, star 2, star 3, star 4, star 5." in state.last_event.text
    moving = state.apply(e.PlaceBond()).apply(e.StartTurn("bond", dice=(3, 4)))
    with pytest.raises(RuleError, match="no card lies by star 9 "):
        moving.apply(e.PickUpCard("star 9", dice=(1, 1)))
