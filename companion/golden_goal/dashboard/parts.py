"""What the Golden Goal views are given instead of the dashboard: the taps so far this step
(`Picks`) and `Hooks`, what a view reads of the match and may do to it. The dashboard builds
one `Hooks` and hands it to the field, its taps and the Match card; no view imports `main`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.golden_goal.actions import Kick
from companion.golden_goal.dashboard.moves import Moves
from companion.golden_goal.drawing import Target
from companion.golden_goal.engine import GoldenGoalState
from companion.golden_goal.turns import Outcome


@dataclass(frozen=True)
class Picks:
    """What the player has tapped so far this step (cleared after every change of the game):
    the player being placed or moved, whether he goes to the ball and kicks, where the ball
    stops (placement to come), and the move or kick waiting for "Play it"."""

    chosen: str = ""
    kicking: bool = False
    ball_pick: Target | None = None
    plan: Outcome | Kick | None = None


@dataclass(frozen=True)
class Hooks:
    """What the field, its taps and the Match card read of the match and may do to it."""

    state: Callable[[], GoldenGoalState]  # the match as it stands
    picks: Callable[[], Picks]  # the taps so far this step
    pick: Callable[..., None]  # change some of them at once: pick(chosen=..., plan=None)
    say: Callable[[str], None]  # why nothing happened, shown to the player
    human: Callable[[Any], None]  # a player's action (the bot answers when on turn)
    bot_to_move: Callable[[], bool]  # whether the bot plays now
    bot_team: Callable[[], str | None]  # the team the app plays, if any
    waiting: Callable[[], str]  # whom the match waits for, in words
    moves: Moves  # the legal turns and scoring lines, kept per state
