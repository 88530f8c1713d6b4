"""The Polls Are Closed's board: its sizes, colours, words and layout, the cached text and tokens and the static
layers (renderers/polls)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from games.core.messages import MessageFamily
from games.polls.data import (
    CENTRES,
    PACT_CIRCLES,
    PACT_REGIONS,
    PARTY_NAMES,
    REGIONS,
)
from games.polls.view_types import PollsView, Projection, Result
from renderers.core import (
    BOARD_SIZE,
    INLINE_MIN_TEXT,
    PALETTE,
    Color,
    Words,
    ellipsize,
    fit_line,
    font,
    inline_scale,
    player_name,
    put_fitted,
    text_width,
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


def projection(view: PollsView) -> Result | Projection:
    """The final result once the polls closed, else the seats if they closed now."""
    return view["result"] or view["seats_projection"]
