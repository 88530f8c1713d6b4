"""Som el que decidim!: the board of cards in the shape of Catalonia, the Hisenda, the urn area and the
citizens, readable at chat size.

A pure function of the public view `games.som.GAME.view(state, None)` (docs/som-view.md) and of the
reader's `Words` (`som.picture.*` ids; card names and disc kinds are the engine's `som.card.*` and
`som.kind.*`). Discord shows a picture about 550 px wide, so the layout is in *display units* (du,
1/550 of the width) and no text is smaller than 16 du. The picture is drawn at 1 px per du: at 1.25
(as Arditi) the 256-colour quantizing of this tall picture alone would take most of the 40 ms budget.

From top to bottom: a status strip (the turn and who holds the Generalitat; the mode, the centralism
degree and the phase; what the game waits on, a vote's "k/n have bid", or the result); the board; one
row per citizen (pawn, the Generalitat marker, name, vote tag, value, participation discs; then each
public-management disc as a chip with its kind's icon and value, and the citizen's cell); the key of
the disc icons.

The board: the 37 cells at their rows and columns, each a card 66 du wide. A face-down card shows
its back, a face-up card its Catalan printed name (the same in every language; long words split at
their syllables and the letters narrowed, never shortened, so the longest name fits in 4 lines), its
flag as a colour *and* a drawn flag (the senyera's stripes, a globe, a ballot box, the Spanish bands:
colour-blind safe) and its symbol as a badge (€ economic, % Agència Tributària, ✚ health, ⚖ justice,
☑ suffrage). An empty cell is a dashed outline. Every cell shows its label (A1..H3). Citizens are
pawns in the card's foot, each colour with its own shape (pink circle, lilac square, orange
triangle, blue diamond); the holder's pawn is ringed in gold. The cells the current mover may step
to have a gold frame and a gold label, the mover's cell a white frame.

The board's free corners hold the rest: left of the board (where the rules put it) the Hisenda
espanyola card with only its 1 € and 2 € coin counts and its value, the pool of participation discs
and the key of the marks; bottom right the flags' key and the urn area (4 slots). This turn's die
(its face, and the euros its number transfers) ends the strip.

Only what a public view holds is drawn, and a face-down cell's card, flag and symbol are never looked
at, even if a view carried them. The frame per language and table size (with every cell face down)
and the card faces are cached; a render pastes the cards that are not face down and draws the rest.
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
    CHAT_WIDTH,
    PALETTE,
    SQUEEZES,
    Color,
    Words,
    drawable,
    ellipsize,
    fit_line,
    font,
    put_text,
    readable_size,
    text_width,
)
from renderers.core import squeezed_mask as _text_mask

Box = tuple[int, int, int, int]
FBox = tuple[float, float, float, float]
Point = tuple[float, float]

# --- scale: layout in display units (du), 550 du = the width Discord shows inline ------------------

SCALE = 1.0
WIDTH = round(CHAT_WIDTH * SCALE)


def px(value: float) -> int:
    """Display units → whole image pixels."""
    return int(round(value * SCALE))


TEXT = readable_size(WIDTH)  # the smallest text: 16 du
STRONG = readable_size(WIDTH, 18)
TITLE = readable_size(WIDTH, 19)
ICON = readable_size(WIDTH, 19)  # a glyph standing for a disc's kind
BIG = readable_size(WIDTH, 22)

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

# Catalan syllables of the long words of the card names (rules/som.md): a name is split only here
# (a word missing from the table is split anywhere, which only a changed catalog could cause).
SYLLABLES = {word.replace("-", ""): tuple(word.split("-")) for word in (
    "Con-cen-tra-ció", "na-cio-nal", "Agèn-cia", "Tri-bu-tà-ria", "Ca-ta-la-na", "Eu-ro", "re-cep-ta", "Im-post",
    "suc-ces-sions", "lo-gís-ti-ca", "Tei-xit", "in-dus-trial", "Tu-ris-me", "Par-la-ment", "Ca-ta-lu-nya",
    "Es-ta-tut", "d'Au-to-no-mia", "Llen-gua", "ca-ta-la-na", "Es-co-la", "as-so-cia-tiu", "Coo-pe-ra-ti-vis-me",
    "Cas-tells", "Pa-ge-sia", "Re-cer-ca", "uni-ver-si-tats", "Co-merç", "pro-xi-mi-tat", "Mit-jans",
    "co-mu-ni-ca-ció", "ca-ta-là", "Su-fra-gi", "uni-ver-sal", "hu-mans", "Au-to-de-ter-mi-na-ció", "po-bles",
    "Lli-ber-tat", "d'ex-pres-sió", "Se-pa-ra-ció", "po-ders", "Igual-tat", "gè-ne-re", "Sos-te-ni-bi-li-tat",
    "Di-ver-si-tat", "cul-tu-ral", "So-li-da-ri-tat", "Cul-tu-ra", "de-mo-crà-ti-ca", "Mo-bi-lit-za-ció",
    "ciu-ta-da-na", "Po-lí-tics", "com-pro-me-sos", "Es-tra-tè-gia", "in-ter-na-cio-nal", "Tri-bu-nal",
    "Cons-ti-tu-cio-nal", "ba-ses", "Hi-sen-da", "es-pa-nyo-la",
)}


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

# --- layout (du) ------------------------------------------------------------------------------------------

MARGIN = px(4)
CELL_W, CELL_H = px(66), px(107)
PITCH_X, PITCH_Y = px(68.4), px(109.4)
PAD = px(2.4)
HEADER = px(18.4)  # a card's label row
NAME_STEP = px(15.2)  # between the lines of a card name (the text is 16 du)
NAME_LINES = 4
FOOT = px(22.4)  # a card's pawn row
PAWN = px(18.4)
BADGE = px(21)
FRAME = px(4)
DIE_SIZE = px(44)
STRIP: Box = (px(6), px(5), WIDTH - px(6), px(83))
BOARD_TOP = STRIP[3] + px(6.4)
BOARD_BOTTOM = BOARD_TOP + (ROWS - 1) * PITCH_Y + CELL_H
ROWS_TOP = BOARD_BOTTOM + px(8)
ROW_H, ROW_GAP = px(56), px(4)
KEY_LINE = px(26)
CHIP_W, CHIP_H, CHIP_PITCH = px(38.4), px(24), px(41.6)


def cell_box(row: int, col: int, rows: int = 1, cols: int = 1) -> Box:
    """The pixel box of a board position (or of a block of `rows` x `cols` positions)."""
    left, top = MARGIN + col * PITCH_X, BOARD_TOP + row * PITCH_Y
    return left, top, left + (cols - 1) * PITCH_X + CELL_W, top + (rows - 1) * PITCH_Y + CELL_H


# The board's free corners (positions that are no cell; rules/som.md, "The board").
HISENDA_BOX = cell_box(1, 0, rows=2)
POOL_BOX = cell_box(3, 0, rows=2)
MARKS_BOX = cell_box(5, 0, rows=2)
FLAGS_BOX = cell_box(5, 5, cols=3)
URN_TITLE_BOX = cell_box(6, 2, cols=2)


def urn_slot(index: int) -> Box:
    return cell_box(6, 4 + index)


def row_box(seat: int) -> Box:
    top = ROWS_TOP + seat * (ROW_H + ROW_GAP)
    return px(6), top, WIDTH - px(6), top + ROW_H


def key_top(n: int) -> int:
    return ROWS_TOP + n * (ROW_H + ROW_GAP) + px(2)


# --- text ---------------------------------------------------------------------------------------------

def fitted(text: str, width: float, size: int, bold: bool = False) -> tuple[str, int, float]:
    """(the text, its size, its squeeze) to fit one line of `width` px: smaller down to TEXT, then
    narrower down to the last squeeze, then cut with an ellipsis."""
    return fit_line(text, width, size, TEXT, bold, SQUEEZES)


def put_fitted(image: Image.Image, box: FBox, text: str, size: int, fill: Color, bold: bool = False,
               align: str = "left") -> float:
    """One line in the pixel `box` (see `fitted`); returns the width drawn."""
    left, top, right, bottom = box
    shown, sz, squeeze = fitted(text, right - left, size, bold)
    mid = (top + bottom) / 2
    if align == "right":
        return put_text(image, (right, mid), shown, sz, fill, bold, "rm", squeeze)
    if align == "center":
        return put_text(image, ((left + right) / 2, mid), shown, sz, fill, bold, "mm", squeeze)
    return put_text(image, (left, mid), shown, sz, fill, bold, "lm", squeeze)


def _pieces(text: str) -> list[tuple[str, bool, bool]]:
    """A name as (syllable, joined to the one before, its word goes on after it) pieces."""
    pieces = []
    for word in text.split():
        parts = SYLLABLES.get(word) or ((word,) if len(word) <= 10 else tuple(word))
        for k, part in enumerate(parts):
            pieces.append((part, k > 0, k < len(parts) - 1))
    return pieces


@lru_cache(maxsize=512)
def name_lines(text: str, width: int, max_lines: int, bold: bool = False) -> tuple[tuple[str, ...], float]:
    """A name split into at most `max_lines` lines of `width` px at TEXT size, and the squeeze to draw
    them with: the fewest lines, then the fewest split words, then the most even lines, then the
    widest letters."""
    pieces = _pieces(text)
    if not pieces:
        return ("",), 1.0
    fnt = font(TEXT, bold)

    def line(i: int, j: int) -> str:
        out = pieces[i][0]
        for part, joined, _more in pieces[i + 1:j]:
            out += part if joined else " " + part
        return out + ("-" if pieces[j - 1][2] else "")

    best: tuple[tuple[float, ...], tuple[str, ...], float] | None = None
    for squeeze in SQUEEZES:
        limit = width / squeeze
        plans: dict[int, tuple[int, int, float, tuple[str, ...]]] = {len(pieces): (0, 0, 0.0, ())}
        for i in range(len(pieces) - 1, -1, -1):
            options = []
            for j in range(i + 1, len(pieces) + 1):
                shown = line(i, j)
                w = text_width(shown, fnt)
                if w > limit and j > i + 1:
                    break
                count, splits, slack, rest = plans[j]
                options.append((count + 1, splits + pieces[j - 1][2], slack + (limit - w) ** 2, (shown, *rest)))
            plans[i] = min(options, key=lambda o: o[:3])
        count, splits, slack, lines = plans[0]
        fits = all(text_width(s, fnt) <= limit for s in lines)
        score = (count if fits else 99, splits, slack * squeeze * squeeze, -squeeze)
        if best is None or score < best[0]:
            best = (score, lines, squeeze)
    assert best is not None
    _score, lines, squeeze = best
    if len(lines) > max_lines or not all(text_width(s, fnt) * squeeze <= width for s in lines):
        kept = list(lines[:max_lines])
        kept[-1] = kept[-1] + "…"
        lines = tuple(ellipsize(s, fnt, width / squeeze) for s in kept)
    return lines, squeeze


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
def marker_sprite(size: int = px(21)) -> Image.Image:
    """The Generalitat marker: a gold disc with a dark G."""
    sprite = disc_sprite(size, GOLD).copy()
    put_text(sprite, (size / 2, size / 2 + 0.5), "G", TEXT, GOLD_TEXT, bold=True, anchor="mm")
    return sprite


@lru_cache(maxsize=8)
def coin_sprite(value: int, size: int = px(29)) -> Image.Image:
    """A coin of the Hisenda: its value on a silver (1 €) or gold (2 €) disc."""
    sprite = disc_sprite(size, COIN.get(value, COIN[1])).copy()
    put_text(sprite, (size / 2, size / 2 + 0.5), f"{value}€", TEXT, INK, bold=True, anchor="mm", squeeze=0.85)
    return sprite


@lru_cache(maxsize=4)
def participation_sprite(size: int = px(22)) -> Image.Image:
    """A democratic-participation disc: a flag-bearer's flag on a cream disc."""
    sprite = disc_sprite(size, PARTICIPATION).copy()
    put_text(sprite, (size / 2 + 1, size / 2 + 0.5), FLAG_GLYPH, TEXT, INK, anchor="mm")
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
    size = px(21)
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
def flag_icon(flag: str, w: int = px(24), h: int = px(16)) -> Image.Image:
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


@lru_cache(maxsize=1)
def card_back() -> Image.Image:
    """A face-down card, opaque: a dark back with a lattice below the label row."""
    card = _rounded((CELL_W, CELL_H), BACK, BACK_EDGE, 1.6)
    lattice = Image.new("RGBA", (CELL_W * SUPER, CELL_H * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(lattice)
    top, bottom = (PAD + HEADER) * SUPER, (CELL_H - px(5)) * SUPER
    left, right = px(5) * SUPER, (CELL_W - px(5)) * SUPER
    step, width = 10 * SCALE * SUPER, round(1.6 * SCALE * SUPER)
    for k in range(-20, 20):
        x = left + k * step
        draw.line((x, top, x + (bottom - top), bottom), fill=BACK_LINE, width=width)
        draw.line((x + (bottom - top), top, x, bottom), fill=BACK_LINE, width=width)
    frame = Image.new("L", lattice.size, 0)
    ImageDraw.Draw(frame).rounded_rectangle((left, top, right, bottom), radius=4 * SCALE * SUPER, fill=255)
    clipped = Image.new("RGBA", lattice.size, (0, 0, 0, 0))
    clipped.paste(lattice, (0, 0), frame)
    card.alpha_composite(clipped.resize((CELL_W, CELL_H), Image.Resampling.BOX))
    return _flat(card)


@lru_cache(maxsize=1)
def empty_cell() -> Image.Image:
    """A cell without a card, opaque: a dashed outline on the background."""
    sprite = Image.new("RGB", (CELL_W, CELL_H), BACKGROUND)
    draw = ImageDraw.Draw(sprite)
    dash, gap, width, inset = px(7), px(5), max(1, px(1.6)), px(1.6)
    right, bottom = CELL_W - 1 - inset, CELL_H - 1 - inset
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


@lru_cache(maxsize=4)
def frame_sprite(color: Color) -> Image.Image:
    """A thick frame around a card (the mover's cell, the cells to step to)."""
    big = Image.new("RGBA", (CELL_W * SUPER, CELL_H * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((0, 0, CELL_W * SUPER - 1, CELL_H * SUPER - 1), radius=6 * SCALE * SUPER, outline=color,
                           width=FRAME * SUPER)
    return big.resize((CELL_W, CELL_H), Image.Resampling.BOX)


@lru_cache(maxsize=16)
def die_sprite(face: str | None, size: int = DIE_SIZE) -> Image.Image:
    """The die's face: the Generalitat marker, a citizen's pawn, the four pawns (everyone), or "?"."""
    die = _rounded((size, size), (246, 246, 242), BORDER, 1.6, radius_du=8)
    if face == "generalitat":
        marker = marker_sprite(px(26))
        die.paste(marker, ((size - marker.width) // 2, (size - marker.height) // 2), marker)
    elif face in COLOURS:
        pawn = pawn_sprite(face, px(26))
        die.paste(pawn, ((size - pawn.width) // 2, (size - pawn.height) // 2), pawn)
    elif face == "everyone":
        for k, colour in enumerate(COLOURS):
            pawn = pawn_sprite(colour, px(15))
            x = size / 2 + (-1 if k % 2 == 0 else 1) * px(9) - pawn.width / 2
            y = size / 2 + (-1 if k < 2 else 1) * px(9) - pawn.height / 2
            die.paste(pawn, (round(x), round(y)), pawn)
    else:
        put_text(die, (size / 2, size / 2), "?", BIG, PALETTE["faded"], bold=True, anchor="mm")
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
    chip = _rounded((px(24), px(22)), fill, radius_du=4.8)
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
    draw.rounded_rectangle(box, radius=px(6.4), fill=fill)


KEY_WORD_MAX = px(176)


def disc_key_entries(labels: tuple[str, ...]) -> list[tuple[str, str, tuple[int, int]]]:
    """The key of the disc icons as (kind or "participation", word, (left, line)), flowing over as
    many lines as the words need."""
    entries: list[tuple[str, str, tuple[int, int]]] = []
    start = MARGIN + px(6)
    x, line = start, 0
    for kind, word in zip((*DISC_KINDS, "participation"), labels, strict=True):
        width = px(28) + min(text_width(word, font(TEXT)), KEY_WORD_MAX) + px(12)
        if x + width > WIDTH - MARGIN and x > start:
            x, line = start, line + 1
        entries.append((kind, word, (x, line)))
        x += int(width)
    return entries


def _put_label(image: Image.Image, left: int, top: int, text: str, ink: Color) -> None:
    put_text(image, (left + PAD + px(2), top + PAD + HEADER / 2), text, TEXT, ink, bold=True, anchor="lm")


@lru_cache(maxsize=24)
def _base(labels: tuple[str, ...], n: int) -> Image.Image:
    """Everything that depends only on the language and the table size: the panels, the keys, the
    empty urn slots, and every cell face down with its label."""
    hisenda, pool, urn_area, go, mover, holder = labels[:6]
    flag_words = labels[6:10]
    entries = disc_key_entries(labels[10:])
    lines = 1 + max(line for _k, _w, (_x, line) in entries)
    image = Image.new("RGB", (WIDTH, key_top(n) + lines * KEY_LINE + px(6)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _panel(draw, STRIP)
    draw.rounded_rectangle((STRIP[0], STRIP[1], STRIP[0] + px(5), STRIP[3]), radius=px(2.4), fill=GOLD)
    back = card_back()
    for row, col in POSITIONS:
        left, top, _right, _bottom = cell_box(row, col)
        image.paste(back, (left, top))
        _put_label(image, left, top, label((row, col)), PALETTE["text"])
    # left of the board: the Hisenda card, the pool, the key of the marks
    left, top, right, bottom = HISENDA_BOX
    card = _rounded((right - left, bottom - top), FACE["spain"], FACE_LINE["spain"], 1.6)
    image.paste(card, (left, top), card)
    icon = flag_icon("spain")
    paste(image, icon, ((left + right) / 2, top + px(5) + icon.height / 2), centred=True)
    put_name(image, (left + px(2.4), top + px(24), right - px(2.4), top + px(24) + 3 * NAME_STEP), hisenda, INK, 3)
    _panel(draw, POOL_BOX)
    left, top, right, bottom = POOL_BOX
    put_name(image, (left + px(2.4), top + px(5), right - px(2.4), top + px(5) + 2 * NAME_STEP + px(3)), pool,
             PALETTE["text"], 2, bold=True)
    _panel(draw, MARKS_BOX)
    left, top, right, bottom = MARKS_BOX
    step = (bottom - top) // 3
    for k, (what, word) in enumerate(zip(("go", "mover", "holder"), (go, mover, holder), strict=True)):
        y = top + k * step
        if what == "holder":
            sample = pawn_sprite("pink", PAWN, holder=True)
        else:
            sample = _rounded((px(27), px(21)), BACK, GOLD if what == "go" else WHITE, 3.2, radius_du=4)
        paste(image, sample, ((left + right) / 2, y + px(15)), centred=True)
        put_name(image, (left + px(2.4), y + px(26), right - px(2.4), y + step - px(1)), word, PALETTE["text"], 3)
    # bottom right: the flags, the die, the urn area
    _panel(draw, FLAGS_BOX)
    left, top, right, bottom = FLAGS_BOX
    pitch = (bottom - top - px(4)) / len(FLAGS)
    for k, (flag, word) in enumerate(zip(FLAGS, flag_words, strict=True)):
        x, mid = left + px(8), top + px(2) + pitch * (k + 0.5)
        icon = flag_icon(flag)
        paste(image, icon, (x, mid - icon.height / 2))
        put_fitted(image, (x + icon.width + px(6), mid - px(10), right - px(6), mid + px(10)), word, TEXT,
                   PALETTE["text"])
    _panel(draw, URN_TITLE_BOX)
    left, top, right, bottom = URN_TITLE_BOX
    icon = flag_icon("urn", px(29), px(19))
    paste(image, icon, ((left + right) / 2, top + px(6) + icon.height / 2), centred=True)
    put_name(image, (left + px(3), top + px(29), right - px(3), top + px(29) + 2 * NAME_STEP + px(3)), urn_area,
             PALETTE["text"], 2, bold=True)
    for index in range(URN_COUNT):
        x, y, _r, _b = urn_slot(index)
        image.paste(empty_cell(), (x, y))
        put_text(image, (x + CELL_W / 2, y + CELL_H / 2), str(index + 1), BIG, PALETTE["faded"], bold=True,
                 anchor="mm")
    # the rows and the key of the discs
    for seat in range(n):
        _panel(draw, row_box(seat), PALETTE["panel"] if seat % 2 == 0 else PALETTE["panel_alt"])
    base_y = key_top(n)
    for kind, word, (x, line) in entries:
        mid = base_y + line * KEY_LINE + KEY_LINE / 2
        icon = participation_sprite() if kind == "participation" else disc_key_icon(kind)
        paste(image, icon, (x, mid - icon.height / 2))
        put_fitted(image, (x + px(28), mid - px(10), x + px(28) + KEY_WORD_MAX, mid + px(10)), word, TEXT,
                   PALETTE["muted"])
    return image


def clear_caches() -> None:
    """Forget every cached layer, sprite and text mask (tests that record font sizes start here)."""
    for cached in (_text_mask, name_lines, pawn_sprite, disc_sprite, marker_sprite, coin_sprite,
                   participation_sprite, disc_icon, disc_chip, flag_icon, symbol_badge, card_face, card_back,
                   empty_cell, frame_sprite, die_sprite, disc_key_icon, _base):
        cached.cache_clear()


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
    left, top, right, _bottom = HISENDA_BOX
    y = top + px(80)
    for value, key in ((1, "ones"), (2, "twos")):
        coin = coin_sprite(value)
        paste(image, coin, (left + px(4), y))
        x = left + px(4) + coin.width + px(2)
        put_fitted(image, (x, y, right - px(2), y + coin.height), f"×{int(hisenda.get(key, 0))}", TEXT, INK,
                   bold=True)
        y += coin.height + px(6)
    value_y = y + px(14)
    put_fitted(image, (left + px(3), value_y - px(12), right - px(3), value_y + px(12)),
               f"{int(hisenda.get('value', 0))} €", BIG, INK, bold=True, align="center")


def _draw_pool(image: Image.Image, view: dict[str, Any]) -> None:
    left, top, right, _bottom = POOL_BOX
    cx = (left + right) / 2
    paste(image, participation_sprite(px(29)), (cx, top + px(61)), centred=True)
    put_text(image, (cx, top + px(96)), str(int(view.get("pool") or 0)), BIG, PALETTE["text"], bold=True,
             anchor="mm")


def die_corner() -> tuple[int, int]:
    """The top left of this turn's die, at the right end of the strip."""
    return STRIP[2] - px(12) - DIE_SIZE, STRIP[1] + px(6)


def _draw_die(image: Image.Image, view: dict[str, Any]) -> None:
    """This turn's die ("?" before the roll) and the euros its number transfers, under it."""
    die = view.get("die")
    face = die.get("face") if isinstance(die, dict) else None
    sprite = die_sprite(face if face in FACES else None)
    x, y = die_corner()
    paste(image, sprite, (x, y))
    if isinstance(die, dict):
        put_text(image, (x + sprite.width / 2, y + sprite.height + px(11)), f"{int(die.get('number') or 0)} €",
                 TEXT, PALETTE["text"], bold=True, anchor="mm")


def _draw_urns(image: Image.Image, view: dict[str, Any], words: Words) -> None:
    found = [c for c in view.get("urn_area") or [] if c in CARD_NAME]
    left, top, right, bottom = URN_TITLE_BOX
    put_text(image, ((left + right) / 2, bottom - px(18)), f"{min(len(found), URN_COUNT)}/{URN_COUNT}", BIG,
             GOLD if len(found) >= URN_COUNT else PALETTE["text"], bold=True, anchor="mm")
    for index, card in enumerate(found[:URN_COUNT]):
        x, y, _r, _b = urn_slot(index)
        image.paste(card_face(words.msg(CARD_NAME[card]), "urn", None), (x, y))


# --- per render: the strip ---------------------------------------------------------------------------------

def _name_or_hisenda(words: Words, names: list[str], party: Any, limit: float | None) -> str:
    if party == "hisenda":
        return words.msg("som.picture.the_hisenda")
    if not isinstance(party, int):
        return "?"
    full = player_name(words, names, party)
    return full if limit is None else ellipsize(full, font(STRONG, True), limit)


def bid_count(view: dict[str, Any]) -> tuple[int, int]:
    """(how many have bid, how many bid) in the vote going on."""
    vote = view.get("vote") or {}
    done = {s for s in vote.get("bid_done") or [] if isinstance(s, int)}
    return len(done), int(view.get("n") or 0)


def _action(view: dict[str, Any], names: list[str], words: Words, limit: float | None) -> str:
    def name(party: Any) -> str:
        return _name_or_hisenda(words, names, party, limit)

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
    """The strip's three lines: the turn and the Generalitat (or the end and why), the mode, degree
    and phase, and what the game waits on (or the winners). With `width` (px) long names are cut
    (never the rest) so the lines fit it."""
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


def _draw_strip(image: Image.Image, view: dict[str, Any], names: list[str], words: Words) -> None:
    left, top, right, bottom = STRIP
    left += px(13)
    right = die_corner()[0] - px(12)
    title, info, action = status_lines(view, names, words, right - left)
    over = view.get("phase") == "game_over"
    put_fitted(image, (left, top + px(3), right, top + px(27)), title, TITLE, GOLD if over else PALETTE["text"],
               bold=True)
    put_fitted(image, (left, top + px(29), right, top + px(50)), info, TEXT, PALETTE["muted"])
    put_fitted(image, (left, top + px(51), right, bottom - px(3)), action, STRONG, GOLD if over else PALETTE["text"],
               bold=True)


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


def vote_tag(view: dict[str, Any], seat: int, names: list[str], words: Words) -> str:
    """What a row says of its citizen in the vote going on (side, "has bid"; never an amount) or,
    the turn after a vote, their bid; "" otherwise."""
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
            parts.append(words.msg(HAS_BID))
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


def row_lines(seat: int) -> tuple[int, int]:
    """The middles of a row's two lines."""
    top = row_box(seat)[1]
    return top + px(16), top + px(40)


def _draw_rows(image: Image.Image, view: dict[str, Any], names: list[str], words: Words) -> None:
    draw = ImageDraw.Draw(image)
    over = view.get("phase") == "game_over"
    winners = set((view.get("result") or {}).get("winners") or []) if over else set()
    acting = set(view.get("to_act") or []) if not over else set()
    players = view.get("players") or []
    for seat in range(min(int(view.get("n") or 0), len(players), len(COLOURS))):
        player = players[seat]
        box = row_box(seat)
        left, _top, right, _bottom = box
        fill = PALETTE["panel"] if seat % 2 == 0 else PALETTE["panel_alt"]
        if seat in winners or seat in acting:
            draw.rounded_rectangle(box, radius=px(6.4), outline=GOLD, width=px(2.4))
        mid1, mid2 = row_lines(seat)
        x: float = left + px(8)
        holder = seat == view.get("holder")
        paste(image, pawn_sprite(_colour_of(view, seat), px(18), holder), (x + px(10), mid1), centred=True)
        x += px(24)
        if holder:
            marker = marker_sprite()
            paste(image, marker, (x + marker.width / 2, mid1), centred=True)
            x += marker.width + px(5)
        if seat in winners:
            _crown(draw, x + px(10), mid1, px(19))
            x += px(24)
        # right end of line 1: the participation discs, the value, then the vote tag
        end: float = right - px(8)
        end -= put_text(image, (end, mid1), str(int(player.get("participation") or 0)), STRONG, PALETTE["text"],
                        bold=True, anchor="rm") + px(3)
        disc = participation_sprite()
        paste(image, disc, (end - disc.width, mid1 - disc.height / 2))
        end -= disc.width + px(13)
        end -= put_text(image, (end, mid1), f"{int(player.get('value') or 0)} €", STRONG,
                        GOLD if holder else PALETTE["text"], bold=True, anchor="rm") + px(11)
        tag = vote_tag(view, seat, names, words)
        name_right = end
        if tag:
            shown, sz, squeeze = fitted(tag, max(0.0, (end - x) * 0.5), TEXT)
            name_right = end - put_text(image, (end, mid1), shown, sz, GOLD, anchor="rm", squeeze=squeeze) - px(10)
        put_fitted(image, (x, mid1 - px(10), name_right, mid1 + px(10)), player_name(words, names, seat), STRONG,
                   PALETTE["text"], bold=True)
        # line 2: the discs, and the citizen's cell at the right
        chips_right: float = right - px(8)
        cell = str(player.get("cell") or "")
        if cell:
            chips_right -= put_text(image, (chips_right, mid2), cell, TEXT, PALETTE["muted"], bold=True,
                                    anchor="rm") + px(10)
        x = left + px(8)
        discs = [d for d in player.get("discs") or [] if isinstance(d, dict)]
        fits = max(0, int((chips_right - x - CHIP_W) // CHIP_PITCH) + 1)
        shown_discs = discs if len(discs) <= fits else discs[:max(0, fits - 1)]
        for disc_info in shown_discs:
            kind = str(disc_info.get("kind") or "")
            paste(image, disc_chip(kind, int(disc_info.get("value") or 0), fill), (x, mid2 - CHIP_H / 2))
            x += CHIP_PITCH
        if len(shown_discs) < len(discs):
            put_text(image, (x + px(2), mid2), f"+{len(discs) - len(shown_discs)}", TEXT, PALETTE["muted"], bold=True,
                     anchor="lm")


def height_for(view: dict[str, Any], words: Words) -> int:
    """The picture's height for this view's table size and language."""
    return _base(static_words(words), max(1, min(int(view.get("n") or 1), len(COLOURS)))).height


def render(view: dict[str, Any], names: list[str], words: Words) -> Image.Image:
    """The whole public picture of Som el que decidim! for one view (550 px wide, RGB)."""
    n = max(1, min(int(view.get("n") or 1), len(COLOURS)))
    image = _base(static_words(words), n).copy()
    _draw_board(image, view, words)
    _draw_hisenda(image, view)
    _draw_pool(image, view)
    _draw_die(image, view)
    _draw_urns(image, view, words)
    _draw_strip(image, view, names, words)
    _draw_rows(image, view, names, words)
    return image
