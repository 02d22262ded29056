"""The game review as one HTML file that opens anywhere, offline: each side's books in
words, the equity over the game, every named moment, the whole log with each side's equity
after every action, and the dice, cards and tiles against chance.

The two charts are drawn here as plain SVG rather than saved from Bokeh: the file needs no
script, prints as it looks, and is a few kilobytes instead of Bokeh's 1.5 MB of JavaScript.
Every text the players typed is escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape

from companion.core.review import Review
from companion.core.tally import Tally

WIDTH, HEIGHT, PAD = 640, 240, 44
SIDE_COLOURS = ("#1565c0", "#8a1c1c", "#2e7d32", "#6a1b9a", "#e65100", "#37474f")
# A side called by a colour (Golden Goal's orange and blue, the tile game's Red and Black)
# is drawn in it: Golden Goal's Orange was drawn blue and its Blue red.
NAMED_COLOURS = {"orange": "#e65100", "blue": "#1565c0", "red": "#c62828",
                 "black": "#37474f", "green": "#2e7d32", "purple": "#6a1b9a"}


def side_colours(sides: Sequence[str]) -> dict[str, str]:
    """Each side's line colour: its own where its name is a colour, else the next of
    SIDE_COLOURS that no side has taken."""
    named = {side: NAMED_COLOURS.get(side.strip().lower()) for side in sides}
    spare = (c for c in SIDE_COLOURS if c not in named.values())
    return {side: colour or next(spare, SIDE_COLOURS[index % len(SIDE_COLOURS)])
            for index, (side, colour) in enumerate(named.items())}


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 760px; margin: 1rem auto; padding: 0 1rem;
  line-height: 1.5; color: #1a1a1a; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 1.5rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.95rem; }
td, th { border-bottom: 1px solid #ddd; padding: 4px 6px; text-align: left; vertical-align: top; }
td.n { text-align: right; white-space: nowrap; }
svg text { font-family: system-ui, sans-serif; font-size: 12px; fill: #333; }
"""


def review_file(title: str, result: Review | None, note: str, tallies: Sequence[Tally],
                summary: str, moments: str, level: Callable[[Fraction], str]) -> str:
    """The file: `title` names the game; `summary` and `moments` are the review section's
    own HTML (`review_view`); `level` writes an equity; `note` says why there is no review
    when `result` is None; `tallies` are the dice and the draws against expectation."""
    parts = [f"<h1>{escape(title)}</h1>"]
    if result is None:
        parts.append(f"<p>{escape(note)}</p>")
    else:
        parts += [summary, f"<h2>How it went: {escape(result.unit)}, action by action</h2>",
                  equity_svg(result, level),
                  "<h2>The moments that stood out</h2>", moments,
                  "<h2>Every action</h2>", log_table(result, level)]
    for tally in tallies:
        if tally.total:
            parts += [f"<h2>The {escape(tally.many)}</h2>", f"<p>{escape(tally.verdict())}</p>",
                      tally_svg(tally), f"<p>{escape(tally.how())}</p>"]
    if result is not None and result.drawn_note:
        parts.append(f"<p>{escape(result.drawn_note)}</p>")
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
            f'<body><main>{"".join(parts)}</main></body></html>')


def log_table(result: Review, level: Callable[[Fraction], str]) -> str:
    """Every action as the log tells it, each side's equity after it, and its words."""
    heads = "".join(f"<th>{escape(side)}</th>" for side in result.sides)
    start = "".join(f'<td class="n">{level(result.start[side])}</td>' for side in result.sides)
    rows = [f"<tr><td>The start</td>{start}<td></td></tr>"]
    for moment in result.moments:
        cells = "".join(f'<td class="n">{level(moment.equity_after[side])}</td>'
                        for side in result.sides)
        rows.append(f"<tr><td>{moment.position}. {escape(moment.text)}</td>{cells}"
                    f"<td>{escape(moment.words)}</td></tr>")
    return (f"<table><tr><th>Action</th>{heads}<th>Moment</th></tr>{''.join(rows)}"
            "</table>")


def _scale(low: float, high: float, size: int, flip: bool) -> Callable[[float], float]:
    span = (high - low) or 1.0
    room = size - 2 * PAD
    return (lambda v: PAD + room * (1 - (v - low) / span)) if flip else \
        (lambda v: PAD + room * (v - low) / span)


def equity_svg(result: Review, level: Callable[[Fraction], str]) -> str:
    """Each side's equity after every action as a line (`level` writes its values), every
    chance event and decision a dot, the named moments diamonds."""
    series = {side: [float(result.start[side])] + [float(m.equity_after[side])
                                                   for m in result.moments]
              for side in result.sides}
    values = [v for line in series.values() for v in line]
    low, high = min(values), max(values)
    x = _scale(0, max(len(result.moments), 1), WIDTH, flip=False)
    y = _scale(low, high, HEIGHT, flip=True)
    parts = [f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" '
             'stroke="#999"/>',
             f'<text x="{PAD}" y="{HEIGHT - PAD + 16}">the start</text>',
             f'<text x="{WIDTH - PAD}" y="{HEIGHT - PAD + 16}" text-anchor="end">'
             f"action {len(result.moments)}</text>",
             f'<text x="4" y="{y(high) + 4:.1f}">{level(Fraction(high))}</text>',
             f'<text x="4" y="{y(low) + 4:.1f}">{level(Fraction(low))}</text>']
    colours = side_colours(list(series))
    for side, line in series.items():
        colour = colours[side]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                     f'stroke-width="2"><title>{escape(side)}</title></polyline>')
        parts.append(f'<text x="{WIDTH - PAD + 4}" y="{y(line[-1]) + 4:.1f}" '
                     f'style="fill:{colour}">{escape(side)}</text>')
    for m in result.moments:
        cx, cy = x(m.position), y(float(m.equity_after[m.told_for(result.sides)]))
        if m.words:
            parts.append(f'<path d="M{cx:.1f},{cy - 6:.1f} l6,6 l-6,6 l-6,-6 z" fill="#000">'
                         f"<title>{m.position}: {escape(m.words)}</title></path>")
        elif m.kind != "other":
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="2.5" fill="#777">'
                         f"<title>{m.position}: {m.kind}</title></circle>")
    label = (f"Each side's {result.unit} after every action; dots mark every chance event "
             "and decision, diamonds the named moments")
    return (f'<svg viewBox="0 0 {WIDTH + 60} {HEIGHT}" width="100%" role="img" '
            f'aria-label="{escape(label)}">{"".join(parts)}</svg>')


def tally_svg(tally: Tally) -> str:
    """How often each kind came up, as bars, against its mark (a dashed line)."""
    top = max(max(tally.counts.values()), *(float(e) for e in tally.expected.values())) or 1
    y = _scale(0, top, HEIGHT, flip=True)
    step = (WIDTH - 2 * PAD) / len(tally.counts)
    parts = []
    for i, (kind, count) in enumerate(tally.counts.items()):
        left, middle = PAD + i * step + 6, PAD + i * step + step / 2
        expected = y(float(tally.expected[kind]))
        parts.append(f'<rect x="{left:.1f}" y="{y(count):.1f}" width="{step - 12:.1f}" '
                     f'height="{y(0) - y(count):.1f}" fill="#8a1c1c"/>'
                     f'<text x="{middle:.1f}" y="{HEIGHT - PAD + 16}" '
                     f'text-anchor="middle">{escape(str(kind))}</text>'
                     f'<text x="{middle:.1f}" y="{min(y(count), expected) - 6:.1f}" '
                     f'text-anchor="middle">{count}</text>'
                     f'<line x1="{left - 3:.1f}" y1="{expected:.1f}" x2="{left + step - 9:.1f}" '
                     f'y2="{expected:.1f}" stroke="#fff" stroke-width="7"/>'
                     f'<line x1="{left - 3:.1f}" y1="{expected:.1f}" x2="{left + step - 9:.1f}" '
                     f'y2="{expected:.1f}" stroke="#1a1a1a" stroke-width="3" '
                     'stroke-dasharray="6 3"/>')
    expected = ", ".join(f"{kind}: {float(value):.1f}" for kind, value in tally.expected.items())
    label = (f"How often each kind of {tally.one} came up; the dashed marks are their "
             f"{tally.against} ({expected})")
    return (f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" '
            f'aria-label="{escape(label)}">{"".join(parts)}</svg>')
