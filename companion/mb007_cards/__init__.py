"""The James Bond 007 Card Game: a bluffing game of three cards, a pot and chips."""

from companion.core.game import Game
from companion.mb007_cards.actions import ACTION_TYPES
from companion.mb007_cards.engine import new_state

GAME = Game(
    name="mb007_cards",
    title="James Bond 007 Card Game",
    summary="Make or bluff three of a kind or a run: pot and chips kept, exact call and bluff "
            "odds, private down cards, bots.",
    new_state=new_state,
    action_types=ACTION_TYPES,
    dashboard="companion.mb007_cards.dashboard:CardsDashboard",
    secrets=True,
    reviewer="companion.mb007_cards.review",
)
