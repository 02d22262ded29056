"""The card game's review (`companion.core.review`): each seat's chance to end with the
most points, and at every settled announcement what the announcer's choice, each answer
and the cards did to it. It reads only what the whole table has seen.

**The equity** is each seat's chance to win from the points and the pot
(`standings.win_shares`): exact once the pot is empty or one player has chips left; before
that an estimate, calibrated on 300 four-seat bot games to within about
`ERROR_POINTS` points in every band of chances (`standings` gives the table). It values
no card: a hand's promise counts once the announcement it leads to is settled, the only
moment chips move (Rules for Play 5-6). So the deal, the draws, a card replaced, a pass and
an announcement still being answered move nothing: the review says nothing of them.

**What the table knows, only (the hidden-information rule).** Every figure comes from the
public view (`views.public_view`): the points, the pot, the up cards, the discards, the
answers and each seat's record. A down card counts only once it is shown, and is shown
only at a settlement (the announcer's, Rules for Play 5-6, whether he held being what his
seat's record then says); a seat's own down card, which he knew when he chose, is never
read. So two games that differ only in a card no one has shown yet review the same, on
the tablet and in the exported file, until it is shown; a game's review never waits for
its end.

**A settlement** (the last answer on the tablet, the down card tapped in at a real table)
shows the announcer's choice and is reviewed at once, as choices made in secret now shown
(`core.review.SecretChoices`), each valued by the same equity:

- **the announcer's announcement**, now that the table knows whether he held: the chance
  to win after the answers the model gives (below) less after passing (the standings as
  they are); 0 if announcing was at least as good, less if passing was better;
- **each answer**, in the order given: the answer's chance to win for the one who gave it
  against the best answer's, each valued with the answers before it as given and those
  after it as the model gives them, and whether the announcer holds at the chance the table
  gives it (`odds.announcer_model`: his cards, how he came by them and his bluffs so far).
  The answerer knew one card more (his own down card): the review does not;
- **the model's answers**: each answerer gives the answer best for his own chance to win,
  at the table's chance that the announcer holds, counting the answers before his and
  none after (as the bots do, `standings.answer_win_share`);
- **luck** is the rest of the settlement's change: the cards the announcer held, and how
  the answers fell against them, which no one chose. As the equity does not value a turn
  before it is settled, what a well-chosen announcement wins (a combination called, a
  bluff accepted) counts here too. The books balance exactly, on the estimate's scale.

Not reviewed: a pass (the card he passed with is not shown), which card a draw replaces
(the choice turns on a card in his hand), and the draws themselves (no card is valued).

**The cards against a fair shuffle** (`core.tally`): in tablet mode, every card the app
dealt and drew, each against its kind's share of the draw pile just before (the discards
once they were shuffled into a new pile). Down cards are among them, so they are counted
only once the game is over, and only when the table asks (`drawn_asked`): the count less
the cards the table saw is every down card still held, which an undo of the end would put
back in play. At a real table the app sees the up cards and the discards only, and which
cards go up turns on the players' choices, so no count of them is fair: none is made.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from companion.core.review import SecretChoices
from companion.mb007_cards import piles, rules
from companion.mb007_cards.actions import Deal, Draw, DrawCard, Respond, Reveal, TakeCards
from companion.mb007_cards.engine import CardsState
from companion.mb007_cards.odds import announcer_model
from companion.mb007_cards.standings import after_answers, win_shares, win_shares_many
from companion.mb007_cards.views import PrivateView, PublicView, public_view

# The standings' calibration (see `standings`): the chance given against how often seats
# won, by band, over 300 four-seat bot games; the widest gap is 6.8 points (35-65%).
ERROR_POINTS = 7
EQUITY_NAME = (f"each seat's chance to end with the most points: exact once the pot is "
               f"empty, before that an estimate from the points and the pot (within about "
               f"±{ERROR_POINTS} percentage points in every band); cards count only once shown")
EQUITY_IS_CHANCE = True
LUCK_WORDS = SKILL_WORDS = None  # the review's own, for a chance
_SCALE = 10 ** 6  # shares as exact Fractions of a millionth

Shares = tuple[Fraction, ...]
Answers = tuple[tuple[int, int], ...]


DRAWN = {"cards": ("card", "cards", "a fair shuffle", rules.CARDS)}
DRAWN_AT_THE_END = ("The cards are counted against a fair shuffle when the game is over: "
                    "until then some of them lie face down.")
DRAWN_WHEN_ASKED = ("The game is over: the app can count every card it dealt against a fair "
                    "shuffle. The count tells every down card still held, so an undo after it "
                    "would put cards everyone knows back in play: count them once nobody "
                    "will undo the end.")
DRAWN_AT_A_TABLE = ("At a real table the app sees only the up cards and the discards, and "
                    "which cards go up turns on the players' choices: no count of them "
                    "against a fair shuffle would be fair. In tablet mode the app counts "
                    "every card it deals.")


def drawn(state: CardsState, action: Any) -> list[tuple[str, Any, dict[Any, Fraction]]]:
    """Tablet mode: each card `action` deals or draws, with every kind's chance then."""
    if not state.tablet:
        return []
    if isinstance(action, Deal | TakeCards):
        cards = action.cards or ()
    elif isinstance(action, Draw | DrawCard):
        cards = (action.card,)
    else:
        return []
    return [("cards", card, chances)
            for card, chances in piles.chances_of_each(state.draw_pile, state.discards, cards)]


def drawn_withheld(state: CardsState) -> str | None:
    """The cards are shown only once every one of them may be (see the module)."""
    if not state.tablet:
        return DRAWN_AT_A_TABLE
    return None if state.is_over else DRAWN_AT_THE_END


def drawn_asked(state: CardsState) -> str:
    """At the end: counted only when the table asks, after this warning."""
    return DRAWN_WHEN_ASKED


def equity(state: CardsState) -> dict[str, Fraction]:
    """Each seat's chance to win, from the points, the pot and who is still in."""
    return _public_equity(public_view(state))


def _public_equity(public: PublicView) -> dict[str, Fraction]:
    return _named(public, _shares(public))


def chance_outcomes(state: CardsState, action: Any) -> None:
    """No draw is valued: the equity counts no card until it is shown."""
    return None


def decision_options(state: CardsState, action: Any) -> None:
    """Every choice is reviewed at the settlement that shows it (`secret_choices`)."""
    return None


def secret_choices(state: CardsState, action: Any) -> SecretChoices | None:
    """A settlement: the announcer's choice, now shown, and every answer (see the module)."""
    if not settles(state, action):
        return None
    before, after = public_view(state), public_view(state.apply(action))
    announcer = before.turn
    held = after.seats[announcer].record.held > before.seats[announcer].record.held
    answers = before.responses + (((action.seat, action.bet),)
                                  if isinstance(action, Respond) else ())
    table = Settlement(before)
    names = [seat.name for seat in before.seats]
    skill = dict.fromkeys(names, Fraction(0))
    given = dict.fromkeys(names, Fraction(0))

    def charge(who: int, taken: Shares, best: Shares) -> None:
        cost = taken[who] - best[who]
        if cost < 0:
            skill[names[who]] += cost
            for other, name in enumerate(names):
                if other != who:
                    given[name] += taken[other] - best[other]

    # Every answer the figures below weigh, completed as the model answers, all at once.
    table.values([(), *((*answers[:k], (seat, bet)) for k, (seat, _) in enumerate(answers)
                        for bet in table.bets(seat))])
    # The announcer, knowing his card: announcing (answered as the model answers) or not.
    announced = table.settle(table.completed(()), held)
    charge(announcer, announced, max(announced, table.now, key=lambda v: v[announcer]))
    for k, (seat, bet) in enumerate(answers):
        done = answers[:k]
        taken = table.value((*done, (seat, bet)))
        charge(seat, taken, max((table.value((*done, (seat, b))) for b in table.bets(seat)),
                                key=lambda v: v[seat]))
    start, end = _public_equity(before), _public_equity(after)
    luck = {name: end[name] - start[name] - skill[name] - given[name] for name in names}
    return SecretChoices(skill=skill, given=given, luck=luck)


def settles(state: CardsState, action: Any) -> bool:
    """Whether `action` settles an announcement: the last answer on the tablet (the app
    shows the down card), the down card tapped in at a real table."""
    if isinstance(action, Reveal):
        return state.phase == "reveal"
    return (isinstance(action, Respond) and state.phase == "respond" and state.tablet
            and len(state.responses) + 1 == len(state.responders()))


class Settlement:
    """An announcement being answered, as the whole table sees it (`public`).

    It weighs the many answers it compares in whole numbers: every share the standings
    give is a whole number of `whole` (millionths, or 1/k of a win for k tied leaders), and
    after an announcement every value is a whole number of `whole` times the denominator
    of the chance that he holds; Fractions are made only of the values it gives. The same
    values as Fraction arithmetic, exactly (the Fractions' arithmetic was most of a
    review's time)."""

    def __init__(self, public: PublicView):
        self.public = public
        self.announcer = public.turn
        self.points = tuple(seat.points for seat in public.seats)
        self.live = tuple(not seat.out for seat in public.seats)
        self.pot = public.pot_points
        self.now = _shares(public)
        # The chance he holds, for a player who sees only what the table sees.
        self.holds = announcer_model(PrivateView(self.announcer, public, None)).holds
        self.whole = _SCALE * math.lcm(*range(1, len(self.points) + 1))
        self._values: dict[Answers, Shares] = {}
        self._settled: dict[tuple[Answers, bool], tuple[int, ...]] = {}
        self._expected: dict[Answers, tuple[int, ...]] = {}

    def bets(self, seat: int) -> list[int]:
        return [bet for bet in (rules.ACCEPT, *rules.BETS) if bet <= self.points[seat]]

    def settle(self, answers: Answers, holding: bool) -> Shares:
        """Each seat's chance once the announcement is settled with these answers."""
        return tuple(Fraction(n, self.whole) for n in self._settle(answers, holding))

    def _settle(self, answers: Answers, holding: bool) -> tuple[int, ...]:
        """`settle`, in wholes."""
        found = self._settled.get((answers, holding))
        if found is None:
            points, pot = after_answers(self.points, self.pot, self.announcer, answers,
                                        holding)
            live = tuple(alive and p > 0 for alive, p in zip(self.live, points, strict=True))
            found = self._settled[answers, holding] = _wholes(points, live, pot, self.whole)
        return found

    def _settle_together(self, candidates: list[Answers]) -> None:
        """`_settle` each of `candidates` both ways, the standings they lead to worked out
        together (`standings.win_shares_many`)."""
        wanted, standings = [], []
        for answers in dict.fromkeys(candidates):
            for holding in (True, False):
                if (answers, holding) not in self._settled:
                    points, pot = after_answers(self.points, self.pot, self.announcer,
                                                answers, holding)
                    live = tuple(alive and p > 0
                                 for alive, p in zip(self.live, points, strict=True))
                    wanted.append((answers, holding, points, live, pot))
                    standings.append((points, live, pot))
        win_shares_many(standings)
        for answers, holding, points, live, pot in wanted:
            self._settled[answers, holding] = _wholes(points, live, pot, self.whole)

    def expected(self, answers: Answers) -> Shares:
        """`settle` at the table's chance that he holds."""
        per = self.whole * self.holds.denominator
        return tuple(Fraction(n, per) for n in self._expect(answers))

    def _expect(self, answers: Answers) -> tuple[int, ...]:
        """`expected`, in wholes times the denominator of the chance that he holds."""
        found = self._expected.get(answers)
        if found is None:
            held, bluffed = self._settle(answers, True), self._settle(answers, False)
            holds, rest = self.holds.numerator, self.holds.denominator - self.holds.numerator
            found = self._expected[answers] = tuple(
                holds * h + rest * b for h, b in zip(held, bluffed, strict=True))
        return found

    def completed(self, answers: Answers) -> Answers:
        """The answers given, then the model's for the answerers still to answer: each
        the best for his own chance, counting those before him and none after."""
        return self.completions([answers])[0]

    def completions(self, given: Sequence[Answers]) -> list[Answers]:
        """`completed` of each of `given`, worked out round by round together: at each
        round the answers every next answerer weighs are settled at once
        (`_settle_together`: a few calls on large arrays, not many on small ones)."""
        responders = self.public.responders
        done = {answers: answers for answers in given}
        while short := [(start, answers) for start, answers in done.items()
                        if len(answers) < len(responders)]:
            self._settle_together([(*answers, (responders[len(answers)], bet))
                                   for _, answers in short
                                   for bet in self.bets(responders[len(answers)])])
            for start, answers in short:
                seat = responders[len(answers)]
                best = max(self.bets(seat), key=lambda bet: (
                    self._expect((*answers, (seat, bet)))[seat], -bet))
                done[start] = (*answers, (seat, best))
        return [done[answers] for answers in given]

    def value(self, answers: Answers) -> Shares:
        """Each seat's chance after `answers`, the rest as the model answers."""
        return self.values([answers])[0]

    def values(self, given: Sequence[Answers]) -> list[Shares]:
        """`value` of each of `given`, their completions worked out together."""
        missing = [answers for answers in dict.fromkeys(given) if answers not in self._values]
        for answers, completed in zip(missing, self.completions(missing), strict=True):
            self._values[answers] = self.expected(completed)
        return [self._values[answers] for answers in given]

    def best_answer(self, answers: Answers) -> int:
        """The answer the review counts best for the next answerer after `answers`."""
        seat = self.public.responders[len(answers)]
        return max(self.bets(seat), key=lambda bet: (
            self.value((*answers, (seat, bet)))[seat], -bet))


def _shares(public: PublicView) -> Shares:
    return _chances(tuple(s.points for s in public.seats), tuple(not s.out for s in public.seats),
                    public.pot_points)


def _chances(points: Sequence[int], live: Sequence[bool], pot: int) -> Shares:
    """`standings.win_shares` as Fractions: exact once the pot is empty or one player has
    chips (1/k for each of k tied leaders), else to a millionth."""
    if pot <= 0 or sum(live) < 2:
        best = max(points)
        leaders = sum(p == best for p in points)
        return tuple(Fraction(int(p == best), leaders) for p in points)
    return tuple(Fraction(round(v * _SCALE), _SCALE) for v in win_shares(points, live, pot))


def _wholes(points: Sequence[int], live: Sequence[bool], pot: int, whole: int
            ) -> tuple[int, ...]:
    """`_chances` times `whole` (a multiple of a millionth's denominator and of every
    count of tied leaders): whole numbers."""
    if pot <= 0 or sum(live) < 2:
        best = max(points)
        leaders = sum(p == best for p in points)
        return tuple(whole // leaders if p == best else 0 for p in points)
    per_millionth = whole // _SCALE
    return tuple(round(v * _SCALE) * per_millionth for v in win_shares(points, live, pot))


def _named(public: PublicView, shares: Shares) -> dict[str, Fraction]:
    return {seat.name: share for seat, share in zip(public.seats, shares, strict=True)}
