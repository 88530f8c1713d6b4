# ruff: noqa: F401  (the names the single module had, importers keep them)
"""Junta's two pictures: the board in the channel and the full board.

Both are pure functions of the public view `games.junta.GAME.view(state, None)` (docs/junta-state.md, §11
of rules/junta.md), the players' names and the reader's `Words` (`junta.picture.*` ids only, area and card
names included).

**The board in the channel** (`render`, posted on every move and animated by replays) is drawn for
Discord's inline box: 1100 x 700 px (renderers.core.BOARD_SIZE), shown at half size, so no text is under
20 px. The city map fills the left: the 27 areas as boxes with their short names ("Police N", "Bank"), power
centres, embassies and coastal areas told apart by shape as on the full board, the exiles' family discs in
their embassy and, during a coup, one counter per player and place (the family's colour and mark, how
many units; a rebel's with a red frame and pennant, ignored units grey; more than four pieces in an area
end in "+k"), the fight framed in red with crossed swords, and the coup's last movement in the mover's
colour (an arrow along each road taken, a ring round an area reached by landing, card or helicopter). The
panel on the right: the turn and the phase track, the phase's name, the markers, what the game waits on
and who (family disc and name), who holds each office (the cousin's marked), and during a coup its track,
the air strikes left, phase and segment, the fight and the last dice. What is left out (the unit types,
the families' rows: status, cards, influence, hand sizes) is the full board's and the embed's.

**The full board** (`render_full`, sent privately by the board's "🔍 Full board" button) is read about
550 px wide, so its layout is in *display units* (du, 1/550 of the width, drawn at 1 px per du) and no
text is smaller than 16 du. It is a portrait 550 du wide and about 920-1200 du tall (the table's size and
the coup band decide). From top to bottom:

- **The strip**: the turn and the 9-phase track (the current phase gold, its name beside it); the
  markers (pretext or none, the bank open / closed for lunch / closed for holiday, "bank safe" and
  "Parliament occupied" while they hold); what the game waits on and from whom (a coup's own
  decision told apart; at the end the winners, never a score: scores are money).
- **The map**: the 27 areas at their board.py centres (x and y scaled apart so that every area is an
  84 du box and every two boxes are at least 8 du apart), roads between neighbours drawn under them,
  each area's name on up to four lines (letters narrowed, a long word hyphenated, never cut). Power
  centres have a gold double frame and a gold star on their corner; embassies a dashed pale-blue
  outline and a flag on a pole; coastal areas two blue waves along their foot (and the sea runs under
  the map): three kinds told apart by shape, not only colour. Players in exile sit in their embassy as
  their family's disc. The off-map boxes (navy, air force) fill the free corner left of the Port and
  hold the marines and the paratrooper until they land.
- **The coup band**, only while `view["coup"]` is set: the coup track (R for the Rebellion, then Coup
  Phases 1-6, the current one gold), the phase and the segment (movement, combat, choosing sides, or
  the outcome); the air strikes left and the area being fought over with its wave; the dice of the
  last wave or bombardment of this coup (who fired, the dice with the hits gold, at whom); the key
  of the glyphs the rows do not explain (the paratrooper and the card units).
- **One row per player**: the family disc (ringed gold for the President), the name, what they are
  (winner, dead, in exile and where, Rebel leader or rebel, their side once chosen, target), the
  budget amount proposed to them, their hand size; then their offices (the glyph of the office's
  units and its name, "· cousin" for the office the President holds through his cousin; glyphs
  alone, the cousin's with *, when room is short), their influence cards in play with their votes
  (names cut evenly when room is short, the rest counted "+k"), and after the Phase 6 reveal their
  location if there is room. Never a note, a count of notes or any sum of money but the budget's
  public amounts.

During a coup the units are counters on the map: the controller's family colour *and* family mark
(cigar, car, watch, glass, diamond, glasses, crossed feathers: seven shapes, so parties differ by
more than colour), the unit type's glyph (♛ guard, ★ police, Ⅰ Ⅱ Ⅲ brigades, ⚓ marines: the glyphs of
the office chips in the rows; ☂ paratrooper, H helicopter, ✎ students, ⚡ rioters, ⚒ strikers,
⚑ demonstrators, $ bank guards, ♜ private security, ✝ militia: in the band's key) and how many when
one player has several of a type there. A rebel's counters have a red frame and a red pennant;
ignored units (no active controller) are grey. Counters flow two to a row under the area's name; an
area holding more than its box has room for (rare in play) gets a tray under its box. The area being
fought over has a red frame and crossed swords; areas with declared attacks the swords alone.
Outside a coup the map has no units: the office units are always at their start positions then, and
the rows say who commands them.

Each picture's map shapes are drawn once (supersampled 3x) and the map with its names once per language; a
render copies that layer and draws the rest from cached glyph masks and sprites. Nothing outside the
public view is read, and a view carrying secrets (a seat's hand, notes, account) draws the same bytes.

The package: `parts` (words, colours, the map's geometry, the sprites and the view readers both boards
share), `full` (`render_full`), `channel` (`render`); this module re-exports their names (and those the single
module had) so `renderers.junta.render` and the rest work as before, and clears their caches.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core.messages import N_, NP_, MessageFamily
from games.junta.board import (
    AIR_FORCE_BOX,
    AREA,
    AREA_IDS,
    AREAS,
    COASTAL,
    EDGES,
    EMBASSIES,
    NAVY_BOX,
    POWER_CENTRES,
    UNIT_TYPE,
    UNIT_TYPES,
)
from games.junta.cards import CARDS, INFLUENCE
from games.junta.common import FAMILIES, LOCATIONS, OFFICES
from games.junta.coup import PHASES, WAVES
from renderers.core import (
    BOARD_SIZE,
    CHAT_WIDTH,
    ELLIPSIS,
    INLINE_MIN_TEXT,
    PALETTE,
    SQUEEZES,
    Color,
    Words,
    drawable,
    ellipsize,
    fit_line,
    font,
    name_lines,
    put_fitted,
    put_text,
    readable_size,
    squeezed_mask,
    text_width,
    wrap,
)
from renderers.junta.channel import (  # noqa: F401
    AREA_SHORT,
    ARRIVALS,
    B_AREA_H,
    B_AREA_W,
    B_COUNTER_H,
    B_COUNTER_PITCH,
    B_DIE,
    B_DISC,
    B_LINE,
    B_MAP,
    B_MARGIN,
    B_MARK,
    B_NAME_H,
    B_OFF_MAP,
    B_ROWS,
    B_SEA,
    B_STRONG,
    B_TEXT,
    B_TITLE,
    B_TRACK,
    COMPACT,
    MOVES,
    PANEL,
    PANEL_PAD,
    WINNERS_HEAD,
    Block,
    _b_chip,
    _b_track,
    _board_base,
    _board_changes,
    _board_combat,
    _board_panel,
    _board_units,
    _coup_blocks,
    _edge_point,
    _lines_block,
    _office_disc,
    _offices_grid,
    _offices_list,
    _panel_blocks,
    _roll_block,
    _rule,
    _seat_lines,
    _waiting_blocks,
    board_counters_top,
    board_groups,
    board_layout,
    board_words,
    chip_rows,
    empty_disc,
    group_sprite,
    group_width,
    last_change,
    more_sprite,
    panel_plan,
    render,
    short_name,
    short_name_box,
)
from renderers.junta.full import (  # noqa: F401
    BAND_LINE,
    CARD_MIN_LETTERS,
    CHIP_GAP,
    CHIP_H,
    COUNTER_PAD,
    EXILE,
    INFLUENCE_IDS,
    INFLUENCE_NAME,
    LINE1,
    LINE2,
    LINE3,
    LOCATION_NAME,
    MARK,
    OFFICE_NAME,
    OFFICE_UNITS,
    ROW_GAP,
    ROW_H,
    ROW_MID1,
    ROW_MID2,
    SIDE,
    STRONG,
    TITLE,
    TRACK_BOX,
    UNIT_GLYPH,
    UNIT_NAME,
    BandItem,
    _canvas,
    _chip,
    _combat_marks,
    _draw_band,
    _draw_line2,
    _draw_roll,
    _draw_rows,
    _draw_strip,
    _draw_units,
    _flowed,
    area_centre,
    band_flow,
    card_name_widths,
    counter_layout,
    counter_sprite,
    counter_width,
    counters_top,
    coup_band,
    height_for,
    key_types,
    office_chip_width,
    office_chips,
    office_text,
    plan_line2,
    render_full,
    row_box,
    rows_top,
    static_words,
    status_tags,
    waiting_line,
)
from renderers.junta.parts import (  # noqa: F401
    AREA_EDGE,
    AREA_FILL,
    AREA_H,
    AREA_NAME,
    AREA_W,
    BACKGROUND,
    BANK,
    BANK_CHIP,
    BOX_NAME,
    CENTRE_FILL,
    COUNTER_H,
    COUNTER_PITCH,
    DIE,
    EMBASSY_EDGE,
    EMBASSY_FILL,
    FAMILY_COLOUR,
    FULL,
    GOLD,
    GOLD_TEXT,
    GREY,
    GREY_INK,
    GROUND,
    INK,
    MAP,
    MAP_SX,
    MAP_SY,
    MAP_TOP,
    MARGIN,
    MOTION,
    NAME_SQUEEZES,
    NAME_STEP,
    OFF_MAP,
    OFF_MAP_COUNTER,
    OFFICE_GLYPH,
    PHASE_NAME,
    REASON,
    RED,
    ROAD,
    SEA,
    SEA_H,
    STRIP,
    SUPER,
    TEXT,
    TYPE_ORDER,
    WAIT,
    WAVE,
    WEAPON,
    WHITE,
    WIDTH,
    WINNER,
    Box,
    Geometry,
    Placed,
    Point,
    _dashed_rect,
    _draw_mark,
    _family,
    _player_active,
    _put_name,
    _rotated,
    _seats,
    _star,
    _top,
    _waves,
    area_box,
    area_name_lines,
    combat_areas,
    dice_label,
    dice_rolls,
    die_sprite,
    family_disc,
    fight_line,
    flow,
    is_rebel,
    last_dice,
    map_shapes,
    mark_sprite,
    marker_chips,
    name_box,
    name_step,
    off_map_boxes,
    segment_line,
    swords_badge,
    table_size,
    units_by_area,
    wait_key,
    waited_on,
)


def clear_caches() -> None:
    """Forget every cached layer, sprite and text mask (tests that record font sizes start here)."""
    for cached in (squeezed_mask, name_lines, mark_sprite, family_disc, counter_sprite, die_sprite, swords_badge,
                   map_shapes, _top, group_sprite, empty_disc, more_sprite, _board_base):
        cached.cache_clear()
