"""A game's replay as an animated GIF: the board pictures one after the other, each with a caption.

Pure (PIL only, no clock): the bot renders each picture with the game's renderer from a public view
(bot/replays.py chooses the moments) and hands them here with their captions, in a worker thread.

- A GIF, because Discord plays it inline on every client (an APNG shows as a still picture on
  some); the pictures share one palette (255 colours, no dithering: the boards are flat colours
  and anti-aliased text) and each frame stores only what changed since the one before.
- 1.5 s a picture, 2.5 s for the first and 6 s for the last (the final board), looping.
- Sized for the inline box: the GIF is an attachment, shown inline in the INLINE_BOX (550 × 350).
  Each frame is a caption band across the top (the move in bold, the picture's number in grey, a bar
  that fills up through the game) over the board at its own size, centred on the house background in
  a frame of the box's proportion (`frame_layout`): the 1100 × 700 boards give 1162 × 739 frames, shown
  at 0.473, so a board's 20 px letters show 9.5 px (10 px when the board is alone: the band's 39 px
  cost that 5 %, however the frame is cut) and the caption's 24 px show 11.4 px. The boards are never
  resampled: scaling them into a 1100 × 700 frame instead shows them as large inline but makes the
  frames softer, the GIF larger and its making a second longer (a 60-picture replay). The caption
  grows with a tall board (Spyfall's scoreboard of 8 players) to stay at least CAPTION_SHOWN px.
- At most `MAX_BYTES` (8 MiB, under Discord's upload limit): the encoded bytes are measured and,
  while too many, the animation steps down: fewer pictures (evenly, the first and the last kept),
  then a smaller size, then fewer colours. `TooLarge` when even the last step does not fit. The
  smaller sizes are still at least 550 px wide, so the GIF shows as large inline (only less sharp
  when opened). How much dropping pictures saves depends on the boards: a detailed board makes
  the first frame a large share of the bytes (Polls: a third), the later ones storing only what
  changed.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from PIL import Image, ImageDraw

from renderers.core import INLINE_BOX, PALETTE, draw_text, font, inline_scale, line_height, recording_font_sizes

MAX_BYTES = 8 * 1024 * 1024
FRAME_MS = 1500
FIRST_MS = 2500
LAST_MS = 6000
COLOURS = 255  # one palette index stays free: unchanged pixels of a frame are transparent there
CAPTION_FONT = 22  # the caption's smallest size
CAPTION_SHOWN = 11  # its letters as shown inline at least (renderers.core.INLINE_MIN_TEXT is 10)
CAPTION_PAD = 3  # above and below the caption's line
BAR = 4  # the progress bar at the bottom of the caption band

# The steps down, in order: (share of the pictures kept, scale, colours). The first always comes first.
STEPS: tuple[tuple[float, float, int], ...] = (
    (1.0, 1.0, COLOURS),
    (0.75, 1.0, COLOURS),
    (0.5, 1.0, COLOURS),
    (0.5, 0.85, COLOURS),
    (0.5, 0.7, COLOURS),
    (0.5, 0.7, 128),
    (0.25, 0.7, 64),
    (0.1, 0.6, 32),
)


class TooLarge(Exception):
    """Even the smallest animation is over the byte limit."""


@dataclass(frozen=True)
class Picture:
    """One frame before encoding: the board as its renderer drew it, and its caption."""

    image: Image.Image
    label: str  # bold, left: "Turn 12/40"
    detail: str = ""  # grey, right: "Move 37/412"
    progress: float = 0.0  # how far through the game, 0..1 (the bar under the caption)


@dataclass(frozen=True)
class Animation:
    data: bytes
    frames: int  # pictures kept
    size: tuple[int, int]
    colours: int
    scale: float

    @property
    def width(self) -> int:
        return self.size[0]


class FrameLayout(NamedTuple):
    size: tuple[int, int]  # every frame's
    caption: int  # the caption's font size
    band: int  # the caption band's height
    boards: tuple[int, int]  # the size of the area the boards take (the largest width and height)


def frame_layout(pictures: Sequence[Picture]) -> FrameLayout:
    """The frame: the caption band over the largest board, widened or heightened to the inline box's
    proportion; the caption's size the smallest from CAPTION_FONT that shows CAPTION_SHOWN px inline."""
    width = max(p.image.width for p in pictures)
    height = max(p.image.height for p in pictures)
    size = CAPTION_FONT
    with recording_font_sizes():  # the sizes tried are measured, not drawn (a test records the drawn ones)
        while True:
            band = line_height(font(size, True)) + 2 * CAPTION_PAD + BAR
            frame = (max(width, math.ceil((band + height) * INLINE_BOX[0] / INLINE_BOX[1])),
                     max(band + height, math.ceil(width * INLINE_BOX[1] / INLINE_BOX[0])))
            if size * inline_scale(*frame) >= CAPTION_SHOWN:
                return FrameLayout(frame, size, band, (width, height))
            size += 1


def compose(pictures: Sequence[Picture]) -> list[Image.Image]:
    """Each picture in the frame under its caption band (RGB): centred across, the boards of different
    heights top-aligned together so that they do not jump between frames."""
    layout = frame_layout(pictures)
    width, height = layout.size
    strip, size = layout.band, layout.caption
    top = strip + (height - strip - layout.boards[1]) // 2
    pad = size // 2
    out = []
    for picture in pictures:
        image = Image.new("RGB", layout.size, PALETTE["background"])
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, width, strip - 1), fill=PALETTE["panel"])
        detail_width = 0.0
        if picture.detail:
            fnt = font(size)
            detail_width = min(fnt.getlength(picture.detail), (width - 2 * pad) / 2)
            draw_text(draw, (width - pad - detail_width, 0, width - pad, strip - BAR), picture.detail, size,
                      PALETTE["muted"], align="right")
        draw_text(draw, (pad, 0, width - 2 * pad - detail_width, strip - BAR), picture.label, size,
                  PALETTE["text"], bold=True)
        filled = round(width * min(1.0, max(0.0, picture.progress)))
        draw.rectangle((0, strip - BAR, width, strip - 1), fill=PALETTE["line"])
        if filled:
            draw.rectangle((0, strip - BAR, filled - 1, strip - 1), fill=PALETTE["accent"])
        image.paste(picture.image.convert("RGB"), ((width - picture.image.width) // 2, top))
        out.append(image)
    return out


def evenly(count: int, keep: int) -> list[int]:
    """`keep` indices of `count`, evenly spread, the first and the last always among them."""
    if keep >= count:
        return list(range(count))
    if keep <= 1:
        return [count - 1]
    return sorted({round(j * (count - 1) / (keep - 1)) for j in range(keep)})


def durations(count: int) -> list[int]:
    if count == 1:
        return [LAST_MS]
    return [FIRST_MS] + [FRAME_MS] * (count - 2) + [LAST_MS]


def encode(frames: Sequence[Image.Image], colours: int) -> bytes:
    """One shared palette (from a montage of up to six frames), no dithering, delta frames."""
    sample = [frames[i] for i in evenly(len(frames), 6)]
    width, height = frames[0].size
    thumb = (max(1, width // 2), max(1, height // 2))
    montage = Image.new("RGB", (thumb[0], thumb[1] * len(sample)))
    for k, frame in enumerate(sample):
        montage.paste(frame.resize(thumb, Image.Resampling.BOX), (0, thumb[1] * k))
    palette = montage.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    indexed = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    buffer = io.BytesIO()
    indexed[0].save(buffer, format="GIF", save_all=True, append_images=indexed[1:], duration=durations(len(frames)),
                    loop=0, optimize=True, disposal=1)
    return buffer.getvalue()


def animate(pictures: Sequence[Picture], limit: int = MAX_BYTES) -> Animation:
    """The GIF of `pictures`, stepped down until it fits in `limit` bytes (see the module docstring)."""
    if not pictures:
        raise ValueError("no pictures to animate")
    composed = compose(pictures)
    width, height = composed[0].size
    for share, scale, colours in STEPS:
        keep = evenly(len(composed), max(2, math.ceil(len(composed) * share)))
        frames = [composed[i] for i in keep]
        size = (max(1, round(width * scale)), max(1, round(height * scale)))
        if scale != 1.0:
            frames = [f.resize(size, Image.Resampling.LANCZOS) for f in frames]
        data = encode(frames, colours)
        if len(data) <= limit:
            return Animation(data=data, frames=len(frames), size=size, colours=colours, scale=scale)
    raise TooLarge(f"{len(data)} bytes at the last step, over {limit}")
