"""Spyfall's pictures: the sizes, colours, words and drawn markers both pictures share (renderers/spyfall)."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime
from functools import lru_cache

from PIL import Image, ImageDraw

from games.core.messages import N_
from games.spyfall.locations import LOCATION_NAME
from games.spyfall.view_types import SpyfallView
from renderers.core import (
    PALETTE,
    Color,
    Words,
    draw_lines,
    drawable,
    ellipsize,
    font,
    readable_size,
    text_width,
)

Box = tuple[float, float, float, float]

WIDTH = 880  # 1.6 times what Discord shows: sharp when opened, cheap to encode
MIN_FONT = readable_size(WIDTH)  # 26: 16 px when Discord shows the picture 550 px wide
MARGIN = 16
ROUND_PHASES = ("playing", "accusation", "final_vote", "spy_guess")
VOTE_PHASES = ("accusation", "final_vote")

PHASE_WORDS = {
    "lobby": N_("spyfall.picture.phase.lobby"),
    "playing": N_("spyfall.picture.phase.playing"),
    "accusation": N_("spyfall.picture.phase.accusation"),
    "final_vote": N_("spyfall.picture.phase.final_vote"),
    "spy_guess": N_("spyfall.picture.phase.spy_guess"),
    "round_over": N_("spyfall.picture.phase.round_over"),
    "game_over": N_("spyfall.picture.phase.game_over"),
}
HOW_WORDS = {
    "spy_caught": N_("spyfall.picture.how.spy_caught"),
    "spy_survived": N_("spyfall.picture.how.spy_survived"),
    "spy_guessed": N_("spyfall.picture.how.spy_guessed"),
    "spy_guessed_wrong": N_("spyfall.picture.how.spy_guessed_wrong"),
    "innocent_convicted": N_("spyfall.picture.how.innocent_convicted"),
    "void": N_("spyfall.picture.how.void"),
}
NON_SPIES_WON = ("spy_caught", "spy_guessed_wrong")
SPY_WON = ("spy_survived", "spy_guessed", "innocent_convicted")

# The spy marker is black and white, a colour no seat has (SEAT_COLORS are all saturated hues),
# and a hat-and-glasses shape no other marker has.
SPY_WHITE: Color = (244, 244, 240)
SPY_BLACK: Color = (16, 16, 20)
CARD_WHITE: Color = (250, 250, 250)
CARD_EDGE: Color = (40, 44, 60)
CARD_PIP: Color = (214, 48, 49)
ICON = 32  # the side of a drawn marker (dealer, accusation, spy, crown)


def location_name(words: Words, location: str, view: SpyfallView | None = None) -> str:
    """A built-in location from the catalogs; a server pack's from the view (the reader's language,
    else English), as far as the font can draw it."""
    if location in LOCATION_NAME:
        return words.msg(LOCATION_NAME[location])
    names = view["location_names"].get(location) if view is not None else None
    if names:
        return drawable(names.get(words.locale) or names.get("en") or "")
    return location


def _utc(timestamp: float) -> str:
    """A deadline as a UTC wall-clock time (from the view: the renderer never reads a clock)."""
    return datetime.fromtimestamp(timestamp, tz=UTC).strftime("%H:%M")


def _minutes_seconds(seconds: float) -> str:
    total = max(0, math.ceil(seconds))
    return f"{total // 60}:{total % 60:02d}"




# --- drawn markers ----------------------------------------------------------------------------


def _crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: Color) -> None:
    """A drawn crown: the font has no reliable crown glyph and emoji need a colour font."""
    w, h = size, size * 0.75
    left, top = cx - w / 2, cy - h / 2
    points = [
        (left, top + h),
        (left, top + h * 0.25),
        (left + w * 0.27, top + h * 0.55),
        (left + w * 0.5, top),
        (left + w * 0.73, top + h * 0.55),
        (left + w, top + h * 0.25),
        (left + w, top + h),
    ]
    draw.polygon(points, fill=fill)


@lru_cache(maxsize=16)
def _spy_masks(size: int) -> tuple[Image.Image, Image.Image]:
    """Anti-aliased masks (disc, hat and glasses) of the spy marker at `size` px, drawn 4x larger
    and scaled down: polygons are not anti-aliased and the marker is small."""
    big = size * 4
    disc, hat = Image.new("L", (big, big), 0), Image.new("L", (big, big), 0)
    ImageDraw.Draw(disc).ellipse((0, 0, big - 1, big - 1), fill=255)
    draw = ImageDraw.Draw(hat)

    def at(x: float, y: float) -> tuple[float, float]:
        return (big / 2 + x * big, big / 2 + (y + 0.03) * big)

    draw.polygon([at(-0.26, 0.0), at(-0.22, -0.36), at(-0.08, -0.3), at(0.0, -0.25), at(0.08, -0.3),
                  at(0.22, -0.36), at(0.26, 0.0)], fill=255)
    draw.ellipse((*at(-0.48, -0.075), *at(0.48, 0.065)), fill=255)
    draw.ellipse((*at(-0.34, 0.12), *at(-0.05, 0.34)), fill=255)
    draw.ellipse((*at(0.05, 0.12), *at(0.34, 0.34)), fill=255)
    draw.rectangle((*at(-0.08, 0.16), *at(0.08, 0.2)), fill=255)
    return (disc.resize((size, size), Image.Resampling.LANCZOS),
            hat.resize((size, size), Image.Resampling.LANCZOS))


def _spy_hat(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, disc: bool = True) -> None:
    """The spy marker: a black fedora over dark glasses, on a white disc unless the caller has
    already painted a white chip."""
    side = round(size)
    disc_mask, hat_mask = _spy_masks(side)
    corner = (round(cx - side / 2), round(cy - side / 2))
    if disc:
        draw.bitmap(corner, disc_mask, fill=SPY_WHITE)
    draw.bitmap(corner, hat_mask, fill=SPY_BLACK)


def _dealer_cards(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """The dealer marker: two fanned playing cards."""
    w, h = 0.5 * size, 0.72 * size

    def card(angle: float, dx: float) -> list[tuple[float, float]]:
        a = math.radians(angle)
        ox, oy = cx + dx, cy
        corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
        return [(ox + x * math.cos(a) - y * math.sin(a), oy + x * math.sin(a) + y * math.cos(a))
                for x, y in corners]

    draw.polygon(card(-16, -0.13 * size), fill=CARD_WHITE, outline=CARD_EDGE, width=2)
    draw.polygon(card(12, 0.13 * size), fill=CARD_WHITE, outline=CARD_EDGE, width=2)
    px, py, r = cx + 0.13 * size, cy, 0.12 * size
    draw.polygon([(px, py - r * 1.4), (px + r, py), (px, py + r * 1.4), (px - r, py)], fill=CARD_PIP)


def _accuse_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    """The "has accused this round" marker: a red square with a white exclamation mark."""
    s = size
    draw.rounded_rectangle((cx - s * 0.42, cy - s * 0.42, cx + s * 0.42, cy + s * 0.42),
                           radius=s * 0.16, fill=PALETTE["danger"])
    draw.rounded_rectangle((cx - 0.07 * s, cy - 0.3 * s, cx + 0.07 * s, cy + 0.08 * s),
                           radius=0.05 * s, fill=CARD_WHITE)
    draw.ellipse((cx - 0.075 * s, cy + 0.16 * s, cx + 0.075 * s, cy + 0.31 * s), fill=CARD_WHITE)


Marker = Callable[[ImageDraw.ImageDraw, float, float, float], None]


def _legend(draw: ImageDraw.ImageDraw, left: float, right: float, top: float, bottom: float,
            items: list[tuple[Marker, str]], size: int = MIN_FONT, icon: float = ICON) -> None:
    """Marker + word pairs from `left` rightwards; a word that would cross `right` is cut."""
    fnt = font(size)
    mid = (top + bottom) / 2
    x = left
    for marker, label in items:
        if x + icon + 10 >= right:
            break
        marker(draw, x + icon / 2, mid, icon)
        x += icon + 10
        shown = ellipsize(label, fnt, right - x)
        draw_lines(draw, (x, top, right, bottom), [shown], fnt, PALETTE["text"])
        x += text_width(shown, fnt) + icon * 0.85
