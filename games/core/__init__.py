"""Shared pieces of every rules engine: the contract, randomness and small reusable engines."""

from games.core.protocol import Game, IllegalAction, Outcome, Rng
from games.core.rng import ScriptedRng, SeededRng

__all__ = ["Game", "IllegalAction", "Outcome", "Rng", "ScriptedRng", "SeededRng"]
