"""The Polls Are Closed! (Spain): the public board as one image.

A pure function of a view from `games.polls.GAME.view(state, seat)` (everything is public, so
any seat's view draws the same board). Drawn: a schematic map of Spain (11 regions at their real
relative positions, coloured by the party that leads, with both parties' Influence), the three
propaganda circles with every sector's tokens, the three pact boxes, the round and turn track,
each party's Propaganda, supply and controlled regions, and the seats each party would win if the
polls closed now (third parties and the majority of 34 included).

Colour-blind safety: the two parties differ by shape as well as colour (blue = round tokens, red
= square tokens) and red-led regions, red sectors and red seats are hatched; blue ones are solid.
Static layers (region masks, hatching, borders, the circles' lines, the empty board) are drawn
once per process and cached; each call pastes colours through those masks and draws the pieces.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from games.polls.data import (
    ABSOLUTE_MAJORITY,
    PACT_CIRCLES,
    PACT_REGIONS,
    PROPAGANDA_LIMITS,
    REGION_TYPE,
    REGIONS,
    SEATS_TABLE,
    TOTAL_SEATS,
    TURNS_PER_ROUND,
)
from renderers.core import (
    PALETTE,
    Color,
    drawable,
    ellipsize,
    fit_text,
    font,
    text_width,
)

Box = tuple[float, float, float, float]

WIDTH = 1200
HEIGHT = 812
MARGIN = 20

# --- colours --------------------------------------------------------------------------------

BLUE: Color = (58, 140, 232)
RED: Color = (226, 72, 58)
PARTY_COLORS: tuple[Color, Color] = (BLUE, RED)
# Region / sector fills: dark enough for white text, far apart in hue *and* the red one hatched.
BLUE_FILL: Color = (34, 86, 158)
RED_FILL: Color = (128, 38, 34)
RED_HATCH: Color = (205, 86, 70)
TIE_FILL: Color = (96, 90, 112)
LAND: Color = (66, 73, 96)
SEA: Color = (27, 31, 44)
BORDER: Color = (20, 22, 30)
EMPTY_TOKEN: Color = (88, 95, 116)
SECTOR_EMPTY: Color = (50, 57, 78)
SECTOR_LINE: Color = (140, 150, 172)
WHITE: Color = (255, 255, 255)
THIRD: Color = (120, 126, 140)

# --- words drawn in the image -----------------------------------------------------------------

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "The Polls Are Closed!",
        "spain": "Spain",
        "party0": "Blue",
        "party1": "Red",
        "player_n": "Player {n}",
        "round": "Round",
        "poll_short": "Poll",
        "actions_left": "{name} ({party}) to play · {n} action(s) left",
        "influence_step": "{name} ({party}): influence step, spend Propaganda then end the turn",
        "order": "{name} ({party}) rolled on {circle}: choose which die to place first",
        "seven": "{name} ({party}) rolled 7 on {circle}: take {target}?",
        "poll": "National poll: {name} ({party}) places {n} Influence in 2C regions",
        "game_over": "Polls closed: {party} ({name}) wins, {reason}",
        "hung": "Polls closed: hung parliament, a draw",
        "absolute_majority": "absolute majority",
        "minority_government": "minority government",
        "hung_parliament": "hung parliament",
        "propaganda": "Propaganda",
        "pacts": "Pacts with the nationalists",
        "from": "from {circles}",
        "seats_now": "Seats if the polls closed now",
        "seats_final": "Final seats",
        "third": "Third parties {n}",
        "majority": "Majority {n}",
        "seats": "seats",
        "supply": "Supply {n}/30",
        "leads": "Leads {n} regions",
        "shift_used": "Shift used",
        "shift_free": "Shift available",
        "must_spend": "Over the limit: spend {kinds}",
        "to_play": "to play",
        "leads_legend": "{party} leads",
        "tie": "Tie",
        "limits": "limit: fewer than 1 A, 3 B, 5 C",
        "canarias": "Canaries",
    },
    "it": {
        "title": "Si chiudono le urne!",
        "spain": "Spagna",
        "party0": "Blu",
        "party1": "Rossi",
        "player_n": "Giocatore {n}",
        "round": "Round",
        "poll_short": "Sond.",
        "actions_left": "Tocca a {name} ({party}) · {n} azione/i rimaste",
        "influence_step": "{name} ({party}): fase influenza, spendi Propaganda e chiudi il turno",
        "order": "{name} ({party}) ha tirato su {circle}: scegli quale dado piazzare prima",
        "seven": "{name} ({party}) ha fatto 7 su {circle}: prendere {target}?",
        "poll": "Sondaggio nazionale: {name} ({party}) piazza {n} Influenza nelle regioni 2C",
        "game_over": "Urne chiuse: vincono i {party} ({name}), {reason}",
        "hung": "Urne chiuse: parlamento bloccato, pareggio",
        "absolute_majority": "maggioranza assoluta",
        "minority_government": "governo di minoranza",
        "hung_parliament": "parlamento bloccato",
        "propaganda": "Propaganda",
        "pacts": "Patti con i nazionalisti",
        "from": "da {circles}",
        "seats_now": "Seggi se si votasse ora",
        "seats_final": "Seggi finali",
        "third": "Terzi partiti {n}",
        "majority": "Maggioranza {n}",
        "seats": "seggi",
        "supply": "Riserva {n}/30",
        "leads": "In testa in {n} regioni",
        "shift_used": "Spostamento usato",
        "shift_free": "Spostamento disponibile",
        "must_spend": "Oltre il limite: spendi {kinds}",
        "to_play": "di turno",
        "leads_legend": "In testa i {party}",
        "tie": "Pari",
        "limits": "limite: meno di 1 A, 3 B, 5 C",
        "canarias": "Canarie",
    },
    "es": {
        "title": "¡Se cierran las urnas!",
        "spain": "España",
        "party0": "Azul",
        "party1": "Rojo",
        "player_n": "Jugador {n}",
        "round": "Ronda",
        "poll_short": "Enc.",
        "actions_left": "Juega {name} ({party}) · {n} acción(es) restantes",
        "influence_step": "{name} ({party}): fase de influencia, gasta Propaganda y termina el turno",
        "order": "{name} ({party}) tiró en {circle}: elige qué dado colocar primero",
        "seven": "{name} ({party}) sacó 7 en {circle}: ¿tomar {target}?",
        "poll": "Encuesta nacional: {name} ({party}) coloca {n} Influencia en regiones 2C",
        "game_over": "Urnas cerradas: gana {party} ({name}), {reason}",
        "hung": "Urnas cerradas: parlamento colgado, empate",
        "absolute_majority": "mayoría absoluta",
        "minority_government": "gobierno en minoría",
        "hung_parliament": "parlamento colgado",
        "propaganda": "Propaganda",
        "pacts": "Pactos con los nacionalistas",
        "from": "de {circles}",
        "seats_now": "Escaños si se votara ahora",
        "seats_final": "Escaños finales",
        "third": "Terceros partidos {n}",
        "majority": "Mayoría {n}",
        "seats": "escaños",
        "supply": "Reserva {n}/30",
        "leads": "Lidera {n} regiones",
        "shift_used": "Traslado usado",
        "shift_free": "Traslado disponible",
        "must_spend": "Sobre el límite: gasta {kinds}",
        "to_play": "juega",
        "leads_legend": "Lidera {party}",
        "tie": "Empate",
        "limits": "límite: menos de 1 A, 3 B, 5 C",
        "canarias": "Canarias",
    },
}

REGION_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "asturias": "Asturias", "aragon": "Aragon", "castilla_la_mancha": "Castilla-La Mancha",
        "islands": "Islands", "castilla_y_leon": "Castilla y León", "galicia": "Galicia",
        "euskadi": "Euskadi", "valencia": "Valencia", "andalusia": "Andalusia", "madrid": "Madrid",
        "catalonia": "Catalonia",
    },
    "it": {
        "asturias": "Asturie", "aragon": "Aragona", "castilla_la_mancha": "Castiglia-La Mancia",
        "islands": "Isole", "castilla_y_leon": "Castiglia e León", "galicia": "Galizia",
        "euskadi": "Euskadi", "valencia": "Valencia", "andalusia": "Andalusia", "madrid": "Madrid",
        "catalonia": "Catalogna",
    },
    "es": {
        "asturias": "Asturias", "aragon": "Aragón", "castilla_la_mancha": "Castilla-La Mancha",
        "islands": "Islas", "castilla_y_leon": "Castilla y León", "galicia": "Galicia",
        "euskadi": "Euskadi", "valencia": "Valencia", "andalusia": "Andalucía", "madrid": "Madrid",
        "catalonia": "Cataluña",
    },
}


def _lang(locale: str) -> str:
    low = (locale or "").lower()
    if low.startswith("it"):
        return "it"
    if low.startswith("es"):
        return "es"
    return "en"


def _t(lang: str, key: str, **fields: Any) -> str:
    return LABELS[lang][key].format(**fields)


def _name(names: list[str], seat: int, lang: str) -> str:
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    return name or _t(lang, "player_n", n=seat + 1)


def _party(lang: str, seat: int) -> str:
    return _t(lang, f"party{seat}")


# --- the map ----------------------------------------------------------------------------------

# One character per cell, at the real relative positions (columns ~0.6° of longitude, rows
# ~0.55° of latitude); Canarias sit in an inset at the bottom left, Baleares east of Valencia.
MAP_GRID = (
    "GGGGSSSSSEEEE.........",
    "GGGGSSSSSEEEERRRKK....",
    "GGGGLLLLLLEEERRRKKKK..",
    "GGGLLLLLLLLEERRRKKKK..",
    ".GLLLLLLLLLLRRRRKKK...",
    "..LLLLLMMMLLRRRRKK....",
    "..AAALLMMMLCRRRVK.....",
    "..AAACMMMMCCCRVV..III.",
    "..AAACCCCCCCCVVV.IIII.",
    "..AAACCCCCCCCVVV......",
    "..AAAACCCCCCCVV.......",
    ".AAAAAAAAAACVVV.......",
    "..AAAAAAAAAAAVV.......",
    "II.AAAAAAAAAA.........",
    "II...AAAAA............",
)
CODES = {
    "G": "galicia", "S": "asturias", "E": "euskadi", "K": "catalonia", "L": "castilla_y_leon",
    "R": "aragon", "M": "madrid", "C": "castilla_la_mancha", "V": "valencia", "A": "andalusia",
    "I": "islands",
}
CELL = 32
COLS = len(MAP_GRID[0])
ROWS = len(MAP_GRID)
MAP_X, MAP_Y = MARGIN, 84
MAP_W, MAP_H = COLS * CELL, ROWS * CELL
# Where each region's label block is centred, in cells (column, row) from the map's corner.
LABEL_AT: dict[str, tuple[float, float]] = {
    "galicia": (2.0, 2.0),
    "asturias": (6.5, 1.0),
    "euskadi": (11.0, 1.1),
    "catalonia": (17.6, 3.0),
    "aragon": (14.0, 5.0),
    "castilla_y_leon": (6.3, 3.6),
    "madrid": (8.0, 6.5),
    "castilla_la_mancha": (9.2, 9.3),
    "valencia": (14.0, 9.2),
    "andalusia": (7.5, 12.0),
    "islands": (19.5, 8.0),
}
CANARIAS_INSET: Box = (0, 13, 2, 15)  # cells (left, top, right, bottom)
HATCH_SPACING = 9


def region_cells(region: str) -> list[tuple[int, int]]:
    """The (column, row) cells of a region on the map grid."""
    return [
        (col, row)
        for row, line in enumerate(MAP_GRID)
        for col, ch in enumerate(line)
        if CODES.get(ch) == region
    ]


def label_point(region: str) -> tuple[int, int]:
    """The image point (x, y) at which a region's label block is centred."""
    col, row = LABEL_AT[region]
    return int(MAP_X + col * CELL), int(MAP_Y + row * CELL)


@lru_cache(maxsize=1)
def _hatch_mask() -> Image.Image:
    """Diagonal stripes over the whole map, as an L mask."""
    mask = Image.new("L", (MAP_W, MAP_H), 0)
    draw = ImageDraw.Draw(mask)
    for offset in range(-MAP_H, MAP_W + MAP_H, HATCH_SPACING):
        draw.line((offset, 0, offset + MAP_H, MAP_H), fill=255, width=3)
    return mask


@lru_cache(maxsize=1)
def _region_masks() -> dict[str, tuple[Image.Image, Image.Image]]:
    """Per region: its cells as an L mask over the map, and the same masked by the hatching."""
    masks: dict[str, tuple[Image.Image, Image.Image]] = {}
    hatch = _hatch_mask()
    for region in REGIONS:
        mask = Image.new("L", (MAP_W, MAP_H), 0)
        draw = ImageDraw.Draw(mask)
        for col, row in region_cells(region):
            draw.rectangle((col * CELL, row * CELL, (col + 1) * CELL - 1, (row + 1) * CELL - 1), fill=255)
        masks[region] = (mask, ImageChops.multiply(mask, hatch))
    return masks


@lru_cache(maxsize=1)
def _border_mask() -> Image.Image:
    """Lines between cells of different regions and along the coast, as an L mask."""
    mask = Image.new("L", (MAP_W, MAP_H), 0)
    draw = ImageDraw.Draw(mask)

    def code(col: int, row: int) -> str:
        if 0 <= row < ROWS and 0 <= col < COLS:
            return MAP_GRID[row][col]
        return "."

    for row in range(ROWS):
        for col in range(COLS):
            here = code(col, row)
            right, below = code(col + 1, row), code(col, row + 1)
            x, y = col * CELL, row * CELL
            if here != right and (here != "." or right != "."):
                draw.line((x + CELL - 1, y - 1, x + CELL - 1, y + CELL), fill=255, width=3)
            if here != below and (here != "." or below != "."):
                draw.line((x - 1, y + CELL - 1, x + CELL, y + CELL - 1), fill=255, width=3)
            if col == 0 and here != ".":
                draw.line((0, y, 0, y + CELL), fill=255, width=3)
            if row == 0 and here != ".":
                draw.line((x, 0, x + CELL, 0), fill=255, width=3)
    return mask


# --- the propaganda circles ---------------------------------------------------------------------

CIRCLE_A = (868, 236)
A_OUTER, A_MID, A_CENTRE = 112, 74, 38
CIRCLE_B = (1082, 178)
B_OUTER, B_CENTRE = 80, 32
CIRCLE_C = (1082, 340)
C_CENTRE = 40
# Outer sectors of A around the circle, clockwise from the top: each pair summing 7 is adjacent
# so that its intermediate sector spans it.
A_ORDER = ("A1", "A6", "A2", "A5", "A3", "A4")
A_INTERMEDIATE = ("A16", "A25", "A34")
B_ORDER = ("B14", "B25", "B36")
B_LABELS = {"B14": "1/4", "B25": "2/5", "B36": "3/6"}


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


def _polar(centre: tuple[int, int], radius: float, degrees: float) -> tuple[float, float]:
    rad = math.radians(degrees)
    return centre[0] + radius * math.cos(rad), centre[1] + radius * math.sin(rad)


def sector_point(sector: str) -> tuple[int, int]:
    """Where a sector's tokens are drawn (the middle of its ring segment, or a centre)."""
    if sector in ("A", "B", "C"):
        return {"A": CIRCLE_A, "B": CIRCLE_B, "C": CIRCLE_C}[sector]
    start, end = SECTOR_ANGLES[sector]
    mid = (start + end) / 2
    if sector in A_ORDER:
        x, y = _polar(CIRCLE_A, (A_OUTER + A_MID) / 2, mid)
    elif sector in A_INTERMEDIATE:
        x, y = _polar(CIRCLE_A, (A_MID + A_CENTRE) / 2 + 1, mid)
    else:
        x, y = _polar(CIRCLE_B, (B_OUTER + B_CENTRE) / 2 + 2, mid)
    return int(round(x)), int(round(y))


def _circle_box(centre: tuple[int, int], radius: float) -> Box:
    return (centre[0] - radius, centre[1] - radius, centre[0] + radius, centre[1] + radius)


@lru_cache(maxsize=1)
def _circle_lines() -> Image.Image:
    """The circles' outlines and sector spokes, drawn 4x and shrunk (smooth edges), as an L mask."""
    scale = 4
    mask = Image.new("L", (WIDTH * scale, HEIGHT * scale), 0)
    draw = ImageDraw.Draw(mask)

    def ring(centre: tuple[int, int], radius: float) -> None:
        draw.ellipse(_circle_box((centre[0] * scale, centre[1] * scale), radius * scale),
                     outline=255, width=2 * scale)

    def spoke(centre: tuple[int, int], inner: float, outer: float, degrees: float) -> None:
        big = (centre[0] * scale, centre[1] * scale)
        draw.line((*_polar(big, inner * scale, degrees), *_polar(big, outer * scale, degrees)),
                  fill=255, width=2 * scale)

    for radius in (A_OUTER, A_MID, A_CENTRE):
        ring(CIRCLE_A, radius)
    for i in range(6):
        spoke(CIRCLE_A, A_MID if i % 2 else A_CENTRE, A_OUTER, -90 + 60 * i)
    for radius in (B_OUTER, B_CENTRE):
        ring(CIRCLE_B, radius)
    for i in range(3):
        spoke(CIRCLE_B, B_CENTRE, B_OUTER, -90 + 120 * i)
    ring(CIRCLE_C, C_CENTRE)
    return mask.resize((WIDTH, HEIGHT), Image.Resampling.BOX)


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


def _fit_size(text: str, max_width: float, size: int, min_size: int, bold: bool) -> int:
    for sz in range(size, min_size - 1, -1):
        if text_width(text, font(sz, bold)) <= max_width:
            return sz
    return min_size


def _put_fitted(image: Image.Image, box: Box, text: str, size: int, fill: Color, bold: bool = False,
                align: str = "left", min_size: int | None = None) -> None:
    """One line in `box`, shrunk down to `min_size` and then ellipsized so it never spills."""
    left, top, right, bottom = box
    sz = _fit_size(text, right - left, size, min_size or size, bold)
    shown = ellipsize(text, font(sz, bold), right - left)
    y = (top + bottom) / 2
    if align == "center":
        _put_text(image, ((left + right) / 2, y), shown, sz, fill, bold, "mm")
    elif align == "right":
        _put_text(image, (right, y), shown, sz, fill, bold, "rm")
    else:
        _put_text(image, (left, y), shown, sz, fill, bold, "lm")


@lru_cache(maxsize=256)
def _token(seat: int, size: int, filled: bool = True, count: int | None = None) -> Image.Image:
    """A party's token as an RGBA sprite, its count written inside: blue is a disc, red a square
    (the shape tells them apart without colour). Drawn 4x and shrunk so the disc is smooth."""
    scale = 4
    big = size * scale
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    fill = PARTY_COLORS[seat] if filled else EMPTY_TOKEN
    outline = WHITE if filled else (150, 156, 172)
    width = max(2, size // 10) * scale
    if seat == 0:
        draw.ellipse((0, 0, big - 1, big - 1), fill=outline)
        draw.ellipse((width, width, big - 1 - width, big - 1 - width), fill=fill)
    else:
        inset = scale  # a square of the same area looks bigger than the disc: shrink it a little
        draw.rectangle((inset, inset, big - 1 - inset, big - 1 - inset), fill=outline)
        draw.rectangle((inset + width, inset + width, big - 1 - inset - width, big - 1 - inset - width), fill=fill)
    sprite = sprite.resize((size, size), Image.Resampling.LANCZOS)
    if count is not None:
        text = str(count)
        fnt = font(max(10, int(size * 0.58)) if len(text) < 2 else max(9, int(size * 0.48)), True)
        ImageDraw.Draw(sprite).text((size / 2, size / 2 + 0.5), text, font=fnt,
                                    fill=WHITE if filled else (190, 195, 208), anchor="mm")
    return sprite


def _draw_token(image: Image.Image, seat: int, centre: tuple[float, float], size: int, count: int | None) -> None:
    """A token centred on `centre`, with `count` written inside (None: no number; 0: greyed)."""
    sprite = _token(seat, size, count is None or count > 0, count)
    image.paste(sprite, (int(round(centre[0] - size / 2)), int(round(centre[1] - size / 2))), sprite)


# --- static layers ------------------------------------------------------------------------------

SIDE_X = 740  # left edge of the right column
PACTS_TOP = 440
SEATS_TOP = 578
PANELS_TOP = 676
PANEL_WIDTH = (WIDTH - 2 * MARGIN - 12) / 2
PACT_WIDTH = (WIDTH - MARGIN - SIDE_X - 14 * 2 - 10 * 2) / 3
PACT_TOP, PACT_BOTTOM = PACTS_TOP + 38, MAP_Y + MAP_H - 4


def _pact_left(i: int) -> float:
    return SIDE_X + 14 + i * (PACT_WIDTH + 10)


def _panel_left(seat: int) -> float:
    return MARGIN + seat * (PANEL_WIDTH + 12)


@lru_cache(maxsize=1)
def _map_index() -> Image.Image:
    """The map as a palette image: 0 sea, 1 borders, 2+2i region i, 3+2i region i's stripes.
    A render only writes a 256-colour palette (who leads where) and converts: ~1 ms for the
    whole map, where pasting colours through 22 masks took ~20."""
    index = Image.new("L", (MAP_W, MAP_H), 0)
    for i, region in enumerate(REGIONS):
        mask, stripes = _region_masks()[region]
        index.paste(2 + 2 * i, (0, 0), mask)
        index.paste(3 + 2 * i, (0, 0), stripes)
    index.paste(1, (0, 0), _border_mask())
    return Image.frombytes("P", index.size, index.tobytes())


@lru_cache(maxsize=1)
def _circle_lines_cropped() -> tuple[tuple[int, int, int, int], Image.Image]:
    mask = _circle_lines()
    box = mask.getbbox() or (0, 0, 1, 1)
    return box, mask.crop(box)


@lru_cache(maxsize=4)
def _base(lang: str) -> Image.Image:
    """Everything that never changes for a language: frames, sea, headings, circle labels,
    pact titles, the parties' panels and the legend."""
    image = Image.new("RGB", (WIDTH, HEIGHT), PALETTE["background"])
    draw = ImageDraw.Draw(image)
    text, muted, accent = PALETTE["text"], PALETTE["muted"], PALETTE["accent"]
    draw.rounded_rectangle((MAP_X - 8, MAP_Y - 8, MAP_X + MAP_W + 8, MAP_Y + MAP_H + 8), radius=12, fill=SEA)
    # right column: propaganda circles, then the pacts
    draw.rounded_rectangle((SIDE_X, MAP_Y - 8, WIDTH - MARGIN, PACTS_TOP - 10), radius=12, fill=PALETTE["panel"])
    draw.rounded_rectangle((SIDE_X, PACTS_TOP, WIDTH - MARGIN, MAP_Y + MAP_H + 8), radius=12,
                           fill=PALETTE["panel"])
    _put_fitted(image, (SIDE_X + 14, MAP_Y - 4, SIDE_X + 300, MAP_Y + 22), _t(lang, "propaganda"), 18, text, True)
    _put_fitted(image, (SIDE_X + 14, PACTS_TOP - 36, SIDE_X + 330, PACTS_TOP - 14), _t(lang, "limits"), 13, muted)
    _put_fitted(image, (SIDE_X + 14, PACTS_TOP + 4, WIDTH - MARGIN - 14, PACTS_TOP + 30), _t(lang, "pacts"), 18,
                text, True)
    _put_text(image, (CIRCLE_A[0] - A_OUTER - 4, CIRCLE_A[1] - A_OUTER - 4), "A", 22, accent, True, "mm")
    _put_text(image, (CIRCLE_B[0] - B_OUTER - 4, CIRCLE_B[1] - B_OUTER + 2), "B", 22, accent, True, "mm")
    _put_text(image, (CIRCLE_C[0] - C_CENTRE - 14, CIRCLE_C[1] - C_CENTRE + 2), "C", 22, accent, True, "mm")
    for sector in A_ORDER:
        start, end = SECTOR_ANGLES[sector]
        _put_text(image, _polar(CIRCLE_A, A_OUTER + 13, (start + end) / 2), sector[1:], 15, muted, True, "mm")
    for sector in B_ORDER:
        start, end = SECTOR_ANGLES[sector]
        _put_text(image, _polar(CIRCLE_B, B_OUTER + 17, (start + end) / 2), B_LABELS[sector], 13, muted, True, "mm")
    for i, region in enumerate(PACT_REGIONS):
        left = _pact_left(i)
        draw.rounded_rectangle((left, PACT_TOP, left + PACT_WIDTH, PACT_BOTTOM), radius=10,
                               fill=PALETTE["panel_alt"])
        _put_fitted(image, (left + 6, PACT_TOP + 4, left + PACT_WIDTH - 6, PACT_TOP + 24),
                    REGION_LABELS[lang][region], 15, text, True, "center", 11)
        _put_fitted(image, (left + 6, PACT_TOP + 24, left + PACT_WIDTH - 6, PACT_TOP + 40),
                    _t(lang, "from", circles="/".join(PACT_CIRCLES[region])), 12, muted, False, "center")
    # seats strip and the two parties' panels
    draw.rounded_rectangle((MARGIN, SEATS_TOP, WIDTH - MARGIN, PANELS_TOP - 10), radius=12, fill=PALETTE["panel"])
    for seat in (0, 1):
        left = _panel_left(seat)
        draw.rounded_rectangle((left, PANELS_TOP, left + PANEL_WIDTH, HEIGHT - 12), radius=12,
                               fill=PALETTE["panel"])
        _draw_token(image, seat, (left + 24, PANELS_TOP + 24), 28, None)
        for k, kind in enumerate(("A", "B", "C")):
            x = left + 18 + 92 * k
            _put_text(image, (x + 54, PANELS_TOP + 64), f"<{PROPAGANDA_LIMITS[kind]}", 13, muted, False, "lm")
    _draw_legend(image, lang)
    return image


LEGEND_BOX = (MAP_X + 16 * CELL, MAP_Y + 10 * CELL, MAP_X + MAP_W, MAP_Y + MAP_H)


@lru_cache(maxsize=4)
def _legend(lang: str) -> Image.Image:
    """The legend's patch of sea, cut from the base: the map layer covers it on every render."""
    return _base(lang).crop(LEGEND_BOX)


def _draw_legend(image: Image.Image, lang: str) -> None:
    """Key in the sea at the bottom right of the map: fills and token shapes."""
    draw = ImageDraw.Draw(image)
    left, top = LEGEND_BOX[0] + 4, LEGEND_BOX[1] + 6
    rows = (
        ("blue", _t(lang, "leads_legend", party=_party(lang, 0))),
        ("red", _t(lang, "leads_legend", party=_party(lang, 1))),
        ("tie", _t(lang, "tie")),
    )
    for i, (kind, label) in enumerate(rows):
        y = top + i * 26
        box = (left, y, left + 30, y + 20)
        if kind == "red":
            draw.rectangle(box, fill=RED_FILL)
            for x in range(-20, 31, HATCH_SPACING):
                draw.line((left + x, y, left + x + 20, y + 20), fill=RED_HATCH, width=3)
            # the stripes overshoot the swatch: repaint the sea around it
            draw.rectangle((left - 21, y, left - 1, y + 20), fill=SEA)
            draw.rectangle((left + 31, y, left + 52, y + 20), fill=SEA)
            draw.rectangle(box, outline=BORDER)
        else:
            draw.rectangle(box, fill=BLUE_FILL if kind == "blue" else TIE_FILL, outline=BORDER)
        _put_text(image, (left + 40, y + 10), label, 14, PALETTE["text"], anchor="lm")
    y = top + 3 * 26 + 4
    for seat in (0, 1):
        x = left + seat * 90
        _draw_token(image, seat, (x + 11, y + 11), 20, None)
        _put_text(image, (x + 28, y + 11), _party(lang, seat), 14, PALETTE["text"], anchor="lm")


# --- per render ---------------------------------------------------------------------------------

def leader(influence: list[int]) -> int | None:
    """0 or 1 for the party with strictly more Influence, None on a tie (0-0 included)."""
    blue, red = influence
    return 0 if blue > red else 1 if red > blue else None


def _draw_map(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], lang: str) -> None:
    palette = [*SEA, *BORDER]
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
    image.paste(_legend(lang), LEGEND_BOX[:2])
    left, top, right, bottom = CANARIAS_INSET
    draw.rectangle((MAP_X + left * CELL, MAP_Y + top * CELL - 5, MAP_X + right * CELL + 4, MAP_Y + bottom * CELL - 1),
                   outline=PALETTE["faded"], width=1)
    _put_text(image, (MAP_X + (left + right) / 2 * CELL + 2, MAP_Y + top * CELL - 14), _t(lang, "canarias"), 11,
              PALETTE["muted"], anchor="mm")
    if view.get("phase") == "poll":
        # where the player placing poll Influence may still put it (once per region each)
        poll = view.get("poll") or {}
        seat = poll.get("seat", view.get("current"))
        placed = (poll.get("placed") or [[], []])[seat] if seat in (0, 1) else []
        _outline_regions(draw, {r for r in REGIONS if REGION_TYPE[r] == "2C" and r not in placed})
    for region in REGIONS:
        _draw_region_label(image, draw, region, view["influence"][region], lang)


def _outline_regions(draw: ImageDraw.ImageDraw, regions: set[str]) -> None:
    """An accent edge around the regions the national poll may place in."""
    color = PALETTE["accent"]
    for region in regions:
        cells = set(region_cells(region))
        for col, row in cells:
            x, y = MAP_X + col * CELL, MAP_Y + row * CELL
            if (col, row - 1) not in cells:
                draw.line((x, y + 2, x + CELL - 1, y + 2), fill=color, width=3)
            if (col, row + 1) not in cells:
                draw.line((x, y + CELL - 4, x + CELL - 1, y + CELL - 4), fill=color, width=3)
            if (col - 1, row) not in cells:
                draw.line((x + 2, y, x + 2, y + CELL - 1), fill=color, width=3)
            if (col + 1, row) not in cells:
                draw.line((x + CELL - 4, y, x + CELL - 4, y + CELL - 1), fill=color, width=3)


@lru_cache(maxsize=64)
def _region_name_lines(region: str, lang: str) -> tuple[int, tuple[str, ...]]:
    wide = 150 if region in ("castilla_la_mancha", "castilla_y_leon", "andalusia") else 104
    fnt, lines = fit_text(REGION_LABELS[lang][region], wide, 34, 15, 12, bold=True)
    return fnt.size, tuple(lines)


def _draw_region_label(image: Image.Image, draw: ImageDraw.ImageDraw, region: str, influence: list[int],
                       lang: str) -> None:
    """Name, both parties' Influence on a dark pill (blue disc left, red square right), and what
    the region costs and is worth."""
    cx, cy = label_point(region)
    size, lines = _region_name_lines(region, lang)
    step = size + 2
    top = cy - 30 - (len(lines) - 1) * step / 2
    for i, line in enumerate(lines):
        _put_text(image, (cx, top + i * step), line, size, WHITE, True, "mm", stroke=3)
    pill_y = cy + 2
    draw.rounded_rectangle((cx - 34, pill_y - 15, cx + 34, pill_y + 15), radius=15, fill=(22, 25, 36))
    _draw_token(image, 0, (cx - 17, pill_y), 24, influence[0])
    _draw_token(image, 1, (cx + 17, pill_y), 24, influence[1])
    info = f"{REGION_TYPE[region]} · {SEATS_TABLE[region][0]} {_t(lang, 'seats')}"
    _put_text(image, (cx, pill_y + 26), info, 12, (225, 228, 236), True, "mm", stroke=2)


def _sector_fill(owner: int | None) -> Color:
    return BLUE_FILL if owner == 0 else RED_FILL if owner == 1 else SECTOR_EMPTY


CIRCLE_SECTORS = (*A_ORDER, *A_INTERMEDIATE, *B_ORDER)
CENTRE_INDEX = 2 * len(CIRCLE_SECTORS) + 1


@lru_cache(maxsize=1)
def _circle_index() -> tuple[tuple[int, int, int, int], Image.Image, Image.Image]:
    """The circles as a palette image over their bounding box (1+2k sector k, 2+2k its stripes,
    then the centres) and the mask of the discs, like the map: a render only sets colours."""
    box = _circle_lines_cropped()[0]
    origin = (box[0], box[1])

    def local(b: Box) -> Box:
        return (b[0] - origin[0], b[1] - origin[1], b[2] - origin[0], b[3] - origin[1])

    size = (box[2] - box[0], box[3] - box[1])
    index = Image.new("L", size, 0)
    draw = ImageDraw.Draw(index)
    for k, sector in enumerate(CIRCLE_SECTORS):
        if sector in A_ORDER:
            radius, centre = A_OUTER, CIRCLE_A
        elif sector in A_INTERMEDIATE:
            radius, centre = A_MID, CIRCLE_A
        else:
            radius, centre = B_OUTER, CIRCLE_B
        draw.pieslice(local(_circle_box(centre, radius)), *SECTOR_ANGLES[sector], fill=1 + 2 * k)
    for centre, radius in ((CIRCLE_A, A_CENTRE), (CIRCLE_B, B_CENTRE), (CIRCLE_C, C_CENTRE)):
        draw.ellipse(local(_circle_box(centre, radius)), fill=CENTRE_INDEX)
    stripes = Image.new("L", size, 0)
    sdraw = ImageDraw.Draw(stripes)
    for offset in range(-size[1], size[0] + size[1], HATCH_SPACING):
        sdraw.line((offset, 0, offset + size[1], size[1]), fill=255, width=3)
    in_sector = index.point(lambda v: 255 if 0 < v < CENTRE_INDEX else 0)
    index = ImageChops.add(index, ImageChops.multiply(stripes, in_sector).point(lambda v: 1 if v else 0))
    discs = index.point(lambda v: 255 if v else 0)
    return box, Image.frombytes("P", size, index.tobytes()), discs


def _draw_circles(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Sectors tinted by owner (red ones hatched, like the map), outlines, tokens and the
    Propaganda held in each centre; the sector a 7 would take is ringed."""
    circles = view["circles"]
    palette = [0, 0, 0]
    for sector in CIRCLE_SECTORS:
        owner = circles[sector]["owner"] if circles[sector]["count"] else None
        if owner == 1:
            palette += [*RED_FILL, *RED_HATCH]
        else:
            palette += [*_sector_fill(owner)] * 2
    palette += [34, 38, 52]
    box, index, discs = _circle_index()
    layer = index.copy()
    layer.putpalette(palette)
    image.paste(layer.convert("RGB"), box[:2], discs)
    box, lines = _circle_lines_cropped()
    image.paste(SECTOR_LINE, box[:2], lines)
    pending = view.get("pending") or {}
    target = pending.get("seven_target") if pending.get("stage") == "seven" else None
    for sector in (*A_ORDER, *A_INTERMEDIATE, *B_ORDER):
        info = circles[sector]
        x, y = sector_point(sector)
        if info["owner"] in (0, 1) and info["count"] > 0:
            _draw_token(image, info["owner"], (x, y), 26, info["count"])
        if sector == target:
            draw.ellipse((x - 18, y - 18, x + 18, y + 18), outline=PALETTE["accent"], width=3)
    # Propaganda held, in the centres: both parties side by side
    for kind, centre in (("A", CIRCLE_A), ("B", CIRCLE_B), ("C", CIRCLE_C)):
        for seat in (0, 1):
            _draw_token(image, seat, (centre[0] + (-14 if seat == 0 else 14), centre[1]), 26,
                        view["propaganda"][seat][kind])
        if target == kind:
            draw.ellipse(_circle_box(centre, (A_CENTRE if kind == "A" else B_CENTRE) + 4),
                         outline=PALETTE["accent"], width=3)


def _draw_pacts(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Markers in each pact box; the box is framed in the colour of the party with more."""
    for i, region in enumerate(PACT_REGIONS):
        left = _pact_left(i)
        counts = view["pacts"][region]
        lead = leader(counts)
        draw.rounded_rectangle((left, PACT_TOP, left + PACT_WIDTH, PACT_BOTTOM), radius=10,
                               outline=PARTY_COLORS[lead] if lead is not None else PALETTE["line"], width=2)
        mid, y = left + PACT_WIDTH / 2, (PACT_TOP + 40 + PACT_BOTTOM) / 2
        _draw_token(image, 0, (mid - 20, y), 30, counts[0])
        _draw_token(image, 1, (mid + 20, y), 30, counts[1])


def _draw_seats(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], lang: str) -> None:
    """Seats now (or final): numbers with the party shapes, and a 66-seat bar, blue from the
    left, red (hatched) from the right, third parties between, the majority marked both ways."""
    result = view.get("result")
    projection = result or view.get("seats_projection") or {}
    seats = projection.get("seats", [0, 0])
    third = projection.get("third", TOTAL_SEATS - sum(seats))
    majority = (view.get("seats_projection") or {}).get("majority", ABSOLUTE_MAJORITY)
    left, right = MARGIN + 16, WIDTH - MARGIN - 16
    top = SEATS_TOP + 6
    _draw_token(image, 0, (left + 12, top + 20), 22, None)
    _put_text(image, (left + 30, top + 20), f"{_party(lang, 0)} {seats[0]}", 30, BLUE, True, "lm")
    _draw_token(image, 1, (right - 12, top + 20), 22, None)
    _put_text(image, (right - 30, top + 20), f"{seats[1]} {_party(lang, 1)}", 30, RED, True, "rm")
    mid = (left + right) / 2
    _put_text(image, (mid, top + 10), _t(lang, "seats_final" if result else "seats_now"), 16, PALETTE["text"], True,
              "mm")
    _put_text(image, (mid, top + 30), f"{_t(lang, 'third', n=third)} · {_t(lang, 'majority', n=majority)}", 14,
              PALETTE["muted"], anchor="mm")
    bar_top, bar_bottom = top + 44, top + 70
    scale = (right - left) / TOTAL_SEATS
    red_start = right - seats[1] * scale
    draw.rectangle((left, bar_top, right, bar_bottom), fill=THIRD)
    if seats[0]:
        draw.rectangle((left, bar_top, left + seats[0] * scale, bar_bottom), fill=BLUE)
    if seats[1]:
        draw.rectangle((red_start, bar_top, right, bar_bottom), fill=RED)
        height = bar_bottom - bar_top
        for x in range(int(red_start) - height, int(right), HATCH_SPACING):
            x0, x1 = max(x, red_start), min(x + height, right)
            if x1 > x0:
                draw.line((x0, bar_top + (x0 - x), x1, bar_top + (x1 - x)), fill=(150, 40, 32), width=3)
    for n in range(1, TOTAL_SEATS):
        x = left + n * scale
        draw.line((x, bar_top, x, bar_bottom), fill=(40, 44, 58), width=1)
    for x in (left + majority * scale, right - majority * scale):
        draw.line((x, bar_top - 6, x, bar_bottom + 6), fill=PALETTE["accent"], width=3)


def _status(view: dict[str, Any], names: list[str], lang: str) -> str:
    """One sentence: who acts and what is asked of them, or how the game ended."""
    step = view.get("step")
    if view.get("phase") == "game_over":
        result = view.get("result") or {}
        winners = result.get("winners") or []
        if not winners:
            return _t(lang, "hung")
        seat = winners[0]
        reason = result.get("reason", "")
        reason_text = _t(lang, reason) if reason in LABELS[lang] else reason
        return _t(lang, "game_over", party=_party(lang, seat), name=_name(names, seat, lang), reason=reason_text)
    current = view.get("current")
    seat = current if current in (0, 1) else 0
    who = {"name": _name(names, seat, lang), "party": _party(lang, seat)}
    pending = view.get("pending") or {}
    if step == "poll":
        left = ((view.get("poll") or {}).get("left") or [0, 0])[seat]
        return _t(lang, "poll", n=left, **who)
    if step == "order":
        return _t(lang, "order", circle=pending.get("circle", ""), **who)
    if step == "seven":
        return _t(lang, "seven", circle=pending.get("circle", ""), target=pending.get("seven_target") or "", **who)
    if step == "influence":
        return _t(lang, "influence_step", **who)
    return _t(lang, "actions_left", n=view.get("actions_left", 0), **who)


PIPS = {
    1: ((0.5, 0.5),), 2: ((0.28, 0.28), (0.72, 0.72)), 3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)),
}


def _draw_die(draw: ImageDraw.ImageDraw, left: float, top: float, size: int, value: int) -> None:
    draw.rounded_rectangle((left, top, left + size, top + size), radius=5, fill=WHITE, outline=BORDER)
    radius = size * 0.09
    for px, py in PIPS.get(value, ()):
        x, y = left + px * size, top + py * size
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(20, 20, 24))


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str],
                 lang: str) -> None:
    """Title, the round and turn track (with the two national polls), and the status line."""
    _put_fitted(image, (MARGIN, 6, 470, 40), f"{_t(lang, 'title')} · {_t(lang, 'spain')}", 26, PALETTE["text"], True,
                min_size=18)
    over = view.get("phase") == "game_over"
    current_round, current_turn = view.get("round", 1), view.get("turn", 1)
    pip, gap = 14, 3
    x = 500
    for r, turns in enumerate(TURNS_PER_ROUND, start=1):
        now = r == current_round and not over
        _put_text(image, (x, 12), f"{_t(lang, 'round')} {r}", 13, PALETTE["text"] if now else PALETTE["muted"], True,
                  "lm")
        for t in range(1, turns + 1):
            box = (x, 24, x + pip, 24 + pip)
            if over or r < current_round or (r == current_round and t < current_turn):
                draw.rectangle(box, fill=PALETTE["faded"])
            elif r == current_round and t == current_turn and view.get("phase") != "poll":
                draw.rectangle((box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2), fill=PALETTE["accent"])
            else:
                draw.rectangle(box, outline=PALETTE["faded"], width=1)
            x += pip + gap
        if r < len(TURNS_PER_ROUND):
            polling = view.get("phase") == "poll" and r == current_round
            box = (x + 2, 22, x + 46, 24 + pip + 2)
            draw.rounded_rectangle(box, radius=4, fill=PALETTE["accent"] if polling else None,
                                   outline=PALETTE["accent"] if polling else PALETTE["faded"])
            _put_text(image, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), _t(lang, "poll_short"), 11,
                      PALETTE["accent_text"] if polling else PALETTE["muted"], True, "mm")
            x += 60
        else:
            x += 8
    current = view.get("current")
    y0, y1 = 46, 72
    x0 = MARGIN
    if current in (0, 1) and not over:
        _draw_token(image, current, (x0 + 10, (y0 + y1) / 2), 20, None)
        x0 += 28
    dice = [d for d in (view.get("pending") or {}).get("dice") or [] if isinstance(d, int)]
    right = WIDTH - MARGIN - len(dice) * 34
    status = _status(view, names, lang)
    _put_fitted(image, (x0, y0, right - 6, y1), status, 19, PALETTE["accent"] if over else PALETTE["text"], over,
                min_size=13)
    # the rolled dice right after the sentence that asks about them
    after = x0 + text_width(status, font(_fit_size(status, right - 6 - x0, 19, 13, over), over)) + 12
    for i, value in enumerate(dice):
        _draw_die(draw, min(after, right) + i * 34, y0, 26, value)


def _draw_panels(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str],
                 lang: str) -> None:
    """Per party: player, Propaganda held against its limit, supply, regions led, shift."""
    over = view.get("phase") == "game_over"
    winners = (view.get("result") or {}).get("winners") or []
    over_all = view.get("over_limits") or [{}, {}]
    for seat in (0, 1):
        left = _panel_left(seat)
        right = left + PANEL_WIDTH
        top = PANELS_TOP
        acting = view.get("current") == seat and not over
        if acting or seat in winners:
            draw.rounded_rectangle((left, top, right, HEIGHT - 12), radius=12, outline=PALETTE["accent"], width=3)
        tag = _t(lang, "to_play") if acting else ""
        tag_w = text_width(tag, font(14, True)) + 20 if tag else 0
        _put_fitted(image, (left + 46, top + 8, right - 12 - tag_w, top + 40),
                    f"{_name(names, seat, lang)} · {_party(lang, seat)}", 22, PARTY_COLORS[seat], True, min_size=14)
        if tag:
            draw.rounded_rectangle((right - 12 - tag_w, top + 13, right - 12, top + 35), radius=8,
                                   fill=PALETTE["accent"])
            _put_text(image, (right - 12 - tag_w / 2, top + 24), tag, 14, PALETTE["accent_text"], True, "mm")
        held = view["propaganda"][seat]
        over_limits = over_all[seat] if seat < len(over_all) else {}
        y = top + 64
        for k, kind in enumerate(("A", "B", "C")):
            x = left + 18 + 92 * k
            _put_text(image, (x, y), kind, 20, PALETTE["danger"] if kind in over_limits else PALETTE["accent"], True,
                      "lm")
            _draw_token(image, seat, (x + 34, y), 30, held[kind])
        info_x = left + 300
        _put_text(image, (info_x, top + 58), _t(lang, "supply", n=view["supply"][seat]), 16, PALETTE["text"],
                  anchor="lm")
        controlled = (view.get("controlled") or [0, 0])[seat]
        _put_text(image, (info_x, top + 82), _t(lang, "leads", n=controlled), 16, PALETTE["text"], anchor="lm")
        used = (view.get("shift_used") or [False, False])[seat]
        _put_text(image, (info_x, top + 106), _t(lang, "shift_used" if used else "shift_free"), 16,
                  PALETTE["muted"] if used else PALETTE["text"], anchor="lm")
        if over_limits and not over:
            _put_fitted(image, (left + 18, top + 92, info_x - 10, top + 122),
                        _t(lang, "must_spend", kinds=", ".join(sorted(over_limits))), 14, PALETTE["danger"], True,
                        min_size=11)


def render(view: dict[str, Any], names: list[str], locale: str) -> Image.Image:
    """The whole public board of The Polls Are Closed! for one view (1200 x 812, RGB)."""
    lang = _lang(locale)
    image = _base(lang).copy()
    draw = ImageDraw.Draw(image)
    _draw_header(image, draw, view, names, lang)
    _draw_map(image, draw, view, lang)
    _draw_circles(image, draw, view)
    _draw_pacts(image, draw, view)
    _draw_seats(image, draw, view, lang)
    _draw_panels(image, draw, view, names, lang)
    return image
