"""The order pytest-xdist hands the tests out in (tests/conftest.py): the modules marked `slow` first, the longest
first, each module's tests together and in their own order; the rest as collected."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from tests.conftest import pytest_collection_modifyitems


def item(module: str, name: str, slow: float | None = None) -> Any:
    mark = pytest.mark.slow(slow).mark if slow is not None else None
    return SimpleNamespace(module=module, name=f"{module}::{name}", get_closest_marker=lambda wanted: mark)


def test_long_modules_come_first_longest_first() -> None:
    """A module with one slow test moves whole; modules without a mark keep their collected order at the end."""
    items = [item("a", "1"), item("b", "1"), item("b", "2", slow=5), item("c", "1", slow=30), item("d", "1"),
             item("e", "1", slow=5), item("c", "2")]
    pytest_collection_modifyitems(items)
    assert [i.name for i in items] == ["c::1", "c::2", "b::1", "b::2", "e::1", "a::1", "d::1"]
