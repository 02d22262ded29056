"""Every registered game is reachable: an app file, a dashboard, and a notebook that teaches it."""

from pathlib import Path

import pytest

from companion import find_game, games
from companion.core.errors import InputError
from companion.ui.game_dashboard import GameDashboard

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game", games(), ids=lambda g: g.name)
def test_each_game_has_an_app_and_a_dashboard(game):
    assert (ROOT / "apps" / f"{game.name}.py").exists()
    assert issubclass(game.load_dashboard(), GameDashboard)
    assert game.load_dashboard().game is game


def test_find_game_names_the_installed_games():
    assert find_game("dice_lab").title == "Dice Lab"
    with pytest.raises(InputError, match=r"installed: .*dice_lab"):
        find_game("cluedo")


def test_every_notebook_is_numbered():
    names = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert names and all(name[:2].isdigit() and name[2] == "_" for name in names)
