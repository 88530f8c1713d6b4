"""What the renderer tests share: a catalog that records what a picture asks for, and the purity check."""

from __future__ import annotations

import copy
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PIL import Image

from renderers.core import to_png


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


def assert_same_bytes(views: list[dict[str, Any]], draw: Callable[[dict[str, Any]], Image.Image],
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
