"""What one side may see that the table may not: which card lies by which star.

Set Up: the Enemy player places the five cards by the stars; the Bond player learns which
is which only when he turns one over (Card Pick Up). When the app hides the cards
(`PlaceCards` with cards) the engine keeps the card by each star (`state.cards`) because it
turns them over for Bond. Nothing the table is shown names them: the log names the stars
only, the map fills a star while a card lies there.

- `private_view(state, seat)`: seat 1, the Enemy, sees the card by each star, the
  unturned ones too; seat 0, Bond, has nothing secret. A side's own phone shows this; the
  shared tablet never does.
- `public_state(state)`: the state as the table knows it, the cards not yet turned face
  down, for anything the table is shown that reads the whole state (the bot-against-bot
  estimate would otherwise tell where Tilly lies).
- `seat_names(state)`: the seats a player's own phone may join: Bond and the Enemy, but
  not the Enemy when the app plays him (his phone would show the bot's cards).

>>> from companion.goldfinger.engine import PlaceCards, new_state
>>> state = new_state({"map": "sample"})
>>> state = state.apply(PlaceCards(("x5y1", "x9y3", "x0y5", "x3y6", "x6y8"),
...                                ("Mirror", "Tilly", "Old Lady", "Odd Job", "Nothing Here")))
>>> [(c["star"], c["card"], c["turned"]) for c in private_view(state, 1)["cards"]][:2]
[('x5y1', 'Mirror', False), ('x9y3', 'Tilly', False)]
>>> private_view(state, 0)["cards"]
[]
>>> [card for _, card in public_state(state).cards]
[None, None, None, None, None]
>>> seat_names(state), seat_names(new_state({"map": "sample", "bot": "enemy"}))
(['Bond', 'Enemy'], ['Bond'])
"""

from __future__ import annotations

from companion.core.errors import InputError, shown
from companion.core.game import JSON
from companion.core.records import evolve
from companion.goldfinger import rules
from companion.goldfinger.engine import GoldfingerState

BOND_SEAT, ENEMY_SEAT = 0, 1
SEATS: tuple[str, ...] = ("Bond", "Enemy")  # a seat's number is its place here
SIDE_OF_SEAT: tuple[rules.Side, ...] = (rules.BOND, "enemy")


def check_seat(seat: object) -> int:
    """`seat` as a seat number (0 Bond, 1 the Enemy), else InputError."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(SEATS):
        raise InputError(f"there is no seat {shown(seat, 20)}: 0 is Bond, 1 the Enemy")
    return seat


def private_view(state: GoldfingerState, seat: int) -> dict[str, JSON]:
    """What `seat` alone may see: for the Enemy, every star he placed a card by, with the
    card (None when the real cards lie face down: the app does not know it either) and
    whether Bond has turned it over yet, in the board's order of the stars (tracker mode:
    by name); for Bond,
    nothing (`cards` is empty)."""
    seat = check_seat(seat)
    cards: list[dict[str, JSON]] = []
    if seat == ENEMY_SEAT:
        cards = [{"star": star, "card": card, "turned": False} for star, card in state.cards]
        cards += [{"star": star, "card": card, "turned": True} for star, card in state.found]
        order = list(state.board.stars) if state.board is not None else []
        cards.sort(key=lambda c: (order.index(c["star"]) if c["star"] in order else 0,
                                  c["star"]))
    return {"seat": seat, "name": SEATS[seat], "side": SIDE_OF_SEAT[seat], "cards": cards}


def public_state(state: GoldfingerState) -> GoldfingerState:
    """`state` with the cards not yet turned face down and no history (its first action
    names them): for working out what the table is shown, never for replaying."""
    hidden = tuple((star, None) for star, _ in state.cards)
    return evolve(state, cards=hidden, history=())


def seat_names(state: GoldfingerState) -> list[str]:
    """The seats a player's own phone may join now (numbered as in SEATS)."""
    bot = state.setup.bot if state.board is not None else None
    return list(SEATS[:ENEMY_SEAT]) if bot == "enemy" else list(SEATS)


def seat_decides(state: GoldfingerState, seat: int) -> bool:
    """Whether the side at `seat` decides now (the Enemy says which card Bond turned)."""
    return not state.is_over and state.side_to_act == SIDE_OF_SEAT[check_seat(seat)]
