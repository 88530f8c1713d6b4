"""The table service without Discord: lobby rules, the lock, deadlines and replay."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from bot.tables import TableError, TableService, collector_paused
from games.core.protocol import IllegalAction


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    store = await Store.open(str(tmp_path / "t.db"))
    yield TableService(store, clock=FakeClock(), seed_source=lambda: 7)
    await store.close()


async def started(service: TableService, players: int = 4) -> int:
    table = await service.create_lobby("spyfall", guild=1, channel=2, host=100, options={"rounds": 2})
    for user in range(101, 100 + players):
        await service.join(table.id, user)
    await service.start(table.id, 100)
    return table.id


async def test_one_table_per_channel(service: TableService) -> None:
    """A second lobby in the same channel is refused."""
    await service.create_lobby("spyfall", guild=1, channel=2, host=1, options={})
    with pytest.raises(TableError) as err:
        await service.create_lobby("spyfall", guild=1, channel=2, host=2, options={})
    assert err.value.key == "error.channel_busy"


async def test_bad_options_refused_before_the_lobby(service: TableService) -> None:
    """Unknown options and out-of-range values never create a table."""
    with pytest.raises(IllegalAction):
        await service.create_lobby("spyfall", guild=1, channel=2, host=1, options={"speed": 3})
    with pytest.raises(IllegalAction):
        await service.create_lobby("spyfall", guild=1, channel=2, host=1, options={"minutes": 99})
    assert service.in_channel(2) is None


async def test_start_needs_enough_players_and_the_host(service: TableService) -> None:
    """Only the host starts, and only with the game's minimum."""
    table = await service.create_lobby("spyfall", guild=1, channel=2, host=1, options={})
    await service.join(table.id, 2)
    with pytest.raises(TableError, match="too_few_players"):
        await service.start(table.id, 1)
    await service.join(table.id, 3)
    with pytest.raises(TableError, match="host_only"):
        await service.start(table.id, 2)
    await service.start(table.id, 1)
    assert table.status == "playing"


async def test_actions_are_stamped_logged_and_replayable(service: TableService) -> None:
    """Each action gets the clock's time, lands in the log, and the log replays to the same state."""
    table_id = await started(service)
    table = service.get(table_id)
    actions = await service.store.actions(table_id)  # the round dealt by the game master at the start
    assert actions[0][1:3] == (None, {"type": "start_round", "at": 1000.0})
    assert table.state["clock"]["deadline"] == 1000.0 + 8 * 60
    assert await service.replay(table_id) == table.state


async def test_illegal_action_changes_nothing(service: TableService) -> None:
    """A refused action writes nothing and leaves the state as it was."""
    table_id = await started(service)
    table = service.get(table_id)
    before, logged = table.state, await service.store.actions(table_id)
    with pytest.raises(IllegalAction):
        await service.act(table_id, table.users[0], {"type": "start_round"})  # a round runs already
    with pytest.raises(TableError, match="not_a_player"):
        await service.act(table_id, 999, {"type": "vote", "guilty": True})
    assert table.state is before and table.seq == 1
    assert await service.store.actions(table_id) == logged


async def test_concurrent_actions_are_serialised(service: TableService) -> None:
    """Two votes arriving together are applied one after the other, both counted."""
    table_id = await started(service)
    table = service.get(table_id)
    spy = table.state["spy"]
    accuser = (spy + 1) % 4
    await service.act(table_id, table.users[accuser], {"type": "accuse", "target": spy})
    voters = [s for s in range(4) if s not in (spy, accuser)]
    await asyncio.gather(*(service.act(table_id, table.users[s], {"type": "vote", "guilty": True}) for s in voters))
    assert table.state["result"]["how"] == "spy_caught"
    assert table.seq == 4


async def test_deadline_fires_a_timeout(service: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the round clock runs out the service applies the game master's timeout by itself."""
    table_id = await started(service)
    table = service.get(table_id)
    assert service.timer(table_id) is not None
    service.clock.now += 8 * 60  # type: ignore[attr-defined]
    sleeps: list[float] = []
    real_sleep = asyncio.sleep

    async def instant(delay: float) -> None:
        sleeps.append(delay)
        await real_sleep(0)

    monkeypatch.setattr(asyncio, "sleep", instant)
    service._schedule(table)
    await real_sleep(0.05)
    assert table.state["phase"] == "final_vote"
    (seq, seat, action, _at) = (await service.store.actions(table_id))[-1]
    assert seat is None and action["type"] == "timeout"


async def test_a_refused_timeout_ends_its_timer(service: TableService, monkeypatch: pytest.MonkeyPatch,
                                               caplog: pytest.LogCaptureFixture) -> None:
    """A timer that fires while the engine says the clock has not run out (a clock behind the deadline) logs the
    refusal once and ends: no retry, no crash, the table as it was."""
    table_id = await started(service)
    table = service.get(table_id)
    seq = table.seq
    own = service.timer(table_id)
    assert own is not None
    own.cancel()  # only the timer fired below runs
    real_sleep = asyncio.sleep

    async def instant(delay: float) -> None:
        await real_sleep(0)

    monkeypatch.setattr(asyncio, "sleep", instant)  # the timer wakes, but the service's clock has not moved
    await asyncio.wait_for(service._fire_at(table_id, table.state["clock"]["deadline"], seq), 5)
    assert table.seq == seq and table.state["phase"] == "playing"
    assert len([r for r in caplog.records if "timeout refused" in r.getMessage()]) == 1


async def test_resume_all_reloads_open_tables(service: TableService, tmp_path: Path) -> None:
    """A new service on the same file finds the running table with its state and seats."""
    table_id = await started(service)
    table = service.get(table_id)
    await service.shutdown()
    again = TableService(service.store, clock=service.clock)
    resumed = await again.resume_all()
    assert [t.id for t in resumed] == [table_id]
    assert again.get(table_id).state == table.state
    assert again.get(table_id).users == table.users
    await again.shutdown()


async def test_deadline_passed_while_down_fires_at_resume(service: TableService) -> None:
    """A round clock that ran out while the bot was offline is called as soon as the table resumes."""
    table_id = await started(service)
    table = service.get(table_id)
    await service.shutdown()
    clock = FakeClock()
    clock.now = table.state["clock"]["deadline"] + 3600
    again = TableService(service.store, clock=clock)
    await again.resume_all()
    resumed = again.get(table_id)
    timer = again.timer(table_id)
    assert timer is not None
    await asyncio.wait_for(timer, 5)
    assert resumed.state["phase"] == "final_vote"
    assert resumed.state["vote"]["deadline"] == clock.now + 60
    await again.shutdown()


async def test_the_start_takes_the_automatic_step(service: TableService) -> None:
    """The service itself takes the game master's opening automatic step (Spyfall deals round 1), as one
    logged action; advancing again finds nothing due."""
    table_id = await started(service)
    table = service.get(table_id)
    assert table.state["phase"] == "playing" and table.seq == 1
    assert (await service.store.actions(table_id))[0][1:3] == (None, {"type": "start_round", "at": 1000.0})
    await service.advance(table_id)
    assert table.seq == 1  # nothing more is due
    assert await service.replay(table_id) == table.state


async def test_an_automatic_step_due_at_a_restart_is_taken(service: TableService,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash between the start and the first deal: the resumed table deals at once."""
    with monkeypatch.context() as crash:
        crash.setattr(service, "_advance_locked", lambda table: asyncio.sleep(0))  # the process dies here
        table_id = await started(service)
    assert service.get(table_id).seq == 0
    await service.shutdown()
    again = TableService(service.store, clock=service.clock)
    await again.resume_all()
    resumed = again.get(table_id)
    timer = again.timer(table_id)
    assert timer is not None
    await asyncio.wait_for(timer, 5)
    assert resumed.state["phase"] == "playing" and resumed.seq == 1
    await again.shutdown()


async def test_leave_plays_the_games_leave_action(service: TableService) -> None:
    """Leaving a running game is the engine's own leave action; a lobby seat is simply freed."""
    table_id = await started(service)
    await service.advance(table_id)
    change = await service.leave(table_id, 103)
    assert change is not None and change.action["type"] == "leave"
    assert service.get(table_id).state["left"][3] is True
    with pytest.raises(TableError, match="not_a_player"):
        await service.leave(table_id, 999)
    lobby = await service.create_lobby("spyfall", guild=1, channel=3, host=200, options={})
    await service.join(lobby.id, 201)
    assert await service.leave(lobby.id, 201) is None
    assert lobby.users == [200]


async def test_a_computer_takes_a_seat_with_a_name(service: TableService) -> None:
    """A computer seat is a negative user id listed in the table's meta, named there."""
    table = await service.create_lobby("polls", guild=1, channel=4, host=300, options={})
    await service.add_computer(table.id, "Computer")
    assert table.users == [300, -1] and table.computer_seats == [1]
    assert table.row.meta.names[-1] == "Computer"
    with pytest.raises(TableError, match="lobby_full"):
        await service.add_computer(table.id, "Another")


async def test_resume_all_loads_with_the_cyclic_collector_paused(service: TableService,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A bulk resume runs its loads with Python's cyclic collector paused (its passes grow with the square of the
    tables loaded) and turns it back on afterwards, also when the load fails."""
    table_id = await started(service)
    await service.shutdown()
    again = TableService(service.store, clock=service.clock)
    seen: list[bool] = []
    load = again.store.open_tables_with_state

    async def watched(*args: Any) -> Any:
        seen.append(gc.isenabled())
        return await load(*args)

    monkeypatch.setattr(again.store, "open_tables_with_state", watched)
    assert gc.isenabled()
    assert [t.id for t in await again.resume_all()] == [table_id]
    assert seen == [False] and gc.isenabled()

    async def broken(*args: Any) -> Any:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(again.store, "open_tables_with_state", broken)
    with pytest.raises(RuntimeError):
        await again.resume_all()
    assert gc.isenabled()
    await again.shutdown()


def test_the_collector_stays_paused_until_the_last_of_two_overlapping_resumes() -> None:
    """Two shards taken at once: the collector comes back when the second resume ends, not the first; one paused
    by the application around it is left paused."""
    first, second = collector_paused(), collector_paused()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
