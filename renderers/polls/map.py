"""The Polls Are Closed's board, per render: the map, the circles and the pacts (renderers/polls)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.polls.data import (
    PACT_REGIONS,
    POLL_REGIONS,
    REGION_TYPE,
    REGIONS,
    sector_for_die,
)
from games.polls.view_types import PollsView, RegionSeats
from renderers.core import (
    PALETTE,
    Color,
    Words,
    ellipsize,
    font,
    text_width,
    wrap,
)
from renderers.core import put_text as _put_text  # every text of this board is drawn through this name
from renderers.polls.board import (
    BLUE_FILL,
    BORDER,
    CENTRE_TOKEN,
    CENTRES,
    CHIP_TEXT,
    CIRCLE_SECTORS,
    FRAME,
    LABEL,
    LAND,
    LAST_MOVE,
    MAP_X,
    MAP_Y,
    MARGIN,
    NAME,
    PARTY_COLORS,
    PILL,
    POSSIBLE,
    RED_FILL,
    RED_HATCH,
    REGION_SHORT,
    SEA,
    SEAT_MARK,
    SECTOR_EMPTY,
    SECTOR_LINE,
    SECTOR_TOKEN,
    TEXT,
    TIE_FILL,
    TOKEN,
    WHITE,
    Band,
    _circle_index,
    _circle_lines,
    _circles_area,
    _draw_token,
    _map_index,
    _region_frames,
    _sector_frames,
    pact_box,
    projection,
    region_box,
    sector_label,
    sector_label_point,
    sector_point,
)

# --- per render ---------------------------------------------------------------------------------

def leader(influence: list[int]) -> int | None:
    """0 or 1 for the party with strictly more Influence, None on a tie (0-0 included)."""
    blue, red = influence
    return 0 if blue > red else 1 if red > blue else None


def possible_regions(view: PollsView) -> set[str]:
    """Where the player to act can put Influence now: affordable regions in the influence step,
    the 2C regions still open to them in the national poll."""
    step, poll = view["step"], view["poll"]
    if step == "influence":
        return set(view["affordable"])
    if step == "poll" and poll is not None:
        seat = poll["seat"]
        placed = poll["placed"][seat] if seat is not None else []
        return {r for r in POLL_REGIONS if r not in placed}
    return set()


def possible_sectors(view: PollsView) -> set[str]:
    """The sector a 7 would take, or the sectors the dice to order point at."""
    pending, step = view["pending"], view["step"]
    if pending is None:
        return set()
    if step == "seven" and pending["seven_target"]:
        return {pending["seven_target"]}
    if step == "order":
        return {sector_for_die(pending["circle"], d) for d in pending["dice"]}
    return set()


def _touched(view: PollsView) -> tuple[set[str], set[str]]:
    """What the last move touched: (map regions, pact boxes). A pact moves a marker into a box
    and never changes the region's Influence, so its region is the box, not the map tile."""
    last = view["last_move"]
    if last is None:
        return set(), set()
    regions = set(last["regions"])
    if last["type"] == "pact":
        return set(), regions
    return regions, set()


def _must_spend(view: PollsView) -> set[str]:
    """The centres the player to act must spend from before ending the turn."""
    current = view["current"]
    if current is None or view["step"] != "influence":
        return set()
    return set(view["spend_needed"][current])


def _frame(image: Image.Image, band: Band, color: Color) -> None:
    at, mask = band
    image.paste(color, at, mask)


# --- the map --------------------------------------------------------------------------------------

def _draw_map(image: Image.Image, view: PollsView, words: Words) -> None:
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
    regions = projection(view)["regions"]
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
            lines = wrap(text, font(size, True), width, long_words="keep", hyphens=True)
            if len(lines) == count and all(text_width(line, font(size, True)) <= width for line in lines) \
                    and count * (size + NAME_STEP) + GAP + below <= height:
                return size, tuple(lines), split
    lines = wrap(text, font(TEXT, True), width, long_words="keep", hyphens=True)[:2]
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


def _seat_items(seats: RegionSeats | None) -> list[tuple[int, str]]:
    """(party 0/1 or 2 for the third parties, seats) for the non-zero shares of a region."""
    if not seats:
        return []
    blue, red = seats["seats"]
    return [(kind, str(n)) for kind, n in ((0, blue), (1, red), (2, seats["third"])) if n]


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


def _draw_region_label(image: Image.Image, region: str, influence: list[int], seats: RegionSeats | None,
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


def _draw_circles(image: Image.Image, view: PollsView) -> None:
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
    for sector in view["last_move"]["sectors"] if view["last_move"] else []:
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
    for centre in CENTRES:
        x, y = sector_point(centre)
        for seat in (0, 1):
            held = view["propaganda"][seat][centre]
            if held:
                _draw_token(image, seat, (x + (-1 if seat == 0 else 1) * (CENTRE_TOKEN / 2 + 2), y), CENTRE_TOKEN,
                            held)


def _draw_pacts(image: Image.Image, view: PollsView) -> None:
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
