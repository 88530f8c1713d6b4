"""Som el que decidim!: a cooperative game of 1-4 citizens who uncover the urn cards for the referendum."""

from games.som.engine import GAME, Som

__all__ = ["GAME", "Som"]
