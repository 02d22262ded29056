"""Where the Enemy bot hides the five cards, drawn from the Session's seeded randomness.

Set Up: the Enemy player "must place all five cards", "only one card per star",
"after thinking about where he wants them". A bot that always thinks the same
thing puts Tilly on the same star every game, and a human Bond learns it after
one game. So the placement is chance, filled in like dice (`fill_chance`): the
log keeps the stars and cards drawn, and replaying the log reproduces them.

The draw leans toward hard places without being predictable: Tilly's star is
drawn with weight (Spaces from the star to its nearest gate) + 1, so a star far
from every gate is likelier but none is certain; the other four cards go on four
of the remaining stars drawn evenly, in a shuffled order.
"""

from __future__ import annotations

import random

from companion.goldfinger import rules
from companion.goldfinger.board import Board

UNREACHABLE = 20  # weight of a star with no road to any gate (a hand-made board)


def tilly_weights(board: Board) -> dict[str, int]:
    """Each star's weight in Tilly's draw: Spaces to the nearest gate, plus one."""
    weights = {}
    for star in board.stars:
        between = [board.spaces_between(star, gate) for gate in board.gates]
        known = [b for b in between if b is not None]
        weights[star] = min(known) + 1 if known else UNREACHABLE
    return weights


def hide_cards(board: Board, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(stars, cards): five stars of `board` and the card by each, drawn with `rng`."""
    weights = tilly_weights(board)
    stars = sorted(weights)
    tilly = rng.choices(stars, weights=[weights[s] for s in stars])[0]
    others = rng.sample([s for s in stars if s != tilly], rules.CARDS_TO_PLACE - 1)
    cards = [c for c in rules.CARD_NAMES if c != rules.TILLY]
    rng.shuffle(cards)
    placed = sorted([(tilly, rules.TILLY), *zip(others, cards, strict=True)])
    return tuple(s for s, _ in placed), tuple(c for _, c in placed)
