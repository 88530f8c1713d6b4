"""Copying JSON-shaped state: what every `apply` does before changing its copy."""

from __future__ import annotations

from typing import Any

from games.core.protocol import Outcome


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


class UntimedGame:
    """The contract members of a game without timers whose state ends in phase "game_over" with a
    "result" ({"winners", "scores" by seat, "reason"}), and whose state is plain JSON."""

    def deadline(self, state: dict[str, Any]) -> float | None:
        return None  # no timers in the rules

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        result = state["result"]
        if state["phase"] != "game_over" or result is None:
            return None
        return Outcome(winners=list(result["winners"]),
                       scores={s: float(p) for s, p in enumerate(result["scores"])}, reason=result["reason"])

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return dict(clone(state))

    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        return dict(clone(data))
