"""Leaderboards: who ranks where in one game on one server, from the store's standings.

Pure: plain rows in ({user, played, won, points}, as `Store.standings` gives them), a ranked board
out. No discord, no clock (the caller passes "now"), so every rule here is tested on its own.

The order (docs/decisions.md, "Leaderboards"):
1. wins, most first;
2. win rate, best first, counted only for members with at least MIN_GAMES games: at equal wins a
   member with a win rate ranks above one who has too few games for theirs;
3. points, most first, only in a game whose rules score points (POINTS_GAMES): the others' Outcome
   scores are seats or money or discs, which the board does not show, and a hidden tie-break would
   put two rows that read the same at different ranks;
4. games played, most first.
Members equal on all of these share a rank (1, 2, 2, 4). Computer players (negative ids) are
never ranked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from renderers.leaderboard import PERIOD_WORDS, points_text

__all__ = ["PERIOD_WORDS", "PERIODS", "Board", "Standing", "board", "picture", "points_text", "rank_of", "since"]

DAY = 86_400.0
# The period choices of /game leaderboard: id → how far back it looks (None: every game).
PERIODS: dict[str, float | None] = {"all": None, "month": 30 * DAY, "week": 7 * DAY}
MIN_GAMES = 3  # a win rate is shown (and ranks) from this many games on
TOP = 10  # rows of a board; the asking member's own row is added below when they rank lower
# Games whose rules score in points that add up across games: Spyfall's round points and Arditi del
# Popolo's victory points. Polls scores seats in the Cortes, Junta money in a Swiss account, Som
# participation discs: each decides its game, none is a running tally of points.
POINTS_GAMES = frozenset({"spyfall", "arditi"})


def has_points(game: str) -> bool:
    """Whether the game's boards and records show points."""
    return game in POINTS_GAMES


def since(period: str, now: float) -> float | None:
    """The moment a period starts (None: all time). `now` is the bot's clock."""
    if period not in PERIODS:
        raise ValueError(f"unknown period {period!r}")
    span = PERIODS[period]
    return None if span is None else now - span


@dataclass(frozen=True)
class Standing:
    """One member's row on a board."""

    user: int
    played: int
    won: int
    points: float
    rank: int = 0

    def rate(self, min_games: int = MIN_GAMES) -> float | None:
        """Wins per game, or None below `min_games` games."""
        return self.won / self.played if self.played >= min_games and self.played > 0 else None


@dataclass(frozen=True)
class Board:
    rows: list[Standing]  # the top rows, best first
    extra: Standing | None  # the asking member's row, when they rank below the top rows
    total: int  # members ranked
    points: bool  # whether points show (and rank)
    min_games: int

    @property
    def shown(self) -> list[Standing]:
        """Every row drawn: the top rows, then the asking member's own."""
        return [*self.rows, *([self.extra] if self.extra is not None else [])]

    def find(self, user: int) -> Standing | None:
        return next((row for row in self.shown if row.user == user), None)


def _key(row: Standing, points: bool, min_games: int) -> tuple[float, ...]:
    rate = row.rate(min_games)
    return (row.won, -1.0 if rate is None else rate, round(row.points, 6) if points else 0.0, row.played)


def ranked(rows: Iterable[Mapping[str, float]], *, points: bool, min_games: int = MIN_GAMES) -> list[Standing]:
    """Every member's row in order, with ranks (ties share one; the next rank skips)."""
    standings = [Standing(int(r["user"]), int(r["played"]), int(r["won"]), float(r["points"]))
                 for r in rows if int(r["user"]) > 0 and int(r["played"]) > 0]
    standings.sort(key=lambda s: (_key(s, points, min_games), -s.user), reverse=True)
    out: list[Standing] = []
    for index, row in enumerate(standings):
        tied = out and _key(out[-1], points, min_games) == _key(row, points, min_games)
        rank = out[-1].rank if tied else index + 1
        out.append(Standing(row.user, row.played, row.won, row.points, rank))
    return out


def board(
    rows: Iterable[Mapping[str, float]], game: str, *, asker: int | None = None, top: int = TOP,
    min_games: int = MIN_GAMES,
) -> Board:
    """A game's board: the first `top` rows, and `asker`'s row when it ranks below them."""
    points = has_points(game)
    order = ranked(rows, points=points, min_games=min_games)
    head = order[:top]
    extra = None
    if asker is not None and all(row.user != asker for row in head):
        extra = next((row for row in order if row.user == asker), None)
    return Board(head, extra, len(order), points, min_games)


def rank_of(rows: Iterable[Mapping[str, float]], game: str, user: int,
            min_games: int = MIN_GAMES) -> tuple[int, int] | None:
    """A member's (rank, members ranked) on a game's board, or None when they are not on it."""
    order = ranked(rows, points=has_points(game), min_games=min_games)
    found = next((row for row in order if row.user == user), None)
    return None if found is None else (found.rank, len(order))


def picture(board: Board, names: Mapping[int, str], *, game: str, server: str, period: str) -> dict[str, object]:
    """What renderers.leaderboard draws: the board's rows with the members' names, as plain data."""
    rows = [{"rank": row.rank, "name": names.get(row.user, ""), "played": row.played, "won": row.won,
             "rate": None if (rate := row.rate(board.min_games)) is None else percent(rate),
             "points": row.points, "extra": row is board.extra} for row in board.shown]
    return {"game": game, "server": server, "period": period, "total": board.total, "points": board.points,
            "min_games": board.min_games, "rows": rows}


def percent(rate: float) -> int:
    """A win rate as a whole percentage (half up: 2/3 is 67)."""
    return int(rate * 100 + 0.5)


