"""The game review (issue: Game review): luck and skill per side from a game's equity, the
books balancing exactly, and the dice against expectation."""

from __future__ import annotations

import gc
from dataclasses import dataclass, replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import review as core_review
from companion.core.errors import InputError
from companion.core.game import Event, Game, GameState
from companion.core.registry import find_game
from companion.core.review import luck_words, review, skill_words
from companion.dice_lab import review as dice_lab_review
from companion.dice_lab import rules as dice_lab_rules
from companion.dice_lab.engine import Check, DiceLabState

TABLE = dice_lab_rules.TABLE


def test_a_dice_lab_review_worked_by_hand():
    """Three checks. 2 dice at most 7 (7/12) rolled 2+5: a success, luck 1 - 7/12 = +5/12.
    1 die at least 6 (1/6) rolled 6: a success at 1 in 6, luck +5/6, very lucky.
    2 dice at most 4 (1/6) rolled 6+6: a failure, luck -1/6. The table ends 5/12 + 5/6 -
    1/6 = +13/12 successes above what the chances gave, all of it luck."""
    checks = [Check(2, 7, "at most", (), (2, 5)), Check(1, 6, "at least", (), (6,)),
              Check(2, 4, "at most", (), (6, 6))]
    result = review("dice_lab", {}, checks)
    assert [m.luck[TABLE] for m in result.moments] == [
        Fraction(5, 12), Fraction(5, 6), Fraction(-1, 6)]
    assert [m.words for m in result.moments] == ["", "very lucky", ""]
    assert result.start == {TABLE: 0} and result.final == {TABLE: Fraction(13, 12)}
    assert result.exact and result.luck(TABLE) == Fraction(13, 12)
    assert result.skill(TABLE) == 0 and result.unexplained(TABLE) == 0
    assert result.equity_name == "successes more than the chances gave"



def test_the_review_tells_its_progress_after_each_moment():
    """`progress(done, total)` after each moment, done counting up to the log's length; a
    review without it is the same review; what it raises stops the review."""
    checks = [Check(2, 7, "at most", (), (2, 5)), Check(1, 6, "at least", (), (6,)),
              Check(2, 4, "at most", (), (6, 6))]
    told: list[tuple[int, int]] = []
    result = review("dice_lab", {}, checks, progress=lambda done, total: told.append(
        (done, total)))
    assert told == [(1, 3), (2, 3), (3, 3)]
    assert result == review("dice_lab", {}, checks)
    assert review("dice_lab", {}, [], progress=told.append).moments == ()  # none: not told

    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Stop

    with pytest.raises(Stop):
        review("dice_lab", {}, checks, progress=stop)


checks = st.builds(
    Check, n_dice=st.integers(1, 4), target=st.integers(2, 20),
    goal=st.sampled_from(dice_lab_rules.GOALS),
    modifiers=st.lists(st.tuples(st.just("mod"), st.integers(-3, 3)), max_size=2).map(tuple),
    dice=st.none())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(checks, st.randoms(use_true_random=False)), max_size=25))
def test_the_books_balance_and_luck_averages_to_nothing(plays):
    """Over random Dice Lab games: start + luck = final exactly, and each check's luck,
    averaged over its outcomes by their chances, is 0."""
    state, actions = DiceLabState(), []
    for check, rng in plays:
        action = state.fill_chance(check, rng)
        state = state.apply(action)
        actions.append(action)
    result = review("dice_lab", {}, actions)
    assert result.exact
    assert result.start[TABLE] + result.luck(TABLE) == result.final[TABLE]
    before = DiceLabState()
    for action in actions:
        outcomes = dice_lab_review.chance_outcomes(before, action)
        assert sum(p for _, p in outcomes) == 1
        average = sum(p * (dice_lab_review.equity(before.apply(o))[TABLE]
                           - dice_lab_review.equity(before)[TABLE]) for o, p in outcomes)
        assert average == action.chance - action.chance  # 0: what the chances gave
        before = before.apply(action)


# A two-sided toy game to review decisions: a coin, then Ann picks a bet. This module is
# also the toy game's reviewer (`Game.reviewer` names a module).

@dataclass(frozen=True)
class Coin:
    face: str | None = None


@dataclass(frozen=True)
class Bet:
    stake: int


@dataclass(frozen=True)
class Toy(GameState):
    """Ann and Bo share 1 (the chance Ann wins): heads gives Ann 3/4, tails 1/4, before
    Ann's bet; staking 1 keeps it, staking 2 gives Bo a tenth of it."""

    ann: Fraction = Fraction(1, 2)
    phase: str = "coin"
    last_event: Event | None = None

    def apply(self, action):
        if isinstance(action, Coin):
            return Toy(Fraction(3, 4) if action.face == "heads" else Fraction(1, 4), "bet",
                       Event(f"the coin: {action.face}"))
        return Toy(self.ann * (1 if action.stake == 1 else Fraction(9, 10)), "over",
                   Event(f"Ann stakes {action.stake}"))


EQUITY_NAME, EQUITY_IS_CHANCE = "chance to win", True
LUCK_WORDS = SKILL_WORDS = None  # the review's own


def equity(state):
    return {"Ann": state.ann, "Bo": 1 - state.ann}


def chance_outcomes(state, action):
    if isinstance(action, Coin):
        return [(Coin("heads"), Fraction(1, 2)), (Coin("tails"), Fraction(1, 2))]
    return None


def decision_options(state, action):
    return ("Ann", [Bet(1), Bet(2)]) if isinstance(action, Bet) else None


TOY = Game("toy", "Toy", "", lambda options: Toy(), (Coin, Bet), "x:Y",
           reviewer="tests.core.test_review")


def test_a_decision_is_reviewed_for_its_side_and_gives_the_other_its_error():
    """Heads (+1/4 of luck for Ann, -1/4 for Bo), then Ann stakes 2: 3/4 * 9/10 = 27/40,
    an error of 3/40 that Bo gains."""
    result = review(TOY, {}, [Coin("heads"), Bet(2)])
    coin, bet = result.moments
    assert coin.kind == "chance" and coin.luck == {"Ann": Fraction(1, 4), "Bo": Fraction(-1, 4)}
    assert bet.kind == "decision" and bet.side == "Ann" and bet.skill == Fraction(-3, 40)
    assert result.given("Bo") == Fraction(3, 40) and result.given("Ann") == 0
    for side in ("Ann", "Bo"):
        assert result.start[side] + result.luck(side) + result.skill(side) + \
            result.given(side) == result.final[side]
    assert result.exact


def test_a_game_that_values_no_position_has_no_review_yet():
    """Every game has a reviewer now; a game added without one (`Game.reviewer` None) is
    refused in words."""
    without = replace(find_game("dice_lab"), reviewer=None)
    with pytest.raises(InputError, match="has no review yet"):
        review(without, {}, [])


def test_the_words_follow_the_thresholds():
    assert luck_words({"a": Fraction(1, 3)}) == "very lucky"
    assert luck_words({"a": Fraction(1, 5)}) == "lucky"
    assert luck_words({"a": Fraction(-1, 5)}) == "unlucky"
    assert luck_words({"a": Fraction(1, 20)}) == ""
    assert skill_words(Fraction(-31, 100)) == "blunder"
    assert skill_words(Fraction(-1, 5)) == "mistake"
    assert skill_words(Fraction(-1, 10)) == "inaccuracy"
    assert skill_words(Fraction(-1, 20)) == "" and skill_words(Fraction(0)) == ""
    assert len(core_review.LUCK_WORDS) == 4 and len(core_review.SKILL_WORDS) == 3


def test_the_collector_is_off_during_a_review_and_as_it_was_after_with_no_cycles_left():
    """A review pauses Python's cycle collector (its passes were a sixth of a first
    review) and makes no cycles for it to free."""
    actions = [Check(2, 7, dice=(3, 4)), Check(3, 10, dice=(6, 6, 6))]
    seen = []
    gc.collect()
    review("dice_lab", {}, actions, progress=lambda *_: seen.append(gc.isenabled()))
    assert seen == [False, False] and gc.isenabled() and gc.collect() == 0
    gc.disable()
    try:
        review("dice_lab", {}, actions)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_moment_is_told_for_who_decided_else_whom_its_luck_favoured():
    """A decision is told (and marked on the chart) for its side; a chance event for the
    side its luck favoured most, not for whichever side happens to come first."""
    moment = core_review.Moment(3, "rolled", "chance", None, {"A": Fraction(-1, 5),
                                                            "B": Fraction(1, 5)},
                                Fraction(0), {}, {}, {})
    assert moment.told_for(("A", "B")) == "B"
    assert replace(moment, kind="decision", side="A", luck={}).told_for(("A", "B")) == "A"
    assert replace(moment, luck={}).told_for(("A", "B")) == "A"
