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

__all__ = ["REGISTRY"]
