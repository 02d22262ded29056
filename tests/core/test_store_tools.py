"""`python -m companion db copy` and `db check`: every game of every kind goes from SQLite to
PostgreSQL and back, and replays the same; a game that does not replay is a problem said in
words, with a non-zero exit status."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys

import pytest

from companion.__main__ import main
from companion.core.registry import games
from companion.core.seats import TABLET, Holder
from companion.core.session import Session
from companion.core.store import Store
from companion.goldfinger.actions import PlaceCards
from tests.core.test_every_game_resumes import OPTIONS


def fill(store: Store) -> list[Session]:
    """A game of each kind, played at random with undos and redos, and a held tablet."""
    played = []
    for number, game in enumerate(games()):
        rng = random.Random(number)
        session = Session(game.name, OPTIONS.get(game.name, [{}])[0], seed=number, store=store)
        session.set_holder(TABLET, Holder(0, f"device-{number}"), "the tablet is taken")
        if game.name == "goldfinger":
            session.act(PlaceCards())
        for _ in range(25):
            legal = session.state.legal_actions()
            if not legal or session.state.is_over:
                break
            if rng.random() < 0.1:
                session.undo()
            else:
                try:
                    session.act(rng.choice(list(legal)))
                except Exception as error:  # a listed action the engine still refuses
                    assert type(error).__name__ in ("RuleError", "InputError"), error
        played.append(session)
    return played


def test_every_game_goes_to_postgresql_and_back_and_replays_the_same(tmp_path, postgres,
                                                                     capsys):
    source = Store(tmp_path / "cafe.sqlite3")
    played = fill(source)
    source.close()
    url = postgres.new_database()
    assert main(["db", "copy", str(tmp_path / "cafe.sqlite3"), url]) == 0
    assert f"{len(played)} saved game(s) copied and replayed the same" in capsys.readouterr().out
    assert main(["db", "copy", url, str(tmp_path / "back.sqlite3")]) == 0
    assert main(["db", "check", url]) == 0
    assert "schema version 4" in capsys.readouterr().out
    back, original = Store(tmp_path / "back.sqlite3"), Store(tmp_path / "cafe.sqlite3")
    for session in played:
        again = Session.resume(back, session.id)
        assert again.state.to_json() == session.state.to_json()
        assert again.history == session.history and again.holders == session.holders
        assert again.link_key(TABLET) == Session.resume(original, session.id).link_key(TABLET)
    back.close()
    original.close()
    assert main(["db", "copy", str(tmp_path / "cafe.sqlite3"), url]) == 0  # again: no change


def test_a_game_that_does_not_replay_is_a_problem(tmp_path, capsys):
    path = tmp_path / "broken.sqlite3"
    store = Store(path)
    good, bad = Session("dice_lab", seed=1, store=store), Session("dice_lab", seed=2, store=store)
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO actions VALUES (?, 0, '{\"type\": \"Nonsense\"}')", (bad.id,))
        db.execute("UPDATE sessions SET cursor = 1 WHERE id = ?", (bad.id,))
    assert main(["db", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"PROBLEM: game {bad.id[:8]} (dice_lab, 'Dice Lab') does not replay" in out
    assert good.id[:8] not in out and "2 saved game(s), 1 replay" in out
    assert main(["db", "copy", str(path), str(tmp_path / "copy.sqlite3")]) == 1
    assert f"game {bad.id[:8]} (dice_lab, 'Dice Lab') was not copied" in capsys.readouterr().out


def test_a_target_with_its_own_secret_is_a_problem(tmp_path, capsys):
    Session("dice_lab", seed=1, store=Store(tmp_path / "a.sqlite3"))
    Store(tmp_path / "b.sqlite3").server_secret()
    assert main(["db", "copy", str(tmp_path / "a.sqlite3"), str(tmp_path / "b.sqlite3")]) == 1
    assert "has a server secret of its own" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["db", "check", "no/such.sqlite3"],
                                  ["db", "copy", "no/such.sqlite3", "x.sqlite3"],
                                  ["db", "check", "postgresql://ann:pw@127.0.0.1:1/x"]])
def test_a_database_that_is_not_there_is_said(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 1
    said = capsys.readouterr().err
    assert said.startswith(f"companion db {argv[1]}: ") and ":pw@" not in said
    assert not (tmp_path / "x.sqlite3").exists()


def test_the_command_runs_as_a_module(tmp_path):
    Store(tmp_path / "a.sqlite3").close()
    done = subprocess.run([sys.executable, "-m", "companion", "db", "check",
                           str(tmp_path / "a.sqlite3")], capture_output=True, text=True)
    assert done.returncode == 0 and "no problem found" in done.stdout
    wrong = subprocess.run([sys.executable, "-m", "companion", "db"], capture_output=True,
                           text=True)
    assert wrong.returncode == 2 and "usage" in wrong.stderr
