"""Exact chances and expected chips, from what one seat can see (never another's down card).

Every figure is a `Fraction` over the cards this seat has not seen: the deck less every
up card, the discard pile and his own down card. Each unseen card is equally likely to be
any hidden card (another player's down card, or the next card of the draw pile).

>>> p_hidden_completes([3, 5], [3, 5, 4, 4, 4])   # one 4 and four 007s left of 27 unseen
Fraction(5, 27)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from companion.core.errors import InputError, shown
from companion.mb007_cards import rules
from companion.mb007_cards.bluffing import (
    answer_value,
    best_answer,
    bluff_rate,
    holds_given_announced,
    solved_game,
)
from companion.mb007_cards.holding import p_holds
from companion.mb007_cards.rules import Card, is_card, is_winning
from companion.mb007_cards.seat import Record
from companion.mb007_cards.standings import answer_win_share
from companion.mb007_cards.views import PrivateView, PublicView, SeatInfo

Deck = tuple[tuple[Card, int], ...]
# Chances of winning closer than this are the same to a bot that plays to win: the
# estimate (`standings`) is not finer, so the chips decide between them.
SAME_CHANCE = 0.005


def unseen_cards(seen: Iterable[Card], deck: Deck = rules.DEFAULT_DECK) -> Counter:
    """The deck less the cards in `seen`; InputError if `seen` holds more than the deck."""
    seen = Counter(_checked(seen))
    pool = Counter(dict(deck))
    for card, n in seen.items():
        if n > pool[card]:
            raise InputError(f"{n} of the {rules.card_text(card)} seen, but the deck holds "
                             f"{pool[card]}")
        pool[card] -= n
    return +pool


def p_hidden_completes(up_cards: Sequence[Card], seen: Iterable[Card],
                       deck: Deck = rules.DEFAULT_DECK) -> Fraction:
    """The chance that a down card drawn uniformly from the deck less `seen` (every card
    the asker can see, `up_cards` included) makes a winning combination with `up_cards`."""
    up = _checked(up_cards)
    if len(up) != 2:
        raise InputError(f"two up cards, got {len(up)}")
    pool = unseen_cards(seen, deck)
    total = sum(pool.values())
    if total == 0:
        raise InputError("no card is left unseen")
    return Fraction(_completing(up, pool), total)


@dataclass(frozen=True)
class AnnouncerModel:
    """For a responder, the figures behind "he holds it" (`bluffing` states the model)."""

    name: str
    record: Record  # what the table has seen him do
    cards: Fraction  # the chance his down card completes his up cards (`holding.p_holds`)
    position_rate: Fraction  # the solved game's bluff rate in his position
    rate: Fraction  # his bluff rate: the solved game's, moved by his record
    holds: Fraction  # the chance he holds, given that he announced
    shown: Card | None = None  # his down card, if the table saw it (a called bluff)


def announcer_model(view: PrivateView) -> AnnouncerModel:
    """For a responder: the chance that the announcer holds his combination, given that he
    announced and what this table has seen him do (1 or 0 when the table saw his down card
    when his last bluff was called)."""
    public = view.public
    announcer = public.seats[public.turn]
    position = bluff_rate_in_position(view, public.turn)
    rate = bluff_rate(announcer.record, position)
    if announcer.shown_card is not None:
        known = Fraction(int(rules.is_winning((*announcer.up, announcer.shown_card))))
        return AnnouncerModel(announcer.name, announcer.record, known, position, rate, known,
                              announcer.shown_card)
    cards = _holding_chance(public, public.turn, unseen_cards(view.seen(), public.deck))
    return AnnouncerModel(announcer.name, announcer.record, cards, position, rate,
                          holds_given_announced(cards, rate))


def p_announcer_holds(view: PrivateView) -> Fraction:
    """`announcer_model(view).holds`."""
    return announcer_model(view).holds


def bluff_rate_in_position(view: PrivateView, seat: int) -> Fraction:
    """The solved game's bluff rate for `seat` (`bluffing.solved_game`), from the chance the
    table, seeing only what is face up, gives his up cards (0 once it saw his down card)."""
    public = view.public
    player = public.seats[seat]
    if player.shown_card is not None or not player.has_cards:
        return Fraction(0)
    table = _holding_chance(public, seat, unseen_cards(public.public_cards(), public.deck))
    return solved_game(table, min(public.pot_points, max(rules.ACCEPTED_PAYOUT.values())))\
        .bluff_rate


def answer_ev(view: PrivateView, bet: int) -> Fraction:
    """For a responder: his expected chips less the announcer's, answering with `bet` (0
    accepts), counting the answers before his and none after (`bluffing.answer_value`)."""
    holds, his_points, pot, earlier = _answer_terms(view)
    return answer_value(holds, bet, his_points, pot, earlier)


def answer_win_shares(view: PrivateView) -> dict[int, float]:
    """For a responder: his chance of winning after each answer he may give (0 accepts),
    an estimate (`standings`), counting the answers before his and none after."""
    public = view.public
    points = tuple(seat.points for seat in public.seats)
    live = tuple(not seat.out for seat in public.seats)
    holds = p_announcer_holds(view)
    earlier = tuple((s, b) for s, b in public.responses if s != view.seat)
    return {bet: answer_win_share(holds, view.seat, bet, points, live, public.pot_points,
                                  public.turn, earlier)
            for bet in (rules.ACCEPT, *rules.BETS) if bet <= view.me.points}


def best_answer_to_win(view: PrivateView, shares: Mapping[int, float] | None = None) -> int:
    """For a responder who plays to win: the answer giving him the best chance of winning
    (`answer_win_shares`, or the `shares` already worked out from them); between answers
    within `SAME_CHANCE` of it, the one worth most chips (`answer_ev`), then the smallest."""
    shares = answer_win_shares(view) if shares is None else shares
    best = max(shares.values())
    close = [bet for bet, share in shares.items() if share >= best - SAME_CHANCE]
    holds, his_points, pot, earlier = _answer_terms(view)  # once, not once per answer
    return max(close, key=lambda bet: (answer_value(holds, bet, his_points, pot, earlier),
                                       -bet))


def _answer_terms(view: PrivateView) -> tuple[Fraction, int, int, int]:
    """What a responder's answer is worth by: the chance the announcer holds, his points,
    the pot, and the bets of the answers before this one."""
    public = view.public
    earlier = sum(b for s, b in public.responses if s != view.seat)
    return (p_announcer_holds(view), public.seats[public.turn].points, public.pot_points,
            earlier)


def p_draw_makes(view: PrivateView, slot: str) -> Fraction:
    """For the player on turn: the chance that replacing `slot` (left, down, right) with the
    top card of the draw pile gives a winning combination."""
    return _draw_chance(view, lambda d, c: is_winning(_placed(view.me.up, d, slot, c)))


def p_draw_then_choose_makes(view: PrivateView) -> Fraction:
    """For the player on turn, drawing first and then choosing (Rules for Play 2b): the
    chance that the card drawn makes a winning combination in at least one of the three
    places."""
    return _draw_chance(view, lambda d, c: any(
        is_winning(_placed(view.me.up, d, slot, c)) for slot in rules.SLOTS))


def _placed(up: Sequence[Card], down: Card, slot: str, card: Card) -> tuple[Card, Card, Card]:
    """His three cards once `card` takes `slot`'s place."""
    cards = {"left": up[0], "down": down, "right": up[1], slot: card}
    return cards["left"], cards["down"], cards["right"]


def _draw_chance(view: PrivateView, makes: Callable[[Card, Card], bool]) -> Fraction:
    """The chance that the top card c of the draw pile, with his down card d, `makes(d, c)`.

    The top card is any unseen card alike; when the draw pile is empty it comes from the
    discards, shuffled into a new pile (Rules for Play 9). When the app does not know his
    down card (table mode, a shared screen) it counts as one more unseen card: d and c are
    two different unseen cards, or d unseen and c from the discards.
    """
    down = view.down if view.down is not None else view.me.shown_card
    unseen = unseen_cards(view.seen(), view.public.deck)
    empty = view.public.draw_count == 0
    pool = Counter(view.public.discards) if empty else unseen
    total = sum(pool.values())
    if down is not None:
        return Fraction(sum(n for c, n in pool.items() if makes(down, c)), total)
    downs = sum(unseen.values())
    pairs = sum(n * (pool[c] - (c == d and not empty)) for d, n in unseen.items()
                for c in pool if makes(d, c))
    return Fraction(pairs, downs * (total - (not empty)))


def announce_ev(view: PrivateView, holding: bool) -> Fraction | None:
    """For the player on turn: the expected chips of announcing now, holding the combination
    (honest) or not (a bluff), against opponents who each answer as the first to answer
    would (`bluffing.best_answer`), from their own cards, how he came by his
    (`holding.p_holds`) and what they have seen him do. None if impossible (holding with no
    completing card unseen by the table, or bluffing with none other).

    His down card is his own when the app knows it, else any unseen card of the kind asked;
    each opponent's down card is any card still unseen, dealt one by one.
    """
    public = view.public
    me = view.me
    if me.shown_card is not None:
        return _known_announce_ev(view, holding)
    table = unseen_cards(public.public_cards(), public.deck)  # the table's unseen cards
    if view.down is not None and is_winning((*me.up, view.down)) == holding:
        downs = Counter({view.down: 1})
    else:
        downs = Counter({c: n for c, n in table.items() if is_winning((*me.up, c)) == holding})
    if not downs:
        return None
    opponents = [s for s in public.seats if s.index != me.index and not s.out]
    # Opponents whose down card nobody knows; one whose card the table saw (a called bluff)
    # judges from the table's unseen cards alone, as one without cards does.
    dealt = tuple(s for s in opponents if s.has_cards and s.shown_card is None)
    rate = bluff_rate(me.record, bluff_rate_in_position(view, me.index))
    pot = public.pot_points

    def bet(seat: SeatInfo, cards: Fraction) -> int:
        return best_answer(holds_given_announced(cards, rate), seat.points, me.points, pot)

    fixed = sum(bet(s, _holding_chance(public, me.index, table)) for s in opponents
                if s not in dealt)
    # What each dealt opponent bets, by the card he holds: his view is the table's unseen
    # cards less his own (my down card among them), whatever the others hold.
    kinds = tuple(table)
    chances = [_holding_chance(public, me.index, table - Counter({kind: 1})) for kind in kinds]
    bets = tuple(tuple(bet(s, cards) for cards in chances) for s in dealt)
    chips, deals = 0, 0  # summed over my down card and every ordered deal to them
    for down, n in downs.items():
        rest = table - Counter({down: 1})
        left = tuple(rest[kind] for kind in kinds)
        for total, ways in _bets_dealt(bets, left).items():
            total += fixed
            chips += n * ways * _payout(holding, total, total > 0, me.points, pot)
            deals += n * ways
    return Fraction(chips, deals)


@lru_cache(maxsize=8192)  # a whole deal's worth of sub-deals; bounded on a long-running server
def _bets_dealt(bets: tuple[tuple[int, ...], ...], left: tuple[int, ...]) -> dict[int, int]:
    """In how many ordered deals each total bet comes about, when opponent i, dealt one
    card of kind k from `left` (counts by kind, without replacement, in turn), bets
    `bets[i][k]` (whole numbers: exact, and faster than Fractions at every step)."""
    if not bets:
        return {0: 1}
    out: dict[int, int] = {}
    for k, count in enumerate(left):
        if count == 0:
            continue
        after = (*left[:k], count - 1, *left[k + 1:])
        for rest, ways in _bets_dealt(bets[1:], after).items():
            key = rest + bets[0][k]
            out[key] = out.get(key, 0) + count * ways
    return out


def _holding_chance(public: PublicView, seat: int, unseen: Counter) -> Fraction:
    """`holding.p_holds` for `seat`'s up cards, over the cards `unseen` by the asker."""
    player = public.seats[seat]
    on_turn = seat == public.turn
    replaced = public.replaced if on_turn else None
    return p_holds(player.up, unseen, replaced=replaced,
                   discarded=public.discards[-1] if replaced else None,
                   passed_with=player.passed_with,
                   looked_first=public.looked_before_placing)


def _known_announce_ev(view: PrivateView, holding: bool) -> Fraction | None:
    """`announce_ev` when the table saw his down card (a called bluff): everyone knows
    whether he holds it, so a bluff is called by all and a held combination by none."""
    me = view.me
    if holding != rules.is_winning((*me.up, me.shown_card)):
        return None  # not his case: he holds exactly what the table saw
    pot = view.public.pot_points
    bets = sum(best_answer(Fraction(holding), s.points, me.points, pot)
               for s in view.public.seats if s.index != me.index and not s.out)
    return Fraction(_payout(holding, bets, bets > 0, me.points, pot))


def _payout(holding: bool, bets: int, called: bool, mine: int, pot: int) -> int:
    """The announcer's chips from Rules for Play 5-6 (the pot pays what it holds)."""
    if not called:
        return min(rules.ACCEPTED_PAYOUT[holding], pot)
    if holding:
        return bets + min(rules.CALLED_HOLDING_FROM_POT, pot)
    return -min(mine, bets + rules.CALLED_BLUFF_TO_POT)


@dataclass(frozen=True)
class TurnOdds:
    """The player on turn's figures: each draw's chance, and announcing against passing."""

    draws: dict[str, Fraction]
    holding: bool | None  # None in table mode: the app does not know his down card
    draw_then_choose: Fraction | None  # drawing first, then choosing: any place makes one
    ev_honest: Fraction | None
    ev_bluff: Fraction | None


def turn_odds(view: PrivateView) -> TurnOdds:
    up, down = view.me.up, view.down
    holding = None if down is None else is_winning((*up, down))
    draws = {slot: p_draw_makes(view, slot) for slot in rules.SLOTS} \
        if view.public.phase == "turn" else {}
    honest = announce_ev(view, True) if holding in (None, True) else None
    bluff = announce_ev(view, False) if holding in (None, False) else None
    first = p_draw_then_choose_makes(view) if draws and view.public.draw_then_choose else None
    return TurnOdds(draws, holding, first, honest, bluff)


def after_replacing(view: PrivateView, slot: str) -> tuple[Card, Card, Card]:
    """His three cards (left, down, right) once the card he drew takes `slot`'s place."""
    return _placed(view.me.up, view.down, slot, view.drawn)


def replacement_outcomes(view: PrivateView) -> dict[str, str]:
    """For the player who drew (phase "choosing"): what each choice of slot makes, in words
    (`rules.combination_name`)."""
    return {slot: rules.combination_name(after_replacing(view, slot)) for slot in rules.SLOTS}


def best_replacement(view: PrivateView) -> str:
    """The slot a careful player gives the card he drew: one that makes a winning
    combination (the down card first: what he holds stays hidden), else the one that
    leaves the most unseen cards to complete a pair of his cards next turn, and between
    those, up cards that some card could complete (a pair no card completes tells the table
    that any announcement of his is a bluff)."""
    pool = unseen_cards(view.seen(), view.public.deck)

    def score(slot: str) -> tuple[bool, int, bool, bool]:
        hand = after_replacing(view, slot)
        prospects = max(_completing(pair, pool) for pair in combinations(hand, 2))
        up = (hand[0], hand[2])  # the row is left, down, right
        return is_winning(hand), prospects, _completing(up, pool) > 0, slot == "down"

    return max(rules.SLOTS, key=score)


def combination_chances(deck: Deck = rules.DEFAULT_DECK) -> dict[str, Fraction]:
    """How likely a three-card hand from a full deck is each kind of combination."""
    cards = [c for c, n in deck for _ in range(n)]
    tally: Counter = Counter()
    hands = list(combinations(range(len(cards)), 3))
    for hand in hands:
        tally[_kind([cards[i] for i in hand])] += 1
    return {kind: Fraction(tally[kind], len(hands))
            for kind in ("three of a kind", "run", "no combination")}


def _kind(cards: list[Card]) -> str:
    name = rules.combination_name(cards)
    return "three of a kind" if name.startswith("three") else \
        "run" if name.startswith("a run") else name


def _completing(up: Sequence[Card], pool: Counter) -> int:
    return sum(n for card, n in pool.items() if is_winning((*up, card)))


def _checked(cards: Iterable[Card]) -> list[Card]:
    cards = list(cards)
    for card in cards:
        if not is_card(card):
            raise InputError(f"a card is 1 to 7 or '007', got {shown(card, 20)}")
    return cards
