# ruff: noqa: F401  (the names the single module had, importers keep them)
"""Arditi del Popolo: the round board and its parties, drawn for the chat's inline box.

A pure function of a view from `games.arditi.GAME.view(state, seat)` (everything is public, so every
seat's view draws the same picture) and of the reader's `Words` (`arditi.picture.*` ids). The picture
is `renderers.core.BOARD_SIZE` (1100 × 700), twice Discord's inline box, so the layout is in *display
units* (du): one du is one pixel as a player sees the board in the channel, two pixels of the image.
No text is smaller than `INLINE_MIN_TEXT` du (10 shown px, 20 image px).

Left, the board fills the picture's height: 18 rays × 5 rings, space 5r+ring+1 (ray r counter-clockwise
of ray r−1 *on screen*, the ray with the white dot at the top holding 1 outer … 5 inner), every free
space numbered (multiples of 5 bold, on the inner ring). A march is a chain of its party's pieces
linked tail to head, the leader a larger piece with a white ring, an arrowhead at the head pointing the
way it travels (after crossing the centre or the edge, the new way). A link across the centre is a line
through it; a link over the edge is a stub out of each of the two spaces. Leaderless groups are hollow
pieces joined by thin links only. Indifferents are cream discs with their number, police white discs
with a black chess piece, waiting numbers discs on the centre. What changed last: the spaces the latest
march entered in its move (this move while it runs) are tinted with its party's colour. What can be
done now: the spaces the current march can step to are gold, the landing of its jump framed in gold
(the number it jumps ringed in gold); while an attacked player chooses, the spaces their leader may
take are gold. The corners hold the bag's count and any police piece that found no space.

Right, a panel: the status card (round r of max and the die; whose turn and the steps left, who places
their leader after a clash, or the result), one short row per party (its shape, name and militants, or
points once the game is over) — the legend of the board's shapes — and a key of the pieces and marks.
Scores, captured numbers and arrests per party are in the embed's text (bot/cogs/arditi.py `fields`).
Everything a player needs fits here, so there is no separate full picture.

Colour-blind safety: each seat has its own shape (circle, square, triangle, diamond, hexagon, star)
on the board and in its row. Static layers (the board with its numbers, per-space sprites, the key per
language) are drawn once per process and cached; a render composites the pieces.

The package: `layers` (sizes, colours, the seats' shapes, words, geometry, the sprites, the empty board and
the static layer per language), `live` (per render: the pieces, the last move, the panel, `render`); this
module re-exports their names (and those the single module had) and clears their caches.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from games.arditi.board import RAYS, RINGS, SPACES, ray_of, ring_of
from games.core.messages import N_, MessageFamily
from renderers.arditi.layers import (  # noqa: F401
    _REACH,
    ARROW_HALF,
    ARROW_LONG,
    BOARD_BOX,
    BOARD_CX,
    BOARD_CY,
    BORDER,
    CELL,
    CENTRE,
    CX,
    CY,
    DIE_DU,
    DISC,
    DISC_DU,
    DISC_TEXT,
    DOT_R,
    DOT_SIZE,
    DU_HEIGHT,
    DU_WIDTH,
    FIVE_TEXT,
    GLYPH,
    GOLD,
    GOLD_TEXT,
    GRID,
    GROUP_LINK_DU,
    HEIGHT,
    HOLLOW,
    JUMP_FRAME,
    KEY_COLUMNS,
    KEY_GAP,
    KEY_HEIGHT,
    KEY_ICON,
    KEY_LABEL,
    KEY_LINE,
    KEY_ROWS,
    KEY_WORDS,
    LEADER_DU,
    LINK_DU,
    MAX_SEATS,
    NAME,
    NEUTRAL,
    NUMBER,
    NUMBER_TEXT,
    PAD,
    PANEL_LEFT,
    PANEL_RIGHT,
    POLICE_DISC,
    POLICE_DU,
    POLICE_GLYPH,
    POLICE_INK,
    POLICE_ORDER,
    R_HOLE,
    R_OUT,
    REASON,
    RING_W,
    ROW_GAP,
    ROW_H,
    ROWS_TOP,
    SCALE,
    SHAPES,
    SMALL,
    STATUS,
    STRONG,
    SUPER,
    TITLE,
    TOKEN_DU,
    TRAIL_SHARE,
    TRAIL_TEXT,
    WAITING_PITCH,
    WHITE,
    WIDTH,
    Box,
    Point,
    _arrow,
    _base,
    _blank,
    _board_layers,
    _cell_bbox,
    _cell_index,
    _direction_vector,
    _disc,
    _grid_mask,
    _key,
    _key_icon,
    _link,
    _local,
    _paste_patch,
    _px_box,
    _scaled,
    arrow_masks,
    blank_cell,
    blend,
    cell_mask,
    disc_sprite,
    key_items,
    key_top,
    link_kind,
    link_mask,
    mark_cell,
    number_disc,
    number_ink,
    piece_sprite,
    polar,
    police_disc,
    put_lines,
    px,
    ray_angle,
    ring_radii,
    row_box,
    seat_shape,
    sector_outline,
    space_centre,
    static_words,
    text_px,
    trail_cell,
    trail_color,
)
from renderers.arditi.live import (  # noqa: F401
    PIPS,
    SENTENCE_LINES,
    _crown,
    _draw_board,
    _draw_corners,
    _draw_die,
    _draw_rows,
    _draw_status,
    _draw_waiting,
    _lifted,
    last_move,
    render,
    status_lines,
    status_text,
    targets,
    waiting_points,
)
from renderers.core import (
    BOARD_SIZE,
    INLINE_MIN_TEXT,
    PALETTE,
    Color,
    Words,
    drawable,
    ellipsize,
    fit_line,
    font,
    inline_scale,
    line_height,
    put_fitted,
    put_text,
    seat_color,
    squeezed_mask,
    text_width,
    wrap,
)


def clear_caches() -> None:
    """Forget every cached layer, sprite and text mask (tests that record font sizes start here)."""
    for cached in (squeezed_mask, piece_sprite, _disc, disc_sprite, _cell_index, _grid_mask, _board_layers, cell_mask,
                   blank_cell, mark_cell, trail_cell, link_mask, arrow_masks, _key, _base):
        cached.cache_clear()
