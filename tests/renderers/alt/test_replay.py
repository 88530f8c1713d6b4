"""A replay's animation in words (renderers/alt/replay.py): in every language, within Discord's limit, how many
pictures and moves, and the last picture's own description."""

from __future__ import annotations

from bot.i18n import words
from renderers.alt import LIMIT
from renderers.alt.replay import describe
from tests.renderers.helpers import described


def test_the_animation_is_described_in_every_language() -> None:
    """The game, its moves, the pictures and the final board's description, in the four languages."""
    texts = described(describe, "Spyfall", 24, 412, "Spyfall scoreboard: Game over.")
    assert texts["en"] == ("Animated replay of Spyfall (412 moves): 24 pictures, from the set-up to the end. "
                           "The last picture: Spyfall scoreboard: Game over.")
    assert texts["it"].startswith("Replay animato di Spyfall (412 mosse): 24 immagini")
    assert describe("Junta", 1, 1, "", words("es")) == ("Repetición animada de Junta (1 jugada): 1 imagen, de la "
                                                         "preparación al final.")


def test_a_long_final_board_is_cut() -> None:
    """The final board's description comes after the replay's own words, and what does not fit is cut."""
    text = describe("Som el que decidim!", 60, 900, "word " * 400, words("ca"))
    assert len(text) <= LIMIT and text.endswith("…") and text.startswith("Repetició animada de Som el que decidim!")
