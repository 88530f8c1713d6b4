"""The engine contract of DESIGN.md: every game package exports a `GAME` of this shape."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

T = TypeVar("T")

State = Any
Action = dict[str, Any]


class IllegalAction(Exception):
    """An action the rules forbid; the message is a sentence a player understands."""

    def __init__(self, reason: str, **details: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.details = details


@dataclass(frozen=True)
class Outcome:
    """How a game ended: who won, final scores, and a reason id the bot words."""

    winners: list[int]
    scores: dict[int, float] = field(default_factory=dict)
    reason: str = ""


class Rng(Protocol):
    """The only source of chance an engine may use."""

    def die(self, sides: int) -> int: ...

    def randint(self, low: int, high: int) -> int: ...

    def shuffle(self, items: list[T]) -> list[T]: ...

    def choice(self, items: Sequence[T]) -> T: ...


@runtime_checkable
class Game(Protocol):
    id: str
    title: str
    min_players: int
    max_players: int

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> State: ...

    def to_act(self, state: State) -> set[int]: ...

    def legal_actions(self, state: State, seat: int | None) -> list[Action]: ...

    def apply(self, state: State, seat: int | None, action: Action, rng: Rng) -> State: ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    def deadline(self, state: State) -> float | None: ...

    def outcome(self, state: State) -> Outcome | None: ...

    def dump(self, state: State) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> State: ...
