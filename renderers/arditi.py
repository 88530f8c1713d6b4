"""Arditi del Popolo: the round board as players know it, and its parties, readable at chat size.

A pure function of a view from `games.arditi.GAME.view(state, seat)` (everything is public, so every
seat's view draws the same picture) and of the reader's `Words` (`arditi.picture.*` ids). Discord
shows a picture about 550 px wide, so the layout is in *display units* (du, 1/550 of the width) and
no text is smaller than 16 du.

From top to bottom: a status strip (round r of max, whose turn and the die with the steps left, who
places their leader after a clash, or the result); the board; a key of the pieces and marks; the
police line; one row per party (its shape and colour, name, militants, score now, captured numbers
and arrested militants).

The board: 18 rays × 5 rings, space 5r+ring+1 (ray r counter-clockwise of ray r−1 *on screen*, the
ray with the white dot at the top holding 1 outer … 5 inner), every free space numbered (multiples of
5 bold, on the inner ring). A march is a chain of its party's pieces linked tail to head, the leader
a larger piece with a white ring, an arrowhead at the head pointing the way it travels (after
crossing the centre or the edge, the new way). A link across the centre is a line through it; a
link over the edge is a stub out of each of the two spaces. Leaderless groups are hollow pieces
joined by thin links only. Indifferents are cream discs with their number, police white discs with
a black chess piece, waiting numbers discs on the centre. The spaces the current march can step to
are gold, the landing of its jump framed in gold (the number it jumps ringed in gold); while an
attacked player chooses, the spaces their leader may take are gold.

Colour-blind safety: each seat has its own shape (circle, square, triangle, diamond, hexagon, star)
on the board and in the legend. Static layers (the board with its numbers, per-space sprites, the
key per language) are drawn once per process and cached; a render composites the pieces.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from games.arditi.board import RAYS, RINGS, SPACES, ray_of, ring_of
from games.core.messages import N_, MessageFamily
from renderers.core import (
    CHAT_MIN_TEXT,
    CHAT_WIDTH,
    PALETTE,
    Color,
    Words,
    drawable,
    ellipsize,
    font,
    readable_size,
    seat_color,
    text_width,
)

Box = tuple[float, float, float, float]
Point = tuple[float, float]

# --- scale: layout in display units (du), 550 du = the width Discord shows inline --------------

SCALE = 1.25  # 688 px wide: sharp enough when opened, fast to encode (to_png costs per pixel)


def px(value: float) -> int:
    """Display units → whole image pixels."""
    return int(round(value * SCALE))


WIDTH = px(CHAT_WIDTH)
TEXT = readable_size(WIDTH, CHAT_MIN_TEXT)  # the smallest text: 16 px when shown 550 px wide
STRONG = readable_size(WIDTH, 18)
TITLE = readable_size(WIDTH, 19)

# --- colours -------------------------------------------------------------------------------------

WHITE: Color = (255, 255, 255)
BORDER: Color = (16, 18, 26)
CELL: tuple[Color, Color] = ((58, 65, 88), (49, 55, 76))
GRID: Color = (24, 27, 38)
CENTRE: Color = (36, 40, 56)
NUMBER_TEXT: Color = (170, 178, 196)
FIVE_TEXT: Color = (246, 247, 250)
DISC: Color = (238, 228, 204)  # an indifferent (or waiting) number
DISC_TEXT: Color = (32, 30, 28)
POLICE_DISC: Color = (250, 250, 250)
POLICE_INK: Color = (12, 12, 16)
GOLD: Color = PALETTE["accent"]
GOLD_TEXT: Color = PALETTE["accent_text"]
HOLLOW: Color = (30, 34, 48)
NEUTRAL: Color = (200, 204, 214)  # the pieces of the key, which belong to no party

# --- seats: a shape per seat as well as a colour ---------------------------------------------------

SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star")


def seat_shape(seat: int) -> str:
    return SHAPES[seat % len(SHAPES)]


# --- words -----------------------------------------------------------------------------------------

REASON = MessageFamily("arditi.picture.reason", ("bag_empty", "twelve_militants", "no_steps", "max_rounds"))
POLICE_GLYPH = {"pawn": "♟", "bishop": "♝", "knight": "♞", "rook": "♜", "queen": "♛", "king": "♚"}
POLICE_ORDER = tuple(POLICE_GLYPH)
KEY_WORDS = (
    ("leader", N_("arditi.picture.key.leader")),
    ("token", N_("arditi.picture.key.militant")),
    ("group", N_("arditi.picture.key.group")),
    ("number", N_("arditi.picture.key.number")),
    ("police", N_("arditi.picture.key.police")),
    ("go", N_("arditi.picture.key.can_go")),
    ("jump", N_("arditi.picture.key.jump")),
)


def player_name(words: Words, names: list[str], seat: int) -> str:
    """The name as far as the font can draw it, else "Player n"."""
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    return name or words.msg("arditi.picture.player_n", n=seat + 1)


# --- layout (display units) ------------------------------------------------------------------------

STRIP: Box = (8, 6, 542, 66)
BOARD_CX, BOARD_CY = 275.0, 340.0
R_OUT, RING_W = 250.0, 32.0
R_HOLE = R_OUT - RINGS * RING_W  # 90: the centre, where waiting numbers lie
DOT_R = R_OUT + 10  # the white dot of ray 0
KEY_TOP = 612.0
KEY_LINE = 26.0
KEY_ICON = 30.0  # the width of a key's icon (a number disc, a police piece)
POLICE_TOP = KEY_TOP + 2 * KEY_LINE + 2
POLICE_BOTTOM = POLICE_TOP + 26
ROWS_TOP = POLICE_BOTTOM + 8
ROW_H, ROW_GAP = 50.0, 5.0
TOKEN_DU, LEADER_DU, DISC_DU, POLICE_DU = 22.0, 29.0, 28.0, 30.0
LINK_DU, GROUP_LINK_DU = 8.0, 3.5
ARROW_LONG, ARROW_HALF = 12.0, 9.0  # the arrowhead at a march's head
JUMP_FRAME = 4.5  # the gold frame of a jump's landing


def height_for(n: int) -> int:
    """The picture's height for `n` parties (the width is always WIDTH)."""
    return px(ROWS_TOP + n * (ROW_H + ROW_GAP) - ROW_GAP + 8)


def row_box(seat: int) -> Box:
    """A party's row in the legend (du)."""
    top = ROWS_TOP + seat * (ROW_H + ROW_GAP)
    return (8, top, 542, top + ROW_H)


def _px_box(box: Box) -> tuple[int, int, int, int]:
    return px(box[0]), px(box[1]), px(box[2]), px(box[3])


# --- board geometry (image pixels) -----------------------------------------------------------------

CX, CY = BOARD_CX * SCALE, BOARD_CY * SCALE


def ray_angle(ray: int) -> float:
    """The angle of a ray's middle, in radians counter-clockwise from east *as seen on screen*:
    ray 0 (the white dot) points up, each next ray 20° counter-clockwise."""
    return math.radians(90 + 360 / RAYS * (ray % RAYS))


def polar(radius_du: float, angle: float) -> Point:
    """The image point at `radius_du` from the centre at `angle` (screen y grows downwards)."""
    return CX + radius_du * SCALE * math.cos(angle), CY - radius_du * SCALE * math.sin(angle)


def ring_radii(ring: int) -> tuple[float, float]:
    """(inner, outer) radius in du of a ring: 0 is the outer ring, 4 the inner one."""
    outer = R_OUT - ring * RING_W
    return outer - RING_W, outer


def space_centre(space: int) -> Point:
    """The image point at the middle of a space (where its number and its piece go)."""
    inner, outer = ring_radii(ring_of(space))
    return polar((inner + outer) / 2, ray_angle(ray_of(space)))


def _direction_vector(space: int, direction: str) -> Point:
    """The unit vector on screen of a direction of travel at a space."""
    a = ray_angle(ray_of(space))
    out = (math.cos(a), -math.sin(a))
    ccw = (-math.sin(a), -math.cos(a))
    return {"out": out, "in": (-out[0], -out[1]), "ccw": ccw, "cw": (-ccw[0], -ccw[1])}[direction]


BOARD_BOX = (int(CX - (DOT_R + 8) * SCALE), int(CY - (DOT_R + 8) * SCALE),
             int(CX + (DOT_R + 8) * SCALE) + 1, int(CY + (DOT_R + 8) * SCALE) + 1)


def _cell_bbox(space: int) -> tuple[int, int, int, int]:
    """The image box around a space's cell (with 2 px to spare)."""
    inner, outer = ring_radii(ring_of(space))
    middle = math.degrees(ray_angle(ray_of(space)))
    angles = [middle - 10, middle + 10] + [d for d in range(0, 721, 90) if middle - 10 < d < middle + 10]
    points = [polar(r, math.radians(d)) for r in (inner, outer) for d in angles]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs)) + 3, int(max(ys)) + 3


# --- cached text -------------------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def _text_mask(text: str, fnt: ImageFont.FreeTypeFont, anchor: str) -> tuple[Image.Image, int, int]:
    left, top, right, bottom = (int(math.floor(v)) for v in fnt.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left + 1), max(1, bottom - top + 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
    return mask, left, top


def put_text(image: Image.Image, xy: Point, text: str, size: int, fill: Color, bold: bool = False,
             anchor: str = "la") -> float:
    """Draw `text` at `xy` (a Pillow anchor) from cached glyph masks; returns its width."""
    fnt = font(size, bold)  # asked every time, so a test recording the font sizes sees it
    if not text:
        return 0.0
    mask, dx, dy = _text_mask(text, fnt, anchor)
    image.paste(fill, (int(round(xy[0])) + dx, int(round(xy[1])) + dy), mask)
    return text_width(text, fnt)


def put_fitted(image: Image.Image, box: Box, text: str, size: int, fill: Color, bold: bool = False,
               align: str = "left") -> float:
    """One line in the pixel `box`, shrunk down to TEXT and then cut so it never spills."""
    left, _top, right, _bottom = box
    chosen = TEXT
    for sz in range(size, TEXT - 1, -1):
        if text_width(text, font(sz, bold)) <= right - left:
            chosen = sz
            break
    shown = ellipsize(text, font(chosen, bold), right - left)
    mid = (box[1] + box[3]) / 2
    if align == "right":
        return put_text(image, (right, mid), shown, chosen, fill, bold, "rm")
    if align == "center":
        return put_text(image, ((left + right) / 2, mid), shown, chosen, fill, bold, "mm")
    return put_text(image, (left, mid), shown, chosen, fill, bold, "lm")


# --- shapes and sprites ------------------------------------------------------------------------------

SUPER = 4  # sprites are drawn 4x larger and shrunk: polygons are not anti-aliased


def shape_points(shape: str, cx: float, cy: float, half: float) -> list[Point]:
    """A seat's shape as a polygon inside the square of half-side `half` around (cx, cy)."""
    def ring(count: int, radius: float, start: float, dy: float = 0.0) -> list[Point]:
        return [(cx + radius * math.cos(math.radians(start + 360 / count * k)),
                 cy + dy - radius * math.sin(math.radians(start + 360 / count * k))) for k in range(count)]

    if shape == "square":
        s = half * 0.84  # a square looks bigger than the disc of the same width
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        r = half * 1.12
        return ring(3, r, 90, dy=r * 0.25)
    if shape == "diamond":
        return ring(4, half, 90)
    if shape == "hexagon":
        return ring(6, half, 90)
    if shape == "star":
        outer, inner = half * 1.04, half * 0.46
        points = []
        for k in range(10):
            radius = outer if k % 2 == 0 else inner
            angle = math.radians(90 + 36 * k)
            points.append((cx + radius * math.cos(angle), cy + outer * 0.1 - radius * math.sin(angle)))
        return points
    return ring(48, half, 90)  # a circle


def _scaled(points: list[Point], cx: float, cy: float, factor: float) -> list[Point]:
    return [(cx + (x - cx) * factor, cy + (y - cy) * factor) for x, y in points]


@lru_cache(maxsize=128)
def piece_sprite(shape: str, color: Color, kind: str) -> Image.Image:
    """A piece as an RGBA sprite: "token" (a filled shape with a dark edge), "leader" (larger,
    with a white ring) or "group" (hollow: a ring of the colour around a dark middle)."""
    size = px(LEADER_DU if kind == "leader" else TOKEN_DU)
    big = size * SUPER
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    c, half = big / 2, big / 2 - SUPER
    outline = shape_points(shape, c, c, half)
    draw.polygon(outline, fill=BORDER)
    edge = 1.5 * SUPER * SCALE
    if kind == "leader":
        draw.polygon(_scaled(outline, c, c, (half - edge) / half), fill=WHITE)
        draw.polygon(_scaled(outline, c, c, (half - 3.6 * edge) / half), fill=color)
    elif kind == "group":
        draw.polygon(_scaled(outline, c, c, (half - edge) / half), fill=color)
        draw.polygon(_scaled(outline, c, c, 0.5), fill=HOLLOW)
    else:
        draw.polygon(_scaled(outline, c, c, (half - edge) / half), fill=color)
    return sprite.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def _disc(fill: Color, size: int, ring: Color | None) -> Image.Image:
    """A plain disc sprite with a dark (or `ring`-coloured, thicker) edge."""
    big = size * SUPER
    disc = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(disc)
    draw.ellipse((0, 0, big - 1, big - 1), fill=ring or BORDER)
    edge = (4.0 if ring else 1.3) * SUPER * SCALE
    draw.ellipse((edge, edge, big - 1 - edge, big - 1 - edge), fill=fill)
    return disc.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def disc_sprite(text: str, fill: Color, ink: Color, size_du: float, text_size: int, ring: Color | None = None,
                ) -> Image.Image:
    """A disc with `text` in the middle (a number, or a police piece's chess glyph)."""
    size = px(size_du)
    disc = _disc(fill, size, ring).copy()
    put_text(disc, (size / 2, size / 2 + 0.5), text, text_size, ink, bold=True, anchor="mm")
    return disc


def number_disc(number: int, ring: Color | None = None) -> Image.Image:
    return disc_sprite(str(number), DISC, DISC_TEXT, DISC_DU, TEXT, ring)


def police_disc(rank: str) -> Image.Image:
    return disc_sprite(POLICE_GLYPH.get(rank, "?"), POLICE_DISC, POLICE_INK, POLICE_DU, readable_size(WIDTH, 21))


def paste_centred(image: Image.Image, sprite: Image.Image, centre: Point) -> None:
    at = (int(round(centre[0] - sprite.width / 2)), int(round(centre[1] - sprite.height / 2)))
    image.paste(sprite, at, sprite)


# --- the empty board (cached) ------------------------------------------------------------------------

def _local(point: Point) -> Point:
    return point[0] - BOARD_BOX[0], point[1] - BOARD_BOX[1]


@lru_cache(maxsize=1)
def _cell_index() -> Image.Image:
    """The board as an "L" image over BOARD_BOX: each pixel holds its space's number (1-90),
    91 on the centre, 0 off the board."""
    size = (BOARD_BOX[2] - BOARD_BOX[0], BOARD_BOX[3] - BOARD_BOX[1])
    index = Image.new("L", size, 0)
    draw = ImageDraw.Draw(index)
    cx, cy = _local((CX, CY))
    for ring in range(RINGS):
        radius = ring_radii(ring)[1] * SCALE
        for ray in range(RAYS):
            middle = math.degrees(ray_angle(ray))
            # Pillow's angles run clockwise on screen: the negated angles
            draw.pieslice((cx - radius, cy - radius, cx + radius, cy + radius), -middle - 10, -middle + 10,
                          fill=ray * RINGS + ring + 1)
    hole = R_HOLE * SCALE
    draw.ellipse((cx - hole, cy - hole, cx + hole, cy + hole), fill=SPACES + 1)
    return index


@lru_cache(maxsize=1)
def _grid_mask() -> Image.Image:
    """The rings and the rays' borders, drawn 4x and shrunk (smooth lines)."""
    size = (BOARD_BOX[2] - BOARD_BOX[0], BOARD_BOX[3] - BOARD_BOX[1])
    mask = Image.new("L", (size[0] * SUPER, size[1] * SUPER), 0)
    draw = ImageDraw.Draw(mask)
    cx, cy = (v * SUPER for v in _local((CX, CY)))
    line = round(1.4 * SCALE * SUPER)
    for k in range(RINGS + 1):
        radius = (R_OUT - k * RING_W) * SCALE * SUPER
        width = line * 2 if k in (0, RINGS) else line
        draw.ellipse((cx - radius - width / 2, cy - radius - width / 2, cx + radius + width / 2,
                      cy + radius + width / 2), outline=255, width=width)
    for ray in range(RAYS):
        a = ray_angle(ray) + math.radians(10)
        inner, outer = R_HOLE * SCALE * SUPER, R_OUT * SCALE * SUPER
        draw.line((cx + inner * math.cos(a), cy - inner * math.sin(a), cx + outer * math.cos(a),
                   cy - outer * math.sin(a)), fill=255, width=line)
    return mask.resize(size, Image.Resampling.BOX)


@lru_cache(maxsize=1)
def _board_layers() -> tuple[Image.Image, Image.Image]:
    """(the board without numbers, the board with every space numbered), over BOARD_BOX."""
    index = _cell_index()
    palette = [*PALETTE["background"]]
    for space in range(1, SPACES + 1):
        palette += [*CELL[(ray_of(space) + ring_of(space)) % 2]]
    palette += [*CENTRE]
    layer = Image.frombytes("P", index.size, index.tobytes())
    layer.putpalette(palette)
    blank = layer.convert("RGB")
    blank.paste(GRID, (0, 0), _grid_mask())
    # the white dot of ray 0, just outside the rim
    x, y = _local(polar(DOT_R, ray_angle(0)))
    dot = 6 * SCALE
    ImageDraw.Draw(blank).ellipse((x - dot - 2, y - dot - 2, x + dot + 2, y + dot + 2), fill=BORDER)
    ImageDraw.Draw(blank).ellipse((x - dot, y - dot, x + dot, y + dot), fill=WHITE)
    numbered = blank.copy()
    for space in range(1, SPACES + 1):
        five = space % 5 == 0
        put_text(numbered, _local(space_centre(space)), str(space), TEXT, FIVE_TEXT if five else NUMBER_TEXT,
                 bold=five, anchor="mm")
    return blank, numbered


@lru_cache(maxsize=SPACES + 1)
def cell_mask(space: int) -> tuple[tuple[int, int], Image.Image]:
    """A space's cell as an L mask (shrunk 2 px inside the grid lines) and its image corner."""
    box = _cell_bbox(space)
    local = (box[0] - BOARD_BOX[0], box[1] - BOARD_BOX[1], box[2] - BOARD_BOX[0], box[3] - BOARD_BOX[1])
    crop = _cell_index().crop(local)
    mask = crop.point(lambda v: 255 if v == space else 0)
    for _ in range(2):
        mask = mask.filter(ImageFilter.MinFilter(3))
    return (box[0], box[1]), mask


def sector_outline(space: int, inset_du: float) -> list[Point]:
    """A space's cell as a polygon (image points), `inset_du` inside its edges."""
    inner, outer = ring_radii(ring_of(space))
    inner, outer = inner + inset_du, outer - inset_du
    middle = math.degrees(ray_angle(ray_of(space)))
    points = []
    for radius, sweep in ((outer, range(-8, 9)), (inner, range(8, -9, -1))):
        spread = 10 - math.degrees(inset_du / radius)
        points += [polar(radius, math.radians(middle + spread * k / 8)) for k in sweep]
    return points


@lru_cache(maxsize=SPACES + 1)
def blank_cell(space: int) -> tuple[tuple[int, int], Image.Image, Image.Image]:
    """The empty cell (no number) to paste under a piece: (corner, RGB patch, mask)."""
    at, mask = cell_mask(space)
    blank = _board_layers()[0]
    x, y = at[0] - BOARD_BOX[0], at[1] - BOARD_BOX[1]
    return at, blank.crop((x, y, x + mask.width, y + mask.height)), mask


@lru_cache(maxsize=2 * SPACES)
def mark_cell(space: int, kind: str) -> tuple[tuple[int, int], Image.Image]:
    """A marked space as an RGBA patch: "go" = filled gold with a dark number; "jump" = a gold
    frame along the cell's edge with the number in gold."""
    at, mask = cell_mask(space)
    patch = Image.new("RGBA", mask.size, (0, 0, 0, 0))
    if kind == "go":
        patch.paste(GOLD, (0, 0), mask)
        ink = GOLD_TEXT
    else:
        inner = Image.new("L", mask.size, 0)
        ImageDraw.Draw(inner).polygon([(x - at[0], y - at[1]) for x, y in sector_outline(space, JUMP_FRAME)], fill=255)
        blank = blank_cell(space)[1].convert("RGBA")
        patch.paste(blank, (0, 0), mask)
        band = Image.new("L", mask.size, 0)
        band.paste(mask, (0, 0))
        band.paste(0, (0, 0), inner)
        patch.paste(GOLD, (0, 0), band)
        ink = GOLD
    cx, cy = space_centre(space)
    put_text(patch, (cx - at[0], cy - at[1]), str(space), TEXT, ink, bold=True, anchor="mm")
    return at, patch


def _paste_mark(image: Image.Image, space: int, kind: str) -> None:
    at, patch = mark_cell(space, kind)
    image.paste(patch, at, patch)


def _blank(image: Image.Image, space: int) -> None:
    at, patch, mask = blank_cell(space)
    image.paste(patch, at, mask)


# --- links and arrows ----------------------------------------------------------------------------------

def link_kind(a: int, b: int) -> str:
    """How two orthogonally adjacent spaces touch: "near" (side by side on the board), "centre"
    (the inner ring across the centre) or "edge" (the outer ring over the rim)."""
    if ray_of(a) != ray_of(b) and (ray_of(a) - ray_of(b)) % RAYS == RAYS // 2:
        return "centre" if ring_of(a) == RINGS - 1 else "edge"
    return "near"


@lru_cache(maxsize=4 * SPACES + 8)
def link_mask(a: int, b: int, group: bool) -> tuple[tuple[int, int], Image.Image]:
    """The link between two adjacent spaces of a march (thick) or a leaderless group (thin), as
    an L mask and its corner (any colour is pasted through it); over the rim, a stub out of each
    space."""
    width = (GROUP_LINK_DU if group else LINK_DU) * SCALE
    segments: list[tuple[Point, Point]] = []
    if link_kind(a, b) == "edge":
        for space in (a, b):
            angle = ray_angle(ray_of(space))
            segments.append((space_centre(space), polar(R_OUT + 9, angle)))
    else:
        segments.append((space_centre(a), space_centre(b)))
    xs = [p[0] for seg in segments for p in seg]
    ys = [p[1] for seg in segments for p in seg]
    pad = width + 4
    x0, y0 = int(min(xs) - pad), int(min(ys) - pad)
    size = (int(max(xs) + pad) - x0 + 1, int(max(ys) + pad) - y0 + 1)
    sup = SUPER if max(size) < 100 else 2  # a long link (across the centre) is drawn 2x: still smooth
    mask = Image.new("L", (size[0] * sup, size[1] * sup), 0)
    draw = ImageDraw.Draw(mask)
    w = width * sup
    for start, end in segments:
        p, q = ((start[0] - x0) * sup, (start[1] - y0) * sup), ((end[0] - x0) * sup, (end[1] - y0) * sup)
        draw.line((*p, *q), fill=255, width=round(w))
        for x, y in (p, q):
            draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=255)
    return (x0, y0), mask.resize(size, Image.Resampling.BOX)


def _link(image: Image.Image, a: int, b: int, color: Color, group: bool) -> None:
    at, mask = link_mask(min(a, b), max(a, b), group)
    image.paste(color, at, mask)


@lru_cache(maxsize=8 * SPACES)
def arrow_masks(space: int, direction: str, leader: bool,
                ) -> tuple[tuple[int, int], Image.Image, Image.Image, Image.Image]:
    """The arrowhead in front of a march's head, pointing its way of travel: its corner, the mask
    of the whole head (drawn white, with a dark edge) and of its middle (the party's colour)."""
    ux, uy = _direction_vector(space, direction)
    vx, vy = -uy, ux
    cx, cy = space_centre(space)
    start = ((LEADER_DU if leader else TOKEN_DU) / 2 - 5) * SCALE  # on the piece's front edge
    length, half = ARROW_LONG * SCALE, ARROW_HALF * SCALE
    tip = (cx + ux * (start + length), cy + uy * (start + length))
    base = (cx + ux * start, cy + uy * start)
    points = [tip, (base[0] + vx * half, base[1] + vy * half), (base[0] - vx * half, base[1] - vy * half)]
    pad = 4 * SCALE
    x0, y0 = int(min(p[0] for p in points) - pad), int(min(p[1] for p in points) - pad)
    x1, y1 = int(max(p[0] for p in points) + pad) + 1, int(max(p[1] for p in points) + pad) + 1
    size = ((x1 - x0) * SUPER, (y1 - y0) * SUPER)
    local = [((x - x0) * SUPER, (y - y0) * SUPER) for x, y in points]
    centroid = (sum(p[0] for p in local) / 3, sum(p[1] for p in local) / 3)
    edge, whole, middle = Image.new("L", size, 0), Image.new("L", size, 0), Image.new("L", size, 0)
    ImageDraw.Draw(edge).polygon(_scaled(local, *centroid, 1.25), fill=255)
    ImageDraw.Draw(whole).polygon(local, fill=255)
    ImageDraw.Draw(middle).polygon(_scaled(local, *centroid, 0.68), fill=255)
    shrink = (x1 - x0, y1 - y0)
    return ((x0, y0), edge.resize(shrink, Image.Resampling.BOX), whole.resize(shrink, Image.Resampling.BOX),
            middle.resize(shrink, Image.Resampling.BOX))


def _arrow(image: Image.Image, space: int, direction: str, color: Color, leader: bool) -> None:
    at, edge, whole, middle = arrow_masks(space, direction, leader)
    image.paste(BORDER, at, edge)
    image.paste(WHITE, at, whole)
    image.paste(color, at, middle)


# --- the static layer per language ---------------------------------------------------------------------

def static_words(words: Words) -> tuple[str, ...]:
    """The words of the fixed layer: the key's labels, in KEY_WORDS order (the cache key of
    `_base`, so a catalog with other words never gets a stale layer)."""
    return tuple(words.msg(message_id) for _, message_id in KEY_WORDS)


def key_items(labels: tuple[str, ...]) -> list[tuple[str, str, Box]]:
    """Where each key item goes: (what, label, icon box in du); the items flow over two lines."""
    fnt = font(TEXT)
    placed: list[tuple[str, str, Box]] = []
    x, line = 14.0, 0
    for (what, _), label in zip(KEY_WORDS, labels, strict=True):
        width = KEY_ICON + 5 + text_width(label, fnt) / SCALE
        if x + width > 540 and x > 14:
            x, line = 14.0, line + 1
        top = KEY_TOP + line * KEY_LINE
        placed.append((what, label, (x, top + 1, x + KEY_ICON, top + KEY_LINE - 1)))
        x += width + 14
    return placed


def _key_icon(image: Image.Image, what: str, box: Box) -> None:
    left, top, right, bottom = _px_box(box)
    centre = ((left + right) / 2, (top + bottom) / 2)
    draw = ImageDraw.Draw(image)
    if what in ("leader", "token", "group"):
        paste_centred(image, piece_sprite("circle", NEUTRAL, what), centre)
    elif what == "number":
        paste_centred(image, number_disc(12), centre)
    elif what == "police":
        paste_centred(image, police_disc("pawn"), centre)
    else:
        side = bottom - top - 2
        swatch = (centre[0] - side / 2, top + 1, centre[0] + side / 2, bottom - 1)
        if what == "go":
            draw.rounded_rectangle(swatch, radius=px(3), fill=GOLD)
        else:
            draw.rounded_rectangle(swatch, radius=px(3), fill=CELL[0], outline=GOLD, width=px(4))


MAX_SEATS = len(SHAPES)


@lru_cache(maxsize=8)
def _base(labels: tuple[str, ...]) -> Image.Image:
    """Everything a language never changes: the panels, the numbered board and the key, with
    rows for the largest table (a render keeps the top `height_for(n)` pixels)."""
    image = Image.new("RGB", (WIDTH, height_for(MAX_SEATS)), PALETTE["background"])
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(_px_box(STRIP), radius=px(8), fill=PALETTE["panel"])
    draw.rounded_rectangle(_px_box((STRIP[0], STRIP[1], STRIP[0] + 5, STRIP[3])), radius=px(3), fill=GOLD)
    image.paste(_board_layers()[1], BOARD_BOX[:2])
    for what, label, box in key_items(labels):
        _key_icon(image, what, box)
        put_text(image, (px(box[2] + 5), px((box[1] + box[3]) / 2)), label, TEXT, PALETTE["text"], anchor="lm")
    for seat in range(MAX_SEATS):
        draw.rounded_rectangle(_px_box(row_box(seat)), radius=px(7),
                               fill=PALETTE["panel"] if seat % 2 == 0 else PALETTE["panel_alt"])
    return image


def clear_caches() -> None:
    """Forget every cached layer, sprite and text mask (tests that record font sizes start here)."""
    for cached in (_text_mask, piece_sprite, _disc, disc_sprite, _cell_index, _grid_mask, _board_layers, cell_mask,
                   blank_cell, mark_cell, link_mask, arrow_masks, _base):
        cached.cache_clear()


# --- per render: the board --------------------------------------------------------------------------------

def targets(view: dict[str, Any]) -> tuple[set[int], set[int], set[int]]:
    """(the spaces marked "can go here", the jump landings, the numbers a jump would take)."""
    go: set[int] = set()
    landings: set[int] = set()
    over: set[int] = set()
    phase = view.get("phase")
    if phase == "move":
        for move in view.get("moves") or []:
            if move.get("type") == "step":
                go.add(int(move["space"]))
            elif move.get("type") == "jump":
                landings.add(int(move["space"]))
                over.add(int(move["over"]))
    elif phase == "place_leader" and view.get("placing"):
        go.update(int(s) for s in view["placing"].get("options") or [])
    return go, landings, over


def _draw_board(image: Image.Image, view: dict[str, Any], waiting_word: str) -> None:
    go, landings, over = targets(view)
    for space in sorted(go):
        _paste_mark(image, space, "go")
    for space in sorted(landings - go):
        _paste_mark(image, space, "jump")
    occupied = sorted(int(s) for s in view.get("spaces") or {})
    for space in occupied:
        _blank(image, space)
    # links under the pieces: leaderless groups thin, marches thick
    for group in view.get("groups") or []:
        color = seat_color(group["seat"])
        chain = group["spaces"]
        for a, b in zip(chain, chain[1:], strict=False):
            _link(image, a, b, color, True)
    for march in view.get("marches") or []:
        color = seat_color(march["seat"])
        chain = march["spaces"]
        for a, b in zip(chain, chain[1:], strict=False):
            _link(image, a, b, color, False)
    for number in view.get("numbers") or []:
        paste_centred(image, number_disc(number, GOLD if number in over else None), space_centre(number))
    for piece in view.get("police") or []:
        if piece.get("space"):
            paste_centred(image, police_disc(piece["rank"]), space_centre(piece["space"]))
    for group in view.get("groups") or []:
        sprite = piece_sprite(seat_shape(group["seat"]), seat_color(group["seat"]), "group")
        for space in group["spaces"]:
            paste_centred(image, sprite, space_centre(space))
    for march in view.get("marches") or []:
        seat, chain, leader = march["seat"], march["spaces"], march["leader"]
        color, shape = seat_color(seat), seat_shape(seat)
        for position, space in enumerate(chain):
            kind = "leader" if position == leader else "token"
            paste_centred(image, piece_sprite(shape, color, kind), space_centre(space))
    for march in view.get("marches") or []:
        chain = march["spaces"]
        if chain and march.get("dir") in ("in", "out", "cw", "ccw"):
            head = chain[-1]
            _arrow(image, head, march["dir"], seat_color(march["seat"]), march["leader"] == len(chain) - 1)
    placing = view.get("placing") if view.get("phase") == "place_leader" else None
    if placing and isinstance(placing.get("from"), int):
        _lifted(image, placing["from"])
    _draw_waiting(image, view.get("waiting") or [], waiting_word)


def _lifted(image: Image.Image, space: int) -> None:
    """A gold ring around the leader an attack lifted (its player chooses where it goes)."""
    cx, cy = space_centre(space)
    r = (LEADER_DU / 2 + 4) * SCALE
    ImageDraw.Draw(image).ellipse((cx - r, cy - r, cx + r, cy + r), outline=GOLD, width=px(3))


def waiting_points(count: int) -> list[Point]:
    """Where `count` waiting numbers lie on the centre: rows of up to 4 under the word."""
    pitch = 31.0
    rows = [min(4, count - k) for k in range(0, count, 4)]
    first = 10 - (len(rows) - 1) * pitch / 2
    points = []
    for r, many in enumerate(rows):
        y = first + r * pitch
        for k in range(many):
            x = (k - (many - 1) / 2) * pitch
            points.append((CX + x * SCALE, CY + y * SCALE))
    return points


def _draw_waiting(image: Image.Image, waiting: list[int], word: str) -> None:
    if not waiting:
        return
    shown = list(waiting)[:12]
    points = waiting_points(len(shown))
    top = min(p[1] for p in points) - px(DISC_DU / 2)
    put_text(image, (CX, top - px(11)), word, TEXT, PALETTE["text"], bold=True,
             anchor="mm")
    for number, point in zip(shown, points, strict=True):
        paste_centred(image, number_disc(number), point)


# --- per render: the strip and the legend -------------------------------------------------------------

PIPS = {
    1: ((0.5, 0.5),), 2: ((0.28, 0.28), (0.72, 0.72)), 3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)),
}


def _draw_die(draw: ImageDraw.ImageDraw, left: float, top: float, size: float, value: int) -> None:
    draw.rounded_rectangle((left, top, left + size, top + size), radius=size * 0.16, fill=WHITE, outline=BORDER,
                           width=2)
    radius = size * 0.09
    for dx, dy in PIPS.get(value, ()):
        x, y = left + dx * size, top + dy * size
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(20, 20, 24))


def status_lines(view: dict[str, Any], names: list[str], words: Words,
                 width: float | None = None) -> tuple[str, str, int | None]:
    """The strip's two lines and the seat whose shape goes before the second (None: no shape).
    With `width` (px), long names are cut (never the rest) so the second line fits it at TEXT."""
    line, seat = "", None
    title = ""
    for share in (None, 0.6, 0.45, 0.35, 0.25, 0.15):
        limit = None if share is None or width is None else width * share
        title, line, seat = _status(view, names, words, limit)
        if width is None or text_width(line, font(TEXT, True)) <= width:
            break
    return title, line, seat


def _status(view: dict[str, Any], names: list[str], words: Words,
            limit: float | None) -> tuple[str, str, int | None]:
    def name(seat: Any) -> str:
        if not isinstance(seat, int):
            return "?"
        full = player_name(words, names, seat)
        return full if limit is None else ellipsize(full, font(TEXT, True), limit)

    phase = view.get("phase")
    if phase == "game_over":
        result = view.get("result") or {}
        reason = str(result.get("reason", ""))
        title = words.msg("arditi.picture.game_over")
        if reason in REASON:
            title = f"{title} · {words.msg(REASON[reason])}"
        winners = [s for s in result.get("winners") or [] if 0 <= s < view["n"]]
        scores = result.get("scores") or view.get("scores") or []
        line = words.plural("arditi.picture.winners", len(winners), names=", ".join(name(s) for s in winners))
        if winners and winners[0] < len(scores):
            points = words.plural("arditi.picture.points", int(scores[winners[0]]))
            line = f"{line} · {points}"
        return title, line, (winners[0] if len(winners) == 1 else None)
    title = words.msg("arditi.picture.round_of", round=view.get("round", 1), rounds=view.get("max_rounds", 60))
    if phase == "place_leader" and view.get("placing"):
        placing = view["placing"]
        seat = int(placing["seat"])
        line = words.msg("arditi.picture.placing", player=name(seat))
        return title, line, seat
    current = view.get("current")
    seat = int(current) if isinstance(current, int) else 0
    if phase == "move" and view.get("die") is not None:
        line = words.plural("arditi.picture.moving", int(view.get("steps_left") or 0), player=name(seat),
                            die=view["die"])
    else:
        line = words.msg("arditi.picture.to_roll", player=name(seat))
    return title, line, seat


def _draw_strip(image: Image.Image, view: dict[str, Any], names: list[str], words: Words) -> None:
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = _px_box(STRIP)
    left += px(14)
    right -= px(10)
    over = view.get("phase") == "game_over"
    die = view.get("die") if view.get("phase") == "move" else None
    if isinstance(die, int) and 1 <= die <= 6:
        size = px(40)
        _draw_die(draw, right - size, (top + bottom - size) / 2, size, die)
        right -= size + px(10)
    title, line, seat = status_lines(view, names, words, right - left - px(TOKEN_DU + 6))
    mid = (top + bottom) / 2
    put_fitted(image, (left, top + px(3), right, mid), title, TITLE, PALETTE["text"], bold=True)
    x = left
    if seat is not None and 0 <= seat < view.get("n", 0):
        paste_centred(image, piece_sprite(seat_shape(seat), seat_color(seat), "token"),
                      (x + px(TOKEN_DU / 2), (mid + bottom - px(3)) / 2))
        x += px(TOKEN_DU + 6)
    put_fitted(image, (x, mid, right, bottom - px(3)), line, STRONG, GOLD if over else PALETTE["text"], bold=True)


def _police_line(view: dict[str, Any], words: Words) -> str:
    pieces = sorted(view.get("police") or [], key=lambda p: POLICE_ORDER.index(p["rank"])
                    if p.get("rank") in POLICE_ORDER else 99)
    if not pieces:
        return words.msg("arditi.picture.police_none")
    parts = []
    for piece in pieces:
        where = str(piece["space"]) if piece.get("space") else words.msg("arditi.picture.off_board")
        parts.append(f"{POLICE_GLYPH.get(piece.get('rank', ''), '?')} {where}")
    return words.msg("arditi.picture.police", pieces=" · ".join(parts))


def captured_text(words: Words, numbers: list[int], width: float) -> str:
    """"3 numbers captured: 4 12 45", as many numbers as fit `width` px (then "…")."""
    head = words.plural("arditi.picture.captured", len(numbers))
    if not numbers:
        return head
    fnt = font(TEXT)
    ordered = sorted(numbers)
    for keep in range(len(ordered), 0, -1):
        listed = " ".join(str(n) for n in ordered[:keep]) + ("" if keep == len(ordered) else " …")
        text = f"{head}: {listed}"
        if text_width(text, fnt) <= width:
            return text
    return head


def _draw_rows(image: Image.Image, view: dict[str, Any], names: list[str], words: Words) -> None:
    draw = ImageDraw.Draw(image)
    n = view["n"]
    phase = view.get("phase")
    over = phase == "game_over"
    result = view.get("result") or {}
    winners = set(result.get("winners") or []) if over else set()
    scores = (result.get("scores") if over else None) or view.get("scores") or [0] * n
    acting = None
    if phase == "place_leader" and view.get("placing"):
        acting = view["placing"].get("seat")
    elif not over:
        acting = view.get("current")
    marches = {m["seat"]: m for m in view.get("marches") or []}
    for seat in range(n):
        box = _px_box(row_box(seat))
        left, top, right, bottom = box
        if seat == acting or seat in winners:
            draw.rounded_rectangle(box, radius=px(7), outline=GOLD, width=px(2.5))
        mid1 = top + px(14)
        mid2 = top + px(36)
        x = left + px(8)
        paste_centred(image, piece_sprite(seat_shape(seat), seat_color(seat), "token"), (x + px(11), mid1))
        x += px(28)
        if seat in winners:
            _crown(draw, x + px(10), mid1, px(20))
            x += px(26)
        score = words.plural("arditi.picture.points", int(scores[seat]) if seat < len(scores) else 0)
        militants = marches.get(seat, {}).get("militants", 0)
        score_w = put_text(image, (right - px(10), mid1), score, STRONG, GOLD if seat in winners else PALETTE["text"],
                           bold=True, anchor="rm")
        troops = words.plural("arditi.picture.militants", int(militants))
        troops_right = right - px(10) - score_w - px(12)
        troops_w = put_text(image, (troops_right, mid1), troops, TEXT, PALETTE["muted"], anchor="rm")
        name = player_name(words, names, seat)
        put_fitted(image, (x, mid1 - px(11), troops_right - troops_w - px(12), mid1 + px(11)), name, STRONG,
                   PALETTE["text"], bold=True)
        # second line: captured numbers, arrested militants at the right
        arrested = int((view.get("arrested") or [0] * n)[seat])
        line_right: float = right - px(10)
        if arrested:
            arrested_text = words.plural("arditi.picture.arrested", arrested)
            used = put_text(image, (line_right, mid2), arrested_text, TEXT, PALETTE["danger"], bold=True,
                            anchor="rm")
            line_right -= used + px(14)
        captured = [int(c) for c in (view.get("captured") or [[]] * n)[seat]]
        text = captured_text(words, captured, line_right - (left + px(36)))
        put_fitted(image, (left + px(36), mid2 - px(11), line_right, mid2 + px(11)), text, TEXT, PALETTE["muted"])


def _crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """A drawn crown for the winners."""
    w, h = size, size * 0.75
    left, top = cx - w / 2, cy - h / 2
    draw.polygon([(left, top + h), (left, top + h * 0.25), (left + w * 0.27, top + h * 0.55), (left + w * 0.5, top),
                  (left + w * 0.73, top + h * 0.55), (left + w, top + h * 0.25), (left + w, top + h)], fill=GOLD)


def render(view: dict[str, Any], names: list[str], words: Words) -> Image.Image:
    """The whole public picture of Arditi del Popolo for one view (825 px wide, RGB)."""
    n = int(view["n"])
    image = _base(static_words(words)).crop((0, 0, WIDTH, height_for(max(1, min(n, MAX_SEATS)))))
    _draw_board(image, view, words.msg("arditi.picture.waiting"))
    _draw_strip(image, view, names, words)
    put_fitted(image, _px_box((14, POLICE_TOP, 540, POLICE_BOTTOM)), _police_line(view, words), TEXT,
               PALETTE["text"])
    _draw_rows(image, view, names, words)
    return image
