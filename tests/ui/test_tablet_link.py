"""A lost tablet (Trust at the table): whoever runs the server prints a one-use link that
makes another device the tablet; the old one becomes a watcher, and the link dies."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

from companion.core.seats import TABLET, Holder
from companion.core.session import Session
from companion.ui import tablet_link
from companion.ui.live_table import LiveTable
from companion.ui.roles import TABLET as TABLET_ROLE
from companion.ui.roles import WATCHER, role_from_link, tablet_role


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
    assert role_from_link(table, "third", args, [], lambda seat: False).kind == WATCHER
    assert "The table's tablet moved to another device" in table.session.history[-1]


def test_a_wrong_code_says_so_and_prints_no_link(store, capsys, monkeypatch):
    monkeypatch.setattr(tablet_link, "shared_store", lambda: store)
    assert tablet_link.main(["0000-0000", "http://localhost:5006"]) == 1
    out = capsys.readouterr()
    assert "no saved game has that join code" in out.err and out.out == ""
    assert tablet_link.main([]) == 2
