"""What a change posts leaves the table's lock: seven families answer at once while Discord is slow, and a
restart publishes what was stored but not yet posted."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.app import GameMasterBot
from bot.testkit.clicks import table_of
from bot.testkit.junta import open_table
from bot.tables import Change
from bot.testkit.world import World, custom_id
from games.core.rng import SeededRng
from games.junta import GAME
from games.junta.ai import choose as family_choice

LATENCY = 0.3  # seconds of (virtual) time every Discord call of the bot takes, besides interaction replies
READY = {"type": "ready"}


def slow_discord(bot: GameMasterBot, calls: list[str]) -> None:
    """Every REST call of this bot (posts, edits, DMs; not the replies to interactions, which go their own
    way) waits LATENCY first, as a far-away or busy Discord does; each call is noted when it is made."""
    original: Callable[..., Awaitable[Any]] = bot.http.request

    async def request(route: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(LATENCY)
        calls.append(f"{route.method} {route.path}")
        return await original(route, **kwargs)

    bot.http.request = request  # type: ignore[method-assign]


async def to_the_window(world: World, table_id: int) -> None:
    """Play the families' own choices through the service (no clicks: the opening is covered elsewhere)
    until all seven are asked at once whether they are ready (the card window after a vote)."""
    for step in range(600):
        table = table_of(world, table_id)
        waiting = GAME.to_act(table.state)
        if len(waiting) == 7 and all(READY in GAME.legal_actions(table.state, s) for s in waiting):
            return
        seat = min(waiting)
        action = family_choice(table.state, seat, SeededRng(11, step))
        assert action is not None
        await world.bot.service.act(table_id, table.users[seat], action)
    raise AssertionError("no moment where all seven families are asked at once")


async def click_ready(world: World, table_id: int, seat: int) -> Any:
    table = table_of(world, table_id)
    member = next(p for p in world.players if p.id == table.users[seat])
    board = world.board()
    return await member.click(board, custom_id=custom_id(board, r"^g:\d+:ready:"))


async def seven(world: World) -> int:
    """A table of seven members (the world's four and three more)."""
    for name in ("ilaria", "marco", "teresa"):
        world.players.append(world.guild.add_member(world.env.create_user(name)))
    table_id = await open_table(world, humans=7)
    await to_the_window(world, table_id)
    await world.env.settle()
    return table_id


def published_seqs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sequence number of every change any bot of the test has finished publishing, in that order."""
    done: list[int] = []
    original = GameMasterBot.table_changed

    async def table_changed(self: GameMasterBot, change: Change) -> None:
        await original(self, change)
        done.append(change.seq)

    monkeypatch.setattr(GameMasterBot, "table_changed", table_changed)
    return done


async def test_seven_families_answer_at_once_while_discord_is_slow(world: World,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """With every Discord call taking 0.3 s, each family's click is stored and acknowledged at once, without
    waiting for the posts of the clicks before it; then everything is published once, in order, and the board
    shows the table's last moment."""
    table_id = await seven(world)
    table = table_of(world, table_id)
    published = published_seqs(monkeypatch)
    calls: list[str] = []
    slow_discord(world.bot, calls)
    first = table.seq
    for k, seat in enumerate(sorted(GAME.to_act(table.state))):
        result = await click_ready(world, table_id, seat)
        assert result.response is not None  # the click is answered by itself
        assert table.seq >= first + k + 1, "a click waited for the posts of the clicks before it"
    assert GAME.view(table.state, None)["pending"].get("timing") != "AFTER_ROUND_1"  # all seven were ready
    assert not calls and not published  # nothing could be posted yet: Discord is slow and time stands still
    await world.env.advance_time(120 * LATENCY)
    assert await world.bot.service.drained(table_id, seconds=10)
    assert published == list(range(first + 1, table.seq + 1))  # each change once, in the order it happened
    assert calls, "the posts went out once the clock moved"
    assert table.row.meta["published"] == table.seq
    assert table.row.meta["board_seq"] == table.seq  # the board shows the table as it is now


async def test_a_restart_publishes_what_was_stored_but_not_posted(world: World, db_path: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Four families are ready and stored while their posts still wait; the bot restarts; the new bot
    publishes what the old one had not, in order, and the last three families close the window."""
    table_id = await seven(world)
    table = table_of(world, table_id)
    published = published_seqs(monkeypatch)
    slow_discord(world.bot, [])
    seats = sorted(GAME.to_act(table.state))
    before = table.seq
    for seat in seats[:4]:
        await click_ready(world, table_id, seat)
    stored = table.seq
    assert stored == before + 4 and table.row.meta["published"] == before and not published
    await world.restart(db_path)  # the old bot's posts never went out
    resumed = table_of(world, table_id)
    assert resumed.seq == stored
    assert await world.bot.service.drained(table_id, seconds=10)
    assert published == list(range(before + 1, stored + 1))
    assert resumed.row.meta["published"] == stored
    for seat in seats[4:]:
        await click_ready(world, table_id, seat)
    assert await world.bot.service.drained(table_id, seconds=10)
    assert published == list(range(before + 1, resumed.seq + 1))
    assert GAME.view(resumed.state, None)["pending"].get("timing") != "AFTER_ROUND_1"
