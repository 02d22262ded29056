"""The Golden Gun page's colours: what each look of the maze, each bar and each verdict
means, told apart by lightness as well as hue (no Panel here)."""

from companion.golden_gun import rules

WON, LOST, INFO, TARGET = "#2e7d32", "#b71c1c", "#455a64", "#d32f2f"
# The maze's colours differ in lightness, not only in hue, so anyone tells them apart:
# walls near black, a blue card left in a room mid blue, rooms white, entered rooms pale
# grey and striped (the stripes tell them from rooms not entered), Scaramanga red with a
# gold ring (the ring tells him from a blue card). tests/golden_gun/test_dashboard.py
# checks WCAG AA contrast for each pair that carries meaning (MEANING_PAIRS).
WALL, ROOM, ENTERED, GREEN_CARD, BLUE_CARD, BOND, DANGER = (
    "#1c1c1c", "#ffffff", "#eceff1", "#66bb6a", "#1e88e5", "#ffd54f", "#c62828")
CELL_TEXT = "#0d1b2a"
ENTERED_STRIPES = (f"repeating-linear-gradient(135deg, {ENTERED} 0 6px, #b0bec5 6px 8px)")
MEANING_PAIRS = {("wall", "blue card"): (WALL, BLUE_CARD), ("wall", "entered"): (WALL, ENTERED),
                 ("wall", "room"): (WALL, ROOM), ("blue card", "entered"): (BLUE_CARD, ENTERED),
                 ("blue card", "room"): (BLUE_CARD, ROOM), ("wall", "Scaramanga"): (WALL, DANGER),
                 ("Scaramanga", "his ring"): (DANGER, BOND)}
NEUTRAL_BAR, LATER_BAR = "#546e7a", "#b0bec5"

# The card kinds whose turning up is plainly good or bad news, whatever the effect table.
KIND_BARS = {rules.SOLEX: WON, rules.SCARAMANGA: DANGER}

# Maze cells: a cell's look is its CSS class.
CELL_LOOKS = {"room": (ROOM, CELL_TEXT), "entered": (ENTERED, CELL_TEXT),
              "green": (GREEN_CARD, CELL_TEXT), "blue": (BLUE_CARD, CELL_TEXT),
              "scaramanga": (DANGER, "#ffffff"), "bond": (BOND, CELL_TEXT)}
