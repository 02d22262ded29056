"""One test per rule of license_to_kill_ccg.txt, each naming its section and sentence."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from companion.core.errors import InputError, RuleError
from companion.license_to_kill import GAME, rules
from companion.license_to_kill.assignment import Strength, win_over
from companion.license_to_kill.cards import cards_from_json, sample_library
from companion.license_to_kill.decks import (
    check_action_deck,
    check_plot_deck,
    check_starting_bond,
)
from companion.license_to_kill.engine import (
    AddToAgency,
    AssignmentIntrigue,
    AttachIntrigue,
    AttachQ,
    AttackCharm,
    DiscardAttached,
    HenchmanAttack,
    InPlaceOfAssignment,
    MoveQ,
    NextStep,
    PlacePlot,
    Proceed,
    Setup,
    StartAssignment,
)
from companion.license_to_kill.odds import attack_modifiers, henchman_attack

from .helpers import CARDS, act, again, fresh, ids, started, to_step

LIB = cards_from_json(CARDS)


def develop(state, *placements):
    """Player to move at Develop Plot Zone, then each PlacePlot applied."""
    return act(to_step(state, "Develop Plot Zone"), *placements)


def refused(state, action, match, error=RuleError):
    """The action is refused with `match`, and the state is unchanged."""
    before = state.to_json()
    with pytest.raises(error, match=match):
        state.apply(action)
    assert state.to_json() == before


# Object of the Game.

def test_plot_points_table_is_one_per_bullet_in_zone_and_two_overcome():
    """Object of the Game: 'it's worth 1 Plot Point for each Bullet icon' in your zone,
    'each Bullet icon is worth 2 Plot Points' overcome; the table by Plot type."""
    assert rules.PLOT_POINTS == {"Special": (1, 2), "Location": (2, 4), "Henchman": (3, 6),
                                 "Villain": (4, 8), "Mission": (5, 10)}
    for kind, (in_zone, overcome) in rules.PLOT_POINTS.items():
        bullets = LIB.of_type(kind)[0].plot_bullets
        assert bullets * rules.POINTS_PER_BULLET_IN_ZONE == in_zone
        assert bullets * rules.POINTS_PER_BULLET_OVERCOME == overcome


def test_card_bullets_override_the_table():
    """Object of the Game: 'Always use the information on the card instead.'"""
    assert LIB["Big"].plot_bullets == 30 and LIB["M1"].plot_bullets == 5


def test_face_up_plot_scores_in_your_zone():
    """Object of the Game: 'When a Plot card is in your Plot Zone, it's worth 1 Plot Point
    for each Bullet icon' (the starting Mission too)."""
    state = started()
    assert state.points() == (5, 5)
    state = develop(state, PlacePlot("H1", 0, None, True))
    assert state.points() == (8, 5)
    assert state.history_of(0)[-1].reason == "H1 face up in the Plot Zone"


def test_face_down_plots_count_for_nothing_until_revealed():
    """Develop Plot Zone: 'until face-down Plot cards are revealed ..., they don't count
    toward your Plot Point total'."""
    state = develop(started(), PlacePlot("H1", 0, None, False))
    assert state.points() == (5, 5)


def overcome_setup(players=2, bond="B3", **house):
    """Player 1 sends a Bond against player 0's starting Main Plot (M1 up, V1 down)."""
    state = started(players, **house)
    state = to_step(state, "Assignment Briefing", player=1)
    if bond != "B2":
        state = state.apply(AddToAgency(bond))
    state = to_step(state, "On Assignment", player=1)
    return state.apply(StartAssignment(ids(state, 1, bond)[0], 0, 0))


def test_overcoming_scores_two_per_bullet_and_the_owner_loses_his_points():
    """Object of the Game: 'When one of your Plots is Overcome by another player, you lose
    those points. For Plots you Overcome, each Bullet icon is worth 2 Plot Points.'"""
    state = overcome_setup()
    state = state.apply(Proceed())  # reveals V1: +4 to its owner
    assert state.points() == (9, 5)
    state = state.apply(Proceed())
    assert "Overcome" in state.last_event.text
    assert state.points() == (0, 5 + 10 + 8)
    assert [p.title for p in state.players[1].won] == ["M1", "V1"]
    assert state.players[0].zone == ()


# Winning the Game.

def test_sixty_points_reached_by_overcoming_wins():
    """Winning the Game: 'The first player to meet or exceed 60 Plot Points by Overcoming an
    opponent's Plot wins the game.'"""
    state = started()
    state = develop(state, PlacePlot("Big", None, None, True))
    state = to_step(state, "On Assignment", player=1)
    state = act(state, StartAssignment(ids(state, 1, "B2")[0], 0, 1), Proceed())
    assert state.is_over and state.winner == 1
    assert state.points()[1] == 5 + 60
    assert "P1 wins" in state.result
    refused(state, NextStep(), "the game is over")
    assert state.legal_actions() == []


def test_points_from_your_own_zone_never_win():
    """Winning the Game: 'You cannot win a game by simply laying down Plots in your Plot
    Zone.'"""
    state = develop(started(), PlacePlot("Huge", None, None, True))
    assert state.points()[0] == 65 and not state.is_over and state.result is None


# Building a Deck.

def test_action_deck_rules_list_every_problem():
    """Building a Deck: 60 cards, no more than two copies, at least 7 Bond, 20 Intrigue,
    8 Personality, 15 Q, no more than two Agents."""
    problems = check_action_deck(["B1"] * 3 + ["A1"] * 3 + ["I1"], LIB)
    assert problems == [
        "the Action deck has 7 cards; it must have 60",
        "the Action deck has 3 copies of 'A1'; at most 2 allowed",
        "the Action deck has 3 copies of 'B1'; at most 2 allowed",
        "the Action deck has 3 Bond cards; at least 7 needed",
        "the Action deck has 1 Intrigue cards; at least 20 needed",
        "the Action deck has 0 Personality cards; at least 8 needed",
        "the Action deck has 0 Q cards; at least 15 needed",
        "the Action deck has 3 Agent cards; at most 2 allowed",
    ]


def test_a_legal_action_deck_has_no_problems():
    """Building a Deck: a deck meeting every limit exactly passes."""
    bonds = {f"Bond{i}": 2 for i in range(4)}
    rows = [{"title": t, "type": "Bond"} for t in bonds]
    deck = {**bonds}
    for kind, count in (("Intrigue", 20), ("Personality", 8), ("Q", 15), ("Agent", 2)):
        for i in range(count):
            rows.append({"title": f"{kind}{i}", "type": kind, "ally": kind == "Agent"})
            deck[f"{kind}{i}"] = 1
    deck["Bond3"] = 1  # 7 Bond + 20 + 8 + 15 + 2 = 52; fill to 60 with second copies
    for i in range(8):
        deck[f"Intrigue{i}"] = 2
    library = cards_from_json(rows)
    assert sum(deck.values()) == 60
    assert check_action_deck(deck, library) == []


def test_plot_deck_singletons_and_exact_counts():
    """Building a Deck: 'You cannot have more than one copy of any card in the deck.
    3 Mission Plots, 5 Villain Plots, 6 Henchman Plots, 7 Location Plots'."""
    problems = check_plot_deck(["M1", "M1", "V1", "S1", "P1"], LIB)
    assert problems == [
        "the Plot deck has 2 copies of 'M1'; at most 1 allowed",
        "the Plot deck holds only Mission, Villain, Henchman, Location plots, not: P1, S1",
        "the Plot deck has 2 Mission Plots; it needs 3",
        "the Plot deck has 1 Villain Plots; it needs 5",
        "the Plot deck has 0 Henchman Plots; it needs 6",
        "the Plot deck has 0 Location Plots; it needs 7",
    ]
    lib = sample_library()
    deck = [c.title for kind, n in rules.PLOT_DECK_COUNTS.items() for c in lib.of_type(kind)[:n]]
    assert check_plot_deck(deck, lib) == []


def test_deck_with_an_unknown_card_is_malformed():
    with pytest.raises(InputError, match="no card 'Spectre'"):
        check_plot_deck(["Spectre"], LIB)


# Preparing to Play.

def test_starting_bond_pv_plus_cv_at_most_ten():
    """Preparing to Play, step 3: 'a Bond card that has a total PV and CV that is less than
    or equal to 10'."""
    assert check_starting_bond(LIB["B1"]) == []
    assert check_starting_bond(LIB["B3"]) == [
        "'B3' has PV + CV = 18; a starting Bond needs at most 10"]
    refused(fresh(), Setup(0, "M1", "V1", "B3"), "PV \\+ CV = 18")


def test_starting_main_plot_is_a_mission_up_with_a_villain_down():
    """Preparing to Play, step 2: 'Pick one of your three Mission Plots and place it
    face-up ... Place a Villain face-down on top'."""
    state = fresh().apply(Setup(0, "M1", "V1", "B1"))
    (mission, villain), = state.players[0].zone
    assert (mission.title, mission.face_up, villain.title, villain.face_up) == \
        ("M1", True, "V1", False)
    refused(fresh(), Setup(0, "V1", "M1", "B1"), "'V1' is a Villain, not a Mission")


def test_players_start_with_different_missions():
    """Preparing to Play, step 2: 'players must start with different Mission Plots'."""
    state = fresh().apply(Setup(0, "M1", "V1", "B1"))
    refused(state, Setup(1, "M1", "V2", "B2"), "already starts with 'M1'")
    refused(state, Setup(0, "M2", "V2", "B2"), "has already set up")


def test_the_game_starts_when_every_player_has_set_up():
    """Preparing to Play: play proceeds from the first player, at Draw Cards."""
    state = fresh(3)
    assert state.turn is None
    refused(state, NextStep(), "still setting up")
    state = act(state, *(Setup(p, *s) for p, s in enumerate([("M1", "V1", "B1"),
                                                           ("M2", "V2", "B2"),
                                                           ("M3", "V1", "B1")])))
    assert (state.turn.player, state.turn.step_name) == (0, "Draw Cards")


def test_two_to_six_players():
    """The issue: 2 to 6 players; names are different."""
    assert len(fresh(6).players) == 6
    for players in (["solo"], [f"p{i}" for i in range(7)], ["a", "a"], "ab"):
        with pytest.raises(InputError):
            GAME.new_state({"players": players})
    with pytest.raises(InputError, match="no option colour"):
        GAME.new_state({"colour": "red"})
    with pytest.raises(InputError, match="house rule 'team_values'"):
        GAME.new_state({"team_values": "average"})


# Playing the Game: the six steps.

def test_steps_in_order_then_the_next_player_clockwise():
    """Playing the Game: 'Each step must be conducted in order ... Once you are done, the
    next player takes his or her turn.'"""
    state = started(3)
    seen = []
    for _ in range(6):
        seen.append(state.turn.step_name)
        state = state.apply(NextStep(no_plot_card=True))
    assert tuple(seen) == rules.TURN_STEPS
    assert (state.turn.player, state.turn.number) == (1, 2)
    assert [status for _, status in state.checklist()] == ["now"] + ["to do"] * 5


def test_develop_plot_zone_is_required():
    """Step Two: 'You must add the Plot card you drew in Step 1 to your Plot Zone'."""
    state = to_step(started(), "Develop Plot Zone")
    refused(state, NextStep(), "must add the Plot card you drew")
    assert state.apply(NextStep(no_plot_card=True)).turn.step_name == "Henchman Attack"
    placed = state.apply(PlacePlot("H1", 0))
    assert placed.apply(NextStep()).turn.step_name == "Henchman Attack"


def test_actions_belong_to_their_step():
    """Playing the Game: each step's actions happen in that step."""
    state = started()
    refused(state, PlacePlot("H1", 0), "during Develop Plot Zone; the turn is at Draw Cards")
    refused(state, AddToAgency("B2"), "during Assignment Briefing")


# Step Two: Develop Plot Zone.

def test_one_plot_card_a_turn():
    """Step One: 'Draw one Plot card'; Step Two: add 'the Plot card you drew'."""
    state = develop(started(), PlacePlot("H1", 0))
    refused(state, PlacePlot("L1", 0), "draw 1 Plot card a turn")


def test_new_main_plot_face_up_or_face_down():
    """Step Two: 'Add the Plot card alone face up or face down in the Plot Zone and start a
    new Main Plot. There is no limit to the number of Main Plots'."""
    state = develop(started(), PlacePlot("L1", None, None, False))
    assert len(state.players[0].zone) == 2 and not state.players[0].zone[1][0].face_up
    assert state.last_event.text == "P0 adds a card face down to a new Main Plot 2"


def test_main_plots_are_numbered_from_one_in_the_log():
    """The log the table reads counts Main Plots as players do: the first is Main Plot 1."""
    state = develop(started(), PlacePlot("H1", 0))
    assert state.last_event.text == "P0 adds H1 face up to Main Plot 1 (+3 Plot Points)"
    state = to_step(state, "On Assignment")
    state = state.apply(StartAssignment(ids(state, 0, "B1")[0], 1, 0))
    assert "goes On Assignment against P1's Main Plot 1:" in state.last_event.text


def test_non_allied_personality_joins_a_main_plot_but_not_an_ally():
    """Step Two: 'Connect any non-allied Personalities face up or face down to an existing
    Main Plot.'"""
    state = to_step(started(), "Develop Plot Zone")
    state2 = state.apply(PlacePlot("P1", 0, 1))
    assert [p.title for p in state2.players[0].zone[0]] == ["M1", "P1", "V1"]
    refused(state, PlacePlot("Ally1", 0, 1), "only Plot cards and non-allied Personalities")
    refused(state, PlacePlot("B1", 0, 1), "only Plot cards")


def test_q_cards_on_face_up_villains_or_henchmen():
    """Step Two: 'Attach any acceptable Q cards on face up Villains or Henchman.'"""
    state = develop(started(), PlacePlot("H1", 0))
    henchman = ids(state, 0, "H1")[0]
    state2 = state.apply(AttachQ("Q2", henchman))
    assert state2.strength(state2.piece(henchman)).pv == 11
    refused(state, AttachQ("Q2", ids(state, 0, "V1")[0]), "face down")
    refused(state, AttachQ("Q2", ids(state, 0, "M1")[0]), "needs Villain or Henchman")


# Main Rules.

def test_plot_cards_in_descending_order():
    """Main Rules: 'You must connect Plot cards to a Main Plot so they are in descending
    order' (Villain, then Henchman, then Location on top)."""
    state = to_step(started(), "Develop Plot Zone")
    refused(state, PlacePlot("H1", 0, 1), "descending order")  # under the Villain
    refused(state, PlacePlot("H1", 0, 0), "descending order")
    assert state.apply(PlacePlot("H1", 0, 2)).players[0].zone[0][2].title == "H1"


def test_location_goes_between_or_on_top_like_the_example():
    """Main Rules example: a Henchman added to a Villain with a Location on top goes between
    them."""
    state = develop(started(), PlacePlot("L1", 0))
    state = again(state, "Develop Plot Zone")
    refused(state, PlacePlot("H1", 0, 3), "descending order")
    state = state.apply(PlacePlot("H1", 0, 2))
    assert [p.title for p in state.players[0].zone[0]] == ["M1", "V1", "H1", "L1"]


def test_personality_sits_where_the_main_rules_example_puts_her():
    """Main Rules example (HOUSE RULE personality_place 'example', the default): 'you could
    connect it between the Villain and Henchman, between the Henchman and Location, or after
    the Location', never under the bottom card, and only 'to an existing Main Plot'."""
    assert rules.PERSONALITY_PLACE == "example"
    state = develop(started(), PlacePlot("H1", 0))
    state = again(state, "Develop Plot Zone").apply(PlacePlot("L1", 0))
    state = again(state, "Develop Plot Zone")  # M1, V1 (down), H1, L1
    for position in (1, 2, 3, 4):
        assert state.apply(PlacePlot("P1", 0, position)).players[0].zone[0][position].title \
            == "P1"
    refused(state, PlacePlot("P1", 0, 0), "above the bottom card")
    refused(state, PlacePlot("P1", None), "existing Main Plot")


def test_house_rule_personality_never_the_top_most_card_read_literally():
    """Main Rules, HOUSE RULE personality_place 'not_on_top': 'Non-allied Personalities can
    be added anywhere within a Main Plot, but they can never be the top-most card'."""
    state = to_step(started(personality_place="not_on_top"), "Develop Plot Zone")
    refused(state, PlacePlot("P1", 0, 2), "never be the top-most")
    refused(state, PlacePlot("P1", None), "existing Main Plot")
    assert state.apply(PlacePlot("P1", 0, 0)).players[0].zone[0][0].title == "P1"
    with pytest.raises(InputError, match="personality_place"):
        fresh(personality_place="top")


def test_revealed_personality_out_of_place_is_discarded():
    """Main Rules: 'a revealed Plot is out of order ... must be discarded'; a Personality
    face down at the bottom is out of place under the example's reading."""
    state = develop(started(), PlacePlot("P2", 0, 0, False))
    state = to_step(state, "Assignment Briefing", player=1).apply(AddToAgency("B3"))
    state = to_step(state, "On Assignment", player=1)
    state = act(state, StartAssignment(ids(state, 1, "B3")[0], 0, 0), Proceed())
    assert "P2: a Personality at the bottom of the Main Plot" in state.last_event.text
    assert [p.title for p in state.players[0].action_discard] == ["P2"]


def test_one_mission_villain_henchman_two_locations():
    """Main Rules: 'Each Main Plot can have only one Mission, one Villain, one Henchman, and
    two Locations.'"""
    state = develop(started(), PlacePlot("L1", 0))
    state = again(state, "Develop Plot Zone")
    state = state.apply(PlacePlot("L2", 0))
    state = again(state, "Develop Plot Zone")
    refused(state, PlacePlot("L3", 0), "only 2 Location")
    refused(state, PlacePlot("V2", 0, 1), "only 1 Villain")
    refused(state, PlacePlot("M3", 0, 0), "only 1 Mission")


def test_five_cards_at_most_personalities_included():
    """Main Rules: 'A Main Plot can contain a maximum of five Plot cards' and Personalities
    may not 'put the Main Plot over the five card limit'."""
    state = develop(started(), PlacePlot("H1", 0), PlacePlot("P1", 0, 1))
    state = again(state, "Develop Plot Zone")
    state = act(state, PlacePlot("L1", 0))
    assert len(state.players[0].zone[0]) == 5
    refused(state, PlacePlot("P2", 0, 1), "maximum of 5 cards")


def test_intrigue_adds_a_henchman_or_location_face_up():
    """Main Rules: 'Some Intrigue cards allow you to connect a Henchman or Location Plot ...
    in addition ... they must be added face up.'"""
    state = develop(started(), PlacePlot("H1", 0))
    assert state.apply(PlacePlot("L1", 0, None, True, by_intrigue=True)).players[0].zone[0][-1] \
        .title == "L1"
    refused(state, PlacePlot("L1", 0, None, False, by_intrigue=True), "face up")
    refused(state, PlacePlot("V2", None, None, True, by_intrigue=True), "only a Henchman")


def test_an_intrigue_henchman_is_in_addition_to_the_normal_types():
    """Main Rules: Intrigue cards that connect a Henchman or Location: 'These are in addition
    to the Plot card types you are allowed to play normally, and they must be added face
    up. However, you can never have a Main Plot with more than five cards in it.'"""
    state = develop(started(), PlacePlot("H1", 0), PlacePlot("L2", 0, None, True, True))
    assert len(state.players[0].zone[0]) == 4  # M1, V1, H1, L2
    state = again(state, "Develop Plot Zone")
    refused(state, PlacePlot("H2", 0, 3), "only 1 Henchman")
    state = state.apply(PlacePlot("H2", 0, 3, True, by_intrigue=True))
    assert [p.title for p in state.players[0].zone[0]] == ["M1", "V1", "H1", "H2", "L2"]
    assert state.players[0].zone[0][3].extra
    refused(state, PlacePlot("L3", 0, None, True, by_intrigue=True), "maximum of 5 cards")


def test_a_revealed_card_counts_against_the_normal_limit_only():
    """Main Rules: a revealed Plot that 'exceeds the number of same Plot card types' Overcomes
    the Main Plot; an Intrigue card's extra Henchman is not one of the normal ones."""
    state = develop(started(), PlacePlot("H1", 0, None, False),
                    PlacePlot("H2", 0, None, True, by_intrigue=True))
    state = to_step(state, "On Assignment", player=1)
    state = act(state, StartAssignment(ids(state, 1, "B2")[0], 0, 0),
                AssignmentIntrigue("team", pv=9, cv=9, icons=(("Evasion", 1),)),
                Proceed(), Proceed())
    assert state.last_event.text.startswith("Revealed H1 (+3 Plot Points to P0)")


def test_face_down_cards_are_recorded_unchecked_by_default():
    """HOUSE RULE check_face_down_placements: the rulebook punishes a misplaced face-down
    card on reveal, so the tablet records it; with the option on, it refuses it."""
    state = to_step(started(), "Develop Plot Zone")
    assert state.apply(PlacePlot("H1", 0, 0, False)).players[0].zone[0][0].title == "H1"
    strict = to_step(started(check_face_down_placements=True), "Develop Plot Zone")
    refused(strict, PlacePlot("H1", 0, 0, False), "descending order")


def test_revealed_plot_out_of_order_is_discarded():
    """Main Rules: 'If a player is trying to Overcome a Main Plot and a revealed Plot is out
    of order, the Plot out of order must be discarded.'"""
    state = develop(started(), PlacePlot("H1", 0, 0, False))  # a Henchman under the Mission
    state = to_step(state, "Assignment Briefing", player=1)
    state = state.apply(AddToAgency("B3"))
    state = to_step(state, "On Assignment", player=1)
    state = act(state, StartAssignment(ids(state, 1, "B3")[0], 0, 0), Proceed())
    assert "H1: out of order" in state.last_event.text
    assert [p.title for p in state.players[0].plot_discard] == ["H1"]
    assert [p.title for p in state.players[0].zone[0]] == ["M1", "V1"]
    assert state.points()[0] == 5


def test_revealed_plot_exceeding_its_type_overcomes_the_main_plot():
    """Main Rules: 'If ... a revealed Plot exceeds the number of same Plot card types, the
    Main Plot is immediately Overcome by the player.'"""
    state = develop(started(), PlacePlot("V2", 0, None, False))  # a second Villain
    state = to_step(state, "On Assignment", player=1)
    state = act(state, StartAssignment(ids(state, 1, "B2")[0], 0, 0),
                AssignmentIntrigue("team", pv=5, cv=5))
    state = act(state, Proceed())  # V1 revealed
    state = act(state, Proceed())  # V2 revealed: too many
    assert "immediately Overcome" in state.last_event.text
    assert [p.title for p in state.players[1].won] == ["M1", "V1", "V2"]
    assert state.points() == (0, 5 + 10 + 8 + 8)


def test_face_down_cards_in_an_immediate_overcome_can_score_nothing():
    """HOUSE RULE score_face_down_when_overcome: off, unrevealed plots score no points."""
    state = develop(started(score_face_down_when_overcome=False,
                            reveal_checks=["too many", "unique", "out of order"]),
                    PlacePlot("M3", 0, 1, False))
    state = to_step(state, "On Assignment", player=1)
    state = act(state, StartAssignment(ids(state, 1, "B2")[0], 0, 0),
                AssignmentIntrigue("team", pv=5, cv=5), Proceed())
    assert "immediately Overcome" in state.last_event.text
    assert [p.title for p in state.players[1].won] == ["M1", "M3", "V1"]
    assert state.points() == (0, 5 + 10 + 10)  # V1 stayed face down: no points


def test_personality_in_a_main_plot_is_discarded_when_overcome_and_worth_nothing():
    """Main Rules: 'a Personality is discarded when Overcome, and it is worth no points.'"""
    state = develop(started(), PlacePlot("P2", 0, 1, True))
    state = to_step(state, "Assignment Briefing", player=1)
    state = state.apply(AddToAgency("B3"))
    state = to_step(state, "On Assignment", player=1)
    state = act(state, StartAssignment(ids(state, 1, "B3")[0], 0, 0), Proceed(), Proceed())
    assert [p.title for p in state.players[1].won] == ["M1", "V1"]
    assert [p.title for p in state.players[0].action_discard] == ["P2"]
    assert state.points() == (0, 5 + 18)


def test_revealed_unique_already_in_play_is_discarded():
    """Main Rules: 'If a Plot or Personality is revealed ... and it is a Unique card already
    in play, the card must be immediately placed in the owner's appropriate Discard Pile.'"""
    state = develop(started(), PlacePlot("H1", None, None, True))
    state = to_step(state, "Develop Plot Zone", player=1)
    state = state.apply(PlacePlot("H1", 0, None, False))  # knowingly, face down
    state = to_step(state, "On Assignment", player=0)
    state = act(state, StartAssignment(ids(state, 0, "B1")[0], 1, 0),
                AssignmentIntrigue("team", pv=9, cv=9, icons=(("Evasion", 1),)), Proceed())
    assert state.players[1].zone[0][1].face_up  # V2 revealed first (bottom-most)
    state = state.apply(Proceed())
    assert "Unique card already in play" in state.last_event.text
    assert [p.title for p in state.players[1].plot_discard] == ["H1"]


# Unique Cards.

def test_face_up_unique_cannot_enter_play_twice():
    """Unique Cards: 'another copy of that card cannot be put into play unless the first
    card is somehow discarded' (face down knowingly is allowed: Main Rules note)."""
    state = develop(started(), PlacePlot("H1", None, None, True))
    state = to_step(state, "Develop Plot Zone", player=1)
    refused(state, PlacePlot("H1", 0), "H1 is Unique and already in play")
    assert not state.apply(PlacePlot("H1", 0, None, False)).players[1].zone[0][-1].face_up


# Step Four: Henchman Attack.

def attack_ready():
    """P0 has H1 (PV 9, CV 3) face up; P1's B2 (PV 4, CV 6) waits in the Agency."""
    state = develop(started(), PlacePlot("H1", 0))
    return to_step(state, "Henchman Attack")


def test_henchman_attack_odds_before_the_roll():
    """Step Four, step 5: equal values give the target +1; higher by X gives the attacker
    +X ('if Oddjob (PV 9) attacks a Bond card (PV 7), ... +2')."""
    assert attack_modifiers(9, 7) == (2, 0) and attack_modifiers(7, 7) == (0, 1)
    assert henchman_attack(7, 7) == {"attacker": Fraction(5, 18), "tie": Fraction(5, 36),
                                     "target": Fraction(7, 12)}
    assert henchman_attack(9, 7) == {"attacker": Fraction(13, 18), "tie": Fraction(1, 9),
                                     "target": Fraction(1, 6)}
    assert henchman_attack(16, 10) == {"attacker": 1, "tie": 0, "target": 0}
    for diff in range(8):
        assert sum(henchman_attack(diff, 0).values()) == 1


def test_henchman_needs_an_equal_or_greater_value():
    """Step Four: 'The Henchman must have a PV or CV that is equal to or greater than the
    Bond or Personality card to attack.'"""
    with pytest.raises(RuleError, match="lower than the target's"):
        henchman_attack(3, 6)
    state = attack_ready()
    h1, b2 = ids(state, 0, "H1")[0], ids(state, 1, "B2")[0]
    refused(state, HenchmanAttack(h1, b2, "CV", dice=(6, 1)), "3 is lower than the target's 6")
    assert state.attack_odds(h1, b2, "PV") == {**henchman_attack(9, 4), "fails": 0}


def test_target_loses_and_is_demoted_then_discarded_on_a_second_demotion():
    """Step Four, step 6: 'the target loses the attack and the card is Demoted ... if a
    Demoted card is Demoted again, it and all cards attached to it are discarded.'"""
    state = attack_ready()
    h1, b2 = ids(state, 0, "H1")[0], ids(state, 1, "B2")[0]
    state = state.apply(HenchmanAttack(h1, b2, "PV", dice=(1, 6)))  # 1+5 = 6 against 6: tie
    assert state.last_event.text.endswith("a tie, nothing happens")
    state = to_step(state, "Assignment Briefing", player=1)
    state = state.apply(AttachQ("Q1", b2))
    state = to_step(state, "Henchman Attack", player=0)
    state = state.apply(HenchmanAttack(h1, b2, "PV", dice=(2, 3)))
    assert state.piece(b2).demotions == 1 and "Demoted" in state.last_event.text
    state = again(state, "Henchman Attack")
    state = state.apply(HenchmanAttack(h1, b2, "PV", dice=(2, 3)))
    assert state.players[1].agency == ()
    assert [p.title for p in state.players[1].action_discard] == ["Q1", "B2"]


def test_attacker_loses_henchman_returns_personality_discarded():
    """Step Four, step 6: 'the Henchman loses the attack ... returns to your Plot Zone
    completely unharmed. If a Personality was used ..., the Personality is discarded'."""
    state = attack_ready()
    h1, b2 = ids(state, 0, "H1")[0], ids(state, 1, "B2")[0]
    lost = state.apply(HenchmanAttack(h1, b2, "PV", target_bonus=5, dice=(1, 6)))  # 1 vs 7
    assert "the attacker loses, returns to the Plot Zone unharmed" in lost.last_event.text
    assert lost.piece(h1).title == "H1"
    state = develop(started(), PlacePlot("P2", 0, 1))
    state = to_step(state, "Henchman Attack")
    p2, b2 = ids(state, 0, "P2")[0], ids(state, 1, "B2")[0]
    state = state.apply(HenchmanAttack(p2, b2, "CV", dice=(1, 6)))  # 1+3 against 6
    assert "the attacker loses, P2 is discarded" in state.last_event.text
    assert [p.title for p in state.players[0].action_discard] == ["P2"]


def test_one_henchman_attack_per_turn():
    """Step Four: 'Only one attack can be made per turn'."""
    state = attack_ready()
    h1, b2 = ids(state, 0, "H1")[0], ids(state, 1, "B2")[0]
    state = state.apply(HenchmanAttack(h1, b2, "PV", dice=(1, 6)))
    refused(state, HenchmanAttack(h1, b2, "PV", dice=(1, 6)), "only one Henchman Attack")


def test_henchman_attacks_only_another_players_agency_from_its_own_zone():
    """Step Four: 'any Bond or Personality card in any other player's Agency'."""
    state = attack_ready()
    h1, b1, v2 = ids(state, 0, "H1")[0], ids(state, 0, "B1")[0], ids(state, 1, "V2")[0]
    refused(state, HenchmanAttack(h1, b1, "PV", dice=(1, 1)), "not in another player's Agency")
    refused(state, HenchmanAttack(v2, b1, "PV", dice=(1, 1)), "not in your Plot Zone")


def test_intrigue_raising_the_target_makes_the_attack_fail_without_dice():
    """Step Four, step 4: 'If the target's PV/CV ends up being greater ... because of the
    Intrigue cards, the attack fails and the Henchman returns ... unharmed.'"""
    state = attack_ready()
    h1, b2 = ids(state, 0, "H1")[0], ids(state, 1, "B2")[0]
    attack = HenchmanAttack(h1, b2, "PV", target_bonus=6)
    assert state.dice_needed(attack) == 0
    chances = state.attack_odds(h1, b2, "PV", target_bonus=6)
    assert chances == {"attacker": 0, "tie": 0, "target": 0, "fails": 1}
    state = state.apply(attack)
    assert "the attack fails" in state.last_event.text
    assert state.last_event.outcome == "failure"


def test_a_second_henchman_attack_when_an_intrigue_card_allows_it():
    """Step Four: 'Only one attack can be made per turn (unless Intrigue cards enable you to
    do otherwise).'"""
    state = attack_ready()
    h1, b2 = ids(state, 0, "H1")[0], ids(state, 1, "B2")[0]
    refused(state, HenchmanAttack(h1, b2, "PV", dice=(1, 6), extra=True), "still to be made")
    assert state.extra_attack_options() == []
    state = state.apply(HenchmanAttack(h1, b2, "PV", dice=(1, 6)))
    refused(state, HenchmanAttack(h1, b2, "PV", dice=(1, 6)), "unless Intrigue cards")
    assert HenchmanAttack(h1, b2, "PV", extra=True) in state.extra_attack_options()
    state = state.apply(HenchmanAttack(h1, b2, "PV", dice=(6, 1), extra=True))
    assert "another attack an Intrigue card allows" in state.last_event.text
    assert state.piece(b2).demotions == 1 and state.turn.attacks == 2


def test_attack_dice_are_validated():
    """Malformed dice: missing, a 7, or the wrong count raise InputError."""
    state = attack_ready()
    h1, b2 = ids(state, 0, "H1")[0], ids(state, 1, "B2")[0]
    refused(state, HenchmanAttack(h1, b2, "PV"), "dice are missing", InputError)
    refused(state, HenchmanAttack(h1, b2, "PV", dice=(7, 1)), "shows 1 to 6", InputError)
    refused(state, HenchmanAttack(h1, b2, "PV", dice=(1,)), "expected 2 dice", InputError)
    refused(state, HenchmanAttack(h1, 999, "PV", dice=(1, 1)), "no card", InputError)


# Attacking and Charming.

def test_attack_or_charm_loser_is_discarded_with_its_attachments():
    """Attacking and Charming: 'The loser of the Attack or Charm (no matter who it is) is
    discarded along with any cards attached to it.'"""
    state = develop(started(), PlacePlot("H1", 0))
    h1 = ids(state, 0, "H1")[0]
    state = state.apply(AttachQ("Q2", h1))
    b2 = ids(state, 1, "B2")[0]
    won = state.apply(AttackCharm(h1, b2, "Attack", dice=(1, 6)))  # 1+7 against 6
    assert [p.title for p in won.players[1].action_discard] == ["B2"]
    lost = state.apply(AttackCharm(h1, b2, "Attack", attacker_bonus=-7, dice=(1, 6)))
    assert "H1 loses" in lost.last_event.text
    assert [p.title for p in lost.players[0].action_discard] == ["Q2"]
    assert [p.title for p in lost.players[0].plot_discard] == ["H1"]
    assert lost.points()[0] == 5  # H1's points left with it


def on_assignment_with_a_personality():
    """P1's B3 and Ally1 On Assignment against P0's M1 (V1 face down), H1 in P0's zone."""
    state = develop(started(), PlacePlot("H1", None))
    state = to_step(state, "Assignment Briefing", player=1)
    state = act(state, AddToAgency("B3"), AddToAgency("Ally1"))
    state = to_step(state, "On Assignment", player=1)
    return state.apply(StartAssignment(ids(state, 1, "B3")[0], 0, 0, ids(state, 1, "Ally1")[0]))


def test_attack_and_charm_while_on_assignment():
    """Attacking and Charming, with Step Six, 1: Intrigue cards played 'while On
    Assignment' may call for an Attack or a Charm; the assignment goes on without the
    loser (a Personality who lost no longer helps)."""
    state = on_assignment_with_a_personality()
    ally, h1 = ids(state, 1, "Ally1")[0], ids(state, 0, "H1")[0]
    assert AttackCharm(h1, ally, "Attack") in state.attack_charm_options()
    state = state.apply(AttackCharm(h1, ally, "Attack", dice=(6, 1)))
    assert "Ally1 loses, Ally1 is discarded" in state.last_event.text
    assert state.assignment is not None and state.assignment.personality is None
    assert state.legal_actions() == [Proceed()]


def test_bond_discarded_on_assignment_ends_it_without_demotion():
    """Attacking and Charming: 'The loser ... is discarded'. A reading: Bond discarded On
    Assignment ends the assignment, nothing is Overcome and no one is Demoted."""
    state = on_assignment_with_a_personality()
    b3, ally, h1 = ids(state, 1, "B3")[0], ids(state, 1, "Ally1")[0], ids(state, 0, "H1")[0]
    state = state.apply(AttackCharm(b3, h1, "Attack", dice=(1, 6)))  # 1 against 6
    assert "the assignment ends (no Demotion)" in state.last_event.text
    assert state.assignment is None and state.piece(ally).demotions == 0


def test_a_main_plot_emptied_by_an_attack_ends_the_assignment_and_others_keep_their_place():
    """Attacking and Charming: a lone plot card discarded leaves nothing to Overcome; an
    earlier Main Plot emptied does not move the assignment to another Main Plot."""
    state = develop(started(), PlacePlot("H1", None))
    state = to_step(state, "Assignment Briefing", player=1).apply(AddToAgency("B3"))
    state = to_step(state, "On Assignment", player=1)
    b3, h1 = ids(state, 1, "B3")[0], ids(state, 0, "H1")[0]
    against_h1 = state.apply(StartAssignment(b3, 0, 1))
    ended = against_h1.apply(AttackCharm(b3, h1, "Attack", dice=(6, 1)))
    assert "nothing is left of the Main Plot" in ended.last_event.text
    assert ended.assignment is None
    with_m1 = state.apply(StartAssignment(b3, 0, 0))
    assert with_m1.assignment.main_plot == 0
    kept = with_m1.apply(AttackCharm(b3, h1, "Attack", dice=(6, 1)))
    assert kept.assignment.main_plot == 0 and kept.players[0].zone[0][0].title == "M1"


def test_charm_compares_cunning_values():
    """Attacking and Charming: 'If the card states that one card can attempt to Charm
    another card, compare Charisma Values instead of Physical Values.'"""
    state = to_step(started(), "Develop Plot Zone")
    b1, b2 = ids(state, 0, "B1")[0], ids(state, 1, "B2")[0]
    refused(state, AttackCharm(b1, b2, "Charm", dice=(6, 1)), "4 is lower than the target's 6")
    tie = state.apply(AttackCharm(b2, b1, "Charm", dice=(1, 3)))
    assert "a tie, neither card is discarded" in tie.last_event.text


# Other Rules: Intrigue Cards, and Card Rulings.

ATTACHING = [{"title": "Bug", "type": "Intrigue", "pv": 1, "provides": "Technology"},
             {"title": "Trap", "type": "Intrigue", "requires": "Flying"},
             {"title": "Connections", "type": "Intrigue"},
             {"title": "Wit", "type": "Intrigue", "cv": 1},
             {"title": "Time Bomb", "type": "Q", "pv": 8, "single_use": True},
             {"title": "Pen", "type": "Q", "pv": 2, "single_use": True}]


def attaching_game():
    state = GAME.new_state({"players": ["P0", "P1"], "cards": [*CARDS, *ATTACHING]})
    return act(state, Setup(0, "M1", "V1", "B1"), Setup(1, "M2", "V2", "B2"))


def test_attached_intrigue_cards_stay_and_give_their_effects():
    """Other Rules, Intrigue Cards: 'Intrigue cards attached to other cards are placed on the
    target card ... The effects of an attached card remain with the target card'."""
    state = to_step(attaching_game(), "Henchman Attack")
    b1, b2 = ids(state, 0, "B1")[0], ids(state, 1, "B2")[0]
    state = state.apply(AttachIntrigue("Bug", b1))
    assert state.strength(state.piece(b1)) == Strength(7, 4, (("Savoir Faire", 1),
                                                              ("Shooting", 1),
                                                              ("Technology", 1)))
    state = state.apply(AttachIntrigue("Trap", ids(state, 1, "M2")[0], by=0))
    assert state.requirement(1, 0).count("Flying") == 1
    assert state.piece(ids(state, 1, "M2")[0]).attached[0].owner == 0
    assert AttachIntrigue("Bug", b2) in state.attach_intrigue_options()


def test_only_one_copy_of_an_intrigue_card_on_a_card_and_connections_does_not_attach():
    """Intrigue Cards: 'any number of Intrigue cards attached to a card, but only one copy of
    any particular card'; Card Rulings: 'Connections - It does not attach'."""
    state = to_step(attaching_game(), "Develop Plot Zone")
    b1 = ids(state, 0, "B1")[0]
    state = act(state, AttachIntrigue("Bug", b1), AttachIntrigue("Trap", b1))
    refused(state, AttachIntrigue("Bug", b1), "only one copy")
    refused(state, AttachIntrigue("Connections", b1), "does not attach")
    refused(state, AttachIntrigue("Pen", b1), "not an Intrigue card")
    refused(state, AttachIntrigue("Bug", ids(state, 0, "V1")[0]), "face down")
    refused(state, AttachIntrigue("Bug", ids(state, 1, "B2")[0], by=7), "no player 7",
            InputError)


def test_attachments_are_discarded_with_their_card():
    """Intrigue Cards: 'if the base card is discarded ... all attachments are discarded as
    well'."""
    state = to_step(attaching_game(), "Develop Plot Zone")
    b1, b2 = ids(state, 0, "B1")[0], ids(state, 1, "B2")[0]
    state = act(state, AttachIntrigue("Bug", b2, by=0),
                AttackCharm(b1, b2, "Attack", dice=(6, 1)))
    assert [p.title for p in state.players[0].action_discard] == ["Bug"]
    assert [p.title for p in state.players[1].action_discard] == ["B2"]


def test_an_attached_card_is_discarded_by_hand():
    """Card Rulings: a Q card 'discarded once it is used'; Intrigue Cards: an attached card
    comes off 'through subsequent Intrigue card play'."""
    state = to_step(attaching_game(), "Assignment Briefing")
    b1 = ids(state, 0, "B1")[0]
    state = act(state, AttachQ("Pen", b1), AttachIntrigue("Bug", b1))
    pen, bug = (a.id for a in state.piece(b1).attached)
    assert {DiscardAttached(pen), DiscardAttached(bug)} <= set(state.discard_options())
    state = state.apply(DiscardAttached(pen))
    assert state.last_event.text == "Pen leaves B1 and is discarded once used (Card Rulings)"
    state = state.apply(DiscardAttached(bug))
    assert "an Intrigue card removes it" in state.last_event.text
    assert state.piece(b1).attached == () and state.strength(state.piece(b1)).pv == 6
    assert [p.title for p in state.players[0].action_discard] == ["Pen", "Bug"]
    refused(state, DiscardAttached(bug), "no attached card", InputError)


def test_time_bomb_gives_at_most_six_and_single_use_cards_leave_after_the_assignment():
    """Card Rulings: 'Time Bomb - This Q card can provide only a maximum of +6 PV, and like
    the Explosive Pen, it is discarded once it is used' (used: On Assignment)."""
    state = to_step(attaching_game(), "Assignment Briefing")
    b1 = ids(state, 0, "B1")[0]
    state = state.apply(AttachQ("Time Bomb", b1))
    assert state.strength(state.piece(b1)).pv == 6 + 6  # the card says 8
    state = to_step(state, "On Assignment")
    state = act(state, StartAssignment(b1, 1, 0), AssignmentIntrigue("plot", pv=9), Proceed())
    assert "used and discarded: Time Bomb" in state.last_event.text
    assert state.piece(b1).attached == () and state.piece(b1).demotions == 1
    assert [p.title for p in state.players[0].action_discard] == ["Time Bomb"]


# Step Five: Assignment Briefing.

def test_no_multiples_of_the_same_bond_in_an_agency():
    """Step Five, Bond Cards: 'You cannot have multiples of the same Bond card in your
    Agency. However, other players can have copies'."""
    state = to_step(started(), "Assignment Briefing")
    refused(state, AddToAgency("B1"), "already in your Agency")
    assert [p.title for p in state.apply(AddToAgency("B2")).players[0].agency] == ["B1", "B2"]


def test_one_q_card_to_each_bond_card_each_briefing():
    """Step Five, Q Cards: 'you can attach one Q card to each Bond card in your Agency'."""
    state = to_step(started(), "Assignment Briefing")
    b1 = ids(state, 0, "B1")[0]
    state = state.apply(AttachQ("Q1", b1))
    refused(state, AttachQ("Q2", b1), "one Q card to each Bond card")
    state = again(state, "Assignment Briefing")
    refused(state, AttachQ("Q1", b1), "no multiples of the same Q card on one card")
    assert [q.title for q in state.apply(AttachQ("Q2", b1)).piece(b1).attached] == ["Q1", "Q2"]


def test_one_vehicle_at_a_time():
    """Step Five, Q Cards: 'A card (Bond or otherwise) can have only one Vehicle at a
    time.'"""
    state = to_step(started(), "Assignment Briefing")
    b1 = ids(state, 0, "B1")[0]
    state = again(state.apply(AttachQ("Car1", b1)), "Assignment Briefing")
    refused(state, AttachQ("Car2", b1), "already has a Vehicle")


def test_unique_q_card_only_once_in_play():
    """Step Five, Q Cards: 'some Q cards are Unique ... only one copy of these cards can be
    in play at any time.'"""
    state = to_step(started(), "Assignment Briefing")
    state = state.apply(AttachQ("Knife", ids(state, 0, "B1")[0]))
    state = to_step(state, "Assignment Briefing", player=1)
    refused(state, AttachQ("Knife", ids(state, 1, "B2")[0]), "Knife is Unique")


def test_allies_join_freely_and_non_allied_personalities_must_be_won_over():
    """Personality and Agent Cards: an Ally 'you can place ... with no problems'; for a
    non-allied one 'You must have Bond cards which can beat or match each of these factors'."""
    state = to_step(started(), "Assignment Briefing")
    assert state.apply(AddToAgency("Ally1")).players[0].agency[-1].title == "Ally1"
    assert state.apply(AddToAgency("A1")).players[0].agency[-1].title == "A1"
    refused(state, AddToAgency("P1"), "no Bond card in your Agency meets CV")
    state = again(state.apply(AttachQ("Q1", ids(state, 0, "B1")[0])), "Assignment Briefing")
    assert "won over" in state.apply(AddToAgency("P1")).last_event.text


def test_win_over_uses_different_bonds_for_different_factors_but_never_adds_them():
    """Personality and Agent Cards: 'you cannot add Bond card values together, although you
    can use different Bond cards to meet different icon requirements' (Tiffany Case)."""
    tiffany = sample_library()["Tiffany Case"]
    report = win_over(tiffany, {"A": Strength(3, 4, ()), "B": Strength(2, 7, ()),
                                "C": Strength(1, 1, (("Savoir Faire", 1),))})
    assert report == {"PV": ("A",), "CV": ("B",), "Savoir Faire": ("C",)}
    assert win_over(tiffany, {"A": Strength(3, 4, ())})["CV"] == ()


def test_intrigue_cards_help_win_a_personality_over():
    """Personality and Agent Cards: 'You must have Bond cards which can beat or match each of
    these factors ... Be sure to include effects of Q cards and Intrigue cards.'"""
    state = to_step(started(), "Assignment Briefing")
    b1 = ids(state, 0, "B1")[0]  # CV 4: P1 needs CV 5
    refused(state, AddToAgency("P1"), "meets CV")
    helped = AddToAgency("P1", helped=b1, cv=2, intrigue="Snappy One-Liner")
    assert state.win_over_report(0, "P1", helped)["CV"] == ("B1",)  # one copy: no number
    state2 = state.apply(helped)
    assert state2.last_event.text == ("P0 puts P1 in the Agency, won over with Snappy "
                                      "One-Liner on B1")
    assert state2.strength(state2.piece(b1)).cv == 4  # played, not attached
    refused(state, AddToAgency("P1", helped=ids(state, 1, "B2")[0], cv=2), "not in your Agency")
    refused(state, AddToAgency("P1", cv=2), "which Bond card", InputError)
    refused(state, AddToAgency("Ally1", helped=b1, cv=2), "joins with no problems")
    refused(state, AddToAgency("P1", helped=b1, icons=(("Cunning", 1),)), "unknown icon",
            InputError)
    state = to_step(attaching_game(), "Assignment Briefing")  # an attached card counts too
    b1 = ids(state, 0, "B1")[0]
    refused(state, AddToAgency("P1"), "meets CV")
    assert "won over" in act(state, AttachIntrigue("Wit", b1), AddToAgency("P1")).last_event.text


def test_non_allied_personality_on_the_table_cannot_join():
    """Personality and Agent Cards: 'you cannot place a non-allied Personality down if it is
    already on the table'."""
    state = develop(started(), PlacePlot("P1", 0, 1))
    state = to_step(state, "Assignment Briefing", player=1)
    state = state.apply(AddToAgency("B3"))
    refused(state, AddToAgency("P1"), "P1 is Unique and already in play")


# Step Six: On Assignment.

def test_requirement_is_highest_values_and_summed_icons():
    """Attempt to Overcome: 'A PV and CV equal to or greater than the highest PV and CV
    ... The same types and numbers of Ability icons as listed on all the Plots'."""
    state = develop(started(), PlacePlot("H2", 0), PlacePlot("L1", 0, None, True,
                                                             by_intrigue=True))
    need = state.requirement(0, 0)
    assert (need.pv, need.cv, need.icons) == (5, 5, (("Driving", 1), ("Evasion", 1)))
    state = to_step(state, "On Assignment", player=1)
    check = state.preview_assignment(ids(state, 1, "B2")[0], 0, 0)
    assert check.describe() == ("PV 4/5 (missing), CV 6/5, Driving 1/1, "
                                "Evasion 0/1 (missing)")


def test_team_values_with_a_personality_and_q_cards():
    """Attempt to Overcome: values and icons 'provided by the Bond card itself, any Q cards
    attached ..., or a Personality card'; HOUSE RULE team_values: higher (or sum)."""
    for mode, pv in (("higher", 6), ("sum", 11)):
        state = to_step(started(team_values=mode), "Assignment Briefing", player=1)
        state = act(state, AddToAgency("A1"), AttachQ("Q2", ids(state, 1, "B2")[0]))
        team = state.team(ids(state, 1, "B2")[0], ids(state, 1, "A1")[0])
        # Bond PV 4 + Q 2 = 6 against the Agent's 5.
        assert (team.pv, team.icons) == (pv, (("Driving", 1), ("Evasion", 1), ("Flying", 1)))


def test_reveal_the_bottom_most_card_while_requirements_are_met():
    """On Assignment, step 2: 'Reveal the bottom-most Plot card and go to Step 1.'"""
    state = develop(started(), PlacePlot("L2", 0, None, False))
    state = to_step(state, "Assignment Briefing", player=1)
    state = to_step(state.apply(AddToAgency("B3")), "On Assignment", player=1)
    state = act(state, StartAssignment(ids(state, 1, "B3")[0], 0, 0), Proceed())
    assert [p.face_up for p in state.players[0].zone[0]] == [True, True, False]
    assert state.last_event.text.startswith("Revealed V1 (+4 Plot Points to P0)")


def test_not_overcome_demotes_bond_and_personality():
    """On Assignment, step 3: 'The Main Plot is Not Overcome - ... The Bond card and any
    Personality that accompanied it is Demoted.'"""
    state = to_step(started(), "Assignment Briefing", player=1)
    state = to_step(state.apply(AddToAgency("Ally1")), "On Assignment", player=1)
    b2, ally = ids(state, 1, "B2")[0], ids(state, 1, "Ally1")[0]
    state = act(state, StartAssignment(b2, 0, 0, ally), Proceed())
    assert "not Overcome (missing PV 4/5)" in state.last_event.text
    assert [p.demotions for p in state.players[1].agency] == [1, 1]
    assert state.assignment is None


def test_intrigue_cards_change_the_requirements_during_the_assignment():
    """On Assignment example: Fire From the Sky 'adds a Flying icon to the requirements';
    Out of the Blue counters it."""
    state = overcome_setup()
    state = state.apply(AssignmentIntrigue("plot", icons=(("Flying", 1),),
                                           card="Fire From the Sky"))
    assert "Flying 0/1 (missing)" in state.last_event.text
    state = state.apply(AssignmentIntrigue("plot", icons=(("Flying", -1),),
                                           card="Out of the Blue"))
    assert state.assignment_check().met
    refused(state, AssignmentIntrigue("plot", icons=(("Cunning", 1),)), "unknown icon",
            InputError)


def test_bond_cannot_abandon_an_assignment():
    """Attempt to Overcome: 'Bond cannot abandon an assignment. He must live or let die.'"""
    state = overcome_setup()
    refused(state, NextStep(), "Bond cannot abandon it")
    assert state.legal_actions() == [Proceed()]


def test_one_assignment_per_turn_against_an_opponents_main_plot():
    """Attempt to Overcome: 'You can send only one Bond card and a Personality On
    Assignment per turn'; it is 'your opponent's Main Plots'."""
    state = to_step(started(), "On Assignment", player=1)
    b2 = ids(state, 1, "B2")[0]
    refused(state, StartAssignment(b2, 1, 0), "opponent's Main Plot")
    state = act(state, StartAssignment(b2, 0, 0), Proceed())
    refused(state, StartAssignment(b2, 0, 0), "only one Bond card goes On Assignment")


def test_agent_on_assignment_goes_alone():
    """Attempt to Overcome, note: Agents 'can go On Assignment like a Bond card; however,
    they must go alone'."""
    state = to_step(started(), "Assignment Briefing", player=1)
    state = act(state, AddToAgency("A1"), AddToAgency("Ally1"))
    state = to_step(state, "On Assignment", player=1)
    a1, ally = ids(state, 1, "A1")[0], ids(state, 1, "Ally1")[0]
    refused(state, StartAssignment(a1, 0, 0, ally), "must go alone")
    assert state.apply(StartAssignment(a1, 0, 0)).assignment.bond == a1


def test_move_a_q_card_instead_of_an_assignment():
    """Step Six: 'move one Q card attached to a Character card to another Character card'
    is one of the On Assignment step's actions."""
    state = to_step(started(), "Assignment Briefing", player=1)
    b2 = ids(state, 1, "B2")[0]
    state = act(state, AddToAgency("B3"), AttachQ("Q1", b2))
    state = to_step(state, "On Assignment", player=1)
    b3, q1 = ids(state, 1, "B3")[0], state.piece(b2).attached[0].id
    state = state.apply(MoveQ(q1, b3))
    assert [q.title for q in state.piece(b3).attached] == ["Q1"]
    refused(state, StartAssignment(b3, 0, 0), "only one Bond card")


CHARMER = {"title": "Charmer", "type": "Bond", "pv": 4, "cv": 6,
           "notes": "In place of your On Assignment step, charm a Personality."}


def test_a_card_used_in_place_of_the_on_assignment_step():
    """Step Six: one of the On Assignment actions is to 'Use a special card that states,
    "In place of your On Assignment step, ..."': it uses the step, so no attempt follows."""
    assert rules.IN_PLACE_OF_ASSIGNMENT == "In place of your On Assignment step"
    state = to_step(started(), "On Assignment")
    assert InPlaceOfAssignment("I2") in state.legal_actions()
    used = state.apply(InPlaceOfAssignment("I2"))
    assert used.last_event.text.startswith("P0 uses I2 in place of the On Assignment step")
    b1 = ids(used, 0, "B1")[0]
    refused(used, StartAssignment(b1, 1, 0), "only one Bond card goes On Assignment")
    refused(used, InPlaceOfAssignment("I2"), "used your On Assignment step")
    assert not any(isinstance(a, StartAssignment | InPlaceOfAssignment)
                   for a in used.legal_actions())
    attempted = state.apply(StartAssignment(b1, 1, 0))
    refused(attempted, InPlaceOfAssignment("I2"), "assignment is in progress")


def test_only_a_card_that_states_it_replaces_the_step():
    """Step Six: the card 'states, "In place of your On Assignment step"' (its notes in the
    library), during On Assignment; a character with it acts from your Agency."""
    state = GAME.new_state({"players": ["P0", "P1"], "cards": [*CARDS, CHARMER]})
    state = act(state, Setup(0, "M1", "V1", "B1"), Setup(1, "M2", "V2", "B2"))
    refused(to_step(state, "Assignment Briefing"), InPlaceOfAssignment("I2"),
            "this is done during On Assignment")
    at_step = to_step(state, "On Assignment")
    refused(at_step, InPlaceOfAssignment("I1"), "I1 does not state")
    refused(at_step, InPlaceOfAssignment("Charmer"), "acts from your Agency")
    refused(at_step, InPlaceOfAssignment("Nobody"), "no card 'Nobody'", InputError)
    state = to_step(state, "Assignment Briefing").apply(AddToAgency("Charmer"))
    state = to_step(state, "On Assignment").apply(InPlaceOfAssignment("Charmer"))
    assert "uses Charmer in place of the On Assignment step" in state.last_event.text
    assert type(state).from_json(state.to_json()) == state


def test_house_rule_an_in_place_character_may_act_from_the_hand():
    """HOUSE RULE `in_place_card_from_agency` (the rulebook does not say where the card is):
    off, a character that states it replaces the step is used without being in the Agency."""
    assert rules.IN_PLACE_CARD_FROM_AGENCY is True
    state = GAME.new_state({"players": ["P0", "P1"], "cards": [*CARDS, CHARMER],
                            "in_place_card_from_agency": False})
    state = act(state, Setup(0, "M1", "V1", "B1"), Setup(1, "M2", "V2", "B2"))
    state = to_step(state, "On Assignment").apply(InPlaceOfAssignment("Charmer"))
    assert "uses Charmer in place" in state.last_event.text
    with pytest.raises(InputError, match="in_place_card_from_agency"):
        GAME.new_state({"in_place_card_from_agency": "yes"})


def test_state_json_round_trip_replays_the_game():
    """The contract: to_json / from_json, validated on the way in."""
    state = overcome_setup()
    again = type(state).from_json(state.to_json())
    assert again == state
    with pytest.raises(InputError):
        type(state).from_json({"options": {}, "actions": [{"type": "Proceed"}]})


def test_exchange_a_q_card_between_two_characters():
    """Step Six: 'Exchange a Q card between two Character cards in your Agency'."""
    state = to_step(started(), "Assignment Briefing", player=1)
    b2 = ids(state, 1, "B2")[0]
    state = act(state, AddToAgency("B3"), AttachQ("Q1", b2))
    b3 = ids(state, 1, "B3")[0]
    state = act(state, AttachQ("Car1", b3))
    state = to_step(state, "On Assignment", player=1)
    q1, car1 = state.piece(b2).attached[0].id, state.piece(b3).attached[0].id
    refused(state, MoveQ(q1, b3, exchange_for=q1), "holds no Q card")
    state = state.apply(MoveQ(q1, b3, exchange_for=car1))
    assert [q.title for q in state.piece(b2).attached] == ["Car1"]
    assert [q.title for q in state.piece(b3).attached] == ["Q1"]
    assert state.last_event.text == "Q1 moves from B2 to B3 in exchange for Car1"


def test_a_won_over_personality_provides_her_icons_to_any_bond():
    """Personality and Agent Cards (Tiffany Case): once won over 'she is available to provide
    Bond with a Cunning icon if he takes her along On Assignment'; the requirement belongs to
    winning her over, so a Bond without Savoir Faire gets her icon too."""
    state = to_step(started(), "Assignment Briefing")
    state = state.apply(AttachQ("Q1", ids(state, 0, "B1")[0]))
    state = again(state, "Assignment Briefing").apply(AddToAgency("P1"))
    state = state.apply(AddToAgency("B3"))
    p1 = ids(state, 0, "P1")[0]
    with_b1 = state.team(ids(state, 0, "B1")[0], p1)  # B1 has Savoir Faire
    with_b3 = state.team(ids(state, 0, "B3")[0], p1)  # B3 has not
    assert with_b1.count("Quick Thinking") == 1 and with_b3.count("Quick Thinking") == 1


def test_a_personality_stays_and_provides_after_her_requirements_are_lost():
    """Personality and Agent Cards: 'If you somehow lose one or more of the requirements that
    won the Personality to your side, that Personality still remains.'"""
    state = to_step(started(), "Assignment Briefing")
    state = state.apply(AttachQ("Q1", ids(state, 0, "B1")[0]))
    state = again(state, "Assignment Briefing").apply(AddToAgency("P1"))
    state = state.apply(AddToAgency("B3"))
    b1, b3, p1 = ids(state, 0, "B1")[0], ids(state, 0, "B3")[0], ids(state, 0, "P1")[0]
    state = to_step(state, "Assignment Briefing", player=1).apply(AddToAgency("B3"))
    state = state.apply(AttackCharm(ids(state, 1, "B3")[0], b1, "Charm", dice=(6, 1)))
    assert ids(state, 0, "B1") == [] and ids(state, 0, "P1") == [p1]  # Savoir Faire gone
    assert state.team(b3, p1).count("Quick Thinking") == 1


def test_jaws_revealed_raises_the_requirements_like_figure_3():
    """On Assignment example: 'You reveal the face-down Plot card and find out that it is the
    Henchman Jaws, which requires 3 Evasion icons and a PV of 10 and a CV of 0'."""
    state = GAME.new_state({"players": ["Ann", "Ben"]})
    state = act(state, Setup(0, "Avenge Felix Leiter", "Goldfinger", "The Navy Hero"),
                Setup(1, "Sample Mission 1", "Blofeld", "The Charmer"))
    state = act(to_step(state, "Develop Plot Zone"), PlacePlot("Jaws", 0, None, False))
    state = to_step(state, "On Assignment", player=1)
    state = act(state, StartAssignment(ids(state, 1, "The Charmer")[0], 0, 0),
                AssignmentIntrigue("team", pv=9, cv=9, icons=(
                    ("Shooting", 2), ("Aquatics", 1), ("Savoir Faire", 1), ("Technology", 1))),
                Proceed(), Proceed())
    assert state.last_event.text.startswith("Revealed Jaws (+3 Plot Points to Ann)")
    assert "PV 13/10" in state.last_event.text and "Evasion 0/3 (missing)" in \
        state.last_event.text
    state = state.apply(Proceed())
    assert "not Overcome (missing Evasion 0/3)" in state.last_event.text


def test_race_and_private_view_for_the_dashboard():
    """The ledger as a race to 60, and face-down cards hidden from other players."""
    state = develop(started(), PlacePlot("H1", 0, None, False), PlacePlot("P1", 0, 1))
    assert state.race() == [[0, 5, 5], [0, 0, 5]]
    zone = state.view(viewer=1)["players"][0]["zone"][0]
    assert [card["title"] for card in zone] == ["M1", "P1", None, None]
    assert [card["title"] for card in state.view(viewer=0)["players"][0]["zone"][0]] == \
        ["M1", "P1", "V1", "H1"]
    html = state._repr_html_()
    assert "M1 / P1 / (face down) / (face down)" in html and "V1" not in html


def test_malformed_placements_and_setups_are_input_errors():
    """Unknown cards, Main Plots and positions are malformed input, not rule breaks."""
    state = to_step(started(), "Develop Plot Zone")
    refused(state, PlacePlot("Nobody", 0), "no card 'Nobody'", InputError)
    refused(state, PlacePlot("H1", 3), "you have no Main Plot 3", InputError)
    refused(state, PlacePlot("H1", 0, 7), "position 7 is outside", InputError)
    refused(fresh(), Setup(0, "M1", "V1", "Nobody"), "no card 'Nobody'", InputError)
    refused(fresh(), Setup(5, "M1", "V1", "B1"), "no player 5", InputError)
    refused(state, "PlacePlot", "no action str", InputError)


def test_attack_or_charm_waits_for_the_game_to_start():
    """Attacking and Charming happens during a turn; a refusal names that section."""
    state = fresh()
    with pytest.raises(RuleError, match="Attacking and Charming"):
        state.apply(AttackCharm(1, 2, "Attack", dice=(1, 1)))


def test_attack_charm_options_list_only_allowed_duels():
    """Attacking and Charming: the duels a dialog may offer all apply (dice filled)."""
    state = to_step(started(), "Develop Plot Zone")
    b1, b2 = ids(state, 0, "B1")[0], ids(state, 1, "B2")[0]
    offered = state.attack_charm_options()
    assert AttackCharm(b1, b2, "Attack") in offered and AttackCharm(b2, b1, "Charm") in offered
    assert AttackCharm(b1, b2, "Charm") not in offered  # CV 4 against 6
    for duel in offered:
        state.apply(replace(duel, dice=(3, 3)))
    assert fresh().attack_charm_options() == []
