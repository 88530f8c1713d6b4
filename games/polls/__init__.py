"""The Polls Are Closed! (Spain): 2 players, three propaganda circles, 11 regions, 66 seats."""

from games.polls.engine import GAME, Polls, projected_seats, supply

__all__ = ["GAME", "Polls", "projected_seats", "supply"]
