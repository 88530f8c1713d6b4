"""Spyfall boards: the public location sheet and the scoreboard of the live round.

Both are pure functions of a view from `games.spyfall.GAME.view(state, seat)` and of the reader's
`Words`; only public fields are drawn (a seat's card or ballot never is), so a seat's view renders
like the public one. Every word comes from the catalogs: `spyfall.picture.*` ids, and location
names through `LOCATION_NAME`; but a server's own locations (a location pack), whose names come with
the view (`location_names`, in the pack's languages).

Readable where players look: both pictures are attachments, shown inline in the INLINE_BOX
(550 × 350, `renderers.core`). The scoreboard is WIDTH px wide with no text under MIN_FONT (16 px at
550 px wide; 10 px or more as shown inline); the sheet is laid out for the box from its names (see
"location sheet" below), no text under 10 px as shown inline with up to 70 locations.

The sheet is the list the spy reads to guess, so during a round it looks the same whatever the
location is; only once a round is over (phase round_over / game_over) is the location public and
highlighted.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from games.core.messages import N_
from games.spyfall.locations import LOCATION_NAME
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
    ellipsize,
    font,
    inline_scale,
    line_height,
    put_text,
    readable_size,
    recording_font_sizes,
    seat_color,
    text_width,
    wrap,
)

Box = tuple[float, float, float, float]

WIDTH = 880  # 1.6 times what Discord shows: sharp when opened, cheap to encode
MIN_FONT = readable_size(WIDTH)  # 26: 16 px when Discord shows the picture 550 px wide
MARGIN = 16

OVER_PHASES = ("round_over", "game_over")
ROUND_PHASES = ("playing", "accusation", "final_vote", "spy_guess")
VOTE_PHASES = ("accusation", "final_vote")

PHASE_WORDS = {
    "lobby": N_("spyfall.picture.phase.lobby"),
    "playing": N_("spyfall.picture.phase.playing"),
    "accusation": N_("spyfall.picture.phase.accusation"),
    "final_vote": N_("spyfall.picture.phase.final_vote"),
    "spy_guess": N_("spyfall.picture.phase.spy_guess"),
    "round_over": N_("spyfall.picture.phase.round_over"),
    "game_over": N_("spyfall.picture.phase.game_over"),
}
HOW_WORDS = {
    "spy_caught": N_("spyfall.picture.how.spy_caught"),
    "spy_survived": N_("spyfall.picture.how.spy_survived"),
    "spy_guessed": N_("spyfall.picture.how.spy_guessed"),
    "spy_guessed_wrong": N_("spyfall.picture.how.spy_guessed_wrong"),
    "innocent_convicted": N_("spyfall.picture.how.innocent_convicted"),
    "void": N_("spyfall.picture.how.void"),
}
NON_SPIES_WON = ("spy_caught", "spy_guessed_wrong")
SPY_WON = ("spy_survived", "spy_guessed", "innocent_convicted")

# The spy marker is black and white, a colour no seat has (SEAT_COLORS are all saturated hues),
# and a hat-and-glasses shape no other marker has.
SPY_WHITE: Color = (244, 244, 240)
SPY_BLACK: Color = (16, 16, 20)
CARD_WHITE: Color = (250, 250, 250)
CARD_EDGE: Color = (40, 44, 60)
CARD_PIP: Color = (214, 48, 49)
ICON = 32  # the side of a drawn marker (dealer, accusation, spy, crown)


def player_name(names: list[str], seat: int, words: Words) -> str:
    """The name as far as the font can draw it; a name of only emoji or CJK (no glyphs in
    DejaVu) becomes "Player n", which the seat colour ties to the bot's text messages."""
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    return name or words.msg("spyfall.picture.player_n", n=seat + 1)


def location_name(words: Words, location: str, view: dict[str, Any] | None = None) -> str:
    """A built-in location from the catalogs; a server pack's from the view (the reader's language,
    else English), as far as the font can draw it."""
    if location in LOCATION_NAME:
        return words.msg(LOCATION_NAME[location])
    names = ((view or {}).get("location_names") or {}).get(location)
    if names:
        return drawable(names.get(words.locale) or names.get("en") or "")
    return location


def _utc(timestamp: float) -> str:
    """A deadline as a UTC wall-clock time (from the view: the renderer never reads a clock)."""
    return datetime.fromtimestamp(timestamp, tz=UTC).strftime("%H:%M")


def _minutes_seconds(seconds: float) -> str:
    total = max(0, math.ceil(seconds))
    return f"{total // 60}:{total % 60:02d}"




# --- drawn markers ----------------------------------------------------------------------------


def _crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Color) -> None:
    """A drawn crown: the font has no reliable crown glyph and emoji need a colour font."""
    w, h = size, size * 0.75
    left, top = cx - w / 2, cy - h / 2
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


@lru_cache(maxsize=16)
def _spy_masks(size: int) -> tuple[Image.Image, Image.Image]:
    """Anti-aliased masks (disc, hat and glasses) of the spy marker at `size` px, drawn 4x larger
    and scaled down: polygons are not anti-aliased and the marker is small."""
    big = size * 4
    disc, hat = Image.new("L", (big, big), 0), Image.new("L", (big, big), 0)
    ImageDraw.Draw(disc).ellipse((0, 0, big - 1, big - 1), fill=255)
    draw = ImageDraw.Draw(hat)

    def at(x: float, y: float) -> tuple[float, float]:
        return (big / 2 + x * big, big / 2 + (y + 0.03) * big)

    draw.polygon([at(-0.26, 0.0), at(-0.22, -0.36), at(-0.08, -0.3), at(0.0, -0.25), at(0.08, -0.3),
                  at(0.22, -0.36), at(0.26, 0.0)], fill=255)
    draw.ellipse((*at(-0.48, -0.075), *at(0.48, 0.065)), fill=255)
    draw.ellipse((*at(-0.34, 0.12), *at(-0.05, 0.34)), fill=255)
    draw.ellipse((*at(0.05, 0.12), *at(0.34, 0.34)), fill=255)
    draw.rectangle((*at(-0.08, 0.16), *at(0.08, 0.2)), fill=255)
    return (disc.resize((size, size), Image.Resampling.LANCZOS),
            hat.resize((size, size), Image.Resampling.LANCZOS))


def _spy_hat(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, disc: bool = True) -> None:
    """The spy marker: a black fedora over dark glasses, on a white disc unless the caller has
    already painted a white chip."""
    side = round(size)
    disc_mask, hat_mask = _spy_masks(side)
    corner = (round(cx - side / 2), round(cy - side / 2))
    if disc:
        draw.bitmap(corner, disc_mask, fill=SPY_WHITE)
    draw.bitmap(corner, hat_mask, fill=SPY_BLACK)


def _dealer_cards(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """The dealer marker: two fanned playing cards."""
    w, h = 0.5 * size, 0.72 * size

    def card(angle: float, dx: float) -> list[tuple[float, float]]:
        a = math.radians(angle)
        ox, oy = cx + dx, cy
        corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
        return [(ox + x * math.cos(a) - y * math.sin(a), oy + x * math.sin(a) + y * math.cos(a))
                for x, y in corners]

    draw.polygon(card(-16, -0.13 * size), fill=CARD_WHITE, outline=CARD_EDGE, width=2)
    draw.polygon(card(12, 0.13 * size), fill=CARD_WHITE, outline=CARD_EDGE, width=2)
    px, py, r = cx + 0.13 * size, cy, 0.12 * size
    draw.polygon([(px, py - r * 1.4), (px + r, py), (px, py + r * 1.4), (px - r, py)], fill=CARD_PIP)


def _accuse_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """The "has accused this round" marker: a red square with a white exclamation mark."""
    s = size
    draw.rounded_rectangle((cx - s * 0.42, cy - s * 0.42, cx + s * 0.42, cy + s * 0.42),
                           radius=s * 0.16, fill=PALETTE["danger"])
    draw.rounded_rectangle((cx - 0.07 * s, cy - 0.3 * s, cx + 0.07 * s, cy + 0.08 * s),
                           radius=0.05 * s, fill=CARD_WHITE)
    draw.ellipse((cx - 0.075 * s, cy + 0.16 * s, cx + 0.075 * s, cy + 0.31 * s), fill=CARD_WHITE)


Marker = Callable[[ImageDraw.ImageDraw, float, float, float], None]


def _legend(draw: ImageDraw.ImageDraw, left: float, right: float, top: float, bottom: float,
            items: list[tuple[Marker, str]], size: int = MIN_FONT, icon: float = ICON) -> None:
    """Marker + word pairs from `left` rightwards; a word that would cross `right` is cut."""
    fnt = font(size)
    mid = (top + bottom) / 2
    x = left
    for marker, label in items:
        if x + icon + 10 >= right:
            break
        marker(draw, x + icon / 2, mid, icon)
        x += icon + 10
        shown = ellipsize(label, fnt, right - x)
        draw_lines(draw, (x, top, right, bottom), [shown], fnt, PALETTE["text"])
        x += text_width(shown, fnt) + icon * 0.85


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
    words broken), at the least squeeze that gives them."""
    fnt = font(size)
    natural = text_width(name, fnt)
    for squeeze in NAME_SQUEEZES:
        if natural * squeeze <= width:
            return (name,), squeeze
    best = (tuple(wrap(name, fnt, width, break_words=True)), 1.0)
    for squeeze in NAME_SQUEEZES[1:]:
        if math.ceil(natural * squeeze / width) >= len(best[0]):
            continue  # narrower letters cannot save a line here
        lines = tuple(wrap(name, fnt, width / squeeze, break_words=True))
        if len(lines) < len(best[0]):
            best = (lines, squeeze)
    return best


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
    set_lines = tuple(wrap(set_line, small, right - SHEET_MARGIN - STRIPE - 10, break_words=True)) if set_line else ()
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


def clear_caches() -> None:
    """Forget the cached static layers (tests that record font sizes draw them afresh)."""
    _sheet_base.cache_clear()
    sheet_layout.cache_clear()
    _name_lines.cache_clear()
    _spy_masks.cache_clear()


def _swatch(fill: Color | None, outline: Color | None) -> Marker:
    def marker(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
        half = size * 0.4
        draw.rounded_rectangle((cx - half, cy - half, cx + half, cy + half), radius=5, fill=fill,
                               outline=outline, width=4 if outline else 0)
    return marker


def pack_line(view: dict[str, Any], ids: list[str], words: Words) -> tuple[str, int | None]:
    """The line saying which locations come from a server's pack ("" for the built-in set), and
    where the pack's cells start on a sheet that mixes both."""
    chosen = view.get("location_set") or {}
    pack = drawable(str(chosen.get("pack") or ""))
    if not chosen.get("pack"):
        return "", None
    first = next((i for i, loc in enumerate(ids) if loc not in LOCATION_NAME), len(ids))
    if first == 0:
        return words.plural("spyfall.picture.set_pack", len(ids), pack=pack), None
    return words.msg("spyfall.picture.set_both", builtin=first, first=first + 1, last=len(ids), pack=pack), first


def locations_layout(view: dict[str, Any], words: Words) -> SheetLayout:
    """The layout of this view's sheet in the reader's language (where each location's cell is)."""
    ids = [str(i) for i in view["locations"]]
    labels = tuple(location_name(words, i, view) for i in ids)
    return sheet_layout(labels, pack_line(view, ids, words)[0], *_sheet_words(words))


def render_locations(view: dict[str, Any], names: list[str], words: Words) -> Image.Image:
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
    result = view.get("result") if view.get("phase") in OVER_PHASES else None
    if not result or result.get("location") not in ids:
        return image
    layout = sheet_layout(labels, set_line, *header)
    location = result["location"]
    index = ids.index(location)
    _draw_cell(image, layout, index, PALETTE["accent"], PALETTE["accent_text"], PALETTE["accent_text"])
    legend: list[tuple[Marker, str]] = [(
        _swatch(PALETTE["accent"], None),
        words.msg("spyfall.picture.location_of", round=result.get("round", view["round"])),
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


def scoreboard_columns(view: dict[str, Any]) -> ScoreColumns:
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


def status_parts(view: dict[str, Any], names: list[str], words: Words) -> tuple[list[str], list[str]]:
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
            shown = ", ".join(player_name(names, s, words) for s in winners)
            parts = [words.plural("spyfall.picture.winners", len(winners), names=shown),
                     words.plural("spyfall.picture.points", view["scores"][winners[0]])]
    else:
        title = [words.msg("spyfall.picture.round_of", round=view["round"], rounds=view["rounds"]), phase_words]
        vote = view.get("vote")
        if phase in VOTE_PHASES and vote:
            parts.append(words.plural("spyfall.picture.voted", int(vote["voted"]),
                                      eligible=vote["eligible"]))
        if phase in ("playing", *VOTE_PHASES):
            clock = _clock_words(view, words)
            if clock:
                parts.append(clock)
        elif phase == "spy_guess" and view.get("guess_deadline") is not None:
            parts.append(words.msg("spyfall.picture.guess_by", time=_utc(view["guess_deadline"])))
        elif phase == "round_over" and view.get("result"):
            result = view["result"]
            how = result.get("how", "")
            parts.append(words.msg(HOW_WORDS[how]) if how in HOW_WORDS else str(how))
            if result.get("location"):
                parts.append(location_name(words, str(result["location"]), view))
    return title, parts


def status_lines(view: dict[str, Any], names: list[str], words: Words) -> tuple[str, str]:
    """The two lines of the status strip: the round and its phase; then what matters now
    (the clock, the vote count, the spy's guess, the round's outcome or the winners)."""
    title, parts = status_parts(view, names, words)
    return " · ".join(title), " · ".join(parts)


def _clock_words(view: dict[str, Any], words: Words) -> str | None:
    clock = view.get("clock") or {}
    if clock.get("deadline") is not None:
        return words.msg("spyfall.picture.clock_ends", time=_utc(clock["deadline"]))
    remaining = clock.get("paused_remaining")
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


def row_tags(view: dict[str, Any], seat: int, words: Words) -> list[_Tag]:
    """The word markers of a seat's row, rightmost first."""
    phase = view["phase"]
    tags: list[_Tag] = []
    vote = view.get("vote") if phase in VOTE_PHASES else None
    if vote and vote.get("suspect") == seat:
        tags.append(_Tag(words.msg("spyfall.picture.suspect"), PALETTE["danger"], CARD_WHITE))
    if phase == "playing" and view.get("asker") == seat:
        tags.append(_Tag(words.msg("spyfall.picture.asks_next"), PALETTE["accent"], PALETTE["accent_text"]))
    if phase == "spy_guess" and view.get("spy_revealed") == seat:
        tags.append(_Tag(words.msg("spyfall.picture.spy"), SPY_WHITE, SPY_BLACK, spy=True))
    return tags


def render_scoreboard(view: dict[str, Any], names: list[str], words: Words) -> Image.Image:
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
    vote = view.get("vote") if phase in VOTE_PHASES else None
    suspect = vote.get("suspect") if vote else None
    accused = view.get("accused") or [False] * n
    dealer = view.get("dealer") if not over else None
    columns = scoreboard_columns(view)
    lines = [history[i] for i, _, _ in columns.rounds]

    show_accused = in_round and any(accused[s] and not left_flags[s] for s in range(n))
    show_spy = any(isinstance(h.get("spy"), int) for h in lines) or (
        phase == "spy_guess" and isinstance(view.get("spy_revealed"), int))
    legend: list[tuple[Marker, str]] = []
    if isinstance(dealer, int) and 0 <= dealer < n:
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
        name = player_name(names, seat, words)
        fnt = draw_text(draw, (name_left, top, x, bottom), name, NAME_FONT, text_color,
                    bold=winner, min_size=MIN_FONT)
        if gone:
            shown = ellipsize(name, fnt, x - name_left)
            draw.line((name_left - 3, mid + 2, name_left + text_width(shown, fnt) + 3, mid + 2),
                      fill=PALETTE["muted"], width=3)

        for i, left, right in columns.rounds:
            entry = history[i]
            points = entry["points"][seat] if seat < len(entry["points"]) else 0
            _draw_points(draw, (left, top, right, bottom), points, entry.get("spy") == seat, gone)
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


def _draw_round_lines(draw: ImageDraw.ImageDraw, words: Words, lines: list[dict[str, Any]],
                      top: float, view: dict[str, Any] | None = None) -> None:
    """The rounds that have a column, as lines: where it was and how it ended (the table's hat
    chips say who the spy was)."""
    y = top
    for entry in lines:
        bottom = y + LINE_HEIGHT - 5
        mid = (y + bottom) / 2
        draw_text(draw, (MARGIN + 6, y, MARGIN + 77, bottom),
              words.msg("spyfall.picture.round_short", round=entry["round"]), MIN_FONT,
              PALETTE["muted"], bold=True)
        how = str(entry.get("how", ""))
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
        place = location_name(words, str(entry.get("location") or ""), view)
        draw_text(draw, (MARGIN + 83, y, max(MARGIN + 240, outcome_left - 19), bottom), place,
              POINTS_FONT, PALETTE["text"], bold=True, min_size=MIN_FONT)
        draw_text(draw, (max(MARGIN + 240, outcome_left), y, right, bottom), outcome, MIN_FONT, color,
              align="right")
        y += LINE_HEIGHT


def render(view: dict[str, Any], names: list[str], words: Words) -> Image.Image:
    """The table's board: the scoreboard (the bot posts the location sheet on its own)."""
    return render_scoreboard(view, names, words)
