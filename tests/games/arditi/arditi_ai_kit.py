"""Positions for the Arditi computer player's tests: a move in progress built by hand, an attacked leader."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.arditi import GAME
from games.arditi.board import space_at
from games.arditi.engine import POLICE_RANKS
from games.core.rng import SeededRng

State = dict[str, Any]
March = tuple[list[int], int, str | None]  # spaces tail to head, the leader's index, direction


def at(ray: int, ring: int) -> int:
    """The space on `ray` (0-17) and `ring` (0 outer … 4 inner)."""
    return space_at(ray, ring)


def position(marches: list[March], numbers: Iterable[int] = (), police: Iterable[int] = (),
             current: int = 0, steps: int = 1) -> State:
    """A move in progress: `current` has `steps` steps left; the board holds only what is given."""
    state = GAME.setup(len(marches), {"first": 0}, SeededRng(0, 0))
    state.update(
        phase="move", current=current, die=steps, steps_left=steps, numbers=sorted(numbers), waiting=[],
        groups=[], police=[{"rank": POLICE_RANKS[i], "space": s} for i, s in enumerate(police)],
        marches=[{"spaces": list(spaces), "leader": leader, "dir": travel} for spaces, leader, travel in marches],
    )
    state["visited"] = [state["marches"][current]["spaces"][-1]]
    return state


def attacked() -> State:
    """Seat 1's lone leader steps next to seat 0's leader in the middle of a march of seven: seat 0 must
    choose where its leader goes (both parts have three tokens)."""
    state = position([([at(r, 0) for r in range(2, 9)], 3, "ccw"), ([at(5, 2)], 0, "out")],
                     numbers=[at(14, 3)], current=1)
    return GAME.apply(state, 1, {"type": "step", "dir": "out"}, SeededRng(1, 1))
