"""What the renderer tests share: a catalog that records what a picture asks for, the purity check, the
readability measure and where the replay test's pictures go (the boards' sample PNGs: `python -m bench.samples`)."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image

from bot.i18n import LOCALES, words
from renderers.alt import LIMIT
from renderers.core import CHAT_WIDTH, drawable, inline_scale, recording_font_sizes, to_png

# What a description must never hold: a message id left unworded ("arditi.picture.alt.scores") or a placeholder
# left unfilled ("{player}").
MESSAGE_ID = re.compile(r"\b(?:alt|core|leaderboard|replay|spyfall|polls|junta|som|arditi)(?:\.[a-z0-9_]+)+")
PLACEHOLDER = re.compile(r"\{\w*\}")
# A view of any game (its TypedDict), as the picture helpers below hand it to a game's renderer.
V = TypeVar("V")


class RecordingWords:
    """A catalog that answers with the ids it is asked for and remembers them."""

    def __init__(self) -> None:
        self.locale = "en"
        self.asked: set[str] = set()

    def msg(self, message_id: str, names: Any = None, /, **params: Any) -> str:
        self.asked.add(message_id)
        return message_id

    def plural(self, message_id: str, count: int, names: Any = None, /, **params: Any) -> str:
        return self.msg(message_id, names, count=count, **params)


def assert_same_bytes(views: list[V], draw: Callable[[V], Image.Image],
                      clear_caches: Callable[[], None]) -> None:
    """Same view, same PNG bytes (warm, cold, in threads); drawing leaves the views untouched."""
    before = copy.deepcopy(views)
    expected = [to_png(draw(v)) for v in views]
    assert [to_png(draw(v)) for v in views] == expected
    clear_caches()
    assert [to_png(draw(v)) for v in views] == expected
    clear_caches()
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(lambda v: to_png(draw(v)), views * 2)) == expected * 2
    assert views == before



def artifacts_dir(game: str) -> Path:
    """tests/artifacts/<game>/ (gitignored), made if missing: where a renderer's sample PNGs go."""
    path = Path(__file__).resolve().parents[1] / "artifacts" / game
    path.mkdir(parents=True, exist_ok=True)
    return path


def smallest_shown_text(views: list[V], draw: Callable[[V, str, list[str]], Image.Image],
                        clear_caches: Callable[[], None], name_sets: list[list[str]]) -> float:
    """The smallest text of all `views` in every language and with each set of names, in pixels as shown
    550 px wide. Caches are cleared before each language and set of names, so cached sprites draw (and
    the recording sees) their texts again."""
    for names in name_sets:
        for name in names:
            drawable(name)  # the glyph probe measures at 20 px once per character; it draws nothing
    smallest = float("inf")
    for locale in LOCALES:
        for names in name_sets:
            clear_caches()
            with recording_font_sizes() as sizes:
                widths = [draw(view, locale, names).width for view in views]
            assert sizes, "no font was asked for: the recording sees nothing"
            smallest = min(smallest, min(sizes) * CHAT_WIDTH / max(widths))
    return smallest


def smallest_inline_text(views: list[V], draw: Callable[[V, str, list[str]], Image.Image],
                         clear_caches: Callable[[], None], name_sets: list[list[str]]) -> float:
    """The smallest text of all `views` in every language and with each set of names, in pixels as shown in
    the inline box (renderers.core.INLINE_BOX: a tall picture shrinks to the box's height)."""
    for names in name_sets:
        for name in names:
            drawable(name)
    smallest = float("inf")
    for locale in LOCALES:
        for names in name_sets:
            clear_caches()
            with recording_font_sizes() as sizes:
                scales = [inline_scale(*draw(view, locale, names).size) for view in views]
            assert sizes, "no font was asked for: the recording sees nothing"
            smallest = min(smallest, min(sizes) * min(scales))
    return smallest


def described(describe: Callable[..., str], *args: Any) -> dict[str, str]:
    """A picture's description (`describe(*args, words)`) in every language, each checked: present, within
    Discord's limit, every message worded and every placeholder filled."""
    found: dict[str, str] = {}
    for locale in LOCALES:
        text = describe(*args, words(locale))
        assert text.strip(), f"{locale}: no description"
        assert len(text) <= LIMIT, f"{locale}: {len(text)} characters"
        assert not MESSAGE_ID.search(text), f"{locale}: a message id is left in {text!r}"
        assert not PLACEHOLDER.search(text), f"{locale}: a placeholder is left in {text!r}"
        found[locale] = text
    return found


def sample_states(corpus: Any, game_id: str, games: int, middle: int) -> list[Any]:
    """A few states of each of the corpus' first `games` games of `game_id`: the start, `middle` at random
    (seeded) and the end."""
    pick = random.Random(25)
    found = []
    for seed in range(games):
        states = list(corpus.playout(game_id, seed).states)
        found += [states[0], *pick.sample(states, min(middle, len(states))), states[-1]]
    return found
