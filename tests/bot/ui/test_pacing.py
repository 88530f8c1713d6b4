"""Board edits are paced: a burst of actions ends in the right final board, at most one edit a second."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.ui.board import TablePresenter
from tests.bot.conftest import World, make_bot
from tests.bot.helpers import embed_text
from tests.bot.ui import toy
from tests.bot.ui.toy_kit import start_toy, table


@pytest.fixture
def simcord_bot(with_toy: None, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(toy, "TURNS", 60)  # long enough for a burst and more
    return make_bot(db_path, board_edit_interval=1.0)  # the real pacing, not the suite's short window


@pytest.fixture
def board_edits(monkeypatch: pytest.MonkeyPatch, world: World) -> list[tuple[float, str]]:
    """(virtual time, path) of every message edit the bot sends."""
    edits: list[tuple[float, str]] = []
    note_edits(world, edits, monkeypatch)
    return edits


def note_edits(world: World, edits: list[tuple[float, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    """Note every message edit the current bot sends (a restarted bot is a new one: note it again)."""
    original = world.bot.http.request  # the bot's own (its metrics wrap SimCord's at start)

    async def noted(route: Any, **kwargs: Any) -> Any:
        if route.method == "PATCH" and "/messages/" in route.path:
            edits.append((world.env.now().timestamp(), str(route.url)))
        return await original(route, **kwargs)

    monkeypatch.setattr(world.bot.http, "request", noted)


async def burst(world: World, table_id: int, actions: int, every: float) -> None:
    """`actions` moves on the table, one each `every` seconds, as fast players or computers make them."""
    for _ in range(actions):
        playing = table(world, table_id)
        mover = playing.users[playing.state["turn"]]
        # As the bot's own work (a click's handler, a computer's move): SimCord runs its timers on the
        # virtual clock only then. The board's buttons are not clicked: while an edit waits they are a
        # moment old, and a click on them is (rightly) refused as stale.
        with world.env._bot_scope():
            await world.bot.service.act(table_id, mover, {"type": "side", "side": "left"})
        await world.env.advance_time(every)


async def test_a_burst_of_twenty_actions_edits_the_board_once_a_second_and_ends_right(
    world: World, board_edits: list[tuple[float, str]]
) -> None:
    """Twenty actions in two seconds: at most one board edit per second (three, not twenty), and once
    the last second is up the board shows the state after the twentieth action."""
    table_id = await start_toy(world)
    board = world.board()
    board_edits.clear()
    await burst(world, table_id, 20, 0.1)
    await world.env.advance_time(1.0)
    times = [at for at, path in board_edits if str(board.id) in path]
    assert 2 <= len(times) <= 3, times
    assert all(later - earlier >= 1.0 - 1e-6 for earlier, later in zip(times, times[1:], strict=False)), times
    assert table(world, table_id).state["played"] == 20
    shown = embed_text(world.board())
    assert "Toy — turn 21" in shown  # the last state won
    assert world.board().id == board.id


async def test_a_quiet_table_is_edited_at_once(world: World, board_edits: list[tuple[float, str]]) -> None:
    """An action more than a second after the last edit is shown at once: pacing only folds bursts."""
    table_id = await start_toy(world)
    await world.env.advance_time(2.0)
    board_edits.clear()
    await burst(world, table_id, 1, 0.0)
    assert len(board_edits) == 1 and "Toy — turn 2" in embed_text(world.board())
    await world.env.advance_time(1.5)
    await burst(world, table_id, 1, 0.0)
    assert len(board_edits) == 2 and "Toy — turn 3" in embed_text(world.board())


async def test_the_end_of_the_game_replaces_a_waiting_edit(
    world: World, board_edits: list[tuple[float, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game ending during a burst posts its final board at once; the edit that waited is dropped, so
    nothing edits the retired board afterwards and the final board is the last word."""
    monkeypatch.setattr(toy, "TURNS", 6)
    table_id = await start_toy(world)
    first = world.board()
    await burst(world, table_id, 6, 0.1)
    assert world.bot.service.tables.get(table_id) is None  # finished
    edits_at_end = list(board_edits)
    await world.env.advance_time(3.0)
    assert board_edits == edits_at_end  # no late edit of any message
    final = [m for m in world.channel.history() if m.embeds and "Toy — turn 7" in (m.embeds[0].title or "")]
    assert final and final[-1].id != first.id
    assert not world.bot.boards.waiting(table_id)


async def test_a_restart_while_an_edit_waits_shows_the_newest_board(
    world: World, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process stops while a paced edit waits (it dies with the process): once the bot is back, the
    board shows the last stored action without anyone acting, and a board already up to date is not
    edited again."""
    table_id = await start_toy(world)
    await world.env.advance_time(2.0)
    await burst(world, table_id, 2, 0.0)  # the first edit goes at once, the second waits for its second
    assert world.bot.boards.waiting(table_id)
    assert "Toy — turn 2" in embed_text(world.board())
    world.bot.service.runtimes.close_all()  # killed: the waiting edit dies with the process, unsent
    await world.restart(db_path)
    await world.env.advance_time(0.1)
    assert "Toy — turn 3" in embed_text(world.board())
    redrawn: list[int] = []
    original = TablePresenter.update_board

    async def noted(self: TablePresenter, table: Any, **kwargs: Any) -> None:
        redrawn.append(table.id)
        await original(self, table, **kwargs)

    monkeypatch.setattr(TablePresenter, "update_board", noted)
    await world.restart(db_path)  # the board already shows the last action: left as it is
    await world.env.advance_time(0.1)
    assert redrawn == []
