"""The odds in words and bars: for the player on turn, for a responder, and in the peek.

On the page (`turn_odds_html`, `respond_odds_html`) the figures come from a view whose own
down card is set aside, so they say nothing of it; the peek (`peek_html`) adds the card and
the figures that use it, shown only while the button is held.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from html import escape
from typing import Any

from companion.core.dice import percent
from companion.mb007_cards import rules
from companion.mb007_cards.actions import Announce, Draw, DrawCard, Pass, Replace, Respond
from companion.mb007_cards.dashboard.table_html import card_html
from companion.mb007_cards.odds import (
    AnnouncerModel,
    announcer_model,
    answer_ev,
    answer_win_shares,
    best_answer_to_win,
    best_replacement,
    p_announcer_holds,
    replacement_outcomes,
    turn_odds,
)
from companion.mb007_cards.views import PrivateView
from companion.ui import odds_html

SLOT_WORDS = {"left": "the left up card", "down": "the down card", "right": "the right up card"}
# The page's figures leave the player's own down card out; the peek's count it. Each says so.
TABLE_SEES = "From what the table sees (your down card not counted)"
KNOWING = "Knowing your down card"


def ev_text(ev: Fraction | None) -> str:
    if ev is None:
        return "not possible"
    return f"{float(ev):+.2f} chips"


def public_part(view: PrivateView) -> PrivateView:
    """The view with its own down card (and a card just drawn) set aside: what may stay on
    a shared screen."""
    return replace(view, down=None, drawn=None)


def basis_heading(view: PrivateView) -> str:
    """What the figures below rest on: his down card (on his own phone), or what the table
    sees, leaving his down card out only when he holds one."""
    if view.down is not None:
        return KNOWING
    if not view.me.has_cards:
        return "From what the table sees"
    if view.me.shown_card is not None:
        return "From what the table sees (your down card too: it was shown)"
    hint = "; hold the peek for the odds knowing it" if view.public.mode == "tablet" else ""
    return TABLE_SEES + hint


def advised_action(view: PrivateView) -> Any:
    """The choice the figures of `view` advise, or None where they cannot say (a shared
    screen that does not know his down card, with a combination still possible)."""
    public = view.public
    if public.phase == "respond":
        return Respond(view.seat, best_answer_to_win(view))
    if public.phase == "choosing":
        return Replace(best_replacement(view)) if view.drawn is not None else None
    if public.phase not in ("turn", "drawn"):
        return None
    odds = turn_odds(view)
    if odds.holding:
        return Announce()
    if odds.holding is None and odds.ev_honest is not None:
        return None  # he may hold it: only his down card says
    if public.phase == "drawn":
        return Announce() if odds.ev_bluff is not None and odds.ev_bluff > 0 else Pass()
    if public.draw_then_choose:
        return DrawCard()
    return Draw(max(rules.SLOTS, key=lambda slot: odds.draws[slot])) \
        if public.mode == "tablet" else None


ACTION_WORDS = {Announce: "announce", Pass: "pass", DrawCard: "draw", Draw: "draw",
                Replace: "place it as marked best"}


def turn_odds_html(view: PrivateView) -> str:
    """For the player on turn: each draw's chance, and what announcing is worth."""
    odds = turn_odds(view)
    parts = [f'<div class="odds-basis" style="font-size:1rem;font-weight:700">'
             f"{basis_heading(view)}:</div>"]
    if odds.draw_then_choose is not None:  # the card is seen first: one chance says it
        parts.append(odds_html("Draw, look, then choose: a combination", odds.draw_then_choose,
                               outcome="good"))
    else:
        parts += [odds_html(f"Replace {SLOT_WORDS[slot]}: a combination", chance,
                           outcome="good") for slot, chance in odds.draws.items()]
    parts.append(
        '<div class="ev" style="font-size:1.02rem;margin-top:4px">'
        f"Announce holding it: <b>{ev_text(odds.ev_honest)}</b> · bluffing: "
        f"<b>{ev_text(odds.ev_bluff)}</b> · passing: <b>+0.00</b> (on average, against "
        "opponents who answer as the app would, knowing how often you have bluffed)</div>")
    return "".join(parts)


def choosing_odds_html(view: PrivateView) -> str:
    """The player who drew, choosing where the card goes: what each choice makes (only
    with the card in view: his own phone, or the peek); on a shared screen, where to see."""
    if view.drawn is None:
        name = view.me.name
        return (f'<div class="odds-basis" style="font-size:1rem">{escape(name)} has drawn a '
                f"card and chooses which card it replaces. Only {escape(name)} sees it: in "
                "the peek, or on their own phone.</div>")
    return _choices_html(view)


PLACES = {"left": "left up", "down": "down", "right": "right up"}


def _choices_html(view: PrivateView) -> str:
    """What the card he drew makes in each place, in one short line (it fits the peek)."""
    made = replacement_outcomes(view)
    best = best_replacement(view)
    why = "best" if made[best] != "no combination" else \
        "best: leaves the most cards that would make one next turn"
    places = " · ".join(f"{PLACES[slot]}: <b>{escape(what)}</b>"
                        f"{f' ({why})' if slot == best else ''}" for slot, what in made.items())
    return (f'<div class="pk-drawn">You drew a <b>{rules.card_text(view.drawn)}</b>. In '
            f"place of the {places}.</div>")


def respond_odds_html(view: PrivateView) -> str:
    """For a responder: the chance the announcer holds it given that he announced, what it
    rests on, and the answer that gives him the best chance of winning (each answer's
    worth in chips is on its button)."""
    model = announcer_model(view)
    basis = basis_text(model) if model.shown is not None else \
        f"{basis_heading(view)}: {basis_text(model)}"
    return (odds_html(f"{model.name} holds it", model.holds, basis, "neutral")
            + f'<div class="ev" style="font-size:1.02rem">{best_answer_text(view)} On the '
              "buttons: chips, yours less theirs, on average.</div>")


def best_answer_text(view: PrivateView) -> str:
    """'Best to win: call 1: your chance of ending with the most points about 36% (accept
    31%, ...)': the answer a player who plays to win gives, and the estimate it rests on.
    Whole percentages, or tenths where two would read the same."""
    shares = answer_win_shares(view)
    best = best_answer_to_win(view, shares)
    digits = 0 if len({round(100 * share) for share in shares.values()}) == len(shares) else 1
    others = ", ".join(f"{answer_words(bet)} {share:.{digits}%}"
                       for bet, share in shares.items() if bet != best)
    others = f" ({others})" if others else ""
    tie = "; as good as the same, so the chips decide" \
        if shares[best] < max(shares.values()) else ""
    return (f"Best to win: <b>{answer_words(best)}</b>: your chance of ending first about "
            f"{shares[best]:.{digits}%}{others}, an estimate from the points and the pot"
            f"{tie}.")


def answer_words(bet: int) -> str:
    return "accept" if bet == rules.ACCEPT else f"call {bet}"


def basis_text(model: AnnouncerModel) -> str:
    """What the chance that he holds rests on, in one sentence."""
    if model.shown is not None:
        return (f"their down card, a {rules.card_text(model.shown)}, was shown when the bluff "
                "was called")
    cards = (f"before they announced, their cards and how they came by them gave "
             f"{percent(model.cards)}")
    if model.cards in (0, 1):
        return cards
    return (f"{cards}; a player without one announces anyway about {percent(model.rate)} of "
            f"the time, in the app's model (a solved simple game says "
            f"{percent(model.position_rate)} in their spot; {model.record.text(model.name)})")


def _answers(view: PrivateView) -> list[int]:
    return [bet for bet in (rules.ACCEPT, *rules.BETS) if bet <= view.me.points]


def bet_ev(view: PrivateView, bet: int) -> str:
    return ev_text(answer_ev(view, bet))


def bet_value(view: PrivateView, bet: int) -> str:
    """An answer's worth, short enough for its button: '+1.25'."""
    return f"{float(answer_ev(view, bet)):+.2f}"


def peek_html(view: PrivateView) -> str:
    """The peek: the down card, what it makes, and the odds that use it."""
    if view.down is None:
        return '<div style="font-size:1.05rem">No down card to see.</div>'
    me = view.me
    made = rules.combination_name((*me.up, view.down))
    up = " and ".join(map(rules.card_text, me.up))
    text = [f'<div class="pk-made">Your down card: with {up} up, <b>{escape(made)}</b>.</div>']
    if view.drawn is not None:
        text.append(_choices_html(view))
    if view.public.phase in ("turn", "drawn") and view.public.turn == view.seat:
        odds = turn_odds(view)
        draws = " · ".join(f"{slot} {percent(chance)}" for slot, chance in odds.draws.items())
        if odds.draw_then_choose is not None:
            draws = f"drawing first and then choosing {percent(odds.draw_then_choose)}"
        ev = odds.ev_honest if odds.holding else odds.ev_bluff
        what = "announcing (honest)" if odds.holding else "bluffing"
        draw_text = f"a draw makes one: {draws}; " if draws else ""
        advice = advised_action(view)
        best = f" Best: <b>{ACTION_WORDS[type(advice)]}</b>." if advice is not None else ""
        text.append(f"<div>{KNOWING}, {draw_text}{what}: {ev_text(ev)}.{best}</div>")
    if view.public.phase == "respond" and view.public.to_act == view.seat:
        p = p_announcer_holds(view)
        answers = " · ".join(f"{answer_words(bet)} {bet_value(view, bet)}".replace(" ", "&nbsp;")
                             for bet in _answers(view))
        best = answer_words(best_answer_to_win(view))
        announcer = escape(view.public.seats[view.public.turn].name)
        text.append(f"<div>{KNOWING}: {announcer} holds it {percent(p)}; {answers}. Best to win: "
                    f"<b>{best}</b>.</div>")
    return (f'<div class="down-face pk-face">{card_html(view.down, "big")}'
            f'<div class="pk-text">{"".join(text)}</div></div>')
