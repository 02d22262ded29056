"""The two ways an action can be refused, and their common parent.

`RuleError`: the input is well formed but the rules forbid it now; the message
names the rule. `InputError`: the input itself is malformed (a die of 7, an
unknown card, a broken import file). Both leave state, log and store untouched.
"""


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
