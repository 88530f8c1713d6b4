"""Spyfall boards: the public location sheet and the scoreboard.

Both are pure functions of a view from `games.spyfall.GAME.view(state, seat)`. The sheet is the
list the spy reads to guess, so during a round it must look the same whatever the location is;
only once a round is over (phase round_over / game_over) is the location public and highlighted.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from renderers.core import (
    PALETTE,
    Color,
    canvas,
    draw_lines,
    draw_text,
    drawable,
    ellipsize,
    fit_text,
    font,
    seat_color,
    text_width,
)

Box = tuple[float, float, float, float]

# Only the words drawn inside the images; everything else the bot says comes from its catalogs.
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "locations": "Locations",
        "scores": "Scores",
        "final_scores": "Final scores",
        "round_of": "Round {round}/{rounds}",
        "rounds_total": "{rounds} rounds",
        "game_over": "Game over",
        "player": "Player",
        "total": "Total",
        "rounds": "Rounds",
        "spy": "spy",
        "left": "left",
        "location_of": "Location of round {round}",
        "spy_guess": "Spy's guess",
        "player_n": "Player {n}",
        "spy_caught": "Spy caught",
        "spy_survived": "Spy survived",
        "spy_guessed": "Spy guessed it",
        "spy_guessed_wrong": "Spy guessed wrong",
        "innocent_convicted": "Innocent convicted",
        "void": "Round void",
    },
    "it": {
        "locations": "Luoghi",
        "scores": "Punteggi",
        "final_scores": "Punteggi finali",
        "round_of": "Round {round}/{rounds}",
        "rounds_total": "{rounds} round",
        "game_over": "Partita finita",
        "player": "Giocatore",
        "total": "Totale",
        "rounds": "Round",
        "spy": "spia",
        "left": "uscito",
        "location_of": "Luogo del round {round}",
        "spy_guess": "Ipotesi della spia",
        "player_n": "Giocatore {n}",
        "spy_caught": "Spia scoperta",
        "spy_survived": "La spia se la cava",
        "spy_guessed": "La spia indovina",
        "spy_guessed_wrong": "La spia sbaglia",
        "innocent_convicted": "Innocente condannato",
        "void": "Round annullato",
    },
}

OVER_PHASES = ("round_over", "game_over")


def _lang(locale: str) -> str:
    # Discord sends "it"; accept "it-IT" / "it_IT" too. Every other locale reads English here
    # because the location data has only en and it names.
    return "it" if locale.lower().startswith("it") else "en"


def _t(lang: str, key: str, **fields: Any) -> str:
    return LABELS[lang][key].format(**fields)


def _player_name(names: list[str], seat: int, lang: str) -> str:
    """The name as far as the font can draw it; a name of only emoji or CJK (no glyphs in
    DejaVu) becomes "Player n", which the seat colour ties to the bot's text messages."""
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    return name or _t(lang, "player_n", n=seat + 1)


def _location_names(view: dict[str, Any], lang: str) -> dict[str, str]:
    return {loc["id"]: loc["names"].get(lang) or loc["names"]["en"] for loc in view["locations"]}


def _crown(draw: ImageDraw.ImageDraw, left: float, top: float, size: float, fill: Color) -> None:
    """A drawn crown: the font has no reliable crown glyph and emoji need a colour font."""
    w, h = size, size * 0.75
    points = [
        (left, top + h),
        (left, top + h * 0.25),
        (left + w * 0.27, top + h * 0.55),
        (left + w * 0.5, top),
        (left + w * 0.73, top + h * 0.55),
        (left + w, top + h * 0.25),
        (left + w, top + h),
    ]
    draw.polygon(points, fill=fill)


# --- location sheet -------------------------------------------------------------------------

SHEET_WIDTH = 1240
SHEET_MARGIN = 30
SHEET_HEADER = 86
SHEET_COLUMNS = 3
SHEET_GAP = 14
SHEET_ROW = 54
SHEET_ROW_GAP = 8
SHEET_FONT = 30
SHEET_MIN_FONT = 26
NUMBER_WIDTH = 46


def _sheet_rows(count: int) -> int:
    return math.ceil(count / SHEET_COLUMNS)


def location_cell(index: int, count: int = 30) -> Box:
    """The box of the index-th location (0-based) on the sheet; numbered down each column,
    so numbers 1-10 sit in the first column, as a reader scans a printed list."""
    rows = _sheet_rows(count)
    column, row = divmod(index, rows)
    cell_width = (SHEET_WIDTH - 2 * SHEET_MARGIN - (SHEET_COLUMNS - 1) * SHEET_GAP) / SHEET_COLUMNS
    left = SHEET_MARGIN + column * (cell_width + SHEET_GAP)
    top = SHEET_HEADER + row * (SHEET_ROW + SHEET_ROW_GAP)
    return (left, top, left + cell_width, top + SHEET_ROW)


def _draw_cell(
    draw: ImageDraw.ImageDraw,
    box: Box,
    number: int,
    name: str,
    fill: Color,
    text: Color,
    number_color: Color,
    outline: Color | None = None,
) -> None:
    left, top, right, bottom = box
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=outline, width=4 if outline else 0)
    draw_lines(draw, (left + 6, top, left + NUMBER_WIDTH, bottom), [str(number)],
               font(24, bold=True), number_color, align="right")
    text_box = (left + NUMBER_WIDTH + 12, top + 2, right - 10, bottom - 2)
    fnt, lines = fit_text(name, text_box[2] - text_box[0], text_box[3] - text_box[1],
                          SHEET_FONT, SHEET_MIN_FONT)
    draw_lines(draw, text_box, lines, fnt, text)


@lru_cache(maxsize=8)
def _sheet_base(lang: str, names: tuple[str, ...]) -> Image.Image:
    """The sheet with no highlight: identical for every round, so drawn once per language."""
    rows = _sheet_rows(len(names))
    height = SHEET_HEADER + rows * (SHEET_ROW + SHEET_ROW_GAP) - SHEET_ROW_GAP + SHEET_MARGIN
    image, draw = canvas(SHEET_WIDTH, height)
    draw_text(draw, (SHEET_MARGIN, 14, SHEET_WIDTH / 2, SHEET_HEADER - 14), _t(lang, "locations"),
              42, PALETTE["text"], bold=True)
    for index, name in enumerate(names):
        _draw_cell(draw, location_cell(index, len(names)), index + 1, name,
                   PALETTE["panel"], PALETTE["text"], PALETTE["muted"])
    return image


def _legend(draw: ImageDraw.ImageDraw, right: float, top: float, bottom: float,
            items: list[tuple[Color, bool, str]]) -> None:
    """Swatch + label pairs laid out leftwards from `right` (filled or outlined swatches)."""
    fnt = font(24)
    x = right
    for color, filled, label in reversed(items):
        x -= text_width(label, fnt)
        draw_lines(draw, (x, top, x + text_width(label, fnt), bottom), [label], fnt, PALETTE["text"])
        mid = (top + bottom) / 2
        swatch = (x - 38, mid - 13, x - 12, mid + 13)
        if filled:
            draw.rounded_rectangle(swatch, radius=5, fill=color)
        else:
            draw.rounded_rectangle(swatch, radius=5, outline=color, width=4)
        x = swatch[0] - 28


def render_locations(view: dict[str, Any], names: list[str], locale: str) -> Image.Image:
    """The numbered list of every location, in the reader's language.

    Numbers follow the view's order in every language, so players reading different languages
    can still say "number 12". The current location is never marked while a round is played;
    once the round is over, its location (and a wrong guess of the spy) are public and shown.
    """
    lang = _lang(locale)
    by_id = _location_names(view, lang)
    ids = [loc["id"] for loc in view["locations"]]
    image = _sheet_base(lang, tuple(by_id[i] for i in ids)).copy()
    result = view.get("result") if view.get("phase") in OVER_PHASES else None
    if not result or result.get("location") not in by_id:
        return image
    draw = ImageDraw.Draw(image)
    location = result["location"]
    index = ids.index(location)
    _draw_cell(draw, location_cell(index, len(ids)), index + 1, by_id[location],
               PALETTE["accent"], PALETTE["accent_text"], PALETTE["accent_text"])
    legend: list[tuple[Color, bool, str]] = [
        (PALETTE["accent"], True, _t(lang, "location_of", round=result.get("round", view["round"])))
    ]
    guess = result.get("guess")
    if guess in by_id and guess != location:
        g = ids.index(guess)
        _draw_cell(draw, location_cell(g, len(ids)), g + 1, by_id[guess],
                   PALETTE["panel"], PALETTE["text"], PALETTE["muted"], outline=PALETTE["danger"])
        legend.append((PALETTE["danger"], False, _t(lang, "spy_guess")))
    _legend(draw, SHEET_WIDTH - SHEET_MARGIN, 14, SHEET_HEADER - 14, legend)
    return image


# --- scoreboard -----------------------------------------------------------------------------

SCORE_WIDTH = 1100
SCORE_MARGIN = 32
SCORE_HEADER = 96
TABLE_HEAD = 40
SCORE_ROW = 54
ROUND_COLUMN = 66
TOTAL_COLUMN = 120
MAX_ROUND_COLUMNS = 8
MAX_ROUND_LINES = 5
ROUND_LINE = 46
NAME_FONT = 28
NAME_MIN_FONT = 22
# x of the columns of the round lines under the table: round, location, spy, outcome
LINE_PLACE_X = SCORE_MARGIN + 70
LINE_SPY_X = SCORE_MARGIN + 420
LINE_HOW_X = SCORE_MARGIN + 720


class ScoreColumns(NamedTuple):
    name: Box
    rounds: list[tuple[int, float, float]]  # (index in history, left, right)
    total: tuple[float, float]


def scoreboard_columns(view: dict[str, Any]) -> ScoreColumns:
    """Where each column of the score table sits (x only; tests check names stay in theirs).

    At most the last MAX_ROUND_COLUMNS rounds get a column, so long games keep a fixed width.
    """
    history = view["history"]
    first = max(0, len(history) - MAX_ROUND_COLUMNS)
    total_right = SCORE_WIDTH - SCORE_MARGIN
    total_left = total_right - TOTAL_COLUMN
    rounds = []
    x = total_left - (len(history) - first) * ROUND_COLUMN
    name_right = x - 12
    for i in range(first, len(history)):
        rounds.append((i, x, x + ROUND_COLUMN))
        x += ROUND_COLUMN
    # the name box starts after the crown slot and the seat dot
    return ScoreColumns((SCORE_MARGIN + 82, 0, name_right, 0), rounds, (total_left, total_right))


def score_row(seat: int) -> Box:
    """The box of a seat's row in the score table (rows follow seat order, not rank, so a
    player finds their line in the same place all game)."""
    top = SCORE_HEADER + TABLE_HEAD + seat * SCORE_ROW
    return (SCORE_MARGIN, top, SCORE_WIDTH - SCORE_MARGIN, top + SCORE_ROW - 6)


def _points_label(points: int, spy: bool) -> str:
    # a dot keeps the grid quiet; the spy's cell is tinted, so its zero is written out
    if points > 0:
        return f"+{points}"
    return "0" if spy else "·"


def render_scoreboard(view: dict[str, Any], names: list[str], locale: str) -> Image.Image:
    """Players with their totals, points per round, the last rounds' locations and spies;
    players who left are greyed, and at the end the winners get a crown."""
    lang = _lang(locale)
    n = view["n"]
    history = view["history"]
    left_flags = view["left"]
    over = view["phase"] == "game_over"
    winners = set(view.get("winners") or []) if over else set()
    columns = scoreboard_columns(view)
    lines = history[-MAX_ROUND_LINES:]

    table_bottom = score_row(n - 1)[3] + 6
    rounds_top = table_bottom + 24
    height = table_bottom + SCORE_MARGIN
    if lines:
        height = rounds_top + 48 + len(lines) * ROUND_LINE + SCORE_MARGIN - 6
    image, draw = canvas(SCORE_WIDTH, height)

    # header: title left, round counter right
    title = _t(lang, "final_scores" if over else "scores")
    draw_text(draw, (SCORE_MARGIN, 18, SCORE_WIDTH * 0.6, SCORE_HEADER - 18), title, 42,
              PALETTE["text"], bold=True)
    if over:
        status = _t(lang, "game_over")
    elif view["round"] == 0:
        status = _t(lang, "rounds_total", rounds=view["rounds"])
    else:
        status = _t(lang, "round_of", round=view["round"], rounds=view["rounds"])
    draw_text(draw, (SCORE_WIDTH * 0.6, 18, SCORE_WIDTH - SCORE_MARGIN, SCORE_HEADER - 18), status,
              32, PALETTE["accent"], bold=True, align="right")

    # table head
    head = (SCORE_HEADER, SCORE_HEADER + TABLE_HEAD - 6)
    small = 22
    name_left, _, name_right, _ = columns.name
    draw_text(draw, (name_left, head[0], name_right, head[1]), _t(lang, "player"), small,
              PALETTE["muted"])
    for i, left, right in columns.rounds:
        draw_text(draw, (left, head[0], right, head[1]), f"R{history[i]['round']}", small,
                  PALETTE["muted"], align="center")
    draw_text(draw, (columns.total[0], head[0], columns.total[1] - 12, head[1]), _t(lang, "total"),
              small, PALETTE["muted"], align="right")

    for seat in range(n):
        _, top, _, bottom = score_row(seat)
        gone = bool(left_flags[seat])
        winner = seat in winners
        row_fill = PALETTE["panel"] if seat % 2 == 0 else PALETTE["panel_alt"]
        if winner:
            row_fill = PALETTE["winner_row"]
        draw.rounded_rectangle(score_row(seat), radius=10, fill=row_fill,
                               outline=PALETTE["accent"] if winner else None, width=3 if winner else 0)
        mid = (top + bottom) / 2
        if winner:
            _crown(draw, SCORE_MARGIN + 14, mid - 12, 32, PALETTE["accent"])
        dot = PALETTE["faded"] if gone else seat_color(seat)
        draw.ellipse((SCORE_MARGIN + 56, mid - 9, SCORE_MARGIN + 74, mid + 9), fill=dot)

        text_color = PALETTE["faded"] if gone else PALETTE["text"]
        name = _player_name(names, seat, lang)
        suffix = f"({_t(lang, 'left')})" if gone else ""
        suffix_font = font(22)
        suffix_width = text_width(suffix, suffix_font) + 12 if gone else 0
        fnt = draw_text(draw, (name_left, top, name_right - suffix_width, bottom), name, NAME_FONT,
                        text_color, bold=winner, min_size=NAME_MIN_FONT)
        if gone:
            shown = ellipsize(name, fnt, name_right - suffix_width - name_left)
            end = name_left + text_width(shown, fnt)
            draw.line((name_left, mid + 1, end, mid + 1), fill=PALETTE["faded"], width=2)
            draw_text(draw, (end + 12, top, name_right, bottom), suffix, 22, PALETTE["faded"])
        for i, left, right in columns.rounds:
            entry = history[i]
            points = entry["points"][seat] if seat < len(entry["points"]) else 0
            spy = entry.get("spy") == seat
            if spy:
                draw.rounded_rectangle((left + 6, top + 7, right - 6, bottom - 7), radius=8,
                                       fill=PALETTE["spy"])
            color = text_color if points or spy else PALETTE["muted"]
            draw_text(draw, (left, top, right, bottom), _points_label(points, spy), 26, color,
                      bold=points > 0, align="center")
        draw_text(draw, (columns.total[0], top, columns.total[1] - 16, bottom),
                  str(view["scores"][seat]), 32, PALETTE["accent"] if winner else text_color,
                  bold=True, align="right")

    if lines:
        _draw_round_lines(draw, view, names, lang, lines, rounds_top)
    return image


def _draw_round_lines(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str],
                      lang: str, lines: list[dict[str, Any]], top: float) -> None:
    """The last rounds as sentences: where it was, who was the spy, how it ended."""
    places = _location_names(view, lang)
    draw_text(draw, (SCORE_MARGIN, top, SCORE_WIDTH / 2, top + 40), _t(lang, "rounds"), 30,
              PALETTE["text"], bold=True)
    # legend for the tinted cells: the spy of each round
    fnt = font(22)
    label = _t(lang, "spy")
    right = SCORE_WIDTH - SCORE_MARGIN
    draw_lines(draw, (right - text_width(label, fnt), top, right, top + 40), [label], fnt,
               PALETTE["muted"])
    swatch_right = right - text_width(label, fnt) - 10
    draw.rounded_rectangle((swatch_right - 40, top + 8, swatch_right, top + 32), radius=6,
                           fill=PALETTE["spy"])

    y = top + 48
    x_place, x_spy, x_how = LINE_PLACE_X, LINE_SPY_X, LINE_HOW_X
    for entry in lines:
        bottom = y + ROUND_LINE - 6
        draw_text(draw, (SCORE_MARGIN, y, x_place - 10, bottom), f"R{entry['round']}", 24,
                  PALETTE["muted"], bold=True)
        place = places.get(entry.get("location") or "", entry.get("location") or "—")
        draw_text(draw, (x_place, y, x_spy - 20, bottom), place, 26, PALETTE["text"], bold=True,
                  min_size=22)
        spy = entry.get("spy")
        if isinstance(spy, int):
            mid = (y + bottom) / 2
            draw.rounded_rectangle((x_spy, mid - 11, x_spy + 22, mid + 11), radius=5,
                                   fill=PALETTE["spy"])
            draw_text(draw, (x_spy + 32, y, x_how - 20, bottom), _player_name(names, spy, lang),
                      26, PALETTE["text"], min_size=22)
        how = entry.get("how", "")
        how_text = _t(lang, how) if how in LABELS[lang] else how
        # green when the non-spies scored, violet when the spy did, grey for a void round
        color = PALETTE["success"] if how in ("spy_caught", "spy_guessed_wrong") else PALETTE["muted"]
        if how in ("spy_survived", "spy_guessed", "innocent_convicted"):
            color = PALETTE["spy"]
        draw_text(draw, (x_how, y, SCORE_WIDTH - SCORE_MARGIN, bottom), how_text, 24, color,
                  min_size=20)
        y += ROUND_LINE


def render(view: dict[str, Any], names: list[str], locale: str) -> Image.Image:
    """The table's board: the scoreboard (the bot posts the location sheet on its own)."""
    return render_scoreboard(view, names, locale)
