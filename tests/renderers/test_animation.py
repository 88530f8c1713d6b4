"""The replay's animation (renderers/animation.py): one GIF under 8 MiB, sized for the inline box (550 × 350) and
readable there, stepping down."""

from __future__ import annotations

import importlib
import io
import json
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.i18n import words
from bot.replays import build
from bot.ui.replay import captioned
from games import REGISTRY
from renderers.animation import (
    FIRST_MS,
    FRAME_MS,
    LAST_MS,
    MAX_BYTES,
    Picture,
    TooLarge,
    animate,
    evenly,
    frame_layout,
)
from renderers.core import BOARD_SIZE, INLINE_BOX, INLINE_MIN_TEXT, inline_scale, inline_size, recording_font_sizes
from renderers.samples import as_shown_inline
from tests.renderers.helpers import artifacts_dir
from tests.support.corpus import PlayoutCorpus

NAMES = ["barbara", "Federico Tommasini", "gianni", "Sabrina Müller", "olga", "Núria", "Zoë"]


def pictures_of(corpus: PlayoutCorpus, game_id: str, seed: int, locale: str = "en") -> list[Picture]:
    """The captioned pictures of a random game's replay (the playout corpus's game of that seed), drawn as the
    bot draws them."""
    game = REGISTRY[game_id]
    ui = importlib.import_module(f"bot.cogs.{game_id}").UI
    playout = corpus.playout(game_id, seed)
    assert playout.outcome is not None, f"the random {game_id} game {seed} did not end"
    states, n = playout.states, playout.players
    snapshot = (len(states) - 1, json.loads(json.dumps(game.dump(states[-1]))))
    replay = build(game, n, seed, playout.options, playout.actions, snapshot, rounds=frozenset(ui.repost_on),
                   picture_key=ui.picture_key)
    return captioned(replay, ui, NAMES[:n], words(locale))


def alike(a: Image.Image, b: Image.Image) -> bool:
    """The same picture, but for the palette (each GIF takes its own): under 1 % of the pixels differ visibly."""
    off = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 40 else 0)
    return off.histogram()[255] < a.width * a.height // 100


def frames_of(data: bytes) -> list[Image.Image]:
    gif: Any = Image.open(io.BytesIO(data))
    out = []
    for index in range(gif.n_frames):
        gif.seek(index)
        out.append(gif.convert("RGB"))
    return out


@pytest.mark.parametrize("game_id", ["polls", "junta", "spyfall"])
def test_a_whole_game_fits_and_reads_inline(playout_corpus: PlayoutCorpus, game_id: str) -> None:
    """A whole random game: one GIF frame per picture, under 8 MiB, looping, 1.5 s a picture (the first 2.5 s,
    the final board 6 s); each frame of the inline box's proportion (shown 550 × 350), the boards at their own
    size under the caption band, which takes at most 6 % of the height; the caption's letters at least 11 px
    as shown inline. Writes tests/artifacts/replay/<game>.gif and a few frames as shown inline."""
    pictures = pictures_of(playout_corpus, game_id, 7 if game_id == "spyfall" else 2)  # spyfall 7: three rounds
    assert len(pictures) > (3 if game_id == "spyfall" else 20)
    with recording_font_sizes() as sizes:
        animation = animate(pictures)
    assert len(animation.data) <= MAX_BYTES
    assert animation.frames == len(pictures) and animation.scale == 1.0 and animation.colours == 255
    layout = frame_layout(pictures)
    assert animation.size == layout.size and inline_size(*animation.size) == INLINE_BOX
    assert min(sizes) == layout.caption and min(sizes) * inline_scale(*animation.size) >= 11 > INLINE_MIN_TEXT
    if {p.image.size for p in pictures} == {BOARD_SIZE}:  # shown at 0.94 of the board's own size alone, or more
        assert layout.band <= 0.06 * animation.size[1]
        assert inline_scale(*animation.size) >= 0.94 * inline_scale(*BOARD_SIZE)
    gif: Any = Image.open(io.BytesIO(animation.data))
    assert gif.format == "GIF" and gif.n_frames == len(pictures) and gif.info["loop"] == 0
    durations = []
    for index in range(gif.n_frames):
        gif.seek(index)
        durations.append(gif.info["duration"])
    assert durations == [FIRST_MS] + [FRAME_MS] * (len(pictures) - 2) + [LAST_MS]
    frames = frames_of(animation.data)
    assert frames[0].size == animation.size
    # The last frame is the final board under its caption band, colours as drawn (a shared palette, no dither).
    board = pictures[-1].image.convert("RGB")
    width, height = animation.size
    left, top = (width - board.width) // 2, layout.band + (height - layout.band - layout.boards[1]) // 2
    drawn = frames[-1].crop((left, top, left + board.width, top + board.height))
    assert alike(drawn, board)
    where = artifacts_dir("replay")
    (where / f"{game_id}.gif").write_bytes(animation.data)
    for index in (0, len(frames) // 2, len(frames) - 1):
        as_shown_inline(frames[index]).save(where / f"{game_id}-frame{index:02d}-inline.png")


def test_too_many_bytes_step_down_until_it_fits(playout_corpus: PlayoutCorpus) -> None:
    """Forced under a smaller limit, the animation takes the first step down that fits: a byte less than the
    whole keeps three pictures in four (the first and the last among them); a quarter of the bytes needs a
    smaller size or fewer colours too; an impossible limit is refused. (How far dropping pictures alone goes
    depends on the boards: the first frame of a detailed board is a large share of the bytes.)"""
    pictures = pictures_of(playout_corpus, "polls", 4)[:16]  # its 15th and 16th pictures differ visibly
    full = animate(pictures)
    fewer = animate(pictures, limit=len(full.data) - 1)
    assert len(fewer.data) < len(full.data)
    assert fewer.frames == 12 and fewer.scale == 1.0 and fewer.colours == full.colours
    first, *_, last = frames_of(fewer.data)
    whole = frames_of(full.data)
    assert alike(first, whole[0]) and alike(last, whole[-1]) and not alike(last, whole[-2])
    smaller = animate(pictures, limit=len(full.data) // 4)
    assert len(smaller.data) <= len(full.data) // 4
    assert smaller.frames <= fewer.frames and (smaller.scale < 1.0 or smaller.colours < full.colours)
    assert smaller.size[0] == round(full.size[0] * smaller.scale) >= INLINE_BOX[0]  # as large inline
    with pytest.raises(TooLarge):
        animate(pictures, limit=1000)
    assert evenly(10, 4) == [0, 3, 6, 9] and evenly(3, 5) == [0, 1, 2]


def test_pictures_of_different_sizes_share_one_canvas() -> None:
    """Boards of different sizes are centred across the frame under the caption band, top-aligned together,
    never resampled; the frame takes the inline box's proportion, and a tall board a larger caption."""
    small = Image.new("RGB", (550, 300), (200, 30, 30))
    large = Image.new("RGB", (700, 500), (30, 200, 30))
    pictures = [Picture(small, "Set-up"), Picture(large, "Move 1/1", "Picture 2/2", 1.0)]
    animation = animate(pictures)
    layout = frame_layout(pictures)
    first, last = frames_of(animation.data)
    assert first.size == last.size == animation.size == layout.size and inline_size(*layout.size) == INLINE_BOX
    width, height = layout.size
    top = layout.band + (height - layout.band - 500) // 2
    assert first.getpixel((width // 2, top + 1)) == (200, 30, 30)
    assert first.getpixel(((width - 550) // 2 - 2, top + 150)) != (200, 30, 30)  # the background beside it
    assert last.getpixel(((width - 700) // 2, top)) == (30, 200, 30)
    assert last.getpixel(((width - 700) // 2 - 1, top)) != (30, 200, 30)
    assert first.getpixel((width // 2, 5)) != (200, 30, 30)  # the caption band above
    tall = frame_layout([Picture(Image.new("RGB", (880, 833)), "x")])
    assert tall.caption > layout.caption and tall.caption * inline_scale(*tall.size) >= 11
