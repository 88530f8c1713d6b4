"""Junta: the political game of power, intrigue, money and coups (rules/junta.md)."""

from games.junta.engine import GAME, Junta

__all__ = ["GAME", "Junta"]
