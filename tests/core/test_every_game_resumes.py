"""Nothing the players did is ever lost, in every game: random legal play with undos and
redos, then the game resumed from the store (a server restart) and exported and imported,
gives the same game. (A Golden Gun solo game dealt as it is seen once did not resume: its
Set Up's empty decks were taken for missing ones.)"""

from __future__ import annotations

import random

import pytest

from companion.core.exchange import export_session, import_session, keeps_secrets
from companion.core.registry import games
from companion.core.session import Session
from companion.goldfinger.actions import PlaceCards
from tests.license_to_kill.helpers import options as ltk_options

OPTIONS = {"golden_gun": [{"mode": "solo"}, {"mode": "companion"}],
           "license_to_kill": [ltk_options(2)], "mb007_tiles": [{"players": 3}],
           "mb007_cards": [{"players": 3, "bots": []}], "goldfinger": [{"map": "sample"}]}
CASES = [(game.name, options) for game in games()
         for options in OPTIONS.get(game.name, [{}])]


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{i}" for i, (n, _) in
                                                           enumerate(CASES)])
def test_random_play_resumes_and_imports_as_it_was(store, name, options):
    played = 0
    for seed in range(3):
        rng = random.Random(seed)
        session = Session(name, options, seed=seed, store=store)
        if name == "goldfinger":  # the Enemy's hidden cards: the app hides them
            session.act(PlaceCards())
        for _ in range(40):
            legal = session.state.legal_actions()
            if not legal or session.state.is_over:
                break
            roll = rng.random()
            if roll < 0.08:
                session.undo()
            elif roll < 0.12:
                session.redo()
            else:
                try:
                    session.act(rng.choice(list(legal)))
                    played += 1
                except Exception as error:  # a listed action the engine still refuses
                    assert type(error).__name__ in ("RuleError", "InputError"), error
        again = Session.resume(store, session.id)
        assert again.state.to_json() == session.state.to_json()
        assert again.history == session.history
        if not keeps_secrets(session):
            imported = import_session(store, export_session(session))
            assert imported.state.to_json() == session.state.to_json()
    if name != "dice_lab":  # Dice Lab lists no actions: any check at any time
        assert played, f"{name}: no legal action was ever played"
