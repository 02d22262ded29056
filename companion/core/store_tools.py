"""Moving saved games between databases and checking one: `python -m companion db copy` and
`python -m companion db check` (`companion.__main__`).

A game is checked by replaying it as a server would resume it (`Session.resume`): every
stored action through the engine, up to the cursor. A copy is checked the same way in the
target, and must come back with the same record, the same state and the same log.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from companion.core.errors import CompanionError
from companion.core.session import Session
from companion.core.store import SCHEMA_VERSION, SessionRecord, Store


@dataclass
class Report:
    """What a copy or a check found, in words: `lines` to read, `problems` to act on."""

    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        self.problems.append(text)

    def __str__(self) -> str:
        found = [f"PROBLEM: {text}" for text in self.problems]
        verdict = (f"{len(self.problems)} problem(s)" if self.problems else "no problem found")
        return "\n".join([*self.lines, *found, verdict])


def replayed(store: Store, session_id: str) -> tuple[str, list[str]]:
    """A stored game's state (as JSON text) and log with its notes, after replaying it."""
    session = Session.resume(store, session_id)
    return json.dumps(session.state.to_json(), sort_keys=True), session.history


def named(record: SessionRecord) -> str:
    return f"{record.id[:8]} ({record.game}, {record.name!r})"


def check_store(store: Store) -> Report:
    """The schema's version, and whether every saved game replays."""
    report = Report([f"{store.where}: schema version {store.schema_version} "
                     f"(this companion's: {SCHEMA_VERSION})"])
    records = store.list_sessions()
    for record in records:
        try:
            replayed(store, record.id)
        except (CompanionError, ValueError, TypeError, KeyError) as error:
            report.problem(f"game {named(record)} does not replay: {error}")
    report.lines.append(f"{len(records)} saved game(s), {len(records) - len(report.problems)} "
                        "replay")
    return report


def copy_store(source: Store, target: Store) -> Report:
    """Every saved game of `source` into `target` under the same id (with its log, cursor,
    holders and notes), and the server's secret, so that links and tablets still open;
    then each copy is replayed in `target` and compared with the original."""
    report = Report([f"from {source.where}", f"to {target.where}"])
    kept = target.keep_server_secret(source.server_secret())
    if kept != source.server_secret():
        report.problem("the target has a server secret of its own: the copied games' links "
                       "and tablets will not open there (copy into a new database)")
    copied = 0
    for listed in source.list_sessions():
        try:
            record = source.load(listed.id)
            if target.revision_of(record.id) is not None:
                if target.load(record.id) != record:
                    report.problem(f"game {named(record)} is already in the target, "
                                   "different: not copied")
                    continue
            else:
                target.create(record)
            if target.load(record.id) != record:
                report.problem(f"game {named(record)} did not come back as it was stored")
            elif replayed(target, record.id) != replayed(source, record.id):
                report.problem(f"game {named(record)} replays differently in the target")
            else:
                copied += 1
        except (CompanionError, ValueError, TypeError, KeyError) as error:
            report.problem(f"game {named(listed)} was not copied: {error}")
    report.lines.append(f"{copied} saved game(s) copied and replayed the same")
    return report
