"""License to Kill's review (`companion.core.review`, issue 35): each player's luck at the
dice and the cards turned over, and what skipping an attack or choosing an assignment cost.

**Not a chance to win: Plot Points.** The tablet is a referee for physical cards: it never
sees a hand, a deck or a draw, and the race to 60 Plot Points by Overcoming is long (the
app's advisor, with the draws it cannot see made at random, reaches no winner in 250
turns). So no chance of winning can be estimated honestly, and the equity is the game's
own unit: **each player's Plot Points two rounds on** (after every player's next two
turns), as the advisor would play on: the points on the ledger now plus a linear model of
what the next two rounds add, fitted to playouts (`scripts/fit_license_to_kill_review.py`:
the advisor `bot.suggest`, a Plot card a turn drawn at random from the library, face up or
down at random, a Bond card added when the Agency has none: `bot.playout_action`).
Measured against 40 playouts from each of 40 positions of other games, its root mean
square error is 1.6 Plot Points (the page says ±`ERROR_POINTS`), its largest 9.3 (a
position where an Overcome was close: the model knows no odds of one). What it reads is
`FEATURES`: a Main Plot's face-up bullets and face-down cards, the best assignment each
player's Bond or Agent cards alone meet against the face-up cards now (its points at
stake) and the zone points an opponent's puts at risk, the assignment in progress. It
values no card in the Agency by itself and no first Demotion: in the playouts neither
changed the points two rounds on in a way a linear fit could tell (their weights came out
of the wrong sign, and were dropped), so an attack's dice count as luck where they
change who meets an assignment (a card Demoted twice is discarded). Once the game is
over the equity is the final ledger. The horizon moves with the game, and the model is a
model: the change from one position to the next that luck and choices do not explain (a
card placed face up scores at once, unreviewed) is shown as "left unexplained by the
estimate" (`Review.exact` is False).

The scale's words (`LUCK_WORDS`, `SKILL_WORDS`) are in Plot Points, from the rulebook's
Plot Points table (Object of the Game): a Location is worth 2 in a Plot Zone and 4
Overcome, a Henchman 3 and 6, a Mission 5 and 10. A roll worth a Henchman in the zone
(3) is lucky, one worth an Overcome Henchman (6) very lucky; a choice that costs a
Location Overcome (4) is an inaccuracy, a Henchman Overcome (6) a mistake, a Mission
Overcome (10) a blunder.

**What the table knows, only** (the shared tablet and the exports show the review):
every position is valued from `public_state`: each face-down card in a Plot Zone (and
each card that went to an Action discard pile unseen) stands as one public stand-in
title, whoever placed it; the log's own actions are dropped (a face-down `PlacePlot`
holds its title). So two games that differ only in a face-down card have the same
review until that card is turned over (`tests/license_to_kill/test_review.py` checks it
as a cheater would). Positions are valued once per public position (`VALUES`).

**Chance** (`chance_outcomes`), exact under the stated prior:
- a Henchman Attack's or an Intrigue Attack's or Charm's dice: the three results (the
  attacker wins, a tie, the target wins) with their exact chances (`odds`, Intrigue
  bonuses included); all the dice pairs of one result are alike for the equity;
- a face-down card turned over On Assignment (`Proceed`): each title it could be, as the
  table sees it, equally likely: a Villain for the one placed face down at Setup (the
  table saw a Villain go there), else any card of the library that may go in a Plot
  Zone (Plot cards and non-allied Personalities). The owner's deck is not known.
The Plot card drawn each turn is not in the log (the table never sees the draw): a card
placed face up is a choice from a hand no one else sees, and is not reviewed.

**Decisions** (`decision_options`): the On Assignment step (which Bond card goes against
which opponent's Main Plot, or none) against every assignment `legal_actions` lists and
declining; ending the Henchman Attack step against every attack it could have made (each
valued at the average of its three results). Not reviewed as choices, because the table
does not see the hand they come from or the model cannot tell them apart: which Plot card
is placed, where and face up or down; Q cards, Personalities and Bonds added; Intrigue
cards; Moving Q cards; which attack is made (its dice are reviewed as luck, and it is an
alternative to ending the step). Their effect shows as left unexplained.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

from companion.core.errors import InputError, RuleError
from companion.core.memo import Memo
from companion.license_to_kill import rules
from companion.license_to_kill.actions import (
    AttackCharm,
    HenchmanAttack,
    NextStep,
    Proceed,
    StartAssignment,
)
from companion.license_to_kill.engine import LtkState
from companion.license_to_kill.table import Piece, Player

# The model against 40 playouts from each of 40 positions of other games (118 players),
# in Plot Points: root mean square 1.6 (mean -0.00), largest 9.3; the playouts' own
# mean is uncertain by about 0.5 (scripts/fit_license_to_kill_review.py). Measured again
# the same way once the deck limits held each player's table (`deck_limits_on_table`):
# root mean square 1.55 (mean -0.66), largest 5.5.
ERROR_POINTS = 2
HORIZON_ROUNDS = 2
EQUITY_NAME = (f"each player's Plot Points {HORIZON_ROUNDS} rounds on, an estimate (no chance "
               f"of winning can be estimated honestly: the tablet never sees the hands or "
               f"the decks): as the advisor would play on, within about ±{ERROR_POINTS} "
               f"points; face-down cards as the table knows them")
EQUITY_IS_CHANCE = False
EQUITY_UNIT = "Plot Points"  # the chart's axis, in a few words
# Plot Points (see the docstring: the rulebook's Plot Points table).
LUCK_WORDS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(6), "very lucky"), (Fraction(3), "lucky"),
    (Fraction(-3), "unlucky"), (Fraction(-6), "very unlucky"))
SKILL_WORDS: tuple[tuple[Fraction, str], ...] = (
    (Fraction(-10), "blunder"), (Fraction(-6), "mistake"), (Fraction(-4), "inaccuracy"))

# Fitted by scripts/fit_license_to_kill_review.py (150 playout games of 2 to 4 players,
# 168,733 rows): one weight per name in FEATURES, the Plot Points a player adds in the
# next two rounds.
WEIGHTS: tuple[float, ...] = (
    3.1427, 0.1129, -0.0987, 0.5403, 0.1193, -0.1406, -0.4458, 0.1228, -0.1218)
FEATURES = ("bias", "face-down cards in the Plot Zone", "face-up Plot bullets in the zone",
            "best met assignment: points at stake", "best met assignment: face-down cards",
            "an opponent's best met assignment here: zone points at risk",
            "this turn's assignment still to come", "own assignment in progress: met, at stake",
            "an assignment against this zone in progress: met, at risk")

# Positions valued, by the game's options and the position as the table knows it.
VALUES: Memo[dict[str, Fraction]] = Memo(kept=100_000)
# What a position's prospects read, kept by what the table sees of it (`_Prospects`): a
# Main Plot's requirement (its face-up cards), a Bond card's team (the card and what is
# attached to it, in an Agency, face up) and whether a team meets a requirement.
REQUIREMENTS: Memo[Any] = Memo(kept=20_000)
TEAMS: Memo[Any] = Memo(kept=20_000)
MET: Memo[bool] = Memo(kept=100_000)


# What the table knows.


def stand_in(state: LtkState) -> str:
    """The public title every face-down card stands as: the library's first Plot card of
    the lowest worth (it matters only where a Main Plot Overcome at once scores its
    face-down cards)."""
    config = state.config
    found = config.__dict__.get("_review_stand_in")
    if found is None:
        plots = [c for c in config.library.values() if c.is_plot] or \
            list(config.library.values())
        found = min(plots, key=lambda c: c.plot_bullets).title
        object.__setattr__(config, "_review_stand_in", found)  # kept with the options
    return found


def public_state(state: LtkState) -> LtkState:
    """The position as the shared table sees it: every face-down card, and every card that
    went to an Action discard pile unseen, as the stand-in; no log, no last event."""
    hidden = stand_in(state)
    players = tuple(_public_player(p, hidden) for p in state.players)
    return replace(state, players=players, history=(), last_event=None)


def _public_player(player: Player, hidden: str) -> Player:
    zone = tuple(tuple(p if p.face_up else replace(p, title=hidden) for p in stack)
                 for stack in player.zone)
    discard = tuple(replace(p, title=hidden) for p in player.action_discard)
    return replace(player, zone=zone, action_discard=discard)


def _options_key(state: LtkState) -> str:
    config = state.config  # its equality is its names only: the key is kept on it
    found = config.__dict__.get("_review_key")
    if found is None:
        found = json.dumps(dict(config.options), sort_keys=True)
        object.__setattr__(config, "_review_key", found)
    return found


# The equity.


def equity(state: LtkState) -> dict[str, Fraction] | None:
    """Each player's Plot Points two rounds on, estimated from what the table knows."""
    names = state.config.names
    if state.turn is None or state.is_over:
        return dict(zip(names, (Fraction(p) for p in state.points()), strict=True))
    seen = public_state(state)
    return dict(VALUES.get((_options_key(state), seen), lambda: _value(seen)))


def _value(state: LtkState) -> dict[str, Fraction]:
    points = state.points()
    table = _Prospects(state)
    return {name: Fraction(points[p]) + model(features(state, p, table))
            for p, name in enumerate(state.config.names)}


def model(values: tuple[float, ...]) -> Fraction:
    """The fitted Plot Points to come, to the hundredth."""
    gain = sum(w * x for w, x in zip(WEIGHTS, values, strict=True))
    return Fraction(round(gain * 100), 100)


class _Prospects:
    """Every assignment a Bond or Agent card alone could try now, against the face-up cards:
    per player, the best met one's points at stake and face-down cards, and the largest
    zone points an opponent's met one puts at risk (worked out once per position)."""

    def __init__(self, state: LtkState):
        n = len(state.players)
        self.best = [(0, 0)] * n
        self.risk = [0] * n
        stakes = [[_stake(state, stack) for stack in player.zone] for player in state.players]
        # Each Main Plot's requirement once, not once per Bond card that could try it, and
        # kept by what it reads (the options and the Main Plot as the table sees it): a
        # game's positions share most of their Main Plots and Bond cards.
        options = _options_key(state)
        asks = [[REQUIREMENTS.get((options, stack), lambda q=q, m=m: state.requirement(q, m))
                 for m, stack in enumerate(other.zone)]
                for q, other in enumerate(state.players)]
        for p, player in enumerate(state.players):
            for bond in player.agency:
                if state.card(bond).type not in rules.ON_ASSIGNMENT_TYPES:
                    continue
                team = TEAMS.get((options, bond), lambda bond=bond: state.team(bond.id))
                for q, other in enumerate(state.players):
                    if q == p:
                        continue
                    for m in range(len(other.zone)):
                        if not MET.get((team, asks[q][m]),
                                       lambda q=q, m=m, team=team: _met(team, asks[q][m])):
                            continue
                        bullets, face_down = stakes[q][m]
                        self.best[p] = max(self.best[p], (2 * bullets, -face_down))
                        self.risk[q] = max(self.risk[q], bullets)


def _stake(state: LtkState, stack: tuple[Piece, ...]) -> tuple[int, int]:
    """A Main Plot's face-up Plot bullets and its face-down cards."""
    bullets = sum(state.card(p).plot_bullets for p in stack if p.face_up)
    return bullets, sum(not p.face_up for p in stack)


def _met(team: Any, requirement: Any) -> bool:
    from companion.license_to_kill import assignment as team_check

    return team_check.compare(team, requirement).met


def features(state: LtkState, p: int, table: _Prospects | None = None) -> tuple[float, ...]:
    """What the model reads of player `p`'s position; `state` as the table knows it (only
    face-up cards are read by title)."""
    table = table or _Prospects(state)
    player = state.players[p]
    face_down = sum(not c.face_up for stack in player.zone for c in stack)
    bullets = sum(state.card(c).plot_bullets for stack in player.zone for c in stack
                  if c.face_up)
    stake, minus_down = table.best[p]
    turn = state.turn
    to_come = float(turn.player == p and turn.assignments == 0 and
                    turn.step <= rules.TURN_STEPS.index("On Assignment"))
    mine = against = 0.0
    a = state.assignment
    if a is not None:
        check = state.assignment_check()
        at_stake = _stake(state, state.players[a.plot_owner].zone[a.main_plot])[0]
        if a.player == p and check.met:
            mine = 2.0 * at_stake
        if a.plot_owner == p and check.met:
            against = float(at_stake)
    return (1.0, float(face_down), float(bullets), float(stake), float(-minus_down),
            float(table.risk[p]), to_come, mine, against)


# Chance.

def chance_outcomes(state: LtkState, action: Any) -> list[tuple[Any, Fraction]] | None:
    if state.turn is None or state.is_over:
        return None
    if isinstance(action, HenchmanAttack | AttackCharm) and action.dice is not None:
        return _duel(state, action)
    if isinstance(action, Proceed) and state.assignment is not None:
        return _reveal(state)
    return None


def _duel(state: LtkState, action: HenchmanAttack | AttackCharm) -> list[tuple[Any, Fraction]]:
    """The duel's three results, each with its exact chance and dice that give it."""
    try:
        (mine, theirs), fails = state._duel(action)
    except (RuleError, InputError):
        return None
    if fails:
        return None
    from companion.license_to_kill import odds

    chances = odds.henchman_attack(mine, theirs)
    outcomes = []
    for result, chance in chances.items():
        if chance:
            outcomes.append((replace(action, dice=_dice_for(result, mine, theirs)), chance))
    return outcomes


def _dice_for(result: str, mine: int, theirs: int) -> tuple[int, int]:
    from companion.license_to_kill import odds

    return next((a, t) for a in range(1, 7) for t in range(1, 7)
                if odds.attack_outcome(a, t, mine, theirs) == result)


def _reveal(state: LtkState) -> list[tuple[Any, Fraction]] | None:
    """The card the next Proceed turns over, as each title the table thinks it may be; None
    when no card is turned over (the assignment concludes: no chance)."""
    a = state.assignment
    if not state.assignment_check().met:
        return None
    stack = state.players[a.plot_owner].zone[a.main_plot]
    hidden = next((p for p in stack if not p.face_up), None)
    if hidden is None:
        return None
    titles = prior(state, hidden)
    seen = public_state(state)
    outcomes = []
    for title in titles:
        dealt = _with_title(seen, hidden.id, title)
        outcomes.append((dealt.apply(Proceed()), Fraction(1, len(titles))))
    return outcomes


def prior(state: LtkState, piece: Piece) -> list[str]:
    """The titles a face-down card may be, as the table knows it: a Villain for the one
    placed at Setup, else any card that may go in a Plot Zone."""
    setup_villains = {3 * k + 2 for k in range(len(state.players))}
    cards = state.library.values()
    if piece.id in setup_villains:
        return [c.title for c in cards if c.type == "Villain"]
    return [c.title for c in cards if c.is_plot or (c.is_personality and not c.ally)]


def _with_title(state: LtkState, piece_id: int, title: str) -> LtkState:
    players = tuple(replace(p, zone=tuple(
        tuple(replace(c, title=title) if c.id == piece_id else c for c in stack)
        for stack in p.zone)) for p in state.players)
    return replace(state, players=players)


# Decisions.


def decision_options(state: LtkState, action: Any) -> tuple[str, list[Any]] | None:
    turn = state.turn
    if turn is None or state.is_over or state.assignment is not None:
        return None
    side = state.config.names[turn.player]
    step = turn.step_name
    if step == "On Assignment" and turn.assignments == 0 and \
            isinstance(action, StartAssignment | NextStep):
        options = [o for o in state.legal_actions()
                   if isinstance(o, StartAssignment) or o == NextStep()]
        return side, options
    if step == "Henchman Attack" and isinstance(action, NextStep):
        options: list[Any] = [NextStep()]
        for attack in state.legal_actions():
            if isinstance(attack, HenchmanAttack):
                outcomes = _duel(state, replace(attack, dice=(1, 1)))
                if outcomes:
                    options.append(outcomes)
        return side, options
    return None
