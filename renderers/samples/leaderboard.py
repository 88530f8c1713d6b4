"""Sample leaderboards: the rows and names the leaderboard picture is checked and shown with (see
renderers/samples/__init__.py). The pictures' data is built by the bot (bot.leaderboard.board and
.picture), which the renderers do not import: `cases` takes those two builders as arguments."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

NAMES = {1: "Alice", 2: "Bob", 3: "Chiara", 4: "Davide Esposito", 5: "Élodie", 6: "Francesco", 7: "Giulia",
         8: "Hiroshi", 9: "Ivan", 10: "Jana", 11: "Karl", 12: "Lucía", 13: "Marta"}
LONG = {u: f"{name} {'W' * 30}" for u, name in NAMES.items()}
# games, wins, points, and the skill rating's mu and sigma (bot/ratings.py): a conservative rating mu - 3 sigma
# from 27 down to -7; members with fewer than three games are provisional
RECORDS = [(12, 7, 40, 36.1, 3.0), (9, 5, 31, 33.2, 3.4), (8, 5, 35, 31.0, 3.6), (6, 3, 18, 28.4, 4.1),
           (10, 3, 22, 27.0, 3.5), (2, 2, 9, 30.5, 6.6), (5, 2, 12, 25.2, 4.5), (4, 2, 12, 24.0, 4.9),
           (3, 1, 8, 22.1, 5.3), (7, 1, 10, 20.0, 4.2), (2, 0, 3, 19.5, 6.7), (6, 0, 4, 16.8, 4.4),
           (1, 0, 0, 20.9, 7.6)]
ROWS: list[dict[str, float]] = [{"user": u, "played": p, "won": w, "points": pts, "mu": mu, "sigma": sigma, "rated": p}
                                for u, (p, w, pts, mu, sigma) in enumerate(RECORDS, start=1)]
TITLES = {"spyfall": "Spyfall", "polls": "The Polls Are Closed! (Spain)"}


class Builders:
    """The bot's two steps from result rows to the picture's data (bot.leaderboard.board, .picture)."""

    def __init__(self, board: Callable[..., Any], picture: Callable[..., dict[str, Any]]) -> None:
        self.board, self.picture = board, picture

    def data(self, game: str = "spyfall", rows: list[dict[str, float]] | None = None, asker: int | None = 12,
             names: dict[int, str] | None = None, period: str = "month") -> dict[str, Any]:
        """The picture's data for `rows` (by default ROWS) of `game`, asked by `asker`."""
        built = self.board(ROWS if rows is None else rows, game, asker=asker)
        return self.picture(built, NAMES if names is None else names, game=TITLES[game], server="Game night",
                            period=period)


def cases(board: Callable[..., Any], picture: Callable[..., dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Full boards with and without points, a single row, and long names (with and without points)."""
    make = Builders(board, picture)
    return {
        "full_points": make.data(),
        "full_no_points": make.data("polls"),
        "one_row": make.data(rows=[ROWS[0]], asker=None),
        "long_names": make.data(names=LONG, period="all"),
        "long_names_no_points": make.data("polls", names=LONG, period="week"),
    }
