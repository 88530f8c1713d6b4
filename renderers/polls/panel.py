"""The Polls Are Closed's board, per render: the status (round track, who plays, what is asked) and the seats
(renderers/polls)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.polls.data import (
    TOTAL_SEATS,
)
from games.polls.view_types import PollsView
from renderers.core import (
    PALETTE,
    Color,
    Words,
    ellipsize,
    font,
    put_fitted,
    text_width,
    wrap,
)
from renderers.core import put_text as _put_text  # every text of this board is drawn through this name
from renderers.polls.board import (
    BAR,
    BIG,
    BLUE,
    BORDER,
    DICE_BOX,
    DIE,
    LABEL,
    NAME,
    PARTY_TEXT,
    PLAYER_ROW,
    POSSIBLE,
    REASON_WORD,
    RED,
    RED_STRIPE,
    SEATS_PANEL,
    SEATS_TITLE,
    STATUS_PANEL,
    STEP_ROW,
    STRONG,
    TEXT,
    THIRD,
    TRACK_ROW,
    WHITE,
    _draw_token,
    _hatch,
    _player,
    party_name,
    projection,
)

# --- status: round track, who plays, what is asked ----------------------------------------------

PIPS = {
    1: ((0.5, 0.5),), 2: ((0.28, 0.28), (0.72, 0.72)), 3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)),
}


def _draw_die(draw: ImageDraw.ImageDraw, left: float, top: float, size: int, value: int) -> None:
    draw.rounded_rectangle((left, top, left + size, top + size), radius=6, fill=WHITE, outline=BORDER)
    radius = size * 0.1
    for dx, dy in PIPS.get(value, ()):
        x, y = left + dx * size, top + dy * size
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(20, 20, 24))


ROUND_CHIP = 34
TURN_CHIP = 30
TURN_PIP = 12


def _draw_track(image: Image.Image, draw: ImageDraw.ImageDraw, view: PollsView, words: Words) -> None:
    """The round track: a chip per round (done, now in gold, to come), the round being played
    followed by its turns (done, the current one in gold with its number, to come); at the end,
    "polls closed" after the chips."""
    over = view["phase"] == "game_over"
    current_round, turn = view["round"], view["turn"]
    turns = view["turns_in_round"]
    in_poll = view["phase"] == "poll"
    top, bottom = TRACK_ROW
    cy = (top + bottom) / 2
    x: float = STATUS_PANEL[0] + 12
    for k in range(1, view["rounds"] + 1):
        now = k == current_round and not over
        done = over or k < current_round
        box = (x, cy - ROUND_CHIP / 2, x + ROUND_CHIP, cy + ROUND_CHIP / 2)
        if now:
            draw.rounded_rectangle(box, radius=8, fill=POSSIBLE)
            colour = PALETTE["accent_text"]
        elif done:
            draw.rounded_rectangle(box, radius=8, fill=PALETTE["faded"])
            colour = PALETTE["text"]
        else:
            draw.rounded_rectangle(box, radius=8, outline=PALETTE["faded"], width=2)
            colour = PALETTE["muted"]
        _put_text(image, (x + ROUND_CHIP / 2, cy), str(k), LABEL, colour, True, "mm")
        x += ROUND_CHIP + 8
        if not now:
            continue
        for t in range(1, turns + 1):
            if t == turn and not in_poll:
                draw.rounded_rectangle((x, cy - TURN_CHIP / 2, x + TURN_CHIP, cy + TURN_CHIP / 2), radius=6,
                                       outline=POSSIBLE, width=3)
                _put_text(image, (x + TURN_CHIP / 2, cy), str(t), TEXT, POSSIBLE, True, "mm")
                x += TURN_CHIP + 5
                continue
            pip = (x, cy - TURN_PIP / 2, x + TURN_PIP, cy + TURN_PIP / 2)
            if t < turn or in_poll:
                draw.ellipse(pip, fill=PALETTE["text"])
            else:
                draw.ellipse(pip, outline=PALETTE["muted"], width=2)
            x += TURN_PIP + 5
        x += 8
    if over:
        put_fitted(image, (x + 4, top, STATUS_PANEL[2] - 10, bottom), words.msg("polls.picture.polls_closed"), LABEL,
                   PALETTE["accent"], True, min_size=TEXT, put=_put_text)


def step_text(view: PollsView, words: Words) -> str:
    """What is asked of the player to act (or how the game ended), without their name."""
    result = view["result"]
    if view["phase"] == "game_over":
        if result is None or not result["winners"]:
            return ""
        seat = result["winners"][0]
        reason = result["reason"]
        if reason == "conceded":
            return words.msg("polls.picture.step_conceded", loser=party_name(words, 1 - seat))
        seats = result["seats"][seat]
        how = words.msg(REASON_WORD[reason]) if reason in REASON_WORD else reason
        return words.plural("polls.picture.step_wins", seats, reason=how)
    current, pending, poll = view["current"], view["pending"], view["poll"]
    seat = current if current is not None else 0
    step = view["step"]
    circle = "" if pending is None else "B+C" if pending["circle"] == "BC" else pending["circle"]
    if step == "poll" and poll is not None:
        return words.plural("polls.picture.step_poll", poll["left"][seat])
    if step == "order":
        return words.msg("polls.picture.step_order", circle=circle)
    if step == "seven":
        return words.msg("polls.picture.step_seven", circle=circle, target=(pending and pending["seven_target"]) or "")
    if step == "influence":
        spend = view["spend_needed"][seat]
        if spend:
            kinds = ", ".join(f"{v['held'] - v['keep']} {k}" for k, v in sorted(spend.items()))
            return words.msg("polls.picture.step_spend", kinds=kinds)
        return words.msg("polls.picture.step_influence")
    return words.plural("polls.picture.step_actions", view["actions_left"])


def _put_step(image: Image.Image, box: tuple[float, float, float, float], text: str, fill: Color) -> None:
    """The step sentence: one line as large as fits (NAME down to the floor), else two lines."""
    left, top, right, bottom = box
    width = right - left
    for size in range(NAME, TEXT - 1, -1):
        if text_width(text, font(size)) <= width:
            _put_text(image, (left, (top + bottom) / 2), text, size, fill, anchor="lm")
            return
    for size in range(LABEL, TEXT - 1, -1):
        lines = wrap(text, font(size), width)
        if len(lines) <= 2 and not any(line.endswith("…") for line in lines):
            break
    lines = [ellipsize(line, font(size), width) for line in lines[:2]]
    step = size + 4
    y = (top + bottom) / 2 - step * len(lines) / 2
    for line in lines:
        _put_text(image, (left, y + step / 2), line, size, fill, anchor="lm")
        y += step


def _draw_status(image: Image.Image, view: PollsView, names: list[str], words: Words) -> None:
    """The round track; who plays (their token, party and name) or who won; what is asked of
    them, the dice of a pending roll beside it."""
    draw = ImageDraw.Draw(image)
    _draw_track(image, draw, view, words)
    over = view["phase"] == "game_over"
    left, right = STATUS_PANEL[0] + 12, STATUS_PANEL[2] - 10
    top, bottom = PLAYER_ROW
    cy = (top + bottom) / 2
    result, pending = view["result"], view["pending"]
    winners = result["winners"] if result else []
    seat = (winners[0] if winners else None) if over else view["current"]
    if seat is not None:
        _draw_token(image, seat, (left + 17, cy), 34)
        text = _player(words, names, seat, right - left - 44)
        put_fitted(image, (left + 44, top, right, bottom), text, STRONG, PARTY_TEXT[seat], True,
                   min_size=TEXT, put=_put_text)
    elif over:
        put_fitted(image, (left, top, right, bottom), words.msg("polls.picture.hung"), STRONG, PALETTE["accent"], True,
                   min_size=TEXT, put=_put_text)
    dice = pending["dice"] if pending and not over else []
    text_right = (DICE_BOX[0] - 8) if dice else right
    _put_step(image, (left, STEP_ROW[0], text_right, STEP_ROW[1]), step_text(view, words),
              PALETTE["accent"] if over else PALETTE["text"])
    if dice:
        d_left, d_top, d_right, d_bottom = DICE_BOX
        draw.rounded_rectangle(DICE_BOX, radius=8, outline=POSSIBLE, width=3)
        cy = (d_top + d_bottom) / 2
        x = d_right - 6 - len(dice) * (DIE + 6) + 6
        for value in dice:
            _draw_die(draw, x, cy - DIE / 2, DIE, value)
            x += DIE + 6


# --- the seats ------------------------------------------------------------------------------------

@lru_cache(maxsize=2)
def _red_bar(width: int, height: int) -> Image.Image:
    """The whole seats bar in hatched red (its right part is shown, as long as red's seats)."""
    bar = Image.new("RGB", (width, height), RED)
    bar.paste(RED_STRIPE, (0, 0), _hatch((width, height)))
    return bar


def _draw_seats(image: Image.Image, view: PollsView, words: Words) -> None:
    """Seats now (or final) as a 66-seat bar: blue from the left behind a disc, red (hatched) from
    the right behind a square, third parties between, the majority marked both ways."""
    draw = ImageDraw.Draw(image)
    over = view["phase"] == "game_over"
    shown = projection(view)
    seats, third = shown["seats"], shown["third"]
    majority = view["seats_projection"]["majority"]
    left, bar_top, right, bar_bottom = BAR
    title = (words.msg("polls.picture.seats_final", majority=majority) if over
             else words.msg("polls.picture.seats_now", majority=majority))
    put_fitted(image, (left, SEATS_TITLE[0], right, SEATS_TITLE[1]), title, LABEL, PALETTE["text"], True, "center",
               min_size=TEXT, put=_put_text)
    mid = (bar_top + bar_bottom) / 2
    _draw_token(image, 0, (SEATS_PANEL[0] + 28, mid), 34)
    _draw_token(image, 1, (SEATS_PANEL[2] - 28, mid), 34)
    scale = (right - left) / TOTAL_SEATS
    blue_end, red_start = left + seats[0] * scale, right - seats[1] * scale
    draw.rectangle((left, bar_top, right, bar_bottom), fill=THIRD)
    if seats[0]:
        draw.rectangle((left, bar_top, blue_end, bar_bottom), fill=BLUE)
    if seats[1]:
        stripes = _red_bar(right - left, bar_bottom - bar_top)
        cut = int(round(red_start)) - left
        image.paste(stripes.crop((cut, 0, stripes.width, stripes.height)), (left + cut, bar_top))
    for x in (left + majority * scale, right - majority * scale):
        draw.line((x, bar_top - 4, x, bar_bottom + 4), fill=PALETTE["accent"], width=4)
    for n, (a, b) in ((seats[0], (left, blue_end)), (third, (blue_end, red_start)), (seats[1], (red_start, right))):
        label = str(n)
        if n and text_width(label, font(BIG, True)) + 8 <= b - a:
            _put_text(image, ((a + b) / 2, mid), label, BIG, WHITE, True, "mm", stroke=3, stroke_fill=BORDER)
    winners = view["result"]["winners"] if view["result"] else []
    if over and winners:
        # the winner's end of the bar is framed in gold
        seat = winners[0]
        end = (left - 4, bar_top - 6, blue_end + 4, bar_bottom + 6) if seat == 0 else \
            (red_start - 4, bar_top - 6, right + 4, bar_bottom + 6)
        draw.rectangle(end, outline=PALETTE["accent"], width=3)
