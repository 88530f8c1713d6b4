"""The replay's animation (renderers/animation.py): one GIF under 8 MiB, readable at chat size, stepping down."""

from __future__ import annotations

import importlib
import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.i18n import words
from bot.replays import build
from bot.ui.replay import captioned
from games import REGISTRY
from renderers.animation import FIRST_MS, FRAME_MS, LAST_MS, MAX_BYTES, Picture, TooLarge, animate, evenly
from renderers.core import CHAT_MIN_TEXT, CHAT_WIDTH, readable_size, recording_font_sizes
from tests.bot.test_replays import recorded, snapshot_of
from tests.renderers.helpers import artifacts_dir

NAMES = ["barbara", "Federico Tommasini", "gianni", "Sabrina Müller", "olga", "Núria", "Zoë"]


def pictures_of(game_id: str, seed: int, locale: str = "en") -> list[Picture]:
    """The captioned pictures of a random game's replay, drawn as the bot draws them."""
    game = REGISTRY[game_id]
    ui = importlib.import_module(f"bot.cogs.{game_id}").UI
    n, options, states, actions = recorded(game, seed)
    replay = build(game, n, seed, options, actions, snapshot_of(game, states), rounds=frozenset(ui.repost_on),
                   picture_key=ui.picture_key)
    return captioned(replay, ui, NAMES[:n], words(locale))


def frames_of(data: bytes) -> list[Image.Image]:
    gif: Any = Image.open(io.BytesIO(data))
    out = []
    for index in range(gif.n_frames):
        gif.seek(index)
        out.append(gif.convert("RGB"))
    return out


@pytest.mark.parametrize("game_id", ["polls", "junta"])
def test_a_whole_game_fits_and_reads_at_chat_size(game_id: str) -> None:
    """A whole random game: one GIF frame per picture, under 8 MiB, at least 550 px wide (the boards' own
    size, never shrunk), looping, 1.5 s a picture (the first 2.5 s, the final board 6 s), the caption's
    letters readable when shown 550 px wide. Writes tests/artifacts/replay/<game>.gif and a few frames."""
    pictures = pictures_of(game_id, 2)
    assert len(pictures) > 20
    with recording_font_sizes() as sizes:
        animation = animate(pictures)
    width = max(p.image.width for p in pictures)
    assert len(animation.data) <= MAX_BYTES
    assert animation.frames == len(pictures) and animation.scale == 1.0 and animation.colours == 255
    assert animation.width == width >= CHAT_WIDTH
    assert min(sizes) >= readable_size(width, CHAT_MIN_TEXT)
    gif: Any = Image.open(io.BytesIO(animation.data))
    assert gif.format == "GIF" and gif.n_frames == len(pictures) and gif.info["loop"] == 0
    durations = []
    for index in range(gif.n_frames):
        gif.seek(index)
        durations.append(gif.info["duration"])
    assert durations == [FIRST_MS] + [FRAME_MS] * (len(pictures) - 2) + [LAST_MS]
    frames = frames_of(animation.data)
    assert frames[0].size == animation.size
    # The last frame is the final board under its caption, colours as drawn (a shared palette, no dither).
    board = pictures[-1].image.convert("RGB")
    top = animation.size[1] - max(p.image.height for p in pictures)
    left = (width - board.width) // 2
    drawn = frames[-1].crop((left, top, left + board.width, top + board.height))
    off = ImageChops.difference(drawn, board).convert("L").point(lambda v: 255 if v > 40 else 0)
    assert off.histogram()[255] < board.width * board.height // 100
    where = artifacts_dir("replay")
    (where / f"{game_id}.gif").write_bytes(animation.data)
    for index in (0, len(frames) // 2, len(frames) - 1):
        frame = frames[index]
        frame.resize((CHAT_WIDTH, round(frame.height * CHAT_WIDTH / frame.width)), Image.Resampling.LANCZOS).save(
            where / f"{game_id}-frame{index:02d}-550px.png")


def test_too_many_bytes_step_down_until_it_fits() -> None:
    """Forced under a small limit, the animation keeps fewer pictures (the first and the last among them),
    then shrinks, then takes fewer colours; an impossible limit is refused."""
    pictures = pictures_of("polls", 3)[:16]
    full = animate(pictures)
    fewer = animate(pictures, limit=len(full.data) * 2 // 3)
    assert len(fewer.data) <= len(full.data) * 2 // 3
    assert fewer.frames < full.frames and fewer.scale == 1.0 and fewer.colours == full.colours
    smaller = animate(pictures, limit=len(full.data) // 4)
    assert len(smaller.data) <= len(full.data) // 4
    assert smaller.frames <= fewer.frames and (smaller.scale < 1.0 or smaller.colours < full.colours)
    assert smaller.size[0] == round(full.size[0] * smaller.scale)
    with pytest.raises(TooLarge):
        animate(pictures, limit=1000)
    assert evenly(10, 4) == [0, 3, 6, 9] and evenly(3, 5) == [0, 1, 2]


def test_pictures_of_different_sizes_share_one_canvas() -> None:
    """Boards of different sizes are centred on the largest, each under its caption."""
    small = Image.new("RGB", (550, 300), (200, 30, 30))
    large = Image.new("RGB", (700, 500), (30, 200, 30))
    animation = animate([Picture(small, "Set-up"), Picture(large, "Move 1/1", "Picture 2/2", 1.0)])
    first, last = frames_of(animation.data)
    assert first.size == last.size == animation.size and animation.size[0] == 700
    top = animation.size[1] - 500
    assert first.getpixel((350, top + 150)) == (200, 30, 30)
    assert first.getpixel((10, top + 150)) != (200, 30, 30)  # the background beside the narrower board
    assert last.getpixel((10, top + 10)) == (30, 200, 30)
