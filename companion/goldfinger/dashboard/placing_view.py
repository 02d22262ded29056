"""Set Up on the table: the Enemy player places the five cards by the stars (and may point
his cars), then the Bond player places the Aston Martin.

The rows are rebuilt when they change, which is rare. The cards chosen so far
(`GoldfingerDashboard.placing`) belong to this page alone until "Place the cards": on the
Enemy's own phone (seat 1) they never reach another page. The tablet keeps its own
controls for a group without phones, and says so when the Enemy's phone is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import panel as pn

from companion.goldfinger import bot, rules
from companion.goldfinger import engine as e
from companion.goldfinger.dashboard.parts import WIDE
from companion.goldfinger.dashboard.words import (
    HIDDEN,
    PHONE_PLACING,
    PLACED_ELSEWHERE,
    REAL,
    TRACKER_STARS,
)
from companion.goldfinger.views import ENEMY_SEAT
from companion.ui import button, choice

if TYPE_CHECKING:
    from companion.goldfinger.dashboard.main import GoldfingerDashboard


class Placing:
    """The set-up rows and what their taps do."""

    def __init__(self, board: GoldfingerDashboard):
        self.board = board

    @property
    def state(self) -> e.GoldfingerState:
        return self.board.state

    def rows(self) -> list[Any]:
        """The set-up rows of this page, when it is this page's to set up."""
        return self.card_rows() if self.state.phase == "cards" else self.bond_rows()

    def waiting_rows(self) -> list[Any]:
        """The Enemy's own phone while Bond is placed: he may still point his cars."""
        state, board = self.state, self.board
        if board.seat == ENEMY_SEAT and state.phase == "bond" and state.board is not None \
                and board.bot_side() is None:
            return self.aim_rows()
        return []

    # The cards.

    def toggle_star(self, star: str) -> None:
        """Card set-up on the map: a star gets the chosen card, or gives it back."""
        board = self.board
        if not self.may_place():
            board.message = PLACED_ELSEWHERE
            return
        if star not in self.state.board.stars:
            board.message = f"{star} is not a red star Space: cards go by the stars."
            return
        board.message = ""
        placing = board.placing
        if star in dict(placing):
            placing = [(s, c) for s, c in placing if s != star]
        elif len(placing) < rules.CARDS_TO_PLACE:
            card = board.next_card if board.card_mode == HIDDEN else None
            placing = [*placing, (star, card)]
        left = self.cards_left(placing)
        # Both at once: the rows drawn for the new placing offer only the cards left, and
        # a choice whose value is not among its options would clear it.
        board.param.update(placing=placing, next_card=left[0] if left else board.next_card)

    def cards_left(self, placing: list | None = None) -> list[str]:
        placed = {card for _, card in (self.board.placing if placing is None else placing)}
        return [c for c in rules.CARD_NAMES if c not in placed]

    def may_place(self) -> bool:
        """The Enemy's cards are placed on his own phone when he has one, else on the
        tablet; never on a watcher's page."""
        board = self.board
        if board.seat is not None:
            return board.seat == ENEMY_SEAT
        return board.is_tablet and not board.enemy_phone_here()

    def place_cards(self) -> None:
        board = self.board
        if not self.may_place():
            board.message = PLACED_ELSEWHERE
            return
        if self.state.board is None:
            board.do(e.PlaceCards(TRACKER_STARS))
            return
        stars = tuple(s for s, _ in board.placing)
        cards = None if board.card_mode == REAL else tuple(c for _, c in board.placing)
        board.placing = []
        board.do(e.PlaceCards(stars, cards))

    def card_rows(self) -> list[Any]:
        board, state = self.board, self.state
        intro = pn.pane.Markdown(
            "**Set-up: the Enemy player places the five cards by five red star Spaces** "
            "(the Bond player looks away).", **WIDE)
        if board.seat == ENEMY_SEAT:
            intro = pn.pane.Markdown("**Set-up: place your five cards by five red star "
                                     "Spaces.** Only this phone sees which card lies where.",
                                     **WIDE)
        elif board.enemy_phone_here():  # the tablet, while the Enemy has his own phone
            return [pn.pane.Markdown(PHONE_PLACING, css_classes=["phone-placing"], **WIDE)]
        if state.board is None:
            return [intro, pn.pane.Markdown(
                "Place the real cards face down on your board. The app calls the stars "
                f"{', '.join(TRACKER_STARS)}: remember which is which.", **WIDE),
                button("The five cards are placed", board.place_cards, color="primary",
                       **WIDE)]
        how = choice([HIDDEN, REAL], board.card_mode, **WIDE)
        how.link(board, value="card_mode")
        rows: list[Any] = [intro, how]
        if board.card_mode == HIDDEN and self.cards_left():
            card = choice(self.cards_left(), board.next_card, **WIDE)
            card.link(board, value="next_card")
            rows += [pn.pane.Markdown("Choose a card, then tap a red star on the map (or below).",
                                      **WIDE), card]
        taken = dict(board.placing)
        for star in state.board.stars:
            shown = taken.get(star) or ("a card" if star in taken else "")
            text = f"Star {star}: {shown} (tap to take back)" if star in taken else \
                f"Star {star}"
            rows.append(button(text, lambda _, s=star: self.toggle_star(s), wrap=True,
                               color="primary" if star in taken else "default", **WIDE))
        ready = len(board.placing) == rules.CARDS_TO_PLACE
        rows.append(button(f"Place the cards ({len(board.placing)} of {rules.CARDS_TO_PLACE})",
                           board.place_cards, color="primary", disabled=not ready, **WIDE))
        rows.append(button("Let the Enemy bot place them",
                           lambda _: board.do(bot.enemy_bot(self.state)), **WIDE))
        return rows + self.aim_rows()

    def aim_rows(self) -> list[Any]:
        """Movement: the Enemy points his cars at the start (Set Up: before Bond is placed)."""
        board, state = self.board, self.state
        rows: list[Any] = [pn.pane.Markdown(
            "**The Enemy may point each car** (optional; before Bond is placed):", **WIDE)]
        for car in state.live_cars():
            piece = state.piece(car)
            options = sorted(state.board.graph[piece.space])
            now = next((o for o in options if state.board.heading(piece.space, o)
                        == piece.heading), None)
            aim = choice(options, now, **WIDE)
            aim.param.watch(lambda ev, car=car: board.do(e.AimCar(car, ev.new)), "value")
            rows += [pn.pane.Markdown(f"Car {car} in {piece.space} points toward:", **WIDE), aim]
        return rows

    # The Aston Martin.

    def bond_rows(self) -> list[Any]:
        board, state = self.board, self.state
        if state.board is None:
            return [pn.pane.Markdown("The Bond player puts the Aston Martin in any Space.",
                                     **WIDE),
                    button("Bond is placed: start turn 1", lambda _: board.do(e.PlaceBond()),
                           color="primary", **WIDE)]
        rows: list[Any] = [pn.pane.Markdown(
            "**Set-up: the Bond player places the Aston Martin.** Tap a Space on the map, then "
            "choose which way it faces.", **WIDE)]
        space = board.bond_space
        if space:
            rows.append(pn.pane.Markdown(f"Bond in **{space}**, facing:", **WIDE))
            for to in sorted(state.board.graph[space]):
                rows.append(button(f"Place Bond in {space} facing {to}",
                                   lambda _, t=to: self.place_bond(t), color="primary",
                                   wrap=True, **WIDE))
        rows.append(button("Let the Bond bot place him",
                           lambda _: board.do(bot.bond_bot(self.state)), **WIDE))
        if board.bot_side() is None and board.seat is None:  # the Enemy may still aim
            rows += self.aim_rows()
        return rows

    def place_bond(self, toward: str) -> None:
        board = self.board
        space, board.bond_space = board.bond_space, ""
        board.do(e.PlaceBond(space, toward))
