"""Table order: seats 0..n-1 clockwise, skipping players who are out."""

from __future__ import annotations

from collections.abc import Container, Iterator


def clockwise(start: int, n: int, skip: Container[int] = ()) -> Iterator[int]:
    """Every seat once, starting at `start` (included) and going clockwise."""
    for offset in range(n):
        seat = (start + offset) % n
        if seat not in skip:
            yield seat


def next_seat(seat: int, n: int, skip: Container[int] = ()) -> int | None:
    """The first seat after `seat` clockwise that is not skipped, or None if there is none."""
    for offset in range(1, n + 1):
        candidate = (seat + offset) % n
        if candidate not in skip:
            return candidate
    return None
