"""The card game's set-up: mode, seats, bots, the dealer, the deck, and the readings of
the rulebook a table may change (each a HOUSE RULE when not the default; see
`rules.HOUSE_RULES` and ``docs/assumptions.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from companion.core.errors import InputError, shown
from companion.core.game import JSON, check_options
from companion.mb007_cards import checks as ck
from companion.mb007_cards import rules
from companion.mb007_cards.rules import Card

Mode = Literal["tablet", "table"]
MODES: tuple[str, ...] = ("tablet", "table")


@dataclass(frozen=True)
class Options:
    """Mode, seats, bots (tablet mode only), dealer and the deck (rules.DEFAULT_DECK)."""

    mode: Mode = "tablet"
    players: int = 4
    names: tuple[str, ...] = ()
    bots: tuple[int, ...] = ()
    dealer: int = 0
    deck: tuple[tuple[Card, int], ...] = rules.DEFAULT_DECK
    show_caught_bluff: bool = True  # False: HOUSE RULE, a caught bluffer's card stays hidden
    # Tablet mode: draw and look, then choose the card it replaces (Rules for Play 2b);
    # False: HOUSE RULE, the slot is chosen before the card is seen.
    choose_after_drawing: bool = True

    @classmethod
    def from_mapping(cls, options: Mapping[str, JSON]) -> Options:
        """Options from plain JSON; InputError for unknown keys or bad values."""
        check_options(options, ("mode", "players", "names", "bots", "dealer", "deck",
                                "show_caught_bluff", "choose_after_drawing"), rules.GAME_TITLE)
        mode, players = options.get("mode", "tablet"), options.get("players", 4)
        if mode not in MODES:
            raise InputError(f"mode is 'tablet' or 'table', got {shown(mode, 30)}")
        if not ck.is_int(players) or not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
            raise InputError(f"{rules.MIN_PLAYERS} to {rules.MAX_PLAYERS} players, "
                             f"got {shown(players, 20)}")
        names = ck.check_names(options.get("names"), players)
        bots = ck.check_seats(options.get("bots") or [], players, "bots")
        if bots and mode != "tablet":
            raise InputError("bots play only in tablet mode, where the app deals the cards")
        if len(bots) == players:
            raise InputError("at least one seat must be a person")
        dealer = options.get("dealer", 0)
        if not ck.is_int(dealer) or not 0 <= dealer < players:
            raise InputError(f"the dealer is a seat from 0 to {players - 1}, "
                             f"got {shown(dealer, 20)}")
        try:
            deck = rules.deck_from_mapping(options.get("deck"))
        except ValueError as error:
            raise InputError(str(error)) from None
        if sum(n for _, n in deck) < 3 * players + 3:
            raise InputError(f"{players} players need a deck of at least {3 * players + 3} "
                             "cards")
        flags = {name: options.get(name, True)
                 for name in ("show_caught_bluff", "choose_after_drawing")}
        for name, value in flags.items():
            if not isinstance(value, bool):
                raise InputError(f"{name} is true or false, got {shown(value, 20)}")
        return cls(mode, players, names, bots, dealer, deck, **flags)

    def to_mapping(self) -> dict[str, JSON]:
        return {"mode": self.mode, "players": self.players, "names": list(self.names),
                "bots": list(self.bots), "dealer": self.dealer,
                "deck": rules.deck_to_mapping(self.deck),
                "show_caught_bluff": self.show_caught_bluff,
                "choose_after_drawing": self.choose_after_drawing}

    @property
    def deck_size(self) -> int:
        return sum(n for _, n in self.deck)

    def deck_cards(self) -> tuple[Card, ...]:
        return tuple(card for card, n in self.deck for _ in range(n))
