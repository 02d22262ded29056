"""License to Kill at a shared table without a browser: the tablet and each player's own phone
on one live game. A player's phone holds his own face-down titles, in order, and nobody
else's; the tablet's page holds none; each player sets up and plays his turn on his phone."""

from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.core.session import Session
from companion.license_to_kill import GAME
from companion.license_to_kill.dashboard import LicenseToKillDashboard
from companion.license_to_kill.engine import NextStep, PlacePlot
from companion.license_to_kill.views import private_view
from tests.frames import model_strings

from .helpers import act, options, started


def table(store) -> tuple[LicenseToKillDashboard, dict[int, LicenseToKillDashboard]]:
    session = Session(GAME, options(2), seed=5, store=store)
    tablet = LicenseToKillDashboard(store=store, session=session)
    phones = {p: LicenseToKillDashboard(store=store, session=session, seat=p) for p in (0, 1)}
    return tablet, phones



def set_up(board: LicenseToKillDashboard, mission: str, villain: str, bond: str) -> None:
    board.setup.mission.value, board.setup.villain.value = mission, villain
    board.setup.bond.value = bond
    board.setup.set_up()
    assert board.message == ""


def test_private_view_is_the_owners_face_down_titles_in_order():
    state = act(started(2), NextStep(), PlacePlot("H1", 0, 1, face_up=False))
    mine = private_view(state, 0)
    assert [c["title"] for c in mine["main_plots"][0]] == ["M1", "H1", "V1"]
    assert mine["face_down"] == [{"main_plot": 1, "place": 2, "title": "H1"},
                                 {"main_plot": 1, "place": 3, "title": "V1"}]
    assert private_view(state, 1)["face_down"] == [{"main_plot": 1, "place": 2,
                                                    "title": "V2"}]
    assert [c["title"] for c in state.view()["players"][0]["zone"][0]] == ["M1", None, None]
    with pytest.raises(InputError):
        private_view(state, 2)


def test_each_phone_holds_its_own_face_down_titles_and_the_tablet_none(store):
    tablet, phones = table(store)
    assert tablet.seat_names() == ["P0", "P1"]
    assert "P0 plays now" in phones[1].elsewhere.html and not phones[1].step_area.shown()
    # The tablet, while P0 sets up on his phone, says where (not "on the tablet ... Your
    # steps appear here", a newcomer's play-test).
    assert "P0 plays now, on the phone that holds that seat" in tablet.elsewhere.html
    assert "Your steps" not in tablet.elsewhere.html and "Your steps" in phones[1].elsewhere.html
    set_up(phones[0], "M1", "V1", "B1")  # P0 sets up on his phone, the Villain face down
    assert tablet.setup.villain.value == ""
    assert phones[0].elsewhere.html and not phones[0].step_area.shown()
    set_up(phones[1], "M2", "V2", "B2")
    phones[0].next_step()  # P0's turn: Draw Cards, then Develop Plot Zone on his phone
    develop = phones[0].develop
    develop.card.value, develop.face.value = "H1", "Face down"
    # His own phone names his face-down Villain where the card may go; the tablet would not.
    assert "Main Plot 1: on top, above V1" in develop.where.options
    assert not any("V1" in place for place in
                   tablet.develop.where_options("H1", False, False))
    develop.where.value = develop.where.options["Main Plot 1: on top, above V1"]
    develop.place()
    assert phones[0].message == "" and tablet.state.players[0].zone[0][2].title == "H1"
    assert "P0 adds a card face down to Main Plot 1" in tablet.log.lines[-1]

    own = phones[0].own.html
    assert own.index("<b>M1</b>") < own.index("<b>V1</b>") < own.index("<b>H1</b>")
    assert "<b>V1</b> (Villain, face down)" in own and "2 cards face down" in own
    pages = {"tablet": model_strings(tablet), 0: model_strings(phones[0]),
             1: model_strings(phones[1])}
    assert any('own-plots" data-seat="0"' in s and "<b>H1</b>" in s for s in pages[0])
    assert any('own-plots" data-seat="1"' in s and "<b>V2</b>" in s for s in pages[1])
    for where, secrets in (("tablet", ("V1", "V2", "H1")), (0, ("V2",)), (1, ("V1", "H1"))):
        text = "\n".join(pages[where])
        for title in secrets:
            assert f"<b>{title}</b>" not in text and title not in pages[where]
    assert not any("own-plots" in s for s in pages["tablet"])
    assert any("Join this table" in s for s in pages["tablet"])
    assert not any("Join this table" in s or "Saved games" in s for s in pages[0])
