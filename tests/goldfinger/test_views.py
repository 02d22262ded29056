"""What a thin dashboard reads: button labels, the tracker summary, the HTML view."""

from __future__ import annotations

import dataclasses

from companion.goldfinger import engine as e
from companion.goldfinger.legal import label

from .helpers import STARS, bond_turn, dice, map_game

SAMPLES = {
    e.PlaceCards: e.PlaceCards(STARS), e.AimCar: e.AimCar("A", "x4y3"), e.PlaceBond: e.PlaceBond(),
    e.StartTurn: e.StartTurn("B"), e.Move: e.Move(to="x6y4"), e.QuickTurn: e.QuickTurn(),
    e.DoubleBack: e.DoubleBack(), e.Trick: e.Trick("C"), e.Force: e.Force("bond"),
    e.Fire: e.Fire("D"), e.PickUpCard: e.PickUpCard("s1"), e.RevealCard: e.RevealCard("Mirror"),
    e.CardRoll: e.CardRoll(), e.BreakGate: e.BreakGate(), e.EjectGuard: e.EjectGuard(),
    e.RaiseScreen: e.RaiseScreen(), e.OilSlick: e.OilSlick(("A",)),
    e.SmokeScreen: e.SmokeScreen(()), e.AvoidOil: e.AvoidOil("A"),
    e.AvoidSmoke: e.AvoidSmoke("B"), e.EndMove: e.EndMove(),
}


def test_every_action_type_has_a_label():
    """Each button gets words: 'Fire at car D', 'Force Bond', 'Smoke Screen (no car behind)'."""
    assert set(SAMPLES) == set(e.ACTION_TYPES)
    labels = {kind: label(action) for kind, action in SAMPLES.items()}
    assert labels[e.Fire] == "Fire at car D" and labels[e.Force] == "Force Bond"
    assert labels[e.SmokeScreen] == "Smoke Screen (no car behind)"
    assert all(labels.values())


def test_summary_tracks_the_table():
    """The tracker: turn of 15, whose move, hits out of 10 and 3, guard, screen, cards found."""
    state = bond_turn(guard=False).apply(e.PickUpCard("s1", dice(2)))
    text = "\n".join(state.summary())
    assert "Turn 1 of 15: Bond to play" in text and "0 of 10 hits" in text
    assert "guard ejected" in text and "has Tilly" in text and "found: Tilly (s1)" in text
    crashed = dataclasses.replace(state.piece("C"), crashed=True, hits=3)
    state = dataclasses.replace(state, pieces=tuple(crashed if p.name == "C" else p
                                                    for p in state.pieces))
    assert "Car C: crashed" in state.summary()


def test_state_draws_itself_in_a_notebook():
    """A notebook can just show a state (python-chess style _repr_html_)."""
    assert "Turn 1 of 15" in map_game()._repr_html_()


def test_two_pieces_in_one_space_are_both_drawn():
    """Mid-Force or Trick Bond shares a Space with a car: the map shows both, side by side."""
    from companion.goldfinger.map_svg import pieces_svg

    from .helpers import place

    state = place(map_game(), "A", "x5y4", "x6y4")
    drawn = pieces_svg(state)
    labels = {text.split(">")[1].split("<")[0]: text.split('"')[1]
              for text in drawn.split("<text x=")[1:]}  # label -> its x
    assert labels["007"] != labels["A"], "the two pieces are drawn at different places"


def test_the_map_in_words_says_where_each_piece_is_and_never_which_card():
    """Everyone can play (issue 37): the map is also given as text, for a player who cannot
    see it: each piece's Space and heading, the stars holding a card (the card itself is
    face down: its name is never in the words), and the Spaces a tap can choose."""
    from companion.goldfinger.dashboard.words import map_words

    state = map_game()
    words = map_words(state, ["x6y4", "x5y5"])
    assert "Bond on x5y4, facing east" in words and "car A on x4y4, facing west" in words
    assert "car D on x3y8, facing north" in words
    stars = sorted(star for star, _ in state.cards)
    assert f"A card lies face down on {', '.join(stars)}." in words
    assert all(card not in words for _, card in state.cards)
    assert "Spaces to tap now: x5y5, x6y4." in words
    assert map_words(e.new_state({}), []) == ""  # no map, no words
