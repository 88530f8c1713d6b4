"""Leaderboards without Discord: the ranking (bot/leaderboard.py) and the store's standings on both
backends (periods by the time a game finished; computer players never counted)."""

from __future__ import annotations

import pytest

from bot import leaderboard as lb
from bot import ratings as rt
from bot.meta import TableMeta
from bot.store import Store


def row(user: int, played: int, won: int, points: float = 0.0, mu: float = 25.0, sigma: float = 25 / 3,
        rated: int | None = None) -> dict[str, float]:
    return {"user": user, "played": played, "won": won, "points": points, "mu": mu, "sigma": sigma,
            "rated": played if rated is None else rated}


# --- the ranking ------------------------------------------------------------------------------


def test_the_conservative_rating_decides_first_then_win_rate_then_games() -> None:
    """The highest mu - 3 sigma first, whatever the wins: a member with 40 games and more wins ranks below a
    better-rated one with 10; at an equal shown rating the better win rate, then more games."""
    rows = [row(1, 40, 20, mu=26.0, sigma=2.0), row(2, 10, 6, mu=32.0, sigma=3.0), row(3, 9, 5, mu=30.0, sigma=3.1),
            row(4, 9, 3, mu=30.0, sigma=3.1), row(5, 12, 4, mu=30.0, sigma=3.1)]
    order = lb.ranked(rows)
    assert [s.user for s in order] == [2, 3, 5, 4, 1]
    assert [s.rank for s in order] == [1, 2, 3, 4, 5]
    assert [s.rating.shown for s in order] == [23, 21, 21, 21, 20]


def test_a_rate_counts_only_from_the_minimum_of_games() -> None:
    """A rate shows from three games; at an equal rating a member with one (2 of 5) ranks above one with too
    few games for it (2 of 2), though 2/2 is the better raw rate."""
    short, long_ = lb.Standing(1, 2, 2, 0.0), lb.Standing(2, 5, 2, 0.0)
    assert short.rate() is None and long_.rate() == pytest.approx(0.4)
    assert lb.Standing(3, 3, 1, 0.0).rate() == pytest.approx(1 / 3)
    order = lb.ranked([row(1, 2, 2), row(2, 5, 2)])
    assert [s.user for s in order] == [2, 1]
    assert [s.user for s in lb.ranked([row(1, 2, 2), row(2, 5, 2)], min_games=1)] == [1, 2]


def test_fewer_than_three_rated_games_is_provisional() -> None:
    """Provisional below three rated games (whatever the games recorded before ratings existed); a member with
    no rating row is neutral: shown 0."""
    assert lb.Standing(1, 9, 3, 0.0, rated=2).provisional and not lb.Standing(1, 3, 1, 0.0, rated=3).provisional
    plain = lb.ranked([{"user": 7, "played": 4, "won": 1, "points": 0.0}])
    assert plain[0].rating.shown == 0 and plain[0].provisional


def test_points_show_only_in_games_with_points_and_never_rank() -> None:
    """Spyfall's board shows points, Polls' does not; equal ratings and records tie whatever the points."""
    rows = [row(1, 4, 2, 10), row(2, 4, 2, 15)]
    spyfall = lb.board(rows, "spyfall")
    assert spyfall.points and [s.rank for s in spyfall.rows] == [1, 1]
    assert not lb.board(rows, "polls").points
    assert lb.has_points("arditi") and not any(lb.has_points(g) for g in ("polls", "junta", "som"))


def test_ties_share_a_rank_and_the_next_rank_skips() -> None:
    """Equal shown ratings and records share a rank: 1, 2, 2, 4."""
    rows = [row(1, 5, 4, mu=30), row(2, 5, 3, mu=28), row(3, 5, 3, mu=28.1), row(4, 5, 1, mu=20)]
    assert [(s.user, s.rank) for s in lb.ranked(rows)] == [(1, 1), (2, 2), (3, 2), (4, 4)]


def test_ratings_join_the_standings() -> None:
    """with_ratings adds each member's rating and rated games; a member rated but missing from the standings
    gets a row of their rated games."""
    rating = rt.Rating(30.0, 3.0)
    rows = lb.with_ratings([{"user": 1, "played": 4, "won": 2, "points": 0.0}, {"user": 2, "played": 1, "won": 0,
                                                                                  "points": 0.0}],
                           {1: (rating, 3), 3: (rt.Rating(20.0, 5.0), 2)})
    assert rows[0] == {"user": 1, "played": 4, "won": 2, "points": 0.0, "mu": 30.0, "sigma": 3.0, "rated": 3}
    assert rows[1]["mu"] == rt.NEUTRAL.mu and rows[1]["rated"] == 0
    assert rows[2] == {"user": 3, "played": 2, "won": 0, "points": 0.0, "mu": 20.0, "sigma": 5.0, "rated": 2}


def test_top_ten_and_the_asking_members_own_row() -> None:
    """Ten rows; the asker ranked 12th gets their own row after them; an asker in the top ten or without
    games gets none."""
    rows = [row(u, 20, 20 - u, mu=40 - u, sigma=2) for u in range(1, 13)]
    board = lb.board(rows, "polls", asker=12)
    assert [s.user for s in board.rows] == list(range(1, 11)) and board.total == 12
    assert board.extra is not None and (board.extra.user, board.extra.rank) == (12, 12)
    assert board.shown[-1] is board.extra and board.find(12) is board.extra
    assert lb.board(rows, "polls", asker=3).extra is None
    assert lb.board(rows, "polls", asker=99).extra is None
    assert lb.rank_of(rows, "polls", 12) == (12, 12) and lb.rank_of(rows, "polls", 99) is None


def test_computer_players_are_never_ranked() -> None:
    """A negative id (a computer seat) is dropped even if a row reaches the ranking."""
    board = lb.board([row(-1, 9, 9), row(5, 1, 0)], "spyfall")
    assert [s.user for s in board.shown] == [5] and board.total == 1


def test_periods_start_from_the_bots_clock() -> None:
    """All time has no start; the last 30 and 7 days count back from now."""
    now = 1_800_000_000.0
    assert lb.since("all", now) is None
    assert lb.since("month", now) == now - 30 * 86_400
    assert lb.since("week", now) == now - 7 * 86_400
    with pytest.raises(ValueError):
        lb.since("year", now)


def test_picture_data_is_plain_and_complete() -> None:
    """The renderer's data: names, shown rating and provisional mark, whole percent or None, the asker's row
    flagged; Spyfall has no computer player, so no reference row."""
    rows = [row(u, 12, 12 - u, mu=40 - u, sigma=2) for u in range(1, 13)] + [row(20, 1, 0, 2)]
    board = lb.board(rows, "spyfall", asker=20)
    data = lb.picture(board, {1: "Alice"}, game="Spyfall", server="Game night", period="week")
    assert data["points"] and data["total"] == 13 and data["period"] == "week"
    first, last = data["rows"][0], data["rows"][-1]  # type: ignore[index]
    assert first == {"rank": 1, "name": "Alice", "played": 12, "won": 11, "rate": 92, "points": 0.0,
                     "rating": 33, "provisional": False, "extra": False}
    assert last["extra"] and last["rate"] is None and last["name"] == "" and last["provisional"]
    assert not any(r.get("reference") for r in data["rows"])  # type: ignore[attr-defined]


def test_the_computer_is_a_reference_line_where_its_rating_falls() -> None:
    """A game with a computer player: its fixed rating is a row without a rank, after the members rated above
    it and before those below; it is never counted among the ranked."""
    computer = rt.reference().computer["polls"].shown
    rows = [row(1, 9, 8, mu=computer + 20, sigma=2), row(2, 9, 1, mu=computer - 10, sigma=2)]
    board = lb.board(rows, "polls")
    data = lb.picture(board, {1: "Alice", 2: "Bob"}, game="Polls", server="", period="all")
    shown: list[dict[str, object]] = data["rows"]  # type: ignore[assignment]
    assert [r.get("name") for r in shown] == ["Alice", None, "Bob"]
    assert shown[1] == {"reference": True, "rating": computer, "extra": False}
    assert data["total"] == 2 and board.computer == rt.reference().computer["polls"]
    assert lb.percent(2 / 3) == 67 and lb.points_text(12.0) == "12" and lb.points_text(-2.5) == "-2.5"


# --- the store, on both backends ------------------------------------------------------------------


async def test_standings_all_time_and_by_period(store_url: str) -> None:
    """All time sums every game; a period only the games finished since its start; per server and game."""
    store = await Store.connect(store_url)
    day = 86_400.0
    now = 1_800_000_000.0
    await store.record_result(1, "spyfall", [10, 20], {10}, {10: 4, 20: 1}, table=1, at=now - 40 * day)
    await store.record_result(1, "spyfall", [10, 20], {20}, {10: 0, 20: 2}, table=2, at=now - 10 * day)
    await store.record_result(1, "spyfall", [20, 30], {20}, {20: 3, 30: 1}, table=3, at=now - 1 * day)
    await store.record_result(1, "polls", [10, 30], {30}, {10: 30, 30: 36}, table=4, at=now)
    await store.record_result(2, "spyfall", [10], {10}, {10: 9}, table=5, at=now)

    def by_user(rows: list[dict[str, float]]) -> dict[int, tuple[int, int, float]]:
        return {int(r["user"]): (int(r["played"]), int(r["won"]), float(r["points"])) for r in rows}

    assert by_user(await store.standings(1, "spyfall")) == {10: (2, 1, 4.0), 20: (3, 2, 6.0), 30: (1, 0, 1.0)}
    assert by_user(await store.standings(1, "spyfall", now - 30 * day)) == {10: (1, 0, 0.0), 20: (2, 2, 5.0),
                                                                             30: (1, 0, 1.0)}
    assert by_user(await store.standings(1, "spyfall", now - 7 * day)) == {20: (1, 1, 3.0), 30: (1, 0, 1.0)}
    assert by_user(await store.standings(1, "polls", now - 7 * day)) == {10: (1, 0, 30.0), 30: (1, 1, 36.0)}
    assert await store.standings(1, "junta") == [] and await store.standings(3, "spyfall", 0.0) == []
    await store.close()


async def test_computer_ids_are_never_returned(store_url: str) -> None:
    """A computer seat's negative id, even when handed to record_result, appears in no standings."""
    store = await Store.connect(store_url)
    await store.record_result(1, "polls", [10, -1], {-1}, {10: 30, -1: 36}, table=1, at=100.0)
    for since in (None, 0.0):
        rows = await store.standings(1, "polls", since)
        assert [int(r["user"]) for r in rows] == [10] and rows[0]["won"] == 0
    assert await store.stats(1, -1) == {}
    await store.close()


async def test_a_game_is_counted_once_per_member_in_a_period(store_url: str) -> None:
    """The same table recorded twice (a retry) adds one row per member to the period's board."""
    store = await Store.connect(store_url)
    await store.record_result(1, "arditi", [10], {10}, {10: 7}, table=9, at=50.0)
    await store.record_result(1, "arditi", [10], {10}, {10: 7}, table=9, at=51.0)
    assert await store.standings(1, "arditi", 0.0) == [{"user": 10, "played": 1, "won": 1, "points": 7.0}]
    await store.close()


async def test_remembered_names_come_from_the_latest_table_on_the_server(store_url: str) -> None:
    """A member's name as kept at their latest table of this server; none for strangers or computers."""
    store = await Store.connect(store_url)
    old = await store.create_table(game="polls", guild=1, channel=2, host=10, seed=1, options={}, now=1.0,
                                   meta=TableMeta(names={10: "Old name", -1: "Computer"}))
    await store.set_seats(old, [10, -1])
    new = await store.create_table(game="spyfall", guild=1, channel=2, host=10, seed=2, options={}, now=2.0,
                                   meta=TableMeta(names={10: "New name", 20: "Zed"}))
    await store.set_seats(new, [10, 20])
    elsewhere = await store.create_table(game="spyfall", guild=9, channel=3, host=10, seed=3, options={}, now=3.0,
                                         meta=TableMeta(names={10: "Other server"}))
    await store.set_seats(elsewhere, [10])
    assert await store.remembered_names(1, [10, 20, 30, -1]) == {10: "New name", 20: "Zed"}
    assert await store.remembered_names(1, []) == {}
    await store.close()
