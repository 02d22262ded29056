"""The score and the match, as HTML: each team's points, captured tiles and chips, the
game and round of the match, who the app plays, the house rules."""

from __future__ import annotations

from html import escape

from companion.mb007_tiles import rules
from companion.mb007_tiles.drawing import COLOURS, tile_chip
from companion.mb007_tiles.engine import TilesState
from companion.ui.theme import folded_html

HOUSE_RULES = (
    "Tiles: three each of 1-5 dots and three 007s per colour",
    "The first player: each draws a tile and puts it back until one draws a 007",
    "A round's losers draw first; on a tie the rotation goes on",
    "A team that cannot pay pays what it has",
    "With the bag empty, the game also ends when no tile can ever be captured, when each "
    "team can keep its own tiles out of reach for ever, or when careful play (each round's "
    "equilibrium) captures nothing in any round to come",
    "With the bag empty, twelve rounds in a row that capture nothing end the game",
    "The app playing both partners of a team chooses their two letters together, from the "
    "team's equilibrium; beside a human partner it plays its own share and never reads their "
    "letter",
)


def scoreboard_html(state: TilesState) -> str:
    """Each team's points, tiles and chips, the match's facts and the house rules."""
    rows = []
    for index, colour in enumerate(rules.COLOURS):
        tiles = state.captured[index]
        chips = "".join(tile_chip(t) for t in tiles) or "none yet"
        rows.append(
            f'<div class="team team-{colour}" style="margin:2px 0">'
            f'<b style="color:{COLOURS[colour]};font-size:1.35rem">{colour.capitalize()} '
            f"{state.points(colour)}</b> points · {len(tiles)} of {rules.TILES_TO_END} "
            f"tiles · <b>{state.chips[index]}</b> chips<br>"
            f'<span style="font-size:0.95rem">captured: {chips}</span></div>')
    bots = ", ".join(state.seat_name(s) for s in state.options.bots)
    facts = [f"game {len(state.games) + (0 if state.is_over else 1)} of the match",
             f"round {state.round + (0 if state.is_over else 1)}",
             f"{state.bag_size} tiles in the bag", f"{state.options.mode} mode"]
    if bots:
        facts.append(f"the app plays {bots}")
    # One rule a line (they ran on, joined by semicolons).
    house = "".join(f"<li>{escape(rule)} <i>(house rule)</i></li>" for rule in HOUSE_RULES)
    return (f'<div class="scoreboard" style="font-size:1.05rem;line-height:1.45">'
            f"{''.join(rows)}<div>{escape(' · '.join(facts))}</div>"
            + folded_html("House rules", f'<ul style="font-size:0.95rem;margin:0;'
                          f'padding-left:20px">{house}</ul>') + "</div>")
