"""Scenes for the card game's tests: a tablet-mode deal with chosen cards, and play helpers."""

from __future__ import annotations

from collections.abc import Mapping

from companion.mb007_cards.actions import Deal
from companion.mb007_cards.engine import CardsState, new_state

Hand = tuple  # (left, down, right)


def deal_cards(hands: Mapping[int, Hand], dealer: int = 0) -> tuple:
    """The Deal's cards, one at a time from the dealer's left, giving each seat its hand."""
    n = len(hands)
    order = [(dealer + 1 + j) % n for j in range(n)]
    return tuple(hands[seat][rnd] for rnd in range(3) for seat in order)


def dealt(hands: Mapping[int, Hand], **options) -> CardsState:
    """A tablet-mode game just dealt: seat i holds hands[i] = (left, down, right)."""
    state = new_state({"players": len(hands), **options})
    return state.apply(Deal(deal_cards(hands, options.get("dealer", 0))))


def play(state: CardsState, *actions) -> CardsState:
    for action in actions:
        state = state.apply(action)
    return state
