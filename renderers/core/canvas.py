"""The canvas of the boards: palette, fonts, measuring, drawing text from cached glyphs, PNG encoding and
the sizes a picture is shown at."""

from __future__ import annotations

import io
import logging
import math
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from PIL import Image, ImageDraw, ImageFont

# DejaVu Sans ships inside the package (renderers/fonts, Bitstream Vera licence) because a fresh
# machine has no system fonts, and Pillow's built-in Aileron lacks accented letters (à è ì ò ù
# render as boxes), which Italian, Spanish and Catalan need. DejaVu also covers Greek and Cyrillic,
# so most players' display names render.
FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

Color = tuple[int, int, int]

# A dark card of its own reads the same on Discord's light and dark themes.
PALETTE: dict[str, Color] = {
    "background": (30, 34, 48),
    "panel": (42, 48, 66),
    "panel_alt": (36, 41, 57),
    "line": (62, 70, 92),
    "text": (238, 240, 245),
    "muted": (154, 163, 181),
    "faded": (100, 108, 128),
    "accent": (242, 193, 78),
    "accent_text": (33, 29, 18),
    "winner_row": (60, 55, 40),
    "danger": (229, 83, 75),
    "success": (87, 187, 120),
    "spy": (142, 108, 239),
}

# One colour per seat (8 seats at most in any game so far), distinct on the dark background.
SEAT_COLORS: tuple[Color, ...] = (
    (231, 76, 60),
    (52, 152, 219),
    (46, 204, 113),
    (241, 196, 15),
    (155, 89, 182),
    (26, 188, 156),
    (230, 126, 34),
    (236, 112, 176),
)

ELLIPSIS = "…"


class Words(Protocol):
    """The catalog of the reader's language, as the bot hands it to a renderer.

    Renderers name every word by its message id (`words.msg("spyfall.picture.scores")`); the
    words themselves live in the bot's gettext catalogs, so one catalog serves messages and
    pictures and a renderer never holds a label dictionary.
    """

    locale: str

    def msg(self, message_id: str, names: Sequence[str] | None = None, /, **params: Any) -> str: ...

    def plural(
        self, message_id: str, count: int, names: Sequence[str] | None = None, /, **params: Any
    ) -> str: ...


# The font sizes asked for while a `recording_font_sizes()` block runs (tests check that every
# label stays readable when Discord shows the picture 550 px wide).
_recorded_sizes: ContextVar[set[int] | None] = ContextVar("recorded_font_sizes", default=None)


@contextmanager
def recording_font_sizes() -> Iterator[set[int]]:
    """Collect every font size `font()` hands out inside the block."""
    sizes: set[int] = set()
    token = _recorded_sizes.set(sizes)
    try:
        yield sizes
    finally:
        _recorded_sizes.reset(token)


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The house font at `size` pixels (recorded when a test asks)."""
    recorded = _recorded_sizes.get()
    if recorded is not None:
        recorded.add(size)
    return _font(size, bold)


@lru_cache(maxsize=64)
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The house font at `size` pixels; cached because loading a TTF costs milliseconds."""
    path = FONT_DIR / FONT_FILES[bold]
    if path.exists():
        return ImageFont.truetype(str(path), size)
    # Only an install that lost the package data lands here; Aileron at least keeps the bot
    # drawing (ASCII only), and the warning says why accents turned into boxes.
    logging.getLogger(__name__).warning("font %s missing; using Pillow's built-in font", path)
    fallback = ImageFont.load_default(size=size)
    assert isinstance(fallback, ImageFont.FreeTypeFont)
    return fallback


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether both house faces draw `char` (rather than the empty box of a missing glyph).

    Pillow exposes no character map, so the glyph's bitmap is compared with the one of a
    private-use code point, which no font we ship defines.
    """
    if char == "\ue000":
        return False
    for bold in (False, True):
        fnt = _font(20, bold)  # a probe, drawn on no picture: not recorded as a size a picture asks for
        mask, missing = fnt.getmask(char), fnt.getmask("\ue000")
        if mask.size == missing.size and bytes(mask) == bytes(missing):
            return False
    return True


def drawable(text: str) -> str:
    """`text` without the characters the house font cannot draw (emoji, CJK, ...), so a player
    named "🎲 Nat" shows as "Nat" instead of a row of boxes. Spaces are tidied up after."""
    kept = "".join(
        ch for ch in text
        # joiners and variation selectors only glue emoji together; alone they are invisible
        if ch.isspace() or (unicodedata.category(ch) != "Cf" and not "\ufe00" <= ch <= "\ufe0f"
                            and has_glyph(ch))
    )
    return " ".join(kept.split())


def seat_color(seat: int) -> Color:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


@lru_cache(maxsize=8192)
def text_width(text: str, fnt: ImageFont.FreeTypeFont) -> float:
    """Advance width in pixels. Cached: a board re-measures the same names and labels at the
    same few sizes on every render (fitting tries several sizes), and fonts are cached objects."""
    return fnt.getlength(text)


def line_height(fnt: ImageFont.FreeTypeFont) -> int:
    """Distance between baselines; from the font's metrics so it never depends on the text."""
    ascent, descent = fnt.getmetrics()
    return ascent + descent


def canvas(width: int, height: int, color: Color | None = None) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), color or PALETTE["background"])
    return image, ImageDraw.Draw(image)


def to_png(image: Image.Image, colors: int | None = 256) -> bytes:
    """Encode for upload, small and fast.

    The boards are flat colours plus anti-aliased text (~2,000 distinct colours), so a
    256-colour palette (fast octree, no dither) is visually lossless and makes the PNG a third
    of the RGB size; zlib level 3 then costs ~3 ms. Measured on the Spyfall boards (1240x728,
    1100x850): quantize ~9 ms + encode ~3 ms, 14-40 KiB, against RGB at level 1: ~16 ms,
    ~95 KiB (too close to the 100 KiB budget) and level 9 / optimize: ~90 ms. Pass
    `colors=None` for images with gradients or photos, where a palette would band.
    """
    if colors is not None and image.mode in ("RGB", "RGBA"):
        image = image.quantize(colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


# --- readable where players look ----------------------------------------------------------------
# A message's picture is shown inline in a box of at most INLINE_BOX (Discord's desktop client, an
# image attachment; an embed's image gets only 400 × 300): scaled down to fit, the height limit
# winning for a tall picture. The main board of every game is drawn for that box, landscape, at
# twice its size (BOARD_SIZE) so that it stays sharp when opened; no text a player needs is smaller
# than INLINE_MIN_TEXT px as shown there. The figures and their sources: docs/decisions.md,
# "Where players see a board".
INLINE_BOX = (550, 350)
INLINE_MIN_TEXT = 10
BOARD_SIZE = (1100, 700)
# Detailed pictures that a player opens (the full board, the location sheet) are read at
# CHAT_WIDTH wide, their text at least CHAT_MIN_TEXT there.
CHAT_WIDTH = 550
CHAT_MIN_TEXT = 16


def inline_scale(width: int, height: int) -> float:
    """How much a picture of width × height shrinks in the inline box (never enlarged)."""
    return min(1.0, INLINE_BOX[0] / width, INLINE_BOX[1] / height)


def inline_size(width: int, height: int) -> tuple[int, int]:
    """The size a picture of width × height is shown at inline."""
    scale = inline_scale(width, height)
    return round(width * scale), round(height * scale)


def readable_size(image_width: int, shown_px: int = CHAT_MIN_TEXT) -> int:
    """The smallest font size that still shows `shown_px` tall when the picture is scaled to
    CHAT_WIDTH (every text of a board should be at least this)."""
    return -(-shown_px * image_width // CHAT_WIDTH)


@lru_cache(maxsize=1024)
def _text_mask(text: str, fnt: ImageFont.FreeTypeFont) -> tuple[Image.Image, int, int]:
    left, top, right, bottom = (int(v) for v in fnt.getbbox(text, anchor="la"))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor="la")
    return mask, left, top


def stamp_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
               fnt: ImageFont.FreeTypeFont, fill: Color) -> None:
    """`draw.text(xy, text, font=fnt, fill=fill, anchor="la")` at the nearest whole pixel, with
    the glyphs rasterised once per (text, font) and kept: boards redraw the same names, numbers
    and labels on every render, and FreeType's rasterising is most of a board's drawing time.
    The pixels are the same as draw.text's at a whole-pixel position."""
    mask, left, top = _text_mask(text, fnt)
    draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


# --- cached, squeezable text (the tall boards: Som, Junta) ------------------------------------------------

# How narrow letters may be drawn to fit a line (their height, the readable size, never shrinks).
SQUEEZES = (1.0, 0.92, 0.85, 0.8)


@lru_cache(maxsize=4096)
def squeezed_mask(text: str, size: int, bold: bool, anchor: str, squeeze: float,
                  stroke: int = 0) -> tuple[Image.Image, int, int]:
    """`text`'s glyphs as an L mask and its offset from the anchor point; narrowed to `squeeze` of
    its width (its height, the readable size, stays); with `stroke`, the glyphs with an outline that
    many pixels wide."""
    fnt = font(size, bold)
    left, top, right, bottom = (int(math.floor(v)) for v in fnt.getbbox(text, stroke_width=stroke, anchor=anchor))
    mask = Image.new("L", (max(1, right - left + 1), max(1, bottom - top + 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor, stroke_width=stroke,
                              stroke_fill=255)
    if squeeze < 1.0:
        mask = mask.resize((max(1, round(mask.width * squeeze)), mask.height), Image.Resampling.LANCZOS)
        left = round(left * squeeze)
    return mask, left, top


def put_text(image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: Color, bold: bool = False,
             anchor: str = "la", squeeze: float = 1.0, stroke: int = 0, stroke_fill: Color = (0, 0, 0)) -> float:
    """Draw `text` at `xy` (a Pillow anchor) from cached glyph masks, outlined `stroke` px in
    `stroke_fill` if asked; returns its width."""
    fnt = font(size, bold)  # asked every time, so a test recording the font sizes sees it
    if not text:
        return 0.0
    x, y = int(round(xy[0])), int(round(xy[1]))
    if stroke:
        outline, dx, dy = squeezed_mask(text, size, bold, anchor, squeeze, stroke)
        image.paste(stroke_fill, (x + dx, y + dy), outline)
    mask, dx, dy = squeezed_mask(text, size, bold, anchor, squeeze)
    image.paste(fill, (x + dx, y + dy), mask)
    return text_width(text, fnt) * squeeze
