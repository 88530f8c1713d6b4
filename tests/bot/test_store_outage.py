"""The database goes away for a while in the middle of a game: clicks are refused with one sentence and
nothing half-played, the deadline that fell due fires once it is back, and the game goes on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from bot.tables import TableService
from bot.testkit.outage import sqlite_locked
from tests.bot.conftest import World
from tests.bot.helpers import choose, click, open_table, table_of

pytestmark = pytest.mark.slow(10)  # scheduled early (tests/conftest.py)

UNREACHABLE = "records can't be reached right now; nothing was played"


@contextmanager
def stopped(server: Any) -> Iterator[None]:
    """The test run's own PostgreSQL server, stopped and started again (a failover, a restart)."""
    server.stop()
    try:
        yield
    finally:
        server.start()


@pytest.fixture
def outage(request: pytest.FixtureRequest, db_path: Any) -> Callable[[], AbstractContextManager[None]]:
    """The database going away for a while, on the backend the test runs on."""
    if isinstance(db_path, Path):
        return lambda: sqlite_locked(db_path)
    server = request.getfixturevalue("postgresql_server")
    return lambda: stopped(server)


async def log_agrees_with_snapshot(db_path: Any, table_id: int, seq: int) -> None:
    """The stored action log ends at `seq` and replays to the stored snapshot."""
    store = await (Store.open(str(db_path)) if isinstance(db_path, Path) else Store.connect(db_path))
    try:
        service = TableService(store)
        assert [row[0] for row in await store.actions(table_id)][-1:] == ([seq] if seq else [])
        stored = await store.snapshot(table_id)
        assert stored is not None and stored[0] == seq
        game = service.registry["spyfall"]
        assert game.dump(await service.replay(table_id)) == stored[1]
    finally:
        await store.close()


@pytest.mark.parametrize("db_path", ["sqlite", "postgresql"], indirect=True)
async def test_an_unreachable_database_refuses_clicks_and_loses_nothing(
    world: World, db_path: Any, outage: Callable[[], AbstractContextManager[None]]
) -> None:
    """While the database is away (SQLite: another process holds the file; PostgreSQL: the server is stopped),
    an accusation gets one private sentence and plays nothing; the round's deadline that falls due meanwhile
    fires once the database is back, without restarting anything; the log and the snapshot agree."""
    table_id = await open_table(world, 4, minutes=3)
    table = table_of(world, table_id)
    seq, round_ends = table.seq, table.game.deadline(table.state)
    assert round_ends is not None
    with outage():
        picker = await click(world, world.players[1], "accuse")
        refused = await choose(world.players[1], picker, {"type": "accuse", "target": 0})
        # The action is tried before the pick is acknowledged, so the refusal is the click's private answer.
        answers = [m for m in (refused.response, *refused.followups) if m is not None]
        said = [m.content for m in answers]
        assert any(UNREACHABLE in text for text in said) and all(m.ephemeral for m in answers), said
        assert table_of(world, table_id).seq == seq
        await world.env.advance_time(round_ends - world.env.now().timestamp() + 1)  # the clock runs out
        assert table_of(world, table_id).seq == seq  # the time-out could not be stored: it waits
    await world.env.advance_time(10)  # the database answers again: the time-out fires
    after = table_of(world, table_id)
    assert after.seq > seq and after.state["phase"] != "playing"
    await log_agrees_with_snapshot(db_path, table_id, after.seq)
