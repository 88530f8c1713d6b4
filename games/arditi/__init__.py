"""Arditi del Popolo, Snake variant: 2-6 players lead marches that grow like snakes on a round board."""

from games.arditi.engine import GAME, Arditi

__all__ = ["Arditi", "GAME"]
