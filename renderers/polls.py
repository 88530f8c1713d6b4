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

Box = tuple[int, int, int, int]

WIDTH, HEIGHT = BOARD_SIZE

# --- text sizes (canvas pixels; the board is shown at inline_scale = 0.5) ----------------------

TEXT = math.ceil(INLINE_MIN_TEXT / inline_scale(WIDTH, HEIGHT))  # 20: the floor, 10 px as shown
LABEL = 22  # counts, cost codes, pact names, seats
NAME = 24  # region names, the step line
STRONG = 26  # who plays
BIG = 30  # circle letters, the seats totals

# --- colours --------------------------------------------------------------------------------

BLUE: Color = (45, 120, 220)
RED: Color = (214, 58, 46)
RED_STRIPE: Color = (168, 40, 32)  # the stripes of a red token and of red's seats
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


def player_name(words: Words, names: list[str], seat: int) -> str:
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    return name or words.msg("polls.picture.player_number", number=seat + 1)


def party_name(words: Words, seat: int) -> str:
    return words.msg(PARTY_WORD[PARTY_NAMES[seat]])


def _player(words: Words, names: list[str], seat: int, width: float, size: int = STRONG) -> str:
    """"Blue · Alice", the name cut so the whole fits `width` pixels at `size` (bold): the party
    word always shows, the embed beside the picture has the whole name."""
    party = party_name(words, seat)
    room = width - text_width(words.msg("polls.picture.player", party=party, name=""), font(size, True))
    name = ellipsize(player_name(words, names, seat), font(size, True), max(room, 40))
    return words.msg("polls.picture.player", party=party, name=name)


# --- layout (canvas pixels) ----------------------------------------------------------------------

MAP_PANEL: Box = (8, 8, 672, 606)
STATUS_PANEL: Box = (682, 8, 1092, 160)
CIRCLES_PANEL: Box = (682, 168, 1092, 426)
PACTS_PANEL: Box = (682, 434, 1092, 606)
SEATS_PANEL: Box = (8, 614, 1092, 692)
PANEL_RADIUS = 10

# The block map: the tiles were laid out on a 534 x 356 grid (one or more rectangles per region,
# an L-shape being two touching rectangles, at their rough places; the gaps show sea) and are
# stretched to the map's area here.
MAP_X, MAP_Y = 14, 14
MAP_W, MAP_H = 652, 586
GRID_W, GRID_H = 534, 356
GRID_TILES: dict[str, tuple[tuple[int, int, int, int], ...]] = {
    "galicia": ((0, 0, 118, 188),),
    "asturias": ((122, 0, 242, 92),),
    "euskadi": ((246, 0, 390, 92),),
    "catalonia": ((394, 0, 534, 92), (414, 92, 534, 188)),
    "castilla_y_leon": ((122, 96, 290, 188),),
    "aragon": ((294, 96, 410, 188),),
    "andalusia": ((0, 192, 100, 286), (0, 286, 350, 356)),
    "madrid": ((104, 192, 214, 282),),
    "castilla_la_mancha": ((218, 192, 350, 282),),
    "valencia": ((354, 192, 462, 282), (354, 282, 404, 356)),
    "islands": ((414, 286, 534, 356),),
}
# The tile part where each region's label block sits (the first rectangle unless said here).
GRID_LABEL: dict[str, tuple[int, int, int, int]] = {"andalusia": (0, 286, 350, 356)}


def _stretch(box: tuple[int, int, int, int]) -> Box:
    """A grid rectangle → pixels relative to the map's corner (right/bottom exclusive)."""
    return (round(box[0] * MAP_W / GRID_W), round(box[1] * MAP_H / GRID_H),
            round(box[2] * MAP_W / GRID_W), round(box[3] * MAP_H / GRID_H))


TILES: dict[str, tuple[Box, ...]] = {r: tuple(_stretch(b) for b in boxes) for r, boxes in GRID_TILES.items()}
HATCH = 8  # pixels between the stripes of red
FRAME = 4  # width of a frame (last move: white, outermost; possible now: gold, inside it)
MARGIN = 2 * FRAME + 2  # a label block keeps clear of both frames
TOKEN = 34  # Influence on the map, with its count inside
SEAT_MARK = 14  # the seat markers (disc, square, diamond) of a region's seats


def region_box(region: str) -> Box:
    """The image rectangle of a region's label part (where its name and counts are drawn)."""
    left, top, right, bottom = _stretch(GRID_LABEL.get(region, GRID_TILES[region][0]))
    return MAP_X + left, MAP_Y + top, MAP_X + right, MAP_Y + bottom


def label_point(region: str) -> tuple[int, int]:
    """The centre of a region's label part."""
    left, top, right, bottom = region_box(region)
    return (left + right) // 2, (top + bottom) // 2


# The propaganda circles: A on the left, B on the right with C under it. Sector numbers are
# written inside the sectors (beside the tokens), so the circles need no margin for labels.
CIRCLE_A = (806, 298)
A_OUTER, A_MID, A_CENTRE = 114, 77, 40
CIRCLE_B = (1000, 262)
B_OUTER, B_CENTRE = 82, 42
CIRCLE_C = (1000, 380)
C_CENTRE = 38
A_ORDER = ("A1", "A6", "A2", "A5", "A3", "A4")  # clockwise from the top: pairs summing 7 adjacent
A_INTERMEDIATE = ("A16", "A25", "A34")
B_ORDER = ("B14", "B25", "B36")
B_LABELS = {"B14": "1/4", "B25": "2/5", "B36": "3/6"}
CIRCLE_SECTORS = (*A_ORDER, *A_INTERMEDIATE, *B_ORDER)
CENTRES = ("A", "B", "C")
SECTOR_TOKEN = 32  # a sector's tokens
CENTRE_TOKEN = 30  # Propaganda held, two to a centre
# Where, inside a sector's arc, its number and its token sit (degrees from the arc's start)
A_LABEL_AT, A_TOKEN_AT = 15, 38
B_LABEL_AT, B_TOKEN_AT = 28, 76


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


def _centre_of(kind: str) -> tuple[int, int]:
    return {"A": CIRCLE_A, "B": CIRCLE_B, "C": CIRCLE_C}[kind]


def _centre_radius(kind: str) -> int:
    return {"A": A_CENTRE, "B": B_CENTRE, "C": C_CENTRE}[kind]


def sector_point(sector: str) -> tuple[int, int]:
    """Image point where a sector's tokens are drawn (in its ring part, or a centre)."""
    if sector in CENTRES:
        return _centre_of(sector)
    start, end = SECTOR_ANGLES[sector]
    if sector in A_ORDER:
        x, y = _polar(CIRCLE_A, (A_MID + A_OUTER) / 2, start + A_TOKEN_AT)
    elif sector in A_INTERMEDIATE:
        x, y = _polar(CIRCLE_A, (A_CENTRE + A_MID) / 2, (start + end) / 2)
    else:
        x, y = _polar(CIRCLE_B, (B_CENTRE + B_OUTER) / 2, start + B_TOKEN_AT)
    return round(x), round(y)


def sector_label_point(sector: str) -> tuple[int, int] | None:
    """Where a sector's number is written (A's outer sectors and B's; none for A's middle ring)."""
    start, _end = SECTOR_ANGLES[sector]
    if sector in A_ORDER:
        x, y = _polar(CIRCLE_A, (A_MID + A_OUTER) / 2, start + A_LABEL_AT)
    elif sector in B_ORDER:
        x, y = _polar(CIRCLE_B, (B_CENTRE + B_OUTER) / 2, start + B_LABEL_AT)
    else:
        return None
    return round(x), round(y)


def sector_label(sector: str) -> str:
    return B_LABELS.get(sector, sector[1:])


def pact_box(i: int) -> Box:
    """The i-th pact box (Catalonia, Euskadi, Galicia from the left)."""
    left, top, right, bottom = PACTS_PANEL
    width = (right - left - 24) // 3
    x = left + 6 + i * (width + 6)
    return x, top + 40, x + width, bottom - 8


# The status panel's rows: the round track, who plays, what is asked (two lines at most)
TRACK_ROW = (STATUS_PANEL[1] + 8, STATUS_PANEL[1] + 42)
PLAYER_ROW = (STATUS_PANEL[1] + 48, STATUS_PANEL[1] + 86)
STEP_ROW = (STATUS_PANEL[1] + 90, STATUS_PANEL[3] - 6)
DIE = 40
DICE_BOX: Box = (STATUS_PANEL[2] - 12 - 2 * DIE - 8, STEP_ROW[0] + 2, STATUS_PANEL[2] - 8, STEP_ROW[1])
# The seats bar: a disc and a square at its ends say whose side is whose
SEATS_TITLE = (SEATS_PANEL[1] + 2, SEATS_PANEL[1] + 27)
BAR: Box = (SEATS_PANEL[0] + 52, SEATS_PANEL[1] + 34, SEATS_PANEL[2] - 52, SEATS_PANEL[3] - 6)


# --- cached text and tokens ---------------------------------------------------------------------

def _fit_size(text: str, max_width: float, size: int, bold: bool) -> int:
    """The size `put_fitted` draws `text` at in `max_width` px (from `size` down to the floor, TEXT)."""
    return fit_line(text, max_width, size, TEXT, bold)[1]


def _count_size(token: int) -> int:
    """The count's size inside a token: as large as the token allows two digits, never under the floor."""
    return LABEL if token >= 36 else TEXT


@lru_cache(maxsize=256)
def _token(kind: int, size: int, count: int | None = None) -> Image.Image:
    """A party's token as an RGBA sprite, `count` written inside: blue is a disc, red a hatched
    square, the third parties a grey diamond (the shape tells them apart without colour). Drawn
    4x and shrunk."""
    scale = 4
    big = size * scale
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    rim = max(2, size // 12) * scale
    if kind == 0:
        draw.ellipse((0, 0, big - 1, big - 1), fill=WHITE)
        draw.ellipse((rim, rim, big - 1 - rim, big - 1 - rim), fill=BLUE)
    elif kind == 1:
        inset = scale * max(1, size // 14)  # a square of the same size looks bigger than the disc
        draw.rectangle((inset, inset, big - 1 - inset, big - 1 - inset), fill=WHITE)
        inner = (inset + rim, inset + rim, big - 1 - inset - rim, big - 1 - inset - rim)
        draw.rectangle(inner, fill=RED)
        # the stripes of red's regions, sectors and seats, so a red token reads as red in grey too
        stripes = Image.new("L", (big, big), 0)
        step, line = max(6, size // 4) * scale, max(1, size // 12) * scale
        stripe_draw = ImageDraw.Draw(stripes)
        for offset in range(-big, 2 * big, step):
            stripe_draw.line((offset, 0, offset + big, big), fill=255, width=line)
        cut = Image.new("L", (big, big), 0)
        ImageDraw.Draw(cut).rectangle(inner, fill=255)
        sprite.paste(RED_STRIPE, (0, 0), ImageChops.multiply(stripes, cut))
    else:
        half = big / 2
        draw.polygon([(half, 0), (big - 1, half), (half, big - 1), (0, half)], fill=WHITE)
        edge = rim * 1.5
        draw.polygon([(half, edge), (big - 1 - edge, half), (half, big - 1 - edge), (edge, half)], fill=THIRD)
    sprite = sprite.resize((size, size), Image.Resampling.LANCZOS)
    if count is not None:
        ImageDraw.Draw(sprite).text((size / 2, size / 2 + 0.5), str(count), font=font(_count_size(size), True),
                                    fill=WHITE, anchor="mm", stroke_width=2, stroke_fill=(20, 24, 40))
    return sprite


def _draw_token(image: Image.Image, kind: int, centre: tuple[float, float], size: int,
                count: int | None = None) -> None:
    """A token (pixel `size`) centred on `centre`, with `count` written inside."""
    sprite = _token(kind, size, count)
    at = (int(round(centre[0] - size / 2)), int(round(centre[1] - size / 2)))
    image.paste(sprite, at, sprite)


# --- static layers ------------------------------------------------------------------------------

def _hatch(size: tuple[int, int]) -> Image.Image:
    """Diagonal stripes over a rectangle, as an L mask."""
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    for offset in range(-size[1], size[0] + size[1], HATCH):
        draw.line((offset, 0, offset + size[1], size[1]), fill=255, width=3)
    return mask


@lru_cache(maxsize=1)
def _region_masks() -> dict[str, tuple[Image.Image, Image.Image]]:
    """Per region: its tiles as an L mask over the map, and the same masked by the hatching."""
    hatch = _hatch((MAP_W, MAP_H))
    masks: dict[str, tuple[Image.Image, Image.Image]] = {}
    for region in REGIONS:
        mask = Image.new("L", (MAP_W, MAP_H), 0)
        draw = ImageDraw.Draw(mask)
        for left, top, right, bottom in TILES[region]:
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


def _erode(mask: Image.Image, square: bool) -> Image.Image:
    """One pixel off a shape's edge: by a 3x3 square, or by a plus sign (the four neighbours).
    Alternating the two shrinks a disc evenly (an octagon), where squares alone would leave a
    band thick on the diagonals; a rectangle loses one pixel a side either way."""
    if square:
        return mask.filter(ImageFilter.MinFilter(3))
    shifted = (ImageChops.offset(mask, dx, dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    eroded = mask
    for other in shifted:
        eroded = ImageChops.darker(eroded, other)
    return eroded


def _frame_bands(mask: Image.Image, origin: tuple[int, int]) -> tuple[Band, Band]:
    """The two frames drawn inside a shape's edge, in image coordinates: the last-move band (the
    outermost FRAME pixels) and the possible-now band (the next FRAME pixels after a 1 px gap).
    Each is (offset, L mask cropped to the shape), by repeated erosion (`_erode`)."""
    box = mask.getbbox() or (0, 0, 1, 1)
    pad = 2
    crop = Image.new("L", (box[2] - box[0] + 2 * pad, box[3] - box[1] + 2 * pad), 0)
    crop.paste(mask.crop(box), (pad, pad))
    eroded = [crop]
    for step in range(2 * FRAME + 1):
        eroded.append(_erode(eroded[-1], square=step % 2 == 0))
    at = (origin[0] + box[0] - pad, origin[1] + box[1] - pad)
    last = ImageChops.subtract(eroded[0], eroded[FRAME])
    gold = ImageChops.subtract(eroded[FRAME + 1], eroded[2 * FRAME + 1])
    return (at, last), (at, gold)


@lru_cache(maxsize=1)
def _region_frames() -> dict[str, tuple[Band, Band]]:
    """Per region: the bands of the last-move and possible-now frames, in image coordinates."""
    return {region: _frame_bands(mask, (MAP_X, MAP_Y)) for region, (mask, _) in _region_masks().items()}


def _circles_area() -> Box:
    """The pixel box of the circles (their panel)."""
    return CIRCLES_PANEL


def _ring_box(centre: tuple[int, int], radius: float, origin: tuple[int, int], scale: int = 1) -> Box:
    cx, cy = (centre[0] - origin[0]) * scale, (centre[1] - origin[1]) * scale
    r = round(radius * scale)
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
            radius, centre = A_OUTER, CIRCLE_A
        elif sector in A_INTERMEDIATE:
            radius, centre = A_MID, CIRCLE_A
        else:
            radius, centre = B_OUTER, CIRCLE_B
        draw.pieslice(_ring_box(centre, radius, origin), *SECTOR_ANGLES[sector], fill=1 + 2 * k)
    first_centre = 1 + 2 * len(CIRCLE_SECTORS)
    for j, kind in enumerate(CENTRES):
        draw.ellipse(_ring_box(_centre_of(kind), _centre_radius(kind), origin), fill=first_centre + j)
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
    return {sector: _frame_bands(mask, (area[0], area[1])) for sector, mask in _circle_index()[2].items()}


@lru_cache(maxsize=1)
def _circle_lines() -> Image.Image:
    """The circles' outlines and sector spokes over their area, drawn 4x and shrunk (smooth)."""
    area = _circles_area()
    origin = (area[0], area[1])
    scale = 4
    mask = Image.new("L", ((area[2] - area[0]) * scale, (area[3] - area[1]) * scale), 0)
    draw = ImageDraw.Draw(mask)
    line = 2 * scale

    def ring(centre: tuple[int, int], radius: float) -> None:
        draw.ellipse(_ring_box(centre, radius, origin, scale), outline=255, width=line)

    def spoke(centre: tuple[int, int], inner: float, outer: float, degrees: float) -> None:
        c = ((centre[0] - origin[0]) * scale, (centre[1] - origin[1]) * scale)
        draw.line((*_polar(c, inner * scale, degrees), *_polar(c, outer * scale, degrees)), fill=255, width=line)

    for radius in (A_OUTER, A_MID, A_CENTRE):
        ring(CIRCLE_A, radius)
    for i in range(6):
        spoke(CIRCLE_A, A_MID if i % 2 else A_CENTRE, A_OUTER, -90 + 60 * i)
    for radius in (B_OUTER, B_CENTRE):
        ring(CIRCLE_B, radius)
    for i in range(3):
        spoke(CIRCLE_B, B_CENTRE, B_OUTER, -90 + 120 * i)
    ring(CIRCLE_C, C_CENTRE)
    return mask.resize((area[2] - area[0], area[3] - area[1]), Image.Resampling.BOX)


def _static_words(words: Words) -> tuple[str, ...]:
    """The words of the fixed layer, in order: the cache key of `_base` (so any catalog with the
    same words shares one layer, and a different one never sees stale words)."""
    return (
        words.msg("polls.picture.pacts"),
        *(words.msg(REGION_SHORT[r]) for r in PACT_REGIONS),
        *(words.msg("polls.picture.pact_from", circles="/".join(PACT_CIRCLES[r])) for r in PACT_REGIONS),
    )


@lru_cache(maxsize=8)
def _base(static: tuple[str, ...]) -> Image.Image:
    """Everything that never changes for a language: panels, circle letters, the pact boxes'
    titles."""
    pacts, *rest = static
    pact_names, pact_from = rest[:3], rest[3:6]
    image = Image.new("RGB", (WIDTH, HEIGHT), PALETTE["background"])
    draw = ImageDraw.Draw(image)
    text, muted, accent = PALETTE["text"], PALETTE["muted"], PALETTE["accent"]
    for panel in (STATUS_PANEL, CIRCLES_PANEL, PACTS_PANEL, SEATS_PANEL):
        draw.rounded_rectangle(panel, radius=PANEL_RADIUS, fill=PALETTE["panel"])
    draw.rounded_rectangle(MAP_PANEL, radius=PANEL_RADIUS, fill=SEA)
    # the circles' letters in the corners their discs leave free
    left, top, right, _bottom = CIRCLES_PANEL
    _put_text(image, (left + 12, top + 6), "A", BIG, accent, True, "la")
    _put_text(image, (right - 12, top + 6), "B", BIG, accent, True, "ra")
    _put_text(image, (CIRCLE_C[0] - C_CENTRE - 14, CIRCLE_C[1]), "C", BIG, accent, True, "rm")
    left, top, right, _bottom = PACTS_PANEL
    put_fitted(image, (left + 12, top + 6, right - 12, top + 36), pacts, NAME, text, True, min_size=TEXT, put=_put_text)
    for i in range(len(PACT_REGIONS)):
        box = pact_box(i)
        draw.rounded_rectangle(box, radius=8, fill=PALETTE["panel_alt"])
        put_fitted(image, (box[0] + 7, box[1] + 6, box[2] - 5, box[1] + 34), pact_names[i], LABEL, text, True,
                   min_size=TEXT, put=_put_text)
        put_fitted(image, (box[0] + 7, box[1] + 36, box[2] - 5, box[1] + 60), pact_from[i], TEXT, muted,
                   min_size=TEXT, put=_put_text)
    return image


def clear_caches() -> None:
    """Forget every cached layer, text mask and sprite (tests that record font sizes start here)."""
    for cached in (squeezed_mask, _token, _region_masks, _map_index, _region_frames, _circle_index,
                   _sector_frames, _circle_lines, _base, _name_layout, _label_sprite, _red_bar):
        cached.cache_clear()


# --- per render ---------------------------------------------------------------------------------

def leader(influence: list[int]) -> int | None:
    """0 or 1 for the party with strictly more Influence, None on a tie (0-0 included)."""
    blue, red = influence
    return 0 if blue > red else 1 if red > blue else None


def projection(view: dict[str, Any]) -> dict[str, Any]:
    """The final result once the polls closed, else the seats if they closed now."""
    return view.get("result") or view.get("seats_projection") or {}


def possible_regions(view: dict[str, Any]) -> set[str]:
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


def possible_sectors(view: dict[str, Any]) -> set[str]:
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


def _must_spend(view: dict[str, Any]) -> set[str]:
    """The centres the player to act must spend from before ending the turn."""
    current = view.get("current")
    if current not in (0, 1) or view.get("step") != "influence":
        return set()
    return set((view.get("spend_needed") or [{}, {}])[current] or {})


def _frame(image: Image.Image, band: Band, color: Color) -> None:
    at, mask = band
    image.paste(color, at, mask)


# --- the map --------------------------------------------------------------------------------------

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
    possible = possible_regions(view)
    touched = _touched(view)[0]
    frames = _region_frames()
    for region in REGIONS:
        if region in possible:
            _frame(image, frames[region][1], POSSIBLE)
        if region in touched:
            _frame(image, frames[region][0], LAST_MOVE)
    regions = projection(view).get("regions") or {}
    for region in REGIONS:
        _draw_region_label(image, region, view["influence"][region], regions.get(region), region in possible, words)


NAME_STEP = 4  # between a name's lines, added to the size
INFO_H = TOKEN  # the row of the cost code and the tokens
CHIP_H = 28
SEATS_H = 26
GAP = 3


def _chip_width(code: str) -> float:
    return text_width(code, font(LABEL, True)) + 8


def _seats_width(items: tuple[tuple[int, str], ...]) -> float:
    fnt = font(TEXT, True)
    return sum(SEAT_MARK + 2 + text_width(n, fnt) for _, n in items) + 6 * (len(items) - 1) + 12


def _wrap_name(text: str, size: int, width: float) -> list[str]:
    """A region's name in lines of at most `width` pixels (bold), broken at spaces and after
    hyphens ("Castilla-" / "La Mancha"); a piece wider than `width` stays whole (the caller
    refuses that size)."""
    fnt = font(size, True)
    lines: list[str] = []
    current = ""
    for word in text.split():
        for i, piece in enumerate(p for p in re.split(r"(?<=-)", word) if p):
            glue = "" if i or not current else " "
            candidate = current + glue + piece if current else piece
            if current and text_width(candidate, fnt) > width:
                lines.append(current)
                candidate = piece
            current = candidate
    if current:
        lines.append(current)
    return lines or [""]


@lru_cache(maxsize=256)
def _name_layout(region: str, text: str) -> tuple[int, tuple[str, ...], bool]:
    """(size, lines, split) of a region's name in its label part: the largest name on one line,
    then on two, that leaves room for the cost code and both tokens (`split`: the tokens go under
    the cost code when the tile is too narrow for all three; decided for two tokens, so a label
    never jumps when Influence arrives) and the seats. Never under the floor."""
    left, top, right, bottom = region_box(region)
    width, height = right - left - 2 * MARGIN, bottom - top - 2 * MARGIN
    code = REGION_TYPE[region]
    split = _chip_width(code) + 2 * (TOKEN + GAP) > width
    below = (CHIP_H + GAP + INFO_H if split else INFO_H) + GAP + SEATS_H
    for count in (1, 2):
        for size in (NAME, LABEL, TEXT):
            lines = _wrap_name(text, size, width)
            if len(lines) == count and all(text_width(line, font(size, True)) <= width for line in lines) \
                    and count * (size + NAME_STEP) + GAP + below <= height:
                return size, tuple(lines), split
    lines = _wrap_name(text, TEXT, width)[:2]
    return TEXT, tuple(ellipsize(line, font(TEXT, True), width) for line in lines), split


def _draw_chip(image: Image.Image, draw: ImageDraw.ImageDraw, left: float, cy: float, text: str,
               highlight: bool) -> float:
    """A cost code ("2C") on a small plate; gold when the region can be paid for now. Returns its width."""
    width = _chip_width(text)
    draw.rounded_rectangle((left, cy - CHIP_H / 2, left + width, cy + CHIP_H / 2), radius=6,
                           fill=POSSIBLE if highlight else PILL)
    _put_text(image, (left + width / 2, cy), text, LABEL, PALETTE["accent_text"] if highlight else CHIP_TEXT, True,
              "mm")
    return width


def _seat_items(seats: dict[str, Any] | None) -> list[tuple[int, str]]:
    """(party 0/1 or 2 for the third parties, seats) for the non-zero shares of a region."""
    if not seats:
        return []
    blue, red = seats.get("seats", [0, 0])
    return [(kind, str(n)) for kind, n in ((0, blue), (1, red), (2, seats.get("third", 0))) if n]


def _draw_seat_row(image: Image.Image, draw: ImageDraw.ImageDraw, cx: float, cy: float,
                   items: tuple[tuple[int, str], ...]) -> None:
    """The seats a region gives now, on a dark plate: ● blue  ■ red  ◆ third parties."""
    if not items:
        return
    total = _seats_width(items)
    draw.rounded_rectangle((cx - total / 2, cy - SEATS_H / 2, cx + total / 2, cy + SEATS_H / 2), radius=SEATS_H // 2,
                           fill=PILL)
    fnt = font(TEXT, True)
    x = cx - total / 2 + 6
    for kind, n in items:
        _draw_token(image, kind, (x + SEAT_MARK / 2, cy), SEAT_MARK)
        _put_text(image, (x + SEAT_MARK + 2, cy), n, TEXT, WHITE, True, "lm")
        x += SEAT_MARK + 2 + text_width(n, fnt) + 6


def _draw_region_label(image: Image.Image, region: str, influence: list[int], seats: dict[str, Any] | None,
                       possible: bool, words: Words) -> None:
    """Name, cost code and both parties' Influence (no token when none), and the seats it gives:
    one cached sprite per distinct label (most labels repeat from one move to the next)."""
    left, top, _right, _bottom = region_box(region)
    size, lines, split = _name_layout(region, words.msg(REGION_SHORT[region]))
    sprite = _label_sprite(region, size, lines, split, (influence[0], influence[1]), tuple(_seat_items(seats)),
                           possible)
    image.paste(sprite, (left, top), sprite)


@lru_cache(maxsize=384)
def _label_sprite(region: str, size: int, lines: tuple[str, ...], split: bool, influence: tuple[int, int],
                  seats: tuple[tuple[int, str], ...], possible: bool) -> Image.Image:
    """A region's label block drawn on a transparent sprite the size of its label part. The
    layout (split or not) never depends on the counts, so a label does not jump between moves."""
    box = region_box(region)
    image = Image.new("RGBA", (box[2] - box[0], box[3] - box[1]), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    code = REGION_TYPE[region]
    shown = [(seat, n) for seat, n in ((0, influence[0]), (1, influence[1])) if n > 0]
    chip_w = _chip_width(code)
    tokens_w = len(shown) * (TOKEN + GAP)
    block = len(lines) * (size + NAME_STEP) + GAP + (CHIP_H + GAP + INFO_H if split else INFO_H) + GAP + SEATS_H
    y = image.height / 2 - block / 2
    cx = image.width / 2
    for line in lines:
        _put_text(image, (cx, y + (size + NAME_STEP) / 2), line, size, WHITE, True, "mm", stroke=2, stroke_fill=BORDER)
        y += size + NAME_STEP
    y += GAP
    if split:
        _draw_chip(image, draw, cx - chip_w / 2, y + CHIP_H / 2, code, possible)
        y += CHIP_H + GAP
        x = cx - (tokens_w - GAP) / 2
    else:
        x = cx - (chip_w + tokens_w) / 2
        x += _draw_chip(image, draw, x, y + INFO_H / 2, code, possible) + GAP
    for seat, n in shown:
        _draw_token(image, seat, (x + TOKEN / 2, y + INFO_H / 2), TOKEN, n)
        x += TOKEN + GAP
    y += INFO_H + GAP
    _draw_seat_row(image, draw, cx, y + SEATS_H / 2, seats)
    return image


# --- circles and pacts ----------------------------------------------------------------------------

def _sector_fill(owner: int | None) -> Color:
    return BLUE_FILL if owner == 0 else RED_FILL if owner == 1 else SECTOR_EMPTY


def _draw_circles(image: Image.Image, view: dict[str, Any]) -> None:
    """Sectors tinted by owner (red ones hatched, like the map), outlines, the sectors' numbers,
    tokens (none in an empty sector), the Propaganda in each centre; the frames of the last move
    and of what the player may choose now."""
    circles = view["circles"]
    palette = [0, 0, 0]
    for sector in CIRCLE_SECTORS:
        owner = circles[sector]["owner"] if circles[sector]["count"] else None
        if owner == 1:
            palette += [*RED_FILL, *RED_HATCH]
        else:
            palette += [*_sector_fill(owner)] * 2
    must = _must_spend(view)
    for kind in CENTRES:
        palette += [*((70, 40, 46) if kind in must else (30, 34, 48))]
    index, discs, _ = _circle_index()
    layer = index.copy()
    layer.putpalette(palette)
    area = _circles_area()
    image.paste(layer.convert("RGB"), area[:2], discs)
    image.paste(SECTOR_LINE, area[:2], _circle_lines())
    frames = _sector_frames()
    for sector in possible_sectors(view):
        if sector in frames:
            _frame(image, frames[sector][1], POSSIBLE)
    for kind in must:
        _frame(image, frames[kind][1], PALETTE["danger"])
    for sector in (view.get("last_move") or {}).get("sectors") or []:
        if sector in frames:
            _frame(image, frames[sector][0], LAST_MOVE)
    for sector in CIRCLE_SECTORS:
        at = sector_label_point(sector)
        if at is not None:
            _put_text(image, at, sector_label(sector), TEXT, CHIP_TEXT, True, "mm", stroke=2, stroke_fill=BORDER)
        info = circles[sector]
        if info["owner"] in (0, 1) and info["count"] > 0:
            _draw_token(image, info["owner"], sector_point(sector), SECTOR_TOKEN, info["count"])
    # Propaganda held, in the centres: blue on the left, red on the right, nothing when none
    for kind in CENTRES:
        x, y = sector_point(kind)
        for seat in (0, 1):
            held = view["propaganda"][seat][kind]
            if held:
                _draw_token(image, seat, (x + (-1 if seat == 0 else 1) * (CENTRE_TOKEN / 2 + 2), y), CENTRE_TOKEN,
                            held)


def _draw_pacts(image: Image.Image, view: dict[str, Any]) -> None:
    """Markers in each pact box (none drawn for 0); the box is framed in the colour of the
    party with more, in white when the last move put a marker there."""
    draw = ImageDraw.Draw(image)
    token = 36
    touched = _touched(view)[1]
    for i, region in enumerate(PACT_REGIONS):
        left, top, right, bottom = pact_box(i)
        counts = view["pacts"][region]
        lead = leader(counts)
        if lead is not None:
            draw.rounded_rectangle((left, top, right, bottom), radius=8, outline=PARTY_COLORS[lead], width=3)
        if region in touched:
            draw.rounded_rectangle((left, top, right, bottom), radius=8, outline=LAST_MOVE, width=FRAME)
        shown = [(seat, n) for seat, n in enumerate(counts) if n]
        x = (left + right) / 2 - (len(shown) * (token + 8) - 8) / 2
        for seat, n in shown:
            _draw_token(image, seat, (x + token / 2, bottom - 12 - token / 2), token, n)
            x += token + 8


# --- status: round track, who plays, what is asked ----------------------------------------------

PIPS = {
    1: ((0.5, 0.5),), 2: ((0.28, 0.28), (0.72, 0.72)), 3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)),
}


def _draw_die(draw: ImageDraw.ImageDraw, left: float, top: float, size: int, value: int) -> None:
    draw.rounded_rectangle((left, top, left + size, top + size), radius=6, fill=WHITE, outline=BORDER)
    radius = size * 0.1
    for dx, dy in PIPS.get(value, ()):
        x, y = left + dx * size, top + dy * size
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(20, 20, 24))


ROUND_CHIP = 34
TURN_CHIP = 30
TURN_PIP = 12


def _draw_track(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], words: Words) -> None:
    """The round track: a chip per round (done, now in gold, to come), the round being played
    followed by its turns (done, the current one in gold with its number, to come); at the end,
    "polls closed" after the chips."""
    over = view.get("phase") == "game_over"
    current_round, turn = view.get("round", 1), view.get("turn", 1)
    turns = view.get("turns_in_round", 10)
    in_poll = view.get("phase") == "poll"
    top, bottom = TRACK_ROW
    cy = (top + bottom) / 2
    x: float = STATUS_PANEL[0] + 12
    for k in range(1, view.get("rounds", 3) + 1):
        now = k == current_round and not over
        done = over or k < current_round
        box = (x, cy - ROUND_CHIP / 2, x + ROUND_CHIP, cy + ROUND_CHIP / 2)
        if now:
            draw.rounded_rectangle(box, radius=8, fill=POSSIBLE)
            colour = PALETTE["accent_text"]
        elif done:
            draw.rounded_rectangle(box, radius=8, fill=PALETTE["faded"])
            colour = PALETTE["text"]
        else:
            draw.rounded_rectangle(box, radius=8, outline=PALETTE["faded"], width=2)
            colour = PALETTE["muted"]
        _put_text(image, (x + ROUND_CHIP / 2, cy), str(k), LABEL, colour, True, "mm")
        x += ROUND_CHIP + 8
        if not now:
            continue
        for t in range(1, turns + 1):
            if t == turn and not in_poll:
                draw.rounded_rectangle((x, cy - TURN_CHIP / 2, x + TURN_CHIP, cy + TURN_CHIP / 2), radius=6,
                                       outline=POSSIBLE, width=3)
                _put_text(image, (x + TURN_CHIP / 2, cy), str(t), TEXT, POSSIBLE, True, "mm")
                x += TURN_CHIP + 5
                continue
            pip = (x, cy - TURN_PIP / 2, x + TURN_PIP, cy + TURN_PIP / 2)
            if t < turn or in_poll:
                draw.ellipse(pip, fill=PALETTE["text"])
            else:
                draw.ellipse(pip, outline=PALETTE["muted"], width=2)
            x += TURN_PIP + 5
        x += 8
    if over:
        put_fitted(image, (x + 4, top, STATUS_PANEL[2] - 10, bottom), words.msg("polls.picture.polls_closed"), LABEL,
                   PALETTE["accent"], True, min_size=TEXT, put=_put_text)


def step_text(view: dict[str, Any], words: Words) -> str:
    """What is asked of the player to act (or how the game ended), without their name."""
    if view.get("phase") == "game_over":
        result = view.get("result") or {}
        winners = result.get("winners") or []
        if not winners:
            return ""
        seat = winners[0]
        reason = result.get("reason", "")
        if reason == "conceded":
            return words.msg("polls.picture.step_conceded", loser=party_name(words, 1 - seat))
        seats = (result.get("seats") or [0, 0])[seat]
        how = words.msg(REASON_WORD[reason]) if reason in REASON_WORD else reason
        return words.plural("polls.picture.step_wins", seats, reason=how)
    current = view.get("current")
    seat = current if current in (0, 1) else 0
    pending = view.get("pending") or {}
    step = view.get("step")
    circle = "B+C" if pending.get("circle") == "BC" else str(pending.get("circle", ""))
    if step == "poll":
        left = ((view.get("poll") or {}).get("left") or [0, 0])[seat]
        return words.plural("polls.picture.step_poll", left)
    if step == "order":
        return words.msg("polls.picture.step_order", circle=circle)
    if step == "seven":
        return words.msg("polls.picture.step_seven", circle=circle, target=pending.get("seven_target") or "")
    if step == "influence":
        spend = (view.get("spend_needed") or [{}, {}])[seat] or {}
        if spend:
            kinds = ", ".join(f"{v['held'] - v['keep']} {k}" for k, v in sorted(spend.items()))
            return words.msg("polls.picture.step_spend", kinds=kinds)
        return words.msg("polls.picture.step_influence")
    return words.plural("polls.picture.step_actions", view.get("actions_left", 0))


def _put_step(image: Image.Image, box: tuple[float, float, float, float], text: str, fill: Color) -> None:
    """The step sentence: one line as large as fits (NAME down to the floor), else two lines."""
    left, top, right, bottom = box
    width = right - left
    for size in range(NAME, TEXT - 1, -1):
        if text_width(text, font(size)) <= width:
            _put_text(image, (left, (top + bottom) / 2), text, size, fill, anchor="lm")
            return
    for size in range(LABEL, TEXT - 1, -1):
        lines = wrap(text, font(size), width)
        if len(lines) <= 2 and not any(line.endswith("…") for line in lines):
            break
    lines = [ellipsize(line, font(size), width) for line in lines[:2]]
    step = size + 4
    y = (top + bottom) / 2 - step * len(lines) / 2
    for line in lines:
        _put_text(image, (left, y + step / 2), line, size, fill, anchor="lm")
        y += step


def _draw_status(image: Image.Image, view: dict[str, Any], names: list[str], words: Words) -> None:
    """The round track; who plays (their token, party and name) or who won; what is asked of
    them, the dice of a pending roll beside it."""
    draw = ImageDraw.Draw(image)
    _draw_track(image, draw, view, words)
    over = view.get("phase") == "game_over"
    left, right = STATUS_PANEL[0] + 12, STATUS_PANEL[2] - 10
    top, bottom = PLAYER_ROW
    cy = (top + bottom) / 2
    winners = (view.get("result") or {}).get("winners") or []
    seat = (winners[0] if winners else None) if over else view.get("current")
    if seat in (0, 1):
        _draw_token(image, seat, (left + 17, cy), 34)
        text = _player(words, names, seat, right - left - 44)
        put_fitted(image, (left + 44, top, right, bottom), text, STRONG, PARTY_TEXT[seat], True,
                   min_size=TEXT, put=_put_text)
    elif over:
        put_fitted(image, (left, top, right, bottom), words.msg("polls.picture.hung"), STRONG, PALETTE["accent"], True,
                   min_size=TEXT, put=_put_text)
    pending = view.get("pending") or {}
    dice = [d for d in pending.get("dice") or [] if isinstance(d, int)] if not over else []
    text_right = (DICE_BOX[0] - 8) if dice else right
    _put_step(image, (left, STEP_ROW[0], text_right, STEP_ROW[1]), step_text(view, words),
              PALETTE["accent"] if over else PALETTE["text"])
    if dice:
        d_left, d_top, d_right, d_bottom = DICE_BOX
        draw.rounded_rectangle(DICE_BOX, radius=8, outline=POSSIBLE, width=3)
        cy = (d_top + d_bottom) / 2
        x = d_right - 6 - len(dice) * (DIE + 6) + 6
        for value in dice:
            _draw_die(draw, x, cy - DIE / 2, DIE, value)
            x += DIE + 6


# --- the seats ------------------------------------------------------------------------------------

@lru_cache(maxsize=2)
def _red_bar(width: int, height: int) -> Image.Image:
    """The whole seats bar in hatched red (its right part is shown, as long as red's seats)."""
    bar = Image.new("RGB", (width, height), RED)
    bar.paste(RED_STRIPE, (0, 0), _hatch((width, height)))
    return bar


def _draw_seats(image: Image.Image, view: dict[str, Any], words: Words) -> None:
    """Seats now (or final) as a 66-seat bar: blue from the left behind a disc, red (hatched) from
    the right behind a square, third parties between, the majority marked both ways."""
    draw = ImageDraw.Draw(image)
    over = view.get("phase") == "game_over"
    shown = projection(view)
    seats = list(shown.get("seats") or [0, 0])
    third = shown.get("third", TOTAL_SEATS - sum(seats))
    majority = (view.get("seats_projection") or {}).get("majority", ABSOLUTE_MAJORITY)
    left, bar_top, right, bar_bottom = BAR
    title = (words.msg("polls.picture.seats_final", majority=majority) if over
             else words.msg("polls.picture.seats_now", majority=majority))
    put_fitted(image, (left, SEATS_TITLE[0], right, SEATS_TITLE[1]), title, LABEL, PALETTE["text"], True, "center",
               min_size=TEXT, put=_put_text)
    mid = (bar_top + bar_bottom) / 2
    _draw_token(image, 0, (SEATS_PANEL[0] + 28, mid), 34)
    _draw_token(image, 1, (SEATS_PANEL[2] - 28, mid), 34)
    scale = (right - left) / TOTAL_SEATS
    blue_end, red_start = left + seats[0] * scale, right - seats[1] * scale
    draw.rectangle((left, bar_top, right, bar_bottom), fill=THIRD)
    if seats[0]:
        draw.rectangle((left, bar_top, blue_end, bar_bottom), fill=BLUE)
    if seats[1]:
        stripes = _red_bar(right - left, bar_bottom - bar_top)
        cut = int(round(red_start)) - left
        image.paste(stripes.crop((cut, 0, stripes.width, stripes.height)), (left + cut, bar_top))
    for x in (left + majority * scale, right - majority * scale):
        draw.line((x, bar_top - 4, x, bar_bottom + 4), fill=PALETTE["accent"], width=4)
    for n, (a, b) in ((seats[0], (left, blue_end)), (third, (blue_end, red_start)), (seats[1], (red_start, right))):
        label = str(n)
        if n and text_width(label, font(BIG, True)) + 8 <= b - a:
            _put_text(image, ((a + b) / 2, mid), label, BIG, WHITE, True, "mm", stroke=3, stroke_fill=BORDER)
    winners = (view.get("result") or {}).get("winners") or []
    if over and winners:
        # the winner's end of the bar is framed in gold
        seat = winners[0]
        end = (left - 4, bar_top - 6, blue_end + 4, bar_bottom + 6) if seat == 0 else \
            (red_start - 4, bar_top - 6, right + 4, bar_bottom + 6)
        draw.rectangle(end, outline=PALETTE["accent"], width=3)


def render(view: dict[str, Any], names: list[str], words: Words) -> Image.Image:
    """The whole public board of The Polls Are Closed! for one view (BOARD_SIZE, RGB)."""
    image = _base(_static_words(words)).copy()
    _draw_map(image, view, words)
    _draw_status(image, view, names, words)
    _draw_circles(image, view)
    _draw_pacts(image, view)
    _draw_seats(image, view, words)
    return image
