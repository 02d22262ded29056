"""The event-sourced Session: the only stateful object in the companion.

A Session is an initial state plus a list of applied actions and a cursor.
The state after N actions is a pure function of (options, first N actions): the
log holds every die and card the app drew, so undo, redo, resume after a crash and
import are all replay. App-rolled dice come from (seed, position in the log, every
action before it, the action as asked): undoing an action and asking it again gives the
same dice, because undo mends a mis-tap, it is not a reroll; doing or asking anything
else gives fresh dice, so dice an undo showed cannot be spent on another move. A hidden
draw (a card, a tile from the bag) is fresh after every undo, so an undo never shows the
next card (`core.game.Chance`). The seed never leaves the server: an export holds none,
and an import gets a new one.

The Session also keeps who holds the table (`core.seats`: the tablet and each
seat's phone) and the log's notes: every undo and redo is a line every device
reads ("Undone by the table: ...").

Memory: a Session keeps the current state, the events, and a checkpoint state every
`CHECKPOINT_EVERY` actions, not every intermediate state (a state may hold its whole
history, so keeping them all grew with the square of the log: 10,000 Dice Lab rolls took
415 MB). Undo rebuilds the state before from the nearest checkpoint by replay.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from contextlib import suppress
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.core.errors import CompanionError, InputError, shown
from companion.core.game import JSON, NO_CHANCE, Chance, Event, Game, GameState
from companion.core.registry import find_game
from companion.core.seats import Holder, Note, NoteKind, history, link_key
from companion.core.session_file import (
    EXPORT_OVERHEAD,
    MAX_IMPORT_BYTES,
    MAX_SEED,
    check_name,
    check_seed,
    export_data,
    json_size,
)
from companion.core.store import JOIN_CODE_LENGTH, SessionRecord, Store

CHECKPOINT_EVERY = 64  # an undo replays at most this many actions
WITH_PREVIOUS = "_with_previous"  # in a stored action: undone together with the one before
AFTER_NOTES = "_after_notes"  # in a stored action: how many notes the log held when it was made
_UNSTORED_SECRET = secrets.token_bytes(32)  # links of a game outside a store: this process's


class Session:
    """A game in progress: act, undo, redo, and everything saved as it happens.

    >>> s = Session("dice_lab", seed=7)
    >>> from companion.dice_lab.engine import Check
    >>> s.act(Check(n_dice=2, target=7, dice=(3, 4))).outcome
    'success'
    >>> s.log
    ['1. 2 dice, at most 7: rolled 3+4 = 7, succeeds (chance was 58.3%)']
    >>> s.undo().outcome, s.log
    ('success', [])
    """

    def __init__(self, game: Game | str, options: Mapping[str, JSON] | None = None,
                 seed: int | None = None, *, store: Store | None = None,
                 name: str = "", _record: SessionRecord | None = None,
                 _pace: Callable[[], None] | None = None, _known: Session | None = None):
        self.game = find_game(game) if isinstance(game, str) else game
        if not isinstance(options, Mapping | None):
            raise InputError(f"a game's options are names and values, like {{\"players\": "
                             f"2}}, got {type(options).__name__}")
        self.options = self.game.stored_options(options or {}) if _record is not None else \
            self.game.new_options(options or {})
        self.seed = secrets.randbelow(MAX_SEED) if seed is None else check_seed(seed)
        self.name = check_name(name) if name else self.game.title
        self.store = store
        self._state: GameState = self.game.new_state(self.options)  # after `_cursor` actions
        self._checkpoints: dict[int, GameState] = {0: self._state}  # every CHECKPOINT_EVERY
        self._actions: list[Any] = []
        self._joined: list[bool] = []  # undone and redone together with the action before
        self._after_notes: list[int] = []  # how many notes there were when each was made
        self._sizes: list[int] = []  # each stored action's bytes in an export
        # What was done before each position, hashed: the dice of a position depend on it
        # (`_rng`); worked out as far as needed, from the first action on.
        self._before: list[bytes] = [b""]
        self._events: list[Event | None] = []  # what each action did, in order
        self._cursor = 0
        self.holders: dict[str, Holder] = {}  # role -> who holds it (`core.seats`)
        self.notes: list[Note] = []  # the log's lines that are no action
        self._undos = 0  # how many of them are undos: each makes the hidden draws fresh
        self._saving: Saving | None = None  # the last action, while the store writes it
        if _record is not None:
            self.id, self._revision = _record.id, _record.revision
            self.holders = dict(_record.holders)
            for note in _record.notes:
                self._add_note(note)
            self._replay(_record.actions, _record.cursor, _pace, _known, _record.first_action)
        else:
            self.id, self._revision = secrets.token_hex(8), 0
            if store is not None:
                store.create(self._record())

    @classmethod
    def resume(cls, store: Store, session_id: str,
               pace: Callable[[], None] | None = None) -> Session:
        """Reopen a saved session exactly where it was; `pace()`, if given, is called after
        each action replayed (a caller replaying beside an event loop may pause there)."""
        return cls.from_record(store.load(session_id), store, pace)

    @classmethod
    def from_record(cls, record: SessionRecord, store: Store | None = None,
                    pace: Callable[[], None] | None = None) -> Session:
        """The game `record` holds, replayed action by action (a saved game, or an imported
        file's, checked so); saved in `store` from its next change on. `pace()` as in
        `resume`."""
        return cls(record.game, record.options, record.seed, store=store,
                   name=record.name, _record=record, _pace=pace)

    def catch_up(self, store: Store) -> Session:
        """This game as `store` holds it now (another process changed it), as a new Session
        (`caught_up`). One change past this session leaves every action before its cursor
        as it was (an action is stored at the cursor), so only those from the cursor on are
        read: a tap on another process in a 10,000-action game read and caught up in 31-34
        ms before, 0.7-1.9 ms so. After more changes, the whole game is read."""
        self.settle()
        tail = store.load(self.id, since=self._cursor)
        if tail.revision == self._revision + 1:
            with suppress(InputError):  # not what one change makes (the file edited by hand)
                return self.caught_up(tail)
        return self.caught_up(store.load(self.id))

    def caught_up(self, record: SessionRecord) -> Session:
        """This game as the store now holds it (`record`: another process changed it), as a
        new Session, so that a page drawing from this one meanwhile sees it whole. When the
        store is one change ahead (a tap on another device), the actions both hold are
        taken from here, not replayed: `resume` replays every one (22.6 ms for 1,000 Dice
        Lab rolls, on every tap made on another process)."""
        self.settle()
        if (record.id, record.game, record.seed) != (self.id, self.game.name, self.seed):
            raise InputError(f"the saved game {shown(record.id)} is not this one")
        return Session(self.game, record.options, record.seed, store=self.store,
                       name=record.name, _record=record, _known=self)

    # What the table sees.

    @property
    def state(self) -> GameState:
        return self._state

    @property
    def actions(self) -> tuple[Any, ...]:
        """The applied actions, dice filled in."""
        return tuple(self._actions[: self._cursor])

    @property
    def events(self) -> list[Event]:
        return [event for event in self._events[: self._cursor] if event]

    @property
    def log(self) -> list[str]:
        """One line per applied action, with its dice and outcome."""
        return [f"{i}. {event.text}" for i, event in enumerate(self.events, start=1)]

    @property
    def history(self) -> list[str]:
        """The log with its notes (undos, redos, handovers) in the order they happened."""
        made = [after for after, event in zip(self._after_notes[: self._cursor],
                                              self._events[: self._cursor], strict=True)
                if event]
        return history(self.log, made, self.notes)

    @property
    def revision(self) -> int:
        """How many changes the store has seen; another screen's change makes it stale."""
        return self._revision

    @property
    def join_code(self) -> str:
        """The short code a device types to join this game: 'ab12-cd34'."""
        code = self.id[:JOIN_CODE_LENGTH]
        return f"{code[:4]}-{code[4:]}"

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._actions)

    # Changing it.

    def act(self, action: Any, with_previous: bool = False) -> Event:
        """Apply `action` (rolling its dice if they are None), save it, return what happened.

        `with_previous` joins it to the action before for undo and redo (a bot's turn and the
        move that called it are taken back with one tap). Raises RuleError or InputError and
        changes nothing when the engine refuses.
        """
        return self.act_while_saving(action, with_previous).wait()

    def act_while_saving(self, action: Any, with_previous: bool = False) -> Saving:
        """`act`, returning while the store still writes the action: the session shows it
        at once, so that a page works out its new screen meanwhile, and sends that screen
        only after `wait()` (nothing is shown before it is stored). `wait()` gives the event,
        or puts the session back as it was before the action and raises the store's error.
        The engine's refusals are raised here, before anything changes."""
        self.settle()
        position = self._cursor
        filled = self.state.fill_chance(action, self._rng(position, action))
        new_state = self.state.apply(filled)
        stored = self.game.action_to_json(filled)
        if self.game.action_from_json(stored) != filled:
            raise InputError(f"{type(filled).__name__} does not survive being saved")
        rule = self.state.joins_previous(filled)
        joined = (with_previous if rule is None else rule) and position > 0
        if joined:
            stored[WITH_PREVIOUS] = True
        if self.notes:
            stored[AFTER_NOTES] = len(self.notes)
        size = json_size(stored) + 1
        self._check_room(position, size)
        replaced = self._replaced_from(position)
        writing = None
        if self.store is not None:
            writing = self.store.record_action_soon(self.id, self._revision, position, stored)
            self._revision += 1  # what the store will say, once it has it
        del self._actions[position:], self._events[position:], self._joined[position:]
        del self._after_notes[position:], self._sizes[position:], self._before[position + 1:]
        self._sizes.append(size)
        for later in [p for p in self._checkpoints if p > position]:
            del self._checkpoints[later]
        self._append(filled, new_state, joined, len(self.notes))
        self._saving = Saving(new_state.last_event or Event(type(filled).__name__), writing,
                              stored=self._stored_as, failed=partial(self._put_back, replaced),
                              over=self._saving_over)
        return self._saving

    def settle(self) -> None:
        """Wait for an action still being written (`act_while_saving`); every change and
        every record of the session waits for it first."""
        if self._saving is not None:
            self._saving.wait()

    def _stored_as(self, revision: int) -> None:
        self._revision = revision

    def _saving_over(self, saving: Saving) -> None:
        if self._saving is saving:
            self._saving = None

    def _replaced_from(self, position: int) -> _Replaced:
        """What an action at `position` replaces in memory, to put back if its write fails."""
        return _Replaced(
            position, self._cursor, self._state, self._revision, tuple(self._actions[position:]),
            tuple(self._events[position:]), tuple(self._joined[position:]),
            tuple(self._after_notes[position:]), tuple(self._sizes[position:]),
            tuple(self._before[position + 1:]),
            {p: state for p, state in self._checkpoints.items() if p > position})

    def _put_back(self, replaced: _Replaced) -> None:
        position = replaced.position
        for kept, old in ((self._actions, replaced.actions), (self._events, replaced.events),
                          (self._joined, replaced.joined),
                          (self._after_notes, replaced.after_notes),
                          (self._sizes, replaced.sizes)):
            del kept[position:]
            kept.extend(old)
        del self._before[position + 1:]
        self._before.extend(replaced.before)
        for later in [p for p in self._checkpoints if p > position]:
            del self._checkpoints[later]
        self._checkpoints.update(replaced.checkpoints)
        self._state, self._cursor = replaced.state, replaced.cursor
        self._revision = replaced.revision

    def _check_room(self, position: int, size: int) -> None:
        """Refuse the action that would make the game longer than an import takes back
        (`Game.max_import_actions` actions, `MAX_IMPORT_BYTES` of export): any game the app
        holds exports and imports back."""
        title = self.game.title
        self._size_up_to(position)
        if position >= self.game.max_import_actions:
            raise InputError(f"this game has {position:,} actions, the most a saved {title} "
                             "game keeps (so that it exports and imports back): start a new "
                             "game to go on")
        if sum(self._sizes[:position]) + size + json_size(self.options) + EXPORT_OVERHEAD \
                > MAX_IMPORT_BYTES:
            raise InputError(f"this game's saved file has reached "
                             f"{MAX_IMPORT_BYTES // 1_000_000} MB, the most an import takes "
                             "back: start a new game to go on")

    def _size_up_to(self, position: int, pace: Callable[[], None] | None = None) -> None:
        """Each stored action's size before `position` (a resumed game's, worked out when
        first needed); `pace()` after each."""
        while len(self._sizes) < position:
            self._sizes.append(json_size(self._stored(len(self._sizes))) + 1)
            if pace is not None:
                pace()

    def prepare_to_act(self, pace: Callable[[], None] | None = None) -> None:
        """Work out now what a resumed game's next action needs (the hash of every move
        before it, each stored action's size): otherwise its first tap does, about a second
        for a 50,000-action game. Called where a long game is opened, off the server's
        event loop (`companion.ui.opening`), with `pace()` after each action's part."""
        self._done_before(self._cursor, pace)
        self._size_up_to(self._cursor, pace)

    def _append(self, action: Any, state: GameState, joined: bool = False,
                after_notes: int = 0) -> None:
        self._actions.append(action)
        self._joined.append(joined)
        self._after_notes.append(after_notes)
        self._events.append(state.last_event)
        self._cursor = len(self._actions)
        self._state = state
        if self._cursor % CHECKPOINT_EVERY == 0:
            self._checkpoints[self._cursor] = state

    def undo(self) -> Event | None:
        """Step back one action, or a group of joined ones (they can be redone); returns the
        undone event."""
        self.settle()
        if not self.can_undo:
            return None
        undone = self.state.last_event
        cursor = self._cursor - 1
        while cursor > 0 and self._joined[cursor]:
            cursor -= 1
        self._move_cursor(cursor, "undo", "Undone by the table: " + self._told(cursor,
                                                                             self._cursor))
        return undone

    def redo(self) -> Event | None:
        """Re-apply the last undone action (or group), with the same dice."""
        self.settle()
        if not self.can_redo:
            return None
        cursor = self._cursor + 1
        while cursor < len(self._actions) and self._joined[cursor]:
            cursor += 1
        self._move_cursor(cursor, "redo", "Redone by the table: " + self._told(self._cursor,
                                                                             cursor))
        return self.state.last_event

    def _told(self, start: int, end: int) -> str:
        """The actions from `start` to `end` in a few words: the first, and how many more."""
        texts = [event.text for event in self._events[start:end] if event is not None]
        first = texts[0] if texts else "an action"
        return first + (f" (and {len(texts) - 1} more)" if len(texts) > 1 else "")

    def rename(self, name: str) -> None:
        self.name = check_name(name)
        if self.store is not None:
            self.store.rename(self.id, self.name)

    def _move_cursor(self, cursor: int, kind: NoteKind, text: str) -> None:
        state = self._state_at(cursor)
        note = Note(text, kind)
        if self.store is not None:
            self._revision = self.store.move_cursor(self.id, self._revision, cursor, note)
        self._state, self._cursor = state, cursor
        self._add_note(note)

    # Who holds the table.

    def holder(self, role: str) -> Holder:
        return self.holders.get(role, Holder())

    def link_key(self, role: str) -> str:
        """The key of `role`'s link in its current generation."""
        return link_key(self._secret(), self.id, role, self.holder(role).generation)

    def set_holder(self, role: str, holder: Holder, note: str = "",
                   kind: NoteKind = "seat") -> None:
        """Give `role` to `holder` (a device takes it, or a handover opens it again), with
        a line in the log when `note` says what happened."""
        self.settle()
        written = Note(note, kind) if note else None
        if self.store is not None:
            self._revision = self.store.set_holder(self.id, self._revision, role, holder,
                                                   written)
        self.holders[role] = holder
        if written is not None:
            self._add_note(written)

    def tell(self, text: str, kind: NoteKind) -> None:
        """A line in every device's log that changes nothing else (`core.seats.Note`)."""
        self.settle()
        note = Note(text, kind)
        if self.store is not None:
            self._revision = self.store.add_note(self.id, self._revision, note)
        self._add_note(note)

    def _secret(self) -> bytes:
        return self.store.server_secret() if self.store is not None else _UNSTORED_SECRET

    def _state_at(self, cursor: int) -> GameState:
        """The state after `cursor` actions: one apply for a redo, else a replay from the
        nearest checkpoint before it."""
        if cursor == self._cursor:
            return self._state
        if cursor == self._cursor + 1:
            return self._state.apply(self._actions[self._cursor])
        base = cursor - cursor % CHECKPOINT_EVERY
        state = self._checkpoints[base]
        for action in self._actions[base:cursor]:
            state = state.apply(action)
        return state

    def state_after(self, position: int) -> GameState:
        """The game as it stood after its first `position` actions (0: before any), for a
        replay; never past the actions played (an undone one may not be shown)."""
        if isinstance(position, bool) or not isinstance(position, int) or \
                not 0 <= position <= self._cursor:
            raise InputError(f"a replay shows actions 0 to {self._cursor} of this game, not "
                             f"{shown(position, 20)}")
        return self._state_at(position)

    def bot_rng(self) -> random.Random:
        """Randomness for the app's own choices at this point of the game (a bot's secret
        letter, its bluff): fresh after every undo, as a hidden draw is, so that undoing a
        reveal and playing again never shows what the bot will choose."""
        return random.Random(f"{self.seed}:bot:{self._cursor}" + self._after_undos())

    def _add_note(self, note: Note) -> None:
        self.notes.append(note)
        self._undos += note.kind == "undo"

    def _after_undos(self) -> str:
        """What a hidden draw's or a bot's seed adds once the table has undone something
        (nothing before: a game nobody undid plays as it always did)."""
        return f":{self._undos}" if self._undos else ""

    def _rng(self, position: int, action: Any) -> Chance:
        """The randomness of `action` at `position`. Dice from (seed, position, everything
        done before it, the action as asked): the same again after an undo if the table
        asks the same again (an undo is no reroll), fresh if it does or asks anything else
        (dice an undo showed cannot be spent on another move). Hidden draws the same until
        the first undo, then fresh with every undo (a game nobody undid plays as it always
        did)."""
        try:
            asked = repr(action).encode("utf-8", "replace")  # a frozen dataclass: its fields
        except (TypeError, ValueError, RecursionError):
            asked = b"?"  # an action that cannot be shown: refused before it is stored
        key = hashlib.blake2b(self._done_before(position) + asked, digest_size=16).hexdigest()
        dice = random.Random(f"{self.seed}:{position}:{key}")
        return Chance(f"{self.seed}:{position}" + self._after_undos(), dice)

    def _done_before(self, position: int, pace: Callable[[], None] | None = None) -> bytes:
        """The actions before `position` on the current line, hashed (one step each);
        `pace()` after each."""
        while len(self._before) <= position:
            done = len(self._before) - 1
            action = repr(self._actions[done]).encode("utf-8", "replace")
            self._before.append(hashlib.blake2b(self._before[done] + action,
                                                digest_size=16).digest())
            if pace is not None:
                pace()
        return self._before[position]

    def _replay(self, stored: tuple[JSON, ...], cursor: int,
                pace: Callable[[], None] | None = None, known: Session | None = None,
                first: int = 0) -> None:
        """Rebuild every state from stored actions (those `known` holds alike taken from it;
        `stored` begins at position `first`, the ones before are `known`'s); InputError
        names the first bad one; `pace()` after each."""
        start = 0 if known is None else self._take_over(known, stored, first)
        if start < first:
            raise InputError(f"the saved game was read from action {first + 1} on, and "
                             "this copy of it does not hold the actions before")
        for position, data in enumerate(stored[start - first:], start):
            state = self._state
            try:
                joined = isinstance(data, dict) and data.get(WITH_PREVIOUS) is True
                after = data.get(AFTER_NOTES, 0) if isinstance(data, dict) else 0
                if type(after) is not int or after < 0:
                    raise InputError(f"{AFTER_NOTES} is a count of notes, got {shown(after, 20)}")
                if isinstance(data, dict):
                    data = {k: v for k, v in data.items() if k not in (WITH_PREVIOUS, AFTER_NOTES)}
                action = self.game.action_from_json(data)
                if state.fill_chance(action, NO_CHANCE) != action:
                    raise InputError("its dice are missing")
                state = state.apply(action)
            except CompanionError as error:
                raise InputError(f"action {position + 1} does not replay: {error}") from None
            self._append(action, state, joined and position > 0, after)
            if pace is not None:
                pace()
        self._state, self._cursor = self._state_at(cursor), cursor

    def _take_over(self, known: Session, stored: tuple[JSON, ...], first: int = 0) -> int:
        """How many of the first stored actions (`stored` from position `first` on) are
        `known`'s, now taken from it as they are. Only when the store is one change past
        `known`: one change rewrites at most the last stored action (an action at the
        cursor, the undone ones after it dropped), and an undo, a redo or a note none;
        after more, any of them may differ."""
        length = first + len(stored)
        shared = length - 1
        if self._revision != known._revision + 1 or not 0 <= shared <= len(known._actions):
            return 0
        if shared < len(known._actions) and (
                shared < first or known._stored(shared) == stored[shared - first]):
            shared += 1
        if shared == length and known._cursor > shared:
            return 0  # not what one change makes: replay it all
        self._actions, self._events = known._actions[:shared], known._events[:shared]
        self._joined, self._after_notes = known._joined[:shared], known._after_notes[:shared]
        self._sizes, self._before = known._sizes[:shared], known._before[:shared + 1]
        self._checkpoints = {p: state for p, state in known._checkpoints.items() if p <= shared}
        # The state the rest is applied to; with no rest, `known`'s, which the new cursor
        # is then reached from (the same, one redo away, or from a checkpoint).
        self._state, self._cursor = (known._state_at(shared), shared) if shared < length \
            else (known._state, known._cursor)
        return shared

    def _stored(self, position: int) -> dict[str, JSON]:
        stored = self.game.action_to_json(self._actions[position])
        if self._joined[position]:
            stored[WITH_PREVIOUS] = True
        if self._after_notes[position]:
            stored[AFTER_NOTES] = self._after_notes[position]
        return stored

    def _record(self) -> SessionRecord:
        self.settle()
        return SessionRecord(
            id=self.id, game=self.game.name, game_version=self.game.version, name=self.name,
            options=self.options, seed=self.seed, cursor=self._cursor,
            actions=tuple(self._stored(p) for p in range(len(self._actions))),
            revision=self._revision, holders=dict(self.holders), notes=tuple(self.notes),
        )

    def to_export(self) -> dict[str, JSON]:
        """The game as plain data (`session_file.export_data`): no seed (it decides the
        app's next draws), no link key, no holder; an import starts its own."""
        return export_data(self._record())


class Saving:
    """An action the session shows while the store writes it (`Session.act_while_saving`):
    once written, `stored(revision)`; if the write failed, `failed()`; either way then
    `over(self)`."""

    def __init__(self, event: Event, writing: Future[int] | None, *,
                 stored: Callable[[int], None], failed: Callable[[], None],
                 over: Callable[[Saving], None]):
        self.event = event
        self._writing = writing
        self._stored, self._failed, self._over = stored, failed, over

    def wait(self) -> Event:
        """The action's event once it is stored. If the store refused it (StorageError, or
        StaleSessionError: another process changed the game first), the session is put
        back as it was before the action and the store's error raised."""
        writing = self._writing
        if writing is None:
            self._over(self)
            return self.event
        self._writing = None
        try:
            self._stored(writing.result())
        except BaseException:
            self._failed()
            raise
        finally:
            self._over(self)
        return self.event


@dataclass(frozen=True)
class _Replaced:
    """The session's memory from `position` on, as it was before an action there."""

    position: int
    cursor: int
    state: GameState
    revision: int
    actions: tuple[Any, ...]
    events: tuple[Event | None, ...]
    joined: tuple[bool, ...]
    after_notes: tuple[int, ...]
    sizes: tuple[int, ...]
    before: tuple[bytes, ...]
    checkpoints: dict[int, GameState]
