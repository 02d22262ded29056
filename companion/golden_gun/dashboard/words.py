"""The Golden Gun page in words and HTML, drawn from the state (no Panel here): the step
and its verdict, the odds of the step, the bullets and wounds, the search's progress, the
deck, the next-card chart, the whole-search figure and the effect table."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from html import escape

from companion.core.dice import percent
from companion.core.words import counted
from companion.golden_gun import bot, odds, rules
from companion.golden_gun.dashboard.looks import INFO, KIND_BARS, LATER_BAR, LOST, NEUTRAL_BAR, WON
from companion.golden_gun.effects import describe
from companion.golden_gun.engine import GoldenGunState
from companion.ui import odds_html

# The room sequence.

def step_html(state: GoldenGunState) -> str:
    if state.is_over:
        colour = WON if state.ended == "won" else LOST
        return (f'<div class="game-over" style="border:4px solid {colour};border-radius:10px;'
                f'padding:10px 14px"><div style="font-size:1.5rem;font-weight:700;'
                f'color:{colour}">{escape(state.result or "")}</div>'
                f"<div>Rooms entered: {len(state.entered)}; bullets left: {state.ammo}; "
                f"wounds: {state.wounds} of {rules.KILLING_WOUNDS}; blue cards read: "
                f"{len(state.drawn)}.</div><div>Start a new game below, or undo the last "
                "action in the log.</div></div>")
    return (f'<div class="step" style="font-size:1.25rem;font-weight:600">'
            f"{escape(state.step_text)}</div>")


def verdict_html(state: GoldenGunState) -> str:
    event = state.last_event
    if event is None:
        first = ("Tap Set up to shuffle the cards and lay the first maze section."
                 if state.phase == "setup" else
                 "Tap the room of your maze Bond enters first (along an edge).")
        return f'<div class="verdict" style="opacity:0.8">{first}</div>'
    colour = {"success": WON, "failure": LOST}.get(event.outcome, INFO)
    return (f'<div class="verdict" style="font-size:1.1rem;border-left:6px solid {colour};'
            f'padding:4px 10px">{escape(event.text)}</div>')


def step_odds_html(state: GoldenGunState,
                   advice: Callable[[GoldenGunState], bot.Advice]) -> str:
    """The odds of the step under way (at Step 5, the advice `advice` gives)."""
    parts = []
    if state.phase == "read":
        p = odds.p_startle_next(state.greens_unseen)
        parts.append(odds_html("A green card not yet seen startles Bond", p,
                               f"averaged over the {sum(state.greens_unseen.values())} "
                               "green cards unseen", outcome="bad"))
    elif state.phase == "roll" and state.green is not None:
        n = state.green
        parts.append(odds_html(f"Green card {n}: Bond keeps calm", odds.p_calm(n),
                               f"two dice, {n} or less (Step 3), no modifiers"))
        parts.append(odds_html(f"Green card {n}: Bond is startled", odds.p_startled(n),
                               f"two dice, more than {n}: he fires by accident at the top "
                               "blue card (Step 4)", outcome="bad"))
    elif state.phase == "dodge":
        parts.append(odds_html("Bond dodges", odds.p_dodge(),
                               "two dice, 4 or less (Wounds and Dodges), no modifiers"))
    elif state.phase == "shot":
        n = state.pending[0][1]
        parts.append(odds_html("Scaramanga's shot kills Bond", odds.p_scaramanga_hits(n),
                               f"two dice, {n} or less ({table_name(state)}); "
                               "no dodge (Scaramanga's Shot)", outcome="bad"))
    elif state.phase == "decide" and state.config.table is not None:
        parts.append(f'<div class="advice" style="font-size:1.05rem;margin:4px 0">'
                     f"<b>Advice:</b> {escape(advice(state).text)}</div>")
    elif state.phase == "move" and not state.is_over:
        for label, p in odds.phase_odds(state).items():
            detail = ("two dice, 10 or less (Ending the Game)" if label == "finds the exit"
                      else next_room_detail(state))
            if label == "survives the next new room" and greens_short(state):
                label = "survives the next new room: at least"
            parts.append(odds_html(label[:1].upper() + label[1:], p, detail))
    return "".join(parts)


def greens_short(state: GoldenGunState) -> bool:
    """Solo with more rooms than green cards: some new rooms hold no card at all."""
    return state.config.mode == "solo" and state.config.section_rooms * \
        rules.MAZE_SECTIONS > sum(state.config.green_deck.values())


def next_room_detail(state: GoldenGunState) -> str:
    exact = ("the next blue card's odds, the unseen greens' startle chance, then the "
             "better of fire and hold")
    if greens_short(state):
        return (f"a lower bound: exact for a room with a green card ({exact}); with "
                f"{state.config.section_rooms} rooms a section some rooms hold no card, "
                "and Bond reads nothing there")
    return f"exact: {exact}"


def table_name(state: GoldenGunState) -> str:
    table = state.config.table
    if table is None:
        return "your printed sheet"
    return "house rule" if table.house_rule else f"table “{table.name}”"


# The tracker and the search.

# The track's marks as classes, the stylesheet of every part that shows `squares_html` (the
# tracker's box; the replay's picture brings it in a <style>): inline, the 15 numbers' styles
# were two thirds of its HTML, and the browser parses an inline style again for every element
# of every redraw (a shot redraws the track).
TRACKER_CSS = f"""
.tracker {{ font-size: 1rem; line-height: 1.7; }}
.ammo-track {{ border-top: 1px solid rgba(127, 127, 127, 0.4);
  border-bottom: 1px solid rgba(127, 127, 127, 0.4); padding: 2px 0; }}
.number {{ display: inline-block; min-width: 22px; line-height: 22px; text-align: center;
  border-radius: 50%; border: 2px solid transparent; opacity: 0.65; }}
.number.here {{ border-color: #8a1c1c; color: #8a1c1c; font-weight: 700; opacity: 1; }}
.wound-dots {{ font-size: 1.3rem; letter-spacing: 2px; color: rgba(127, 127, 127, 0.55); }}
.wound-dots .taken {{ color: {LOST}; }}
"""


def squares_html(ammo: int, wounds: int) -> str:
    """The number track 0-14 with Bond's bullets circled, as the sheet's marker sits, and his
    wounds out of 5 as dots: a scale to read, drawn so that nothing in it looks like a
    button (it is not tapped; the log's actions change it). Styled by `TRACKER_CSS`."""
    numbers = "".join(f'<span class="number{" here" if n == ammo else ""}">{n}</span>'
                      for n in range(rules.MAX_BULLETS + 1))
    dots = "".join('<span class="taken">●</span>' if i < wounds else "<span>○</span>"
                   for i in range(rules.KILLING_WOUNDS))
    return (f'<div class="tracker">'
            f'<div><b class="ammo">Bullets: {ammo}</b> of at most {rules.MAX_BULLETS}</div>'
            f'<div class="ammo-track" aria-hidden="true">{numbers}</div>'
            f'<div><b class="wounds">Wounds: {wounds} of {rules.KILLING_WOUNDS}</b> '
            f'(5 kill Bond) <span class="wound-dots" aria-hidden="true">{dots}</span></div></div>')


def progress_html(state: GoldenGunState) -> str:
    rows = []
    for s in range(1, state.sections + 1):
        n = state.rooms_entered(s)
        rows.append(f"<li>Section {s}: {counted(n, 'room')} entered</li>")
    if state.sections >= rules.MAZE_SECTIONS:
        note = "All four maze sections are on the table."
    elif state.phase == "setup":
        note = "Set up lays the first section."
    elif state.rooms_entered(state.sections) >= rules.ROOMS_BEFORE_NEW_SECTION:
        note = (f"<b>A new section may be added</b> (at Step 1): Bond has entered "
                f"{rules.ROOMS_BEFORE_NEW_SECTION} rooms of section {state.sections}.")
    else:
        need = rules.ROOMS_BEFORE_NEW_SECTION - state.rooms_entered(state.sections)
        note = (f"A new section may be added after {need} more room"
                f"{'s' if need != 1 else ''} in section {state.sections} (New Maze "
                "Sections: at least 5).")
    solex = ("<b style='color:#2e7d32'>Bond has the Solex Agitator: reach an edge room "
             "and look for the exit.</b>" if state.solex else
             "Bond is looking for the Solex Agitator.")
    if state.is_over:
        solex = f"<b>{escape(state.result or '')}</b>"
    mode = "solo (the tablet deals)" if state.config.mode == "solo" else \
        "companion (your board and cards)"
    return (f'<div style="font-size:1rem">{solex}<ul style="margin:4px 0">{"".join(rows)}'
            f"</ul><div>{note}</div><div>Mode: {mode}. Blue card effects: "
            f"{escape(effects_words(state))}.</div></div>")


def effects_words(state: GoldenGunState) -> str:
    table = state.config.table
    if table is None:
        return "your printed sheet (tap what it says)"
    return f"{table.name} (house rule)" if table.house_rule else table.name


def deck_html(state: GoldenGunState) -> str:
    unseen, upper_left = state.deck_knowledge()
    seen = {}
    for kind in state.drawn:
        seen[kind] = seen.get(kind, 0) + 1
    seen_text = ", ".join(f"{k} x{n}" for k, n in seen.items()) or "none yet"
    cards = sum(unseen.values())
    upper = (f"The next {upper_left} come from the upper half: Scaramanga, Nick Nack and the "
             "Solex Agitator cannot turn up before them (Set Up)." if upper_left else
             "The upper half is used up: any card may come next.")
    expected = odds.expected_cards_to_solex(unseen, upper_left)
    solex = (f"The Solex Agitator is, on average, blue card {float(expected):.1f} from now."
             if expected is not None and not state.solex else "")
    return (f'<div style="font-size:1rem"><div>Blue cards still in the deck: {cards}. '
            f"{upper}</div><div>{solex}</div><div>Blue cards read so far: "
            f"{escape(seen_text)}.</div></div>")


def survival_html(chance: Fraction) -> str:
    """The whole-search figure: a percentage and a bar (its exact fraction is too long)."""
    width = float(chance) * 100
    return (
        "<div class='survival' style='margin:4px 0'><div style='display:flex;"
        "justify-content:space-between;font-size:1.05rem;gap:8px'><span>Chance Bond is killed "
        f"before he finds the Solex Agitator</span><b style='font-size:1.3rem'>{percent(chance)}"
        "</b></div><div style='height:14px;border-radius:7px;background:rgba(127,127,127,0.25)'>"
        f"<div style='height:14px;border-radius:7px;width:{width:.2f}%;background:{LOST}'></div>"
        "</div><div style='font-size:0.9rem;opacity:0.85'>An estimate, within about 0.3 points: "
        "exact over the deck, bullets and wounds, with every future green card's startle chance "
        "averaged and Bond always taking the better of fire and hold.</div></div>")


def next_card_html(unseen: dict[str, int], chances: dict[str, Fraction]) -> str:
    """The next blue card's chances as a bar chart, one bar per kind still in the deck,
    its percentage written beside it (nothing is left to a hover). The Solex Agitator's bar
    is green and Scaramanga's red; the rest are neutral; kinds that cannot come yet say so."""
    rows = []
    for kind in rules.BLUE_KINDS:
        if not unseen.get(kind):
            continue
        chance = chances.get(kind)
        width = float(chance or 0) * 100
        figure = percent(chance) if chance else "not yet"
        colour = KIND_BARS.get(kind, NEUTRAL_BAR) if chance else LATER_BAR
        rows.append(
            f'<div class="next-card" style="display:grid;grid-template-columns:9.5em 1fr 4.5em;'
            f'gap:8px;align-items:center;margin:3px 0"><span>{escape(kind)}</span>'
            f'<div style="height:18px;border-radius:4px;background:rgba(127,127,127,0.18)">'
            f'<div style="height:18px;border-radius:4px;width:{width:.2f}%;background:{colour}">'
            f'</div></div><b style="text-align:right;font-size:{1 if chance else 0.8}rem">'
            f"{figure}</b></div>")
    return ('<div class="next-card-chart" style="font-size:1rem;margin:6px 0">'
            '<div style="font-weight:700;margin-bottom:4px">Next blue card: the chance of each '
            f'kind (exact)</div>{"".join(rows)}</div>')


def table_html(state: GoldenGunState) -> str:
    table = state.config.table
    if table is None:
        return ("<p>Your group follows its printed Blue Card Summary Sheet: at each card, "
                "tap what the sheet says, then <i>Done with this card</i>.</p>")
    rows = "".join(
        f"<tr><td><b>{escape(kind)}</b></td><td>{escape(describe(steps['fire']))}</td>"
        f"<td>{escape(describe(steps['hold']))}</td></tr>"
        for kind, steps in table.cards.items())
    label = " <b>(house rule)</b>" if table.house_rule else ""
    return (f"<p>{escape(table.name)}{label}</p><table class='effects' style='font-size:"
            "0.95rem;border-collapse:collapse' cellpadding='4'><tr><th align='left'>Card"
            "</th><th align='left'>Fire</th><th align='left'>Hold</th></tr>"
            f"{rows}</table>")
