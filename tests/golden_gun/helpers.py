"""Shared builders for the Golden Gun tests: states set up by hand, actions played in turn."""

from __future__ import annotations

import random
from typing import Any

from companion.golden_gun import rules
from companion.golden_gun.engine import GoldenGunState, SetUp, new_state

PLAIN = [k for k, n in rules.DEFAULT_BLUE_DECK.items() if k not in rules.SPECIAL_KINDS
         for _ in range(n)]
# A legal Set Up order: the upper 7 plain cards, then the lower half with the specials.
BLUE_ORDER = (*PLAIN[:7], *PLAIN[7:], "Scaramanga", "Nick Nack", "Solex Agitator")
GREEN_ORDER = tuple(n for n, c in rules.DEFAULT_GREEN_DECK.items() for _ in range(c))
OPEN = "RRRR/RRRR/RRRR"
SECTIONS = ("RRWR/RWRR/RRRR", OPEN, OPEN, OPEN)


def play(state: GoldenGunState, *actions: Any) -> GoldenGunState:
    """Apply the actions in turn; dealt cards left None are dealt (dice must be given)."""
    for action in actions:
        if not hasattr(action, "dice"):
            action = state.fill_chance(action, random.Random(0))
        state = state.apply(action)
    return state


def companion(**options: Any) -> GoldenGunState:
    return new_state(options)


def solo(blue: tuple[str, ...] = BLUE_ORDER, green: tuple[int, ...] = GREEN_ORDER,
         sections: tuple[str, ...] = SECTIONS, **options: Any) -> GoldenGunState:
    return new_state({"mode": "solo", **options}).apply(SetUp(blue, green, sections))


def snapshot(state: GoldenGunState) -> Any:
    """Everything in a state, to check that a refused action changed nothing."""
    return (repr(state), state.to_json())


def solo_with_sections(store: Any, sections: int = 4, seed: int = 3) -> Any:
    """A stored solo game played by the simple policy, laying each new section to the right
    of the last as soon as the rules allow, until `sections` are on the table (the widest
    maze: 4 sections make 16 columns)."""
    from companion.core.session import Session
    from companion.golden_gun import GAME, bot
    from companion.golden_gun.engine import AddSection, Move

    session = Session(GAME, {"mode": "solo"}, seed, store=store)
    deal = SetUp(blue_deck=BLUE_ORDER)  # the Solex Agitator last: the search goes on
    session.act(session.state.fill_chance(deal, random.Random(seed)))
    for _ in range(600):
        state = session.state
        if state.phase != "setup" and state.sections >= sections:
            return session
        if state.is_over:
            raise AssertionError(f"seed {seed}: the game ended ({state.result}) with "
                                 f"{state.sections} sections laid")
        legal = state.legal_actions()
        wide = AddSection((state.sections, 0))
        newest = [a for a in legal if isinstance(a, Move) and a.room not in state.entered
                  and a.room.startswith(f"{state.sections}:")]
        session.act(wide if wide in legal else newest[0] if newest else bot.choose_action(state))
    raise AssertionError("the game did not get there in 600 actions")
