"""Leaderboards: who ranks where in one game on one server, from the store's standings and ratings.

Pure: plain rows in ({user, played, won, points}, as `Store.standings` gives them, with each member's
skill rating from `Store.ratings` or a period's replay, `with_ratings`), a ranked board out. No discord, no
clock (the caller passes "now"), so every rule here is tested on its own.

The order (docs/decisions.md, "Skill ratings"):
1. the conservative rating (mu - 3 sigma, bot/ratings.py) as shown, rounded, highest first;
2. win rate, best first, counted only for members with at least MIN_GAMES games;
3. games played, most first.
Members equal on all of these share a rank (1, 2, 2, 4). A member with fewer than
ratings.PROVISIONAL_GAMES rated games is ranked but marked provisional. Computer players (negative ids)
are never ranked: the game's computer player is a reference line at its fixed rating (bot/ratings_reference.json).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from bot.ratings import NEUTRAL, PROVISIONAL_GAMES, Rating, Replayed, reference
from games import descriptor_of
from renderers.leaderboard import PERIOD_WORDS, points_text

__all__ = ["PERIOD_WORDS", "PERIODS", "Board", "Standing", "board", "picture", "points_text", "rank_of", "since",
           "with_ratings"]

DAY = 86_400.0
# The period choices of /game leaderboard: id → how far back it looks (None: every game).
PERIODS: dict[str, float | None] = {"all": None, "month": 30 * DAY, "week": 7 * DAY}
MIN_GAMES = 3  # a win rate is shown (and ranks) from this many games on
TOP = 10  # rows of a board; the asking member's own row is added below when they rank lower


def has_points(game: str) -> bool:
    """Whether the game's boards and records show points: its descriptor says its scores are points that add up
    across games (Spyfall's round points, Arditi's victory points; not Polls' seats, Junta's money or Som's
    participation discs, which each decide one game)."""
    found = descriptor_of(game)
    return found is not None and found.points


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
    rating: Rating = NEUTRAL
    rated: int = 0  # rated games behind the rating

    @property
    def provisional(self) -> bool:
        """Too few rated games for the rating to mean much yet."""
        return self.rated < PROVISIONAL_GAMES

    def rate(self, min_games: int = MIN_GAMES) -> float | None:
        """Wins per game, or None below `min_games` games."""
        return self.won / self.played if self.played >= min_games and self.played > 0 else None


@dataclass(frozen=True)
class Board:
    rows: list[Standing]  # the top rows, best first
    extra: Standing | None  # the asking member's row, when they rank below the top rows
    total: int  # members ranked
    points: bool  # whether points show
    min_games: int
    computer: Rating | None = None  # the game's computer player, a reference line (never ranked)

    @property
    def shown(self) -> list[Standing]:
        """Every row drawn: the top rows, then the asking member's own."""
        return [*self.rows, *([self.extra] if self.extra is not None else [])]

    def find(self, user: int) -> Standing | None:
        return next((row for row in self.shown if row.user == user), None)


def with_ratings(rows: Iterable[Mapping[str, float]],
                 ratings: Mapping[int, tuple[Rating, int]]) -> list[dict[str, float]]:
    """The standings' rows with each member's rating and rated games (neutral and 0 without any); a member
    rated but missing from the standings gets a row of their rated games."""
    out: list[dict[str, float]] = []
    seen: set[int] = set()
    for r in rows:
        user = int(r["user"])
        seen.add(user)
        rating, rated = ratings.get(user, (NEUTRAL, 0))
        out.append({**r, "mu": rating.mu, "sigma": rating.sigma, "rated": rated})
    for user, (rating, rated) in sorted(ratings.items()):
        if user not in seen and user > 0 and rated > 0:
            out.append({"user": user, "played": rated, "won": 0, "points": 0.0, "mu": rating.mu,
                        "sigma": rating.sigma, "rated": rated})
    return out


def replayed_ratings(replayed: Replayed) -> dict[int, tuple[Rating, int]]:
    """A period's replay (bot.ratings.replay) as `with_ratings` takes it."""
    return {u: (r, replayed.rated.get(u, 0)) for u, r in replayed.ratings.items()}


def _key(row: Standing, min_games: int) -> tuple[float, ...]:
    rate = row.rate(min_games)
    return (row.rating.shown, -1.0 if rate is None else rate, row.played)


def _standing(r: Mapping[str, float]) -> Standing:
    rating = Rating(float(r["mu"]), float(r["sigma"])) if "mu" in r else NEUTRAL
    return Standing(int(r["user"]), int(r["played"]), int(r["won"]), float(r["points"]), rating=rating,
                    rated=int(r.get("rated") or 0))


def ranked(rows: Iterable[Mapping[str, float]], *, min_games: int = MIN_GAMES) -> list[Standing]:
    """Every member's row in order, with ranks (ties share one; the next rank skips)."""
    standings = [s for s in map(_standing, rows) if s.user > 0 and s.played > 0]
    standings.sort(key=lambda s: (_key(s, min_games), -s.user), reverse=True)
    out: list[Standing] = []
    for index, row in enumerate(standings):
        tied = out and _key(out[-1], min_games) == _key(row, min_games)
        rank = out[-1].rank if tied else index + 1
        out.append(replace(row, rank=rank))
    return out


def board(
    rows: Iterable[Mapping[str, float]], game: str, *, asker: int | None = None, top: int = TOP,
    min_games: int = MIN_GAMES,
) -> Board:
    """A game's board: the first `top` rows, and `asker`'s row when it ranks below them."""
    order = ranked(rows, min_games=min_games)
    head = order[:top]
    extra = None
    if asker is not None and all(row.user != asker for row in head):
        extra = next((row for row in order if row.user == asker), None)
    return Board(head, extra, len(order), has_points(game), min_games, reference().computer.get(game))


def rank_of(rows: Iterable[Mapping[str, float]], game: str, user: int,
            min_games: int = MIN_GAMES) -> tuple[int, int] | None:
    """A member's (rank, members ranked) on a game's board, or None when they are not on it."""
    order = ranked(rows, min_games=min_games)
    found = next((row for row in order if row.user == user), None)
    return None if found is None else (found.rank, len(order))


def picture(board: Board, names: Mapping[int, str], *, game: str, server: str, period: str) -> dict[str, object]:
    """What renderers.leaderboard draws: the board's rows with the members' names, as plain data; the game's
    computer player as a reference row where its rating falls among them."""
    rows: list[dict[str, object]] = [
        {"rank": row.rank, "name": names.get(row.user, ""), "played": row.played, "won": row.won,
         "rate": None if (rate := row.rate(board.min_games)) is None else percent(rate),
         "points": row.points, "rating": row.rating.shown, "provisional": row.provisional,
         "extra": row is board.extra} for row in board.shown]
    if board.computer is not None:
        shown = board.computer.shown
        at = next((i for i, row in enumerate(board.shown) if row.rating.shown < shown), len(board.shown))
        rows.insert(at, {"reference": True, "rating": shown, "extra": False})
    return {"game": game, "server": server, "period": period, "total": board.total, "points": board.points,
            "min_games": board.min_games, "provisional_games": PROVISIONAL_GAMES, "rows": rows}


def percent(rate: float) -> int:
    """A win rate as a whole percentage (half up: 2/3 is 67)."""
    return int(rate * 100 + 0.5)


