"""Copying JSON-shaped state: what every `apply` does before changing its copy."""

from __future__ import annotations

from typing import Any


def clone(data: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars), much faster than copy.deepcopy."""
    if isinstance(data, dict):
        return {k: clone(v) if isinstance(v, (dict, list)) else v for k, v in data.items()}
    if isinstance(data, list):
        return [clone(v) if isinstance(v, (dict, list)) else v for v in data]
    return data


def clone_keeping_log(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of a state whose "log" events are shared: events are never changed once written."""
    new = clone({k: v for k, v in state.items() if k != "log"})
    new["log"] = list(state["log"])
    return new
