"""Arditi del Popolo's board: its sizes, colours, seats' shapes, words and geometry, the sprites, the empty board,
the links and the static layer per language (renderers/arditi)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from games.arditi.board import RAYS, RINGS, SPACES, ray_of, ring_of
from games.core.messages import N_, MessageFamily
from renderers.core import (
    BOARD_SIZE,
    INLINE_MIN_TEXT,
    PALETTE,
    Color,
    Words,
    font,
    inline_scale,
    line_height,
    paste,
    put_text,
    shape_points,
    wrap_block,
)

Box = tuple[float, float, float, float]
Point = tuple[float, float]

# --- scale: layout in display units (du), one du = one pixel as shown in the inline box ----------

WIDTH, HEIGHT = BOARD_SIZE
SCALE = 1 / inline_scale(WIDTH, HEIGHT)  # 2: the board is drawn at twice the size it is shown
DU_WIDTH, DU_HEIGHT = WIDTH / SCALE, HEIGHT / SCALE  # 550 × 350


def px(value: float) -> int:
    """Display units → whole image pixels."""
    return int(round(value * SCALE))


def text_px(shown: float) -> int:
    """The font size (image px) of a text `shown` du tall."""
    return math.ceil(shown * SCALE)


SMALL = text_px(INLINE_MIN_TEXT)  # 20: the key's labels, a row's militants, the corners
NUMBER = text_px(11)  # a space's number, a number disc
NAME = text_px(11)  # a party's name in its row
STRONG = text_px(12)  # the status sentence
TITLE = text_px(13)  # the round
GLYPH = text_px(14)  # a police piece's chess glyph

# --- colours -------------------------------------------------------------------------------------

WHITE: Color = (255, 255, 255)
BORDER: Color = (16, 18, 26)
CELL: tuple[Color, Color] = ((58, 65, 88), (49, 55, 76))
GRID: Color = (24, 27, 38)
CENTRE: Color = (36, 40, 56)
NUMBER_TEXT: Color = (170, 178, 196)
FIVE_TEXT: Color = (246, 247, 250)
TRAIL_TEXT: Color = (250, 250, 252)  # a free space's number on a tinted (last move) cell
DISC: Color = (238, 228, 204)  # an indifferent (or waiting) number
DISC_TEXT: Color = (32, 30, 28)
POLICE_DISC: Color = (250, 250, 250)
POLICE_INK: Color = (12, 12, 16)
GOLD: Color = PALETTE["accent"]
GOLD_TEXT: Color = PALETTE["accent_text"]
HOLLOW: Color = (30, 34, 48)
NEUTRAL: Color = (200, 204, 214)  # the pieces of the key, which belong to no party
TRAIL_SHARE = 0.42  # how much of the party's colour tints a cell of its last move


def blend(a: Color, b: Color, share: float) -> Color:
    """`a` moved `share` of the way to `b`."""
    return (round(a[0] + (b[0] - a[0]) * share), round(a[1] + (b[1] - a[1]) * share),
            round(a[2] + (b[2] - a[2]) * share))


def trail_color(space: int, color: Color) -> Color:
    """The tint of a space entered in the last move by the party of `color`."""
    return blend(CELL[(ray_of(space) + ring_of(space)) % 2], color, TRAIL_SHARE)


# --- seats: a shape per seat as well as a colour ---------------------------------------------------

SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star")
MAX_SEATS = len(SHAPES)


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
    ("trail", N_("arditi.picture.key.last_move")),
    ("go", N_("arditi.picture.key.can_go")),
    ("jump", N_("arditi.picture.key.jump")),
)


# --- layout (display units) ------------------------------------------------------------------------

BOARD_CX, BOARD_CY = 178.0, 178.0
R_OUT, RING_W = 164.0, 22.8
R_HOLE = R_OUT - RINGS * RING_W  # 50: the centre, where waiting numbers lie
DOT_R, DOT_SIZE = R_OUT + 6.5, 3.5  # the white dot of ray 0, just outside the rim
TOKEN_DU, LEADER_DU, DISC_DU, POLICE_DU = 16.0, 20.5, 19.0, 20.0
LINK_DU, GROUP_LINK_DU = 5.0, 2.2
ARROW_LONG, ARROW_HALF = 7.5, 5.5  # the arrowhead at a march's head
JUMP_FRAME = 3.0  # the gold frame of a jump's landing
WAITING_PITCH = 20.0

PANEL_LEFT, PANEL_RIGHT = 358.0, 544.0
STATUS: Box = (PANEL_LEFT, 6, PANEL_RIGHT, 80)
PAD = 7.0  # inside a panel
DIE_DU = 27.0
ROWS_TOP, ROW_H, ROW_GAP = 87.0, 23.0, 3.0
KEY_GAP, KEY_LINE = 6.0, 25.0  # the key follows the rows, KEY_GAP under the last
KEY_COLUMNS = (PANEL_LEFT + 2, PANEL_LEFT + 2 + (PANEL_RIGHT - PANEL_LEFT) / 2)
KEY_ICON = 22.0  # the width of a key's icon
KEY_LABEL = (PANEL_RIGHT - PANEL_LEFT) / 2 - KEY_ICON - 6  # a label's width


def row_box(seat: int) -> Box:
    """A party's row in the panel (du)."""
    top = ROWS_TOP + seat * (ROW_H + ROW_GAP)
    return (PANEL_LEFT, top, PANEL_RIGHT, top + ROW_H)


def key_top(n: int) -> float:
    """Where the key starts under the rows of `n` parties (du)."""
    return row_box(max(1, min(n, MAX_SEATS)) - 1)[3] + KEY_GAP


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


_REACH = DOT_R + DOT_SIZE + 1  # the board's drawing reaches this far from the centre (du)
BOARD_BOX = (max(0, int(CX - _REACH * SCALE)), max(0, int(CY - _REACH * SCALE)),
             int(CX + _REACH * SCALE) + 1, min(HEIGHT, int(CY + _REACH * SCALE) + 1))


def _cell_bbox(space: int) -> tuple[int, int, int, int]:
    """The image box around a space's cell (with 2 px to spare)."""
    inner, outer = ring_radii(ring_of(space))
    middle = math.degrees(ray_angle(ray_of(space)))
    angles = [middle - 10, middle + 10] + [d for d in range(0, 721, 90) if middle - 10 < d < middle + 10]
    points = [polar(r, math.radians(d)) for r in (inner, outer) for d in angles]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs)) + 3, int(max(ys)) + 3


# --- text ----------------------------------------------------------------------------------------------

def put_lines(image: Image.Image, box: Box, lines: list[str], size: int, fill: Color, bold: bool = False) -> None:
    """`lines` left-aligned, centred as a block in the pixel `box`."""
    step = line_height(font(size, bold))
    y = (box[1] + box[3]) / 2 - step * len(lines) / 2 + step / 2
    for line in lines:
        put_text(image, (box[0], y), line, size, fill, bold, "lm")
        y += step


# --- shapes and sprites ------------------------------------------------------------------------------

SUPER = 4  # sprites are drawn 4x larger and shrunk: polygons are not anti-aliased


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
    edge = 1.3 * SUPER * SCALE
    if kind == "leader":
        draw.polygon(_scaled(outline, c, c, (half - edge) / half), fill=WHITE)
        draw.polygon(_scaled(outline, c, c, (half - 3.4 * edge) / half), fill=color)
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
    edge = (3.0 if ring else 1.1) * SUPER * SCALE
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
    return disc_sprite(str(number), DISC, DISC_TEXT, DISC_DU, NUMBER, ring)


def police_disc(rank: str) -> Image.Image:
    return disc_sprite(POLICE_GLYPH.get(rank, "?"), POLICE_DISC, POLICE_INK, POLICE_DU, GLYPH)


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
    line = round(1.2 * SCALE * SUPER)
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


def number_ink(space: int) -> tuple[Color, bool]:
    """(colour, bold) of a free space's number: multiples of 5 (the inner ring) bold and white."""
    five = space % 5 == 0
    return (FIVE_TEXT if five else NUMBER_TEXT), five


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
    x, y = _local(polar(DOT_R, ray_angle(0)))
    dot = DOT_SIZE * SCALE
    ImageDraw.Draw(blank).ellipse((x - dot - 2, y - dot - 2, x + dot + 2, y + dot + 2), fill=BORDER)
    ImageDraw.Draw(blank).ellipse((x - dot, y - dot, x + dot, y + dot), fill=WHITE)
    numbered = blank.copy()
    for space in range(1, SPACES + 1):
        ink, bold = number_ink(space)
        put_text(numbered, _local(space_centre(space)), str(space), NUMBER, ink, bold=bold, anchor="mm")
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
    put_text(patch, (cx - at[0], cy - at[1]), str(space), NUMBER, ink, bold=True, anchor="mm")
    return at, patch


@lru_cache(maxsize=4 * SPACES)
def trail_cell(space: int, color: Color, numbered: bool) -> tuple[tuple[int, int], Image.Image]:
    """A space entered in the last move, as an RGBA patch tinted with the mover's colour (its number
    in white when nothing stands on it)."""
    at, mask = cell_mask(space)
    patch = Image.new("RGBA", mask.size, (0, 0, 0, 0))
    patch.paste(trail_color(space, color), (0, 0), mask)
    if numbered:
        cx, cy = space_centre(space)
        put_text(patch, (cx - at[0], cy - at[1]), str(space), NUMBER, TRAIL_TEXT, bold=number_ink(space)[1],
                 anchor="mm")
    return at, patch


def _paste_patch(image: Image.Image, at_patch: tuple[tuple[int, int], Image.Image]) -> None:
    at, patch = at_patch
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
            segments.append((space_centre(space), polar(R_OUT + 6, angle)))
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
    start = ((LEADER_DU if leader else TOKEN_DU) / 2 - 3) * SCALE  # on the piece's front edge
    length, half = ARROW_LONG * SCALE, ARROW_HALF * SCALE
    tip = (cx + ux * (start + length), cy + uy * (start + length))
    base = (cx + ux * start, cy + uy * start)
    points = [tip, (base[0] + vx * half, base[1] + vy * half), (base[0] - vx * half, base[1] - vy * half)]
    pad = 3 * SCALE
    x0, y0 = int(min(p[0] for p in points) - pad), int(min(p[1] for p in points) - pad)
    x1, y1 = int(max(p[0] for p in points) + pad) + 1, int(max(p[1] for p in points) + pad) + 1
    size = ((x1 - x0) * SUPER, (y1 - y0) * SUPER)
    local = [((x - x0) * SUPER, (y - y0) * SUPER) for x, y in points]
    centroid = (sum(p[0] for p in local) / 3, sum(p[1] for p in local) / 3)
    edge, whole, middle = Image.new("L", size, 0), Image.new("L", size, 0), Image.new("L", size, 0)
    ImageDraw.Draw(edge).polygon(_scaled(local, *centroid, 1.3), fill=255)
    ImageDraw.Draw(whole).polygon(local, fill=255)
    ImageDraw.Draw(middle).polygon(_scaled(local, *centroid, 0.62), fill=255)
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
    `_key`, so a catalog with other words never gets a stale layer)."""
    return tuple(words.msg(message_id) for _, message_id in KEY_WORDS)


KEY_ROWS = -(-len(KEY_WORDS) // 2)


def key_items(labels: tuple[str, ...], key_top: float) -> list[tuple[str, str, Box]]:
    """Where each key item goes: (what, label, icon box in du), two columns from `key_top` down, in
    KEY_WORDS order down the first column, then the second."""
    placed: list[tuple[str, str, Box]] = []
    for k, ((what, _), label) in enumerate(zip(KEY_WORDS, labels, strict=True)):
        left, top = KEY_COLUMNS[k // KEY_ROWS], key_top + 3 + (k % KEY_ROWS) * KEY_LINE
        placed.append((what, label, (left, top + 2, left + KEY_ICON, top + KEY_LINE - 2)))
    return placed


def _key_icon(image: Image.Image, what: str, box: Box) -> None:
    left, top, right, bottom = _px_box(box)
    centre = ((left + right) / 2, (top + bottom) / 2)
    draw = ImageDraw.Draw(image)
    if what in ("leader", "token", "group"):
        paste(image, piece_sprite("circle", NEUTRAL, what), centre, centred=True)
    elif what == "number":
        paste(image, number_disc(12), centre, centred=True)
    elif what == "police":
        paste(image, police_disc("pawn"), centre, centred=True)
    else:
        side = px(17)
        swatch = (centre[0] - side / 2, centre[1] - side / 2, centre[0] + side / 2, centre[1] + side / 2)
        if what == "go":
            draw.rounded_rectangle(swatch, radius=px(3), fill=GOLD)
        elif what == "trail":
            draw.rounded_rectangle(swatch, radius=px(3), fill=blend(CELL[0], NEUTRAL, TRAIL_SHARE))
        else:
            draw.rounded_rectangle(swatch, radius=px(3), fill=CELL[0], outline=GOLD, width=px(JUMP_FRAME))


KEY_HEIGHT = 3 + KEY_ROWS * KEY_LINE  # du, from the separator line to the last row's bottom


@lru_cache(maxsize=8)
def _key(labels: tuple[str, ...]) -> Image.Image:
    """The key in one language, over the panel's width and KEY_HEIGHT (pasted under the rows)."""
    image = Image.new("RGB", (px(PANEL_RIGHT - PANEL_LEFT), px(KEY_HEIGHT)), PALETTE["background"])
    ImageDraw.Draw(image).line((px(4), 0, px(PANEL_RIGHT - PANEL_LEFT - 4), 0), fill=PALETTE["line"], width=2)
    for what, label, box in key_items(labels, 0):
        icon = (box[0] - PANEL_LEFT, box[1], box[2] - PANEL_LEFT, box[3])
        _key_icon(image, what, icon)
        text_box = (px(icon[2] + 4), px(icon[1] - 2), px(icon[2] + 4 + KEY_LABEL), px(icon[3] + 2))
        lines, size, _cut, _squeeze = wrap_block(label, text_box[2] - text_box[0], SMALL, max_lines=2)
        put_lines(image, text_box, lines, size, PALETTE["text"])
    return image


@lru_cache(maxsize=1)
def _base() -> Image.Image:
    """Everything no view and no language changes: the numbered board and the status card."""
    image = Image.new("RGB", BOARD_SIZE, PALETTE["background"])
    draw = ImageDraw.Draw(image)
    image.paste(_board_layers()[1], BOARD_BOX[:2])
    draw.rounded_rectangle(_px_box(STATUS), radius=px(6), fill=PALETTE["panel"])
    draw.rounded_rectangle(_px_box((STATUS[0], STATUS[1], STATUS[0] + 3.5, STATUS[3])), radius=px(2), fill=GOLD)
    return image
