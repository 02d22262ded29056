"""License to Kill (James Bond CCG): the rulebook's tables and limits as data.

Every constant cites its section in ``../shared/rules/license_to_kill_ccg.txt``.
Choices the rulebook leaves open are marked HOUSE RULE; each has an option key
in `HOUSE_RULES` so a group can override it through the game's options.
"""

from __future__ import annotations

from typing import Literal

GAME = "License to Kill"

# The Cards: "There are four types of Action cards" (Agent from Personality and Agent Cards).
ACTION_TYPES: tuple[str, ...] = ("Bond", "Personality", "Agent", "Q", "Intrigue")
# The Cards, Plot Cards: four types; "Special" from the Plot Points table (Object of the Game).
PLOT_TYPES: tuple[str, ...] = ("Mission", "Villain", "Henchman", "Location", "Special")
CARD_TYPES: tuple[str, ...] = ACTION_TYPES + PLOT_TYPES
CHARACTER_TYPES: tuple[str, ...] = ("Bond", "Personality", "Agent", "Villain", "Henchman")
PERSONALITY_TYPES: tuple[str, ...] = ("Personality", "Agent")  # Agents join "just like" them
ON_ASSIGNMENT_TYPES: tuple[str, ...] = ("Bond", "Agent")  # Agents go "like a Bond card"

# Ability Icons: "The following table lists all the ability icons found in the game."
ICONS: tuple[str, ...] = (
    "Aquatics", "Driving", "Evasion", "Flying", "Hand-to-hand", "Savoir Faire",
    "Shooting", "Quick Thinking", "Technology", "Winter Sports",
)

# Object of the Game: the Plot Points table, (in your Plot Zone, plots you Overcome).
PLOT_POINTS: dict[str, tuple[int, int]] = {
    "Special": (1, 2),
    "Location": (2, 4),
    "Henchman": (3, 6),
    "Villain": (4, 8),
    "Mission": (5, 10),
}
# Object of the Game: "1 Plot Point for each Bullet icon" in your zone, "each Bullet icon
# is worth 2 Plot Points" for plots you Overcome.
# A plot that leaves your zone any other way (discarded) takes its points with it: it is no
# longer "in your Plot Zone". Main Rules: a Personality in a Main Plot "is worth no points".
POINTS_PER_BULLET_IN_ZONE = 1
POINTS_PER_BULLET_OVERCOME = 2
# Winning the Game: "meet or exceed 60 Plot Points by Overcoming an opponent's Plot".
WINNING_POINTS = 60

# Unique Cards: "All Plot cards, except Mission cards, and non-allied Personality cards".
UNIQUE_TYPES: tuple[str, ...] = ("Villain", "Henchman", "Location", "Special")

# Building a Deck: the Action deck.
ACTION_DECK_SIZE = 60
ACTION_DECK_MAX_COPIES = 2
ACTION_DECK_AT_LEAST: dict[str, int] = {"Bond": 7, "Intrigue": 20, "Personality": 8, "Q": 15}
ACTION_DECK_AT_MOST: dict[str, int] = {"Agent": 2}
# Building a Deck: the Plot deck ("You cannot have more than one copy"; exact counts).
PLOT_DECK_MAX_COPIES = 1
PLOT_DECK_COUNTS: dict[str, int] = {"Mission": 3, "Villain": 5, "Henchman": 6, "Location": 7}

# Preparing to Play, step 3: "a total PV and CV that is less than or equal to 10".
STARTING_BOND_MAX_PV_PLUS_CV = 10
# Preparing to Play, step 2: a Mission face up with a Villain face down on top.
STARTING_MAIN_PLOT: tuple[tuple[str, bool], ...] = (("Mission", True), ("Villain", False))
# Preparing to Play, step 5 and Step One: Draw Cards.
HAND_SIZE = 7
PLOT_CARDS_DRAWN_PER_TURN = 1

# Playing the Game: the six steps, in order; only the first two are required.
TURN_STEPS: tuple[str, ...] = (
    "Draw Cards", "Develop Plot Zone", "Henchman Attack", "Assignment Briefing",
    "On Assignment", "Discard and Draw Cards",
)
REQUIRED_STEPS = 2
PLAYERS = range(2, 7)  # the 2 to 6 players; the rulebook plays "clockwise"

# Main Rules (Develop Plot Zone).
MAIN_PLOT_MAX_CARDS = 5
MAIN_PLOT_TYPE_LIMITS: dict[str, int] = {"Mission": 1, "Villain": 1, "Henchman": 1, "Location": 2}
# Main Rules: "descending order"; the example puts the Villain under the Henchman under the
# Location, and a Mission is the base of the starting Main Plot. Bottom of a stack = highest.
PLOT_RANK: dict[str, int] = {"Mission": 5, "Villain": 4, "Henchman": 3, "Location": 2}
# Main Rules: Intrigue cards may connect an extra Henchman or Location, "added face up".
INTRIGUE_EXTRA_PLOT_TYPES: tuple[str, ...] = ("Henchman", "Location")
# Develop Plot Zone: Q cards go "on face up Villains or Henchman".
PLOT_Q_HOLDERS: tuple[str, ...] = ("Villain", "Henchman")

# Main Rules: a Personality "can be added anywhere within a Main Plot, but they can never be
# the top-most card", yet the example lets one go "between the Villain and Henchman, between
# the Henchman and Location, or after the Location" (on top) and not under the Villain.
# HOUSE RULE: by default the example's reading ("example": anywhere but under the bottom
# card, the top allowed; "top-most" read as the head of the plot, its bottom card);
# "not_on_top" reads the sentence literally (anywhere but the top of the stack). Either
# way she is connected "to an existing Main Plot" (Step Two), never alone.
PERSONALITY_PLACE: Literal["example", "not_on_top"] = "example"
PERSONALITY_PLACES: tuple[str, ...] = ("example", "not_on_top")

# Step Four: Henchman Attack.
HENCHMAN_ATTACKS_PER_TURN = 1
ATTACK_DICE_EACH = 1  # "both players rolling a six-sided die"
EQUAL_VALUES_TARGET_BONUS = 1  # "the target's controller gets a +1 modifier"
# "you get a +X modifier ..., where X is the difference": the attacker adds this times X.
HIGHER_VALUE_ATTACKER_BONUS_PER_POINT = 1
ATTACKERS: tuple[str, ...] = ("Henchman", "Personality", "Agent")  # Personalities act like them
ATTACK_TARGETS: tuple[str, ...] = ("Bond", "Personality", "Agent")
Value = Literal["PV", "CV"]
# Attacking and Charming: a Charm compares Charisma (Cunning) Values.
ATTACK_CHARM_VALUE: dict[str, Value] = {"Attack": "PV", "Charm": "CV"}

# Step Five, Q Cards: "to each Bond card in your Agency"; "The Q card attachment rules are
# the same for Agent cards." (Q cards whose text allows other holders are not modelled.)
AGENCY_Q_HOLDERS: tuple[str, ...] = ("Bond", "Agent")
# Step Five: Assignment Briefing: "attach one Q card to each Bond card in your Agency".
Q_CARDS_PER_CHARACTER_PER_BRIEFING = 1
VEHICLES_PER_CHARACTER = 1  # "A card ... can have only one Vehicle at a time."
# Step Six: On Assignment: "one Bond card and a Personality On Assignment per turn".
ASSIGNMENTS_PER_TURN = 1
# Step Six: On Assignment, its third action: "Use a special card that states, 'In place of
# your On Assignment step, ...' For example, The Charmer or Agent Crawford." The rulebook
# gives no card's text, so the tablet reads the statement in the card's notes (the library)
# and records the step as used; the card's effect is carried out at the table.
IN_PLACE_OF_ASSIGNMENT = "In place of your On Assignment step"
# HOUSE RULE: the rulebook does not say where such a card is. Preparing to Play: "Your
# Agency is where you put your Bond cards into play", so by default a Bond, Personality or
# Agent card with that statement acts from its owner's Agency (other cards: from the hand).
IN_PLACE_CARD_FROM_AGENCY = True
AGENCY_TYPES: tuple[str, ...] = ("Bond", "Personality", "Agent")
# Other Rules, Intrigue Cards: "You can have any number of Intrigue cards attached to a card,
# but only one copy of any particular card"; attached ones stay until the card is discarded.
INTRIGUE_COPIES_PER_HOLDER = 1
# "Some Intrigue cards state that they must be attached to another card": many name a
# Character, others may name a plot; the tablet does not read card text, so any face-up card
# in an Agency or a Plot Zone may hold one.
INTRIGUE_HOLDERS: tuple[str, ...] = ("Bond", "Personality", "Agent", *PLOT_TYPES)
# Card Rulings: "Connections - It does not attach and must be discarded at the end of your
# turn" (the tablet does not hold hands: the discard is done at the table).
DOES_NOT_ATTACH: tuple[str, ...] = ("Connections",)
# Card Rulings: "Time Bomb - This Q card can provide only a maximum of +6 PV, and like the
# Explosive Pen, it is discarded once it is used" (a card's `single_use` flag). HOUSE RULE
# (a reading, not an option): a single-use Q card is used when its holder goes On
# Assignment, and is discarded when that assignment ends; any other use is discarded by
# hand ("Discard an attached card").
Q_PV_CAP: dict[str, int] = {"Time Bomb": 6}
DEMOTIONS_TO_DISCARD = 2  # "if a Demoted card is Demoted again, it ... [is] discarded"

# HOUSE RULE: the rulebook lets Bond's team "provide" PV and CV from the Bond card, its Q
# cards or the Personality, but not how the Personality's values combine with Bond's. By
# default the team has the higher of the two (Q modifiers included); "sum" adds them.
TEAM_VALUES: Literal["higher", "sum"] = "higher"
# HOUSE RULE: a face-down card cannot be checked by the table when it is placed; the Main
# Rules punish a misplaced one on reveal (discarded, or the Main Plot Overcome). So the
# tablet records face-down placements unchecked (only the five-card limit) unless this is on.
CHECK_FACE_DOWN_PLACEMENTS = False
# HOUSE RULE: the Main Rules list the reveal cases without an order; a revealed Unique
# duplicate "does not become part of the Main Plot", so it is checked first, then too many
# of a type (the Main Plot is Overcome at once), then out of order (the card is discarded);
# a revealed Personality on top of its Main Plot counts as out of order.
REVEAL_CHECKS: tuple[str, ...] = ("unique", "too many", "out of order")
# HOUSE RULE: a Main Plot Overcome at once for too many cards may still hold face-down
# plots; the winner takes them all, and by default they score like revealed ones.
SCORE_FACE_DOWN_WHEN_OVERCOME = True
# HOUSE RULE: the rulebook does not rank Special plots (none exist yet, footnote 1) nor
# limit them in a Main Plot; like their points, they rank lowest, one per Main Plot.
SPECIAL_PLOT_RANK = 1
SPECIAL_PLOTS_PER_MAIN_PLOT = 1

# HOUSE RULE: a player's cards on the table come from his own decks (Building a Deck), so
# the tablet refuses a card beyond what a legal deck holds: a third copy of an Action card,
# a second copy of a Plot card, more Missions, Villains, Henchmen or Locations than the Plot
# deck's counts, more Agents than two. Off: decks built freely (a casual pool of cards).
DECK_LIMITS_ON_TABLE = True
DECK_TYPE_MOST: dict[str, int] = {**PLOT_DECK_COUNTS, **ACTION_DECK_AT_MOST}

# The option keys a caller may set, with their defaults (see `engine.new_state`).
HOUSE_RULES: dict[str, object] = {
    "team_values": TEAM_VALUES,
    "check_face_down_placements": CHECK_FACE_DOWN_PLACEMENTS,
    "reveal_checks": list(REVEAL_CHECKS),
    "score_face_down_when_overcome": SCORE_FACE_DOWN_WHEN_OVERCOME,
    "special_plot_rank": SPECIAL_PLOT_RANK,
    "special_plots_per_main_plot": SPECIAL_PLOTS_PER_MAIN_PLOT,
    "in_place_card_from_agency": IN_PLACE_CARD_FROM_AGENCY,
    "personality_place": PERSONALITY_PLACE,
    "deck_limits_on_table": DECK_LIMITS_ON_TABLE,
}

# Rule names for RuleError, "<Game>: <section title>".
SECTION = {
    "winning": f"{GAME}: Winning the Game",
    "unique": f"{GAME}: Unique Cards",
    "building": f"{GAME}: Building a Deck",
    "preparing": f"{GAME}: Preparing to Play",
    "playing": f"{GAME}: Playing the Game",
    "develop": f"{GAME}: Step Two: Develop Plot Zone",
    "main": f"{GAME}: Main Rules",
    "henchman": f"{GAME}: Step Four: Henchman Attack",
    "briefing": f"{GAME}: Step Five: Assignment Briefing",
    "assignment": f"{GAME}: Step Six: On Assignment",
    "overcome": f"{GAME}: Attempt to Overcome a Main Plot",
    "attack": f"{GAME}: Attacking and Charming",
    "intrigue": f"{GAME}: Intrigue Cards",
    "rulings": f"{GAME}: Card Rulings",
}
