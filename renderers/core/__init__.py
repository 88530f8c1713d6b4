"""Shared drawing kit for the board renderers: the canvas (palette, fonts, PNG encoding, shown sizes), the
text kit (fitting a line, wrapping a block, a player's name) and sprites (pasting, seat shapes).

Renderers are pure functions of a view dict (never a full state), so nothing here may import
discord, aiosqlite or bot, and nothing may read a clock or global randomness: the same view must
always give the same bytes (tests compare PNGs to prove that hidden state does not leak).
"""

from renderers.core.canvas import (
    BOARD_SIZE,
    CHAT_MIN_TEXT,
    CHAT_WIDTH,
    ELLIPSIS,
    INLINE_BOX,
    INLINE_MIN_TEXT,
    PALETTE,
    SEAT_COLORS,
    SQUEEZES,
    Color,
    Words,
    canvas,
    drawable,
    font,
    inline_scale,
    inline_size,
    line_height,
    put_text,
    readable_size,
    recording_font_sizes,
    seat_color,
    squeezed_mask,
    stamp_text,
    text_width,
    to_png,
)
from renderers.core.shapes import Point, paste, shape_points
from renderers.core.text import (
    Block,
    LongWords,
    draw_lines,
    draw_text,
    ellipsize,
    fit_line,
    name_lines,
    player_name,
    put_fitted,
    wrap,
    wrap_block,
)

__all__ = [
    "BOARD_SIZE", "CHAT_MIN_TEXT", "CHAT_WIDTH", "ELLIPSIS", "INLINE_BOX", "INLINE_MIN_TEXT", "PALETTE", "SEAT_COLORS",
    "SQUEEZES", "Block", "Color", "LongWords", "Point", "Words", "canvas", "draw_lines", "draw_text", "drawable",
    "ellipsize", "fit_line", "font", "inline_scale", "inline_size", "line_height", "name_lines", "paste",
    "player_name", "put_fitted", "put_text", "readable_size", "recording_font_sizes", "seat_color", "shape_points",
    "squeezed_mask", "stamp_text", "text_width", "to_png", "wrap", "wrap_block",
]
