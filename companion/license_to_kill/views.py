"""What one player may see that the table may not: his own face-down plots, titles and order.

The engine keeps every card's title, face down too (`Piece.title`; a face-down card is
placed by `Setup`'s Villain or `PlacePlot(face_up=False)`), because the referee needs them
when a card is revealed. The table sees them through `LtkState.view(None)`: a face-down
card is "face down" for everyone. `private_view(state, seat)` is the owner's side: each of
his Main Plots bottom first, with the titles of his own face-down cards. A player's own
phone shows this; the shared tablet never does.

>>> from companion.license_to_kill.engine import new_state, Setup
>>> state = new_state({"players": ["Ann", "Bob"]})
>>> mission, villain, bond = state.legal_actions()[0].mission, "Goldfinger", "The Navy Hero"
>>> state = state.apply(Setup(0, mission, villain, bond))
>>> [(c["title"], c["face_up"]) for c in private_view(state, 0)["main_plots"][0]][1]
('Goldfinger', False)
>>> private_view(state, 1)["main_plots"], state.view()["players"][0]["zone"][0][1]["title"]
([], None)
"""

from __future__ import annotations

from companion.core.errors import InputError, shown
from companion.core.game import JSON
from companion.license_to_kill.engine import LtkState


def private_view(state: LtkState, seat: int) -> dict[str, JSON]:
    """`seat`'s own Plot Zone as only he sees it: every Main Plot bottom first, each card
    with its place (1 = bottom), its title (his face-down ones too) and its face; and the
    face-down ones alone, in order, as (Main Plot, place, title)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or \
            not 0 <= seat < len(state.players):
        raise InputError(f"there is no player {shown(seat, 20)}")
    zone = state.view(seat)["players"][seat]["zone"]
    main_plots = [[{"id": card["id"], "place": place, "title": card["title"],
                    "type": card["type"], "face_up": card["face_up"]}
                   for place, card in enumerate(stack, start=1)] for stack in zone]
    face_down = [{"main_plot": m, "place": card["place"], "title": card["title"]}
                 for m, stack in enumerate(main_plots, start=1) for card in stack
                 if not card["face_up"]]
    return {"seat": seat, "name": state.players[seat].name, "main_plots": main_plots,
            "face_down": face_down}
