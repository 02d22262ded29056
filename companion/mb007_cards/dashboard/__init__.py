"""The 007 card game's dashboard: the table, the choices and their odds, the hold-to-peek."""

from companion.mb007_cards.dashboard.main import CardsDashboard

__all__ = ["CardsDashboard"]
