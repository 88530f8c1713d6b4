"""Junta's pictures: the parts both boards draw — words, colours, the map's geometry, the sprites — and what
they read of a view (renderers/junta)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core.messages import N_, MessageFamily
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
from games.junta.common import FAMILIES
from games.junta.coup import WAVES
from games.junta.view_types import Coup, JuntaView
from renderers.core import (
    CHAT_WIDTH,
    PALETTE,
    SQUEEZES,
    Color,
    Words,
    name_lines,
    put_fitted,
    put_text,
    readable_size,
)

Box = tuple[float, float, float, float]
Point = tuple[float, float]

# --- scale and sizes (du = px: the picture is 550 wide) -------------------------------------------------

WIDTH = CHAT_WIDTH
TEXT = readable_size(WIDTH)  # the smallest text: 16 du
NAME_SQUEEZES = (*SQUEEZES, 0.76)  # an area's name may be narrowed a little further than other text
SUPER = 3  # shapes are drawn 3x larger and shrunk: Pillow's polygons and lines are not anti-aliased

# --- words -------------------------------------------------------------------------------------------------

AREA_NAME = MessageFamily("junta.picture.area", AREA_IDS)
PHASE_NAME = MessageFamily("junta.picture.phase", range(10))  # 0: the first election, before turn 1
BANK = MessageFamily("junta.picture.bank", ("open", "lunch", "holiday"))
MOTION = MessageFamily("junta.picture.motion", ("election", "budget", "alt_budget", "no_confidence"))
WAIT = MessageFamily("junta.picture.wait", (
    "vote", "candidacy", "tiebreak", "window", "hand_limit", "assign", "budget_propose", "budget_pay",
    "budget_occupy", "budget_keep", "locations", "declarations", "protect", "squad", "surrender", "exile_poll",
    "banking", "coup_poll", "firing_squad", "junta", "return", "influence_discard", "coup_move", "coup_proposal",
    "coup_reaction", "coup_declare", "coup_order", "coup_fire", "coup_casualties", "coup_stay", "coup_retreat",
    "coup_sides", "other"))
REASON = MessageFamily("junta.picture.reason", ("aid_exhausted", "first_election_no_note", "all_dead"))
BOX_NAME = MessageFamily("junta.picture.box", (AIR_FORCE_BOX, NAVY_BOX))
WINNER = MessageFamily("junta.picture.coup.winner", ("president", "rebels"))
WEAPON = MessageFamily("junta.picture.coup.weapon", ("gunboat", "air_strike"))
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
MAP_TOP = STRIP[3] + 6
AREA_W, AREA_H = 84, 84
MAP_SX = (WIDTH - 2 * (MARGIN + 2) - AREA_W) / 830  # board.py x runs from 80 to 910
MAP_SY = 0.66  # and y from 90 to 910: every two areas whose boxes overlap in x are >= 8 du apart in y
SEA_H = 14
MAP: Box = (MARGIN, MAP_TOP, WIDTH - MARGIN, MAP_TOP + 6 + round(820 * MAP_SY) + AREA_H + 4 + SEA_H)
NAME_STEP = 15  # between the lines of an area's name (16 du text)
COUNTER_H, COUNTER_PITCH = 21, 23
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


def area_box(area_id: str, geo: Geometry = FULL) -> Box:
    return geo.area(area_id)


# The full board's off-map boxes (34 and 36 du tall, as they always were).
OFF_MAP: dict[str, Box] = {
    NAVY_BOX: (MARGIN + 3, area_box("barracks_1")[3] + 6, area_box("port")[0] - 5, area_box("barracks_1")[3] + 40),
    AIR_FORCE_BOX: (MARGIN + 3, area_box("barracks_1")[3] + 44, area_box("port")[0] - 5, MAP[3] - SEA_H - 2),
}


OFF_MAP_COUNTER = 42  # the room kept for a counter at the right of an off-map box


def table_size(view: JuntaView) -> int:
    return max(1, min(view["n"], len(FAMILIES), len(view["players"]) or 1))


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


# --- per render: the strip ----------------------------------------------------------------------------------------

def _family(view: JuntaView, seat: int | None) -> str | None:
    players = view["players"]
    if seat is not None and 0 <= seat < len(players):
        family = players[seat]["family"]
        return family if family in FAMILY_COLOUR else None
    return None


def _seats(values: list[int], n: int) -> list[int]:
    return [x for x in values if 0 <= x < n]


def wait_key(view: JuntaView) -> str:
    """The WAIT word for what the game waits on: the engine's decision kind (a coup's own decisions
    told apart), "other" for a kind the pictures have no word for."""
    decision = view["decision"]
    kind = decision["kind"] if decision else ""
    return kind if kind in WAIT else "other"


def waited_on(view: JuntaView, words: Words) -> str:
    """The decision waited on in words (a vote with its motion)."""
    key = wait_key(view)
    wait_id = WAIT[key]  # (an id named first: Babel would read a literal key inside msg() as an id)
    if key != "vote":
        return words.msg(wait_id)
    pending = view["pending"]
    vote = pending.get("vote") if pending else None
    motion = vote["motion"] if vote else ""
    return words.msg(wait_id, motion=words.msg(MOTION[motion]) if motion in MOTION else "")


# --- per render: the coup --------------------------------------------------------------------------------------

def units_by_area(coup: Coup) -> dict[str, list[tuple[int | None, str, bool, int]]]:
    """area or box → [(controller, unit type, active, count)], one entry per controller, type and
    activity, in a fixed order (controllers by seat, nobody last; types in board order)."""
    groups: dict[str, dict[tuple[int | None, str, bool], int]] = {}
    for unit in coup["units"].values():
        where, kind = unit["area"], unit["type"]
        if where is None or (where not in AREA and where not in OFF_MAP) or kind not in UNIT_TYPE:
            continue
        key = (unit["controller"], kind, unit["active"])
        area_groups = groups.setdefault(where, {})
        area_groups[key] = area_groups.get(key, 0) + 1
    return {where: [(c, t, a, k) for (c, t, a), k in sorted(found.items(), key=lambda item: (
        item[0][0] is None, item[0][0] if item[0][0] is not None else 0, TYPE_ORDER[item[0][1]], not item[0][2]))]
        for where, found in groups.items()}


def dice_rolls(view: JuntaView) -> list[dict[str, Any]]:
    """The last wave's (or bombardment's) rolls of this coup: [{"seat", "dice", "target"}]."""
    event = last_dice(view)
    if event is None:
        return []
    if event.get("type") == "coup_bombardment":
        return [{"seat": event.get("seat"), "dice": event.get("dice"), "target": event.get("target")}]
    return [r for r in event.get("fire") or [] if isinstance(r, dict)]


def dice_label(view: JuntaView, words: Words) -> str:
    event = last_dice(view) or {}
    if event.get("type") == "coup_bombardment":
        weapon = event.get("weapon")
        return words.msg(WEAPON[weapon]) if weapon in WEAPON else ""
    return words.msg(N_("junta.picture.coup.wave"), wave=int(event.get("wave") or 0))


def _player_active(view: JuntaView, seat: int | None) -> bool:
    players = view["players"]
    return seat is not None and 0 <= seat < len(players) and players[seat]["active"]


def is_rebel(view: JuntaView, seat: int | None) -> bool:
    coup = view["coup"]
    rebels = coup["rebels"] if coup else []
    return seat is not None and 0 <= seat < len(rebels) and rebels[seat]


Placed = tuple[str, Image.Image, Point, tuple[Any, ...]]  # (area or box, sprite, top left, what it shows)


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


def combat_areas(view: JuntaView) -> tuple[str | None, set[str]] | None:
    """During a coup's combat: the area fought over now (if any) and the areas with declared attacks."""
    coup = view["coup"]
    if coup is None or coup["segment"] != "combat":
        return None
    combat = coup["combat"]
    current = combat["area"] if combat["step"] in ("wave", "stay", "retreat") else None
    return current, {a for a in combat["attacks"] if a in AREA}


def last_dice(view: JuntaView) -> dict[str, Any] | None:
    """The last wave of fire or bombardment of this coup (its log event), if there was one."""
    found = None
    for event in view["log"]:
        kind = event.get("type")
        if kind == "coup_started":
            found = None
        elif kind in ("coup_wave", "coup_bombardment"):
            found = event
    return found


def segment_line(view: JuntaView, words: Words) -> str:
    """The coup's segment in a word or two, or its outcome."""
    coup = view["coup"]
    segment = coup["segment"] if coup else None
    if coup and (coup["over"] or segment == "over"):
        winner = coup["winner"]
        return (words.msg(WINNER[winner]) if winner is not None and winner in WINNER
                else words.msg(N_("junta.picture.coup.over")))
    if segment == "sides":
        return words.msg(N_("junta.picture.coup.sides"))
    if segment == "combat":
        return words.msg(N_("junta.picture.coup.combat"))
    return words.msg(N_("junta.picture.coup.movement"))


def fight_line(view: JuntaView, words: Words, area_names: MessageFamily = AREA_NAME) -> str:
    """The area fought over now (named from `area_names`) and the wave ("" when no area is being fought
    over)."""
    coup = view["coup"]
    if coup is None:
        return ""
    combat = coup["combat"]
    area = combat["area"]
    if coup["segment"] != "combat" or combat["step"] not in ("wave", "stay", "retreat") or area not in AREA:
        return ""
    assert area is not None  # every area of AREA is named
    return words.msg(N_("junta.picture.coup.fight"), area=words.msg(area_names[area]),
                     wave=max(1, min(combat["wave"] or 1, WAVES)), waves=WAVES)


def marker_chips(view: JuntaView, words: Words) -> list[tuple[str, Color, Color, str]]:
    """The markers as chips: (words, fill, ink, glyph)."""
    markers = view["markers"]
    chips: list[tuple[str, Color, Color, str]] = []
    if markers["pretext"]:
        chips.append((words.msg(N_("junta.picture.pretext")), RED, WHITE, "⚠"))
    else:
        chips.append((words.msg(N_("junta.picture.no_pretext")), PALETTE["panel_alt"], PALETTE["muted"], ""))
    bank = markers["bank"]
    if bank in BANK:
        chips.append((words.msg(BANK[bank]), BANK_CHIP[bank], WHITE, "$"))
    if markers["bank_safe"]:
        chips.append((words.msg(N_("junta.picture.bank_safe")), (58, 96, 140), WHITE, "✓"))
    if markers["occupied"]:
        chips.append((words.msg(N_("junta.picture.occupied")), (96, 70, 120), WHITE, "★"))
    return chips
