# ruff: noqa: F401  (the names the single module had, importers keep them)
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

The package: `parts` (the sizes, colours, words and drawn markers both pictures share), `locations` (the
location sheet), `scores` (the scoreboard, `render`); this module re-exports their names (and those the
single module had) and clears their caches.
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
from renderers.spyfall.locations import (  # noqa: F401
    NAME_SQUEEZES,
    OVER_PHASES,
    PACK_STRIPE,
    SHEET_COLUMNS,
    SHEET_COMFORT,
    SHEET_MARGIN,
    SHEET_MAX_LINES,
    SHEET_SIZES,
    SHEET_WIDTH,
    STRIPE,
    SheetLayout,
    _arrange,
    _balanced,
    _cell_pad,
    _cell_room,
    _column_gap,
    _draw_cell,
    _Header,
    _header,
    _legend_icon,
    _legend_width,
    _lowest,
    _name_lines,
    _number_gap,
    _rank,
    _sheet_base,
    _sheet_words,
    _swatch,
    _title_size,
    locations_layout,
    pack_line,
    render_locations,
    sheet_layout,
)
from renderers.spyfall.parts import (  # noqa: F401
    CARD_EDGE,
    CARD_PIP,
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
    _spy_masks,
    _utc,
    location_name,
)
from renderers.spyfall.scores import (  # noqa: F401
    CHIP_HAT,
    DOT_X,
    LEGEND_HEIGHT,
    LINE_HEIGHT,
    MAX_ROUND_COLUMNS,
    NAME_FONT,
    NAME_LEFT,
    PILL_HEIGHT,
    PILL_PAD,
    POINTS_FONT,
    ROUND_COLUMN,
    ROW_HEIGHT,
    ROW_STEP,
    ROWS_TOP,
    SCORE_WIDTH,
    SLOT_X,
    STRIP,
    STRIP_DETAIL_FONT,
    STRIP_TITLE_FONT,
    TABLE_HEAD,
    TOTAL_COLUMN,
    TOTAL_FONT,
    ScoreColumns,
    _clock_words,
    _dash,
    _draw_points,
    _draw_round_lines,
    _draw_tag,
    _Tag,
    _tag_width,
    pill_width,
    render,
    render_scoreboard,
    row_tags,
    score_row,
    scoreboard_columns,
    status_lines,
    status_parts,
)


def clear_caches() -> None:
    """Forget the cached static layers (tests that record font sizes draw them afresh)."""
    _sheet_base.cache_clear()
    sheet_layout.cache_clear()
    _name_lines.cache_clear()
    _spy_masks.cache_clear()
