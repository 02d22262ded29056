"""Golden playthroughs: a seeded whole game written out as text and compared with a file.

After a deliberate change of behaviour, regenerate a game's file by setting its
environment variable (say `GOLDFINGER_REGENERATE=1`) for one pytest run, and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path


def assert_matches_golden(text: str, golden: Path, regenerate_variable: str) -> None:
    if os.environ.get(regenerate_variable):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8"), (
        f"{golden.name} differs; if the change is meant, rerun with {regenerate_variable}=1 "
        "and read the diff")
