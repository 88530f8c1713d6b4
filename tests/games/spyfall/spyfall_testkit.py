"""Shared helpers for the Spyfall rule tests (imported by the test modules of this folder)."""

from __future__ import annotations

import copy
import functools
import json
import re
from typing import Any

import pytest

from games.core import IllegalAction, ScriptedRng
from games.spyfall import GAME
from games.spyfall.locations import BY_ID, LOCATION_NAME, LOCATIONS, ROLE_NAME

G = GAME
T0 = 1000.0  # the stamp at which test rounds start
ALL_IDS = [loc.id for loc in LOCATIONS]


def act(state: dict, seat: int | None, action: dict, *rolls: int) -> dict:
    """Apply an action with a ScriptedRng, checking that the input state is not mutated."""
    before = copy.deepcopy(state)
    new = G.apply(state, seat, action, ScriptedRng(rolls))
    assert state == before, "apply mutated its input state"
    return new


def refused(state: dict, seat: int | None, action: dict) -> IllegalAction:
    """Assert the action is illegal and the state is left exactly as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        G.apply(state, seat, action, ScriptedRng())
    assert state == before, "a refused action changed the state"
    assert isinstance(info.value.reason, str) and info.value.reason
    assert re.fullmatch(r"(spyfall|core)(\.[a-z][a-z_]*)+", info.value.message_id), info.value.message_id
    return info.value


def new_game(n: int = 4, dealer: int = 0, **options: Any) -> dict:
    """A fresh game in the lobby with a scripted first dealer."""
    return G.setup(n, options, ScriptedRng([dealer]))


def start(
    n: int = 4,
    dealer: int = 0,
    spy: int = 1,
    at: float | None = T0,
    first_location: str | None = None,
    **options: Any,
) -> dict:
    """A round in play: `dealer` deals, `spy` (a seat, no one has left) is the spy.

    With `first_location`, every location before it in LOCATIONS order is marked as used so
    that ScriptedRng.choice (which takes the first of the pool) draws it.
    """
    state = new_game(n, dealer, **options)
    if first_location is not None:
        state["used_locations"] = ALL_IDS[: ALL_IDS.index(first_location)]
    action: dict[str, Any] = {"type": "start_round"}
    if at is not None:
        action["at"] = at
    return act(state, dealer, action, spy)


def accuse(state: dict, seat: int, target: int, at: float | None = None) -> dict:
    action: dict[str, Any] = {"type": "accuse", "target": target}
    if at is not None:
        action["at"] = at
    return act(state, seat, action)


def vote(state: dict, seat: int, guilty: bool, at: float | None = None) -> dict:
    action: dict[str, Any] = {"type": "vote", "guilty": guilty}
    if at is not None:
        action["at"] = at
    return act(state, seat, action)


def votes(state: dict, ballots: dict[int, bool], at: float | None = None) -> dict:
    for seat, guilty in ballots.items():
        state = vote(state, seat, guilty, at)
    return state


def timeout(state: dict, at: float | None = None) -> dict:
    action: dict[str, Any] = {"type": "timeout"}
    if at is not None:
        action["at"] = at
    return act(state, None, action)


def deadline(state: dict) -> float:
    """The current deadline (the test fails if the game has none)."""
    at = G.deadline(state)
    assert at is not None, "no deadline"
    return at


def time_up(state: dict) -> dict:
    """The game master calls time exactly at the current deadline."""
    return timeout(state, deadline(state))


def points(state: dict) -> list[int]:
    """Points of the round that just ended, per seat."""
    return list(state["result"]["points"])


def location_strings(location_id: str) -> set[str]:
    """Every string that would give the location away: its id, its role keys and their message ids."""
    loc = BY_ID[location_id]
    found = {loc.id, LOCATION_NAME[loc.id], *loc.roles}
    found.update(ROLE_NAME[f"{loc.id}.{role}"] for role in loc.roles)
    return found


def json_strings(value: Any) -> set[str]:
    """All string values and keys inside a JSON-ready value."""
    return json_values(value) | json_keys(value)


def json_values(value: Any) -> set[str]:
    """All string values (not keys) inside a JSON-ready value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {s for item in value.values() for s in json_values(item)}
    if isinstance(value, list | tuple):
        return {s for item in value for s in json_values(item)}
    return set()


def json_keys(value: Any) -> set[str]:
    """All dict keys inside a JSON-ready value."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found.add(str(key))
            found |= json_keys(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= json_keys(item)
    return found


@functools.cache
def field_names() -> frozenset[str]:
    """The keys views have before any location was dealt: the engine's field names, never a secret.

    (A role key may also be a field name: the casino's "dealer".)
    """
    lobby = new_game(8)
    return frozenset(key for seat in (None, *range(8)) for key in json_keys(G.view(lobby, seat)))


def secrets_shown(shown: Any, location_id: str) -> set[str]:
    """The strings of a JSON-ready value that give the location away: any value or key naming the
    location, its roles or their message ids, except keys that are the engine's own field names."""
    strings = json_values(shown) | (json_keys(shown) - field_names())
    return strings & location_strings(location_id)


def public_secret_leaks(state: dict) -> list[str]:
    """What the public view shows of the current round's secrets (location, roles, spy card).

    The public list of all locations and the records of earlier rounds are allowed.
    """
    shown = json.loads(json.dumps(G.view(state, None)))
    problems = []
    if "card" in shown:
        problems.append("the public view holds a card")
    shown.pop("locations", None)
    shown.pop("history", None)
    shown["log"] = [
        e for e in shown.get("log", [])
        if not (e.get("type") == "round_over" and e.get("round", 0) < state["round"])
    ]
    leaked = secrets_shown(shown, state["location"])
    if leaked:
        problems.append(f"the public view shows {sorted(leaked)}")
    return problems
