"""Spyfall: 3-8 players, one spy who does not know the location."""

from games.spyfall.engine import GAME, Spyfall

__all__ = ["GAME", "Spyfall"]
