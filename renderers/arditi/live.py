"""Arditi del Popolo's board, per render: the pieces on the board, the last move and the panel
(renderers/arditi)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.arditi.board import SPACES
from games.arditi.view_types import ArditiView
from renderers.arditi.layers import (
    BORDER,
    CENTRE,
    CX,
    CY,
    DIE_DU,
    DISC_DU,
    DU_HEIGHT,
    GOLD,
    LEADER_DU,
    MAX_SEATS,
    NAME,
    PAD,
    PANEL_LEFT,
    POLICE_DU,
    R_HOLE,
    REASON,
    SCALE,
    SMALL,
    STATUS,
    STRONG,
    TITLE,
    TOKEN_DU,
    WAITING_PITCH,
    WHITE,
    Point,
    _arrow,
    _base,
    _blank,
    _key,
    _link,
    _paste_patch,
    _px_box,
    key_top,
    mark_cell,
    number_disc,
    piece_sprite,
    police_disc,
    put_lines,
    px,
    row_box,
    seat_shape,
    space_centre,
    static_words,
    trail_cell,
)
from renderers.core import (
    PALETTE,
    Words,
    ellipsize,
    fit_line,
    font,
    line_height,
    paste,
    player_name,
    put_fitted,
    put_text,
    seat_color,
    text_width,
    wrap_block,
)

# --- per render: the board --------------------------------------------------------------------------------

def targets(view: ArditiView) -> tuple[set[int], set[int], set[int]]:
    """(the spaces marked "can go here", the jump landings, the numbers a jump would take)."""
    go: set[int] = set()
    landings: set[int] = set()
    over: set[int] = set()
    phase = view["phase"]
    placing = view["placing"]
    if phase == "move":
        for move in view["moves"]:
            if move["type"] == "step":
                go.add(move["space"])
            elif move["type"] == "jump":
                landings.add(move["space"])
                over.add(move["over"])
    elif phase == "place_leader" and placing:
        go.update(placing["options"])
    return go, landings, over


def last_move(view: ArditiView) -> tuple[int | None, list[int]]:
    """(the seat that moved last, or is moving, and the spaces its march entered in that move), from
    the log: the steps, the jumps (the number's space and the landing) and a leader's attack, since
    the last roll. (None, []) before the first roll."""
    log = view["log"]
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("type") == "rolled"), None)
    if start is None or not isinstance(log[start].get("seat"), int):
        return None, []
    seat = int(log[start]["seat"])
    entered: list[object] = []  # log events are loosely typed (games/arditi/view_types.py)
    for event in log[start + 1:]:
        if event.get("seat") != seat:
            continue
        kind = event.get("type")
        if kind in ("stepped", "leader_moved"):
            entered.append(event.get("space"))
        elif kind == "recruited":
            entered += [event.get("number"), event.get("space")]
    return seat, [s for s in entered if isinstance(s, int) and 1 <= s <= SPACES]


def _draw_board(image: Image.Image, view: ArditiView, words: Words) -> None:
    go, landings, over = targets(view)
    for space in sorted(go):
        _paste_patch(image, mark_cell(space, "go"))
    for space in sorted(landings - go):
        _paste_patch(image, mark_cell(space, "jump"))
    occupied = {int(s) for s in view["spaces"]}
    mover, trail = last_move(view)
    trail_spaces = set(trail) - go - landings
    if mover is not None:
        for space in sorted(trail_spaces):
            _paste_patch(image, trail_cell(space, seat_color(mover), space not in occupied))
    for space in sorted(occupied - trail_spaces - go - landings):  # a marked cell keeps its mark under a piece
        _blank(image, space)
    # links under the pieces: leaderless groups thin, marches thick
    for group in view["groups"]:
        color = seat_color(group["seat"])
        chain = group["spaces"]
        for a, b in zip(chain, chain[1:], strict=False):
            _link(image, a, b, color, True)
    for march in view["marches"]:
        color = seat_color(march["seat"])
        chain = march["spaces"]
        for a, b in zip(chain, chain[1:], strict=False):
            _link(image, a, b, color, False)
    for number in view["numbers"]:
        paste(image, number_disc(number, GOLD if number in over else None), space_centre(number), centred=True)
    for piece in view["police"]:
        if piece["space"]:
            paste(image, police_disc(piece["rank"]), space_centre(piece["space"]), centred=True)
    for group in view["groups"]:
        sprite = piece_sprite(seat_shape(group["seat"]), seat_color(group["seat"]), "group")
        for space in group["spaces"]:
            paste(image, sprite, space_centre(space), centred=True)
    for march in view["marches"]:
        seat, chain, leader = march["seat"], march["spaces"], march["leader"]
        color, shape = seat_color(seat), seat_shape(seat)
        for position, space in enumerate(chain):
            kind = "leader" if position == leader else "token"
            paste(image, piece_sprite(shape, color, kind), space_centre(space), centred=True)
    for march in view["marches"]:
        chain, way = march["spaces"], march["dir"]
        if chain and way is not None:
            _arrow(image, chain[-1], way, seat_color(march["seat"]), march["leader"] == len(chain) - 1)
    placing = view["placing"] if view["phase"] == "place_leader" else None
    if placing:
        _lifted(image, placing["from"])
    _draw_waiting(image, view["waiting"], words.msg("arditi.picture.waiting"))


def _lifted(image: Image.Image, space: int) -> None:
    """A gold ring around the leader an attack lifted (its player chooses where it goes)."""
    cx, cy = space_centre(space)
    r = (LEADER_DU / 2 + 2.5) * SCALE
    ImageDraw.Draw(image).ellipse((cx - r, cy - r, cx + r, cy + r), outline=GOLD, width=px(2))


def waiting_points(count: int) -> list[Point]:
    """Where `count` waiting numbers lie on the centre: rows of up to 4 under the word."""
    pitch = WAITING_PITCH
    rows = [min(4, count - k) for k in range(0, count, 4)]
    first = 6 - (len(rows) - 1) * pitch / 2
    points = []
    for r, many in enumerate(rows):
        y = first + r * pitch
        for k in range(many):
            x = (k - (many - 1) / 2) * pitch
            points.append((CX + x * SCALE, CY + y * SCALE))
    return points


def _draw_waiting(image: Image.Image, waiting: list[int], word: str) -> None:
    if not waiting:
        return
    shown = list(waiting)[:12]
    points = waiting_points(len(shown))
    top = min(p[1] for p in points) - px(DISC_DU / 2)
    if len(shown) <= 8:  # three rows fill the centre: the discs speak for themselves
        box = (CX - px(R_HOLE - 8), top - px(13), CX + px(R_HOLE - 8), top - px(1))
        text, size, squeeze = fit_line(word, box[2] - box[0], SMALL, SMALL, True)
        half = text_width(text, font(size, True)) * squeeze / 2 + px(3)
        # on the centre's own colour: a march's link across the centre passes under the word
        ImageDraw.Draw(image).rounded_rectangle((CX - half, box[1], CX + half, box[3]), radius=px(3), fill=CENTRE)
        put_text(image, (CX, (box[1] + box[3]) / 2), text, size, PALETTE["text"], True, "mm", squeeze)
    for number, point in zip(shown, points, strict=True):
        paste(image, number_disc(number), point, centred=True)


def _draw_corners(image: Image.Image, view: ArditiView, words: Words) -> None:
    """The bag's count (bottom left) and the police pieces that found no space yet (top left)."""
    put_fitted(image, _px_box((6, DU_HEIGHT - 18, 110, DU_HEIGHT - 4)),
               words.plural("arditi.picture.bag", view["bag"]), SMALL, PALETTE["muted"], min_size=SMALL)
    off = [p for p in view["police"] if not p["space"]]
    if off:
        x = 6 + POLICE_DU / 2
        for piece in off:
            paste(image, police_disc(piece["rank"]), (px(x), px(4 + POLICE_DU / 2)), centred=True)
            x += POLICE_DU + 2
        put_fitted(image, _px_box((x - POLICE_DU / 2 + 2, 4, 150, 4 + POLICE_DU)),
                   words.msg("arditi.picture.off_board"), SMALL, PALETTE["muted"], min_size=SMALL)


# --- per render: the panel ------------------------------------------------------------------------------

PIPS = {
    1: ((0.5, 0.5),), 2: ((0.28, 0.28), (0.72, 0.72)), 3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)),
}


def _draw_die(draw: ImageDraw.ImageDraw, left: float, top: float, size: float, value: int) -> None:
    draw.rounded_rectangle((left, top, left + size, top + size), radius=size * 0.16, fill=WHITE, outline=BORDER,
                           width=2)
    radius = size * 0.09
    for dx, dy in PIPS.get(value, ()):
        x, y = left + dx * size, top + dy * size
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(20, 20, 24))


def status_lines(view: ArditiView, names: list[str], words: Words,
                 limit: float | None = None) -> tuple[str, str, int | None]:
    """The card's title, its sentence and the seat whose shape goes before the sentence (None: no
    shape). With `limit` (px at STRONG bold), each name is cut to that width."""
    def name(seat: int) -> str:
        full = player_name(words, names, seat)
        return full if limit is None else ellipsize(full, font(STRONG, True), limit)

    phase = view["phase"]
    result = view["result"]
    if phase == "game_over" and result is not None:
        reason = result["reason"]
        title = words.msg("arditi.picture.game_over")
        if reason in REASON:
            title = f"{title} · {words.msg(REASON[reason])}"
        winners = [s for s in result["winners"] if 0 <= s < view["n"]]
        scores = result["scores"] or view["scores"]
        line = words.plural("arditi.picture.winners", len(winners), names=", ".join(name(s) for s in winners))
        if winners and winners[0] < len(scores):
            points = words.plural("arditi.picture.points", int(scores[winners[0]]))
            line = f"{line} · {points}"
        return title, line, (winners[0] if len(winners) == 1 else None)
    title = words.msg("arditi.picture.round_of", round=view["round"], rounds=view["max_rounds"])
    placing = view["placing"]
    if phase == "place_leader" and placing:
        seat = placing["seat"]
        return title, words.msg("arditi.picture.placing", player=name(seat)), seat
    current = view["current"]
    seat = current if current is not None else 0
    if phase == "move" and view["die"] is not None:
        line = words.plural("arditi.picture.moving", view["steps_left"], player=name(seat), die=view["die"])
    else:
        line = words.msg("arditi.picture.to_roll", player=name(seat))
    return title, line, seat


SENTENCE_LINES = 2


def status_text(view: ArditiView, names: list[str], words: Words,
                width: float) -> tuple[str, list[str], int, int | None]:
    """(title, the sentence's lines, their size, seat) for a sentence `width` px wide: long names are
    cut (never the rest of the sentence) until it fits SENTENCE_LINES lines."""
    title, lines, size, seat = "", [""], SMALL, None
    for share in (None, 1.0, 0.75, 0.55, 0.4, 0.25):
        title, line, seat = status_lines(view, names, words, None if share is None else width * share)
        lines, size, cut, _squeeze = wrap_block(line, width, STRONG, max_lines=SENTENCE_LINES, min_size=SMALL,
                                                bold=True)
        if not cut:
            break
    return title, lines, size, seat


def _draw_status(image: Image.Image, view: ArditiView, names: list[str], words: Words) -> None:
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = _px_box(STATUS)
    left += px(PAD + 3)
    right -= px(PAD)
    over = view["phase"] == "game_over"
    die = view["die"] if view["phase"] == "move" else None
    head_bottom = top + px(PAD + DIE_DU)
    title_right = right
    if die is not None and 1 <= die <= 6:
        size = px(DIE_DU)
        _draw_die(draw, right - size, top + px(PAD), size, die)
        title_right = right - size - px(8)
    token = px(TOKEN_DU + 5)
    title, lines, size, seat = status_text(view, names, words, right - left - token)
    title_lines, title_size, _cut, _squeeze = wrap_block(title, title_right - left, TITLE, max_lines=2,
                                                             min_size=SMALL, bold=True)
    put_lines(image, (left, top + px(PAD) - px(2), title_right, head_bottom), title_lines, title_size,
              PALETTE["text"] if not over else GOLD, bold=True)
    box = (left, head_bottom, right, bottom - px(PAD - 2))
    if seat is not None and 0 <= seat < view["n"]:
        paste(image, piece_sprite(seat_shape(seat), seat_color(seat), "token"),
                      (left + px(TOKEN_DU / 2), box[1] + line_height(font(size, True)) / 2
                       + ((box[3] - box[1]) - line_height(font(size, True)) * len(lines)) / 2), centred=True)
    put_lines(image, (left + token, box[1], right, box[3]), lines, size, GOLD if over else PALETTE["text"], bold=True)


def _draw_rows(image: Image.Image, view: ArditiView, names: list[str], words: Words) -> None:
    draw = ImageDraw.Draw(image)
    n = min(view["n"], MAX_SEATS)
    phase = view["phase"]
    result = view["result"]
    over = phase == "game_over"
    winners = set(result["winners"]) if over and result else set()
    scores = (result["scores"] if over and result else None) or view["scores"] or [0] * n
    placing = view["placing"]
    acting = None
    if phase == "place_leader" and placing:
        acting = placing["seat"]
    elif not over:
        acting = view["current"]
    militants = {m["seat"]: m["militants"] for m in view["marches"]}
    for seat in range(n):
        box = _px_box(row_box(seat))
        left, top, right, bottom = box
        draw.rounded_rectangle(box, radius=px(5), fill=PALETTE["panel"] if seat % 2 == 0 else PALETTE["panel_alt"])
        if seat == acting or seat in winners:
            draw.rounded_rectangle(box, radius=px(5), outline=GOLD, width=px(1.5))
        mid = (top + bottom) / 2
        x = left + px(5)
        paste(image, piece_sprite(seat_shape(seat), seat_color(seat), "token"), (x + px(TOKEN_DU / 2), mid),
              centred=True)
        x += px(TOKEN_DU + 5)
        if seat in winners:
            _crown(draw, x + px(6), mid, px(12))
            x += px(15)
        if over:
            count = scores[seat] if seat < len(scores) else 0
            right_text = words.plural("arditi.picture.points", count)
            fill, bold = (GOLD if seat in winners else PALETTE["text"]), True
        else:
            count = militants.get(seat, 0)
            right_text = words.plural("arditi.picture.militants", count)
            fill, bold = PALETTE["muted"], False
        used = put_fitted(image, (right - px(70), top, right - px(6), bottom), right_text, SMALL, fill, bold,
                          align="right", min_size=SMALL)
        put_fitted(image, (x, top, right - px(6) - used - px(7), bottom), player_name(words, names, seat), NAME,
                   PALETTE["text"], bold=True, min_size=SMALL)


def _crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """A drawn crown for the winners."""
    w, h = size, size * 0.75
    left, top = cx - w / 2, cy - h / 2
    draw.polygon([(left, top + h), (left, top + h * 0.25), (left + w * 0.27, top + h * 0.55), (left + w * 0.5, top),
                  (left + w * 0.73, top + h * 0.55), (left + w, top + h * 0.25), (left + w, top + h)], fill=GOLD)


def render(view: ArditiView, names: list[str], words: Words) -> Image.Image:
    """The board of Arditi del Popolo for one view: BOARD_SIZE (1100 × 700, RGB), for the inline box."""
    image = _base().copy()
    image.paste(_key(static_words(words)), (px(PANEL_LEFT), px(key_top(view["n"]))))
    _draw_board(image, view, words)
    _draw_corners(image, view, words)
    _draw_status(image, view, names, words)
    _draw_rows(image, view, names, words)
    return image
