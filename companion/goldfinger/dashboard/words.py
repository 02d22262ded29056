"""The Goldfinger dashboard's words: the set-up choices, the readings of unclear text, and
the state in HTML (the table, the chosen action's odds, what just happened, the danger on
the map, the whole-game estimate). No Panel here: every function reads a state and returns
text, so a test or a notebook can call it.
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from html import escape
from typing import Any

from companion.core.dice import percent
from companion.core.words import counted
from companion.goldfinger import engine as e
from companion.goldfinger import fire_odds, odds, rules
from companion.goldfinger.legal import label
from companion.goldfinger.views import public_state
from companion.ui import folded_html, odds_html
from companion.ui.plain import screen_reader_html

TRACKER, MAP = "Tracker: no map", "Map: the app knows the board"
TWO, VS_ENEMY, VS_BOND = "Two players", "I play Bond (Enemy bot)", "I play the Enemy (Bond bot)"
BOT_SIDE = {TWO: None, VS_ENEMY: "enemy", VS_BOND: "bond"}
PLAYERS_FOR = {side: players for players, side in BOT_SIDE.items()}
HIDDEN, REAL = "The app hides the cards", "Real cards, face down"
HOUSE_TEXT = {
    "fire_after_losing_rest": "A piece that loses the rest of its turn may still Fire",
    "lost_turns_add_up": "Two 'lose a turn' results add up",
    "trick_jump_costs_move": "The Trick jump costs one Space of movement",
    "quick_turn_costs_move": "A Quick Turn costs one Space (the landing Space; the skipped "
                             "one is free)",
}
TRACKER_STARS = tuple(f"star {i}" for i in range(1, rules.CARDS_TO_PLACE + 1))
ESTIMATE_GAMES = 100
SUCCESS, FAILURE = "#2e7d32", "#b71c1c"
NO_BOTS_TEXT = ("**Bots need the map.** In tracker mode two people play at the table; choose "
                "map mode to play one side against the app.")

# What a group's own board file holds (`board.py` reads it), in the players' words.
BOARD_FILE_TEXT = (
    "**Your own board:** a JSON or YAML file (at most {kb} kB) that lists the board's "
    "Spaces (each with an id and its x, y place; a red star, a gate or a car's start where "
    "the board has one), its Roads (each a chain of Spaces), its Cut-Overs (pairs of "
    "Spaces), its Quick Turn arrows (from, the Space skipped, to) and its buildings "
    "(rectangles that block sight). The easiest start is the sample board's own file, "
    "changed to match your board. A board you load is saved with the game.")

# Readings of unclear text the app fixes (docs/assumptions.md), shown beside the buttons.
READINGS = {
    "between": "House rule: pieces side by side have 0 Spaces between them (\"1 for each "
               "Space between\"); count only the Spaces in between.",
    "forced_turn": "House rule: a car Bond forces loses its own next move: this round if it "
                   "has not moved yet, else the next round.",
    "aside": "House rule: the forcing player picks the free side Space the forced piece goes "
             "to (one button per Space).",
    "rear": "House rule: \"the rear\" of the Aston Martin is the half of the board behind "
            "the way it faces; with the Screen raised, fire from there cannot hit it.",
    "behind": "House rule: \"behind Bond\" for Oil and Smoke counts Spaces along the road "
              "from Bond's Space, the way opposite to his heading.",
}

GROUP_TITLES = {
    e.Move: "Move", e.StartTurn: "Roll movement", e.Fire: "Fire", e.Trick: "Trick",
    e.Force: "Force", e.PickUpCard: "Pick Up Card",
    e.RevealCard: "Enemy player: which card did Bond turn over?",
    e.AvoidOil: "Avoid Oil", e.AvoidSmoke: "Avoid Smoke", e.QuickTurn: "Quick Turn",
}

LEGEND = (
    '<div style="font-size:0.9rem;line-height:1.5">'
    '<span style="color:#1f5fbf;font-weight:700">━ Road</span> · '
    '<span style="color:#666666;font-weight:700">┅ Cut-Over</span> · '
    '<span style="color:#8a6500;font-weight:700">╌▶ Quick Turn (roll)</span> · '
    '<span style="color:#d32f2f">★</span> star (filled: a card lies there) · '
    '<span style="color:#4a148c">□ gate</span> · '
    '<b>007</b> Bond, <span style="color:#b71c1c"><b>A-D</b></span> Enemy cars (the small '
    'triangle shows the way each faces) · <span style="color:#00a152">◯</span> tap here now'
    "</div>"
)


def piece_name(piece: str | None) -> str:
    if piece is None:
        return "nobody"
    return "Bond" if piece == rules.BOND else f"Car {piece}"


def side_of(piece: str) -> str:
    return "bond" if piece == rules.BOND else "enemy"


def markdown_html(text: str) -> str:
    """The notes' little Markdown: paragraphs and **bold** (the text is escaped first)."""
    if not text:
        return ""
    paragraphs = escape(text).split("\n\n")
    html = "".join(f"<p style='margin:2px 0'>{p}</p>" for p in paragraphs)
    while "**" in html:
        html = html.replace("**", "<b>", 1).replace("**", "</b>", 1)
    return html


# The table.

# The marks the table repeats, as classes: the stylesheet of every part that shows
# `hits_html` or `kit_html` (the status box; the replay's picture brings it in a <style>).
# Inline, their styles were two thirds of the status's 4 KB, and the browser parses an
# inline style again for every element of every redraw (a roll redraws the status).
TABLE_CSS = """
.hit { display: inline-block; width: 14px; height: 14px; margin: 1px; border-radius: 3px;
  background: #ddd; }
.hit.taken { background: #b71c1c; }
.hits.crashed { opacity: 0.4; text-decoration: line-through; }
.chip { display: inline-block; margin: 2px 4px 2px 0; padding: 2px 8px; border-radius: 12px;
  background: rgba(127, 127, 127, 0.18); }
"""


def status_html(state: e.GoldfingerState) -> str:
    """The table in HTML: whose move (or the result), hits, Bond's kit, the step under way,
    who has moved, the cards, the mode and house rules."""
    lines = state.summary()
    if state.is_over:
        colour = SUCCESS if state.winner == rules.BOND else FAILURE
        head = (f'<div class="game-over" style="font-size:1.5rem;font-weight:700;'
                f'color:white;background:{colour};padding:12px;border-radius:8px">'
                f"Game over. {escape(state.result or '')}</div>")
    else:
        head = (f'<div class="whose-move" style="font-size:1.35rem;font-weight:600">'
                f"{escape(lines[0])}</div>")
    parts = [head, hits_html(state), kit_html(state)]
    if state.step:
        step = state.step
        used = ", ".join(u.replace("_", " ") for u in step.used) or "none yet"
        parts.append(f"<div><b>{escape(piece_name(step.piece))}</b>: {step.left} of "
                     f"{step.allowance} spaces left · {state.actions_left()} of "
                     f"{rules.ACTIONS_PER_TURN[side_of(step.piece)]} actions left · used: "
                     f"{escape(used)}{' · may only Fire' if step.fire_only else ''}</div>")
    if state.phase == "play" and state.done:
        parts.append(f"<div>Already moved this turn: "
                     f"{escape(', '.join(piece_name(p) for p in state.done))}</div>")
    parts.append(f"<div>{escape(lines[-1])}</div>")
    parts.append(house_html(state))
    return '<div class="tracker" style="font-size:1.05rem;line-height:1.6">' + \
        "".join(parts) + "</div>"


def hits_html(state: e.GoldfingerState) -> str:
    rows = []
    for piece in state.pieces:
        limit = rules.BOND_CRASH_HITS if piece.name == rules.BOND else rules.ENEMY_CRASH_HITS
        cells = "".join('<span class="hit taken"></span>' if i < piece.hits else
                        '<span class="hit"></span>' for i in range(limit))
        note = f" · loses {counted(piece.lost_turns, 'turn')}" if piece.lost_turns else ""
        where = f" · in {piece.space}" if piece.space and not piece.crashed else ""
        text = "crashed" if piece.crashed else f"{piece.hits} of {limit} hits"
        crashed = " crashed" if piece.crashed else ""
        rows.append(f'<div class="hits{crashed}"><b>{escape(piece_name(piece.name))}'
                    f"</b> {cells} {text}{escape(note + where)}</div>")
    return "".join(rows)


def kit_html(state: e.GoldfingerState) -> str:
    chips = [
        "guard aboard: +4 to Bond's rolls" if state.guard else "guard ejected",
        "screen raised: no hits from the rear, +3 to Double Back" if state.screen
        else "screen down",
        "oil used" if state.oil_used else "oil ready", "smoke used" if state.smoke_used
        else "smoke ready",
    ] + (["Bond has Tilly: head for a gate!"] if state.has_tilly else [])
    return "<div>" + "".join(f'<span class="chip">{escape(c)}</span>' for c in chips) + "</div>"


def house_html(state: e.GoldfingerState) -> str:
    house = state.setup.house
    mode = f"map mode ({state.board.name})" if state.board else "tracker mode (no map)"
    bot_text = {None: "", "bond": " The app plays Bond.", "enemy": " The app plays the Enemy."}
    rows = "; ".join(f"{escape(text)}: {'yes' if house[key] else 'no'}"
                     for key, text in HOUSE_TEXT.items())
    return (f'<div style="font-size:0.9rem;opacity:0.8">{escape(mode)}.'
            f"{bot_text[state.setup.bot]} <b>house rules</b>: {rows}</div>")


# The chosen action, and what just happened.


def armed_html(state: e.GoldfingerState, action: Any,
               found: tuple[Fraction, tuple] | None) -> str:
    """The rolled action chosen (already resolved; None: none yet) with its exact chance
    `found` (and modifiers), before the dice."""
    if action is None:
        return ('<div class="armed" style="opacity:0.75">Tap a rolled action to see its '
                "exact chance, then roll.</div>")
    if isinstance(action, e.StartTurn):
        spread = odds.movement_distribution(side_of(action.piece))
        return (f'<div class="armed"><b>{escape(label(action))}</b>: '
                f"{min(spread)} to {max(spread)} spaces, each with chance 1 in 6 "
                "(Movement table).</div>")
    if found is None:
        return f'<div class="armed"><b>{escape(label(action))}</b></div>'
    chance, mods = found
    detail = rule_text(state, action, mods)
    return '<div class="armed">' + odds_html(label(action), chance, detail) + "</div>"


def rule_text(state: e.GoldfingerState, action: Any, mods: tuple) -> str:
    if isinstance(action, e.CardRoll):
        card = rules.CARDS[state.pending.card]
        return f"{card.safe} or less on two dice and Bond continues unaffected"
    side = "enemy" if isinstance(action, e.AvoidOil | e.AvoidSmoke) or \
        side_of(state.mover or rules.BOND) == "enemy" else "bond"
    rule = odds.action_rule(side, e.ROLLED[type(action)])
    added = f", {odds.describe_modifiers(mods)}" if mods else ", nothing added"
    return (f"needs {rule.success[1]} or less on two dice{added}. Success: "
            f"{rule.on_success.text} Failure: {rule.on_failure.text}")


def roll_word(state: e.GoldfingerState) -> str:
    """"Success. " or "Failure. " when the last event is the result of a roll; nothing when
    no die decided it (a lost turn, the guard ejected, the card the Enemy names, the 15th
    turn over) or when the card turned over decides it, not the Pick Up roll before it."""
    event, action = state.last_event, state.history[-1] if state.history else None
    if event is None or getattr(action, "dice", None) is None or event.outcome == "info":
        return ""
    if isinstance(action, e.PickUpCard) and state.found and state.found[-1][0] == action.star:
        return ""  # the roll succeeded (the text says so); the card is good or bad news
    return "Success. " if event.outcome == "success" else "Failure. "


def last_roll_html(state: e.GoldfingerState) -> str:
    """The last roll's result, for beside the dice: after a roll low in a long action list
    the verdict at the top of Play is off screen (a newcomer's play-test). Nothing when the
    last action rolled no dice."""
    action = state.history[-1] if state.history else None
    event = state.last_event
    if event is None or getattr(action, "dice", None) is None:
        return ""
    word = roll_word(state)
    colour = {"Success. ": SUCCESS, "Failure. ": FAILURE}.get(word, "#555")
    return (f'<div class="last-roll" data-bring-into-view style="border-left:6px solid '
            f'{colour};padding:4px 10px;margin:4px 0">Last roll: <b style="color:{colour}">'
            f"{word}</b>"
            f"{escape(event.text)}</div>")


def verdict_html(state: e.GoldfingerState, bot_report: list[str]) -> str:
    """The last event (Success or Failure only when a roll decided it), what the bot
    played, and the game's end."""
    event = state.last_event
    if event is None:
        return '<div class="verdict">Nothing rolled yet.</div>'
    colour = {"success": SUCCESS, "failure": FAILURE}.get(event.outcome, "#555")
    word = roll_word(state)
    played = ""
    if bot_report:
        items = "".join(f"<li>{escape(t)}</li>" for t in bot_report)
        played = folded_html(f"The bot played {counted(len(bot_report), 'action')}",
                             f"<ol>{items}</ol>", "bot-report", opened=True)
    over = ""
    if state.is_over:
        won = SUCCESS if state.winner == rules.BOND else FAILURE
        over = (f'<div class="game-over-banner" style="font-size:1.4rem;font-weight:700;'
                f'color:white;background:{won};padding:10px;border-radius:8px;'
                f'margin-bottom:6px">Game over. {escape(state.result or "")}</div>')
    return (f'{over}<div class="verdict" style="font-size:1.15rem;border-left:6px solid '
            f'{colour};padding:6px 12px"><b style="color:{colour}">{word}</b>'
            f"{escape(event.text)}</div>{played}")


# The map's notes.


# A compass word for a heading (dx, dy): y grows down the map, so north is dy < 0.
COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north",
           "north-east")


def compass(heading: tuple[int, int] | None) -> str:
    """'north-east', or '' for no heading."""
    if not heading or heading == (0, 0):
        return ""
    return COMPASS[round(math.atan2(heading[1], heading[0]) / (math.pi / 4)) % 8]


def facing(heading: tuple[int, int] | None) -> str:
    """', facing north-east', or '' for a piece not yet facing any way."""
    way = compass(heading)
    return f", facing {way}" if way else ""


def map_words(state: e.GoldfingerState, targets: list[str], placing_bond: bool = False
              ) -> str:
    """The map as the table sees it, in words (for a player who cannot see the picture):
    where each piece stands and faces, its hits, which stars hold a card (never which
    card), and the Spaces a tap can choose now."""
    if state.board is None:
        return ""
    pieces = []
    for piece in state.pieces:
        name = "Bond" if piece.name == rules.BOND else f"car {piece.name}"
        hits = f", {counted(piece.hits, 'hit')}" if piece.hits else ""
        if piece.crashed:
            pieces.append(f"{name} has crashed")
        elif piece.space is None:
            pieces.append(f"{name} is not on the map yet")
        else:
            pieces.append(f"{name} on {piece.space}{facing(piece.heading)}{hits}")
    stars = sorted(star for star, _ in state.cards)
    cards = (f"A card lies face down on {', '.join(stars)}." if stars
             else "No card lies on the stars.")
    taps = (f"Spaces to tap now: {', '.join(sorted(targets))}." if targets else
            "Tap any free Space to place Bond there." if placing_bond else  # no ring each
            "No Space to tap now.")
    return screen_reader_html(f"The map in words: {'; '.join(pieces)}. {cards} {taps}")


def button_words(state: e.GoldfingerState, action: Any) -> str:
    """An action button's words: the engine's label, with what two look-alike buttons
    differ in and what an action costs before it is tapped."""
    if isinstance(action, e.Fire) and state.board is None \
            and action.target == rules.BOND:  # the Screen stops only fire from the rear
        return "Fire at Bond from his rear" if action.from_rear else \
            "Fire at Bond, not from his rear"
    if isinstance(action, e.Force) and action.aside:
        return f"{label(action)} aside to {action.aside}"
    if isinstance(action, e.EjectGuard | e.RaiseScreen):
        return f"{label(action)}: uses all {rules.ACTIONS_PER_TURN['bond']} of Bond's " \
            "actions this turn"
    return label(action)


def odds_words(found: tuple[Fraction, tuple] | None) -> str:
    """A button's odds after its words: ' · 58.3% (+4 guard)'; '' without a roll."""
    if found is None:
        return ""
    chance, mods = found
    return f" · {percent(chance)}" + (f" ({odds.describe_modifiers(mods)})" if mods else "")


def replay_odds_html(state: e.GoldfingerState, coming: Any) -> str:
    """The odds the action buttons showed at this position, and the danger under the map,
    read from the table's view (`views.public_state`: no card by a star). In tracker mode a
    Fire's odds need the Spaces between, counted on the board: only the Fire played next
    (`coming`) has them."""
    if state.is_over:
        return "<p>The game is over: no odds to show.</p>"
    if state.phase in ("cards", "bond"):
        return ""
    seen = public_state(state)
    lines: dict[str, None] = {}
    for action in seen.legal_actions() or []:
        if isinstance(action, e.Fire) and seen.board is None:
            if not (isinstance(coming, e.Fire) and (coming.target, coming.from_rear) ==
                    (action.target, action.from_rear)):
                continue
            action = dataclasses.replace(action, spaces_between=coming.spaces_between)
        found = odds.action_odds(seen, action)
        if found is not None:
            lines[button_words(seen, action) + odds_words(found)] = None
    if not lines:
        listed = "<p>No roll to choose at this step.</p>"
    else:
        listed = "<ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"
    return listed + danger_html(seen, False)


def danger_html(state: e.GoldfingerState, show_reach: bool) -> str:
    """What the numbers on the map mean, and each car's chance to hit Bond where he is."""
    if state.board is None or state.phase != "play" or state.is_over:
        return ""
    parts = []
    if show_reach:
        parts.append("Numbers on the Spaces: Bond's chance (%) to reach each one this turn "
                     "(his movement roll, the rolls for any Quick Turn, Double Back or Trick "
                     "a path needs, played as well as possible).")
    fire = fire_odds.enemy_fire_chances(state)
    if fire:
        shots = ", ".join(f"car {c} {percent(p)}" for c, p in fire.items())
        parts.append(f"If Bond stays where he is, each car's chance to hit him in its next "
                     f"turn: {shots}. Expected hits on Bond: "
                     f"{float(sum(fire.values(), Fraction(0))):.2f}.")
    return '<div class="danger">' + "".join(f"<p>{escape(p)}</p>" for p in parts) + "</div>"


def estimate_html(estimate: str, stale: bool) -> str:
    """The bot-against-bot estimate, or how to ask for one."""
    if not estimate:
        return ('<div class="estimate" style="opacity:0.75">Whole-game hint: tap below to '
                f"play {ESTIMATE_GAMES} bot-against-bot games from here.</div>")
    later = " (from an earlier position)" if stale and estimate != "computing..." else ""
    return f'<div class="estimate"><b>{escape(estimate)}</b>{later}</div>'


# A side's own phone (a seat's join link).

PHONE_PLACING = ("**The Enemy places the cards on their own phone.** This tablet shows none "
                 "of them. Their phone lost or flat? Hand their seat to a new phone under "
                 "\"Join this table\".")
PLACED_ELSEWHERE = "The Enemy's cards are placed on their own phone (or on the tablet)."


def waiting_text(state: e.GoldfingerState) -> str:
    """On a side's own phone while the other side decides: who, and where."""
    if state.phase == "cards":
        return ("The Enemy player is placing the five cards, on the tablet or on their own "
                "phone. Look away from the tablet while they do.")
    if state.phase == "bond":
        return "The Bond player places the Aston Martin, on the tablet or on their own phone."
    if state.pending is not None and state.pending.kind == "reveal":
        return ("The Enemy player says which card Bond turned over, on the tablet or on their "
                "own phone.")
    who = "Bond" if state.side_to_act == rules.BOND else "The Enemy"
    return (f"{who} plays now, on the tablet or on their own phone. Your actions appear here "
            "when it is your move.")


def own_html(view: dict[str, Any]) -> str:
    """A seat's private view (`views.private_view`) for its own phone only."""
    head = f"<b>Your seat: {'Bond' if view['side'] == rules.BOND else 'the Enemy'}.</b> "
    if view["side"] == rules.BOND:
        body = ("Nothing on your side is secret: which card lies by which star you learn "
                "when you turn it over, as the table does.")
    elif not view["cards"]:
        body = "No card is placed yet. Only this phone will show which card lies where."
    else:
        items = "".join(
            f'<li data-star="{escape(c["star"])}"><b>{escape(c["star"])}</b>: '
            f"{escape(c['card'] or 'a real card, face down (the app does not know which)')}"
            f"{' (turned over)' if c['turned'] else ''}</li>" for c in view["cards"])
        body = f"Only this phone shows which card lies where:<ul>{items}</ul>"
    return (f'<div class="own-view" data-seat="{view["seat"]}" style="font-size:1.05rem">'
            f"{head}{body}</div>")
