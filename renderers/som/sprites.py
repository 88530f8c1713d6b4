"""Som el que decidim!: the pieces, colours, text sizes and sprites both boards draw (renderers/som)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from games.som.cards import COLOURS
from games.som.cards import DISC_KINDS as KINDS
from renderers.core import (
    BOARD_SIZE,
    INLINE_MIN_TEXT,
    PALETTE,
    Color,
    put_text,
    readable_size,
    shape_points,
)

Box = tuple[int, int, int, int]
FBox = tuple[float, float, float, float]
Point = tuple[float, float]
SCALE = 1.0  # the sprites' edges and radii are in pixels


def px(value: float) -> int:
    """A length of a sprite's detail → whole pixels."""
    return int(round(value * SCALE))


# the smallest text: 20 px (both boards are 1100 px wide), 10 px read 550 px wide
TEXT = readable_size(BOARD_SIZE[0], INLINE_MIN_TEXT)
STRONG = TEXT + 2
TITLE = TEXT + 4
ICON = TEXT  # a glyph standing for a disc's kind
BIG = TEXT + 8

# --- the game's pieces (games.som.cards; the view names them by these ids) ------------------------------

FLAGS = ("catalunya", "world", "urn", "spain")
SYMBOLS = ("economic", "atc", "health", "justice", "suffrage")
DISC_KINDS = tuple(kind for kind, _value, _count in KINDS)
DISC_VALUE = {kind: value for kind, value, _count in KINDS}
ROWS = 7


# --- colours -------------------------------------------------------------------------------------------

BACKGROUND: Color = PALETTE["background"]
WHITE: Color = (255, 255, 255)
BORDER: Color = (16, 18, 26)
INK: Color = (28, 26, 30)  # text on a card face
GOLD: Color = PALETTE["accent"]
GOLD_TEXT: Color = PALETTE["accent_text"]
FACE: dict[str, Color] = {  # a face-up card, by flag: four hues and four lightnesses
    "catalunya": (250, 224, 140),
    "world": (158, 204, 246),
    "urn": (236, 232, 250),
    "spain": (236, 140, 128),
}
FACE_LINE: dict[str, Color] = {
    "catalunya": (196, 150, 40),
    "world": (60, 120, 190),
    "urn": (130, 100, 190),
    "spain": (170, 50, 40),
}
BACK: Color = (64, 74, 104)
BACK_LINE: Color = (82, 94, 128)
BACK_EDGE: Color = (112, 124, 160)
EMPTY_LINE: Color = PALETTE["faded"]
BADGE_FILL: Color = (44, 40, 48)
SENYERA_RED: Color = (218, 18, 26)
SENYERA_YELLOW: Color = (252, 209, 22)
SPAIN_RED: Color = (198, 11, 30)
SPAIN_YELLOW: Color = (255, 196, 0)
GLOBE_BLUE: Color = (28, 92, 196)
URN_PURPLE: Color = (104, 58, 170)
CITIZEN: dict[str, Color] = {
    "pink": (240, 110, 172),
    "lilac": (172, 132, 232),
    "orange": (246, 142, 38),
    "blue": (48, 128, 232),
}
SHAPE = {"pink": "circle", "lilac": "square", "orange": "triangle", "blue": "diamond"}
SERVICE_CHIP: Color = (58, 110, 150)  # a 2 € disc
INFRA_CHIP: Color = (118, 96, 62)  # a 1 € disc
COIN: dict[int, Color] = {1: (200, 206, 218), 2: (232, 190, 84)}
PARTICIPATION: Color = (238, 228, 204)
SYMBOL_GLYPH = {"economic": "€", "atc": "%", "health": "✚", "justice": "⚖", "suffrage": "☑"}
DISC_GLYPH = {"justice": "⚖", "health": "✚", "education": "✎", "mossos": "★", "railways": "╫", "forests": "♣",
              "energy": "⚡", "housing": "⌂"}  # firefighters and roads are drawn (a flame, a road)
FLAG_GLYPH = "⚑"  # a participation disc shows a flag-bearer
DIE_SIZE = 44  # the die's design size (its parts keep their proportions at any size)
DIE_MARK = 22  # its "?" before the roll
CHIP_ICON = 24


# --- sprites ----------------------------------------------------------------------------------------------

SUPER = 4  # sprites are drawn 4x larger and shrunk: polygons are not anti-aliased


def _scaled(points: list[Point], cx: float, cy: float, factor: float) -> list[Point]:
    return [(cx + (x - cx) * factor, cy + (y - cy) * factor) for x, y in points]


@lru_cache(maxsize=32)
def pawn_sprite(colour: str, size: int, holder: bool = False) -> Image.Image:
    """A citizen: its colour in its own shape with a dark edge (the holder's inside a thick gold ring)."""
    ring = px(4) if holder else 0
    total = size + 2 * ring
    big = total * SUPER
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    c = big / 2
    half = size * SUPER / 2 - SUPER * 0.5
    outline = shape_points(SHAPE.get(colour, "circle"), c, c, half, triangle=(1.14, 0.22))
    if holder:
        outer = half + ring * SUPER
        draw.polygon(_scaled(outline, c, c, outer / half), fill=BORDER)
        draw.polygon(_scaled(outline, c, c, (outer - SUPER * SCALE) / half), fill=GOLD)
    draw.polygon(outline, fill=BORDER)
    draw.polygon(_scaled(outline, c, c, 1 - 1.4 * SUPER * SCALE / half), fill=CITIZEN.get(colour, WHITE))
    return sprite.resize((total, total), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def disc_sprite(size: int, fill: Color, edge: Color = BORDER) -> Image.Image:
    big = size * SUPER
    disc = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(disc)
    draw.ellipse((0, 0, big - 1, big - 1), fill=edge)
    e = 1.3 * SCALE * SUPER
    draw.ellipse((e, e, big - 1 - e, big - 1 - e), fill=fill)
    return disc.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def marker_sprite(size: int = 26, text: int = TEXT) -> Image.Image:
    """The Generalitat marker: a gold disc with a dark G (`text` px tall)."""
    sprite = disc_sprite(size, GOLD).copy()
    put_text(sprite, (size / 2, size / 2 + 0.5), "G", text, GOLD_TEXT, bold=True, anchor="mm")
    return sprite


@lru_cache(maxsize=8)
def coin_sprite(value: int, size: int = 36, text: int = TEXT) -> Image.Image:
    """A coin of the Hisenda: its value on a silver (1 €) or gold (2 €) disc."""
    sprite = disc_sprite(size, COIN.get(value, COIN[1])).copy()
    put_text(sprite, (size / 2, size / 2 + 0.5), f"{value}€", text, INK, bold=True, anchor="mm", squeeze=0.85)
    return sprite


@lru_cache(maxsize=4)
def participation_sprite(size: int = 28, text: int = TEXT) -> Image.Image:
    """A democratic-participation disc: a flag-bearer's flag on a cream disc."""
    sprite = disc_sprite(size, PARTICIPATION).copy()
    put_text(sprite, (size / 2 + 1, size / 2 + 0.5), FLAG_GLYPH, text, INK, anchor="mm")
    return sprite


FLAME = ((0.50, 0.98), (0.29, 0.94), (0.15, 0.80), (0.12, 0.62), (0.17, 0.44), (0.25, 0.28), (0.31, 0.45),
         (0.38, 0.30), (0.46, 0.13), (0.53, 0.00), (0.60, 0.18), (0.67, 0.33), (0.74, 0.22), (0.81, 0.40),
         (0.88, 0.60), (0.86, 0.80), (0.72, 0.94))
FLAME_CORE = ((0.50, 0.93), (0.38, 0.88), (0.34, 0.75), (0.41, 0.61), (0.50, 0.46), (0.58, 0.60), (0.65, 0.74),
              (0.61, 0.88))


def _flame(draw: ImageDraw.ImageDraw, size: float, fill: Color, core: Color) -> None:
    """A flame with three tongues and a hollow core (a plain drop would read as water)."""
    draw.polygon([(x * size, y * size) for x, y in FLAME], fill=fill)
    draw.polygon([(x * size, y * size) for x, y in FLAME_CORE], fill=core)


def _road(draw: ImageDraw.ImageDraw, size: float, fill: Color) -> None:
    """A road running away: its two edges closing in and a dashed middle line."""
    width = round(size * 0.11)
    draw.line((size * 0.04, size * 0.96, size * 0.36, size * 0.06), fill=fill, width=width)
    draw.line((size * 0.96, size * 0.96, size * 0.64, size * 0.06), fill=fill, width=width)
    for top, bottom, half in ((0.06, 0.22, 0.04), (0.36, 0.56, 0.055), (0.70, 0.96, 0.07)):
        draw.polygon([(size * (0.5 - half * 0.8), size * top), (size * (0.5 + half * 0.8), size * top),
                      (size * (0.5 + half), size * bottom), (size * (0.5 - half), size * bottom)], fill=fill)


@lru_cache(maxsize=32)
def disc_icon(kind: str, fill: Color, ink: Color = WHITE) -> Image.Image:
    """A public-management disc's kind as a small picture (a glyph, or a drawn flame or road)."""
    size = CHIP_ICON
    if kind in ("firefighters", "roads"):
        big = Image.new("RGBA", (size * SUPER, size * SUPER), (0, 0, 0, 0))
        inner = round(size * SUPER * 0.84)
        layer = Image.new("RGBA", (inner, inner), (0, 0, 0, 0))
        if kind == "firefighters":
            _flame(ImageDraw.Draw(layer), inner, ink, fill)
        else:
            _road(ImageDraw.Draw(layer), inner, ink)
        offset = round((size * SUPER - inner) / 2)
        big.paste(layer, (offset, offset), layer)
        return big.resize((size, size), Image.Resampling.LANCZOS)
    sprite = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    put_text(sprite, (size / 2, size / 2), DISC_GLYPH.get(kind, "?"), ICON, ink, bold=True, anchor="mm")
    return sprite


def _rounded(size: tuple[int, int], fill: Color, edge: Color | None = None, edge_du: float = 1.2,
             radius_du: float = 5.6) -> Image.Image:
    """A rounded rectangle as an RGBA sprite (anti-aliased)."""
    w, h = size
    big = Image.new("RGBA", (w * SUPER, h * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    r = radius_du * SCALE * SUPER
    if edge is not None:
        draw.rounded_rectangle((0, 0, w * SUPER - 1, h * SUPER - 1), radius=r, fill=edge)
        e = edge_du * SCALE * SUPER
        draw.rounded_rectangle((e, e, w * SUPER - 1 - e, h * SUPER - 1 - e), radius=max(1, r - e), fill=fill)
    else:
        draw.rounded_rectangle((0, 0, w * SUPER - 1, h * SUPER - 1), radius=r, fill=fill)
    return big.resize((w, h), Image.Resampling.BOX)


def _flat(sprite: Image.Image, under: Color = BACKGROUND) -> Image.Image:
    """An RGBA sprite made opaque over `under` (pasting an RGB image needs no mask: much faster)."""
    flat = Image.new("RGB", sprite.size, under)
    flat.paste(sprite, (0, 0), sprite)
    return flat


@lru_cache(maxsize=16)
def flag_icon(flag: str, w: int = 30, h: int = 20) -> Image.Image:
    """A card's flag as a small drawn flag: the senyera's 4 red stripes, the Spanish bands, a globe,
    a ballot box: four patterns as well as four colours."""
    big_w, big_h = w * SUPER, h * SUPER
    img = Image.new("RGBA", (big_w, big_h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    e = SUPER * SCALE
    draw.rectangle((0, 0, big_w - 1, big_h - 1), fill=BORDER)
    x0, y0, x1, y1 = e, e, big_w - 1 - e, big_h - 1 - e
    if flag == "catalunya":
        draw.rectangle((x0, y0, x1, y1), fill=SENYERA_YELLOW)
        stripe = (y1 - y0) / 9
        for k in range(4):
            top = y0 + stripe * (2 * k + 1)
            draw.rectangle((x0, top, x1, top + stripe), fill=SENYERA_RED)
    elif flag == "spain":
        draw.rectangle((x0, y0, x1, y1), fill=SPAIN_RED)
        quarter = (y1 - y0) / 4
        draw.rectangle((x0, y0 + quarter, x1, y1 - quarter), fill=SPAIN_YELLOW)
    elif flag == "world":
        draw.rectangle((x0, y0, x1, y1), fill=GLOBE_BLUE)
        cx, cy, r = big_w / 2, big_h / 2, (y1 - y0) * 0.4
        line = round(SUPER * 1.1 * SCALE)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=WHITE, width=line)
        draw.ellipse((cx - r * 0.45, cy - r, cx + r * 0.45, cy + r), outline=WHITE, width=line)
        draw.line((cx - r, cy, cx + r, cy), fill=WHITE, width=line)
    else:  # urn: a ballot going into a box
        draw.rectangle((x0, y0, x1, y1), fill=URN_PURPLE)
        cx = big_w / 2
        bw, top = (x1 - x0) * 0.56, y0 + (y1 - y0) * 0.42
        draw.rectangle((cx - bw / 2, top, cx + bw / 2, y1 - (y1 - y0) * 0.1), fill=WHITE)
        draw.rectangle((cx - bw * 0.3, top - SUPER * 0.3, cx + bw * 0.3, top + SUPER * SCALE), fill=URN_PURPLE)
        draw.rectangle((cx - bw * 0.2, y0 + (y1 - y0) * 0.1, cx + bw * 0.2, top + SUPER * 0.2), fill=WHITE)
    return img.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=2)
def card_back(width: int, height: int, header: int) -> Image.Image:
    """A face-down card, opaque: a dark back with a lattice below the label row."""
    card = _rounded((width, height), BACK, BACK_EDGE, 1.6)
    lattice = Image.new("RGBA", (width * SUPER, height * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(lattice)
    top, bottom = header * SUPER, (height - px(5)) * SUPER
    left, right = px(5) * SUPER, (width - px(5)) * SUPER
    step, line = 10 * SCALE * SUPER, round(1.6 * SCALE * SUPER)
    for k in range(-20, 20):
        x = left + k * step
        draw.line((x, top, x + (bottom - top), bottom), fill=BACK_LINE, width=line)
        draw.line((x + (bottom - top), top, x, bottom), fill=BACK_LINE, width=line)
    frame = Image.new("L", lattice.size, 0)
    ImageDraw.Draw(frame).rounded_rectangle((left, top, right, bottom), radius=4 * SCALE * SUPER, fill=255)
    clipped = Image.new("RGBA", lattice.size, (0, 0, 0, 0))
    clipped.paste(lattice, (0, 0), frame)
    card.alpha_composite(clipped.resize((width, height), Image.Resampling.BOX))
    return _flat(card)


@lru_cache(maxsize=2)
def empty_cell(size: tuple[int, int], line: float = 1.6) -> Image.Image:
    """A cell without a card, opaque: a dashed outline (`line` px) on the background."""
    sprite = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(sprite)
    dash, gap, width, inset = px(7) * line / 1.6, px(5) * line / 1.6, max(1, round(line)), px(1.6)
    right, bottom = size[0] - 1 - inset, size[1] - 1 - inset
    edges = [((inset, inset), (right, inset)), ((right, inset), (right, bottom)),
             ((right, bottom), (inset, bottom)), ((inset, bottom), (inset, inset))]
    for (x0, y0), (x1, y1) in edges:
        length = math.hypot(x1 - x0, y1 - y0)
        t = 0.0
        while t < length:
            t1 = min(length, t + dash)
            a = (x0 + (x1 - x0) * t / length, y0 + (y1 - y0) * t / length)
            b = (x0 + (x1 - x0) * t1 / length, y0 + (y1 - y0) * t1 / length)
            draw.line((*a, *b), fill=EMPTY_LINE, width=width)
            t += dash + gap
    return sprite


@lru_cache(maxsize=8)
def frame_sprite(color: Color, size: tuple[int, int], width: int) -> Image.Image:
    """A thick frame around a card (the mover's cell, the cells to step to)."""
    w, h = size
    big = Image.new("RGBA", (w * SUPER, h * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((0, 0, w * SUPER - 1, h * SUPER - 1), radius=6 * SCALE * SUPER, outline=color,
                           width=width * SUPER)
    return big.resize((w, h), Image.Resampling.BOX)


@lru_cache(maxsize=16)
def die_sprite(face: str | None, size: int = DIE_SIZE, text: int = TEXT) -> Image.Image:
    """The die's face: the Generalitat marker, a citizen's pawn, the four pawns (everyone), or "?"
    (its G `text` px tall)."""
    die = _rounded((size, size), (246, 246, 242), BORDER, 1.6, radius_du=8)
    k_size = size / DIE_SIZE  # the parts keep their proportions on a larger die
    if face == "generalitat":
        marker = marker_sprite(round(px(26) * k_size), text)
        die.paste(marker, ((size - marker.width) // 2, (size - marker.height) // 2), marker)
    elif face in COLOURS:
        pawn = pawn_sprite(face, round(px(26) * k_size))
        die.paste(pawn, ((size - pawn.width) // 2, (size - pawn.height) // 2), pawn)
    elif face == "everyone":
        for k, colour in enumerate(COLOURS):
            pawn = pawn_sprite(colour, round(px(15) * k_size))
            x = size / 2 + (-1 if k % 2 == 0 else 1) * px(9) * k_size - pawn.width / 2
            y = size / 2 + (-1 if k < 2 else 1) * px(9) * k_size - pawn.height / 2
            die.paste(pawn, (round(x), round(y)), pawn)
    else:
        put_text(die, (size / 2, size / 2), "?", DIE_MARK, PALETTE["faded"], bold=True, anchor="mm")
    return _flat(die, PALETTE["panel"])


def _crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    w, h = size, size * 0.75
    left, top = cx - w / 2, cy - h / 2
    draw.polygon([(left, top + h), (left, top + h * 0.25), (left + w * 0.27, top + h * 0.55), (left + w * 0.5, top),
                  (left + w * 0.73, top + h * 0.55), (left + w, top + h * 0.25), (left + w, top + h)], fill=GOLD)
