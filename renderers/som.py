"""Som el que decidim!: the board in the channel and the full board.

Both are pure functions of the public view `games.som.GAME.view(state, None)` (docs/som-view.md) and of
the reader's `Words` (`som.picture.*` ids; the full board's card names and disc kinds are the engine's
`som.card.*` and `som.kind.*`).

`render`, the board posted on every move (and the frame of the replays), is drawn at
renderers.core.BOARD_SIZE (1100 × 700, landscape) for Discord's inline box, where it shows at half
size: no text is under SMALL = 20 px (10 px as seen). The grid of 37 tiles takes the left, at the
rules' rows and columns; a tile shows its label, its card's back, or its flag as a colour *and* a
drawn flag (colour-blind safe) and its symbol as a badge (Concentració nacional a participation
disc), and the citizens standing on it as pawns, each colour with its own shape (pink circle, lilac
square, orange triangle, blue diamond), the holder's ringed in gold. The cells the mover may step to
have a gold frame, the mover's cell a white one, and the last movement shows as gold arrowheads
between its tiles (what changed last). The grid's free corners hold the Hisenda (its 1 € and 2 €
coin counts and its value), the pool, this turn's die, the key of the frames, the flags' key and the
urn area. A side panel holds the turn, the mode, degree and phase, the Generalitat, what the game
waits on (or the result), and one short row per citizen (pawn, name, value, participation discs;
in a vote, the side taken and "has bid"). Card names, the discs' kinds and the key of their icons
are left to the full board and to the embed's text: what a card does is its flag and its symbol.

`render_full`, the full board behind the 🔍 Full board button, is landscape too: 1100 × 800 (FULL_SIZE),
read 550 px wide (CHAT_WIDTH, a message's picture opened or on a phone) where no text is under 10 px (TEXT =
20 px on the canvas; shown in the 550 × 350 inline box, 481 × 350, none under 8.75 px). The grid takes the
left at the rules' rows and columns, its cards 104 × 111: a face-up card shows its label, its drawn flag, its
Catalan printed name (the same in every language; long words split at their syllables and the letters
narrowed, never shortened, so the longest name fits in 3 lines), its symbol (€ economic, % Agència
Tributària, ✚ health, ⚖ justice, ☑ suffrage) and the citizens on it; an empty cell is a dashed outline. The
grid's free places hold, left of the board (where the rules put it), the Hisenda espanyola card (its coins
and value), the pool, this turn's die and the key of the marks; in the right column the flags' key; in the
bottom right steps the key of the disc icons; in the bottom row the urn area (4 slots). A side panel holds
the status (the turn; the mode, the centralism degree and the phase, or why the game ended; who holds the
Generalitat; what the game waits on, a vote's "k/n have bid", or the winners) and, at its foot, one row per
citizen (pawn, the Generalitat marker, name; value, participation discs and cell; each public-management disc
as a chip with its kind's icon and value, on as many lines as the most discs need; in a vote, the side taken
and "has bid"). Sprites are drawn at 1 px per unit (SCALE): the 256-colour quantizing of a bigger picture
would take most of the 40 ms budget.

Only what a public view holds is drawn, and a face-down cell's card, flag and symbol are never looked
at, even if a view carried them. The layers per language with every cell face down,
and the card faces and tiles, are cached; a render pastes the cards that are not face down and draws
the rest.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core.messages import N_, MessageFamily
from games.som.cards import CARD_NAME, COLOURS, FACES, KIND_NAME, POSITIONS, URN_COUNT, label
from games.som.cards import DISC_KINDS as KINDS
from renderers.core import (
    BOARD_SIZE,
    INLINE_MIN_TEXT,
    PALETTE,
    SQUEEZES,
    Color,
    Words,
    drawable,
    ellipsize,
    font,
    inline_scale,
    put_fitted,
    put_text,
    readable_size,
    text_width,
)
from renderers.core import name_lines as core_name_lines
from renderers.core import squeezed_mask as _text_mask

Box = tuple[int, int, int, int]
FBox = tuple[float, float, float, float]
Point = tuple[float, float]

# --- the full board's size: landscape, read at CHAT_WIDTH wide ------------------------------------------

FULL_SIZE = (1100, 800)  # 1.375 : 1 (docs/decisions.md, "Som's full board, landscape")
WIDTH, HEIGHT = FULL_SIZE
SCALE = 1.0  # the sprites' edges and radii are in pixels


def px(value: float) -> int:
    """A length of a sprite's detail → whole pixels."""
    return int(round(value * SCALE))


TEXT = readable_size(WIDTH, INLINE_MIN_TEXT)  # the smallest text: 20 px, 10 px when shown 550 px wide
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

# --- words -------------------------------------------------------------------------------------------

FLAG_NAME = MessageFamily("som.picture.flag", FLAGS)
PHASE = MessageFamily("som.picture.phase", ("place_start", "choose_centralism", "taxation", "transfer", "cohesion",
                                            "action"))
DEGREE = MessageFamily("som.picture.degree", ("medium", "high", "intense", "none"))
RESULT = MessageFamily("som.picture.result", ("referendum", "intervened", "dui"))
PAY_REASON = MessageFamily("som.picture.pay_reason", ("tax", "transfer", "economic", "health", "justice",
                                                      "elections"))
VOTE_KIND = MessageFamily("som.picture.vote", ("elections", "motion"))
ACT = MessageFamily("som.picture.act", ("place_start", "choose_centralism", "pay", "pay_hisenda", "break_coin",
                                        "give_change", "cohesion", "move", "move_first", "protect_urn", "sufragi",
                                        "stand", "back", "name_beneficiary", "waiting"))
TAG = MessageFamily("som.picture.tag", ("candidate", "backs", "abstains", "motion", "government", "has_bid"))
CANDIDATE, BACKS, ABSTAINS, HAS_BID = TAG["candidate"], TAG["backs"], TAG["abstains"], TAG["has_bid"]
SIDE_TAGS = (("motion", TAG["motion"]), ("government", TAG["government"]), ("abstain", ABSTAINS))
KEY_WORDS = (
    ("go", N_("som.picture.key.can_go")),
    ("mover", N_("som.picture.key.mover")),
    ("holder", N_("som.picture.key.generalitat")),
)

# Catalan syllables of the long words of the card names (rules/som.md) and of the Generalitat marker's name: a
# name is split only here (a word missing from the table only if it is too wide for a line, between consonants
# where it can: renderers.core.name_lines).
SYLLABLES = (
    "Con-cen-tra-ció", "na-cio-nal", "Agèn-cia", "Tri-bu-tà-ria", "Ca-ta-la-na", "Eu-ro", "re-cep-ta", "Im-post",
    "suc-ces-sions", "lo-gís-ti-ca", "Tei-xit", "in-dus-trial", "Tu-ris-me", "Par-la-ment", "Ca-ta-lu-nya",
    "Es-ta-tut", "d'Au-to-no-mia", "Llen-gua", "ca-ta-la-na", "Es-co-la", "as-so-cia-tiu", "Coo-pe-ra-ti-vis-me",
    "Cas-tells", "Pa-ge-sia", "Re-cer-ca", "uni-ver-si-tats", "Co-merç", "pro-xi-mi-tat", "Mit-jans",
    "co-mu-ni-ca-ció", "ca-ta-là", "Su-fra-gi", "uni-ver-sal", "hu-mans", "Au-to-de-ter-mi-na-ció", "po-bles",
    "Lli-ber-tat", "d'ex-pres-sió", "Se-pa-ra-ció", "po-ders", "Igual-tat", "gè-ne-re", "Sos-te-ni-bi-li-tat",
    "Di-ver-si-tat", "cul-tu-ral", "So-li-da-ri-tat", "Cul-tu-ra", "de-mo-crà-ti-ca", "Mo-bi-lit-za-ció",
    "ciu-ta-da-na", "Po-lí-tics", "com-pro-me-sos", "Es-tra-tè-gia", "in-ter-na-cio-nal", "Tri-bu-nal",
    "Cons-ti-tu-cio-nal", "ba-ses", "Hi-sen-da", "es-pa-nyo-la", "Ge-ne-ra-li-tat",
)


def player_name(words: Words, names: list[str], seat: int) -> str:
    """The name as far as the font can draw it, else "Player n"."""
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    return name or words.msg("som.picture.player_n", n=seat + 1)


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

# --- layout (px on the 1100 × 800 canvas) ----------------------------------------------------------------

MARGIN = 6
CELL_W, CELL_H = 104, 111
PITCH_X, PITCH_Y = 107, 113
PAD = 3
HEADER = 24  # a card's label row
NAME_STEP = 19  # between the lines of a card name (the text is 20 px)
NAME_LINES = 3
NAME_SQUEEZES = (*SQUEEZES, 0.75)  # "comunicació" must fit a line of a card
FOOT = 28  # a card's pawn row
PAWN = 22
BADGE = 26
FRAME = 5
DIE_SIZE = 44  # the die's design size (its parts keep their proportions at any size)
DIE_MARK = 22  # its "?" before the roll
FULL_DIE = 60
BOARD_TOP = (HEIGHT - (ROWS - 1) * PITCH_Y - CELL_H) // 2
BOARD_RIGHT = MARGIN + 7 * PITCH_X + CELL_W
PANEL: Box = (BOARD_RIGHT + 8, MARGIN, WIDTH - 4, HEIGHT - MARGIN)
PANEL_INNER = (PANEL[0] + 16, PANEL[2] - 10)
ROW_PAD, ROW_LINE, ROW_GAP = 5, 26, 4
CHIP_W, CHIP_H, CHIP_PITCH = 46, 26, 49
CHIP_ICON = 24
KEY_LINE = 27


def cell_box(row: int, col: int, rows: int = 1, cols: int = 1) -> Box:
    """The pixel box of a board position (or of a block of `rows` x `cols` positions)."""
    left, top = MARGIN + col * PITCH_X, BOARD_TOP + row * PITCH_Y
    return left, top, left + (cols - 1) * PITCH_X + CELL_W, top + (rows - 1) * PITCH_Y + CELL_H


# The board's free corners (positions that are no cell; rules/som.md, "The board"): left of the board (where
# the rules put it) the Hisenda espanyola card, the pool, this turn's die and the key of the marks; the flags'
# key in the two free places of the right column; the key of the disc icons in the bottom right steps; the urn
# area in the bottom row.
HISENDA_BOX = cell_box(1, 0, rows=2)
POOL_BOX = cell_box(3, 0)
DIE_BOX = cell_box(4, 0)
MARKS_BOX = cell_box(5, 0, rows=2)
FLAG_BOXES = (cell_box(0, 7), cell_box(3, 7))
KEY_BOXES = (cell_box(4, 6, cols=2), cell_box(5, 5, cols=3))
URN_TITLE_BOX = cell_box(6, 2, cols=2)


def urn_slot(index: int) -> Box:
    return cell_box(6, 4 + index)


# --- text ---------------------------------------------------------------------------------------------

def name_lines(text: str, width: int, max_lines: int, bold: bool = False) -> tuple[tuple[str, ...], float]:
    """A name on at most `max_lines` lines of `width` px at TEXT size, split at the syllables of SYLLABLES
    (renderers.core.name_lines), and the squeeze to draw them with."""
    return core_name_lines(text, width, max_lines, TEXT, bold, NAME_SQUEEZES, SYLLABLES)


def put_name(image: Image.Image, box: FBox, text: str, fill: Color, max_lines: int = NAME_LINES,
             bold: bool = False) -> None:
    """A name in `box`, centred, on up to `max_lines` lines (see `name_lines`)."""
    left, top, right, bottom = box
    lines, squeeze = name_lines(text, int(right - left), max_lines, bold)
    y = (top + bottom) / 2 - NAME_STEP * (len(lines) - 1) / 2
    for shown in lines:
        put_text(image, ((left + right) / 2, y), shown, TEXT, fill, bold, "mm", squeeze)
        y += NAME_STEP


# --- sprites ----------------------------------------------------------------------------------------------

SUPER = 4  # sprites are drawn 4x larger and shrunk: polygons are not anti-aliased


def shape_points(shape: str, cx: float, cy: float, half: float) -> list[Point]:
    """A citizen's shape as a polygon inside the square of half-side `half` around (cx, cy)."""
    if shape == "square":
        s = half * 0.84
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        r = half * 1.14
        angles = [math.radians(90 + 120 * k) for k in range(3)]
        return [(cx + r * math.cos(a), cy + r * 0.22 - r * math.sin(a)) for a in angles]
    if shape == "diamond":
        return [(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)]
    angles = [math.radians(7.5 * k) for k in range(48)]
    return [(cx + half * math.cos(a), cy + half * math.sin(a)) for a in angles]


def _scaled(points: list[Point], cx: float, cy: float, factor: float) -> list[Point]:
    return [(cx + (x - cx) * factor, cy + (y - cy) * factor) for x, y in points]


@lru_cache(maxsize=32)
def pawn_sprite(colour: str, size: int = PAWN, holder: bool = False) -> Image.Image:
    """A citizen: its colour in its own shape with a dark edge (the holder's inside a thick gold ring)."""
    ring = px(4) if holder else 0
    total = size + 2 * ring
    big = total * SUPER
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    c = big / 2
    half = size * SUPER / 2 - SUPER * 0.5
    outline = shape_points(SHAPE.get(colour, "circle"), c, c, half)
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


@lru_cache(maxsize=32)
def disc_chip(kind: str, value: int, under: Color = PALETTE["panel"]) -> Image.Image:
    """A disc held by a citizen: its kind's icon and its value on a chip (blue 2 €, brown 1 €), over `under`."""
    fill = SERVICE_CHIP if value >= 2 else INFRA_CHIP
    chip = _rounded((CHIP_W, CHIP_H), fill, radius_du=5.6)
    icon = disc_icon(kind, fill)
    chip.paste(icon, (px(2), (CHIP_H - icon.height) // 2), icon)
    put_text(chip, (CHIP_W - px(4), CHIP_H / 2), str(value), TEXT, WHITE, bold=True, anchor="rm")
    return _flat(chip, under)


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


@lru_cache(maxsize=8)
def symbol_badge(symbol: str) -> Image.Image:
    """A card's symbol: a glyph on a dark disc."""
    sprite = disc_sprite(BADGE, BADGE_FILL).copy()
    put_text(sprite, (BADGE / 2, BADGE / 2 + 0.5), SYMBOL_GLYPH.get(symbol, "?"), TEXT, WHITE,
             bold=symbol in ("economic", "atc"), anchor="mm")
    return sprite


NAME_BOX: FBox = (px(2.4), PAD + HEADER, CELL_W - px(2.4), CELL_H - PAD - FOOT)


def flag_at(width: int) -> tuple[int, int]:
    """Where a card's drawn flag goes, on a card `width` px wide (top right, inside the frames)."""
    return width - FRAME - px(2) - flag_icon("urn").width, FRAME + px(1)


@lru_cache(maxsize=64)
def card_face(name: str, flag: str, symbol: str | None) -> Image.Image:
    """A face-up card without its label, opaque: the flag's colour, the drawn flag, the name, the symbol."""
    card = _rounded((CELL_W, CELL_H), FACE.get(flag, FACE["urn"]), FACE_LINE.get(flag, BORDER), 1.6)
    icon = flag_icon(flag)
    card.paste(icon, flag_at(CELL_W), icon)
    put_name(card, NAME_BOX, name, INK)
    if symbol:
        badge = symbol_badge(symbol)
        card.paste(badge, (CELL_W - PAD - badge.width + 1, CELL_H - PAD - badge.height + 1), badge)
    return _flat(card)


@lru_cache(maxsize=2)
def card_back(width: int = CELL_W, height: int = CELL_H, header: int = PAD + HEADER) -> Image.Image:
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
def empty_cell(size: tuple[int, int] = (CELL_W, CELL_H), line: float = 1.6) -> Image.Image:
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
def frame_sprite(color: Color, size: tuple[int, int] = (CELL_W, CELL_H), width: int = FRAME) -> Image.Image:
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


def paste(image: Image.Image, sprite: Image.Image, at: Point, centred: bool = False) -> None:
    """Paste `sprite` with its top left (or its centre) at `at`; RGBA sprites through their alpha."""
    x, y = at
    if centred:
        x, y = x - sprite.width / 2, y - sprite.height / 2
    corner = (int(round(x)), int(round(y)))
    if sprite.mode == "RGBA":
        image.paste(sprite, corner, sprite)
    else:
        image.paste(sprite, corner)


@lru_cache(maxsize=16)
def disc_key_icon(kind: str) -> Image.Image:
    """The key's icon of a kind: its icon on a small chip of its value's colour."""
    fill = SERVICE_CHIP if DISC_VALUE[kind] == 2 else INFRA_CHIP
    chip = _rounded((30, 28), fill, radius_du=4.8)
    icon = disc_icon(kind, fill)
    chip.paste(icon, ((chip.width - icon.width) // 2, (chip.height - icon.height) // 2), icon)
    return chip


# --- the cached layer per language and table size -------------------------------------------------------

def static_words(words: Words) -> tuple[str, ...]:
    """The words of the fixed layer (the cache key of `_base`)."""
    return (
        words.msg("som.picture.hisenda"), words.msg("som.picture.pool"), words.msg("som.picture.urn_area"),
        *(words.msg(message_id) for _what, message_id in KEY_WORDS),
        *(words.msg(FLAG_NAME[f]) for f in FLAGS),
        *(words.msg(KIND_NAME[k]) for k in DISC_KINDS),
        words.msg("som.picture.participation"),
    )


def _panel(draw: ImageDraw.ImageDraw, box: Box, fill: Color = PALETTE["panel"]) -> None:
    draw.rounded_rectangle(box, radius=8, fill=fill)


# The key of the disc icons fills the two bottom right steps: the longest words (in every language) one a line
# in the narrower, the seven others two a line in the wider.
KEY_ONE_A_LINE = ("mossos", "firefighters", "housing", "participation")


def disc_key_entries(labels: tuple[str, ...]) -> list[tuple[str, str, Box]]:
    """The key of the disc icons as (kind or "participation", word, the entry's box)."""
    words_of = dict(zip((*DISC_KINDS, "participation"), labels, strict=True))
    entries: list[tuple[str, str, Box]] = []
    for box, kinds, columns in ((KEY_BOXES[0], KEY_ONE_A_LINE, 1),
                                (KEY_BOXES[1], [k for k in DISC_KINDS if k not in KEY_ONE_A_LINE], 2)):
        left, top, right, bottom = box
        width = (right - left - 8) // columns
        lines = -(-len(kinds) // columns)
        pitch = (bottom - top - 4) / max(4, lines)
        for k, kind in enumerate(kinds):
            x, y = left + 6 + (k % columns) * width, round(top + 2 + (k // columns) * pitch)
            entries.append((kind, words_of[kind], (x, y, x + width - 4, round(y + pitch))))
    return entries


def _put_label(image: Image.Image, left: int, top: int, text: str, ink: Color) -> None:
    put_text(image, (left + PAD + 5, top + PAD + HEADER / 2), text, TEXT, ink, bold=True, anchor="lm")


@lru_cache(maxsize=24)
def _base(labels: tuple[str, ...]) -> Image.Image:
    """Everything that depends only on the language: the panels, the keys, the empty urn slots, and every
    cell face down with its label."""
    hisenda, pool, urn_area, go, mover, holder = labels[:6]
    flag_words = labels[6:10]
    image = Image.new("RGB", FULL_SIZE, BACKGROUND)
    draw = ImageDraw.Draw(image)
    _panel(draw, PANEL)
    draw.rounded_rectangle((PANEL[0], PANEL[1], PANEL[0] + 6, PANEL[3]), radius=3, fill=GOLD)
    back = card_back()
    for row, col in POSITIONS:
        left, top, _right, _bottom = cell_box(row, col)
        image.paste(back, (left, top))
        _put_label(image, left, top, label((row, col)), PALETTE["text"])
    # left of the board: the Hisenda card, the pool, the die, the key of the marks
    left, top, right, bottom = HISENDA_BOX
    card = _rounded((right - left, bottom - top), FACE["spain"], FACE_LINE["spain"], 2.0)
    image.paste(card, (left, top), card)
    icon = flag_icon("spain")
    paste(image, icon, ((left + right) / 2, top + 8 + icon.height / 2), centred=True)
    put_name(image, (left + 3, top + 32, right - 3, top + 32 + 2 * NAME_STEP), hisenda, INK, 2)
    for box in (POOL_BOX, DIE_BOX, MARKS_BOX):
        _panel(draw, box)
    left, top, right, bottom = POOL_BOX
    put_fitted(image, (left + 4, top + 4, right - 4, top + 30), pool, TEXT, PALETTE["text"], bold=True,
               align="center", min_size=TEXT, put=put_text)
    left, top, right, bottom = MARKS_BOX
    step = (bottom - top) / 3
    for k, (what, word) in enumerate(zip(("go", "mover", "holder"), (go, mover, holder), strict=True)):
        y = top + k * step
        if what == "holder":
            sample = pawn_sprite("pink", PAWN, holder=True)
        else:
            sample = _rounded((36, 26), BACK, GOLD if what == "go" else WHITE, 3.6, radius_du=4)
        paste(image, sample, ((left + right) / 2, y + 20), centred=True)
        put_name(image, (left + 3, y + 36, right - 3, y + step - 2), word, PALETTE["text"], 2)
    # the flags' key, in the right column's two free places
    for k, (flag, word) in enumerate(zip(FLAGS, flag_words, strict=True)):
        left, top, right, bottom = FLAG_BOXES[k // 2]
        if k % 2 == 0:
            _panel(draw, FLAG_BOXES[k // 2])
        y = top + 4 + (bottom - top - 8) / 2 * (k % 2)
        icon = flag_icon(flag)
        paste(image, icon, ((left + right) / 2, y + 4 + icon.height / 2), centred=True)
        put_fitted(image, (left + 4, y + 26, right - 4, y + 50), word, TEXT, PALETTE["text"], align="center",
                   min_size=TEXT, put=put_text)
    # the key of the disc icons, in the bottom right steps
    for box in KEY_BOXES:
        _panel(draw, box)
    for kind, word, (x, y, right, bottom) in disc_key_entries(labels[10:]):
        mid = (y + bottom) / 2
        icon = participation_sprite() if kind == "participation" else disc_key_icon(kind)
        paste(image, icon, (x, mid - icon.height / 2))
        put_fitted(image, (x + icon.width + 5, mid - 13, right, mid + 13), word, TEXT, PALETTE["muted"],
                   min_size=TEXT, put=put_text)
    # the urn area: its title and four slots
    _panel(draw, URN_TITLE_BOX)
    left, top, right, bottom = URN_TITLE_BOX
    icon = flag_icon("urn", 36, 24)
    paste(image, icon, ((left + right) / 2, top + 6 + icon.height / 2), centred=True)
    put_fitted(image, (left + 6, top + 34, right - 6, top + 60), urn_area, TEXT, PALETTE["text"], bold=True,
               align="center", min_size=TEXT, put=put_text)
    for index in range(URN_COUNT):
        x, y, _r, _b = urn_slot(index)
        image.paste(empty_cell(), (x, y))
        put_text(image, (x + CELL_W / 2, y + CELL_H / 2), str(index + 1), BIG, PALETTE["faded"], bold=True,
                 anchor="mm")
    return image


# --- per render: the board ---------------------------------------------------------------------------------

def _colour_of(view: dict[str, Any], seat: Any) -> str:
    colours = view.get("colours") or []
    return str(colours[seat]) if isinstance(seat, int) and 0 <= seat < len(colours) else "pink"


def mover_cell(view: dict[str, Any]) -> str | None:
    """The current mover's cell while the game waits on their movement (None otherwise)."""
    movement = view.get("movement")
    if view.get("phase") == "game_over" or not isinstance(movement, dict):
        return None
    cell = movement.get("cell")
    return str(cell) if cell else None


def card_name(words: Words, cell: dict[str, Any]) -> str | None:
    """The name drawn on a cell: only a face-up card's (whatever else the cell carries)."""
    if cell.get("state") != "face_up":
        return None
    card = cell.get("card")
    return words.msg(CARD_NAME[card]) if card in CARD_NAME else None


def _draw_cell(image: Image.Image, view: dict[str, Any], cell: dict[str, Any], words: Words, go: bool,
               moving: bool) -> None:
    left, top, _right, _bottom = cell_box(int(cell["row"]), int(cell["col"]))
    state = cell.get("state")
    symbol: str | None = None
    ink = PALETTE["text"]  # the base already shows the card face down with its label
    drawn = False
    if state == "face_up":
        flag = cell.get("flag") if cell.get("flag") in FLAGS else "urn"
        symbol = cell.get("symbol") if cell.get("symbol") in SYMBOLS else None
        image.paste(card_face(card_name(words, cell) or "?", str(flag), symbol), (left, top))
        ink, drawn = INK, True
    elif state == "empty":
        image.paste(empty_cell(), (left, top))
        ink, drawn = PALETTE["faded"], True
    name = str(cell.get("cell", ""))
    if go:
        paste(image, frame_sprite(GOLD), (left, top))
        width = text_width(name, font(TEXT, True))
        paste(image, _label_chip(int(width)), (left + PAD - px(2), top + PAD))
        ink, drawn = GOLD_TEXT, True
    elif moving:
        paste(image, frame_sprite(WHITE), (left, top))
    if drawn:
        _put_label(image, left, top, name, ink)
    citizens = [s for s in cell.get("citizens") or [] if isinstance(s, int)]
    if citizens:
        holder = view.get("holder")
        room = CELL_W - 2 * PAD - (BADGE + px(2) if symbol else 0) - PAWN - px(2)
        step = min(PAWN + px(2), room / (len(citizens) - 1)) if len(citizens) > 1 else 0
        y = top + CELL_H - PAD - FOOT / 2
        for k, seat in sorted(enumerate(citizens), key=lambda p: p[1] == holder):  # the holder's ring on top
            pawn = pawn_sprite(_colour_of(view, seat), PAWN, seat == holder)
            paste(image, pawn, (left + PAD + px(1) + PAWN / 2 + k * step, y), centred=True)


@lru_cache(maxsize=8)
def _label_chip(width: int) -> Image.Image:
    return _rounded((width + px(8), HEADER), GOLD, radius_du=4)


def _draw_board(image: Image.Image, view: dict[str, Any], words: Words) -> None:
    moves = {str(c) for c in view.get("moves") or []} if view.get("phase") != "game_over" else set()
    moving = mover_cell(view)
    for cell in view.get("board") or []:
        name = str(cell.get("cell"))
        go, here = name in moves, name == moving
        if cell.get("state") != "face_down" or go or here or cell.get("citizens"):
            _draw_cell(image, view, cell, words, go, here)


def _draw_hisenda(image: Image.Image, view: dict[str, Any]) -> None:
    hisenda = view.get("hisenda") or {}
    left, top, right, bottom = HISENDA_BOX
    y = top + 32 + 2 * NAME_STEP + 8
    for value, key in ((1, "ones"), (2, "twos")):
        coin = coin_sprite(value)
        paste(image, coin, (left + 6, y))
        x = left + 6 + coin.width + 4
        put_fitted(image, (x, y, right - 3, y + coin.height), f"×{int(hisenda.get(key, 0))}", STRONG, INK,
                   bold=True, min_size=TEXT, put=put_text)
        y += coin.height + 6
    put_fitted(image, (left + 3, bottom - 40, right - 3, bottom - 8), f"{int(hisenda.get('value', 0))} €", BIG,
               INK, bold=True, align="center", min_size=TEXT, put=put_text)


def _draw_pool(image: Image.Image, view: dict[str, Any]) -> None:
    left, top, right, bottom = POOL_BOX
    disc = participation_sprite(34)
    mid = (top + 32 + bottom) / 2
    paste(image, disc, (left + 10, mid - disc.height / 2))
    put_fitted(image, (left + 14 + disc.width, mid - 16, right - 4, mid + 16), str(int(view.get("pool") or 0)),
               BIG, PALETTE["text"], bold=True, align="center", min_size=TEXT, put=put_text)


def die_corner() -> tuple[int, int]:
    """The top left of this turn's die, in its place left of the board."""
    left, top, right, _bottom = DIE_BOX
    return (left + right - FULL_DIE) // 2, top + 8


def _draw_die(image: Image.Image, view: dict[str, Any]) -> None:
    """This turn's die ("?" before the roll) and the euros its number transfers, under it."""
    die = view.get("die")
    face = die.get("face") if isinstance(die, dict) else None
    if face not in FACES and view.get("phase") == "game_over":  # no "?" for a roll that will never come
        return
    sprite = die_sprite(face if face in FACES else None, FULL_DIE, TEXT)
    x, y = die_corner()
    paste(image, sprite, (x, y))
    if isinstance(die, dict):
        put_text(image, (x + sprite.width / 2, y + sprite.height + 20), f"{int(die.get('number') or 0)} €",
                 STRONG, PALETTE["text"], bold=True, anchor="mm")


def _draw_urns(image: Image.Image, view: dict[str, Any], words: Words) -> None:
    found = [c for c in view.get("urn_area") or [] if c in CARD_NAME]
    left, top, right, bottom = URN_TITLE_BOX
    put_text(image, ((left + right) / 2, bottom - 24), f"{min(len(found), URN_COUNT)}/{URN_COUNT}", BIG,
             GOLD if len(found) >= URN_COUNT else PALETTE["text"], bold=True, anchor="mm")
    for index, card in enumerate(found[:URN_COUNT]):
        x, y, _r, _b = urn_slot(index)
        image.paste(card_face(words.msg(CARD_NAME[card]), "urn", None), (x, y))


# --- per render: the strip ---------------------------------------------------------------------------------

def _name_or_hisenda(words: Words, names: list[str], party: Any, limit: float | None, size: int = STRONG) -> str:
    """A party's name, cut to `limit` px at `size` (bold) if a limit is given."""
    if party == "hisenda":
        return words.msg("som.picture.the_hisenda")
    if not isinstance(party, int):
        return "?"
    full = player_name(words, names, party)
    return full if limit is None else ellipsize(full, font(size, True), limit)


def bid_count(view: dict[str, Any]) -> tuple[int, int]:
    """(how many have bid, how many bid) in the vote going on."""
    vote = view.get("vote") or {}
    done = {s for s in vote.get("bid_done") or [] if isinstance(s, int)}
    return len(done), int(view.get("n") or 0)


def _action(view: dict[str, Any], names: list[str], words: Words, limit: float | None, size: int = STRONG) -> str:
    """What the game waits on (or the winners), names cut to `limit` px at `size`."""
    def name(party: Any) -> str:
        return _name_or_hisenda(words, names, party, limit, size)

    if view.get("phase") == "game_over":
        result = view.get("result") or {}
        winners = [s for s in result.get("winners") or [] if isinstance(s, int)]
        if not winners:
            return words.msg("som.picture.nobody_wins")
        return words.plural("som.picture.winners", len(winners), names=", ".join(name(s) for s in winners))
    pending = view.get("pending") or {}
    kind = pending.get("type")
    seat = pending.get("seat")
    vote = view.get("vote") or {}
    vote_kind = vote.get("kind")
    vote_word = words.msg(VOTE_KIND[vote_kind]) if vote_kind in VOTE_KIND else ""
    payment = view.get("payment") or {}
    if kind in ("pay", "break_coin") and payment:
        reason = payment.get("reason")
        reason_word = words.msg(PAY_REASON[reason]) if reason in PAY_REASON else ""
        act = "pay_hisenda" if kind == "pay" and payment.get("payee") == "hisenda" else kind
        return words.msg(ACT[act], player=name(payment.get("payer")), payee=name(payment.get("payee")),
                         amount=int(payment.get("due") or payment.get("amount") or 0), reason=reason_word)
    if kind == "give_change" and payment:
        act = ACT["give_change"]
        return words.msg(act, player=name(payment.get("changer")), payer=name(payment.get("payer")))
    if kind == "move":
        mover = (view.get("movement") or {}).get("mover", seat)
        act = ACT["move_first"] if pending.get("first_step") else ACT["move"]
        return words.msg(act, player=name(mover))
    if kind == "bid":
        done, total = bid_count(view)
        return words.plural("som.picture.act.bid", done, vote=vote_word, n=total)
    if kind in ("stand", "back", "name_beneficiary"):
        return words.msg(ACT[kind], vote=vote_word, player=name(seat))
    if kind in ACT:
        return words.msg(ACT[kind], player=name(seat))
    act = ACT["waiting"]
    return words.msg(act, player=name(seat))


def status_lines(view: dict[str, Any], names: list[str], words: Words,
                 width: float | None = None) -> tuple[str, str, str]:
    """The status in three lines: the turn and the Generalitat (or the end and why), the mode, degree
    and phase, and what the game waits on (or the winners) (the alt text's words). With `width` (px)
    long names are cut (never the rest) so the lines fit it."""
    phase = view.get("phase")
    degree = view.get("degree")
    degree_id = DEGREE[degree] if degree in DEGREE else DEGREE["none"]
    parts = [words.msg("som.picture.mode", mode=str(view.get("mode") or "A")), words.msg(degree_id)]
    if phase in PHASE:
        parts.append(words.msg(PHASE[phase]))
    info = " · ".join(parts)
    title = action = ""
    for share in (None, 0.6, 0.45, 0.35, 0.25, 0.15, 0.08):
        limit = None if share is None or width is None else width * share
        if phase == "game_over":
            reason = (view.get("result") or {}).get("reason")
            title = words.msg("som.picture.game_over")
            if reason in RESULT:
                title = f"{title} · {words.msg(RESULT[reason])}"
        else:
            turn = int(view.get("turn") or 0)
            when = words.msg("som.picture.turn", turn=turn) if turn else words.msg("som.picture.setup")
            generalitat = words.msg("som.picture.generalitat",
                                    player=_name_or_hisenda(words, names, view.get("holder"), limit))
            title = f"{when} · {generalitat}"
        action = _action(view, names, words, limit)
        if width is None or (text_width(action, font(STRONG, True)) <= width
                             and text_width(title, font(TITLE, True)) <= width):
            break
    return title, info, action


def _draw_status(image: Image.Image, view: dict[str, Any], names: list[str], words: Words, bottom: float) -> None:
    """The panel's top, flowing down to `bottom` (the rows): the turn (or the end), the mode, the degree and
    the phase (or why the game ended), who holds the Generalitat, and what the game waits on (or the
    winners), names cut only as far as needed (the channel board's `side_lines`)."""
    left, right = PANEL_INNER
    over = view.get("phase") == "game_over"
    title, info, action = side_lines(view, names, words, right - left, STRONG)
    put_fitted(image, (left, PANEL[1] + 8, right, PANEL[1] + 40), title, TITLE, GOLD if over else PALETTE["text"],
               bold=True, min_size=TEXT, put=put_text)
    y: float = PANEL[1] + 58
    for k, line in enumerate(info):
        ink = PALETTE["text"] if over and k == len(info) - 1 else PALETTE["muted"]
        y += put_paragraph(image, left, right, y, line, TEXT, ink, max_lines=3) * SIDE_LINE
    holder = view.get("holder")
    if holder is not None and not over:
        y += 6
        marker = marker_sprite()
        paste(image, marker, (left + marker.width / 2, y), centred=True)
        put_fitted(image, (left + marker.width + 8, y - 14, right, y + 14),
                   _name_or_hisenda(words, names, holder, None), TEXT, PALETTE["text"], bold=True, min_size=TEXT,
                   put=put_text)
        y += SIDE_LINE + 8
    y += 8
    room = max(1, min(ACTION_LINES, int((bottom - y + SIDE_LINE / 2) // SIDE_LINE)))
    put_paragraph(image, left, right, y, action, STRONG, GOLD if over else PALETTE["text"], bold=True,
                  max_lines=room)


# --- per render: the citizens' rows ---------------------------------------------------------------------------

def recent_vote(view: dict[str, Any]) -> dict[str, Any] | None:
    """The last vote's result while its bids are news: until the turn after it ends (its event is in
    the log and at most one turn started since)."""
    last = view.get("last_vote")
    if not isinstance(last, dict) or view.get("phase") == "game_over":
        return None
    log = view.get("log") or []
    ids = [e.get("id") or 0 for e in log if e.get("type") == "vote_result"]
    if not ids:
        return None
    started = sum(1 for e in log if e.get("type") == "turn_started" and (e.get("id") or 0) > ids[-1])
    return last if started <= 1 else None


def vote_tag(view: dict[str, Any], seat: int, names: list[str], words: Words, bid_first: bool = False) -> str:
    """What a row says of its citizen in the vote going on (side, "has bid"; never an amount) or,
    the turn after a vote, their bid; "" otherwise. With `bid_first`, "has bid" comes before the side
    (a short line cuts the side, not that)."""
    vote = view.get("vote")
    if isinstance(vote, dict):
        parts: list[str] = []
        if vote.get("kind") == "elections":
            backing = vote.get("backing") or {}
            if seat in (vote.get("candidates") or []):
                parts.append(words.msg(CANDIDATE))
            elif str(seat) in backing:
                backed = backing[str(seat)]
                parts.append(words.msg(BACKS, player=player_name(words, names, backed))
                             if isinstance(backed, int) else words.msg(ABSTAINS))
        elif vote.get("kind") == "motion":
            sides = vote.get("sides") or {}
            for side, tag in SIDE_TAGS:
                if seat in (sides.get(side) or []):
                    parts.append(words.msg(tag))
        if seat in (vote.get("bid_done") or []):
            parts.insert(0 if bid_first else len(parts), words.msg(HAS_BID))
        return " · ".join(parts)
    last = recent_vote(view)
    bids = (last or {}).get("bids") or []
    if seat < len(bids) and isinstance(bids[seat], int):
        return words.plural("som.picture.tag.bid", int(bids[seat]))
    return ""


def _crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    w, h = size, size * 0.75
    left, top = cx - w / 2, cy - h / 2
    draw.polygon([(left, top + h), (left, top + h * 0.25), (left + w * 0.27, top + h * 0.55), (left + w * 0.5, top),
                  (left + w * 0.73, top + h * 0.55), (left + w, top + h * 0.25), (left + w, top + h)], fill=GOLD)


ROW_LEFT, ROW_RIGHT = PANEL[0] + 12, PANEL[2] - 6
CHIPS_A_LINE = (ROW_RIGHT - ROW_LEFT - 16 + CHIP_PITCH - CHIP_W) // CHIP_PITCH


def row_layout(view: dict[str, Any], tags: list[str]) -> tuple[int, int]:
    """(the lines of chips, the lines) of every citizen's row: the name; the value, the participation discs
    and the cell; the chips of the discs (as many lines as the most discs need, while the status keeps its
    room); in a vote, the citizen's part."""
    players = [p for p in view.get("players") or [] if isinstance(p, dict)]
    most = max((len([d for d in p.get("discs") or [] if isinstance(d, dict)]) for p in players), default=0)
    chips = max(1, -(-most // CHIPS_A_LINE))
    n = max(1, seats(view))
    while chips > 1:
        lines = 2 + chips + (1 if any(tags) else 0)
        if PANEL[3] - n * (2 * ROW_PAD + lines * ROW_LINE + ROW_GAP) - PANEL[1] >= status_room():
            break
        chips -= 1
    return chips, 2 + chips + (1 if any(tags) else 0)


def status_room() -> int:
    """The height the status keeps at the panel's top: a title of two lines, the mode, degree and phase on
    two, the action on three."""
    return 7 * SIDE_LINE + 30


def row_box(seat: int, n: int, lines: int) -> Box:
    """A citizen's row in the panel; the rows of the `n` citizens end at the panel's foot."""
    height = 2 * ROW_PAD + lines * ROW_LINE
    top = PANEL[3] - 6 - (n - seat) * (height + ROW_GAP) + ROW_GAP
    return ROW_LEFT, top, ROW_RIGHT, top + height


def row_line(box: Box, k: int) -> float:
    """The middle of a row's line `k`."""
    return box[1] + ROW_PAD + ROW_LINE * (k + 0.5)


def row_fill(seat: int) -> Color:
    return PALETTE["panel_alt"] if seat % 2 == 0 else PALETTE["line"]


def _draw_rows(image: Image.Image, view: dict[str, Any], names: list[str], words: Words,
               tags: list[str]) -> None:
    """One row per citizen: the pawn (ringed for the holder), the Generalitat marker, a crown for a winner,
    the name; the value, the participation discs and the cell; one chip (icon and value) per disc; in a
    vote, the side taken and "has bid" (never an amount) or, just after, the bid (`tags`). The rows the
    game waits on, and the winners', are framed in gold."""
    draw = ImageDraw.Draw(image)
    over = view.get("phase") == "game_over"
    winners = set((view.get("result") or {}).get("winners") or []) if over else set()
    acting = set(view.get("to_act") or []) if not over else set()
    players = view.get("players") or []
    n = seats(view)
    chip_lines, lines = row_layout(view, tags)
    for seat in range(min(n, len(players))):
        player = players[seat]
        box = row_box(seat, n, lines)
        left, _top, right, _bottom = box
        fill = row_fill(seat)
        draw.rounded_rectangle(box, radius=8, fill=fill)
        if seat in winners or seat in acting:
            draw.rounded_rectangle(box, radius=8, outline=GOLD, width=3)
        holder = seat == view.get("holder") and not over
        mid = row_line(box, 0)
        pawn = pawn_sprite(_colour_of(view, seat), PAWN, holder)
        paste(image, pawn, (left + 20, mid), centred=True)
        x: float = left + 38
        if holder:
            marker = marker_sprite()
            paste(image, marker, (x + marker.width / 2, mid), centred=True)
            x += marker.width + 5
        if seat in winners:
            _crown(draw, x + 11, mid, 22)
            x += 28
        put_fitted(image, (x, mid - 13, right - 8, mid + 13), player_name(words, names, seat), TEXT,
                   PALETTE["text"], bold=True, min_size=TEXT, put=put_text)
        mid = row_line(box, 1)
        x = left + 10
        x += put_text(image, (x, mid), f"{int(player.get('value') or 0)} €", STRONG,
                      GOLD if holder else PALETTE["text"], bold=True, anchor="lm") + 12
        disc = participation_sprite(24)
        paste(image, disc, (x, mid - disc.height / 2))
        x += disc.width + 4
        x += put_text(image, (x, mid), str(int(player.get("participation") or 0)), STRONG, PALETTE["text"],
                      bold=True, anchor="lm")
        cell = str(player.get("cell") or "")
        if cell:
            put_fitted(image, (x + 8, mid - 13, right - 8, mid + 13), cell, TEXT, PALETTE["muted"], bold=True,
                       align="right", min_size=TEXT, put=put_text)
        discs = [d for d in player.get("discs") or [] if isinstance(d, dict)]
        room = chip_lines * CHIPS_A_LINE
        shown = discs if len(discs) <= room else discs[:room - 1]
        for k, disc_info in enumerate(shown):
            at = chip_at(box, k)
            paste(image, disc_chip(str(disc_info.get("kind") or ""), int(disc_info.get("value") or 0), fill), at)
        if len(shown) < len(discs):
            x, y = chip_at(box, len(shown))
            put_text(image, (x + 4, y + CHIP_H / 2), f"+{len(discs) - len(shown)}", TEXT, PALETTE["muted"],
                     bold=True, anchor="lm")
        if seat < len(tags) and tags[seat]:
            mid = row_line(box, 2 + chip_lines)
            put_fitted(image, (left + 10, mid - 13, right - 8, mid + 13), tags[seat], TEXT, GOLD,
                       min_size=TEXT, put=put_text)


def chip_at(box: Box, k: int) -> tuple[int, int]:
    """The top left of a row's `k`th chip."""
    mid = row_line(box, 2 + k // CHIPS_A_LINE)
    return box[0] + 8 + (k % CHIPS_A_LINE) * CHIP_PITCH, round(mid - CHIP_H / 2)


def render_full(view: dict[str, Any], names: list[str], words: Words) -> Image.Image:
    """The full board of Som el que decidim! for one view (1100 × 800, landscape, RGB): the card names, every
    citizen's discs and the keys (sent privately by the 🔍 Full board button)."""
    image = _base(static_words(words)).copy()
    _draw_board(image, view, words)
    _draw_hisenda(image, view)
    _draw_pool(image, view)
    _draw_die(image, view)
    _draw_urns(image, view, words)
    tags = [vote_tag(view, seat, names, words, bid_first=True) for seat in range(seats(view))]
    lines = row_layout(view, tags)[1]
    _draw_status(image, view, names, words, row_box(0, max(1, seats(view)), lines)[1])
    _draw_rows(image, view, names, words, tags)
    return image


# === the board in the channel (render) ===================================================================
# Drawn at renderers.core.BOARD_SIZE (1100 × 700) for Discord's inline box, where it shows at half size:
# no text here is under SMALL px (INLINE_MIN_TEXT as seen). The grid takes the left, at the same rows and
# columns as the full board; its free corners hold the Hisenda, the pool, the die, the flags' key and the
# urn area; a side panel holds the turn, the mode and degree, the Generalitat, what the game waits on, one
# short row per citizen and the key of the frames. Card names, the discs' kinds and the key of the disc
# icons are left to the full board (render_full) and to the embed's text: what a card does is its flag and
# its symbol, which the tiles show.

SMALL = math.ceil(INLINE_MIN_TEXT / inline_scale(*BOARD_SIZE))  # 20 px: 10 px as shown inline
LABEL = SMALL + 2
LARGE = SMALL + 8
BOARD_W, BOARD_H = BOARD_SIZE
EDGE = 8
TILE_W, TILE_H = 96, 92
STEP_X, STEP_Y = 102, 98
TILE_HEAD = 30  # a tile's label row
TILE_PAWN = 26
TILE_SLOT = 28  # between the pawns of one tile (2 x 2 at most, left of the symbol's badge)
TILE_BADGE = 30
TILE_FRAME = 6
TILE_FLAG = (34, 22)
GRID_TOP = (BOARD_H - 6 * STEP_Y - TILE_H) // 2
SIDE: Box = (EDGE + 7 * STEP_X + TILE_W + 12, EDGE, BOARD_W - EDGE, BOARD_H - EDGE)
SIDE_PAD = 14
SIDE_LINE = 27  # between the lines of a paragraph in the panel
SIDE_ROW = 58  # a citizen's row in the panel (two lines)
SIDE_ROW_TALL = 84  # with a third line for the citizens' part in a vote
TRAIL: Color = (255, 214, 102)


def tile_box(row: int, col: int, rows: int = 1, cols: int = 1) -> Box:
    """The pixel box of a board position (or of a block of `rows` x `cols` positions)."""
    left, top = EDGE + col * STEP_X, GRID_TOP + row * STEP_Y
    return left, top, left + (cols - 1) * STEP_X + TILE_W, top + (rows - 1) * STEP_Y + TILE_H


def tile_centre(label_text: str) -> Point | None:
    """The centre of a cell's tile by its label ("D3"), None for no cell."""
    for row, col in POSITIONS:
        if label((row, col)) == label_text:
            left, top, right, bottom = tile_box(row, col)
            return (left + right) / 2, (top + bottom) / 2
    return None


# The grid's free corners (positions that are no cell), as on the full board.
TILE_HISENDA = tile_box(1, 0, rows=3)
TILE_POOL = tile_box(4, 0)
TILE_DIE = tile_box(5, 0, rows=2)
TILE_FLAGS = tile_box(5, 5, cols=3)
TILE_KEY = tile_box(4, 6, cols=2)
TILE_URNS = tile_box(6, 2, cols=2)


def tile_urn(index: int) -> Box:
    return tile_box(6, 4 + index)


# The side panel, top to bottom (pixel rows).
SIDE_INNER = (SIDE[0] + SIDE_PAD, SIDE[2] - SIDE_PAD)
SIDE_TITLE = SIDE[1] + 26
SIDE_INFO = SIDE[1] + 62  # the first line under the title; the rest flows (see _draw_side)
ACTION_LINES = 4


def side_row(seat: int, tall: bool = False, n: int = 4) -> Box:
    """A citizen's row in the panel; the rows of the `n` citizens end at the panel's foot."""
    height = SIDE_ROW_TALL if tall else SIDE_ROW
    top = SIDE[3] - n * (height + 4) + seat * (height + 4)
    return SIDE[0] + 6, top, SIDE[2] - 6, top + height


# --- text, at least SMALL ------------------------------------------------------------------------------

def lines_of(text: str, width: float, size: int, bold: bool = False) -> list[str]:
    """`text` wrapped at `width` px; a word longer than a line has a line of its own (where `put_fitted`
    narrows or cuts it)."""
    fnt = font(size, bold)
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", fnt) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def put_paragraph(image: Image.Image, left: float, right: float, mid: float, text: str, size: int, fill: Color,
                  bold: bool = False, max_lines: int = 3, align: str = "left") -> int:
    """`text` over at most `max_lines` lines of SIDE_LINE px, the first one's middle at `mid` (the last
    line cut if it still runs on); returns the lines drawn."""
    lines = lines_of(text, right - left, size, bold)
    if len(lines) > max_lines:
        lines = [*lines[:max_lines - 1], " ".join(lines[max_lines - 1:])]
    for k, shown in enumerate(lines):
        y = mid + k * SIDE_LINE
        put_fitted(image, (left, y - SIDE_LINE / 2, right, y + SIDE_LINE / 2), shown, size, fill, bold, align,
                   min_size=SMALL, put=put_text)
    return len(lines)


# --- tiles and sprites ----------------------------------------------------------------------------------

@lru_cache(maxsize=8)
def tile_badge(symbol: str) -> Image.Image:
    """A card's symbol on a tile: a glyph on a dark disc (the start card's is a participation disc)."""
    if symbol == "start":
        return participation_sprite(TILE_BADGE, SMALL)
    sprite = disc_sprite(TILE_BADGE, BADGE_FILL).copy()
    put_text(sprite, (TILE_BADGE / 2, TILE_BADGE / 2 + 0.5), SYMBOL_GLYPH.get(symbol, "?"), SMALL, WHITE,
             bold=symbol in ("economic", "atc"), anchor="mm")
    return sprite


@lru_cache(maxsize=32)
def tile_face(flag: str, symbol: str | None) -> Image.Image:
    """A face-up card as a tile, opaque, without its label: the flag's colour, the drawn flag, the symbol."""
    tile = _rounded((TILE_W, TILE_H), FACE.get(flag, FACE["urn"]), FACE_LINE.get(flag, BORDER), 2.4)
    icon = flag_icon(flag, *TILE_FLAG)
    tile.paste(icon, (TILE_W - 7 - icon.width, 6), icon)
    if symbol:
        badge = tile_badge(symbol)
        tile.paste(badge, (TILE_W - 5 - badge.width, TILE_H - 5 - badge.height), badge)
    return _flat(tile)


def tile_back() -> Image.Image:
    return card_back(TILE_W, TILE_H, TILE_HEAD)


def tile_empty() -> Image.Image:
    return empty_cell((TILE_W, TILE_H), 3.0)


@lru_cache(maxsize=4)
def tile_chip(width: int) -> Image.Image:
    """The gold chip under the label of a cell the mover may step to."""
    return _rounded((width + 12, TILE_HEAD - 6), GOLD, radius_du=5)


def _put_tile_label(image: Image.Image, left: int, top: int, text: str, ink: Color) -> None:
    put_text(image, (left + 9, top + TILE_HEAD / 2 + 2), text, LABEL, ink, bold=True, anchor="lm")


def symbol_of(cell: dict[str, Any]) -> str | None:
    """A face-up tile's badge: its card's symbol, or "start" on Concentració nacional (the pool's card)."""
    if cell.get("card") == "concentracio_nacional":
        return "start"
    symbol = cell.get("symbol")
    return str(symbol) if symbol in SYMBOLS else None


def board_words(words: Words) -> tuple[str, ...]:
    """The words of the board's fixed layer (the cache key of `_board_base`)."""
    return (
        words.msg("som.picture.hisenda"), words.msg("som.picture.pool"), words.msg("som.picture.urn_area"),
        *(words.msg(message_id) for _what, message_id in KEY_WORDS),
        *(words.msg(FLAG_NAME[f]) for f in FLAGS),
    )


@lru_cache(maxsize=16)
def _board_base(labels: tuple[str, ...]) -> Image.Image:
    """Everything that depends only on the language: the panels, the keys, the empty urn slots, and
    every cell face down with its label."""
    hisenda, pool, urn_area, go, mover, holder = labels[:6]
    flag_words = labels[6:10]
    image = Image.new("RGB", BOARD_SIZE, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(SIDE, radius=12, fill=PALETTE["panel"])
    draw.rounded_rectangle((SIDE[0], SIDE[1], SIDE[0] + 6, SIDE[3]), radius=3, fill=GOLD)
    back = tile_back()
    for row, col in POSITIONS:
        left, top, _right, _bottom = tile_box(row, col)
        image.paste(back, (left, top))
        _put_tile_label(image, left, top, label((row, col)), PALETTE["text"])
    # the Hisenda espanyola card: the Spanish flag and its name (its coins are drawn per render)
    left, top, right, bottom = TILE_HISENDA
    card = _rounded((right - left, bottom - top), FACE["spain"], FACE_LINE["spain"], 2.4)
    image.paste(card, (left, top), card)
    icon = flag_icon("spain", 40, 26)
    paste(image, icon, ((left + right) / 2, top + 10 + icon.height / 2), centred=True)
    put_paragraph(image, left + 3, right - 3, top + 56, hisenda, SMALL, INK, max_lines=2, align="center")
    # the pool and the die
    for box in (TILE_POOL, TILE_DIE):
        draw.rounded_rectangle(box, radius=10, fill=PALETTE["panel"])
    left, top, right, bottom = TILE_POOL
    put_fitted(image, (left + 4, top + 4, right - 4, top + 30), pool, SMALL, PALETTE["text"], bold=True,
               align="center", min_size=SMALL, put=put_text)
    # the flags' key: four drawn flags and their words, two by two
    draw.rounded_rectangle(TILE_FLAGS, radius=10, fill=PALETTE["panel"])
    left, top, right, bottom = TILE_FLAGS
    half_w, half_h = (right - left) / 2, (bottom - top) / 2
    for k, (flag, word) in enumerate(zip(FLAGS, flag_words, strict=True)):
        x, mid = left + 10 + (k % 2) * half_w, top + half_h * (k // 2 + 0.5)
        icon = flag_icon(flag, *TILE_FLAG)
        paste(image, icon, (x, mid - icon.height / 2))
        put_fitted(image, (x + icon.width + 7, mid - 14, left + (k % 2 + 1) * half_w - 6, mid + 14), word, SMALL,
                   PALETTE["text"], min_size=SMALL, put=put_text)
    # the urn area: its title and four slots
    draw.rounded_rectangle(TILE_URNS, radius=10, fill=PALETTE["panel"])
    left, top, right, bottom = TILE_URNS
    put_fitted(image, (left + 8, top + 6, right - 8, top + 34), urn_area, SMALL, PALETTE["text"], bold=True,
               align="center", min_size=SMALL, put=put_text)
    for index in range(URN_COUNT):
        x, y, _r, _b = tile_urn(index)
        image.paste(tile_empty(), (x, y))
        put_text(image, (x + TILE_W / 2, y + TILE_H / 2), str(index + 1), LARGE, PALETTE["faded"], bold=True,
                 anchor="mm")
    # the key of the frames, beside the cells it explains
    draw.rounded_rectangle(TILE_KEY, radius=10, fill=PALETTE["panel"])
    left, top, right, bottom = TILE_KEY
    for k, (what, word) in enumerate(zip(("go", "mover"), (go, mover), strict=True)):
        mid = top + (bottom - top) * (k * 2 + 1) / 4
        sample = _rounded((36, 28), BACK, GOLD if what == "go" else WHITE, 4, radius_du=5)
        paste(image, sample, (left + 8, mid - sample.height / 2))
        put_fitted(image, (left + 52, mid - 14, right - 6, mid + 14), word, SMALL, PALETTE["text"],
                   min_size=SMALL, put=put_text)
    del holder  # the holder's mark is explained by the panel's "Generalitat" line
    return image


# --- per render: the grid ------------------------------------------------------------------------------

def last_path(view: dict[str, Any]) -> list[str]:
    """The cells of the movement going on, or else of the last one in the log (what changed last on the
    map); none once the State has laid the cards again, since the path would point at other cards."""
    movement = view.get("movement")
    if isinstance(movement, dict) and len(movement.get("visited") or []) > 1:
        return [str(c) for c in movement["visited"]]
    path: list[str] = []
    for event in view.get("log") or []:
        kind = event.get("type")
        if kind == "movement_started":
            path = [str(event.get("cell"))]
        elif kind == "moved" and path:
            path.append(str(event.get("cell")))
        elif kind == "state_acts":
            path = []
    return path if len(path) > 1 else []


def _draw_trail(image: Image.Image, path: list[str]) -> None:
    """The path as footsteps: a dark-edged gold arrowhead between each two tiles, pointing the way the
    citizen went (in the gap between the tiles, so it hides no label, badge or pawn)."""
    points = [p for p in (tile_centre(c) for c in path) if p is not None]
    draw = ImageDraw.Draw(image)
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        dx, dy = (x1 - x0) / length, (y1 - y0) / length
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        for grow, colour in ((4.0, BORDER), (0.0, TRAIL)):
            tip, back, half = 15 + grow, 10 + grow, 14 + grow
            draw.polygon([(mx + dx * tip, my + dy * tip),
                          (mx - dx * back - dy * half, my - dy * back + dx * half),
                          (mx - dx * back * 0.3, my - dy * back * 0.3),
                          (mx - dx * back + dy * half, my - dy * back - dx * half)], fill=colour)


def _draw_pawns(image: Image.Image, view: dict[str, Any], box: Box, citizens: list[int]) -> None:
    """Up to four pawns in a tile's body, two by two from the bottom left (the holder's drawn last)."""
    left, _top, _right, bottom = box
    holder = view.get("holder")
    for k, seat in sorted(enumerate(citizens), key=lambda p: p[1] == holder):
        pawn = pawn_sprite(_colour_of(view, seat), TILE_PAWN, seat == holder)
        x = left + 5 + TILE_PAWN / 2 + (k % 2) * TILE_SLOT
        y = bottom - 5 - TILE_PAWN / 2 - (k // 2 % 2) * TILE_SLOT
        paste(image, pawn, (x, y), centred=True)


def _draw_grid(image: Image.Image, view: dict[str, Any]) -> None:
    over = view.get("phase") == "game_over"
    moves = {str(c) for c in view.get("moves") or []} if not over else set()
    moving = mover_cell(view)
    drawn: list[tuple[Box, list[int]]] = []
    for cell in view.get("board") or []:
        name = str(cell.get("cell"))
        go, here = name in moves, name == moving
        state = cell.get("state")
        citizens = [s for s in cell.get("citizens") or [] if isinstance(s, int)]
        if state == "face_down" and not (go or here or citizens):
            continue
        box = tile_box(int(cell["row"]), int(cell["col"]))
        left, top, _right, _bottom = box
        ink, relabel = PALETTE["text"], False
        if state == "face_up":
            flag = cell.get("flag") if cell.get("flag") in FLAGS else "urn"
            image.paste(tile_face(str(flag), symbol_of(cell)), (left, top))
            ink, relabel = INK, True
        elif state == "empty":
            image.paste(tile_empty(), (left, top))
            ink, relabel = PALETTE["faded"], True
        if go:
            paste(image, frame_sprite(GOLD, (TILE_W, TILE_H), TILE_FRAME), (left, top))
            chip = tile_chip(int(text_width(name, font(LABEL, True))))
            paste(image, chip, (left + 3, top + 3))
            ink, relabel = GOLD_TEXT, True
        elif here:
            paste(image, frame_sprite(WHITE, (TILE_W, TILE_H), TILE_FRAME), (left, top))
        if relabel:
            _put_tile_label(image, left, top, name, ink)
        if citizens:
            drawn.append((box, citizens))
    _draw_trail(image, last_path(view))
    for box, citizens in drawn:  # over the trail
        _draw_pawns(image, view, box, citizens)


def _draw_corners(image: Image.Image, view: dict[str, Any]) -> None:
    """The Hisenda's coins and value, the pool's count, this turn's die, the urn cards found."""
    hisenda = view.get("hisenda") or {}
    left, top, right, bottom = TILE_HISENDA
    y = top + 116
    for value, key in ((1, "ones"), (2, "twos")):
        coin = coin_sprite(value, 38, SMALL)
        paste(image, coin, (left + 6, y))
        put_fitted(image, (left + 6 + coin.width + 4, y, right - 3, y + coin.height), f"×{int(hisenda.get(key, 0))}",
                   LABEL, INK, bold=True, min_size=SMALL, put=put_text)
        y += coin.height + 8
    put_fitted(image, (left + 3, bottom - 52, right - 3, bottom - 12), f"{int(hisenda.get('value', 0))} €", LARGE,
               INK, bold=True, align="center", min_size=SMALL, put=put_text)
    left, top, right, bottom = TILE_POOL
    cx = (left + right) / 2
    disc = participation_sprite(40, LABEL)
    paste(image, disc, (left + 8, bottom - 10 - disc.height))
    put_fitted(image, (left + 8 + disc.width + 4, bottom - 10 - disc.height, right - 4, bottom - 10),
               str(int(view.get("pool") or 0)), LARGE, PALETTE["text"], bold=True, align="center",
               min_size=SMALL, put=put_text)
    die = view.get("die")
    face = die.get("face") if isinstance(die, dict) else None
    left, top, right, bottom = TILE_DIE
    if face in FACES or view.get("phase") != "game_over":  # no "?" for a roll that will never come
        sprite = die_sprite(face if face in FACES else None, 68, LABEL)
        paste(image, sprite, (cx, top + 20 + sprite.height / 2), centred=True)
    if isinstance(die, dict):
        put_text(image, (cx, top + 128), f"{int(die.get('number') or 0)} €", LARGE, PALETTE["text"], bold=True,
                 anchor="mm")
    found = [c for c in view.get("urn_area") or [] if c in CARD_NAME]
    left, top, right, bottom = TILE_URNS
    put_text(image, ((left + right) / 2, bottom - 28), f"{min(len(found), URN_COUNT)}/{URN_COUNT}", LARGE,
             GOLD if len(found) >= URN_COUNT else PALETTE["text"], bold=True, anchor="mm")
    for index in range(min(len(found), URN_COUNT)):
        x, y, _r, _b = tile_urn(index)
        image.paste(tile_face("urn", None), (x, y))
        put_text(image, (x + TILE_W / 2, y + TILE_H / 2 + 8), str(index + 1), LARGE, INK, bold=True, anchor="mm")


# --- per render: the panel ---------------------------------------------------------------------------------

def seats(view: dict[str, Any]) -> int:
    """The table's size as far as the board draws it (4 citizens at most)."""
    return max(0, min(int(view.get("n") or 0), len(COLOURS)))


def side_lines(view: dict[str, Any], names: list[str], words: Words, width: int = SIDE_INNER[1] - SIDE_INNER[0],
               size: int = LABEL) -> tuple[str, list[str], str]:
    """The panel's words: the title (the turn, or the end); the mode, the degree and the phase (or why
    the game ended); and what the game waits on (or the winners), names cut only as far as needed for
    it to fit ACTION_LINES lines."""
    phase = view.get("phase")
    degree = view.get("degree")
    degree_id = DEGREE[degree] if degree in DEGREE else DEGREE["none"]
    info = [words.msg("som.picture.mode", mode=str(view.get("mode") or "A")), words.msg(degree_id)]
    if phase == "game_over":
        title = words.msg("som.picture.game_over")
        reason = (view.get("result") or {}).get("reason")
        why = words.msg(RESULT[reason]) if reason in RESULT else ""
        info.append(why[:1].upper() + why[1:])  # it follows "Game over · " on the full board
    else:
        turn = int(view.get("turn") or 0)
        title = words.msg("som.picture.turn", turn=turn) if turn else words.msg("som.picture.setup")
        if phase in PHASE:
            info.append(words.msg(PHASE[phase]))
    action = ""
    for share in (None, 0.9, 0.7, 0.5, 0.35):
        action = _action(view, names, words, None if share is None else width * share, size)
        if len(lines_of(action, width, size, True)) <= ACTION_LINES:
            break
    return title, info, action


def _draw_side(image: Image.Image, view: dict[str, Any], names: list[str], words: Words) -> None:
    """The panel, flowing down from its top: the title, the mode, degree and phase, the holder, what the
    game waits on; then the citizens' rows at a fixed place."""
    left, right = SIDE_INNER
    over = view.get("phase") == "game_over"
    title, info, action = side_lines(view, names, words)
    put_fitted(image, (left, SIDE_TITLE - 18, right, SIDE_TITLE + 18), title, LARGE,
               GOLD if over else PALETTE["text"], bold=True, min_size=SMALL, put=put_text)
    y = SIDE_INFO
    for k, line in enumerate(info):
        ink = PALETTE["text"] if over and k == len(info) - 1 else PALETTE["muted"]
        y += put_paragraph(image, left, right, y, line, SMALL, ink, max_lines=2) * SIDE_LINE
    holder = view.get("holder")
    if isinstance(holder, int) and not over:
        y += 6
        put_fitted(image, (left, y - 14, right, y + 14), words.msg("som.picture.key.generalitat"), SMALL,
                   PALETTE["muted"], min_size=SMALL, put=put_text)
        y += 30
        pawn = pawn_sprite(_colour_of(view, holder), TILE_PAWN, True)
        paste(image, pawn, (left + pawn.width / 2, y), centred=True)
        put_fitted(image, (left + pawn.width + 8, y - 15, right, y + 15), player_name(words, names, holder), LABEL,
                   PALETTE["text"], bold=True, min_size=SMALL, put=put_text)
        y += 8
    y += 32
    tags = [vote_tag(view, seat, names, words, bid_first=True) for seat in range(seats(view))]
    rows_top = side_row(0, any(tags), max(1, len(tags)))[1]
    room = max(1, min(ACTION_LINES, int((rows_top - y + SIDE_LINE / 2) // SIDE_LINE)))
    put_paragraph(image, left, right, y, action, LABEL, GOLD if over else PALETTE["text"], bold=True,
                  max_lines=room)
    _draw_citizens(image, view, names, words, tags)


def _draw_citizens(image: Image.Image, view: dict[str, Any], names: list[str], words: Words,
                   tags: list[str]) -> None:
    """One row per citizen: the pawn (ringed for the holder), the name; the value and participation
    discs; in a vote, a third line with the side taken, "has bid" (never an amount) or, just after,
    the bid (`tags`). The rows the game waits on, and the winners', are framed in gold."""
    draw = ImageDraw.Draw(image)
    over = view.get("phase") == "game_over"
    winners = set((view.get("result") or {}).get("winners") or []) if over else set()
    acting = set(view.get("to_act") or []) if not over else set()
    players = view.get("players") or []
    holder = view.get("holder")
    for seat in range(min(seats(view), len(players))):
        player = players[seat]
        left, top, right, bottom = side_row(seat, any(tags), seats(view))
        fill = PALETTE["panel_alt"] if seat % 2 == 0 else PALETTE["line"]
        draw.rounded_rectangle((left, top, right, bottom), radius=8, fill=fill)
        if seat in winners or seat in acting:
            draw.rounded_rectangle((left, top, right, bottom), radius=8, outline=GOLD, width=3)
        pawn = pawn_sprite(_colour_of(view, seat), TILE_PAWN, seat == holder and not over)
        paste(image, pawn, (left + 24, (top + bottom) / 2), centred=True)
        x: float = left + 46
        line1, line2 = top + 17, top + 42
        name_left = x
        if seat in winners:
            _crown(draw, x + 12, line1, 22)
            name_left += 28
        put_fitted(image, (name_left, line1 - 14, right - 8, line1 + 14), player_name(words, names, seat), SMALL,
                   PALETTE["text"], bold=True, min_size=SMALL, put=put_text)
        x += put_text(image, (x, line2), f"{int(player.get('value') or 0)} €", SMALL,
                      GOLD if seat == holder and not over else PALETTE["text"], bold=True, anchor="lm") + 18
        disc = participation_sprite(28, SMALL)
        paste(image, disc, (x, line2 - disc.height / 2))
        put_text(image, (x + disc.width + 5, line2), str(int(player.get("participation") or 0)), SMALL,
                 PALETTE["text"], bold=True, anchor="lm")
        if seat < len(tags) and tags[seat]:
            line3 = top + 67
            put_fitted(image, (left + 46, line3 - 14, right - 8, line3 + 14), tags[seat], SMALL, GOLD,
                       min_size=SMALL, put=put_text)


def render(view: dict[str, Any], names: list[str], words: Words) -> Image.Image:
    """The board of Som el que decidim! as posted in the channel: 1100 × 700 (landscape, RGB), for
    Discord's inline box."""
    image = _board_base(board_words(words)).copy()
    _draw_grid(image, view)
    _draw_corners(image, view)
    _draw_side(image, view, names, words)
    return image


def clear_caches() -> None:
    """Forget every cached layer, sprite and text mask (tests that record font sizes start here)."""
    for cached in (_text_mask, core_name_lines, pawn_sprite, disc_sprite, marker_sprite, coin_sprite,
                   participation_sprite, disc_icon, disc_chip, flag_icon, symbol_badge, card_face, card_back,
                   empty_cell, frame_sprite, die_sprite, disc_key_icon, _base, tile_badge, tile_face, tile_chip,
                   _board_base):
        cached.cache_clear()
