"""What every picture's description shares (renderers/alt/__init__.py): cut at a word's end within Discord's
limit, sentences made of clauses, a picture's " · " read as a list."""

from __future__ import annotations

from bot.i18n import words
from renderers.alt import LIMIT, cut, finish, labelled, sentence


def test_a_long_text_is_cut_after_a_whole_word() -> None:
    """A text over the limit keeps its whole words that fit and ends with an ellipsis; a short one is kept as is."""
    text = " ".join(f"word{k}" for k in range(400))
    short = cut(text)
    assert len(short) <= LIMIT and short.endswith("…")
    kept = short[:-1].split()
    assert kept == text.split()[: len(kept)] and len(" ".join(text.split()[: len(kept) + 1])) + 1 > LIMIT
    assert cut("Round 1 of 3.") == "Round 1 of 3."
    assert cut("abcdefghij", 5) == "abcd…"  # one word longer than the limit: cut inside it
    assert cut("ab cd, ef", 8) == "ab cd…"  # the punctuation before the cut goes


def test_clauses_become_sentences() -> None:
    """A clause is capitalised and ends with a full stop unless it has its own punctuation; empty ones vanish;
    " · " between a picture's parts is read as a list in the reader's language."""
    assert sentence("asks next: Bob") == "Asks next: Bob."
    assert sentence("Winner?") == "Winner?"
    assert finish(words("it"), ["round 2 · playing", "", "Bob asks"]) == "Round 2, playing. Bob asks."
    assert labelled(words("en"), "Dice", []) == ""
    assert labelled(words("es"), "Dados", ["4", "3"]) == "Dados: 4, 3"
