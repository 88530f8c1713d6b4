"""The table service: one running game = a Table (engine + seats↔users + lock), its tasks in its runtime.

Every action, under the table's lock: `apply` → action log + snapshot in one transaction → the change
goes to the table's outbox → the game master's automatic steps (`auto_action`), each logged and queued like
any action → schedule the deadline. The lock is then free for the next click: what a change must post
(messages, DMs, the board) is published by the table's outbox, one task per table, in order, outside the
lock, and each published change is remembered (the table's meta `published`). The deadline's timer and the
outbox's task are the table's runtime's (bot/runtime.py), which a table's end stops.
Restart: load the snapshots, reschedule the deadlines (fire at once if past), take any automatic step
that was due when the bot stopped, and publish what was stored but not yet published (rebuilt from the
action log) once the bot is ready (`release_all`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import json
import logging
import random
import time
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.metrics import Metrics
from bot.ratings import match_of, reference
from bot.runtime import Runtimes, TableRuntime
from bot.store import Lease, LeaseLostError, Shards, Store, StoreUnavailableError, TableRow
from games import REGISTRY
from games.core.messages import N_
from games.core.protocol import Game, IllegalAction, optional_member
from games.core.rng import SeededRng

log = logging.getLogger(__name__)

_action_key = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode  # equal actions, equal keys
AUTO_STEPS_LIMIT = 100  # automatic game-master steps in a row before we suspect an engine loop


async def all_within(waits: list[Coroutine[Any, Any, Any]], seconds: float | None) -> bool:
    """Await these together; False if `seconds` ran out first (None: no limit)."""
    if not waits:
        return True
    try:
        await asyncio.wait_for(asyncio.gather(*waits), seconds)
    except TimeoutError:
        return False
    return True


class TableError(Exception):
    """A request the table cannot take; `key` is a message id, `params` fill it in."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class StoreDown(TableError):
    """The database cannot be reached: nothing was played; trying again in a moment will do."""

    def __init__(self) -> None:
        super().__init__(N_("error.store_unavailable"))


RETRY_SECONDS = (1.0, 2.0, 4.0, 8.0)  # waits between tries of a time-out while the database is down; then 8 s


class TableMoved(TableError):
    """This process does not (or no longer) hold the lease of the table's shard: another runs it; nothing was played."""

    def __init__(self) -> None:
        super().__init__(N_("error.table_moving"))


class Fence(Protocol):
    """The shard leases of this process (bot/cluster.py), as the service uses them."""

    shards: Shards

    def lease_of(self, guild: int) -> Lease | None: ...

    def lost(self, shard: int, why: str) -> None: ...


class StaleMove(TableError):
    """An action chosen for an earlier moment of the table (its sequence number has moved on)."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__("error.stale", expected=expected, current=current)


@dataclass
class Table:
    row: TableRow
    game: Game
    users: list[int] = field(default_factory=list)
    locales: list[str | None] = field(default_factory=list)
    state: Any = None
    seq: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def host(self) -> int:
        return self.row.host

    @property
    def place(self) -> int:
        """Where the table talks: its thread if it has one, else its channel."""
        return self.row.thread or self.row.channel

    @property
    def computer_seats(self) -> list[int]:
        """Seats the bot plays itself (a computer player), kept in the table's meta."""
        return list(self.row.meta.computer_seats)

    def seat_of(self, user: int) -> int | None:
        try:
            return self.users.index(user)
        except ValueError:
            return None

    # What the engine answers for the current state, asked once per state: drawing a board asks every group
    # of buttons for every seat's actions (Junta: about 50 groups x 7 seats). Engines never change a state
    # in place (they return a new one), so the state object itself tells whether the answers still hold.
    _answered_for: Any = field(default=None, init=False, repr=False, compare=False)
    _answers: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def _memo(self) -> dict[Any, Any]:
        if self._answered_for is not self.state:
            self._answered_for, self._answers = self.state, {}
        return self._answers

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def legal_actions(self, seat: int | None) -> list[dict[str, Any]]:
        """The engine's legal actions of `seat` now; asked of the engine once per state (a new list each
        call, its actions shared: callers must not change them)."""
        memo = self._memo()
        key = ("legal", seat)
        if key not in memo:
            memo[key] = self.game.legal_actions(self.state, seat)
        return list(memo[key])

    def seats_actions(self, seats: tuple[int, ...]) -> list[dict[str, Any]]:
        """The legal actions of all these seats, each once, in seat order then the engine's order."""
        memo = self._memo()
        key = ("seats", seats)
        if key not in memo:
            found: dict[str, dict[str, Any]] = {}
            for seat in seats:
                for action in self.legal_actions(seat):
                    found.setdefault(_action_key(action), action)
            memo[key] = list(found.values())
        return list(memo[key])

    def seats_actions_of_types(self, seats: tuple[int, ...], kinds: frozenset[str]) -> list[dict[str, Any]]:
        """`seats_actions` of these action types only, in the same order."""
        memo = self._memo()
        key = ("types", seats)
        if key not in memo:
            indexed: dict[str, list[tuple[int, dict[str, Any]]]] = {}
            for index, action in enumerate(self.seats_actions(seats)):
                indexed.setdefault(str(action.get("type")), []).append((index, action))
            memo[key] = indexed
        indexed = memo[key]
        if len(kinds) == 1:
            return [action for _, action in indexed.get(next(iter(kinds)), [])]
        return [action for _, action in sorted((p for k in kinds for p in indexed.get(k, [])), key=lambda p: p[0])]


def table_locale(table: Table) -> str:
    """Public messages use the language of whoever opened the table."""
    return table.row.meta.locale


@dataclass(frozen=True)
class Change:
    """What one action did, for whoever publishes it."""

    table: Table
    seat: int | None
    action: dict[str, Any]
    before: Any
    after: Any
    seq: int = 0  # the action's number in the table's log
    stand_in: bool = False  # played for a member by the turn clock's stand-in, not by the member

    def public(self) -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
        """The public views before and after, and the log events this action added."""
        before = self.table.game.view(self.before, None)
        after = self.table.game.view(self.after, None)
        return before, after, [e for e in after["log"] if e["id"] > before["log_count"]]


@dataclass(frozen=True)
class Opening:
    """A game begins: the table and the state its set-up made (before any automatic step)."""

    table: Table
    state: Any


@dataclass(frozen=True)
class Closing:
    """A lobby or a game ended without an outcome (cancelled, ended by the host)."""

    table: Table
    reason: str


Publication = Opening | Change | Closing


class Listener(Protocol):
    async def table_started(self, opening: Opening) -> None: ...

    async def table_changed(self, change: Change) -> None: ...

    async def table_closed(self, table: Table, reason: str) -> None: ...


Clock = Callable[[], float]


def pass_due(table: Table, state: Any) -> tuple[int, dict[str, Any]] | None:
    """A member's seat to act at `state` whose only choice is to let the moment pass (the engine's `pass_action`:
    Junta's Ready at a card window with no card to play), and that pass: the service plays it at once, as a
    stand-in, right after the action that led there (docs/decisions.md, "Junta's card windows pass a member with
    nothing to play")."""
    passing = optional_member(table.game, "pass_action")
    if passing is None or state is None or table.game.outcome(state) is not None:
        return None
    for seat in sorted(table.game.to_act(state)):
        action = None if seat in table.computer_seats else passing(state, seat)
        if action is not None:
            return seat, action
    return None


_PAUSES = [0]  # resumes under way with Python's cyclic collector paused (two shards may be taken at once)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while thousands of tables are loaded at once (a takeover, a start).
    Each table allocates thousands of objects, and every full pass walks all those loaded so far, so the passes a
    bulk load triggers grow with its square: 10,000 tables resumed in 3.0 s with the collector, 0.9 s without
    (docs/decisions.md, "Shard leases"). Loaded states are trees of JSON values, with no cycle for it to find."""
    if _PAUSES[0] == 0 and not gc.isenabled():
        yield  # paused by someone else (an embedding application): theirs to restore
        return
    _PAUSES[0] += 1
    gc.disable()
    try:
        yield
    finally:
        _PAUSES[0] -= 1
        if _PAUSES[0] == 0:
            gc.enable()


class TableService:
    def __init__(
        self,
        store: Store,
        *,
        clock: Clock = time.time,
        registry: dict[str, Game] | None = None,
        seed_source: Callable[[], int] | None = None,
        shards: Shards | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        self.store = store
        self.metrics = metrics if metrics is not None else Metrics()
        self.shards = shards  # resume only the tables of guilds on these shards (None: every table)
        self.clock = clock
        self.registry = registry if registry is not None else REGISTRY
        self.tables: dict[int, Table] = {}
        self.listener: Listener | None = None
        self.runtimes: Runtimes[Publication] = Runtimes()  # each table's tasks: its timer, its outbox, …
        self._seed = seed_source or (lambda: random.SystemRandom().randrange(2**31))
        self._create_lock = asyncio.Lock()
        self.fence: Fence | None = None  # PostgreSQL's several processes: every action's write checks the lease

    def lease(self, table: Table) -> Lease | None:
        """The lease a write of this table must hold (None without a fence); TableMoved when it is not held."""
        if self.fence is None:
            return None
        lease = self.fence.lease_of(table.row.guild)
        if lease is None:
            raise TableMoved()
        return lease

    def _lease_refused(self, table: Table, lease: Lease | None, exc: LeaseLostError) -> TableMoved:
        """A write refused by the fence: the shard is lost (its tables dropped); the caller is told it moved."""
        if self.fence is not None and lease is not None:
            self.fence.lost(lease.shard, f"a write of table {table.id} was refused: {exc}")
        return TableMoved()

    def drop_shard(self, shards: Shards, shard: int) -> list[int]:
        """Forget the tables of a shard this process no longer holds and stop all their tasks (timers, turn clocks,
        computers, outbox): the process that holds the shard now runs them from the database."""
        gone = [t.id for t in self.tables.values() if shards.of(t.row.guild) == shard]
        for table_id in gone:
            self.tables.pop(table_id, None)
            runtime = self.runtimes.get(table_id)
            if runtime is not None:
                runtime.close()
        return gone

    # --- lookup -----------------------------------------------------------------------------

    def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("error.table_gone")
        return table

    def in_channel(self, channel: int) -> Table | None:
        """The open table (lobby or running) in a channel or in a thread of it."""
        for table in self.tables.values():
            if table.status in ("lobby", "playing") and channel in (table.row.channel, table.row.thread):
                return table
        return None

    def practice_of(self, member: int) -> Table | None:
        """The member's running practice table (/game learn), if any: a member has one at a time."""
        for table in self.tables.values():
            if table.row.meta.practice and table.host == member and table.status == "playing":
                return table
        return None

    # --- lobby ------------------------------------------------------------------------------

    async def create_lobby(
        self, game_id: str, *, guild: int, channel: int, host: int, options: dict[str, Any],
        locale: str | None = None,
    ) -> Table:
        game = self.registry.get(game_id)
        if game is None:
            raise TableError("error.unknown_game", game=game_id)
        # Validate the options now, so a bad option is refused before anyone joins. Some options fit
        # only some table sizes (Som's mode C needs two players): any size that takes them will do.
        refusal: IllegalAction | None = None
        for players in range(game.min_players, game.max_players + 1):
            try:
                game.setup(players, dict(options), SeededRng(0, 0))
            except IllegalAction as exc:
                refusal = refusal or exc
                continue
            refusal = None
            break
        if refusal is not None:
            raise refusal
        async with self._create_lock:
            if self.in_channel(channel) is not None:
                raise TableError("error.channel_busy")
            now = self.clock()
            seed = self._seed()
            table_id = await self.store.create_table(
                game=game_id, guild=guild, channel=channel, host=host, seed=seed,
                options=options, now=now,
            )
            row = await self.store.get_table(table_id)
            assert row is not None
            table = Table(row=row, game=game, users=[host], locales=[locale])
            await self.store.set_seats(table_id, table.users, table.locales)
            self.tables[table_id] = table
        log.info("table %s: lobby for %s opened by %s", table_id, game_id, host)
        return table

    async def open_practice(
        self, game_id: str, *, guild: int, place: int, member: int, name: str, locale: str,
        computers: list[str], options: dict[str, Any],
    ) -> Table:
        """A practice table (/game learn): the member against a computer player in each other seat, talking in
        `place` (a private thread, or the member's DMs), hints on, no turn timer, never recorded. It starts at
        once; its opening is held until `release(table.id)`."""
        if self.practice_of(member) is not None:
            raise TableError("learn.already_open")
        table = await self.create_lobby(game_id, guild=guild, channel=place, host=member, options=options,
                                        locale=locale)
        try:
            meta = table.row.meta
            meta.locale, meta.practice, meta.hints, meta.turn_timer = locale, True, True, 0
            meta.names[member] = name
            await self.save_meta(table)
            for computer in computers:
                await self.add_computer(table.id, computer)
            return await self.start(table.id, member, hold=True)
        except (TableError, StoreUnavailableError):
            if table.status == "lobby":  # nobody would ever start it: it goes (if the database lets it)
                with contextlib.suppress(TableError, StoreUnavailableError):
                    await self.close(table.id, "cancelled")
            raise

    async def join(self, table_id: int, user: int, locale: str | None = None) -> Table:
        table = self.get(table_id)
        async with table.lock:
            if table.status != "lobby":
                raise TableError("error.already_started")
            if user in table.users:
                raise TableError("error.already_joined")
            if len(table.users) >= table.game.max_players:
                raise TableError("error.lobby_full", max=table.game.max_players)
            table.users.append(user)
            table.locales.append(locale)
            await self.store.set_seats(table.id, table.users, table.locales)
        return table

    async def leave_lobby(self, table_id: int, user: int) -> Table:
        table = self.get(table_id)
        async with table.lock:
            if table.status != "lobby":
                raise TableError("error.already_started")
            if user not in table.users:
                raise TableError("error.not_in_lobby")
            if user == table.host:
                raise TableError("error.host_cannot_leave")
            index = table.users.index(user)
            del table.users[index]
            del table.locales[index]
            await self.store.set_seats(table.id, table.users, table.locales)
        return table

    async def add_computer(self, table_id: int, name: str) -> Table:
        """Seat a computer player (a negative user id: never a Discord account) in a lobby."""
        table = self.get(table_id)
        async with table.lock:
            if table.status != "lobby":
                raise TableError("error.already_started")
            if len(table.users) >= table.game.max_players:
                raise TableError("error.lobby_full", max=table.game.max_players)
            user = -1 - len(table.computer_seats)
            seat = len(table.users)
            table.users.append(user)
            table.locales.append(None)
            await self.store.set_seats(table.id, table.users, table.locales)
            table.row.meta.names[user] = name
            table.row.meta.computer_seats.append(seat)
            await self.save_meta(table)
        return table

    async def leave(self, table_id: int, user: int) -> Change | None:
        """A member leaves: a lobby seat is freed; in a game, the game's own leave action is played; the member
        of a practice table ends it."""
        table = self.get(table_id)
        if table.row.meta.practice and user == table.host:
            await self.close(table_id, "ended")  # nobody else is playing: leaving a practice table ends it
            return None
        if table.status == "lobby":
            await self.leave_lobby(table_id, user)
            return None
        seat = table.seat_of(user)
        if seat is None:
            raise TableError("error.not_a_player")
        leave_action = optional_member(table.game, "leave_action")
        action = leave_action(table.state, seat) if leave_action is not None else None
        if action is None:
            raise TableError("error.no_leaving")
        return await self.act(table_id, user, action)

    async def hand_to_computer(self, table_id: int, seat: int, name: str) -> Table:
        """A computer player takes over a member's seat for the rest of the game (the member is absent, or
        was removed). The member is remembered as having played, so the result still counts against them."""
        table = self.get(table_id)
        async with table.lock:
            if table.status != "playing":
                raise TableError("error.not_running")
            if seat in table.computer_seats or not 0 <= seat < len(table.users):
                raise TableError("error.not_a_player")
            member = table.users[seat]
            user = min([-1, *table.users]) - 1  # a negative id no seat has had
            table.users[seat] = user
            table.locales[seat] = None
            await self.store.set_seats(table.id, table.users, table.locales)
            meta = table.row.meta
            meta.names[user] = name
            meta.computer_seats = sorted({*meta.computer_seats, seat})
            meta.replaced[seat] = member
            await self.save_meta(table)
        log.info("table %s: a computer takes over seat %d", table.id, seat)
        return table

    async def save_meta(self, table: Table) -> None:
        """Store the table's meta as it is now (its fields are changed in place first)."""
        await self.store.update_table(table.id, self.clock(), meta=table.row.meta)

    async def set_thread(self, table: Table, thread: int) -> None:
        table.row.thread = thread
        await self.store.update_table(table.id, self.clock(), thread=thread)

    async def set_host(self, table: Table, host: int) -> None:
        table.row.host = host
        await self.store.update_table(table.id, self.clock(), host=host)

    async def start(self, table_id: int, user: int, *, hold: bool = False) -> Table:
        """Deal the game and take its opening automatic steps; the opening and those steps are published in
        order. `hold`: publishing waits for `release(table_id)` (the lobby first moves the table to a thread)."""
        table = self.get(table_id)
        async with table.lock:
            if table.status != "lobby":
                raise TableError("error.already_started")
            if user != table.host:
                raise TableError("error.host_only")
            game = table.game
            if len(table.users) < game.min_players:
                raise TableError("error.too_few_players", min=game.min_players, have=len(table.users))
            table.state = game.setup(len(table.users), dict(table.row.options), SeededRng(table.row.seed, 0))
            table.seq = 0
            now = self.clock()
            lease = self.lease(table)
            try:
                await self.store.save_start(table.id, game.dump(table.state), now, lease=lease)
            except LeaseLostError as exc:
                raise self._lease_refused(table, lease, exc) from exc
            table.row.status = "playing"
            log.info("table %s: %s started with %d players", table.id, game.id, len(table.users))
            if hold:
                self.runtimes.of(table.id).outbox.held += 1
            self._publish(Opening(table=table, state=table.state))
            if self.listener is not None:
                table.row.meta.published = -1  # the opening is still to be published
                await self.store.update_table(table.id, now, meta=table.row.meta)
            await self._advance_locked(table)
            self._schedule(table, automatic=False)
        return table

    async def close(self, table_id: int, reason: str) -> Table:
        """End a lobby or a game without an outcome (cancelled, ended by the host)."""
        table = self.get(table_id)
        async with table.lock:
            if table.status not in ("lobby", "playing"):
                raise TableError("error.table_gone")
            status = "cancelled" if table.status == "lobby" else "ended"
            lease = self.lease(table)
            try:
                await self.store.update_table(table.id, self.clock(), status=status, lease=lease)
            except LeaseLostError as exc:
                raise self._lease_refused(table, lease, exc) from exc
            table.row.status = status
            self._end(table, Closing(table=table, reason=reason))
        log.info("table %s: closed (%s)", table.id, reason)
        return table

    # --- play -------------------------------------------------------------------------------

    async def act(self, table_id: int, user: int | None, action: dict[str, Any],
                  expect_seq: int | None = None, stand_in: bool = False) -> Change:
        """Apply one action for `user` (None = the game master); raises IllegalAction or TableError.

        `expect_seq`: the action was chosen for the table at that sequence number (a computer's
        move); if anything was played since, it is refused with StaleMove, checked under the lock."""
        table = self.get(table_id)
        with self.metrics.acting(table.game.id):
            async with table.lock:
                if expect_seq is not None and table.seq != expect_seq:
                    raise StaleMove(expect_seq, table.seq)
                try:
                    return await self._act_locked(table, user, action, stand_in=stand_in)
                except StoreUnavailableError as exc:
                    # Nothing was played: the action, its snapshot and the table's status are one
                    # transaction, and the table in memory changes only once it is committed.
                    log.warning("table %s: the database cannot be reached; %s refused: %s", table.id,
                                action.get("type"), exc)
                    raise StoreDown() from exc

    async def _act_locked(
        self, table: Table, user: int | None, action: dict[str, Any], automatic: bool = True, stand_in: bool = False
    ) -> Change:
        if table.status != "playing":
            raise TableError("error.not_running")
        seat: int | None = None
        if user is not None:
            seat = table.seat_of(user)
            if seat is None:
                raise TableError("error.not_a_player")
        at = self.clock()
        stamped = {**action, "at": at}
        seq = table.seq + 1
        before = table.state
        after = table.game.apply(before, seat, stamped, SeededRng(table.row.seed, seq))
        outcome = table.game.outcome(after)
        status = "finished" if outcome is not None else None
        lease = self.lease(table)
        try:
            with self.metrics.transaction("append_action"):
                await self.store.append_action(table.id, seq, seat, stamped, at, table.game.dump(after),
                                               status=status, lease=lease)
        except LeaseLostError as exc:
            raise self._lease_refused(table, lease, exc) from exc
        table.state, table.seq = after, seq
        self.metrics.applied(table, action.get("type"))
        log.info("table %s: seat %s %s (seq %d)", table.id, seat, action.get("type"), seq)
        if outcome is not None:
            table.row.status = "finished"
            await self._record_outcome(table, outcome)
        change = Change(table=table, seat=seat, action=stamped, before=before, after=after, seq=seq, stand_in=stand_in)
        if outcome is not None:
            self._end(table, change)
            return change
        self._publish(change)
        if automatic:
            await self._advance_locked(table)
        self._schedule(table, automatic=False)
        return change

    def _end(self, table: Table, last: Publication) -> None:
        """The table is over: it leaves the open tables, `last` is published after everything queued before it,
        and its runtime ends (its clocks stop now; it closes once the outbox has published `last`)."""
        self.tables.pop(table.id, None)
        self._publish(last)
        self.runtimes.end(table.id)

    def _automatic(self, table: Table) -> dict[str, Any] | None:
        auto_action = optional_member(table.game, "auto_action")
        if auto_action is None or table.status != "playing" or table.state is None:
            return None
        action: dict[str, Any] | None = auto_action(table.state)
        return action

    async def advance(self, table_id: int) -> None:
        """Take every automatic game-master step that is due (the engine's `auto_action`)."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            await self._advance_locked(table)

    def _pass_due(self, table: Table) -> tuple[int, dict[str, Any]] | None:
        return pass_due(table, table.state) if table.status == "playing" else None

    async def _advance_locked(self, table: Table) -> None:
        """The game master's automatic steps, and the members' passes (each logged like any action), until none is
        due: under the same lock as the action before them, so the board drawn next shows them all."""
        for _ in range(AUTO_STEPS_LIMIT):
            action = self._automatic(table)
            user: int | None = None
            if action is None:
                due = self._pass_due(table)
                if due is None:
                    return
                user, action = table.users[due[0]], due[1]
            try:
                await self._act_locked(table, user, action, automatic=False, stand_in=user is not None)
            except IllegalAction as exc:
                log.error("table %s: the automatic step %s was refused: %s", table.id, action, exc)
                return
            except TableMoved:
                return  # another process runs the table now (its shard's lease was lost): it takes the step
            except StoreUnavailableError:
                # The action before it is stored; this step is taken once the database answers again.
                log.warning("table %s: the database cannot be reached; the automatic step waits", table.id)
                self.runtimes.of(table.id).start("deadline", self._advance_later(table.id, RETRY_SECONDS[-1] / 4))
                return
        log.error("table %s: more than %d automatic steps in a row; stopping", table.id, AUTO_STEPS_LIMIT)

    async def _record_outcome(self, table: Table, outcome: Any) -> None:
        meta = table.row.meta
        if meta.practice:
            return  # a practice table (/game learn) counts for no leaderboard, no member's record and no rating
        humans = [u for s, u in enumerate(table.users) if s not in table.computer_seats]
        winners = {table.users[s] for s in outcome.winners if s not in table.computer_seats}
        points = {table.users[s]: float(p) for s, p in outcome.scores.items() if s not in table.computer_seats}
        # A member whose seat a computer took over (absent, or kicked) played this game and did not win it.
        humans += [u for u in table.row.meta.replaced.values() if u not in humans]
        at = self.clock()
        await self.store.record_result(table.row.guild, table.game.id, humans, winners, points,
                                       table=table.id, at=at)
        match = match_of(outcome, table.users, computer_seats=table.computer_seats, replaced=meta.replaced,
                         ref=reference().of(table.game.id))
        if match is not None:
            try:
                await self.store.record_rating(table.row.guild, table.game.id, table.id, match, at)
            except StoreUnavailableError:
                # The game itself is stored and finished: only this rating update is lost, logged.
                log.exception("table %s: the rating update could not be stored", table.id)

    async def _advance_later(self, table_id: int, wait: float) -> None:
        await asyncio.sleep(wait)
        await self.advance(table_id)

    # --- publishing ------------------------------------------------------------------------

    def _publish(self, item: Publication) -> None:
        """Queue what the table must post; its outbox's task posts it after everything queued before."""
        if self.listener is None:
            return
        runtime = self.runtimes.of(item.table.id)
        runtime.outbox.queue.append(item)
        self._drain_soon(runtime)

    def release(self, table_id: int) -> None:
        """Let a held outbox publish (see `start(hold=True)` and `resume_all`)."""
        runtime = self.runtimes.get(table_id)
        if runtime is not None and runtime.outbox.held:
            runtime.outbox.held -= 1
            self._drain_soon(runtime)

    def release_all(self) -> None:
        """Once the bot is ready after a (re)start: publish what the resumed tables had not published."""
        for runtime in self.runtimes:
            runtime.outbox.held = 0
            self._drain_soon(runtime)

    def _drain_soon(self, runtime: TableRuntime[Publication]) -> None:
        box = runtime.outbox
        if box.held or not box.queue or runtime.task("outbox") is not None:
            return
        runtime.start("outbox", self._drain(runtime))

    async def _drain(self, runtime: TableRuntime[Publication]) -> None:
        box = runtime.outbox
        while box.queue and not box.held:
            item = box.current = box.queue.popleft()
            listener = self.listener
            try:
                if listener is None:
                    pass
                elif isinstance(item, Change):
                    await listener.table_changed(item)
                elif isinstance(item, Opening):
                    await listener.table_started(item)
                else:
                    await listener.table_closed(item.table, item.reason)
            except Exception:
                # The action is stored; a failed post must not undo it or stop what comes after it.
                log.exception("table %s: publishing %s failed", runtime.table_id, type(item).__name__)
            if not isinstance(item, Closing):
                await self._published(item.table, item.seq if isinstance(item, Change) else 0)
            box.current = None

    def unpublished(self, table_id: int) -> list[Publication]:
        """What the table has stored but not yet published, in order (nothing while its outbox is held: it waits)."""
        runtime = self.runtimes.get(table_id)
        box = runtime.outbox if runtime is not None else None
        return box.unpublished() if box is not None and not box.held else []

    async def _published(self, table: Table, seq: int) -> None:
        """Remember that the table's log up to `seq` is published (a restart publishes what comes after)."""
        try:
            table.row.meta.published = seq
            await self.save_meta(table)
        except StoreUnavailableError:
            log.warning("table %s: the database cannot be reached; seq %d is published but not marked so",
                        table.id, seq)

    async def drained(self, table_id: int | None = None, seconds: float | None = None) -> bool:
        """Wait until the table's outbox (every outbox: None) has published everything it can; False if
        `seconds` ran out first. A held outbox counts as done: it waits for its release."""

        async def one(runtime: TableRuntime[Publication]) -> None:
            while not runtime.outbox.held and (runtime.outbox.queue or runtime.task("outbox") is not None):
                task = runtime.task("outbox")
                if task is not None:
                    await asyncio.wait({task})
                else:
                    await asyncio.sleep(0)

        found = self.runtimes.get(table_id) if table_id is not None else None
        runtimes = [found] if found is not None else [] if table_id is not None else list(self.runtimes)
        return await all_within([one(runtime) for runtime in runtimes], seconds)

    # --- timers -----------------------------------------------------------------------------

    def timer(self, table_id: int) -> asyncio.Task[None] | None:
        """The table's timer (its runtime's "deadline" task) while it runs."""
        runtime = self.runtimes.get(table_id)
        return runtime.task("deadline") if runtime is not None else None

    def _schedule(self, table: Table, automatic: bool = True) -> None:
        """The table's timer (its runtime's "deadline" task), in place of the one before: a due automatic step
        now, else a time-out at the engine's deadline, else none."""
        runtime = self.runtimes.of(table.id)
        runtime.cancel("deadline")
        if table.status != "playing":
            return
        if automatic and self._automatic(table) is not None:
            # An automatic step is due (a restart came between an action and its step): take it now.
            runtime.start("deadline", self.advance(table.id))
            return
        deadline = table.game.deadline(table.state)
        if deadline is not None:
            runtime.start("deadline", self._fire_at(table.id, deadline, table.seq))

    async def _fire_at(self, table_id: int, deadline: float, seq: int) -> None:
        delay = deadline - self.clock()
        if delay > 0:
            await asyncio.sleep(delay)
        table = self.tables.get(table_id)
        if table is None:
            return
        for attempt in itertools.count():
            async with table.lock:
                if table.seq != seq or table.status != "playing":
                    return  # something else happened first and set its own timer
                try:
                    await self._act_locked(table, None, {"type": "timeout"})
                except IllegalAction as exc:
                    log.warning("table %s: timeout refused: %s", table_id, exc)
                    return  # the engine says the deadline has nothing to do: no retry
                except TableMoved:
                    return  # its shard's lease was lost: the process that holds it now fires the time-out
                except StoreUnavailableError:
                    # The deadline fell due while the database is down: it fires once the database is back.
                    wait = RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)]
                    log.warning("table %s: the database cannot be reached; the time-out is tried again in %s s",
                                table_id, wait)
                else:
                    return
            await asyncio.sleep(wait)

    # --- restart ----------------------------------------------------------------------------

    async def resume_all(self, shards: Shards | None = None) -> list[Table]:
        """Load every open table of this process's shards (or of `shards`: a shard whose lease was just taken) from
        its snapshot and reschedule its clock; a table already loaded is left as it is."""
        with collector_paused():
            return await self._resume_all(shards)

    async def _resume_all(self, shards: Shards | None) -> list[Table]:
        resumed = []
        for row, seats, snap in await self.store.open_tables_with_state(shards or self.shards):
            if row.id in self.tables:
                continue
            game = self.registry.get(row.game)
            if game is None:
                log.error("table %s: unknown game %s, not resumed", row.id, row.game)
                continue
            table = Table(row=row, game=game, users=[u for u, _ in seats], locales=[loc for _, loc in seats])
            if row.status == "playing":
                if snap is None:
                    log.error("table %s: no snapshot, not resumed", row.id)
                    continue
                table.seq, data = snap
                table.state = game.load(data)
            self.tables[row.id] = table
            if row.status == "playing" and self.listener is not None:
                await self._catch_up(table)
            self._schedule(table)
            resumed.append(table)
        log.info("resumed %d tables", len(resumed))
        return resumed

    async def _catch_up(self, table: Table) -> None:
        """Queue (held until `release_all`) what this table stored but had not published when the bot
        stopped: its opening and every action after the meta's `published`, rebuilt from the action log."""
        published = table.row.meta.published
        if published is None or published >= table.seq:
            return  # all published (or a table from before the outbox: nothing is known to be missing)
        game, seed = table.game, table.row.seed
        try:
            state = game.setup(len(table.users), dict(table.row.options), SeededRng(seed, 0))
            items: list[Publication] = [Opening(table=table, state=state)] if published < 0 else []
            for seq, seat, action, _at in await self.store.actions(table.id):
                before, state = state, game.apply(state, seat, action, SeededRng(seed, seq))
                if seq > published:
                    items.append(Change(table=table, seat=seat, action=action, before=before, after=state, seq=seq))
            if game.dump(state) != game.dump(table.state):
                raise ValueError("the action log does not rebuild the snapshot")
        except Exception:
            log.exception("table %s: what was not published before the restart cannot be rebuilt", table.id)
            return
        box = self.runtimes.of(table.id).outbox
        box.held += 1  # Discord is not ready yet: `release_all` from on_ready
        box.queue.extend(items)
        log.info("table %s: %d unpublished moment(s) will be published", table.id, len(items))

    async def replay(self, table_id: int) -> Any:
        """Rebuild a table's state from its action log alone (checks the snapshot)."""
        row = await self.store.get_table(table_id)
        if row is None:
            raise TableError("error.table_gone")
        game = self.registry[row.game]
        seats = await self.store.seats(table_id)
        state = game.setup(len(seats), dict(row.options), SeededRng(row.seed, 0))
        for seq, seat, action, _at in await self.store.actions(table_id):
            state = game.apply(state, seat, action, SeededRng(row.seed, seq))
        return state

    async def shutdown(self) -> None:
        """Stop every table's tasks (timers, outboxes, turn clocks, computers, paced boards): what was not
        published is published after the restart."""
        self.runtimes.close_all()
