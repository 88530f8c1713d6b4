"""An indexed drop-in for two lookups of SimCord's settle loop: many live timers, no slowdown.

Used by every SimCord test (an autouse fixture in tests/bot/conftest.py) and by the benchmarks that drive
the bot through SimCord (`bench.bot_load --stock-simcord` measures without it).

After every actor verb SimCord (3.2.1) settles: for each bot task still waiting, it scans every
tracked timer to find the ones that would wake that task (`_timer_records_waking`,
`_is_virtual_sleep_waiter` in `simcord._settlement`). That is (waiting tasks) x (timers) per poll:
with 100 tables' timer tasks plus the 15-minute timeout task discord.py starts for each ephemeral
menu, one poll costs ~100 ms and grows through the run; this is SimCord's time, not the bot's, but it
runs on the bot's event loop and swamps the measurement (and delays the bot itself).

`installed()` replaces the two functions with versions that look the candidates up in an index of
the timers by the objects their callbacks wake, then apply exactly the original tests to those
candidates, in the original order. The index is rebuilt whenever the tracked timer list is not the
same records as when it was built. With `check=True` both versions run on every call and any
difference is counted (`mismatches()`), to verify the equivalence.
"""

from __future__ import annotations

import contextlib
import operator
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from simcord import _dpy_internals, _settlement

Entry = tuple[int, Any, Any, tuple[Any, ...]]  # (position, record, original callback, args)


@dataclass
class _Index:
    records: list[Any] = field(default_factory=list)  # strong references: ids stay unique while cached
    by_object: dict[int, list[Entry]] = field(default_factory=lambda: defaultdict(list))
    by_timeout_task: dict[int, list[Entry]] = field(default_factory=lambda: defaultdict(list))


_state: dict[str, Any] = {"index": None, "calls": 0, "mismatches": 0}


def _index(work: Any) -> _Index:
    current = work.callbacks
    cached: _Index | None = _state["index"]
    if (
        cached is not None
        and len(cached.records) == len(current)
        and all(map(operator.is_, cached.records, current))
    ):
        return cached
    index = _Index(records=list(current))
    for position, record in enumerate(current):
        handle = record.handle
        if handle is None or handle.cancelled():
            continue  # skipped by the originals too; a cancelled handle stays cancelled
        callback = _dpy_internals._original_callback(getattr(handle, "_callback", None))
        args = tuple(getattr(handle, "_args", ()) or ())
        entry = (position, record, callback, args)
        keys = {id(arg) for arg in args}
        owner = getattr(callback, "__self__", None)
        if owner is not None:
            keys.add(id(owner))
        for key in keys:
            index.by_object[key].append(entry)
        if getattr(callback, "__name__", "") == "_on_timeout":
            index.by_timeout_task[id(getattr(owner, "_task", None))].append(entry)
    _state["index"] = index
    return index


def _candidates(index: _Index, *lists: list[Entry]) -> list[Entry]:
    seen: dict[int, Entry] = {}
    for entries in lists:
        for entry in entries:
            seen[entry[0]] = entry
    return [seen[position] for position in sorted(seen)]


def fast_timer_records_waking(self: Any, task: Any, waiter: Any) -> list[Any]:
    """Same result as `simcord._settlement._timer_records_waking`."""
    index = _index(self.work)
    lists = [index.by_timeout_task.get(id(task), [])]
    if waiter is not None:
        lists.append(index.by_object.get(id(waiter), []))
    found = []
    for _position, record, callback, args in _candidates(index, *lists):
        handle = record.handle
        if record.when is None or handle is None or handle.cancelled():
            continue
        if record.when <= self.virtual_time:
            continue
        if _dpy_internals.is_wakeup_callback(callback, args, waiter, task):
            found.append(record)
    return found


def fast_is_virtual_sleep_waiter(self: Any, waiter: Any, deadline: float) -> bool:
    """Same result as `simcord._settlement._is_virtual_sleep_waiter`."""
    if waiter is None or waiter.done():
        return False
    index = _index(self.work)
    for _position, record, callback, args in _candidates(index, index.by_object.get(id(waiter), [])):
        handle = record.handle
        if record.when is None or handle is None or handle.cancelled():
            continue
        if _settlement._callback_fire_time(self, record) <= deadline:
            continue
        if getattr(callback, "__name__", "") == "_set_result_unless_cancelled" and any(
            arg is waiter for arg in args
        ):
            return True
    return False


def _checked(fast: Any, original: Any) -> Any:
    def both(*args: Any) -> Any:
        result = fast(*args)
        _state["calls"] += 1
        expected = original(*args)
        if isinstance(result, list):
            same = len(result) == len(expected) and all(map(operator.is_, result, expected))
        else:
            same = result == expected
        if not same:
            _state["mismatches"] += 1
        return result

    return both


def available() -> bool:
    return all(hasattr(_settlement, n) for n in ("_timer_records_waking", "_is_virtual_sleep_waiter",
                                                 "_callback_fire_time"))


@contextlib.contextmanager
def installed(check: bool = False) -> Iterator[bool]:
    """Swap the indexed lookups in (yields False, changing nothing, if this SimCord lacks them)."""
    if not available():
        yield False
        return
    originals = (_settlement._timer_records_waking, _settlement._is_virtual_sleep_waiter)
    fast: tuple[Any, Any] = (fast_timer_records_waking, fast_is_virtual_sleep_waiter)
    if check:
        fast = (_checked(fast[0], originals[0]), _checked(fast[1], originals[1]))
    _settlement._timer_records_waking, _settlement._is_virtual_sleep_waiter = fast
    _state.update(index=None, calls=0, mismatches=0)
    try:
        yield True
    finally:
        _settlement._timer_records_waking, _settlement._is_virtual_sleep_waiter = originals
        _state["index"] = None


def mismatches() -> tuple[int, int]:
    """(calls checked, calls whose fast result differed from SimCord's) since `installed(check=True)`."""
    return _state["calls"], _state["mismatches"]
