"""The Man with the Golden Gun: the rulebook's numbers, and the house rules where it is silent.

Every constant cites its section title in `shared/rules/man_with_the_golden_gun.txt`.
The Blue Card Summary Sheet, the card counts and the green numbers are not in the
rulebook: those are `# HOUSE RULE:` defaults (from READING_NOTES.md), and every one of
them is an option a caller can override (see `OPTION_DEFAULTS`).
"""

from __future__ import annotations

from typing import Literal

GAME_TITLE = "The Man with the Golden Gun"


def rule(section: str) -> str:
    """The `rule=` text of a RuleError: '<game>: <section title>'."""
    return f"{GAME_TITLE}: {section}"


# Ammunition: "Bond begins the game with 7 bullets".
START_BULLETS = 7
# Ammunition: "He can never, however, have more than 14 bullets at one time."
MAX_BULLETS = 14
# Ammunition: "each time Bond fires a bullet, replace the square with the next lower number".
BULLETS_PER_SHOT = 1

# Wounds and Dodges: "Once he has taken 5 wounds, Bond is killed".
KILLING_WOUNDS = 5
# Wounds and Dodges: "roll two dice and, if you roll a 4 or less, Bond does not take the Wound".
DODGE_AT_MOST = 4
# How to Play, Step 3: "If your dice roll is the same as or less than the number printed on
# the card, go to Step 5. If your dice roll is more than the number on the card, go to Step 4."
# The green card's own number is the target (engine: `_roll_green`); a startle is a 2d6
# total above it.

# Ending the Game, Escaping: "If the dice roll is 10 or less, he has found the exit".
EXIT_AT_MOST = 10
# Ending the Game, Escaping: "He must look for an exit until he finds one": once Bond has
# the Solex Agitator, a room where he may look (on the edge, not the room of his last
# search, no Scaramanga) must be searched before he moves on.
MUST_SEARCH_UNTIL_FOUND = True
# HOUSE RULE: Escaping: "Moving as usual, he moves to any room on the outside edge of the
# maze. After doing all the Steps required in How to Play ..., he looks for the exit." Read
# plainly, Bond moves (and reads that room's cards) before his first search, so he does not
# search in the room where he found the Solex Agitator (True). False lets him search there.
EXIT_AFTER_MOVING = True
# HOUSE RULE: "he cannot look for an exit in the same room twice in a row": "in a row" read
# as two searches one after the other, even with other rooms (without a search) between
# ("searches"); the other reading forgets the last search once Bond leaves ("visits").
ExitRepeat = Literal["searches", "visits"]
EXIT_REPEAT: ExitRepeat = "searches"

# Every check in the game is a roll of two dice (How to Play, Step 3; Wounds and Dodges;
# Ending the Game).
DICE_PER_ROLL = 2

# New Maze Sections: "Once Bond has entered at least 5 rooms in that section, you can pick
# another section".
ROOMS_BEFORE_NEW_SECTION = 5
# Components: "Four 7"x5¼" maze sections".
MAZE_SECTIONS = 4

# Cards (and How to Play, Step 4): the kinds of blue card. Scaramanga's Double is named in
# Set Up ("find Scaramanga (not Scaramanga's Double)").
BLUE_KINDS: tuple[str, ...] = (
    "Mannequin", "Mirror", "Maze", "Nick Nack", "Bond's Double", "The Slide",
    "Scaramanga", "Scaramanga's Double", "Solex Agitator",
)
SOLEX = "Solex Agitator"
SCARAMANGA = "Scaramanga"
NICK_NACK = "Nick Nack"
# Set Up: "find Scaramanga (not Scaramanga's Double), Nick Nack, and the Solex Agitator; ...
# shuffle Scaramanga, Nick Nack, and the Solex Agitator into one of the halves of the blue
# deck. Finally, place the other half ... on top of the half containing the three special
# cards."  One card of each.
SPECIAL_KINDS: tuple[str, ...] = (SCARAMANGA, NICK_NACK, SOLEX)

# Components: "50 playing cards".
TOTAL_CARDS = 50
# HOUSE RULE: the rulebook gives no card counts (READING_NOTES: 32 green, 18 blue, green
# numbers 3..11). These counts add up to 18 blue cards with one of each special card.
DEFAULT_BLUE_DECK: dict[str, int] = {
    "Mannequin": 5, "Mirror": 3, "Maze": 2, "Nick Nack": 1, "Bond's Double": 2,
    "The Slide": 2, "Scaramanga": 1, "Scaramanga's Double": 1, "Solex Agitator": 1,
}
# HOUSE RULE: 32 green cards numbered 3..11 (READING_NOTES), more of the middle numbers,
# like a 2d6 curve, so most rooms startle Bond about half the time.
DEFAULT_GREEN_DECK: dict[int, int] = {3: 2, 4: 3, 5: 4, 6: 4, 7: 5, 8: 4, 9: 4, 10: 3, 11: 3}
# HOUSE RULE: a green card shows a possible 2d6 total; the rulebook prints none.
GREEN_NUMBERS = range(2, 13)
MAX_CARDS_OF_A_KIND = 40

# HOUSE RULE: Set Up says "divide the blue deck in half" but 15 cards do not halve; the
# upper half (the one without the special cards) gets the smaller half, so the Solex
# Agitator is not pushed even later.  "larger" is the other reading.
UpperHalf = Literal["smaller", "larger"]
UPPER_HALF: UpperHalf = "smaller"
# HOUSE RULE: Step 4 says a startled Bond "cannot fire, of course" with no bullets but not
# what the card then does; the default reads the card's Hold paragraph ("hold"), the other
# choice is that nothing happens and the card is discarded ("nothing").
UnarmedStartle = Literal["hold", "nothing"]
UNARMED_STARTLE: UnarmedStartle = "hold"
# HOUSE RULE: the rulebook never empties the blue deck; when it is empty and a card must be
# read, the discarded blue cards are shuffled into a new deck (False: nothing happens).
RESHUFFLE_BLUE = True

# HOUSE RULE: solo mode draws its own maze sections (the printed ones are not in the
# rulebook): 4 x 3 squares like the 7" x 5 1/4" boards, with 8 rooms each so the 32 green
# cards fill the four sections. 6 to 12 rooms keep a section connected with open edges.
SECTION_ROOMS = 8
SECTION_ROOMS_RANGE = range(6, 13)

# HOUSE RULE: the house Blue Card Summary table shipped with the app (see effects.py).
HOUSE_EFFECTS_FILE = "house_effects.json"
Mode = Literal["companion", "solo"]
MODES: tuple[Mode, ...] = ("companion", "solo")

OPTION_DEFAULTS: dict[str, object] = {
    "mode": "companion",
    "effects": "house",  # "house", "sheet" (tap the printed sheet's effects) or a table
    "blue_deck": DEFAULT_BLUE_DECK,
    "green_deck": DEFAULT_GREEN_DECK,
    "upper_half": UPPER_HALF,
    "unarmed_startle": UNARMED_STARTLE,
    "reshuffle_blue": RESHUFFLE_BLUE,
    "section_rooms": SECTION_ROOMS,
    "exit_after_moving": EXIT_AFTER_MOVING,
    "exit_repeat": EXIT_REPEAT,
}
# The options whose default is a house rule (the UI marks them "house rule").
HOUSE_RULE_OPTIONS: tuple[str, ...] = (
    "effects", "blue_deck", "green_deck", "upper_half", "unarmed_startle", "reshuffle_blue",
    "section_rooms", "exit_after_moving", "exit_repeat",
)

# What the UI shows beside "house rule", and what docs/assumptions.md lists.
HOUSE_RULE_NOTES: dict[str, str] = {
    "effects": "The Blue Card Summary Sheet is not in the rulebook: the app's table is a house "
               "rule (a group may load its own, or tap its printed sheet's effects).",
    "blue_deck": "Blue card counts are not printed: 18 cards, one of each special card.",
    "green_deck": "Green card numbers are not printed: 32 cards numbered 3 to 11.",
    "upper_half": "15 plain blue cards do not halve: the upper half gets the smaller half.",
    "unarmed_startle": "A startled Bond with no bullets reads the card's Hold paragraph.",
    "reshuffle_blue": "An empty blue deck is refilled by shuffling its discards.",
    "step_7": "Step 7 (Hold) is missing from the rulebook: Bond reads the top blue card's "
              "Hold paragraph, as Step 6 reads its Fire paragraph.",
    "after_startle": "After a startled shot (Step 4) the room is done: back to Step 1.",
    "scaramanga": "Scaramanga does not chase Bond: he is in the room where his card stays.",
    "section_rooms": "Solo maze sections are generated: 4 x 3 squares, 8 connected rooms "
                     "each.",
    "section_grid": "A new solo section is laid on a fixed grid, beside a section already "
                    "on the table (the rulebook: 'along any edge').",
    "exit_after_moving": "Bond first moves to another room (and reads its cards), then looks "
                         "for the exit: not in the room where he found the Solex Agitator.",
    "exit_repeat": "'Not in the same room twice in a row' counts searches: after a failed "
                   "search in a room, his next search must be in another room, even if he "
                   "leaves and comes back.",
}

# Section titles used by RuleError.
SET_UP = rule("Set Up")
AMMUNITION = rule("Ammunition")
HOW_TO_PLAY = rule("How to Play")
NEW_SECTIONS = rule("New Maze Sections")
MAZE = rule("Maze Sections")
WOUNDS = rule("Wounds and Dodges")
ESCAPING = rule("Ending the Game")
SUMMARY_SHEET = rule("Blue Card Summary Sheet (house table)")
