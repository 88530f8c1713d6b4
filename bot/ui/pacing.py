"""Board edits, paced: at most one edit per board per second, and the last state always wins.

A busy table (a computer's quick moves, a burst of clicks) would otherwise send an edit per action
and queue behind Discord's per-channel rate limits, each edit showing a state already gone. The
first edit goes at once; edits asked for within the next second are folded into one, sent when the
second is up and drawn from the table as it is then. A new board message (a repost: a new round,
the end) goes at once and replaces any edit still waiting. Every job on one board runs under that
board's lock, so an edit can never land on a message after the repost that retired it. A board that
could not be shown (Discord failed) is drawn again on a timer (`later`), unless a change comes first.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from bot.config import BOARD_EDIT_INTERVAL
from bot.runtime import Job, PacedBoard, Runtimes, TableRuntime

log = logging.getLogger(__name__)


class BoardPacer:
    """Paces the boards of a bot's tables; each board's memory and its timer are its table's runtime's."""

    def __init__(self, runtimes: Runtimes[Any], interval: float = BOARD_EDIT_INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.runtimes = runtimes
        self.interval = interval
        self.clock = clock  # the bot's clock (one a test harness can drive), in seconds

    def waiting(self, table_id: int) -> bool:
        """Whether an edit of this table's board is waiting for its turn."""
        runtime = self.runtimes.get(table_id)
        return runtime is not None and runtime.task("board") is not None

    async def edit(self, table_id: int, job: Job) -> None:
        """Run `job` (which draws the board from the table as it is when it runs) now, or fold it
        into the one edit that goes when the board's second is up."""
        runtime = self.runtimes.of(table_id)
        board = runtime.board
        now = self.clock()
        if board.retry:
            self._drop_waiting(runtime)  # a change comes before the retry: it is drawn as usual
        if runtime.task("board") is not None:
            board.waiting = job  # the edit already waiting will draw the newest state
            return
        due = None if board.last is None else board.last + self.interval
        if due is None or now >= due:
            await self._run(board, job)
            return
        board.waiting = job
        runtime.start("board", self._later(runtime, due - now))

    async def now(self, table_id: int, job: Job) -> None:
        """Run `job` at once (a new board message), replacing the edit that waits, if any."""
        runtime = self.runtimes.of(table_id)
        self._drop_waiting(runtime)
        await self._run(runtime.board, job)

    def later(self, table_id: int, job: Job, delay: float) -> None:
        """Run `job` in `delay` seconds (a board Discord did not take is drawn again), unless an edit waits
        already (it draws the newest state) or a change comes first (its edit replaces this one)."""
        runtime = self.runtimes.of(table_id)
        if runtime.task("board") is not None:
            return
        runtime.board.waiting, runtime.board.retry = job, True
        runtime.start("board", self._later(runtime, delay))

    def forget(self, table_id: int) -> None:
        """The table is gone: its waiting edit is dropped, and its board's pace forgotten."""
        runtime = self.runtimes.get(table_id)
        if runtime is not None:
            self._drop_waiting(runtime)
            runtime.board = PacedBoard()

    async def _run(self, board: PacedBoard, job: Job) -> None:
        async with board.lock:
            board.last = self.clock()
            await job()

    async def _later(self, runtime: TableRuntime[Any], delay: float) -> None:
        await asyncio.sleep(delay)
        if runtime.task("board") is not asyncio.current_task():
            return
        board = runtime.board
        runtime.leave("board")  # the edit goes now: another asked for from here on waits for its own second
        board.retry = False
        job, board.waiting = board.waiting, None
        if job is None:
            return
        try:
            await self._run(board, job)
        except Exception:
            log.exception("table %s: a paced board edit failed", runtime.table_id)

    @staticmethod
    def _drop_waiting(runtime: TableRuntime[Any]) -> None:
        runtime.board.waiting, runtime.board.retry = None, False
        runtime.cancel("board")
