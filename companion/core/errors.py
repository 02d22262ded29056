"""The ways an action can be refused, their common parent, and `shown`, which puts any
value into a refusal's message.

`RuleError`: the input is well formed but the rules forbid it now; the message
names the rule. `InputError`: the input itself is malformed (a die of 7, an
unknown card, a broken import file). Both leave state, log and store untouched.
`StorageError`: the saved games could not be reached or written; nothing was stored.
"""

from __future__ import annotations

import math
import reprlib


class CompanionError(Exception):
    """Anything the companion refuses; the message is meant for a player."""


class RuleError(CompanionError):
    """The rules forbid this action now.

    >>> str(RuleError("Bond has no actions left this turn", rule="Goldfinger: Bond's Turn"))
    "Bond has no actions left this turn (rule: Goldfinger: Bond's Turn)"
    """

    def __init__(self, message: str, rule: str):
        self.rule = rule
        self.reason = message
        super().__init__(f"{message} (rule: {rule})")


class InputError(CompanionError):
    """The input is malformed: out-of-range dice, unknown names, broken files."""


class StorageError(CompanionError):
    """The saved games could not be reached or written (a file locked by another program,
    a full disk, a database server that does not answer): nothing of the change was
    stored, and the page says so."""


class _Short(reprlib.Repr):
    """reprlib's short repr, with numbers too long to write out named by their size."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, 80, 80, 40

    def repr_int(self, value: int, level: int) -> str:
        if value.bit_length() > 200:  # past 60 digits; past 4,300, repr() itself refuses
            digits = int(value.bit_length() * math.log10(2)) + 1
            return f"<a number of about {digits:,} digits>"
        return super().repr_int(value, level)


_SHORT = _Short()


def shown(value: object, width: int = 80) -> str:
    """`repr(value)` cut to `width` characters, for a refusal's message. It never fails,
    whatever the value: nested 3,000 deep, a 5,000-digit number, a broken `__repr__`.

    >>> shown([[[[[1]]]]]), shown(10 ** 5000), shown("x" * 100, 10)
    ('[[[[...]]]]', '<a number of about 5,001 digits>', "'xxxxxxxxx")
    """
    try:
        text = _SHORT.repr(value)
    except Exception:
        text = f"<a {type(value).__name__}>"
    return text[:width]
