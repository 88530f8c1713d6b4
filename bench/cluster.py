"""Three bot processes on one PostgreSQL: forwarded DM clicks, a process killed, nothing lost or doubled.

Run:  .venv/bin/python -m bench.cluster [--tables 3000] [--rate 20] [--seconds 20] [--lease 10]
                                        [--postgres-url postgresql://…]

`--tables` running Spyfall tables are spread over the guilds of 3 shards. Three OS processes (`--node`), one per
shard, each run what a bot process runs for the cluster (bot/cluster.py): the store, the table service resuming its
shard's tables, the shard lease (renewed every third of `--lease`) and the forwarder on LISTEN/NOTIFY; no Discord.
DM clicks arrive on shard 0's process (Discord sends every DM to shard 0) at `--rate` per second, each for a random
table of any shard; shard 0 plays its own and forwards the others to their owner, which plays a legal move of a
member of that table (as the forwarded interaction would) and notes the time since the click left shard 0.
After `--seconds`, shard 2's process is killed (SIGKILL) and its replacement (the same shard) is started at once, as
an orchestrator restarts it: it waits for the dead process's lease to run out, then takes it and resumes its tables.
The clicks go on for another `--seconds` plus the lease timeout.

Reports (never asserts): forwarded click → played and answered, p50/p99; seconds from the kill until a table of the
killed shard plays again; actions lost (answered but not in the log) or doubled (one log position answered twice);
statements per second that renew leases; REST calls per forwarded action, by kind — channel posts, board edits,
DMs, other calls (all against Discord's global limit of 50 a second per bot token) and the interaction answers
(exempt) — counted on SimCord's virtual Discord afterwards, with the real bot of shard 0 receiving the DMs and the
real bot of shard 1 beside it (`rest_per_action`; the processes above have no Discord to count).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from bench._common import Metric, header, percentile, print_metrics
from bench._postgres import database

SHARDS = 3
KILLED = 2  # the shard whose process is killed (not 0: it receives the DMs)
REST_ACTIONS = 20  # forwarded member actions whose REST calls are counted on SimCord


def guild_of(shard: int, k: int) -> int:
    return ((shard + SHARDS * (k + 1)) << 22) | 4242


# --- one process (--node) ---------------------------------------------------------------------------


async def node(url: str, shard: int, lease: float) -> None:
    """A bot process of one shard, without Discord; commands on stdin, events on stdout (JSON lines)."""
    from bot.cluster import Cluster, Forwarder, Raw, table_named
    from bot.store import Shards, Store
    from bot.tables import TableError, TableService
    from games.core.protocol import IllegalAction

    shards = Shards(SHARDS, (shard,))
    store = await Store.connect(url)
    service = TableService(store, shards=shards)
    cluster = Cluster(store, shards, seconds=lease, owner=f"node{shard}-{os.getpid()}")
    service.fence = cluster

    def say(**event: Any) -> None:
        print(json.dumps(event), flush=True)

    async def gained(s: int) -> None:
        taken = time.time()
        tables = await service.resume_all(Shards(SHARDS, (s,)))
        say(event="gained", shard=s, tables=len(tables), at=taken, took=time.time() - taken)

    async def lost(s: int) -> None:
        service.drop_shard(shards, s)

    cluster.on_gained, cluster.on_lost = gained, lost
    renewals = 0
    original_renew = store.renew_leases

    async def counted(*args: Any, **kwargs: Any) -> set[int]:
        nonlocal renewals
        renewals += 1
        return await original_renew(*args, **kwargs)

    store.renew_leases = counted  # type: ignore[method-assign]

    async def play(table_id: int, sent: float, forwarded: bool) -> None:
        table = service.tables.get(table_id)
        if table is None:
            say(event="gone", table=table_id)
            return
        for seat in range(len(table.users)):
            moves = [a for a in table.legal_actions(seat) if a.get("type") not in ("leave", "accuse")]
            if moves:
                try:
                    change = await service.act(table_id, table.users[seat], moves[0])
                except (IllegalAction, TableError) as exc:
                    say(event="refused", table=table_id, why=str(exc))
                    return
                say(event="played", table=table_id, seq=change.seq, forwarded=forwarded,
                    ms=(time.time() - sent) * 1000, at=time.time(), shard=shard)
                return
        say(event="no_move", table=table_id)

    def accept(table_id: int, user: int) -> str | None:
        table = service.tables.get(table_id)
        return None if table is not None and user in table.users else "no such table or seat here"

    def handle(raw: Raw) -> None:
        table_id = table_named(raw)
        assert table_id is not None
        asyncio.get_running_loop().create_task(play(table_id, float(raw["sent"]), True))

    forwarder = Forwarder(url.replace("postgresql://", "postgresql://", 1), cluster, accept=accept, handle=handle)
    await forwarder.start()
    await cluster.start()
    say(event="ready", shard=shard, held=sorted(cluster.held))

    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    pending: set[asyncio.Task[None]] = set()
    while line := await reader.readline():
        command = json.loads(line)
        if command["do"] == "stop":
            break
        table_id, guild, sent = int(command["table"]), int(command["guild"]), time.time()
        if table_id in service.tables:  # a DM click of a table this process runs: played here
            task = loop.create_task(play(table_id, sent, False))
        else:
            task = loop.create_task(forward(forwarder, table_id, guild, int(command["user"]), sent, say))
        pending.add(task)
        task.add_done_callback(pending.discard)
    await asyncio.gather(*pending, return_exceptions=True)
    say(event="stopped", renewals=renewals, held=sorted(cluster.held))
    await forwarder.stop()
    await cluster.stop()
    await service.shutdown()
    await store.close()


async def forward(forwarder: Any, table: int, guild: int, user: int, sent: float, say: Any) -> None:
    raw = {"id": str(random.getrandbits(60)), "type": 3, "token": "bench", "user": {"id": str(user)},
           "data": {"custom_id": f"g:{table}:bench:0", "component_type": 2}, "sent": sent}
    if not await forwarder.forward(raw, table, guild):
        say(event="moving", table=table, at=time.time())  # answered "press again" here


# --- REST calls per forwarded action, on SimCord's virtual Discord -------------------------------------


def acknowledged(result: Any) -> bool:
    return bool(result.acknowledged)


def played_once(table: Any) -> bool:
    return bool(table.seq >= 1)


def kind_of(method: str, path: str, dm_channels: set[int]) -> str:
    """What a REST call is, for Discord's global limit: an interaction's answer (callback or follow-up, exempt),
    a DM (a post in, or the opening of, a DM channel), a channel post, a message edit, or something else."""
    if path.startswith(("/interactions/", "/webhooks/")):
        return "answers"
    if path == "/users/@me/channels":
        return "dms"
    parts = path.split("/")
    if len(parts) >= 4 and parts[1] == "channels" and parts[3] == "messages":
        dm = parts[2].isdigit() and int(parts[2]) in dm_channels
        if method == "POST" and len(parts) == 4:
            return "dms" if dm else "posts"
        if method == "PATCH":
            return "dms" if dm else "edits"
    return "other"


async def rest_per_action(url: str, actions: int) -> dict[str, dict[str, float]]:
    """REST calls per forwarded member action, by kind, on SimCord's virtual Discord: shard 0's bot runs with
    SimCord's gateway and receives every DM; shard 1's runs beside it by REST only (bot/testkit/cluster.py), as the
    cluster tests run them. SimCord's request log gives the calls of both bots from the member's first press until
    the owner is drained. Two actions, `actions` times each, on tables of a shard-1 guild:
    - "junta give": "Give a card" on the family panel in the member's DMs (the picker, then the pick: two forwarded
      interactions), on a table of four members in a guild channel;
    - "practice": the first button of a Polls practice table in the member's DMs (its computers left thinking:
      their turns are not the member's action)."""
    import discord
    import simcord

    from bot.cogs import junta as junta_cog
    from bot.testkit.clicks import actions_of, choose, group_for
    from bot.testkit.cluster import beside, until
    from bot.testkit.world import components, custom_id, make_bot
    from bot.ui.practice import computer_names, players_for

    receiver = make_bot(url, shard_count=2, shard_ids=(0,))
    counts: dict[str, dict[str, int]] = {"junta give": {}, "practice": {}}
    done = {"junta give": 0, "practice": 0}

    def count(scenario: str, env: simcord.Env, before: int) -> None:
        done[scenario] += 1
        dms = {c.id for c in env.backend.channels.values() if getattr(c, "type", None) == 1}
        for request in env.http_requests[before:]:
            kind = kind_of(request.method, request.path, dms)
            counts[scenario][kind] = counts[scenario].get(kind, 0) + 1

    async with simcord.run(receiver, check_errors=False) as env:
        owner = await beside(env, make_bot(url, shard_count=2, shard_ids=(1,), practice_pace=3600.0))
        service = owner.service
        try:
            guild = env.create_guild("Far", shard_id=1)
            for k in range(actions):
                channel = guild.create_text_channel(f"games{k}")
                players = [guild.add_member(env.create_user(f"junta{k}-{n}")) for n in range(4)]
                table = await service.create_lobby("junta", guild=guild.id, channel=channel.id, host=players[0].id,
                                                   options={})
                for player in players[1:]:
                    await service.join(table.id, player.id)
                await service.start(table.id, players[0].id)
                await service.drained(table.id)
                member: Any = players[0].user
                panel: Any = member.dm_channel.last_message
                before = len(env.http_requests)
                opened: Any = await member.click(panel, custom_id=custom_id(panel, rf"^g:{table.id}:give_card:"))
                await until(partial(acknowledged, opened))
                choices = actions_of(table, group_for(junta_cog.UI, {"type": "give_card"}), 0)
                picked: Any = await choose(member, opened, choices[0], 0)
                await until(partial(acknowledged, picked))
                await service.drained(table.id)
                count("junta give", env, before)

                member = guild.add_member(env.create_user(f"practice{k}")).user
                dm = await owner.create_dm(discord.Object(member.id))
                table = await service.open_practice(
                    "polls", guild=guild.id, place=dm.id, member=member.id, name=f"practice{k}", locale="en",
                    computers=computer_names("en", players_for(service.registry["polls"]) - 1), options={})
                service.release(table.id)
                await service.drained(table.id)
                buttons = [(m, c.custom_id) for m in member.dm_channel.history() for c in components(m)
                           if str(getattr(c, "custom_id", "")).startswith(f"g:{table.id}:")]
                if not buttons:
                    continue  # a computer plays first at this table: the member has no button yet
                board, button = buttons[0]
                before = len(env.http_requests)
                pressed: Any = await member.click(board, custom_id=button)
                await until(partial(acknowledged, pressed))
                await until(partial(played_once, table))
                await service.drained(table.id)
                count("practice", env, before)
        finally:
            await service.drained(seconds=5)
            await owner.close()
            await receiver.close_store()
    print(f"   REST counted on SimCord: {done['junta give']} Junta gifts, {done['practice']} practice presses, each "
          "forwarded from shard 0 to shard 1")
    return {scenario: {kind: n / max(done[scenario], 1) for kind, n in found.items()}
            for scenario, found in counts.items()}


def rest_metrics(per_action: dict[str, dict[str, float]]) -> list[Metric]:
    metrics = []
    for scenario, found in per_action.items():
        counted = sum(n for kind, n in found.items() if kind != "answers")
        metrics += [
            Metric(f"REST per forwarded action ({scenario}): channel posts", found.get("posts", 0.0), None, ""),
            Metric(f"REST per forwarded action ({scenario}): board edits", found.get("edits", 0.0), None, ""),
            Metric(f"REST per forwarded action ({scenario}): DMs", found.get("dms", 0.0), None, ""),
            Metric(f"REST per forwarded action ({scenario}): other", found.get("other", 0.0), None, ""),
            Metric(f"REST per forwarded action ({scenario}): against the global limit", counted, None, "",
                   "50/s per bot token, all processes together"),
            Metric(f"REST per forwarded action ({scenario}): interaction answers (exempt)",
                   found.get("answers", 0.0), None, ""),
        ]
    return metrics


# --- the run ----------------------------------------------------------------------------------------


@dataclass
class Process:
    shard: int
    popen: subprocess.Popen[str]
    events: list[dict[str, Any]] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None


async def spawn(url: str, shard: int, lease: float) -> Process:
    popen = subprocess.Popen([sys.executable, "-m", "bench.cluster", "--node", str(shard), "--url", url,
                              "--lease", str(lease)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             bufsize=1)
    process = Process(shard, popen)

    async def read() -> None:
        assert popen.stdout is not None
        while True:
            line = await asyncio.to_thread(popen.stdout.readline)
            if not line:
                return
            with contextlib.suppress(ValueError):
                process.events.append(json.loads(line))

    process.reader = asyncio.get_running_loop().create_task(read())
    return process


def send(process: Process, command: dict[str, Any]) -> None:
    if process.popen.stdin is not None and process.popen.poll() is None:
        with contextlib.suppress(BrokenPipeError):
            process.popen.stdin.write(json.dumps(command) + "\n")
            process.popen.stdin.flush()


async def until(check: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def make_tables(url: str, count: int) -> dict[int, tuple[int, list[int]]]:
    """`count` running 3-player Spyfall tables over the guilds of every shard, written in bulk as the table service
    writes them (the table, its seats, the game master's opening steps in the log, the snapshot): table → (guild,
    members)."""
    import json

    from bot.meta import TableMeta
    from bot.store import Store
    from games import REGISTRY
    from games.core.rng import SeededRng

    game = REGISTRY["spyfall"]
    store = await Store.connect(url)
    made: dict[int, tuple[int, list[int]]] = {}
    now = time.time()
    meta = json.dumps(TableMeta().to_json())
    for first in range(0, count, 1000):
        rows = []
        for k in range(first, min(first + 1000, count)):
            guild = guild_of(k % SHARDS, k // SHARDS)
            rows.append((guild, 10_000 + 10 * k, 1 + k))
        async with store.backend.write() as db:
            ids = [int((await db.fetch(
                "INSERT INTO tables (game, guild, channel, host, seed, options, status, created, updated, meta)"
                " VALUES ('spyfall', ?, ?, ?, ?, '{}', 'playing', ?, ?, ?) RETURNING id",
                (guild, guild + host, host, seed, now, now, meta)))[0]["id"]) for guild, host, seed in rows]
            seats, actions, snapshots = [], [], []
            for table, (guild, host, seed) in zip(ids, rows, strict=True):
                members = [host, host + 1, host + 2]
                made[table] = (guild, members)
                seats += [(table, seat, user, None) for seat, user in enumerate(members)]
                state, seq = game.setup(3, {}, SeededRng(seed, 0)), 0
                while (step := game.auto_action(state)) is not None:  # type: ignore[attr-defined]
                    seq += 1
                    stamped = {**step, "at": now}
                    state = game.apply(state, None, stamped, SeededRng(seed, seq))
                    actions.append((table, seq, None, json.dumps(stamped), now))
                snapshots.append((table, seq, json.dumps(game.dump(state))))
            await db.executemany('INSERT INTO seats ("table", seat, "user", locale) VALUES (?, ?, ?, ?)', seats)
            await db.executemany('INSERT INTO actions ("table", seq, seat, action, at) VALUES (?, ?, ?, ?, ?)',
                                 actions)
            await db.executemany('INSERT INTO snapshots ("table", seq, state) VALUES (?, ?, ?)', snapshots)
    await store.close()
    return made


async def check_log(url: str, answered: list[tuple[int, int]]) -> tuple[int, int, int]:
    """(lost, doubled, tables whose log and snapshot disagree) of the answered (table, seq) pairs."""
    from bot.store import Store

    store = await Store.connect(url)
    async with store.backend.read() as db:
        rows = await db.fetch('SELECT "table", seq FROM actions')
        snaps = await db.fetch('SELECT "table", seq FROM snapshots')
    await store.close()
    logged: dict[int, list[int]] = {}
    for r in rows:
        logged.setdefault(int(r["table"]), []).append(int(r["seq"]))
    lost = sum(1 for table, seq in set(answered) if seq not in logged.get(table, []))
    doubled = len(answered) - len(set(answered))
    snapshot = {int(r["table"]): int(r["seq"]) for r in snaps}
    torn = sum(1 for table, seqs in logged.items()
               if sorted(seqs) != list(range(1, len(seqs) + 1)) or snapshot.get(table) != max(seqs))
    return lost, doubled, torn


async def measure(url: str, tables: int, rate: float, seconds: float, lease: float) -> list[Metric]:
    started = time.perf_counter()
    made = await make_tables(url, tables)
    print(f"   {len(made)} tables made in {time.perf_counter() - started:.1f} s")
    processes = [await spawn(url, shard, lease) for shard in range(SHARDS)]
    ready = await until(lambda: all(any(e.get("event") == "ready" for e in p.events) for p in processes), 120)
    if not ready:
        raise RuntimeError("the processes did not start")
    await until(lambda: all(any(e.get("event") == "gained" for e in p.events) for p in processes), 120)
    ids = sorted(made)
    receiver = processes[0]
    rng = random.Random(7)
    killed_at: float | None = None
    replacement: Process | None = None
    clicking = time.monotonic()
    end = clicking + 2 * seconds + lease + 3
    sent = 0
    while time.monotonic() < end:
        table = rng.choice(ids)
        guild, members = made[table]
        send(receiver, {"do": "click", "table": table, "guild": guild, "user": rng.choice(members)})
        sent += 1
        if killed_at is None and time.monotonic() - clicking >= seconds:
            processes[KILLED].popen.send_signal(signal.SIGKILL)
            killed_at = time.time()
            replacement = await spawn(url, KILLED, lease)
        await asyncio.sleep(1 / rate)
    everyone = [*processes, *([replacement] if replacement else [])]
    for process in everyone:
        send(process, {"do": "stop"})
    for process in everyone:
        with contextlib.suppress(subprocess.TimeoutExpired):
            await asyncio.to_thread(process.popen.wait, 30)
        if process.reader is not None:
            await process.reader
    events = [e for p in everyone for e in p.events]
    played = [e for e in events if e.get("event") == "played"]
    forwarded = [e["ms"] for e in played if e["forwarded"]]
    moving = [e for e in events if e.get("event") == "moving"]
    back = [e["at"] for e in played if e["shard"] == KILLED and killed_at is not None and e["at"] > killed_at]
    failover = (min(back) - killed_at) if back and killed_at is not None else float("nan")
    lost, doubled, torn = await check_log(url, [(e["table"], e["seq"]) for e in played])
    stops = [e for e in events if e.get("event") == "stopped"]
    renewals = sum(e["renewals"] for e in stops)
    duration = time.monotonic() - clicking
    if replacement is not None and killed_at is not None:
        for e in replacement.events:
            if e.get("event") == "gained":
                print(f"   the replacement took shard {KILLED}'s lease {e['at'] - killed_at:.1f} s after the kill and "
                      f"resumed its {e['tables']} tables in {e['took']:.1f} s")
    print(f"   {sent} clicks sent to shard 0 ({rate:g}/s); played {len(played)} ({len(forwarded)} forwarded), "
          f"answered 'press again' {len(moving)}; renewals {renewals} in {duration:.0f} s; torn logs {torn}")
    return [
        Metric("cluster: forwarded click → played and answered, p50", percentile(forwarded, 50), None, "ms"),
        Metric("cluster: forwarded click → played and answered, p99", percentile(forwarded, 99), 500, "ms"),
        Metric("cluster: kill -9 → its tables play again", failover, lease + 2, "s",
               f"lease timeout {lease:g} s"),
        Metric("cluster: actions lost", float(lost), 0, ""),
        Metric("cluster: actions doubled", float(doubled), 0, ""),
        Metric("cluster: lease renewals per second (3 processes)", renewals / duration, None, "/s"),
    ]


def run(tables: int = 3000, rate: float = 20.0, seconds: float = 20.0, lease: float = 10.0,
        postgres_url: str | None = None) -> list[Metric]:
    header(f"cluster: {SHARDS} processes, {tables} tables, DM clicks on shard 0 at {rate:g}/s")
    with database(postgres_url) as url:
        if url is None:
            return [Metric("cluster: not measured (no PostgreSQL)", float("nan"), None, "")]
        metrics = asyncio.run(measure(url, tables, rate, seconds, lease))
    with database(postgres_url) as url:  # a fresh database: the bots of this count (2) meet no lease of 3 shards
        if url is not None:
            metrics += rest_metrics(asyncio.run(rest_per_action(url, REST_ACTIONS)))
    print_metrics("metric / measured / target", metrics)
    return metrics


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=3000, help="live tables in all (default 3000)")
    parser.add_argument("--rate", type=float, default=20.0, help="DM clicks per second on shard 0 (default 20)")
    parser.add_argument("--seconds", type=float, default=20.0, help="clicking before the kill, and after (default 20)")
    parser.add_argument("--lease", type=float, default=10.0, help="the lease timeout in seconds (default 10)")
    parser.add_argument("--postgres-url", default=None, help="a PostgreSQL server to use (default: one started here)")
    parser.add_argument("--node", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--url", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.node is not None:
        asyncio.run(node(args.url, args.node, args.lease))
        return 0
    run(args.tables, args.rate, args.seconds, args.lease, args.postgres_url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
