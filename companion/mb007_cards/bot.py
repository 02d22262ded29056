"""A bot for one seat, deciding only from that seat's private view, with a little randomness.

On its turn it announces a combination it holds; otherwise it draws for the slot most
likely to make one (`odds.p_draw_makes`), then announces if it made one, and bluffs, now
and then, when `odds.announce_ev` says a bluff pays (never when everyone can see that no
card completes its up cards). Answering, it calls with the most it may bet when a bluff
is more likely than not (`odds.p_announcer_holds` < 1/2), mostly; so it can bluff and be
bluffed. Every action leaves the cards None: in tablet mode the
Session draws them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.game import JSON
from companion.core.session import Session
from companion.mb007_cards import rules
from companion.mb007_cards.actions import (
    Announce,
    Deal,
    Draw,
    DrawCard,
    Pass,
    Replace,
    Respond,
    TakeCards,
)
from companion.mb007_cards.odds import (
    HALF,
    announce_ev,
    best_replacement,
    caller_bet,
    p_announcer_holds,
    p_draw_makes,
    p_hidden_completes,
)
from companion.mb007_cards.views import PrivateView, private_view

BLUFF_WHEN_IT_PAYS = 0.6  # how often it bluffs when the expected chips are positive
BLUFF_ANYWAY = 0.05  # ... and when they are not
CALL_WHEN_LIKELY_BLUFF = 0.9  # how often it calls when a bluff is more likely than not
CALL_ANYWAY = 0.05  # ... and when it is not (with the smallest bet)
MAX_ACTIONS = 20_000  # a runner's safety net


def bot_action(view: PrivateView, rng: random.Random) -> Any:
    """The bot's action for the seat of `view`, in any phase where that seat acts."""
    phase = view.public.phase
    if phase == "deal":
        return Deal()
    if phase == "new cards":
        return TakeCards()
    if phase == "respond":
        return _respond(view, rng)
    if phase == "turn":
        if _holding(view):
            return Announce()
        if view.public.draw_then_choose:
            return DrawCard()  # draw and look first, then choose (Rules for Play 2b)
        return Draw(max(rules.SLOTS, key=lambda slot: p_draw_makes(view, slot)))
    if phase == "choosing":
        return Replace(best_replacement(view))
    if phase == "drawn":
        if _holding(view):
            return Announce()
        if not _believable(view):
            return Pass()  # everyone can see no card completes his up cards
        ev = announce_ev(view, False)
        chance = BLUFF_WHEN_IT_PAYS if ev is not None and ev > 0 else BLUFF_ANYWAY
        return Announce() if rng.random() < chance else Pass()
    raise ValueError(f"the bot has nothing to do in phase {phase!r}")


def _believable(view: PrivateView) -> bool:
    """Whether the table, from what it sees, could think this seat holds a combination."""
    public, known = view.public, view.me.shown_card
    if known is not None:  # the table saw his down card when his last bluff was called
        return rules.is_winning((*view.me.up, known))
    return p_hidden_completes(view.me.up, public.public_cards(), public.deck) > 0


def _holding(view: PrivateView) -> bool:
    return view.down is not None and rules.is_winning((*view.me.up, view.down))


def _respond(view: PrivateView, rng: random.Random) -> Respond:
    p = p_announcer_holds(view)
    points = view.me.points
    if p == 0:  # a certain bluff (the table saw his down card): always called
        return Respond(view.seat, caller_bet(points))
    if p < HALF and rng.random() < CALL_WHEN_LIKELY_BLUFF:
        return Respond(view.seat, caller_bet(points))
    if p >= HALF and rng.random() < CALL_ANYWAY:
        return Respond(view.seat, min(rules.BETS))
    return Respond(view.seat, rules.ACCEPT)


@dataclass(frozen=True)
class GameRecord:
    """How a seeded bots' game ended."""

    seed: int
    result: str | None
    points: tuple[int, ...]
    turns: int
    actions: int


def play_game(seed: int, options: Mapping[str, JSON] | None = None) -> GameRecord:
    """A whole tablet-mode game with a bot in every seat, all chance from `seed`."""
    from companion.mb007_cards import GAME

    session = Session(GAME, {"players": 4, **(options or {})}, seed)
    rng = random.Random(seed)
    while not session.state.is_over and len(session.actions) < MAX_ACTIONS:
        state = session.state
        seat = state.to_act if state.to_act is not None else 0
        session.act(bot_action(private_view(state, seat), rng))
    state = session.state
    return GameRecord(seed, state.result, tuple(s.points for s in state.seats), state.turns,
                      len(session.actions))
