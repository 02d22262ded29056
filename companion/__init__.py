"""companion: the tablet beside a physical board game."""

from companion.core.registry import find_game, games

__all__ = ["find_game", "games"]
