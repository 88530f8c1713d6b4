"""Som el que decidim!: the board posted in the channel (`render`; renderers/som)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from games.som.cards import CARD_NAME, FACES, POSITIONS, URN_COUNT, label
from games.som.view_types import Cell, SomView
from renderers.core import (
    BOARD_SIZE,
    INLINE_MIN_TEXT,
    PALETTE,
    Color,
    Words,
    font,
    inline_scale,
    paste,
    player_name,
    put_fitted,
    put_text,
    text_width,
)
from renderers.som.sprites import (
    BACK,
    BACKGROUND,
    BADGE_FILL,
    BORDER,
    FACE,
    FACE_LINE,
    FLAGS,
    GOLD,
    GOLD_TEXT,
    INK,
    SYMBOL_GLYPH,
    SYMBOLS,
    WHITE,
    Box,
    Point,
    _crown,
    _flat,
    _rounded,
    card_back,
    coin_sprite,
    die_sprite,
    disc_sprite,
    empty_cell,
    flag_icon,
    frame_sprite,
    participation_sprite,
    pawn_sprite,
)
from renderers.som.status import (
    ACTION_LINES,
    FLAG_NAME,
    KEY_WORDS,
    SIDE_LINE,
    _colour_of,
    mover_cell,
    put_paragraph,
    seats,
    side_lines,
    vote_tag,
)

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


def side_row(seat: int, tall: bool = False, n: int = 4) -> Box:
    """A citizen's row in the panel; the rows of the `n` citizens end at the panel's foot."""
    height = SIDE_ROW_TALL if tall else SIDE_ROW
    top = SIDE[3] - n * (height + 4) + seat * (height + 4)
    return SIDE[0] + 6, top, SIDE[2] - 6, top + height


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


def symbol_of(cell: Cell) -> str | None:
    """A face-up tile's badge: its card's symbol, or "start" on Concentració nacional (the pool's card)."""
    if cell["card"] == "concentracio_nacional":
        return "start"
    symbol = cell["symbol"]
    return symbol if symbol in SYMBOLS else None


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

def last_path(view: SomView) -> list[str]:
    """The cells of the movement going on, or else of the last one in the log (what changed last on the
    map); none once the State has laid the cards again, since the path would point at other cards."""
    movement = view["movement"]
    if movement is not None and len(movement["visited"]) > 1:
        return list(movement["visited"])
    path: list[str] = []
    for event in view["log"]:
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


def _draw_pawns(image: Image.Image, view: SomView, box: Box, citizens: list[int]) -> None:
    """Up to four pawns in a tile's body, two by two from the bottom left (the holder's drawn last)."""
    left, _top, _right, bottom = box
    holder = view["holder"]
    for k, seat in sorted(enumerate(citizens), key=lambda p: p[1] == holder):
        pawn = pawn_sprite(_colour_of(view, seat), TILE_PAWN, seat == holder)
        x = left + 5 + TILE_PAWN / 2 + (k % 2) * TILE_SLOT
        y = bottom - 5 - TILE_PAWN / 2 - (k // 2 % 2) * TILE_SLOT
        paste(image, pawn, (x, y), centred=True)


def _draw_grid(image: Image.Image, view: SomView) -> None:
    over = view["phase"] == "game_over"
    moves = set(view["moves"]) if not over else set()
    moving = mover_cell(view)
    drawn: list[tuple[Box, list[int]]] = []
    for cell in view["board"]:
        name = cell["cell"]
        go, here = name in moves, name == moving
        state = cell["state"]
        citizens = cell["citizens"]
        if state == "face_down" and not (go or here or citizens):
            continue
        box = tile_box(cell["row"], cell["col"])
        left, top, _right, _bottom = box
        ink, relabel = PALETTE["text"], False
        if state == "face_up":
            flag = cell["flag"] if cell["flag"] in FLAGS else None
            image.paste(tile_face(flag or "urn", symbol_of(cell)), (left, top))
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


def _draw_corners(image: Image.Image, view: SomView) -> None:
    """The Hisenda's coins and value, the pool's count, this turn's die, the urn cards found."""
    hisenda = view["hisenda"]
    left, top, right, bottom = TILE_HISENDA
    y = top + 116
    for value, count in ((1, hisenda["ones"]), (2, hisenda["twos"])):
        coin = coin_sprite(value, 38, SMALL)
        paste(image, coin, (left + 6, y))
        put_fitted(image, (left + 6 + coin.width + 4, y, right - 3, y + coin.height), f"×{count}",
                   LABEL, INK, bold=True, min_size=SMALL, put=put_text)
        y += coin.height + 8
    put_fitted(image, (left + 3, bottom - 52, right - 3, bottom - 12), f"{hisenda['value']} €", LARGE,
               INK, bold=True, align="center", min_size=SMALL, put=put_text)
    left, top, right, bottom = TILE_POOL
    cx = (left + right) / 2
    disc = participation_sprite(40, LABEL)
    paste(image, disc, (left + 8, bottom - 10 - disc.height))
    put_fitted(image, (left + 8 + disc.width + 4, bottom - 10 - disc.height, right - 4, bottom - 10),
               str(view["pool"]), LARGE, PALETTE["text"], bold=True, align="center",
               min_size=SMALL, put=put_text)
    die = view["die"]
    face = die["face"] if die else None
    left, top, right, bottom = TILE_DIE
    if face in FACES or view["phase"] != "game_over":  # no "?" for a roll that will never come
        sprite = die_sprite(face if face in FACES else None, 68, LABEL)
        paste(image, sprite, (cx, top + 20 + sprite.height / 2), centred=True)
    if die:
        put_text(image, (cx, top + 128), f"{die['number']} €", LARGE, PALETTE["text"], bold=True,
                 anchor="mm")
    found = [c for c in view["urn_area"] if c in CARD_NAME]
    left, top, right, bottom = TILE_URNS
    put_text(image, ((left + right) / 2, bottom - 28), f"{min(len(found), URN_COUNT)}/{URN_COUNT}", LARGE,
             GOLD if len(found) >= URN_COUNT else PALETTE["text"], bold=True, anchor="mm")
    for index in range(min(len(found), URN_COUNT)):
        x, y, _r, _b = tile_urn(index)
        image.paste(tile_face("urn", None), (x, y))
        put_text(image, (x + TILE_W / 2, y + TILE_H / 2 + 8), str(index + 1), LARGE, INK, bold=True, anchor="mm")


def _draw_side(image: Image.Image, view: SomView, names: list[str], words: Words) -> None:
    """The panel, flowing down from its top: the title, the mode, degree and phase, the holder, what the
    game waits on; then the citizens' rows at a fixed place."""
    left, right = SIDE_INNER
    over = view["phase"] == "game_over"
    title, info, action = side_lines(view, names, words, SIDE_INNER[1] - SIDE_INNER[0], LABEL)
    put_fitted(image, (left, SIDE_TITLE - 18, right, SIDE_TITLE + 18), title, LARGE,
               GOLD if over else PALETTE["text"], bold=True, min_size=SMALL, put=put_text)
    y = SIDE_INFO
    for k, line in enumerate(info):
        ink = PALETTE["text"] if over and k == len(info) - 1 else PALETTE["muted"]
        y += put_paragraph(image, left, right, y, line, SMALL, ink, max_lines=2) * SIDE_LINE
    holder = view["holder"]
    if not over:
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


def _draw_citizens(image: Image.Image, view: SomView, names: list[str], words: Words,
                   tags: list[str]) -> None:
    """One row per citizen: the pawn (ringed for the holder), the name; the value and participation
    discs; in a vote, a third line with the side taken, "has bid" (never an amount) or, just after,
    the bid (`tags`). The rows the game waits on, and the winners', are framed in gold."""
    draw = ImageDraw.Draw(image)
    over = view["phase"] == "game_over"
    result = view["result"]
    winners = set(result["winners"]) if over and result else set()
    acting = set(view["to_act"]) if not over else set()
    players = view["players"]
    holder = view["holder"]
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
        x += put_text(image, (x, line2), f"{player['value']} €", SMALL,
                      GOLD if seat == holder and not over else PALETTE["text"], bold=True, anchor="lm") + 18
        disc = participation_sprite(28, SMALL)
        paste(image, disc, (x, line2 - disc.height / 2))
        put_text(image, (x + disc.width + 5, line2), str(player["participation"]), SMALL,
                 PALETTE["text"], bold=True, anchor="lm")
        if seat < len(tags) and tags[seat]:
            line3 = top + 67
            put_fitted(image, (left + 46, line3 - 14, right - 8, line3 + 14), tags[seat], SMALL, GOLD,
                       min_size=SMALL, put=put_text)


def render(view: SomView, names: list[str], words: Words) -> Image.Image:
    """The board of Som el que decidim! as posted in the channel: 1100 × 700 (landscape, RGB), for
    Discord's inline box."""
    image = _board_base(board_words(words)).copy()
    _draw_grid(image, view)
    _draw_corners(image, view)
    _draw_side(image, view, names, words)
    return image
