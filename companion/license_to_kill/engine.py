"""License to Kill: the table as a referee and a ledger sees it; the cards stay physical.

The state holds each player's Agency and Plot Zone (Main Plots as stacks,
bottom first, of face-up and face-down cards), discard and reward piles, the
turn's step, an assignment in progress and the plot-point ledger. Every card on
the table is a `Piece` with an id, so a card is always in exactly one place.

Options (plain JSON): ``players`` (2 to 6 names, in turn order), ``cards`` (a
card library as rows, default the sample library), and the HOUSE RULE keys of
`rules.HOUSE_RULES`.

The game starts with a `Setup` per player, then turns run through the six steps
of `rules.TURN_STEPS` with `NextStep`. Player-entered Intrigue effects are
fields of the actions (`attacker_bonus`, `AssignmentIntrigue`): the tablet does
not read card text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from html import escape
from itertools import groupby
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from companion.core.datafile import check_line
from companion.core.errors import InputError, RuleError, shown
from companion.core.game import JSON, Event, GameState, check_options
from companion.core.rules_table import RulesTable
from companion.license_to_kill import assignment as team_check
from companion.license_to_kill import attachments, candidates, duels, odds, overcome, rules, steps
from companion.license_to_kill.actions import (
    ACTION_TYPES,
    AddToAgency,
    AssignmentIntrigue,
    AttachIntrigue,
    AttachQ,
    AttackCharm,
    DiscardAttached,
    HenchmanAttack,
    InPlaceOfAssignment,
    MoveQ,
    NextStep,
    PlacePlot,
    Proceed,
    Setup,
    StartAssignment,
)
from companion.license_to_kill.cards import Card, Library, cards_from_json, sample_library
from companion.license_to_kill.table import (
    ON_ASSIGNMENT,
    PREPARING,
    Assignment,
    Config,
    LedgerEntry,
    MainPlot,
    Piece,
    Player,
    Turn,
    check_bonus,
    refuse,
)

__all__ = [
    "ACTION_TYPES",
    "AddToAgency",
    "Assignment",
    "AssignmentIntrigue",
    "AttachIntrigue",
    "AttachQ",
    "AttackCharm",
    "Config",
    "DiscardAttached",
    "HenchmanAttack",
    "InPlaceOfAssignment",
    "LedgerEntry",
    "LtkState",
    "MainPlot",
    "MoveQ",
    "NextStep",
    "Piece",
    "PlacePlot",
    "Player",
    "Proceed",
    "Setup",
    "StartAssignment",
    "Turn",
    "new_state",
]

MAX_NAME = 30


@dataclass(frozen=True)
class LtkState(GameState):
    config: Config
    players: tuple[Player, ...]
    turn: Turn | None = None  # None while players set up
    assignment: Assignment | None = None
    ledger: tuple[LedgerEntry, ...] = ()
    next_id: int = 1
    winner: int | None = None
    history: tuple[Any, ...] = ()
    last_event: Event | None = None

    # Looking at the table.

    @property
    def library(self) -> Library:
        return self.config.library

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def result(self) -> str | None:
        if self.winner is None:
            return None
        return (f"{self.players[self.winner].name} wins with {self.points()[self.winner]} "
                "Plot Points, reached by Overcoming a Plot")

    def points(self) -> tuple[int, ...]:
        """Each player's Plot Points: the sum of their ledger entries."""
        totals = [0] * len(self.players)
        for entry in self.ledger:
            totals[entry.player] += entry.change
        return tuple(totals)

    def history_of(self, player: int) -> list[LedgerEntry]:
        return [entry for entry in self.ledger if entry.player == player]

    def card(self, piece: Piece) -> Card:
        return self.library[piece.title]

    @cached_property
    def _places(self) -> dict[int, tuple[Piece, str, int, int | None]]:
        """Every piece on the table: (piece, 'agency' or 'zone', player, main plot)."""
        places: dict[int, tuple[Piece, str, int, int | None]] = {}
        for p, player in enumerate(self.players):
            for piece in player.agency:
                _index(places, piece, "agency", p, None)
            for m, main_plot in enumerate(player.zone):
                for piece in main_plot:
                    _index(places, piece, "zone", p, m)
        return places

    def piece(self, piece_id: object) -> Piece:
        """The piece on the table with this id; InputError if there is none."""
        if not isinstance(piece_id, int) or piece_id not in self._places:
            raise InputError(f"no card on the table has id {shown(piece_id, 20)}")
        return self._places[piece_id][0]

    def place_of(self, piece_id: int) -> tuple[str, int, int | None]:
        """('agency' or 'zone', player, main plot index or None) of a piece on the table."""
        _, where, player, main_plot = self._places[self.piece(piece_id).id]
        return where, player, main_plot

    def on_table(self) -> Iterable[Piece]:
        """Every piece in an Agency or a Plot Zone, attached cards included."""
        for piece, _, _, _ in self._places.values():
            yield piece
            yield from piece.attached

    def in_play(self, title: str) -> list[Piece]:
        """The face-up copies of a card on the table (Unique Cards: "in play")."""
        return [p for p in self._by_title.get(title, ()) if p.face_up]

    @cached_property
    def _by_title(self) -> dict[str, list[Piece]]:
        # Looked up for every candidate action: one pass over the table per state.
        by_title: dict[str, list[Piece]] = {}
        for piece in self.on_table():
            by_title.setdefault(piece.title, []).append(piece)
        return by_title

    @cached_property
    def _by_owner_type(self) -> Counter[tuple[int, str, bool]]:
        return Counter((p.owner, self.card(p).type, p.face_up) for p in self.on_table())

    def check_deck_copies(self, card: Card, owner: int, face_up: bool = True) -> None:
        """Building a Deck: a player's cards on the table come from his decks, so they hold
        no more copies of a card, nor cards of a type, than a legal deck can (HOUSE RULE
        `deck_limits_on_table`, on by default). A card put face up is counted with his
        face-up cards only, which the whole table sees: a refusal never tells what his
        face-down cards are. One put face down is counted with all his cards; he names it on
        his own phone (or on the tablet, where he has shown it already)."""
        if not self.config.house["deck_limits_on_table"]:
            return
        name = self.players[owner].name
        limit = rules.PLOT_DECK_MAX_COPIES if card.is_plot else rules.ACTION_DECK_MAX_COPIES
        copies = sum(p.owner == owner and (p.face_up or not face_up)
                     for p in self._by_title.get(card.title, ()))
        if copies >= limit:
            raise refuse(f"{name} has {copies} {card.title} on the table already; a deck "
                         f"holds at most {limit} ({FREE_DECKS})", "building")
        most = rules.DECK_TYPE_MOST.get(card.type)
        held = self._by_owner_type[(owner, card.type, True)] + \
            (0 if face_up else self._by_owner_type[(owner, card.type, False)])
        if most is not None and held >= most:
            raise refuse(f"{name} has {held} {card.type} cards on the table already; a deck "
                         f"holds {most} ({FREE_DECKS})", "building")

    def strength(self, piece: Piece) -> team_check.Strength:
        """A character's PV, CV and icons with its attached Q cards."""
        return team_check.strength(self.card(piece), self._attached_cards(piece))

    def _attached_cards(self, piece: Piece) -> list[Card]:
        """Its Q cards and attached Intrigue cards, whose effects stay with it."""
        return [self.card(a) for a in piece.attached]

    def requirement(self, owner: int, main_plot: int,
                    effects: Iterable[AssignmentIntrigue] = ()) -> team_check.Strength:
        """What Overcoming a Main Plot asks now, from its face-up cards (and Intrigue)."""
        cards = [team_check.plot_strength(self.card(p), self._attached_cards(p))
                 for p in self.players[owner].zone[main_plot] if p.face_up]
        extra = [team_check.Strength(e.pv, e.cv, e.icons) for e in effects if e.side == "plot"]
        return team_check.requirement(cards, extra)

    def team(self, bond: int, personality: int | None = None,
             effects: Iterable[AssignmentIntrigue] = ()) -> team_check.Strength:
        """Bond's team On Assignment, with Q cards and Intrigue effects."""
        members = self.strength(self.piece(bond))
        partner = None if personality is None else self.strength(self.piece(personality))
        combined = team_check.team(members, partner, self.config.house["team_values"])
        for e in effects:
            if e.side == "team":
                combined = team_check.Strength(
                    _plus(combined.pv, e.pv), _plus(combined.cv, e.cv),
                    team_check.pool_icons([combined.icons, e.icons]))
        return combined

    def assignment_check(self) -> team_check.Check | None:
        """The assignment in progress: every factor met or missing, as revealed so far."""
        a = self.assignment
        if a is None:
            return None
        return team_check.compare(self.team(a.bond, a.personality, a.effects),
                                  self.requirement(a.plot_owner, a.main_plot, a.effects))

    def preview_assignment(self, bond: int, plot_owner: int, main_plot: int,
                           personality: int | None = None) -> team_check.Check:
        """What a team would meet and miss against a Main Plot's face-up cards."""
        return team_check.compare(self.team(bond, personality),
                                  self.requirement(plot_owner, main_plot))

    def win_over_report(self, player: int, title: str, help_: AddToAgency | None = None
                        ) -> dict[str, tuple[str, ...]]:
        """Which Bond cards in the player's Agency meet each factor of a Personality, with Q
        cards, attached Intrigue cards and an Intrigue card played on one Bond (`help_`)."""
        bonds = {}
        agency = [p for p in self.players[player].agency if self.card(p).type == "Bond"]
        titles = Counter(p.title for p in agency)
        for p in agency:
            have = self.strength(p)
            if help_ is not None and help_.helped == p.id:
                have = team_check.Strength(_plus(have.pv, help_.pv), _plus(have.cv, help_.cv),
                                           team_check.pool_icons([have.icons, help_.icons]))
            # A copy's number only where two copies of one Bond card would read alike.
            bonds[p.title if titles[p.title] == 1 else f"{p.title} (#{p.id})"] = have
        return team_check.win_over(self.library.card(title), bonds)

    def attack_values(self, attacker: int, target: int, value: str,
                      section: str = "henchman") -> tuple[int, int]:
        """Both cards' values for a duel, Q modifiers added; RuleError if one is blank."""
        pair = []
        for piece_id in (attacker, target):
            amount = self.strength(self.piece(piece_id)).value(value)
            if amount is None:
                raise refuse(f"{self.piece(piece_id).title} has no {value}", section)
            pair.append(amount)
        return pair[0], pair[1]

    def attack_odds(self, attacker: int, target: int, value: str = "PV",
                    attacker_bonus: int = 0, target_bonus: int = 0) -> dict[str, Fraction]:
        """The chances of a duel between two pieces before the dice: "attacker", "tie",
        "target" and "fails". RuleError if the attacker's value is lower. Intrigue bonuses
        that lift the target above the attacker make the attack fail without dice (Step
        Four, 4: 'the Henchman returns to your Plot Zone completely unharmed'): "fails" 1."""
        mine, theirs = self.attack_values(attacker, target, value)
        odds.attack_modifiers(mine, theirs)
        if theirs + target_bonus > mine + attacker_bonus:
            return {**dict.fromkeys(odds.WINNERS, Fraction(0)), "fails": Fraction(1)}
        return {**odds.henchman_attack(mine + attacker_bonus, theirs + target_bonus),
                "fails": Fraction(0)}

    def checklist(self) -> list[tuple[str, str]]:
        """The turn's steps with 'done', 'now' or 'to do' (all 'to do' during setup)."""
        now = -1 if self.turn is None else self.turn.step
        return [(name, "done" if i < now else "now" if i == now else "to do")
                for i, name in enumerate(rules.TURN_STEPS)]

    def race(self) -> list[list[int]]:
        """Each player's running Plot Point total after every ledger entry (from 0), the
        race to `rules.WINNING_POINTS` as a chart draws it."""
        totals = [0] * len(self.players)
        lines = [[0] for _ in self.players]
        for entry in self.ledger:
            totals[entry.player] += entry.change
            for p, line in enumerate(lines):
                line.append(totals[p])
        return lines

    def view(self, viewer: int | None = None) -> dict[str, JSON]:
        """The table as plain JSON, as `viewer` may see it: face-down cards show their
        title only to their owner (None: a shared screen, which sees none of them)."""
        return {
            "step": None if self.turn is None else self.turn.step_name,
            "player": None if self.turn is None else self.turn.player,
            "turn": None if self.turn is None else self.turn.number,
            "winner": self.winner,
            "players": [self._player_view(p, viewer) for p in range(len(self.players))],
        }

    def _player_view(self, p: int, viewer: int | None) -> dict[str, JSON]:
        player = self.players[p]
        return {
            "name": player.name, "points": self.points()[p],
            "agency": [self._piece_view(piece, True) for piece in player.agency],
            "zone": [[self._piece_view(piece, piece.face_up or viewer == p)
                      for piece in main_plot] for main_plot in player.zone],
            "won": [piece.title for piece in player.won],
            "action_discard": len(player.action_discard),
            "plot_discard": [piece.title for piece in player.plot_discard],
        }

    def _piece_view(self, piece: Piece, shown: bool) -> dict[str, JSON]:
        return {"id": piece.id, "title": piece.title if shown else None,
                "type": self.card(piece).type if shown else None, "face_up": piece.face_up,
                "demotions": piece.demotions,
                "attached": [{"id": a.id, "title": a.title} for a in piece.attached]}

    def _repr_html_(self) -> str:
        """The table in a notebook, as a shared screen shows it (face-down cards hidden)."""
        view = self.view()
        rows = [f"<tr><th>{escape(p['name'])}</th><td>{p['points']}</td>"
                f"<td>{_cards_html(p['agency'])}</td>"
                f"<td>{'<br>'.join(_cards_html(m) for m in p['zone'])}</td></tr>"
                for p in view["players"]]
        step = "Setup" if self.turn is None else f"turn {view['turn']}, {view['step']}"
        return (f"<p>{escape(step)}</p><table><tr><th>Player</th><th>Plot Points</th>"
                f"<th>Agency</th><th>Main Plots (bottom first)</th></tr>{''.join(rows)}</table>")

    def to_json(self) -> JSON:
        """The options and the applied actions: replaying them rebuilds this state."""
        return RULES.saved(self.config.options, self.history)

    @classmethod
    def from_json(cls, data: JSON) -> LtkState:
        return RULES.replayed(new_state, data)

    # Changing it.

    def dice_needed(self, action: Any) -> int:
        if isinstance(action, HenchmanAttack | AttackCharm):
            try:
                _, fails = self._duel(action)
            except (RuleError, InputError):
                return 2 * rules.ATTACK_DICE_EACH
            return 0 if fails else 2 * rules.ATTACK_DICE_EACH
        return 0

    @property
    def phase(self) -> str:
        """Where the game is, as the rules table reads it: "preparing" (Preparing to Play),
        "assignment" (an assignment in progress) or the turn's step (`rules.TURN_STEPS`)."""
        if self.turn is None:
            return PREPARING
        if self.assignment is not None:
            return ON_ASSIGNMENT
        return self.turn.step_name

    def apply(self, action: Any) -> LtkState:
        """The state after `action`; RuleError / InputError leave this one untouched."""
        return RULES.apply(self, action)

    def legal_actions(self) -> list[Any]:
        """Every listable action `apply` accepts now (Intrigue effects are not listed)."""
        return list(self._legal)

    @cached_property
    def _legal(self) -> tuple[Any, ...]:
        # Worked out once per state: a dashboard asks for it several times per change.
        if self.is_over:
            return ()
        return tuple(a for a in candidates.every(self) if self.allows(a))

    def legal_of(self, kind: type) -> list[Any]:
        """The actions of `kind` that `legal_actions` lists, in its order: only the
        candidates of that kind are tried (a step's form needs its own kind only)."""
        if "_legal" in self.__dict__:  # worked out already
            return [a for a in self._legal if isinstance(a, kind)]
        return [a for a in candidates.every(self) if isinstance(a, kind) and self.allows(a)]

    def plot_titles(self) -> list[str]:
        """The titles some `PlacePlot` of `legal_actions` places, in its order: the Develop
        Plot Zone step's card list, which needs no place yet. Each title's places are tried
        until one is accepted (trying them all was most of a step tap's work)."""
        if "_legal" in self.__dict__:
            return list(dict.fromkeys(a.card for a in self._legal if isinstance(a, PlacePlot)))
        placements = (a for a in candidates.every(self) if isinstance(a, PlacePlot))
        return [title for title, tries in groupby(placements, key=attrgetter("card"))
                if any(self.allows(a) for a in tries)]

    def attack_charm_options(self) -> list[AttackCharm]:
        """The Attacks and Charms allowed now, for when an Intrigue card calls for one
        (the tablet does not know the cards in hand, so `legal_actions` leaves them out)."""
        if self.is_over or self.turn is None:
            return []
        faces = [p.id for p, _, _, _ in self._places.values() if p.face_up]
        candidates = (AttackCharm(a, t, kind) for a in faces for t in faces
                      for kind in rules.ATTACK_CHARM_VALUE)
        return [c for c in candidates if self.allows(c)]

    def extra_attack_options(self) -> list[HenchmanAttack]:
        """The Henchman Attacks an Intrigue card allowing another one this turn would permit
        (Step Four: 'unless Intrigue cards enable you to do otherwise')."""
        if self.is_over or self.turn is None or self.turn.step_name != "Henchman Attack":
            return []
        extras = (replace(a, extra=True) for a in candidates.attacks(self))
        return [a for a in extras if self.allows(a)]

    def attach_intrigue_options(self) -> list[AttachIntrigue]:
        """Every Intrigue card of the library on every face-up character it may join now."""
        if self.is_over or self.turn is None:
            return []
        holders = [p.id for p, _, _, _ in self._places.values() if p.face_up]
        candidates = (AttachIntrigue(c.title, h) for c in self.library.of_type("Intrigue")
                      for h in holders)
        return [a for a in candidates if self.allows(a)]

    def discard_options(self) -> list[DiscardAttached]:
        """Every attached card on the table that may be discarded now."""
        if self.is_over or self.turn is None:
            return []
        return [DiscardAttached(a.id) for p, _, _, _ in self._places.values()
                for a in p.attached]

    def holder_of(self, attached_id: object) -> Piece:
        """The card on the table an attached card is on; InputError if none."""
        for piece, _, _, _ in self._places.values():
            if any(a.id == attached_id for a in piece.attached):
                return piece
        raise InputError(f"no attached card on the table has id {shown(attached_id, 20)}")

    def allows(self, action: Any) -> bool:
        """Whether `apply` accepts the action once the Session has filled its dice
        (cheaper than looking it up in `legal_actions`)."""
        try:
            needed = self.dice_needed(action)
            if needed and action.dice is None:
                action = replace(action, dice=(1,) * needed)
            rule = RULES.rules[type(action)]
            if self.phase not in rule.phases:
                raise rule.not_now(self, action)
            rule.handler.check(self, action)
        except (RuleError, InputError):
            return False
        return True

    # Checks shared by several actions.

    def _own(self, piece_id: int, where: str, types: tuple[str, ...], section: str) -> Piece:
        """A piece of the current player's Agency or Plot Zone, of one of `types`."""
        piece = self.piece(piece_id)
        place, player, _ = self.place_of(piece_id)
        if place != where or player != self.turn.player:
            raise refuse(f"{piece.title} is not in your {_AREA[where]}", section)
        self._of_type(piece, types, section)
        return piece

    def _of_type(self, piece: Piece, types: tuple[str, ...], section: str) -> None:
        if not piece.face_up:
            raise refuse(f"card #{piece.id} is face down", section)
        if self.card(piece).type not in types:
            raise refuse(f"{piece.title} is a {self.card(piece).type}; this needs "
                         f"{' or '.join(types)}", section)

    def _check_unique(self, card: Card, section: str = "unique") -> None:
        if card.is_unique and self.in_play(card.title):
            raise refuse(f"{card.title} is Unique and already in play", section)

    def _duel(self, action: HenchmanAttack | AttackCharm) -> tuple[tuple[int, int], bool]:
        """The two values with Intrigue bonuses, and whether Intrigue made the attack fail."""
        value = action.value if isinstance(action, HenchmanAttack) else \
            rules.ATTACK_CHARM_VALUE[action.kind]
        section = "henchman" if isinstance(action, HenchmanAttack) else "attack"
        for bonus in (action.attacker_bonus, action.target_bonus):
            check_bonus(bonus)
        mine, theirs = self.attack_values(action.attacker, action.target, value, section)
        odds.attack_modifiers(mine, theirs, rule=rules.SECTION[section])
        final = (mine + action.attacker_bonus, theirs + action.target_bonus)
        return final, final[1] > final[0]


def _cards_html(cards: list[dict[str, JSON]]) -> str:
    names = []
    for card in cards:
        name = escape(card["title"]) if card["title"] else "(face down)"
        name += " (Demoted)" * (card["demotions"] > 0)
        names += [name + "".join(f" + {escape(a['title'])}" for a in card["attached"])]
    return " / ".join(names)


def _index(places: dict, piece: Piece, where: str, player: int, main_plot: int | None) -> None:
    places[piece.id] = (piece, where, player, main_plot)


_AREA = {"agency": "Agency", "zone": "Plot Zone"}


def _plus(value: int | None, change: int) -> int | None:
    return value if value is None and not change else (value or 0) + change




# Options and the first state.

# Every action's rule (its check and effect), the phases it is allowed in (`LtkState.phase`)
# and its refusal at another time, from the modules that hold them.
RULES = RulesTable(
    "License to Kill",
    {**steps.RULES, **attachments.RULES, **duels.RULES, **overcome.RULES},
    over=lambda state: refuse(f"the game is over: {state.result}", "winning"),
    unknown=lambda action: InputError(f"License to Kill has no action {type(action).__name__}"),
)
assert set(RULES.action_types) == set(ACTION_TYPES), "every action has its rule"


FREE_DECKS = "a house rule: a new game may let decks be built freely"
OPTION_KEYS = ("players", "cards", *rules.HOUSE_RULES)


def new_state(options: Mapping[str, JSON]) -> LtkState:
    """The table before Setup. Options: players (2-6 names), cards, house rules."""
    check_options(options, OPTION_KEYS, "License to Kill")
    names = _names(options.get("players", ["Player 1", "Player 2"]))
    library = sample_library() if "cards" not in options else cards_from_json(options["cards"])
    house = _house_rules(options)
    config = Config(names, library, MappingProxyType(house), MappingProxyType(dict(options)))
    return LtkState(config, tuple(Player(name) for name in names))


def _names(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise InputError("players must be a list of names")
    names = tuple(check_line(n, "a player's name", MAX_NAME) if n.strip() else ""
                  for n in value)  # no control characters, direction marks, lone surrogates
    if len(names) not in rules.PLAYERS:
        raise InputError(f"License to Kill is for {rules.PLAYERS.start} to "
                         f"{rules.PLAYERS.stop - 1} players, got {len(names)}")
    if any(not 0 < len(n) <= MAX_NAME for n in names) or len(set(names)) != len(names):
        raise InputError(f"player names are different, 1 to {MAX_NAME} characters")
    return names


_HOUSE_CHECKS = {
    "team_values": lambda v: v in ("higher", "sum"),
    "check_face_down_placements": lambda v: isinstance(v, bool),
    "reveal_checks": lambda v: isinstance(v, list) and sorted(v) == sorted(rules.REVEAL_CHECKS),
    "score_face_down_when_overcome": lambda v: isinstance(v, bool),
    "special_plot_rank": lambda v: type(v) is int and 0 <= v <= 9,
    "special_plots_per_main_plot": lambda v: type(v) is int and 0 <= v <= 5,
    "in_place_card_from_agency": lambda v: isinstance(v, bool),
    "personality_place": lambda v: v in rules.PERSONALITY_PLACES,
    "deck_limits_on_table": lambda v: isinstance(v, bool),
}


def _house_rules(options: Mapping[str, JSON]) -> dict[str, Any]:
    house = {}
    for key, default in rules.HOUSE_RULES.items():
        value = options.get(key, default)
        if not _HOUSE_CHECKS[key](value):
            raise InputError(f"house rule {shown(key)} cannot be {shown(value, 60)} "
                             f"(default {shown(default)})")
        house[key] = tuple(value) if isinstance(value, list) else value
    return house
