"""The table drawn as HTML from the public view only: pot, piles, each seat's chips and cards.

It takes a `PublicView`, which holds no down card, so nothing drawn here can show one.
Names are the players' own text and are always escaped.
"""

from __future__ import annotations

from collections import Counter
from html import escape

from companion.mb007_cards import chips as ch
from companion.mb007_cards import rules
from companion.mb007_cards.rules import CARDS, CHIP_VALUES, Card, card_text
from companion.mb007_cards.views import PublicView, SeatInfo

# A card drawn as a card: on the table, in the peek (its own shadow root) and on a phone.
CARD_CSS = """
.card { display:inline-flex; align-items:center; justify-content:center; width:34px;
  height:48px; border-radius:5px; background:#fffdf7; color:#1b1b1b; font-weight:800;
  font-size:1.2rem; border:1px solid #9e9e9e; box-sizing:border-box; }
.card.wild { color:#b71c1c; font-size:0.9rem; }
.card.back { background:repeating-linear-gradient(45deg,#8a1c1c 0 5px,#6d1414 5px 10px);
  border-color:#4e0d0d; }
.card.mini { width:24px; height:34px; font-size:0.95rem; }
.card.mini.wild { font-size:0.7rem; }
.card.big { width:70px; height:98px; font-size:2.4rem; }
.card.big.wild { font-size:1.6rem; }
"""

CHIP_COLOURS = {"blue": "#1565c0", "red": "#c62828", "white": "#eceff1"}
TABLE_CSS = """
.t-top { display:flex; flex-wrap:wrap; gap:6px 14px; align-items:center; font-size:1.05rem; }
.t-pot { font-size:1.45rem; font-weight:700; }
.t-seats { display:grid; grid-template-columns:repeat(auto-fill, minmax(150px, 1fr));
  gap:6px; margin-top:6px; }
.t-seat { border:2px solid rgba(127,127,127,0.35); border-radius:8px; padding:4px 6px;
  line-height:1.25; min-width:0; }
.t-seat.on { border-color:#8a1c1c; box-shadow:0 0 0 2px #8a1c1c inset; }
.t-seat.out { opacity:0.5; }
.t-name { font-weight:700; overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
.t-pts { font-size:1.15rem; font-weight:700; }
.t-chips { font-size:0.8rem; opacity:0.85; }
.t-cards { display:flex; gap:4px; margin:3px 0; min-height:50px; align-items:center; }
.t-state { font-size:0.9rem; min-height:1.2em; }
.dot { display:inline-block; width:11px; height:11px; border-radius:50%;
  border:1px solid #616161; vertical-align:-1px; margin-right:2px; }
.t-note { font-size:0.85rem; opacity:0.8; margin-top:4px; }
.t-discards { display:flex; flex-wrap:wrap; gap:2px; align-items:center; }
"""


VALUES_TEXT = ", ".join(f"{colour} {value}" for colour, value in CHIP_VALUES.items())
CHIPS_NOTE = (f'<div class="t-note">Chips are shown as the fewest of each colour ({VALUES_TEXT}) '
              "worth the points: the bank makes change, and the points are what count.</div>")


def card_html(card: Card, size: str = "") -> str:
    wild = " wild" if card == "007" else ""
    return f'<span class="card {size}{wild}">{card_text(card)}</span>'


def back_html(size: str = "") -> str:
    return f'<span class="card back {size}" role="img" aria-label="a face-down card"></span>'


def chips_html(chips: ch.Chips) -> str:
    """The chips as the fewest of each colour worth their points (changed at the bank)."""
    chips = ch.fewest(ch.points(chips))
    dots = []
    for count, (colour, hex_) in zip(chips, CHIP_COLOURS.items(), strict=True):
        if count:
            dots.append(f'<span style="white-space:nowrap"><span class="dot" '
                        f'style="background:{hex_}"></span>{count} {colour}</span>')
    return " ".join(dots) or "no chips"


def seat_html(view: PublicView, seat: SeatInfo) -> str:
    on = seat.index == view.to_act and not view.is_over
    classes = "t-seat" + (" on" if on else "") + (" out" if seat.out else "")
    cards = (f"{card_html(seat.up[0])}{back_html()}{card_html(seat.up[1])}" if seat.has_cards
             else '<span style="opacity:0.7">no cards</span>')
    tag = " · bot" if seat.bot else ""
    return (f'<div class="{classes}" data-seat="{seat.index}">'
            f'<div class="t-name">{escape(seat.name)}{tag}</div>'
            f'<div><span class="t-pts">{seat.points}</span> points</div>'
            f'<div class="t-chips">{chips_html(seat.chips)}</div>'
            f'<div class="t-cards">{cards}</div>{shown_html(seat)}'
            f'<div class="t-state">{escape(seat_state(view, seat))}</div></div>')


def shown_html(seat: SeatInfo) -> str:
    """The down card the table saw when his bluff was called (Rules for Play 6), kept in
    view until he replaces it."""
    if seat.shown_card is None:
        return ""
    return (f'<div class="t-shown" style="font-size:0.95rem">down: '
            f"{escape(card_text(seat.shown_card))} (shown when the bluff was called)</div>")


def seat_state(view: PublicView, seat: SeatInfo) -> str:
    """What this seat is doing: on turn, announced, accepted, called, out."""
    if seat.out:
        return "out of the game"
    answers = dict(view.responses)
    if view.phase in ("respond", "reveal") and seat.index == view.turn:
        return "announced!"
    if seat.index in answers:
        return "accepts" if answers[seat.index] == 0 else f"calls, bet {answers[seat.index]}"
    if seat.index == view.to_act and not view.is_over:
        return "to answer" if view.phase == "respond" else "on turn"
    return ""


def discards_html(discards: tuple[Card, ...], shown: int = 10) -> str:
    if not discards:
        return "none"
    if len(discards) <= shown:
        return "".join(card_html(c, "mini") for c in discards)
    counts = Counter(discards)
    summary = ", ".join(f"{counts[c]} x {card_text(c)}" for c in CARDS if counts[c])
    return f"{len(discards)} cards, top {card_html(discards[-1], 'mini')} ({summary})"


def table_html(view: PublicView) -> str:
    """The whole public table: pot and piles on top, then one box per seat."""
    top = (f'<div class="t-top"><span class="t-pot">Pot {view.pot_points}</span>'
           f'<span>({chips_html(view.pot)})</span>'
           f"<span>Draw pile {view.draw_count}</span>"
           f'<span class="t-discards">Discards: {discards_html(view.discards)}</span></div>')
    seats = "".join(seat_html(view, s) for s in view.seats)
    return (f"<style>{CARD_CSS}{TABLE_CSS}</style><div class=\"table-view\">{top}"
            f'<div class="t-seats">{seats}</div></div>')


def standings_html(view: PublicView) -> str:
    rows = "".join(f"<tr><td>{i}.</td><td>{escape(name)}</td><td><b>{points}</b> points</td>"
                   f"</tr>" for i, (name, points) in enumerate(view.standings, start=1))
    return (f'<table class="standings" style="font-size:1.1rem;border-spacing:10px 2px">'
            f"{rows}</table>")


def payouts_html() -> str:
    """The winning combinations and what each answer pays, from the rulebook's constants."""
    accepted, bets = rules.ACCEPTED_PAYOUT, "/".join(map(str, rules.BETS))
    lines = (
        f"<b>Wins</b>: three of a kind, or a run of {rules.RUN_LENGTH} (007 is wild; a run "
        "does not wrap from 7 to 1).",
        f"<b>All accept</b>: holding, +{accepted[True]} from the pot; bluffing, "
        f"+{accepted[False]}.",
        f"<b>Called</b> (bets {bets}): holding, the announcer wins every bet and "
        f"{rules.CALLED_HOLDING_FROM_POT} from the pot; bluffing, pays each caller their "
        f"bet and {rules.CALLED_BLUFF_TO_POT} to the pot.",
        "<b>The end</b>: the pot is empty; the most points wins.",
        CHIPS_NOTE,
    )
    return ('<div class="payouts" style="font-size:0.95rem;line-height:1.35;margin-top:6px">'
            + "".join(f"<div>{line}</div>" for line in lines) + "</div>")
