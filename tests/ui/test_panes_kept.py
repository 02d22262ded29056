"""What changes on a tap is drawn in the kit's boxes and pads, never in a Panel HTML or
Markdown pane: a pane's new text has the browser lay out the whole page again (issue 39;
`docs/performance.md`). Each game's page is built, then played a few taps, and no pane
on it may change."""

from __future__ import annotations

import panel as pn

from tests.dice_lab.test_dashboard import make as make_dice_lab
from tests.golden_goal.test_dashboard import make as make_golden_goal
from tests.golden_goal.test_dashboard import targets, to_blues_roll
from tests.mb007_cards.test_dashboard import make as make_cards


def panes_changed_by(board, play) -> list[str]:
    """The start of each pane's text that `play()` changed, on the page `board` built."""
    page = board.__panel__()
    changed = []
    for pane in page.select(lambda part: isinstance(part, pn.pane.HTML | pn.pane.Markdown)):
        pane.param.watch(lambda event: changed.append(str(event.new)[:60]), "object")
    play()
    return changed


def test_a_dice_lab_roll_changes_no_pane(store):
    board = make_dice_lab(store)
    assert panes_changed_by(board, lambda: [board.roll(None) for _ in range(3)]) == []


def test_a_card_game_deal_and_turn_change_no_pane(store):
    board = make_cards(store)

    def play() -> None:
        board.pad.press("Deal the cards")
        board.pad.press(board.pad.labels()[0])

    assert panes_changed_by(board, play) == []


def test_a_golden_goal_kickoff_roll_and_move_change_no_pane(store):
    board = make_golden_goal(store)

    def play() -> None:
        to_blues_roll(board)
        board.tap(sorted(square for square in targets(board) if isinstance(square, tuple))[0])

    assert panes_changed_by(board, play) == []
