"""The text kit of the boards: the one place where text is measured into a box.

- one line: `fit_line` (smaller down to a floor, then narrower letters, then cut with "…"), drawn by
  `put_fitted` (on an image) or `draw_text` (on an ImageDraw); `ellipsize` is the cut itself;
- a block: `wrap_block` (at most N lines of a width, the largest size that holds it whole, else cut at the
  smallest), over `wrap`, the one greedy line breaker; `name_lines` for a name laid out evenly, split at
  its syllables;
- a player: `player_name`, their name as far as the house font draws it, else "Player n".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from renderers.core.canvas import (
    ELLIPSIS,
    SQUEEZES,
    Color,
    Words,
    drawable,
    font,
    line_height,
    put_text,
    stamp_text,
    text_width,
)

# What `wrap` does with a word (or, with hyphens, a piece of one) wider than the whole line: "cut" it
# with an ellipsis, "break" it between letters over several lines, or "keep" it whole on a line of its
# own, wider than the width (for a caller that narrows or cuts each line as it draws it).
LongWords = Literal["cut", "break", "keep"]

# A hyphenated word may break after each hyphen ("Castilla-" / "La Mancha").
AFTER_HYPHEN = re.compile(r"(?<=-)")


def player_name(words: Words, names: Sequence[str], seat: int) -> str:
    """A seat's player as the pictures name them: the name as far as the house font can draw it (a
    name of only emoji or CJK has no glyphs in DejaVu), else "Player n", which the seat's colour ties
    to the bot's text messages; a seat without a name (beyond `names`) is "Player n" too."""
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    return name or words.msg("core.picture.player_n", n=seat + 1)


# --- one line --------------------------------------------------------------------------------------------

def ellipsize(text: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    """`text`, cut with an ellipsis if needed so it is at most `max_width` pixels wide."""
    if text_width(text, fnt) <= max_width:
        return text
    low, high = 0, len(text)
    # Binary search on the kept prefix: widths grow monotonically with it.
    while low < high:
        mid = (low + high + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, fnt) <= max_width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS if low else ELLIPSIS


def fit_line(text: str, width: float, size: int, min_size: int, bold: bool = False,
             squeezes: Sequence[float] = SQUEEZES) -> tuple[str, int, float]:
    """(the text, its size, its squeeze) to fit one line of `width` px: smaller down to `min_size`,
    then narrower down to the last squeeze, then cut with an ellipsis."""
    for sz in range(size, min_size - 1, -1):
        if text_width(text, font(sz, bold)) <= width:
            return text, sz, 1.0
    natural = text_width(text, font(min_size, bold))
    for squeeze in squeezes[1:]:
        if natural * squeeze <= width:
            return text, min_size, squeeze
    squeeze = squeezes[-1]
    return ellipsize(text, font(min_size, bold), width / squeeze), min_size, squeeze


ANCHORS = {"left": "lm", "center": "mm", "right": "rm"}


def put_fitted(image: Image.Image, box: tuple[float, float, float, float], text: str, size: int, fill: Color,
               bold: bool = False, align: str = "left", *, min_size: int | None = None,
               squeezes: Sequence[float] = SQUEEZES, stroke: int = 0, stroke_fill: Color = (0, 0, 0),
               put: Callable[..., Any] | None = None) -> float:
    """One line of `text` in the pixel `box` (left, top, right, bottom), centred on its middle and
    aligned left, center or right, that never spills: at `size`, else smaller down to `min_size` (the
    picture's readable floor; None: `size` only), then narrower down to the last of `squeezes`
    (`(1.0,)`: never narrower), then cut with an ellipsis. Returns the width drawn.

    `put` draws it (`put_text` unless given): a board passes its own module's `put_text`, so that
    whatever wraps that name (the renderer tests record every text drawn) sees these lines too."""
    left, top, right, bottom = box
    floor = size if min_size is None else min(size, min_size)
    shown, sz, squeeze = fit_line(text, right - left, size, floor, bold, squeezes)
    x = {"center": (left + right) / 2, "right": right}.get(align, left)
    (put or put_text)(image, (x, (top + bottom) / 2), shown, sz, fill, bold, ANCHORS.get(align, "lm"), squeeze,
                      stroke, stroke_fill)
    return text_width(shown, font(sz, bold)) * squeeze




# --- a block of lines ------------------------------------------------------------------------------------

def _wrap(text: str, fnt: ImageFont.FreeTypeFont, max_width: float, long_words: LongWords,
          hyphens: bool) -> tuple[list[str], bool]:
    """Greedy wrap (see `wrap`), and whether a word was cut."""
    lines: list[str] = []
    current = ""
    cut = False
    for word in text.split():
        pieces = [piece for piece in AFTER_HYPHEN.split(word) if piece] if hyphens else [word]
        for k, piece in enumerate(pieces):
            glue = "" if k else " "  # the pieces of a hyphenated word join without a space
            candidate = f"{current}{glue}{piece}" if current else piece
            if text_width(candidate, fnt) <= max_width:
                current = candidate
                continue
            if current:
                lines.append(current)
            if long_words == "keep":
                current = piece
            elif long_words == "cut":
                current = ellipsize(piece, fnt, max_width)
                cut = cut or current != piece
            else:
                current = ""
                for char in piece:
                    if current and text_width(current + char, fnt) > max_width:
                        lines.append(current)
                        current = ""
                    current += char
    if current:
        lines.append(current)
    return lines or [""], cut


def wrap(text: str, fnt: ImageFont.FreeTypeFont, max_width: float, long_words: LongWords = "cut",
         hyphens: bool = False) -> list[str]:
    """`text` over lines of at most `max_width` px, filled greedily: each word goes on the line if it
    fits, else starts the next one (with `hyphens`, a hyphenated word may also break after a hyphen).
    A word wider than a whole line is cut, broken or kept whole as `long_words` says."""
    return _wrap(text, fnt, max_width, long_words, hyphens)[0]


class Block(NamedTuple):
    """A text wrapped for a box: its lines, the font size and the squeeze (narrower letters, 1.0: none)
    they are drawn at, and whether any of it was cut with an ellipsis to fit."""

    lines: list[str]
    size: int
    cut: bool
    squeeze: float = 1.0


def wrap_block(text: str, width: float, size: int, *, max_lines: int | None = None, min_size: int | None = None,
               bold: bool = False, long_words: LongWords = "cut", hyphens: bool = False,
               squeezes: Sequence[float] = (1.0,)) -> Block:
    """`text` over at most `max_lines` lines (None: any number) of `width` px: at the largest size from
    `size` down to `min_size` (None: `size` only) that holds it whole, with the widest letters of
    `squeezes` that give it the fewest lines; if no size does, at the smallest, its lines beyond
    `max_lines` dropped and the last one ended with an ellipsis (`cut`). Long words: see `wrap`."""
    floor = size if min_size is None else min(size, min_size)
    lines: list[str] = []
    cut, squeeze = False, 1.0
    for sz in range(size, floor - 1, -1):
        fnt = font(sz, bold)
        best: tuple[list[str], bool, float] | None = None
        for narrow in squeezes:
            tried, word_cut = _wrap(text, fnt, width / narrow, long_words, hyphens)
            if best is None or (word_cut, len(tried)) < (best[1], len(best[0])):
                best = (tried, word_cut, narrow)
        assert best is not None
        lines, cut, squeeze = best
        if not cut and (max_lines is None or len(lines) <= max_lines):
            return Block(lines, sz, False, squeeze)
    if max_lines is not None and len(lines) > max_lines:
        fnt = font(floor, bold)
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + ELLIPSIS, fnt, width / squeeze)
        cut = True
    return Block(lines, floor, cut, squeeze)


def draw_lines(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    lines: list[str],
    fnt: ImageFont.FreeTypeFont,
    fill: Color,
    align: str = "left",
) -> None:
    """Draw `lines` vertically centred in `box` (left, top, right, bottom)."""
    left, top, right, bottom = box
    step = line_height(fnt)
    y = top + (bottom - top - step * len(lines)) / 2
    for text in lines:
        if align == "center":
            x = left + (right - left - text_width(text, fnt)) / 2
        elif align == "right":
            x = right - text_width(text, fnt)
        else:
            x = left
        # Glyphs stamped from a cache (the same pixels as draw.text with anchor "la" at a whole pixel):
        # boards redraw the same names and labels on every render.
        stamp_text(draw, (x, y), text, fnt, fill)
        y += step


def draw_text(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    text: str,
    size: int,
    fill: Color,
    bold: bool = False,
    align: str = "left",
    min_size: int | None = None,
) -> ImageFont.FreeTypeFont:
    """Fit `text` on one line in `box` (shrinking to `min_size`, then ellipsizing: `fit_line` without
    narrower letters) and draw it; returns the font drawn with. (`put_fitted` draws on an image.)"""
    left, top, right, bottom = box
    floor = size if min_size is None else min(size, min_size)
    shown, sz, _squeeze = fit_line(text, right - left, size, floor, bold, (1.0,))
    fnt = font(sz, bold)
    draw_lines(draw, box, [shown], fnt, fill, align)
    return fnt




# --- names over several lines (a card's, an area's) ---------------------------------------------------------

VOWELS = frozenset("aeiouyàèéìíòóùúïüAEIOUYÀÈÉÌÍÒÓÙÚÏÜ")


@lru_cache(maxsize=8)
def syllable_table(hyphenated: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Words written with hyphens between their syllables ("Con-cen-tra-ció"), by the word."""
    return {word.replace("-", ""): tuple(word.split("-")) for word in hyphenated}


def _cut(word: str, limit: float, fnt: ImageFont.FreeTypeFont) -> int | None:
    """Where to split a word too wide for a line: between two consonants (Super-potenza, Commis-sariato)
    if it can, else after a vowel, the nearer the middle the better; None if no first part fits."""
    cuts = [k for k in range(3, len(word) - 2) if text_width(word[:k] + "-", fnt) <= limit]
    if not cuts:
        return None

    def score(k: int) -> tuple[int, float]:
        before, after = word[k - 1], word[k]
        letters = before.isalpha() and after.isalpha()
        if letters and before not in VOWELS and after not in VOWELS:
            rank = 0
        elif letters and before in VOWELS and after not in VOWELS:
            rank = 1
        else:
            rank = 2
        return rank, abs(k - len(word) / 2)

    return min(cuts, key=score)


def _name_pieces(text: str, limit: float, fnt: ImageFont.FreeTypeFont,
                 syllables: tuple[str, ...]) -> list[tuple[str, bool, bool]]:
    """A name as (piece, joined to the one before, its word goes on after it): a word of the
    `syllables` table in its syllables (it may break after any of them), any other word whole, or if
    it is wider than `limit` even so, cut where `_cut` says."""
    table = syllable_table(syllables)
    pieces = []
    for word in text.split():
        parts = table.get(word)
        if parts is None:
            cuts: list[str] = []
            while text_width(word, fnt) > limit and (cut := _cut(word, limit, fnt)) is not None:
                cuts.append(word[:cut])
                word = word[cut:]
            parts = (*cuts, word)
        for k, part in enumerate(parts):
            pieces.append((part, k > 0, k < len(parts) - 1))
    return pieces


@lru_cache(maxsize=1024)
def name_lines(text: str, width: int, max_lines: int, size: int, bold: bool = False,
               squeezes: tuple[float, ...] = SQUEEZES,
               syllables: tuple[str, ...] = ()) -> tuple[tuple[str, ...], float]:
    """A name on at most `max_lines` lines of `width` px at `size` (never smaller: the readable size),
    and the squeeze to draw them with: the fewest lines, then the fewest split words, then the most
    even lines, then the widest letters. A word splits (with a hyphen) at its syllables when it is in
    `syllables` (hyphenated words, see `syllable_table`), else only if it is too wide for a line even
    at the narrowest squeeze, between consonants where it can; a name that still does not fit is cut
    with an ellipsis."""
    fnt = font(size, bold)
    pieces = _name_pieces(text, width / squeezes[-1], fnt, syllables)
    if not pieces:
        return ("",), 1.0

    def line(i: int, j: int) -> str:
        """Pieces i..j-1 as one line, with a hyphen where a split word goes on."""
        out = pieces[i][0]
        for part, joined, _more in pieces[i + 1:j]:
            out += part if joined else " " + part
        return out + ("-" if pieces[j - 1][2] else "")

    best: tuple[tuple[float, ...], tuple[str, ...], float] | None = None
    for squeeze in squeezes:
        limit = width / squeeze
        # plans[i]: the best (lines, split words, sum of squared slack, lines) for pieces i.. onwards
        plans: dict[int, tuple[int, int, float, tuple[str, ...]]] = {len(pieces): (0, 0, 0.0, ())}
        for i in range(len(pieces) - 1, -1, -1):
            options = []
            for j in range(i + 1, len(pieces) + 1):
                shown = line(i, j)
                w = text_width(shown, fnt)
                if w > limit and j > i + 1:
                    break
                count, splits, slack, rest = plans[j]
                options.append((count + 1, splits + pieces[j - 1][2], slack + (limit - w) ** 2, (shown, *rest)))
            plans[i] = min(options, key=lambda o: o[:3])
        count, splits, slack, lines = plans[0]
        fits = all(text_width(s, fnt) <= limit for s in lines)
        score = (count if fits else 99, splits, slack * squeeze * squeeze, -squeeze)
        if best is None or score < best[0]:
            best = (score, lines, squeeze)
    assert best is not None
    _score, lines, squeeze = best
    if len(lines) > max_lines or not all(text_width(s, fnt) * squeeze <= width for s in lines):
        kept = list(lines[:max_lines])
        kept[-1] = kept[-1] + ELLIPSIS
        lines = tuple(ellipsize(s, fnt, width / squeeze) for s in kept)
    return lines, squeeze
