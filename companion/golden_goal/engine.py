"""Golden Goal: the state of a match and every action's rules, from the toss to the last goal.

A match runs through phases: "toss" (who places first), "setup" (players placed
one at a time), "roll-off" and "kickoff", then turns of "roll" and "play"; after a
goal in a longer match, "restart", "restart roll" and "restart kick"; then "over".
`GoldenGoalState.legal_actions()` lists what may be done now; a turn's options
depend on its roll, so a turn is a `Roll` then a `Play` (see `turns.legal_turns`).

>>> from companion.golden_goal.actions import Toss
>>> state = new_state({}).apply(Toss("orange"))
>>> state.phase, state.to_move
('setup', 'orange')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal

from companion.core.errors import InputError, RuleError
from companion.core.game import JSON, Event, GameState, dice_rng
from companion.core.rules_table import Rule, RulesTable
from companion.core.words import counted
from companion.golden_goal import rules
from companion.golden_goal.actions import (
    Kick,
    Pass,
    Place,
    PlaceKeeper,
    Play,
    Roll,
    RollOff,
    Toss,
)
from companion.golden_goal.board import Field, Square
from companion.golden_goal.kicks import Chain, Table, chain_ends, play_chain, team_of
from companion.golden_goal.match import (
    FORMATION_TEXT,
    PLAYERS,
    Options,
    check_dice,
    check_json_values,
    check_player,
    check_square,
    check_team,
    formation_possible,
    json_positions,
    last_chance_deadline,
    score_text,
    sorted_positions,
    winner_of,
    zone,
)
from companion.golden_goal.turns import (
    Outcome,
    is_keeper,
    killjoy_problem,
    legal_turns,
    move_path,
    other,
    placed_after_kick,
)

S = rules.SECTIONS
TEAMS = rules.TEAMS
Phase = Literal["toss", "setup", "roll-off", "kickoff", "roll", "play", "restart",
                "restart roll", "restart kick", "over"]
WAITING_FOR = {
    "toss": "choose which team places first", "setup": "place a player",
    "roll-off": "both teams roll for the kickoff", "kickoff": "kick off",
    "roll": "roll the die", "play": "move a player", "restart": "place the keeper and ball",
    "restart roll": "roll for the restart kick", "restart kick": "kick the restart",
    "over": "nothing: the match is over",
}


@dataclass(frozen=True)
class GoldenGoalState(GameState):
    """One moment of a match. `positions` lists placed players in `PLAYERS` order."""

    options: Options = field(default_factory=Options)
    phase: Phase = "toss"
    to_move: str | None = None
    positions: tuple[tuple[str, Square], ...] = ()
    ball: Square | None = None  # None: on the centre spot (setup) or in a net
    roll: int | None = None  # the turn's roll, the kickoff difference or the restart roll
    score: tuple[int, int] = (0, 0)
    turns: int = 0
    deadline: int | None = None  # Last Chance: the turn by which the score must be level
    winner: str | None = None  # a team, or "draw"
    last_event: Event | None = None

    # What the table sees.

    @property
    def field(self) -> Field:
        return self.options.field

    @cached_property
    def where(self) -> dict[str, Square]:
        """Each placed player's square."""
        return dict(self.positions)

    @cached_property
    def occupant(self) -> dict[Square, str]:
        """Who stands on each occupied square."""
        return {square: player for player, square in self.positions}

    @property
    def round(self) -> int:
        """Longer Matches: each team takes 1 turn per round."""
        return self.turns // 2 + 1

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def result(self) -> str | None:
        if self.winner is None:
            return None
        score = f"{self.score[0]}-{self.score[1]}"
        return f"draw, {score}" if self.winner == "draw" else f"{self.winner} wins {score}"

    @property
    def waiting_for(self) -> str:
        who = f"{self.to_move}: " if self.to_move and self.phase != "over" else ""
        return who + WAITING_FOR[self.phase]

    def dice_needed(self, action: Any) -> int:
        if isinstance(action, RollOff):
            return rules.ROLL_OFF_DICE
        return 1 if isinstance(action, Roll) else 0

    def fill_chance(self, action: Any, rng: random.Random) -> Any:
        """A Toss without a team gets a random one; dice are rolled as usual."""
        if isinstance(action, Toss) and action.first is None:
            return Toss(dice_rng(rng).choice(TEAMS))
        return super().fill_chance(action, rng)

    def legal_actions(self) -> list[Any]:
        """Everything that may be done now (dice None), for the dashboard's buttons."""
        listing = {
            "toss": lambda: [Toss()], "setup": self._legal_places,
            "roll-off": lambda: [RollOff()], "kickoff": self._legal_kicks,
            "roll": lambda: [Roll()], "restart roll": lambda: [Roll()],
            "play": lambda: [o.play for o in self.legal_turns(self.roll or 0)] or _stuck(),
            "restart": self._legal_keeper_squares, "restart kick": self._legal_kicks,
            "over": list,
        }
        return listing[self.phase]()

    def legal_turns(self, roll: int) -> list[Outcome]:
        """Every distinct end of a turn with this roll (see `turns.legal_turns`)."""
        return legal_turns(self, roll)

    def diagram(self) -> str:
        """The mat as text, north at the top: O1..O4/OK orange, B1..B4/BK blue, () the ball,
        ## in front of a net, :: penalty box, .. field, blank out of bounds."""
        field, rows = self.field, []
        for r in range(field.rows + field.ring - 1, -field.ring - 1, -1):
            cells = [self._cell((c, r)) for c in range(-field.ring, field.columns + field.ring)]
            rows.append(" ".join(cells))
        return "\n".join(rows)

    def _cell(self, square: Square) -> str:
        player = self.occupant.get(square)
        if player is not None:
            team, number = player.split(" ")
            return team[0].upper() + ("K" if number == rules.KEEPER else number)
        if square == self.ball:
            return "()"
        if not self.field.on_field(square):
            return "  "
        if self.field.in_front_of_net(square):
            return "##"
        boxed = any(self.field.in_box(square, team) for team in TEAMS)
        return "::" if boxed else ".."

    def _repr_html_(self) -> str:
        status = self.result or self.waiting_for
        score = f"orange {self.score[0]} - {self.score[1]} blue, round {self.round}"
        return f"<pre>{score}; {status}\n{self.diagram()}</pre>"

    # Changing it.

    def apply(self, action: Any) -> GoldenGoalState:
        """The state after `action`; RuleError / InputError leave this state as it was."""
        return RULES.apply(self, action)

    def _toss(self, action: Toss) -> GoldenGoalState:
        if action.first is None:
            raise InputError("the toss is missing: choose a team or let the app choose")
        check_team(action.first)
        return replace(self, phase="setup", to_move=action.first,
                       last_event=Event(f"{action.first} places first"))

    def _place(self, action: Place) -> GoldenGoalState:
        check_player(action.player)
        square = check_square(action.square)
        setup_problem = self._placement_problem(action.player, square)
        if setup_problem is not None:
            raise setup_problem
        positions = sorted_positions((*self.positions, (action.player, square)))
        done = len(positions) == len(PLAYERS)
        team = team_of(action.player)
        placed = sum(team_of(p) == other(team) for p, _ in positions)
        next_team = other(team) if placed < len(PLAYERS) // 2 else team
        text = f"{action.player} placed on {self.field.name(square)}"
        return replace(self, positions=positions, phase="roll-off" if done else "setup",
                       to_move=None if done else next_team, last_event=Event(text))

    def _roll_off(self, action: RollOff) -> GoldenGoalState:
        dice = check_dice(action.dice, rules.ROLL_OFF_DICE)
        rolled = ", ".join(f"{team} {face}" for team, face in zip(TEAMS, dice, strict=True))
        if dice[0] == dice[1]:
            return replace(self, last_event=Event(f"Kickoff roll: {rolled}: a tie, both "
                                                  "teams roll again"))
        winner = TEAMS[0] if dice[0] > dice[1] else TEAMS[1]
        kicker = self._circle_player(winner)
        square = self.where[kicker]
        difference = abs(dice[0] - dice[1])
        text = (f"Kickoff roll: {rolled}: {winner} wins the kickoff; {kicker} kicks from "
                f"{self.field.name(square)}, {counted(difference, 'space')} (no free space)")
        return replace(self, phase="kickoff", to_move=winner, ball=square, roll=difference,
                       last_event=Event(text, "success"))

    def kick_chain(self, action: Kick) -> Chain:
        """The legs the kickoff or restart kick `action` makes from here, each with the
        squares the ball crosses (RuleError when a leg is refused)."""
        return play_chain(self._table(goals=self.phase != "kickoff"), self.occupant[self.ball],
                          self.ball, self.roll, rules.FREE_SPACE_ON_KICKOFF, action.kicks)

    def _kick(self, action: Kick) -> GoldenGoalState:
        chain = self.kick_chain(action)
        if self.phase == "kickoff":
            self._check_kickoff_end(chain.ball)
            text = f"Kickoff: {describe_chain(self.field, chain, action.kicks)}"
            return replace(self, phase="roll", to_move=other(self.to_move), ball=chain.ball,
                           roll=None, last_event=Event(text))
        self._check_end(self.where, chain.ball, chain.last.net)
        text = (f"{self.to_move} restarts with a {self.roll}: "
                f"{describe_chain(self.field, chain, action.kicks)}")
        return self._end_turn(self.positions, chain.ball, chain.last.net, text,
                              counts=self.options.restart_is_a_turn)

    def _roll(self, action: Roll) -> GoldenGoalState:
        (face,) = check_dice(action.dice, 1)
        if self.phase == "roll":
            return replace(self, phase="play", roll=face,
                           last_event=Event(f"{self.to_move} rolled {face}"))
        if face in rules.RESTART_REROLL:
            return replace(self, last_event=Event(f"{self.to_move} rolled {face} for the "
                                                  "restart and must reroll"))
        return replace(self, phase="restart kick", roll=face,
                       last_event=Event(f"{self.to_move} rolled {face} for the restart kick"))

    def _play(self, action: Play) -> GoldenGoalState:
        # Section: the player moves.
        check_player(action.player)
        if team_of(action.player) != self.to_move:
            raise RuleError(f"{action.player} is not on {self.to_move}'s team, whose turn it "
                            "is", rule=S["turns"])
        others = {sq: p for p, sq in self.positions if p != action.player}
        end = move_path(self.field, others, self.ball, self.where[action.player],
                        tuple(action.path), self.roll)
        # Section: the kicks, if the player reached the ball; a kicker from in front of a
        # net is placed beside it right after his own kick (No Killjoy Rules).
        chain, ball, net, final = None, self.ball, None, end
        if end == self.ball:
            placed = self._placement(action)
            table = replace(self._table(goals=True), occupant={**others, end: action.player})
            chain = play_chain(table, action.player, end, self.roll - len(action.path),
                               rules.FREE_SPACE, action.kicks, placed)
            ball, net, final = chain.ball, chain.last.net, placed or end
        else:
            self._check_no_kick(action)
        # Section: the No Killjoy checks.
        where = {**self.where, action.player: final}
        self._check_end(where, ball, net)
        text = self._play_text(action, end, final, chain)
        return self._end_turn(sorted_positions(tuple(where.items())), ball, net, text)

    def _place_keeper(self, action: PlaceKeeper) -> GoldenGoalState:
        square = check_square(action.square)
        keeper = f"{self.to_move} {rules.KEEPER}"
        if self.field.in_front_of_net(square) != self.to_move:
            raise RuleError(f"{keeper} and the ball go in front of {self.to_move}'s net",
                            rule=S["longer"])
        if self.occupant.get(square, keeper) != keeper:
            raise RuleError(f"{self.occupant[square]} stands on {self.field.name(square)}",
                            rule=S["field"])
        positions = sorted_positions(
            tuple((p, square if p == keeper else sq) for p, sq in self.positions))
        text = f"{keeper} and the ball are placed on {self.field.name(square)}"
        return replace(self, positions=positions, ball=square, phase="restart roll",
                       last_event=Event(text))

    def _pass(self, action: Pass) -> GoldenGoalState:
        if self.legal_actions() != [Pass()]:
            raise RuleError("there is a legal way to play: passing is only for a roll or kick "
                            "with none (house rule)", rule=S["end"])
        text = f"{self.to_move} has no legal way to play and passes (house rule)"
        if self.phase == "kickoff":
            return replace(self, phase="roll", to_move=other(self.to_move), roll=None,
                           last_event=Event(text))
        return self._end_turn(self.positions, self.ball, None, text)

    # Checks.

    def _table(self, goals: bool) -> Table:
        return Table.of(self.options, self.occupant, self.to_move, goals)

    def _check_end(self, where: Mapping[str, Square], ball: Square | None,
                   net: str | None) -> None:
        problem = killjoy_problem(self.field, where, ball, self.to_move, net is not None)
        if problem is not None:
            raise problem

    def _check_kickoff_end(self, ball: Square | None) -> None:
        if self.options.killjoy_after_kickoff:
            self._check_end(self.where, ball, None)

    def _check_no_kick(self, action: Play) -> None:
        if action.placed is not None:
            raise RuleError(f"only an outfielder who kicked from in front of a net is placed "
                            f"afterwards; {action.player} stays where he is", rule=S["killjoy"])
        if len(action.path) != self.roll:
            raise RuleError(f"{action.player} did not reach the ball, so all {self.roll} pips "
                            f"must be spent moving (the path has {len(action.path)})",
                            rule=S["end"])
        if action.kicks:
            raise RuleError(f"{action.player} did not reach the ball and cannot kick",
                            rule=S["kicking"])

    def _placement(self, action: Play) -> Square | None:
        """No Killjoy Rules: where an outfielder who kicks from in front of a net is put
        (checked by `kicks.play_chain` once his kick has moved the ball)."""
        if not placed_after_kick(self, action.player):
            if action.placed is not None:
                raise RuleError(f"only an outfielder who kicked from in front of a net is "
                                f"placed afterwards; {action.player} stays where he is",
                                rule=S["killjoy"])
            return None
        if action.placed is None:
            raise RuleError(f"{action.player} kicked from in front of the net: place him in an "
                            "adjacent empty space", rule=S["killjoy"])
        return check_square(action.placed)

    def _placement_problem(self, player: str, square: Square) -> RuleError | None:
        team = team_of(player)
        if team != self.to_move:
            return RuleError(f"teams take turns placing: it is {self.to_move}'s turn",
                             rule=S["setup"])
        if player in self.where:
            return RuleError(f"{player} is already on the field", rule=S["setup"])
        if not self.field.on_field(square):
            return RuleError("players are placed on the field, not out of bounds",
                             rule=S["setup"])
        if square in self.occupant:
            return RuleError(f"only 1 player can occupy each space ({self.occupant[square]} "
                             f"is on {self.field.name(square)})", rule=S["field"])
        if is_keeper(player):
            if self.field.in_front_of_net(square) != team:
                return RuleError(f"{player} must start in front of {team}'s net",
                                 rule=S["setup"])
            return None
        return self._outfielder_problem(player, square)

    def _outfielder_problem(self, player: str, square: Square) -> RuleError | None:
        team = team_of(player)
        if self.field.in_front_of_net(square) is not None:
            return RuleError("only a keeper can occupy the spaces in front of his net",
                             rule=S["field"])
        where = {**self.where, player: square}
        mine = [sq for p, sq in where.items() if team_of(p) == team and not is_keeper(p)]
        if sum(self.field.in_box(sq, team) for sq in mine) > rules.MAX_DEFENDERS_IN_BOX:
            return RuleError(f"at most {rules.MAX_DEFENDERS_IN_BOX} defending outfielder in "
                             "your penalty box", rule=S["field"])
        counts = [0, 0, 0, 0]
        for sq in mine:
            counts[zone(self.field, sq, team)] += 1
        if not formation_possible(tuple(counts), rules.OUTFIELDERS_PER_TEAM - len(mine)):
            return RuleError(FORMATION_TEXT, rule=S["setup"])
        return None

    def _circle_player(self, team: str) -> str:
        circle = self.field.centre_circle
        return next(p for p, sq in self.positions if team_of(p) == team and sq in circle
                    and self.field.half(sq) == team)

    # What may be done now.

    def _legal_places(self) -> list[Place]:
        squares = [sq for sq in self.field.squares if sq not in self.occupant]
        players = [p for p in PLAYERS if team_of(p) == self.to_move and p not in self.where]
        return [Place(p, sq) for p in players for sq in squares
                if self._placement_problem(p, sq) is None]

    def _legal_kicks(self) -> list[Kick | Pass]:
        kickoff = self.phase == "kickoff"
        ends = chain_ends(self._table(goals=not kickoff), self.ball, self.roll,
                          rules.FREE_SPACE_ON_KICKOFF)
        kicks = []
        for key, specs in ends.items():
            ball, net = (None, key) if isinstance(key, str) else (key, None)
            if kickoff and not self.options.killjoy_after_kickoff:
                problem = None
            else:
                problem = killjoy_problem(self.field, self.where, ball, self.to_move,
                                          net is not None)
            if problem is None:
                kicks.append(Kick(specs))
        return kicks or _stuck()

    def _legal_keeper_squares(self) -> list[PlaceKeeper]:
        keeper = f"{self.to_move} {rules.KEEPER}"
        return [PlaceKeeper(sq) for sq, team in self.field.nets.items()
                if team == self.to_move and self.occupant.get(sq, keeper) == keeper]

    # After a turn.

    def _end_turn(self, positions: tuple[tuple[str, Square], ...], ball: Square | None,
                  net: str | None, text: str, counts: bool = True) -> GoldenGoalState:
        """Score, count the turn, decide the match, and hand over (or restart after a goal)."""
        score, scorer = self.score, None
        if net is not None:
            scorer = other(net)
            score = tuple(s + (t == scorer) for s, t in zip(score, TEAMS, strict=True))
        turns = self.turns + counts
        deadline = last_chance_deadline(self.options, self.score, score, turns, self.deadline)
        winner = winner_of(self.options, score, turns, deadline, scorer)
        text += score_text(scorer, score, winner)
        done = replace(self, positions=positions, ball=ball, roll=None, score=score,
                       turns=turns, deadline=deadline, winner=winner,
                       last_event=Event(text, "success" if scorer else "info"))
        if winner is not None:
            return replace(done, phase="over", to_move=None)
        if scorer is not None:
            return replace(done, phase="restart", to_move=net)
        next_team = self.to_move if not counts else other(self.to_move)
        return replace(done, phase="roll", to_move=next_team)

    def _play_text(self, action: Play, end: Square, final: Square, chain: Chain | None) -> str:
        name = self.field.name
        steps = ", ".join(action.path)
        text = f"{self.to_move} rolled {self.roll}: {action.player} moves {steps} to {name(end)}"
        if chain is None:
            return text
        pips = self.roll - len(action.path)
        kicks = describe_chain(self.field, chain, action.kicks)
        text += f" and kicks with {counted(pips, 'pip')} left: {kicks}"
        if final != end:
            text += f"; {action.player} is placed on {name(final)}"
        return text

    # JSON.

    def to_json(self) -> JSON:
        return {
            "options": self.options.to_mapping(), "phase": self.phase, "to_move": self.to_move,
            "positions": {p: list(sq) for p, sq in self.positions},
            "ball": None if self.ball is None else list(self.ball), "roll": self.roll,
            "score": list(self.score), "turns": self.turns, "deadline": self.deadline,
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: JSON) -> GoldenGoalState:
        """Rebuild a state from `to_json`, checking every field (InputError if bad)."""
        if not isinstance(data, dict) or set(data) != set(cls().to_json()):
            raise InputError(f"a Golden Goal state has the fields {sorted(cls().to_json())}")
        options = Options.from_mapping(data["options"])
        positions = json_positions(data["positions"], options.field)
        ball = None if data["ball"] is None else check_square(tuple(data["ball"]))
        check_json_values(data, ball, positions, options.field)
        return cls(options, data["phase"], data["to_move"], positions, ball, data["roll"],
                   tuple(data["score"]), data["turns"], data["deadline"], data["winner"])


_SECTION_OF_PHASE = {
    "toss": "setup", "setup": "setup", "roll-off": "kickoff", "kickoff": "kickoff",
    "roll": "turns", "play": "turns", "restart": "longer", "restart roll": "longer",
    "restart kick": "longer", "over": "goal",
}
RULES = RulesTable(
    "Golden Goal",
    {
        Toss: Rule(GoldenGoalState._toss, ("toss",)),
        Place: Rule(GoldenGoalState._place, ("setup",)),
        RollOff: Rule(GoldenGoalState._roll_off, ("roll-off",)),
        Kick: Rule(GoldenGoalState._kick, ("kickoff", "restart kick")),
        Roll: Rule(GoldenGoalState._roll, ("roll", "restart roll")),
        Play: Rule(GoldenGoalState._play, ("play",)),
        PlaceKeeper: Rule(GoldenGoalState._place_keeper, ("restart",)),
        Pass: Rule(GoldenGoalState._pass, ("play", "kickoff", "restart kick")),
    },
    not_now=lambda state, _action: RuleError(
        f"not now: waiting for {state.waiting_for}", rule=S[_SECTION_OF_PHASE[state.phase]]),
    over=lambda state: RuleError(f"the match is over: {state.result}", rule=S["goal"]),
)


def _stuck() -> list[Pass]:
    return [Pass()] if rules.PASS_WHEN_STUCK else []


def new_state(options: Mapping[str, JSON]) -> GoldenGoalState:
    """A new match before the toss; options as in `rules.DEFAULT_OPTIONS`."""
    return GoldenGoalState(Options.from_mapping(options))


def describe_chain(field: Field, chain: Chain, kicks: tuple) -> str:
    """'orange 2 kicks NE 3 spaces to e7, a pass to orange 3; orange 3 kicks N ...'."""
    parts = []
    for kicker, leg, (direction, after, to) in zip(chain.kickers, chain.legs, kicks,
                                                   strict=False):
        how = f"{direction}" + (f" bending {to} after {after}" if after else "")
        where = {"stop": f"to {field.name(leg.square)}",
                 "pass": f"to {field.name(leg.square)}, a pass",
                 "goal": f"into {leg.net}'s net"}[leg.kind]
        parts.append(f"{kicker} kicks {how}, "
                     f"{counted(len(leg.path) + (leg.kind == 'goal'), 'space')} {where}")
    return "; ".join(parts)


