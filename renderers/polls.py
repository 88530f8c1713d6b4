"""The Polls Are Closed! (Spain): the public board as one image, readable at chat size.

A pure function of a view from `games.polls.GAME.view(state, seat)` (everything is public, so
any seat's view draws the same board) and of the reader's `Words`. Discord shows the picture
about 550 px wide, so the board is laid out in *display units* (du, 1/550 of the width) and
every text is at least 16 du: readable inline, sharp when opened.

From top to bottom: a status strip (round and turn, who plays and what is asked of them, the
dice of a pending roll, the key of the frames), a block map of Spain (one tile per region at its
rough place, filled by the party that leads, with its name, its Influence cost, both parties'
Influence and the seats it would give now), the legend of the cost codes and limits, the three
propaganda circles with the pact boxes, and the seats each party would win if the polls closed
now. A white frame marks what the last move touched (regions, sectors); a gold frame what the
player to act can do now (affordable regions, the sector a 7 takes, the sectors of the dice to
order, the regions open to the national poll). Empty regions and sectors show no "0".

Colour-blind safety: the parties differ by shape as well as colour (blue = discs, red = squares,
third parties = diamonds) and red-led regions, red sectors and red seats are hatched.
Static layers (tile and circle masks, frames' bands, the language's fixed words) are drawn once
per process and cached; each call writes palettes through those layers and draws the pieces.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from games.core.messages import N_, MessageFamily
from games.polls.data import (
    ABSOLUTE_MAJORITY,
    PACT_CIRCLES,
    PACT_REGIONS,
    PARTY_NAMES,
    POLL_REGIONS,
    REGION_TYPE,
    REGIONS,
    TOKENS_PER_PARTY,
    TOTAL_SEATS,
    sector_for_die,
)
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
    text_width,
    wrap,
)

Box = tuple[float, float, float, float]

# --- scale: layout in display units (du), 550 du = the width Discord shows inline --------------

SCALE = 1.25  # 687 px wide: sharp when opened, and the PNG stays fast to encode
DISPLAY_WIDTH = CHAT_WIDTH


def px(value: float) -> int:
    """Display units → image pixels."""
    return int(round(value * SCALE))


WIDTH = int(DISPLAY_WIDTH * SCALE)


def fs(value: float) -> int:
    """A font size in display units → pixels, rounded up so that, shown `DISPLAY_WIDTH` wide, it
    never reads smaller than asked."""
    return math.ceil(value * WIDTH / DISPLAY_WIDTH - 1e-9)


TEXT = readable_size(WIDTH, CHAT_MIN_TEXT)  # every text is at least this: 16 px when shown 550 px wide
STRONG = fs(18)

# --- colours --------------------------------------------------------------------------------

BLUE: Color = (45, 120, 220)
RED: Color = (214, 58, 46)
PARTY_COLORS: tuple[Color, Color] = (BLUE, RED)
PARTY_TEXT: tuple[Color, Color] = ((120, 178, 255), (255, 130, 116))
# Region / sector fills: dark enough for white text, far apart in hue *and* the red one hatched.
BLUE_FILL: Color = (34, 86, 158)
RED_FILL: Color = (128, 38, 34)
RED_HATCH: Color = (190, 72, 58)
TIE_FILL: Color = (106, 96, 126)
LAND: Color = (66, 73, 96)
SEA: Color = (24, 28, 40)
BORDER: Color = (16, 18, 26)
PILL: Color = (18, 20, 30)
SECTOR_EMPTY: Color = (52, 59, 80)
SECTOR_LINE: Color = (150, 160, 182)
WHITE: Color = (255, 255, 255)
THIRD: Color = (150, 156, 170)
LAST_MOVE: Color = WHITE
POSSIBLE: Color = PALETTE["accent"]
CHIP_TEXT: Color = (228, 231, 240)

# --- words ------------------------------------------------------------------------------------

PARTY_WORD = MessageFamily("polls.picture.party", PARTY_NAMES)
REGION_SHORT = MessageFamily("polls.picture.region_short", REGIONS)
REASON_WORD = MessageFamily("polls.picture.reason", ("absolute_majority", "minority_government"))


def _name(words: Words, names: list[str], seat: int) -> str:
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    return name or words.msg("polls.picture.player_number", number=seat + 1)


def _party(words: Words, seat: int) -> str:
    return words.msg(PARTY_WORD[PARTY_NAMES[seat]])


def _player(words: Words, names: list[str], seat: int, width: float, size: int = STRONG) -> str:
    """"Blue · Alice", the name cut so the whole fits `width` pixels at `size` (bold)."""
    party = _party(words, seat)
    room = width - text_width(words.msg("polls.picture.player", party=party, name=""), font(size, True))
    name = ellipsize(_name(words, names, seat), font(size, True), max(room, px(40)))
    return words.msg("polls.picture.player", party=party, name=name)


# --- layout (display units) --------------------------------------------------------------------

STRIP: Box = (8, 6, 542, 62)
MAP_LEFT, MAP_TOP = 8, 70
MAP_W_DU, MAP_H_DU = 534, 356
LEGEND_TOP = MAP_TOP + MAP_H_DU + 4  # two lines: the cost codes, the limits and "others"
CIRCLES_TOP = LEGEND_TOP + 50
CIRCLES_BOTTOM = CIRCLES_TOP + 232
SEATS_TOP = CIRCLES_BOTTOM + 8
SEATS_BOTTOM = SEATS_TOP + 180
HEIGHT = px(SEATS_BOTTOM + 8)

# Tiles of the block map, in du from the map's corner: one or more rectangles per region (an
# L-shape is two touching rectangles) at their rough places; the gaps between regions show sea.
TILES: dict[str, tuple[Box, ...]] = {
    "galicia": ((0, 0, 118, 168),),
    "asturias": ((122, 0, 242, 82),),
    "euskadi": ((246, 0, 386, 82),),
    "catalonia": ((390, 0, 534, 82), (414, 82, 534, 168)),
    "castilla_y_leon": ((122, 86, 290, 168),),
    "aragon": ((294, 86, 410, 168),),
    "andalusia": ((0, 172, 100, 276), (0, 276, 350, 356)),
    "madrid": ((104, 172, 214, 272),),
    "castilla_la_mancha": ((218, 172, 350, 272),),
    "valencia": ((354, 172, 462, 272), (354, 272, 404, 356)),
    "islands": ((414, 276, 534, 356),),
}
# The tile part where each region's label block sits (the first rectangle unless said here).
LABEL_BOX: dict[str, Box] = {"andalusia": (0, 276, 350, 356)}
MAP_X, MAP_Y = px(MAP_LEFT), px(MAP_TOP)
MAP_W, MAP_H = px(MAP_W_DU), px(MAP_H_DU)
HATCH = px(6)
TOKEN = 26  # du: a token with its count inside
SEAT_MARK = 11  # du: the seat markers (disc, square, diamond)


def _map_box(box: Box) -> tuple[int, int, int, int]:
    """A tile rectangle in pixels relative to the map's corner (right/bottom exclusive)."""
    return px(box[0]), px(box[1]), px(box[2]), px(box[3])


def region_box(region: str) -> tuple[int, int, int, int]:
    """The image rectangle of a region's label part (where its name and counts are drawn)."""
    left, top, right, bottom = _map_box(LABEL_BOX.get(region, TILES[region][0]))
    return MAP_X + left, MAP_Y + top, MAP_X + right, MAP_Y + bottom


def label_point(region: str) -> tuple[int, int]:
    """The centre of a region's label part."""
    left, top, right, bottom = region_box(region)
    return (left + right) // 2, (top + bottom) // 2


# The propaganda circles (du): A on the left, B in the middle with C below on its right, the pact
# boxes on the right.
CIRCLE_A_DU = (124, CIRCLES_TOP + 120)
A_OUTER, A_MID, A_CENTRE = 88, 58, 32
CIRCLE_B_DU = (300, CIRCLES_TOP + 82)
B_OUTER, B_CENTRE = 58, 31
CIRCLE_C_DU = (358, CIRCLES_TOP + 194)
C_CENTRE = 31
PACTS_LEFT, PACTS_RIGHT = 392, 536
A_ORDER = ("A1", "A6", "A2", "A5", "A3", "A4")  # clockwise from the top: pairs summing 7 adjacent
A_INTERMEDIATE = ("A16", "A25", "A34")
B_ORDER = ("B14", "B25", "B36")
B_LABELS = {"B14": "1/4", "B25": "2/5", "B36": "3/6"}
CIRCLE_SECTORS = (*A_ORDER, *A_INTERMEDIATE, *B_ORDER)
CENTRES = ("A", "B", "C")


def _sector_angles() -> dict[str, tuple[float, float]]:
    angles: dict[str, tuple[float, float]] = {}
    for i, sector in enumerate(A_ORDER):
        angles[sector] = (-90 + 60 * i, -30 + 60 * i)
    for i, sector in enumerate(A_INTERMEDIATE):
        angles[sector] = (-90 + 120 * i, 30 + 120 * i)
    for i, sector in enumerate(B_ORDER):
        angles[sector] = (-90 + 120 * i, 30 + 120 * i)
    return angles


SECTOR_ANGLES = _sector_angles()


def _polar(centre: tuple[float, float], radius: float, degrees: float) -> tuple[float, float]:
    rad = math.radians(degrees)
    return centre[0] + radius * math.cos(rad), centre[1] + radius * math.sin(rad)


def _centre_du(kind: str) -> tuple[float, float]:
    return {"A": CIRCLE_A_DU, "B": CIRCLE_B_DU, "C": CIRCLE_C_DU}[kind]


def sector_point(sector: str) -> tuple[int, int]:
    """Image point where a sector's tokens are drawn (the middle of its ring part, or a centre)."""
    if sector in CENTRES:
        x, y = _centre_du(sector)
    else:
        start, end = SECTOR_ANGLES[sector]
        mid = (start + end) / 2
        if sector in A_ORDER:
            x, y = _polar(CIRCLE_A_DU, (A_OUTER + A_MID) / 2, mid)
        elif sector in A_INTERMEDIATE:
            x, y = _polar(CIRCLE_A_DU, (A_MID + A_CENTRE) / 2 + 1, mid)
        else:
            x, y = _polar(CIRCLE_B_DU, (B_OUTER + B_CENTRE) / 2 + 1, mid)
    return px(x), px(y)


def _pact_box(i: int) -> Box:
    top = CIRCLES_TOP + 30 + i * 67
    return (PACTS_LEFT, top, PACTS_RIGHT, top + 62)


# --- cached text and tokens ---------------------------------------------------------------------

@lru_cache(maxsize=4096)
def _text_masks(text: str, size: int, bold: bool, anchor: str, stroke: int) -> tuple[Image.Image,
                                                                                     Image.Image | None, int, int]:
    """`text` rendered once as L masks (glyphs, and glyphs plus outline when `stroke`), with the
    offset of the mask from the anchor point. Rasterising text is the costliest part of a board
    (FreeType per call); labels and numbers repeat from render to render, so they are cached."""
    fnt = font(size, bold)
    left, top, right, bottom = (int(math.floor(v)) for v in fnt.getbbox(text, stroke_width=stroke, anchor=anchor))
    width, height = max(1, right - left + 1), max(1, bottom - top + 1)
    glyphs = Image.new("L", (width, height), 0)
    ImageDraw.Draw(glyphs).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
    outline = None
    if stroke:
        outline = Image.new("L", (width, height), 0)
        ImageDraw.Draw(outline).text((-left, -top), text, font=fnt, fill=255, anchor=anchor, stroke_width=stroke,
                                     stroke_fill=255)
    return glyphs, outline, left, top


def _put_text(image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: Color, bold: bool = False,
              anchor: str = "la", stroke: int = 0, stroke_fill: Color = BORDER) -> None:
    """Draw `text` at `xy` (Pillow anchor) from the cache; `stroke` outlines it in `stroke_fill`."""
    if not text:
        return
    glyphs, outline, dx, dy = _text_masks(text, size, bold, anchor, stroke)
    at = (int(round(xy[0])) + dx, int(round(xy[1])) + dy)
    if outline is not None:
        image.paste(stroke_fill, at, outline)
    image.paste(fill, at, glyphs)


def _fit_size(text: str, max_width: float, size: int, bold: bool) -> int:
    """The largest size from `size` down to the minimum readable size at which `text` fits."""
    for sz in range(size, TEXT - 1, -1):
        if text_width(text, font(sz, bold)) <= max_width:
            return sz
    return TEXT


def _put_fitted(image: Image.Image, box: tuple[float, float, float, float], text: str, size: int, fill: Color,
                bold: bool = False, align: str = "left", stroke: int = 0) -> float:
    """One line in the pixel `box`, shrunk (never under the readable minimum) and then
    ellipsized so it never spills. Returns the drawn width."""
    left, top, right, bottom = box
    sz = _fit_size(text, right - left, size, bold)
    shown = ellipsize(text, font(sz, bold), right - left)
    y = (top + bottom) / 2
    if align == "center":
        _put_text(image, ((left + right) / 2, y), shown, sz, fill, bold, "mm", stroke)
    elif align == "right":
        _put_text(image, (right, y), shown, sz, fill, bold, "rm", stroke)
    else:
        _put_text(image, (left, y), shown, sz, fill, bold, "lm", stroke)
    return text_width(shown, font(sz, bold))


@lru_cache(maxsize=256)
def _token(seat: int, size: int, count: int | None = None) -> Image.Image:
    """A party's token as an RGBA sprite, `count` written inside: blue is a disc, red a square,
    the third parties a diamond (the shape tells them apart without colour). Drawn 4x and shrunk."""
    scale = 4
    big = size * scale
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    fill = PARTY_COLORS[seat] if seat in (0, 1) else THIRD
    width = max(2, size // 12) * scale
    if seat == 0:
        draw.ellipse((0, 0, big - 1, big - 1), fill=WHITE)
        draw.ellipse((width, width, big - 1 - width, big - 1 - width), fill=fill)
    elif seat == 1:
        inset = scale * max(1, size // 14)  # a square of the same size looks bigger than the disc
        draw.rectangle((inset, inset, big - 1 - inset, big - 1 - inset), fill=WHITE)
        draw.rectangle((inset + width, inset + width, big - 1 - inset - width, big - 1 - inset - width), fill=fill)
    else:
        half = big / 2
        draw.polygon([(half, 0), (big - 1, half), (half, big - 1), (0, half)], fill=fill)
    sprite = sprite.resize((size, size), Image.Resampling.LANCZOS)
    if count is not None:
        text = str(count)
        ImageDraw.Draw(sprite).text((size / 2, size / 2 + 0.5), text, font=font(TEXT, True), fill=WHITE, anchor="mm",
                                    stroke_width=1, stroke_fill=(20, 24, 40))
    return sprite


def _draw_token(image: Image.Image, seat: int, centre: tuple[float, float], size: int,
                count: int | None = None) -> None:
    """A token (pixel `size`) centred on `centre`, with `count` written inside."""
    sprite = _token(seat, size, count)
    at = (int(round(centre[0] - size / 2)), int(round(centre[1] - size / 2)))
    image.paste(sprite, at, sprite)


# --- static layers ------------------------------------------------------------------------------

def _hatch(size: tuple[int, int]) -> Image.Image:
    """Diagonal stripes over a rectangle, as an L mask."""
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    for offset in range(-size[1], size[0] + size[1], HATCH):
        draw.line((offset, 0, offset + size[1], size[1]), fill=255, width=max(2, px(2)))
    return mask


@lru_cache(maxsize=1)
def _region_masks() -> dict[str, tuple[Image.Image, Image.Image]]:
    """Per region: its tiles as an L mask over the map, and the same masked by the hatching."""
    hatch = _hatch((MAP_W, MAP_H))
    masks: dict[str, tuple[Image.Image, Image.Image]] = {}
    for region in REGIONS:
        mask = Image.new("L", (MAP_W, MAP_H), 0)
        draw = ImageDraw.Draw(mask)
        for box in TILES[region]:
            left, top, right, bottom = _map_box(box)
            draw.rectangle((left, top, right - 1, bottom - 1), fill=255)
        masks[region] = (mask, ImageChops.multiply(mask, hatch))
    return masks


@lru_cache(maxsize=1)
def _map_index() -> Image.Image:
    """The map as a palette image: 0 sea, 1+2i region i, 2+2i region i's stripes. A render only
    writes a palette (who leads where) and converts: ~1 ms for the whole map."""
    index = Image.new("L", (MAP_W, MAP_H), 0)
    for i, region in enumerate(REGIONS):
        mask, stripes = _region_masks()[region]
        index.paste(1 + 2 * i, (0, 0), mask)
        index.paste(2 + 2 * i, (0, 0), stripes)
    return Image.frombytes("P", index.size, index.tobytes())


Band = tuple[tuple[int, int], Image.Image]
FRAME = px(2.5)  # width of a frame (last move: white, outermost; possible now: gold, inside it)


def _frame_bands(mask: Image.Image, origin: tuple[int, int]) -> tuple[Band, Band]:
    """The two frames drawn inside a shape's edge, in image coordinates: the last-move band (the
    outermost FRAME pixels) and the possible-now band (the next FRAME pixels after a 1 px gap).
    Each is (offset, L mask cropped to the shape); erosion by repeated 3x3 minimum filters."""
    box = mask.getbbox() or (0, 0, 1, 1)
    pad = 2
    crop = Image.new("L", (box[2] - box[0] + 2 * pad, box[3] - box[1] + 2 * pad), 0)
    crop.paste(mask.crop(box), (pad, pad))
    eroded = [crop]
    for _ in range(2 * FRAME + 1):
        eroded.append(eroded[-1].filter(ImageFilter.MinFilter(3)))
    at = (origin[0] + box[0] - pad, origin[1] + box[1] - pad)
    last = ImageChops.subtract(eroded[0], eroded[FRAME])
    gold = ImageChops.subtract(eroded[FRAME + 1], eroded[2 * FRAME + 1])
    return (at, last), (at, gold)


@lru_cache(maxsize=1)
def _region_frames() -> dict[str, tuple[Band, Band]]:
    """Per region: the bands of the last-move and possible-now frames, in image coordinates."""
    return {region: _frame_bands(mask, (MAP_X, MAP_Y)) for region, (mask, _) in _region_masks().items()}


def _circles_area() -> tuple[int, int, int, int]:
    """The pixel box of the circles (the circles panel without the pact boxes)."""
    return px(MAP_LEFT), px(CIRCLES_TOP), px(PACTS_LEFT - 4), px(CIRCLES_BOTTOM)


def _ring_box(centre: tuple[float, float], radius: float, origin: tuple[int, int], scale: int = 1) -> Box:
    cx, cy = (px(centre[0]) - origin[0]) * scale, (px(centre[1]) - origin[1]) * scale
    r = px(radius) * scale
    return (cx - r, cy - r, cx + r, cy + r)


@lru_cache(maxsize=1)
def _circle_index() -> tuple[Image.Image, Image.Image, dict[str, Image.Image]]:
    """The circles over their area as a palette image (1+2k sector k, 2+2k its stripes, then
    the three centres), the mask of the discs, and each sector's and centre's own mask."""
    area = _circles_area()
    origin = (area[0], area[1])
    size = (area[2] - area[0], area[3] - area[1])
    index = Image.new("L", size, 0)
    draw = ImageDraw.Draw(index)
    for k, sector in enumerate(CIRCLE_SECTORS):
        if sector in A_ORDER:
            radius, centre = A_OUTER, CIRCLE_A_DU
        elif sector in A_INTERMEDIATE:
            radius, centre = A_MID, CIRCLE_A_DU
        else:
            radius, centre = B_OUTER, CIRCLE_B_DU
        draw.pieslice(_ring_box(centre, radius, origin), *SECTOR_ANGLES[sector], fill=1 + 2 * k)
    first_centre = 1 + 2 * len(CIRCLE_SECTORS)
    for j, kind in enumerate(CENTRES):
        radius = {"A": A_CENTRE, "B": B_CENTRE, "C": C_CENTRE}[kind]
        draw.ellipse(_ring_box(_centre_du(kind), radius, origin), fill=first_centre + j)
    own: dict[str, Image.Image] = {}
    for k, sector in enumerate(CIRCLE_SECTORS):
        own[sector] = index.point(lambda v, k=k: 255 if v == 1 + 2 * k else 0)
    for j, kind in enumerate(CENTRES):
        own[kind] = index.point(lambda v, j=j: 255 if v == first_centre + j else 0)
    in_sector = index.point(lambda v: 255 if 0 < v < first_centre else 0)
    stripes = ImageChops.multiply(_hatch(size), in_sector).point(lambda v: 1 if v else 0)
    index = ImageChops.add(index, stripes)
    discs = index.point(lambda v: 255 if v else 0)
    return Image.frombytes("P", size, index.tobytes()), discs, own


@lru_cache(maxsize=1)
def _sector_frames() -> dict[str, tuple[Band, Band]]:
    """Per sector and centre: the bands of the last-move and possible-now frames (image coords)."""
    area = _circles_area()
    return {sector: _frame_bands(mask, area[:2]) for sector, mask in _circle_index()[2].items()}


@lru_cache(maxsize=1)
def _circle_lines() -> Image.Image:
    """The circles' outlines and sector spokes over their area, drawn 4x and shrunk (smooth)."""
    area = _circles_area()
    origin = (area[0], area[1])
    scale = 4
    mask = Image.new("L", ((area[2] - area[0]) * scale, (area[3] - area[1]) * scale), 0)
    draw = ImageDraw.Draw(mask)
    line = max(2, px(1.5)) * scale

    def ring(centre: tuple[float, float], radius: float) -> None:
        draw.ellipse(_ring_box(centre, radius, origin, scale), outline=255, width=line)

    def spoke(centre: tuple[float, float], inner: float, outer: float, degrees: float) -> None:
        c = ((px(centre[0]) - origin[0]) * scale, (px(centre[1]) - origin[1]) * scale)
        draw.line((*_polar(c, px(inner) * scale, degrees), *_polar(c, px(outer) * scale, degrees)), fill=255,
                  width=line)

    for radius in (A_OUTER, A_MID, A_CENTRE):
        ring(CIRCLE_A_DU, radius)
    for i in range(6):
        spoke(CIRCLE_A_DU, A_MID if i % 2 else A_CENTRE, A_OUTER, -90 + 60 * i)
    for radius in (B_OUTER, B_CENTRE):
        ring(CIRCLE_B_DU, radius)
    for i in range(3):
        spoke(CIRCLE_B_DU, B_CENTRE, B_OUTER, -90 + 120 * i)
    ring(CIRCLE_C_DU, C_CENTRE)
    return mask.resize((area[2] - area[0], area[3] - area[1]), Image.Resampling.BOX)


def _static_words(words: Words) -> tuple[str, ...]:
    """The words of the fixed layer, in order: the cache key of `_base` (so any catalog with the
    same words shares one layer, and a different one never sees stale words)."""
    return (
        words.msg("polls.picture.cost_legend"),
        words.msg("polls.picture.limits_legend"),
        words.msg("polls.picture.pacts"),
        *(words.msg(REGION_SHORT[r]) for r in PACT_REGIONS),
        *(words.msg("polls.picture.pact_from", circles="/".join(PACT_CIRCLES[r])) for r in PACT_REGIONS),
        words.msg("polls.picture.others"),
    )


@lru_cache(maxsize=8)
def _base(static: tuple[str, ...]) -> Image.Image:
    """Everything that never changes for a language: panels, the legend, circle letters and
    numbers, the pact boxes' titles."""
    cost, limits, pacts, *rest = static
    pact_names, pact_from, others = rest[:3], rest[3:6], rest[6]
    image = Image.new("RGB", (WIDTH, HEIGHT), PALETTE["background"])
    draw = ImageDraw.Draw(image)
    text, muted, accent = PALETTE["text"], PALETTE["muted"], PALETTE["accent"]
    radius = px(8)
    draw.rounded_rectangle(_px_box(STRIP), radius=radius, fill=PALETTE["panel"])
    draw.rounded_rectangle((MAP_X - px(4), MAP_Y - px(4), MAP_X + MAP_W + px(4), MAP_Y + MAP_H + px(4)),
                           radius=radius, fill=SEA)
    # the legend under the map: what the cost codes mean; the limits and the third parties' mark
    _put_fitted(image, (px(12), px(LEGEND_TOP), px(542), px(LEGEND_TOP + 22)), cost, TEXT, text)
    right = px(542) - text_width(others, font(TEXT))
    _put_text(image, (right, px(LEGEND_TOP + 33)), others, TEXT, text, anchor="lm")
    _draw_token(image, 2, (right - px(10), px(LEGEND_TOP + 33)), px(SEAT_MARK))
    _put_fitted(image, (px(12), px(LEGEND_TOP + 22), right - px(22), px(LEGEND_TOP + 44)), limits, TEXT, text)
    # circles and pacts
    draw.rounded_rectangle(_px_box((8, CIRCLES_TOP, 542, CIRCLES_BOTTOM)), radius=radius, fill=PALETTE["panel"])
    for kind, (dx, dy) in (("A", (-A_OUTER - 4, -A_OUTER - 4)), ("B", (-B_OUTER - 10, -B_OUTER - 4)),
                           ("C", (-C_CENTRE - 18, 0))):
        cx, cy = _centre_du(kind)
        _put_text(image, (px(cx + dx), px(cy + dy)), kind, fs(22), accent, True, "mm")
    for sector in A_ORDER:
        start, end = SECTOR_ANGLES[sector]
        x, y = _polar(CIRCLE_A_DU, A_OUTER + 11, (start + end) / 2)
        _put_text(image, (px(x), px(y)), sector[1:], TEXT, muted, True, "mm")
    for sector in B_ORDER:
        start, end = SECTOR_ANGLES[sector]
        x, y = _polar(CIRCLE_B_DU, B_OUTER + 19, (start + end) / 2)
        _put_text(image, (px(x), px(y)), B_LABELS[sector], TEXT, muted, True, "mm")
    _put_fitted(image, (px(PACTS_LEFT + 4), px(CIRCLES_TOP + 4), px(PACTS_RIGHT), px(CIRCLES_TOP + 26)), pacts,
                STRONG, text, True)
    for i in range(len(PACT_REGIONS)):
        left, top, right_du, _bottom = box = _pact_box(i)
        draw.rounded_rectangle(_px_box(box), radius=px(6), fill=PALETTE["panel_alt"])
        _put_fitted(image, (px(left + 6), px(top + 3), px(right_du - 6), px(top + 25)), pact_names[i], TEXT, text,
                    True)
        _put_fitted(image, (px(left + 6), px(top + 31), px(right_du - 62), px(top + 57)), pact_from[i], TEXT,
                    muted)
    draw.rounded_rectangle(_px_box((8, SEATS_TOP, 542, SEATS_BOTTOM)), radius=radius, fill=PALETTE["panel"])
    return image


def _px_box(box: Box) -> tuple[int, int, int, int]:
    return px(box[0]), px(box[1]), px(box[2]), px(box[3])


def clear_caches() -> None:
    """Forget every cached layer, text mask and sprite (tests that record font sizes start here)."""
    for cached in (_text_masks, _token, _region_masks, _map_index, _region_frames, _circle_index,
                   _sector_frames, _circle_lines, _base, _label_lines, _label_sprite, _red_bar):
        cached.cache_clear()


# --- per render ---------------------------------------------------------------------------------

def leader(influence: list[int]) -> int | None:
    """0 or 1 for the party with strictly more Influence, None on a tie (0-0 included)."""
    blue, red = influence
    return 0 if blue > red else 1 if red > blue else None


def _projection(view: dict[str, Any]) -> dict[str, Any]:
    """The final result once the polls closed, else the seats if they closed now."""
    return view.get("result") or view.get("seats_projection") or {}


def _possible_regions(view: dict[str, Any]) -> set[str]:
    """Where the player to act can put Influence now: affordable regions in the influence step,
    the 2C regions still open to them in the national poll."""
    step = view.get("step")
    if step == "influence":
        return set(view.get("affordable") or [])
    if step == "poll":
        poll = view.get("poll") or {}
        seat = poll.get("seat", view.get("current"))
        placed = (poll.get("placed") or [[], []])[seat] if seat in (0, 1) else []
        return {r for r in POLL_REGIONS if r not in placed}
    return set()


def _possible_sectors(view: dict[str, Any]) -> set[str]:
    """The sector a 7 would take, or the sectors the dice to order point at."""
    pending = view.get("pending") or {}
    step = view.get("step")
    if step == "seven" and pending.get("seven_target"):
        return {str(pending["seven_target"])}
    if step == "order":
        circle = str(pending.get("circle", "A"))
        return {sector_for_die(circle, d) for d in pending.get("dice") or [] if isinstance(d, int)}
    return set()


def _touched(view: dict[str, Any]) -> tuple[set[str], set[str]]:
    """What the last move touched: (map regions, pact boxes). A pact moves a marker into a box
    and never changes the region's Influence, so its region is the box, not the map tile."""
    last = view.get("last_move") or {}
    regions = {str(r) for r in last.get("regions") or []}
    if last.get("type") == "pact":
        return set(), regions
    return regions, set()


def _frame(image: Image.Image, band: Band, color: Color) -> None:
    at, mask = band
    image.paste(color, at, mask)


def _draw_map(image: Image.Image, view: dict[str, Any], words: Words) -> None:
    palette = [*SEA]
    for region in REGIONS:
        influence = view["influence"][region]
        lead = leader(influence)
        if lead == 0:
            palette += [*BLUE_FILL, *BLUE_FILL]
        elif lead == 1:
            palette += [*RED_FILL, *RED_HATCH]
        else:
            fill = TIE_FILL if sum(influence) else LAND
            palette += [*fill, *fill]
    layer = _map_index().copy()
    layer.putpalette(palette)
    image.paste(layer.convert("RGB"), (MAP_X, MAP_Y))
    possible = _possible_regions(view)
    touched = _touched(view)[0]
    frames = _region_frames()
    for region in REGIONS:
        if region in possible:
            _frame(image, frames[region][1], POSSIBLE)
        if region in touched:
            _frame(image, frames[region][0], LAST_MOVE)
    regions = _projection(view).get("regions") or {}
    for region in REGIONS:
        _draw_region_label(image, region, view["influence"][region], regions.get(region), region in possible, words)


@lru_cache(maxsize=64)
def _label_lines(text: str, width: int) -> tuple[str, ...]:
    """A region's name in lines of at most `width` pixels (bold, the readable size)."""
    return tuple(wrap(text, font(TEXT, True), width)[:2])


def _draw_chip(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, cy: float, text: str,
               highlight: bool) -> float:
    """A cost code ("2C") on a small plate; gold when the region can be paid for now. Returns its width."""
    width = text_width(text, font(TEXT, True)) + px(8)
    height = px(22)
    draw.rounded_rectangle((left, cy - height / 2, left + width, cy + height / 2), radius=px(4),
                           fill=POSSIBLE if highlight else PILL)
    _put_text(image, (left + width / 2, cy), text, TEXT, PALETTE["accent_text"] if highlight else CHIP_TEXT, True,
              "mm")
    return width


def _seat_items(seats: dict[str, Any] | None) -> list[tuple[int, str]]:
    """(party 0/1 or 2 for the third parties, seats) for the non-zero shares of a region."""
    if not seats:
        return []
    blue, red = seats.get("seats", [0, 0])
    return [(kind, str(n)) for kind, n in ((0, blue), (1, red), (2, seats.get("third", 0))) if n]


def _draw_seat_row(image: Image.Image, draw: ImageDraw.ImageDraw, cx: float, cy: float,
                   items: list[tuple[int, str]]) -> None:
    """The seats a region gives now, on a dark plate: ● blue  ■ red  ◆ third parties."""
    if not items:
        return
    mark, gap, spacing = px(SEAT_MARK), px(2), px(5)
    fnt = font(TEXT, True)
    widths = [mark + gap + text_width(n, fnt) for _, n in items]
    total = sum(widths) + spacing * (len(items) - 1)
    pad = px(4)
    draw.rounded_rectangle((cx - total / 2 - pad, cy - px(10), cx + total / 2 + pad, cy + px(10)), radius=px(10),
                           fill=PILL)
    x = cx - total / 2
    for (kind, n), w in zip(items, widths, strict=True):
        _draw_token(image, kind, (x + mark / 2, cy), mark)
        _put_text(image, (x + mark + gap, cy), n, TEXT, WHITE, True, "lm")
        x += w + spacing


def _draw_region_label(image: Image.Image, region: str, influence: list[int], seats: dict[str, Any] | None,
                       possible: bool, words: Words) -> None:
    """Name, cost code and both parties' Influence (no token when none), and the seats it gives:
    one cached sprite per distinct label (most labels repeat from one move to the next)."""
    left, top, right, _bottom = region_box(region)
    lines = _label_lines(words.msg(REGION_SHORT[region]), right - left - px(10))
    sprite = _label_sprite(region, lines, (influence[0], influence[1]), tuple(_seat_items(seats)), possible)
    image.paste(sprite, (left, top), sprite)


@lru_cache(maxsize=384)
def _label_sprite(region: str, lines: tuple[str, ...], influence: tuple[int, int], seats: tuple[tuple[int, str], ...],
                  possible: bool) -> Image.Image:
    """A region's label block drawn on a transparent sprite the size of its label part."""
    box = region_box(region)
    image = Image.new("RGBA", (box[2] - box[0], box[3] - box[1]), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = 0, 0, image.width, image.height
    name_step = px(18)
    info_h, seats_h = px(TOKEN), px(20)
    code = REGION_TYPE[region]
    token = px(TOKEN)
    shown = [(seat, n) for seat, n in ((0, influence[0]), (1, influence[1])) if n > 0]
    chip_w = text_width(code, font(TEXT, True)) + px(8)
    tokens_w = sum(px(4) + token for _ in shown)
    # the tokens go beside the cost code, or under it when the tile is too narrow for both
    split = bool(shown) and chip_w + tokens_w > right - left - px(6)
    block = len(lines) * name_step + px(2) + info_h * (2 if split else 1) + px(2) + seats_h
    y = (top + bottom) / 2 - block / 2
    cx = (left + right) / 2
    for line in lines:
        _put_text(image, (cx, y + name_step / 2), line, TEXT, WHITE, True, "mm", stroke=px(2))
        y += name_step
    y += px(2)
    x = cx - (chip_w if split else chip_w + tokens_w) / 2
    x += _draw_chip(image, draw, x, y + info_h / 2, code, possible)
    if split:
        y += info_h
        x = cx - (tokens_w - px(4)) / 2 - px(4)
    for seat, n in shown:
        _draw_token(image, seat, (x + px(4) + token / 2, y + info_h / 2), token, n)
        x += px(4) + token
    y += info_h + px(2)
    _draw_seat_row(image, draw, cx, y + seats_h / 2, list(seats))
    return image


def _sector_fill(owner: int | None) -> Color:
    return BLUE_FILL if owner == 0 else RED_FILL if owner == 1 else SECTOR_EMPTY


def _draw_circles(image: Image.Image, view: dict[str, Any]) -> None:
    """Sectors tinted by owner (red ones hatched, like the map), outlines, tokens (none in an
    empty sector), the Propaganda in each centre; the frames of the last move and of what the
    player may choose now."""
    circles = view["circles"]
    palette = [0, 0, 0]
    for sector in CIRCLE_SECTORS:
        owner = circles[sector]["owner"] if circles[sector]["count"] else None
        if owner == 1:
            palette += [*RED_FILL, *RED_HATCH]
        else:
            palette += [*_sector_fill(owner)] * 2
    spend = [set((view.get("spend_needed") or [{}, {}])[s] or {}) for s in (0, 1)]
    current = view.get("current")
    must = spend[current] if current in (0, 1) and view.get("step") == "influence" else set()
    for kind in CENTRES:
        palette += [*((70, 40, 46) if kind in must else (30, 34, 48))]
    index, discs, _ = _circle_index()
    layer = index.copy()
    layer.putpalette(palette)
    area = _circles_area()
    image.paste(layer.convert("RGB"), area[:2], discs)
    image.paste(SECTOR_LINE, area[:2], _circle_lines())
    frames = _sector_frames()
    for sector in _possible_sectors(view):
        if sector in frames:
            _frame(image, frames[sector][1], POSSIBLE)
    for kind in must:
        _frame(image, frames[kind][1], PALETTE["danger"])
    for sector in (view.get("last_move") or {}).get("sectors") or []:
        if sector in frames:
            _frame(image, frames[sector][0], LAST_MOVE)
    token = px(TOKEN)
    for sector in CIRCLE_SECTORS:
        info = circles[sector]
        if info["owner"] in (0, 1) and info["count"] > 0:
            _draw_token(image, info["owner"], sector_point(sector), token, info["count"])
    # Propaganda held, in the centres: blue on the left, red on the right, nothing when none
    for kind in CENTRES:
        x, y = sector_point(kind)
        for seat in (0, 1):
            held = view["propaganda"][seat][kind]
            if held:
                _draw_token(image, seat, (x + (-1 if seat == 0 else 1) * px(12), y), px(22), held)


def _draw_pacts(image: Image.Image, view: dict[str, Any]) -> None:
    """Markers in each pact box (none drawn for 0); the box is framed in the colour of the
    party with more."""
    draw = ImageDraw.Draw(image)
    token = px(TOKEN - 2)
    for i, region in enumerate(PACT_REGIONS):
        left, top, right, bottom = _px_box(_pact_box(i))
        counts = view["pacts"][region]
        lead = leader(counts)
        if lead is not None:
            draw.rounded_rectangle((left, top, right, bottom), radius=px(6), outline=PARTY_COLORS[lead],
                                   width=px(2))
        if region in _touched(view)[1]:
            draw.rounded_rectangle((left, top, right, bottom), radius=px(6), outline=LAST_MOVE, width=FRAME)
        y = top + px(44)
        for seat in (0, 1):
            if counts[seat]:
                _draw_token(image, seat, (right - px(6) - token / 2 - (1 - seat) * (token + px(4)), y), token,
                            counts[seat])


PIPS = {
    1: ((0.5, 0.5),), 2: ((0.28, 0.28), (0.72, 0.72)), 3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)),
}


def _draw_die(draw: ImageDraw.ImageDraw, left: float, top: float, size: int, value: int) -> None:
    draw.rounded_rectangle((left, top, left + size, top + size), radius=px(4), fill=WHITE, outline=BORDER)
    radius = size * 0.1
    for dx, dy in PIPS.get(value, ()):
        x, y = left + dx * size, top + dy * size
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(20, 20, 24))


def _status(view: dict[str, Any], names: list[str], words: Words, width: float) -> str:
    """One sentence: who acts and what is asked of them, or how the game ended. A long name is
    cut (never the rest) so the sentence fits `width` pixels at the readable size."""
    sentence = ""
    for share in (1.0, 0.6, 0.45, 0.35, 0.25):
        sentence = _status_sentence(view, names, words, width * share)
        if text_width(sentence, font(TEXT, True)) <= width:
            break
    return sentence


def _status_sentence(view: dict[str, Any], names: list[str], words: Words, width: float) -> str:
    """The status sentence with the players' names cut to `width` pixels."""
    if view.get("phase") == "game_over":
        result = view.get("result") or {}
        winners = result.get("winners") or []
        if not winners:
            return words.msg("polls.picture.hung")
        seat = winners[0]
        winner = _player(words, names, seat, width)
        reason = result.get("reason", "")
        if reason == "conceded":
            loser = _player(words, names, 1 - seat, width)
            return words.msg("polls.picture.conceded", loser=loser, winner=winner)
        seats = (result.get("seats") or [0, 0])[seat]
        how = words.msg(REASON_WORD[reason]) if reason in REASON_WORD else reason
        return words.plural("polls.picture.wins", seats, player=winner, reason=how)
    current = view.get("current")
    seat = current if current in (0, 1) else 0
    player = _player(words, names, seat, width)
    pending = view.get("pending") or {}
    step = view.get("step")
    circle = "B+C" if pending.get("circle") == "BC" else str(pending.get("circle", ""))
    if step == "poll":
        left = ((view.get("poll") or {}).get("left") or [0, 0])[seat]
        return words.plural("polls.picture.status_poll", left, player=player)
    if step == "order":
        return words.msg("polls.picture.status_order", player=player, circle=circle)
    if step == "seven":
        return words.msg("polls.picture.status_seven", player=player, circle=circle,
                         target=pending.get("seven_target") or "")
    if step == "influence":
        spend = (view.get("spend_needed") or [{}, {}])[seat] or {}
        if spend:
            kinds = ", ".join(f"{v['held'] - v['keep']} {k}" for k, v in sorted(spend.items()))
            return words.msg("polls.picture.status_spend", player=player, kinds=kinds)
        return words.msg("polls.picture.status_influence", player=player)
    return words.plural("polls.picture.status_actions", view.get("actions_left", 0), player=player)


def _draw_strip(image: Image.Image, view: dict[str, Any], names: list[str], words: Words) -> None:
    """Round and turn, the key of the frames; who plays and what is asked, the pending dice."""
    draw = ImageDraw.Draw(image)
    over = view.get("phase") == "game_over"
    left, top, right, _bottom = _px_box(STRIP)
    left += px(6)
    right -= px(6)
    if over:
        when = words.msg("polls.picture.polls_closed")
    elif view.get("phase") == "poll":
        when = words.msg("polls.picture.poll_after", round=view.get("round", 1), rounds=view.get("rounds", 3))
    else:
        when = words.msg("polls.picture.round_turn", round=view.get("round", 1), rounds=view.get("rounds", 3),
                         turn=view.get("turn", 1), turns=view.get("turns_in_round", 10))
    line1 = (top + px(4), top + px(24))
    # the frames' key at the right, for the frames this picture shows: white = last move, gold = possible now
    keys = []
    if not over and (_possible_regions(view) or _possible_sectors(view) or view.get("step") == "influence"):
        keys.append((POSSIBLE, N_("polls.picture.key_possible")))
    last = view.get("last_move") or {}
    if last.get("regions") or last.get("sectors"):
        keys.append((LAST_MOVE, N_("polls.picture.key_last")))
    x: float = right
    for color, key in keys:
        label = words.msg(key)
        x -= text_width(label, font(TEXT))
        _put_text(image, (x, (line1[0] + line1[1]) / 2), label, TEXT, PALETTE["muted"], anchor="lm")
        x -= px(20)
        draw.rectangle((x, line1[0] + px(3), x + px(14), line1[1] - px(3)), outline=color, width=max(2, px(2)))
        x -= px(12)
    _put_fitted(image, (left, line1[0], x, line1[1]), when, TEXT, PALETTE["text"])
    y0, y1 = top + px(27), top + px(53)
    x0 = left
    current = view.get("current")
    if current in (0, 1) and not over:
        _draw_token(image, current, (x0 + px(10), (y0 + y1) / 2), px(20))
        x0 += px(26)
    pending = view.get("pending") or {}
    dice = [d for d in pending.get("dice") or [] if isinstance(d, int)] if not over else []
    die = px(24)
    text_right = right - (len(dice) * (die + px(5)) + px(8) if dice else 0)
    status = _status(view, names, words, text_right - x0)
    _put_fitted(image, (x0, y0, text_right, y1), status, STRONG, PALETTE["accent"] if over else PALETTE["text"],
                True)
    if dice:
        dx = right - len(dice) * (die + px(5)) + px(5)
        cy = (y0 + y1) / 2
        draw.rounded_rectangle((dx - px(4), cy - die / 2 - px(4), right + px(4), cy + die / 2 + px(4)),
                               radius=px(5), outline=POSSIBLE, width=max(2, px(2)))
        for i, value in enumerate(dice):
            _draw_die(draw, dx + i * (die + px(5)), (y0 + y1) / 2 - die / 2, die, value)


@lru_cache(maxsize=2)
def _red_bar(width: int, height: int) -> Image.Image:
    """The whole seats bar in hatched red (its right part is shown, as long as red's seats)."""
    bar = Image.new("RGB", (width, height), RED)
    bar.paste((150, 36, 28), (0, 0), _hatch((width, height)))
    return bar


def _draw_seats(image: Image.Image, view: dict[str, Any], names: list[str], words: Words) -> None:
    """Seats now (or final) as a 66-seat bar, blue from the left, red (hatched) from the right,
    third parties between, the majority marked both ways; then each party's column."""
    draw = ImageDraw.Draw(image)
    over = view.get("phase") == "game_over"
    projection = _projection(view)
    seats = list(projection.get("seats") or [0, 0])
    third = projection.get("third", TOTAL_SEATS - sum(seats))
    majority = (view.get("seats_projection") or {}).get("majority", ABSOLUTE_MAJORITY)
    left, right = px(18), px(532)
    top = px(SEATS_TOP)
    title = (words.msg("polls.picture.seats_final", majority=majority) if over
             else words.msg("polls.picture.seats_now", majority=majority))
    _put_fitted(image, (left, top + px(3), right, top + px(25)), title, TEXT, PALETTE["text"], True, "center")
    bar_top, bar_bottom = top + px(30), top + px(54)
    scale = (right - left) / TOTAL_SEATS
    blue_end, red_start = left + seats[0] * scale, right - seats[1] * scale
    draw.rectangle((left, bar_top, right, bar_bottom), fill=THIRD)
    if seats[0]:
        draw.rectangle((left, bar_top, blue_end, bar_bottom), fill=BLUE)
    if seats[1]:
        # the red part is hatched like red regions: a cached striped bar, cut to the red seats
        stripes = _red_bar(right - left, bar_bottom - bar_top)
        cut = int(round(red_start)) - left
        image.paste(stripes.crop((cut, 0, stripes.width, stripes.height)), (left + cut, bar_top))
    for x in (left + majority * scale, right - majority * scale):
        draw.line((x, bar_top - px(4), x, bar_bottom + px(4)), fill=PALETTE["accent"], width=max(2, px(2)))
    mid = (bar_top + bar_bottom) / 2
    for n, (a, b) in ((seats[0], (left, blue_end)), (third, (blue_end, red_start)), (seats[1], (red_start, right))):
        label = str(n)
        if n and text_width(label, font(STRONG, True)) + px(4) <= b - a:
            _put_text(image, ((a + b) / 2, mid), label, STRONG, WHITE, True, "mm", stroke=px(2))
    # the parties' columns
    winners = (view.get("result") or {}).get("winners") or []
    spend = view.get("spend_needed") or [{}, {}]
    col_w = (right - left - px(10)) / 2
    for seat in (0, 1):
        x0 = left + seat * (col_w + px(10))
        y = bar_bottom + px(8)
        acting = view.get("current") == seat and not over
        if acting or seat in winners:
            draw.rounded_rectangle((x0 - px(4), y - px(3), x0 + col_w + px(4), px(SEATS_BOTTOM - 4)), radius=px(6),
                                   outline=PALETTE["accent"], width=max(2, px(2)))
        _draw_token(image, seat, (x0 + px(11), y + px(11)), px(20))
        _put_fitted(image, (x0 + px(26), y, x0 + col_w - px(2), y + px(22)),
                    _player(words, names, seat, col_w - px(30)), STRONG, PARTY_TEXT[seat], True)
        rows = [
            (words.plural("polls.picture.seats_count", seats[seat]), PARTY_TEXT[seat]),
            (words.plural("polls.picture.leads", (view.get("controlled") or [0, 0])[seat]), PALETTE["text"]),
            (words.msg("polls.picture.supply", count=view["supply"][seat], total=TOKENS_PER_PARTY), PALETTE["text"]),
        ]
        over_limits = spend[seat] if seat < len(spend) else {}
        if over_limits and not over:
            rows.append((words.msg("polls.picture.must_spend", kinds=", ".join(sorted(over_limits))),
                         PALETTE["danger"]))
        else:
            used = (view.get("shift_used") or [False, False])[seat]
            rows.append((words.msg("polls.picture.shift_used"), PALETTE["muted"]) if used
                        else (words.msg("polls.picture.shift_free"), PALETTE["text"]))
        for i, (text, color) in enumerate(rows):
            row_top = y + px(24 + 21 * i) + (px(3) if i else 0)
            size, bold = (STRONG, True) if i == 0 else (TEXT, color == PALETTE["danger"])
            _put_fitted(image, (x0 + px(4), row_top, x0 + col_w - px(2), row_top + px(21)), text, size, color, bold)


def render(view: dict[str, Any], names: list[str], words: Words) -> Image.Image:
    """The whole public board of The Polls Are Closed! for one view (687 x 1135, RGB)."""
    image = _base(_static_words(words)).copy()
    _draw_strip(image, view, names, words)
    _draw_map(image, view, words)
    _draw_circles(image, view)
    _draw_pacts(image, view)
    _draw_seats(image, view, names, words)
    return image
