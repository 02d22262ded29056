"""The License to Kill dashboard: the turn and its step, the resolvers, the race to 60, the
table, the log and the library, put together over one Session.

After every change only what is on screen is re-filled, from `self.session.state`: the
panels of the current step (only those are on the page: the browser re-measures every
element on the page after a tap), the texts (Panel sends a text only when it differs) and
the race chart (only when the ledger changed). All the changes of one tap go to the
browser as one message (`hold`), so it lays the page out once.

A player's own phone (a seat's join link, `self.seat`) also shows his own face-down plots,
titles and order (`views.private_view`), and the turn's steps only when they are his: his
own set-up (the Villain face down) and his turn (a Plot card face down). The shared tablet
shows every player's steps, for those without a phone, and never a face-down title.
"""

from __future__ import annotations

from html import escape
from typing import Any

import panel as pn

from companion.license_to_kill import GAME, rules
from companion.license_to_kill.actions import AttackCharm, HenchmanAttack, NextStep
from companion.license_to_kill.dashboard.assignment_view import AssignmentPanel, MissionStep
from companion.license_to_kill.dashboard.attach_view import AttachView
from companion.license_to_kill.dashboard.duel_view import Duel, duel_odds_html
from companion.license_to_kill.dashboard.library_view import LibraryView
from companion.license_to_kill.dashboard.parts import WIDE, Hooks, Parts, box, lazy_section
from companion.license_to_kill.dashboard.setup_view import NewGameForm, SetupStep
from companion.license_to_kill.dashboard.step_views import (
    AttackStep,
    BriefingStep,
    DevelopStep,
    NextButton,
    NoteStep,
    QForm,
)
from companion.license_to_kill.dashboard.table_view import RaceChart, TableView
from companion.license_to_kill.dashboard.words import (
    CHECKLIST_CSS,
    HOUSE_LABEL,
    checklist_html,
    own_plots_html,
    piece_names,
    setup_player,
    short_names,
    status_html,
    table_html,
    verdict_html,
)
from companion.license_to_kill.engine import LtkState
from companion.license_to_kill.views import private_view
from companion.ui import Fold, GameDashboard, PanelDeck, heading, is_shown, page, section, set_shown

STEP_PANELS = ("setup", *rules.TURN_STEPS, "assignment", "q", "next")


class LicenseToKillDashboard(GameDashboard):
    """The turn and its step, the resolvers, the race to 60, the table, the library."""

    game = GAME

    def __init__(self, **params):
        self.library_view = LibraryView()  # new_options reads it during the Session's start
        super().__init__(**params)
        self.parts = Parts()
        # What the views read of the game and may do to it: never the dashboard itself.
        self.hooks = Hooks(
            state=lambda: self.session.state, seat=lambda: self.seat,
            revision=lambda: self.revision,
            piece_names=self.piece_names, short_names=self.short_names, act=self.act,
            say=lambda text: setattr(self, "message", text), next_step=self.next_step,
            note_chance=self.note_chance, parts=self.parts)
        self.new_game = NewGameForm(self.start_new_game)
        self._build_steps()
        self.attack_charm = Duel(self.hooks, intrigue=True)
        self.attachments = AttachView(self.hooks)
        self.tableau = TableView()
        self.race = RaceChart()
        self.status, self.verdict = box(), box()
        self.steps = box(stylesheets=[CHECKLIST_CSS])
        self.own, self.elsewhere = box(), box()  # a player's own phone only
        set_shown(self.elsewhere, False)
        self._names: tuple[LtkState | None, dict[int, str]] = (None, {})
        self.chance_note: tuple[int, str] = (0, "")  # (event number, the roll's chance)
        self._duel_section: Fold | None = None
        self._attach_section: Fold | None = None
        self.param.watch(self._refresh, "revision")
        self._refresh()
        if self._doc is not None and self._doc.session_context is not None:
            pn.state.onload(self._build_hidden_steps)

    def _build_hidden_steps(self) -> None:
        """Every step panel on the page, hidden, once it has rendered: a step tap then only
        shows one and hides another (building a panel took 100-200 ms in the browser)."""
        with pn.io.hold():
            self.step_area.join_all()
            self.attack_step.panel.join_all()

    def _build_steps(self) -> None:
        self.setup = SetupStep(self.hooks)
        self.develop = DevelopStep(self.hooks)
        self.attack_step = AttackStep(self.hooks)
        self.attack = self.attack_step.duel
        self.briefing = BriefingStep(self.hooks)
        self.mission = MissionStep(self.hooks)
        self.assignment = AssignmentPanel(self.hooks)
        self.q_form = QForm(self.hooks)
        self.views = {
            "setup": self.setup,
            "Draw Cards": NoteStep(self.hooks, f"Draw Action cards up to {rules.HAND_SIZE} in hand "
                                         f"and {rules.PLOT_CARDS_DRAWN_PER_TURN} Plot card."),
            "Develop Plot Zone": self.develop,
            "Henchman Attack": self.attack_step,
            "Assignment Briefing": self.briefing,
            "On Assignment": self.mission,
            "Discard and Draw Cards": NoteStep(self.hooks, "Discard any cards you like, then draw "
                                                     f"up to {rules.HAND_SIZE}."),
            "assignment": self.assignment,
            "q": self.q_form,
            "next": NextButton(self.hooks),
        }
        self.step_area = PanelDeck([self.views[key].panel for key in STEP_PANELS], **WIDE)

    @property
    def state(self) -> LtkState:
        return self.session.state

    @property
    def library(self):
        return self.library_view.library

    # Naming the cards on the table (face-down cards stay "face down"), once per state.

    def piece_names(self) -> dict[int, str]:
        """'Oddjob (Ann's Plot Zone, PV 9, CV 3)' for every face-up piece on the table."""
        if self._names[0] is not self.state:
            self._names = (self.state, piece_names(self.state))
        return self._names[1]

    def short_names(self) -> dict[int, str]:
        return short_names(self.piece_names())

    def seat_names(self) -> list[str]:
        """Every player may join on his own phone."""
        return list(self.session.state.config.names)

    def mine(self, state: LtkState) -> bool:
        """Whether the steps now are this device's to show: on a player's phone, his own
        set-up and his own turn; on the shared tablet, a player's without a phone (his steps
        name the card he lays face down); never on a watcher's."""
        who = setup_player(state) if state.turn is None else state.turn.player
        if self.seat is not None:
            return who == self.seat
        return self.is_tablet and (who is None or not self.on_own_phone(who))

    # New games.

    def new_options(self) -> dict[str, Any]:
        """The players and house rules set up on screen, and an imported library."""
        if not hasattr(self, "new_game"):
            return self.library_view.cards_option()
        return {**self.new_game.options(), **self.library_view.cards_option()}

    # Changing the game (the kit's act, undo and redo send each tap's changes as one message).

    def act(self, action: Any):
        """As the kit's; an action without dice drops the chance kept from an earlier roll
        (an undo, then another action, takes its place in the log)."""
        if not isinstance(action, HenchmanAttack | AttackCharm):
            self.chance_note = (0, "")
        return super().act(action)

    def next_step(self, no_plot_card: bool = False) -> None:
        self.act(NextStep(no_plot_card))

    def note_chance(self, words: str) -> None:
        """The chance of the roll about to be made, kept for its result line (the next
        event's number)."""
        self.chance_note = (len(self.session.events) + 1, words)

    # Re-drawing after every change.

    def _refresh(self, *_events) -> None:
        state = self.state
        self.status.html = status_html(state)
        self.steps.html = checklist_html(state)
        number, chance = self.chance_note
        self.verdict.html = verdict_html(
            state, chance if number == len(self.session.events) else "")
        self._refresh_own(state)
        self.tableau.update(state)
        self.race.update(state)
        if self._duel_section is None or not self._duel_section.collapsed:
            self.attack_charm.refresh()
        if self._attach_section is None or not self._attach_section.collapsed:
            self.attachments.refresh()
        self._show_steps(state)

    def _refresh_own(self, state: LtkState) -> None:
        """A player's phone: his own face-down plots, and whose the steps are when not his."""
        self.own.html = "" if self.seat is None else \
            own_plots_html(private_view(state, self.seat))
        who = None if state.is_over or self.mine(state) else \
            setup_player(state) if state.turn is None else state.turn.player
        where = "" if who is None else escape(self.playing_elsewhere(state.players[who].name))
        self.elsewhere.html = where and f'<p style="font-size:1.05rem">{where}</p>'
        set_shown(self.elsewhere, bool(self.elsewhere.html))

    def playing_elsewhere(self, name: str) -> str:
        """Where the steps are while another device has them, as this device would say it
        (on the tablet it read "on the tablet or on his own phone. Your steps appear here",
        while the player had taken his seat on a phone: a newcomer's play-test)."""
        if self.seat is not None:
            return (f"{name} plays now, on the tablet or on a phone. Your steps appear here "
                    "on your turn.")
        if self.is_tablet:
            return f"{name} plays now, on the phone that holds that seat: the steps are there."
        return f"{name} plays now."

    def shown_steps(self, state: LtkState) -> list[str]:
        """The keys of the step panels the state calls for, before asking them."""
        if state.is_over or not self.mine(state):
            return []
        if state.turn is None:
            return ["setup"]
        if state.assignment is not None:
            return ["assignment"]
        return [state.turn.step_name, "q", "next"]

    def _show_steps(self, state: LtkState) -> None:
        """Fill the panels the state calls for and show only those (the others stay on the
        page, hidden: put back, a panel would be built again on every step)."""
        shown = {key for key in self.shown_steps(state) if self.views[key].update(state)}
        for key in ("setup", "Develop Plot Zone"):
            if key not in shown:
                self.views[key].forget_choice()  # a face-down title is not left in the page
        self.step_area.show(self.views[key].panel for key in STEP_PANELS if key in shown)

    def step_objects(self) -> list[pn.viewable.Viewable]:
        """What the step area shows now, top to bottom."""
        return [o for panel in self.step_area.shown() for o in panel if is_shown(o)]

    # The page.

    def replay_picture(self, state: LtkState) -> str:
        """Each player's Agency and Plot Zone as they stood, face-down cards hidden."""
        return table_html(state)

    def replay_advice(self, state: LtkState, coming: Any) -> str:
        """A duel played next: its odds as its dialog showed them before the dice (the
        game's only odds on screen)."""
        if not isinstance(coming, HenchmanAttack | AttackCharm):
            return ""
        return duel_odds_html(state, coming, short_names(piece_names(state)))

    def __panel__(self) -> pn.viewable.Viewable:
        turn = section("The turn", self.status, self.steps, self.message_view(),
                       self.elsewhere, self.step_area, heading("What just happened"),
                       self.verdict)
        race = section(f"Plot Points: the race to {rules.WINNING_POINTS}", self.race.pane,
                       self.tableau.points)
        table = section("The table: Agencies and Plot Zones", self.tableau.table)
        duel = self._duel_section = lazy_section("Attack or Charm (an Intrigue card)", lambda: [
            self.parts.note("When an Intrigue card calls for an Attack (PV) or a Charm (CV), "
                            "at any point of a turn, On Assignment too: the loser is "
                            "discarded."),
            pn.pane.HTML(f'<p style="font-size:1.05rem">{HOUSE_LABEL} As in a Henchman Attack, '
                         "the attacker's value must be at least the target's.</p>", **WIDE),
            self.attack_charm.__panel__()])
        duel.param.watch(lambda e: None if e.new else self.attack_charm.refresh(), "collapsed")
        attach = self._attach_section = lazy_section("Attached cards: Intrigue cards, used Q cards",
                                                  self.attachments.objects)
        attach.param.watch(lambda e: None if e.new else self.attachments.refresh(), "collapsed")
        log = section("Log", self.log)
        if not self.is_tablet:  # a phone: his plots first (if his), no table admin
            own = section("Your own plots (only this phone)", self.own)
            return page("License to Kill", own, turn, race, table, duel, attach, log,
                        self.review_section(after=turn))
        saved = lazy_section("Saved games", lambda: [self.picker])
        return page("License to Kill", turn, race, table, duel, attach, log,
                    self.share_section(), self.review_section(after=turn), self.new_game.card(),
                    self.library_view.card(), saved)
