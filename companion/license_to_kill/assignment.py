"""What a team brings and what a Main Plot asks: PV, CV and each icon, met or missing.

Pure functions over cards, used by the engine's On Assignment and Assignment
Briefing steps and by a dashboard's dialogs:

- `strength(card, q_cards)`: a character with its Q cards (Q values add to it).
- `team(bond, personality, mode)`: Bond's team On Assignment.
- `requirement(plot_cards)`: the highest PV and CV of the revealed plots, their
  icons summed (Attempt to Overcome a Main Plot).
- `compare(team, requirement)`: one line per factor, met or missing.
- `win_over(personality, bonds)`: which Bond cards meet each factor of a
  non-allied Personality (Personality and Agent Cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from companion.license_to_kill import rules
from companion.license_to_kill.cards import Card, Icons


@dataclass(frozen=True)
class Strength:
    """PV, CV (None: blank) and icon counts of a character or a team or a requirement."""

    pv: int | None = None
    cv: int | None = None
    icons: Icons = ()

    def value(self, which: str) -> int | None:
        return self.pv if which == "PV" else self.cv

    def count(self, icon: str) -> int:
        return dict(self.icons).get(icon, 0)


def _add(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else a + b


def _higher(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else max(a, b)


def pool_icons(counters: Iterable[Icons]) -> Icons:
    """Icon counts added up; counts at 0 or below are left out."""
    total: Counter[str] = Counter()
    for icons in counters:
        total.update(dict(icons))
    return tuple(sorted((icon, n) for icon, n in total.items() if n > 0))


def strength(card: Card, q_cards: Sequence[Card] = ()) -> Strength:
    """A character's PV, CV and provided icons, each attached card's values added (Q cards
    and attached Intrigue cards: 'The effects of an attached card remain with the target
    card as long as the attachment is in place')."""
    pv, cv = card.pv, card.cv
    for q in q_cards:
        cap = rules.Q_PV_CAP.get(q.title)  # Card Rulings: Time Bomb, "a maximum of +6 PV"
        pv, cv = _add(pv, q.pv if cap is None or q.pv is None else min(q.pv, cap)), \
            _add(cv, q.cv)
    return Strength(pv, cv, pool_icons([card.provides, *(q.provides for q in q_cards)]))


def team(bond: Strength, personality: Strength | None = None,
         mode: str = rules.TEAM_VALUES) -> Strength:
    """Bond's team: icons pooled; PV and CV the higher of the two, or summed (house rule).

    Personality and Agent Cards: a Personality in the Agency has been won over (or is an
    Ally) and 'is available to provide Bond with a Cunning icon if he takes her along On
    Assignment': her requirement belongs to winning her over, not to the Bond she goes
    with, so she provides her icons to any Bond."""
    if personality is None:
        return bond
    combine = _add if mode == "sum" else _higher
    return Strength(combine(bond.pv, personality.pv), combine(bond.cv, personality.cv),
                    pool_icons([bond.icons, personality.icons]))


def plot_strength(card: Card, q_cards: Sequence[Card] = ()) -> Strength:
    """A plot card (or a Personality in a Main Plot) as a requirement: its required icons
    and those its attached cards require (an attached Intrigue card)."""
    values = strength(card, q_cards)
    return Strength(values.pv, values.cv,
                    pool_icons([card.requires, *(q.requires for q in q_cards)]))


def requirement(plots: Iterable[Strength], extra: Iterable[Strength] = ()) -> Strength:
    """The highest PV and CV among the plots, every icon summed; `extra` (Intrigue
    effects) adds to those values and icons, and may take icons away (negative counts)."""
    pv = cv = None
    icons: list[Icons] = []
    for plot in plots:
        pv, cv = _higher(pv, plot.pv), _higher(cv, plot.cv)
        icons.append(plot.icons)
    for effect in extra:
        pv, cv = _add(pv, effect.pv), _add(cv, effect.cv)
        icons.append(effect.icons)
    return Strength(pv, cv, pool_icons(icons))


@dataclass(frozen=True)
class Line:
    """One factor of a check: what is needed, what the team has."""

    factor: str  # "PV", "CV" or an icon name
    needed: int
    have: int

    @property
    def met(self) -> bool:
        return self.have >= self.needed

    def __str__(self) -> str:
        return f"{self.factor} {self.have}/{self.needed}"


@dataclass(frozen=True)
class Check:
    """Every factor of a requirement against a team, in the order PV, CV, icons."""

    lines: tuple[Line, ...]

    @property
    def met(self) -> bool:
        return all(line.met for line in self.lines)

    @property
    def missing(self) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if not line.met)

    def describe(self) -> str:
        """'PV 7/6, CV 4/5 (missing), Evasion 1/3 (missing)'; 'nothing needed' if empty."""
        if not self.lines:
            return "nothing needed"
        return ", ".join(str(line) + ("" if line.met else " (missing)") for line in self.lines)


def compare(have: Strength, needed: Strength) -> Check:
    """The team against the requirement; a blank requirement asks nothing."""
    lines = [Line(which, need, have.value(which) or 0) for which in ("PV", "CV")
             if (need := needed.value(which)) is not None]
    lines += [Line(icon, count, have.count(icon)) for icon, count in needed.icons]
    return Check(tuple(lines))


def win_over(personality: Card, bonds: Mapping[str, Strength]) -> dict[str, tuple[str, ...]]:
    """For each factor of a Personality (PV, CV, each required icon and count), the Bond
    cards that meet it alone: values are not added across Bond cards, but different
    Bond cards may meet different factors. Won over when no tuple is empty."""
    needed = Strength(personality.pv, personality.cv, personality.requires)
    report: dict[str, tuple[str, ...]] = {}
    for title, bond in bonds.items():
        for line in compare(bond, needed).lines:
            report.setdefault(line.factor, ())
            if line.met:
                report[line.factor] += (title,)
    if not bonds:
        report = {line.factor: () for line in compare(Strength(), needed).lines}
    return report
