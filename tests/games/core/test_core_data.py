"""games/core/data.py: the copy every engine's apply makes of its state."""

from __future__ import annotations

from typing import Any

from games.core.data import clone, clone_keeping_log


def test_a_clone_is_equal_and_shares_no_container() -> None:
    """Every dict and list is new; changing the copy leaves the original as it was."""
    state: dict[str, Any] = {"hands": [[1, 2], [3]], "seen": {"0": {"cards": ["a"]}}, "n": 2, "x": 1.5,
                             "ok": True, "none": None}
    copy = clone(state)
    assert copy == state
    copy["hands"][0].append(9)
    copy["seen"]["0"]["cards"].clear()
    assert state == {"hands": [[1, 2], [3]], "seen": {"0": {"cards": ["a"]}}, "n": 2, "x": 1.5, "ok": True,
                     "none": None}
    assert type(clone(state)["ok"]) is bool


def test_a_part_held_twice_is_copied_twice() -> None:
    """A list the state holds in two places is two lists in the copy, as a JSON round trip would make it."""
    shared: list[int] = []
    copy = clone({"a": shared, "b": shared})
    copy["a"].append(1)
    assert copy["b"] == []


def test_what_marshal_cannot_write_is_still_copied() -> None:
    """Data holding an object is copied by the walk: containers new, the object shared."""

    class Marker:
        pass

    marker = Marker()
    state = {"log": [{"type": "x"}], "thing": marker, "list": [1]}
    copy = clone(state)
    assert copy["thing"] is marker and copy["list"] == [1] and copy["list"] is not state["list"]


def test_clone_keeping_log_shares_the_events_only() -> None:
    """The log's events are shared (never changed once written); the log list itself and the rest are new."""
    state: dict[str, Any] = {"log": [{"type": "x"}], "board": [[0]]}
    copy = clone_keeping_log(state)
    assert copy["log"][0] is state["log"][0] and copy["log"] is not state["log"]
    assert copy["board"] is not state["board"] and copy["board"][0] is not state["board"][0]
