"""The exact advice, in words (no Panel): the heat map's words while a tile is placed, and
each letter's share of the equilibrium while the letters are chosen. Every device showing a
game reads the same advice of the same state: worked out once (`placement`)."""

from __future__ import annotations

from functools import lru_cache

from companion.core.dice import percent
from companion.mb007_tiles import rules
from companion.mb007_tiles.board import window_name
from companion.mb007_tiles.engine import TilesState
from companion.mb007_tiles.odds import WindowAdvice, placement_advice, round_equilibrium

MIX_NOTE = (" Each letter's % is how often the equilibrium (the best mix against the best "
            "reply) plays it.")


@lru_cache(maxsize=32)
def placement(state: TilesState) -> list[WindowAdvice]:
    """The heat map of the tile drawn: each empty window's chances if it goes there."""
    return placement_advice(state)


def advice_html(state: TilesState, advice: list[WindowAdvice]) -> str:
    """The heat map in words: the safest window (or the likeliest to be taken), and the best
    for the team overall; '' without advice."""
    if not advice:
        return ""
    own = rules.tile_colour(state.drawn) == rules.SEAT_COLOURS[state.to_move]
    team = rules.SEAT_COLOURS[state.to_move].capitalize()
    pick = min(advice, key=lambda a: a.capture) if own else \
        max(advice, key=lambda a: a.capture)
    best = max(advice, key=lambda a: a.value)
    if all(a.capture == 0 for a in advice):
        return ('<div class="advice" style="font-size:1.02rem;line-height:1.45">'
                f"<b>Heat map</b>: wherever {rules.tile_name(state.drawn)} goes, no "
                "crossing the players can choose next round reaches it (the letters face "
                "down from this round cannot be played): place it anywhere.</div>")
    what = "safest" if own else "most likely to be taken by your team"
    return (
        '<div class="advice" style="font-size:1.02rem;line-height:1.45">'
        f"<b>Heat map</b>: the chance each empty window is captured next round if "
        f"{rules.tile_name(state.drawn)} goes there and both teams play the equilibrium "
        f"(the other empty windows as they are now).<br>{what.capitalize()}: "
        f"<b>{windows_at(advice, pick.capture)}</b> ({percent(pick.capture)}). Best for "
        f"{team} overall (outlined green): <b>{window_name(best.window)}</b>: next round "
        f"{team} then expects {signed(best.value)} points (captured less lost), both "
        "teams choosing their letters as well as they can.</div>")


def letter_words(state: TilesState, seat: int, advice: bool) -> list[tuple[str, str, bool]]:
    """Each letter's button for `seat`: (letter, its words, whether it may be chosen); with
    the advice, the letter's share of the equilibrium."""
    mix = round_equilibrium(state).seat_mix(seat) if advice else {}
    return [(letter,
             letter + (" · face down" if letter not in state.available(seat)
                       else f" · {percent(mix.get(letter, 0))}" if mix else ""),
             letter in state.available(seat))
            for letter in rules.LETTERS]


def signed(value) -> str:
    text = f"{float(value):+.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("+0", "-0") else text


def windows_at(advice: list[WindowAdvice], capture) -> str:
    """The windows with this capture chance: 'c2', 'c2 or d4', 'c2, d4 or a1'."""
    names = [window_name(a.window) for a in advice if a.capture == capture]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
