"""An export holds the whole log (every down card and secret letter, and the seed behind
the seat links): a game with secrets is exported only once it is over."""

import random

from companion.core.session import Session
from companion.mb007_tiles import GAME
from companion.mb007_tiles.bot import autoplay_action
from companion.mb007_tiles.dashboard import TilesDashboard


def test_a_game_with_secrets_is_exported_only_once_it_is_over(store):
    session = Session(GAME, {"players": 2, "mode": "tablet"}, seed=6, store=store)
    board = TilesDashboard(store=store, session=session)
    board.picker.__panel__()  # the Saved games card opened
    download = board.picker._download
    assert download.disabled and "once the game is over" in download.label
    assert board.picker._export() is None
    rng = random.Random(6)
    while not board.session.state.is_over:
        board.act(autoplay_action(board.session.state, rng))
    assert not download.disabled and download.label == "Export to a file"
    exported = board.picker._export().getvalue()
    assert '"seed"' not in exported and board.session.link_key("seat 0") not in exported


def test_a_game_without_secrets_exports_at_any_time(store):
    from companion.dice_lab.dashboard import DiceLabDashboard

    board = DiceLabDashboard(store=store)
    board.picker.__panel__()
    assert not board.picker._download.disabled
    assert board.picker._export() is not None


def test_the_saved_games_widgets_are_made_only_when_their_card_opens(store):
    """Most pages never open Saved games: they pay nothing for its widgets."""
    from companion.dice_lab.dashboard import DiceLabDashboard

    board = DiceLabDashboard(store=store)
    board.__panel__()
    assert not hasattr(board.picker, "_download")
    board.picker.__panel__()
    assert board.picker._saved.value == board.session.id
