"""Junta's full board behind the 🔍 Full board button (`render_full`; renderers/junta)."""

from __future__ import annotations

import math
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
    UNIT_TYPES,
)
from games.junta.cards import CARDS, INFLUENCE
from games.junta.common import LOCATIONS, OFFICES
from games.junta.coup import PHASES
from games.junta.view_types import Coup, JuntaView
from renderers.core import (
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
    readable_size,
    text_width,
)
from renderers.junta.parts import (
    AREA_EDGE,
    AREA_FILL,
    AREA_NAME,
    BACKGROUND,
    BOX_NAME,
    COUNTER_H,
    DIE,
    EMBASSY_EDGE,
    EMBASSY_FILL,
    FAMILY_COLOUR,
    FULL,
    GOLD,
    GOLD_TEXT,
    GREY,
    GREY_INK,
    INK,
    MAP,
    MARGIN,
    OFF_MAP,
    OFFICE_GLYPH,
    PHASE_NAME,
    REASON,
    RED,
    STRIP,
    SUPER,
    TEXT,
    WHITE,
    WIDTH,
    Box,
    Geometry,
    Placed,
    Point,
    _family,
    _player_active,
    _seats,
    _top,
    area_box,
    area_name_lines,
    combat_areas,
    dice_label,
    dice_rolls,
    die_sprite,
    family_disc,
    fight_line,
    flow,
    is_rebel,
    mark_sprite,
    marker_chips,
    name_box,
    name_step,
    segment_line,
    swords_badge,
    table_size,
    units_by_area,
    waited_on,
)

STRONG = readable_size(WIDTH, 18)
TITLE = readable_size(WIDTH, 19)
UNIT_NAME = MessageFamily("junta.picture.unit", [u.id for u in UNIT_TYPES])
OFFICE_NAME = MessageFamily("junta.picture.office", OFFICES)
INFLUENCE_IDS = tuple(c.id for c in CARDS if c.kind == INFLUENCE)
INFLUENCE_NAME = MessageFamily("junta.picture.influence", INFLUENCE_IDS)
LOCATION_NAME = MessageFamily("junta.picture.location", LOCATIONS)
SIDE = MessageFamily("junta.picture.side", ("president", "rebels"))
EXILE = MessageFamily("junta.picture.exile", EMBASSIES)

# --- the pieces' marks ------------------------------------------------------------------------------------

# A unit type's glyph; an office chip shows the glyph of its units (the Air Force: its strikes' plane).
UNIT_GLYPH = {
    "presidential_guard": "♛", "police": "★", "brigade_1": "Ⅰ", "brigade_2": "Ⅱ", "brigade_3": "Ⅲ",
    "marines": "⚓", "paratrooper": "☂", "students": "✎", "rioters": "⚡", "strikers": "⚒",
    "demonstrators": "⚑", "bank_guards": "$", "private_security": "♜", "christian_militia": "✝",
    "helicopter": "H",
}
LINE1, LINE2, LINE3 = 20.0, 46.0, 70.0  # the middles of the strip's lines
TRACK_BOX = 22  # a phase box of the tracks
MARK = 12  # a family mark on a counter
COUNTER_PAD = 2
BAND_LINE = 24  # a line of the coup band
ROW_H, ROW_GAP = 40, 2
ROW_MID1, ROW_MID2 = 11, 30  # the middles of a row's two lines
CHIP_H = 20


def area_centre(area_id: str, geo: Geometry = FULL) -> Point:
    return geo.centre(area_id)


def coup_band(view: JuntaView, words: Words) -> Box | None:
    """The coup band's box (None outside a coup): two lines, then as many as the last dice and the
    key of the card units need."""
    if not view["coup"]:
        return None
    top = MAP[3] + 6
    lines = 2 + len(band_flow(view, words))
    return MARGIN, top, WIDTH - MARGIN, top + 6 + lines * BAND_LINE


def rows_top(view: JuntaView, words: Words) -> float:
    band = coup_band(view, words)
    return (band[3] if band else MAP[3]) + 6


def row_box(view: JuntaView, words: Words, seat: int) -> Box:
    top = rows_top(view, words) + seat * (ROW_H + ROW_GAP)
    return MARGIN, top, WIDTH - MARGIN, top + ROW_H


def height_for(view: JuntaView, words: Words) -> int:
    """The picture's height for this view (the coup band comes and goes; the rows follow the table)."""
    return int(round(rows_top(view, words) + table_size(view) * (ROW_H + ROW_GAP) - ROW_GAP + MARGIN))


def counter_width(glyph: str, count: int) -> int:
    width = COUNTER_PAD + MARK + 2 + text_width(glyph, font(TEXT, True)) + COUNTER_PAD + 1
    if count > 1:
        width += 1 + text_width(str(count), font(TEXT, True))
    return int(math.ceil(width))


@lru_cache(maxsize=512)
def counter_sprite(family: str | None, unit_type: str, count: int, rebel: bool, ignored: bool) -> Image.Image:
    """A group of one player's units of one type in an area: the family's colour and mark, the type's
    glyph and the count; a rebel's with a red frame and pennant, ignored ones grey."""
    glyph = UNIT_GLYPH.get(unit_type, "?")
    w, h = counter_width(glyph, count), COUNTER_H
    big = Image.new("RGBA", (w * SUPER, h * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    fill = GREY if ignored or family not in FAMILY_COLOUR else FAMILY_COLOUR[family or ""]
    edge = RED if rebel else INK
    r = 4 * SUPER
    draw.rounded_rectangle((0, 0, w * SUPER - 1, h * SUPER - 1), radius=r, fill=edge)
    e = (2.2 if rebel else 1.1) * SUPER
    draw.rounded_rectangle((e, e, w * SUPER - 1 - e, h * SUPER - 1 - e), radius=max(1, r - e), fill=fill)
    if rebel:  # a red pennant on the top right corner: rebels differ by shape too
        draw.polygon([(w * SUPER - 1, 0), (w * SUPER - 1 - 7 * SUPER, 0), (w * SUPER - 1, 7 * SUPER)], fill=RED)
    sprite = big.resize((w, h), Image.Resampling.LANCZOS)
    ink = GREY_INK if ignored else INK
    if family in FAMILY_COLOUR:
        mark = mark_sprite(family or "", MARK, ink)
        sprite.alpha_composite(mark, (COUNTER_PAD + 1, (h - MARK) // 2))
    x: float = COUNTER_PAD + MARK + 3
    x += put_text(sprite, (x, h / 2 + 0.5), glyph, TEXT, ink, True, "lm")
    if count > 1:
        put_text(sprite, (x + 1, h / 2 + 0.5), str(count), TEXT, ink, True, "lm")
    return sprite


# --- the cached layer per language and table size ------------------------------------------------------------

def static_words(words: Words) -> tuple[str, ...]:
    """The words of the fixed layer (the cache key of `_top`): the area and box names."""
    return (*(words.msg(AREA_NAME[a]) for a in AREA_IDS), *(words.msg(BOX_NAME[b]) for b in (NAVY_BOX, AIR_FORCE_BOX)))


def counters_top(area_id: str, words: Words) -> float:
    """The top of the room for counters in an area's box: under its name."""
    lines, _squeeze = area_name_lines(area_id, words.msg(AREA_NAME[area_id]))
    return name_box(area_id)[1] + len(lines) * name_step(len(lines)) + 3


def _canvas(view: JuntaView, words: Words) -> Image.Image:
    """A new picture of this view's height with the language's top layer and the empty panels."""
    band = coup_band(view, words)
    image = Image.new("RGB", (WIDTH, height_for(view, words)), BACKGROUND)
    image.paste(_top(static_words(words)), (0, 0))
    draw = ImageDraw.Draw(image)
    if band:
        draw.rounded_rectangle(band, radius=7, fill=PALETTE["panel"])
        draw.rounded_rectangle((band[0], band[1], band[0] + 5, band[3]), radius=3, fill=RED)
    for seat in range(table_size(view)):
        draw.rounded_rectangle(row_box(view, words, seat), radius=6,
                               fill=PALETTE["panel"] if seat % 2 == 0 else PALETTE["panel_alt"])
    return image


def waiting_line(view: JuntaView, names: list[str], words: Words, width: float) -> str:
    """What the game waits on and from whom (names cut first, never the words), or the end."""
    n = table_size(view)
    result = view["result"]
    if result is not None:
        winners = _seats(result["winners"], n)
        if not winners:
            return words.msg(N_("junta.picture.no_winner"))
        shown = ", ".join(player_name(words, names, x) for x in winners)
        return words.plural(NP_("junta.picture.winners"), len(winners), names=shown)
    if view["decision"] is None:
        return ""
    what = waited_on(view, words)
    seats = _seats(view["to_act"], n)
    if not seats:
        return what
    fnt = font(STRONG, True)
    head = words.msg(N_("junta.picture.waiting"), what=what, players="")  # the words around the names
    room = width - text_width(head, fnt)
    if len(seats) <= 3:
        for share in (1.0, 0.5, 0.34, 0.25):
            limit = max(60.0, room * share / len(seats) - 12)  # a name keeps a few letters at least
            who = ", ".join(ellipsize(player_name(words, names, x), fnt, limit) for x in seats)
            if text_width(who, fnt) <= room:
                return words.msg(N_("junta.picture.waiting"), what=what, players=who)
    return words.msg(N_("junta.picture.waiting"), what=what,
                     players=words.plural(NP_("junta.picture.players"), len(seats)))


def _chip(image: Image.Image, x: float, mid: float, text: str, fill: Color, ink: Color, bold: bool = False,
          limit: float | None = None, align_right: bool = False, glyph: str = "") -> float:
    """A rounded chip with `text` (an optional glyph first) at `x` (its left, or its right when
    `align_right`), fitted to `limit` du; returns its width."""
    draw = ImageDraw.Draw(image)
    pad = 5
    glyph_w = text_width(glyph, font(TEXT, True)) + 4 if glyph else 0
    inner = None if limit is None else max(0.0, limit - 2 * pad - glyph_w)
    if inner is not None:
        shown, size, squeeze = fit_line(text, inner, TEXT, TEXT, bold)
    else:
        shown, size, squeeze = text, TEXT, 1.0
    w = text_width(shown, font(size, bold)) * squeeze + 2 * pad + glyph_w
    left = x - w if align_right else x
    draw.rounded_rectangle((left, mid - CHIP_H / 2, left + w, mid + CHIP_H / 2), radius=5, fill=fill)
    tx = left + pad
    if glyph:
        put_text(image, (tx, mid + 0.5), glyph, TEXT, ink, True, "lm")
        tx += glyph_w
    put_text(image, (tx, mid + 0.5), shown, size, ink, bold, "lm", squeeze)
    return w


def _draw_strip(image: Image.Image, view: JuntaView, names: list[str], words: Words) -> None:
    draw = ImageDraw.Draw(image)
    left, _top, right, _bottom = STRIP
    x = left + 14
    turn, phase, result = view["turn"], view["phase"], view["result"]
    over = result is not None
    title = words.msg(N_("junta.picture.game_over")) if over else words.msg(N_("junta.picture.turn"), turn=turn)
    x += put_text(image, (x, LINE1), title, TITLE, GOLD if over else PALETTE["text"], True, "lm") + 10
    # the 9-phase track: done phases muted, the current one gold
    on_track = 1 <= phase <= 9 and not over
    current = phase if on_track else None
    for k in range(1, 10):
        box = (x, LINE1 - TRACK_BOX / 2, x + TRACK_BOX, LINE1 + TRACK_BOX / 2)
        if k == current:
            draw.rounded_rectangle(box, radius=4, fill=GOLD)
            ink = GOLD_TEXT
        else:
            draw.rounded_rectangle(box, radius=4, outline=PALETTE["line"], width=2,
                                   fill=PALETTE["panel_alt"] if current and k < current else PALETTE["panel"])
            ink = PALETTE["faded"] if current and k < current else PALETTE["muted"]
        put_text(image, ((box[0] + box[2]) / 2, LINE1 + 0.5), str(k), TEXT, ink, True, "mm")
        x += TRACK_BOX + 2
    x += 8
    if result is not None:
        reason = result["reason"]
        label = words.msg(REASON[reason]) if reason in REASON else ""
    else:
        label = words.msg(PHASE_NAME[phase]) if phase in PHASE_NAME else ""
    put_fitted(image, (x, LINE1 - 12, right - 8, LINE1 + 12), label, STRONG, GOLD if over else PALETTE["text"], True,
               min_size=TEXT, put=put_text)
    # the markers
    x = left + 14
    chips = marker_chips(view, words)
    share = right - 8 - x - 6 * (len(chips) - 1)
    widths = [text_width(t, font(TEXT)) + 10 + (text_width(g, font(TEXT, True)) + 4 if g else 0)
              for t, _f, _i, g in chips]
    if sum(widths) > share:  # crowded: the words matter more than the glyphs
        chips = [(t, f, i, "") for t, f, i, _g in chips]
        widths = [text_width(t, font(TEXT)) + 10 for t, _f, _i, _g in chips]
    for (text, fill, ink, glyph), natural in zip(chips, widths, strict=True):
        limit = natural if sum(widths) <= share else share * natural / sum(widths)
        x += _chip(image, x, LINE2, text, fill, ink, limit=limit, glyph=glyph) + 6
    line = waiting_line(view, names, words, right - left - 22)
    put_fitted(image, (left + 14, LINE3 - 12, right - 8, LINE3 + 12), line, STRONG, GOLD if over else
               PALETTE["text"], True, min_size=TEXT, put=put_text)


# Units whose glyph is also an office chip's in the rows (♛ ★ Ⅰ Ⅱ Ⅲ ⚓): the chips name them.
OFFICE_UNITS = frozenset({"presidential_guard", "police", "brigade_1", "brigade_2", "brigade_3", "marines"})


def key_types(coup: Coup) -> tuple[str, ...]:
    """The unit types on the map or in the boxes that the band's key names (in board order): those
    whose glyph no office chip shows (the paratrooper and the card units)."""
    present = {t for found in units_by_area(coup).values() for _c, t, _a, _k in found}
    return tuple(u.id for u in UNIT_TYPES if u.id in present and u.id not in OFFICE_UNITS)


BandItem = tuple[str, Any, float]  # ("label", text, width) | ("roll", roll, width) | ("key", unit type, width)


def band_flow(view: JuntaView, words: Words) -> list[list[tuple[BandItem, float]]]:
    """The band's lines after the first two: the last dice (a label, then one item per shooter),
    then the key entries, flowed left to right, each item with its x offset."""
    coup = view["coup"]
    items: list[BandItem] = []
    rolls = dice_rolls(view)
    if rolls:
        label = dice_label(view, words) + ":"
        items.append(("label", label, min(140.0, text_width(label, font(TEXT))) + 6))
        for roll in rolls:
            dice = [d for d in roll.get("dice") or [] if isinstance(d, int)]
            items.append(("roll", roll, COUNTER_H + 3 + len(dice) * (DIE + 1) + 18 + COUNTER_H + 10))
    for kind in key_types(coup) if coup else ():
        name_width = min(150.0, text_width(words.msg(UNIT_NAME[kind]), font(TEXT)))
        items.append(("key", kind, 19 + name_width + 10))
    dice_items = items[:1 + len(rolls)] if rolls else []
    return _flowed(dice_items) + _flowed(items[len(dice_items):])


def _flowed(items: list[BandItem]) -> list[list[tuple[BandItem, float]]]:
    """Items flowed over lines of the band's width, each with its x offset."""
    room = WIDTH - 2 * MARGIN - 22.0
    lines: list[list[tuple[BandItem, float]]] = []
    x = room
    for item in items:
        if x + item[2] > room:
            lines.append([])
            x = 0.0
        lines[-1].append((item, x))
        x += item[2]
    return lines


def counter_layout(view: JuntaView, words: Words) -> tuple[list[Placed], list[Box]]:
    """Where every piece goes: exiles as family discs in their embassy, and during a coup each group of
    units (one controller, type and activity) as one counter in its area or off-map box; and the trays
    under the boxes whose counters overflow them. What a piece shows is ("exile", seat) or ("units",
    family, unit type, count, rebel, ignored)."""
    coup = view["coup"]
    groups = units_by_area(coup) if coup else {}
    exiles: dict[str, list[int]] = {}
    for seat, player in enumerate(view["players"][:table_size(view)]):
        exile = player["exile"]
        if exile is not None and exile in EMBASSIES:
            exiles.setdefault(exile, []).append(seat)
    placed: list[Placed] = []
    trays: list[Box] = []
    for area_id in AREA_IDS:
        items: list[tuple[Image.Image, tuple[Any, ...]]] = []
        for seat in exiles.get(area_id, []):
            items.append((family_disc(_family(view, seat), COUNTER_H), ("exile", seat)))
        for controller, kind, active, count in groups.get(area_id, []):
            what = ("units", _family(view, controller), kind, count, is_rebel(view, controller) and active,
                    not active)
            items.append((counter_sprite(*what[1:]), what))
        if not items:
            continue
        left, _top, right, bottom = area_box(area_id)
        places = flow(items, left - 2, right + 2, counters_top(area_id, words))
        last = max(y for _x, y in places) + COUNTER_H
        if last > bottom - 2:  # more than the box holds: a tray under it
            trays.append((left + 3, bottom - 8, right - 3, last + 4))
        placed += [(area_id, sprite, at, what) for (sprite, what), at in zip(items, places, strict=True)]
    for box_id, (_left, top, right, bottom) in OFF_MAP.items():
        x = right - 4
        for controller, kind, _active, count in reversed(groups.get(box_id, [])):
            # off the map no unit is "active" (it cannot be hit); its controller's state decides the look
            active = _player_active(view, controller)
            what = ("units", _family(view, controller), kind, count, is_rebel(view, controller) and active,
                    not active)
            sprite = counter_sprite(*what[1:])
            x -= sprite.width
            placed.append((box_id, sprite, (x, (top + bottom - sprite.height) / 2), what))
            x -= 2
    return placed, trays


def _draw_units(image: Image.Image, view: JuntaView, words: Words) -> None:
    """The trays first (a tray may reach the box under it), then every piece."""
    placed, trays = counter_layout(view, words)
    draw = ImageDraw.Draw(image)
    for left, top, right, bottom in trays:
        draw.rounded_rectangle((left, top, right, bottom), radius=5, fill=AREA_EDGE)
        draw.rounded_rectangle((left + 1.5, top, right - 1.5, bottom - 1.5), radius=4, fill=AREA_FILL)
    for _where, sprite, at, _what in placed:
        paste(image, sprite, at)


def _combat_marks(image: Image.Image, view: JuntaView) -> None:
    """The area fought over framed in red with crossed swords; areas with declared attacks the swords."""
    found = combat_areas(view)
    if found is None:
        return
    current, marked = found
    draw = ImageDraw.Draw(image)
    if current in AREA:
        left, top, right, bottom = area_box(str(current))
        draw.rounded_rectangle((left - 3, top - 3, right + 3, bottom + 3), radius=9, outline=RED, width=4)
        draw.rounded_rectangle((left - 4, top - 4, right + 4, bottom + 4), radius=10, outline=INK, width=1)
        marked.add(str(current))
    for area_id in sorted(marked):
        _left, top, right, _bottom = area_box(area_id)
        paste(image, swords_badge(), (right - 3, top + 1), centred=True)  # on the corner, clear of the name


def _draw_band(image: Image.Image, view: JuntaView, words: Words) -> None:
    band, coup = coup_band(view, words), view["coup"]
    if band is None or coup is None:
        return
    draw = ImageDraw.Draw(image)
    left, top, right, _bottom = band
    mid = top + 3 + BAND_LINE / 2
    x = left + 14
    phase = coup["phase"]
    for k in range(PHASES + 1):  # the coup track: R, 1-6
        label = words.msg(N_("junta.picture.coup.rebellion_short")) if k == 0 else str(k)
        box = (x, mid - TRACK_BOX / 2, x + TRACK_BOX, mid + TRACK_BOX / 2)
        if k == phase:
            draw.rounded_rectangle(box, radius=4, fill=GOLD)
            ink = GOLD_TEXT
        else:
            draw.rounded_rectangle(box, radius=4, outline=PALETTE["line"], width=2, fill=PALETTE["panel_alt"])
            ink = PALETTE["muted"]
        put_fitted(image, (box[0] + 1, box[1], box[2] - 1, box[3]), label, TEXT, ink, True, "center",
                   min_size=TEXT, put=put_text)
        x += TRACK_BOX + 2
    x += 8
    title = (words.msg(N_("junta.picture.coup.rebellion")) if phase == 0 else
             words.msg(N_("junta.picture.coup.phase"), phase=phase, phases=PHASES))
    put_fitted(image, (x, mid - 12, right - 8, mid + 12), f"{title} · {segment_line(view, words)}", STRONG,
               PALETTE["text"], True, min_size=TEXT, put=put_text)
    # the air strikes left, and the fight going on
    mid += BAND_LINE
    x = left + 14
    strikes = coup["air_strikes"]
    x += put_text(image, (x, mid), "✈", TEXT, PALETTE["text"], True, "lm") + 5
    x += put_text(image, (x, mid), words.plural(NP_("junta.picture.coup.air_strikes"), strikes), TEXT,
                  PALETTE["text"], False, "lm") + 14
    fight = fight_line(view, words)
    if fight:
        paste(image, swords_badge(), (x + 11, mid), centred=True)
        put_fitted(image, (x + 26, mid - 12, right - 8, mid + 12), fight, TEXT, PALETTE["text"], True,
                   min_size=TEXT, put=put_text)
    # the last dice of this coup, then the key of the units the rows do not name
    for line in band_flow(view, words):
        mid += BAND_LINE
        for (kind, what, width), offset in line:
            x = left + 14 + offset
            if kind == "label":
                put_fitted(image, (x, mid - 11, x + width - 6, mid + 11), str(what), TEXT, PALETTE["muted"],
                           min_size=TEXT, put=put_text)
            elif kind == "roll":
                _draw_roll(image, view, what, x, mid)
            else:
                put_text(image, (x + 8, mid), UNIT_GLYPH[what], TEXT, GOLD, True, "mm")
                put_fitted(image, (x + 19, mid - 11, x + width - 9, mid + 11), words.msg(UNIT_NAME[what]), TEXT,
                           PALETTE["muted"], min_size=TEXT, put=put_text)


def _draw_roll(image: Image.Image, view: JuntaView, roll: dict[str, Any], x: float, mid: float) -> None:
    """One shooter's roll: their disc, the dice (hits gold), an arrow, their target's disc."""
    paste(image, family_disc(_family(view, roll.get("seat")), COUNTER_H), (x, mid - COUNTER_H / 2))
    x += COUNTER_H + 3
    for die in [d for d in roll.get("dice") or [] if isinstance(d, int)]:
        paste(image, die_sprite(die, die == 6), (x, mid - DIE / 2))
        x += DIE + 1
    x += put_text(image, (x + 2, mid), "→", TEXT, PALETTE["muted"], True, "lm") + 4
    paste(image, family_disc(_family(view, roll.get("target")), COUNTER_H), (x, mid - COUNTER_H / 2))


# --- per render: the rows -------------------------------------------------------------------------------------

def status_tags(view: JuntaView, seat: int, words: Words) -> list[tuple[str, Color, Color]]:
    """What a row says a player is, as (words, chip colour, ink)."""
    player = view["players"][seat]
    tags: list[tuple[str, Color, Color]] = []
    result, coup = view["result"], view["coup"]
    if result is not None and seat in _seats(result["winners"], table_size(view)):
        tags.append((words.msg(N_("junta.picture.winner")), GOLD, GOLD_TEXT))
    if not player["alive"]:
        tags.append((words.msg(N_("junta.picture.dead")), (40, 40, 44), WHITE))
    exile = player["exile"]
    if exile is not None and exile in EMBASSIES:
        tags.append((words.msg(EXILE[exile]), EMBASSY_FILL, EMBASSY_EDGE))
    if coup:
        if coup["leader"] == seat:
            tags.append((words.msg(N_("junta.picture.leader")), RED, WHITE))
        elif is_rebel(view, seat):
            tags.append((words.msg(N_("junta.picture.rebel")), RED, WHITE))
        side = coup["sides"].get(str(seat))
        if side is not None and side in SIDE:
            tags.append((words.msg(SIDE[side]), (120, 40, 36) if side == "rebels" else (70, 70, 40), WHITE))
    if player["target"]:
        tags.append((words.msg(N_("junta.picture.target")), (120, 40, 36), WHITE))
    return tags


def office_chips(view: JuntaView, seat: int, words: Words) -> list[tuple[str, str, bool]]:
    """A player's offices as (glyph, name, through the cousin)."""
    player = view["players"][seat]
    cousin = view["cousin"]
    chips = []
    for office in OFFICES:
        if office in player["offices"]:
            chips.append((OFFICE_GLYPH[office], words.msg(OFFICE_NAME[office]),
                          office == cousin and view["president"] == seat and office != "president"))
    return chips


def _draw_rows(image: Image.Image, view: JuntaView, names: list[str], words: Words) -> None:
    draw = ImageDraw.Draw(image)
    n = table_size(view)
    acting = set(_seats(view["to_act"], n)) if view["result"] is None else set()
    budget = view["budget"]
    amounts = budget["amounts"] if budget else {}
    players = view["players"]
    for seat in range(min(n, len(players))):
        player = players[seat]
        left, top, right, bottom = row_box(view, words, seat)
        alive = player["alive"]
        if seat in acting:
            draw.rounded_rectangle((left, top, right, bottom), radius=6, outline=GOLD, width=2)
        mid1, mid2 = top + ROW_MID1, top + ROW_MID2
        disc = family_disc(_family(view, seat), 24, GOLD if view["president"] == seat else None)
        paste(image, disc, (left + 5, mid1 - 12 + 1))
        x = left + 34
        # right end of line 1: the hand, the budget amount, the tags
        end = right - 6
        hand = player["hand_count"]
        end -= put_text(image, (end, mid1), words.plural(NP_("junta.picture.hand"), hand), TEXT,
                        PALETTE["muted"], False, "rm") + 8
        amount = amounts.get(str(seat), 0)
        if amount > 0:
            end -= _chip(image, end, mid1, words.msg(N_("junta.picture.budget"), amount=amount), (50, 110, 74),
                         WHITE, align_right=True) + 5
        for text, fill, ink in reversed(status_tags(view, seat, words)):
            room = max(40.0, (end - x) * 0.6)
            end -= _chip(image, end, mid1, text, fill, ink, bold=True, limit=room, align_right=True) + 5
        name = player_name(words, names, seat)
        put_fitted(image, (x, mid1 - 11, end - 4, mid1 + 11), name, STRONG,
                   PALETTE["text"] if alive else PALETTE["muted"], True, min_size=TEXT, put=put_text)
        # line 2: offices, influence cards, the revealed location
        location = player["location"]
        cards = []
        for card in player["influence"]:
            design = card["card"].split("#", 1)[0]
            if design in INFLUENCE_NAME:
                cards.append((words.msg(INFLUENCE_NAME[design]), card["votes"]))
        _draw_line2(image, left + 34, right - 6, mid2, office_chips(view, seat, words), cards,
                    words.msg(LOCATION_NAME[location]) if location is not None and location in LOCATION_NAME else "",
                    words)


CARD_MIN_LETTERS = 5  # an influence card's name is never cut shorter than this (and the ellipsis)
CHIP_GAP = 4


def office_text(name: str, cousin: bool, words: Words) -> str:
    """An office chip's words: the office, and "cousin" when the President holds it through his cousin."""
    if not cousin:
        return name
    return name + " · " + words.msg(N_("junta.picture.cousin"))


def office_chip_width(glyph: str, text: str) -> float:
    return 10 + text_width(glyph, font(TEXT, True)) + 4 + (text_width(text, font(TEXT)) if text else -4)


def card_name_widths(naturals: list[float], minimums: list[float], budget: float) -> list[float] | None:
    """How wide each influence card's name may be drawn so that all fit `budget`: the longest names are
    cut first, down to their minimum (None if even the minimums do not fit)."""
    if sum(naturals) <= budget:
        return naturals
    if sum(minimums) > budget:
        return None
    low, high = 0.0, max(naturals)
    for _ in range(24):  # the cap on every name's width, found by halving
        cap = (low + high) / 2
        if sum(max(m, min(n, cap)) for n, m in zip(naturals, minimums, strict=True)) <= budget:
            low = cap
        else:
            high = cap
    return [max(m, min(n, low)) for n, m in zip(naturals, minimums, strict=True)]


def plan_line2(chips: list[tuple[str, str, bool]], cards: list[tuple[str, int]], location: str, room: float,
               words: Words) -> tuple[bool, list[float], bool]:
    """(offices with their names, the width of each shown influence card's name, location shown) for a
    row's second line `room` du wide: offices first, then the cards, then the location."""
    fnt, bold = font(TEXT), font(TEXT, True)
    full = sum(office_chip_width(g, office_text(n, c, words)) + CHIP_GAP for g, n, c in chips)
    glyphs = sum(office_chip_width(g + ("*" if c else ""), "") + CHIP_GAP for g, _n, c in chips)
    naturals = [text_width(name, fnt) for name, _v in cards]
    minimums = [min(n, text_width(name[:CARD_MIN_LETTERS] + "…", fnt)) for n, (name, _v) in
                zip(naturals, cards, strict=True)]
    fixed = [text_width(str(votes), bold) + 16 + CHIP_GAP for _n, votes in cards]
    gap = 4 if chips else 0
    # the offices keep their names if the first card still fits beside them (the rest may go to "+k")
    named = full + gap + (fixed[0] + minimums[0] + 34 if cards else 0.0) <= room
    offices = (full if named else glyphs) + gap
    loc = text_width(location, fnt) + 10 if location else 0.0
    with_location = bool(location) and offices + sum(fixed) + sum(naturals) + loc <= room
    budget = room - offices - (loc if with_location else 0.0)
    shown = len(cards)
    while shown:
        more = 34.0 if shown < len(cards) else 0.0  # the "+k" of the cards left out
        widths = card_name_widths(naturals[:shown], minimums[:shown], budget - sum(fixed[:shown]) - more)
        if widths is not None:
            return named, widths, with_location
        shown -= 1
    return named, [], with_location


def _draw_line2(image: Image.Image, x: float, end: float, mid: float, chips: list[tuple[str, str, bool]],
                cards: list[tuple[str, int]], location: str, words: Words) -> None:
    """Office chips (glyph and name, or the glyph alone when room is short; * for the cousin's), then
    influence chips (name and votes; what does not fit is counted as "+k"), then the location."""
    named, widths, with_location = plan_line2(chips, cards, location, end - x, words)
    draw = ImageDraw.Draw(image)
    if with_location:
        put_text(image, (end, mid), location, TEXT, PALETTE["muted"], False, "rm")
    for glyph, name, cousin in chips:
        fill = (96, 84, 40) if glyph == "♛" else (70, 80, 112)
        if named:
            x += _chip(image, x, mid, office_text(name, cousin, words), fill, WHITE, glyph=glyph) + CHIP_GAP
        else:
            x += _chip(image, x, mid, "", fill, WHITE, glyph=glyph + ("*" if cousin else "")) + CHIP_GAP
    x += 4 if chips else 0
    for (name, votes), width in zip(cards, widths, strict=False):
        shown, size, squeeze = fit_line(name, width + 0.5, TEXT, TEXT, squeezes=(1.0,))
        votes_w = text_width(str(votes), font(TEXT, True))
        w = text_width(shown, font(size)) * squeeze + votes_w + 16
        draw.rounded_rectangle((x, mid - CHIP_H / 2, x + w, mid + CHIP_H / 2), radius=5, fill=(58, 62, 84),
                               outline=(96, 100, 130), width=1)
        put_text(image, (x + 5, mid + 0.5), shown, size, PALETTE["text"], False, "lm", squeeze)
        put_text(image, (x + w - 5, mid + 0.5), str(votes), TEXT, GOLD, True, "rm")
        x += w + CHIP_GAP
    if len(widths) < len(cards):
        put_text(image, (x + 2, mid), f"+{len(cards) - len(widths)}", TEXT, PALETTE["muted"], True, "lm")


# --- the pictures ----------------------------------------------------------------------------------------------

def render_full(view: JuntaView, names: list[str], words: Words) -> Image.Image:
    """The full board of Junta for one view (550 px wide, RGB): the map, the coup band and a row per family.
    Sent privately by the board's "🔍 Full board" button."""
    image = _canvas(view, words)
    _draw_units(image, view, words)
    _combat_marks(image, view)
    _draw_strip(image, view, names, words)
    _draw_band(image, view, words)
    _draw_rows(image, view, names, words)
    return image
