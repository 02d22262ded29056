"""Draw the app's icons (companion/ui/static/icon-*.png): the gun-barrel rings of the films'
openings, white on the page's red. Run again after a change of colour; the PNGs are kept in
the repository so that serving needs no drawing library."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

RED, WHITE = (0x8A, 0x1C, 0x1C), (0xFF, 0xFF, 0xFF)
STATIC = Path(__file__).resolve().parent.parent / "companion" / "ui" / "static"


def pixel(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y), both from -1 to 1: rings, and the barrel's bright centre."""
    r = (x * x + y * y) ** 0.5
    for outer, inner in ((0.86, 0.74), (0.62, 0.52), (0.40, 0.31)):
        if inner <= r <= outer:
            return WHITE
    return WHITE if r <= 0.16 else RED


def png(size: int) -> bytes:
    rows = b"".join(
        b"\x00" + b"".join(bytes(pixel(2 * (i + 0.5) / size - 1, 2 * (j + 0.5) / size - 1))
                           for i in range(size))
        for j in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    for size in (192, 512):
        (STATIC / f"icon-{size}.png").write_bytes(png(size))
