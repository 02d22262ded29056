"""Who holds the table: the tablet, each seat's phone, and the notes every device reads.

Every game is played by devices in one of three roles (`docs/shared_table.md`):

- **the tablet**: the device that started the game, or one the tablet handed it to. It
  alone undoes and redoes, opens a seat's view on its own screen (for a player without a
  phone), lists, resumes, exports and deletes saved games, and hands seats over;
- **a seat**: the phone that first opened that seat's link. From then on the link opens
  only the public table anywhere else, until the tablet hands the seat to a new phone;
- **a watcher**: any other device. It sees the public table and nothing else.

A device is known by a random id in its browser's cookie; the store keeps only a mark of
it (an HMAC under the server's secret). A seat's or the tablet's link holds a key: an
HMAC under the same secret of the game, the role and the role's generation. Handing a
role over bumps its generation, so every older link and its holder are refused. The
secret is made once per store and never leaves the server: no page, link or export holds
it, so nothing a device receives lets it build another role's key.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

TABLET = "tablet"
DEVICE_ID = re.compile(r"[0-9a-f]{32}")  # what a browser's cookie must hold
NoteKind = Literal["undo", "redo", "seat", "tablet", "moved on"]
NOTE_MARK = "— "  # how a note's line starts in the log (an action's starts with its number)


def seat_role(seat: int) -> str:
    """The stored name of a seat's role: 'seat 0', 'seat 1'..."""
    return f"seat {seat}"


@dataclass(frozen=True)
class Holder:
    """Who holds a role: its generation (bumped at every handover) and the holding
    device's mark, None while the role's link is still open."""

    generation: int = 0
    device: str | None = None

    def handed_to(self, device: str | None) -> Holder:
        """The role handed to `device` (None: open to the next to take it) under a new
        link key: every link made before dies."""
        return Holder(self.generation + 1, device)


@dataclass(frozen=True)
class Note:
    """A line of the table's log that is no action: an undo, a redo, a seat handed over.
    Its place in the log comes from the actions (each remembers how many notes came
    before it: `history`)."""

    text: str
    kind: NoteKind


def link_key(secret: bytes, session_id: str, role: str, generation: int) -> str:
    """The key in a role's link (80 bits): only the server, which holds `secret`, makes it."""
    message = f"{session_id}:{role}:{generation}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()[:20]


def device_mark(secret: bytes, device_id: str) -> str:
    """What the store keeps of a device: an HMAC of its cookie, never the cookie."""
    return hmac.new(secret, f"device:{device_id}".encode(), hashlib.sha256).hexdigest()[:32]


def same_key(given: str, expected: str) -> bool:
    """Compare a key from a link in constant time (a timing never tells how much matched)."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode())


def history(lines: list[str], after_notes: list[int], notes: Iterable[Note]) -> list[str]:
    """The action lines with the notes between them, oldest first, in the order they
    happened: `after_notes[k]` is how many notes there were when action k was made, so a
    note comes before every action made after it. (An action redone keeps its place: the
    notes that took it back and gave it back come after it.)"""
    notes = list(notes)
    merged: list[str] = []
    shown = 0
    for line, after in zip(lines, after_notes, strict=True):
        while shown < min(after, len(notes)):
            merged.append(NOTE_MARK + notes[shown].text)
            shown += 1
        merged.append(line)
    merged += [NOTE_MARK + note.text for note in notes[shown:]]
    return merged
