"""The text kit of the boards (renderers/core/text.py): one line fitted, a block wrapped, a player's name.

Widths are set up from `text_width` (the measure every fitting rests on), with the facts each case needs
asserted first, so that a change of font cannot make a case pass for another reason than its own."""

from __future__ import annotations

from bot.i18n import words
from renderers.core import (
    ELLIPSIS,
    drawable,
    fit_line,
    font,
    player_name,
    recording_font_sizes,
    text_width,
    wrap,
    wrap_block,
)
from renderers.core.canvas import has_glyph


def width(text: str, size: int = 20, bold: bool = False) -> float:
    return text_width(text, font(size, bold))


def test_a_line_that_fits_keeps_its_size_and_letters() -> None:
    """A line narrower than the box is drawn whole, at the size asked, with letters of their own width."""
    assert fit_line("Alice", width("Alice") + 1, 20, 12) == ("Alice", 20, 1.0)


def test_a_line_shrinks_to_the_largest_size_that_fits() -> None:
    """Too wide at 20 px and at 17 px but not at 16 px: drawn at 16, not narrowed, not cut."""
    text = "Roberto Sánchez"
    box = width(text, 16)
    assert width(text, 17) > box
    assert fit_line(text, box, 20, 12) == (text, 16, 1.0)


def test_a_line_is_narrowed_below_the_floor_before_it_is_cut() -> None:
    """Too wide at the floor: the first squeeze that makes it fit; past the last squeeze, cut with "…"."""
    text = "Francesca Maria Bianchi"
    natural = width(text, 12)
    assert fit_line(text, natural * 0.9, 20, 12, squeezes=(1.0, 0.95, 0.9, 0.8)) == (text, 12, 0.9)
    shown, size, squeeze = fit_line(text, natural * 0.5, 20, 12, squeezes=(1.0, 0.8))
    assert (size, squeeze) == (12, 0.8)
    assert shown.endswith(ELLIPSIS) and text.startswith(shown[:-1])
    assert width(shown, 12) * squeeze <= natural * 0.5


def test_a_block_breaks_between_words_at_its_width() -> None:
    """Words fill a line while they fit; the next one starts a new line; nothing is cut."""
    box = width("aaa bbb") + 1
    assert width("aaa bbb ccc") > box
    assert wrap_block("aaa bbb ccc", box, 20) == (["aaa bbb", "ccc"], 20, False, 1.0)


def test_a_block_shrinks_until_it_holds_in_its_lines() -> None:
    """One line allowed: the largest size from 20 down at which the whole text fits on one line."""
    text = "Studio cinematografico"
    box = width(text, 15)
    assert width(text, 16) > box
    assert wrap_block(text, box, 20, max_lines=1, min_size=10) == ([text], 15, False, 1.0)


def test_a_block_over_its_lines_is_cut_on_the_last() -> None:
    """Three lines' worth in two lines, with no smaller size allowed: the first two lines, the second
    ending with "…" within the width, and the block says it was cut."""
    box = width("aaa bbb…") + 0.5
    assert width("aaa bbb ccc") > box and width("ccc ddd…") <= box and width("aaa bbb ccc", 18) > box
    assert wrap_block("aaa bbb ccc ddd eee", box, 20, max_lines=2) == (["aaa bbb", "ccc ddd…"], 20, True, 1.0)
    lines, size, cut, _squeeze = wrap_block("aaa bbb ccc ddd eee", box, 20, max_lines=1, min_size=18)
    assert (lines, size, cut) == (["aaa bbb…"], 18, True)


def test_a_long_unbreakable_word_is_cut_broken_or_kept() -> None:
    """A word wider than the line: cut with "…" (and the block is cut), broken between letters, or kept
    whole on its own line, as asked."""
    word = "W" * 10
    box = width("WWWW") + 0.5
    assert width("WWWWW") > box and width("WWW" + ELLIPSIS) <= box < width("WWWW" + ELLIPSIS)
    assert wrap_block(word, box, 20) == (["WWW" + ELLIPSIS], 20, True, 1.0)
    assert wrap_block(word, box, 20, long_words="break") == (["WWWW", "WWWW", "WW"], 20, False, 1.0)
    assert wrap_block(f"a {word} b", box, 20, long_words="keep").lines == ["a", word, "b"]


def test_a_hyphenated_word_may_break_after_its_hyphen() -> None:
    """With hyphens, "Emilia-Romagna" goes over two lines after the hyphen; without, it is one word."""
    box = width("Romagna", bold=True) + 1
    assert width("Emilia-", bold=True) <= box < width("Emilia-Romagna", bold=True)
    assert wrap("Emilia-Romagna", font(20, True), box, long_words="keep", hyphens=True) == ["Emilia-", "Romagna"]
    assert wrap("Emilia-Romagna", font(20, True), box, long_words="keep") == ["Emilia-Romagna"]


def test_narrower_letters_save_lines_at_the_widest_squeeze_that_does() -> None:
    """A name 10 % too wide for one line: not at 0.95 (still too wide), on one line at 0.85."""
    text = "Davide Esposito"
    box = width(text) * 0.9
    assert wrap_block(text, box, 20, squeezes=(1.0, 0.95, 0.85, 0.8)) == ([text], 20, False, 0.85)
    assert wrap_block(text, box, 20) == (["Davide", "Esposito"], 20, False, 1.0)


def test_an_empty_text_is_one_empty_line() -> None:
    """Nothing to wrap still gives one (empty) line, so a caller's line count is never 0."""
    assert wrap_block("", 100, 20) == ([""], 20, False, 1.0)
    assert wrap("   ", font(20), 100) == [""]


def test_a_player_is_named_as_far_as_the_font_draws_else_by_seat() -> None:
    """A drawable name shows (emoji dropped); a name of only emoji, an empty one and a seat beyond the
    names are "Player n" (the seat counted from 1) in the reader's language."""
    names = ["Alice", "🎲 Nat 🎲", "🎲", ""]
    en = words("en")
    assert [player_name(en, names, seat) for seat in range(4)] == ["Alice", "Nat", "Player 3", "Player 4"]
    assert player_name(en, names, 6) == "Player 7"
    assert player_name(words("it"), [], 1) == "Giocatore 2"
    assert player_name(words("es"), ["🎲"], 0) == "Jugador 1"
    assert player_name(words("ca"), [], 0) == "Jugador 1"


def test_the_glyph_probe_is_not_a_size_a_picture_asks_for() -> None:
    """drawable()'s probe of a character not seen before measures it at 20 px, on no picture: a readability
    recording sees no font size (and a test need not warm the probe up before recording)."""
    has_glyph.cache_clear()
    with recording_font_sizes() as sizes:
        assert drawable("Ǿlaf 🎲") == "Ǿlaf"
    with recording_font_sizes() as asked:
        font(20)
    assert sizes == set() and asked == {20}
