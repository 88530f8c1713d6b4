"""The round board of Arditi del Popolo: 18 rays × 5 rings, numbered 1-90, "spherical".

Ray r (0-17, counter-clockwise from the ray with the white dot) holds 5r+1 (outer ring) … 5r+5
(inner ring). Moves are orthogonal: along a ring to the next ray (ray 17 and ray 0 touch), or along
a ray to the next ring. Stepping out of the outer ring re-enters the outer ring on the opposite ray
(1 ↔ 46); stepping in from the inner ring crosses the centre to the inner ring of the opposite ray
(5 ↔ 50). Crossing flips the direction of travel between "in" and "out".

Directions are absolute: "in" (towards the centre), "out", "ccw" (to the next ray counter-
clockwise, the numbering's way) and "cw". Seen from above with the numbering running counter-
clockwise, a walker's left is: travelling in → cw, out → ccw, ccw → in, cw → out.
"""

from __future__ import annotations

from functools import cache
from typing import Final

RAYS: Final = 18
RINGS: Final = 5
SPACES: Final = RAYS * RINGS  # 90
DIRECTIONS: Final = ("in", "out", "ccw", "cw")
OPPOSITE: Final = {"in": "out", "out": "in", "ccw": "cw", "cw": "ccw"}
LEFT: Final = {"in": "cw", "out": "ccw", "ccw": "in", "cw": "out"}
RIGHT: Final = {d: OPPOSITE[left] for d, left in LEFT.items()}


def ray_of(space: int) -> int:
    return (space - 1) // RINGS


def ring_of(space: int) -> int:
    """0 = the outer ring … 4 = the inner ring."""
    return (space - 1) % RINGS


def space_at(ray: int, ring: int) -> int:
    return (ray % RAYS) * RINGS + ring + 1


@cache
def neighbour(space: int, direction: str) -> tuple[int, str]:
    """The space one step from `space` in `direction`, and the direction of travel on arrival."""
    ray, ring = ray_of(space), ring_of(space)
    if direction == "ccw":
        return space_at(ray + 1, ring), "ccw"
    if direction == "cw":
        return space_at(ray - 1, ring), "cw"
    if direction == "in":
        if ring == RINGS - 1:  # across the centre to the opposite ray, now travelling outwards
            return space_at(ray + RAYS // 2, ring), "out"
        return space_at(ray, ring + 1), "in"
    if direction == "out":
        if ring == 0:  # over the edge to the opposite ray, now travelling inwards
            return space_at(ray + RAYS // 2, ring), "in"
        return space_at(ray, ring - 1), "out"
    raise ValueError(f"unknown direction {direction!r}")


@cache
def neighbours(space: int) -> tuple[int, ...]:
    """The four spaces orthogonally adjacent to `space` (with the wrap-arounds)."""
    return tuple(neighbour(space, d)[0] for d in DIRECTIONS)


def adjacent(a: int, b: int) -> bool:
    return b in neighbours(a)


def direction_between(a: int, b: int) -> str | None:
    """The direction of travel of a step from `a` to the adjacent `b` (as it is on arrival)."""
    for direction in DIRECTIONS:
        target, arrival = neighbour(a, direction)
        if target == b:
            return arrival
    return None


@cache
def distances_from(space: int) -> dict[int, int]:
    """Steps from `space` to every space, moving orthogonally over an empty board."""
    found = {space: 0}
    frontier = [space]
    while frontier:
        following = []
        for current in frontier:
            for nxt in neighbours(current):
                if nxt not in found:
                    found[nxt] = found[current] + 1
                    following.append(nxt)
        frontier = following
    return found


def relative(travel: str | None, direction: str) -> str:
    """A step's direction as the walker sees it: forward, left or right (or the absolute one)."""
    if travel is None:
        return direction
    if direction == travel:
        return "forward"
    if direction == LEFT[travel]:
        return "left"
    if direction == RIGHT[travel]:
        return "right"
    return "back"
