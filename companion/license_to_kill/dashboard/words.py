"""The table in words and HTML for the dashboard: pure functions of a state or a card.

No Panel here: each function returns a string (or names by piece id), so the views
only decide where it goes. Face-down cards are never named (a shared screen's view).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

from companion.license_to_kill import rules
from companion.license_to_kill.actions import AssignmentIntrigue, MoveQ
from companion.license_to_kill.assignment import Check
from companion.license_to_kill.cards import Card, icons_text
from companion.license_to_kill.engine import LtkState
from companion.ui import folded_html
from companion.ui.review_file import side_colours

WON, LOST, INFO = "#2e7d32", "#b71c1c", "#455a64"
CHIP = ("display:inline-block;border:1px solid rgba(127,127,127,0.6);border-radius:6px;"
        "padding:4px 8px;margin:2px;line-height:1.3;")
DOWN_CHIP = CHIP + "background:repeating-linear-gradient(45deg,rgba(127,127,127,0.25) 0 6px," \
                   "transparent 6px 12px);font-style:italic"
HOUSE_LABEL = '<span class="house-rule" style="background:#ffe082;color:#3e2723;' \
              'border-radius:4px;padding:1px 6px;font-size:0.85rem">house rule</span>'


# Cards.

def card_facts(card: Card) -> str:
    """'Henchman, PV 9, CV 3, needs Hand-to-hand 2' in words (a blank value is left out)."""
    parts = [card.type, *_values(card.pv, card.cv)]
    if card.provides:
        parts.append("gives " + icons_words(card.provides))
    if card.requires:
        parts.append("needs " + icons_words(card.requires))
    return ", ".join(parts)


def card_label(card: Card) -> str:
    """A short choice label: 'Oddjob (PV 9, CV 3)'; the full facts are on the table."""
    values = ", ".join(_values(card.pv, card.cv))
    return f"{card.title} ({values})" if values else card.title


def pick_label(card: Card) -> str:
    """A card as a picker offers it, with its type and values: 'Oddjob (Henchman, PV 9,
    CV 3)', and what it gives or needs."""
    return f"{card.title} ({card_facts(card)})"


def icons_words(icons: Iterable[tuple[str, int]]) -> str:
    return ", ".join(name if count == 1 else f"{name} {count}" for name, count in icons)


def _values(pv: int | None, cv: int | None) -> list[str]:
    return [f"{name} {value}" for name, value in (("PV", pv), ("CV", cv)) if value is not None]


def needed(card: Card, factor: str) -> str:
    """What a card asks of one factor ('PV', 'CV' or an icon), '' when nothing."""
    if factor in ("PV", "CV"):
        return str(card.value(factor))
    return str(dict(card.requires).get(factor, ""))


# Pieces on the table.

def piece_names(state: LtkState) -> dict[int, str]:
    """'Oddjob (Ann's Main Plot 1, PV 9, CV 3)' for every piece on the table."""
    names = {}
    for player in state.view()["players"]:
        for piece in player["agency"]:
            names[piece["id"]] = _piece_name(state, piece, f"{player['name']}'s Agency")
        for m, stack in enumerate(player["zone"], start=1):
            for piece in stack:
                names[piece["id"]] = _piece_name(state, piece,
                                                 f"{player['name']}'s Main Plot {m}")
    return names


def short_names(names: dict[int, str]) -> dict[int, str]:
    """The names of `piece_names` without what is in brackets: 'Oddjob'."""
    return {i: re.sub(r" \(.*", "", name) for i, name in names.items()}


def _piece_name(state: LtkState, piece: dict, where: str) -> str:
    if piece["title"] is None:
        return f"a face-down card ({where})"
    strength = state.strength(state.piece(piece["id"]))
    values = ", ".join(_values(strength.pv, strength.cv))
    return f"{piece['title']} ({where}{', ' + values if values else ''})"


def plot_words(state: LtkState, owner: int, m: int) -> str:
    """"Ann's Main Plot 1: Oddjob, face down" (bottom first)."""
    view = state.view()["players"][owner]
    titles = [p["title"] or "face down" for p in view["zone"][m]]
    return f"{view['name']}'s Main Plot {m + 1}: {', '.join(titles)}"


def move_words(state: LtkState, action: MoveQ, short: dict[int, str]) -> str:
    """'Q1 to B3 in exchange for Car1'."""
    q = next(q for p in state.players[state.turn.player].agency for q in p.attached
             if q.id == action.card)
    words = f"{q.title} to {short[action.holder]}"
    if action.exchange_for is not None:
        back = next(x for x in state.piece(action.holder).attached
                    if x.id == action.exchange_for)
        words += f" in exchange for {back.title}"
    return words


# The turn.

# The checklist's marks as classes, the stylesheet of the box that shows it: the browser
# parses an inline style again for every element of every redraw (every step redraws it).
CHECKLIST_CSS = """
.checklist { line-height: 1.8; }
.step { display: inline-block; padding: 2px 0; }
.step-done { color: #595959; }
.step-now { font-weight: 700; color: #8a1c1c; border-bottom: 3px solid #8a1c1c; }
.step-to-do { opacity: 0.85; }
.between { opacity: 0.5; }
"""


def checklist_html(state: LtkState) -> str:
    """The turn's six steps as a line of text to read: done, now (underlined), to do; no
    box or fill, since nothing in it is tapped (the Done button moves on). Styled by
    `CHECKLIST_CSS`."""
    marks = {"done": "✓", "now": "▶", "to do": ""}
    steps = [f'<span class="step step-{status.replace(" ", "-")}">{marks[status]} {number}. '
             f"{escape(name)}</span>"
             for number, (name, status) in enumerate(state.checklist(), start=1)]
    between = '<span class="between"> &rsaquo; </span>'
    return f'<div class="checklist">{between.join(steps)}</div>'


def own_plots_html(view: dict) -> str:
    """A player's own Plot Zone for his own phone (`views.private_view`): each Main Plot
    bottom first, his face-down cards named. Never drawn on a shared screen."""
    plots = []
    for m, stack in enumerate(view["main_plots"], start=1):
        cards = "".join(
            f'<li class="own-card{"" if c["face_up"] else " own-face-down"}">'
            f'<b>{escape(c["title"])}</b> ({escape(c["type"])}, '
            f'{"face up" if c["face_up"] else "face down"})</li>' for c in stack)
        plots.append(f'<div class="own-plot"><b>Main Plot {m}</b> <small>(bottom first)'
                     f"</small><ol style=\"margin:2px 0 6px\">{cards}</ol></div>")
    hidden = len(view["face_down"])
    head = (f"{escape(view['name'])}: {hidden} card{'s' * (hidden != 1)} face down. Only "
            "this phone shows their titles; the table sees \"face down\".")
    return (f'<div class="own-plots" data-seat="{view["seat"]}" style="font-size:1.05rem;'
            f'line-height:1.4"><p>{head}</p>{"".join(plots) or "<i>no Main Plot yet</i>"}'
            "</div>")


def setup_player(state: LtkState) -> int | None:
    """The first player still to set up, or None."""
    return next((p for p, player in enumerate(state.players) if not player.ready), None)


def status_html(state: LtkState) -> str:
    if state.is_over:
        return (f'<div class="game-over" style="font-size:1.4rem;padding:12px;'
                f'border:3px solid {WON};border-radius:8px"><b>Game over.</b> '
                f"{escape(state.result)}. Undo in the log to go back.</div>")
    if state.turn is None:
        player = setup_player(state)
        who = "" if player is None else f": {escape(state.players[player].name)} next"
        return f'<div class="status" style="font-size:1.2rem"><b>Setting up</b>{who}</div>'
    turn = state.turn
    extra = " · an assignment is in progress" if state.assignment is not None else ""
    return (f'<div class="status" style="font-size:1.2rem">Turn {turn.number}: '
            f"<b>{escape(state.players[turn.player].name)}</b> · "
            f"{escape(turn.step_name)}{extra}</div>")


def verdict_html(state: LtkState, chance: str = "") -> str:
    """The last event; `chance`: the odds its roll had, kept beside the result."""
    event = state.last_event
    if event is None:
        return ('<div class="verdict" style="font-size:1.05rem">No action yet: each player '
                "sets up first.</div>")
    color = {"success": WON, "failure": LOST}.get(event.outcome, INFO)
    odds = (f'<div class="verdict-chance" style="font-size:0.95rem;opacity:0.85">'
            f"{escape(chance)}</div>") if chance else ""
    return (f'<div class="verdict" style="font-size:1.1rem;border-left:6px solid {color};'
            f'padding:6px 12px">{escape(event.text)}{odds}</div>')


# Assignments.

def check_html(check: Check) -> str:
    """Each factor of an assignment: needed, what the team has, met or missing."""
    if not check.lines:
        return "<p>Nothing is needed.</p>"
    cell = 'style="padding:2px 12px 2px 0"'
    number = 'style="padding:2px 12px 2px 0;text-align:right;font-variant-numeric:tabular-nums"'
    rows = "".join(
        f'<tr class="{"met" if line.met else "missing"}"><td {cell}>{escape(line.factor)}</td>'
        f"<td {number}>{line.needed}</td><td {number}>{line.have}</td><td {cell}>"
        + (f"<b style='color:{WON}'>✓ met</b>" if line.met else
           f"<b style='color:{LOST}'>✗ missing {line.needed - line.have}</b>") + "</td></tr>"
        for line in check.lines)
    verdict = (f"<b style='color:{WON}'>Every requirement met.</b>" if check.met else
               f"<b style='color:{LOST}'>Not enough yet.</b>")
    head = "".join(f'<th {style}>{name}</th>' for name, style in (
        ("Icon", cell), ("Needed", number), ("Team has", number), ("Enough?", cell)))
    return (f'<table class="check" style="font-size:1.05rem;border-collapse:collapse">'
            f"<tr>{head}</tr>{rows}</table><p>{verdict}</p>")


def effect_words(effect: AssignmentIntrigue) -> str:
    changes = [f"{k} {v:+d}" for k, v in (("PV", effect.pv), ("CV", effect.cv)) if v]
    changes += [f"{icon} {count:+d}" for icon, count in effect.icons]
    return ", ".join(changes) or "no change"


# The table and the ledger.

def table_html(state: LtkState) -> str:
    """Each player's Agency and Plot Zone as the table shows them, face-down cards hidden."""
    current = None if state.turn is None else state.turn.player
    colours = player_colours(state.config.names)
    blocks = [_player_html(state, player, colour, p == current)
              for p, (player, colour) in enumerate(zip(state.view()["players"], colours,
                                                       strict=True))]
    return f'<div class="ltk-table">{"".join(blocks)}</div>'


def player_colours(names: tuple[str, ...]) -> list[str]:
    """Each player's colour, in seat order: the review's chart's for him (the race and the
    table drew Player 1 red and the review blue, a newcomer's play-test)."""
    colours = side_colours(names)
    return [colours[name] for name in names]


def _player_html(state: LtkState, player: dict, color: str, to_play: bool) -> str:
    marker = " · to play" if to_play else ""
    agency = "".join(chip_html(state, c) for c in player["agency"]) or "<i>empty</i>"
    plots = "".join(
        f'<div class="main-plot"><b>Main Plot {m}</b> <small>(bottom first)</small><br>'
        f'{"".join(chip_html(state, c) for c in stack)}</div>'
        for m, stack in enumerate(player["zone"], start=1)) or "<i>no Main Plot</i>"
    won = f"<div>Won: {escape(', '.join(player['won']))}</div>" if player["won"] else ""
    won += _discards_html(player)
    return (f'<div class="player" style="border-left:6px solid {color};padding:4px 10px;'
            f'margin:6px 0"><div style="font-size:1.15rem"><b>{escape(player["name"])}'
            f'</b> · {player["points"]} Plot Points{marker}</div>'
            f'<div class="agency"><b>Agency</b><br>{agency}</div>'
            f'<div class="zone"><b>Plot Zone</b><br>{plots}</div>{won}</div>')


def _discards_html(player: dict) -> str:
    """Preparing to Play: Plot cards are discarded face up, Action cards face down."""
    parts = []
    if player["plot_discard"]:
        parts.append(f"Plot discard (face up): {escape(', '.join(player['plot_discard']))}")
    if player["action_discard"]:
        count = player["action_discard"]
        parts.append(f"Action discard: {count} card{'s' * (count != 1)}")
    return "".join(f'<div class="discard">{part}</div>' for part in parts)


def chip_html(state: LtkState, piece: dict) -> str:
    if piece["title"] is None:
        return f'<span class="card face-down" style="{DOWN_CHIP}">face down</span>'
    card = state.library[piece["title"]]
    attached = "".join(f"<br>+ {escape(a['title'])}" for a in piece["attached"])
    demoted = ' <b style="color:#b71c1c">Demoted</b>' if piece["demotions"] else ""
    return (f'<span class="card" style="{CHIP}"><b>{escape(piece["title"])}</b>{demoted}'
            f'<br><span style="font-size:0.85rem">{escape(card_facts(card))}</span>'
            f"{attached}</span>")


def points_html(state: LtkState) -> str:
    """Each player's Plot Points, the history behind them behind a tap."""
    rows = []
    points = state.points()
    for p, player in enumerate(state.players):
        history = "".join(f"<li>{e.change:+d}: {escape(e.reason)}</li>"
                          for e in state.history_of(p))
        rows.append(folded_html(f"<b>{escape(player.name)}</b>: {points[p]} Plot Points",
                                f"<ul>{history}</ul>", summary_style="font-size:1.1rem"))
    return (f'<div class="points">{"".join(rows)}<p>{rules.WINNING_POINTS} or more wins, '
            "when reached by Overcoming an opponent's Plot.</p></div>")


# The library.

def library_html(cards: Iterable[Card]) -> str:
    """The card library as a table, invented fields named."""
    rows = []
    for card in sorted(cards, key=lambda c: (rules.CARD_TYPES.index(c.type), c.title)):
        flags = [f for f in ("unique", "ally", "vehicle") if getattr(card, f)]
        invented = f"<i>invented: {escape(', '.join(card.invented))}</i>" \
            if card.invented else ""
        cells = [f"<b>{escape(card.title)}</b>", card.type, _blank(card.pv), _blank(card.cv),
                 escape(icons_text(card.provides)), escape(icons_text(card.requires)),
                 ", ".join(flags), invented]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    head = "".join(f"<th>{h}</th>" for h in ("Title", "Type", "PV", "CV", "Gives", "Needs",
                                             "Kind", "Not from the rulebook"))
    # It scrolls: a keyboard reaches it (tabindex) and a screen reader names it.
    return ('<div tabindex="0" role="region" aria-label="The card library" '
            'style="max-height:420px;overflow-y:auto">'
            f'<table class="library" style="border-collapse:collapse;font-size:0.95rem">'
            f"<tr>{head}</tr>{''.join(rows)}</table></div>")


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)
