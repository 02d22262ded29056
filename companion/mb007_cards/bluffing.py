"""How often a player bluffs: a solved simplified game for the prior, his own turns for the rest.

The model, as the app states it to the players:

1. **A player who holds a winning combination announces it.** Announcing holding pays
   (+1 from the pot, or the callers' bets), passing pays nothing.
2. **A player who does not hold one bluffs at a rate of his own**, the same in every turn.
   Every announcement ends with his down card shown (Rules for Play 5-6), and by (1) every
   pass is a turn without a combination, so the table sees each turn he could have bluffed
   and whether he did (`seat.Record`).
3. **Before the table has seen him, his rate is the solved game's** for his position
   (`solved_game`), worth `PRIOR_TURNS` turns of his own; each bluff and each pass then
   moves it: the mean of a Beta prior updated by what he did (`bluff_rate`).
4. **Then the chance that he holds, given that he announced**, is Bayes' rule:
   p / (p + (1 - p) r), with p the chance his down card completes his up cards from what
   the asker sees and how he came by his cards (`holding.p_holds`: a player who can make a
   combination with the card he drew makes it) and r his bluff rate
   (`holds_given_announced`).

The simplified game (`announce_call_matrix`): two players; the announcer holds with chance
p; holding he announces; not holding he passes (0) or bluffs; the responder accepts or calls
with 1, 2 or 3. Each side plays for his chips less the other's (heads-up, the one with
more points at the end wins, Rules for Play 13), so the game is zero-sum:

- all accept (Rules for Play 5): holding +1 from the pot, bluffing +3;
- called, holding (6a): he wins the bet b and 1 from the pot, the caller loses b: 2b + 1;
- called, bluffing (6b): he pays b to the caller and 1 to the pot: -(2b + 1).

Solved exactly (`companion.core.matrix_game.solve_zero_sum`): a bluffer must not gain
by bluffing more, so the responder calls half the time (a bluff then earns +3 - 3 = 0, as
passing does), with the smallest bet; and the announcer bluffs at r = p / (3 (1 - p))
(1 from p = 3/4 on), which leaves the responder indifferent: he holds with chance
p / (p + (1 - p) r) = 3/4 once he has announced, and accepting costs the responder
1 * 3/4 + 3 * 1/4 = 1.5, calling 1 costs 3 * 3/4 - 3 * 1/4 = 1.5. At p = 1/5 that is a
bluff in 1 of 12 turns without a combination.

>>> solved_game(Fraction(1, 5)).bluff_rate, solved_game(Fraction(1, 5)).call_mix
(Fraction(1, 12), (Fraction(1, 2), Fraction(1, 2), Fraction(0, 1), Fraction(0, 1)))
>>> holds_given_announced(Fraction(1, 5), Fraction(1, 12))
Fraction(3, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from companion.core.matrix_game import solve_zero_sum
from companion.mb007_cards import rules
from companion.mb007_cards.seat import Record

# How many turns of his own the solved game's rate is worth before the table has seen him:
# enough that one bluff or one pass does not swing the advice to a certainty, few enough
# that a dozen turns speak louder than the model.
PRIOR_TURNS = 2


@dataclass(frozen=True)
class SolvedGame:
    """The simplified game's equilibrium for one position."""

    p: Fraction  # the chance the announcer holds, from the cards
    bluff_rate: Fraction  # how often he announces without holding
    call_mix: tuple[Fraction, ...]  # the responder's chance of accepting, calling 1, 2, 3
    value: Fraction  # to the announcer, in chips relative to the responder, per turn

    @property
    def call_rate(self) -> Fraction:
        return 1 - self.call_mix[0]


def answer_value(holds: Fraction, bet: int, his_points: int, pot: int, earlier: int = 0
                 ) -> Fraction:
    """A responder's expected chips less the announcer's, answering with `bet` (0 accepts)
    when the announcer holds with chance `holds`, `earlier` chips were bet by the callers
    before him and none come after. What the announcer takes from the pot counts against
    everyone else, so accepting costs: 1 if he holds, 3 if he bluffs (Rules for Play 5).
    Called (6): holding, he wins every bet and 1 from the pot; bluffing, he pays the callers
    from his left, then 1 to the pot, as far as his chips go (10)."""
    if bet == rules.ACCEPT and earlier == 0:
        return -(holds * min(rules.ACCEPTED_PAYOUT[True], pot)
                 + (1 - holds) * min(rules.ACCEPTED_PAYOUT[False], pot))
    holding = -(2 * bet + earlier + min(rules.CALLED_HOLDING_FROM_POT, pot))
    paid_to_me = min(bet, max(0, his_points - earlier))
    bluffing = paid_to_me + min(his_points, earlier + bet + rules.CALLED_BLUFF_TO_POT)
    return holds * holding + (1 - holds) * bluffing


def best_answer(holds: Fraction, my_points: int, his_points: int, pot: int,
                earlier: int = 0) -> int:
    """The bet worth most by `answer_value` (0 accepts), the smallest of equals."""
    bets = [bet for bet in (rules.ACCEPT, *rules.BETS) if bet <= my_points]
    return max(bets, key=lambda bet: (answer_value(holds, bet, his_points, pot, earlier), -bet))


def announce_call_matrix(p: Fraction, pot: int = 3) -> list[list[Fraction]]:
    """The simplified game's payoffs to the announcer: rows pass, bluff (his choice when he
    does not hold); columns accept, call 1, call 2, call 3 (`answer_value`, negated, for a
    holder and a bluffer with chips enough). The pot pays what it holds."""
    chips = rules.STARTING_POINTS
    answers = (rules.ACCEPT, *rules.BETS)
    holding = [-answer_value(Fraction(1), bet, chips, pot) for bet in answers]
    bluffing = [-answer_value(Fraction(0), bet, chips, pot) for bet in answers]
    return [[p * h for h in holding],
            [p * h + (1 - p) * f for h, f in zip(holding, bluffing, strict=True)]]


@lru_cache(maxsize=4096)
def solved_game(p: Fraction, pot: int = 3) -> SolvedGame:
    """The exact equilibrium of the simplified game at holding chance `p` (0 to 1)."""
    if not 0 <= p <= 1:
        raise ValueError(f"a chance is 0 to 1, got {p}")
    rows, columns, value = solve_zero_sum(announce_call_matrix(p, pot))
    return SolvedGame(p, rows[1], columns, value)


def bluff_rate(record: Record, position_rate: Fraction) -> Fraction:
    """His bluff rate: the mean of a Beta prior of mean `position_rate` worth `PRIOR_TURNS`
    turns, after `record.bluffs` bluffs in `record.bluffs + record.passes` turns without a
    combination."""
    return (PRIOR_TURNS * position_rate + record.bluffs) / (
        PRIOR_TURNS + record.bluffs + record.passes)


def holds_given_announced(p: Fraction, rate: Fraction) -> Fraction:
    """Bayes: the chance he holds, given that he announced, when the cards alone give `p`
    and he bluffs at `rate` without a combination."""
    if p == 0:
        return Fraction(0)  # no card completes his cards: whatever he says, he bluffs
    return p / (p + (1 - p) * rate)
