"""Spyfall's location sheet (`render_locations`; renderers/spyfall)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.spyfall.locations import LOCATION_NAME
from games.spyfall.view_types import SpyfallView
from renderers.core import (
    BOARD_SIZE,
    INLINE_BOX,
    INLINE_MIN_TEXT,
    PALETTE,
    Color,
    Words,
    canvas,
    draw_lines,
    draw_text,
    drawable,
    font,
    inline_scale,
    line_height,
    put_text,
    recording_font_sizes,
    text_width,
    wrap,
    wrap_block,
)
from renderers.spyfall.parts import (
    Box,
    Marker,
    _legend,
    location_name,
)

OVER_PHASES = ("round_over", "game_over")


# --- location sheet -------------------------------------------------------------------------

# The sheet is an attachment of the round's opening, shown inline in the INLINE_BOX (550 × 350, a
# tall picture shrinking to its height). It is SHEET_WIDTH = 1100 px wide (twice the box: sharp when
# opened) and as tall as its names need; how many columns and what text size are chosen from the
# names (`sheet_layout`) so that its smallest text, as shown inline, is as large as it can be: 30
# built-in names in 3 columns at 30 px (15 px shown), 70 with a server's pack of 24-letter names in 4
# columns near 20 px (10 px shown). Columns are filled one after the other (numbered down each column,
# as a reader scans a printed list), each cell as tall as its own name needs, and balanced so the
# tallest column is as short as it can be.
SHEET_WIDTH = BOARD_SIZE[0]
SHEET_SIZES = tuple(range(30, INLINE_MIN_TEXT * BOARD_SIZE[0] // INLINE_BOX[0] - 1, -1))  # 30 .. 20 px, tried in turn
SHEET_COLUMNS = (2, 3, 4, 5, 6)
SHEET_MARGIN = 12
SHEET_MAX_LINES = 3
# A name a little too long for its cell is drawn narrower (down to 80 % of its width, as on the Som and
# Junta boards; its height, the readable size, kept) rather than on two lines: one line reads faster,
# and the sheet stays short.
NAME_SQUEEZES = (1.0, 0.92, 0.85, 0.8)
# Past 12 px as shown (Discord's own smallest text), a sheet whose names keep to one line reads better
# than one with larger letters and wrapped names.
SHEET_COMFORT = 12.0
STRIPE = 6  # the width of the pack's stripe at a cell's left
PACK_STRIPE: Color = PALETTE["spy"]  # marks a pack's cells on a sheet that mixes it with the built-in set


class SheetLayout(NamedTuple):
    size: int  # of the names, numbers, hint, legend and set lines (the title's is larger)
    columns: int
    cells: tuple[Box, ...]  # one per location, in view order
    names: tuple[tuple[tuple[str, ...], float], ...]  # each name's lines and how narrow they are drawn
    number_width: float
    height: int
    header: float  # where the cells start
    title: Box
    hint: Box  # the hint during a round, the legend once it is over
    set_lines: tuple[str, ...]
    set_top: float
    wrapped: int  # names on more than one line
    broken: int  # names with a word broken over two lines

    @property
    def shown(self) -> float:
        """The smallest text as shown in the inline box, in pixels."""
        return self.size * inline_scale(SHEET_WIDTH, self.height)


def _title_size(size: int) -> int:
    return size + size // 4


def _cell_pad(size: int) -> int:
    """The space around a name in its cell, and between two cells of a column."""
    return max(3, round(size * 0.15))


def _column_gap(size: int) -> int:
    return round(size * 0.3)


def _number_gap(size: int) -> int:
    """Between a cell's number and its name."""
    return round(size * 0.3)


def _legend_icon(size: int) -> int:
    return size + 2


def _legend_width(labels: tuple[str, ...], size: int) -> float:
    """How wide `_legend` draws these labels (marker, word, space, ...)."""
    icon, fnt = _legend_icon(size), font(size)
    return sum(icon + 10 + text_width(label, fnt) for label in labels) + icon * 0.85 * (len(labels) - 1)


@lru_cache(maxsize=8192)
def _name_lines(name: str, size: int, width: int) -> tuple[tuple[str, ...], float]:
    """A name's lines in a cell `width` px wide and how narrow they are drawn: the fewest lines (long
    words broken), at the least squeeze that gives them. Cached: the layout tries every name at each
    size and number of columns."""
    block = wrap_block(name, width, size, long_words="break", squeezes=NAME_SQUEEZES)
    return tuple(block.lines), block.squeeze


def _balanced(heights: list[int], columns: int, gap: int) -> list[int]:
    """How many cells go in each column (in order) so that the tallest column is as short as it can
    be: a binary search on that height, each column filled up to it."""

    def fill(limit: int) -> list[int] | None:
        counts: list[int] = []
        used = limit + 1
        for height in heights:
            if used + gap + height > limit:
                if len(counts) == columns:
                    return None
                counts.append(0)
                used = height
            else:
                used += gap + height
            counts[-1] += 1
        return counts

    low, high = max(heights, default=0), sum(heights) + gap * len(heights)
    while low < high:
        mid = (low + high) // 2
        if fill(mid) is None:
            low = mid + 1
        else:
            high = mid
    return fill(low) or []


class _Header(NamedTuple):
    title: Box
    hint: Box
    set_lines: tuple[str, ...]
    set_top: float
    bottom: float  # where the cells start


def _header(size: int, set_line: str, title: str, hint: str, legend: tuple[str, ...]) -> _Header:
    """The title, then the hint on the same line when it (and the legend that replaces it once the round
    is over) fits there, else on a line of its own; the set lines under them."""
    right = SHEET_WIDTH - SHEET_MARGIN
    small, lh = font(size), line_height(font(size))
    title_font = font(_title_size(size), True)
    title_box = (SHEET_MARGIN, 6, SHEET_MARGIN + text_width(title, title_font), 6 + line_height(title_font))
    hint_width = max(text_width(hint, small), _legend_width(legend, size))
    if title_box[2] + size + hint_width <= right:
        hint_box = (title_box[2] + size, title_box[1], right, title_box[3])
        top = title_box[3]
    else:
        hint_box = (SHEET_MARGIN, title_box[3], right, title_box[3] + lh)
        top = hint_box[3]
    set_lines = tuple(wrap(set_line, small, right - SHEET_MARGIN - STRIPE - 10, long_words="break")) if set_line else ()
    return _Header(title_box, hint_box, set_lines, top, top + len(set_lines) * lh + 2 * _cell_pad(size))


def _cell_room(count: int, columns: int, size: int) -> tuple[float, int]:
    """A cell's width, and the room for its name: after the pack's stripe, the number (right-aligned, as
    wide as the largest) and a gap."""
    number_width = text_width(str(count), font(size, True))
    cell_width = (SHEET_WIDTH - 2 * SHEET_MARGIN - (columns - 1) * _column_gap(size)) / columns
    return cell_width, int(cell_width - (STRIPE + 3 + number_width + _number_gap(size)) - 5)


def _lowest(labels: tuple[str, ...], columns: int, size: int, header: _Header) -> int:
    """A height the sheet cannot be under at this size and number of columns: each name on as few lines
    as its width allows at the narrowest letters, the columns exactly even."""
    lh, pad = line_height(font(size)), _cell_pad(size)
    room = max(1, _cell_room(len(labels), columns, size)[1])
    heights = [max(1, math.ceil(text_width(label, font(size)) * NAME_SQUEEZES[-1] / room)) * lh + 2 * pad
               for label in labels]
    column = max(max(heights, default=0), (sum(heights) + (len(heights) - columns) * pad) / columns)
    return math.ceil(header.bottom + column + SHEET_MARGIN)


def _arrange(labels: tuple[str, ...], columns: int, size: int, header: _Header) -> SheetLayout | None:
    """The sheet at `columns` columns and `size` px text, or None when a name does not fit whole."""
    lh = line_height(font(size))
    pad, gap = _cell_pad(size), _column_gap(size)
    number_width = text_width(str(len(labels)), font(size, True))
    cell_width, room = _cell_room(len(labels), columns, size)
    if room < 3 * size:
        return None
    names = tuple(_name_lines(label, size, room) for label in labels)
    if any(len(lines) > SHEET_MAX_LINES for lines, _ in names):
        return None
    heights = [len(lines) * lh + 2 * pad for lines, _ in names]
    counts = _balanced(heights, columns, pad)
    cells: list[Box] = []
    bottom = header.bottom
    index = 0
    for column, count in enumerate(counts):
        left = SHEET_MARGIN + column * (cell_width + gap)
        y = header.bottom
        for height in heights[index:index + count]:
            cells.append((left, y, left + cell_width, y + height))
            y += height + pad
        bottom = max(bottom, y - pad)
        index += count
    wrapped = sum(len(lines) > 1 for lines, _ in names)
    broken = sum(" ".join(lines).split() != label.split() for label, (lines, _) in zip(labels, names, strict=True))
    return SheetLayout(size, columns, tuple(cells), names, number_width, int(math.ceil(bottom + SHEET_MARGIN)),
                       header.bottom, header.title, header.hint, header.set_lines, header.set_top, wrapped, broken)


@lru_cache(maxsize=32)
def sheet_layout(labels: tuple[str, ...], set_line: str = "", title: str = "", hint: str = "",
                 legend: tuple[str, ...] = ()) -> SheetLayout:
    """Where everything of the sheet goes, of every number of columns and text size the best by
    `_rank`. `set_line` says where a pack's locations are; `legend` holds the words that replace the
    hint once a round is over (the header keeps room for them)."""
    best: SheetLayout | None = None
    # The sizes tried are measured, not drawn: kept out of a test's recording of the sizes drawn.
    with recording_font_sizes():
        headers = {size: _header(size, set_line, title, hint, legend) for size in SHEET_SIZES}
        # Each layout tried in the order of the most its text could show (every name on one line, the
        # columns even), until none left could beat the best found: names are measured only for those.
        candidates = []
        for columns in SHEET_COLUMNS:
            for size in SHEET_SIZES:
                lowest = _lowest(labels, columns, size, headers[size])
                candidates.append((size * inline_scale(SHEET_WIDTH, lowest), columns, size))
        candidates.sort(key=lambda c: (-c[0], c[1], -c[2]))
        for most, columns, size in candidates:
            if best is not None and (min(round(most, 1), SHEET_COMFORT) < _rank(best)[0]
                                     or (not best.wrapped and round(most, 1) < round(best.shown, 1))):
                break
            layout = _arrange(labels, columns, size, headers[size])
            if layout is not None and (best is None or _rank(layout) > _rank(best)):
                best = layout
        if best is None:  # no layout draws every name whole: never with names the packs allow
            best = _arrange(labels, SHEET_COLUMNS[0], SHEET_SIZES[-1], headers[SHEET_SIZES[-1]])
            assert best is not None
    return best


def _rank(layout: SheetLayout) -> tuple[float, int, int, float, int]:
    """Larger is better: the smallest text as shown, up to SHEET_COMFORT; then fewer words broken
    over two lines, fewer names wrapped, larger text, fewer columns."""
    return (min(round(layout.shown, 1), SHEET_COMFORT), -layout.broken, -layout.wrapped,
            round(layout.shown, 1), -layout.columns)


def _draw_cell(
    image: Image.Image,
    layout: SheetLayout,
    index: int,
    fill: Color,
    text: Color,
    number_color: Color,
    outline: Color | None = None,
    stripe: Color | None = None,
) -> None:
    box = layout.cells[index]
    left, top, right, bottom = box
    size = layout.size
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box, radius=6, fill=fill)
    if stripe is not None:
        draw.rounded_rectangle((left, top, left + STRIPE, bottom), radius=3, fill=stripe)
    if outline is not None:
        draw.rounded_rectangle(box, radius=6, outline=outline, width=4)
    number_left = left + STRIPE + 3
    draw_lines(draw, (number_left, top, number_left + layout.number_width, bottom), [str(index + 1)],
               font(size, bold=True), number_color, align="right")
    lines, squeeze = layout.names[index]
    step = line_height(font(size))
    x = number_left + layout.number_width + _number_gap(size)
    y = (top + bottom - step * len(lines)) / 2
    for line in lines:
        put_text(image, (x, y), line, size, text, squeeze=squeeze)
        y += step


def _sheet_words(words: Words) -> tuple[str, str, tuple[str, ...]]:
    """The title, the hint, and the widest legend that can replace the hint (its width is kept)."""
    legend = (words.msg("spyfall.picture.location_of", round=88), words.msg("spyfall.picture.wrong_guess"))
    return words.msg("spyfall.picture.locations"), words.msg("spyfall.picture.sheet_hint"), legend


@lru_cache(maxsize=8)
def _sheet_base(header: tuple[str, str, tuple[str, ...]], names: tuple[str, ...], set_line: str = "",
                pack_from: int | None = None) -> Image.Image:
    """The sheet with no highlight: identical for every round, so drawn once per language
    (keyed by the very words drawn, so another catalog can never get a stale sheet).
    `set_line` says where a pack's locations are; from `pack_from` on, cells carry the pack's stripe."""
    title, hint, legend = header
    layout = sheet_layout(names, set_line, title, hint, legend)
    size = layout.size
    image, draw = canvas(SHEET_WIDTH, layout.height)
    draw_lines(draw, layout.title, [title], font(_title_size(size), True), PALETTE["text"])
    draw_text(draw, layout.hint, hint, size, PALETTE["muted"])
    step = line_height(font(size))
    top = layout.set_top
    for number, line in enumerate(layout.set_lines):
        left = SHEET_MARGIN
        if pack_from is not None:
            if number == 0:
                draw.rounded_rectangle((left, top + 5, left + STRIPE, top + step - 5), radius=3, fill=PACK_STRIPE)
            left += STRIPE + 10
        draw_lines(draw, (left, top, SHEET_WIDTH - SHEET_MARGIN, top + step), [line], font(size), PALETTE["text"])
        top += step
    for index in range(len(names)):
        stripe = PACK_STRIPE if pack_from is not None and index >= pack_from else None
        _draw_cell(image, layout, index, PALETTE["panel"], PALETTE["text"], PALETTE["muted"], stripe=stripe)
    return image


def _swatch(fill: Color | None, outline: Color | None) -> Marker:
    def marker(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
        half = size * 0.4
        draw.rounded_rectangle((cx - half, cy - half, cx + half, cy + half), radius=5, fill=fill,
                               outline=outline, width=4 if outline else 0)
    return marker


def pack_line(view: SpyfallView, ids: list[str], words: Words) -> tuple[str, int | None]:
    """The line saying which locations come from a server's pack ("" for the built-in set), and
    where the pack's cells start on a sheet that mixes both."""
    pack = drawable(view["location_set"]["pack"] or "")
    if not view["location_set"]["pack"]:
        return "", None
    first = next((i for i, loc in enumerate(ids) if loc not in LOCATION_NAME), len(ids))
    if first == 0:
        return words.plural("spyfall.picture.set_pack", len(ids), pack=pack), None
    return words.msg("spyfall.picture.set_both", builtin=first, first=first + 1, last=len(ids), pack=pack), first


def locations_layout(view: SpyfallView, words: Words) -> SheetLayout:
    """The layout of this view's sheet in the reader's language (where each location's cell is)."""
    ids = [str(i) for i in view["locations"]]
    labels = tuple(location_name(words, i, view) for i in ids)
    return sheet_layout(labels, pack_line(view, ids, words)[0], *_sheet_words(words))


def render_locations(view: SpyfallView, names: list[str], words: Words) -> Image.Image:
    """The numbered list of every location, in the reader's language.

    Numbers follow the view's order in every language, as the bot's guess picker does, so players
    reading different languages can still say "number 12". A server's pack (its names come with
    the view) follows the built-in locations, and a line under the title says which numbers are
    whose. The current location is never marked while a round is played; once the round is
    over, its location (and a wrong guess of the spy) are public and shown.
    """
    ids = [str(i) for i in view["locations"]]
    labels = tuple(location_name(words, i, view) for i in ids)
    set_line, pack_from = pack_line(view, ids, words)
    header = _sheet_words(words)
    image = _sheet_base(header, labels, set_line, pack_from).copy()
    result = view["result"] if view["phase"] in OVER_PHASES else None
    if not result or result["location"] not in ids:
        return image
    layout = sheet_layout(labels, set_line, *header)
    location = result["location"]
    index = ids.index(location)
    _draw_cell(image, layout, index, PALETTE["accent"], PALETTE["accent_text"], PALETTE["accent_text"])
    legend: list[tuple[Marker, str]] = [(
        _swatch(PALETTE["accent"], None),
        words.msg("spyfall.picture.location_of", round=result["round"]),
    )]
    guess = result.get("guess")
    if guess in ids and guess != location:
        g = ids.index(guess)
        stripe = PACK_STRIPE if pack_from is not None and g >= pack_from else None
        _draw_cell(image, layout, g, PALETTE["panel"], PALETTE["text"], PALETTE["muted"],
                   outline=PALETTE["danger"], stripe=stripe)
        legend.append((_swatch(None, PALETTE["danger"]), words.msg("spyfall.picture.wrong_guess")))
    left, top, right, bottom = layout.hint
    draw = ImageDraw.Draw(image)
    draw.rectangle((left, top, SHEET_WIDTH, bottom), fill=PALETTE["background"])
    _legend(draw, left, right, top, bottom, legend, layout.size, _legend_icon(layout.size))
    return image
