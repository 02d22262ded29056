"""`make serve` reads the session key from the store before it starts the server: a
database that cannot be reached stops it there, with the reason in words."""

from companion.ui import serve_key


def test_a_database_that_cannot_be_reached_stops_the_server_with_its_reason(monkeypatch,
                                                                             capsys):
    monkeypatch.setenv("COMPANION_DB", "postgresql://ann:s3cret@127.0.0.1:1/games")
    assert serve_key.main() == 1
    said = capsys.readouterr()
    assert said.out == "" and said.err.startswith("companion: the saved games at ")
    assert "could not be reached" in said.err and "s3cret" not in said.err


def test_the_key_comes_from_the_stores_secret(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("COMPANION_DB", str(tmp_path / "games.sqlite3"))
    assert serve_key.main() == 0
    assert len(capsys.readouterr().out.strip()) == 64
