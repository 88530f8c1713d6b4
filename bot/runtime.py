"""One table's running work, owned in one place and stopped together.

Each table has one `TableRuntime`. It runs at most one task in each slot:

- "deadline": the table service's timer (a deadline's time-out, a due automatic step; bot/tables.py);
- "turn": the turn clock's wait for the next reminder or expiry (bot/absence.py);
- "thinking": the computer players' moves (bot/computer.py);
- "outbox": the task that publishes the table's changes in order (bot/tables.py);
- "board": a paced board edit waiting for its second, or a board's retry (bot/ui/pacing.py);

and holds what goes with them: the outbox's queue and the pacer's memory of the board.

`close()` cancels every task of the table at once, and closing twice does nothing: the bot's shutdown (and
so a restart) closes every runtime (`Runtimes.close_all`). A table that ends (finished, ended by its host, a
lobby cancelled) is `end()`ed: the game's clocks (deadline, turn, thinking) stop at once and cannot start
again; what the table still has to publish is published; and the runtime closes itself when its last task
is done and its outbox is empty, leaving the registry.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

Slot = Literal["deadline", "turn", "thinking", "outbox", "board"]
GAME_CLOCKS: frozenset[Slot] = frozenset({"deadline", "turn", "thinking"})  # they act on the game itself

Item = TypeVar("Item")
Job = Callable[[], Awaitable[None]]


@dataclass(eq=False)
class Outbox(Generic[Item]):
    """What the table must publish, in the order it happened (the "outbox" task drains it).

    `held`: publishing waits (a game's opening waits for its thread; a restart's catch-up for Discord)."""

    queue: deque[Item] = field(default_factory=deque)
    held: int = 0
    current: Item | None = None  # what the task is publishing now

    def unpublished(self) -> list[Item]:
        """What is still to publish, in order: the one under way first."""
        return [*([self.current] if self.current is not None else []), *self.queue]


@dataclass(eq=False)
class PacedBoard:
    """The board pacer's memory of the table's board (its timer is the "board" task)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    last: float | None = None  # clock time the last job started
    waiting: Job | None = None  # the newest job asked for while paced
    retry: bool = False  # the timer is a retry after a failure, not pacing


class TableRuntime(Generic[Item]):
    """Everything that runs for one table."""

    def __init__(self, table_id: int, on_closed: Callable[[TableRuntime[Item]], None] | None = None) -> None:
        self.table_id = table_id
        self.outbox: Outbox[Item] = Outbox()
        self.board = PacedBoard()
        self.ending = False
        self.closed = False
        self._on_closed = on_closed
        self._slots: dict[Slot, asyncio.Task[None]] = {}
        # Every task started here until it ends, a slot's or one that left its slot and is finishing its work.
        self._tasks: set[asyncio.Task[None]] = set()

    def start(self, slot: Slot, work: Coroutine[Any, Any, None]) -> asyncio.Task[None] | None:
        """Run `work` as the table's `slot` task, in place of the one there (cancelled, unless it is the task
        asking). None, and `work` never runs, once the runtime is closed, or for a game's clock once it ended."""
        if self.closed or (self.ending and slot in GAME_CLOCKS):
            work.close()
            return None
        self.cancel(slot)
        task = asyncio.create_task(work, name=f"table {self.table_id} {slot}")
        self._slots[slot] = task
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def task(self, slot: Slot) -> asyncio.Task[None] | None:
        """The slot's task while it runs."""
        task = self._slots.get(slot)
        return task if task is not None and not task.done() else None

    def cancel(self, slot: Slot) -> None:
        """Free the slot: its task is cancelled, unless it is the task asking (a timer that is acting is never
        cancelled mid-way: it finishes, still the runtime's)."""
        task = self._slots.pop(slot, None)
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()

    def leave(self, slot: Slot) -> None:
        """The task asking gives up its slot (if it still holds it) and goes on; the slot is free for another."""
        if self._slots.get(slot) is asyncio.current_task():
            del self._slots[slot]

    def tasks(self) -> list[asyncio.Task[None]]:
        """The table's tasks that have not ended."""
        return [task for task in self._tasks if not task.done()]

    @property
    def idle(self) -> bool:
        """Nothing runs and nothing waits to be published."""
        return not self.tasks() and not self.outbox.queue

    def end(self) -> None:
        """The table ended: its game's clocks stop now; the runtime closes once the rest is done."""
        if self.ending or self.closed:
            return
        self.ending = True
        for slot in GAME_CLOCKS:
            self.cancel(slot)
        if self.idle:
            self.close()

    def close(self) -> None:
        """Cancel every task of the table (the one asking goes on to its end) and forget what waited."""
        if self.closed:
            return
        self.closed = True
        self._slots.clear()
        for task in self.tasks():
            if task is not asyncio.current_task():
                task.cancel()
        self.outbox.queue.clear()  # after a restart, what was not published is rebuilt from the log
        self.board.waiting = None
        if self._on_closed is not None:
            self._on_closed(self)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        for slot, held in list(self._slots.items()):
            if held is task:
                del self._slots[slot]
        if self.ending and self.idle:
            self.close()


class Runtimes(Generic[Item]):
    """The runtimes of one bot's tables, by table id: a runtime leaves when it closes."""

    def __init__(self) -> None:
        self._live: dict[int, TableRuntime[Item]] = {}

    def of(self, table_id: int) -> TableRuntime[Item]:
        """The table's runtime (a new one the first time)."""
        runtime = self._live.get(table_id)
        if runtime is None:
            runtime = self._live[table_id] = TableRuntime(table_id, self._closed)
        return runtime

    def get(self, table_id: int) -> TableRuntime[Item] | None:
        return self._live.get(table_id)

    def __iter__(self) -> Iterator[TableRuntime[Item]]:
        return iter(list(self._live.values()))

    def end(self, table_id: int) -> None:
        runtime = self._live.get(table_id)
        if runtime is not None:
            runtime.end()

    def close_all(self) -> None:
        """Close every table's runtime (the bot stops)."""
        for runtime in list(self._live.values()):
            runtime.close()

    def _closed(self, runtime: TableRuntime[Item]) -> None:
        if self._live.get(runtime.table_id) is runtime:
            del self._live[runtime.table_id]
