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
               "extra": False}]}   # True: the asking member's own row, below the top ten

On top a status strip: "<game> leaderboard" and the server, the period and how many members are
ranked. Then one row per member: the rank (gold, silver and bronze discs for the first three;
tied members share a rank), the name, wins, games, win rate and, for a game with points, points.
The asking member's row, when it ranks below the top rows, comes after a gap. A footnote explains
the "—" of a member with too few games for a win rate.

Readable where players look: the picture is an attachment beside the embed (whose text lists the same
rows), shown inline in the 550 × 350 box (`renderers.core.INLINE_BOX`). It is drawn 1100 px wide (twice
the box, sharp when opened) and at most 700 high with the top ten, the asking member's row and the
footnote, so it is shown at half size: names and numbers at 28 px show 14 px, nothing is under MIN_FONT =
24 px (12 px shown; `renderers.core.INLINE_MIN_TEXT` is 10).
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
GAP = 24  # between the top rows and the asking member's own row
FOOTNOTE = 34
RANK_X = MARGIN + 28  # centre of the rank disc
MEDAL_RADIUS = 18
NAME_LEFT = MARGIN + 60
NAME_FONT = 28
NUMBER_FONT = 28
COLUMN_GAP = 28  # between two number columns
DASH = "—"

PERIOD_WORDS = {
    "all": N_("leaderboard.period.all"),
    "month": N_("leaderboard.period.month"),
    "week": N_("leaderboard.period.week"),
}
# Gold, silver and bronze: the discs of ranks 1, 2 and 3 (dark digits on all three).
MEDALS: dict[int, Color] = {1: PALETTE["accent"], 2: (196, 202, 214), 3: (205, 134, 76)}
MEDAL_TEXT: Color = (33, 29, 18)


class Column(NamedTuple):
    key: str  # "played", "won", "rate", "points"
    head: str
    left: float
    right: float


def points_text(points: float) -> str:
    """Points as a player writes them: 12, -3, 2.5."""
    return f"{points:g}"


def points_count(points: float) -> int:
    """The number that picks a plural form for `points` (1 point, 2.5 points)."""
    return int(points) if float(points).is_integer() else 2


def _number(row: dict[str, Any], key: str, words: Words) -> str:
    if key == "rate":
        rate = row.get("rate")
        return DASH if rate is None else words.msg("leaderboard.rate", percent=int(rate))
    if key == "points":
        return points_text(float(row["points"]))
    return str(int(row[key]))


def columns(board: dict[str, Any], words: Words) -> list[Column]:
    """The number columns from the right edge leftwards, each as wide as its head or its widest
    number (tests check that names stay left of them)."""
    # wins first: they decide the order
    heads = [("won", N_("leaderboard.picture.won")), ("played", N_("leaderboard.picture.played")),
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


def row_box(index: int, extra: bool = False) -> tuple[float, float, float, float]:
    """The box of the `index`-th drawn row (the asking member's own row comes after a gap)."""
    top = ROWS_TOP + index * ROW_STEP + (GAP if extra else 0)
    return (MARGIN, top, WIDTH - MARGIN, top + ROW_HEIGHT)


def height(board: dict[str, Any]) -> int:
    rows = board["rows"]
    extra = any(row.get("extra") for row in rows)
    bottom = row_box(len(rows) - 1, extra)[3] if rows else ROWS_TOP
    if any(row.get("rate") is None for row in rows):
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


def dots_y(index: int) -> float:
    """The middle of the gap before the `index`-th drawn row, the asking member's own."""
    return row_box(index - 1)[3] + (ROW_STEP - ROW_HEIGHT + GAP) / 2


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

    extra_seen = False
    for index, row in enumerate(rows):
        extra = bool(row.get("extra"))
        if extra and not extra_seen:
            _dots(draw, dots_y(index))
        extra_seen = extra_seen or extra
        box = row_box(index, extra_seen)
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
            if col.key == "won":
                color = PALETTE["accent"] if first else PALETTE["text"]
            elif text == DASH:
                color = PALETTE["faded"]
            draw_lines(draw, (col.left, top, col.right, bottom), [text], font(NUMBER_FONT, col.key == "won"),
                       color, align="right")

    if any(row.get("rate") is None for row in rows):
        top = (row_box(len(rows) - 1, extra_seen)[3] if rows else ROWS_TOP) + 4
        note = words.plural("leaderboard.no_rate_note", int(board.get("min_games", 3)))
        draw_text(draw, (MARGIN + 6, top, WIDTH - MARGIN - 6, top + FOOTNOTE - 4), note, MIN_FONT,
                  PALETTE["muted"])
    return image
