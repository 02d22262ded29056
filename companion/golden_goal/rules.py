"""Golden Goal's rulebook as data: teams, set-up counts, dice, kicking, match endings.

Every constant cites its section of ``../shared/rules/golden_goal.txt``. Where
the rulebook is silent the choice is marked HOUSE RULE; each of those is an
option of `new_state` (see `DEFAULT_OPTIONS`), so a table can play it their way.
The field's geometry lives in `board.py` (its default comes from READING_NOTES).
"""

from __future__ import annotations

from typing import Literal

GAME_TITLE = "Golden Goal"

# Components: 4 outfielders and 1 keeper per player, 1 die.
TEAMS: tuple[str, str] = ("orange", "blue")  # orange is the rulebook's example team
OUTFIELDERS_PER_TEAM = 4  # Components: "8 Outfielders (4 per player)"
KEEPER = "keeper"  # Components: "2 Keepers (1 per player)"
DIE_FACES = range(1, 7)  # Components: "1 Golden Die" (a six-sided die)

# The Field: "Only 1 player can occupy each space."
PLAYERS_PER_SQUARE = 1
# The Field, Penalty Box: "at most 1 defending outfielder in your penalty box."
MAX_DEFENDERS_IN_BOX = 1

# Setup: where the outfielders start, as (least, most) outfielders.
OWN_HALF_OUTFIELDERS = (2, 3)  # Setup: "2-3 of your outfielders must start on your half"
OWN_CIRCLE_OUTFIELDERS = (1, 1)  # Setup: "with 1 in the center circle"
OPPONENT_HALF_OUTFIELDERS = (1, 2)  # Setup: "1-2 ... on your opponent's half"
OPPONENT_CIRCLE_OUTFIELDERS = (0, 0)  # Setup: "not in the center circle"

# The Kickoff: each team rolls one die; ties roll again; the kick is the difference.
ROLL_OFF_DICE = 2  # The Kickoff: "each team rolls the die" (one die each)

# Going the Distance: every kick moves 1 free space before pips are spent ...
FREE_SPACE = 1
# ... except the initial kick of the Kickoff (and the restart, "as in the Kickoff").
FREE_SPACE_ON_KICKOFF = 0
# Bending: "Once during each kick ... by exactly 45 degrees".
BENDS_PER_KICK = 1
BEND_EIGHTHS = 1  # 45 degrees = one eighth of a turn

# Longer Matches.
MatchMode = Literal["golden goal", "time limit", "first to 3", "last chance"]
MATCH_MODES: tuple[MatchMode, ...] = ("golden goal", "time limit", "first to 3", "last chance")
TIME_LIMIT_ROUNDS = 25  # Longer Matches, Time Limit: "Play a total of 25 rounds"
GOALS_TO_WIN = 3  # Longer Matches, First to 3: "The first team to score 3 goals wins."
LAST_CHANCE_ROUNDS = 3  # Longer Matches, Last Chance: "the opposing team has 3 rounds to tie"
GOLDEN_GOALS_TO_WIN = 1  # Goal!!!: "The first team to score a goal immediately wins!"
RESTART_REROLL = (1,)  # Longer Matches: "If they roll a 1, they must reroll."

# HOUSE RULES: the rulebook is silent; each is an option of `new_state`.
DEFAULT_OPTIONS: dict[str, object] = {
    "match": "golden goal",
    # HOUSE RULE: a kick into one's own net is refused as out of bounds (the rulebook
    # only describes scoring in the opponent's net, and the ball must stay on the field).
    "own_goals": False,
    # HOUSE RULE: the Time Limit match tied after 25 rounds goes on until the next goal
    # (the game is "Golden Goal"); False makes it a draw.
    "time_limit_draw": False,
    # HOUSE RULE: the kickoff kick ends like a turn, so the No Killjoy checks (the
    # opponent's clear path to the ball) apply to it too; otherwise it could trap the ball.
    "killjoy_after_kickoff": True,
    # HOUSE RULE: the outfielder who kicked from in front of a net is placed "immediately"
    # (right after his own kick, before a pass is kicked on) in one of the 8 adjacent
    # squares (not in front of a net, not the ball's square); "adjacent" could also mean
    # orthogonal only.
    "placement_adjacency": 8,
    # HOUSE RULE: ... and on the field, not out of bounds behind the goal line (the squares
    # behind the net are the net itself); True allows the out-of-bounds squares too.
    "placement_out_of_bounds": False,
    # HOUSE RULE: Last Chance, "When a goal is scored, the opposing team has 3 rounds to
    # tie": every goal that leaves the score uneven starts the 3 rounds again (True, the
    # plain reading); False keeps the window the first goal opened.
    "last_chance_restarts": True,
    # The field's geometry (board.DEFAULT_FIELD); another mat is described the same way.
    "field": None,
    # Not a rule: the team the app plays ("orange" or "blue"), None for two players at the
    # table. Saved with the match so that resuming it keeps its bot.
    "bot": None,
}
# HOUSE RULE: a roll no legal turn can use (every player boxed in) is passed, and so is a
# kickoff or restart kick with no legal direction; the rulebook assumes it cannot happen.
PASS_WHEN_STUCK = True
# HOUSE RULE: the restart after a goal (Longer Matches) is the conceding team's turn: it
# counts as their turn of the round, no further move follows it, and the No Killjoy
# end-of-turn checks apply to it.
RESTART_IS_A_TURN = True
# HOUSE RULE: Last Chance's "3 rounds to tie" are the conceding team's next 3 turns (the
# restart first while restart_is_a_turn, else after it); if the score is not level after
# the third, the leading team wins. Labelled in the UI (words.last_chance_reading).
LAST_CHANCE_TURNS = 2 * LAST_CHANCE_ROUNDS - 1
# Input sanity, not a rule: a turn lists at most this many kicks (passes included).
MAX_KICKS_PER_TURN = 64

# Section titles, for RuleError(rule=...).
SECTIONS = {
    "field": "Golden Goal: The Field",
    "setup": "Golden Goal: Setup",
    "kickoff": "Golden Goal: The Kickoff",
    "turns": "Golden Goal: Game Turns",
    "movement": "Golden Goal: Player Movement",
    "keeper": "Golden Goal: Keeper",
    "kicking": "Golden Goal: Kicking the Ball",
    "passing": "Golden Goal: Passing",
    "blocking": "Golden Goal: Blocking & Boundaries",
    "bending": "Golden Goal: Bending",
    "distance": "Golden Goal: Going the Distance",
    "end": "Golden Goal: End of Turn",
    "goal": "Golden Goal: Goal!!!",
    "killjoy": "Golden Goal: No Killjoy Rules",
    "longer": "Golden Goal: Longer Matches",
}
