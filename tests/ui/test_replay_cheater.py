"""A cheater at the tablet's review, with two played games whose logs differ only in a hidden
thing (a down card, a drawn card, a secret letter, a card by a star, a face-down Plot, the
order of a legacy deck): while their public logs agree, the review section shows the same in
both, everything of it: the summary, every moment, the file to download, the dice and the
cards or tiles against chance, and every step of
the replay with its log line, its equity, its picture and the odds and advice then, each
given the action played next from that position as its log holds it (so a game that read
more of that action than its public set-up, or a hidden thing of the position, would show
it). `tests/ui/test_replay_advice.py` changes the positions alone, with the same next
action; each game's own review tests change short hand-made logs, without the advice."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion.core.errors import CompanionError
from companion.core.registry import find_game
from companion.core.session import Session
from companion.golden_gun.board import generate_section
from companion.goldfinger.actions import PlaceCards
from companion.license_to_kill.actions import PlacePlot
from companion.license_to_kill.dashboard.words import setup_player
from companion.mb007_cards.actions import Deal, DrawCard
from companion.mb007_tiles.actions import Pick, Reveal
from companion.ui.review_view import ReviewView
from tests.ui.test_replay_advice import (
    cards_game,
    goldfinger_game,
    legacy_golden_gun_game,
    ltk_game,
    tiles_game,
)

CARD_VALUES = (1, 2, 3, 4, 5, 6, 7, "007")


def agreeing(name: str, options: dict, first: list, second: list) -> int:
    """How many actions the two logs apply alike, with the same log lines (the table's
    view of them); the second may be refused later (its hidden thing came out)."""
    game = find_game(name)
    a = b = game.new_state(game.stored_options(options))
    for n, (x, y) in enumerate(zip(first, second, strict=False)):
        try:
            a, b = a.apply(x), b.apply(y)
        except CompanionError:  # the twin's hidden thing no longer fits: it has come out
            return n
        if a.last_event != b.last_event:
            return n
    return min(len(first), len(second))


def review_section(store, name: str, options: dict, log: list) -> tuple[list, list]:
    """The tablet's review section after `log`: its summary and moments, the file, every
    replay step; and the odds and advice each position showed while it was the last."""
    session = Session(name, options, seed=1, store=store)
    for action in log:
        session.act(action)
    board = find_game(name).load_dashboard()(store=store, session=session)
    view = ReviewView(lambda: session, board.replay_picture, advice=board.replay_advice)
    view.refresh()
    shown = [view._summary.object, view._moments.object, view._file().getvalue(),
             view._drawn_views[0]._words.object, view._dice._words.object]
    for position in range(len(log) + 1):
        view.replay.show(position)
        shown.append(view.replay.__panel__().html)
    live = [board.replay_advice(session.state_after(n), None) for n in range(len(log) + 1)]
    return shown, live


def same_for_a_cheater(store, name: str, options: dict, log: list, twin: list) -> int:
    """Assert the review section is the same for both logs while they agree; return for how
    many actions they agree."""
    agree = agreeing(name, options, log, twin)
    first, second = review_section(store, name, options, log[:agree]), \
        review_section(store, name, options, twin[:agree])
    for part, (x, y) in enumerate(zip(first[0], second[0], strict=True)):
        assert x == y, f"part {part} of the review section tells a hidden thing"
    for position, (x, y) in enumerate(zip(first[1], second[1], strict=True)):
        assert x == y, f"the advice at position {position} (then the last) tells a hidden thing"
    return agree


@pytest.mark.parametrize("kind", [Deal, DrawCard])
def test_a_down_card_or_a_drawn_card_is_not_in_the_card_games_review_section(store, kind):
    """A seat's down card dealt, or a card drawn, as another card: the one that stays
    hidden longest (the card drawn is the action played next from the position before it)."""
    session = cards_game()
    log, seats = list(session.actions), len(session.state.seats)
    twins = []
    for n, action in enumerate(log):
        if isinstance(action, DrawCard) and kind is DrawCard:
            changed = [DrawCard(value) for value in CARD_VALUES if value != action.card]
        elif isinstance(action, Deal) and kind is Deal:
            changed = [Deal((*action.cards[:slot], value, *action.cards[slot + 1:]))
                       for slot in range(seats, 2 * seats)  # dealt up, down, up
                       for value in CARD_VALUES if value != action.cards[slot]]
        else:
            continue
        for other in changed:
            twin = [*log[:n], other, *log[n + 1:]]
            twins.append((agreeing("mb007_cards", session.options, log, twin) - n, twin))
    hidden, twin = max(twins, key=lambda pair: pair[0])
    assert hidden > 2, "the twin's card came out at once: the test would prove little"
    same_for_a_cheater(store, "mb007_cards", session.options, log, twin)


def test_secret_letters_are_not_in_the_tile_games_review_section(store):
    """Every letter chosen before a round's reveal changed to another the seat could
    choose: the same section up to the reveal."""
    session = tiles_game()
    log = list(session.actions)
    reveal = next(n for n, action in enumerate(log) if isinstance(action, Reveal))
    twin, n = list(log), reveal - 1
    while isinstance(log[n], Pick):
        pick = log[n]
        twin[n] = Pick(pick.seat, next(letter for letter in session.state_after(n).available(
            pick.seat) if letter != pick.letter))
        n -= 1
    assert reveal - n > 2
    assert same_for_a_cheater(store, "mb007_tiles", session.options, log, twin) == reveal


def test_the_cards_by_the_stars_are_not_in_goldfingers_review_section(store):
    """The five cards the app hid moved round to other stars."""
    session = goldfinger_game(60)
    log = list(session.actions)
    place = log[0]
    assert isinstance(place, PlaceCards) and place.cards
    twin = [PlaceCards(place.stars, place.cards[1:] + place.cards[:1]), *log[1:]]
    assert same_for_a_cheater(store, "goldfinger", session.options, log, twin) > 20


def player(state) -> int | None:
    """Who places a card now: the player setting up, or the one whose turn it is."""
    return setup_player(state) if state.turn is None else state.turn.player


def test_a_face_down_plot_is_not_in_license_to_kills_review_section(store):
    """Two Plot cards a player put face down, swapped."""
    session = ltk_game(120)
    log = list(session.actions)
    down = [(n, player(session.state_after(n))) for n, action in enumerate(log)
            if isinstance(action, PlacePlot) and not action.face_up]
    i, j = next((i, j) for i, p in down for j, q in down
                if i < j and p == q and log[i].card != log[j].card)
    twin = list(log)
    twin[i], twin[j] = (dataclasses.replace(log[i], card=log[j].card),
                        dataclasses.replace(log[j], card=log[i].card))
    assert same_for_a_cheater(store, "license_to_kill", session.options, log, twin) > j


@pytest.mark.parametrize("deck", ["blue", "green"])
def test_a_legacy_deals_next_cards_are_not_in_the_golden_guns_review_section(store, deck):
    """A game stored before the app dealt each card as it is seen holds the whole deal in
    its Set Up: two cards of a deck far from its top swapped."""
    session = legacy_golden_gun_game()
    log = list(session.actions)
    setup = log[0]
    assert session.state_after(1).deals_ahead()
    order = list(setup.blue_deck if deck == "blue" else setup.green_deck)
    i = len(order) - 1
    j = next(k for k in range(i - 1, 0, -1) if order[k] != order[i])
    order[i], order[j] = order[j], order[i]
    twin = [dataclasses.replace(setup, **{f"{deck}_deck": tuple(order)}), *log[1:]]
    assert same_for_a_cheater(store, "golden_gun", session.options, log, twin) > 5


def test_a_legacy_deals_sections_not_yet_laid_are_not_in_the_golden_guns_replay(store):
    """The same game's maze sections not yet laid (it never lays them), drawn otherwise:
    the whole review section is the same, the replay's maze at every step too (it shows
    the sections laid alone)."""
    session = legacy_golden_gun_game()
    log = list(session.actions)
    setup = log[0]
    assert session.state.sections == 1 and len(session.state.unplaced) == 3
    laid, *later = setup.sections
    other = tuple(generate_section(random.Random(n)) for n in range(7, 7 + len(later)))
    assert not set(other) & set(later)
    twin = [dataclasses.replace(setup, sections=(laid, *other)), *log[1:]]
    assert same_for_a_cheater(store, "golden_gun", session.options, log, twin) == len(log)
    picture = find_game("golden_gun").load_dashboard()(store=store, session=session) \
        .replay_picture(session.state)
    assert picture.count("cell wall") == setup.sections[0].count("W")  # one section drawn
