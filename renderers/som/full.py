"""Som el que decidim!: the full board behind the 🔍 Full board button (`render_full`; renderers/som)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.som.cards import CARD_NAME, FACES, KIND_NAME, POSITIONS, URN_COUNT, label
from games.som.view_types import Cell, SomView
from renderers.core import (
    PALETTE,
    SQUEEZES,
    Color,
    Words,
    font,
    paste,
    player_name,
    put_fitted,
    put_text,
    text_width,
)
from renderers.core import name_lines as core_name_lines
from renderers.som.sprites import (
    BACK,
    BACKGROUND,
    BADGE_FILL,
    BIG,
    BORDER,
    DISC_KINDS,
    DISC_VALUE,
    FACE,
    FACE_LINE,
    FLAGS,
    GOLD,
    GOLD_TEXT,
    INFRA_CHIP,
    INK,
    ROWS,
    SERVICE_CHIP,
    STRONG,
    SYMBOL_GLYPH,
    SYMBOLS,
    TEXT,
    TITLE,
    WHITE,
    Box,
    FBox,
    _crown,
    _flat,
    _rounded,
    card_back,
    coin_sprite,
    die_sprite,
    disc_icon,
    disc_sprite,
    empty_cell,
    flag_icon,
    frame_sprite,
    marker_sprite,
    participation_sprite,
    pawn_sprite,
    px,
)
from renderers.som.status import (
    ACTION_LINES,
    FLAG_NAME,
    KEY_WORDS,
    SIDE_LINE,
    _colour_of,
    _name_or_hisenda,
    card_name,
    mover_cell,
    put_paragraph,
    seats,
    side_lines,
    vote_tag,
)

# --- the full board's size: landscape, read at CHAT_WIDTH wide ------------------------------------------

FULL_SIZE = (1100, 800)  # 1.375 : 1 (docs/decisions.md, "Som's full board, landscape")
WIDTH, HEIGHT = FULL_SIZE

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
FULL_DIE = 60
BOARD_TOP = (HEIGHT - (ROWS - 1) * PITCH_Y - CELL_H) // 2
BOARD_RIGHT = MARGIN + 7 * PITCH_X + CELL_W
PANEL: Box = (BOARD_RIGHT + 8, MARGIN, WIDTH - 4, HEIGHT - MARGIN)
PANEL_INNER = (PANEL[0] + 16, PANEL[2] - 10)
ROW_PAD, ROW_LINE, ROW_GAP = 5, 26, 4
CHIP_W, CHIP_H, CHIP_PITCH = 46, 26, 49
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


@lru_cache(maxsize=32)
def disc_chip(kind: str, value: int, under: Color = PALETTE["panel"]) -> Image.Image:
    """A disc held by a citizen: its kind's icon and its value on a chip (blue 2 €, brown 1 €), over `under`."""
    fill = SERVICE_CHIP if value >= 2 else INFRA_CHIP
    chip = _rounded((CHIP_W, CHIP_H), fill, radius_du=5.6)
    icon = disc_icon(kind, fill)
    chip.paste(icon, (px(2), (CHIP_H - icon.height) // 2), icon)
    put_text(chip, (CHIP_W - px(4), CHIP_H / 2), str(value), TEXT, WHITE, bold=True, anchor="rm")
    return _flat(chip, under)


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


@lru_cache(maxsize=16)
def disc_key_icon(kind: str) -> Image.Image:
    """The key's icon of a kind: its icon on a small chip of its value's colour."""
    fill = SERVICE_CHIP if DISC_VALUE[kind] == 2 else INFRA_CHIP
    chip = _rounded((30, 28), fill, radius_du=4.8)
    icon = disc_icon(kind, fill)
    chip.paste(icon, ((chip.width - icon.width) // 2, (chip.height - icon.height) // 2), icon)
    return chip


# --- the cached layer per language ----------------------------------------------------------------------------

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
    back = card_back(CELL_W, CELL_H, PAD + HEADER)
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
        image.paste(empty_cell((CELL_W, CELL_H)), (x, y))
        put_text(image, (x + CELL_W / 2, y + CELL_H / 2), str(index + 1), BIG, PALETTE["faded"], bold=True,
                 anchor="mm")
    return image


def _draw_cell(image: Image.Image, view: SomView, cell: Cell, words: Words, go: bool,
               moving: bool) -> None:
    left, top, _right, _bottom = cell_box(cell["row"], cell["col"])
    state = cell["state"]
    symbol: str | None = None
    ink = PALETTE["text"]  # the base already shows the card face down with its label
    drawn = False
    if state == "face_up":
        flag = cell["flag"] if cell["flag"] in FLAGS else None
        symbol = cell["symbol"] if cell["symbol"] in SYMBOLS else None
        image.paste(card_face(card_name(words, cell) or "?", flag or "urn", symbol), (left, top))
        ink, drawn = INK, True
    elif state == "empty":
        image.paste(empty_cell((CELL_W, CELL_H)), (left, top))
        ink, drawn = PALETTE["faded"], True
    name = cell["cell"]
    if go:
        paste(image, frame_sprite(GOLD, (CELL_W, CELL_H), FRAME), (left, top))
        width = text_width(name, font(TEXT, True))
        paste(image, _label_chip(int(width)), (left + PAD - px(2), top + PAD))
        ink, drawn = GOLD_TEXT, True
    elif moving:
        paste(image, frame_sprite(WHITE, (CELL_W, CELL_H), FRAME), (left, top))
    if drawn:
        _put_label(image, left, top, name, ink)
    citizens = cell["citizens"]
    if citizens:
        holder = view["holder"]
        room = CELL_W - 2 * PAD - (BADGE + px(2) if symbol else 0) - PAWN - px(2)
        step = min(PAWN + px(2), room / (len(citizens) - 1)) if len(citizens) > 1 else 0
        y = top + CELL_H - PAD - FOOT / 2
        for k, seat in sorted(enumerate(citizens), key=lambda p: p[1] == holder):  # the holder's ring on top
            pawn = pawn_sprite(_colour_of(view, seat), PAWN, seat == holder)
            paste(image, pawn, (left + PAD + px(1) + PAWN / 2 + k * step, y), centred=True)


@lru_cache(maxsize=8)
def _label_chip(width: int) -> Image.Image:
    return _rounded((width + px(8), HEADER), GOLD, radius_du=4)


def _draw_board(image: Image.Image, view: SomView, words: Words) -> None:
    moves = set(view["moves"]) if view["phase"] != "game_over" else set()
    moving = mover_cell(view)
    for cell in view["board"]:
        name = cell["cell"]
        go, here = name in moves, name == moving
        if cell["state"] != "face_down" or go or here or cell["citizens"]:
            _draw_cell(image, view, cell, words, go, here)


def _draw_hisenda(image: Image.Image, view: SomView) -> None:
    hisenda = view["hisenda"]
    left, top, right, bottom = HISENDA_BOX
    y = top + 32 + 2 * NAME_STEP + 8
    for value, count in ((1, hisenda["ones"]), (2, hisenda["twos"])):
        coin = coin_sprite(value)
        paste(image, coin, (left + 6, y))
        x = left + 6 + coin.width + 4
        put_fitted(image, (x, y, right - 3, y + coin.height), f"×{count}", STRONG, INK,
                   bold=True, min_size=TEXT, put=put_text)
        y += coin.height + 6
    put_fitted(image, (left + 3, bottom - 40, right - 3, bottom - 8), f"{hisenda['value']} €", BIG,
               INK, bold=True, align="center", min_size=TEXT, put=put_text)


def _draw_pool(image: Image.Image, view: SomView) -> None:
    left, top, right, bottom = POOL_BOX
    disc = participation_sprite(34)
    mid = (top + 32 + bottom) / 2
    paste(image, disc, (left + 10, mid - disc.height / 2))
    put_fitted(image, (left + 14 + disc.width, mid - 16, right - 4, mid + 16), str(view["pool"]),
               BIG, PALETTE["text"], bold=True, align="center", min_size=TEXT, put=put_text)


def die_corner() -> tuple[int, int]:
    """The top left of this turn's die, in its place left of the board."""
    left, top, right, _bottom = DIE_BOX
    return (left + right - FULL_DIE) // 2, top + 8


def _draw_die(image: Image.Image, view: SomView) -> None:
    """This turn's die ("?" before the roll) and the euros its number transfers, under it."""
    die = view["die"]
    face = die["face"] if die else None
    if face not in FACES and view["phase"] == "game_over":  # no "?" for a roll that will never come
        return
    sprite = die_sprite(face if face in FACES else None, FULL_DIE, TEXT)
    x, y = die_corner()
    paste(image, sprite, (x, y))
    if die:
        put_text(image, (x + sprite.width / 2, y + sprite.height + 20), f"{die['number']} €",
                 STRONG, PALETTE["text"], bold=True, anchor="mm")


def _draw_urns(image: Image.Image, view: SomView, words: Words) -> None:
    found = [c for c in view["urn_area"] if c in CARD_NAME]
    left, top, right, bottom = URN_TITLE_BOX
    put_text(image, ((left + right) / 2, bottom - 24), f"{min(len(found), URN_COUNT)}/{URN_COUNT}", BIG,
             GOLD if len(found) >= URN_COUNT else PALETTE["text"], bold=True, anchor="mm")
    for index, card in enumerate(found[:URN_COUNT]):
        x, y, _r, _b = urn_slot(index)
        image.paste(card_face(words.msg(CARD_NAME[card]), "urn", None), (x, y))


def _draw_status(image: Image.Image, view: SomView, names: list[str], words: Words, bottom: float) -> None:
    """The panel's top, flowing down to `bottom` (the rows): the turn (or the end), the mode, the degree and
    the phase (or why the game ended), who holds the Generalitat, and what the game waits on (or the
    winners), names cut only as far as needed (the channel board's `side_lines`)."""
    left, right = PANEL_INNER
    over = view["phase"] == "game_over"
    title, info, action = side_lines(view, names, words, right - left, STRONG)
    put_fitted(image, (left, PANEL[1] + 8, right, PANEL[1] + 40), title, TITLE, GOLD if over else PALETTE["text"],
               bold=True, min_size=TEXT, put=put_text)
    y: float = PANEL[1] + 58
    for k, line in enumerate(info):
        ink = PALETTE["text"] if over and k == len(info) - 1 else PALETTE["muted"]
        y += put_paragraph(image, left, right, y, line, TEXT, ink, max_lines=3) * SIDE_LINE
    holder = view["holder"]
    if not over:
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


ROW_LEFT, ROW_RIGHT = PANEL[0] + 12, PANEL[2] - 6
CHIPS_A_LINE = (ROW_RIGHT - ROW_LEFT - 16 + CHIP_PITCH - CHIP_W) // CHIP_PITCH


def row_layout(view: SomView, tags: list[str]) -> tuple[int, int]:
    """(the lines of chips, the lines) of every citizen's row: the name; the value, the participation discs
    and the cell; the chips of the discs (as many lines as the most discs need, while the status keeps its
    room); in a vote, the citizen's part."""
    most = max((len(p["discs"]) for p in view["players"]), default=0)
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


def _draw_rows(image: Image.Image, view: SomView, names: list[str], words: Words,
               tags: list[str]) -> None:
    """One row per citizen: the pawn (ringed for the holder), the Generalitat marker, a crown for a winner,
    the name; the value, the participation discs and the cell; one chip (icon and value) per disc; in a
    vote, the side taken and "has bid" (never an amount) or, just after, the bid (`tags`). The rows the
    game waits on, and the winners', are framed in gold."""
    draw = ImageDraw.Draw(image)
    over = view["phase"] == "game_over"
    result = view["result"]
    winners = set(result["winners"]) if over and result else set()
    acting = set(view["to_act"]) if not over else set()
    players = view["players"]
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
        holder = seat == view["holder"] and not over
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
        x += put_text(image, (x, mid), f"{player['value']} €", STRONG,
                      GOLD if holder else PALETTE["text"], bold=True, anchor="lm") + 12
        disc = participation_sprite(24)
        paste(image, disc, (x, mid - disc.height / 2))
        x += disc.width + 4
        x += put_text(image, (x, mid), str(player["participation"]), STRONG, PALETTE["text"],
                      bold=True, anchor="lm")
        cell = player["cell"]
        if cell:
            put_fitted(image, (x + 8, mid - 13, right - 8, mid + 13), cell, TEXT, PALETTE["muted"], bold=True,
                       align="right", min_size=TEXT, put=put_text)
        discs = player["discs"]
        room = chip_lines * CHIPS_A_LINE
        shown = discs if len(discs) <= room else discs[:room - 1]
        for k, disc_info in enumerate(shown):
            at = chip_at(box, k)
            paste(image, disc_chip(disc_info["kind"], disc_info["value"], fill), at)
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


def render_full(view: SomView, names: list[str], words: Words) -> Image.Image:
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
