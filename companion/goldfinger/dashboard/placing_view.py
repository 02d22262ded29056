"""Set Up on the table: the Enemy player places the five cards by the stars (and may point
his cars), then the Bond player places the Aston Martin.

The rows are rebuilt when they change, which is rare. The cards chosen so far
(`Picks.placing`, the dashboard's `placing`) belong to this page alone until "Place the
cards": on the Enemy's own phone (seat 1) they never reach another page. The tablet keeps its own
controls for a group without phones, and says so when the Enemy's phone is open.
"""

from __future__ import annotations

from typing import Any

import panel as pn

from companion.goldfinger import bot, rules
from companion.goldfinger import engine as e
from companion.goldfinger.dashboard.parts import WIDE, Hooks
from companion.goldfinger.dashboard.words import (
    HIDDEN,
    PHONE_PLACING,
    PLACED_ELSEWHERE,
    REAL,
    TRACKER_STARS,
    compass,
)
from companion.goldfinger.views import ENEMY_SEAT
from companion.ui import button, choice


class Placing:
    """The set-up rows and what their taps do."""

    def __init__(self, hooks: Hooks):
        self.hooks = hooks

    @property
    def state(self) -> e.GoldfingerState:
        return self.hooks.state()

    def rows(self) -> list[Any]:
        """The set-up rows of this page, when it is this page's to set up."""
        return self.card_rows() if self.state.phase == "cards" else self.bond_rows()

    def waiting_rows(self) -> list[Any]:
        """The Enemy's own phone while Bond is placed: he may still point his cars."""
        state, hooks = self.state, self.hooks
        if hooks.seat() == ENEMY_SEAT and state.phase == "bond" and state.board is not None \
                and hooks.bot_side() is None:
            return self.aim_rows()
        return []

    # The cards.

    def toggle_star(self, star: str) -> None:
        """Card set-up on the map: a star gets the chosen card, or gives it back."""
        hooks = self.hooks
        if not self.may_place():
            hooks.say(PLACED_ELSEWHERE)
            return
        if star not in self.state.board.stars:
            hooks.say(f"{star} is not a red star Space: cards go by the stars.")
            return
        hooks.say("")
        picks = hooks.picks()
        placing = picks.placing
        if star in dict(placing):
            placing = [(s, c) for s, c in placing if s != star]
        elif len(placing) < rules.CARDS_TO_PLACE:
            card = picks.next_card if picks.card_mode == HIDDEN else None
            placing = [*placing, (star, card)]
        left = self.cards_left(placing)
        # Both at once: the rows drawn for the new placing offer only the cards left, and
        # a choice whose value is not among its options would clear it.
        hooks.choose(placing=placing, next_card=left[0] if left else picks.next_card)

    def cards_left(self, placing: list | None = None) -> list[str]:
        placed = {card for _, card in (self.hooks.picks().placing if placing is None
                                       else placing)}
        return [c for c in rules.CARD_NAMES if c not in placed]

    def place_cards_tapped(self, _event: Any) -> None:
        self.place_cards()

    def may_place(self) -> bool:
        """The Enemy's cards are placed on his own phone when he has one, else on the
        tablet; never on a watcher's page."""
        hooks = self.hooks
        seat = hooks.seat()
        if seat is not None:
            return seat == ENEMY_SEAT
        return hooks.is_tablet() and not hooks.enemy_phone_here()

    def place_cards(self) -> None:
        hooks = self.hooks
        if not self.may_place():
            hooks.say(PLACED_ELSEWHERE)
            return
        if self.state.board is None:
            hooks.do(e.PlaceCards(TRACKER_STARS))
            return
        picks = hooks.picks()
        stars = tuple(s for s, _ in picks.placing)
        cards = None if picks.card_mode == REAL else tuple(c for _, c in picks.placing)
        hooks.choose(placing=[])
        hooks.do(e.PlaceCards(stars, cards))

    def card_rows(self) -> list[Any]:
        hooks, state, picks = self.hooks, self.state, self.hooks.picks()
        intro = pn.pane.Markdown(
            "**Set-up: the Enemy player places the five cards by five red star Spaces** "
            "(the Bond player looks away).", **WIDE)
        if hooks.seat() == ENEMY_SEAT:
            intro = pn.pane.Markdown("**Set-up: place your five cards by five red star "
                                     "Spaces.** Only this phone sees which card lies where.",
                                     **WIDE)
        elif hooks.enemy_phone_here():  # the tablet, while the Enemy has his own phone
            return [pn.pane.Markdown(PHONE_PLACING, css_classes=["phone-placing"], **WIDE)]
        if state.board is None:
            return [intro, pn.pane.Markdown(
                "Place the real cards face down on your board. The app calls the stars "
                f"{', '.join(TRACKER_STARS)}: remember which is which.", **WIDE),
                button("The five cards are placed", self.place_cards_tapped, color="primary",
                       **WIDE)]
        how = choice([HIDDEN, REAL], picks.card_mode, **WIDE)
        how.param.watch(lambda ev: hooks.choose(card_mode=ev.new), "value")
        rows: list[Any] = [intro, how]
        if picks.card_mode == HIDDEN and self.cards_left():
            card = choice(self.cards_left(), picks.next_card, **WIDE)
            card.param.watch(lambda ev: hooks.choose(next_card=ev.new), "value")
            rows += [pn.pane.Markdown("Choose a card, then tap a red star on the map (or below).",
                                      **WIDE), card]
        taken = dict(picks.placing)
        for star in state.board.stars:
            shown = taken.get(star) or ("a card" if star in taken else "")
            text = f"Star {star}: {shown} (tap to take back)" if star in taken else \
                f"Star {star}"
            rows.append(button(text, lambda _, s=star: self.toggle_star(s), wrap=True,
                               color="primary" if star in taken else "default", **WIDE))
        ready = len(picks.placing) == rules.CARDS_TO_PLACE
        rows.append(button(f"Place the cards ({len(picks.placing)} of {rules.CARDS_TO_PLACE})",
                           self.place_cards_tapped, color="primary", disabled=not ready, **WIDE))
        rows.append(button("Let the Enemy bot place them",
                           lambda _: hooks.do(bot.enemy_bot(self.state)), **WIDE))
        return rows + self.aim_rows()

    def aim_rows(self) -> list[Any]:
        """Movement: the Enemy points his cars at the start (Set Up: before Bond is placed)."""
        hooks, state = self.hooks, self.state
        rows: list[Any] = [pn.pane.Markdown(
            "**The Enemy may point each car** (optional; before Bond is placed):", **WIDE)]
        for car in state.live_cars():
            piece = state.piece(car)
            options = sorted(state.board.graph[piece.space])
            now = next((o for o in options if state.board.heading(piece.space, o)
                        == piece.heading), None)
            aim = choice(options, now, **WIDE)
            aim.param.watch(lambda ev, car=car: hooks.do(e.AimCar(car, ev.new)), "value")
            rows += [pn.pane.Markdown(f"Car {car} in {piece.space} points toward:", **WIDE), aim]
        return rows

    # The Aston Martin.

    def bond_rows(self) -> list[Any]:
        hooks, state = self.hooks, self.state
        if state.board is None:
            return [pn.pane.Markdown("The Bond player puts the Aston Martin in any Space.",
                                     **WIDE),
                    button("Bond is placed: start turn 1", lambda _: hooks.do(e.PlaceBond()),
                           color="primary", **WIDE)]
        rows: list[Any] = [pn.pane.Markdown(
            "**Set-up: the Bond player places the Aston Martin.** Tap a Space on the map, then "
            "choose which way it faces.", **WIDE)]
        space = hooks.picks().bond_space
        if space:
            rows.append(pn.pane.Markdown(f"Bond in **{space}**, facing:", **WIDE))
            for to in sorted(state.board.graph[space]):
                way = compass(state.board.heading(space, to))  # as the map's words say it
                rows.append(button(f"Place Bond in {space} facing {to} ({way})",
                                   lambda _, t=to: self.place_bond(t), color="primary",
                                   wrap=True, **WIDE))
        rows.append(button("Let the Bond bot place him",
                           lambda _: hooks.do(bot.bond_bot(self.state)), **WIDE))
        if hooks.bot_side() is None and hooks.seat() is None:  # the Enemy may still aim
            rows += self.aim_rows()
        return rows

    def place_bond(self, toward: str) -> None:
        hooks = self.hooks
        space = hooks.picks().bond_space
        hooks.choose(bond_space="")
        hooks.do(e.PlaceBond(space, toward))
