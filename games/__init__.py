"""Pure rules engines, one package per game, all behind the contract of games.core.protocol.

Each game package declares itself once, as a `DESCRIPTOR` (games.core.descriptor.GameDescriptor); the
registry below lists them, and everything else reads it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from games.arditi import DESCRIPTOR as ARDITI
from games.core.descriptor import GameDescriptor
from games.core.protocol import Game
from games.junta import DESCRIPTOR as JUNTA
from games.polls import DESCRIPTOR as POLLS
from games.som import DESCRIPTOR as SOM
from games.spyfall import DESCRIPTOR as SPYFALL

DESCRIPTORS: dict[str, GameDescriptor] = {d.id: d for d in (SPYFALL, POLLS, ARDITI, SOM, JUNTA)}
REGISTRY: dict[str, Game] = {game_id: d.engine for game_id, d in DESCRIPTORS.items()}

# The project's games, fixed when this module is imported. Message families are made from it, not from
# REGISTRY itself: a test may register a toy game for a while (`registered`), and a family made while it
# is there would ask the catalogs for the toy's ids.
GAME_IDS: tuple[str, ...] = tuple(REGISTRY)


@contextmanager
def registered(descriptor: GameDescriptor) -> Iterator[GameDescriptor]:
    """The game registered (its descriptor and its engine) while the block runs: how a test adds a game."""
    DESCRIPTORS[descriptor.id] = descriptor
    REGISTRY[descriptor.id] = descriptor.engine
    try:
        yield descriptor
    finally:
        DESCRIPTORS.pop(descriptor.id, None)
        REGISTRY.pop(descriptor.id, None)


def descriptor_of(game_id: str) -> GameDescriptor | None:
    """The registered game's descriptor, or None."""
    return DESCRIPTORS.get(game_id)


__all__ = ["DESCRIPTORS", "GAME_IDS", "REGISTRY", "descriptor_of", "registered"]
