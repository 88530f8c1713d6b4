"""What the renderer tests share: a catalog that records what a picture asks for, the purity check, the
readability measure and where the replay test's pictures go (the boards' sample PNGs: `python -m bench.samples`)."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image

from bot.i18n import LOCALES, words
from renderers.alt import LIMIT
from renderers.core import CHAT_WIDTH, inline_scale, recording_font_sizes, to_png

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



def same_picture(a: Image.Image, b: Image.Image) -> bool:
    """Whether two drawings are the same picture, pixel for pixel. The PNG a player gets is a pure function of
    the picture (`to_png`; `assert_same_bytes` checks it stays so), so the same pixels are the same PNG bytes:
    a check that two views draw alike compares pixels, which is stricter than the PNGs (the palette may merge
    close colours) and spares two encodings."""
    return a.mode == b.mode and a.size == b.size and a.tobytes() == b.tobytes()


def artifacts_dir(game: str) -> Path:
    """tests/artifacts/<game>/ (gitignored), made if missing: where a renderer's sample PNGs go."""
    path = Path(__file__).resolve().parents[1] / "artifacts" / game
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass(frozen=True)
class Shown:
    """What the tests look at of one picture of `draw_every_way`: its size and mode, its PNG's length (what
    players get; 0 when not asked for) and what `look` measured of it."""
    size: tuple[int, int]
    mode: str
    png_bytes: int
    seen: Any


@dataclass
class Drawing:
    """Every view drawn once in every language with each set of names: `pictures[(locale, k, view)]` (k: the
    set of names' index) and the font sizes asked for while each language and set of names was drawn."""
    pictures: dict[tuple[str, int, str], Shown]
    sizes: dict[tuple[str, int], set[int]]

    def smallest_shown_text(self) -> float:
        """The smallest text in pixels as shown 550 px wide (the widest picture of a language and set of names
        scaled to CHAT_WIDTH)."""
        return min(min(sizes) * CHAT_WIDTH / max(p.size[0] for (lo, k, _v), p in self.pictures.items()
                                                  if (lo, k) == group)
                   for group, sizes in self.sizes.items())

    def smallest_inline_text(self) -> float:
        """The smallest text in pixels as shown in the inline box (renderers.core.INLINE_BOX)."""
        return min(min(sizes) * min(inline_scale(*p.size) for (lo, k, _v), p in self.pictures.items()
                                    if (lo, k) == group)
                   for group, sizes in self.sizes.items())


def draw_every_way(views: dict[str, V], draw: Callable[[V, str, list[str]], Image.Image],
                   clear_caches: Callable[[], None], name_sets: list[list[str]], png: bool = False,
                   look: Callable[[str, Image.Image], Any] = lambda _name, _image: None) -> Drawing:
    """Each of `views` drawn in every language and with each set of names, once, for every test that looks at
    these pictures: the readability measures read its font sizes, the tests of every case its `Shown` (with
    the PNG's length if `png`, and `look(view name, picture)`). Caches are cleared before each language and set
    of names, so cached sprites draw (and the recording sees) their texts again."""
    drawing = Drawing({}, {})
    for locale in LOCALES:
        for k, names in enumerate(name_sets):
            clear_caches()
            with recording_font_sizes() as sizes:
                for name, view in views.items():
                    image = draw(view, locale, names)
                    drawing.pictures[(locale, k, name)] = Shown(image.size, image.mode,
                                                                len(to_png(image)) if png else 0, look(name, image))
            assert sizes, "no font was asked for: the recording sees nothing"
            drawing.sizes[(locale, k)] = sizes
    return drawing


def smallest_shown_text(views: list[V], draw: Callable[[V, str, list[str]], Image.Image],
                        clear_caches: Callable[[], None], name_sets: list[list[str]]) -> float:
    """The smallest text of all `views` in every language and with each set of names, in pixels as shown
    550 px wide (`draw_every_way`)."""
    return draw_every_way(dict(zip(map(str, range(len(views))), views, strict=True)), draw, clear_caches,
                          name_sets).smallest_shown_text()


def smallest_inline_text(views: list[V], draw: Callable[[V, str, list[str]], Image.Image],
                         clear_caches: Callable[[], None], name_sets: list[list[str]]) -> float:
    """The smallest text of all `views` in every language and with each set of names, in pixels as shown in
    the inline box (renderers.core.INLINE_BOX: a tall picture shrinks to the box's height)."""
    return draw_every_way(dict(zip(map(str, range(len(views))), views, strict=True)), draw, clear_caches,
                          name_sets).smallest_inline_text()


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
