"""Metrics for Prometheus on `/metrics`, and `/healthz` for orchestrators: off unless `[metrics] port` is set.

Every bot keeps its own registry (`Metrics`), so several bots in one process (tests) never mix their
series; the counters are always kept (a counter costs a dictionary look-up) and only served when a
port is configured. The table service counts actions, refusals and latencies, the presenter the
board edits, the computer players their thinking; Discord's HTTP responses are seen twice over, by a
wrapper around `HTTPClient.request` (which knows the route's template, never its ids) and by an
aiohttp trace on discord.py's session (which sees every response, the 429s discord.py retries on its
own included). Live tables, pending deadlines and the shards are read from the bot at each scrape.
"""

from __future__ import annotations

import asyncio
import contextvars
import errno
import ipaddress
import logging
import math
import socket
import time
from collections import Counter as Tally
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import aiohttp
import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from bot.config import Config
    from games.core.protocol import Game

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
HEALTH_TIMEOUT = 2.0  # seconds the database has to answer /healthz's query
# Seconds: a click answered in a few milliseconds up to a board stuck behind Discord's rate limits.
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
STORE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0)
THINK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
UNSHOWN_LIMIT = 64  # stored actions per table waiting for their board edit, at most


class MetricsError(Exception):
    """The metrics endpoint cannot be served; the message is the one sentence to show."""


@dataclass
class _Call:
    """One `HTTPClient.request` under way: its route bucket, and whether the trace saw a response for it."""

    route: str
    seen: bool = False


_CALL: contextvars.ContextVar[_Call | None] = contextvars.ContextVar("tablemaster_http_call", default=None)


class Counted(Protocol):
    """A table, as the series count it."""

    @property
    def id(self) -> int: ...

    @property
    def seq(self) -> int: ...

    @property
    def status(self) -> str: ...

    @property
    def game(self) -> Game: ...


class LiveTables(Protocol):
    """The table service, as a scrape reads it."""

    @property
    def tables(self) -> Mapping[int, Counted]: ...

    def timer(self, table_id: int) -> asyncio.Task[None] | None: ...


class Pinged(Protocol):
    async def ping(self) -> None: ...


class Observed(Protocol):
    """The bot, as its series and its health are read from it (its service and store may not be there yet)."""

    @property
    def accepting(self) -> bool: ...

    @property
    def config(self) -> Config: ...

    @property
    def metrics(self) -> Metrics: ...

    @property
    def service(self) -> LiveTables: ...

    @property
    def store(self) -> Pinged | None: ...

    @property
    def shards(self) -> Mapping[int, Any]: ...

    @property
    def latencies(self) -> list[tuple[int, float]]: ...

    def is_ready(self) -> bool: ...


class Metrics:
    """One bot's series, on its own registry."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=False)
        registry = self.registry
        self.actions = Counter("tablemaster_actions_applied", "Actions applied and stored, by game and kind "
                               "(the action's type; automatic steps and time-outs included).",
                               ["game", "kind"], registry=registry)
        self.refusals = Counter("tablemaster_refusals", "Actions refused, by game and the refusal's message id.",
                                ["game", "message_id"], registry=registry)
        self.reply = Histogram("tablemaster_action_reply_seconds", "From an action handed to its table to its "
                               "answer: applied, stored and published, or refused.", ["game"],
                               buckets=LATENCY_BUCKETS, registry=registry)
        self.board = Histogram("tablemaster_action_board_seconds", "From an action stored to the board message "
                               "showing it posted or edited (board pacing included).", ["game"],
                               buckets=LATENCY_BUCKETS, registry=registry)
        self.store = Histogram("tablemaster_store_transaction_seconds", "Store write transactions, by operation.",
                               ["operation"], buckets=STORE_BUCKETS, registry=registry)
        self.http = Counter("tablemaster_discord_http_responses", "Discord HTTP API responses by route bucket "
                            "(method and path template) and status (429s included; 2xx when only the outcome "
                            "is known, error when no response came).", ["route", "status"], registry=registry)
        self.think = Histogram("tablemaster_computer_think_seconds", "A computer player's time to choose a move.",
                               ["game"], buckets=THINK_BUCKETS, registry=registry)
        self.leases = Gauge("tablemaster_shard_leases_held", "Shard leases this process holds (PostgreSQL: it runs "
                            "the tables of those shards only).", registry=registry)
        self.lease_losses = Counter("tablemaster_shard_lease_losses", "Shard leases this process lost (not renewed "
                                    "in time, taken over, or a write refused by the fence).", registry=registry)
        self.lease_renewals = Counter("tablemaster_shard_lease_renewals", "Statements renewing this process's "
                                      "leases (one per renewal, whatever the number of leases).", registry=registry)
        self.forwards = Counter("tablemaster_forwarded_interactions", "Clicks and DM commands sent to the process "
                                "that runs their table: sent, answered (the owner took it) or timed_out (answered "
                                "here with 'press again').", ["outcome"], registry=registry)
        self.cluster_on = False  # a lease is required for health (PostgreSQL's several processes)
        self.held = 0
        self.bot: Observed | None = None
        self._unshown: dict[int, list[tuple[int, float]]] = {}  # table → (seq, stored at) not on its board yet

    def attach(self, bot: Observed) -> None:
        """Read live tables, deadlines and shards from `bot` at each scrape."""
        self.bot = bot
        self.registry.register(_LiveCollector(self))

    # --- the table service, the presenter, the computer players ---------------------------------

    @contextmanager
    def acting(self, game: str) -> Iterator[None]:
        """Around one action handed to a table: its reply latency, and its refusal if refused."""
        started = time.perf_counter()
        try:
            yield
        except Exception as exc:
            reason = getattr(exc, "message_id", None) or getattr(exc, "key", None)  # IllegalAction, TableError
            if isinstance(reason, str):
                self.refusals.labels(game, reason).inc()
            raise
        finally:
            self.reply.labels(game).observe(time.perf_counter() - started)

    def applied(self, table: Counted, kind: object) -> None:
        """An action of `table` (now at its sequence number) was stored."""
        self.actions.labels(table.game.id, str(kind)).inc()
        waiting = self._unshown.setdefault(table.id, [])
        if len(waiting) < UNSHOWN_LIMIT:
            waiting.append((table.seq, time.perf_counter()))

    def board_shown(self, table: Counted, seq: int) -> None:
        """The board of `table` showing its state at `seq` was posted or edited."""
        waiting = self._unshown.get(table.id)
        if not waiting:
            return
        now = time.perf_counter()
        histogram = self.board.labels(table.game.id)
        while waiting and waiting[0][0] <= seq:
            histogram.observe(now - waiting.pop(0)[1])
        if not waiting:
            del self._unshown[table.id]

    # --- shard leases and forwarding (bot/cluster.py) ----------------------------------------------

    def leases_held(self, count: int) -> None:
        self.cluster_on = True
        self.held = count
        self.leases.set(count)

    def lease_lost(self) -> None:
        self.lease_losses.inc()

    def lease_renewed(self) -> None:
        self.lease_renewals.inc()

    def forwarded(self, outcome: str) -> None:
        self.forwards.labels(outcome).inc()

    def transaction(self, operation: str) -> AbstractContextManager[Any]:
        """Times one store write transaction."""
        return self.store.labels(operation).time()

    def thinking(self, game: str) -> AbstractContextManager[Any]:
        """Times a computer player's choice."""
        return self.think.labels(game).time()

    # --- Discord's HTTP API -----------------------------------------------------------------------

    def instrument(self, http: Any) -> None:
        """Count the responses of `http.request` (discord.py's HTTPClient, or a test double of it) by route."""
        original: Callable[..., Awaitable[Any]] = http.request

        async def request(route: Any, **kwargs: Any) -> Any:
            call = _Call(f"{route.method} {route.path}")
            token = _CALL.set(call)
            status: str | None = None
            try:
                result = await original(route, **kwargs)
                status = "2xx"
                return result
            except discord.HTTPException as exc:
                status = str(exc.status)
                raise
            except discord.RateLimited:
                status = "429"
                raise
            except Exception:
                status = "error"
                raise
            finally:
                _CALL.reset(token)
                if status is not None and not call.seen:
                    self.http.labels(call.route, status).inc()

        http.request = request

    def http_trace(self) -> aiohttp.TraceConfig:
        """For discord.py's session (Client's `http_trace`): every response, retried 429s included."""
        trace = aiohttp.TraceConfig()
        trace.on_request_end.append(self._response)
        trace.on_request_exception.append(self._no_response)
        return trace

    async def _response(self, session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        self._seen(params.method, params.url.path, str(params.response.status))

    async def _no_response(self, session: Any, context: Any, params: aiohttp.TraceRequestExceptionParams) -> None:
        self._seen(params.method, params.url.path, "error")

    def _seen(self, method: str, path: str, status: str) -> None:
        call = _CALL.get()
        if call is not None:
            call.seen = True
            route = call.route
        elif "/interactions/" in path:  # interaction responses go through discord.py's webhook adapter
            route = f"{method} /interactions/{{interaction_id}}/{{interaction_token}}/callback"
        elif "/webhooks/" in path:  # follow-ups; never the path itself: it holds the interaction's token
            route = f"{method} /webhooks/{{webhook_id}}/{{webhook_token}}"
        else:
            return  # the gateway's connection, attachments from the CDN
        self.http.labels(route, status).inc()

    # --- serving ------------------------------------------------------------------------------------

    def exposition(self) -> bytes:
        return generate_latest(self.registry)

    async def health(self) -> tuple[bool, str]:
        """Whether the database answers and every shard of this process is connected, and a line saying so."""
        bot = self.bot
        store = getattr(bot, "store", None)
        if bot is None or store is None:
            return False, "the database is closed"
        try:
            await asyncio.wait_for(store.ping(), HEALTH_TIMEOUT)
        except TimeoutError:
            return False, f"the database did not answer within {HEALTH_TIMEOUT:g} seconds"
        except Exception as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            return False, f"the database does not answer ({reason})"
        if not getattr(bot, "accepting", True):
            return False, "stopping"
        if not bot.is_ready():
            return False, "not connected to Discord yet"
        if self.cluster_on and not self.held:
            return False, "waiting for a shard lease: another process runs this process's shards"
        down = [shard for shard, connected in _shards(bot) if not connected]
        if down:
            return False, f"shard {', '.join(str(s) for s in down)} not connected to Discord"
        return True, "ok"


def _shards(bot: Observed) -> list[tuple[int, bool]]:
    """Each shard this process runs (those it was given, and those it has) and whether it is connected."""
    found = {}
    for shard_id, info in bot.shards.items():
        try:
            found[shard_id] = not info.is_closed()
        except Exception:  # no gateway connection (yet)
            found[shard_id] = False
    for shard_id in bot.config.shard_ids or ():
        found.setdefault(shard_id, False)
    return sorted(found.items())


class _LiveCollector(Collector):
    """What is read from the bot at each scrape: live tables, pending deadlines, the shards."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterable[Metric]:
        bot = self.metrics.bot
        tables = GaugeMetricFamily("tablemaster_live_tables", "Open tables of this process, by game and status "
                                   "(lobby or playing).", labels=["game", "status"])
        deadlines = GaugeMetricFamily("tablemaster_pending_deadlines", "Tables of this process waiting on a "
                                      "scheduled deadline (a turn's time, a round's clock, an automatic step).",
                                      labels=["game"])
        connected = GaugeMetricFamily("tablemaster_shard_connected", "1 while the shard's gateway connection is "
                                      "open, else 0.", labels=["shard"])
        latency = GaugeMetricFamily("tablemaster_shard_latency_seconds", "The shard's gateway heartbeat latency.",
                                    labels=["shard"])
        service = getattr(bot, "service", None)
        if bot is not None and service is not None:
            live = list(service.tables.values())
            for (game, status), count in sorted(Tally((t.game.id, t.status) for t in live).items()):
                tables.add_metric([game, status], count)
            timed = Tally(t.game.id for t in live if service.timer(t.id) is not None)
            for game, count in sorted(timed.items()):
                deadlines.add_metric([game], count)
            for table_id in [t for t in self.metrics._unshown if t not in service.tables]:
                del self.metrics._unshown[table_id]  # gone before its board showed its last actions
        if bot is not None:
            for shard_id, up in _shards(bot):
                connected.add_metric([str(shard_id)], 1 if up else 0)
            for shard_id, seconds in bot.latencies:
                if math.isfinite(seconds):
                    latency.add_metric([str(shard_id)], seconds)
        return [tables, deadlines, connected, latency]


# --- the endpoint ---------------------------------------------------------------------------------


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on `host`:`port` (0: any free port); MetricsError with one sentence if it cannot be had."""
    where = f"{host}:{port}" if ":" not in host else f"[{host}]:{port}"
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                                 flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise MetricsError(f"The metrics host {host} is not an address to listen on ({_why(exc)}): "
                           "set [metrics] host to an address of this machine, such as 127.0.0.1.") from exc
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(100)  # claimed now: nobody else can take the port before the bot serves it
        sock.setblocking(False)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise MetricsError(f"The metrics port {where} is already taken by another program: choose another "
                               "[metrics] port (or METRICS_PORT), or stop that program.") from exc
        raise MetricsError(f"The metrics port {where} cannot be opened ({_why(exc)}): choose another [metrics] "
                           "port (or METRICS_PORT), or [metrics] host.") from exc
    return sock


def _why(exc: BaseException) -> str:
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return text[0].lower() + text[1:]


class MetricsServer:
    """`/metrics` and `/healthz` over HTTP, on the bot's event loop."""

    def __init__(self, metrics: Metrics, host: str = DEFAULT_HOST, port: int = 0,
                 sock: socket.socket | None = None) -> None:
        self.metrics = metrics
        self.host = host
        self.port = port
        self._sock = sock
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._scrape)
        app.router.add_get("/healthz", self._healthz)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            sock = self._sock or bind(self.host, self.port)
            self._sock = None
            await web.SockSite(runner, sock).start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        address = sock.getsockname()
        self.port = int(address[1])
        if not is_loopback(str(address[0])):
            log.warning("metrics are served on %s port %d, beyond this machine: keep that port behind a firewall "
                        "(Prometheus only needs to reach it)", self.host, self.port)
        log.info("metrics on http://%s:%d/metrics, health on /healthz", self.host, self.port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    async def _scrape(self, request: web.Request) -> web.Response:
        response = web.Response(body=self.metrics.exposition())
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response

    async def _healthz(self, request: web.Request) -> web.Response:
        healthy, line = await self.metrics.health()
        return web.Response(status=200 if healthy else 503, text=line + "\n")


async def serve(bot: Observed, sock: socket.socket | None = None) -> MetricsServer | None:
    """Start the bot's endpoint when `[metrics] port` is set (on `sock` when one was bound at start)."""
    if bot.config.metrics_port is None:
        return None
    server = MetricsServer(bot.metrics, bot.config.metrics_host, bot.config.metrics_port, sock)
    await server.start()
    return server
