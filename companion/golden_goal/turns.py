"""A turn's movement, the No Killjoy end-of-turn checks, and every distinct turn for a roll.

`legal_turns(state, roll)` lists each distinct end result once (where every player
and the ball end up, and which net the ball went into) with one `Play` that gets
there; everything it lists is accepted by `GoldenGoalState.apply`, because both use
`move_path`, `kicks.play_chain`/`kicks.chain_ends` and the No Killjoy checks
(`killjoy_problem`; the search asks `EndCheck`, which answers the same, faster).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from companion.core.errors import InputError, RuleError, shown
from companion.golden_goal import rules
from companion.golden_goal.actions import KickSpec, Play
from companion.golden_goal.board import NEIGHBOURS_4, STEPS, Field, Square
from companion.golden_goal.kicks import Table, chain_ends, placed_chain_ends, team_of


class GoldenGoalState(Protocol):
    """What the turn search reads of a match's state (`engine.GoldenGoalState` has it all);
    a protocol, so that this module sits below the engine and imports nothing above it."""

    options: Any
    ball: Square | None
    to_move: str | None

    @property
    def field(self) -> Field: ...

    @property
    def where(self) -> dict[str, Square]: ...

S = rules.SECTIONS


def other(team: str) -> str:
    return rules.TEAMS[1 - rules.TEAMS.index(team)]


def is_keeper(player: str) -> bool:
    return player.endswith(" " + rules.KEEPER)


# Player Movement.

def move_path(field: Field, occupant: Mapping[Square, str], ball: Square | None,
              start: Square, path: tuple[str, ...], roll: int) -> Square:
    """Walk `path` from `start`; returns the end square. RuleError names the broken rule.

    `occupant` must not hold the moving player (his start square is free once he leaves).
    """
    for step in path:
        if step not in STEPS:
            raise InputError(f"a player steps N, E, S or W, got {shown(step, 20)}")
    if not 1 <= len(path) <= roll:
        raise RuleError(f"spend 1 to {roll} pips moving (the path has {len(path)} steps)",
                        rule=S["turns"])
    square = start
    for number, step in enumerate(path, start=1):
        square = (square[0] + STEPS[step][0], square[1] + STEPS[step][1])
        if not field.on_mat(square):
            raise RuleError(f"step {number} leaves the mat", rule=S["movement"])
        if square in occupant:
            raise RuleError(f"step {number} enters {field.name(square)}, where "
                            f"{occupant[square]} stands", rule=S["movement"])
        if square == ball and number < len(path):
            raise RuleError(f"step {number} reaches the ball: the player must stop and kick it",
                            rule=S["movement"])
    return square


def reachable(field: Field, occupant: Mapping[Square, str], ball: Square | None,
              start: Square, roll: int) -> tuple[dict[Square, tuple[str, ...]],
                                                  dict[int, tuple[str, ...]]]:
    """Squares reached with exactly `roll` steps (ball excluded), and the steps to the ball.

    Returns (ends, arrivals): ends maps a square to one path there; arrivals maps a
    number of steps k <= roll to one path reaching the ball on step k.
    """
    steps_from = field.steps_from
    layer: dict[Square, tuple[str, ...]] = {start: ()}
    arrivals: dict[int, tuple[str, ...]] = {}
    for k in range(1, roll + 1):
        nxt: dict[Square, tuple[str, ...]] = {}
        for square, path in layer.items():
            for name, target in steps_from[square]:
                if target in nxt or target in occupant:
                    continue
                if target == ball:
                    arrivals.setdefault(k, (*path, name))
                else:
                    nxt[target] = (*path, name)
        layer = nxt
    return layer, arrivals


def steps_to_ball(field: Field, occupant: Mapping[Square, str], ball: Square | None,
                  start: Square, roll: int) -> tuple[int, ...]:
    """The numbers of steps k <= roll with which a player reaches the ball on his step k:
    `reachable`'s arrivals, without the paths (the search for scoring faces needs none).

    Found from the fewest steps d alone: on the grid every walk to a square has the same
    parity, and a player may step back and forth, so a square he reaches on step k he
    reaches again on step k + 2 (back to the free square he came from, and on again). So
    he reaches the ball on d, d + 2, d + 4, ... steps, but when the square he came from
    beside the ball is not free to step back to (d = 1: he stood beside the ball; or he
    stood on it): then again only if he can step on to a square one farther away."""
    if ball is None or ball in occupant:
        return ()
    steps_from = field.steps_from
    seen, layer, fewest = {start}, [start], None
    for k in range(1, roll + 1):
        following = []
        for square in layer:
            for _, target in steps_from[square]:
                if target == ball:
                    fewest = k
                elif target not in seen and target not in occupant:
                    seen.add(target)
                    following.append(target)
        if fewest is not None:
            if not following and (fewest == 1 or start == ball):
                return (fewest,)
            return tuple(range(fewest, roll + 1, 2))
        layer = following
    return ()


# No Killjoy Rules.

def killjoy_problem(field: Field, where: Mapping[str, Square], ball: Square | None,
                    team: str, scored: bool) -> RuleError | None:
    """Why the end of `team`'s turn breaks a rule, or None when it may end like this."""
    mine = [(player, square) for player, square in where.items() if team_of(player) == team]
    for player, square in mine:
        problem = _net_problem(field, player, square, team)
        if problem is not None:
            return problem
    in_box = [player for player, square in mine if _defends_in_box(field, player, square, team)]
    if len(in_box) > rules.MAX_DEFENDERS_IN_BOX:
        return RuleError(f"at most {rules.MAX_DEFENDERS_IN_BOX} defending outfielder in your "
                         f"penalty box at the end of your turn ({', '.join(in_box)})",
                         rule=S["killjoy"])
    if not scored and ball is not None and not clear_path(field, where, ball, other(team)):
        return RuleError(f"{other(team)} must keep a clear path from a player to the ball",
                         rule=S["killjoy"])
    return None


def _net_problem(field: Field, player: str, square: Square, team: str) -> RuleError | None:
    """Why `player` of `team` may not end the turn on `square` in front of a net (only his
    own keeper may stand in front of his own net), or None."""
    net = field.in_front_of_net(square)
    if net is None:
        return None
    if not is_keeper(player):
        return RuleError(f"{player} may not end the turn in front of a net "
                         f"({field.name(square)})", rule=S["killjoy"])
    if net != team:
        return RuleError(f"only {net}'s keeper may end in front of {net}'s net",
                         rule=S["keeper"])
    return None


def _defends_in_box(field: Field, player: str, square: Square, team: str) -> bool:
    """An outfielder of `team` on `square`, inside the penalty box `team` defends?"""
    return not is_keeper(player) and field.in_box(square, team)


def clear_path(field: Field, where: Mapping[str, Square], ball: Square, team: str) -> bool:
    """Can some player of `team` reach the ball through empty squares of the field?

    No Killjoy Rules: "a clear path from at least 1 player to the ball without going out of
    bounds": a player standing out of bounds does not count, even beside the ball."""
    return _path_search(field, {sq: team_of(p) == team for p, sq in where.items()}, ball)[0]


def _path_search(field: Field, ours: Mapping[Square, bool], ball: Square
                 ) -> tuple[bool, set[Square]]:
    """`clear_path` over `ours` (each occupied square: does a player of the team stand
    there?), and the squares the search looked at before it stopped."""
    neighbours = field.field_neighbours
    seen, frontier = {ball}, [ball]
    while frontier:
        square = frontier.pop()
        # The ball is always on the field, but a hand-made position may say otherwise.
        around = neighbours.get(square) or [
            (square[0] + dc, square[1] + dr) for dc, dr in NEIGHBOURS_4
            if field.on_field((square[0] + dc, square[1] + dr))]
        for target in around:
            if target in seen:
                continue
            seen.add(target)
            if target not in ours:
                frontier.append(target)
            elif ours[target]:
                return True, seen
    return False, seen


class EndCheck:
    """`killjoy_problem(...) is None` for the ends of one `mover`'s turn (a player of
    `team`), the others standing where they are in `where`: what does not depend on where
    he ends is worked out once. The turn search asks it of every end (239 ends of a 6 in
    the bench's position), and most ends need no new search for a clear path: the search
    with the mover gone is kept for each square of the ball, and a square it never looked
    at cannot change its answer when the mover stands there."""

    def __init__(self, field: Field, where: Mapping[str, Square], team: str,
                 mover: str) -> None:
        self.field, self.team, self.mover = field, team, mover
        others = [(player, sq) for player, sq in where.items() if player != mover]
        mine = [(player, sq) for player, sq in others if team_of(player) == team]
        self.broken = any(_net_problem(field, player, sq, team) is not None
                          for player, sq in mine)
        self.in_box = sum(_defends_in_box(field, player, sq, team) for player, sq in mine)
        self.theirs = {sq: team_of(player) == other(team) for player, sq in others}
        self.searches: dict[Square, tuple[bool, set[Square]]] = {}  # by the ball's square

    def allows(self, square: Square, ball: Square | None, scored: bool) -> bool:
        """May the turn end with the mover on `square` and the ball on `ball`?"""
        field, mover, team = self.field, self.mover, self.team
        if self.broken or _net_problem(field, mover, square, team) is not None:
            return False
        if self.in_box + _defends_in_box(field, mover, square, team) > \
                rules.MAX_DEFENDERS_IN_BOX:
            return False
        if scored or ball is None:
            return True
        if ball not in self.searches:
            self.searches[ball] = _path_search(field, self.theirs, ball)
        found, looked_at = self.searches[ball]
        if square not in looked_at:
            return found
        return _path_search(field, {**self.theirs, square: False}, ball)[0]


# Every distinct turn.

@dataclass(frozen=True)
class Outcome:
    """One distinct end of a turn, with one way to play it."""

    play: Play
    square: Square  # where the moving player ends
    ball: Square | None  # None: the ball went into a net
    net: str | None  # whose net the ball went into

    @property
    def scored(self) -> bool:
        return self.net is not None


def legal_turns(state: GoldenGoalState, roll: int,
                goals_only: bool = False) -> list[Outcome]:
    """Every distinct end result of the team on turn playing `roll`, each once.

    With `goals_only`: at most one turn, the first found that scores in the opponent's
    net (all the odds need to know; much faster than listing every turn).
    """
    results: dict[tuple, Outcome] = {}
    for player in sorted(p for p in state.where if team_of(p) == state.to_move):
        for outcome in _player_turns(state, player, roll, goals_only):
            results.setdefault(_result_key(state, outcome), outcome)
            if goals_only and results:
                return list(results.values())
    return list(results.values())


def moves_for(outcomes: list[Outcome], player: str) -> dict[Square, list[Outcome]]:
    """A dashboard's menu: where `player` can end (or kick from), each with its outcomes."""
    menu: dict[Square, list[Outcome]] = {}
    for outcome in outcomes:
        if outcome.play.player == player:
            menu.setdefault(outcome.square, []).append(outcome)
    return menu


def _result_key(state: GoldenGoalState, outcome: Outcome) -> tuple:
    if outcome.square == state.where[outcome.play.player]:
        return (None, None, outcome.ball, outcome.net)
    return (outcome.play.player, outcome.square, outcome.ball, outcome.net)


def _player_turns(state: GoldenGoalState, player: str, roll: int,
                  goals_only: bool) -> Iterator[Outcome]:
    field, ball, team = state.field, state.ball, state.to_move
    others = {sq: p for p, sq in state.where.items() if p != player}
    ends, arrivals = reachable(field, others, ball, state.where[player], roll)
    check = EndCheck(field, state.where, team, player)
    if not goals_only:
        for square, path in ends.items():
            if check.allows(square, ball, False):
                yield Outcome(Play(player, path), square, ball, None)
    for steps, path in sorted(arrivals.items()):
        table = Table.of(state.options, {**others, ball: player}, team)
        for end, net, kicks, placed in _kick_ends(state, player, table, roll - steps,
                                                  goals_only):
            if check.allows(placed or ball, end, net is not None):
                yield Outcome(Play(player, path, kicks, placed), placed or ball, end, net)


def placed_after_kick(state: GoldenGoalState, player: str) -> bool:
    """No Killjoy Rules: an outfielder who kicks from in front of a net is placed beside it."""
    return not is_keeper(player) and state.field.in_front_of_net(state.ball) is not None


def _kick_ends(state: GoldenGoalState, player: str, table: Table, pips: int,
               goals_only: bool, dead: set | None = None,
               ) -> Iterator[tuple[Square | None, str | None, tuple[KickSpec, ...],
                                   Square | None]]:
    """(ball end, net, kicks, where the kicker was placed) for each distinct kicking.
    `dead`: see `chain_ends` (goals only, and the same table every time)."""
    target = other(state.to_move) if goals_only else None
    if placed_after_kick(state, player):
        def keep(square: Square) -> bool:  # a goal ends the turn: only these checks remain
            where = {**state.where, player: square}
            return killjoy_problem(state.field, where, None, state.to_move, True) is None

        found = placed_chain_ends(table, player, state.ball, pips, rules.FREE_SPACE, target,
                                  keep if goals_only else lambda square: True)
        keyed = [(key, kicks, square) for (key, square), kicks in found.items()]
    else:
        found_plain = chain_ends(table, state.ball, pips, rules.FREE_SPACE, target, dead)
        keyed = [(key, kicks, None) for key, kicks in found_plain.items()]
    for key, kicks, square in keyed:
        net = key if isinstance(key, str) else None
        if goals_only and net != target:
            continue
        yield (None if net else key), net, kicks, square


def scoring_rolls(state: GoldenGoalState, faces: tuple[int, ...],
                  enough: int | None = None) -> tuple[int, ...]:
    """The faces with which the team on turn can score: the same search as `legal_turns`
    with goals only, but each player's steps to the ball are found once for all faces.
    With `enough`, the search may stop once it has found that many (some of them, then)."""
    found: set[int] = set()
    team = state.to_move
    for player in sorted(p for p in state.where if team_of(p) == team):
        if enough is not None and len(found) >= enough:
            break
        others = {sq: p for p, sq in state.where.items() if p != player}
        arrivals = steps_to_ball(state.field, others, state.ball, state.where[player],
                                 max(faces))
        table = Table.of(state.options, {**others, state.ball: player}, team)
        scores_with: dict[int, bool] = {}
        dead: set = set()  # where the ball goes nowhere into the net on this table
        for face in faces:
            if face in found:
                continue
            for steps in arrivals:
                pips = face - steps
                if pips >= 0 and pips not in scores_with:
                    scores_with[pips] = _scores(state, player, table, pips, dead)
                if pips >= 0 and scores_with[pips]:
                    found.add(face)
                    break
            if enough is not None and len(found) >= enough:
                break
    return tuple(face for face in faces if face in found)


def _scores(state: GoldenGoalState, player: str, table: Table, pips: int, dead: set) -> bool:
    """Whether `player`, on the ball with `pips` left, can kick a goal the rules let stand
    (the check of `_player_turns`, without the play's steps: whichever path reached the ball, the
    turn ends with him on it, or where he was placed)."""
    for end, net, _, placed in _kick_ends(state, player, table, pips, True, dead):
        where = {**state.where, player: placed or state.ball}
        if killjoy_problem(state.field, where, end, state.to_move, net is not None) is None:
            return True
    return False
