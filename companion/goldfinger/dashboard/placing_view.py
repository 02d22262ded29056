"""Set Up on the table: the Enemy player places the five cards by the stars (and may point
his cars), then the Bond player places the Aston Martin.

The rows are `Row`s of the action list, drawn in one pad. As Panel buttons and choices made
afresh on every change, a red star tapped on the map (each of the Enemy's five set-up taps)
took 70 ms to show unthrottled, against 10 for a tap of the bare app. The cards chosen so far
(`Picks.placing`, the dashboard's `placing`) belong to this page alone until "Place the
cards": on the Enemy's own phone (seat 1) they never reach another page. The tablet keeps its own
controls for a group without phones, and says so when the Enemy's phone is open.
"""

from __future__ import annotations

from companion.goldfinger import bot, rules
from companion.goldfinger import engine as e
from companion.goldfinger.dashboard.parts import Choice, Hooks, Row
from companion.goldfinger.dashboard.words import (
    HIDDEN,
    PHONE_PLACING,
    PLACED_ELSEWHERE,
    REAL,
    TRACKER_STARS,
    compass,
)
from companion.goldfinger.views import ENEMY_SEAT


class Placing:
    """The set-up rows and what their taps do."""

    def __init__(self, hooks: Hooks):
        self.hooks = hooks

    @property
    def state(self) -> e.GoldfingerState:
        return self.hooks.state()

    def rows(self) -> list[Row]:
        """The set-up rows of this page, when it is this page's to set up."""
        return self.card_rows() if self.state.phase == "cards" else self.bond_rows()

    def waiting_rows(self) -> list[Row]:
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

    def card_rows(self) -> list[Row]:
        hooks, state, picks = self.hooks, self.state, self.hooks.picks()
        intro = Row("**Set-up: the Enemy player places the five cards by five red star "
                    "Spaces** (the Bond player looks away).")
        if hooks.seat() == ENEMY_SEAT:
            intro = Row("**Set-up: place your five cards by five red star Spaces.** Only "
                        "this phone sees which card lies where.")
        elif hooks.enemy_phone_here():  # the tablet, while the Enemy has his own phone
            return [Row(PHONE_PLACING)]
        if state.board is None:
            return [intro, Row(
                "Place the real cards face down on your board. The app calls the stars "
                f"{', '.join(TRACKER_STARS)}: remember which is which.",
                (Choice(self.place_cards, "The five cards are placed", "primary"),))]
        rows = [intro, Row("", tuple(
            Choice(lambda mode=mode: hooks.choose(card_mode=mode), mode,
                   pressed=mode == picks.card_mode) for mode in (HIDDEN, REAL)), grouped=True)]
        left = self.cards_left()
        if picks.card_mode == HIDDEN and left:
            rows.append(Row("Choose a card, then tap a red star on the map (or below).", tuple(
                Choice(lambda card=card: hooks.choose(next_card=card), card,
                       pressed=card == picks.next_card) for card in left), grouped=True))
        taken = dict(picks.placing)
        stars = []
        for star in state.board.stars:
            shown = taken.get(star) or ("a card" if star in taken else "")
            text = f"Star {star}: {shown} (tap to take back)" if star in taken else \
                f"Star {star}"
            stars.append(Choice(lambda s=star: self.toggle_star(s), text,
                                "primary" if star in taken else "default"))
        ready = len(picks.placing) == rules.CARDS_TO_PLACE
        rows.append(Row("", (
            *stars,
            Choice(self.place_cards, f"Place the cards ({len(picks.placing)} of "
                   f"{rules.CARDS_TO_PLACE})", "primary", enabled=ready),
            Choice(lambda: hooks.do(bot.enemy_bot(self.state)),
                   "Let the Enemy bot place them"))))
        return rows + self.aim_rows()

    def aim_rows(self) -> list[Row]:
        """Movement: the Enemy points his cars at the start (Set Up: before Bond is placed)."""
        state = self.state
        rows = [Row("**The Enemy may point each car** (optional; before Bond is placed):")]
        for car in state.live_cars():
            piece = state.piece(car)
            rows.append(Row(f"Car {car} in {piece.space} points toward:", tuple(
                Choice(lambda car=car, to=to: self.aim(car, to), to,
                       pressed=state.board.heading(piece.space, to) == piece.heading)
                for to in sorted(state.board.graph[piece.space])), grouped=True))
        return rows

    def aim(self, car: str, toward: str) -> None:
        """Point a car toward a neighbouring Space; the way it points already does nothing
        (as a toggle row: its pressed option)."""
        piece = self.state.piece(car)
        if self.state.board.heading(piece.space, toward) != piece.heading:
            self.hooks.do(e.AimCar(car, toward))

    # The Aston Martin.

    def bond_rows(self) -> list[Row]:
        hooks, state = self.hooks, self.state
        if state.board is None:
            return [Row("The Bond player puts the Aston Martin in any Space.", (
                Choice(lambda: hooks.do(e.PlaceBond()), "Bond is placed: start turn 1",
                       "primary"),))]
        rows = [Row("**Set-up: the Bond player places the Aston Martin.** Tap a Space on the "
                    "map, then choose which way it faces.")]
        space = hooks.picks().bond_space
        if space:
            # The facing is said as the map's words say it.
            rows.append(Row(f"Bond in **{space}**, facing:", tuple(
                Choice(lambda to=to: self.place_bond(to),
                       f"Place Bond in {space} facing {to} "
                       f"({compass(state.board.heading(space, to))})", "primary")
                for to in sorted(state.board.graph[space]))))
        rows.append(Row("", (Choice(lambda: hooks.do(bot.bond_bot(self.state)),
                                    "Let the Bond bot place him"),)))
        if hooks.bot_side() is None and hooks.seat() is None:  # the Enemy may still aim
            rows += self.aim_rows()
        return rows

    def place_bond(self, toward: str) -> None:
        hooks = self.hooks
        space = hooks.picks().bond_space
        hooks.choose(bond_space="")
        hooks.do(e.PlaceBond(space, toward))
