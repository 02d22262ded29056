"""A lost tablet (Trust at the table): whoever runs the server prints a one-use link that
makes another device the tablet; the old one becomes a watcher, and the link dies."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

from companion.core.seats import TABLET, Holder, seat_role
from companion.core.session import Session
from companion.ui import tablet_link
from companion.ui.live_table import LiveTable
from companion.ui.roles import (
    SEAT_NOT_TABLET,
    TABLET_LINK_USED,
    WATCHER,
    role_from_link,
    tablet_role,
)
from companion.ui.roles import TABLET as TABLET_ROLE


def test_a_lost_tablet_is_replaced_from_the_servers_command_line(store, capsys, monkeypatch):
    session = Session("dice_lab", store=store)
    session.set_holder(TABLET, Holder(0, "lost tablet"))
    monkeypatch.setattr(tablet_link, "shared_store", lambda: store)
    assert tablet_link.main([session.join_code, "http://192.168.1.20:5006/"]) == 0
    link = capsys.readouterr().out.splitlines()[-1]
    assert link.startswith("http://192.168.1.20:5006/dice_lab?session=")
    args = dict(parse_qsl(urlsplit(link).query))

    table = LiveTable(store, Session.resume(store, session.id))
    role = role_from_link(table, "new tablet", args, [], lambda seat: False)
    assert role.kind == TABLET_ROLE
    assert tablet_role(table, "lost tablet") == WATCHER
    # The link works once: opened again on a third device, it gives the public table.
    again = role_from_link(table, "third", args, [], lambda seat: False)
    assert again.kind == WATCHER and again.message == TABLET_LINK_USED
    assert "The table's tablet moved to another device" in table.session.history[-1]


def test_a_wrong_code_says_so_and_prints_no_link(store, capsys, monkeypatch):
    monkeypatch.setattr(tablet_link, "shared_store", lambda: store)
    assert tablet_link.main(["0000-0000", "http://localhost:5006"]) == 1
    out = capsys.readouterr()
    assert "no saved game has that join code" in out.err and out.out == ""
    assert tablet_link.main([]) == 2


def test_a_new_tablet_link_kills_every_one_shown_before(store, capsys, monkeypatch):
    """A probe photographed the tablet link on the shared screen: it stayed good until
    somebody opened it, and `make tablet` printed the very same one."""
    session = Session("dice_lab", store=store)
    session.set_holder(TABLET, Holder(0, "tablet"))
    photographed = {"session": session.id, "tablet": session.link_key(TABLET)}
    monkeypatch.setattr(tablet_link, "shared_store", lambda: store)
    assert tablet_link.main([session.join_code, "http://localhost:5006"]) == 0
    printed = dict(parse_qsl(urlsplit(capsys.readouterr().out.splitlines()[-1]).query))
    assert printed["tablet"] != photographed["tablet"]
    table = LiveTable(store, Session.resume(store, session.id))
    assert role_from_link(table, "cheat", photographed, [], lambda seat: False).kind == WATCHER
    assert tablet_role(table, "tablet") == TABLET_ROLE  # the tablet itself keeps its role


def test_the_tablet_link_dies_when_it_leaves_the_screen(store):
    """Shown in the join section, the tablet link is good while the section is open;
    closing it makes a new key, so a photo of the screen makes no tablet."""
    from companion.dice_lab.dashboard import DiceLabDashboard

    dash = DiceLabDashboard(store=store, session=Session("dice_lab", store=store))
    card = dash.share_section()
    card.collapsed = False
    _, view = dash._share
    view._tapped("tablet")
    shown = dash.session.link_key(TABLET)
    assert shown in view.html
    card.collapsed = True
    assert dash.session.link_key(TABLET) != shown
    card.collapsed = False
    assert "Make another device the tablet…" in view.html and shown not in view.html


def test_a_seats_phone_cannot_become_the_tablet(store):
    """A probe's seat phone opened a tablet link and held its down card and Undo at once."""
    session = Session("dice_lab", store=store)
    session.set_holder(TABLET, Holder(0, "tablet"))
    session.set_holder(seat_role(0), Holder(0, "seat phone"))
    args = {"session": session.id, "tablet": session.link_key(TABLET)}
    table = LiveTable(store, Session.resume(store, session.id))
    role = role_from_link(table, "seat phone", args, ["Ann"], lambda seat: False)
    assert role.kind == WATCHER and role.message == SEAT_NOT_TABLET
    assert tablet_role(table, "tablet") == TABLET_ROLE
    assert role_from_link(table, "new tablet", args, ["Ann"], lambda seat: False).kind == \
        TABLET_ROLE  # the link is still good for a device without a seat
