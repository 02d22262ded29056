"""The chance a player holds a winning combination, from his cards and how he came by them.

A down card is not a card drawn at random once its player has chosen what to do with it. The
table sees each turn: whether he drew, which card he replaced, and the card that went face up
on the discard pile. Under the model `bluffing` states (a player who holds announces), and
one more assumption (a player who can make a combination with the card he drew makes it),
that says much about his down card:

- **Announcing at once with new cards** (the deal, or three new cards this turn): nothing is
  known of the down card but the cards unseen; each is alike.
- **Announcing at once with the cards he passed with**: he did not hold them then, and
  nothing has changed: 0; unless every card completes his up cards (two 007s up): then he
  passed holding it, and the model gives way to the cards: 1.
- **After replacing an up card**: his down card is the one he had, and it did not complete
  his old up cards (or he would have announced without drawing); if he saw the card before
  placing it, it also cannot have let him make a combination in another place.
- **After replacing his down card** with a card he saw first: he put it down because it
  completes his up cards, or because it made a combination nowhere and he put it anywhere
  (each of the three places alike, `PLACE_WITHOUT_COMBINATION`); a card that would have made
  one in an up place would have gone there. Chosen before it was seen (the house rule), it
  is any unseen card.

The chance is over the cards the asker has not seen (`pool`, counts by card), each alike
before the conditions; if the conditions leave no card at all (a player who broke the
model), it is the unconditioned chance.

>>> from collections import Counter
>>> pool = Counter({4: 3, 6: 3, "007": 3, 1: 3})
>>> p_holds((3, 5), pool)                              # new cards: 4s and 007s of 12
Fraction(1, 2)
>>> p_holds((3, 5), pool, passed_with=True)
Fraction(0, 1)
>>> p_holds(("007", "007"), pool, passed_with=True)  # any card wins: he passed holding it
Fraction(1, 1)
>>> p_holds((3, 5), pool, replaced="down", discarded=1, looked_first=True)  # 6 or 3 x 1/3 x 2
Fraction(3, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from companion.mb007_cards.rules import Card, is_winning

# Assumption: a drawn card that makes a combination nowhere goes to any of the three places
# alike.
PLACE_WITHOUT_COMBINATION = Fraction(1, 3)
UP_SLOTS = {"left": 0, "right": 1}


def p_holds(up: Sequence[Card], pool: Counter, *, replaced: str | None = None,
            discarded: Card | None = None, passed_with: bool = False,
            looked_first: bool = True) -> Fraction:
    """The chance his down card completes `up`, given how this turn went.

    `replaced` is the slot whose card he replaced this turn (None: he did not draw),
    `discarded` the card that left it (now on top of the discard pile), `passed_with` that he
    passed with these very cards, `looked_first` that he saw the drawn card before placing
    it. `pool` counts the cards the asker has not seen.
    """
    up = tuple(up)
    uniform = _weighted(pool, lambda card: (is_winning((*up, card)), Fraction(1)))
    if uniform is None:
        return Fraction(0)  # no card unseen: nothing to hold
    if replaced is None:  # passed with these cards: he held none, unless every card holds
        return Fraction(0) if passed_with and uniform < 1 else uniform
    if replaced == "down":
        if not looked_first:
            return uniform
        return _or(_weighted(pool, lambda card: _placed_down(up, discarded, card)), uniform)
    slot = UP_SLOTS[replaced]
    old_up = _with(up, slot, discarded)
    drawn = up[slot]

    def kept_down(card: Card) -> tuple[bool, Fraction]:
        holds = is_winning((*up, card))
        if is_winning((*old_up, card)):
            return holds, Fraction(0)  # he held before drawing: he would have announced
        if not looked_first:
            return holds, Fraction(1)
        return holds, _chose(_wins_by_place(old_up, card, drawn), replaced)

    return _or(_weighted(pool, kept_down), uniform)


def _or(chance: Fraction | None, otherwise: Fraction) -> Fraction:
    return otherwise if chance is None else chance


def _placed_down(up: tuple[Card, ...], old_down: Card, card: Card) -> tuple[bool, Fraction]:
    """(whether `card` down completes `up`, the chance he put it down having seen it)."""
    return is_winning((*up, card)), _chose(_wins_by_place(up, old_down, card), "down")


def _wins_by_place(up: tuple[Card, ...], down: Card, drawn: Card) -> dict[str, bool]:
    """For each place, whether the drawn card put there makes a combination."""
    hands = {"left": (drawn, down, up[1]), "down": (up[0], drawn, up[1]),
             "right": (up[0], down, drawn)}
    return {place: is_winning(hand) for place, hand in hands.items()}


def _chose(wins: dict[str, bool], place: str) -> Fraction:
    """The chance he put the card in `place`: where it makes a combination (down first,
    where what he holds stays hidden), else any place alike."""
    if not any(wins.values()):
        return PLACE_WITHOUT_COMBINATION
    if wins["down"]:
        return Fraction(place == "down")
    return Fraction(wins[place])


def _weighted(pool: Counter, judge) -> Fraction | None:
    """Sum over the pool of count x weight where the card holds, over all count x weight;
    None if every weight is 0."""
    holding = total = Fraction(0)
    for card, count in pool.items():
        if count <= 0:
            continue
        holds, weight = judge(card)
        total += count * weight
        if holds:
            holding += count * weight
    return None if total == 0 else holding / total


def _with(up: tuple[Card, ...], index: int, card: Card) -> tuple[Card, ...]:
    cards = list(up)
    cards[index] = card
    return tuple(cards)

