"""The kit's one bot loop (`GameDashboard.play_bots`), over Dice Lab's checks: the app's moves
in one bot turn, taken back by one Undo with the move before; what they did returned; a
refusal said, after the game's words; never more than `BOT_LIMIT` moves."""

from __future__ import annotations

from companion.core.session import Session
from companion.dice_lab import GAME
from companion.dice_lab.dashboard import DiceLabDashboard
from companion.dice_lab.engine import Check
from companion.ui import BOT_LIMIT, BOT_STOPPED


def board(store) -> DiceLabDashboard:
    return DiceLabDashboard(store=store, session=Session(GAME, {}, seed=1, store=store))


def bots_for(count: int, last=None):
    """A bot that rolls `count` checks, then plays `last` (None: no bot is to move)."""
    played = []

    def next_move(state, rng):
        played.append(state)
        return Check(target=7) if len(played) <= count else last

    return next_move


def test_the_bots_moves_are_returned_with_their_states_and_one_undo_takes_them_back(store):
    page = board(store)
    page.act(Check(target=5))
    seen = []
    moves = page.play_bots(bots_for(3), then=seen.append)
    assert len(moves) == 3 and seen == [moves]
    assert moves[0].after is moves[1].before and moves[-1].after is page.session.state
    assert all(m.event is not None and isinstance(m.action, Check) for m in moves)
    assert len(page.session.actions) == 4
    page.undo()
    assert len(page.session.actions) == 0  # the bots' turn went back with the move before it


def test_a_refused_bot_move_stops_the_bots_and_is_said_after_the_games_words(store):
    page = board(store)
    moves = page.play_bots(bots_for(1, last=Check(n_dice=99)), BOT_STOPPED)
    assert len(moves) == 1
    assert page.message.startswith(BOT_STOPPED) and len(page.message) > len(BOT_STOPPED)
    plain = board(store)
    plain.play_bots(bots_for(0, last=Check(n_dice=99)))
    assert plain.message and not plain.message.startswith(BOT_STOPPED)


def test_the_bots_never_play_more_than_the_limit_in_one_go(store):
    page = board(store)
    assert len(page.play_bots(lambda state, rng: Check(target=7))) == BOT_LIMIT
