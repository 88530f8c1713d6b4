# ruff: noqa: F401  (the names the single module had, importers keep them)
"""The Polls Are Closed! (Spain): the public board as one landscape picture, read in the channel.

A pure function of a view from `games.polls.GAME.view(state, seat)` (everything is public, so any
seat's view draws the same board) and of the reader's `Words`. It is drawn at
`renderers.core.BOARD_SIZE` (1100 x 700) for Discord's inline box (550 x 350), where it shows at
half size: no text here is smaller than 20 px (10 px as shown) and it stays sharp when opened.

Left, a block map of Spain: one tile per region at its rough place, filled by the party that
leads it, with its name, its cost code, both parties' Influence and the seats it would give now.
Right, from the top: the round track, who plays and what is asked of them (the dice of a pending
roll beside it), the three propaganda circles, the pact boxes. Across the bottom, the 66 seats
each party would win if the polls closed now. A white frame marks what the last move touched
(regions, sectors, a pact box); a gold frame what the player to act can choose now (affordable
regions, the sector a 7 takes, the sectors of the dice to order, the regions open to the
national poll); a red frame the centre a player over the limit must spend from. Empty regions and
sectors show no "0".

What text does better is left to the embed beside the picture (bot/cogs/polls.py): the players'
whole names, supply, regions led, the shift, and the key to shapes, cost codes and frames. There
is no separate "full board": this picture already holds every piece on the table.

Colour-blind safety: the parties differ by shape as well as colour (blue = discs, red = hatched
squares, third parties = diamonds), and red-led regions, red sectors and red seats are hatched.
Static layers (tile and circle masks, frames' bands, the language's fixed words) are drawn once
per process and cached; each call writes palettes through those layers and draws the pieces.

The package: `board` (sizes, colours, words, layout, the cached text and tokens, the static layers), `map`
(per render: the map, the circles and the pacts), `panel` (per render: the status and the seats); this module
draws the picture from them (`render`), re-exports their names (and those the single module had) and clears
their caches.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from games.core.messages import MessageFamily
from games.polls.data import (
    ABSOLUTE_MAJORITY,
    PACT_CIRCLES,
    PACT_REGIONS,
    PARTY_NAMES,
    POLL_REGIONS,
    REGION_TYPE,
    REGIONS,
    TOTAL_SEATS,
    sector_for_die,
)
from games.polls.view_types import PollsView
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
    put_fitted,
    squeezed_mask,
    text_width,
    wrap,
)
from renderers.core import put_text as _put_text  # every text of this board is drawn through this name
from renderers.polls.board import (  # noqa: F401
    A_CENTRE,
    A_INTERMEDIATE,
    A_LABEL_AT,
    A_MID,
    A_ORDER,
    A_OUTER,
    A_TOKEN_AT,
    B_CENTRE,
    B_LABEL_AT,
    B_LABELS,
    B_ORDER,
    B_OUTER,
    B_TOKEN_AT,
    BAR,
    BIG,
    BLUE,
    BLUE_FILL,
    BORDER,
    C_CENTRE,
    CENTRE_TOKEN,
    CENTRES,
    CHIP_TEXT,
    CIRCLE_A,
    CIRCLE_B,
    CIRCLE_C,
    CIRCLE_SECTORS,
    CIRCLES_PANEL,
    DICE_BOX,
    DIE,
    FRAME,
    GRID_H,
    GRID_LABEL,
    GRID_TILES,
    GRID_W,
    HATCH,
    HEIGHT,
    LABEL,
    LAND,
    LAST_MOVE,
    MAP_H,
    MAP_PANEL,
    MAP_W,
    MAP_X,
    MAP_Y,
    MARGIN,
    NAME,
    PACTS_PANEL,
    PANEL_RADIUS,
    PARTY_COLORS,
    PARTY_TEXT,
    PARTY_WORD,
    PILL,
    PLAYER_ROW,
    POSSIBLE,
    REASON_WORD,
    RED,
    RED_FILL,
    RED_HATCH,
    RED_STRIPE,
    REGION_SHORT,
    SEA,
    SEAT_MARK,
    SEATS_PANEL,
    SEATS_TITLE,
    SECTOR_ANGLES,
    SECTOR_EMPTY,
    SECTOR_LINE,
    SECTOR_TOKEN,
    STATUS_PANEL,
    STEP_ROW,
    STRONG,
    TEXT,
    THIRD,
    TIE_FILL,
    TILES,
    TOKEN,
    TRACK_ROW,
    WHITE,
    WIDTH,
    Band,
    Box,
    _base,
    _centre_of,
    _centre_radius,
    _circle_index,
    _circle_lines,
    _circles_area,
    _count_size,
    _draw_token,
    _erode,
    _fit_size,
    _frame_bands,
    _hatch,
    _map_index,
    _player,
    _polar,
    _region_frames,
    _region_masks,
    _ring_box,
    _sector_angles,
    _sector_frames,
    _static_words,
    _stretch,
    _token,
    label_point,
    pact_box,
    party_name,
    projection,
    region_box,
    sector_label,
    sector_label_point,
    sector_point,
)
from renderers.polls.map import (  # noqa: F401
    CHIP_H,
    GAP,
    INFO_H,
    NAME_STEP,
    SEATS_H,
    _chip_width,
    _draw_chip,
    _draw_circles,
    _draw_map,
    _draw_pacts,
    _draw_region_label,
    _draw_seat_row,
    _frame,
    _label_sprite,
    _must_spend,
    _name_layout,
    _seat_items,
    _seats_width,
    _sector_fill,
    _touched,
    leader,
    possible_regions,
    possible_sectors,
)
from renderers.polls.panel import (  # noqa: F401
    PIPS,
    ROUND_CHIP,
    TURN_CHIP,
    TURN_PIP,
    _draw_die,
    _draw_seats,
    _draw_status,
    _draw_track,
    _put_step,
    _red_bar,
    step_text,
)


def clear_caches() -> None:
    """Forget every cached layer, text mask and sprite (tests that record font sizes start here)."""
    for cached in (squeezed_mask, _token, _region_masks, _map_index, _region_frames, _circle_index,
                   _sector_frames, _circle_lines, _base, _name_layout, _label_sprite, _red_bar):
        cached.cache_clear()


def render(view: PollsView, names: list[str], words: Words) -> Image.Image:
    """The whole public board of The Polls Are Closed! for one view (BOARD_SIZE, RGB)."""
    image = _base(_static_words(words)).copy()
    _draw_map(image, view, words)
    _draw_status(image, view, names, words)
    _draw_circles(image, view)
    _draw_pacts(image, view)
    _draw_seats(image, view, words)
    return image
