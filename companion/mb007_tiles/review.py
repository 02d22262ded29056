"""The tile game's review (`companion.core.review`): each team's placements and secret
letters, and the luck of who guessed whom, in points: an estimate that says what it leaves
over.

The equity, for Red, is the points Red has captured less Black's, plus the value of the
next round on the board as it stands (the round's equilibrium, `odds.round_equilibrium`,
empty windows staying empty, as the advice reckons a placement); Black's is its negative.
A secret letter counts only once the round is revealed, so the review never tells a
letter before the table sees it.

- **A placement** is a decision of the drawer's team: its cost is the round's value with
  the tile where it went less with the tile in the best window (`odds.placement_advice`'s
  figure), exactly.
- **A reveal** shows both teams' letters at once (`core.review.SecretChoices`): a team's
  skill is its letters against the other team's equilibrium mix, less the equilibrium's
  value (0 for any letters the equilibrium plays, less for others); what the other team's
  letters did against its own mix is given to it; the rest of the round's captures, who
  guessed whom, is luck. The three add up to what the round captured less its value.
- **Left unexplained by the estimate**: the tile drawn from the bag (not valued until it
  is placed: valuing every tile the bag could give in every window is a few seconds per
  draw), the next round's value appearing once a round is over, and the end of a game.

**The tiles against fair draws** (`core.tally`): every tile drawn from the bag, by its
number (both colours together), against its number's share of the bag just before; in
tablet mode the app's draws for the first player too (each tile goes back, so each is
drawn from the full bag; at a real table those draws, if the app makes them, are not the
bag's and are not counted).
Every tile drawn is placed face up at once, so the tally is shown while the game runs.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from companion.core.review import SecretChoices
from companion.mb007_tiles import rules
from companion.mb007_tiles.actions import ChooseFirst, Draw, Place, Reveal
from companion.mb007_tiles.board import seats_of, window_name
from companion.mb007_tiles.engine import TilesState
from companion.mb007_tiles.odds import (
    board_equilibrium,
    crossed_windows,
    red_gain,
    round_equilibrium,
)

EQUITY_NAME = "points ahead, with the next round at its equilibrium value"
EQUITY_IS_CHANCE = False
EQUITY_UNIT = "points ahead"  # the chart's axis, in a few words
RED, BLACK = "Red", "Black"
# The scale is a tile's average worth, a little over 4 points with three each of 1 to 5 dots
# and three 007s of 10 (rules.TILES_PER_KIND): letters that give away a whole tile on
# average are a blunder, half of one a mistake, a quarter an inaccuracy (Lichess's 0.3,
# 0.2 and 0.1 of a win chance, stepped alike); guessing right worth half a tile is lucky,
# a whole tile very lucky.
LUCK_WORDS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(4), "very lucky"), (Fraction(2), "lucky"),
    (Fraction(-2), "unlucky"), (Fraction(-4), "very unlucky"))
SKILL_WORDS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(-4), "blunder"), (Fraction(-2), "mistake"), (Fraction(-1), "inaccuracy"))
_ROUND_PHASES = ("draw", "place", "choose", "reveal")


# By number: a 1, a 007, of either colour.
DRAWN = {"tiles": ("tile", "tiles", "a fair bag", rules.TILE_VALUES)}


def drawn(state: TilesState, action: Any) -> list[tuple[str, str, dict[str, Fraction]]]:
    """Each tile `action` draws from the bag, by number, with every number's chance then."""
    if isinstance(action, Draw) and action.tile is not None:
        return [("tiles", action.tile[1:], _shares_by_number(state.bag))]
    if isinstance(action, ChooseFirst) and state.options.mode == "tablet":
        full = _shares_by_number(state.options.full_bag())
        return [("tiles", tile[1:], full) for tile in action.draws]
    return []


def drawn_withheld(state: TilesState) -> None:
    """Never: every tile is placed face up as soon as it is drawn."""
    return None


def _shares_by_number(bag: tuple[int, ...]) -> dict[str, Fraction]:
    size = sum(bag)
    shares: dict[str, Fraction] = {}
    for tile, count in zip(rules.ALL_TILES, bag, strict=True):
        if count:
            shares[tile[1:]] = shares.get(tile[1:], Fraction(0)) + Fraction(count, size)
    return shares


def _red(value: Fraction) -> dict[str, Fraction]:
    return {RED: value, BLACK: -value}


def equity(state: TilesState) -> dict[str, Fraction]:
    """Red's points less Black's, and the next round's value to Red on the board now."""
    lead = Fraction(state.points("red") - state.points("black"))
    if state.phase not in _ROUND_PHASES:
        return _red(lead)
    return _red(lead + round_equilibrium(state).value)


def chance_outcomes(state: TilesState, action: Any) -> None:
    """No chance event is valued: a drawn tile counts once it is placed."""
    return None


def decision_options(state: TilesState, action: Any) -> tuple[str, list[Place]] | None:
    """A placement: the drawer's team could have put the tile in any empty window."""
    if not isinstance(action, Place) or state.phase != "place":
        return None
    team = RED if rules.SEAT_COLOURS[state.to_move] == "red" else BLACK
    return team, [Place(window_name(window)) for window in state.empty_windows]


def secret_choices(state: TilesState, action: Any) -> SecretChoices | None:
    """A reveal: each team's letters against the other's equilibrium mix."""
    if not isinstance(action, Reveal) or state.phase != "reveal":
        return None
    available = tuple(state.available(seat) for seat in range(state.players))
    eq = board_equilibrium(state.board, available)
    red = tuple(state.picks[s] for s in seats_of("red", state.players))
    black = tuple(state.picks[s] for s in seats_of("black", state.players))

    def gain(red_letters: tuple[str, ...], black_letters: tuple[str, ...]) -> Fraction:
        return Fraction(red_gain(state.board, crossed_windows(state.players, red_letters,
                                                      black_letters)))

    red_against_mix = sum((q * gain(red, b) for b, q in zip(eq.black, eq.black_mix,
                                                            strict=True)), Fraction(0))
    mix_against_black = sum((p * gain(r, black) for r, p in zip(eq.red, eq.red_mix,
                                                               strict=True)), Fraction(0))
    red_skill = red_against_mix - eq.value  # 0 or less: the mix is Black's best answer
    black_skill = eq.value - mix_against_black  # for Black, the same from its side
    luck = gain(red, black) - red_against_mix - mix_against_black + eq.value
    return SecretChoices(skill={RED: red_skill, BLACK: black_skill},
                         given={RED: -black_skill, BLACK: -red_skill},
                         luck=_red(luck))

