"""The leaderboard picture in words (renderers/alt/leaderboard.py): in every language, within Discord's limit, each
row's rank, name, rating, games, win rate and points, and the computer's reference line."""

from __future__ import annotations

from bot import leaderboard as lb
from bot.i18n import words
from renderers.alt.leaderboard import describe
from renderers.samples import leaderboard as samples
from tests.renderers.helpers import described

CASES = samples.cases(lb.board, lb.picture)


def test_every_case_is_described_in_every_language() -> None:
    """Every sample board (the top ten with the asker's row, one row, long names, no points) is described, within
    1,024 characters, fully worded, in the four languages."""
    for case in CASES.values():
        described(describe, case)


def test_each_row_is_told() -> None:
    """The title, the period and how many are ranked, then each row with its rank, name and record; a row below
    the minimum of games has no win rate."""
    case = CASES["full_points"]
    text = describe(case, words("en"))
    assert text.startswith(f"{case['game']} leaderboard. ")
    assert f"{case['total']} players ranked" in text
    for row in case["rows"]:
        if text.endswith("…") and row is case["rows"][-1]:
            break
        points = f"{float(row['points']):g}"
        rating = f"rating {row['rating']}" + (" (provisional)" if row["provisional"] else "")
        record = f"{rating}, {row['played']} game{'s' * (row['played'] != 1)}"
        rate = "" if row["rate"] is None else f", win rate: {row['rate']}%"
        said = f"{row['rank']}. {row['name']}: {record}{rate}, {points} point"
        assert said in text, said


def test_the_computer_line_is_told_where_it_falls() -> None:
    """Polls' board names the computer player's rating as a reference, between the rows it falls between."""
    case = CASES["full_no_points"]
    text = describe(case, words("en"))
    index = next(i for i, row in enumerate(case["rows"]) if row.get("reference"))
    said = f"Reference line: the computer player, rating {case['rows'][index]['rating']}, never ranked"
    assert said in text
    before = case["rows"][index - 1] if index else None
    if before is not None:
        assert text.index(f"{before['rank']}. {before['name']}:") < text.index(said)
