"""License to Kill (James Bond CCG house rules): referee and ledger for the physical cards.

Card library and deck checker (`cards`, `decks`), Plot Zones and the plot-point
ledger (`engine`, with `actions`, `table` and the steps: `steps`, `attachments`, `duels`,
`overcome`), the die duels' exact odds
(`odds`), the assignment and win-over checks (`assignment`) and an advisor (`bot`).
House rules: `rules.HOUSE_RULES` (each an option of `GAME.new_state`).
"""

from companion.core.game import Game
from companion.license_to_kill.engine import ACTION_TYPES, new_state

GAME = Game(
    name="license_to_kill",
    title="License to Kill",
    summary="James Bond CCG: Plot Zones, the race to 60 Plot Points, Henchman Attack odds "
            "and On Assignment checks.",
    new_state=new_state,
    action_types=ACTION_TYPES,
    dashboard="companion.license_to_kill.dashboard:LicenseToKillDashboard",
    secrets=True,
    # A game stored before the deck limits replays as it was played.
    later_options={"deck_limits_on_table": (False, True)},
    reviewer="companion.license_to_kill.review",
)
