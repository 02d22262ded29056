"""What chance dealt against what it deals on average: the dice by face, a game's cards or
tiles by kind, each against its exact expected count, with Pearson's chi-square test in
words (`Tally.verdict`).

A kind's expected count is the sum, over every die rolled or card drawn, of that kind's
chance at that moment: 1/6 for each face of a die; for a card, its kind's share of the pile
just before it was drawn. Summed so, a count less its expectation averages 0 whatever the
players did in between (its steps are a martingale's), so the expectation is exact even
where how many cards were drawn turned on the cards drawn before.

Pearson's test treats every draw as independent. Dice are. Cards drawn without putting
them back come out more evenly than that (a pile drawn to its end holds exactly its
cards), so for cards and tiles the test errs towards "ordinary": it calls fewer shuffles
odd than it should.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.core.game import Game

# Pearson's test means something only when every kind is expected at least 5 times
# (Cochran's rule, the textbooks' usual one): 30 dice, for the six faces.
FEWEST_EXPECTED = 5


@dataclass(frozen=True)
class Tally:
    """Each kind that came up, how often, against how often chance alone gives it."""

    one: str  # the noun for one: "die", "card"
    many: str  # and for more: "dice", "cards"
    fair: str  # what deals them evenly, in words: "fair dice", "a fair shuffle"
    counts: Mapping[Any, int]  # kind -> how many times it came up, in the order shown
    expected: Mapping[Any, Fraction]  # kind -> how many times chance gives it, on average

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def p_value(self) -> float | None:
        """Pearson's chi-square test of the counts against the expected ones (one degree of
        freedom fewer than the kinds); None while some kind is expected fewer than
        `FEWEST_EXPECTED` times, too few for the test to mean anything."""
        if not self.total or min(self.expected.values()) < FEWEST_EXPECTED:
            return None
        from scipy.stats import chisquare  # imported when first asked: 0.4 s

        kinds = list(self.counts)
        return float(chisquare([self.counts[k] for k in kinds],
                               [float(self.expected[k]) for k in kinds]).pvalue)

    def needed(self) -> int:
        """About how many the test needs, at the kinds' shares so far."""
        least = min(self.expected.values(), default=Fraction(0))
        return math.ceil(FEWEST_EXPECTED * self.total / least) if least else 0

    def verdict(self) -> str:
        """The tally in words: ordinary, or how it was not."""
        p = self.p_value()
        if p is None:
            counted = f"{self.total} {self.one if self.total == 1 else self.many}"
            needs = f"about {self.needed()}" if self.needed() else "more"
            return (f"{counted}: too few to tell whether they came from {self.fair} "
                    f"(the test needs {needs}).")
        if p < 0.01:
            return (f"The {self.many} were far from ordinary: counts this uneven come from "
                    f"{self.fair} less than 1 time in 100 (p = {p:.3f}); "
                    f"{self.aside(far=True)}.")
        if p < 0.05:
            return (f"The {self.many} were unusual: counts this uneven come from {self.fair} "
                    f"about {p * 100:.0f} times in 100 (p = {p:.2f}); "
                    f"{self.aside(far=False)}.")
        return (f"The {self.many} were ordinary: counts at least this uneven come from "
                f"{self.fair} {p * 100:.0f} times in 100 (p = {p:.2f}); "
                f"{self.aside(far=False)}.")

    def how(self) -> str:
        """How the expected counts were worked out, and, once the test has run, what it
        assumes."""
        words = (f"The expected counts: each {self.one} drawn adds every kind's chance of "
                 f"being the one drawn just then.")
        if self.p_value() is None:
            return words
        return (f"{words} Drawn without being put back, {self.many} come out more evenly "
                f"than independent draws, so the test errs towards calling them ordinary.")

    def aside(self, far: bool) -> str:
        """The kind furthest above its expected count."""
        kind = max(self.counts, key=lambda k: self.counts[k] - self.expected[k])
        return (f"the most above its expected count: {kind}, {self.counts[kind]} "
                f"against {float(self.expected[kind]):.1f}")


@dataclass(frozen=True)
class DiceTally(Tally):
    """The dice, whose aside is the average die."""

    @property
    def mean(self) -> Fraction | None:
        return Fraction(sum(f * n for f, n in self.counts.items()), self.total) \
            if self.total else None

    def how(self) -> str:
        return "The expected counts: a fair die shows each face 1 time in 6."

    def aside(self, far: bool) -> str:
        mean = float(self.mean or 0)
        lean = f", unusually {'high' if mean > 3.5 else 'low'}" if far else ""
        return f"the average die was {mean:.2f} (fair: 3.50){lean}"


def tally(one: str, many: str, fair: str, kinds: Sequence[Any],
          draws: Sequence[tuple[Any, Mapping[Any, Fraction]]]) -> Tally:
    """The tally of `draws`, each the kind that came up and every kind's chance then; the
    kinds in the order of `kinds`, those that never had a chance left out."""
    counts: dict[Any, int] = {}
    expected: dict[Any, Fraction] = {}
    for kind, chances in draws:
        counts[kind] = counts.get(kind, 0) + 1
        for other, chance in chances.items():
            expected[other] = expected.get(other, Fraction(0)) + chance
    order = [kind for kind in kinds if kind in expected]
    return Tally(one, many, fair, {kind: counts.get(kind, 0) for kind in order},
                 {kind: expected[kind] for kind in order})


FACES = range(1, 7)


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
