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

Box = tuple[float, float, float, float]
Point = tuple[float, float]

# --- scale and sizes (du = px: the picture is 550 wide) -------------------------------------------------

WIDTH = CHAT_WIDTH
TEXT = readable_size(WIDTH)  # the smallest text: 16 du
STRONG = readable_size(WIDTH, 18)
TITLE = readable_size(WIDTH, 19)
NAME_SQUEEZES = (*SQUEEZES, 0.76)  # an area's name may be narrowed a little further than other text
SUPER = 3  # shapes are drawn 3x larger and shrunk: Pillow's polygons and lines are not anti-aliased

# --- words -------------------------------------------------------------------------------------------------

AREA_NAME = MessageFamily("junta.picture.area", AREA_IDS)
PHASE_NAME = MessageFamily("junta.picture.phase", range(10))  # 0: the first election, before turn 1
UNIT_NAME = MessageFamily("junta.picture.unit", [u.id for u in UNIT_TYPES])
OFFICE_NAME = MessageFamily("junta.picture.office", OFFICES)
INFLUENCE_IDS = tuple(c.id for c in CARDS if c.kind == INFLUENCE)
INFLUENCE_NAME = MessageFamily("junta.picture.influence", INFLUENCE_IDS)
LOCATION_NAME = MessageFamily("junta.picture.location", LOCATIONS)
BANK = MessageFamily("junta.picture.bank", ("open", "lunch", "holiday"))
MOTION = MessageFamily("junta.picture.motion", ("election", "budget", "alt_budget", "no_confidence"))
WAIT = MessageFamily("junta.picture.wait", (
    "vote", "candidacy", "tiebreak", "window", "hand_limit", "assign", "budget_propose", "budget_pay",
    "budget_occupy", "budget_keep", "locations", "declarations", "protect", "squad", "surrender", "exile_poll",
    "banking", "coup_poll", "firing_squad", "junta", "return", "influence_discard", "coup_move", "coup_proposal",
    "coup_reaction", "coup_declare", "coup_order", "coup_fire", "coup_casualties", "coup_stay", "coup_retreat",
    "coup_sides", "other"))
REASON = MessageFamily("junta.picture.reason", ("aid_exhausted", "first_election_no_note", "all_dead"))
SIDE = MessageFamily("junta.picture.side", ("president", "rebels"))
BOX_NAME = MessageFamily("junta.picture.box", (AIR_FORCE_BOX, NAVY_BOX))
WINNER = MessageFamily("junta.picture.coup.winner", ("president", "rebels"))
EXILE = MessageFamily("junta.picture.exile", EMBASSIES)
WEAPON = MessageFamily("junta.picture.coup.weapon", ("gunboat", "air_strike"))

# --- the pieces' marks ------------------------------------------------------------------------------------

# A unit type's glyph; an office chip shows the glyph of its units (the Air Force: its strikes' plane).
UNIT_GLYPH = {
    "presidential_guard": "♛", "police": "★", "brigade_1": "Ⅰ", "brigade_2": "Ⅱ", "brigade_3": "Ⅲ",
    "marines": "⚓", "paratrooper": "☂", "students": "✎", "rioters": "⚡", "strikers": "⚒",
    "demonstrators": "⚑", "bank_guards": "$", "private_security": "♜", "christian_militia": "✝",
    "helicopter": "H",
}
OFFICE_GLYPH = {"president": "♛", "interior": "★", "general_1": "Ⅰ", "general_2": "Ⅱ", "general_3": "Ⅲ",
                "admiral": "⚓", "air_force": "✈"}
TYPE_ORDER = {u.id: k for k, u in enumerate(UNIT_TYPES)}

# --- colours ----------------------------------------------------------------------------------------------

BACKGROUND: Color = PALETTE["background"]
WHITE: Color = (255, 255, 255)
INK: Color = (20, 22, 30)
GOLD: Color = PALETTE["accent"]
GOLD_TEXT: Color = PALETTE["accent_text"]
RED: Color = (232, 64, 52)  # rebels, the combat
GROUND: Color = (40, 46, 64)  # the city between the areas
ROAD: Color = (92, 100, 126)
AREA_FILL: Color = (62, 70, 96)
AREA_EDGE: Color = (104, 114, 146)
CENTRE_FILL: Color = (84, 74, 48)
EMBASSY_FILL: Color = (52, 68, 96)
EMBASSY_EDGE: Color = (156, 196, 244)
SEA: Color = (32, 74, 128)
WAVE: Color = (96, 170, 240)
GREY: Color = (122, 126, 138)  # ignored units
GREY_INK: Color = (58, 60, 68)
# One colour per family (each seat has its family; colours stay with it as in the boxed game).
FAMILY_COLOUR: dict[str, Color] = {
    "cigar": (222, 132, 64),
    "car": (74, 150, 240),
    "watch": (96, 200, 120),
    "glass": (178, 128, 240),
    "diamond": (60, 212, 212),
    "glasses": (244, 120, 180),
    "feathers": (240, 206, 60),
}
BANK_CHIP: dict[str, Color] = {"open": (50, 110, 74), "lunch": (134, 102, 30), "holiday": (86, 90, 104)}

# --- layout (du) -------------------------------------------------------------------------------------------

MARGIN = 6
STRIP: Box = (MARGIN, MARGIN, WIDTH - MARGIN, 84)
LINE1, LINE2, LINE3 = 20.0, 46.0, 70.0  # the middles of the strip's lines
TRACK_BOX = 22  # a phase box of the tracks
MAP_TOP = STRIP[3] + 6
AREA_W, AREA_H = 84, 84
MAP_SX = (WIDTH - 2 * (MARGIN + 2) - AREA_W) / 830  # board.py x runs from 80 to 910
MAP_SY = 0.66  # and y from 90 to 910: every two areas whose boxes overlap in x are >= 8 du apart in y
SEA_H = 14
MAP: Box = (MARGIN, MAP_TOP, WIDTH - MARGIN, MAP_TOP + 6 + round(820 * MAP_SY) + AREA_H + 4 + SEA_H)
NAME_STEP = 15  # between the lines of an area's name (16 du text)
COUNTER_H, COUNTER_PITCH = 21, 23
MARK = 12  # a family mark on a counter
COUNTER_PAD = 2
BAND_LINE = 24  # a line of the coup band
ROW_H, ROW_GAP = 40, 2
ROW_MID1, ROW_MID2 = 11, 30  # the middles of a row's two lines
CHIP_H = 20
DIE = 17


@dataclass(frozen=True)
class Geometry:
    """Where a picture puts the city map and how large its parts are: the full board's (FULL, du) and
    the compact board's (COMPACT, px of the 1100 x 700 board). `k` scales the map's strokes and
    decorations (1 on the full board, so that picture keeps its bytes)."""

    box: Box  # the map's panel
    area_w: float
    area_h: float
    sx: float  # du (or px) per unit of board.py's x, which runs from 80 to 910
    sy: float  # and y, from 90 to 910
    sea_h: float
    k: float = 1.0
    pad_x: float = 2  # from the panel's edge to the leftmost area
    pad_y: float = 6  # and to the topmost
    widths: tuple[tuple[str, float], ...] = ()  # areas wider than `area_w` (room for a long name)
    star: tuple[float, float] = (4, 11)  # a power centre's star: its centre's offset from the box's corner, radius

    def centre(self, area_id: str) -> Point:
        area = AREA[area_id]
        return (self.box[0] + self.pad_x + self.area_w / 2 + (area.x - 80) * self.sx,
                self.box[1] + self.pad_y + self.area_h / 2 + (area.y - 90) * self.sy)

    def area(self, area_id: str) -> Box:
        x, y = self.centre(area_id)
        half = dict(self.widths).get(area_id, self.area_w) / 2
        return x - half, y - self.area_h / 2, x + half, y + self.area_h / 2

    def off_map(self, gap: float) -> dict[str, Box]:
        """The off-map boxes, in the free corner between the 1st Brigade's barracks and the Port: the Navy
        above, the Air Force below, `gap` apart."""
        left, right = self.box[0] + 3 * self.k, self.area("port")[0] - 5 * self.k
        top, bottom = self.area("barracks_1")[3] + 6 * self.k, self.box[3] - self.sea_h - 2 * self.k
        middle = (top + bottom) / 2
        return {NAVY_BOX: (left, top, right, middle - gap / 2), AIR_FORCE_BOX: (left, middle + gap / 2, right, bottom)}


FULL = Geometry(MAP, AREA_W, AREA_H, MAP_SX, MAP_SY, SEA_H)


def area_centre(area_id: str, geo: Geometry = FULL) -> Point:
    return geo.centre(area_id)


def area_box(area_id: str, geo: Geometry = FULL) -> Box:
    return geo.area(area_id)


# The full board's off-map boxes (34 and 36 du tall, as they always were).
OFF_MAP: dict[str, Box] = {
    NAVY_BOX: (MARGIN + 3, area_box("barracks_1")[3] + 6, area_box("port")[0] - 5, area_box("barracks_1")[3] + 40),
    AIR_FORCE_BOX: (MARGIN + 3, area_box("barracks_1")[3] + 44, area_box("port")[0] - 5, MAP[3] - SEA_H - 2),
}


OFF_MAP_COUNTER = 42  # the room kept for a counter at the right of an off-map box


def coup_band(view: dict[str, Any], words: Words) -> Box | None:
    """The coup band's box (None outside a coup): two lines, then as many as the last dice and the
    key of the card units need."""
    coup = view.get("coup")
    if not isinstance(coup, dict) or not coup:
        return None
    top = MAP[3] + 6
    lines = 2 + len(band_flow(view, words))
    return MARGIN, top, WIDTH - MARGIN, top + 6 + lines * BAND_LINE


def rows_top(view: dict[str, Any], words: Words) -> float:
    band = coup_band(view, words)
    return (band[3] if band else MAP[3]) + 6


def row_box(view: dict[str, Any], words: Words, seat: int) -> Box:
    top = rows_top(view, words) + seat * (ROW_H + ROW_GAP)
    return MARGIN, top, WIDTH - MARGIN, top + ROW_H


def table_size(view: dict[str, Any]) -> int:
    return max(1, min(int(view.get("n") or 1), len(FAMILIES), len(view.get("players") or []) or 1))


def height_for(view: dict[str, Any], words: Words) -> int:
    """The picture's height for this view (the coup band comes and goes; the rows follow the table)."""
    return int(round(rows_top(view, words) + table_size(view) * (ROW_H + ROW_GAP) - ROW_GAP + MARGIN))


# --- text ---------------------------------------------------------------------------------------------------

def player_name(words: Words, names: list[str], seat: int) -> str:
    """The name as far as the font can draw it, else "Player n"."""
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    return name or words.msg(N_("junta.picture.player_n"), n=seat + 1)


# --- shapes -------------------------------------------------------------------------------------------------

def _star(cx: float, cy: float, outer: float, inner: float) -> list[Point]:
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = math.radians(-90 + 36 * k)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _waves(draw: ImageDraw.ImageDraw, left: float, right: float, y: float, amplitude: float, period: float,
           fill: Color, width: int) -> None:
    """A wavy line (the sea) from `left` to `right` around `y`."""
    steps = max(2, int((right - left) / (period / 8)))
    points = [(left + (right - left) * k / steps,
               y + amplitude * math.sin(2 * math.pi * ((right - left) * k / steps) / period)) for k in range(steps + 1)]
    draw.line(points, fill=fill, width=width, joint="curve")


def _rotated(points: list[Point], cx: float, cy: float, degrees: float) -> list[Point]:
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos) for x, y in points]


def _draw_mark(draw: ImageDraw.ImageDraw, family: str, s: float, ink: Color) -> None:
    """A family's mark in the square (0, 0, s, s): seven shapes that differ without colour."""
    w = max(1, round(s * 0.13))
    if family == "cigar":  # a slanted cigar with its band and a lit tip
        body = [(s * 0.06, s * 0.42), (s * 0.80, s * 0.42), (s * 0.80, s * 0.62), (s * 0.06, s * 0.62)]
        draw.polygon(_rotated(body, s / 2, s / 2, -35), fill=ink)
        tip = [(s * 0.84, s * 0.42), (s * 0.97, s * 0.42), (s * 0.97, s * 0.62), (s * 0.84, s * 0.62)]
        draw.polygon(_rotated(tip, s / 2, s / 2, -35), fill=ink)
    elif family == "car":  # a car body, its cabin and two wheels
        draw.rectangle((s * 0.04, s * 0.44, s * 0.96, s * 0.72), fill=ink)
        draw.polygon([(s * 0.24, s * 0.46), (s * 0.34, s * 0.20), (s * 0.68, s * 0.20), (s * 0.80, s * 0.46)], fill=ink)
        for cx in (0.26, 0.74):
            r = s * 0.14
            draw.ellipse((s * cx - r, s * 0.76 - r, s * cx + r, s * 0.76 + r), fill=ink)
    elif family == "watch":  # a dial with its hands and the strap
        draw.rectangle((s * 0.36, 0, s * 0.64, s), fill=ink)
        r = s * 0.40
        draw.ellipse((s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r), fill=ink)
        r2 = s * 0.26
        draw.ellipse((s / 2 - r2, s / 2 - r2, s / 2 + r2, s / 2 + r2), fill=(0, 0, 0, 0))
        draw.line((s / 2, s / 2, s / 2, s * 0.30), fill=ink, width=w)
        draw.line((s / 2, s / 2, s * 0.66, s / 2), fill=ink, width=w)
    elif family == "glass":  # a cocktail glass
        draw.polygon([(s * 0.08, s * 0.06), (s * 0.92, s * 0.06), (s * 0.5, s * 0.54)], fill=ink)
        draw.rectangle((s * 0.44, s * 0.5, s * 0.56, s * 0.86), fill=ink)
        draw.rectangle((s * 0.22, s * 0.84, s * 0.78, s * 0.96), fill=ink)
    elif family == "diamond":  # a cut gem
        draw.polygon([(s * 0.24, s * 0.10), (s * 0.76, s * 0.10), (s * 0.98, s * 0.38), (s * 0.5, s * 0.96),
                      (s * 0.02, s * 0.38)], fill=ink)
    elif family == "glasses":  # two round lenses and the bridge
        r = s * 0.23
        for cx in (0.25, 0.75):
            draw.ellipse((s * cx - r, s * 0.58 - r, s * cx + r, s * 0.58 + r), outline=ink, width=w + 1)
        draw.line((s * 0.42, s * 0.5, s * 0.58, s * 0.5), fill=ink, width=w)
        draw.line((s * 0.04, s * 0.5, s * 0.02, s * 0.26), fill=ink, width=w)
        draw.line((s * 0.96, s * 0.5, s * 0.98, s * 0.26), fill=ink, width=w)
    else:  # feathers: two crossed quills
        leaf = [(s * 0.5, s * -0.02), (s * 0.64, s * 0.2), (s * 0.62, s * 0.62), (s * 0.5, s * 1.0),
                (s * 0.38, s * 0.62), (s * 0.36, s * 0.2)]
        for angle in (-38, 38):
            draw.polygon(_rotated(leaf, s / 2, s / 2, angle), fill=ink)


@lru_cache(maxsize=64)
def mark_sprite(family: str, size: int, ink: Color) -> Image.Image:
    """A family's mark as an RGBA sprite `size` du square."""
    big = size * SUPER * 2
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    _draw_mark(ImageDraw.Draw(sprite), family, big, (*ink, 255))  # type: ignore[arg-type]
    return sprite.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=32)
def family_disc(family: str | None, size: int, ring: Color | None = None) -> Image.Image:
    """A family's disc: its colour with its mark in ink (grey and empty for nobody)."""
    big = size * SUPER
    disc = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(disc)
    draw.ellipse((0, 0, big - 1, big - 1), fill=ring or INK)
    edge = SUPER * (2.2 if ring else 1.2)
    draw.ellipse((edge, edge, big - 1 - edge, big - 1 - edge), fill=FAMILY_COLOUR.get(family or "", GREY))
    disc = disc.resize((size, size), Image.Resampling.LANCZOS)
    if family in FAMILY_COLOUR:
        inner = round(size * 0.62)
        mark = mark_sprite(family, inner, INK)
        disc.alpha_composite(mark, ((size - inner) // 2, (size - inner) // 2))
    return disc


def counter_width(glyph: str, count: int) -> int:
    width = COUNTER_PAD + MARK + 2 + text_width(glyph, font(TEXT, True)) + COUNTER_PAD + 1
    if count > 1:
        width += 1 + text_width(str(count), font(TEXT, True))
    return int(math.ceil(width))


@lru_cache(maxsize=512)
def counter_sprite(family: str | None, unit_type: str, count: int, rebel: bool, ignored: bool) -> Image.Image:
    """A group of one player's units of one type in an area: the family's colour and mark, the type's
    glyph and the count; a rebel's with a red frame and pennant, ignored ones grey."""
    glyph = UNIT_GLYPH.get(unit_type, "?")
    w, h = counter_width(glyph, count), COUNTER_H
    big = Image.new("RGBA", (w * SUPER, h * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    fill = GREY if ignored or family not in FAMILY_COLOUR else FAMILY_COLOUR[family or ""]
    edge = RED if rebel else INK
    r = 4 * SUPER
    draw.rounded_rectangle((0, 0, w * SUPER - 1, h * SUPER - 1), radius=r, fill=edge)
    e = (2.2 if rebel else 1.1) * SUPER
    draw.rounded_rectangle((e, e, w * SUPER - 1 - e, h * SUPER - 1 - e), radius=max(1, r - e), fill=fill)
    if rebel:  # a red pennant on the top right corner: rebels differ by shape too
        draw.polygon([(w * SUPER - 1, 0), (w * SUPER - 1 - 7 * SUPER, 0), (w * SUPER - 1, 7 * SUPER)], fill=RED)
    sprite = big.resize((w, h), Image.Resampling.LANCZOS)
    ink = GREY_INK if ignored else INK
    if family in FAMILY_COLOUR:
        mark = mark_sprite(family or "", MARK, ink)
        sprite.alpha_composite(mark, (COUNTER_PAD + 1, (h - MARK) // 2))
    x: float = COUNTER_PAD + MARK + 3
    x += put_text(sprite, (x, h / 2 + 0.5), glyph, TEXT, ink, True, "lm")
    if count > 1:
        put_text(sprite, (x + 1, h / 2 + 0.5), str(count), TEXT, ink, True, "lm")
    return sprite


@lru_cache(maxsize=32)
def die_sprite(face: int, hit: bool, size: int = DIE) -> Image.Image:
    """A die's face with its pips (a hit, a 6, gold), `size` du square."""
    big = size * SUPER
    die = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(die)
    draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=4 * SUPER, fill=INK)
    draw.rounded_rectangle((SUPER, SUPER, big - 1 - SUPER, big - 1 - SUPER), radius=3 * SUPER,
                           fill=GOLD if hit else (240, 240, 236))
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
             5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    r = big * 0.09
    for col, row in spots.get(face, []):
        cx, cy = big * (0.26 + 0.24 * col), big * (0.26 + 0.24 * row)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)
    return die.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=4)
def swords_badge(size: int = 22, glyph: int = TEXT) -> Image.Image:
    """The crossed swords of a fight: a red disc with ⚔ (`glyph` du) in white."""
    big = size * SUPER
    badge = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(badge)
    draw.ellipse((0, 0, big - 1, big - 1), fill=INK)
    draw.ellipse((SUPER, SUPER, big - 1 - SUPER, big - 1 - SUPER), fill=RED)
    badge = badge.resize((size, size), Image.Resampling.LANCZOS)
    put_text(badge, (size / 2, size / 2 + 0.5), "⚔", glyph, WHITE, True, "mm")
    return badge


def paste(image: Image.Image, sprite: Image.Image, at: Point, centred: bool = False) -> None:
    x, y = at
    if centred:
        x, y = x - sprite.width / 2, y - sprite.height / 2
    corner = (int(round(x)), int(round(y)))
    if sprite.mode == "RGBA":
        image.paste(sprite, corner, sprite)
    else:
        image.paste(sprite, corner)


# --- the map's shapes (once per process) -------------------------------------------------------------------------

def _dashed_rect(draw: ImageDraw.ImageDraw, box: Box, dash: float, gap: float, fill: Color, width: int) -> None:
    left, top, right, bottom = box
    for (x0, y0), (x1, y1) in (((left, top), (right, top)), ((right, top), (right, bottom)),
                               ((right, bottom), (left, bottom)), ((left, bottom), (left, top))):
        length = math.hypot(x1 - x0, y1 - y0)
        t = 0.0
        while t < length:
            t1 = min(length, t + dash)
            draw.line((x0 + (x1 - x0) * t / length, y0 + (y1 - y0) * t / length,
                       x0 + (x1 - x0) * t1 / length, y0 + (y1 - y0) * t1 / length), fill=fill, width=width)
            t += dash + gap


def off_map_boxes(geo: Geometry) -> dict[str, Box]:
    """The off-map boxes of a geometry (the full board keeps its own, drawn before geometries existed)."""
    return OFF_MAP if geo == FULL else geo.off_map(6 * geo.k)


@lru_cache(maxsize=2)
def map_shapes(geo: Geometry = FULL) -> Image.Image:
    """The map without words: the ground, the sea, the roads, the areas with their kinds' marks and the
    off-map boxes, drawn 3x larger and shrunk once per geometry."""
    left, top, right, bottom = geo.box
    k = geo.k
    w, h = int(right - left), int(bottom - top)
    big = Image.new("RGB", (w * SUPER, h * SUPER), BACKGROUND)
    draw = ImageDraw.Draw(big)

    def s(x: float, y: float) -> tuple[float, float]:
        return (x - left) * SUPER, (y - top) * SUPER

    def sbox(box: Box) -> tuple[float, float, float, float]:
        return (*s(box[0], box[1]), *s(box[2], box[3]))

    draw.rounded_rectangle((0, 0, w * SUPER - 1, h * SUPER - 1), radius=round(8 * k) * SUPER, fill=GROUND)
    sea_top = bottom - geo.sea_h
    draw.rounded_rectangle(sbox((left, sea_top, right, bottom)), radius=round(8 * k) * SUPER, fill=SEA)
    draw.rectangle(sbox((left, sea_top, right, sea_top + 8 * k)), fill=SEA)
    for j, y in enumerate((sea_top + 4 * k, sea_top + 9 * k)):
        _waves(draw, (left + (4 + 9 * j) * k) * SUPER - left * SUPER, (right - 4 * k) * SUPER - left * SUPER,
               (y - top) * SUPER, 1.6 * k * SUPER, 18 * k * SUPER, WAVE, round(1.4 * k * SUPER))
    for a, b in EDGES:
        draw.line((*s(*geo.centre(a)), *s(*geo.centre(b))), fill=ROAD, width=round(5 * k) * SUPER)
    for area in AREAS:
        box = geo.area(area.id)
        r = round(7 * k) * SUPER
        if area.id in POWER_CENTRES:  # a gold double frame
            draw.rounded_rectangle(sbox(box), radius=r, fill=GOLD)
            draw.rounded_rectangle(sbox((box[0] + 3 * k, box[1] + 3 * k, box[2] - 3 * k, box[3] - 3 * k)),
                                   radius=r - round(3 * k) * SUPER, fill=CENTRE_FILL)
            draw.rounded_rectangle(sbox((box[0] + 4.2 * k, box[1] + 4.2 * k, box[2] - 4.2 * k, box[3] - 4.2 * k)),
                                   radius=r - round(4 * k) * SUPER, outline=GOLD, width=round(1.1 * k * SUPER))
        elif area.id in EMBASSIES:  # a dashed pale blue outline
            draw.rounded_rectangle(sbox(box), radius=r, fill=EMBASSY_FILL)
            _dashed_rect(draw, sbox((box[0] + 1.5 * k, box[1] + 1.5 * k, box[2] - 1.5 * k, box[3] - 1.5 * k)),
                         7 * k * SUPER, 4 * k * SUPER, EMBASSY_EDGE, round(2.4 * k * SUPER))
        else:
            draw.rounded_rectangle(sbox(box), radius=r, fill=AREA_EDGE)
            draw.rounded_rectangle(sbox((box[0] + 1.5 * k, box[1] + 1.5 * k, box[2] - 1.5 * k, box[3] - 1.5 * k)),
                                   radius=r - round(1.5 * k * SUPER), fill=AREA_FILL)
        if area.id in COASTAL:  # the sea at its foot: two blue waves
            inset = (7 if area.id in POWER_CENTRES else 5) * k
            for j, y in enumerate((box[3] - inset - 7 * k, box[3] - inset - 2 * k)):
                _waves(draw, (box[0] + inset + (2 + 3 * j) * k - left) * SUPER, (box[2] - inset - 2 * k - left) * SUPER,
                       (y - top) * SUPER, 1.5 * k * SUPER, 12 * k * SUPER, WAVE, round(1.6 * k * SUPER))
        if area.id in POWER_CENTRES:  # a gold star on the top left corner
            offset, radius = geo.star
            u = radius / 11 * SUPER
            cx, cy = s(box[0] + offset, box[1] + offset)
            draw.polygon(_star(cx, cy, 11 * u, 4.6 * u), fill=INK)
            draw.polygon(_star(cx, cy, 9 * u, 3.6 * u), fill=GOLD)
        if area.id in EMBASSIES:  # a flag on a pole at the top right corner
            px, py = s(box[2] - 20 * k, box[1] - 8 * k)
            u = k * SUPER
            draw.rectangle((px - 1.2 * u, py, px + 1.2 * u, py + 14 * u), fill=INK)
            draw.rectangle((px - 0.6 * u, py, px + 0.6 * u, py + 13 * u), fill=(230, 230, 230))
            draw.rectangle((px, py, px + 15 * u, py + 10 * u), fill=INK)
            draw.rectangle((px + 0.8 * u, py + 0.8 * u, px + 14.2 * u, py + 9.2 * u), fill=EMBASSY_EDGE)
            draw.rectangle((px + 0.8 * u, py + 3.8 * u, px + 14.2 * u, py + 6.2 * u), fill=WHITE)
    for box in off_map_boxes(geo).values():
        draw.rounded_rectangle(sbox(box), radius=round(5 * k) * SUPER, fill=INK)
        draw.rounded_rectangle(sbox((box[0] + 1.2 * k, box[1] + 1.2 * k, box[2] - 1.2 * k, box[3] - 1.2 * k)),
                               radius=round(4 * k) * SUPER, fill=PALETTE["panel_alt"])
    return big.resize((w, h), Image.Resampling.LANCZOS)


# --- the cached layer per language and table size ------------------------------------------------------------

def static_words(words: Words) -> tuple[str, ...]:
    """The words of the fixed layer (the cache key of `_top`): the area and box names."""
    return (*(words.msg(AREA_NAME[a]) for a in AREA_IDS), *(words.msg(BOX_NAME[b]) for b in (NAVY_BOX, AIR_FORCE_BOX)))


def name_box(area_id: str) -> Box:
    """Where an area's name goes: the top of its box, inside the power centres' double frame."""
    left, top, right, bottom = area_box(area_id)
    inset = 5.5 if area_id in POWER_CENTRES else 3
    return left + inset, top + inset - 1, right - inset, bottom - inset


def name_step(lines: int) -> int:
    """Between the lines of an area's name: 15 du, 14 when it takes four lines (room for a counter row)."""
    return NAME_STEP if lines <= 3 else NAME_STEP - 1


def area_name_lines(area_id: str, name: str) -> tuple[tuple[str, ...], float]:
    left, _top, right, _bottom = name_box(area_id)
    return name_lines(name, int(right - left), 4, TEXT, squeezes=NAME_SQUEEZES)


def counters_top(area_id: str, words: Words) -> float:
    """The top of the room for counters in an area's box: under its name."""
    lines, _squeeze = area_name_lines(area_id, words.msg(AREA_NAME[area_id]))
    return name_box(area_id)[1] + len(lines) * name_step(len(lines)) + 3


def _put_name(image: Image.Image, area_id: str, name: str) -> None:
    left, top, right, _bottom = name_box(area_id)
    lines, squeeze = area_name_lines(area_id, name)
    step = name_step(len(lines))
    y = top + step / 2 + 1
    for shown in lines:
        put_text(image, ((left + right) / 2, y), shown, TEXT, PALETTE["text"], False, "mm", squeeze)
        y += step


@lru_cache(maxsize=8)
def _top(labels: tuple[str, ...]) -> Image.Image:
    """The part of the picture that depends only on the language: the strip's panel, the map with its
    names and the off-map boxes' names."""
    image = Image.new("RGB", (WIDTH, int(MAP[3])), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(STRIP, radius=7, fill=PALETTE["panel"])
    draw.rounded_rectangle((STRIP[0], STRIP[1], STRIP[0] + 5, STRIP[3]), radius=3, fill=GOLD)
    image.paste(map_shapes(), (int(MAP[0]), int(MAP[1])))
    for area_id, name in zip(AREA_IDS, labels, strict=False):
        _put_name(image, area_id, name)
    for box_id, name in zip((NAVY_BOX, AIR_FORCE_BOX), labels[len(AREA_IDS):], strict=False):
        left, btop, right, bottom = OFF_MAP[box_id]
        glyph = "⚓" if box_id == NAVY_BOX else "✈"
        put_text(image, (left + 5, (btop + bottom) / 2), glyph, TEXT, PALETTE["muted"], True, "lm")
        put_fitted(image, (left + 22, btop, right - OFF_MAP_COUNTER, bottom), name, TEXT, PALETTE["muted"],
                   min_size=TEXT, put=put_text)
    return image


def _canvas(view: dict[str, Any], words: Words) -> Image.Image:
    """A new picture of this view's height with the language's top layer and the empty panels."""
    band = coup_band(view, words)
    image = Image.new("RGB", (WIDTH, height_for(view, words)), BACKGROUND)
    image.paste(_top(static_words(words)), (0, 0))
    draw = ImageDraw.Draw(image)
    if band:
        draw.rounded_rectangle(band, radius=7, fill=PALETTE["panel"])
        draw.rounded_rectangle((band[0], band[1], band[0] + 5, band[3]), radius=3, fill=RED)
    for seat in range(table_size(view)):
        draw.rounded_rectangle(row_box(view, words, seat), radius=6,
                               fill=PALETTE["panel"] if seat % 2 == 0 else PALETTE["panel_alt"])
    return image


def clear_caches() -> None:
    """Forget every cached layer, sprite and text mask (tests that record font sizes start here)."""
    for cached in (squeezed_mask, name_lines, mark_sprite, family_disc, counter_sprite, die_sprite, swords_badge,
                   map_shapes, _top, group_sprite, empty_disc, more_sprite, _board_base):
        cached.cache_clear()


# --- per render: the strip ----------------------------------------------------------------------------------------

def _family(view: dict[str, Any], seat: Any) -> str | None:
    players = view.get("players") or []
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        family = players[seat].get("family")
        return str(family) if family in FAMILY_COLOUR else None
    return None


def _seats(values: Any, n: int) -> list[int]:
    return [x for x in values or [] if isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n]


def wait_key(view: dict[str, Any]) -> str:
    """The WAIT word for what the game waits on: the engine's decision kind (a coup's own decisions
    told apart), "other" for a kind the pictures have no word for."""
    decision = view.get("decision")
    kind = str(decision.get("kind") or "") if isinstance(decision, dict) else ""
    return kind if kind in WAIT else "other"


def waited_on(view: dict[str, Any], words: Words) -> str:
    """The decision waited on in words (a vote with its motion)."""
    key = wait_key(view)
    wait_id = WAIT[key]  # (an id named first: Babel would read a literal key inside msg() as an id)
    if key != "vote":
        return words.msg(wait_id)
    motion = (((view.get("pending") or {}).get("vote")) or {}).get("motion")
    return words.msg(wait_id, motion=words.msg(MOTION[motion]) if motion in MOTION else "")


def waiting_line(view: dict[str, Any], names: list[str], words: Words, width: float) -> str:
    """What the game waits on and from whom (names cut first, never the words), or the end."""
    n = table_size(view)
    result = view.get("result")
    if isinstance(result, dict):
        winners = _seats(result.get("winners"), n)
        if not winners:
            return words.msg(N_("junta.picture.no_winner"))
        shown = ", ".join(player_name(words, names, x) for x in winners)
        return words.plural(NP_("junta.picture.winners"), len(winners), names=shown)
    if not isinstance(view.get("decision"), dict):
        return ""
    what = waited_on(view, words)
    seats = _seats(view.get("to_act"), n)
    if not seats:
        return what
    fnt = font(STRONG, True)
    head = words.msg(N_("junta.picture.waiting"), what=what, players="")  # the words around the names
    room = width - text_width(head, fnt)
    if len(seats) <= 3:
        for share in (1.0, 0.5, 0.34, 0.25):
            limit = max(60.0, room * share / len(seats) - 12)  # a name keeps a few letters at least
            who = ", ".join(ellipsize(player_name(words, names, x), fnt, limit) for x in seats)
            if text_width(who, fnt) <= room:
                return words.msg(N_("junta.picture.waiting"), what=what, players=who)
    return words.msg(N_("junta.picture.waiting"), what=what,
                     players=words.plural(NP_("junta.picture.players"), len(seats)))


def _chip(image: Image.Image, x: float, mid: float, text: str, fill: Color, ink: Color, bold: bool = False,
          limit: float | None = None, align_right: bool = False, glyph: str = "") -> float:
    """A rounded chip with `text` (an optional glyph first) at `x` (its left, or its right when
    `align_right`), fitted to `limit` du; returns its width."""
    draw = ImageDraw.Draw(image)
    pad = 5
    glyph_w = text_width(glyph, font(TEXT, True)) + 4 if glyph else 0
    inner = None if limit is None else max(0.0, limit - 2 * pad - glyph_w)
    if inner is not None:
        shown, size, squeeze = fit_line(text, inner, TEXT, TEXT, bold)
    else:
        shown, size, squeeze = text, TEXT, 1.0
    w = text_width(shown, font(size, bold)) * squeeze + 2 * pad + glyph_w
    left = x - w if align_right else x
    draw.rounded_rectangle((left, mid - CHIP_H / 2, left + w, mid + CHIP_H / 2), radius=5, fill=fill)
    tx = left + pad
    if glyph:
        put_text(image, (tx, mid + 0.5), glyph, TEXT, ink, True, "lm")
        tx += glyph_w
    put_text(image, (tx, mid + 0.5), shown, size, ink, bold, "lm", squeeze)
    return w


def _draw_strip(image: Image.Image, view: dict[str, Any], names: list[str], words: Words) -> None:
    draw = ImageDraw.Draw(image)
    left, _top, right, _bottom = STRIP
    x = left + 14
    turn = int(view.get("turn") or 0)
    phase = view.get("phase")
    over = isinstance(view.get("result"), dict)
    title = words.msg(N_("junta.picture.game_over")) if over else words.msg(N_("junta.picture.turn"), turn=turn)
    x += put_text(image, (x, LINE1), title, TITLE, GOLD if over else PALETTE["text"], True, "lm") + 10
    # the 9-phase track: done phases muted, the current one gold
    on_track = isinstance(phase, int) and not isinstance(phase, bool) and 1 <= phase <= 9 and not over
    current = phase if on_track else None
    for k in range(1, 10):
        box = (x, LINE1 - TRACK_BOX / 2, x + TRACK_BOX, LINE1 + TRACK_BOX / 2)
        if k == current:
            draw.rounded_rectangle(box, radius=4, fill=GOLD)
            ink = GOLD_TEXT
        else:
            draw.rounded_rectangle(box, radius=4, outline=PALETTE["line"], width=2,
                                   fill=PALETTE["panel_alt"] if current and k < current else PALETTE["panel"])
            ink = PALETTE["faded"] if current and k < current else PALETTE["muted"]
        put_text(image, ((box[0] + box[2]) / 2, LINE1 + 0.5), str(k), TEXT, ink, True, "mm")
        x += TRACK_BOX + 2
    x += 8
    if over:
        reason = (view.get("result") or {}).get("reason")
        label = words.msg(REASON[reason]) if reason in REASON else ""
    else:
        label = words.msg(PHASE_NAME[phase]) if phase in PHASE_NAME else ""
    put_fitted(image, (x, LINE1 - 12, right - 8, LINE1 + 12), label, STRONG, GOLD if over else PALETTE["text"], True,
               min_size=TEXT, put=put_text)
    # the markers
    x = left + 14
    chips = marker_chips(view, words)
    share = right - 8 - x - 6 * (len(chips) - 1)
    widths = [text_width(t, font(TEXT)) + 10 + (text_width(g, font(TEXT, True)) + 4 if g else 0)
              for t, _f, _i, g in chips]
    if sum(widths) > share:  # crowded: the words matter more than the glyphs
        chips = [(t, f, i, "") for t, f, i, _g in chips]
        widths = [text_width(t, font(TEXT)) + 10 for t, _f, _i, _g in chips]
    for (text, fill, ink, glyph), natural in zip(chips, widths, strict=True):
        limit = natural if sum(widths) <= share else share * natural / sum(widths)
        x += _chip(image, x, LINE2, text, fill, ink, limit=limit, glyph=glyph) + 6
    line = waiting_line(view, names, words, right - left - 22)
    put_fitted(image, (left + 14, LINE3 - 12, right - 8, LINE3 + 12), line, STRONG, GOLD if over else
               PALETTE["text"], True, min_size=TEXT, put=put_text)


# --- per render: the coup --------------------------------------------------------------------------------------

def units_by_area(coup: dict[str, Any]) -> dict[str, list[tuple[Any, str, bool, int]]]:
    """area or box → [(controller, unit type, active, count)], one entry per controller, type and
    activity, in a fixed order (controllers by seat, nobody last; types in board order)."""
    groups: dict[str, dict[tuple[Any, str, bool], int]] = {}
    for unit in (coup.get("units") or {}).values():
        if not isinstance(unit, dict):
            continue
        where, kind = unit.get("area"), unit.get("type")
        if where not in AREA and where not in OFF_MAP or kind not in UNIT_TYPE:
            continue
        controller = unit.get("controller")
        if not isinstance(controller, int) or isinstance(controller, bool):
            controller = None
        key = (controller, str(kind), bool(unit.get("active")))
        area_groups = groups.setdefault(str(where), {})
        area_groups[key] = area_groups.get(key, 0) + 1
    return {where: [(c, t, a, k) for (c, t, a), k in sorted(found.items(), key=lambda item: (
        item[0][0] is None, item[0][0] if item[0][0] is not None else 0, TYPE_ORDER[item[0][1]], not item[0][2]))]
        for where, found in groups.items()}


# Units whose glyph is also an office chip's in the rows (♛ ★ Ⅰ Ⅱ Ⅲ ⚓): the chips name them.
OFFICE_UNITS = frozenset({"presidential_guard", "police", "brigade_1", "brigade_2", "brigade_3", "marines"})


def key_types(coup: dict[str, Any]) -> tuple[str, ...]:
    """The unit types on the map or in the boxes that the band's key names (in board order): those
    whose glyph no office chip shows (the paratrooper and the card units)."""
    present = {t for found in units_by_area(coup).values() for _c, t, _a, _k in found}
    return tuple(u.id for u in UNIT_TYPES if u.id in present and u.id not in OFFICE_UNITS)


def dice_rolls(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The last wave's (or bombardment's) rolls of this coup: [{"seat", "dice", "target"}]."""
    event = last_dice(view)
    if event is None:
        return []
    if event.get("type") == "coup_bombardment":
        return [{"seat": event.get("seat"), "dice": event.get("dice"), "target": event.get("target")}]
    return [r for r in event.get("fire") or [] if isinstance(r, dict)]


def dice_label(view: dict[str, Any], words: Words) -> str:
    event = last_dice(view) or {}
    if event.get("type") == "coup_bombardment":
        weapon = event.get("weapon")
        return words.msg(WEAPON[weapon]) if weapon in WEAPON else ""
    return words.msg(N_("junta.picture.coup.wave"), wave=int(event.get("wave") or 0))


BandItem = tuple[str, Any, float]  # ("label", text, width) | ("roll", roll, width) | ("key", unit type, width)


def band_flow(view: dict[str, Any], words: Words) -> list[list[tuple[BandItem, float]]]:
    """The band's lines after the first two: the last dice (a label, then one item per shooter),
    then the key entries, flowed left to right, each item with its x offset."""
    coup = view.get("coup") or {}
    items: list[BandItem] = []
    rolls = dice_rolls(view)
    if rolls:
        label = dice_label(view, words) + ":"
        items.append(("label", label, min(140.0, text_width(label, font(TEXT))) + 6))
        for roll in rolls:
            dice = [d for d in roll.get("dice") or [] if isinstance(d, int)]
            items.append(("roll", roll, COUNTER_H + 3 + len(dice) * (DIE + 1) + 18 + COUNTER_H + 10))
    for kind in key_types(coup):
        name_width = min(150.0, text_width(words.msg(UNIT_NAME[kind]), font(TEXT)))
        items.append(("key", kind, 19 + name_width + 10))
    dice_items = items[:1 + len(rolls)] if rolls else []
    return _flowed(dice_items) + _flowed(items[len(dice_items):])


def _flowed(items: list[BandItem]) -> list[list[tuple[BandItem, float]]]:
    """Items flowed over lines of the band's width, each with its x offset."""
    room = WIDTH - 2 * MARGIN - 22.0
    lines: list[list[tuple[BandItem, float]]] = []
    x = room
    for item in items:
        if x + item[2] > room:
            lines.append([])
            x = 0.0
        lines[-1].append((item, x))
        x += item[2]
    return lines


def _player_active(view: dict[str, Any], seat: Any) -> bool:
    players = view.get("players") or []
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players) and bool(
        players[seat].get("active"))


def is_rebel(view: dict[str, Any], seat: Any) -> bool:
    coup = view.get("coup") or {}
    rebels = coup.get("rebels") or []
    return isinstance(seat, int) and 0 <= seat < len(rebels) and bool(rebels[seat])


Placed = tuple[str, Image.Image, Point, tuple[Any, ...]]  # (area or box, sprite, top left, what it shows)


def counter_layout(view: dict[str, Any], words: Words) -> tuple[list[Placed], list[Box]]:
    """Where every piece goes: exiles as family discs in their embassy, and during a coup each group of
    units (one controller, type and activity) as one counter in its area or off-map box; and the trays
    under the boxes whose counters overflow them. What a piece shows is ("exile", seat) or ("units",
    family, unit type, count, rebel, ignored)."""
    coup = view.get("coup") if isinstance(view.get("coup"), dict) else None
    groups = units_by_area(coup) if coup else {}
    exiles: dict[str, list[int]] = {}
    for seat, player in enumerate((view.get("players") or [])[:table_size(view)]):
        if player.get("exile") in EMBASSIES:
            exiles.setdefault(str(player["exile"]), []).append(seat)
    placed: list[Placed] = []
    trays: list[Box] = []
    for area_id in AREA_IDS:
        items: list[tuple[Image.Image, tuple[Any, ...]]] = []
        for seat in exiles.get(area_id, []):
            items.append((family_disc(_family(view, seat), COUNTER_H), ("exile", seat)))
        for controller, kind, active, count in groups.get(area_id, []):
            what = ("units", _family(view, controller), kind, count, is_rebel(view, controller) and active,
                    not active)
            items.append((counter_sprite(*what[1:]), what))
        if not items:
            continue
        left, _top, right, bottom = area_box(area_id)
        places = flow(items, left - 2, right + 2, counters_top(area_id, words))
        last = max(y for _x, y in places) + COUNTER_H
        if last > bottom - 2:  # more than the box holds: a tray under it
            trays.append((left + 3, bottom - 8, right - 3, last + 4))
        placed += [(area_id, sprite, at, what) for (sprite, what), at in zip(items, places, strict=True)]
    for box_id, (_left, top, right, bottom) in OFF_MAP.items():
        x = right - 4
        for controller, kind, _active, count in reversed(groups.get(box_id, [])):
            # off the map no unit is "active" (it cannot be hit); its controller's state decides the look
            active = _player_active(view, controller)
            what = ("units", _family(view, controller), kind, count, is_rebel(view, controller) and active,
                    not active)
            sprite = counter_sprite(*what[1:])
            x -= sprite.width
            placed.append((box_id, sprite, (x, (top + bottom - sprite.height) / 2), what))
            x -= 2
    return placed, trays


def flow(items: list[tuple[Image.Image, Any]], left: float, right: float, top: float, height: float = COUNTER_H,
         pitch: float = COUNTER_PITCH) -> list[tuple[float, float]]:
    """Top-left corners for sprites flowed in centred rows (`height` tall, `pitch` apart) between `left` and
    `right` from `top`."""
    rows: list[list[int]] = [[]]
    width = 0.0
    for k, (sprite, _what) in enumerate(items):
        if rows[-1] and width + 2 + sprite.width > right - left:
            rows.append([])
            width = 0.0
        width += (2 if rows[-1] else 0) + sprite.width
        rows[-1].append(k)
    places: list[tuple[float, float]] = [(0.0, 0.0)] * len(items)
    y = top
    for row in rows:
        total = sum(items[k][0].width for k in row) + 2 * (len(row) - 1)
        x = (left + right - total) / 2
        for k in row:
            places[k] = (x, y + (height - items[k][0].height) / 2)
            x += items[k][0].width + 2
        y += pitch
    return places


def _draw_units(image: Image.Image, view: dict[str, Any], words: Words) -> None:
    """The trays first (a tray may reach the box under it), then every piece."""
    placed, trays = counter_layout(view, words)
    draw = ImageDraw.Draw(image)
    for left, top, right, bottom in trays:
        draw.rounded_rectangle((left, top, right, bottom), radius=5, fill=AREA_EDGE)
        draw.rounded_rectangle((left + 1.5, top, right - 1.5, bottom - 1.5), radius=4, fill=AREA_FILL)
    for _where, sprite, at, _what in placed:
        paste(image, sprite, at)


def combat_areas(view: dict[str, Any]) -> tuple[str | None, set[str]] | None:
    """During a coup's combat: the area fought over now (if any) and the areas with declared attacks."""
    coup = view.get("coup") or {}
    combat = coup.get("combat") or {}
    if coup.get("segment") != "combat":
        return None
    current = combat.get("area") if combat.get("step") in ("wave", "stay", "retreat") else None
    return (str(current) if current is not None else None,
            {str(a) for a in (combat.get("attacks") or {}) if a in AREA})


def _combat_marks(image: Image.Image, view: dict[str, Any]) -> None:
    """The area fought over framed in red with crossed swords; areas with declared attacks the swords."""
    found = combat_areas(view)
    if found is None:
        return
    current, marked = found
    draw = ImageDraw.Draw(image)
    if current in AREA:
        left, top, right, bottom = area_box(str(current))
        draw.rounded_rectangle((left - 3, top - 3, right + 3, bottom + 3), radius=9, outline=RED, width=4)
        draw.rounded_rectangle((left - 4, top - 4, right + 4, bottom + 4), radius=10, outline=INK, width=1)
        marked.add(str(current))
    for area_id in sorted(marked):
        _left, top, right, _bottom = area_box(area_id)
        paste(image, swords_badge(), (right - 3, top + 1), centred=True)  # on the corner, clear of the name


def last_dice(view: dict[str, Any]) -> dict[str, Any] | None:
    """The last wave of fire or bombardment of this coup (its log event), if there was one."""
    found = None
    for event in view.get("log") or []:
        kind = event.get("type")
        if kind == "coup_started":
            found = None
        elif kind in ("coup_wave", "coup_bombardment"):
            found = event
    return found


def segment_line(view: dict[str, Any], words: Words) -> str:
    """The coup's segment in a word or two, or its outcome."""
    coup = view.get("coup") or {}
    segment = coup.get("segment")
    if coup.get("over") or segment == "over":
        winner = coup.get("winner")
        return words.msg(WINNER[winner]) if winner in WINNER else words.msg(N_("junta.picture.coup.over"))
    if segment == "sides":
        return words.msg(N_("junta.picture.coup.sides"))
    if segment == "combat":
        return words.msg(N_("junta.picture.coup.combat"))
    return words.msg(N_("junta.picture.coup.movement"))


def _draw_band(image: Image.Image, view: dict[str, Any], words: Words) -> None:
    band = coup_band(view, words)
    if band is None:
        return
    coup = view["coup"]
    draw = ImageDraw.Draw(image)
    left, top, right, _bottom = band
    mid = top + 3 + BAND_LINE / 2
    x = left + 14
    phase = coup.get("phase")
    for k in range(PHASES + 1):  # the coup track: R, 1-6
        label = words.msg(N_("junta.picture.coup.rebellion_short")) if k == 0 else str(k)
        box = (x, mid - TRACK_BOX / 2, x + TRACK_BOX, mid + TRACK_BOX / 2)
        if k == phase:
            draw.rounded_rectangle(box, radius=4, fill=GOLD)
            ink = GOLD_TEXT
        else:
            draw.rounded_rectangle(box, radius=4, outline=PALETTE["line"], width=2, fill=PALETTE["panel_alt"])
            ink = PALETTE["muted"]
        put_fitted(image, (box[0] + 1, box[1], box[2] - 1, box[3]), label, TEXT, ink, True, "center",
                   min_size=TEXT, put=put_text)
        x += TRACK_BOX + 2
    x += 8
    title = (words.msg(N_("junta.picture.coup.rebellion")) if phase == 0 else
             words.msg(N_("junta.picture.coup.phase"), phase=phase, phases=PHASES))
    put_fitted(image, (x, mid - 12, right - 8, mid + 12), f"{title} · {segment_line(view, words)}", STRONG,
               PALETTE["text"], True, min_size=TEXT, put=put_text)
    # the air strikes left, and the fight going on
    mid += BAND_LINE
    x = left + 14
    strikes = int(coup.get("air_strikes") or 0)
    x += put_text(image, (x, mid), "✈", TEXT, PALETTE["text"], True, "lm") + 5
    x += put_text(image, (x, mid), words.plural(NP_("junta.picture.coup.air_strikes"), strikes), TEXT,
                  PALETTE["text"], False, "lm") + 14
    fight = fight_line(view, words)
    if fight:
        paste(image, swords_badge(), (x + 11, mid), centred=True)
        put_fitted(image, (x + 26, mid - 12, right - 8, mid + 12), fight, TEXT, PALETTE["text"], True,
                   min_size=TEXT, put=put_text)
    # the last dice of this coup, then the key of the units the rows do not name
    for line in band_flow(view, words):
        mid += BAND_LINE
        for (kind, what, width), offset in line:
            x = left + 14 + offset
            if kind == "label":
                put_fitted(image, (x, mid - 11, x + width - 6, mid + 11), str(what), TEXT, PALETTE["muted"],
                           min_size=TEXT, put=put_text)
            elif kind == "roll":
                _draw_roll(image, view, what, x, mid)
            else:
                put_text(image, (x + 8, mid), UNIT_GLYPH[what], TEXT, GOLD, True, "mm")
                put_fitted(image, (x + 19, mid - 11, x + width - 9, mid + 11), words.msg(UNIT_NAME[what]), TEXT,
                           PALETTE["muted"], min_size=TEXT, put=put_text)


def fight_line(view: dict[str, Any], words: Words, area_names: MessageFamily = AREA_NAME) -> str:
    """The area fought over now (named from `area_names`) and the wave ("" when no area is being fought
    over)."""
    coup = view.get("coup") or {}
    combat = coup.get("combat") or {}
    area = combat.get("area")
    if coup.get("segment") != "combat" or combat.get("step") not in ("wave", "stay", "retreat") or area not in AREA:
        return ""
    return words.msg(N_("junta.picture.coup.fight"), area=words.msg(area_names[area]),
                     wave=max(1, min(int(combat.get("wave") or 1), WAVES)), waves=WAVES)


def _draw_roll(image: Image.Image, view: dict[str, Any], roll: dict[str, Any], x: float, mid: float) -> None:
    """One shooter's roll: their disc, the dice (hits gold), an arrow, their target's disc."""
    paste(image, family_disc(_family(view, roll.get("seat")), COUNTER_H), (x, mid - COUNTER_H / 2))
    x += COUNTER_H + 3
    for die in [d for d in roll.get("dice") or [] if isinstance(d, int)]:
        paste(image, die_sprite(die, die == 6), (x, mid - DIE / 2))
        x += DIE + 1
    x += put_text(image, (x + 2, mid), "→", TEXT, PALETTE["muted"], True, "lm") + 4
    paste(image, family_disc(_family(view, roll.get("target")), COUNTER_H), (x, mid - COUNTER_H / 2))


# --- per render: the rows -------------------------------------------------------------------------------------

def status_tags(view: dict[str, Any], seat: int, words: Words) -> list[tuple[str, Color, Color]]:
    """What a row says a player is, as (words, chip colour, ink)."""
    player = (view.get("players") or [])[seat]
    tags: list[tuple[str, Color, Color]] = []
    result = view.get("result")
    if isinstance(result, dict) and seat in _seats(result.get("winners"), table_size(view)):
        tags.append((words.msg(N_("junta.picture.winner")), GOLD, GOLD_TEXT))
    if not player.get("alive", True):
        tags.append((words.msg(N_("junta.picture.dead")), (40, 40, 44), WHITE))
    exile = player.get("exile")
    if exile in EMBASSIES:
        tags.append((words.msg(EXILE[exile]), EMBASSY_FILL, EMBASSY_EDGE))
    coup = view.get("coup") if isinstance(view.get("coup"), dict) else None
    if coup:
        if coup.get("leader") == seat:
            tags.append((words.msg(N_("junta.picture.leader")), RED, WHITE))
        elif is_rebel(view, seat):
            tags.append((words.msg(N_("junta.picture.rebel")), RED, WHITE))
        side = (coup.get("sides") or {}).get(str(seat))
        if side in SIDE:
            tags.append((words.msg(SIDE[side]), (120, 40, 36) if side == "rebels" else (70, 70, 40), WHITE))
    if player.get("target"):
        tags.append((words.msg(N_("junta.picture.target")), (120, 40, 36), WHITE))
    return tags


def office_chips(view: dict[str, Any], seat: int, words: Words) -> list[tuple[str, str, bool]]:
    """A player's offices as (glyph, name, through the cousin)."""
    player = (view.get("players") or [])[seat]
    cousin = view.get("cousin")
    chips = []
    for office in OFFICES:
        if office in (player.get("offices") or []):
            chips.append((OFFICE_GLYPH[office], words.msg(OFFICE_NAME[office]),
                          office == cousin and view.get("president") == seat and office != "president"))
    return chips


def _draw_rows(image: Image.Image, view: dict[str, Any], names: list[str], words: Words) -> None:
    draw = ImageDraw.Draw(image)
    n = table_size(view)
    acting = set(_seats(view.get("to_act"), n)) if not isinstance(view.get("result"), dict) else set()
    budget = view.get("budget") if isinstance(view.get("budget"), dict) else None
    amounts = (budget or {}).get("amounts") or {}
    players = view.get("players") or []
    for seat in range(min(n, len(players))):
        player = players[seat]
        left, top, right, bottom = row_box(view, words, seat)
        alive = bool(player.get("alive", True))
        if seat in acting:
            draw.rounded_rectangle((left, top, right, bottom), radius=6, outline=GOLD, width=2)
        mid1, mid2 = top + ROW_MID1, top + ROW_MID2
        disc = family_disc(_family(view, seat), 24, GOLD if view.get("president") == seat else None)
        paste(image, disc, (left + 5, mid1 - 12 + 1))
        x = left + 34
        # right end of line 1: the hand, the budget amount, the tags
        end = right - 6
        hand = int(player.get("hand_count") or 0)
        end -= put_text(image, (end, mid1), words.plural(NP_("junta.picture.hand"), hand), TEXT,
                        PALETTE["muted"], False, "rm") + 8
        amount = amounts.get(str(seat))
        if isinstance(amount, int) and not isinstance(amount, bool) and amount > 0:
            end -= _chip(image, end, mid1, words.msg(N_("junta.picture.budget"), amount=amount), (50, 110, 74),
                         WHITE, align_right=True) + 5
        for text, fill, ink in reversed(status_tags(view, seat, words)):
            room = max(40.0, (end - x) * 0.6)
            end -= _chip(image, end, mid1, text, fill, ink, bold=True, limit=room, align_right=True) + 5
        name = player_name(words, names, seat)
        put_fitted(image, (x, mid1 - 11, end - 4, mid1 + 11), name, STRONG,
                   PALETTE["text"] if alive else PALETTE["muted"], True, min_size=TEXT, put=put_text)
        # line 2: offices, influence cards, the revealed location
        location = player.get("location")
        cards = []
        for card in player.get("influence") or []:
            design = str((card or {}).get("card") or "").split("#", 1)[0] if isinstance(card, dict) else ""
            if design in INFLUENCE_NAME:
                cards.append((words.msg(INFLUENCE_NAME[design]), int(card.get("votes") or 0)))
        _draw_line2(image, left + 34, right - 6, mid2, office_chips(view, seat, words), cards,
                    words.msg(LOCATION_NAME[location]) if location in LOCATION_NAME else "", words)


CARD_MIN_LETTERS = 5  # an influence card's name is never cut shorter than this (and the ellipsis)
CHIP_GAP = 4


def office_text(name: str, cousin: bool, words: Words) -> str:
    """An office chip's words: the office, and "cousin" when the President holds it through his cousin."""
    if not cousin:
        return name
    return name + " · " + words.msg(N_("junta.picture.cousin"))


def office_chip_width(glyph: str, text: str) -> float:
    return 10 + text_width(glyph, font(TEXT, True)) + 4 + (text_width(text, font(TEXT)) if text else -4)


def card_name_widths(naturals: list[float], minimums: list[float], budget: float) -> list[float] | None:
    """How wide each influence card's name may be drawn so that all fit `budget`: the longest names are
    cut first, down to their minimum (None if even the minimums do not fit)."""
    if sum(naturals) <= budget:
        return naturals
    if sum(minimums) > budget:
        return None
    low, high = 0.0, max(naturals)
    for _ in range(24):  # the cap on every name's width, found by halving
        cap = (low + high) / 2
        if sum(max(m, min(n, cap)) for n, m in zip(naturals, minimums, strict=True)) <= budget:
            low = cap
        else:
            high = cap
    return [max(m, min(n, low)) for n, m in zip(naturals, minimums, strict=True)]


def plan_line2(chips: list[tuple[str, str, bool]], cards: list[tuple[str, int]], location: str, room: float,
               words: Words) -> tuple[bool, list[float], bool]:
    """(offices with their names, the width of each shown influence card's name, location shown) for a
    row's second line `room` du wide: offices first, then the cards, then the location."""
    fnt, bold = font(TEXT), font(TEXT, True)
    full = sum(office_chip_width(g, office_text(n, c, words)) + CHIP_GAP for g, n, c in chips)
    glyphs = sum(office_chip_width(g + ("*" if c else ""), "") + CHIP_GAP for g, _n, c in chips)
    naturals = [text_width(name, fnt) for name, _v in cards]
    minimums = [min(n, text_width(name[:CARD_MIN_LETTERS] + "…", fnt)) for n, (name, _v) in
                zip(naturals, cards, strict=True)]
    fixed = [text_width(str(votes), bold) + 16 + CHIP_GAP for _n, votes in cards]
    gap = 4 if chips else 0
    # the offices keep their names if the first card still fits beside them (the rest may go to "+k")
    named = full + gap + (fixed[0] + minimums[0] + 34 if cards else 0.0) <= room
    offices = (full if named else glyphs) + gap
    loc = text_width(location, fnt) + 10 if location else 0.0
    with_location = bool(location) and offices + sum(fixed) + sum(naturals) + loc <= room
    budget = room - offices - (loc if with_location else 0.0)
    shown = len(cards)
    while shown:
        more = 34.0 if shown < len(cards) else 0.0  # the "+k" of the cards left out
        widths = card_name_widths(naturals[:shown], minimums[:shown], budget - sum(fixed[:shown]) - more)
        if widths is not None:
            return named, widths, with_location
        shown -= 1
    return named, [], with_location


def _draw_line2(image: Image.Image, x: float, end: float, mid: float, chips: list[tuple[str, str, bool]],
                cards: list[tuple[str, int]], location: str, words: Words) -> None:
    """Office chips (glyph and name, or the glyph alone when room is short; * for the cousin's), then
    influence chips (name and votes; what does not fit is counted as "+k"), then the location."""
    named, widths, with_location = plan_line2(chips, cards, location, end - x, words)
    draw = ImageDraw.Draw(image)
    if with_location:
        put_text(image, (end, mid), location, TEXT, PALETTE["muted"], False, "rm")
    for glyph, name, cousin in chips:
        fill = (96, 84, 40) if glyph == "♛" else (70, 80, 112)
        if named:
            x += _chip(image, x, mid, office_text(name, cousin, words), fill, WHITE, glyph=glyph) + CHIP_GAP
        else:
            x += _chip(image, x, mid, "", fill, WHITE, glyph=glyph + ("*" if cousin else "")) + CHIP_GAP
    x += 4 if chips else 0
    for (name, votes), width in zip(cards, widths, strict=False):
        shown, size, squeeze = fit_line(name, width + 0.5, TEXT, TEXT, squeezes=(1.0,))
        votes_w = text_width(str(votes), font(TEXT, True))
        w = text_width(shown, font(size)) * squeeze + votes_w + 16
        draw.rounded_rectangle((x, mid - CHIP_H / 2, x + w, mid + CHIP_H / 2), radius=5, fill=(58, 62, 84),
                               outline=(96, 100, 130), width=1)
        put_text(image, (x + 5, mid + 0.5), shown, size, PALETTE["text"], False, "lm", squeeze)
        put_text(image, (x + w - 5, mid + 0.5), str(votes), TEXT, GOLD, True, "rm")
        x += w + CHIP_GAP
    if len(widths) < len(cards):
        put_text(image, (x + 2, mid), f"+{len(cards) - len(widths)}", TEXT, PALETTE["muted"], True, "lm")


# --- the pictures ----------------------------------------------------------------------------------------------

def render_full(view: dict[str, Any], names: list[str], words: Words) -> Image.Image:
    """The full board of Junta for one view (550 px wide, RGB): the map, the coup band and a row per family.
    Sent privately by the board's "🔍 Full board" button."""
    image = _canvas(view, words)
    _draw_units(image, view, words)
    _combat_marks(image, view)
    _draw_strip(image, view, names, words)
    _draw_band(image, view, words)
    _draw_rows(image, view, names, words)
    return image


def render(view: dict[str, Any], names: list[str], words: Words) -> Image.Image:
    """The board in the channel for one view (BOARD_SIZE, RGB): the city map with its pieces and what
    changed last, and the panel of the turn, the phase, the markers, who decides what, the offices and
    the coup."""
    image = _board_base(board_words(words)).copy()
    _board_changes(image, view)  # under the counters: an arrow starts inside the area the units left
    _board_units(image, view, words)
    _board_combat(image, view)
    _board_panel(image, view, names, words)
    return image


# === the board in the channel ======================================================================================
# Discord shows a message's picture inline in a box of 550 x 350 px; this board is drawn at twice that,
# 1100 x 700 px, so no text here is under 20 px (10 px as shown). The city map keeps the left, at about its
# own proportions (the areas' names short, one line each); the panel on the right holds what the strip and
# the coup band of the full board say. During a coup a counter is one player's units in an area (the
# family's colour and mark, how many): the unit types are the full board's. The families' rows are the full
# board's and the embed's.

B_TEXT = 2 * INLINE_MIN_TEXT  # 20 px: the smallest text, 10 px as shown inline
B_STRONG = B_TEXT + 2
B_TITLE = B_TEXT + 8
B_MARGIN = 8
B_MAP: Box = (B_MARGIN, B_MARGIN, 780, BOARD_SIZE[1] - B_MARGIN)
B_AREA_W, B_AREA_H, B_SEA = 116, 88, 18
# x and y scaled apart: every two areas whose boxes overlap in x are >= 8 px apart in y (the Radio Station
# under the Hillside Villas is the closest pair), and in x >= 16 px (the University beside Parliament)
COMPACT = Geometry(B_MAP, B_AREA_W, B_AREA_H,
                   sx=(B_MAP[2] - B_MAP[0] - 2 * 3 - B_AREA_W) / 830,
                   sy=(B_MAP[3] - B_MAP[1] - 6 - B_AREA_H - 4 - B_SEA) / 820,
                   sea_h=B_SEA, k=1.35, pad_x=3, pad_y=6,
                   # the embassies, on the map's right edge, have room for "Superpotencia" (14 letters)
                   star=(1, 12),  # on the corner itself, clear of the name
                   widths=(("superpower_embassy", B_AREA_W + 10), ("swiss_embassy", B_AREA_W + 10)))
B_OFF_MAP = off_map_boxes(COMPACT)
PANEL: Box = (B_MAP[2] + 8, B_MARGIN, BOARD_SIZE[0] - B_MARGIN, BOARD_SIZE[1] - B_MARGIN)
PANEL_PAD = 14
B_NAME_H = 25  # an area's name line
B_COUNTER_H, B_COUNTER_PITCH = 28, 30
B_MARK = 22
B_DISC = 28
B_DIE = 24
B_TRACK = 27  # a box of the phase and coup tracks
B_LINE = 30  # a line of the panel
AREA_SHORT = MessageFamily("junta.picture.area_short", AREA_IDS)
WINNERS_HEAD = NP_("junta.picture.winners_head")


def board_words(words: Words) -> tuple[str, ...]:
    """The words of the board's fixed layer (the cache key of `_board_base`): the areas' short names and
    the off-map boxes' names."""
    return (*(words.msg(AREA_SHORT[a]) for a in AREA_IDS),
            *(words.msg(BOX_NAME[b]) for b in (NAVY_BOX, AIR_FORCE_BOX)))


def short_name_box(area_id: str) -> Box:
    """Where an area's short name goes on the board: the top of its box, clear of a power centre's star."""
    left, top, right, _bottom = COMPACT.area(area_id)
    inset = 8 if area_id in POWER_CENTRES else 4
    return left + inset, top + 3, right - inset, top + 3 + B_NAME_H


def short_name(area_id: str, name: str) -> tuple[str, int, float]:
    """An area's short name fitted to one line of its box: (text, size, squeeze)."""
    left, _top, right, _bottom = short_name_box(area_id)
    return fit_line(name, right - left, B_TEXT, B_TEXT, squeezes=NAME_SQUEEZES)


def board_counters_top(area_id: str) -> float:
    return short_name_box(area_id)[3] + 1


@lru_cache(maxsize=8)
def _board_base(labels: tuple[str, ...]) -> Image.Image:
    """The board's part that depends only on the language: the panel's ground, the map with its names and
    the off-map boxes' names."""
    image = Image.new("RGB", BOARD_SIZE, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(PANEL, radius=10, fill=PALETTE["panel"])
    draw.rounded_rectangle((PANEL[0], PANEL[1], PANEL[0] + 6, PANEL[3]), radius=4, fill=GOLD)
    image.paste(map_shapes(COMPACT), (int(B_MAP[0]), int(B_MAP[1])))
    for area_id, name in zip(AREA_IDS, labels, strict=False):
        left, top, right, bottom = short_name_box(area_id)
        shown, size, squeeze = short_name(area_id, name)
        put_text(image, ((left + right) / 2, (top + bottom) / 2 + 1), shown, size, PALETTE["text"], False, "mm",
                 squeeze)
    for box_id, name in zip((NAVY_BOX, AIR_FORCE_BOX), labels[len(AREA_IDS):], strict=False):
        left, top, right, bottom = B_OFF_MAP[box_id]
        glyph = "⚓" if box_id == NAVY_BOX else "✈"
        put_text(image, (left + 8, (top + bottom) / 2), glyph, B_TEXT, PALETTE["muted"], True, "lm")
        put_fitted(image, (left + 34, top, right - 56, bottom), name, B_TEXT, PALETTE["muted"], min_size=B_TEXT,
                   put=put_text)
    return image


# --- the board's counters -------------------------------------------------------------------------------------------

def board_groups(view: dict[str, Any]) -> dict[str, list[tuple[Any, bool, int]]]:
    """area or box → [(controller, active, how many units)]: one counter per player (and activity) and
    place, whatever the units' types; controllers by seat, nobody last. Off the map no unit is active (it
    cannot be hit): its controller's state decides."""
    coup = view.get("coup") if isinstance(view.get("coup"), dict) else None
    found: dict[str, dict[tuple[Any, bool], int]] = {}
    for where, groups in units_by_area(coup or {}).items():
        merged = found.setdefault(where, {})
        for controller, _kind, active, count in groups:
            alive = active if where in AREA else _player_active(view, controller)
            merged[(controller, alive)] = merged.get((controller, alive), 0) + count
    return {where: [(c, a, k) for (c, a), k in sorted(merged.items(), key=lambda item: (
        item[0][0] is None, item[0][0] if item[0][0] is not None else 0, not item[0][1]))]
        for where, merged in found.items()}


def group_width(count: int) -> int:
    return int(math.ceil(4 + B_MARK + 3 + text_width(str(count), font(B_STRONG, True)) + 6))


@lru_cache(maxsize=256)
def group_sprite(family: str | None, count: int, rebel: bool, ignored: bool) -> Image.Image:
    """One player's units in a place: the family's colour and mark and how many; a rebel's with a red frame
    and pennant, ignored ones grey."""
    w, h = group_width(count), B_COUNTER_H
    big = Image.new("RGBA", (w * SUPER, h * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    fill = GREY if ignored or family not in FAMILY_COLOUR else FAMILY_COLOUR[family or ""]
    r = 6 * SUPER
    draw.rounded_rectangle((0, 0, w * SUPER - 1, h * SUPER - 1), radius=r, fill=RED if rebel else INK)
    e = (3 if rebel else 1.4) * SUPER
    draw.rounded_rectangle((e, e, w * SUPER - 1 - e, h * SUPER - 1 - e), radius=max(1, round(r - e)), fill=fill)
    if rebel:  # a red pennant on the top right corner: rebels differ by shape too
        draw.polygon([(w * SUPER - 1, 0), (w * SUPER - 1 - 10 * SUPER, 0), (w * SUPER - 1, 10 * SUPER)], fill=RED)
    sprite = big.resize((w, h), Image.Resampling.LANCZOS)
    ink = GREY_INK if ignored else INK
    if family in FAMILY_COLOUR:
        sprite.alpha_composite(mark_sprite(family or "", B_MARK, ink), (4, (h - B_MARK) // 2))
    put_text(sprite, (4 + B_MARK + 3, h / 2 + 1), str(count), B_STRONG, ink, True, "lm")
    return sprite


@lru_cache(maxsize=16)
def more_sprite(count: int) -> Image.Image:
    """"+k": the pieces an area has no room for (the full board shows them)."""
    text = f"+{count}"
    w = int(math.ceil(text_width(text, font(B_TEXT, True)))) + 12
    sprite = Image.new("RGBA", (w * SUPER, B_COUNTER_H * SUPER), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).rounded_rectangle((0, 0, w * SUPER - 1, B_COUNTER_H * SUPER - 1), radius=6 * SUPER,
                                             fill=(*INK, 255))
    sprite = sprite.resize((w, B_COUNTER_H), Image.Resampling.LANCZOS)
    put_text(sprite, (w / 2, B_COUNTER_H / 2 + 1), text, B_TEXT, WHITE, True, "mm")
    return sprite


B_ROWS = 2  # rows of pieces in an area's box, under its name


def board_layout(view: dict[str, Any]) -> list[Placed]:
    """Where every piece of the board goes: exiles as family discs in their embassy, and during a coup each
    player's units in an area or off-map box as one counter. An area holds two rows of pieces (four
    counters; no game played so far put more in one area); the rest is counted by a "+k" piece. What a
    piece shows is ("exile", seat), ("units", family, count, rebel, ignored) or ("more", k)."""
    groups = board_groups(view)
    exiles: dict[str, list[int]] = {}
    for seat, player in enumerate((view.get("players") or [])[:table_size(view)]):
        if player.get("exile") in EMBASSIES:
            exiles.setdefault(str(player["exile"]), []).append(seat)
    placed: list[Placed] = []
    for area_id in AREA_IDS:
        items: list[tuple[Image.Image, tuple[Any, ...]]] = []
        for seat in exiles.get(area_id, []):
            items.append((family_disc(_family(view, seat), B_DISC), ("exile", seat)))
        for controller, active, count in groups.get(area_id, []):
            what = ("units", _family(view, controller), count, is_rebel(view, controller) and active, not active)
            items.append((group_sprite(*what[1:]), what))
        if not items:
            continue
        left, _top, right, _bottom = COMPACT.area(area_id)
        top = board_counters_top(area_id)
        shown = items
        while True:
            places = flow(shown, left - 2, right + 2, top, B_COUNTER_H, B_COUNTER_PITCH)
            if max(y for _x, y in places) < top + B_ROWS * B_COUNTER_PITCH - B_COUNTER_PITCH / 2:
                break
            kept = len(shown) - (1 if shown is items else 2)
            shown = [*items[:kept], (more_sprite(len(items) - kept), ("more", len(items) - kept))]
        placed += [(area_id, sprite, at, what) for (sprite, what), at in zip(shown, places, strict=True)]
    for box_id, (_left, top, right, bottom) in B_OFF_MAP.items():
        x = right - 5
        for controller, active, count in reversed(groups.get(box_id, [])):
            what = ("units", _family(view, controller), count, is_rebel(view, controller) and active, not active)
            sprite = group_sprite(*what[1:])
            x -= sprite.width
            placed.append((box_id, sprite, (x, (top + bottom - sprite.height) / 2), what))
            x -= 3
    return placed


def _board_units(image: Image.Image, view: dict[str, Any], words: Words) -> None:
    for _where, sprite, at, _what in board_layout(view):
        paste(image, sprite, at)


# --- the board's last change and fight ------------------------------------------------------------------------------

MOVES = ("coup_move", "coup_retreat")
ARRIVALS = ("coup_landing", "coup_units", "coup_bribe", "coup_helicopter", "coup_police_reaction")


def last_change(view: dict[str, Any]) -> tuple[Any, list[tuple[str, str]], list[str]]:
    """What the coup's last movement did, if nothing was fought and no phase began since: (the mover,
    [(from, to)] for the units that moved along a road, [areas units arrived in from elsewhere])."""
    found: dict[str, Any] | None = None
    for event in view.get("log") or []:
        kind = event.get("type")
        if kind in MOVES or kind in ARRIVALS:
            found = event
        elif kind in ("coup_started", "coup_phase", "coup_wave", "coup_bombardment", "coup_over"):
            found = None
    if found is None or not isinstance(view.get("coup"), dict) or not view["coup"]:
        return None, [], []
    kind = found.get("type")
    moves = [m for m in found.get("moves") or [] if isinstance(m, dict)]
    if kind in MOVES:
        origin = found.get("from") if kind == "coup_move" else found.get("area")
        ends = sorted({str(m.get("to")) for m in moves if m.get("to") in AREA})
        return found.get("seat"), [(str(origin), to) for to in ends if origin in AREA and to != origin], []
    if kind == "coup_helicopter":
        path = [a for a in found.get("path") or [] if a in AREA]
        return found.get("seat"), [], path[-1:]
    if kind == "coup_police_reaction":
        return found.get("seat"), [], sorted({str(m.get("to")) for m in moves if m.get("to") in AREA})
    area = found.get("area")
    return found.get("seat"), [], [str(area)] if area in AREA else []


def _edge_point(box: Box, towards: Point, margin: float) -> Point:
    """Where the line from `box`'s centre towards `towards` leaves the box grown by `margin`."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    dx, dy = towards[0] - cx, towards[1] - cy
    half_w, half_h = (box[2] - box[0]) / 2 + margin, (box[3] - box[1]) / 2 + margin
    t = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
    return cx + dx * t, cy + dy * t


def _board_changes(image: Image.Image, view: dict[str, Any]) -> None:
    """The last movement in the mover's colour: an arrow along each road the units took, a ring round each
    area they arrived in from elsewhere (a landing, a card's units, the helicopter, the police)."""
    seat, arrows, rings = last_change(view)
    colour = FAMILY_COLOUR.get(_family(view, seat) or "", WHITE)
    shafts: list[tuple[Point, Point]] = []
    heads: list[list[Point]] = []
    for origin, to in arrows:
        start = _edge_point(COMPACT.area(origin), COMPACT.centre(to), -18)
        end = _edge_point(COMPACT.area(to), COMPACT.centre(origin), 3)
        length = math.hypot(end[0] - start[0], end[1] - start[1])
        if length < 8:  # (areas this close do not exist; a guard against a zero-length arrow)
            continue
        ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
        base = (end[0] - ux * 16, end[1] - uy * 16)
        shafts.append((start, base))
        heads.append([end, (base[0] - uy * 11, base[1] + ux * 11), (base[0] + uy * 11, base[1] - ux * 11)])
    frames = [COMPACT.area(a) for a in rings]
    points = [p for shaft in shafts for p in shaft] + [p for head in heads for p in head] + [
        corner for f in frames for corner in ((f[0], f[1]), (f[2], f[3]))]
    if not points:
        return
    # drawn 3x larger on a layer the size of what is drawn only (the whole board's would cost ~40 ms)
    left = int(min(x for x, _y in points)) - 12
    top = int(min(y for _x, y in points)) - 12
    right = int(math.ceil(max(x for x, _y in points))) + 12
    bottom = int(math.ceil(max(y for _x, y in points))) + 12
    layer = Image.new("RGBA", ((right - left) * SUPER, (bottom - top) * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)

    def at(point: Point) -> Point:
        return (point[0] - left) * SUPER, (point[1] - top) * SUPER

    for ink, grow in ((INK, 2.5), (colour, 0.0)):
        for (start, base), head in zip(shafts, heads, strict=True):
            draw.line((at(start), at(base)), fill=(*ink, 255), width=round((7 + 2 * grow) * SUPER))
            cx, cy = sum(x for x, _y in head) / 3, sum(y for _x, y in head) / 3
            draw.polygon([at((x + (x - cx) * grow / 9, y + (y - cy) * grow / 9)) for x, y in head], fill=(*ink, 255))
    for f in frames:
        for ink, grow, width in ((INK, 6.5, 8), (colour, 5.5, 5)):
            draw.rounded_rectangle((*at((f[0] - grow, f[1] - grow)), *at((f[2] + grow, f[3] + grow))),
                                   radius=12 * SUPER, outline=(*ink, 255), width=width * SUPER)
    shrunk = layer.resize((right - left, bottom - top), Image.Resampling.LANCZOS)
    image.paste(shrunk, (left, top), shrunk)


def _board_combat(image: Image.Image, view: dict[str, Any]) -> None:
    """The area fought over framed in red with crossed swords; areas with declared attacks the swords."""
    found = combat_areas(view)
    if found is None:
        return
    current, marked = found
    draw = ImageDraw.Draw(image)
    if current in AREA:
        left, top, right, bottom = COMPACT.area(str(current))
        draw.rounded_rectangle((left - 4, top - 4, right + 4, bottom + 4), radius=12, outline=RED, width=5)
        draw.rounded_rectangle((left - 5, top - 5, right + 5, bottom + 5), radius=13, outline=INK, width=1)
        marked.add(str(current))
    for area_id in sorted(marked):
        _left, top, right, _bottom = COMPACT.area(area_id)
        paste(image, swords_badge(30, B_TEXT), (right - 4, top + 2), centred=True)


# --- the board's panel ------------------------------------------------------------------------------------------

def wrapped(text: str, size: int, bold: bool, width: float, max_lines: int) -> list[str]:
    """`text` over at most `max_lines` lines of `width` px (a long word broken; the last line cut)."""
    fnt = font(size, bold)
    lines = wrap(text, fnt, width, break_words=True)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + ELLIPSIS, fnt, width)
    return lines


def _b_chip(image: Image.Image, x: float, mid: float, text: str, fill: Color, ink: Color, glyph: str = "",
            limit: float | None = None) -> float:
    """A chip of the panel (20 px words, an optional glyph first) at `x`, fitted to `limit`; its width."""
    pad = 8
    glyph_w = text_width(glyph, font(B_TEXT, True)) + 6 if glyph else 0
    inner = max(0.0, (limit if limit is not None else 1e9) - 2 * pad - glyph_w)
    shown, size, squeeze = fit_line(text, inner, B_TEXT, B_TEXT)
    w = text_width(shown, font(size)) * squeeze + 2 * pad + glyph_w
    ImageDraw.Draw(image).rounded_rectangle((x, mid - 14, x + w, mid + 14), radius=7, fill=fill)
    if glyph:
        put_text(image, (x + pad, mid + 1), glyph, B_TEXT, ink, True, "lm")
    put_text(image, (x + pad + glyph_w, mid + 1), shown, size, ink, False, "lm", squeeze)
    return w


def marker_chips(view: dict[str, Any], words: Words) -> list[tuple[str, Color, Color, str]]:
    """The markers as chips: (words, fill, ink, glyph)."""
    markers = view.get("markers") or {}
    chips: list[tuple[str, Color, Color, str]] = []
    if markers.get("pretext"):
        chips.append((words.msg(N_("junta.picture.pretext")), RED, WHITE, "⚠"))
    else:
        chips.append((words.msg(N_("junta.picture.no_pretext")), PALETTE["panel_alt"], PALETTE["muted"], ""))
    bank = markers.get("bank")
    if bank in BANK:
        chips.append((words.msg(BANK[bank]), BANK_CHIP[str(bank)], WHITE, "$"))
    if markers.get("bank_safe"):
        chips.append((words.msg(N_("junta.picture.bank_safe")), (58, 96, 140), WHITE, "✓"))
    if markers.get("occupied"):
        chips.append((words.msg(N_("junta.picture.occupied")), (96, 70, 120), WHITE, "★"))
    return chips


def chip_rows(chips: list[tuple[str, Color, Color, str]], width: float) -> list[list[int]]:
    """The chips flowed over rows of `width` px (a chip wider than a row alone on it, fitted)."""
    rows: list[list[int]] = [[]]
    x = 0.0
    for k, (text, _fill, _ink, glyph) in enumerate(chips):
        w = text_width(text, font(B_TEXT)) + 16 + (text_width(glyph, font(B_TEXT, True)) + 6 if glyph else 0)
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0.0
        rows[-1].append(k)
        x += w + 8
    return rows


Block = tuple[float, Any]  # (height, draw(image, top))


def _panel_blocks(view: dict[str, Any], names: list[str], words: Words, listed: bool) -> list[tuple[int, Block]]:
    """The panel's blocks in order, each with its priority (0 is always drawn; the others go, highest
    first, when the panel is too short for all); the offices `listed` one a line with their holders' names,
    or as a grid of discs."""
    left, _top, right, _bottom = PANEL
    x0, width = left + PANEL_PAD, right - left - 2 * PANEL_PAD
    over = isinstance(view.get("result"), dict)
    phase = view.get("phase")
    blocks: list[tuple[int, Block]] = []

    # the turn and the phase track, the phase's name (or the end and why)
    def head(image: Image.Image, y: float) -> None:
        title = (words.msg(N_("junta.picture.game_over")) if over else
                 words.msg(N_("junta.picture.turn"), turn=int(view.get("turn") or 0)))
        put_fitted(image, (x0, y, x0 + width, y + 34), title, B_TITLE, GOLD if over else PALETTE["text"], True,
                   min_size=B_TEXT, put=put_text)
        _b_track(image, x0, y + 38 + B_TRACK / 2, range(1, 10), [str(k) for k in range(1, 10)],
                 phase if isinstance(phase, int) and not isinstance(phase, bool) and not over else None, True)

    blocks.append((0, (38 + B_TRACK + 8, head)))
    if over:
        reason = (view.get("result") or {}).get("reason")
        label = words.msg(REASON[reason]) if reason in REASON else ""
    else:
        label = words.msg(PHASE_NAME[phase]) if phase in PHASE_NAME else ""
    label_lines = wrapped(label, B_STRONG, True, width, 2) if label else []
    blocks.append((0, _lines_block(label_lines, x0, B_STRONG, GOLD if over else PALETTE["text"], True)))
    # the markers
    chips = marker_chips(view, words)
    rows = chip_rows(chips, width)

    def markers(image: Image.Image, y: float) -> None:
        for row in rows:
            x = x0
            for k in row:
                text, fill, ink, glyph = chips[k]
                x += _b_chip(image, x, y + 4 + 15, text, fill, ink, glyph, x0 + width - x) + 8
            y += 34

    blocks.append((3, (8 + 34 * len(rows), markers)))
    # who must decide what, or who won
    blocks += _waiting_blocks(view, names, words, x0, width)
    coup = view.get("coup")
    if isinstance(coup, dict) and coup:
        blocks += _coup_blocks(view, words, x0, width)
    blocks.append((2, _offices_list(view, names, words, x0, width) if listed else _offices_grid(view, x0, width)))
    return blocks


def _lines_block(lines: list[str], x: float, size: int, fill: Color, bold: bool, step: float = B_LINE - 2,
                 before: float = 0) -> Block:
    def draw(image: Image.Image, y: float) -> None:
        y += before
        for line in lines:
            put_text(image, (x, y + step / 2), line, size, fill, bold, "lm")
            y += step

    return before + step * len(lines), draw


def _b_track(image: Image.Image, x: float, mid: float, keys: Iterable[int], labels: list[str], current: int | None,
             done_faded: bool) -> float:
    """A row of track boxes (the phases or the coup's), the current one gold; returns its right end."""
    draw = ImageDraw.Draw(image)
    for key, label in zip(keys, labels, strict=True):
        box = (x, mid - B_TRACK / 2, x + B_TRACK, mid + B_TRACK / 2)
        if key == current:
            draw.rounded_rectangle(box, radius=5, fill=GOLD)
            ink = GOLD_TEXT
        else:
            done = done_faded and current is not None and key < current
            draw.rounded_rectangle(box, radius=5, outline=PALETTE["line"], width=2,
                                   fill=PALETTE["panel_alt"] if done else PALETTE["panel"])
            ink = PALETTE["faded"] if done else PALETTE["muted"]
        put_fitted(image, (box[0] + 1, box[1], box[2] - 1, box[3] + 1), label, B_TEXT, ink, True, "center",
                   min_size=B_TEXT, put=put_text)
        x += B_TRACK + 4
    return x - 4


def _seat_lines(view: dict[str, Any], names: list[str], words: Words, seats: list[int], x: float,
                width: float, fill: Color) -> Block:
    """Up to three players as their family disc and name, one a line; more as a row of discs."""
    if len(seats) > 3:
        def discs(image: Image.Image, y: float) -> None:
            for k, seat in enumerate(seats):
                paste(image, family_disc(_family(view, seat), B_DISC), (x + k * (B_DISC + 4), y + 1))

        return B_LINE + 2, discs

    def lines(image: Image.Image, y: float) -> None:
        for seat in seats:
            paste(image, family_disc(_family(view, seat), B_DISC), (x, y + 1))
            put_fitted(image, (x + B_DISC + 8, y, x + width, y + B_LINE), player_name(words, names, seat), B_STRONG,
                       fill, True, min_size=B_TEXT, put=put_text)
            y += B_LINE + 2

    return (B_LINE + 2) * len(seats), lines


def _rule(x: float, width: float) -> Block:
    def draw(image: Image.Image, y: float) -> None:
        ImageDraw.Draw(image).line((x, y + 6, x + width, y + 6), fill=PALETTE["line"], width=2)

    return 12, draw


def _waiting_blocks(view: dict[str, Any], names: list[str], words: Words, x: float, width: float
                    ) -> list[tuple[int, Block]]:
    n = table_size(view)
    result = view.get("result")
    if isinstance(result, dict):
        winners = _seats(result.get("winners"), n)
        head = (words.plural(WINNERS_HEAD, len(winners)) if winners else
                words.msg(N_("junta.picture.no_winner")))
        return [(0, _rule(x, width)), (0, _lines_block(wrapped(head, B_STRONG, True, width, 2), x, B_STRONG, GOLD,
                                                       True)),
                (0, _seat_lines(view, names, words, winners, x, width, GOLD))]
    if not isinstance(view.get("decision"), dict):
        return []
    what = waited_on(view, words)
    seats = _seats(view.get("to_act"), n)
    blocks: list[tuple[int, Block]] = [(0, _rule(x, width)),
                                       (0, _lines_block(wrapped(what, B_STRONG, True, width, 2), x, B_STRONG, GOLD,
                                                        True))]
    if seats:
        blocks.append((0, _seat_lines(view, names, words, seats, x, width, PALETTE["text"])))
    return blocks


def _coup_blocks(view: dict[str, Any], words: Words, x: float, width: float) -> list[tuple[int, Block]]:
    """The coup: its track and phase, segment or outcome; the air strikes left and the fight; the last dice."""
    coup = view["coup"]
    phase = coup.get("phase")
    blocks: list[tuple[int, Block]] = [(0, _rule(x, width))]

    def track(image: Image.Image, y: float) -> None:
        labels = [words.msg(N_("junta.picture.coup.rebellion_short")), *(str(k) for k in range(1, PHASES + 1))]
        end = _b_track(image, x, y + B_TRACK / 2 + 2, range(PHASES + 1), labels,
                       phase if isinstance(phase, int) and not isinstance(phase, bool) else None, False)
        strikes = int(coup.get("air_strikes") or 0)
        put_fitted(image, (end + 10, y + 2, x + width, y + B_TRACK + 2), f"✈ {strikes}", B_STRONG, PALETTE["text"],
                   True, "right", min_size=B_TEXT, put=put_text)

    blocks.append((0, (B_TRACK + 6, track)))
    title = (words.msg(N_("junta.picture.coup.rebellion")) if phase == 0 else
             words.msg(N_("junta.picture.coup.phase"), phase=phase, phases=PHASES))
    blocks.append((0, _lines_block(wrapped(f"{title} · {segment_line(view, words)}", B_STRONG, True, width, 2), x,
                                   B_STRONG, PALETTE["text"], True)))
    fight = fight_line(view, words, AREA_SHORT)  # the name the map shows
    if fight:
        lines = wrapped(fight, B_TEXT, False, width - 36, 2)

        def fighting(image: Image.Image, y: float) -> None:
            paste(image, swords_badge(28, B_TEXT), (x, y + 1))
            for line in lines:
                put_text(image, (x + 36, y + B_LINE / 2), line, B_TEXT, PALETTE["text"], False, "lm")
                y += B_LINE - 2

        blocks.append((1, ((B_LINE - 2) * len(lines), fighting)))
    rolls = dice_rolls(view)
    if rolls:
        label = dice_label(view, words) + ":"
        blocks.append((1, _lines_block([ellipsize(label, font(B_TEXT), width)], x, B_TEXT, PALETTE["muted"], False,
                                       before=4)))
        for roll in rolls:
            blocks.append((1, _roll_block(view, roll, x, width)))
    return blocks


def _roll_block(view: dict[str, Any], roll: dict[str, Any], x: float, width: float) -> Block:
    """One shooter's roll: their disc, the dice (hits gold; as many as fit), an arrow, their target's disc."""
    dice = [d for d in roll.get("dice") or [] if isinstance(d, int)]
    arrow = text_width("→", font(B_TEXT, True)) + 10
    room = int((width - 2 * (B_DISC + 6) - arrow) // (B_DIE + 3))
    shown = dice if len(dice) <= room else dice[:max(0, room - 1)]

    def draw(image: Image.Image, y: float) -> None:
        mid = y + B_LINE / 2
        paste(image, family_disc(_family(view, roll.get("seat")), B_DISC), (x, mid - B_DISC / 2))
        at = x + B_DISC + 6
        for die in shown:
            paste(image, die_sprite(die, die == 6, B_DIE), (at, mid - B_DIE / 2))
            at += B_DIE + 3
        if len(shown) < len(dice):
            at += put_text(image, (at, mid), f"+{len(dice) - len(shown)}", B_TEXT, PALETTE["muted"], True, "lm") + 3
        at += put_text(image, (at + 4, mid), "→", B_TEXT, PALETTE["muted"], True, "lm") + 10
        paste(image, family_disc(_family(view, roll.get("target")), B_DISC), (at, mid - B_DISC / 2))

    return B_LINE + 2, draw


def _office_disc(view: dict[str, Any], office: str) -> Image.Image:
    """The holder's family disc (the President's ringed gold), or an empty ring for a vacant office."""
    family = _family(view, (view.get("controllers") or {}).get(office))
    return family_disc(family, B_DISC, GOLD if office == "president" else None) if family else empty_disc(B_DISC)


def _offices_list(view: dict[str, Any], names: list[str], words: Words, x: float, width: float) -> Block:
    """Who holds each office, one a line: its glyph, the holder's disc and name ("—" when vacant); "cousin"
    after the office the President holds through his cousin."""
    controllers = view.get("controllers") or {}
    cousin_word = words.msg(N_("junta.picture.cousin"))

    def draw(image: Image.Image, y: float) -> None:
        _rule(x, width)[1](image, y)
        y += 16
        for office in OFFICES:
            mid = y + B_LINE / 2
            put_text(image, (x + 12, mid + 1), OFFICE_GLYPH[office], B_TEXT, GOLD if office == "president" else
                     PALETTE["muted"], True, "mm")
            paste(image, _office_disc(view, office), (x + 30, mid - B_DISC / 2))
            holder = controllers.get(office)
            name = player_name(words, names, holder) if isinstance(holder, int) and _family(view, holder) else "—"
            end = x + width
            if office != "president" and office == view.get("cousin") and holder == view.get("president"):
                end -= put_text(image, (end, mid + 1), cousin_word, B_TEXT, PALETTE["muted"], False, "rm") + 8
            put_fitted(image, (x + 30 + B_DISC + 8, y, end, y + B_LINE), name, B_TEXT, PALETTE["text"],
                       min_size=B_TEXT, put=put_text)
            y += B_LINE

    return 16 + B_LINE * len(OFFICES), draw


def _offices_grid(view: dict[str, Any], x: float, width: float) -> Block:
    """Who holds each office: its glyph and the holder's family disc (an empty ring when vacant), four to a
    row; the President's disc ringed gold."""
    cell = width / 4

    def draw(image: Image.Image, y: float) -> None:
        _rule(x, width)[1](image, y)
        y += 18
        for k, office in enumerate(OFFICES):
            cx, cy = x + (k % 4) * cell, y + (k // 4) * (B_DISC + 6)
            put_text(image, (cx + 12, cy + B_DISC / 2 + 1), OFFICE_GLYPH[office], B_TEXT, GOLD
                     if office == "president" else PALETTE["muted"], True, "mm")
            paste(image, _office_disc(view, office), (cx + 28, cy))

    rows = -(-len(OFFICES) // 4)
    return 18 + rows * (B_DISC + 6), draw


@lru_cache(maxsize=4)
def empty_disc(size: int) -> Image.Image:
    """A vacant office: a grey ring."""
    big = size * SUPER
    disc = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(disc).ellipse((SUPER, SUPER, big - 1 - SUPER, big - 1 - SUPER), outline=PALETTE["faded"],
                                 width=2 * SUPER)
    return disc.resize((size, size), Image.Resampling.LANCZOS)


def panel_plan(view: dict[str, Any], names: list[str], words: Words) -> list[Block]:
    """The blocks that fit the panel: those of the highest priority go first until the rest fits."""
    room = PANEL[3] - PANEL[1] - 2 * 10
    blocks = _panel_blocks(view, names, words, True)
    if sum(h for _p, (h, _d) in blocks) > room:
        blocks = _panel_blocks(view, names, words, False)
    for level in (3, 2, 1):
        if sum(h for _p, (h, _d) in blocks) <= room:
            break
        blocks = [b for b in blocks if b[0] < level]
    kept: list[Block] = []
    used = 0.0
    for _priority, (height, draw) in blocks:
        if used + height > room:
            break
        kept.append((height, draw))
        used += height
    return kept


def _board_panel(image: Image.Image, view: dict[str, Any], names: list[str], words: Words) -> None:
    y = PANEL[1] + 10
    for height, draw in panel_plan(view, names, words):
        draw(image, y)
        y += height
