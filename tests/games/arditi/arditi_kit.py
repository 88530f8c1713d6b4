"""Shared helpers for the Arditi del Popolo tests: positions built by hand, scripted actions, the log.

Geometry at a glance (board.py): ray r holds 5r+1 (outer ring) … 5r+5 (inner ring); "in" goes one
ring towards the centre, "ccw" to ray r+1 (the numbering's way), "cw" to ray r-1.
`walk(17, "in", "ccw")` → [17, 18, 23] spells a path by its steps.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from typing import Any

import pytest

from games.arditi import GAME
from games.arditi.board import SPACES, direction_between, neighbour
from games.core.protocol import IllegalAction, Outcome
from games.core.rng import ScriptedRng

G = GAME
State = dict[str, Any]
ROLL = {"type": "roll"}
END = {"type": "end_move"}
JUMP = {"type": "jump"}


def lead(toward: Any, places: Any = 1) -> dict[str, Any]:
    """A leader move: one swap with the piece `places` pieces away toward the head or the tail."""
    return {"type": "leader_move", "toward": toward, "places": places}


TO_HEAD = lead("head")
TO_TAIL = lead("tail")


def step(direction: Any) -> dict[str, Any]:
    return {"type": "step", "dir": direction}


def place(space: Any) -> dict[str, Any]:
    return {"type": "place_leader", "space": space}


def walk(start: int, *directions: str) -> list[int]:
    """The spaces of a path from `start`, one per step in the given absolute directions."""
    spaces = [start]
    for direction in directions:
        spaces.append(neighbour(spaces[-1], direction)[0])
    return spaces


def march(spaces: list[int], leader: int = 0, direction: str | None = "auto") -> dict[str, Any]:
    """A march from tail to head; its direction defaults to the last link's (None for one piece)."""
    if direction == "auto":
        direction = direction_between(spaces[-2], spaces[-1]) if len(spaces) > 1 else None
    return {"spaces": list(spaces), "leader": leader, "dir": direction}


def position(
    marches: list[dict[str, Any]],
    *,
    numbers: Sequence[int] = (),
    groups: Sequence[tuple[int, list[int]]] = (),
    police: Sequence[tuple[str, int | None]] = (),
    waiting: Sequence[int] = (),
    bag: list[int] | None = None,
    current: int = 0,
    first: int = 0,
    **fields: Any,
) -> State:
    """A game in the roll phase of `current` with exactly these pieces (no indifferents unless given).

    The bag defaults to every number neither on the board as an indifferent nor waiting.
    """
    n = len(marches)
    state = G.setup(n, {"first": first}, ScriptedRng([*range(1, n + 1), *range(n + 1, n + 13)]))
    state["marches"] = [copy.deepcopy(m) for m in marches]
    state["numbers"] = sorted(numbers)
    state["waiting"] = list(waiting)
    state["groups"] = [{"seat": seat, "spaces": list(spaces)} for seat, spaces in groups]
    state["police"] = [{"rank": rank, "space": space} for rank, space in police]
    if bag is None:
        out = set(numbers) | set(waiting)
        bag = [x for x in range(1, SPACES + 1) if x not in out]
    state["bag"] = sorted(bag)
    state["current"] = current
    state["log"] = []
    state["log_count"] = 0
    state.update(fields)
    return state


def act(state: State, seat: int | None, action: dict[str, Any], *rolls: int) -> State:
    """Apply one action with scripted dice and draws; the input is not mutated, every value is used."""
    before = copy.deepcopy(state)
    rng = ScriptedRng(rolls)
    new = G.apply(state, seat, action, rng)
    assert state == before, "apply mutated its input state"
    assert rng.remaining == [], f"unused scripted values: {rng.remaining}"
    return new


def play(state: State, seat: int, *actions: dict[str, Any]) -> State:
    """Several actions of one seat that draw nothing."""
    for action in actions:
        state = act(state, seat, action)
    return state


def refused(state: State, seat: int | None, action: Any) -> IllegalAction:
    """Assert the action is illegal and leaves the state exactly as it was; return the refusal."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        G.apply(state, seat, action, ScriptedRng())
    assert state == before, "a refused action changed the state"
    refusal = info.value
    assert refusal.text and refusal.text[0].isupper() and refusal.text.endswith((".", "?")), refusal.text
    assert re.fullmatch(r"(arditi|core)(\.[a-z][a-z_]*)+", refusal.message_id), refusal.message_id
    return refusal


def events(before: State, after: State, kind: str | None = None) -> list[dict[str, Any]]:
    """Log events added between two states (optionally only one type)."""
    seen = before["log_count"]
    new = [e for e in after["log"] if e["id"] > seen]
    return [e for e in new if kind is None or e["type"] == kind]


def ended(state: State) -> Outcome:
    """The outcome of a game that has ended (the test fails if it has not)."""
    outcome = G.outcome(state)
    assert outcome is not None, "the game has not ended"
    return outcome


def logged(state: State, kind: str) -> list[dict[str, Any]]:
    """The events of one type in the state's log (positions built by the kit start with an empty log)."""
    return [e for e in state["log"] if e["type"] == kind]


def kinds(state: State, seat: int) -> set[str]:
    return {a["type"] for a in G.legal_actions(state, seat)}


def step_dirs(state: State, seat: int) -> set[str]:
    return {a["dir"] for a in G.legal_actions(state, seat) if a["type"] == "step"}


def spaces_of(state: State, seat: int) -> list[int]:
    return list(state["marches"][seat]["spaces"])


def leader_space(state: State, seat: int) -> int:
    m = state["marches"][seat]
    return int(m["spaces"][m["leader"]])


def finished(state: State) -> State:
    """The game ended now: the last seat takes one step in the last round allowed."""
    last = state["n"] - 1
    state.update(round=5, current=last, stepped=True, options={"max_rounds": 5})
    state = act(state, last, ROLL, 1)
    return act(state, last, next(a for a in G.legal_actions(state, last) if a["type"] == "step"))
