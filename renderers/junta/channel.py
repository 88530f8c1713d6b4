"""Junta's board posted in the channel (`render`; renderers/junta)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core.messages import N_, NP_, MessageFamily
from games.junta.board import (
    AIR_FORCE_BOX,
    AREA,
    AREA_IDS,
    EMBASSIES,
    NAVY_BOX,
    POWER_CENTRES,
)
from games.junta.common import OFFICES
from games.junta.coup import PHASES
from games.junta.view_types import Coup, JuntaView
from renderers.core import (
    BOARD_SIZE,
    INLINE_MIN_TEXT,
    PALETTE,
    Color,
    Words,
    ellipsize,
    fit_line,
    font,
    paste,
    player_name,
    put_fitted,
    put_text,
    text_width,
    wrap_block,
)
from renderers.junta.parts import (
    BACKGROUND,
    BOX_NAME,
    FAMILY_COLOUR,
    GOLD,
    GOLD_TEXT,
    GREY,
    GREY_INK,
    INK,
    NAME_SQUEEZES,
    OFFICE_GLYPH,
    PHASE_NAME,
    REASON,
    RED,
    SUPER,
    WHITE,
    Box,
    Geometry,
    Placed,
    Point,
    _family,
    _player_active,
    _seats,
    combat_areas,
    dice_label,
    dice_rolls,
    die_sprite,
    family_disc,
    fight_line,
    flow,
    is_rebel,
    map_shapes,
    mark_sprite,
    marker_chips,
    off_map_boxes,
    segment_line,
    swords_badge,
    table_size,
    units_by_area,
    waited_on,
)


def render(view: JuntaView, names: list[str], words: Words) -> Image.Image:
    """The board in the channel for one view (BOARD_SIZE, RGB): the city map with its pieces and what
    changed last, and the panel of the turn, the phase, the markers, who decides what, the offices and
    the coup."""
    image = _board_base(board_words(words)).copy()
    _board_changes(image, view)  # under the counters: an arrow starts inside the area the units left
    _board_units(image, view, words)
    _board_combat(image, view)
    _board_panel(image, view, names, words)
    return image


# === the board in the channel ======================================================================================
# Discord shows a message's picture inline in a box of 550 x 350 px; this board is drawn at twice that,
# 1100 x 700 px, so no text here is under 20 px (10 px as shown). The city map keeps the left, at about its
# own proportions (the areas' names short, one line each); the panel on the right holds what the strip and
# the coup band of the full board say. During a coup a counter is one player's units in an area (the
# family's colour and mark, how many): the unit types are the full board's. The families' rows are the full
# board's and the embed's.

B_TEXT = 2 * INLINE_MIN_TEXT  # 20 px: the smallest text, 10 px as shown inline
B_STRONG = B_TEXT + 2
B_TITLE = B_TEXT + 8
B_MARGIN = 8
B_MAP: Box = (B_MARGIN, B_MARGIN, 780, BOARD_SIZE[1] - B_MARGIN)
B_AREA_W, B_AREA_H, B_SEA = 116, 88, 18
# x and y scaled apart: every two areas whose boxes overlap in x are >= 8 px apart in y (the Radio Station
# under the Hillside Villas is the closest pair), and in x >= 16 px (the University beside Parliament)
COMPACT = Geometry(B_MAP, B_AREA_W, B_AREA_H,
                   sx=(B_MAP[2] - B_MAP[0] - 2 * 3 - B_AREA_W) / 830,
                   sy=(B_MAP[3] - B_MAP[1] - 6 - B_AREA_H - 4 - B_SEA) / 820,
                   sea_h=B_SEA, k=1.35, pad_x=3, pad_y=6,
                   # the embassies, on the map's right edge, have room for "Superpotencia" (14 letters)
                   star=(1, 12),  # on the corner itself, clear of the name
                   widths=(("superpower_embassy", B_AREA_W + 10), ("swiss_embassy", B_AREA_W + 10)))
B_OFF_MAP = off_map_boxes(COMPACT)
PANEL: Box = (B_MAP[2] + 8, B_MARGIN, BOARD_SIZE[0] - B_MARGIN, BOARD_SIZE[1] - B_MARGIN)
PANEL_PAD = 14
B_NAME_H = 25  # an area's name line
B_COUNTER_H, B_COUNTER_PITCH = 28, 30
B_MARK = 22
B_DISC = 28
B_DIE = 24
B_TRACK = 27  # a box of the phase and coup tracks
B_LINE = 30  # a line of the panel
AREA_SHORT = MessageFamily("junta.picture.area_short", AREA_IDS)
WINNERS_HEAD = NP_("junta.picture.winners_head")


def board_words(words: Words) -> tuple[str, ...]:
    """The words of the board's fixed layer (the cache key of `_board_base`): the areas' short names and
    the off-map boxes' names."""
    return (*(words.msg(AREA_SHORT[a]) for a in AREA_IDS),
            *(words.msg(BOX_NAME[b]) for b in (NAVY_BOX, AIR_FORCE_BOX)))


def short_name_box(area_id: str) -> Box:
    """Where an area's short name goes on the board: the top of its box, clear of a power centre's star."""
    left, top, right, _bottom = COMPACT.area(area_id)
    inset = 8 if area_id in POWER_CENTRES else 4
    return left + inset, top + 3, right - inset, top + 3 + B_NAME_H


def short_name(area_id: str, name: str) -> tuple[str, int, float]:
    """An area's short name fitted to one line of its box: (text, size, squeeze)."""
    left, _top, right, _bottom = short_name_box(area_id)
    return fit_line(name, right - left, B_TEXT, B_TEXT, squeezes=NAME_SQUEEZES)


def board_counters_top(area_id: str) -> float:
    return short_name_box(area_id)[3] + 1


@lru_cache(maxsize=8)
def _board_base(labels: tuple[str, ...]) -> Image.Image:
    """The board's part that depends only on the language: the panel's ground, the map with its names and
    the off-map boxes' names."""
    image = Image.new("RGB", BOARD_SIZE, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(PANEL, radius=10, fill=PALETTE["panel"])
    draw.rounded_rectangle((PANEL[0], PANEL[1], PANEL[0] + 6, PANEL[3]), radius=4, fill=GOLD)
    image.paste(map_shapes(COMPACT), (int(B_MAP[0]), int(B_MAP[1])))
    for area_id, name in zip(AREA_IDS, labels, strict=False):
        left, top, right, bottom = short_name_box(area_id)
        shown, size, squeeze = short_name(area_id, name)
        put_text(image, ((left + right) / 2, (top + bottom) / 2 + 1), shown, size, PALETTE["text"], False, "mm",
                 squeeze)
    for box_id, name in zip((NAVY_BOX, AIR_FORCE_BOX), labels[len(AREA_IDS):], strict=False):
        left, top, right, bottom = B_OFF_MAP[box_id]
        glyph = "⚓" if box_id == NAVY_BOX else "✈"
        put_text(image, (left + 8, (top + bottom) / 2), glyph, B_TEXT, PALETTE["muted"], True, "lm")
        put_fitted(image, (left + 34, top, right - 56, bottom), name, B_TEXT, PALETTE["muted"], min_size=B_TEXT,
                   put=put_text)
    return image


# --- the board's counters -------------------------------------------------------------------------------------------

def board_groups(view: JuntaView) -> dict[str, list[tuple[int | None, bool, int]]]:
    """area or box → [(controller, active, how many units)]: one counter per player (and activity) and
    place, whatever the units' types; controllers by seat, nobody last. Off the map no unit is active (it
    cannot be hit): its controller's state decides."""
    coup = view["coup"]
    found: dict[str, dict[tuple[int | None, bool], int]] = {}
    for where, groups in (units_by_area(coup) if coup else {}).items():
        merged = found.setdefault(where, {})
        for controller, _kind, active, count in groups:
            alive = active if where in AREA else _player_active(view, controller)
            merged[(controller, alive)] = merged.get((controller, alive), 0) + count
    return {where: [(c, a, k) for (c, a), k in sorted(merged.items(), key=lambda item: (
        item[0][0] is None, item[0][0] if item[0][0] is not None else 0, not item[0][1]))]
        for where, merged in found.items()}


def group_width(count: int) -> int:
    return int(math.ceil(4 + B_MARK + 3 + text_width(str(count), font(B_STRONG, True)) + 6))


@lru_cache(maxsize=256)
def group_sprite(family: str | None, count: int, rebel: bool, ignored: bool) -> Image.Image:
    """One player's units in a place: the family's colour and mark and how many; a rebel's with a red frame
    and pennant, ignored ones grey."""
    w, h = group_width(count), B_COUNTER_H
    big = Image.new("RGBA", (w * SUPER, h * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    fill = GREY if ignored or family not in FAMILY_COLOUR else FAMILY_COLOUR[family or ""]
    r = 6 * SUPER
    draw.rounded_rectangle((0, 0, w * SUPER - 1, h * SUPER - 1), radius=r, fill=RED if rebel else INK)
    e = (3 if rebel else 1.4) * SUPER
    draw.rounded_rectangle((e, e, w * SUPER - 1 - e, h * SUPER - 1 - e), radius=max(1, round(r - e)), fill=fill)
    if rebel:  # a red pennant on the top right corner: rebels differ by shape too
        draw.polygon([(w * SUPER - 1, 0), (w * SUPER - 1 - 10 * SUPER, 0), (w * SUPER - 1, 10 * SUPER)], fill=RED)
    sprite = big.resize((w, h), Image.Resampling.LANCZOS)
    ink = GREY_INK if ignored else INK
    if family in FAMILY_COLOUR:
        sprite.alpha_composite(mark_sprite(family or "", B_MARK, ink), (4, (h - B_MARK) // 2))
    put_text(sprite, (4 + B_MARK + 3, h / 2 + 1), str(count), B_STRONG, ink, True, "lm")
    return sprite


@lru_cache(maxsize=16)
def more_sprite(count: int) -> Image.Image:
    """"+k": the pieces an area has no room for (the full board shows them)."""
    text = f"+{count}"
    w = int(math.ceil(text_width(text, font(B_TEXT, True)))) + 12
    sprite = Image.new("RGBA", (w * SUPER, B_COUNTER_H * SUPER), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).rounded_rectangle((0, 0, w * SUPER - 1, B_COUNTER_H * SUPER - 1), radius=6 * SUPER,
                                             fill=(*INK, 255))
    sprite = sprite.resize((w, B_COUNTER_H), Image.Resampling.LANCZOS)
    put_text(sprite, (w / 2, B_COUNTER_H / 2 + 1), text, B_TEXT, WHITE, True, "mm")
    return sprite


B_ROWS = 2  # rows of pieces in an area's box, under its name


def board_layout(view: JuntaView) -> list[Placed]:
    """Where every piece of the board goes: exiles as family discs in their embassy, and during a coup each
    player's units in an area or off-map box as one counter. An area holds two rows of pieces (four
    counters; no game played so far put more in one area); the rest is counted by a "+k" piece. What a
    piece shows is ("exile", seat), ("units", family, count, rebel, ignored) or ("more", k)."""
    groups = board_groups(view)
    exiles: dict[str, list[int]] = {}
    for seat, player in enumerate(view["players"][:table_size(view)]):
        exile = player["exile"]
        if exile is not None and exile in EMBASSIES:
            exiles.setdefault(exile, []).append(seat)
    placed: list[Placed] = []
    for area_id in AREA_IDS:
        items: list[tuple[Image.Image, tuple[Any, ...]]] = []
        for seat in exiles.get(area_id, []):
            items.append((family_disc(_family(view, seat), B_DISC), ("exile", seat)))
        for controller, active, count in groups.get(area_id, []):
            what = ("units", _family(view, controller), count, is_rebel(view, controller) and active, not active)
            items.append((group_sprite(*what[1:]), what))
        if not items:
            continue
        left, _top, right, _bottom = COMPACT.area(area_id)
        top = board_counters_top(area_id)
        shown = items
        while True:
            places = flow(shown, left - 2, right + 2, top, B_COUNTER_H, B_COUNTER_PITCH)
            if max(y for _x, y in places) < top + B_ROWS * B_COUNTER_PITCH - B_COUNTER_PITCH / 2:
                break
            kept = len(shown) - (1 if shown is items else 2)
            shown = [*items[:kept], (more_sprite(len(items) - kept), ("more", len(items) - kept))]
        placed += [(area_id, sprite, at, what) for (sprite, what), at in zip(shown, places, strict=True)]
    for box_id, (_left, top, right, bottom) in B_OFF_MAP.items():
        x = right - 5
        for controller, active, count in reversed(groups.get(box_id, [])):
            what = ("units", _family(view, controller), count, is_rebel(view, controller) and active, not active)
            sprite = group_sprite(*what[1:])
            x -= sprite.width
            placed.append((box_id, sprite, (x, (top + bottom - sprite.height) / 2), what))
            x -= 3
    return placed


def _board_units(image: Image.Image, view: JuntaView, words: Words) -> None:
    for _where, sprite, at, _what in board_layout(view):
        paste(image, sprite, at)


# --- the board's last change and fight ------------------------------------------------------------------------------

MOVES = ("coup_move", "coup_retreat")
ARRIVALS = ("coup_landing", "coup_units", "coup_bribe", "coup_helicopter", "coup_police_reaction")


def last_change(view: JuntaView) -> tuple[Any, list[tuple[str, str]], list[str]]:
    """What the coup's last movement did, if nothing was fought and no phase began since: (the mover,
    [(from, to)] for the units that moved along a road, [areas units arrived in from elsewhere])."""
    found: dict[str, Any] | None = None
    for event in view["log"]:
        kind = event.get("type")
        if kind in MOVES or kind in ARRIVALS:
            found = event
        elif kind in ("coup_started", "coup_phase", "coup_wave", "coup_bombardment", "coup_over"):
            found = None
    if found is None or not view["coup"]:
        return None, [], []
    kind = found.get("type")
    moves = [m for m in found.get("moves") or [] if isinstance(m, dict)]
    if kind in MOVES:
        origin = found.get("from") if kind == "coup_move" else found.get("area")
        ends = sorted({str(m.get("to")) for m in moves if m.get("to") in AREA})
        return found.get("seat"), [(str(origin), to) for to in ends if origin in AREA and to != origin], []
    if kind == "coup_helicopter":
        path = [a for a in found.get("path") or [] if a in AREA]
        return found.get("seat"), [], path[-1:]
    if kind == "coup_police_reaction":
        return found.get("seat"), [], sorted({str(m.get("to")) for m in moves if m.get("to") in AREA})
    area = found.get("area")
    return found.get("seat"), [], [str(area)] if area in AREA else []


def _edge_point(box: Box, towards: Point, margin: float) -> Point:
    """Where the line from `box`'s centre towards `towards` leaves the box grown by `margin`."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    dx, dy = towards[0] - cx, towards[1] - cy
    half_w, half_h = (box[2] - box[0]) / 2 + margin, (box[3] - box[1]) / 2 + margin
    t = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
    return cx + dx * t, cy + dy * t


def _board_changes(image: Image.Image, view: JuntaView) -> None:
    """The last movement in the mover's colour: an arrow along each road the units took, a ring round each
    area they arrived in from elsewhere (a landing, a card's units, the helicopter, the police)."""
    seat, arrows, rings = last_change(view)
    colour = FAMILY_COLOUR.get(_family(view, seat) or "", WHITE)
    shafts: list[tuple[Point, Point]] = []
    heads: list[list[Point]] = []
    for origin, to in arrows:
        start = _edge_point(COMPACT.area(origin), COMPACT.centre(to), -18)
        end = _edge_point(COMPACT.area(to), COMPACT.centre(origin), 3)
        length = math.hypot(end[0] - start[0], end[1] - start[1])
        if length < 8:  # (areas this close do not exist; a guard against a zero-length arrow)
            continue
        ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
        base = (end[0] - ux * 16, end[1] - uy * 16)
        shafts.append((start, base))
        heads.append([end, (base[0] - uy * 11, base[1] + ux * 11), (base[0] + uy * 11, base[1] - ux * 11)])
    frames = [COMPACT.area(a) for a in rings]
    points = [p for shaft in shafts for p in shaft] + [p for head in heads for p in head] + [
        corner for f in frames for corner in ((f[0], f[1]), (f[2], f[3]))]
    if not points:
        return
    # drawn 3x larger on a layer the size of what is drawn only (the whole board's would cost ~40 ms)
    left = int(min(x for x, _y in points)) - 12
    top = int(min(y for _x, y in points)) - 12
    right = int(math.ceil(max(x for x, _y in points))) + 12
    bottom = int(math.ceil(max(y for _x, y in points))) + 12
    layer = Image.new("RGBA", ((right - left) * SUPER, (bottom - top) * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)

    def at(point: Point) -> Point:
        return (point[0] - left) * SUPER, (point[1] - top) * SUPER

    for ink, grow in ((INK, 2.5), (colour, 0.0)):
        for (start, base), head in zip(shafts, heads, strict=True):
            draw.line((at(start), at(base)), fill=(*ink, 255), width=round((7 + 2 * grow) * SUPER))
            cx, cy = sum(x for x, _y in head) / 3, sum(y for _x, y in head) / 3
            draw.polygon([at((x + (x - cx) * grow / 9, y + (y - cy) * grow / 9)) for x, y in head], fill=(*ink, 255))
    for f in frames:
        for ink, grow, width in ((INK, 6.5, 8), (colour, 5.5, 5)):
            draw.rounded_rectangle((*at((f[0] - grow, f[1] - grow)), *at((f[2] + grow, f[3] + grow))),
                                   radius=12 * SUPER, outline=(*ink, 255), width=width * SUPER)
    shrunk = layer.resize((right - left, bottom - top), Image.Resampling.LANCZOS)
    image.paste(shrunk, (left, top), shrunk)


def _board_combat(image: Image.Image, view: JuntaView) -> None:
    """The area fought over framed in red with crossed swords; areas with declared attacks the swords."""
    found = combat_areas(view)
    if found is None:
        return
    current, marked = found
    draw = ImageDraw.Draw(image)
    if current in AREA:
        left, top, right, bottom = COMPACT.area(str(current))
        draw.rounded_rectangle((left - 4, top - 4, right + 4, bottom + 4), radius=12, outline=RED, width=5)
        draw.rounded_rectangle((left - 5, top - 5, right + 5, bottom + 5), radius=13, outline=INK, width=1)
        marked.add(str(current))
    for area_id in sorted(marked):
        _left, top, right, _bottom = COMPACT.area(area_id)
        paste(image, swords_badge(30, B_TEXT), (right - 4, top + 2), centred=True)


# --- the board's panel ------------------------------------------------------------------------------------------


def _b_chip(image: Image.Image, x: float, mid: float, text: str, fill: Color, ink: Color, glyph: str = "",
            limit: float | None = None) -> float:
    """A chip of the panel (20 px words, an optional glyph first) at `x`, fitted to `limit`; its width."""
    pad = 8
    glyph_w = text_width(glyph, font(B_TEXT, True)) + 6 if glyph else 0
    inner = max(0.0, (limit if limit is not None else 1e9) - 2 * pad - glyph_w)
    shown, size, squeeze = fit_line(text, inner, B_TEXT, B_TEXT)
    w = text_width(shown, font(size)) * squeeze + 2 * pad + glyph_w
    ImageDraw.Draw(image).rounded_rectangle((x, mid - 14, x + w, mid + 14), radius=7, fill=fill)
    if glyph:
        put_text(image, (x + pad, mid + 1), glyph, B_TEXT, ink, True, "lm")
    put_text(image, (x + pad + glyph_w, mid + 1), shown, size, ink, False, "lm", squeeze)
    return w


def chip_rows(chips: list[tuple[str, Color, Color, str]], width: float) -> list[list[int]]:
    """The chips flowed over rows of `width` px (a chip wider than a row alone on it, fitted)."""
    rows: list[list[int]] = [[]]
    x = 0.0
    for k, (text, _fill, _ink, glyph) in enumerate(chips):
        w = text_width(text, font(B_TEXT)) + 16 + (text_width(glyph, font(B_TEXT, True)) + 6 if glyph else 0)
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0.0
        rows[-1].append(k)
        x += w + 8
    return rows


Block = tuple[float, Any]  # (height, draw(image, top))


def _panel_blocks(view: JuntaView, names: list[str], words: Words, listed: bool) -> list[tuple[int, Block]]:
    """The panel's blocks in order, each with its priority (0 is always drawn; the others go, highest
    first, when the panel is too short for all); the offices `listed` one a line with their holders' names,
    or as a grid of discs."""
    left, _top, right, _bottom = PANEL
    x0, width = left + PANEL_PAD, right - left - 2 * PANEL_PAD
    result, coup = view["result"], view["coup"]
    over = result is not None
    phase = view["phase"]
    blocks: list[tuple[int, Block]] = []

    # the turn and the phase track, the phase's name (or the end and why)
    def head(image: Image.Image, y: float) -> None:
        title = (words.msg(N_("junta.picture.game_over")) if over else
                 words.msg(N_("junta.picture.turn"), turn=view["turn"]))
        put_fitted(image, (x0, y, x0 + width, y + 34), title, B_TITLE, GOLD if over else PALETTE["text"], True,
                   min_size=B_TEXT, put=put_text)
        _b_track(image, x0, y + 38 + B_TRACK / 2, range(1, 10), [str(k) for k in range(1, 10)],
                 phase if not over else None, True)

    blocks.append((0, (38 + B_TRACK + 8, head)))
    if result is not None:
        reason = result["reason"]
        label = words.msg(REASON[reason]) if reason in REASON else ""
    else:
        label = words.msg(PHASE_NAME[phase]) if phase in PHASE_NAME else ""
    blocks.append((0, _heading(label, x0, width, GOLD if over else PALETTE["text"])))
    # the markers
    chips = marker_chips(view, words)
    rows = chip_rows(chips, width)

    def markers(image: Image.Image, y: float) -> None:
        for row in rows:
            x = x0
            for k in row:
                text, fill, ink, glyph = chips[k]
                x += _b_chip(image, x, y + 4 + 15, text, fill, ink, glyph, x0 + width - x) + 8
            y += 34

    blocks.append((3, (8 + 34 * len(rows), markers)))
    # who must decide what, or who won
    blocks += _waiting_blocks(view, names, words, x0, width)
    if coup:
        blocks += _coup_blocks(view, coup, words, x0, width)
    blocks.append((2, _offices_list(view, names, words, x0, width) if listed else _offices_grid(view, x0, width)))
    return blocks


def _lines_block(lines: list[str], x: float, size: int, fill: Color, bold: bool, step: float = B_LINE - 2,
                 before: float = 0) -> Block:
    def draw(image: Image.Image, y: float) -> None:
        y += before
        for line in lines:
            put_text(image, (x, y + step / 2), line, size, fill, bold, "lm")
            y += step

    return before + step * len(lines), draw


def _heading(text: str, x: float, width: float, fill: Color) -> Block:
    """A heading of the panel: bold, at most two lines `width` px wide (a long word broken); none if empty."""
    lines = wrap_block(text, width, B_STRONG, max_lines=2, bold=True, long_words="break").lines if text else []
    return _lines_block(lines, x, B_STRONG, fill, True)


def _b_track(image: Image.Image, x: float, mid: float, keys: Iterable[int], labels: list[str], current: int | None,
             done_faded: bool) -> float:
    """A row of track boxes (the phases or the coup's), the current one gold; returns its right end."""
    draw = ImageDraw.Draw(image)
    for key, label in zip(keys, labels, strict=True):
        box = (x, mid - B_TRACK / 2, x + B_TRACK, mid + B_TRACK / 2)
        if key == current:
            draw.rounded_rectangle(box, radius=5, fill=GOLD)
            ink = GOLD_TEXT
        else:
            done = done_faded and current is not None and key < current
            draw.rounded_rectangle(box, radius=5, outline=PALETTE["line"], width=2,
                                   fill=PALETTE["panel_alt"] if done else PALETTE["panel"])
            ink = PALETTE["faded"] if done else PALETTE["muted"]
        put_fitted(image, (box[0] + 1, box[1], box[2] - 1, box[3] + 1), label, B_TEXT, ink, True, "center",
                   min_size=B_TEXT, put=put_text)
        x += B_TRACK + 4
    return x - 4


def _seat_lines(view: JuntaView, names: list[str], words: Words, seats: list[int], x: float,
                width: float, fill: Color) -> Block:
    """Up to three players as their family disc and name, one a line; more as a row of discs."""
    if len(seats) > 3:
        def discs(image: Image.Image, y: float) -> None:
            for k, seat in enumerate(seats):
                paste(image, family_disc(_family(view, seat), B_DISC), (x + k * (B_DISC + 4), y + 1))

        return B_LINE + 2, discs

    def lines(image: Image.Image, y: float) -> None:
        for seat in seats:
            paste(image, family_disc(_family(view, seat), B_DISC), (x, y + 1))
            put_fitted(image, (x + B_DISC + 8, y, x + width, y + B_LINE), player_name(words, names, seat), B_STRONG,
                       fill, True, min_size=B_TEXT, put=put_text)
            y += B_LINE + 2

    return (B_LINE + 2) * len(seats), lines


def _rule(x: float, width: float) -> Block:
    def draw(image: Image.Image, y: float) -> None:
        ImageDraw.Draw(image).line((x, y + 6, x + width, y + 6), fill=PALETTE["line"], width=2)

    return 12, draw


def _waiting_blocks(view: JuntaView, names: list[str], words: Words, x: float, width: float
                    ) -> list[tuple[int, Block]]:
    n = table_size(view)
    result = view["result"]
    if result is not None:
        winners = _seats(result["winners"], n)
        head = (words.plural(WINNERS_HEAD, len(winners)) if winners else
                words.msg(N_("junta.picture.no_winner")))
        return [(0, _rule(x, width)), (0, _heading(head, x, width, GOLD)),
                (0, _seat_lines(view, names, words, winners, x, width, GOLD))]
    if view["decision"] is None:
        return []
    what = waited_on(view, words)
    seats = _seats(view["to_act"], n)
    blocks: list[tuple[int, Block]] = [(0, _rule(x, width)),
                                       (0, _heading(what, x, width, GOLD))]
    if seats:
        blocks.append((0, _seat_lines(view, names, words, seats, x, width, PALETTE["text"])))
    return blocks


def _coup_blocks(view: JuntaView, coup: Coup, words: Words, x: float, width: float) -> list[tuple[int, Block]]:
    """The coup: its track and phase, segment or outcome; the air strikes left and the fight; the last dice."""
    phase = coup["phase"]
    blocks: list[tuple[int, Block]] = [(0, _rule(x, width))]

    def track(image: Image.Image, y: float) -> None:
        labels = [words.msg(N_("junta.picture.coup.rebellion_short")), *(str(k) for k in range(1, PHASES + 1))]
        end = _b_track(image, x, y + B_TRACK / 2 + 2, range(PHASES + 1), labels,
                       phase, False)
        strikes = coup["air_strikes"]
        put_fitted(image, (end + 10, y + 2, x + width, y + B_TRACK + 2), f"✈ {strikes}", B_STRONG, PALETTE["text"],
                   True, "right", min_size=B_TEXT, put=put_text)

    blocks.append((0, (B_TRACK + 6, track)))
    title = (words.msg(N_("junta.picture.coup.rebellion")) if phase == 0 else
             words.msg(N_("junta.picture.coup.phase"), phase=phase, phases=PHASES))
    blocks.append((0, _heading(f"{title} · {segment_line(view, words)}", x, width, PALETTE["text"])))
    fight = fight_line(view, words, AREA_SHORT)  # the name the map shows
    if fight:
        lines = wrap_block(fight, width - 36, B_TEXT, max_lines=2, long_words="break").lines

        def fighting(image: Image.Image, y: float) -> None:
            paste(image, swords_badge(28, B_TEXT), (x, y + 1))
            for line in lines:
                put_text(image, (x + 36, y + B_LINE / 2), line, B_TEXT, PALETTE["text"], False, "lm")
                y += B_LINE - 2

        blocks.append((1, ((B_LINE - 2) * len(lines), fighting)))
    rolls = dice_rolls(view)
    if rolls:
        label = dice_label(view, words) + ":"
        blocks.append((1, _lines_block([ellipsize(label, font(B_TEXT), width)], x, B_TEXT, PALETTE["muted"], False,
                                       before=4)))
        for roll in rolls:
            blocks.append((1, _roll_block(view, roll, x, width)))
    return blocks


def _roll_block(view: JuntaView, roll: dict[str, Any], x: float, width: float) -> Block:
    """One shooter's roll: their disc, the dice (hits gold; as many as fit), an arrow, their target's disc."""
    dice = [d for d in roll.get("dice") or [] if isinstance(d, int)]
    arrow = text_width("→", font(B_TEXT, True)) + 10
    room = int((width - 2 * (B_DISC + 6) - arrow) // (B_DIE + 3))
    shown = dice if len(dice) <= room else dice[:max(0, room - 1)]

    def draw(image: Image.Image, y: float) -> None:
        mid = y + B_LINE / 2
        paste(image, family_disc(_family(view, roll.get("seat")), B_DISC), (x, mid - B_DISC / 2))
        at = x + B_DISC + 6
        for die in shown:
            paste(image, die_sprite(die, die == 6, B_DIE), (at, mid - B_DIE / 2))
            at += B_DIE + 3
        if len(shown) < len(dice):
            at += put_text(image, (at, mid), f"+{len(dice) - len(shown)}", B_TEXT, PALETTE["muted"], True, "lm") + 3
        at += put_text(image, (at + 4, mid), "→", B_TEXT, PALETTE["muted"], True, "lm") + 10
        paste(image, family_disc(_family(view, roll.get("target")), B_DISC), (at, mid - B_DISC / 2))

    return B_LINE + 2, draw


def _office_disc(view: JuntaView, office: str) -> Image.Image:
    """The holder's family disc (the President's ringed gold), or an empty ring for a vacant office."""
    family = _family(view, view["controllers"].get(office))
    return family_disc(family, B_DISC, GOLD if office == "president" else None) if family else empty_disc(B_DISC)


def _offices_list(view: JuntaView, names: list[str], words: Words, x: float, width: float) -> Block:
    """Who holds each office, one a line: its glyph, the holder's disc and name ("—" when vacant); "cousin"
    after the office the President holds through his cousin."""
    controllers = view["controllers"]
    cousin_word = words.msg(N_("junta.picture.cousin"))

    def draw(image: Image.Image, y: float) -> None:
        _rule(x, width)[1](image, y)
        y += 16
        for office in OFFICES:
            mid = y + B_LINE / 2
            put_text(image, (x + 12, mid + 1), OFFICE_GLYPH[office], B_TEXT, GOLD if office == "president" else
                     PALETTE["muted"], True, "mm")
            paste(image, _office_disc(view, office), (x + 30, mid - B_DISC / 2))
            holder = controllers.get(office)
            name = player_name(words, names, holder) if holder is not None and _family(view, holder) else "—"
            end = x + width
            if office != "president" and office == view["cousin"] and holder == view["president"]:
                end -= put_text(image, (end, mid + 1), cousin_word, B_TEXT, PALETTE["muted"], False, "rm") + 8
            put_fitted(image, (x + 30 + B_DISC + 8, y, end, y + B_LINE), name, B_TEXT, PALETTE["text"],
                       min_size=B_TEXT, put=put_text)
            y += B_LINE

    return 16 + B_LINE * len(OFFICES), draw


def _offices_grid(view: JuntaView, x: float, width: float) -> Block:
    """Who holds each office: its glyph and the holder's family disc (an empty ring when vacant), four to a
    row; the President's disc ringed gold."""
    cell = width / 4

    def draw(image: Image.Image, y: float) -> None:
        _rule(x, width)[1](image, y)
        y += 18
        for k, office in enumerate(OFFICES):
            cx, cy = x + (k % 4) * cell, y + (k // 4) * (B_DISC + 6)
            put_text(image, (cx + 12, cy + B_DISC / 2 + 1), OFFICE_GLYPH[office], B_TEXT, GOLD
                     if office == "president" else PALETTE["muted"], True, "mm")
            paste(image, _office_disc(view, office), (cx + 28, cy))

    rows = -(-len(OFFICES) // 4)
    return 18 + rows * (B_DISC + 6), draw


@lru_cache(maxsize=4)
def empty_disc(size: int) -> Image.Image:
    """A vacant office: a grey ring."""
    big = size * SUPER
    disc = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(disc).ellipse((SUPER, SUPER, big - 1 - SUPER, big - 1 - SUPER), outline=PALETTE["faded"],
                                 width=2 * SUPER)
    return disc.resize((size, size), Image.Resampling.LANCZOS)


def panel_plan(view: JuntaView, names: list[str], words: Words) -> list[Block]:
    """The blocks that fit the panel: those of the highest priority go first until the rest fits."""
    room = PANEL[3] - PANEL[1] - 2 * 10
    blocks = _panel_blocks(view, names, words, True)
    if sum(h for _p, (h, _d) in blocks) > room:
        blocks = _panel_blocks(view, names, words, False)
    for level in (3, 2, 1):
        if sum(h for _p, (h, _d) in blocks) <= room:
            break
        blocks = [b for b in blocks if b[0] < level]
    kept: list[Block] = []
    used = 0.0
    for _priority, (height, draw) in blocks:
        if used + height > room:
            break
        kept.append((height, draw))
        used += height
    return kept


def _board_panel(image: Image.Image, view: JuntaView, names: list[str], words: Words) -> None:
    y = PANEL[1] + 10
    for height, draw in panel_plan(view, names, words):
        draw(image, y)
        y += height
