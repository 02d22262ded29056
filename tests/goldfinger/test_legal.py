"""The legal actions' shortcut (`legal.AllowedAlike`) lists what trying every candidate lists."""

from __future__ import annotations

import random
from itertools import combinations

from companion.core.session import Session
from companion.goldfinger import GAME
from companion.goldfinger import engine as e
from companion.goldfinger.legal import allowed
from companion.goldfinger.rules import ENEMY_CARS

from .helpers import CARDS, STARS

RELEASES = (e.OilSlick, e.SmokeScreen)


def _every_release(state: e.GoldfingerState) -> list:
    """Oil and Smoke for every set of the cars (crashed ones too), each tried on its own."""
    sets = [combo for n in range(len(ENEMY_CARS) + 1) for combo in combinations(ENEMY_CARS, n)]
    return [kind(combo) for kind in RELEASES for combo in sets
            if allowed(state, kind(combo))]


def test_tracker_releases_listed_are_those_the_engine_allows_one_by_one():
    """Random tracker games (some with cars crashed, Oil or Smoke used, Enemy steps, cards
    pending): at every moment the Oil and Smoke listed are the sets the engine accepts when
    each is tried alone, in the same order."""
    seen_listed = seen_refused = 0
    for seed in range(8):
        rng = random.Random(seed)
        session = Session(GAME, {}, seed=seed)
        session.act(e.PlaceCards(STARS, CARDS if seed % 2 else None))
        for _ in range(250):
            state = session.state
            legal = state.legal_actions()
            if state.is_over:
                break
            listed = [a for a in legal if isinstance(a, RELEASES)]
            assert listed == _every_release(state)
            seen_listed += bool(listed)
            seen_refused += state.step is not None and not listed
            # Releases now and then, so that games reach Oil and Smoke used and Avoid rolls.
            releases_first = listed and rng.random() < 0.3
            session.act(rng.choice(listed if releases_first else legal))
    assert seen_listed > 20 and seen_refused > 20, "both kinds of moment were reached"
