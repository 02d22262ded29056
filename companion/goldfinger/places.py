"""Goldfinger's map as the odds searches walk it: a Space and the way a piece in it faces,
linked to where it can go from there (`Place`, one per Space and heading of a board)."""

from __future__ import annotations

import weakref

from companion.goldfinger.board import Board, Heading


class Place:
    """A Space and the way a piece in it faces, linked to where it can go from there: the
    steps of both searches. There is one per Space and heading of a board (`place_of`), so
    places compare and hash as quickly as any object."""

    __slots__ = ("ahead", "heading", "links", "quick_turns", "space", "turned")

    def __init__(self, space: str, heading: Heading):
        self.space, self.heading = space, heading
        self.ahead: tuple[Place, ...] = ()  # one move forward (Movement)
        self.quick_turns: tuple[Place, ...] = ()  # where each Quick Turn arrow lands
        self.turned: Place = self  # here, facing the other way (Double Back)
        self.links: tuple[str, ...] = ()  # the linked Spaces, sorted (where a Force puts one)


# Per board: (space, heading) -> its place. A board's places are made once, the first time
# a search asks, and go with the board.
_PLACES: weakref.WeakKeyDictionary[Board, dict[tuple[str, Heading], Place]] = \
    weakref.WeakKeyDictionary()


def place_of(board: Board, space: str, heading: Heading) -> Place:
    """The place for `space` and `heading`, with every place it leads to linked."""
    places = _PLACES.setdefault(board, {})
    if (space, heading) in places:
        return places[space, heading]
    new: dict[tuple[str, Heading], Place] = {}  # kept only once all are linked

    def known(space: str, heading: Heading) -> Place:
        found = places.get((space, heading)) or new.get((space, heading))
        if found is None:
            found = new[space, heading] = Place(space, heading)
            unlinked.append(found)
        return found

    unlinked: list[Place] = []
    start = known(space, heading)
    while unlinked:  # a loop, not recursion: a board may have 2000 Spaces
        place = unlinked.pop()
        here, facing = place.space, place.heading
        place.ahead = tuple(known(to, board.heading(here, to))
                            for to in board.forward(here, facing))
        place.quick_turns = tuple(known(arrow.to, board.heading(arrow.skip, arrow.to))
                                  for arrow in board.quick_turns_from(here, facing))
        place.turned = known(here, (-facing[0], -facing[1]))
        place.links = tuple(sorted(board.graph[here]))
    places.update(new)
    return start
