"""Several bot processes on one PostgreSQL database: who runs which shard's tables, and clicks sent to the owner.

- `Cluster`: the shard leases of this process (docs/decisions.md, "Shard leases"). A process runs a shard's
  tables only while it holds the shard's lease, a row of `shard_leases` with its owner and an epoch that changes
  at every takeover; it renews its leases every third of the lease timeout, in one statement, and every write of
  a table's action checks the lease at its epoch in the same transaction (`Store.append_action(lease=…)`). A lease
  lost (not renewed, taken over, a write refused) drops that shard's tables from memory and stops their tasks.
- `Forwarder`: a click (or a DM command) for a table another process runs is sent to that process over
  PostgreSQL's LISTEN/NOTIFY; the owner says it took it and answers the interaction itself by REST with its
  token; when nobody takes it in time the receiver answers with one sentence ("press again").

With SQLite (one process) neither exists: the process runs every table, as before.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import logging
import os
import re
import socket
import time
import uuid
import zlib
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any

import asyncpg

from bot.metrics import Metrics
from bot.store import Holder, Lease, Shards, Store, StoreError

log = logging.getLogger(__name__)

Pause = Callable[[float], Awaitable[None]]

LEASE_SECONDS = 30.0  # the default lease timeout (`[bot] lease_timeout`): a dead process's shards wait this long
WAITING_TRY = 1.0  # seconds between two tries of a process waiting for a lease
FORWARD_SECONDS = 1.2  # a forwarded click not taken by then is answered "press again" (Discord allows 3 s)
CHANNEL = "tablemaster_cluster"  # the NOTIFY channel every process of this bot listens on
APP = "tablemaster"
VERSION = 1
NOTIFY_LIMIT = 7900  # PostgreSQL refuses a NOTIFY payload of 8000 bytes or more
TABLE_ID = re.compile(r"^[a-z]+:(\d+)(?::|$)")  # every control's custom_id starts with its table id

Raw = dict[str, Any]  # an INTERACTION_CREATE payload as the gateway delivered it


def new_owner() -> str:
    """A name for this process in the lease table: the machine, the process and a random part (a restarted process
    on the same machine is another owner)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def table_named(raw: Mapping[str, Any]) -> int | None:
    """The table a component's or a modal's custom_id names (None for anything else)."""
    data = raw.get("data")
    custom_id = data.get("custom_id") if isinstance(data, Mapping) else None
    found = TABLE_ID.match(custom_id) if isinstance(custom_id, str) else None
    return int(found.group(1)) if found else None


def user_of(raw: Mapping[str, Any]) -> int | None:
    """The member who used an interaction (a DM's `user`, a guild's `member.user`)."""
    user = raw.get("user") or (raw.get("member") or {}).get("user")
    try:
        return int(user["id"]) if isinstance(user, Mapping) else None
    except (KeyError, TypeError, ValueError):
        return None


class Cluster:
    """This process's shard leases. `on_gained(shard)` resumes a shard's tables, `on_lost(shard)` drops them."""

    def __init__(self, store: Store, shards: Shards, *, seconds: float = LEASE_SECONDS, owner: str | None = None,
                 metrics: Metrics | None = None, pause: Pause = asyncio.sleep) -> None:
        self.store = store
        self.shards = shards
        self.seconds = seconds
        self.pause = pause  # the wait between two ticks (a harness with a virtual clock puts its own)
        self.owner = owner or new_owner()
        self.metrics = metrics if metrics is not None else Metrics()
        self.held: dict[int, Lease] = {}
        self.metrics.leases_held(0)  # from now on /healthz wants a lease: a process that starts as a standby is 503
        self.on_gained: Callable[[int], Coroutine[Any, Any, None]] | None = None
        self.on_lost: Callable[[int], Coroutine[Any, Any, None]] | None = None
        self._waiting: dict[int, str] = {}  # shard -> the holder last logged, so that waiting is said once
        self._resumed: dict[int, asyncio.Event] = {}  # shard -> set once its tables are loaded after taking it
        self._task: asyncio.Task[None] | None = None
        self._tick_lock = asyncio.Lock()
        self.stopped = False

    def lease_of(self, guild: int) -> Lease | None:
        """The lease this process holds for a guild's shard, if it holds it."""
        return self.held.get(self.shards.of(guild))

    def holds(self, shard: int) -> bool:
        return shard in self.held

    async def start(self) -> None:
        """Take what can be taken now, then keep renewing and taking in the background."""
        await self.tick()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="shard leases")

    async def _run(self) -> None:
        while not self.stopped:
            # A waiting process tries every second (at most): a dead holder's shards are taken within about a second
            # of its lease running out, not a third of the timeout later.
            waiting = len(self.held) < len(self.shards.ids)
            await self.pause(min(self.seconds / 3, WAITING_TRY) if waiting else self.seconds / 3)
            await self.tick()

    async def tick(self) -> None:
        """Renew the leases held (one statement), then try to take the shards not held."""
        async with self._tick_lock:
            if self.stopped:
                return
            try:
                await self._renew()
                for shard in self.shards.ids:
                    if shard not in self.held:
                        await self._take(shard)
            except StoreError as exc:
                # The database is away: the tables stay (their clicks are refused as "can't be reached", their timers
                # retry), since no write can reach it either. If another process takes a shard meanwhile, the first
                # renewal or write that reaches the database again finds another epoch, and the shard is dropped.
                log.warning("shard leases: the database cannot be reached; trying again (%s)", exc)

    async def _renew(self) -> None:
        leases = list(self.held.values())
        if not leases:
            return
        kept = await self.store.renew_leases(leases, self.seconds)
        self.metrics.lease_renewed()
        for lease in leases:
            if lease.epoch not in kept and self.held.get(lease.shard) == lease:
                self.lost(lease.shard, "another process took its lease")

    async def _take(self, shard: int) -> None:
        got = await self.store.take_lease(self.shards.count, shard, self.owner, self.seconds)
        if isinstance(got, Holder):
            if self._waiting.get(shard) != got.owner:
                self._waiting[shard] = got.owner
                other = f" (shard count {got.count}: a change of the shard count is under way)" \
                    if got.count != self.shards.count else ""
                log.warning("shard %d: waiting for its lease, held by %s%s for %.0f s more unless renewed", shard,
                            got.owner, other, max(got.seconds_left, 0))
            return
        self._waiting.pop(shard, None)
        self.held[shard] = got
        self.metrics.leases_held(len(self.held))
        log.warning("shard %d: lease taken (epoch %d); running its tables", shard, got.epoch)
        resumed = self._resumed[shard] = asyncio.Event()
        try:
            if self.on_gained is not None:
                await self.on_gained(shard)
        except Exception:
            log.exception("shard %d: resuming its tables failed", shard)
        finally:
            resumed.set()

    def resuming(self, shard: int) -> bool:
        """Whether a shard just taken is still loading its tables."""
        event = self._resumed.get(shard)
        return event is not None and not event.is_set()

    async def resumed(self, shard: int, seconds: float) -> None:
        """Wait (at most `seconds`) until a shard just taken has its tables loaded: a click forwarded meanwhile
        finds them."""
        event = self._resumed.get(shard)
        if event is not None and not event.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), seconds)

    def lost(self, shard: int, why: str) -> None:
        """This process no longer holds the shard: its tables are dropped (once, whoever notices first)."""
        lease = self.held.pop(shard, None)
        if lease is None:
            return
        self.metrics.lease_lost()
        self.metrics.leases_held(len(self.held))
        log.error("shard %d: lease lost at epoch %d (%s); its tables are no longer run here", shard, lease.epoch, why)
        if self.on_lost is not None:
            # Its own task: the caller may be one of the tasks the drop cancels (a timer's write refused).
            asyncio.get_running_loop().create_task(self.on_lost(shard), name=f"drop shard {shard}")

    async def stop(self, release: bool = True) -> None:
        """Stop renewing; with `release`, give the leases back so that a waiting process takes them at once."""
        self.stopped = True
        async with self._tick_lock:  # a tick under way ends first: never cancelled inside its transaction
            if self._task is not None:
                self._task.cancel()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if release and self.held:
            with contextlib.suppress(StoreError):
                await self.store.release_leases(self.owner)
        self.held.clear()
        self.metrics.leases_held(0)

    async def holder(self, guild: int) -> Lease | None:
        """Whoever holds a guild's shard now (a live lease of this shard count), as the database says."""
        shard = self.shards.of(guild)
        for lease, left in await self.store.leases():
            if lease.count == self.shards.count and lease.shard == shard and left > 0:
                return lease
        return None


def _pack(raw: Raw) -> str:
    return base64.b64encode(zlib.compress(json.dumps(raw, separators=(",", ":")).encode(), 6)).decode()


def _unpack(text: str) -> Raw:
    raw = json.loads(zlib.decompress(base64.b64decode(text.encode(), validate=True)))
    if not isinstance(raw, dict):
        raise ValueError("not an interaction")
    return raw


def click_message(key: str, sender: str, owner: Lease, table: int, user: int, raw: Raw) -> dict[str, Any]:
    """What a forwarded click says: who sends it to whom, the lease (and epoch) it was sent under, the table, the
    member and the interaction itself (compressed: a click's message with its components is long)."""
    return {"app": APP, "v": VERSION, "kind": "click", "key": key, "from": sender, "to": owner.owner,
            "count": owner.count, "shard": owner.shard, "epoch": owner.epoch, "table": table, "user": user,
            "sent": time.time(), "raw": _pack(raw)}


class Refused(Exception):
    """A forwarded click this process will not take; the message says why (logged)."""


class Forwarder:
    """Clicks between processes over LISTEN/NOTIFY on one connection of its own.

    `accept(table, user)` says why the owner refuses a click (None: it takes it), `handle(raw)` plays it here as if
    the gateway had delivered it."""

    def __init__(self, url: str, cluster: Cluster, *, accept: Callable[[int, int], str | None],
                 handle: Callable[[Raw], None], seconds: float = FORWARD_SECONDS,
                 metrics: Metrics | None = None) -> None:
        self.url = url
        self.cluster = cluster
        self.accept = accept
        self.handle = handle
        self.seconds = seconds
        self.metrics = metrics if metrics is not None else cluster.metrics
        self._conn: asyncpg.Connection | None = None
        self._numbers = itertools.count(1)
        # key -> the wait of a forwarded click: a sleep of the forward timeout, cancelled when the owner says it took
        # the click. A plain sleep rather than a future with a timeout: a harness with a virtual clock (SimCord)
        # advances a sleep, while a timed wait on a bare future never settles there.
        self._taken: dict[str, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._conn = await asyncpg.connect(self.url)
        await self._conn.add_listener(CHANNEL, self._heard)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close()
            self._conn = None

    async def _notify(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, separators=(",", ":"))
        if len(text.encode()) > NOTIFY_LIMIT:
            raise Refused(f"the message is {len(text.encode())} bytes, more than NOTIFY takes")
        if self._conn is None:
            raise Refused("the forwarder is not started")
        # On a pooled connection: the listening one runs one statement at a time, and clicks go out together.
        async with self.cluster.store.backend.read() as db:
            await db.execute("SELECT pg_notify(?, ?)", (CHANNEL, text))

    async def forward(self, raw: Raw, table: int, guild: int) -> bool:
        """Send a click for `table` (of `guild`) to the process that runs it; True once it said it took it."""
        user = user_of(raw)
        try:
            owner = await self.cluster.holder(guild)
            if owner is None or user is None:
                raise Refused("no process holds the table's shard" if owner is None else "the click names no user")
            key = f"{self.cluster.owner}/{next(self._numbers)}"
            wait = self._taken[key] = asyncio.get_running_loop().create_task(asyncio.sleep(self.seconds))
            self.metrics.forwarded("sent")
            await self._notify(click_message(key, self.cluster.owner, owner, table, user, raw))
            try:
                await wait
            except asyncio.CancelledError:
                current = asyncio.current_task()
                if current is not None and current.cancelling():
                    raise  # this forward was cancelled, not its wait ended by the owner's answer
            if not wait.cancelled():
                log.warning("table %s: no process took the forwarded click within %g s", table, self.seconds)
                self.metrics.forwarded("timed_out")
                return False
        except (Refused, StoreError, asyncpg.PostgresError, OSError) as exc:
            log.warning("table %s: a click could not be forwarded: %s", table, exc)
            self.metrics.forwarded("timed_out")
            return False
        finally:
            if "key" in locals():
                left = self._taken.pop(key, None)
                if left is not None:
                    left.cancel()
        self.metrics.forwarded("answered")
        return True

    def _heard(self, conn: Any, pid: int, channel: str, payload: str) -> None:
        try:
            message = json.loads(payload)
        except ValueError:
            message = None
        if not isinstance(message, dict) or message.get("app") != APP or message.get("v") != VERSION:
            log.warning("cluster channel: a message was refused: it is not a message of this bot: %.80r", payload)
            return
        if message.get("to") != self.cluster.owner:
            return  # every process hears every message: this one is for another
        if message.get("kind") == "taken":
            waiting = self._taken.get(str(message.get("key")))
            if waiting is not None and not waiting.done():
                waiting.cancel()  # the click was taken: its wait ends
            return
        task = asyncio.get_running_loop().create_task(self._take(message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _take(self, message: dict[str, Any]) -> None:
        try:
            if isinstance(message.get("shard"), int):
                await self.cluster.resumed(message["shard"], self.seconds / 2)
            raw = self.check(message)
            await self._notify({"app": APP, "v": VERSION, "kind": "taken", "key": message["key"],
                                "from": self.cluster.owner, "to": message["from"]})
        except (Refused, StoreError, asyncpg.PostgresError, OSError) as exc:
            log.warning("a forwarded click was refused: %s", exc)
            return
        self.handle(raw)

    def check(self, message: Mapping[str, Any]) -> Raw:
        """The interaction a forwarded click carries, if this process takes it; else Refused with the reason."""
        if message.get("kind") != "click":
            raise Refused(f"unknown kind {message.get('kind')!r}")
        try:
            count, shard, epoch = int(message["count"]), int(message["shard"]), int(message["epoch"])
            table, user, sent = int(message["table"]), int(message["user"]), float(message["sent"])
            raw = _unpack(str(message["raw"]))
        except (KeyError, TypeError, ValueError, zlib.error) as exc:
            raise Refused(f"a malformed message ({type(exc).__name__})") from exc
        lease = self.cluster.held.get(shard)
        if count != self.cluster.shards.count or lease is None or lease.epoch != epoch:
            held = f"epoch {lease.epoch}" if lease is not None else "not held here"
            raise Refused(f"table {table}: the message names shard {shard} of {count} at epoch {epoch} ({held})")
        if time.time() - sent > self.seconds:
            raise Refused(f"table {table}: the click came {time.time() - sent:.1f} s late; its sender answered it")
        if user_of(raw) != user or (table_named(raw) not in (None, table)):
            raise Refused(f"table {table}: the message and its interaction disagree")
        why = self.accept(table, user)
        if why is not None:
            raise Refused(f"table {table}: {why}")
        return raw
