"""A watcher's page (another device on the table's link) shows the public table and no
control that makes a move: the moves are made on the tablet or a seat's own phone."""

from __future__ import annotations

from html import escape

import panel as pn
import pytest

from companion.core.session import Session
from companion.dice_lab.dashboard import DiceLabDashboard
from companion.golden_goal.dashboard import GoldenGoalDashboard
from companion.golden_gun.dashboard import GoldenGunDashboard
from companion.ui import PanelDeck
from companion.ui.dice_pad import DiceTapPad
from companion.ui.game_dashboard import WATCHING
from companion.ui.roles import WATCHER


def parts(viewable) -> list:
    """Everything a page holds, its layouts opened all the way down (a deck's panels too,
    those that join the page once it has rendered)."""
    found, todo = [], [viewable]
    while todo:
        item = todo.pop()
        found.append(item)
        if isinstance(item, pn.viewable.Viewer):
            todo.append(item.__panel__())
        todo.extend(item.panels if isinstance(item, PanelDeck) else
                    getattr(item, "objects", []) or [])
    return found


@pytest.mark.parametrize("dashboard", [DiceLabDashboard, GoldenGunDashboard,
                                       GoldenGoalDashboard])
def test_a_watcher_sees_no_dice_to_roll_and_says_where_moves_are_made(store, dashboard):
    session = Session(dashboard.game, {}, seed=1, store=store)
    tablet = dashboard(store=store, session=session)
    assert any(isinstance(p, DiceTapPad) for p in parts(tablet.__panel__()))
    watcher = dashboard(store=store, session=session)
    watcher.role = WATCHER
    shown = parts(watcher.__panel__())
    assert not any(isinstance(p, DiceTapPad) for p in shown)
    assert any(escape(WATCHING) in str(getattr(p, "object", "")) for p in shown)
