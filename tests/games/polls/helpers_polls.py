"""Shared helpers for the polls tests: a fresh game, board edits and scripted actions."""

from __future__ import annotations

import copy
from typing import Any

from games.core.rng import ScriptedRng
from games.polls import GAME

State = dict[str, Any]
BLUE, RED = 0, 1


def new_game(first: int = BLUE) -> State:
    """A fresh game where `first` takes the first turn."""
    return GAME.setup(2, {"first": first}, ScriptedRng())


def with_board(
    state: State,
    *,
    sectors: dict[str, tuple[int, int]] | None = None,
    propaganda: dict[int, dict[str, int]] | None = None,
    influence: dict[str, tuple[int, int]] | None = None,
    pacts: dict[str, tuple[int, int]] | None = None,
    **fields: Any,
) -> State:
    """A copy of `state` with some sectors/centres/regions/pact boxes/fields set."""
    s = copy.deepcopy(state)
    for sector, (blue, red) in (sectors or {}).items():
        s["sectors"][sector] = [blue, red]
    for seat, held in (propaganda or {}).items():
        s["propaganda"][seat].update(held)
    for region, (blue, red) in (influence or {}).items():
        s["influence"][region] = [blue, red]
    for region, (blue, red) in (pacts or {}).items():
        s["pacts"][region] = [blue, red]
    s.update(fields)
    return s


def act(state: State, seat: int, action: dict[str, Any], *rolls: int) -> State:
    """Apply one action with scripted dice; every scripted die must be used."""
    rng = ScriptedRng(rolls)
    new = GAME.apply(state, seat, action, rng)
    assert rng.remaining == [], f"unused dice: {rng.remaining}"
    return new


def events(before: State, after: State, kind: str | None = None) -> list[dict[str, Any]]:
    """Log events added between two states (optionally only one type)."""
    seen = before["log_count"]
    new = [e for e in after["log"] if e["id"] > seen]
    return [e for e in new if kind is None or e["type"] == kind]


def owner_counts(state: State, sector: str) -> list[int]:
    return list(state["sectors"][sector])


def tokens_on_board(state: State, seat: int) -> int:
    total = sum(c[seat] for c in state["sectors"].values())
    total += sum(state["propaganda"][seat].values())
    total += sum(c[seat] for c in state["influence"].values())
    total += sum(c[seat] for c in state["pacts"].values())
    return total
