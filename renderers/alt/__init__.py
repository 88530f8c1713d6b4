"""Pictures in words: the description (alt text) sent with every picture, for whoever cannot see it.

Discord reads an attachment's `description` to a screen reader (and shows it when the picture does not
load). Each game's `describe(view, names, words)` (renderers/alt/<game>.py) says in a few sentences what
its board picture shows: what the game waits on and from whom, the score or standing, then the board's
main facts. Like a renderer it is a pure function of a view (never a state), so it can name nothing the
view does not hold, and the bot hands it the very view the picture is drawn from, in the picture's
language. The most important sentences come first: a description longer than Discord takes (`LIMIT`) is
cut at a word's end, so what is cut is the least important detail.

Names are as the picture draws them (the renderer's own name function): the description says what the
picture shows, and the embed beside it has the whole names.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from renderers.core import ELLIPSIS, Words

LIMIT = 1024  # characters of an attachment's description on Discord
ENDINGS = (".", "!", "?", ELLIPSIS, ":")
BULLET = " · "  # between the parts of a picture's line


def cut(text: str, limit: int = LIMIT) -> str:
    """`text` in at most `limit` characters: cut after its last whole word that fits, with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    room = text[: limit - len(ELLIPSIS) + 1]  # one more: a space there means the word before it is whole
    kept = room[: room.rfind(" ")] if " " in room else room[: limit - len(ELLIPSIS)]
    return kept.rstrip(" ,;:·") + ELLIPSIS


def sentence(text: str) -> str:
    """A clause as a sentence: capitalised, with a full stop unless it ends in punctuation already."""
    text = text.strip()
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text.endswith(ENDINGS) else text + "."


def finish(words: Words, sentences: Iterable[str], limit: int = LIMIT) -> str:
    """The description: the sentences in order (empty ones left out), cut to `limit` characters. The
    pictures' " · " between the parts of a line is read as a list (a screen reader may say "dot")."""
    text = " ".join(s for s in (sentence(x) for x in sentences) if s)
    return cut(text.replace(BULLET, words.msg("core.list_separator")), limit)


def listed(words: Words, items: Iterable[str]) -> str:
    """Items in a list, separated as the reader's language separates them."""
    return words.msg("core.list_separator").join(item for item in items if item)


def labelled(words: Words, label: str, items: Iterable[str]) -> str:
    """"Label: a, b, c" ("" when there is no item)."""
    shown = listed(words, items)
    return words.msg("alt.labelled", label=label, items=shown) if shown else ""


def numbers(values: Iterable[object]) -> list[str]:
    """Numbers as the list's items."""
    return [str(v) for v in values]


def scores(names: Sequence[str], points: Sequence[object]) -> list[str]:
    """"Alice 3" for each seat, in seat order (the order of the picture's rows)."""
    return [f"{name} {point}" for name, point in zip(names, points, strict=False)]
