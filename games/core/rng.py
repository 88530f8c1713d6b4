"""Randomness for engines: seeded in play (replayable), scripted in tests."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")


class SeededRng:
    """Deterministic per action: the same (seed, step) always gives the same draws.

    The table derives one from the game's seed and the action's sequence number, so
    replaying the action log rebuilds exactly the same state.
    """

    def __init__(self, seed: int | str, step: int | str = 0) -> None:
        self._random = random.Random(f"{seed}:{step}")

    def die(self, sides: int) -> int:
        return self._random.randint(1, sides)

    def randint(self, low: int, high: int) -> int:
        return self._random.randint(low, high)

    def shuffle(self, items: list[T]) -> list[T]:
        """Shuffle in place and return the list, so both call styles work."""
        self._random.shuffle(items)
        return items

    def choice(self, items: Sequence[T]) -> T:
        return self._random.choice(list(items))


class ScriptedRng:
    """Test randomness: dice and integers come from a queue; shuffles keep the order."""

    def __init__(self, rolls: Iterable[int] = ()) -> None:
        self._rolls = list(rolls)

    @property
    def remaining(self) -> list[int]:
        return list(self._rolls)

    def _next(self, low: int, high: int) -> int:
        if not self._rolls:
            raise AssertionError(f"ScriptedRng exhausted: a value in {low}..{high} was asked for")
        value = self._rolls.pop(0)
        if not low <= value <= high:
            raise AssertionError(f"ScriptedRng: {value} is outside {low}..{high}")
        return value

    def die(self, sides: int) -> int:
        return self._next(1, sides)

    def randint(self, low: int, high: int) -> int:
        return self._next(low, high)

    def shuffle(self, items: list[T]) -> list[T]:
        return items

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise AssertionError("ScriptedRng.choice on an empty sequence")
        return items[0]
