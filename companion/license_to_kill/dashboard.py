"""License to Kill at the table: a referee and a ledger beside the physical cards.

Everything is drawn from `self.session.state` after each change. The choices offered
are the engine's legal actions (Intrigue effects, which the tablet cannot know, are
entered as numbers); the duel odds come from `odds.py` through `LtkState.attack_odds`;
the assignment lines from `assignment.py`. The table is shown as a shared screen sees
it (`LtkState.view(None)`): a face-down card is "face down" for everyone.

Built here because the UI kit lacks them (candidates for the kit): a labelled Select
sized for fingers (`select`), a dice pad whose dice have names (`DuelDicePad`), and a
row of step chips (`checklist_html`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from html import escape
from typing import Any

import holoviews as hv
import holoviews.plotting.bokeh  # options need a loaded backend
import panel as pn

from companion.core.errors import CompanionError, InputError
from companion.core.session import Session
from companion.license_to_kill import GAME, rules
from companion.license_to_kill.actions import (
    AddToAgency,
    AssignmentIntrigue,
    AttachQ,
    AttackCharm,
    HenchmanAttack,
    MoveQ,
    NextStep,
    PlacePlot,
    Proceed,
    Setup,
    StartAssignment,
)
from companion.license_to_kill.cards import (
    Card,
    Library,
    icons_text,
    load_library_text,
    sample_library,
    to_csv,
    to_json_rows,
    to_yaml,
)
from companion.license_to_kill.decks import check_decks
from companion.license_to_kill.engine import MAX_NAME, LtkState
from companion.license_to_kill.odds import attack_modifiers
from companion.license_to_kill.steps import MAX_BONUS
from companion.ui import (
    TOUCH,
    Counter,
    DicePad,
    GameDashboard,
    button,
    choice,
    heading,
    odds_html,
    page,
    section,
)
from companion.ui.theme import INPUT_CSS

WON, LOST, INFO = "#2e7d32", "#b71c1c", "#455a64"
PLAYER_COLORS = ("#8a1c1c", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f")
FACE_UP, FACE_DOWN = "Face up", "Face down"
HOUSE_LABEL = '<span class="house-rule" style="background:#ffe082;color:#3e2723;' \
              'border-radius:4px;padding:1px 6px;font-size:0.85rem">house rule</span>'
CHIP = ("display:inline-block;border:1px solid rgba(127,127,127,0.6);border-radius:6px;"
        "padding:4px 8px;margin:2px;line-height:1.3;")
DOWN_CHIP = CHIP + "background:repeating-linear-gradient(45deg,rgba(127,127,127,0.25) 0 6px," \
                   "transparent 6px 12px);font-style:italic"
NONE_CHOSEN, NOBODY = "", -1  # a Select shows a None value as a blank box
STEP_PANELS = ("setup", *rules.TURN_STEPS, "assignment", "q", "next")
DECK_HINT = "One card a line: '2 The Navy Hero' (a line without a number is one copy)."


def select(label: str, **params: Any) -> pn.widgets.Select:
    """A Select big enough for a finger, its label above it."""
    return pn.widgets.Select(label=label, height=TOUCH + 24, sizing_mode="stretch_width",
                             stylesheets=[INPUT_CSS], **params)


class DuelDicePad(DicePad):
    """The kit's dice pad with each die named: (attacker's die, target's die)."""

    NAMES = ("Attacker's die", "Target's die")

    def _face_row(self, index: int) -> pn.Row:
        row = super()._face_row(index)
        row[0] = pn.pane.Markdown(f"**{self.NAMES[index]}**", width=110, margin=(0, 4),
                                  align="center")
        return row


def checklist_html(state: LtkState) -> str:
    """The turn's six steps as chips: done, now, to do."""
    marks = {"done": ("✓", "opacity:0.6"), "now": ("▶", "background:#8a1c1c;color:white;"
                                                         "font-weight:600"),
             "to do": ("", "")}
    chips = []
    for number, (name, status) in enumerate(state.checklist(), start=1):
        mark, style = marks[status]
        chips.append(f'<span class="step step-{status.replace(" ", "-")}" '
                     f'style="{CHIP}{style}">{mark} {number}. {escape(name)}</span>')
    return f'<div class="checklist">{"".join(chips)}</div>'


def card_facts(card: Card) -> str:
    """'Henchman, PV 9, CV 3, needs Hand-to-hand 2' in words (a blank value is left out)."""
    parts = [card.type]
    parts += [f"{name} {value}" for name, value in (("PV", card.pv), ("CV", card.cv))
              if value is not None]
    if card.provides:
        parts.append("gives " + _icons_words(card.provides))
    if card.requires:
        parts.append("needs " + _icons_words(card.requires))
    return ", ".join(parts)


def card_label(card: Card) -> str:
    """A short choice label: 'Oddjob (PV 9, CV 3)'; the full facts are on the table."""
    values = ", ".join(f"{name} {value}" for name, value in (("PV", card.pv), ("CV", card.cv))
                       if value is not None)
    return f"{card.title} ({values})" if values else card.title


def _icons_words(icons: Iterable[tuple[str, int]]) -> str:
    return ", ".join(name if count == 1 else f"{name} {count}" for name, count in icons)


def parse_deck(text: str) -> dict[str, int]:
    """'2 The Navy Hero' lines into copies by title; a line without a number is one copy."""
    counts: dict[str, int] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        match = re.match(r"^(\d+)\s*[xX]?\s+(.+)$", line)
        copies, title = (int(match[1]), match[2].strip()) if match else (1, line)
        counts[title] = counts.get(title, 0) + copies
    return counts


class Duel(pn.viewable.Viewer):
    """A die duel set up on screen: a Henchman Attack, or an Attack/Charm from an Intrigue
    card. The choices are the ones the engine allows now; the odds show before the dice."""

    def __init__(self, board: LicenseToKillDashboard, intrigue: bool):
        super().__init__()
        self.board, self.intrigue = board, intrigue
        self._options: list[HenchmanAttack | AttackCharm] = []
        self.kind = choice({"Attack (PV)": "Attack", "Charm (CV)": "Charm"}, "Attack",
                           sizing_mode="stretch_width", visible=intrigue)
        self.value = choice({"with PV": "PV", "with CV": "CV"}, "PV",
                            sizing_mode="stretch_width", visible=not intrigue)
        self.attacker = select("Attacker" if intrigue else "Attacking Henchman or Personality")
        self.target = select("Target")
        self.attacker_bonus = Counter(label="Intrigue: attacker", value=0, low=-MAX_BONUS,
                                      high=MAX_BONUS)
        self.target_bonus = Counter(label="Intrigue: target", value=0, low=-MAX_BONUS,
                                    high=MAX_BONUS)
        self.odds = pn.pane.HTML(sizing_mode="stretch_width", margin=(4, 8))
        verb = "Resolve" if intrigue else "Attack"
        self.dice = DuelDicePad(self.roll, n_dice=2 * rules.ATTACK_DICE_EACH, verb=verb)
        self.no_dice = button("Resolve: the Intrigue cards make it fail, no dice",
                              lambda _: self.roll(None), sizing_mode="stretch_width",
                              visible=False)
        for widget in (self.kind, self.value):
            widget.param.watch(lambda _: self.refresh(), "value")
        self.attacker.param.watch(self._refresh_targets, "value")
        self.target.param.watch(self._refresh_odds, "value")
        for counter in (self.attacker_bonus, self.target_bonus):
            counter.param.watch(self._refresh_odds, "value")

    # What the engine allows now.

    def options(self) -> list[HenchmanAttack | AttackCharm]:
        state = self.board.state
        if self.intrigue:
            return [a for a in state.attack_charm_options() if a.kind == self.kind.value]
        return [a for a in state.legal_actions()
                if isinstance(a, HenchmanAttack) and a.value == self.value.value]

    def refresh(self) -> None:
        """Re-read what the engine allows (once per change: the list can be long)."""
        self._options = self.options()
        names = self.board.piece_names()
        _offer(self.attacker, {names[i]: i for i in dict.fromkeys(a.attacker
                                                                  for a in self._options)})
        self._refresh_targets()

    def _refresh_targets(self, *_events) -> None:
        names = self.board.piece_names()
        targets = [a.target for a in self._options if a.attacker == self.attacker.value]
        _offer(self.target, {names[i]: i for i in dict.fromkeys(targets)})
        self._refresh_odds()

    def action(self, dice: tuple[int, ...] | None = None) -> HenchmanAttack | AttackCharm | None:
        """The duel as set up on screen, or None when nothing can be set up."""
        if self.attacker.value is None or self.target.value is None:
            return None
        bonuses = {"attacker_bonus": self.attacker_bonus.value,
                   "target_bonus": self.target_bonus.value, "dice": dice}
        if self.intrigue:
            return AttackCharm(self.attacker.value, self.target.value, self.kind.value, **bonuses)
        return HenchmanAttack(self.attacker.value, self.target.value, self.value.value, **bonuses)

    def roll(self, dice: tuple[int, ...] | None) -> None:
        action = self.action(dice)
        if action is None:
            self.board.message = "Choose an attacker and a target first."
            return
        if self.board.act(action) is not None:
            self.attacker_bonus.value = self.target_bonus.value = 0

    # The odds before the dice.

    def _refresh_odds(self, *_events) -> None:
        action = self.action()
        if action is None:
            self.odds.object = '<p class="duel-odds">Nothing can attack now.</p>'
            self.dice.enabled, self.no_dice.visible = False, False
            return
        state = self.board.state
        value = action.value if isinstance(action, HenchmanAttack) else \
            rules.ATTACK_CHARM_VALUE[action.kind]
        try:
            mine, theirs = state.attack_values(action.attacker, action.target, value)
            chances = state.attack_odds(action.attacker, action.target, value,
                                        action.attacker_bonus, action.target_bonus)
        except CompanionError as error:
            self.odds.object = f'<p class="duel-odds">{escape(str(error))}</p>'
            self.dice.enabled, self.no_dice.visible = False, False
            return
        fails = state.dice_needed(action) == 0
        self.dice.enabled, self.no_dice.visible = not fails, fails
        self.odds.object = self._odds_html(action, value, mine, theirs, chances, fails)

    def _odds_html(self, action, value: str, mine: int, theirs: int, chances, fails) -> str:
        state, names = self.board.state, self.board.short_names()
        a, t = names[action.attacker], names[action.target]
        final = (mine + action.attacker_bonus, theirs + action.target_bonus)
        lines = [f"<b>{escape(a)}</b> {value} {mine} against <b>{escape(t)}</b> "
                 f"{value} {theirs} (Q cards included)."]
        if action.attacker_bonus or action.target_bonus:
            lines.append(f"Intrigue cards: attacker {action.attacker_bonus:+d}, target "
                         f"{action.target_bonus:+d}, so {final[0]} against {final[1]}.")
        if fails:
            lines.append("The target's value is now above the attacker's: the attack fails "
                         "without dice.")
        else:
            plus_a, plus_t = attack_modifiers(*final)
            why = "equal values" if final[0] == final[1] else \
                f"attacker higher by {final[0] - final[1]}"
            lines.append(f"Die modifiers: attacker {plus_a:+d}, target {plus_t:+d} ({why}).")
        loser_word = "discarded" if self.intrigue else "Demoted"
        piece = state.piece(action.target)
        if not self.intrigue and piece.demotions:
            loser_word = "Demoted a second time, so discarded"
        bars = "".join([
            odds_html(f"Attacker wins: {t} {loser_word}", chances["attacker"]),
            odds_html("Tie: nothing happens", chances["tie"]),
            odds_html(f"Target wins: {a} "
                      f"{'discarded' if self.intrigue else self._attacker_loses(action)}",
                      chances["target"]),
        ])
        text = "".join(f"<div>{line}</div>" for line in lines)
        kind = "intrigue" if self.intrigue else "henchman"
        return f'<div class="duel-odds {kind}" style="font-size:1.02rem">{text}{bars}</div>'

    def _attacker_loses(self, action: HenchmanAttack) -> str:
        card = self.board.state.card(self.board.state.piece(action.attacker))
        return "discarded" if card.is_personality else "returns unharmed"

    def __panel__(self) -> pn.viewable.Viewable:
        wide = {"sizing_mode": "stretch_width"}
        return pn.Column(self.kind, self.value, self.attacker, self.target,
                         pn.FlexBox(self.attacker_bonus, self.target_bonus), self.odds,
                         self.dice, self.no_dice, **wide)


class LicenseToKillDashboard(GameDashboard):
    """The turn and its step, the resolvers, the race to 60, the table, the library."""

    game = GAME

    def __init__(self, **params):
        self.library: Library = sample_library()
        self.imported = False
        super().__init__(**params)
        wide = {"sizing_mode": "stretch_width"}
        # New game: players and house rules.
        self.n_players = choice({str(n): n for n in rules.PLAYERS}, 2, **wide)
        self.names = [pn.widgets.TextInput(label=f"Player {i + 1}", value=f"Player {i + 1}",
                                           height=TOUCH + 24, stylesheets=[INPUT_CSS], **wide)
                      for i in range(rules.PLAYERS.stop - 1)]
        self.team_values = choice({"Higher of the two": "higher", "Sum": "sum"},
                                  rules.TEAM_VALUES, **wide)
        self.check_face_down = choice({"Unchecked until revealed": False,
                                       "Checked when placed": True},
                                      rules.CHECK_FACE_DOWN_PLACEMENTS, **wide)
        self.score_face_down = choice({"Score them": True, "Do not score them": False},
                                      rules.SCORE_FACE_DOWN_WHEN_OVERCOME, **wide)
        self.n_players.param.watch(self._show_names, "value")
        self._show_names()
        # Setup.
        self.setup_mission = select("Starting Mission (face up)")
        self.setup_villain = select("Villain on it (face down: only its owner looks)")
        self.setup_bond = select("Starting Bond (PV + CV at most 10)")
        # Develop Plot Zone.
        self.place_card = select("Card to add (from your hand)")
        self.place_face = choice([FACE_UP, FACE_DOWN], FACE_UP, **wide)
        self.place_by_intrigue = choice({"The drawn Plot card": False,
                                         "An extra one an Intrigue card allows": True},
                                        False, **wide)
        self.place_where = select("Where")
        for widget in (self.place_card, self.place_face, self.place_by_intrigue):
            widget.param.watch(self._refresh_where, "value")
        self.q_card = select("Q card")
        self.q_holder = select("Give it to")
        self.q_card.param.watch(self._refresh_q_holders, "value")
        # Assignment Briefing.
        self.agency_card = select("Card for your Agency")
        self.agency_card.param.watch(self._refresh_win_over, "value")
        self.win_over = pn.pane.HTML(**wide)
        # On Assignment.
        self.mission_bond = select("Bond (or Agent) On Assignment")
        self.mission_partner = select("Personality going along")
        self.mission_plot = select("Main Plot to Overcome")
        for widget in (self.mission_bond, self.mission_partner, self.mission_plot):
            widget.param.watch(self._refresh_preview, "value")
        self.preview = pn.pane.HTML(**wide)
        self.move_q = select("Or instead: move a Q card")
        self.intrigue_side = choice({"On Bond's team": "team", "On the Main Plot": "plot"},
                                    "team", **wide)
        self.intrigue_name = pn.widgets.TextInput(label="Intrigue card (name, optional)",
                                                  height=TOUCH + 24, stylesheets=[INPUT_CSS],
                                                  **wide)
        self.intrigue_pv = Counter(label="PV", low=-MAX_BONUS, high=MAX_BONUS)
        self.intrigue_cv = Counter(label="CV", low=-MAX_BONUS, high=MAX_BONUS)
        self.intrigue_icon = select("Icon", options=["(no icon)", *rules.ICONS])
        self.intrigue_count = Counter(label="Icons", value=1, low=-9, high=9)
        # The duels.
        self.attack = Duel(self, intrigue=False)
        self.attack_charm = Duel(self, intrigue=True)
        # Library and deck checker.
        self.upload = pn.widgets.FileInput(accept=".csv,.yaml,.yml", **wide)
        self.import_status = pn.pane.HTML(**wide)
        self.action_deck = pn.widgets.TextAreaInput(label="Action deck", height=160,
                                                    placeholder=DECK_HINT, **wide)
        self.plot_deck = pn.widgets.TextAreaInput(label="Plot deck", height=160,
                                                  placeholder=DECK_HINT, **wide)
        self.deck_report = pn.pane.HTML(**wide)
        self.library_table = pn.pane.HTML(**wide, max_height=420,
                                          styles={"overflow-y": "auto"})
        # Views re-drawn after every change.
        self._buttons: dict[str, pn.widgets.Button] = {}
        self._step_panels: dict[str, pn.Column] = {}
        self._panes: dict[tuple[str, str], pn.pane.HTML | pn.pane.Markdown] = {}
        self._chart_key: object = None
        self._duel_card: pn.Card | None = None
        self.assignment_view = pn.pane.HTML(**wide)
        self.intrigue_values = pn.FlexBox(self.intrigue_pv, self.intrigue_cv)
        self.intrigue_icons = pn.Row(self.intrigue_icon, self.intrigue_count, **wide)
        self.status = pn.pane.HTML(**wide)
        self.steps = pn.pane.HTML(**wide)
        self.step_area = pn.Column(**wide)
        self.verdict = pn.pane.HTML(**wide)
        self.table = pn.pane.HTML(**wide)
        self.points = pn.pane.HTML(**wide)
        self.chart = pn.pane.HoloViews(None, **wide, height=280)
        self.param.watch(self._refresh, "revision")
        self._refresh()
        self._render_library()

    @property
    def state(self) -> LtkState:
        return self.session.state

    # New games.

    def new_options(self) -> dict[str, Any]:
        """The players and house rules set up on screen (names made valid if they are not)."""
        if not hasattr(self, "n_players"):
            return {} if not self.imported else {"cards": to_json_rows(self.library.values())}
        names: list[str] = []
        for i, widget in enumerate(self.names[: self.n_players.value]):
            name = widget.value.strip()[:MAX_NAME] or f"Player {i + 1}"
            names.append(name if name not in names else f"{name} ({i + 1})")
        options: dict[str, Any] = {
            "players": names, "team_values": self.team_values.value,
            "check_face_down_placements": self.check_face_down.value,
            "score_face_down_when_overcome": self.score_face_down.value,
        }
        if self.imported:
            options["cards"] = to_json_rows(self.library.values())
        return options

    def start_new_game(self, _event=None) -> None:
        try:
            session = Session(GAME, self.new_options(), store=self.store)
        except CompanionError as error:
            self.message = f"Not started: {error}"
            return
        self.open(session)
        self.picker.refresh()

    def _show_names(self, *_events) -> None:
        for i, widget in enumerate(self.names):
            widget.visible = i < self.n_players.value

    # Naming the cards on the table (face-down cards stay "face down").

    def piece_names(self) -> dict[int, str]:
        """'Oddjob (Ann's Plot Zone, PV 9, CV 3)' for every face-up piece on the table."""
        names = {}
        view = self.state.view()
        for player in view["players"]:
            for piece in player["agency"]:
                names[piece["id"]] = self._piece_name(piece, f"{player['name']}'s Agency")
            for m, stack in enumerate(player["zone"], start=1):
                for piece in stack:
                    names[piece["id"]] = self._piece_name(
                        piece, f"{player['name']}'s Main Plot {m}")
        return names

    def short_names(self) -> dict[int, str]:
        return {i: re.sub(r" \(.*", "", name) for i, name in self.piece_names().items()}

    def _piece_name(self, piece: dict, where: str) -> str:
        if piece["title"] is None:
            return f"a face-down card ({where})"
        strength = self.state.strength(self.state.piece(piece["id"]))
        values = ", ".join(f"{k} {v}" for k, v in (("PV", strength.pv), ("CV", strength.cv))
                           if v is not None)
        return f"{piece['title']} ({where}{', ' + values if values else ''})"

    # Changing the game.

    def next_step(self, no_plot_card: bool = False) -> None:
        self.act(NextStep(no_plot_card))

    def setup_player(self, _event=None) -> None:
        player = self._setup_player()
        if player is None:
            return
        self.act(Setup(player, self.setup_mission.value, self.setup_villain.value,
                       self.setup_bond.value))

    def place(self, _event=None) -> None:
        if not self.place_card.value or self.place_where.value is None:
            self.message = "Choose a card and where it goes first."
            return
        main_plot, position = self.place_where.value
        if self.act(PlacePlot(self.place_card.value, main_plot, position,
                              self.place_face.value == FACE_UP, self.place_by_intrigue.value)):
            self.place_face.value, self.place_by_intrigue.value = FACE_UP, False

    def attach_q(self, _event=None) -> None:
        if self.q_card.value is None or self.q_holder.value is None:
            self.message = "Choose a Q card and who gets it first."
            return
        self.act(AttachQ(self.q_card.value, self.q_holder.value))

    def add_to_agency(self, _event=None) -> None:
        if self.agency_card.value is not None:
            self.act(AddToAgency(self.agency_card.value))

    def start_assignment(self, _event=None) -> None:
        action = self._assignment()
        if action is None:
            self.message = "Choose a Bond card and a Main Plot first."
            return
        self.act(action)

    def do_move_q(self, _event=None) -> None:
        if self.move_q.value is not None:
            self.act(self.move_q.value)

    def play_intrigue(self, _event=None) -> None:
        icon = self.intrigue_icon.value
        icons = () if icon not in rules.ICONS or not self.intrigue_count.value else \
            ((icon, self.intrigue_count.value),)
        event = self.act(AssignmentIntrigue(self.intrigue_side.value, self.intrigue_pv.value,
                                            self.intrigue_cv.value, icons,
                                            self.intrigue_name.value.strip()))
        if event is not None:
            self.intrigue_pv.value = self.intrigue_cv.value = 0
            self.intrigue_count.value = 1
            self.intrigue_name.value = ""
            self.intrigue_icon.value = "(no icon)"

    def proceed(self, _event=None) -> None:
        self.act(Proceed())

    # The card library and the deck checker.

    def import_library(self, data: bytes | None, filename: str | None) -> None:
        """Add a CSV or YAML file's cards to the library; all or nothing, errors in words."""
        if not data or not filename:
            self.import_status.object = "<p><b>Choose a .csv or .yaml file first.</b></p>"
            return
        try:
            text = data.decode("utf-8")
            added = load_library_text(text, filename)
            self.library = self.library.merged(added.values(), filename)
        except UnicodeDecodeError:
            self.import_status.object = (f'<p class="import-error"><b>Not imported:</b> '
                                         f"{escape(filename)} is not UTF-8 text.</p>")
            return
        except InputError as error:
            self.import_status.object = (f'<p class="import-error"><b>Not imported:</b> '
                                         f"{escape(str(error))}. Nothing from the file was "
                                         "kept.</p>")
            return
        self.imported = True
        self.import_status.object = (f'<p class="import-ok">Imported {len(added)} card'
                                     f'{"s" * (len(added) != 1)} from '
                                     f"{escape(filename)}; the library has {len(self.library)}."
                                     " New games use it.</p>")
        self._render_library()

    def check_the_decks(self, _event=None) -> dict[str, list[str]] | None:
        try:
            problems = check_decks(parse_deck(self.action_deck.value),
                                   parse_deck(self.plot_deck.value), self.library)
        except InputError as error:
            self.deck_report.object = (f'<p class="deck-report"><b>Cannot check:</b> '
                                       f"{escape(str(error))}</p>")
            return None
        parts = []
        for deck, lines in (("Action deck", problems["action"]), ("Plot deck", problems["plot"])):
            if lines:
                items = "".join(f"<li>{escape(line)}</li>" for line in lines)
                parts.append(f"<p><b style='color:{LOST}'>{deck}: {len(lines)} "
                             f"problem{'s' * (len(lines) != 1)}</b></p><ul>{items}</ul>")
            else:
                parts.append(f"<p><b style='color:{WON}'>{deck}: legal.</b></p>")
        self.deck_report.object = f'<div class="deck-report">{"".join(parts)}</div>'
        return problems

    def _render_library(self) -> None:
        rows = []
        for card in sorted(self.library.values(),
                           key=lambda c: (rules.CARD_TYPES.index(c.type), c.title)):
            flags = [f for f in ("unique", "ally", "vehicle") if getattr(card, f)]
            invented = f"<i>invented: {escape(', '.join(card.invented))}</i>" \
                if card.invented else ""
            cells = [f"<b>{escape(card.title)}</b>", card.type, _blank(card.pv), _blank(card.cv),
                     escape(icons_text(card.provides)), escape(icons_text(card.requires)),
                     ", ".join(flags), invented]
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        head = "".join(f"<th>{h}</th>" for h in ("Title", "Type", "PV", "CV", "Gives", "Needs",
                                                 "", "Not from the rulebook"))
        self.library_table.object = (
            f'<table class="library" style="border-collapse:collapse;font-size:0.95rem">'
            f"<tr>{head}</tr>{''.join(rows)}</table>")

    # Re-drawing after every change.

    def _refresh(self, *_events) -> None:
        state = self.state
        self.status.object = self._status_html()
        self.steps.object = checklist_html(state)
        self.verdict.object = self._verdict_html()
        self.table.object = self._table_html()
        self.points.object = self._points_html()
        chart_key = (state.config.names, state.ledger)
        if chart_key != self._chart_key:  # most taps leave the ledger alone
            self._chart_key, self.chart.object = chart_key, self.race_chart()
        if self._duel_card is None or not self._duel_card.collapsed:
            self.attack_charm.refresh()
        self._show_steps()

    def _status_html(self) -> str:
        state = self.state
        if state.is_over:
            return (f'<div class="game-over" style="font-size:1.4rem;padding:12px;'
                    f'border:3px solid {WON};border-radius:8px"><b>Game over.</b> '
                    f"{escape(state.result)}. Undo in the log to go back.</div>")
        if state.turn is None:
            player = self._setup_player()
            who = "" if player is None else f": {escape(state.players[player].name)} next"
            return f'<div class="status" style="font-size:1.2rem"><b>Setting up</b>{who}</div>'
        turn = state.turn
        extra = " · an assignment is in progress" if state.assignment is not None else ""
        return (f'<div class="status" style="font-size:1.2rem">Turn {turn.number}: '
                f"<b>{escape(state.players[turn.player].name)}</b> · "
                f"{escape(turn.step_name)}{extra}</div>")

    def _verdict_html(self) -> str:
        event = self.state.last_event
        if event is None:
            return ('<div class="verdict" style="font-size:1.05rem">No action yet: each player '
                    "sets up first.</div>")
        color = {"success": WON, "failure": LOST}.get(event.outcome, INFO)
        return (f'<div class="verdict" style="font-size:1.1rem;border-left:6px solid {color};'
                f'padding:6px 12px">{escape(event.text)}</div>')

    def _setup_player(self) -> int | None:
        return next((p for p, player in enumerate(self.state.players) if not player.ready),
                    None)

    def _step_views(self) -> list[tuple[str, list[pn.viewable.Viewable]]]:
        """(panel key, its objects) for what the step area shows now, in order."""
        state = self.state
        if state.is_over:
            return []
        if state.turn is None:
            return [("setup", self._setup_objects())]
        if state.assignment is not None:
            return [("assignment", self._assignment_objects())]
        views = {
            "Draw Cards": self._draw_objects,
            "Develop Plot Zone": self._develop_objects,
            "Henchman Attack": self._attack_objects,
            "Assignment Briefing": self._briefing_objects,
            "On Assignment": self._mission_objects,
            "Discard and Draw Cards": self._discard_objects,
        }
        name = state.turn.step_name
        shown = [(name, views[name]()), ("q", self._q_objects()), ("next", [self._next_button()])]
        return [(key, objects) for key, objects in shown if objects]

    def _show_steps(self) -> None:
        """One panel per step, built once and shown or hidden: a tap re-sends only what
        changed, not the whole step area."""
        shown = dict(self._step_views())
        for key, objects in shown.items():
            panel = self._step_panels.setdefault(key, pn.Column(sizing_mode="stretch_width",
                                                                margin=0))
            if [id(o) for o in panel.objects] != [id(o) for o in objects]:
                panel.objects = objects
        for key, panel in self._step_panels.items():
            panel.visible = key in shown
        panels = [self._step_panels[k] for k in STEP_PANELS if k in self._step_panels]
        if [id(o) for o in self.step_area.objects] != [id(p) for p in panels]:
            self.step_area.objects = panels

    def step_objects(self) -> list[pn.viewable.Viewable]:
        """What the step area shows now, top to bottom."""
        return [o for p in self.step_area.objects if p.visible for o in p.objects]

    def _next_button(self) -> pn.viewable.Viewable:
        state = self.state
        turn = state.turn
        if turn.step + 1 < len(rules.TURN_STEPS):
            label = f"Done: go to {rules.TURN_STEPS[turn.step + 1]}"
        else:
            label = f"End the turn: {state.players[(turn.player + 1) % len(state.players)].name}"\
                    " plays"
        widget = self._button("next", label, lambda _: self.next_step())
        widget.disabled = NextStep() not in state.legal_actions()
        return widget

    def _button(self, key: str, label: str, on_click, color: str = "default"
                ) -> pn.widgets.Button:
        """One button per key for the page's life (a button re-made on every change could
        be tapped just as it is replaced); its label follows the state."""
        if key not in self._buttons:
            self._buttons[key] = button(label, on_click, color=color,
                                        sizing_mode="stretch_width")
        self._buttons[key].label = label
        return self._buttons[key]

    def _note(self, text: str) -> pn.pane.HTML:
        """A paragraph of the step area, made once per text (fewer models to re-send)."""
        if ("note", text) not in self._panes:
            self._panes["note", text] = pn.pane.HTML(f'<p style="font-size:1.05rem">{text}</p>',
                                                     sizing_mode="stretch_width")
        return self._panes["note", text]

    def _heading(self, text: str) -> pn.pane.Markdown:
        if ("heading", text) not in self._panes:
            self._panes["heading", text] = heading(text)
        return self._panes["heading", text]

    def _setup_objects(self) -> list[pn.viewable.Viewable]:
        player = self._setup_player()
        legal = [a for a in self.state.legal_actions() if isinstance(a, Setup)]
        lib = self.state.library
        for widget, field in ((self.setup_mission, "mission"), (self.setup_villain, "villain"),
                              (self.setup_bond, "bond")):
            titles = dict.fromkeys(getattr(a, field) for a in legal)
            _offer(widget, {card_label(lib[t]) if field != "villain" else t: t
                            for t in titles})
        name = self.state.players[player].name
        return [self._heading(f"Preparing to Play: {escape(name)}"),
                self._note("Each player lays down a Mission face up with a Villain face down "
                           "on it and picks a starting Bond. The tablet checks the choice."),
                self.setup_mission, self.setup_villain, self.setup_bond,
                self._button("setup", f"Set up {name}", self.setup_player, color="primary")]

    def _draw_objects(self) -> list[pn.viewable.Viewable]:
        return [self._note(f"Draw Action cards up to {rules.HAND_SIZE} in hand and "
                           f"{rules.PLOT_CARDS_DRAWN_PER_TURN} Plot card.")]

    def _develop_objects(self) -> list[pn.viewable.Viewable]:
        state = self.state
        legal = state.legal_actions()
        titles = dict.fromkeys(a.card for a in legal if isinstance(a, PlacePlot))
        if self.place_by_intrigue.value:
            titles = dict.fromkeys(c.title for c in state.library.of_type(
                *rules.INTRIGUE_EXTRA_PLOT_TYPES))
        self.place_card.options = {"(choose the card)": NONE_CHOSEN, **{
            card_label(state.library[t]): t for t in titles}}
        self.place_card.value = NONE_CHOSEN  # a face-down title does not stay on the shared screen
        self._refresh_where()
        objects = [self._heading("Add a card to your Plot Zone"),
                   self._note("Face down: only you look at the screen while you pick it; the "
                              "tablet keeps it hidden from the table."),
                   self.place_card, self.place_face, self.place_by_intrigue, self.place_where,
                   self._button("place", "Add it to the Plot Zone", self.place,
                                color="primary")]
        if not state.turn.plots_placed:
            objects.append(self._button("no plot", "The Plot Draw Pile is empty: no Plot card "
                                        "this turn", lambda _: self.next_step(True)))
        return objects

    def _q_objects(self) -> list[pn.viewable.Viewable]:
        """Attach a Q card: during Develop Plot Zone or Assignment Briefing, where allowed."""
        state = self.state
        qs = [a for a in state.legal_actions() if isinstance(a, AttachQ)]
        if not qs:
            return []
        _offer(self.q_card, {card_label(state.library[t]): t
                             for t in dict.fromkeys(a.card for a in qs)})
        self._refresh_q_holders()
        title = ("Q card on a face-up Villain or Henchman"
                 if state.turn.step_name == "Develop Plot Zone" else
                 f"Q card ({rules.Q_CARDS_PER_CHARACTER_PER_BRIEFING} to each Bond or Agent "
                 "this step)")
        return [self._heading(title), self.q_card, self.q_holder,
                self._button("q", "Attach the Q card", self.attach_q)]

    def where_options(self, title: str | None, face_up: bool, by_intrigue: bool
                      ) -> dict[str, tuple[int | None, int | None]]:
        """Every place in the Plot Zone the engine accepts this card now, in words."""
        if not title:
            return {}
        state = self.state
        me = state.turn.player
        view = state.view()["players"][me]["zone"]
        places: dict[str, tuple[int | None, int | None]] = {"A new Main Plot": (None, None)}
        for m, stack in enumerate(view):
            names = [p["title"] or "a face-down card" for p in stack]
            for position in range(len(stack) + 1):
                if position == 0:
                    where = f"at the bottom, under {names[0]}"
                elif position == len(stack):
                    where = f"on top, above {names[-1]}"
                else:
                    where = f"between {names[position - 1]} and {names[position]}"
                places[f"Main Plot {m + 1}: {where}"] = (m, position)
        return {label: spot for label, spot in places.items()
                if _accepts(state, PlacePlot(title, *spot, face_up, by_intrigue))}

    def _refresh_where(self, *_events) -> None:
        if self.state.turn is None or self.state.is_over:
            return
        _offer(self.place_where, self.where_options(
            self.place_card.value, self.place_face.value == FACE_UP,
            self.place_by_intrigue.value))

    def _refresh_q_holders(self, *_events) -> None:
        names = self.piece_names()
        holders = [a.holder for a in self.state.legal_actions()
                   if isinstance(a, AttachQ) and a.card == self.q_card.value]
        _offer(self.q_holder, {names[h]: h for h in holders})

    def _attack_objects(self) -> list[pn.viewable.Viewable]:
        legal = [a for a in self.state.legal_actions() if isinstance(a, HenchmanAttack)]
        if not legal and self.state.turn.attacks:
            return [self._note("This turn's Henchman Attack is done.")]
        if not legal:
            return [self._note("No Henchman or Personality in your Plot Zone can attack now: "
                               "it needs to be face up, with a target in another Agency whose "
                               "value is not higher.")]
        if not any(a.value == self.attack.value.value for a in legal):
            self.attack.value.value = legal[0].value
        self.attack.refresh()
        return [self._heading(f"Henchman Attack ({rules.HENCHMAN_ATTACKS_PER_TURN} a turn)"),
                self.attack]

    def _briefing_objects(self) -> list[pn.viewable.Viewable]:
        state = self.state
        lib = state.library
        cards = lib.of_type("Bond", *rules.PERSONALITY_TYPES)
        _offer(self.agency_card, {f"{card_label(c)}{', ally' if c.ally else ''}": c.title
                                  for c in cards})
        self._refresh_win_over()
        return [self._heading("Put a card in your Agency"), self.agency_card, self.win_over,
                self._button("agency", "Put it in the Agency", self.add_to_agency,
                             color="primary")]

    def _refresh_win_over(self, *_events) -> None:
        state, title = self.state, self.agency_card.value
        if title is None or state.turn is None or state.is_over:
            self.win_over.object = ""
            return
        card = state.library[title]
        allowed = AddToAgency(title) in state.legal_actions()
        verdict = (f"<b style='color:{WON}'>Allowed.</b>" if allowed else
                   f"<b style='color:{LOST}'>Not allowed now.</b>")
        if card.type == "Bond" or card.ally:
            self.win_over.object = f'<div class="win-over">{verdict}</div>'
            return
        report = state.win_over_report(state.turn.player, title)
        rows = "".join(
            f"<li>{escape(factor)} {_needed(card, factor)}: "
            + (f"met by {escape(', '.join(bonds))}" if bonds else
               f"<b style='color:{LOST}'>no Bond card meets it</b>") + "</li>"
            for factor, bonds in report.items())
        self.win_over.object = (f'<div class="win-over">{verdict} To win {escape(title)} over, '
                                f"a Bond card in your Agency meets each factor:<ul>{rows}</ul>"
                                "</div>")

    def _mission_objects(self) -> list[pn.viewable.Viewable]:
        legal = self.state.legal_actions()
        starts = [a for a in legal if isinstance(a, StartAssignment)]
        names = self.piece_names()
        _offer(self.mission_bond, {names[b]: b for b in dict.fromkeys(a.bond for a in starts)})
        moves = [a for a in legal if isinstance(a, MoveQ)]
        _offer(self.move_q, {self._move_words(a, names): a for a in moves})
        self._refresh_preview()
        objects = [self._heading("Attempt to Overcome a Main Plot")]
        if starts:
            objects += [self.mission_bond, self.mission_partner, self.mission_plot, self.preview,
                        self._button("go", "Go On Assignment (no turning back)",
                                     self.start_assignment, color="primary")]
        else:
            objects.append(self._note("No Bond card can go On Assignment now."))
        if moves:
            objects += [self.move_q, self._button(
                "move", "Move the Q card (instead of an assignment)", self.do_move_q)]
        return objects

    def _move_words(self, action: MoveQ, names: dict[int, str]) -> str:
        state = self.state
        q = next(q for p in state.players[state.turn.player].agency for q in p.attached
                 if q.id == action.card)
        short = self.short_names()
        words = f"{q.title} to {short[action.holder]}"
        if action.exchange_for is not None:
            back = next(x for x in state.piece(action.holder).attached
                        if x.id == action.exchange_for)
            words += f" in exchange for {back.title}"
        return words

    def _assignment(self) -> StartAssignment | None:
        if self.mission_bond.value is None or self.mission_plot.value is None:
            return None
        owner, m = self.mission_plot.value
        partner = self.mission_partner.value
        return StartAssignment(self.mission_bond.value, owner, m,
                               None if partner == NOBODY else partner)

    def _refresh_preview(self, *_events) -> None:
        state = self.state
        if state.turn is None or state.is_over or state.assignment is not None:
            return
        starts = [a for a in state.legal_actions() if isinstance(a, StartAssignment)
                  and a.bond == self.mission_bond.value]
        names = self.piece_names()
        partners = {"(nobody)": NOBODY}
        partners.update({names[p]: p for p in dict.fromkeys(a.personality for a in starts)
                         if p is not None})
        if self.mission_partner.options != partners:
            _offer(self.mission_partner, partners)
        plots = {self._plot_words(a.plot_owner, a.main_plot): (a.plot_owner, a.main_plot)
                 for a in starts}
        if self.mission_plot.options != plots:
            _offer(self.mission_plot, plots)
        action = self._assignment()
        if action is None or action not in starts:
            self.preview.object = ""
            return
        check = state.preview_assignment(action.bond, action.plot_owner, action.main_plot,
                                         action.personality)
        stack = state.players[action.plot_owner].zone[action.main_plot]
        hidden = sum(not p.face_up for p in stack)
        note = (f"<p>{hidden} card{'s' * (hidden != 1)} still face down: each is revealed "
                "in turn and may add to what is needed.</p>") if hidden else ""
        self.preview.object = (f'<div class="preview"><p>Against the face-up cards now:</p>'
                               f"{_check_html(check)}{note}</div>")

    def _plot_words(self, owner: int, m: int) -> str:
        view = self.state.view()["players"][owner]
        titles = [p["title"] or "face down" for p in view["zone"][m]]
        return f"{view['name']}'s Main Plot {m + 1}: {', '.join(titles)}"

    def _assignment_objects(self) -> list[pn.viewable.Viewable]:
        state = self.state
        a = state.assignment
        check = state.assignment_check()
        stack = state.players[a.plot_owner].zone[a.main_plot]
        hidden = any(not p.face_up for p in stack)
        if not check.met:
            label = "Everyone has passed: the Main Plot is not Overcome"
        elif hidden:
            label = "Everyone has passed: reveal the bottom-most face-down card"
        else:
            label = "Everyone has passed: the Main Plot is Overcome"
        short = self.short_names()
        team = short[a.bond] + ("" if a.personality is None else f" with {short[a.personality]}")
        effects = "".join(f"<li>{escape(e.card or 'Intrigue card')} on the {e.side}: "
                          f"{escape(_effect_words(e))}</li>" for e in a.effects)
        self.assignment_view.object = (
            f'<div class="assignment" style="font-size:1.05rem"><p>Against '
            f"{escape(self._plot_words(a.plot_owner, a.main_plot))}</p>{_check_html(check)}"
            f"{'<ul>' + effects + '</ul>' if effects else ''}</div>")
        return [
            self._heading(f"On Assignment: {escape(team)}"),
            self.assignment_view,
            self._note("Starting with Bond's player, each player plays Intrigue cards or "
                       "passes. Enter each Intrigue card's effect here."),
            self.intrigue_name, self.intrigue_side,
            self.intrigue_values, self.intrigue_icons,
            self._button("intrigue", "Apply the Intrigue card", self.play_intrigue),
            self._button("proceed", label, self.proceed, color="primary"),
        ]

    def _discard_objects(self) -> list[pn.viewable.Viewable]:
        return [self._note(f"Discard any cards you like, then draw up to {rules.HAND_SIZE}.")]

    # The table, the points and the race.

    def _table_html(self) -> str:
        state = self.state
        view = state.view()
        current = None if state.turn is None else state.turn.player
        blocks = []
        for p, player in enumerate(view["players"]):
            color = PLAYER_COLORS[p % len(PLAYER_COLORS)]
            marker = " · to play" if p == current else ""
            agency = "".join(self._chip(c) for c in player["agency"]) or "<i>empty</i>"
            plots = "".join(
                f'<div class="main-plot"><b>Main Plot {m}</b> <small>(bottom first)</small><br>'
                f'{"".join(self._chip(c) for c in stack)}</div>'
                for m, stack in enumerate(player["zone"], start=1)) or "<i>no Main Plot</i>"
            won = f"<div>Won: {escape(', '.join(player['won']))}</div>" if player["won"] else ""
            blocks.append(
                f'<div class="player" style="border-left:6px solid {color};padding:4px 10px;'
                f'margin:6px 0"><div style="font-size:1.15rem"><b>{escape(player["name"])}'
                f'</b> · {player["points"]} Plot Points{marker}</div>'
                f'<div class="agency"><b>Agency</b><br>{agency}</div>'
                f'<div class="zone"><b>Plot Zone</b><br>{plots}</div>{won}</div>')
        return f'<div class="ltk-table">{"".join(blocks)}</div>'

    def _chip(self, piece: dict) -> str:
        if piece["title"] is None:
            return f'<span class="card face-down" style="{DOWN_CHIP}">face down</span>'
        card = self.state.library[piece["title"]]
        attached = "".join(f"<br>+ {escape(a['title'])}" for a in piece["attached"])
        demoted = ' <b style="color:#b71c1c">Demoted</b>' if piece["demotions"] else ""
        return (f'<span class="card" style="{CHIP}"><b>{escape(piece["title"])}</b>{demoted}'
                f'<br><span style="font-size:0.85rem">{escape(card_facts(card))}</span>'
                f"{attached}</span>")

    def _points_html(self) -> str:
        state = self.state
        rows = []
        for p, player in enumerate(state.players):
            history = "".join(f"<li>{e.change:+d}: {escape(e.reason)}</li>"
                              for e in state.history_of(p))
            rows.append(f"<details><summary style='font-size:1.1rem;min-height:{TOUCH}px;"
                        f"line-height:{TOUCH}px'><b>{escape(player.name)}</b>: "
                        f"{state.points()[p]} Plot Points</summary><ul>{history}</ul></details>")
        return (f'<div class="points">{"".join(rows)}<p>{rules.WINNING_POINTS} or more wins, '
                "when reached by Overcoming an opponent's Plot.</p></div>")

    def race_chart(self) -> hv.Overlay:
        """Each player's running Plot Points after every ledger change, and the line at 60."""
        state = self.state
        curves = [
            hv.Curve(list(enumerate(line)), "change", "Plot Points", label=player.name).opts(
                color=PLAYER_COLORS[p % len(PLAYER_COLORS)], line_width=3,
                interpolation="steps-post")
            for p, (player, line) in enumerate(zip(state.players, state.race(), strict=True))
        ]
        goal = hv.HLine(rules.WINNING_POINTS).opts(color="grey", line_dash="dashed")
        race = state.race()
        low = min(0, *(min(line) for line in race))
        top = max(rules.WINNING_POINTS, *(max(line) for line in race)) + 5
        return hv.Overlay([*curves, goal]).opts(
            responsive=True, height=260, xlim=(0, max(1, len(state.ledger))), ylim=(low, top),
            legend_position="right", toolbar=None, default_tools=[],
            xlabel="ledger change", ylabel="Plot Points")

    # The page.

    def __panel__(self) -> pn.viewable.Viewable:
        wide = {"sizing_mode": "stretch_width"}
        turn = section("The turn", self.status, self.steps, self.message_view(),
                       self.step_area, heading("What just happened"), self.verdict)
        race = section(f"Plot Points: the race to {rules.WINNING_POINTS}", self.chart,
                       self.points)
        table = section("The table: Agencies and Plot Zones", self.table)
        duel = self._duel_card = section("Attack or Charm (an Intrigue card)",
                       self._note("When an Intrigue card calls for an Attack (PV) or a "
                                  "Charm (CV): the loser is discarded."),
                       self.attack_charm, collapsed=True)
        duel.param.watch(lambda e: None if e.new else self.attack_charm.refresh(), "collapsed")
        log = section("Log", self.log)
        house = pn.pane.HTML(f"<p>{HOUSE_LABEL} The rulebook leaves these open; the tablet's "
                             "defaults are chosen first.</p>", **wide)
        new_game = section(
            "New game: players and house rules", heading("Number of players"), self.n_players,
            *self.names, house,
            pn.pane.HTML(f"<b>Bond's team PV and CV with a Personality</b> {HOUSE_LABEL}",
                         **wide), self.team_values,
            pn.pane.HTML(f"<b>Face-down placements</b> {HOUSE_LABEL}", **wide),
            self.check_face_down,
            pn.pane.HTML(f"<b>Face-down plots of a Main Plot Overcome at once</b> "
                         f"{HOUSE_LABEL}", **wide), self.score_face_down,
            pn.pane.HTML(f"<p>Also {HOUSE_LABEL}: revealed cards are checked for "
                         f"{', '.join(rules.REVEAL_CHECKS)} in that order; Special plots rank "
                         f"{rules.SPECIAL_PLOT_RANK}, at most "
                         f"{rules.SPECIAL_PLOTS_PER_MAIN_PLOT} a Main Plot.</p>", **wide),
            button("Start a new game with these players", self.start_new_game,
                   color="primary", **wide),
            collapsed=True)
        downloads = pn.Row(
            pn.widgets.FileDownload(callback=lambda: _text_file(to_csv(self.library.values())),
                                    filename="cards.csv", label="Export the library (CSV)",
                                    height=TOUCH, **wide),
            pn.widgets.FileDownload(callback=lambda: _text_file(to_yaml(self.library.values())),
                                    filename="cards.yaml", label="Export the library (YAML)",
                                    height=TOUCH, **wide), **wide)
        library = section(
            "Card library and deck checker",
            heading("Import cards (CSV or YAML)"), self.upload,
            button("Import the chosen file",
                   lambda _: self.import_library(self.upload.value, self.upload.filename),
                   **wide),
            self.import_status, downloads,
            heading("Check a deck"), self.action_deck, self.plot_deck,
            button("Check the decks", self.check_the_decks, color="primary", **wide),
            self.deck_report, heading("The cards"), self.library_table, collapsed=True)
        saved = section("Saved games", self.picker, collapsed=True)
        return page("License to Kill", turn, race, table, duel, log, new_game, library, saved)


def _offer(widget: pn.widgets.Select, options: dict) -> None:
    """New options for a Select; the choice stays if it is still offered, else the first."""
    values = list(options.values())
    widget.options = options
    if widget.value not in values:
        widget.value = values[0] if values else None


def _accepts(state: LtkState, action: Any) -> bool:
    try:
        state.apply(action)
    except CompanionError:
        return False
    return True


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


def _needed(card: Card, factor: str) -> str:
    if factor in ("PV", "CV"):
        return str(card.value(factor))
    return str(dict(card.requires).get(factor, ""))


def _check_html(check) -> str:
    if not check.lines:
        return "<p>Nothing is needed.</p>"
    rows = "".join(
        f'<tr class="{"met" if line.met else "missing"}"><td>{escape(line.factor)}</td>'
        f"<td>{line.have} of {line.needed}</td><td>"
        + (f"<b style='color:{WON}'>✓ met</b>" if line.met else
           f"<b style='color:{LOST}'>✗ missing {line.needed - line.have}</b>") + "</td></tr>"
        for line in check.lines)
    verdict = (f"<b style='color:{WON}'>Every requirement met.</b>" if check.met else
               f"<b style='color:{LOST}'>Not enough yet.</b>")
    return (f'<table class="check" style="font-size:1.05rem"><tr><th>Needed</th><th>Team has'
            f"</th><th></th></tr>{rows}</table><p>{verdict}</p>")


def _effect_words(effect: AssignmentIntrigue) -> str:
    changes = [f"{k} {v:+d}" for k, v in (("PV", effect.pv), ("CV", effect.cv)) if v]
    changes += [f"{icon} {count:+d}" for icon, count in effect.icons]
    return ", ".join(changes) or "no change"


def _text_file(text: str) -> io.StringIO:
    return io.StringIO(text)

