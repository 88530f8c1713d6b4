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
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

BOARD_EDIT_INTERVAL = 1.0  # seconds between two edits of one board

Job = Callable[[], Awaitable[None]]


@dataclass
class _Board:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    last: float | None = None  # clock time the last job started
    waiting: Job | None = None  # the newest job asked for while paced
    timer: asyncio.Task[None] | None = None
    retry: bool = False  # the timer is a retry after a failure (`later`), not pacing


class BoardPacer:
    def __init__(self, interval: float = BOARD_EDIT_INTERVAL, clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = interval
        self.clock = clock  # the bot's clock (one a test harness can drive), in seconds
        self._boards: dict[int, _Board] = {}

    def waiting(self, table_id: int) -> bool:
        """Whether an edit of this table's board is waiting for its turn."""
        board = self._boards.get(table_id)
        return board is not None and board.timer is not None

    async def edit(self, table_id: int, job: Job) -> None:
        """Run `job` (which draws the board from the table as it is when it runs) now, or fold it
        into the one edit that goes when the board's second is up."""
        board = self._boards.setdefault(table_id, _Board())
        now = self.clock()
        if board.retry:
            self._drop_waiting(board)  # a change comes before the retry: it is drawn as usual
        if board.timer is not None:
            board.waiting = job  # the edit already waiting will draw the newest state
            return
        due = None if board.last is None else board.last + self.interval
        if due is None or now >= due:
            await self._run(board, job)
            return
        board.waiting = job
        board.timer = asyncio.create_task(self._later(table_id, board, due - now))

    async def now(self, table_id: int, job: Job) -> None:
        """Run `job` at once (a new board message), replacing the edit that waits, if any."""
        board = self._boards.setdefault(table_id, _Board())
        self._drop_waiting(board)
        await self._run(board, job)

    def later(self, table_id: int, job: Job, delay: float) -> None:
        """Run `job` in `delay` seconds (a board Discord did not take is drawn again), unless an edit waits
        already (it draws the newest state) or a change comes first (its edit replaces this one)."""
        board = self._boards.setdefault(table_id, _Board())
        if board.timer is not None:
            return
        board.waiting, board.retry = job, True
        board.timer = asyncio.create_task(self._later(table_id, board, delay))

    def forget(self, table_id: int) -> None:
        """The table is gone: its waiting edit is dropped."""
        board = self._boards.pop(table_id, None)
        if board is not None:
            self._drop_waiting(board)

    def shutdown(self) -> None:
        for table_id in list(self._boards):
            self.forget(table_id)

    async def _run(self, board: _Board, job: Job) -> None:
        async with board.lock:
            board.last = self.clock()
            await job()

    async def _later(self, table_id: int, board: _Board, delay: float) -> None:
        await asyncio.sleep(delay)
        if board.timer is not asyncio.current_task():
            return
        board.timer, board.retry = None, False
        job, board.waiting = board.waiting, None
        if job is None:
            return
        try:
            await self._run(board, job)
        except Exception:
            log.exception("table %s: a paced board edit failed", table_id)

    @staticmethod
    def _drop_waiting(board: _Board) -> None:
        timer, board.timer, board.waiting, board.retry = board.timer, None, None, False
        if timer is not None and not timer.done() and timer is not asyncio.current_task():
            timer.cancel()
