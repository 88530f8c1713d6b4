"""A server's leaderboard picture in words (renderers/leaderboard.py): its title, the server, the period and how
many members are ranked, then each row: rank, name, skill rating (provisional or not), games, win rate and points;
the computer player's reference line where its rating falls among them."""

from __future__ import annotations

from typing import Any

from renderers.alt import finish, listed
from renderers.core import Words
from renderers.leaderboard import PERIOD_WORDS, RATING_WORDS, member_name, points_count, points_text, rating_number


def describe(board: dict[str, Any], words: Words) -> str:
    """What the leaderboard shows, in a few sentences (at most renderers.alt.LIMIT characters)."""
    rows = board["rows"]
    members = [row for row in rows if not row.get("reference")]
    period = board.get("period", "all")
    sentences = [words.msg("leaderboard.title", game=board["game"]),
                 listed(words, [str(board.get("server") or ""),
                                words.msg(PERIOD_WORDS[period]) if period in PERIOD_WORDS else str(period),
                                words.plural("leaderboard.ranked", int(board.get("total", len(members))))])]
    for row in rows:
        if row.get("reference"):
            sentences.append(words.msg("leaderboard.alt.reference", rating=rating_number(row["rating"])))
            continue
        record = [words.msg(RATING_WORDS[bool(row.get("provisional"))], rating=rating_number(row.get("rating", 0))),
                  words.plural("leaderboard.games", int(row["played"]))]
        if row.get("rate") is not None:
            record.append(words.msg("leaderboard.rate_words",
                                    rate=words.msg("leaderboard.rate", percent=int(row["rate"]))))
        if board.get("points"):
            record.append(words.plural("leaderboard.points", points_count(float(row["points"])),
                                       points=points_text(float(row["points"]))))
        sentences.append(words.msg("leaderboard.alt.row", rank=row["rank"], name=member_name(row, words),
                                   record=listed(words, record)))
    return finish(words, sentences)
