"""Pure rules engines, one package per game, all behind the contract of games.core.protocol."""

from __future__ import annotations

from games.arditi import GAME as ARDITI
from games.core.protocol import Game
from games.junta import GAME as JUNTA
from games.polls import GAME as POLLS
from games.som import GAME as SOM
from games.spyfall import GAME as SPYFALL

REGISTRY: dict[str, Game] = {
    SPYFALL.id: SPYFALL,
    POLLS.id: POLLS,
    ARDITI.id: ARDITI,
    SOM.id: SOM,
    JUNTA.id: JUNTA,
}

# The project's games, fixed when this module is imported. Message families are made from it, not from
# REGISTRY itself: the shared UI's tests register a toy game in REGISTRY for a while, and a family made
# while it is there would ask the catalogs for the toy's ids.
GAME_IDS: tuple[str, ...] = tuple(REGISTRY)

__all__ = ["GAME_IDS", "REGISTRY"]
