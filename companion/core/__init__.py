"""The game-agnostic kit: dice, errors, the game interface, Session and store."""

from companion.core.errors import CompanionError, InputError, RuleError

__all__ = ["CompanionError", "InputError", "RuleError"]
