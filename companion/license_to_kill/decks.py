"""Deck checking (Building a Deck, Preparing to Play): every problem, in words.

A deck is a list of card titles (a title once per copy) or a mapping of
title to copies. The checkers return a list of sentences, empty when the deck
is legal; an unknown title raises InputError, since nothing can be checked.

>>> from companion.license_to_kill.cards import sample_library
>>> check_starting_bond(sample_library()["The Navy Hero"])
[]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from companion.core.errors import InputError, shown
from companion.license_to_kill import rules
from companion.license_to_kill.cards import Card, Library

Deck = Iterable[str] | Mapping[str, int]


def deck_counts(deck: Deck, library: Library) -> Counter[str]:
    """Copies of each title; InputError for unknown titles or bad counts."""
    if isinstance(deck, Mapping):
        counts = Counter()
        for title, copies in deck.items():
            if isinstance(copies, bool) or not isinstance(copies, int) or copies < 0:
                raise InputError(f"copies of {shown(title)} must be a whole number, "
                                 f"got {shown(copies)}")
            counts[title] = copies
    else:
        counts = Counter(deck)
    for title in counts:
        library.card(title)
    return +counts


def _types(counts: Counter[str], library: Library) -> Counter[str]:
    by_type: Counter[str] = Counter()
    for title, copies in counts.items():
        by_type[library[title].type] += copies
    return by_type


def _copies_problems(counts: Counter[str], limit: int, deck: str) -> list[str]:
    return [f"{deck} has {copies} copies of {shown(title)}; at most {limit} allowed"
            for title, copies in sorted(counts.items()) if copies > limit]


def check_action_deck(deck: Deck, library: Library) -> list[str]:
    """Building a Deck: 60 cards, at most 2 copies, the type minimums and maximums."""
    counts = deck_counts(deck, library)
    size = sum(counts.values())
    problems = []
    if size != rules.ACTION_DECK_SIZE:
        problems.append(f"the Action deck has {size} cards; it must have "
                        f"{rules.ACTION_DECK_SIZE}")
    wrong = sorted(t for t in counts if library[t].type not in rules.ACTION_TYPES)
    if wrong:
        problems.append(f"not Action cards: {', '.join(wrong)}")
    problems += _copies_problems(counts, rules.ACTION_DECK_MAX_COPIES, "the Action deck")
    by_type = _types(counts, library)
    for kind, least in rules.ACTION_DECK_AT_LEAST.items():
        if by_type[kind] < least:
            problems.append(f"the Action deck has {by_type[kind]} {kind} cards; "
                            f"at least {least} needed")
    for kind, most in rules.ACTION_DECK_AT_MOST.items():
        if by_type[kind] > most:
            problems.append(f"the Action deck has {by_type[kind]} {kind} cards; "
                            f"at most {most} allowed")
    return problems


def check_plot_deck(deck: Deck, library: Library) -> list[str]:
    """Building a Deck: singletons, exactly 3 Mission, 5 Villain, 6 Henchman, 7 Location."""
    counts = deck_counts(deck, library)
    problems = _copies_problems(counts, rules.PLOT_DECK_MAX_COPIES, "the Plot deck")
    wrong = sorted(t for t in counts if library[t].type not in rules.PLOT_DECK_COUNTS)
    if wrong:
        problems.append(f"the Plot deck holds only "
                        f"{', '.join(rules.PLOT_DECK_COUNTS)} plots, not: {', '.join(wrong)}")
    by_type = _types(counts, library)
    for kind, needed in rules.PLOT_DECK_COUNTS.items():
        if by_type[kind] != needed:
            problems.append(f"the Plot deck has {by_type[kind]} {kind} Plots; it needs {needed}")
    return problems


def check_starting_bond(card: Card) -> list[str]:
    """Preparing to Play, step 3: a Bond card with PV + CV <= 10 (a blank counts 0)."""
    if card.type != "Bond":
        return [f"{shown(card.title)} is a {card.type} card, not a Bond card"]
    total = (card.pv or 0) + (card.cv or 0)
    if total > rules.STARTING_BOND_MAX_PV_PLUS_CV:
        return [f"{shown(card.title)} has PV + CV = {total}; a starting Bond needs at most "
                f"{rules.STARTING_BOND_MAX_PV_PLUS_CV}"]
    return []


def check_starting_main_plot(mission: Card, villain: Card,
                             other_missions: Iterable[str] = ()) -> list[str]:
    """Preparing to Play, step 2: a Mission face up, a Villain face down on it, and a
    Mission no other player starts with."""
    problems = [f"{shown(card.title)} is a {card.type}, not a {kind}"
                for card, (kind, _) in zip((mission, villain), rules.STARTING_MAIN_PLOT,
                                           strict=True) if card.type != kind]
    if mission.title in set(other_missions):
        problems.append(f"another player already starts with {shown(mission.title)}; "
                        "players must start with different Missions")
    return problems


def check_decks(action_deck: Deck, plot_deck: Deck, library: Library) -> dict[str, list[str]]:
    """Both decks' problems, keyed 'action' and 'plot' (the deck checker's view)."""
    return {"action": check_action_deck(action_deck, library),
            "plot": check_plot_deck(plot_deck, library)}
