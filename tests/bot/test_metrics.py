"""Metrics: /metrics in Prometheus's text format and /healthz, scraped over HTTP while SimCord plays a game;
the bad inputs of [metrics] at start."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.app import GameMasterBot
from bot.metrics import Metrics, MetricsServer
from bot.tables import TableError
from tests.bot.cogs.polls_kit import fast_legal_chooser, human_move, new_game_against_computer
from tests.bot.conftest import World, _made
from tests.bot.helpers import open_table
from tests.bot.process_kit import run_bot

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


@pytest.fixture
def bot_settings() -> dict[str, Any]:
    return {"metrics_port": 0}  # any free port on 127.0.0.1


@pytest.fixture(autouse=True)
async def stop_metrics() -> AsyncIterator[None]:
    """SimCord never calls `bot.close()`: the endpoints of the test's bots are stopped here."""
    yield
    for bot in _made:
        if bot.metrics_server is not None:
            await bot.metrics_server.stop()


def base(bot: GameMasterBot) -> str:
    assert bot.metrics_server is not None, "metrics are on"
    return f"http://127.0.0.1:{bot.metrics_server.port}"


async def get(url: str) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, response.headers.get("Content-Type", ""), await response.text()


async def scrape(bot: GameMasterBot) -> Samples:
    status, kind, text = await get(base(bot) + "/metrics")
    assert status == 200 and kind.startswith("text/plain; version=")
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(samples: Samples, name: str, **labels: str) -> float:
    """The sum of the samples of `name` whose labels include `labels` (0 when there is none)."""
    wanted = set(labels.items())
    return sum(v for (n, found), v in samples.items() if n == name and wanted <= found)


async def test_the_counters_move_during_a_game_against_the_computer(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """A member plays Polls against the computer: between two scrapes the actions applied (by game and kind),
    the reply, board and store latencies, the computer's thinking, the live table, Discord's HTTP responses
    and a refusal by its message id have all moved; the shard is connected and /healthz says 200."""
    fast_legal_chooser(monkeypatch)
    bot = world.bot
    before = await scrape(bot)
    assert value(before, "tablemaster_actions_applied_total") == 0
    assert value(before, "tablemaster_shard_connected", shard="0") == 1

    host = world.players[0]
    table_id = await new_game_against_computer(world)
    rng = random.Random(5)
    for _ in range(6):
        if not await human_move(world, host, table_id, rng):
            await world.env.settle()
    with pytest.raises(TableError):
        await bot.service.act(table_id, world.outsider.id, {"type": "end_turn"})  # not a player of the table
    await world.env.settle()
    after = await scrape(bot)

    applied = value(after, "tablemaster_actions_applied_total", game="polls")
    assert applied >= 6
    assert value(after, "tablemaster_actions_applied_total", game="polls", kind="end_turn") >= 1
    stored = bot.service.tables[table_id].seq
    assert applied == stored  # every action stored, the computer's and the automatic steps included
    assert value(after, "tablemaster_refusals_total", game="polls", message_id="error.not_a_player") == 1
    assert value(after, "tablemaster_action_reply_seconds_count", game="polls") >= 7  # the refusal is a reply too
    assert value(after, "tablemaster_action_board_seconds_count", game="polls") >= 1
    assert value(after, "tablemaster_store_transaction_seconds_count", operation="append_action") == stored
    assert value(after, "tablemaster_computer_think_seconds_count", game="polls") >= 1
    assert value(after, "tablemaster_live_tables", game="polls", status="playing") == 1
    posted = ("tablemaster_discord_http_responses_total", {"route": "POST /channels/{channel_id}/messages"})
    assert value(after, posted[0], **posted[1], status="2xx") > value(before, posted[0], **posted[1], status="2xx")
    routes = {dict(labels)["route"] for name, labels in after if name == "tablemaster_discord_http_responses_total"}
    assert all(not any(ch.isdigit() for ch in route) for route in routes), routes  # templates, never ids
    assert value(after, "tablemaster_shard_connected", shard="0") == 1

    status, _kind, text = await get(base(bot) + "/healthz")
    assert (status, text) == (200, "ok\n")


async def test_pending_deadlines_count_the_tables_with_a_clock(world: World) -> None:
    """A Spyfall round runs on a clock: one pending deadline, one live table; none once it is ended."""
    table_id = await open_table(world)
    samples = await scrape(world.bot)
    assert value(samples, "tablemaster_pending_deadlines", game="spyfall") == 1
    assert value(samples, "tablemaster_live_tables", game="spyfall", status="playing") == 1
    await world.bot.service.close(table_id, "ended")
    samples = await scrape(world.bot)
    assert value(samples, "tablemaster_pending_deadlines") == 0
    assert value(samples, "tablemaster_live_tables") == 0


async def test_healthz_is_503_when_the_database_or_discord_is_away(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """/healthz: 503 with one line saying why when Discord is not connected, or when the database does
    not answer; /metrics is still served."""
    bot = world.bot
    assert (await get(base(bot) + "/healthz"))[0] == 200
    monkeypatch.setattr(GameMasterBot, "is_ready", lambda self: False)
    assert await get(base(bot) + "/healthz") == (503, "text/plain; charset=utf-8", "not connected to Discord yet\n")
    monkeypatch.undo()

    assert bot.store is not None
    await bot.store.close()
    status, _kind, text = await get(base(bot) + "/healthz")
    assert status == 503 and text.startswith("the database does not answer") and text.count("\n") == 1
    assert (await get(base(bot) + "/metrics"))[0] == 200


async def test_discord_http_responses_are_counted_by_route_template_and_status() -> None:
    """The request wrapper names the route by its template; a response the session's trace saw (a 429 that
    discord.py retried, then the 200) is counted once each, an error without a trace by its status, and an
    interaction's callback without its token."""
    metrics = Metrics()
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=123)

    class Http:
        async def request(self, route: Any, **kwargs: Any) -> Any:
            if kwargs.get("fail"):
                raise discord.HTTPException(type("R", (), {"status": 500, "reason": "x"})(), "boom")
            metrics._seen("POST", "/api/v10/channels/123/messages", "429")  # what the trace sees
            metrics._seen("POST", "/api/v10/channels/123/messages", "200")
            return {"id": "1"}

    http = Http()
    metrics.instrument(http)
    assert await http.request(route) == {"id": "1"}
    with pytest.raises(discord.HTTPException):
        await http.request(route, fail=True)
    metrics._seen("POST", "/api/v10/interactions/99/secret-token/callback", "204")
    text = metrics.exposition().decode()
    assert 'route="POST /channels/{channel_id}/messages",status="429"} 1.0' in text
    assert 'route="POST /channels/{channel_id}/messages",status="200"} 1.0' in text
    assert 'route="POST /channels/{channel_id}/messages",status="500"} 1.0' in text
    # The labels only: a sample's value (a `_created` timestamp) may hold any digits, the channel's id among them.
    labels = "\n".join(re.findall(r"\{[^}]*\}", "\n".join(
        line for line in text.splitlines() if not line.startswith("#"))))
    assert 'status="2xx"' not in labels and "secret-token" not in labels and "123" not in labels
    assert 'route="POST /interactions/{interaction_id}/{interaction_token}/callback",status="204"} 1.0' in text


async def test_a_429_that_discord_py_retries_is_counted_through_its_session(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With discord.py's own HTTPClient (its session traced as the bot's is), against a server answering a
    429 then 200: both responses are counted under the route's template, once each."""
    from aiohttp import web

    def answer(data: dict[str, Any], status: int = 200, **headers: str) -> web.Response:
        return web.Response(body=json.dumps(data).encode(), status=status,
                            headers={"Content-Type": "application/json", **headers})  # as Discord says it

    answers = [answer({"message": "You are being rate limited.", "retry_after": 0.01, "global": False}, 429,
                      Via="1.1 google"), answer({"id": "1"})]

    async def messages(request: web.Request) -> web.Response:
        return answers.pop(0)

    async def me(request: web.Request) -> web.Response:
        return answer({"id": "7", "username": "bot"})

    app = web.Application()
    app.router.add_post("/api/v10/channels/{channel}/messages", messages)
    app.router.add_get("/api/v10/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    metrics = Metrics()
    http = discord.http.HTTPClient(asyncio.get_running_loop(), http_trace=metrics.http_trace())
    metrics.instrument(http)
    try:
        await http.static_login("token")
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=555)
        assert await http.request(route, json={"content": "hi"}) == {"id": "1"}
    finally:
        await http.close()
        await runner.cleanup()
    text = metrics.exposition().decode()
    assert 'route="POST /channels/{channel_id}/messages",status="429"} 1.0' in text
    assert 'route="POST /channels/{channel_id}/messages",status="200"} 1.0' in text
    assert 'route="GET /users/@me",status="200"} 1.0' in text
    # (the id could appear inside a timestamp by chance: only route labels are looked at)
    assert not re.search(r'route="[^"]*555', text), text


async def test_a_host_beyond_loopback_is_allowed_with_one_warning(caplog: pytest.LogCaptureFixture) -> None:
    """[metrics] host = "0.0.0.0" serves (on every address) and logs one warning; 127.0.0.1 logs none."""
    for host, warnings in (("127.0.0.1", 0), ("0.0.0.0", 1)):
        caplog.clear()
        server = MetricsServer(Metrics(), host, 0)
        with caplog.at_level(logging.INFO, logger="bot.metrics"):
            await server.start()
        try:
            status, _kind, _text = await get(f"http://127.0.0.1:{server.port}/metrics")
            assert status == 200
        finally:
            await server.stop()
        found = [r for r in caplog.records if r.name == "bot.metrics" and r.levelno == logging.WARNING]
        assert len(found) == warnings, [r.getMessage() for r in found]
        if warnings:
            assert "0.0.0.0" in found[0].getMessage()


def test_a_taken_metrics_port_stops_the_bot_with_one_sentence(tmp_path: Path) -> None:
    """A port another program listens on: exit code 2 and one sentence, before the database or Discord."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_bot(tmp_path, f"[metrics]\nport = {port}\n")
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == (f"The metrics port 127.0.0.1:{port} is already taken by another program: "
                                   "choose another [metrics] port (or METRICS_PORT), or stop that program.")
    assert not (tmp_path / "data").exists()


def test_an_out_of_range_metrics_port_stops_the_bot_with_one_sentence(tmp_path: Path) -> None:
    """A port past 65535: exit code 2 and the sentence naming the key, before anything starts."""
    done = run_bot(tmp_path, "[metrics]\nport = 70000\n")
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == ("metrics.port must be a whole number from 1 to 65535 (a free TCP port, such as "
                                   "9108), not the number 70000.")
    assert not (tmp_path / "data").exists()
