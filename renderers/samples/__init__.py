"""Sample cases of the boards: public views of every situation a renderer must draw, built from seeded
engine games (steered towards the rare situations) and a few hand edits of them.

Shared by the renderer tests (tests/renderers/), which check the pictures of these views, and by
`python -m bench.samples`, which writes them as PNGs for a person to look at; neither imports the
other. One module per game (`renderers.samples.arditi`, …): its names lists, its seeded `games()` and
its `cases(games)`. Pure: the games are seeded, nothing is read or written; importing a module plays
nothing. Nothing here imports the bot: the leaderboard's cases take the bot's builders as arguments.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from renderers.core import CHAT_WIDTH, INLINE_BOX, inline_size

State = dict[str, Any]
View = dict[str, Any]


class NoSampleError(LookupError):
    """The seeded games reached no view of a situation a sample needs (the engine or a seed changed)."""


def as_shown_inline(image: Image.Image) -> Image.Image:
    """The picture as a player sees it in the channel: scaled into the inline box on a chat-coloured
    ground the size of the box (for sample PNGs a person looks at)."""
    shown = image.convert("RGB").resize(inline_size(*image.size), Image.Resampling.LANCZOS)
    ground = Image.new("RGB", INLINE_BOX, (49, 51, 56))
    ground.paste(shown, (0, 0))
    return ground


def chat_wide(image: Image.Image) -> Image.Image:
    """A tall picture as read when opened in the chat: 550 px wide."""
    return image.resize((CHAT_WIDTH, round(image.height * CHAT_WIDTH / image.width)), Image.Resampling.LANCZOS)
