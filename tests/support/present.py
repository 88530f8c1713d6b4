"""`present(value)`: a view's optional part, asserted to be there (a test reads it typed)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def present(value: T | None) -> T:
    """The value, which the test expects to be there (an AssertionError if it is None)."""
    assert value is not None
    return value
