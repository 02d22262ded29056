"""companion: the tablet beside a physical board game."""

from companion.registry import find_game, games

__all__ = ["find_game", "games"]
