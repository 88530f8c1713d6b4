"""Sample cases of the boards: public views of every situation a renderer must draw, built from seeded
engine games (steered towards the rare situations) and a few hand edits of them.

Shared by the renderer tests (tests/renderers/), which check the pictures of these views, and by
`python -m bench.samples`, which writes them as PNGs for a person to look at; neither imports the
other. One module per game (`renderers.samples.arditi`, …): its names lists, its seeded `games()` and
its `cases(games)`. Pure: the games are seeded, nothing is read or written; importing a module plays
nothing. Nothing here imports the bot: the leaderboard's cases take the bot's builders as arguments.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from PIL import Image

from games.core.protocol import Game
from games.core.rng import SeededRng
from renderers.core import CHAT_WIDTH, INLINE_BOX, inline_size

State = dict[str, Any]


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


Move = tuple[int, dict[str, Any]]


def steered_playout(game: Game, state: Any, seed: int, pick: random.Random, prefer: Callable[[list[Move]], list[Move]],
                    odds: float, limit: int) -> list[Any]:
    """Every state of one seeded game from `state` (its set-up): each move is taken among `prefer(moves)`
    with probability `odds`, else among every legal move; steered so the sample situations come up."""
    states = [state]
    step = 1
    while state["phase"] != "game_over":
        if step >= limit:
            raise RuntimeError(f"the {game.id} sample game of seed {seed} does not end")
        moves = [(seat, action) for seat in sorted(game.to_act(state)) for action in game.legal_actions(state, seat)]
        preferred = prefer(moves)
        seat, action = pick.choice(preferred if pick.random() < odds else moves)
        state = game.apply(state, seat, action, SeededRng(seed, step))
        states.append(state)
        step += 1
    return states
