"""The tile game's state and rules: who goes first, drawing and placing, secret letters,
captures, refills, the end of a game, payment in chips and the match.

A game runs through phases: "first" (who drew the first 007), "draw" and "place" (one
tile at a time until the 16 windows are full), "choose" (every seat picks a letter in
secret), "reveal" (all letters turned over, crossing windows captured), then refills and
rounds again until "over"; `NextGame` starts the next game of the match.

>>> state = new_state({"players": 2}).apply(ChooseFirst(1))
>>> state.phase, state.seat_name(state.to_move)
('draw', 'Black')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal

from companion.core.errors import InputError, RuleError, shown
from companion.core.game import JSON, Event, GameState, check_options, dice_rng
from companion.core.rules_table import Rule, RulesTable
from companion.mb007_tiles import rules
from companion.mb007_tiles.actions import ChooseFirst, Draw, NextGame, Pick, Place, Reveal
from companion.mb007_tiles.board import (
    WINDOWS,
    Window,
    check_players,
    crossing,
    crossings,
    line_windows,
    parse_window,
    seat_colour,
    seat_names,
    seats_of,
    window_index,
    window_name,
)
from companion.mb007_tiles.odds import careful_play_stalls

S = rules.SECTIONS
SHOWN_DRAWS = 8  # the draws for the first player told one by one, up to this many
Phase = Literal["first", "draw", "place", "choose", "reveal", "over"]
WAITING_FOR = {
    "first": "who drew the first 007?", "draw": "draw a tile", "place": "place the tile",
    "choose": "everyone chooses a letter in secret", "reveal": "turn the letters over",
    "over": "the game is over",
}


@dataclass(frozen=True)
class Options:
    """Players, mode and the HOUSE RULE choices of `rules.DEFAULT_OPTIONS`."""

    players: int = 2
    mode: Literal["table", "tablet"] = "table"
    tile_counts: tuple[tuple[str, int], ...] = tuple(rules.DEFAULT_TILE_COUNTS.items())
    starting_chips: int = 100
    bots: tuple[int, ...] = ()
    advice: bool = True
    barren_rounds: int = rules.DEFAULT_OPTIONS["barren_rounds"]
    stall_end: str = rules.DEFAULT_OPTIONS["stall_end"]

    @classmethod
    def from_mapping(cls, options: Mapping[str, JSON]) -> Options:
        check_options(options, list(rules.DEFAULT_OPTIONS), rules.GAME_TITLE)
        values = {**rules.DEFAULT_OPTIONS, **options}
        players = check_players(values["players"])
        if values["mode"] not in ("table", "tablet"):
            raise InputError(f"mode is 'table' or 'tablet', got {shown(values['mode'], 20)}")
        chips = values["starting_chips"]
        if isinstance(chips, bool) or not isinstance(chips, int) or not 0 <= chips <= 10_000:
            raise InputError(f"starting_chips is a whole number 0-10000, got {shown(chips, 20)}")
        if not isinstance(values["advice"], bool):
            raise InputError("advice is true or false")
        barren = values["barren_rounds"]
        if isinstance(barren, bool) or barren not in range(0, 21):
            raise InputError(f"barren_rounds is a whole number 0-20, got {shown(barren, 20)}")
        if values["stall_end"] not in rules.STALL_ENDS:
            raise InputError(f"stall_end is one of {', '.join(rules.STALL_ENDS)}, got "
                             f"{shown(values['stall_end'], 20)}")
        bots = values["bots"]
        if not isinstance(bots, list | tuple) or any(
                isinstance(b, bool) or b not in range(players) for b in bots):
            raise InputError(f"bots is a list of seats 0 to {players - 1}, got {shown(bots, 40)}")
        if bots and values["mode"] != "tablet":
            raise InputError("the app plays a seat only in tablet mode, where it draws the "
                             "tiles itself")
        return cls(players, values["mode"], _check_counts(values["tile_counts"]), chips,
                   tuple(sorted(set(bots))), values["advice"], barren, values["stall_end"])

    def to_mapping(self) -> dict[str, JSON]:
        return {"players": self.players, "mode": self.mode,
                "tile_counts": dict(self.tile_counts), "starting_chips": self.starting_chips,
                "bots": list(self.bots), "advice": self.advice,
                "barren_rounds": self.barren_rounds, "stall_end": self.stall_end}

    def full_bag(self) -> tuple[int, ...]:
        """How many of each tile of `rules.ALL_TILES` a new game's bag holds."""
        counts = dict(self.tile_counts)
        return tuple(counts[tile[1:]] for tile in rules.ALL_TILES)


def _check_counts(counts: object) -> tuple[tuple[str, int], ...]:
    if not isinstance(counts, Mapping) or set(counts) != set(rules.TILE_VALUES):
        raise InputError(f"tile_counts names each of {list(rules.TILE_VALUES)} once")
    for value, count in counts.items():
        if isinstance(count, bool) or count not in range(rules.MAX_TILES_OF_A_KIND + 1):
            raise InputError(f"tile_counts[{value}]: {shown(count, 10)} is not 0 to "
                             f"{rules.MAX_TILES_OF_A_KIND}")
    if counts[rules.BOND] < 1:
        raise InputError("at least one 007 tile of each colour is needed to find the first "
                         "player")
    return tuple((value, counts[value]) for value in rules.TILE_VALUES)


@dataclass(frozen=True)
class TilesState(GameState):
    """One moment of a game (and of the match around it).

    `picks` are secret until the reveal: nothing public reads them (see `private_view`).
    `captured` holds, per team (red, black), the tiles that team has taken.
    """

    options: Options = field(default_factory=Options)
    phase: Phase = "first"
    board: tuple[str | None, ...] = (None,) * rules.WINDOWS
    bag: tuple[int, ...] = ()
    to_move: int | None = None
    drawn: str | None = None
    last_drawer: int | None = None
    picks: tuple[str | None, ...] = ()
    face_down: tuple[str | None, ...] = ()
    revealed: tuple[str, ...] = ()  # the letters of the last reveal, by seat
    taken: tuple[tuple[str, str], ...] = ()  # (window, tile) captured at the last reveal
    captured: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    round: int = 0
    barren: int = 0  # rounds in a row with the bag empty that captured nothing
    chips: tuple[int, int] = (0, 0)
    games: tuple[tuple[int, int], ...] = ()  # each finished game's (red, black) points
    paid: int = 0  # the chips the losers of the last finished game paid (Rule 9)
    last_event: Event | None = None

    # What the table sees.

    @property
    def players(self) -> int:
        return self.options.players

    def seat_name(self, seat: int) -> str:
        return seat_names(self.players)[seat]

    def tile_at(self, window: Window) -> str | None:
        return self.board[window_index(window)]

    @cached_property
    def empty_windows(self) -> tuple[Window, ...]:
        return tuple(w for w in WINDOWS if self.tile_at(w) is None)

    @property
    def bag_size(self) -> int:
        return sum(self.bag)

    def in_bag(self) -> dict[str, int]:
        return {tile: n for tile, n in zip(rules.ALL_TILES, self.bag, strict=True) if n}

    def available(self, seat: int) -> tuple[str, ...]:
        """The First Round: the letters a seat may choose (not the one face down)."""
        return tuple(letter for letter in rules.LETTERS if letter != self.face_down[seat])

    def points(self, colour: str) -> int:
        """Value of the Tiles: the team's captured tiles, dots and 007s."""
        return sum(rules.tile_points(t) for t in self.captured[rules.COLOURS.index(colour)])

    def joins_previous(self, action: Any) -> bool | None:
        """A round's secret letters are taken back together, with their reveal, and never
        with the tile placed before them: an undo after the reveal reopens the choice for
        every seat, not for one who has seen the others' letters (rules: "each player
        secretly chooses")."""
        if isinstance(action, Reveal):
            return True
        if isinstance(action, Pick) and self.phase == "choose":
            return any(pick is not None for pick in self.picks)
        return None

    def chosen(self, seat: int) -> bool:
        """Whether a seat has made its secret choice (public: the letter is not)."""
        return self.picks[seat] is not None

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def result(self) -> str | None:
        if not self.is_over:
            return None
        red, black = self.points("red"), self.points("black")
        if red == black:
            return f"a draw, {red} to {black}: nobody pays"
        winner, loser = ("Red", "Black") if red > black else ("Black", "Red")
        owed = abs(red - black)
        short = f" of the {owed} owed: all it had (house rule)" if self.paid < owed else ""
        return (f"{winner} wins {max(red, black)} to {min(red, black)}; {loser} pays "
                f"{self.paid} in chips{short}")

    @property
    def waiting_for(self) -> str:
        if self.phase in ("draw", "place") and self.to_move is not None:
            return f"{self.seat_name(self.to_move)}: {WAITING_FOR[self.phase]}"
        return WAITING_FOR[self.phase]

    def dice_needed(self, action: Any) -> int:
        return 0

    def fill_chance(self, action: Any, rng: random.Random) -> Any:
        """The app's draws: from the bag for `Draw()`, and for the first player."""
        if isinstance(action, Draw) and action.tile is None and self.options.mode == "tablet" \
                and self.phase == "draw" and self.bag_size:
            return Draw(rng.choices(rules.ALL_TILES, weights=self.bag)[0])
        if isinstance(action, ChooseFirst) and action.seat is None and self.phase == "first":
            return _draw_for_first(self.players, self.options.full_bag(), dice_rng(rng))
        return action

    def legal_actions(self) -> list[Any]:
        if self.phase == "first":
            return [ChooseFirst(seat) for seat in range(self.players)] + [ChooseFirst()]
        if self.phase == "draw":
            if self.options.mode == "tablet":
                return [Draw()]
            return [Draw(tile) for tile in self.in_bag()]
        if self.phase == "place":
            return [Place(window_name(w)) for w in self.empty_windows]
        if self.phase == "choose":
            return [Pick(seat, letter) for seat in range(self.players) if not self.chosen(seat)
                    for letter in self.available(seat)]
        return [Reveal()] if self.phase == "reveal" else [NextGame()]

    def can_capture(self) -> bool:
        """Whether some choice of letters next round crosses a window holding a tile."""
        letters = {s: self.available(s) for s in range(self.players)}
        return any(
            self.tile_at(crossing(red, red_letter, black, black_letter)) is not None
            for red in seats_of("red", self.players) for black in seats_of("black", self.players)
            for red_letter in letters[red] for black_letter in letters[black]
        )

    def can_ever_capture(self) -> bool:
        """Whether a tile on the board lies on a crossing some letters of some later round
        reach (the face-down letters change every round, so any letter comes back)."""
        return any(
            self.tile_at(crossing(red, red_letter, black, black_letter)) is not None
            for red in seats_of("red", self.players) for black in seats_of("black", self.players)
            for red_letter in rules.LETTERS for black_letter in rules.LETTERS
        )

    def safe_letters(self, seat: int) -> tuple[str, ...]:
        """The letters whose line holds none of `seat`'s team's tiles: played, they can
        never lose that team a tile, whatever the other team chooses."""
        colour = seat_colour(seat)
        return tuple(letter for letter in rules.LETTERS if not any(
            tile is not None and rules.tile_colour(tile) == colour
            for tile in (self.tile_at(w) for w in line_windows(seat, letter))))

    def is_dead(self) -> bool:
        """With the bag empty: every seat has two safe letters (so the face-down rule never
        forces it off them), so each team can keep its tiles out of reach for ever and no
        capture can be forced (a red seat's safe line and a black seat's safe line cross
        at an empty window)."""
        return not self.bag_size and all(
            len(self.safe_letters(seat)) >= 2 for seat in range(self.players))

    # Changing it.

    def apply(self, action: Any) -> TilesState:
        """The state after `action`; RuleError or InputError leave this state as it was."""
        return RULES.apply(self, action)

    def _choose_first(self, action: ChooseFirst) -> TilesState:
        seat = _check_seat(action.seat, self.players)
        draws = action.draws
        bonds = [i for i, tile in enumerate(draws) if tile[1:] == rules.BOND]
        if draws and (any(t not in rules.ALL_TILES for t in draws)
                      or bonds != [len(draws) - 1] or (len(draws) - 1) % self.players != seat):
            raise InputError("the draws for the first player must end with the first 007, "
                             "drawn by the seat named")
        drew = ", ".join(f"{self.seat_name(i % self.players)} drew {rules.tile_name(t)}"
                         for i, t in enumerate(action.draws)) if len(draws) <= SHOWN_DRAWS else \
            f"{len(draws) - 1} tiles without a 007 came out first"
        text = (f"{drew}: " if drew else "") + f"{self.seat_name(seat)} drew the first 007 " \
            "and places the first tile"
        return replace(self, phase="draw", to_move=seat, last_event=Event(text))

    def _draw(self, action: Draw) -> TilesState:
        if action.tile is None:
            raise InputError("tap the tile that came out of the bag")
        if action.tile not in rules.ALL_TILES:
            raise InputError(f"{shown(action.tile, 10)} is not a tile (R1-R5, R007, B1-B5, B007)")
        index = rules.ALL_TILES.index(action.tile)
        if not self.bag[index]:
            raise RuleError(f"no {rules.tile_name(action.tile)} is left in the bag",
                            rule=S["play"])
        bag = (*self.bag[:index], self.bag[index] - 1, *self.bag[index + 1:])
        text = f"{self.seat_name(self.to_move)} drew {rules.tile_name(action.tile)}"
        return replace(self, phase="place", bag=bag, drawn=action.tile, last_event=Event(text))

    def _place(self, action: Place) -> TilesState:
        window = parse_window(action.window)
        if self.tile_at(window) is not None:
            raise RuleError(f"{action.window} is taken: a tile stays in its window until "
                            "captured", rule=S["play"])
        index = window_index(window)
        board = (*self.board[:index], self.drawn, *self.board[index + 1:])
        text = f"{self.seat_name(self.to_move)} placed {rules.tile_name(self.drawn)} in " \
            f"{action.window}"
        placed = replace(self, board=board, drawn=None, last_drawer=self.to_move,
                         last_event=Event(text))
        if None in board and placed.bag_size:
            return replace(placed, phase="draw", to_move=(self.to_move + 1) % self.players)
        return placed._start_round()

    def _pick(self, action: Pick) -> TilesState:
        seat = _check_seat(action.seat, self.players)
        if action.letter not in rules.LETTERS:
            raise InputError(f"{shown(action.letter, 10)} is not one of B, O, N, D")
        if self.chosen(seat):
            raise RuleError(f"{self.seat_name(seat)} has already chosen this round (undo to "
                            "change it)", rule=S["first round"])
        if action.letter not in self.available(seat):
            raise RuleError(f"{self.seat_name(seat)}'s {action.letter} lies face down from the "
                            "last round: choose from the other three", rule=S["rounds"])
        picks = (*self.picks[:seat], action.letter, *self.picks[seat + 1:])
        done = None not in picks
        # At the table the letters are entered once turned over; in tablet mode it is secret.
        text = f"{self.seat_name(seat)} shows {action.letter}" if self.options.mode == "table" \
            else f"{self.seat_name(seat)} has chosen a letter in secret"
        return replace(self, picks=picks, phase="reveal" if done else "choose",
                       last_event=Event(text))

    def _reveal(self, _action: Reveal) -> TilesState:
        letters = dict(enumerate(self.picks))
        hit = sorted(crossings(letters, self.players), key=window_index)
        board, captured, taken = list(self.board), [list(t) for t in self.captured], []
        for window in hit:
            tile = board[window_index(window)]
            if tile is not None:
                board[window_index(window)] = None
                captured[rules.COLOURS.index(rules.CAPTURED_BY[rules.tile_colour(tile)])] \
                    .append(tile)
                taken.append((window_name(window), tile))
        shown = ", ".join(f"{self.seat_name(s)} {letter}" for s, letter in letters.items())
        text = f"Round {self.round + 1} revealed: {shown}. " + _describe_captures(hit, taken)
        after = replace(
            self, board=tuple(board), captured=(tuple(captured[0]), tuple(captured[1])),
            face_down=self.picks, picks=(None,) * self.players, revealed=self.picks,
            taken=tuple(taken), round=self.round + 1,
            last_event=Event(text, "success" if taken else "info"))
        if not self.bag_size:
            after = replace(after, barren=0 if taken else self.barren + 1)
        if any(len(team) >= rules.TILES_TO_END for team in after.captured):
            return after._end_game(f"a team has {rules.TILES_TO_END} tiles")
        limit = self.options.barren_rounds
        if limit and after.barren >= limit:
            return after._end_game(f"{limit} rounds in a row captured nothing with the bag "
                                   "empty, a house rule")
        if after.empty_windows and after.bag_size:
            return replace(after, phase="draw", to_move=after._refill_starter(taken))
        return after._start_round()

    def _next_game(self, _action: NextGame) -> TilesState:
        fresh = _first_state(self.options, self.chips)
        return replace(fresh, games=self.games,
                       last_event=Event(f"Game {len(self.games) + 1} of the match begins; "
                                        "chips carry over"))

    # Between rounds.

    def _start_round(self) -> TilesState:
        """All windows filled (or the bag is empty): choose letters, unless no tile on the
        board can ever be captured. A round in which the face-down letters keep every tile
        out of reach is still played: it changes which letters lie face down."""
        if self.options.stall_end == "next_round":  # the app's reading before December 2026
            if not self.can_capture():
                return self._end_game("no tile is left to draw and no crossing can capture "
                                      "one")
        elif not self.can_ever_capture():
            return self._end_game("no tile is left to draw and no tile on the board can "
                                  "ever be captured")
        elif self.is_dead():
            return self._end_game("no tile is left to draw and each team can keep its own "
                                  "tiles out of reach for ever, so no capture can be forced")
        elif not self.bag_size and careful_play_stalls(self.board, self.face_down):
            return self._end_game("no tile is left to draw and careful play (each round's "
                                  "equilibrium, as the advice gives it) captures nothing in "
                                  "any round to come")
        return replace(self, phase="choose", to_move=None, picks=(None,) * self.players)

    def _refill_starter(self, taken: list[tuple[str, str]]) -> int:
        """The First Round: "A player from the team which lost the most points in a round
        draws first" (the first of that team to the left of the last drawer)."""
        lost = {colour: sum(rules.tile_points(t) for _, t in taken
                            if rules.tile_colour(t) == colour) for colour in rules.COLOURS}
        after_last = [(self.last_drawer + i) % self.players for i in range(1, self.players + 1)]
        if lost["red"] == lost["black"]:
            return after_last[0]
        loser = max(lost, key=lost.get)
        return next(seat for seat in after_last if seat_colour(seat) == loser)

    def _end_game(self, why: str) -> TilesState:
        """Rule 9: the higher total wins; the losers pay the difference in chips."""
        red, black = self.points("red"), self.points("black")
        chips, paid = list(self.chips), 0
        if red != black:
            loser = 0 if red < black else 1
            paid = min(abs(red - black), chips[loser]) if rules.PAY_WHAT_YOU_CAN else \
                abs(red - black)
            chips[loser] -= paid
            chips[1 - loser] += paid
        over = replace(self, phase="over", to_move=None, chips=(chips[0], chips[1]),
                       games=(*self.games, (red, black)), paid=paid)
        text = f"{self.last_event.text} The game ends ({why}): {over.result}."
        return replace(over, last_event=Event(text, "success"))

    def to_json(self) -> JSON:
        return {
            "options": self.options.to_mapping(), "phase": self.phase,
            "board": list(self.board), "bag": list(self.bag), "to_move": self.to_move,
            "drawn": self.drawn, "last_drawer": self.last_drawer, "picks": list(self.picks),
            "face_down": list(self.face_down), "captured": [list(t) for t in self.captured],
            "round": self.round, "chips": list(self.chips),
            "games": [list(g) for g in self.games], "revealed": list(self.revealed),
            "barren": self.barren, "paid": self.paid,
            "taken": [list(pair) for pair in self.taken],
        }

    @classmethod
    def from_json(cls, data: JSON) -> TilesState:
        """Rebuild a state from `to_json`, checking every field (InputError if bad)."""
        fields = set(cls().to_json())
        if not isinstance(data, dict) or set(data) != fields:
            raise InputError(f"a tile-game state has the fields {sorted(fields)}")
        options = Options.from_mapping(data["options"])
        n = options.players
        state = _first_state(options, _ints(data["chips"], 2, "chips"))
        if data["phase"] not in WAITING_FOR:
            raise InputError(f"phase {shown(data['phase'], 20)} is not one of {list(WAITING_FOR)}")
        board = _items(data["board"], rules.WINDOWS, "board", (None, *rules.ALL_TILES))
        letters = (None, *rules.LETTERS)
        captured = data["captured"]
        if not isinstance(captured, list) or len(captured) != 2:
            raise InputError("captured holds the red and the black team's tiles")
        return replace(
            state, phase=data["phase"], board=board,
            bag=_ints(data["bag"], len(rules.ALL_TILES), "bag"),
            to_move=_optional_seat(data["to_move"], n),
            drawn=_items([data["drawn"]], 1, "drawn", (None, *rules.ALL_TILES))[0],
            last_drawer=_optional_seat(data["last_drawer"], n),
            picks=_items(data["picks"], n, "picks", letters),
            face_down=_items(data["face_down"], n, "face_down", letters),
            captured=tuple(_items(t, len(t) if isinstance(t, list) else -1, "captured",
                                  rules.ALL_TILES) for t in captured),
            round=_ints([data["round"]], 1, "round")[0],
            barren=_ints([data["barren"]], 1, "barren")[0],
            paid=_ints([data["paid"]], 1, "paid")[0],
            revealed=_items(data["revealed"], n if data["revealed"] else 0, "revealed",
                            rules.LETTERS),
            taken=_taken(data["taken"]),
            games=tuple(_ints(g, 2, "games") for g in _items(
                data["games"], len(data["games"]) if isinstance(data["games"], list) else -1,
                "games", None)))


def private_view(state: TilesState, seat: int) -> dict[str, JSON]:
    """What only `seat` may see: his own secret letter this round and what he may choose.

    Every other part of the state is public. A shared-table device for this seat shows this;
    the public table never does.
    """
    seat = _check_seat(seat, state.players)
    return {"seat": seat, "name": state.seat_name(seat), "pick": state.picks[seat],
            "available": list(state.available(seat))}


def new_state(options: Mapping[str, JSON]) -> TilesState:
    """A new match before the first player is found; options as in `rules.DEFAULT_OPTIONS`."""
    parsed = Options.from_mapping(options)
    return _first_state(parsed, (parsed.starting_chips,) * 2)


def _first_state(options: Options, chips: tuple[int, int]) -> TilesState:
    return TilesState(options=options, bag=options.full_bag(), picks=(None,) * options.players,
                      face_down=(None,) * options.players, chips=chips)


def _draw_for_first(players: int, bag: tuple[int, ...], rng: random.Random) -> ChooseFirst:
    """HOUSE RULE: each seat in turn draws a tile and puts it back until one draws a 007."""
    draws = []
    while True:
        tile = rng.choices(rules.ALL_TILES, weights=bag)[0]
        draws.append(tile)
        if tile[1:] == rules.BOND:
            return ChooseFirst((len(draws) - 1) % players, tuple(draws))


def _describe_captures(hit: list[Window], taken: list[tuple[str, str]]) -> str:
    if not taken:
        where = ", ".join(window_name(w) for w in hit)
        return f"Nothing captured: {where} {'was' if len(hit) == 1 else 'were'} empty."
    parts = [f"{window}: {rules.tile_name(tile)} captured by "
             f"{rules.CAPTURED_BY[rules.tile_colour(tile)].capitalize()} "
             f"({rules.tile_points(tile)})" for window, tile in taken]
    return "; ".join(parts) + "."


def _items(values: object, length: int, where: str, allowed: tuple | None) -> tuple:
    if not isinstance(values, list) or len(values) != length:
        raise InputError(f"{where} should be a list of {length}")
    if allowed is not None and any(v not in allowed or isinstance(v, bool) for v in values):
        raise InputError(f"{where} holds something that is not one of {list(allowed)[:8]}")
    return tuple(values)


def _taken(pairs: object) -> tuple[tuple[str, str], ...]:
    pairs = _items(pairs, len(pairs) if isinstance(pairs, list) else -1, "taken", None)
    for pair in pairs:
        if not isinstance(pair, list) or len(pair) != 2 or pair[1] not in rules.ALL_TILES:
            raise InputError("taken holds [window, tile] pairs")
        parse_window(pair[0])
    return tuple((window, tile) for window, tile in pairs)


def _ints(values: object, length: int, where: str) -> tuple[int, ...]:
    values = _items(values, length, where, None)
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
        raise InputError(f"{where} holds numbers of 0 or more")
    return values


def _optional_seat(seat: object, players: int) -> int | None:
    return None if seat is None else _check_seat(seat, players)


def _check_seat(seat: object, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(players):
        raise InputError(f"seat is 0 to {players - 1}, got {shown(seat, 10)}")
    return seat


# Each action's rule, and the section cited when it comes at the wrong time.
_SECTION_OF = {ChooseFirst: "play", Draw: "play", Place: "play", Pick: "first round",
               Reveal: "first round", NextGame: "match"}
RULES = RulesTable(
    "the tile game",
    {
        ChooseFirst: Rule(TilesState._choose_first, ("first",)),
        Draw: Rule(TilesState._draw, ("draw",)),
        Place: Rule(TilesState._place, ("place",)),
        Pick: Rule(TilesState._pick, ("choose",)),
        Reveal: Rule(TilesState._reveal, ("reveal",)),
        NextGame: Rule(TilesState._next_game, ("over",)),
    },
    not_now=lambda state, action: RuleError(f"not now: {state.waiting_for}",
                                            rule=S[_SECTION_OF[type(action)]]),
)
