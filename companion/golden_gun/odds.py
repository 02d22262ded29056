"""Exact chances for The Man with the Golden Gun (fractions.Fraction throughout).

Three kinds of answer:

- the fixed rolls: `p_startled`, `p_dodge`, `p_find_exit`;
- the blue deck: what the next card can be and how far the Solex Agitator is, from the
  deck order of Set Up (the special cards are all in the lower half) and the cards seen;
- survival: the next room (`p_survive_next_room`), the current card (`fire_hold_chances`)
  and the whole search (`p_die_before_solex`), given ammunition, wounds and the table.

The survival figures are exact over the blue deck, the bullets and the wounds. They rest
on two stated simplifications: every future room is a new room with a green card (Bond does
not go back to cards left in rooms), and each future green card's startle chance is the
average over the green cards not yet seen (`p_startle_next`), as if the green deck were
dealt with replacement. That second one only matters across rooms; for the next room alone
the figure is exact. Its size, measured at the start of a default game against 200,000
simulated searches with the greens dealt without replacement (seeded; ± is the 95%
interval of the simulation): "fire whenever armed" 25.69% by the programme, 25.67% ± 0.19
simulated; "always hold" 22.43% and 22.23% ± 0.18. So read the whole-search figure as
exact to within about 0.3 percentage points.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, Literal

from companion.core.dice import p_at_most
from companion.core.errors import InputError, shown
from companion.golden_gun import rules
from companion.golden_gun.effects import EffectTable, Paragraph, Step
from companion.golden_gun.engine import GoldenGunState

ONE, ZERO = Fraction(1), Fraction(0)


# The fixed rolls.

def p_calm(card_number: int) -> Fraction:
    """How to Play, Step 3: the chance 2d6 is the green number or less (Bond keeps calm)."""
    if isinstance(card_number, bool) or card_number not in rules.GREEN_NUMBERS:
        raise InputError(f"a green card shows 2 to 12, got {shown(card_number)}")
    return p_at_most(card_number)


def p_startled(card_number: int) -> Fraction:
    """How to Play, Step 4: the chance 2d6 is above the green number (Bond fires by accident).

    >>> p_startled(7)
    Fraction(5, 12)
    """
    return ONE - p_calm(card_number)


def p_dodge() -> Fraction:
    """Wounds and Dodges: 2d6 <= 4.

    >>> p_dodge()
    Fraction(1, 6)
    """
    return p_at_most(rules.DODGE_AT_MOST)


def p_find_exit() -> Fraction:
    """Ending the Game, Escaping: 2d6 <= 10.

    >>> p_find_exit()
    Fraction(11, 12)
    """
    return p_at_most(rules.EXIT_AT_MOST)


def p_startle_next(greens_unseen: Mapping[int, int]) -> Fraction:
    """The startle chance of the next green card, averaged over the green cards unseen."""
    total = sum(greens_unseen.values())
    if not total:
        return ZERO
    return sum((Fraction(n, total) * p_startled(num) for num, n in greens_unseen.items()), ZERO)


# The blue deck.

def next_card_odds(unseen: Mapping[str, int], upper_left: int) -> dict[str, Fraction]:
    """The chance the next blue card is each kind.

    `unseen` counts the cards still in the deck; the next `upper_left` of them come from the
    upper half, which Set Up keeps free of Scaramanga, Nick Nack and the Solex Agitator.

    >>> next_card_odds({"Mirror": 1, "Solex Agitator": 1}, upper_left=1)
    {'Mirror': Fraction(1, 1)}
    """
    allowed = {k: n for k, n in unseen.items()
               if n and not (upper_left and k in rules.SPECIAL_KINDS)}
    total = sum(allowed.values())
    return {k: Fraction(n, total) for k, n in allowed.items()} if total else {}


def solex_position_odds(unseen: Mapping[str, int], upper_left: int) -> dict[int, Fraction]:
    """The chance the Solex Agitator is the k-th blue card from now (k = 1, 2, ...)."""
    if not unseen.get(rules.SOLEX):
        return {}
    lower = sum(unseen.values()) - upper_left
    return {upper_left + k: Fraction(1, lower) for k in range(1, lower + 1)}


def expected_cards_to_solex(unseen: Mapping[str, int], upper_left: int) -> Fraction | None:
    """How many blue cards, on average, until the Solex Agitator is read (itself included);
    None when it is not in the deck.

    >>> expected_cards_to_solex({"Mirror": 7, "Mannequin": 8, "Solex Agitator": 1,
    ...                          "Scaramanga": 1, "Nick Nack": 1}, upper_left=7)
    Fraction(13, 1)
    """
    odds = solex_position_odds(unseen, upper_left)
    return sum((k * p for k, p in odds.items()), ZERO) if odds else None


def next_blue_odds(state: GoldenGunState) -> dict[str, Fraction]:
    """The next blue card from the deck in this game (after a reshuffle if one is due)."""
    unseen, upper_left = state.deck_knowledge()
    return next_card_odds(unseen, upper_left)


# Survival.

Policy = Literal["best", "fire", "hold"]
POLICIES: tuple[Policy, ...] = ("best", "fire", "hold")
Outcome = tuple[int, int, bool, bool]  # ammo, wounds, killed, Solex found


def paragraph_outcomes(steps: tuple[Step, ...], ammo: int,
                       wounds: int) -> dict[Outcome, Fraction]:
    """The exact results of reading one paragraph of the summary sheet."""
    return dict(_paragraph_outcomes(tuple(steps), ammo, wounds))


@cache
def _paragraph_outcomes(steps: tuple[Step, ...], ammo: int,
                        wounds: int) -> tuple[tuple[Outcome, Fraction], ...]:
    results: dict[Outcome, Fraction] = {(ammo, wounds, False, False): ONE}
    for name, amount in steps:
        following: dict[Outcome, Fraction] = {}
        for outcome, p in results.items():
            for after, q in _step_outcomes(name, amount, outcome).items():
                following[after] = following.get(after, ZERO) + p * q
        results = following
    return tuple(results.items())


def _step_outcomes(name: str, amount: int, outcome: Outcome) -> dict[Outcome, Fraction]:
    ammo, wounds, killed, solex = outcome
    if killed:
        return {outcome: ONE}
    if name in ("wound", "wound_dodge"):
        hurt = min(rules.KILLING_WOUNDS, wounds + amount)
        hit = (ammo, hurt, hurt >= rules.KILLING_WOUNDS, solex)
        dodge = p_dodge() if name == "wound_dodge" else ZERO
        return _merge({outcome: dodge, hit: ONE - dodge})
    if name == "scaramanga_shot":
        hits = p_at_most(amount)
        return _merge({(ammo, wounds, True, solex): hits, outcome: ONE - hits})
    if name in ("gain_bullets", "lose_bullets"):
        change = amount if name == "gain_bullets" else -amount
        return {(max(0, min(rules.MAX_BULLETS, ammo + change)), wounds, False, solex): ONE}
    if name == "solex_found":
        return {(ammo, wounds, False, True): ONE}
    return {outcome: ONE}


def _merge(weighted: dict[Outcome, Fraction]) -> dict[Outcome, Fraction]:
    return {k: p for k, p in weighted.items() if p}


def _card_outcomes(table: EffectTable, kind: str, paragraph: Paragraph, ammo: int,
                   wounds: int) -> dict[Outcome, Fraction]:
    spent = ammo - rules.BULLETS_PER_SHOT if paragraph == "fire" else ammo
    return dict(_paragraph_outcomes(table.steps(kind, paragraph), spent, wounds))


def p_survive_card(table: EffectTable, card_odds: Mapping[str, Fraction], paragraph: Paragraph,
                   ammo: int, wounds: int) -> Fraction:
    """The chance Bond lives through reading a blue card drawn with `card_odds`."""
    if paragraph == "fire" and not ammo:
        raise InputError("Bond has no bullets to fire")
    total = ZERO
    for kind, p in card_odds.items():
        outcomes = _card_outcomes(table, kind, paragraph, ammo, wounds)
        total += p * sum((q for (_, _, killed, _), q in outcomes.items() if not killed), ZERO)
    return total


def fire_hold_chances(state: GoldenGunState) -> dict[Paragraph, Fraction]:
    """Step 5: the chance Bond lives through the card if he fires and if he holds.

    The card is the one left in the room, or the next from the deck. "fire" is missing
    when Bond has no bullets. InputError in "sheet" mode (the effects are not known).
    """
    table = _table(state)
    odds = {state.blues[state.room]: ONE} if state.room in state.blues and \
        state.source == "room" else next_blue_odds(state)
    paragraphs: tuple[Paragraph, ...] = ("fire", "hold") if state.ammo else ("hold",)
    return {p: p_survive_card(table, odds, p, state.ammo, state.wounds) for p in paragraphs}


def p_survive_room(table: EffectTable, card_odds: Mapping[str, Fraction], p_startle: Fraction,
                   ammo: int, wounds: int, unarmed_startle: str = rules.UNARMED_STARTLE
                   ) -> Fraction:
    """The chance Bond lives through a new room: startled with `p_startle`, else he picks
    the better of firing and holding."""
    calm = max(p_survive_card(table, card_odds, p, ammo, wounds)
               for p in (("fire", "hold") if ammo else ("hold",)))
    if ammo:
        startled = p_survive_card(table, card_odds, "fire", ammo, wounds)
    elif unarmed_startle == "hold":
        startled = p_survive_card(table, card_odds, "hold", ammo, wounds)
    else:
        startled = ONE
    return p_startle * startled + (ONE - p_startle) * calm


def p_survive_next_room(state: GoldenGunState) -> Fraction:
    """The chance Bond lives through the next new room he enters: exact for a room with a
    green card; a room without one reads no card (solo with more rooms than green cards),
    so there the figure is a lower bound."""
    odds = next_blue_odds(state)
    if not odds:
        return ONE
    return p_survive_room(_table(state), odds, p_startle_next(state.greens_unseen),
                          state.ammo, state.wounds, state.config.unarmed_startle)


def p_die_before_solex(state: GoldenGunState, p_startle: Fraction | None = None,
                       policy: Policy = "best") -> Fraction:
    """The chance Bond is killed before he reads the Solex Agitator (dynamic programme over
    the deck, bullets and wounds), when at each Step 5 he plays `policy`: "best" (the choice
    that keeps him alive longest), "fire" (fire whenever armed) or "hold".

    Exact under the module's two simplifications; `p_startle` (default: the unseen
    greens' average) is the startle chance of every future room. 0 once he has it.
    """
    if state.solex or state.is_over:
        return ONE if state.ended == "killed" else ZERO
    unseen, upper_left = state.deck_knowledge()
    if not unseen.get(rules.SOLEX):
        raise InputError("the Solex Agitator is not in the blue deck (it lies in a room)")
    startle = p_startle_next(state.greens_unseen) if p_startle is None else p_startle
    return die_before_solex(_table(state), unseen, upper_left, state.ammo, state.wounds,
                            startle, state.config.unarmed_startle, policy)


def die_before_solex(table: EffectTable, unseen: Mapping[str, int], upper_left: int,
                     ammo: int, wounds: int, p_startle: Fraction,
                     unarmed_startle: str = rules.UNARMED_STARTLE,
                     policy: Policy = "best") -> Fraction:
    """`p_die_before_solex` on explicit numbers (the notebook's "7 bullets" question)."""
    if policy not in POLICIES:
        raise InputError(f"a policy is one of {list(POLICIES)}, got {shown(policy, 20)}")
    classes = _classes(table, unseen)
    counts = tuple(n for _, n in classes)
    kinds = tuple(kind for kind, _ in classes)
    death, _ = _shared_solver(table, kinds, p_startle, unarmed_startle, policy)
    return death(counts, upper_left, ammo, wounds)


@dataclass(frozen=True)
class _Search:
    """The whole search from a position: the deck as it stands (`counts` of the card
    classes, `upper_left`), and the solver's chance that Bond dies before the Solex
    Agitator from the next room on (`death`) or after reading a card (`after_card`)."""

    table: EffectTable
    counts: tuple[int, ...]
    upper_left: int
    death: Callable[..., Fraction]
    after_card: Callable[..., Fraction]

    def alive_after(self, outcomes: Mapping[Outcome, Fraction]) -> Fraction:
        """Alive at the Solex Agitator after a card's outcomes, the deck as it stands."""
        return sum((q * (ONE if solex else ONE - self.death(self.counts, self.upper_left,
                                                              ammo, wounds))
                    for (ammo, wounds, killed, solex), q in outcomes.items() if not killed),
                   ZERO)


def _search(state: GoldenGunState, p_startle: Fraction | None) -> _Search | None:
    """The whole search from `state` (None when none is left to count: he has the Solex
    Agitator, or it lies in a room); InputError with the printed sheet."""
    table = _table(state)
    unseen, upper_left = state.deck_knowledge()
    if state.solex or not unseen.get(rules.SOLEX):
        return None
    startle = p_startle_next(state.greens_unseen) if p_startle is None else p_startle
    classes = _classes(table, unseen)
    death, after_card = _shared_solver(table, tuple(kind for kind, _ in classes), startle,
                                       state.config.unarmed_startle, "best")
    return _Search(table, tuple(n for _, n in classes), upper_left, death, after_card)


def search_alive_by_choice(state: GoldenGunState, p_startle: Fraction | None = None
                           ) -> dict[Paragraph, Fraction] | None:
    """Step 5, counted to the end of the search: for each choice now ("fire" only with
    bullets), the chance Bond is still alive when he reads the Solex Agitator, playing the
    better choice at every later Step 5 (the whole-search figure, per choice).

    None when there is no search left to count (he has the Solex Agitator, or it lies in a
    room): then only the card itself tells the choices apart (`fire_hold_chances`).
    """
    search = _search(state, p_startle)
    if search is None:
        return None
    paragraphs: tuple[Paragraph, ...] = ("fire", "hold") if state.ammo else ("hold",)
    if not (state.source == "room" and state.room in state.blues):
        return {p: ONE - search.after_card(p, search.counts, search.upper_left, state.ammo,
                                           state.wounds)
                for p in paragraphs}
    return {p: search.alive_after(_card_outcomes(search.table, state.blues[state.room], p,
                                                 state.ammo, state.wounds))
            for p in paragraphs}  # the room's card, then the deck as it stands


def alive_at_solex(state: GoldenGunState, p_startle: Fraction | None = None) -> Fraction | None:
    """The chance Bond lives to read the Solex Agitator, from any step of the room sequence,
    playing the better choice at every Step 5: the whole-search figure of
    `search_alive_by_choice`, at every phase (the game review's equity). 1 once he has it,
    0 once he is killed without it; None where it cannot be said (the printed sheet, whose
    effects the app does not know, or the Solex Agitator left in a room).

    Under the module's two simplifications, the room Bond is in is exact (its green card
    when known, the card when known, the steps of a card being read).
    """
    if state.solex:
        return ONE
    if state.ended == "killed":
        return ZERO
    search = None if state.config.table is None else _search(state, p_startle)
    if search is None:
        return None
    counts, upper_left, death, after_card = (search.counts, search.upper_left, search.death,
                                             search.after_card)
    ammo, wounds = state.ammo, state.wounds
    if state.phase == "roll" and state.green is not None:
        calm = min(after_card(p, counts, upper_left, ammo, wounds)
                   for p in (("fire", "hold") if ammo else ("hold",)))
        if ammo or state.config.unarmed_startle == "hold":
            startled = after_card("fire" if ammo else "hold", counts, upper_left, ammo, wounds)
        else:
            startled = death(counts, upper_left, ammo, wounds)  # nothing happens: next room
        p = p_startled(state.green)
        return ONE - (p * startled + (ONE - p) * calm)
    if state.phase == "decide":
        return max((search_alive_by_choice(state, p_startle) or {}).values(), default=None)
    if state.phase == "reveal" and state.paragraph is not None:
        before = ammo + rules.BULLETS_PER_SHOT if state.paragraph == "fire" else ammo
        if state.source == "room" and state.room in state.blues:
            return search.alive_after(_card_outcomes(search.table, state.blues[state.room],
                                                     state.paragraph, before, wounds))
        return ONE - after_card(state.paragraph, counts, upper_left, before, wounds)
    if state.phase in ("dodge", "shot"):
        return search.alive_after(dict(_paragraph_outcomes(state.pending, ammo, wounds)))
    return ONE - death(counts, upper_left, ammo, wounds)


def wound_risk(state: GoldenGunState) -> dict[Paragraph, tuple[Fraction, int]]:
    """Step 5: for each choice, the wounds the card may give Bond: (expected, most)."""
    table = _table(state)
    cards = {state.blues[state.room]: ONE} if state.source == "room" and \
        state.room in state.blues else next_blue_odds(state)
    paragraphs: tuple[Paragraph, ...] = ("fire", "hold") if state.ammo else ("hold",)
    risk = {}
    for paragraph in paragraphs:
        expected, most = ZERO, 0
        for kind, p in cards.items():
            for (_, wounds, _, _), q in _card_outcomes(table, kind, paragraph, state.ammo,
                                                      state.wounds).items():
                expected += p * q * (wounds - state.wounds)
                most = max(most, wounds - state.wounds)
        risk[paragraph] = (expected, most)
    return risk


def _classes(table: EffectTable, unseen: Mapping[str, int]) -> list[tuple[str, int]]:
    """Kinds that act alike for survival merged into one (a kind stands for its class).
    Every kind the table knows has its class, none left counting 0: so the classes, and
    the solver with them, stay the same all game as kinds run out (a class of none is
    never drawn: the figures are the same), and its memo serves every later position."""
    merged: dict[tuple[object, ...], list] = {}
    for kind in sorted({*table.cards, *unseen}):
        key = (kind in rules.SPECIAL_KINDS, kind == rules.SOLEX,
               _signature(table.steps(kind, "fire")), _signature(table.steps(kind, "hold")))
        merged.setdefault(key, [kind, 0])[1] += unseen.get(kind, 0)
    return [(kind, n) for kind, n in merged.values()]


def _signature(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    relevant = {"wound", "wound_dodge", "scaramanga_shot", "gain_bullets", "lose_bullets",
                "solex_found"}
    return tuple(s for s in steps if s[0] in relevant)


_SOLVERS: dict[tuple, tuple[EffectTable, Any]] = {}
_SOLVERS_LOCK = threading.Lock()  # the worker's threads share them
MAX_SOLVERS = 32  # each keeps its memo; the early, costly positions recur across calls
# (a game's review needs one: its startle chance is the whole green deck's, and its card
# classes are the table's, all game long)


def _shared_solver(table: EffectTable, kinds: tuple[str, ...], p_startle: Fraction,
                   unarmed_startle: str, policy: Policy):
    """`_solver`, kept for the next call with the same table, kinds, startle and policy (a
    game's Step 5 advice and its whole-search figure share one memo)."""
    key = (_contents(table), kinds, p_startle, unarmed_startle, policy)
    with _SOLVERS_LOCK:
        found = _SOLVERS.pop(key, None)  # put back last: the least recently used goes first
        if found is None:
            if len(_SOLVERS) >= MAX_SOLVERS:
                _SOLVERS.pop(next(iter(_SOLVERS)))
            found = (table, _solver(table, kinds, p_startle, unarmed_startle, policy))
        _SOLVERS[key] = found
    return found[1]


def _contents(table: EffectTable) -> tuple:
    """What a table says, as a key: the same sheet read again (a resumed game, a review's
    replay) finds the solver, and its memo, that the first one made."""
    return (table.name, tuple((kind, paragraphs["fire"], paragraphs["hold"])
                              for kind, paragraphs in sorted(table.cards.items())))


def _solver(table: EffectTable, kinds: tuple[str, ...], p_startle: Fraction,
            unarmed_startle: str, policy: Policy):
    specials = tuple(k in rules.SPECIAL_KINDS for k in kinds)
    startle_num, startle_den = p_startle.numerator, p_startle.denominator
    calm_num = startle_den - startle_num

    @cache
    def card_rows(paragraph: Paragraph, ammo: int, wounds: int
                  ) -> tuple[tuple[int, int, tuple[tuple[int, int, int, int], ...]], ...]:
        """For each class's card read from (ammo, wounds): the chance it kills Bond, and the
        outcomes he lives through without the Solex Agitator as (ammo, wounds, chance); each
        chance as its numerator and denominator."""
        rows = []
        for kind in kinds:
            outcomes = _card_outcomes(table, kind, paragraph, ammo, wounds)
            killed = sum((q for (_, _, dead, _), q in outcomes.items() if dead), ZERO)
            rows.append((killed.numerator, killed.denominator,
                         tuple((ammo2, wounds2, q.numerator, q.denominator)
                               for (ammo2, wounds2, dead, solex), q in outcomes.items()
                               if not (dead or solex))))
        return tuple(rows)

    @cache
    def draws(counts: tuple[int, ...], upper_left: int
              ) -> tuple[int, tuple[tuple[int, int, tuple[int, ...]], ...]]:
        """The cards the next draw can be: how many in all, and for each class that can come
        (none of the special ones while the upper half lasts) its index, its count and the
        counts left once it is drawn."""
        allowed = [i for i, n in enumerate(counts) if n and not (upper_left and specials[i])]
        return (sum(counts[i] for i in allowed),
                tuple((i, counts[i], (*counts[:i], counts[i] - 1, *counts[i + 1:]))
                      for i in allowed))

    # The solver's values are exact fractions kept as (numerator, denominator) in lowest
    # terms, plain integers: the same values as Fractions, without their class's overhead
    # at every step (the solver's arithmetic was most of a game's first review); the
    # Fractions are made only of the values it gives.
    @cache
    def death_pair(counts: tuple[int, ...], upper_left: int, ammo: int, wounds: int
                   ) -> tuple[int, int]:
        wanted = ("fire", "hold") if policy == "best" else (policy,)
        calm = None
        for paragraph in [p for p in wanted if ammo or p == "hold"] or ["hold"]:
            found = after_pair(paragraph, counts, upper_left, ammo, wounds)
            if calm is None or found[0] * calm[1] < calm[0] * found[1]:
                calm = found
        if not ammo and unarmed_startle == "nothing":
            return calm  # a startle without bullets reads no card: the room does not count
        startled = after_pair("fire" if ammo else "hold", counts, upper_left, ammo, wounds)
        if startled == calm:
            return calm  # (the better choice was to fire, or he holds either way)
        # p_startle x startled + (1 - p_startle) x calm
        return _lowest(startle_num * startled[0] * calm[1] + calm_num * calm[0] * startled[1],
                       startle_den * startled[1] * calm[1])

    @cache
    def after_pair(paragraph: Paragraph, counts: tuple[int, ...], upper_left: int,
                   ammo: int, wounds: int) -> tuple[int, int]:
        total, drawn = draws(counts, upper_left)
        if not total:
            return 0, 1
        rows = card_rows(paragraph, ammo, wounds)
        later_upper = max(0, upper_left - 1)
        # The sum over each class's card and outcomes of (count / total) x chance x death
        # after it, kept as one numerator and denominator and brought to lowest terms once.
        num, den = 0, 1
        for i, count, rest in drawn:
            killed_num, killed_den, lived = rows[i]
            if killed_num:
                if killed_den == den:
                    num += count * killed_num
                else:
                    num, den = num * killed_den + count * killed_num * den, den * killed_den
            for ammo2, wounds2, q_num, q_den in lived:
                later_num, later_den = death_pair(rest, later_upper, ammo2, wounds2)
                if not later_num:
                    continue
                term_num, term_den = q_num * later_num, q_den * later_den
                if term_den == den:
                    num += count * term_num
                else:
                    num, den = num * term_den + count * term_num * den, den * term_den
        return _lowest(num, den * total)

    def death(counts: tuple[int, ...], upper_left: int, ammo: int, wounds: int) -> Fraction:
        return Fraction(*death_pair(counts, upper_left, ammo, wounds))

    def after_card(paragraph: Paragraph, counts: tuple[int, ...], upper_left: int,
                   ammo: int, wounds: int) -> Fraction:
        return Fraction(*after_pair(paragraph, counts, upper_left, ammo, wounds))

    return death, after_card


def _lowest(num: int, den: int) -> tuple[int, int]:
    """num / den in lowest terms (den > 0), as a Fraction would keep it."""
    divisor = math.gcd(num, den)
    return num // divisor, den // divisor


def _table(state: GoldenGunState) -> EffectTable:
    if state.config.table is None:
        raise InputError("the group follows its printed sheet: the app does not know the "
                         "cards' effects, so it cannot give these odds")
    return state.config.table


def p_scaramanga_hits(hits_at_most: int) -> Fraction:
    """Scaramanga's Shot: the chance it kills Bond when the table says 2d6 <= `hits_at_most`."""
    return p_at_most(hits_at_most)


def phase_odds(state: GoldenGunState) -> dict[str, Fraction]:
    """The chances that matter for the choice the player faces now, labelled for the
    dashboard (the effect-dependent ones are left out when the group taps its own sheet)."""
    chances: dict[str, Fraction] = {}
    if state.phase == "roll" and state.green is not None:
        chances = {"keeps calm": p_calm(state.green), "startled": p_startled(state.green)}
    elif state.phase == "dodge":
        chances = {"dodges": p_dodge()}
    elif state.phase == "shot":
        chances = {"Scaramanga hits": p_scaramanga_hits(state.pending[0][1])}
    elif state.phase == "reveal" and state.source == "deck":
        chances = {f"next card: {kind}": p for kind, p in next_blue_odds(state).items()}
    elif state.phase == "decide" and state.config.table is not None:
        chances = {f"survives if he {'fires' if p == 'fire' else 'holds'}": q
                   for p, q in fire_hold_chances(state).items()}
    elif state.phase == "move":
        chances = _move_odds(state)
    return chances


def _move_odds(state: GoldenGunState) -> dict[str, Fraction]:
    chances: dict[str, Fraction] = {}
    if state.solex:
        chances["finds the exit"] = p_find_exit()
    elif state.config.table is not None:
        chances["survives the next new room"] = p_survive_next_room(state)
    return chances
