"""The Match card's layout: the field, the turn beside it, the die, the rest, by screen.

- Landscape (1024 x 768): the turn (score, prompt, who places first, the player to
  place, the odds, the plan, Play it), the die (or the ways to score after the roll), what
  just happened and the rest (who plays, the field's readings) on the left; the field on
  the right, as tall as the screen allows.
- Portrait (768 x 1024): the field on the left, its squares over 44 px; the turn and what
  just happened beside it, the die under both, the rest below: the whole field, the die
  and the odds of the roll or of the planned move are on one screen while playing.
- Narrow (a phone): one column, the score first (one line), then the field: the field
  filled a phone's first screen, and the score and whose turn it is were below it (a
  newcomer's play-test).

One CSS grid (named areas), so the same widgets serve every screen; the field's column is
as wide as its height allows (`--gg-aspect`, the mat's width over its height).
"""

from __future__ import annotations

import panel as pn

from companion.golden_goal.board import Field
from companion.ui import section

AREAS = ("score", "side", "field", "event", "dice", "rest")
GRID_CSS = """
:host {
  display: grid !important; column-gap: 12px; align-items: start;
  --gg-field: min(50%, calc((100vh - 140px) * var(--gg-aspect, 0.714)));
  grid-template-columns: minmax(0, 1fr) var(--gg-field);
  grid-template-rows: auto auto auto auto 1fr;
  grid-template-areas: "score field" "side field" "dice field" "event field" "rest field";
}
@media (orientation: portrait) {
  :host {
    --gg-field: min(calc(100% - 280px), calc((100vh - 330px) * var(--gg-aspect, 0.714)));
    grid-template-columns: var(--gg-field) minmax(0, 1fr);
    grid-template-rows: auto auto 1fr auto auto;
    grid-template-areas: "field score" "field side" "field event" "dice dice" "rest rest";
  }
}
@media (max-width: 600px) {
  :host {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: auto;
    grid-template-areas: "score" "field" "side" "dice" "event" "rest";
  }
}
""" + "".join(f".gg-{area} {{ grid-area: {area}; min-width: 0; }}\n" for area in AREAS)


def aspect(field: Field) -> str:
    """The drawn mat's width over its height (the out-of-bounds ring included)."""
    ring = field.ring
    return f"{(field.columns + 2 * ring) / (field.rows + 2 * ring):.4f}"


def grid(mat: Field, **areas: pn.viewable.Viewable) -> pn.Column:
    """The four areas in one grid; each area's object gets its class."""
    for area, obj in areas.items():
        obj.css_classes = [*obj.css_classes, f"gg-{area}"]
    return pn.Column(*(areas[a] for a in AREAS), stylesheets=[GRID_CSS], margin=0,
                     styles={"--gg-aspect": aspect(mat)}, sizing_mode="stretch_width")


def match_section(play: pn.Column) -> pn.Column:
    return section("Match", play, width=960)
