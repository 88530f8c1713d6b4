"""Clockwise table order (games/core/seats.py): seats 0..n-1, skipping players who are out."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.core.seats import clockwise, next_seat


def test_clockwise_starts_at_start_and_wraps():
    """Every seat once, from the start seat, wrapping past the last seat."""
    assert list(clockwise(2, 5)) == [2, 3, 4, 0, 1]
    assert list(clockwise(0, 3)) == [0, 1, 2]


def test_clockwise_skips_players_who_are_out():
    """Skipped seats, the start seat included, are left out of the order."""
    assert list(clockwise(1, 6, skip={3, 4})) == [1, 2, 5, 0]
    assert list(clockwise(1, 4, skip={1})) == [2, 3, 0]
    assert list(clockwise(0, 3, skip={0, 1, 2})) == []


def test_next_seat_goes_clockwise_and_wraps():
    """The next seat after the last one is seat 0."""
    assert next_seat(0, 4) == 1
    assert next_seat(3, 4) == 0


def test_next_seat_skips_players_who_are_out():
    """Seats of players who left are passed over."""
    assert next_seat(1, 6, skip={2, 3}) == 4
    assert next_seat(4, 6, skip={5, 0}) == 1


def test_next_seat_of_a_seat_that_is_out_still_moves_on():
    """The seat a leaver sat in still has a next seat."""
    assert next_seat(2, 5, skip={2}) == 3


def test_next_seat_none_when_everyone_is_out():
    """With every seat skipped there is no next seat."""
    assert next_seat(1, 3, skip={0, 1, 2}) is None


@given(
    n=st.integers(min_value=1, max_value=10),
    data=st.data(),
)
def test_clockwise_visits_each_remaining_seat_once_in_order(n, data):
    """clockwise lists each non-skipped seat once, by increasing distance from the start."""
    start = data.draw(st.integers(min_value=0, max_value=n - 1))
    skip = data.draw(st.sets(st.integers(min_value=0, max_value=n - 1)))
    order = list(clockwise(start, n, skip))
    assert sorted(order) == sorted(set(range(n)) - skip)
    distances = [(seat - start) % n for seat in order]
    assert distances == sorted(distances)
    if order:
        nxt = next_seat(start, n, skip)
        after = [s for s in order if s != start]
        assert nxt == (after[0] if after else start)
