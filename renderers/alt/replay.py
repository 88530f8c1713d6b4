"""A replay's animation in words (renderers/animation.py): what it is, how many pictures from the set-up to the end,
and its last picture (the final board) as the game's own description says it."""

from __future__ import annotations

from renderers.alt import finish, labelled
from renderers.core import Words


def describe(game: str, pictures: int, moves: int, final: str, words: Words) -> str:
    """The animation of `pictures` pictures of a game of `moves` moves whose last picture `final` describes."""
    return finish(words, [words.plural("replay.alt.animation", pictures, game=game,
                                       moves=words.plural("replay.moves", moves)),
                          labelled(words, words.msg("replay.alt.last"), [final] if final else [])])
