"""The round board (rules/arditi.md "The board"): numbering, neighbours, wrap-arounds, labels."""

from __future__ import annotations

import pytest

from games.arditi.board import (
    LEFT,
    RIGHT,
    adjacent,
    direction_between,
    distances_from,
    neighbour,
    neighbours,
    ray_of,
    relative,
    ring_of,
    space_at,
)


def test_numbering_runs_outer_to_inner_along_each_ray():
    """Ray r holds 5r+1 (outer) … 5r+5 (inner): every multiple of 5 lies on the inner ring."""
    assert [space_at(0, ring) for ring in range(5)] == [1, 2, 3, 4, 5]
    assert [space_at(1, ring) for ring in range(5)] == [6, 7, 8, 9, 10]
    assert space_at(17, 0) == 86 and space_at(17, 4) == 90
    assert all(ring_of(5 * k) == 4 for k in range(1, 19))
    assert (ray_of(47), ring_of(47)) == (9, 1)


@pytest.mark.parametrize(
    ("space", "direction", "target", "arrival"),
    [
        (17, "in", 18, "in"),  # along a ray, towards the centre
        (18, "out", 17, "out"),
        (17, "ccw", 22, "ccw"),  # along a ring, to the next ray counter-clockwise
        (17, "cw", 12, "cw"),
        (86, "ccw", 1, "ccw"),  # ray 17 and ray 0 touch
        (1, "cw", 86, "cw"),
        (90, "ccw", 5, "ccw"),
        (5, "cw", 90, "cw"),
    ],
)
def test_ordinary_moves_and_the_ring_wrap(space, direction, target, arrival):
    """In/out move along the ray, cw/ccw along the ring (ray 17 next to ray 0); the direction holds."""
    assert neighbour(space, direction) == (target, arrival)


@pytest.mark.parametrize(
    ("space", "direction", "target", "arrival"),
    [
        (1, "out", 46, "in"),  # over the outer edge to the opposite ray, now travelling inwards
        (46, "out", 1, "in"),
        (86, "out", 41, "in"),
        (5, "in", 50, "out"),  # across the centre to the opposite ray, now travelling outwards
        (50, "in", 5, "out"),
        (90, "in", 45, "out"),
    ],
)
def test_spherical_wraps_flip_in_and_out(space, direction, target, arrival):
    """Out of the outer ring re-enters it on the opposite ray (1 ↔ 46), in from the inner ring crosses
    the centre (5 ↔ 50); the direction of travel flips between in and out."""
    assert neighbour(space, direction) == (target, arrival)


def test_going_on_after_a_wrap_continues_away_from_it():
    """After crossing the centre the march keeps going outwards along the opposite ray."""
    target, arrival = neighbour(5, "in")
    assert neighbour(target, arrival) == (49, "out")
    target, arrival = neighbour(1, "out")
    assert neighbour(target, arrival) == (47, "in")


def test_every_space_has_four_distinct_mutual_neighbours():
    """Each of the 90 spaces has 4 different neighbours, and adjacency is symmetric."""
    for space in range(1, 91):
        around = neighbours(space)
        assert len(set(around)) == 4 and space not in around
        assert all(1 <= other <= 90 and adjacent(other, space) for other in around)
    assert adjacent(5, 50) and adjacent(1, 46) and adjacent(86, 1) and not adjacent(1, 7)


def test_no_diagonal_neighbours():
    """Only orthogonal moves: 17's neighbours are 16, 18, 12 and 22, not 13, 23, 11 or 21."""
    assert set(neighbours(17)) == {16, 18, 12, 22}


def test_direction_between_reports_the_arrival_direction():
    """The direction of a step between adjacent spaces is the one on arrival (flipped over a wrap)."""
    assert direction_between(17, 18) == "in"
    assert direction_between(1, 46) == "in"
    assert direction_between(5, 50) == "out"
    assert direction_between(86, 1) == "ccw"
    assert direction_between(17, 19) is None


def test_left_and_right_of_each_direction_of_travel():
    """Seen from above with the numbering counter-clockwise: going in, left is cw; out → ccw; ccw → in; cw → out."""
    assert LEFT == {"in": "cw", "out": "ccw", "ccw": "in", "cw": "out"}
    assert RIGHT == {"in": "ccw", "out": "cw", "ccw": "out", "cw": "in"}


@pytest.mark.parametrize(
    ("travel", "direction", "label"),
    [
        ("in", "in", "forward"),
        ("in", "cw", "left"),
        ("in", "ccw", "right"),
        ("in", "out", "back"),
        ("ccw", "in", "left"),
        ("ccw", "out", "right"),
        ("cw", "cw", "forward"),
        ("cw", "ccw", "back"),
        (None, "cw", "cw"),  # no direction of travel yet: the absolute direction
    ],
)
def test_relative_labels(travel, direction, label):
    """A step is labelled forward/left/right/back relative to the travel, or absolute without one."""
    assert relative(travel, direction) == label


def test_distances_use_the_wraps():
    """Distances count orthogonal steps with the wrap-arounds: 1 → 46 is one step, 5 → 50 too."""
    assert distances_from(1)[46] == 1
    assert distances_from(5)[50] == 1
    assert distances_from(1)[86] == 1
    assert distances_from(1)[3] == 2
    assert len(distances_from(33)) == 90
