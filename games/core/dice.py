"""Dice rolls through the injected rng."""

from __future__ import annotations

from games.core.protocol import Rng


def roll(rng: Rng, count: int = 1, sides: int = 6) -> list[int]:
    """Roll `count` dice of `sides` faces, in order."""
    return [rng.die(sides) for _ in range(count)]
