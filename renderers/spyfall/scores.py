"""Spyfall's scoreboard (`render_scoreboard`, and `render`; renderers/spyfall)."""

from __future__ import annotations

from typing import NamedTuple

from PIL import Image, ImageDraw

from games.spyfall.view_types import Round, SpyfallView
from renderers.core import (
    PALETTE,
    Color,
    Words,
    canvas,
    draw_lines,
    draw_text,
    ellipsize,
    font,
    player_name,
    seat_color,
    text_width,
)
from renderers.spyfall.parts import (
    CARD_WHITE,
    HOW_WORDS,
    ICON,
    MARGIN,
    MIN_FONT,
    NON_SPIES_WON,
    PHASE_WORDS,
    ROUND_PHASES,
    SPY_BLACK,
    SPY_WHITE,
    SPY_WON,
    VOTE_PHASES,
    WIDTH,
    Box,
    Marker,
    _accuse_mark,
    _crown,
    _dealer_cards,
    _legend,
    _minutes_seconds,
    _spy_hat,
    _utc,
    location_name,
)

# --- scoreboard -----------------------------------------------------------------------------

SCORE_WIDTH = WIDTH
STRIP = (MARGIN, MARGIN + 96)  # top and bottom of the status strip
STRIP_TITLE_FONT = 32
STRIP_DETAIL_FONT = 29
TABLE_HEAD = (STRIP[1] + 8, STRIP[1] + 45)
ROWS_TOP = TABLE_HEAD[1] + 2
ROW_HEIGHT = 45
ROW_STEP = 50
SLOT_X = MARGIN + 24  # centre of the marker slot (dealer cards, crown)
DOT_X = MARGIN + 57  # centre of the seat dot
NAME_LEFT = MARGIN + 73
ROUND_COLUMN = 58
TOTAL_COLUMN = 80
MAX_ROUND_COLUMNS = 5
NAME_FONT = 29
POINTS_FONT = 27
TOTAL_FONT = 30
PILL_HEIGHT = 36
PILL_PAD = 10
CHIP_HAT = 31  # the hat in a round cell's spy chip
LEGEND_HEIGHT = 40
LINE_HEIGHT = 42


class ScoreColumns(NamedTuple):
    name: Box  # x only: where names and their markers go
    rounds: list[tuple[int, float, float]]  # (index in history, left, right)
    total: tuple[float, float]


def scoreboard_columns(view: SpyfallView) -> ScoreColumns:
    """Where each column of the score table sits (x only; tests check names stay in theirs).

    At most the last MAX_ROUND_COLUMNS rounds get a column, so the names keep room at 550 px;
    the total counts every round.
    """
    history = view["history"]
    first = max(0, len(history) - MAX_ROUND_COLUMNS)
    total_right = SCORE_WIDTH - MARGIN - 11
    total_left = total_right - TOTAL_COLUMN
    x = total_left - (len(history) - first) * ROUND_COLUMN
    name_right = x - 10
    rounds: list[tuple[int, float, float]] = []
    for i in range(first, len(history)):
        rounds.append((i, x, x + ROUND_COLUMN))
        x += ROUND_COLUMN
    return ScoreColumns((NAME_LEFT, 0, name_right, 0), rounds, (total_left, total_right))


def score_row(seat: int) -> Box:
    """The box of a seat's row in the score table (rows follow seat order, not rank, so a
    player finds their line in the same place all game)."""
    top = ROWS_TOP + seat * ROW_STEP
    return (MARGIN, top, SCORE_WIDTH - MARGIN, top + ROW_HEIGHT)


def status_parts(view: SpyfallView, names: list[str], words: Words) -> tuple[list[str], list[str]]:
    """The status strip's words in pieces: the round and its phase; then what matters now (the clock,
    the vote count, the spy's guess, the round's outcome or the winners). The description of the
    picture (renderers/alt/spyfall.py) says the same pieces."""
    phase = view["phase"]
    phase_words = words.msg(PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase
    parts: list[str] = []
    if phase == "lobby":
        title = [phase_words]
        parts = [words.plural("spyfall.picture.rounds", view["rounds"]),
                 words.plural("spyfall.picture.minutes", view["minutes"])]
    elif phase == "game_over":
        title = [phase_words, words.plural("spyfall.picture.rounds", view["round"])]
        winners = [s for s in view.get("winners") or [] if 0 <= s < view["n"]]
        if winners:
            shown = ", ".join(player_name(words, names, s) for s in winners)
            parts = [words.plural("spyfall.picture.winners", len(winners), names=shown),
                     words.plural("spyfall.picture.points", view["scores"][winners[0]])]
    else:
        title = [words.msg("spyfall.picture.round_of", round=view["round"], rounds=view["rounds"]), phase_words]
        vote = view["vote"]
        if phase in VOTE_PHASES and vote:
            parts.append(words.plural("spyfall.picture.voted", vote["voted"],
                                      eligible=vote["eligible"]))
        if phase in ("playing", *VOTE_PHASES):
            clock = _clock_words(view, words)
            if clock:
                parts.append(clock)
        elif phase == "spy_guess" and view["guess_deadline"] is not None:
            parts.append(words.msg("spyfall.picture.guess_by", time=_utc(view["guess_deadline"])))
        elif phase == "round_over" and view["result"]:
            result = view["result"]
            how = result["how"]
            parts.append(words.msg(HOW_WORDS[how]) if how in HOW_WORDS else how)
            if result["location"]:
                parts.append(location_name(words, result["location"], view))
    return title, parts


def status_lines(view: SpyfallView, names: list[str], words: Words) -> tuple[str, str]:
    """The two lines of the status strip: the round and its phase; then what matters now
    (the clock, the vote count, the spy's guess, the round's outcome or the winners)."""
    title, parts = status_parts(view, names, words)
    return " · ".join(title), " · ".join(parts)


def _clock_words(view: SpyfallView, words: Words) -> str | None:
    clock = view["clock"]
    if clock["deadline"] is not None:
        return words.msg("spyfall.picture.clock_ends", time=_utc(clock["deadline"]))
    remaining = clock["paused_remaining"]
    if remaining is None:
        return None
    if remaining <= 0:
        return words.msg("spyfall.picture.time_up")
    return words.msg("spyfall.picture.clock_paused", time=_minutes_seconds(remaining))


class _Tag(NamedTuple):
    text: str
    fill: Color
    color: Color
    spy: bool = False  # a hat before the word


def pill_width(text: str, spy: bool = False) -> float:
    """The width of a word marker (a pill) on a row."""
    return text_width(text, font(MIN_FONT, True)) + 2 * PILL_PAD + (ICON if spy else 0)


def _tag_width(tag: _Tag) -> float:
    return pill_width(tag.text, tag.spy)


def _draw_tag(draw: ImageDraw.ImageDraw, left: float, mid: float, tag: _Tag) -> None:
    width = _tag_width(tag)
    draw.rounded_rectangle((left, mid - PILL_HEIGHT / 2, left + width, mid + PILL_HEIGHT / 2),
                           radius=PILL_HEIGHT / 2, fill=tag.fill)
    x = left + PILL_PAD
    if tag.spy:
        _spy_hat(draw, x + ICON / 2 - 3, mid, ICON - 3, disc=False)
        x += ICON
    draw_lines(draw, (x, mid - PILL_HEIGHT / 2, left + width, mid + PILL_HEIGHT / 2), [tag.text],
           font(MIN_FONT, True), tag.color)


def row_tags(view: SpyfallView, seat: int, words: Words) -> list[_Tag]:
    """The word markers of a seat's row, rightmost first."""
    phase = view["phase"]
    tags: list[_Tag] = []
    vote = view["vote"] if phase in VOTE_PHASES else None
    if vote and vote["suspect"] == seat:
        tags.append(_Tag(words.msg("spyfall.picture.suspect"), PALETTE["danger"], CARD_WHITE))
    if phase == "playing" and view["asker"] == seat:
        tags.append(_Tag(words.msg("spyfall.picture.asks_next"), PALETTE["accent"], PALETTE["accent_text"]))
    if phase == "spy_guess" and view["spy_revealed"] == seat:
        tags.append(_Tag(words.msg("spyfall.picture.spy"), SPY_WHITE, SPY_BLACK, spy=True))
    return tags


def render_scoreboard(view: SpyfallView, names: list[str], words: Words) -> Image.Image:
    """The live round and the scores.

    On top a status strip: round k of n and the phase in words, then the round clock's end
    (UTC) or the time left while it is paused, "k/n voted" during a vote, the outcome after a
    round, the winners at the end. One row per seat: the dealer's cards, who asks next, the
    suspect of a vote, who has accused this round, the points of the last rounds (the spy of
    each round in a black-and-white hat chip; nothing scored draws a faint dash, never "0")
    and the total. Players who left are faded and struck through; the winners get a crown.
    Under the table, a legend of the drawn markers and the last rounds' locations and outcomes.
    """
    n = view["n"]
    phase = view["phase"]
    history = view["history"]
    left_flags = view["left"]
    over = phase == "game_over"
    in_round = phase in ROUND_PHASES
    winners = set(view.get("winners") or []) if over else set()
    vote = view["vote"] if phase in VOTE_PHASES else None
    suspect = vote["suspect"] if vote else None
    accused = view["accused"] or [False] * n
    dealer = view["dealer"] if not over else None
    columns = scoreboard_columns(view)
    lines = [history[i] for i, _, _ in columns.rounds]

    show_accused = in_round and any(accused[s] and not left_flags[s] for s in range(n))
    show_spy = bool(lines) or (phase == "spy_guess" and view["spy_revealed"] is not None)
    legend: list[tuple[Marker, str]] = []
    if dealer is not None and 0 <= dealer < n:
        legend.append((_dealer_cards, words.msg("spyfall.picture.dealer")))
    if show_accused:
        legend.append((_accuse_mark, words.msg("spyfall.picture.has_accused")))
    if show_spy:
        legend.append((_spy_hat, words.msg("spyfall.picture.spy")))

    rows_bottom = score_row(n - 1)[3]
    y = rows_bottom + 8
    legend_top = y
    if legend:
        y += LEGEND_HEIGHT
    lines_top = y + 10
    if lines:
        y = lines_top + len(lines) * LINE_HEIGHT
    image, draw = canvas(SCORE_WIDTH, int(y + MARGIN - 5))

    # status strip
    title, detail = status_lines(view, names, words)
    draw.rounded_rectangle((MARGIN, STRIP[0], SCORE_WIDTH - MARGIN, STRIP[1]), radius=11,
                           fill=PALETTE["panel"])
    draw.rounded_rectangle((MARGIN, STRIP[0], MARGIN + 8, STRIP[1]), radius=4, fill=PALETTE["accent"])
    mid_strip = (STRIP[0] + STRIP[1]) / 2
    text_left, text_right = MARGIN + 22, SCORE_WIDTH - MARGIN - 14
    draw_text(draw, (text_left, STRIP[0] + 5, text_right, mid_strip + 2), title, STRIP_TITLE_FONT,
          PALETTE["text"], bold=True, min_size=MIN_FONT)
    if detail:
        draw_text(draw, (text_left, mid_strip + 2, text_right, STRIP[1] - 6), detail,
              STRIP_DETAIL_FONT, PALETTE["accent"], min_size=MIN_FONT)

    # table head
    head_top, head_bottom = TABLE_HEAD
    name_left, _, name_right, _ = columns.name
    draw_text(draw, (name_left, head_top, name_right, head_bottom), words.msg("spyfall.picture.player"),
          MIN_FONT, PALETTE["muted"])
    for i, left, right in columns.rounds:
        draw_text(draw, (left, head_top, right, head_bottom),
              words.msg("spyfall.picture.round_short", round=history[i]["round"]), MIN_FONT,
              PALETTE["muted"], align="center")
    draw_text(draw, (columns.total[0] - 16, head_top, columns.total[1], head_bottom),
          words.msg("spyfall.picture.total"), MIN_FONT, PALETTE["muted"], align="right")

    for seat in range(n):
        box = score_row(seat)
        _, top, _, bottom = box
        mid = (top + bottom) / 2
        gone = bool(left_flags[seat])
        winner = seat in winners
        fill = PALETTE["panel"] if seat % 2 == 0 else PALETTE["panel_alt"]
        outline, width = None, 0
        if winner:
            fill, outline, width = PALETTE["winner_row"], PALETTE["accent"], 3
        if seat == suspect:
            outline, width = PALETTE["danger"], 4
        draw.rounded_rectangle(box, radius=10, fill=fill, outline=outline, width=width)

        if winner:
            _crown(draw, SLOT_X, mid, ICON, PALETTE["accent"])
        elif seat == dealer:
            _dealer_cards(draw, SLOT_X, mid, ICON + 3)
        if gone:
            draw.ellipse((DOT_X - 8, mid - 8, DOT_X + 8, mid + 8), outline=PALETTE["faded"], width=3)
        else:
            draw.ellipse((DOT_X - 9, mid - 9, DOT_X + 9, mid + 9), fill=seat_color(seat))

        # word markers right-aligned in the name column, the accusation mark just before them
        x = name_right
        left_tag = _Tag(words.msg("spyfall.picture.left"), PALETTE["line"], PALETTE["muted"])
        for tag in [left_tag] if gone else row_tags(view, seat, words):
            x -= _tag_width(tag)
            _draw_tag(draw, x, mid, tag)
            x -= 8
        if show_accused and accused[seat] and not gone:
            x -= ICON
            _accuse_mark(draw, x + ICON / 2, mid, ICON)
            x -= 8

        text_color = PALETTE["faded"] if gone else PALETTE["text"]
        name = player_name(words, names, seat)
        fnt = draw_text(draw, (name_left, top, x, bottom), name, NAME_FONT, text_color,
                    bold=winner, min_size=MIN_FONT)
        if gone:
            shown = ellipsize(name, fnt, x - name_left)
            draw.line((name_left - 3, mid + 2, name_left + text_width(shown, fnt) + 3, mid + 2),
                      fill=PALETTE["muted"], width=3)

        for i, left, right in columns.rounds:
            entry = history[i]
            points = entry["points"][seat] if seat < len(entry["points"]) else 0
            _draw_points(draw, (left, top, right, bottom), points, entry["spy"] == seat, gone)
        if history:
            draw_text(draw, (columns.total[0], top, columns.total[1], bottom), str(view["scores"][seat]),
                  TOTAL_FONT, PALETTE["accent"] if winner else text_color, bold=True, align="right")
        else:  # before the first round a column of zeros says nothing
            _dash(draw, columns.total[1] - 16, mid)

    if legend:
        _legend(draw, MARGIN + 6, SCORE_WIDTH - MARGIN, legend_top, legend_top + LEGEND_HEIGHT, legend)
    if lines:
        draw.line((MARGIN, lines_top - 5, SCORE_WIDTH - MARGIN, lines_top - 5), fill=PALETTE["line"], width=2)
        _draw_round_lines(draw, words, lines, lines_top, view)
    return image


def _draw_points(draw: ImageDraw.ImageDraw, box: Box, points: int, spy: bool, gone: bool) -> None:
    """One round's points of one seat: the number, a white hat chip for that round's spy,
    and a faint dash (never a "0") when the seat scored nothing."""
    left, top, right, bottom = box
    cx, mid = (left + right) / 2, (top + bottom) / 2
    fnt = font(POINTS_FONT, True)
    label = str(points) if points > 0 else ""
    if spy:
        width = CHIP_HAT + (text_width(label, fnt) + 1 if label else 0) + 7
        chip = (cx - width / 2, mid - 18, cx + width / 2, mid + 18)
        draw.rounded_rectangle(chip, radius=8, fill=SPY_WHITE)
        _spy_hat(draw, chip[0] + 3 + CHIP_HAT / 2, mid, CHIP_HAT, disc=False)
        if label:
            draw_lines(draw, (chip[0] + CHIP_HAT + 4, top, chip[2], bottom), [label], fnt, SPY_BLACK)
        return
    if label:
        color = PALETTE["faded"] if gone else PALETTE["text"]
        draw_lines(draw, box, [label], fnt, color, align="center")
    else:
        _dash(draw, cx, mid)


def _dash(draw: ImageDraw.ImageDraw, cx: float, mid: float) -> None:
    """The faint dash of "nothing here" (a rectangle: no anti-aliased edge colours)."""
    draw.rectangle((round(cx) - 7, round(mid) - 1, round(cx) + 7, round(mid) + 1), fill=PALETTE["faded"])


def _draw_round_lines(draw: ImageDraw.ImageDraw, words: Words, lines: list[Round],
                      top: float, view: SpyfallView | None = None) -> None:
    """The rounds that have a column, as lines: where it was and how it ended (the table's hat
    chips say who the spy was)."""
    y = top
    for entry in lines:
        bottom = y + LINE_HEIGHT - 5
        mid = (y + bottom) / 2
        draw_text(draw, (MARGIN + 6, y, MARGIN + 77, bottom),
              words.msg("spyfall.picture.round_short", round=entry["round"]), MIN_FONT,
              PALETTE["muted"], bold=True)
        how = entry["how"]
        outcome = words.msg(HOW_WORDS[how]) if how in HOW_WORDS else how
        how_font = font(MIN_FONT)
        right = SCORE_WIDTH - MARGIN - 6
        outcome_left = right - text_width(outcome, how_font)
        color = PALETTE["success"] if how in NON_SPIES_WON else PALETTE["text"]
        if how == "void":
            color = PALETTE["muted"]
        if how in SPY_WON:
            _spy_hat(draw, outcome_left - 8 - ICON / 2, mid, ICON - 3)
            outcome_left -= ICON + 8
        place = location_name(words, entry["location"], view)
        draw_text(draw, (MARGIN + 83, y, max(MARGIN + 240, outcome_left - 19), bottom), place,
              POINTS_FONT, PALETTE["text"], bold=True, min_size=MIN_FONT)
        draw_text(draw, (max(MARGIN + 240, outcome_left), y, right, bottom), outcome, MIN_FONT, color,
              align="right")
        y += LINE_HEIGHT


def render(view: SpyfallView, names: list[str], words: Words) -> Image.Image:
    """The table's board: the scoreboard (the bot posts the location sheet on its own)."""
    return render_scoreboard(view, names, words)
