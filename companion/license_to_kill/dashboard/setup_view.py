"""Setting up: a new game's players and house rules, and each player's Preparing to Play
(a Mission face up, a Villain face down on it, a starting Bond), checked by the engine."""

from __future__ import annotations

from html import escape
from typing import Any

import panel as pn

from companion.license_to_kill import rules
from companion.license_to_kill.actions import Setup
from companion.license_to_kill.dashboard.parts import (
    NONE_CHOSEN,
    WIDE,
    Hooks,
    forget,
    lazy_section,
    offer,
    select,
    text_input,
)
from companion.license_to_kill.dashboard.words import HOUSE_LABEL, card_label, setup_player
from companion.license_to_kill.engine import MAX_NAME, LtkState
from companion.ui import Fold, button, choice, heading, heading_markdown


class NewGameForm:
    """The players (2 to 6 names) and the house rules of a new game."""

    def __init__(self, on_start) -> None:
        self.n_players = choice({str(n): n for n in rules.PLAYERS}, 2, **WIDE)
        self.names = [text_input(f"Player {i + 1}", value=f"Player {i + 1}")
                      for i in range(rules.PLAYERS.stop - 1)]
        self.team_values = choice({"Higher of the two": "higher", "Sum": "sum"},
                                  rules.TEAM_VALUES, **WIDE)
        self.check_face_down = choice({"Unchecked until revealed": False,
                                       "Checked when placed": True},
                                      rules.CHECK_FACE_DOWN_PLACEMENTS, **WIDE)
        self.personality_place = choice({"Example: between cards or on top": "example",
                                         "Anywhere but on top": "not_on_top"},
                                        rules.PERSONALITY_PLACE, **WIDE)
        self.score_face_down = choice({"Score them": True, "Do not score them": False},
                                      rules.SCORE_FACE_DOWN_WHEN_OVERCOME, **WIDE)
        self.deck_limits = choice({"A legal deck's (2 of a card, 1 of a Plot)": True,
                                   "None: decks built freely": False},
                                  rules.DECK_LIMITS_ON_TABLE, **WIDE)
        self.start = button("Start a new game with these players", on_start,
                            color="primary", **WIDE)
        self.n_players.param.watch(self._show_names, "value")
        self._show_names()

    def options(self) -> dict[str, Any]:
        """The players and house rules on screen (names made valid if they are not)."""
        names: list[str] = []
        for i, widget in enumerate(self.names[: self.n_players.value]):
            name = widget.value.strip()[:MAX_NAME] or f"Player {i + 1}"
            names.append(name if name not in names else f"{name} ({i + 1})")
        return {
            "players": names, "team_values": self.team_values.value,
            "check_face_down_placements": self.check_face_down.value,
            "score_face_down_when_overcome": self.score_face_down.value,
            "personality_place": self.personality_place.value,
            "deck_limits_on_table": self.deck_limits.value,
        }

    def _show_names(self, *_events) -> None:
        for i, widget in enumerate(self.names):
            widget.visible = i < self.n_players.value

    def card(self) -> Fold:
        return lazy_section("New game: players and house rules", self._objects)

    def _objects(self) -> list[pn.viewable.Viewable]:
        def house(text: str) -> pn.pane.HTML:
            return pn.pane.HTML(text, **WIDE)

        return [
            heading("Number of players"), self.n_players,
            *self.names,
            house(f"<p>{HOUSE_LABEL} The rulebook leaves these open; the tablet's defaults "
                  "are chosen first.</p>"),
            house(f"<b>Bond's team PV and CV with a Personality</b> {HOUSE_LABEL}"),
            self.team_values,
            house(f"<b>Face-down placements</b> {HOUSE_LABEL}"), self.check_face_down,
            house(f"<b>Face-down plots of a Main Plot Overcome at once</b> {HOUSE_LABEL}"),
            self.score_face_down,
            house(f"<b>Where a Personality sits in a Main Plot</b> {HOUSE_LABEL} <small>The "
                  "Main Rules say 'never the top-most card' yet their example puts her "
                  "'after the Location'.</small>"), self.personality_place,
            house(f"<b>Copies of a card a player may have on the table</b> {HOUSE_LABEL} "
                  "<small>Building a Deck limits what a deck holds; the tablet holds each "
                  "player's table to it.</small>"), self.deck_limits,
            house(f"<p>Also {HOUSE_LABEL}: revealed cards are checked for "
                  f"{', '.join(rules.REVEAL_CHECKS)} in that order; Special plots rank "
                  f"{rules.SPECIAL_PLOT_RANK}, at most {rules.SPECIAL_PLOTS_PER_MAIN_PLOT} a "
                  "Main Plot; a Bond, Personality or Agent card used in place of the On "
                  "Assignment step acts from its owner's Agency; an Attack or a Charm "
                  "needs the attacker's value at least the target's, as a Henchman Attack "
                  "does; a lone revealed card discarded ends the assignment with no "
                  "Demotion; a single-use Q card (Time Bomb, Explosive Pen) is used when its "
                  "holder goes On Assignment.</p>"),
            self.start]


class SetupStep:
    """Preparing to Play for the next player still to set up."""

    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self.mission = select("Starting Mission (face up)")
        self.villain = select("Villain on it (face down: only its owner looks)")
        self.bond = select("Starting Bond (PV + CV at most 10)")
        self.title = heading("")
        self.go = button("Set up", self.set_up, color="primary", **WIDE)
        note = hooks.parts.note("Each player lays down a Mission face up with a Villain face "
                                "down on it and picks a starting Bond. The tablet checks the "
                                "choice.")
        self.panel = pn.Column(self.title, note, self.mission, self.villain, self.bond,
                               self.go, margin=0, **WIDE)

    def update(self, state: LtkState) -> bool:
        player = setup_player(state)
        legal = [a for a in state.legal_actions() if isinstance(a, Setup)]
        for widget, field in ((self.mission, "mission"), (self.villain, "villain"),
                              (self.bond, "bond")):
            titles = dict.fromkeys(getattr(a, field) for a in legal)
            first = {"(choose the Villain)": NONE_CHOSEN} if field == "villain" else {}
            offer(widget, {**first, **{card_label(state.library[t]) if field != "villain"
                                       else t: t for t in titles}})
        self.villain.value = NONE_CHOSEN  # a face-down title does not stay on the screen
        name = state.players[player].name
        self.title.object = heading_markdown(f"Preparing to Play: {escape(name)}")
        self.go.label = f"Set up {name}"
        return True

    def forget_choice(self) -> None:
        """The panel is hidden: the face-down Villain chosen last is not left in the page."""
        forget(self.villain)

    def set_up(self, _event=None) -> None:
        player = setup_player(self.hooks.state())
        if not self.villain.value:
            self.hooks.say("Choose the Villain first (face down: only you look).")
            return
        if player is not None:
            self.hooks.act(Setup(player, self.mission.value, self.villain.value,
                                 self.bond.value))
