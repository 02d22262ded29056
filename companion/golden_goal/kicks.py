"""Kicking the ball: one kick's path, a chain of passes, and every distinct way a chain ends.

The same walk serves the engine (which turns a refusal into a RuleError) and the
search (which skips refusals), so what the search lists is what `apply` accepts.
A kick's budget is the spaces it may travel: its pips plus the free first space
(Going the Distance), without the free space on the kickoff's initial kick.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache, cached_property, lru_cache
from typing import Any, NamedTuple

from companion.core.errors import InputError, RuleError, shown
from companion.core.words import counted
from companion.golden_goal import rules
from companion.golden_goal.actions import STRAIGHT, KickSpec
from companion.golden_goal.board import (
    COMPASS,
    DIRECTIONS,
    NEIGHBOURS_4,
    NEIGHBOURS_8,
    Field,
    Square,
    bend,
)

S = rules.SECTIONS


class Leg(NamedTuple):
    """How one kick ended: 'stop', 'pass' (to `square`), 'goal' (into `net`) or 'refused'."""

    kind: str
    square: Square
    remaining: int = 0  # pips left after a pass
    path: tuple[Square, ...] = ()
    net: str | None = None
    why: tuple[str, str] | None = None  # (refusal code, blocking player) when refused


@dataclass(frozen=True)
class Table:
    """What a kick sees: the field, who stands where, who is kicking, what may score."""

    field: Field
    occupant: Mapping[Square, str]
    team: str
    goals_allowed: bool = True
    own_goals: bool = False
    adjacency: int = 8  # HOUSE RULE placement_adjacency: where a kicker from a net goes
    place_out_of_bounds: bool = False  # HOUSE RULE placement_out_of_bounds

    @cached_property
    def mates(self) -> tuple[Square, ...]:
        """Where the kicking team's players stand (the searches ask for every kick)."""
        return tuple(sq for sq, p in self.occupant.items() if team_of(p) == self.team)

    @classmethod
    def of(cls, options: Any, occupant: Mapping[Square, str], team: str,
           goals_allowed: bool = True) -> Table:
        """The table for a match's options (its field and the HOUSE RULE choices)."""
        return cls(options.field, occupant, team, goals_allowed, options.own_goals,
                   options.placement_adjacency, options.placement_out_of_bounds)


def team_of(player: str) -> str:
    """'orange 3' -> 'orange'."""
    return player.split(" ", 1)[0]


def check_spec(spec: object) -> KickSpec:
    """InputError unless `spec` is a (direction, bend_after, bend_to) triple of known names."""
    if not isinstance(spec, tuple) or len(spec) != 3:
        raise InputError(f"a kick is (direction, bend_after, bend_to), got {shown(spec, 60)}")
    direction, bend_after, bend_to = spec
    if direction not in DIRECTIONS:
        raise InputError(f"unknown kick direction {shown(direction)} (use {', '.join(COMPASS)})")
    if isinstance(bend_after, bool) or not isinstance(bend_after, int) or bend_after < 0:
        raise InputError(f"bend_after is a number of spaces, got {shown(bend_after)}")
    if bend_to not in ("", *DIRECTIONS):
        raise InputError(f"unknown bend direction {shown(bend_to)}")
    return spec


def check_bend(spec: KickSpec, budget: int) -> None:
    """RuleError unless the bend is one 45-degree turn at a point on the ball's path."""
    direction, bend_after, bend_to = spec
    if (bend_after == STRAIGHT) != (bend_to == ""):
        raise RuleError("a bend needs both the space it happens after and its new direction",
                        rule=S["bending"])
    if bend_after == STRAIGHT:
        return
    turns = {bend(direction, e) for e in (rules.BEND_EIGHTHS, -rules.BEND_EIGHTHS)}
    if bend_to not in turns:
        raise RuleError(f"the ball bends exactly 45 degrees: from {direction} only to "
                        f"{' or '.join(sorted(turns))}", rule=S["bending"])
    if bend_after >= budget:
        raise RuleError(f"the bend must come before the ball stops: this kick travels "
                        f"{counted(budget, 'space')}, so bend after 1 to {budget - 1}",
                        rule=S["bending"])


@cache
def route(spec: KickSpec, budget: int) -> tuple[Square, ...]:
    """The unit steps of a kick travelling `budget` spaces, bend included."""
    direction, bend_after, bend_to = spec
    if bend_after == STRAIGHT:
        return (DIRECTIONS[direction],) * budget
    return (DIRECTIONS[direction],) * bend_after + (DIRECTIONS[bend_to],) * (budget - bend_after)


@cache
def kick_specs(budget: int) -> tuple[KickSpec, ...]:
    """Every kick for a budget: 8 straight, then each bend point and side."""
    straight = tuple((d, STRAIGHT, "") for d in COMPASS)
    bent = tuple((d, after, bend(d, side)) for d in COMPASS for after in range(1, budget)
                 for side in (-rules.BEND_EIGHTHS, rules.BEND_EIGHTHS))
    return straight + bent


def walk(table: Table, start: Square, budget: int, spec: KickSpec) -> Leg:
    """Move the ball from `start` along `spec` for up to `budget` spaces (spec pre-checked)."""
    square, path, on_field = start, [], table.field.square_set
    bend_after, occupant = spec[1], table.occupant
    for travelled, step in enumerate(route(spec, budget), start=1):
        target = (square[0] + step[0], square[1] + step[1])
        if target not in on_field:
            return _leaving(table, square, step, travelled, bend_after, tuple(path))
        who = occupant.get(target)
        if who is not None:
            if team_of(who) != table.team:
                return Leg("refused", target, why=("blocked", who))
            if bend_after >= travelled:
                return _unbent(square)
            return Leg("pass", target, budget - travelled, (*path, target))
        path.append(target)
        square = target
    return Leg("stop", square, 0, tuple(path))


def _unbent(square: Square) -> Leg:
    return Leg("refused", square, why=("unbent", ""))


# Why a kick was refused, worded only when the engine reports it (the search skips it).
_REFUSALS = {
    "blocked": ("{who} blocks {square}: the ball may not go into or through a space with an "
                "opposing player", "blocking"),
    "unbent": ("the ball reached a player or the net before the bend: bend earlier or kick "
               "straight", "bending"),
    "out": ("the ball must stay on the field (it would leave from {square})", "blocking"),
    "kickoff": ("you may not score a goal during the Kickoff", "killjoy"),
}


def refusal(field: Field, leg: Leg) -> tuple[str, str]:
    """(message, section key) for a refused leg."""
    code, who = leg.why or ("out", "")
    template, section = _REFUSALS[code]
    return template.format(who=who, square=field.name(leg.square)), section


def _leaving(table: Table, square: Square, step: Square, travelled: int, bend_after: int,
             path: tuple[Square, ...]) -> Leg:
    """The ball is about to leave the field from `square`: a goal or a refusal."""
    net = table.field.goal_into(square, step)
    out = Leg("refused", square, why=("out", ""))
    if net is None:
        return out
    if bend_after >= travelled:
        return _unbent(square)
    if net == table.team and not table.own_goals:
        return out
    if not table.goals_allowed:
        return Leg("refused", square, why=("kickoff", ""))
    return Leg("goal", square, 0, path, net)


# No Killjoy Rules: "If the ball is in front of either net at the start of your turn, you
# may move an outfielder there to kick it. After you do, immediately place the outfielder
# in an adjacent empty space": after his own kick, before any pass is kicked on.

def placements(table: Table, kicker: str, start: Square, ball: Square | None
               ) -> Iterator[Square]:
    """Empty squares next to `start` where the kicker may be put once his kick has left the
    ball on `ball` (None: in a net): on the mat, not in front of a net, not the ball's, and
    (HOUSE RULE placement_out_of_bounds off) not out of bounds behind the goal line."""
    field = table.field
    inside = field.on_mat if table.place_out_of_bounds else field.on_field
    for dc, dr in NEIGHBOURS_8 if table.adjacency == 8 else NEIGHBOURS_4:
        target = (start[0] + dc, start[1] + dr)
        if (inside(target) and table.occupant.get(target, kicker) == kicker
                and target != ball and target != start and field.in_front_of_net(target) is None):
            yield target


def relocated(table: Table, kicker: str, start: Square, square: Square) -> Table:
    """The table once the kicker has been moved from `start` to `square`."""
    occupant = {sq: p for sq, p in table.occupant.items() if sq != start}
    occupant[square] = kicker
    return replace(table, occupant=occupant)


@dataclass(frozen=True)
class Chain:
    """A whole turn's kicking: each kick's leg and who kicked it."""

    kickers: tuple[str, ...]
    legs: tuple[Leg, ...]

    @property
    def last(self) -> Leg:
        return self.legs[-1]

    @property
    def ball(self) -> Square | None:
        return None if self.last.kind == "goal" else self.last.square

    @property
    def path(self) -> tuple[Square, ...]:
        """Every square the ball crosses, leg by leg."""
        return tuple(square for leg in self.legs for square in leg.path)


def play_chain(table: Table, kicker: str, start: Square, pips: int, free: int,
               kicks: tuple[KickSpec, ...], placed: Square | None = None) -> Chain:
    """Play the kicks in order (RuleError on the first refused one).

    `placed`: the kicker kicked from in front of a net and is put there right after his
    first kick (see `placements`), before a pass is kicked on.
    """
    if not kicks:
        raise RuleError(f"{kicker} reached the ball and must kick it", rule=S["kicking"])
    if len(kicks) > rules.MAX_KICKS_PER_TURN:
        raise InputError(f"at most {rules.MAX_KICKS_PER_TURN} kicks in a turn")
    for spec in kicks:
        check_spec(spec)
    kickers, legs, budget = [kicker], [], pips + free
    for number, spec in enumerate(kicks, start=1):
        check_bend(spec, budget)
        leg = walk(table, start, budget, spec)
        if leg.kind == "refused":
            message, section = refusal(table.field, leg)
            raise RuleError(f"kick {number} ({kickers[-1]}): {message}", rule=S[section])
        legs.append(leg)
        if number == 1 and placed is not None:
            table = _place(table, kicker, start, placed, leg)
        if leg.kind != "pass":
            break
        kickers.append(table.occupant[leg.square])
        start, budget = leg.square, leg.remaining + rules.FREE_SPACE
    if len(legs) < len(kicks):
        raise RuleError(f"the ball stopped after kick {len(legs)}; the turn lists "
                        f"{len(kicks)} kicks", rule=S["end"])
    if legs[-1].kind == "pass":
        raise RuleError(f"{kickers[-1]} received the pass and must kick the ball again",
                        rule=S["passing"])
    return Chain(tuple(kickers[: len(legs)]), tuple(legs))


def _place(table: Table, kicker: str, start: Square, placed: Square, leg: Leg) -> Table:
    ball = None if leg.kind == "goal" else leg.square
    if placed not in set(placements(table, kicker, start, ball)):
        field = table.field
        raise RuleError(f"{field.name(placed)} is not an empty space beside "
                        f"{field.name(start)} once {kicker} has kicked (nor in front of a "
                        "net, nor the ball's, nor out of bounds)", rule=S["killjoy"])
    return relocated(table, kicker, start, placed)


def chain_ends(table: Table, start: Square, pips: int, free: int,
               stop_at_net: str | None = None, dead: set[tuple[Square, int]] | None = None,
               ) -> dict[Square | str, tuple[KickSpec, ...]]:
    """Every distinct end of a kicking chain from `start`, with one way to reach it.

    Keys are the square where the ball stops, or the name of the net it went into.
    Passes are followed without repeating a (square, budget) pair, so loops end. With
    `stop_at_net`, the search returns as soon as the ball goes into that net. Given `dead`
    too, it looks for that goal only: `dead` holds the (square, budget) pairs from which, on
    this table, no chain reaches that net, which are not searched again (a search that
    finds no goal adds every pair it saw), and a square from which no kick reaches the net
    nor a teammate is not searched.
    """
    ends: dict[Square | str, tuple[KickSpec, ...]] = {}
    goals_only = dead is not None and stop_at_net is not None
    dead = dead if goals_only else set()
    if (start, pips + free) in dead:
        return ends
    useless = _no_goal_nor_pass(table, stop_at_net) if goals_only else lambda *_: False
    seen = {(start, pips + free)}
    stack = [(start, pips + free, ())]
    while stack:
        square, budget, done = stack.pop()
        if useless(square, budget):
            continue
        specs = kick_specs(budget)
        if goals_only:  # only a kick into that net or onto a teammate can lead to the goal
            through, into = _courses(table.field, square, budget)
            useful = set(into.get(stop_at_net, ()))  # type: ignore[arg-type]
            for mate in table.mates:
                useful.update(through.get(mate, ()))
            specs = tuple(specs[index] for index in sorted(useful))
        for spec in specs:
            leg = walk(table, square, budget, spec)
            if leg.kind == "pass":
                state = (leg.square, leg.remaining + rules.FREE_SPACE)
                if state not in seen and state not in dead:
                    seen.add(state)
                    stack.append((*state, (*done, spec)))
            elif leg.kind != "refused":
                key = leg.net if leg.kind == "goal" else leg.square
                ends.setdefault(key, (*done, spec))
                if leg.net is not None and leg.net == stop_at_net:
                    return ends
    if goals_only:
        dead |= seen  # the whole search from each of them found no goal into that net
    return ends


@lru_cache(maxsize=16_384)  # a field has some 100 squares, and a budget is up to 7 or so
def _courses(field: Field, start: Square, budget: int
             ) -> tuple[dict[Square, tuple[int, ...]], dict[str, tuple[int, ...]]]:
    """The kicks of `kick_specs(budget)` from `start` by where they would go on an empty
    field, as their places in that list: those crossing each square (until the ball
    leaves the field), and those leaving it into each net."""
    through: dict[Square, list[int]] = {}
    into: dict[str, list[int]] = {}
    for index, spec in enumerate(kick_specs(budget)):
        square = start
        for step in route(spec, budget):
            target = (square[0] + step[0], square[1] + step[1])
            if target not in field.square_set:
                net = field.goal_into(square, step)
                if net is not None:
                    into.setdefault(net, []).append(index)
                break
            through.setdefault(target, []).append(index)
            square = target
    return ({square: tuple(kicks) for square, kicks in through.items()},
            {net: tuple(kicks) for net, kicks in into.items()})


def _no_goal_nor_pass(table: Table, net: str) -> Callable[[Square, int], bool]:
    """For the search for a goal into `net`: is a kick from `square` with `budget` spaces
    sure to do neither (the net's end line and every teammate farther than it can go)?
    A kick goes one square a space, sideways or diagonally too."""
    line = table.field.end_row(net)
    mates = table.mates

    def useless(square: Square, budget: int) -> bool:
        if abs(square[1] - line) + 1 <= budget:
            return False
        return not any(mate != square and max(abs(mate[0] - square[0]),
                                              abs(mate[1] - square[1])) <= budget
                       for mate in mates)
    return useless


def placed_chain_ends(table: Table, kicker: str, start: Square, pips: int, free: int,
                      stop_at_net: str | None = None,
                      keep: Callable[[Square], bool] = lambda square: True,
                      ) -> dict[tuple[Square | str, Square], tuple[KickSpec, ...]]:
    """`chain_ends` for a kicker who is placed beside the net right after his first kick:
    keyed by (where the ball ends, where the kicker was placed); only placements that
    `keep` accepts are tried."""
    ends: dict[tuple[Square | str, Square], tuple[KickSpec, ...]] = {}
    budget = pips + free
    for spec in kick_specs(budget):
        leg = walk(table, start, budget, spec)
        if leg.kind == "refused":
            continue
        ball = None if leg.kind == "goal" else leg.square
        for square in filter(keep, placements(table, kicker, start, ball)):
            if leg.kind != "pass":
                ends.setdefault((leg.net if leg.kind == "goal" else leg.square, square),
                                (spec,))
                if leg.net is not None and leg.net == stop_at_net:
                    return ends
                continue
            moved = relocated(table, kicker, start, square)
            found = chain_ends(moved, leg.square, leg.remaining, rules.FREE_SPACE, stop_at_net)
            for key, rest in found.items():
                ends.setdefault((key, square), (spec, *rest))
                if key == stop_at_net:
                    return ends
    return ends
