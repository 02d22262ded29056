"""Nothing the players did is lost: a process killed right after `act` keeps the action."""

import os
import signal
import subprocess
import sys
import textwrap

from companion.core.session import Session
from companion.core.store import Store

CHILD = textwrap.dedent("""
    import os, sys
    from companion.core.session import Session
    from companion.core.store import Store
    from companion.dice_lab.engine import Check
    session = Session("dice_lab", seed=4, store=Store(sys.argv[1]))
    session.act(Check(n_dice=2, target=9, dice=(4, 5)))
    session.act(Check(n_dice=3, target=10))
    print(session.id, flush=True)
    os.kill(os.getpid(), 9)  # SIGKILL: no cleanup, no close, no atexit
""")


def test_actions_survive_sigkill_right_after_act(tmp_path):
    db = tmp_path / "crash.sqlite3"
    child = subprocess.run([sys.executable, "-c", CHILD, str(db)], capture_output=True,
                           text=True, timeout=60, env=os.environ)
    assert child.returncode == -signal.SIGKILL
    session_id = child.stdout.strip()
    resumed = Session.resume(Store(db), session_id)
    assert len(resumed.log) == 2
    assert resumed.actions[0].dice == (4, 5)
    assert resumed.log[0].startswith("1. 2 dice, at most 9: rolled 4+5 = 9, succeeds")
