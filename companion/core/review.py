"""The game review: each side's luck and skill, exactly, in GNU Backgammon's sense.

A game that can value a position names a reviewer module (`Game.reviewer`) holding:

- `EQUITY_NAME` ("Bond's chance to ...") and `EQUITY_IS_CHANCE` (False: the game's unit,
  then named in a few words by `EQUITY_UNIT`, "goals ahead");
- `LUCK_WORDS` and `SKILL_WORDS`: thresholds on the game's scale, or None for the review's
  own (for an equity that is a chance of winning);
- optionally `ERROR_POINTS`, for an equity that is an estimate: how far it may be off, as
  measured (percentage points for a chance, else the game's unit); the chart draws it as a
  band about each side's line;
- `equity(state)`: each side's expected result from here (the average over chance to
  come, the best play at each decision), or None where it cannot say;
- `chance_outcomes(state, action)`: the outcomes `action`'s chance could have had, each a
  filled-in action, with their exact probabilities (outcomes alike for the equity may be
  given as one), or None when `action` holds no chance; an outcome no action can say as
  the table would see it (a face-down card turned over) may be given as the position it
  leads to;
- `decision_options(state, action)`: the side deciding `action` and every action it could
  have taken instead (the one taken among them), or None when it is no decision; an
  alternative whose result is chance (a roll it could have tried) may be given as its
  outcomes, as `chance_outcomes` gives them: it is worth their average. Only the best of
  them counts, so a reviewer that can tell an alternative is worth no more than one it
  gives may leave it out (Golden Goal's does: valuing each of its ~100 plays was most of
  a match's review);
- optionally `secret_choices(state, action)`: for an action that shows choices the sides
  made at once and in secret (a round's letters), a `SecretChoices`: each side's skill
  against the others' equilibrium mixes, what the others' choices gave it, and the luck of
  who guessed whom; None otherwise. A secret choice is reviewed only once it is shown.

From these alone, over any game's log:

- the **luck** of a chance event (a roll, a draw, a tile from the bag) is the equity after
  it minus the average over all its outcomes, weighted by their exact probabilities: how
  much better or worse than usual the dice fell, for each side;
- the **skill** of a decision is the equity after the action taken minus the best of its
  alternatives: 0 for the best, below 0 for worse;
- **the books balance**: each side's start plus its luck and skill and what the others'
  decisions gave it equals its final equity, exactly, when the equity is the average at
  every chance event and the best value at every decision (the sum telescopes). Where a
  game's equity is an estimate the identity holds only within it: `Review.exact` says
  which, and `Review.unexplained` is what the luck and skill leave over.

A game whose cards or tiles come from a pile or a bag may also name, to count them against
the sum of their chances at every draw (`core.tally`; the dice need no reviewer,
`tally.dice_tally`):

- `DRAWN`: for each pile (a key of the reviewer's choosing), the words for its cards and
  every kind in the order shown: `{"cards": ("card", "cards", "a fair shuffle", kinds)}`;
- `drawn(state, action)`: each card `action` draws, as its pile's key, the kind that came
  up and every kind's chance at that draw (its share of the pile just before);
- `drawn_withheld(state)`: at the log's last state, why the draws may not be shown yet
  (some lie face down) or None. A review never holds a tally it may not show;
- optionally `drawn_asked(state)`: where the count may be shown but tells something the
  table may not want told yet (the card game's down cards still held at its end, which an
  undo would put back in play), the warning that goes with it: the review then holds no
  tally and says so (`Review.drawn_asks`), and `count_drawn` counts them when the table
  asks.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from companion.core.errors import InputError
from companion.core.game import JSON, Game, GameState
from companion.core.registry import find_game
from companion.core.tally import Tally, tally

ZERO = Fraction(0)
# How a moment is named by the size of its luck or error, for an equity that is a chance
# of winning (a game with another scale names its own: its reviewer's LUCK_WORDS). Lichess
# calls a loss of 0.10, 0.20 and 0.30 of the win chance an inaccuracy, a mistake and a
# blunder (its "winning chances" scale); GNU Backgammon calls a roll lucky or very lucky
# from +0.3 and +0.6 of a point, a game's equity being one point: on a win chance, half.
LUCK_WORDS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(3, 10), "very lucky"), (Fraction(15, 100), "lucky"),
    (Fraction(-15, 100), "unlucky"), (Fraction(-3, 10), "very unlucky"))
SKILL_WORDS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(-3, 10), "blunder"), (Fraction(-2, 10), "mistake"),
    (Fraction(-1, 10), "inaccuracy"))


@dataclass(frozen=True)
class Moment:
    """One action of the log, reviewed."""

    position: int  # 1 for the log's first action
    text: str  # what happened, as the log says it
    kind: Literal["chance", "decision", "shown", "other"]
    side: str | None  # who decided (a decision, or a shown secret choice that erred)
    luck: Mapping[str, Fraction]  # per side, a chance event's; empty otherwise
    skill: Fraction  # the deciding side's (0 for the best choice); 0 for chance
    equity_before: Mapping[str, Fraction]
    equity_after: Mapping[str, Fraction]
    # Per side, the change that luck, skill and the others' decisions leave over: none
    # where the game's equity is exact.
    unexplained: Mapping[str, Fraction]
    words: str = ""  # "lucky", "blunder", ... (the game's thresholds) or ""
    # A decision's error, as the other sides saw it: their equity after it less after the
    # deciding side's best choice (empty for the best choice, and for chance).
    given: Mapping[str, Fraction] = field(default_factory=dict)
    # Where the sides chose at once in secret (kind "shown"): each side's own skill.
    skills: Mapping[str, Fraction] = field(default_factory=dict)

    def told_for(self, sides: Sequence[str]) -> str:
        """The side this moment is told for (and marked on the chart's line of): the side
        that decided, else the side its luck favoured most, else the first."""
        if self.side:
            return self.side
        if self.luck:
            return max(self.luck, key=lambda side: self.luck[side])
        return sides[0]


@dataclass(frozen=True)
class SecretChoices:
    """Choices made at once and in secret, now shown (a round's letters), for each side:
    its choice against the others' equilibrium mixes less the equilibrium's value (its
    skill, 0 or less), what the others' choices against its equilibrium mix gave it, and
    the rest of the outcome, which no side chose alone: the luck of who guessed whom."""

    skill: Mapping[str, Fraction]
    given: Mapping[str, Fraction]
    luck: Mapping[str, Fraction]


@dataclass(frozen=True)
class Review:
    """A whole game's review: each side's equity at the start and the end, and each moment."""

    equity_name: str
    sides: tuple[str, ...]
    start: Mapping[str, Fraction]
    final: Mapping[str, Fraction]
    moments: tuple[Moment, ...]
    exact: bool  # the game's equity is exact: luck and skill explain every change
    is_chance: bool = True  # the equity is a chance (shown in percentage points)
    unit: str = "chance to win (%)"  # the equity in a few words (a chart's axis)
    error: Fraction | None = None  # an estimate's measured error, on the equity's own scale
    drawn: tuple[Tally, ...] = ()  # each pile's cards or tiles against expectation (`core.tally`)
    drawn_note: str = ""  # why there is no such tally yet, where the game has one
    drawn_asks: bool = False  # the tally waits for the table to ask (`count_drawn`)

    def luck(self, side: str) -> Fraction:
        return sum((m.luck.get(side, ZERO) for m in self.moments), ZERO)

    def skill(self, side: str) -> Fraction:
        """What `side`'s own decisions cost it (0 or less)."""
        return sum((m.skill for m in self.moments if m.side == side), ZERO) + \
            sum((m.skills.get(side, ZERO) for m in self.moments), ZERO)

    def given(self, side: str) -> Fraction:
        """What the other sides' errors moved `side`'s equity (their errors, its gain)."""
        return sum((m.given.get(side, ZERO) for m in self.moments), ZERO)

    def unexplained(self, side: str) -> Fraction:
        return sum((m.unexplained.get(side, ZERO) for m in self.moments), ZERO)


def review(game: Game | str, options: Mapping[str, JSON], actions: Sequence[Any],
           progress: Callable[[int, int], None] | None = None) -> Review:
    """Review a game from its options and its log (actions, or their JSON as stored and
    exported, with their chance filled in). InputError for a game without a review yet or
    a log that does not replay.

    `progress(done, total)`, if given, is called after each moment is reviewed (done from
    1 to total, the log's length): the worker tells the page how far it has got. What it
    raises stops the review."""
    with _collector_paused():
        return _review(find_game(game) if isinstance(game, str) else game, options, actions,
                       progress)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a review runs, back as it was after. A first
    review makes some hundred thousand objects (states, Fractions, memo keys) and frees no
    cycles; the collector's passes over them, a full one among them, were a sixth of a
    first Goldfinger review (248 ms with them, 205 without)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _review(game: Game, options: Mapping[str, JSON], actions: Sequence[Any],
            progress: Callable[[int, int], None] | None) -> Review:
    reviewer = game.load_reviewer()
    if reviewer is None:
        raise InputError(f"{game.title} has no review yet: it cannot value a position")
    state = game.new_state(game.stored_options(options))
    start = _equity(reviewer, state)
    sides = tuple(start)
    moments = []
    before = start
    total = len(actions)
    drawn_by = getattr(reviewer, "drawn", None)
    draws: list[Draw] = []
    replayed = _Replayed(game, state, actions)
    for position, (state, action, after_state) in enumerate(replayed, start=1):
        if drawn_by is not None:
            draws += drawn_by(state, action)
        after = _equity(reviewer, after_state)
        moments.append(_moment(reviewer, position, state, action, after_state, before, after,
                               sides))
        before = after
        if progress is not None:
            progress(position, total)
    state = replayed.last
    exact = all(not m.unexplained for m in moments)
    return Review(reviewer.EQUITY_NAME, sides, start, before, tuple(moments), exact,
                  reviewer.EQUITY_IS_CHANCE, getattr(reviewer, "EQUITY_UNIT", Review.unit),
                  _error(reviewer), *_drawn(reviewer, state, draws))


Draw = tuple[str, Any, Mapping[Any, Fraction]]  # a pile's key, the kind drawn, the chances


def count_drawn(game: Game | str, options: Mapping[str, JSON], actions: Sequence[Any]
                ) -> tuple[Tally, ...]:
    """The table asked for the count its review held back (`Review.drawn_asks`): each
    pile's tally of the log's draws, where the game's reviewer shows them when asked, else
    none. InputError for a log that does not replay."""
    game = find_game(game) if isinstance(game, str) else game
    reviewer = game.load_reviewer()
    if reviewer is None or getattr(reviewer, "drawn", None) is None:
        return ()
    replayed = _Replayed(game, game.new_state(game.stored_options(options)), actions)
    draws = [draw for state, action, _ in replayed for draw in reviewer.drawn(state, action)]
    return _drawn(reviewer, replayed.last, draws, asked=True)[0]


class _Replayed:
    """The log's actions (or their JSON as stored and exported) played from `state`, as
    (state before, action, state after); `last` is the state after the last one seen."""

    def __init__(self, game: Game, state: GameState, actions: Sequence[Any]) -> None:
        self.game, self.last, self.actions = game, state, actions

    def __iter__(self) -> Iterator[tuple[GameState, Any, GameState]]:
        for raw in self.actions:
            action = self.game.action_from_json(raw) if isinstance(raw, dict) else raw
            before, self.last = self.last, self.last.apply(action)
            yield before, action, self.last


def drawn_may_stay(game: Game, state: GameState) -> bool:
    """Whether draws counted up to `state` may stay on a page as they are: the reviewer
    neither withholds them there nor waits for the table to ask (a page showing a count
    of a game an undo has taken back takes it off at once)."""
    reviewer = game.load_reviewer()
    if reviewer is None or getattr(reviewer, "drawn", None) is None:
        return True
    return not any(_drawn_held(reviewer, state))


def _drawn_held(reviewer: Any, state: GameState) -> tuple[str, str]:
    """Why the reviewer withholds its draws at `state` (its `drawn_withheld`), else the
    warning the table reads before it asks for them (its `drawn_asked`); each empty when
    there is none."""
    withheld = reviewer.drawn_withheld(state)
    if withheld:
        return withheld, ""
    ask = getattr(reviewer, "drawn_asked", None)
    return "", (ask(state) if ask is not None else None) or ""


def _drawn(reviewer: Any, last: GameState, draws: list[Draw], asked: bool = False
           ) -> tuple[tuple[Tally, ...], str, bool]:
    """Each pile's tally of the log's draws; or none, why, and whether the table may ask
    for them (the reviewer's `drawn_withheld` and `drawn_asked` at the log's last state):
    a tally not to be shown is dropped here, never sent on."""
    if getattr(reviewer, "drawn", None) is None:
        return (), "", False
    withheld, warning = _drawn_held(reviewer, last)
    if withheld:
        return (), withheld, False
    if warning and not asked:
        return (), warning, True
    return tuple(tally(*words, [(kind, chances) for key, kind, chances in draws if key == pile])
                 for pile, words in reviewer.DRAWN.items()
                 if any(key == pile for key, _, _ in draws)), "", False


def _error(reviewer: Any) -> Fraction | None:
    """The reviewer's `ERROR_POINTS` on the equity's scale (a chance's are percentage
    points), or None for an equity that claims no error."""
    points = getattr(reviewer, "ERROR_POINTS", None)
    if points is None:
        return None
    return Fraction(points, 100) if reviewer.EQUITY_IS_CHANCE else Fraction(points)


def _equity(reviewer: Any, state: GameState) -> Mapping[str, Fraction]:
    equity = reviewer.equity(state)
    if equity is None:
        raise InputError("this position is one the review cannot value (it says why in "
                         "its notes)")
    return equity


def worth(reviewer: Any, state: GameState, option: Any) -> Mapping[str, Fraction]:
    """The equity an outcome or an alternative leads to: an action applied to `state`, a
    position given as it is, or a list of (outcome, probability): their average."""
    if isinstance(option, GameState):
        return _equity(reviewer, option)
    if isinstance(option, list):
        average: dict[str, Fraction] = {}
        for outcome, probability in option:
            for side, value in worth(reviewer, state, outcome).items():
                average[side] = average.get(side, ZERO) + probability * value
        return average
    return _equity(reviewer, state.apply(option))


def _moment(reviewer: Any, position: int, state: GameState, action: Any,
            after_state: GameState, before: Mapping[str, Fraction],
            after: Mapping[str, Fraction], sides: tuple[str, ...]) -> Moment:
    text = after_state.last_event.text if after_state.last_event else type(action).__name__
    secret = getattr(reviewer, "secret_choices", None)
    shown = secret(state, action) if secret is not None else None
    if shown is not None:
        unexplained = {side: after[side] - before[side] - shown.skill.get(side, ZERO)
                       - shown.given.get(side, ZERO) - shown.luck.get(side, ZERO)
                       for side in sides}
        worst = min(shown.skill, key=lambda side: shown.skill[side], default=None)
        error = skill_words(shown.skill[worst], reviewer.SKILL_WORDS) if worst else ""
        words = error or luck_words(shown.luck, reviewer.LUCK_WORDS)
        # Named for the side whose choice erred, if one did; else for its luck.
        return Moment(position, text, "shown", worst if error else None, dict(shown.luck),
                      ZERO, before, after, _nonzero(unexplained), words,
                      _nonzero(shown.given), _nonzero(shown.skill))
    outcomes = reviewer.chance_outcomes(state, action)
    if outcomes is not None:
        average = {side: ZERO for side in sides}
        for outcome, probability in outcomes:
            valued = worth(reviewer, state, outcome)
            for side in sides:
                average[side] += probability * valued[side]
        luck = {side: after[side] - average[side] for side in sides}
        unexplained = {side: average[side] - before[side] for side in sides}
        return Moment(position, text, "chance", None, luck, ZERO, before, after,
                      _nonzero(unexplained), luck_words(luck, reviewer.LUCK_WORDS))
    decision = reviewer.decision_options(state, action)
    if decision is not None:
        side, alternatives = decision
        values = [worth(reviewer, state, a) for a in alternatives]
        best = max(values, key=lambda v: v[side], default=after)
        skill = min(ZERO, after[side] - best[side])
        given = {o: after[o] - best[o] for o in sides if o != side} if skill else {}
        unexplained = {o: after[o] - before[o] - given.get(o, ZERO) for o in sides}
        unexplained[side] = after[side] - before[side] - skill
        return Moment(position, text, "decision", side, {}, skill, before, after,
                      _nonzero(unexplained), skill_words(skill, reviewer.SKILL_WORDS),
                      _nonzero(given))
    unexplained = {side: after[side] - before[side] for side in sides}
    return Moment(position, text, "other", None, {}, ZERO, before, after,
                  _nonzero(unexplained))


def luck_words(luck: Mapping[str, Fraction],
               words: Sequence[tuple[Fraction, str]] | None = None) -> str:
    """A chance event's luck in words: for one side, the first threshold, strongest first,
    that its luck reaches; with more sides, for the side it favoured most."""
    if not luck:
        return ""
    most = max(luck.values(), key=abs) if len(luck) == 1 else max(luck.values())
    for limit, word in sorted(words or LUCK_WORDS, key=lambda pair: -abs(pair[0])):
        if (limit > 0 and most >= limit) or (limit < 0 and most <= limit):
            return word
    return ""


def skill_words(skill: Fraction, words: Sequence[tuple[Fraction, str]] | None = None) -> str:
    """A decision's error in words: the first threshold, worst first, that it reaches."""
    return next((word for limit, word in sorted(words or SKILL_WORDS) if skill <= limit), "")


def _nonzero(values: Mapping[str, Fraction]) -> dict[str, Fraction]:
    return {side: value for side, value in values.items() if value}
