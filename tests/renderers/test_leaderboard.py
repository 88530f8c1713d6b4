"""The leaderboard picture (renderers/leaderboard.py): sizes, readable inline (the 550 × 350 box) in every
language, the rows where they belong (the sample PNGs: `python -m bench.samples`)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot import leaderboard as lb
from bot.i18n import LOCALES, words
from renderers import leaderboard as picture
from renderers.core import BOARD_SIZE, INLINE_MIN_TEXT, PALETTE, font, inline_scale, recording_font_sizes, text_width
from renderers.samples import leaderboard as samples
from renderers.samples.leaderboard import LONG, NAMES, ROWS
from tests.renderers.helpers import (
    RecordingWords,
    assert_same_bytes,
    smallest_inline_text,
)


def data(game: str = "spyfall", rows: list[dict[str, float]] | None = None, asker: int | None = 12,
         names: dict[int, str] | None = None, period: str = "month") -> dict[str, Any]:
    """The picture's data for `rows` (by default the sample rows) of `game`, as the bot builds it."""
    return samples.Builders(lb.board, lb.picture).data(game, rows, asker, names, period)


CASES = samples.cases(lb.board, lb.picture)


def test_size_follows_the_rows() -> None:
    """1100 px wide (twice the inline box); each row adds a row step, the asker's own row a gap too, the
    footnote its line; the top ten, the asker's row and the footnote stay within 700 px, so the picture is
    shown inline at half size."""
    full = picture.render(CASES["full_points"], words("en"))
    one = picture.render(CASES["one_row"], words("en"))
    assert full.width == one.width == picture.WIDTH == BOARD_SIZE[0]
    assert full.height <= BOARD_SIZE[1] and inline_scale(*full.size) == 0.5
    rows = CASES["full_points"]["rows"]
    assert len(rows) == 11 and rows[-1]["extra"] and any(r["rate"] is None for r in rows)
    assert full.height == picture.row_box(10, True)[3] + picture.FOOTNOTE + picture.MARGIN
    assert one.height == picture.row_box(0)[3] + picture.MARGIN  # 7 of 12 games: a rate, no footnote
    assert picture.row_box(10, True)[1] - picture.row_box(9)[1] == picture.ROW_STEP + picture.GAP


def draw(case: dict[str, Any], locale: str, _names: list[str]) -> Image.Image:
    return picture.render(case, words(locale))


def test_readable_inline_in_every_language() -> None:
    """No text smaller than 12 px (INLINE_MIN_TEXT is 10) as shown in the inline box, whatever the names and
    the language, with the top ten, the asker's row and the footnote."""
    everything = [*NAMES.values(), *LONG.values(), "Game night", "🎲🎲"]
    smallest = smallest_inline_text(list(CASES.values()), draw, lambda: None, [everything])
    assert smallest >= 12 >= INLINE_MIN_TEXT


def test_the_readability_check_can_fail() -> None:
    """The measure sees a font too small for the box (19 px on the 1100 px picture: 9.5 px as shown)."""
    with recording_font_sizes() as sizes:
        image = picture.render(CASES["full_points"], words("en"))
        font(19)
    assert min(sizes) * inline_scale(*image.size) < INLINE_MIN_TEXT


def test_medals_first_row_and_the_asker_row() -> None:
    """Gold, silver and bronze discs for ranks 1-3; the first row gold-framed; the asker's row framed after
    the dots of the rows left out."""
    image = picture.render(CASES["full_points"], words("en")).convert("RGB")
    for index, rank in enumerate((1, 2, 3)):
        _, top, _, bottom = picture.row_box(index)
        # left of the digit, inside the disc
        assert image.getpixel((picture.RANK_X - 12, round((top + bottom) / 2))) == picture.MEDALS[rank]
    _, top, _, bottom = picture.row_box(0)
    assert image.getpixel((picture.WIDTH // 2, round(top) + 1)) == PALETTE["accent"]
    _, top, _, bottom = picture.row_box(10, True)
    assert image.getpixel((picture.WIDTH // 2, round(top))) == PALETTE["muted"]
    assert picture.row_box(9)[3] < picture.dots_y(10) < picture.row_box(10, True)[1]
    assert image.getpixel((picture.RANK_X, round(picture.dots_y(10)))) == PALETTE["faded"]
    assert image.getpixel((picture.RANK_X, round(picture.row_box(4)[1] + picture.ROW_HEIGHT / 2))) != \
        picture.MEDALS[3]  # rank 5: a plain number, no disc


def test_columns_keep_names_room_and_follow_the_points_flag() -> None:
    """A points column only for a game with points; in every language the names keep at least 400 px."""
    for locale in LOCALES:
        catalog = words(locale)
        with_points = [c.key for c in picture.columns(CASES["full_points"], catalog)]
        without = [c.key for c in picture.columns(CASES["full_no_points"], catalog)]
        assert with_points == ["rating", "played", "rate", "points"] and without == ["rating", "played", "rate"]
        assert picture.name_right(CASES["long_names"], catalog) - picture.NAME_LEFT >= 400, locale


def test_long_names_are_cut_before_the_columns() -> None:
    """A 36-letter name is ellipsized: nothing is drawn between the name column and the rating column."""
    image = picture.render(CASES["long_names"], words("en")).convert("RGB")
    cols = picture.columns(CASES["long_names"], words("en"))
    _, top, _, bottom = picture.row_box(3)
    rating = str(CASES["long_names"]["rows"][3]["rating"])  # right-aligned in its column (not provisional)
    assert not CASES["long_names"]["rows"][3]["provisional"]
    strip = image.crop((round(picture.name_right(CASES["long_names"], words("en"))) + 2, round(top) + 4,
                        round(cols[0].right - text_width(rating, font(picture.NUMBER_FONT, True))) - 2,
                        round(bottom) - 4))
    assert strip.width > picture.COLUMN_GAP
    colors = strip.getcolors(1 << 16)
    assert colors is not None and {color for _, color in colors} <= {PALETTE["panel"], PALETTE["panel_alt"]}


def test_words_all_come_from_the_catalogs() -> None:
    """Every id the picture asks for exists in every language."""
    recording = RecordingWords()
    for case in CASES.values():
        picture.render(case, recording)
    assert {"leaderboard.title", "leaderboard.picture.rating", "leaderboard.picture.points",
            "leaderboard.picture.both_notes", "leaderboard.computer",
            "leaderboard.period.month", "leaderboard.picture.unnamed"} - recording.asked \
        == {"leaderboard.picture.unnamed"}
    for locale in LOCALES:
        assert all(words(locale).has(message_id) for message_id in recording.asked), locale


def test_the_computer_line_has_no_rank_and_the_board_stays_within_the_box() -> None:
    """Polls' board (the top ten, the asker's row and the computer's line): the computer's row is framed in the
    faded colour with no rank disc or fill, its rating in the rating column; the picture stays within 700 px
    (the rows closer), so it is still shown at half size."""
    case = CASES["full_no_points"]
    rows = case["rows"]
    index = next(i for i, row in enumerate(rows) if row.get("reference"))
    assert len(rows) == 12 and rows[-1]["extra"] and not rows[index].get("extra")
    image = picture.render(case, words("en")).convert("RGB")
    assert image.height <= BOARD_SIZE[1] and inline_scale(*image.size) == 0.5
    step = picture.row_step(case)
    assert step == picture.TIGHT_STEP < picture.ROW_STEP
    extra = any(row.get("extra") for row in rows[:index + 1])
    _, top, _, bottom = picture.row_box(index, extra, step)
    assert image.getpixel((picture.WIDTH // 2, round(top))) == PALETTE["faded"]  # the frame
    assert image.getpixel((picture.RANK_X, round((top + bottom) / 2))) == PALETTE["background"]  # no disc, no fill


def test_provisional_ratings_are_marked() -> None:
    """A member with fewer than three rated games shows "?" after the rating; the footnote says what it means (with
    the "—" of no win rate in one line when both show; the provisional note alone when only it does)."""
    recording = RecordingWords()
    picture.render(CASES["full_points"], recording)
    assert "leaderboard.picture.both_notes" in recording.asked
    alone = {**CASES["one_row"], "rows": [{**CASES["one_row"]["rows"][0], "provisional": True}]}
    assert picture.notes(alone, words("en")) == "? provisional: fewer than 3 rated games"
    marked = [row for row in CASES["full_points"]["rows"] if row.get("provisional")]
    assert marked and all(picture._number(row, "rating", words("en")).endswith("?") for row in marked)
    assert picture._number(CASES["full_points"]["rows"][0], "rating", words("en")).isdigit()


def test_a_name_the_font_cannot_draw_becomes_member() -> None:
    """A name of only emoji is drawn as "Member" rather than boxes; the same data gives the same bytes."""
    emoji = data(rows=[ROWS[0]], asker=None, names={1: "🎲🎲"})
    recording = RecordingWords()
    picture.render(emoji, recording)
    assert "leaderboard.picture.unnamed" in recording.asked
    assert_same_bytes(list(CASES.values()), lambda case: picture.render(case, words("it")), lambda: None)
