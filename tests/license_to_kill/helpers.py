"""A small card library with round values, and shortcuts to reach a turn's step."""

from __future__ import annotations

from typing import Any

from companion.license_to_kill import GAME
from companion.license_to_kill.engine import LtkState, NextStep, Setup

CARDS: list[dict[str, Any]] = [
    *({"title": f"M{i}", "type": "Mission", "pv": 5, "cv": 5} for i in range(1, 7)),
    {"title": "V1", "type": "Villain", "pv": 6, "cv": 6},
    {"title": "V2", "type": "Villain", "pv": 4, "cv": 4},
    {"title": "H1", "type": "Henchman", "pv": 9, "cv": 3},
    {"title": "H2", "type": "Henchman", "pv": 5, "cv": 5, "requires": "Evasion"},
    {"title": "L1", "type": "Location", "pv": 2, "cv": 2, "requires": "Driving"},
    {"title": "L2", "type": "Location", "pv": 1, "cv": 1},
    {"title": "L3", "type": "Location", "pv": 1, "cv": 1},
    {"title": "S1", "type": "Special"},
    {"title": "Big", "type": "Mission", "pv": 1, "cv": 1, "bullets": 30},
    {"title": "Huge", "type": "Location", "pv": 1, "cv": 1, "bullets": 60},
    {"title": "P1", "type": "Personality", "pv": 3, "cv": 5, "requires": "Savoir Faire",
     "provides": "Quick Thinking"},
    {"title": "P2", "type": "Personality", "pv": 9, "cv": 9},
    {"title": "Ally1", "type": "Personality", "ally": True, "pv": 2, "cv": 8,
     "provides": "Evasion"},
    {"title": "A1", "type": "Agent", "ally": True, "pv": 5, "cv": 5, "provides": "Flying"},
    {"title": "B1", "type": "Bond", "pv": 6, "cv": 4, "provides": "Shooting; Savoir Faire"},
    {"title": "B2", "type": "Bond", "pv": 4, "cv": 6, "provides": "Driving"},
    {"title": "B3", "type": "Bond", "pv": 9, "cv": 9, "provides": "Evasion:2; Driving"},
    {"title": "Q1", "type": "Q", "cv": 3},
    {"title": "Q2", "type": "Q", "pv": 2, "provides": "Evasion"},
    {"title": "Car1", "type": "Q", "vehicle": True},
    {"title": "Car2", "type": "Q", "vehicle": True},
    {"title": "Knife", "type": "Q", "unique": True},
    {"title": "I1", "type": "Intrigue"},
    {"title": "I2", "type": "Intrigue", "notes": "In place of your On Assignment step, draw."},
]
SETUPS = [("M1", "V1", "B1"), ("M2", "V2", "B2"), ("M3", "V1", "B1"), ("M4", "V2", "B2"),
          ("M5", "V1", "B1"), ("M6", "V2", "B2")]


def options(players: int = 2, **house: Any) -> dict[str, Any]:
    return {"players": [f"P{i}" for i in range(players)], "cards": CARDS, **house}


def fresh(players: int = 2, **house: Any) -> LtkState:
    return GAME.new_state(options(players, **house))


def started(players: int = 2, **house: Any) -> LtkState:
    """Every player set up (Mission up, Villain down, a Bond); player 0's Draw Cards."""
    state = fresh(players, **house)
    for p in range(players):
        state = state.apply(Setup(p, *SETUPS[p]))
    return state


def act(state: LtkState, *actions: Any) -> LtkState:
    for action in actions:
        state = state.apply(action)
    return state


def to_step(state: LtkState, step: str, player: int | None = None) -> LtkState:
    """NextStep (skipping the Plot card if none was placed) until `player` is at `step`."""
    player = state.turn.player if player is None else player
    for _ in range(40):
        if state.turn.player == player and state.turn.step_name == step:
            return state
        state = state.apply(NextStep(no_plot_card=True))
    raise AssertionError(f"never reached {step}")


def ids(state: LtkState, player: int, title: str) -> list[int]:
    """Ids of a player's pieces with this title, Agency first, then Plot Zone."""
    pieces = [*state.players[player].agency, *(p for m in state.players[player].zone for p in m)]
    return [p.id for p in pieces if p.title == title]


def again(state: LtkState, step: str) -> LtkState:
    """The same player's `step` in their next turn."""
    player = state.turn.player
    return to_step(state.apply(NextStep(no_plot_card=True)), step, player)
