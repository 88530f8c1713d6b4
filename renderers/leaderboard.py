"""A server's leaderboard of one game, drawn like the Spyfall scoreboard.

`render(board, words)` is a pure function of plain data (what `bot.leaderboard` ranked, with the
members' names) and the reader's `Words`:

    {"game": "Spyfall",            # the game's title
     "server": "Game night",       # the server's name ("" to leave it out)
     "period": "all" | "month" | "week",
     "total": 14,                  # members ranked
     "points": True,               # the game scores points: a points column
     "min_games": 3,               # a win rate shows from this many games on
     "rows": [{"rank": 1, "name": "Alice", "played": 5, "won": 3,
               "rate": 60 | None,  # whole percent; None below min_games
               "points": 12.0,
               "rating": 23,       # the conservative skill rating, rounded (bot/ratings.py)
               "provisional": False,  # True: fewer than three rated games
               "extra": False},    # True: the asking member's own row, below the top ten
              {"reference": True, "rating": 18, "extra": False}]}  # the computer player, never ranked

On top a status strip: "<game> leaderboard" and the server, the period and how many members are
ranked. Then one row per member: the rank (gold, silver and bronze discs for the first three;
tied members share a rank), the name, the rating (it decides the order; a provisional one is marked
"?"), games, win rate and, for a game with points, points. The game's computer player is a framed
line without a rank where its fixed rating falls. The asking member's row, when it ranks below the top
rows, comes after a gap. A footnote explains the "?" and the "—" of a member with too few games.

Readable where players look: the picture is an attachment beside the embed (whose text lists the same
rows), shown inline in the 550 × 350 box (`renderers.core.INLINE_BOX`). It is drawn 1100 px wide (twice
the box, sharp when opened) and at most 700 high with the top ten, the computer's line, the asking member's
row and the footnote (rows are closer when all of them show), so it is shown at half size: names and
numbers at 28 px show 14 px, nothing is under MIN_FONT = 24 px (12 px shown; `renderers.core.INLINE_MIN_TEXT`
is 10).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from PIL import Image

from games.core.messages import N_
from renderers.core import (
    BOARD_SIZE,
    PALETTE,
    Color,
    Words,
    canvas,
    draw_lines,
    draw_text,
    drawable,
    font,
    text_width,
)

WIDTH = BOARD_SIZE[0]  # 1100: twice the inline box, as the game boards
MIN_FONT = 24  # 12 px as shown inline: the column heads, plain ranks, the footnote
MARGIN = 14
STRIP = (MARGIN, MARGIN + 76)  # top and bottom of the status strip
STRIP_TITLE_FONT = 30
STRIP_DETAIL_FONT = 26
TABLE_HEAD = (STRIP[1] + 6, STRIP[1] + 38)
ROWS_TOP = TABLE_HEAD[1] + 2
ROW_HEIGHT = 41
ROW_STEP = 45
TIGHT_STEP = 40  # with the computer's line as well as the top ten and the asker's row: rows 36 px high
GAP = 24  # between the top rows and the asking member's own row
FOOTNOTE = 34
RANK_X = MARGIN + 28  # centre of the rank disc
MEDAL_RADIUS = 18
NAME_LEFT = MARGIN + 60
NAME_FONT = 28
NUMBER_FONT = 28
COLUMN_GAP = 28  # between two number columns
DASH = "—"
PROVISIONAL = "?"  # after a provisional rating (explained by the footnote)
MAX_HEIGHT = BOARD_SIZE[1]

PERIOD_WORDS = {
    "all": N_("leaderboard.period.all"),
    "month": N_("leaderboard.period.month"),
    "week": N_("leaderboard.period.week"),
}
# A member's rating in words, provisional (fewer than three rated games) or not.
RATING_WORDS = {False: N_("leaderboard.rating"), True: N_("leaderboard.rating_provisional")}
# Gold, silver and bronze: the discs of ranks 1, 2 and 3 (dark digits on all three).
MEDALS: dict[int, Color] = {1: PALETTE["accent"], 2: (196, 202, 214), 3: (205, 134, 76)}
MEDAL_TEXT: Color = (33, 29, 18)


class Column(NamedTuple):
    key: str  # "rating", "played", "rate", "points"
    head: str
    left: float
    right: float


def points_text(points: float) -> str:
    """Points as a player writes them: 12, -3, 2.5."""
    return f"{points:g}"


def points_count(points: float) -> int:
    """The number that picks a plural form for `points` (1 point, 2.5 points)."""
    return int(points) if float(points).is_integer() else 2


def rating_number(rating: float) -> str:
    """A shown rating as players read it: a true minus sign below zero (−3), as for every change shown."""
    value = int(rating)
    return f"\u2212{-value}" if value < 0 else str(value)


def _number(row: dict[str, Any], key: str, words: Words) -> str:
    if row.get("reference"):
        return rating_number(row["rating"]) if key == "rating" else ""
    if key == "rating":
        return f"{rating_number(row['rating'])}{PROVISIONAL if row.get('provisional') else ''}"
    if key == "rate":
        rate = row.get("rate")
        return DASH if rate is None else words.msg("leaderboard.rate", percent=int(rate))
    if key == "points":
        return points_text(float(row["points"]))
    return str(int(row[key]))


def columns(board: dict[str, Any], words: Words) -> list[Column]:
    """The number columns from the right edge leftwards, each as wide as its head or its widest
    number (tests check that names stay left of them)."""
    # the rating first: it decides the order
    heads = [("rating", N_("leaderboard.picture.rating")), ("played", N_("leaderboard.picture.played")),
             ("rate", N_("leaderboard.picture.rate"))]
    if board.get("points"):
        heads.append(("points", N_("leaderboard.picture.points")))
    head_font, number_font = font(MIN_FONT), font(NUMBER_FONT, True)
    right: float = WIDTH - MARGIN - 14
    out: list[Column] = []
    for key, message_id in reversed(heads):
        head = words.msg(message_id)
        width = max([text_width(head, head_font),
                     *(text_width(_number(row, key, words), number_font) for row in board["rows"])])
        out.append(Column(key, head, right - width, right))
        right -= width + COLUMN_GAP
    return list(reversed(out))


def name_right(board: dict[str, Any], words: Words) -> float:
    """Where the name column ends."""
    return columns(board, words)[0].left - COLUMN_GAP


def notes(board: dict[str, Any], words: Words) -> str:
    """The footnote: what "?" (a provisional rating) and "—" (no win rate yet) mean, for those shown."""
    rows = [row for row in board["rows"] if not row.get("reference")]
    provisional, no_rate = int(board.get("provisional_games", 3)), int(board.get("min_games", 3))
    marked, dashed = any(row.get("provisional") for row in rows), any(row.get("rate") is None for row in rows)
    if marked and dashed and provisional == no_rate:  # one short line: the two notes side by side pass the width
        return words.plural("leaderboard.picture.both_notes", no_rate)
    parts = []
    if marked:
        parts.append(words.plural("leaderboard.provisional_note", provisional))
    if dashed:
        parts.append(words.plural("leaderboard.no_rate_note", no_rate))
    return " · ".join(parts)


def row_step(board: dict[str, Any] | None = None) -> int:
    """The step between rows: ROW_STEP, or TIGHT_STEP when the rows would pass MAX_HEIGHT (the top ten, the
    computer's line and the asker's own row)."""
    if board is None:
        return ROW_STEP
    rows = board["rows"]
    extra = any(row.get("extra") for row in rows)
    foot = FOOTNOTE if any(row.get("rate") is None or row.get("provisional") for row in rows) else 0
    loose = ROWS_TOP + (len(rows) - 1) * ROW_STEP + ROW_HEIGHT + (GAP if extra else 0) + foot + MARGIN
    return ROW_STEP if loose <= MAX_HEIGHT else TIGHT_STEP


def row_box(index: int, extra: bool = False, step: int = ROW_STEP) -> tuple[float, float, float, float]:
    """The box of the `index`-th drawn row (the asking member's own row comes after a gap); rows drawn closer
    are lower too, keeping the same 4 px between them."""
    top = ROWS_TOP + index * step + (GAP if extra else 0)
    return (MARGIN, top, WIDTH - MARGIN, top + ROW_HEIGHT - (ROW_STEP - step))


def height(board: dict[str, Any]) -> int:
    rows = board["rows"]
    extra = any(row.get("extra") for row in rows)
    bottom = row_box(len(rows) - 1, extra, row_step(board))[3] if rows else ROWS_TOP
    if any(row.get("rate") is None or row.get("provisional") for row in rows):
        bottom += FOOTNOTE
    return int(bottom + MARGIN)


def member_name(row: dict[str, Any], words: Words) -> str:
    """The name as far as the font can draw it; a name of only emoji or CJK becomes "Member"."""
    return drawable(str(row.get("name") or "")) or words.msg("leaderboard.picture.unnamed")


def _rank(draw: Any, mid: float, rank: int) -> None:
    label = str(rank)
    if rank in MEDALS:
        radius = MEDAL_RADIUS
        draw.ellipse((RANK_X - radius, mid - radius, RANK_X + radius, mid + radius), fill=MEDALS[rank])
        draw_lines(draw, (RANK_X - radius, mid - radius, RANK_X + radius, mid + radius), [label],
                   font(MIN_FONT, True), MEDAL_TEXT, align="center")
        return
    draw_text(draw, (MARGIN + 4, mid - ROW_HEIGHT / 2, NAME_LEFT - 6, mid + ROW_HEIGHT / 2), label, MIN_FONT,
              PALETTE["muted"], bold=True, align="center")


def dots_y(index: int, step: int = ROW_STEP) -> float:
    """The middle of the gap before the `index`-th drawn row, the asking member's own."""
    return row_box(index - 1, False, step)[3] + (ROW_STEP - ROW_HEIGHT + GAP) / 2


def _dots(draw: Any, mid: float) -> None:
    """Three dots in the gap before the asking member's own row: rows are left out there."""
    for dx in (-14, 0, 14):
        draw.ellipse((RANK_X + dx - 4, mid - 4, RANK_X + dx + 4, mid + 4), fill=PALETTE["faded"])


def render(board: dict[str, Any], words: Words) -> Image.Image:
    """The leaderboard picture (see the module docstring for `board`)."""
    rows = board["rows"]
    image, draw = canvas(WIDTH, height(board))

    # status strip
    title = words.msg("leaderboard.title", game=board["game"])
    period = board.get("period", "all")
    parts = [drawable(str(board.get("server") or "")),
             words.msg(PERIOD_WORDS[period]) if period in PERIOD_WORDS else str(period),
             words.plural("leaderboard.ranked", int(board.get("total", len(rows))))]
    detail = " · ".join(part for part in parts if part)
    draw.rounded_rectangle((MARGIN, STRIP[0], WIDTH - MARGIN, STRIP[1]), radius=11, fill=PALETTE["panel"])
    draw.rounded_rectangle((MARGIN, STRIP[0], MARGIN + 8, STRIP[1]), radius=4, fill=PALETTE["accent"])
    mid_strip = (STRIP[0] + STRIP[1]) / 2
    text_left, text_right = MARGIN + 22, WIDTH - MARGIN - 14
    draw_text(draw, (text_left, STRIP[0] + 3, text_right, mid_strip + 2), title, STRIP_TITLE_FONT,
              PALETTE["text"], bold=True, min_size=MIN_FONT)
    draw_text(draw, (text_left, mid_strip + 1, text_right, STRIP[1] - 4), detail, STRIP_DETAIL_FONT,
              PALETTE["accent"], min_size=MIN_FONT)

    # table head
    cols = columns(board, words)
    names_end = cols[0].left - COLUMN_GAP
    head_top, head_bottom = TABLE_HEAD
    draw_text(draw, (NAME_LEFT, head_top, names_end, head_bottom), words.msg("leaderboard.picture.player"),
              MIN_FONT, PALETTE["muted"])
    for col in cols:
        draw_text(draw, (col.left, head_top, col.right, head_bottom), col.head, MIN_FONT, PALETTE["muted"],
                  align="right")

    step = row_step(board)
    extra_seen = False
    for index, row in enumerate(rows):
        extra = bool(row.get("extra"))
        if extra and not extra_seen:
            _dots(draw, dots_y(index, step))
        extra_seen = extra_seen or extra
        box = row_box(index, extra_seen, step)
        if row.get("reference"):
            _reference(draw, box, row, cols, names_end, words)
            continue
        _, top, _, bottom = box
        mid = (top + bottom) / 2
        first = int(row["rank"]) == 1
        fill = PALETTE["panel"] if index % 2 == 0 else PALETTE["panel_alt"]
        outline, width = None, 0
        if first:
            fill, outline, width = PALETTE["winner_row"], PALETTE["accent"], 3
        elif extra:
            outline, width = PALETTE["muted"], 2
        draw.rounded_rectangle(box, radius=10, fill=fill, outline=outline, width=width)
        _rank(draw, mid, int(row["rank"]))
        draw_text(draw, (NAME_LEFT, top, names_end, bottom), member_name(row, words), NAME_FONT, PALETTE["text"],
                  bold=first, min_size=MIN_FONT)
        for col in cols:
            text = _number(row, col.key, words)
            color = PALETTE["text"]
            if col.key == "rating":
                color = PALETTE["muted"] if row.get("provisional") else PALETTE["text"]
                color = PALETTE["accent"] if first else color
            elif text == DASH:
                color = PALETTE["faded"]
            draw_lines(draw, (col.left, top, col.right, bottom), [text], font(NUMBER_FONT, col.key == "rating"),
                       color, align="right")

    note = notes(board, words)
    if note:
        top = (row_box(len(rows) - 1, extra_seen, step)[3] if rows else ROWS_TOP) + 4
        draw_text(draw, (MARGIN + 6, top, WIDTH - MARGIN - 6, top + FOOTNOTE - 4), note, MIN_FONT,
                  PALETTE["muted"], min_size=MIN_FONT)
    return image


def _reference(draw: Any, box: tuple[float, float, float, float], row: dict[str, Any], cols: list[Column],
               names_end: float, words: Words) -> None:
    """The computer player's line: no fill and no rank, framed in the faded colour, its rating in its column."""
    _, top, _, bottom = box
    draw.rounded_rectangle(box, radius=10, outline=PALETTE["faded"], width=2)
    draw_text(draw, (NAME_LEFT, top, names_end, bottom), words.msg("leaderboard.computer"), NAME_FONT,
              PALETTE["muted"], min_size=MIN_FONT)
    rating = next(col for col in cols if col.key == "rating")
    draw_lines(draw, (rating.left, top, rating.right, bottom), [_number(row, "rating", words)],
               font(NUMBER_FONT, True), PALETTE["muted"], align="right")
