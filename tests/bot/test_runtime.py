"""A table's runtime (bot/runtime.py): its tasks live in one place and stop together, and none outlives the table."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.runtime import Runtimes, TableRuntime
from tests.bot.conftest import World
from tests.bot.helpers import open_table
from tests.bot.ui import toy
from tests.bot.ui.toy_kit import open_toy


def table_tasks(table_id: int) -> list[asyncio.Task[Any]]:
    """Every task of the event loop that belongs to this table and has not ended."""
    return [task for task in asyncio.all_tasks() if task.get_name().startswith(f"table {table_id} ")]


async def forever() -> None:
    await asyncio.Event().wait()


async def until_set(event: asyncio.Event) -> None:
    await event.wait()


# --- the runtime on its own -----------------------------------------------------------------------


async def test_close_cancels_every_task_and_a_second_close_does_nothing() -> None:
    """Every slot's task is cancelled by one close; closing again raises nothing and changes nothing; a task
    asked for afterwards never runs."""
    closed: list[int] = []
    runtime: TableRuntime[str] = TableRuntime(7, lambda r: closed.append(r.table_id))
    started = [runtime.start(slot, forever()) for slot in ("deadline", "turn", "thinking", "outbox", "board")]
    runtime.outbox.queue.append("a change")
    await asyncio.sleep(0)
    runtime.close()
    await asyncio.sleep(0)
    assert all(task is not None and task.cancelled() for task in started)
    assert runtime.tasks() == [] and not runtime.outbox.queue and closed == [7]
    runtime.close()
    assert closed == [7]
    ran: list[bool] = []

    async def note() -> None:
        ran.append(True)

    assert runtime.start("board", note()) is None
    await asyncio.sleep(0)
    assert ran == [] and table_tasks(7) == []


async def test_a_new_task_in_a_slot_replaces_the_old_one() -> None:
    """Starting a slot's task cancels the one before it; the other slots are left alone."""
    runtime: TableRuntime[str] = TableRuntime(8)
    first, other = runtime.start("turn", forever()), runtime.start("board", forever())
    second = runtime.start("turn", forever())
    await asyncio.sleep(0)
    assert first is not None and first.cancelled()
    assert runtime.task("turn") is second and runtime.task("board") is other
    runtime.close()


async def test_a_timer_that_replaces_itself_is_not_cancelled_mid_way() -> None:
    """A slot's task that starts its own successor (a time-out setting the next deadline) runs to its end."""
    runtime: TableRuntime[str] = TableRuntime(9)
    finished: list[str] = []

    async def fire() -> None:
        runtime.start("deadline", forever())
        await asyncio.sleep(0)
        finished.append("fired")

    first = runtime.start("deadline", fire())
    assert first is not None
    await first
    assert finished == ["fired"] and runtime.task("deadline") not in (None, first)
    runtime.close()


async def test_an_ended_runtime_stops_its_clocks_and_closes_when_publishing_is_done() -> None:
    """At the end the game's clocks stop at once and cannot start again; the outbox and the board go on; once
    the last of them is done and nothing waits in the outbox, the runtime closes and leaves the registry."""
    runtimes: Runtimes[str] = Runtimes()
    runtime = runtimes.of(3)
    deadline, thinking = runtime.start("deadline", forever()), runtime.start("thinking", forever())
    publish, board = asyncio.Event(), asyncio.Event()
    runtime.start("outbox", until_set(publish))
    runtime.start("board", until_set(board))
    runtime.outbox.held = 1
    runtime.outbox.queue.append("the end, held")
    runtime.end()
    await asyncio.sleep(0)
    assert deadline is not None and deadline.cancelled() and thinking is not None and thinking.cancelled()
    assert runtime.start("turn", forever()) is None
    publish.set()
    board.set()
    await asyncio.sleep(0)
    assert not runtime.closed and runtimes.get(3) is runtime  # the held change is still to be published
    runtime.outbox.queue.clear()
    runtime.outbox.held = 0
    drained = runtime.start("outbox", asyncio.sleep(0))
    assert drained is not None
    await drained
    await asyncio.sleep(0)
    assert runtime.closed and runtimes.get(3) is None and table_tasks(3) == []


# --- the bot's tables -----------------------------------------------------------------------------


@pytest.mark.usefixtures("with_toy", "toy_passes_by_default")
async def test_a_finished_table_leaves_no_task_behind(world: World) -> None:
    """A toy game with a turn timer played to its end by the stand-in: while it runs its turn clock waits in
    its runtime; once it is over, no task of the table is left and its runtime is closed and forgotten;
    closing it again is harmless."""
    table_id = await open_toy(world, timer=60)
    runtime = world.bot.service.runtimes.get(table_id)
    assert runtime is not None and runtime.task("turn") is not None
    assert [task.get_name() for task in table_tasks(table_id)] == [f"table {table_id} turn"]
    for _ in range(toy.TURNS + 1):
        await world.env.advance_time(61)
    assert table_id not in world.bot.service.tables  # finished
    final = [m for m in world.channel.history() if m.embeds][-1]
    assert f"Toy — turn {toy.TURNS + 1}" in (final.embeds[0].title or "")  # the final board was posted
    assert runtime.closed and runtime.tasks() == [] and world.bot.service.runtimes.get(table_id) is None
    assert table_tasks(table_id) == []
    runtime.close()
    assert world.bot.service.runtimes.get(table_id) is None and table_tasks(table_id) == []


async def test_a_game_ended_by_its_host_leaves_no_task_behind(world: World) -> None:
    """A Spyfall round's clock waits in the table's runtime; the host ends the game: its farewell is posted,
    then no task of the table is left and its runtime is gone."""
    table_id = await open_table(world, minutes=3)
    runtime = world.bot.service.runtimes.get(table_id)
    assert runtime is not None and world.bot.service.timer(table_id) is not None
    await world.players[0].slash(world.channel, "game end")
    assert table_id not in world.bot.service.tables
    assert any("ended" in text for text in world.texts()[-2:])
    assert runtime.closed and table_tasks(table_id) == [] and world.bot.service.runtimes.get(table_id) is None
    await world.env.advance_time(4 * 60)  # the round's time would have run out: nothing wakes up
    assert table_tasks(table_id) == []


@pytest.mark.usefixtures("with_toy", "toy_passes_by_default")
async def test_the_bot_stopping_closes_every_table_runtime_once(world: World) -> None:
    """The bot's stop (as before a restart) cancels every table's tasks through its runtime; the second close
    (the store closed again) is harmless; the table stays open in the store for the next start."""
    table_id = await open_toy(world, timer=60)
    runtime = world.bot.service.runtimes.get(table_id)
    assert runtime is not None and table_tasks(table_id)
    await world.bot.service.shutdown()
    await asyncio.sleep(0)
    assert runtime.closed and table_tasks(table_id) == [] and list(world.bot.service.runtimes) == []
    await world.bot.service.shutdown()
    assert table_tasks(table_id) == []
    assert world.bot.store is not None
    assert [row.id for row in await world.bot.store.open_tables()] == [table_id]
