"""Words every game's log shares."""

from __future__ import annotations


def counted(number: int, noun: str) -> str:
    """'1 space', '5 spaces', '0 pips': a count and its noun, plural but for one."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
