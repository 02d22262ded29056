"""One test per rule of The Man with the Golden Gun; each names its section and sentence."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from companion.core.errors import InputError, RuleError
from companion.golden_gun import GAME, board, bot, odds, rules
from companion.golden_gun.effects import house_table, load_table, parse_table
from companion.golden_gun.engine import (
    ACTION_TYPES,
    AddSection,
    ApplyEffect,
    Dodge,
    EndCard,
    Fire,
    GoldenGunState,
    Hold,
    Move,
    ReadGreen,
    Reveal,
    RollGreen,
    ScaramangaShot,
    SearchExit,
    SetUp,
    Wait,
    deal_blue_deck,
    new_state,
)
from tests.golden_gun.helpers import BLUE_ORDER, GREEN_ORDER, SECTIONS, companion, play, snapshot
from tests.golden_gun.helpers import solo as solo_state

CALM = (1, 1)
STARTLE = (6, 6)


def enter(state: GoldenGunState, room: str, number: int = 7) -> GoldenGunState:
    """Companion: Bond enters `room` and reads a green card showing `number`."""
    return play(state, Move(room), ReadGreen(number))


def at_decide(state: GoldenGunState | None = None, room: str = "1:A1") -> GoldenGunState:
    return play(enter(state or companion(), room), RollGreen(CALM))


def with_solex(state: GoldenGunState) -> GoldenGunState:
    """Bond holds the Solex Agitator and has moved since he found it."""
    return replace(state, solex=True, upper_left=0, moved_since_solex=True)


# Ammunition.

def test_ammunition_bond_begins_with_7_bullets():
    """Ammunition: 'Bond begins the game with 7 bullets in his Walther PPK pistol.'"""
    assert companion().ammo == 7 == rules.START_BULLETS
    assert solo_state().ammo == 7


def test_ammunition_each_shot_uses_one_bullet():
    """Ammunition: 'each time Bond fires a bullet, replace the square with the next lower
    number (so, the first time Bond fires, replace the 7 with the 6)'."""
    assert play(at_decide(), Fire()).ammo == 6
    startled = play(enter(companion(), "1:A1"), RollGreen(STARTLE))
    assert startled.ammo == 6 and startled.paragraph == "fire"


@pytest.mark.parametrize(("ammo", "words"), [(2, "(1 bullet left)"), (1, "(no bullets left)"),
                                             (3, "(2 bullets left)")])
def test_ammunition_the_bullets_left_read_as_written(ammo, words):
    """Ammunition: the log counts what is left as a person says it (issue 17)."""
    assert words in play(replace(at_decide(), ammo=ammo), Fire()).last_event.text


def test_ammunition_never_more_than_14():
    """Ammunition: 'He can never, however, have more than 14 bullets at one time.'"""
    state = replace(at_decide(), ammo=13, upper_left=0)
    state = play(state, Fire(), Reveal("Nick Nack"))  # house table: +3 bullets when fired at
    assert state.ammo == rules.MAX_BULLETS == 14
    assert "14 at most" in state.last_event.text


def test_ammunition_no_bullets_cannot_fire():
    """Ammunition: 'Whenever Bond has no bullets, he cannot fire at anything'."""
    state = replace(at_decide(), ammo=0)
    assert Fire() not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(RuleError, match="no bullets") as caught:
        state.apply(Fire())
    assert caught.value.rule == rules.AMMUNITION
    assert snapshot(state) == before


@pytest.mark.parametrize(("choice", "paragraph", "phase"),
                         [("hold", "hold", "reveal"), ("nothing", None, "move")])
def test_step_4_startled_without_bullets_cannot_fire(choice, paragraph, phase):
    """How to Play, Step 4: 'if he has no bullets, he cannot fire, of course' (HOUSE RULE:
    the Hold paragraph is read, or with unarmed_startle='nothing' nothing happens)."""
    state = replace(enter(companion(unarmed_startle=choice), "1:A1", 3), ammo=0)
    state = state.apply(RollGreen(STARTLE))
    assert (state.ammo, state.paragraph, state.phase) == (0, paragraph, phase)
    assert "house rule" in state.last_event.text


# Wounds and Dodges.

@pytest.mark.parametrize(("dice", "wounds"), [((1, 3), 0), ((2, 2), 0), ((2, 3), 1),
                                              ((6, 6), 1)])
def test_dodge_on_4_or_less(dice, wounds):
    """Wounds and Dodges: 'roll two dice and, if you roll a 4 or less, Bond does not take the
    Wound (he ducked). If the roll is more than 4, Bond does take the Wound.'"""
    state = play(at_decide(), Hold(), Reveal("Mannequin"))
    assert state.phase == "dodge"
    state = state.apply(Dodge(dice))
    assert state.wounds == wounds
    assert f"{sum(dice)}" in state.last_event.text


def test_five_wounds_kill_bond():
    """Wounds and Dodges: 'Once he has taken 5 wounds, Bond is killed, and the game ends.'"""
    state = replace(at_decide(), wounds=4)
    state = play(state, Hold(), Reveal("Mannequin"), Dodge((6, 6)))
    assert state.wounds == rules.KILLING_WOUNDS == 5
    assert state.is_over and state.ended == "killed" and state.legal_actions() == []
    assert "killed" in state.result
    with pytest.raises(RuleError, match="over"):
        state.apply(Move("1:B1"))


def test_scaramangas_shot_cannot_be_dodged():
    """Wounds and Dodges, Scaramanga's Shot: 'If Scaramanga is successful with his shot, he
    kills Bond. Bond cannot Dodge Scaramanga's shot.'"""
    state = replace(at_decide(), upper_left=0)
    state = play(state, Hold(), Reveal("Scaramanga"))
    assert state.phase == "shot" and Dodge() not in state.legal_actions()
    with pytest.raises(RuleError):
        state.apply(Dodge((1, 1)))
    killed = state.apply(ScaramangaShot((3, 4)))  # house table: hold -> dies on 7 or less
    assert killed.ended == "killed" and killed.wounds == 0
    missed = state.apply(ScaramangaShot((4, 4)))
    assert not missed.is_over and missed.blues == {"1:A1": "Scaramanga"}


# How to Play.

def test_step_1_move_to_a_connected_room_through_sides_and_corners():
    """How to Play, Step 1: 'move Bond one room into any room that is connected to the room
    (along a side or diagonally)'; Maze Sections: walls can never be entered."""
    state = solo_state().apply(Move("1:A1"))
    assert state.maze_text() == "BgWg\ngWgg\ngggg".replace("W", "#")
    state = play(state, RollGreen(CALM), Fire(), Reveal())
    assert set(state.move_targets()) == {"1:B1", "1:A2"}  # B2 is a wall
    state = play(state, Move("1:A2"), RollGreen(CALM), Fire(), Reveal())
    assert "1:B3" in state.move_targets()  # diagonal
    before = snapshot(state)
    with pytest.raises(RuleError, match="not connected"):
        state.apply(Move("1:D3"))
    with pytest.raises(InputError, match="no room"):
        state.apply(Move("1:B2"))
    assert snapshot(state) == before


def test_first_room_is_any_room_along_an_edge():
    """How to Play: 'The first room you enter can be any room along an edge.'"""
    assert new_state({"mode": "solo"}).maze_text() == "" == companion().maze_text()
    state = solo_state()
    assert "1:C2" not in state.move_targets() and "1:A1" in state.move_targets()
    with pytest.raises(RuleError, match="edge"):
        state.apply(Move("1:C2"))


def test_step_3_roll_at_most_the_green_number_goes_to_step_5():
    """How to Play, Step 3: 'If your dice roll is the same as or less than the number printed
    on the card, go to Step 5 ... more than the number on the card, go to Step 4.'"""
    calm = enter(companion(), "1:A1", 8).apply(RollGreen((1, 6)))
    assert calm.phase == "decide" and "rolled 1+6 = 7" in calm.last_event.text
    assert enter(companion(), "1:A1", 8).apply(RollGreen((2, 6))).phase == "decide"
    startled = enter(companion(), "1:A1", 8).apply(RollGreen((3, 6)))
    assert startled.phase == "reveal" and startled.paragraph == "fire"
    assert "startled" in startled.last_event.text


def test_step_3_discard_the_green_card():
    """How to Play, Step 3: 'Discard the green card after you have made your dice roll.'
    Step 2: 'If there is no card in the room, go back to Step 1.'"""
    state = play(at_decide(), Fire(), Reveal("Mirror"), Move("1:B1"), ReadGreen(5),
                 RollGreen(CALM), Fire(), Reveal("Mirror"))
    state = state.apply(Move("1:A1"))
    assert state.phase == "move" and "no card" in state.last_event.text
    assert state.greens_unseen[7] == rules.DEFAULT_GREEN_DECK[7] - 1


def test_solo_green_card_in_each_room():
    """Set Up: 'place one green card, green-side up and without looking at it, in each room
    of the maze section you picked.'"""
    state = solo_state()
    assert set(state.greens) == set(state.maze.rooms)
    assert list(state.greens.values()) == list(GREEN_ORDER[:len(state.maze.rooms)])
    assert state.apply(Move("1:A1")).green == GREEN_ORDER[0]


def test_step_5_fire_reads_the_top_blue_card_fire_paragraph():
    """How to Play, Step 6: read the top blue card's Fire paragraph (house table:
    firing at a Mannequin destroys it)."""
    state = play(at_decide(), Fire(), Reveal("Mannequin"))
    assert state.phase == "move" and state.wounds == 0 and state.discards == {"Mannequin": 1}
    assert state.drawn == ("Mannequin",)


def test_step_7_hold_reads_the_top_blue_card_hold_paragraph():
    """How to Play, Step 7 (text missing; HOUSE RULE): holding reads the Hold paragraph
    (house table: the Mannequin shoots, Bond may dodge, and it stays in the room)."""
    state = play(at_decide(), Hold(), Reveal("Mannequin"), Dodge((1, 1)))
    assert state.blues == {"1:A1": "Mannequin"} and state.phase == "move"


def test_step_2_blue_card_in_the_room_go_to_step_5_then_turn_it_over():
    """How to Play, Step 2: 'If there is a blue card in the room, go to Step 5 and then turn
    it over.' Blue cards that stay in a room are read again, not drawn."""
    state = play(at_decide(), Hold(), Reveal("Mannequin"), Dodge((1, 1)),
                 Move("1:B1"), ReadGreen(6), RollGreen(CALM), Fire(), Reveal("Mirror"))
    back = state.apply(Move("1:A1"))
    assert back.phase == "decide" and back.source == "room"
    filled = back.apply(Fire()).fill_chance(Reveal(), random.Random(0))
    assert filled == Reveal("Mannequin")
    after = back.apply(Fire()).apply(filled)
    assert after.blues == {} and after.drawn == state.drawn


def test_lose_turn_and_move_room_effects():
    """Blue Card Summary Sheet (house table): the Maze held costs Bond his next turn; the
    Slide lets his next move go to any room."""
    state = play(at_decide(), Hold(), Reveal("Maze"))
    assert state.phase == "wait" and state.legal_actions() == [Wait()]
    solo = play(solo_state(), Move("1:A1"), RollGreen(CALM), Hold())
    solo = replace(solo, blue_deck=("The Slide", *solo.blue_deck[1:]))
    slid = solo.apply(Reveal("The Slide"))
    assert slid.free_move and "1:D3" in slid.move_targets()


def test_empty_blue_deck_is_reshuffled_from_its_discards():
    """HOUSE RULE (the rulebook never empties the blue deck): the discards are shuffled into a
    new deck, with no upper half; reshuffle_blue=False reads nothing instead."""
    empty = replace(at_decide(), unseen={}, upper_left=0,
                    discards={"Mirror": 2, "Nick Nack": 1})
    state = empty.apply(Fire())
    assert (state.phase, state.unseen, state.discards, state.upper_left) == \
        ("reveal", {"Mirror": 2, "Nick Nack": 1}, {}, 0)
    assert Reveal("Nick Nack") in state.legal_actions() and "house rule" in \
        state.last_event.text
    off = replace(empty, config=replace(empty.config, reshuffle_blue=False)).apply(Fire())
    assert off.phase == "move" and off.discards == {"Mirror": 2, "Nick Nack": 1}


# Set Up.

def test_set_up_special_cards_go_in_the_lower_half():
    """Set Up: 'shuffle Scaramanga, Nick Nack, and the Solex Agitator into one of the halves
    of the blue deck. Finally, place the other half ... on top of the half containing the
    three special cards.'"""
    for seed in range(30):
        deck = deal_blue_deck(rules.DEFAULT_BLUE_DECK, 7, random.Random(seed))
        assert sorted(deck) == sorted(BLUE_ORDER)
        assert not set(deck[:7]) & set(rules.SPECIAL_KINDS)
    bad = ("Solex Agitator", *[k for k in BLUE_ORDER if k != "Solex Agitator"])
    with pytest.raises(RuleError, match="lower half") as caught:
        new_state({"mode": "solo"}).apply(SetUp(bad, GREEN_ORDER, SECTIONS))
    assert caught.value.rule == rules.SET_UP


def test_set_up_companion_special_card_cannot_come_from_the_upper_half():
    """Set Up: the upper half holds none of the three special cards."""
    state = play(at_decide(), Fire())
    assert state.upper_left == 7 and Reveal("Solex Agitator") not in state.legal_actions()
    with pytest.raises(RuleError, match="upper half"):
        state.apply(Reveal("Solex Agitator"))


@pytest.mark.parametrize(("upper_half", "size"), [("smaller", 7), ("larger", 8)])
def test_set_up_divide_the_blue_deck_in_half(upper_half, size):
    """Set Up: 'divide the blue deck in half' (HOUSE RULE for 15 cards: the upper half is
    the smaller, or with upper_half='larger' the larger)."""
    assert companion(upper_half=upper_half).upper_left == size


def test_set_up_deck_composition_is_data():
    """Components: 50 playing cards (HOUSE RULE counts: 32 green, 18 blue, editable)."""
    assert sum(rules.DEFAULT_BLUE_DECK.values()) + sum(rules.DEFAULT_GREEN_DECK.values()) \
        == rules.TOTAL_CARDS
    state = companion(blue_deck={**rules.DEFAULT_BLUE_DECK, "Mirror": 9})
    assert state.unseen["Mirror"] == 9 and state.upper_left == 10
    with pytest.raises(InputError, match="exactly one Scaramanga"):
        companion(blue_deck={**rules.DEFAULT_BLUE_DECK, "Scaramanga": 2})
    with pytest.raises(InputError, match="unknown blue card"):
        companion(blue_deck={"Jaws": 1})
    with pytest.raises(InputError, match="green"):
        companion(green_deck={"13": 2})


# New Maze Sections.

def test_new_section_after_5_rooms_entered_in_the_newest():
    """New Maze Sections: 'Once Bond has entered at least 5 rooms in that section, you can
    pick another section at random and add it along any edge'."""
    state = companion()
    for index, room in enumerate(["1:A1", "1:B1", "1:C1", "1:D1"]):
        state = play(state, Move(room), ReadGreen(3 + index), RollGreen(CALM), Fire(),
                     Reveal("Mirror" if index < 3 else "Maze"))
    assert state.rooms_entered(1) == 4 and not state.can_add_section
    with pytest.raises(RuleError, match="at least 5") as caught:
        state.apply(AddSection())
    assert caught.value.rule == rules.NEW_SECTIONS
    state = play(state, Move("1:A2"), ReadGreen(9), RollGreen(CALM), Fire(), Reveal("Maze"))
    assert state.can_add_section and AddSection() in state.legal_actions()
    state = state.apply(AddSection())
    assert state.sections == 2 and not state.can_add_section
    assert state.apply(Move("2:A1")).phase == "read"


def test_new_section_solo_along_an_edge_at_most_four():
    """New Maze Sections: 'add it along any edge (long edge to long edge, or short edge to
    short edge)'; Components: four maze sections."""
    state = replace(solo_state(), entered=("1:A1", "1:A2", "1:A3", "1:B1", "1:B3"))
    assert {a.at for a in state.legal_actions() if isinstance(a, AddSection)} \
        == {(-1, 0), (1, 0), (0, -1), (0, 1)}
    with pytest.raises(InputError, match="free place"):
        state.apply(AddSection((2, 0)))
    state = state.apply(AddSection((1, 0)))
    assert state.sections == 2 and len(state.maze.section_rooms(2)) == 12
    assert set(state.maze.section_rooms(2)) <= set(state.greens)
    assert "1:D1" in state.maze.neighbours("2:A1")  # sections join through sides
    full = replace(state, sections=4, entered=(*state.entered, *[f"4:A{i}" for i in "12345"]))
    assert not full.can_add_section


def test_maze_generator_makes_connected_sections():
    """Maze Sections: rooms connect through sides and corners (generated sections: 8 rooms,
    all connected, every edge open so laid sections join)."""
    maze = board.Maze()
    layouts = board.generate_sections(random.Random(4))
    for index, layout in enumerate(layouts):
        assert layout.count("R") == rules.SECTION_ROOMS
        maze = maze.add(maze.free_positions()[0] if index else (0, 0), layout)
    seen, todo = set(), [maze.rooms[0]]
    while todo:
        room = todo.pop()
        if room not in seen:
            seen.add(room)
            todo.extend(maze.neighbours(room))
    assert seen == set(maze.rooms) and len(seen) == 32
    assert len(maze.walls) == 16 and not set(maze.walls) & set(maze.room_cells.values())


@pytest.mark.parametrize("rooms", [6, 12])
def test_maze_section_size_is_an_option(rooms):
    """HOUSE RULE: generated sections have `section_rooms` rooms (6 to 12)."""
    state = play(new_state({"mode": "solo", "section_rooms": rooms}), SetUp())
    assert len(state.maze.rooms) == rooms == len(state.greens)
    with pytest.raises(InputError, match="section_rooms"):
        new_state({"mode": "solo", "section_rooms": 13})


# Ending the Game.

def test_escape_exit_on_10_or_less():
    """Ending the Game, Escaping: 'If the dice roll is 10 or less, he has found the exit and
    immediately the game ends. If the dice roll is 11 or 12, Bond must move to another
    room.'"""
    state = with_solex(play(at_decide(), Fire(), Reveal("Mirror")))
    assert SearchExit() in state.legal_actions()
    won = state.apply(SearchExit((4, 6)))
    assert won.ended == "won" and "win" in won.result and won.last_event.outcome == "success"
    failed = state.apply(SearchExit((5, 6)))
    assert not failed.is_over and "move to another room" in failed.last_event.text


def test_escape_not_twice_in_a_row_in_the_same_room():
    """Ending the Game, Escaping: 'he cannot look for an exit in the same room twice in a
    row.'"""
    state = with_solex(play(at_decide(), Fire(), Reveal("Mirror"))).apply(SearchExit((6, 6)))
    assert SearchExit() not in state.legal_actions()
    with pytest.raises(RuleError, match="twice in a row") as caught:
        state.apply(SearchExit((1, 1)))
    assert caught.value.rule == rules.ESCAPING
    elsewhere = play(state, Move("1:B1"), ReadGreen(5), RollGreen(CALM), Fire(),
                     Reveal("Mirror"))
    assert elsewhere.apply(SearchExit((1, 1))).ended == "won"


def test_escape_he_moves_before_he_looks_for_the_exit():
    """Ending the Game, Escaping: 'Moving as usual, he moves to any room on the outside edge
    of the maze. After doing all the Steps required in How to Play ..., he looks for the
    exit.' HOUSE RULE exit_after_moving (default on): not in the room where he found the
    Solex Agitator; off, he may look there at once."""
    found = play(replace(at_decide(), upper_left=0), Hold(), Reveal("Solex Agitator"))
    found = play(found, *[EndCard()] if found.phase == "sheet" else [])
    assert found.solex and found.phase == "move" and found.room == "1:A1"
    assert SearchExit() not in found.legal_actions()
    with pytest.raises(RuleError, match="first moves to another room") as caught:
        found.apply(SearchExit((1, 1)))
    assert caught.value.rule == rules.ESCAPING
    moved = play(found, Move("1:B1"), ReadGreen(5), RollGreen(CALM), Fire(), Reveal("Mirror"))
    assert moved.apply(SearchExit((1, 1))).ended == "won"
    other = at_decide(companion(exit_after_moving=False))
    other = play(replace(other, upper_left=0), Hold(), Reveal("Solex Agitator"))
    assert other.apply(SearchExit((1, 1))).ended == "won"


def test_escape_twice_in_a_row_counts_searches_or_visits():
    """Ending the Game, Escaping: 'he cannot look for an exit in the same room twice in a
    row.' HOUSE RULE exit_repeat: "searches" (default) still refuses the room after Bond
    left it and came back without a search between; "visits" allows it."""
    for repeat, allowed in (("searches", False), ("visits", True)):
        state = with_solex(play(at_decide(companion(exit_repeat=repeat)), Fire(),
                                Reveal("Mirror")))
        state = state.apply(SearchExit((6, 6)))
        back = play(state, Move("1:B1"), ReadGreen(5), RollGreen(CALM), Fire(),
                    Reveal("Mirror"), Move("1:A1"))
        assert back.room == "1:A1" and back.phase == "move"
        assert (SearchExit() in back.legal_actions()) is allowed
        assert rules.HOUSE_RULE_NOTES["exit_repeat"] and "exit_repeat" in \
            rules.HOUSE_RULE_OPTIONS


def test_escape_not_with_scaramanga_in_the_room():
    """Ending the Game, Escaping: 'he cannot look for an exit if Scaramanga is in the room
    with him.'"""
    state = replace(at_decide(), upper_left=0)
    state = with_solex(play(state, Fire(), Reveal("Scaramanga"), ScaramangaShot((6, 6))))
    assert state.scaramanga_room == "1:A1"
    with pytest.raises(RuleError, match="Scaramanga"):
        state.apply(SearchExit((1, 1)))


def test_escape_needs_the_solex_agitator_and_an_edge_room():
    """Ending the Game: 'Once Bond has found the Solex Agitator, he can attempt to escape ...
    he moves to any room on the outside edge of the maze.'"""
    state = play(at_decide(), Fire(), Reveal("Mirror"))
    with pytest.raises(RuleError, match="Solex"):
        state.apply(SearchExit((1, 1)))
    inner = with_solex(replace(solo_state(), room="1:C2"))
    with pytest.raises(RuleError, match="edge"):
        inner.apply(SearchExit((1, 1)))


def test_escape_he_must_look_for_an_exit_until_he_finds_one():
    """Ending the Game, Escaping: 'He must look for an exit until he finds one': with the
    Solex Agitator in an edge room where he may look, Bond looks before he moves on."""
    assert rules.MUST_SEARCH_UNTIL_FOUND
    state = with_solex(replace(solo_state(), room="1:A1"))  # an edge room, phase "move"
    assert state.must_search and state.legal_actions() == [SearchExit()]
    assert "must look for the exit in 1:A1" in state.step_text
    for refused in (Move("1:B1"), AddSection((1, 0))):
        before = snapshot(state)
        with pytest.raises(RuleError, match="must look for an exit until he finds one") as caught:
            state.apply(refused)
        assert caught.value.rule == rules.ESCAPING and snapshot(state) == before
    # No exit here (11 or 12): now he must move on, and may not look here again.
    failed = state.apply(SearchExit((5, 6)))
    assert not failed.must_search and SearchExit() not in failed.legal_actions()
    assert Move("1:B1") in failed.legal_actions()


def test_escape_search_is_not_forced_where_he_may_not_look():
    """Ending the Game, Escaping: the duty to look holds only where looking is allowed: not
    in an inner room, not with Scaramanga there, not before the Solex Agitator."""
    inner = with_solex(replace(solo_state(), room="1:C2"))
    assert not solo_state().maze.is_edge("1:C2")
    assert not inner.must_search and Move("1:B1") in inner.legal_actions()
    watched = with_solex(replace(solo_state(), room="1:A1", blues={"1:A1": "Scaramanga"}))
    assert not watched.must_search and SearchExit() not in watched.legal_actions()
    assert not replace(solo_state(), room="1:A1").must_search


def test_escape_companion_mode_leaves_the_edge_to_the_group():
    """Ending the Game, Escaping: companion mode cannot see the group's maze, so it cannot
    tell an edge room: it offers the search and the moves, and forces neither."""
    state = with_solex(play(at_decide(), Fire(), Reveal("Mirror")))
    assert not state.must_search
    legal = state.legal_actions()
    assert SearchExit() in legal and Move("1:B1") in legal


def test_solex_found_from_the_lower_half():
    """Cards / Ending the Game: reading the Solex Agitator gives it to Bond (house table)."""
    state = play(replace(at_decide(), upper_left=0), Hold(), Reveal("Solex Agitator"))
    assert state.solex and "Solex" in state.last_event.text
    assert state.last_event.outcome == "success"


# The Blue Card Summary Sheet as a table.

def test_house_table_covers_every_kind_and_is_labelled():
    """Blue Card Summary Sheet (missing; HOUSE RULE): the shipped table is marked as house
    rules and covers every blue card's Fire and Hold paragraphs."""
    table = house_table()
    assert table.house_rule and "House rules" in table.name
    assert set(table.cards) == set(rules.BLUE_KINDS)
    assert parse_table(table.to_json(), "round trip") == table


@pytest.mark.parametrize(("change", "message"), [
    (lambda t: t["cards"]["Mirror"].update(fire=[{"effect": "explode"}]), "unknown effect"),
    (lambda t: t["cards"].update(Jaws=t["cards"]["Mirror"]), "unknown blue card"),
    (lambda t: t["cards"].pop("Mirror"), "no entry"),
    (lambda t: t["cards"]["Mirror"].update(fire=[{"effect": "wound", "amount": 9}]), "amount"),
    (lambda t: t["cards"]["Mirror"].update(fire=[]), "non-empty"),
    (lambda t: t["cards"]["Mirror"].pop("hold"), "exactly"),
    (lambda t: t["cards"]["Solex Agitator"].update(hold=[{"effect": "nothing"}]), "solex"),
    (lambda t: t.update(colour="red"), "unknown fields"),
])
def test_malformed_effect_tables_raise_input_error(change, message):
    """Effect tables that are malformed or name unknown effects raise InputError."""
    data = house_table().to_json()
    change(data)
    with pytest.raises(InputError, match=message):
        parse_table(data, "test")
    with pytest.raises(InputError, match=message):
        companion(effects=data)


def test_a_group_can_load_its_own_table(tmp_path):
    """A user table in JSON or YAML, validated on load, with errors naming the file."""
    data = house_table().to_json()
    data["cards"]["Mirror"]["hold"] = [{"effect": "lose_bullets", "amount": 2}]
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(data))
    table = load_table(path)
    state = play(at_decide(companion(effects=table.to_json())), Hold(), Reveal("Mirror"))
    assert state.ammo == 5
    yaml_path = tmp_path / "sheet.yaml"
    yaml_path.write_text("cards: [1, 2\n")
    with pytest.raises(InputError, match=r"sheet\.yaml"):
        load_table(yaml_path)
    with pytest.raises(InputError, match=r"missing\.json"):
        load_table(tmp_path / "missing.json")


def test_printed_sheet_mode_applies_effects_by_hand():
    """Companion mode for a group following its printed sheet: they tap the effects."""
    state = play(at_decide(companion(effects="sheet")), Hold(), Reveal("Mannequin"))
    assert state.phase == "sheet" and EndCard() in state.legal_actions()
    state = play(state, ApplyEffect("wound_dodge"), Dodge((6, 6)))
    assert state.wounds == 1 and state.phase == "sheet"
    state = play(state, ApplyEffect("gain_bullets", 2), ApplyEffect("stays"), EndCard())
    assert state.ammo == 9 and state.blues == {"1:A1": "Mannequin"} and state.phase == "move"
    with pytest.raises(InputError):
        play(at_decide(companion(effects="sheet")), Hold(), Reveal("Mirror"),
             ApplyEffect("teleport"))


# Malformed input and the contract.

@pytest.mark.parametrize("dice", [(0, 3), (3, 7), (3,), (1, 2, 3), None])
def test_malformed_dice_raise_input_error(dice):
    """Dice outside 1..6, the wrong count or missing dice are malformed input."""
    state = enter(companion(), "1:A1")
    before = snapshot(state)
    with pytest.raises(InputError):
        state.apply(RollGreen(dice))
    assert snapshot(state) == before


@pytest.mark.parametrize("action", [Move("A1"), Move("5:A1"), Move("2:A1"), ReadGreen(13)])
def test_malformed_names_raise_input_error(action):
    """Unknown rooms or sections and impossible green numbers are malformed input."""
    state = companion()
    if isinstance(action, ReadGreen):
        state = state.apply(Move("1:A1"))
    with pytest.raises(InputError):
        state.apply(action)


def test_unknown_blue_card_and_exhausted_kind_raise_input_error():
    """Unknown card names, or a kind all of whose cards are already seen, are malformed."""
    state = play(at_decide(), Fire())
    with pytest.raises(InputError, match="unknown blue card"):
        state.apply(Reveal("Jaws"))
    with pytest.raises(InputError, match="say which"):
        state.apply(Reveal())
    gone = replace(state, unseen={**state.unseen, "Mirror": 0})
    with pytest.raises(InputError, match="no Mirror"):
        gone.apply(Reveal("Mirror"))


def test_options_are_validated():
    """Unknown or malformed options raise InputError."""
    for options in ({"colour": 1}, {"mode": "duel"}, {"effects": 3},
                    {"reshuffle_blue": "yes"}, {"upper_half": "top"}):
        with pytest.raises(InputError):
            new_state(options)


def test_every_action_round_trips_through_json():
    """Actions hold only JSON types: Game.action_from_json(action_to_json(a)) == a."""
    samples = [SetUp(BLUE_ORDER, GREEN_ORDER, SECTIONS), AddSection((1, 0)), AddSection(),
               Move("1:A1"), ReadGreen(7), RollGreen((3, 4)), Fire(), Hold(),
               Reveal("Maze"), Reveal(), Dodge((1, 2)), ScaramangaShot((5, 5)),
               ApplyEffect("wound", 2), EndCard(), Wait(), SearchExit((6, 4))]
    assert {type(a) for a in samples} == set(ACTION_TYPES)
    for action in samples:
        assert GAME.action_from_json(GAME.action_to_json(action)) == action


def test_state_round_trips_through_json():
    """to_json / from_json rebuild the same state by replaying its actions."""
    state = play(at_decide(), Hold(), Reveal("Mannequin"), Dodge((3, 3)))
    again = GoldenGunState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    with pytest.raises(InputError):
        GoldenGunState.from_json({"options": {}})


# Odds.

def test_odds_fixed_rolls():
    """The fixed rolls: startle above the green number, Dodge on 4 or less, exit on 10 or
    less."""
    assert odds.p_startled(7) == Fraction(15, 36)
    assert odds.p_startled(11) == Fraction(1, 36) and odds.p_startled(2) == Fraction(35, 36)
    assert odds.p_dodge() == Fraction(6, 36)
    assert odds.p_find_exit() == Fraction(33, 36)
    with pytest.raises(InputError):
        odds.p_startled(13)


def test_odds_next_blue_card_from_the_deck_order():
    """Set Up: the first 7 blue cards cannot be special; after them each unseen card is
    equally likely."""
    state = companion()
    first = odds.next_blue_odds(state)
    assert first["Mannequin"] == Fraction(5, 15) and "Solex Agitator" not in first
    lower = replace(state, upper_left=0)
    assert odds.next_blue_odds(lower)["Solex Agitator"] == Fraction(1, 18)
    assert odds.expected_cards_to_solex(state.unseen, state.upper_left) == 7 + Fraction(12, 2)
    assert sum(odds.solex_position_odds(state.unseen, 7).values()) == 1


def test_odds_survival_small_cases_by_hand():
    """Survival odds, checked by hand on a two-card deck (house table)."""
    table = house_table()
    deck = {"Mannequin": 1, "Solex Agitator": 1}
    # Unarmed at 4 wounds: the Mannequin comes first and shoots; only a dodge saves Bond.
    assert odds.die_before_solex(table, deck, 1, 0, 4, Fraction(0)) == Fraction(5, 6)
    # One bullet and calm: he fires, the Mannequin is destroyed, then the Solex.
    assert odds.die_before_solex(table, deck, 1, 1, 4, Fraction(0)) == 0
    # Always startled with one bullet: the same shot, fired by accident.
    assert odds.die_before_solex(table, deck, 1, 1, 4, Fraction(1)) == 0
    mannequin = {"Mannequin": Fraction(1)}
    assert odds.p_survive_card(table, mannequin, "hold", 3, 4) == Fraction(1, 6)
    assert odds.p_survive_room(table, mannequin, Fraction(1, 2), 0, 4) == Fraction(1, 6)


def test_fire_or_hold_advice_shows_both_chances():
    """Step 5 advice: both chances, and the better choice (house table: holding against a
    Scaramanga left in the room is deadlier than firing)."""
    state = replace(at_decide(), upper_left=0)
    state = play(state, Fire(), Reveal("Scaramanga"), ScaramangaShot((6, 6)),
                 Move("1:B1"), ReadGreen(5), RollGreen(CALM), Fire(), Reveal("Mirror"),
                 Move("1:A1"))
    chances = odds.fire_hold_chances(state)
    assert chances == {"fire": Fraction(30, 36), "hold": Fraction(15, 36)}
    advice = bot.advise(state)
    assert advice.choice == "fire" and "If he fires: " in advice.text
    assert "83.3% through this card" in advice.text and "(by the whole search)" in advice.text
    assert odds.p_survive_next_room(companion()) == 1
    assert 0 < odds.p_die_before_solex(companion(), Fraction(1, 2)) < 1


def test_advice_counts_the_wounds_a_choice_risks_to_the_end_of_the_search():
    """Step 5 and Wounds and Dodges: 'When Bond has taken 5 Wounds, he is dead.' A Mannequin
    left in the room, Bond with 2 wounds and 3 bullets: both choices live through the card,
    but holding risks a wound (house table) that the rest of the search may turn into death.
    The advice goes by the chance of being alive at the end of the search: fire (the old
    advice, by the card alone then bullets, said hold)."""
    state = replace(at_decide(), source="room", blues={"1:A1": "Mannequin"}, wounds=2, ammo=3)
    assert odds.fire_hold_chances(state) == {"fire": 1, "hold": 1}
    assert odds.wound_risk(state) == {"fire": (0, 0), "hold": (Fraction(5, 6), 1)}  # dodge 1/6
    search = odds.search_alive_by_choice(state)
    assert search["fire"] > search["hold"]
    advice = bot.advise(state)
    assert advice.choice == "fire" and advice.search == search
    assert "risks no wound" in advice.text and "risks up to 1 wound" in advice.text
    assert "alive at the end of the search" in advice.text
    fresh = replace(state, wounds=0, ammo=7)  # a bullet is then worth more than the risk
    assert bot.advise(fresh).choice == max(odds.search_alive_by_choice(fresh).items(),
                                           key=lambda kv: kv[1])[0] == "hold"


def _simulated_death(policy: str, games: int, rng: random.Random) -> float:
    """The search simulated card by card, greens dealt without replacement."""
    table, dead = house_table(), 0
    for _ in range(games):
        deck = deal_blue_deck(rules.DEFAULT_BLUE_DECK, 7, rng)
        greens = rng.sample(GREEN_ORDER, len(GREEN_ORDER))
        ammo, wounds = 7, 0
        for card, green in zip(deck, greens, strict=False):
            startled = rng.randint(1, 6) + rng.randint(1, 6) > green
            paragraph = "fire" if ammo and (startled or policy == "fire") else "hold"
            spent = ammo - 1 if paragraph == "fire" else ammo
            outcomes = odds.paragraph_outcomes(table.steps(card, paragraph), spent, wounds)
            pick = rng.choices(list(outcomes), weights=[float(p) for p in outcomes.values()])
            ammo, wounds, killed, solex = pick[0]
            if killed or solex:
                dead += killed
                break
    return dead / games


@pytest.mark.parametrize("policy", ["fire", "hold"])
def test_survival_programme_agrees_with_a_simulation(policy):
    """The whole-search death chance (odds module) against a seeded simulation of the same
    search from the start of a default game (4,000 games: within 3 percentage points)."""
    exact = odds.p_die_before_solex(companion(), policy=policy)
    simulated = _simulated_death(policy, 4000, random.Random(11))
    assert abs(float(exact) - simulated) < 0.03


def test_phase_odds_name_the_chance_of_each_step():
    """The dashboard's odds for each step: the green roll, the next card, the dodge, the
    shot, the exit."""
    rolling = enter(companion(), "1:A1", 7)
    assert odds.phase_odds(rolling) == {"keeps calm": Fraction(21, 36),
                                        "startled": Fraction(15, 36)}
    reveal = play(at_decide(), Fire())
    assert odds.phase_odds(reveal)["next card: Mannequin"] == Fraction(1, 3)
    assert odds.phase_odds(play(at_decide(), Hold(), Reveal("Mannequin"))) == \
        {"dodges": Fraction(1, 6)}
    shot = play(replace(at_decide(), upper_left=0), Hold(), Reveal("Scaramanga"))
    assert odds.phase_odds(shot) == {"Scaramanga hits": Fraction(21, 36)}
    escaping = with_solex(play(at_decide(), Fire(), Reveal("Mirror")))
    assert odds.phase_odds(escaping) == {"finds the exit": Fraction(11, 12)}
    assert odds.phase_odds(companion()) == {"survives the next new room": 1}
    assert set(odds.phase_odds(at_decide())) == {"survives if he fires",
                                                  "survives if he holds"}


@pytest.mark.parametrize("kind, words", [
    ("Mannequin", "The Mannequin"), ("Mirror", "The Mirror"), ("Maze", "The Maze"),
    ("Scaramanga", "Scaramanga"), ("Nick Nack", "Nick Nack"),
    ("Bond's Double", "Bond's Double"), ("Scaramanga's Double", "Scaramanga's Double"),
    ("The Slide", "The Slide")])
def test_a_card_that_stays_is_named_as_the_table_says_it(kind, words):
    """The log said 'The Scaramanga stays in 2:C3' (and would say 'The The Slide'):
    a person's name, a possessive and a name with its own article take no 'The'."""
    from companion.golden_gun.cards import card_as_subject

    assert card_as_subject(kind) == words
    assert set(rules.BLUE_KINDS) - {rules.SOLEX} >= {kind}
