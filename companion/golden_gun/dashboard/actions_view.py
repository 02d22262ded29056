"""The action buttons: the legal actions that are neither a move (the maze) nor a roll (the
dice pad), each labelled in words with its chance, in one kit `ChoicePad`."""

from __future__ import annotations

from typing import Any

from companion.core.dice import percent
from companion.golden_gun import engine, odds
from companion.golden_gun.effects import VOCABULARY, describe
from companion.golden_gun.engine import GoldenGunState
from companion.ui import ChoicePad, tap_button

DICE_VERBS = {engine.RollGreen: "Roll against the green card", engine.Dodge: "Dodge",
              engine.ScaramangaShot: "Scaramanga shoots", engine.SearchExit: "Look for the exit"}
SIDE_WORDS = {(1, 0): "right of", (-1, 0): "left of", (0, 1): "below", (0, -1): "above"}


def draw_actions(pad: ChoicePad, actions: list[Any], state: GoldenGunState) -> None:
    """Draw `actions` as the pad's buttons, each with its label, colour and width."""
    pad.new_drawing()
    buttons = []
    for action in actions:
        label, colour, width = action_label(action, state)
        buttons.append(tap_button(pad.tap_for(action, label), label,
                                  f"act act-{colour}", style=f"flex:1 1 {width}px"))
    pad.html = f'<div class="bar">{"".join(buttons)}</div>'


def action_label(action: Any, state: GoldenGunState) -> tuple[str, str, int]:
    chances = {}
    if isinstance(action, engine.Fire | engine.Hold) and state.config.table is not None:
        chances = odds.fire_hold_chances(state)
    if isinstance(action, engine.SetUp):
        return "Set up: shuffle the cards, lay the first section", "primary", 300
    if isinstance(action, engine.AddSection):
        return section_label(action, state), "default", 300
    if isinstance(action, engine.ReadGreen):
        return str(action.number), "primary", 56
    if isinstance(action, engine.Fire):
        extra = f": {percent(chances['fire'])} survives" if chances else ""
        return f"Fire on purpose (1 bullet){extra}", "danger", 220
    if isinstance(action, engine.Hold):
        extra = f": {percent(chances['hold'])} survives" if chances else ""
        return f"Hold fire{extra}", "primary", 220
    if isinstance(action, engine.Reveal):
        return reveal_label(action, state), "primary", 200
    if isinstance(action, engine.ApplyEffect):
        words = describe([(action.effect, VOCABULARY[action.effect].amount or 0)])
        return words[:1].upper() + words[1:], "default", 300
    if isinstance(action, engine.EndCard):
        return "Done with this card", "primary", 300
    if isinstance(action, engine.Wait):
        return "Bond waits here (lost turn)", "primary", 300
    return type(action).__name__, "default", 200


def section_label(action: engine.AddSection, state: GoldenGunState) -> str:
    number = state.sections + 1
    if action.at is None:
        return f"Add maze section {number} (green cards in its rooms)"
    placed = {at: i for i, (at, _) in enumerate(state.maze.placed, start=1)}
    for (dx, dy), words in SIDE_WORDS.items():
        beside = (action.at[0] - dx, action.at[1] - dy)
        if beside in placed:
            return f"Lay section {number} {words} section {placed[beside]}"
    return f"Lay section {number} at {action.at}"


def reveal_label(action: engine.Reveal, state: GoldenGunState) -> str:
    if action.kind is not None:
        chance = odds.next_blue_odds(state).get(action.kind)
        return f"{action.kind} ({percent(chance)})" if chance else action.kind
    if state.source == "room":
        return f"Read the {state.blues.get(state.room or '')} in the room"
    return "Turn over the top blue card"
