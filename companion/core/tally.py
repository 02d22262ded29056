"""What chance dealt against what chance gave each kind: the dice by face, a game's cards or
tiles by kind, with Pearson's chi-square test in words (`Tally.verdict`).

A kind's mark is the sum, over every die rolled or card drawn, of that kind's chance at that
moment: for a die, 1/6 for each face, so the mark is the dice's expected count; for a card,
its kind's share of what was left to draw just before it. A pile holds so many of each kind,
so its cards cannot stray from its make-up as dice stray from 1 in 6 (a pile drawn to its
end gives exactly its cards); what can stray is *when* each kind came: a kind that came
later than its chances said ends below its summed chances, one that came early above them.
Summed so, a count less its mark averages 0 whatever the players did in between (its steps
are a martingale's), so the mark is exact even where how many cards were drawn turned on
the cards drawn before.

Pearson's test treats every draw as independent. Dice are. Cards drawn without putting
them back stray less than that, so for cards and tiles the test errs towards "ordinary":
it calls fewer shuffles odd than it should.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from companion.core.game import Game

# Pearson's test means something only when every kind's mark is at least 5 (Cochran's rule,
# the textbooks' usual one): 30 dice, for the six faces.
FEWEST_EXPECTED = 5
FACES = range(1, 7)


@dataclass(frozen=True)
class Tally:
    """Each kind that came up, how often, against the sum of its chances at every draw."""

    one: str  # the noun for one: "die", "card"
    many: str  # and for more: "dice", "cards"
    fair: str  # what deals them evenly, in words: "fair dice", "a fair shuffle"
    counts: Mapping[Any, int]  # kind -> how many times it came up, in the order shown
    expected: Mapping[Any, Fraction]  # kind -> the sum of its chances at every draw
    against: str = "summed chances"  # what `expected` is called on the page

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def impossible(self) -> list[Any]:
        """Kinds that came up with no chance to: a draw no fair deal could give."""
        return [kind for kind, n in self.counts.items() if n and not self.expected[kind]]

    @cached_property
    def p_value(self) -> float | None:
        """Pearson's chi-square test of the counts against their marks (one degree of
        freedom fewer than the kinds); 0 for a draw that had no chance; None while some
        kind's mark is under `FEWEST_EXPECTED`, too little for the test to mean anything."""
        if self.impossible:
            return 0.0
        if not self.total or min(self.expected.values()) < FEWEST_EXPECTED:
            return None
        from scipy.stats import chisquare  # imported when first asked: 0.4 s

        kinds = list(self.counts)
        return float(chisquare([self.counts[k] for k in kinds],
                               [float(self.expected[k]) for k in kinds]).pvalue)

    def verdict(self) -> str:
        """The tally in words: ordinary, or how it was not."""
        p = self.p_value
        if self.impossible:
            kinds = ", ".join(str(kind) for kind in self.impossible)
            return (f"The {self.many} were not from {self.fair}: {kinds} came up with no "
                    f"chance to.")
        if p is None:
            counted = f"{self.total} {self.one if self.total == 1 else self.many}"
            return (f"{counted}: too few to tell whether they came from {self.fair} "
                    f"({self.needs()}).")
        if p < 0.01:
            return (f"The {self.many} were far from ordinary: counts this far from their "
                    f"{self.against} come from {self.fair} less than 1 time in 100 "
                    f"(p = {p:.3f}); {self.aside(far=True)}.")
        if p < 0.05:
            return (f"The {self.many} were unusual: counts this far from their "
                    f"{self.against} come from {self.fair} about {p * 100:.0f} times in 100 "
                    f"(p = {p:.2f}); {self.aside(far=False)}.")
        return (f"The {self.many} were ordinary: counts at least this far from their "
                f"{self.against} come from {self.fair} {p * 100:.0f} times in 100 "
                f"(p = {p:.2f}); {self.aside(far=False)}.")

    def needs(self) -> str:
        """What the test needs, in words."""
        return f"the test needs every kind's {self.against} to reach {FEWEST_EXPECTED}"

    def how(self) -> str:
        """What the marks are, and, once the test has run, what it assumes."""
        words = ("Each mark is the kind's chances summed over every draw (its share of what "
                 "was left to draw then). A pile holds so many of each kind, so what can "
                 "stray is when each came: one that came later than its chances said ends "
                 "below its mark.")
        if self.p_value is None:
            return words
        return (f"{words} Drawn without being put back, {self.many} stray less than "
                f"independent draws, so the test errs towards calling them ordinary.")

    def aside(self, far: bool) -> str:
        """The kinds furthest above and below their marks."""
        def gap(kind: Any) -> Fraction:
            return self.counts[kind] - self.expected[kind]

        def told(kind: Any) -> str:
            return (f"{kind}, {self.counts[kind]} against "
                    f"{float(self.expected[kind]):.1f}")

        high, low = max(self.counts, key=gap), min(self.counts, key=gap)
        return (f"the furthest above its {self.against}: {told(high)}; the furthest below: "
                f"{told(low)}")


@dataclass(frozen=True)
class DiceTally(Tally):
    """The dice, whose marks are their expected counts, and whose aside is the average."""

    against: str = "expected counts"

    @property
    def mean(self) -> Fraction | None:
        return Fraction(sum(f * n for f, n in self.counts.items()), self.total) \
            if self.total else None

    def needs(self) -> str:
        return f"the test needs {FEWEST_EXPECTED * len(FACES)}"

    def how(self) -> str:
        return "Each face's mark is its expected count: a fair die shows it 1 time in 6."

    def aside(self, far: bool) -> str:
        mean = float(self.mean or 0)
        lean = f", unusually {'high' if mean > 3.5 else 'low'}" if far else ""
        return f"the average die was {mean:.2f} (fair: 3.50){lean}"


def tally(one: str, many: str, fair: str, kinds: Sequence[Any],
          draws: Sequence[tuple[Any, Mapping[Any, Fraction]]]) -> Tally:
    """The tally of `draws`, each the kind that came up and every kind's chance then; the
    kinds in the order of `kinds` (any other drawn after), those that neither had a chance
    nor came up left out."""
    counts: dict[Any, int] = {}
    expected: dict[Any, Fraction] = {}
    for kind, chances in draws:
        counts[kind] = counts.get(kind, 0) + 1
        for other, chance in chances.items():
            expected[other] = expected.get(other, Fraction(0)) + chance
    order = [kind for kind in kinds if expected.get(kind) or counts.get(kind)]
    order += [kind for kind in counts if kind not in order]
    return Tally(one, many, fair, {kind: counts.get(kind, 0) for kind in order},
                 {kind: expected.get(kind, Fraction(0)) for kind in order})


def dice_tally(actions: Sequence[Any]) -> DiceTally:
    """Every die in the log's actions (each action's `dice` field, and the lists of dice
    in the fields of actions that roll more than once)."""
    counts = dict.fromkeys(FACES, 0)
    for action in actions:
        for value in _dice_of(action):
            if value in counts:
                counts[value] += 1
    share = Fraction(sum(counts.values()), len(FACES))
    return DiceTally("die", "dice", "fair dice", counts, dict.fromkeys(FACES, share))


def rolls_dice(game: Game) -> bool:
    """Whether any of `game`'s actions carries dice (a field named for them)."""
    return any("dice" in name for kind in game.action_types
               for name in getattr(kind, "__dataclass_fields__", {}))


def _dice_of(action: Any) -> list[int]:
    fields = action if isinstance(action, dict) else getattr(action, "__dict__", {})
    found: list[int] = []
    for name, value in fields.items():
        if "dice" in name and isinstance(value, list | tuple):
            found += [v for v in value if type(v) is int]
    return found
