"""Spyfall boards (renderers/spyfall/): every phase in every language, readable where players look
(inline, in the 550 × 350 box), nothing secret drawn, the live-round markers where they belong."""

from __future__ import annotations

import copy
import io
import random
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.i18n import LOCALES, words
from games.core.rng import SeededRng
from games.spyfall import GAME
from games.spyfall.locations import LOCATION_NAME
from games.spyfall.view_types import SpyfallView
from renderers import spyfall as board
from renderers.core import (
    BOARD_SIZE,
    CHAT_WIDTH,
    INLINE_MIN_TEXT,
    PALETTE,
    SEAT_COLORS,
    drawable,
    ellipsize,
    font,
    inline_scale,
    recording_font_sizes,
    seat_color,
    stamp_text,
    text_width,
    to_png,
)
from renderers.samples.spyfall import (
    EXAMPLE_PACK,
    LONG_NAME,
    NAMES,
    T0,
    act,
    largest_pack,
    others,
    pack_state,
    playout,
    public,
    story,
)
from renderers.samples.spyfall import longest_pack as samples_longest_pack
from tests.renderers.helpers import RecordingWords, smallest_inline_text
from tests.renderers.secrets_kit import with_other_secrets
from tests.support.corpus import PlayoutCorpus

State = dict[str, Any]
View = SpyfallView
ROUND_PHASES = ("playing", "accusation", "final_vote", "spy_guess")
ALL_PHASES = ("lobby", *ROUND_PHASES, "round_over", "game_over")
MAX_PNG_BYTES = 100 * 1024
Render = Callable[[View, list[str], Any], Image.Image]
PICTURES: dict[str, Render] = {"scores": board.render_scoreboard, "locations": board.render_locations}


# --- building states (renderers/samples/spyfall.py) ----------------------------------------


# The module's fixtures play seeded games and draw them: under pytest-xdist one worker builds them once
# (`--dist loadgroup`, pyproject.toml) instead of each worker its own.
pytestmark = [pytest.mark.slow(10), pytest.mark.xdist_group("renderers_spyfall")]


@pytest.fixture(scope="module")
def cases() -> dict[str, State]:
    """One scripted game of 3 rounds at a table of 6: one state per case the pictures must show."""
    return story()


@pytest.fixture(scope="module")
def full_cases() -> dict[str, State]:
    """The same story at a full table of 8."""
    return story(8)


@pytest.fixture(scope="module")
def games(playout_corpus: PlayoutCorpus) -> list[list[State]]:
    """Random games of 3-8 players, 1-3 rounds and their options: the playout corpus's first 24."""
    return [list(playout_corpus.playout("spyfall", seed).states) for seed in range(24)]


def names_for(n: int) -> list[str]:
    return NAMES[:n]


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, ...]:
    value = image.getpixel((int(x), int(y)))
    assert isinstance(value, tuple)
    return value


def crop(image: Image.Image, box: tuple[float, float, float, float]) -> Image.Image:
    left, top, right, bottom = box
    return image.crop((int(left), int(top), int(right), int(bottom)))


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def row_crop(image: Image.Image, seat: int) -> Image.Image:
    return crop(image, board.score_row(seat))


def strip_crop(image: Image.Image) -> Image.Image:
    return crop(image, (0, 0, image.width, board.STRIP[1] + 4))


# --- every phase, every language ------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("case", ["lobby", "playing", "accusation", "final_vote", "spy_guess", "round_over",
                                  "round_over_wrong_guess", "game_over", "left"])
def test_every_phase_renders_in_every_language(cases: dict[str, State], case: str, locale: str) -> None:
    """Both pictures render for each phase and language, at the fixed width, within 100 KiB; the sheet of the
    built-in locations fits the inline box at half size (1100 px wide, at most 700 high)."""
    view = public(cases[case])
    sheet = board.render_locations(view, names_for(view["n"]), words(locale))
    scores = board.render(view, names_for(view["n"]), words(locale))
    assert sheet.size == (board.SHEET_WIDTH, board.locations_layout(view, words(locale)).height)
    assert sheet.width == BOARD_SIZE[0] and sheet.height <= BOARD_SIZE[1]
    assert scores.width == board.WIDTH and 300 <= scores.height <= 1000
    for image in (sheet, scores):
        data = to_png(image)
        assert data.startswith(b"\x89PNG") and len(data) <= MAX_PNG_BYTES


def test_random_views_of_every_phase_render(games: list[list[State]]) -> None:
    """Random mid-game public views of every phase (3-8 players, the corpus's options) render, each language
    in turn."""
    pick = random.Random(7)
    seen: set[str] = set()
    for number, states in enumerate(games):
        by_phase: dict[str, list[State]] = {}
        for s in states:
            by_phase.setdefault(s["phase"], []).append(s)
        for phase, group in by_phase.items():
            view = public(pick.choice(group))
            catalog = words(LOCALES[number % len(LOCALES)])
            scores = board.render_scoreboard(view, names_for(view["n"]), catalog)
            assert scores.width == board.WIDTH and scores.height <= 1000
            assert board.render_locations(view, names_for(view["n"]), catalog).width == board.SHEET_WIDTH
            seen.add(phase)
    assert seen == set(ALL_PHASES)


def test_the_story_reaches_every_case(cases: dict[str, State]) -> None:
    """The scripted game really is in the phase each case is named after."""
    phases = {name: state["phase"] for name, state in cases.items()}
    assert phases == {
        "lobby": "lobby", "round_over_wrong_guess": "round_over", "playing": "playing",
        "accusation": "accusation", "final_vote": "final_vote", "round_over": "round_over",
        "left": "playing", "spy_guess": "spy_guess", "game_over": "game_over",
    }
    assert any(cases["left"]["left"]) and cases["accusation"]["vote"]["ballot"]["fixed"]


# --- readable where players look -----------------------------------------------------------


def readable_cases(cases: dict[str, State], full_cases: dict[str, State],
                   games: list[list[State]]) -> list[tuple[View, list[str]]]:
    picked = [(public(s), names_for(s["n"])) for s in [*cases.values(), *full_cases.values()]]
    long_names = [LONG_NAME] * 8
    picked += [(public(s), long_names[: s["n"]]) for s in full_cases.values()]
    picked += [(public(states[len(states) // 2]), names_for(states[0]["n"])) for states in games]
    late = playout(4, 8, rounds=7, leave_p=0.01)  # five round columns and five round lines: the tallest
    picked += [(public(late[-1]), long_names), (public(late[-2]), NAMES)]
    return picked


def test_every_text_is_readable_inline(cases: dict[str, State], full_cases: dict[str, State],
                                       games: list[list[State]]) -> None:
    """Both pictures are attachments: every font size either asks for shows at 10 px or more in the inline
    box (550 × 350, a tall picture shrinking to its height); the scoreboard's text also shows at 16 px or more
    at 550 px wide, when it is opened (static layers are drawn afresh inside the recorded block)."""
    inline: dict[str, float] = {}
    at_chat_width = float("inf")
    for view, names in readable_cases(cases, full_cases, games):
        for locale in LOCALES:
            for label, render in PICTURES.items():
                board.clear_caches()  # (the glyph probes are not recorded: no warming up needed)
                with recording_font_sizes() as sizes:
                    image = render(view, names, words(locale))
                assert sizes, "nothing was recorded"
                shown = min(sizes) * inline_scale(*image.size)
                inline[label] = min(inline.get(label, shown), shown)
                if label == "scores":
                    at_chat_width = min(at_chat_width, min(sizes) * CHAT_WIDTH / image.width)
    assert inline.keys() == PICTURES.keys()
    assert all(size >= INLINE_MIN_TEXT for size in inline.values()), inline
    assert inline["locations"] >= 15 and at_chat_width >= 16, (inline, at_chat_width)


def test_the_readability_check_can_fail(cases: dict[str, State]) -> None:
    """A cached sheet records nothing, which the readability test refuses; a small font is seen."""
    view = public(cases["playing"])
    sheet = board.render_locations(view, NAMES, words("en"))
    with recording_font_sizes() as sizes:
        board.render_locations(view, NAMES, words("en"))
    assert sizes == set()
    with recording_font_sizes() as sizes:
        font(19)
    assert min(sizes) * inline_scale(*sheet.size) < INLINE_MIN_TEXT


def test_built_in_sheet_fills_the_box_one_name_a_line() -> None:
    """The 30 built-in locations, in every language: three columns at 30 px (15 px as shown inline), each
    name whole on one line, the picture shown 550 px wide in the box."""
    view = public(GAME.setup(5, {}, SeededRng(1, 0)))
    for locale in LOCALES:
        layout = board.locations_layout(view, words(locale))
        assert (layout.columns, layout.size) == (3, 30), locale
        assert layout.height <= BOARD_SIZE[1] and layout.shown == 15
        for location, (lines, squeeze) in zip(view["locations"], layout.names, strict=True):
            assert lines == (words(locale).msg(LOCATION_NAME[location]),), (locale, lines)
            assert squeeze >= board.NAME_SQUEEZES[-1]


def assert_numbered_down_columns(layout: board.SheetLayout) -> None:
    """Numbers run down each column, top to bottom, then on in the next column to the right, which starts
    at the top; cells stay inside the picture and apart."""
    columns: list[list[tuple[float, float, float, float]]] = []
    for cell in layout.cells:
        if not columns or cell[0] != columns[-1][0][0]:
            columns.append([])
        columns[-1].append(cell)
    assert len(columns) <= layout.columns and columns[0][0][0] == board.SHEET_MARGIN
    for column, cells in enumerate(columns):
        assert cells[0][1] == layout.header
        assert all(a[3] < b[1] for a, b in zip(cells, cells[1:], strict=False))
        assert cells[-1][3] <= layout.height - board.SHEET_MARGIN
        if column:
            assert cells[0][0] > columns[column - 1][0][2]
    assert columns[-1][0][2] <= board.SHEET_WIDTH - board.SHEET_MARGIN + 0.01


def test_sheet_is_numbered_down_each_column() -> None:
    """Numbers 1-10 fill the first column top to bottom, 11-20 the second, 21-30 the third, in view order."""
    layout = board.locations_layout(public(GAME.setup(5, {}, SeededRng(1, 0))), words("it"))
    assert_numbered_down_columns(layout)
    lefts = [cell[0] for cell in layout.cells]
    assert lefts == [lefts[0]] * 10 + [lefts[10]] * 10 + [lefts[20]] * 10


# --- nothing secret -------------------------------------------------------------------------


@pytest.mark.parametrize("case", ["playing", "accusation", "final_vote", "spy_guess", "left"])
def test_public_pictures_are_identical_whatever_the_secrets(cases: dict[str, State], case: str) -> None:
    """During a round both public pictures are pixel-identical whichever location and spy the
    state holds, and a seat's view (card, ballot) renders like the public view."""
    state = cases[case]
    other = with_other_secrets(state)
    assert GAME.view(other, None) != GAME.view(state, None) or state["phase"] in ROUND_PHASES
    names = names_for(state["n"])
    insider = next(s for s in others(state) if s != state["spy"])
    views = [public(other), GAME.view(state, state["spy"]), GAME.view(state, insider)]
    for render in PICTURES.values():
        for locale in LOCALES:
            expected = render(public(state), names, words(locale))
            for view in views:
                assert render(view, names, words(locale)).tobytes() == expected.tobytes()
    assert to_png(board.render(public(other), names, words("it"))) == to_png(
        board.render(public(state), names, words("it")))


def test_random_rounds_leak_nothing(games: list[list[State]]) -> None:
    """The same holds on random mid-round states of random games."""
    pick = random.Random(11)
    checked = 0
    for states in games:
        in_round = [s for s in states if s["phase"] in ROUND_PHASES]
        for state in pick.sample(in_round, min(len(in_round), 2)):
            names = names_for(state["n"])
            for render in PICTURES.values():
                expected = render(public(state), names, words("es"))
                assert render(public(with_other_secrets(state)), names, words("es")).tobytes() == expected.tobytes()
            checked += 1
    assert checked >= 15


# --- the live round -------------------------------------------------------------------------


def test_status_strip_words(cases: dict[str, State]) -> None:
    """The strip says the round, the phase, the clock's end in UTC (or the time left while it is
    paused), the vote count, the outcome and the winners."""
    en = words("en")

    def lines(case: str) -> tuple[str, str]:
        view = public(cases[case])
        return board.status_lines(view, names_for(view["n"]), en)

    assert lines("lobby") == ("Waiting to start", "3 rounds · 8 minutes per round")
    assert lines("playing") == ("Round 2 of 3 · Playing", "Ends at 21:44 UTC")
    title, detail = lines("accusation")
    assert title == "Round 2 of 3 · Accusation vote"
    assert detail.startswith("2/5 voted · Clock paused: ") and detail.endswith(" left")
    assert lines("final_vote") == ("Round 2 of 3 · Final vote", "1/5 voted · Time is up")
    assert lines("spy_guess")[0] == "Round 3 of 3 · Spy guessing"
    assert lines("spy_guess")[1].startswith("The spy must guess by ")
    title, detail = lines("round_over_wrong_guess")
    assert title == "Round 1 of 3 · Round over" and detail.startswith("Spy guessed wrong · ")
    title, detail = lines("game_over")
    assert title == "Game over · 3 rounds" and detail.startswith("Winner")
    assert lines("accusation")[1].split(" · ")[1] == "Clock paused: 4:12 left"


def test_paused_clock_and_plurals_in_italian_and_spanish(cases: dict[str, State]) -> None:
    """The counts take their plural forms in Italian and Spanish."""
    view = public(cases["accusation"])
    assert board.status_lines(view, NAMES, words("it"))[1].startswith("Hanno votato 2/5 · Tempo fermo: restano 4:12")
    one = copy.deepcopy(view)
    assert one["vote"] is not None
    one["vote"]["voted"] = 1
    assert board.status_lines(one, NAMES, words("es"))[1].startswith("Ha votado 1/5 · Reloj parado: quedan 4:12")
    assert board.status_lines(public(cases["lobby"]), NAMES, words("es"))[1] == "3 rondas · 8 minutos por ronda"


def test_vote_count_changes_only_the_strip(cases: dict[str, State]) -> None:
    """Another ballot changes the "k/n voted" strip and nothing else (ballots are secret)."""
    state = cases["accusation"]
    ballots = state["vote"]["ballot"]["ballots"]
    voter = next(s for s in sorted(GAME.to_act(state)) if ballots[s] is None)
    after = act(state, voter, {"type": "vote", "guilty": True}, state["now"] + 1)
    assert after["phase"] == "accusation"
    names = names_for(state["n"])
    before_image = board.render_scoreboard(public(state), names, words("en"))
    after_image = board.render_scoreboard(public(after), names, words("en"))
    assert not same(strip_crop(before_image), strip_crop(after_image))
    below = (0, board.STRIP[1] + 4, before_image.width, before_image.height)
    assert same(crop(before_image, below), crop(after_image, below))


def test_asker_marker_follows_the_question(cases: dict[str, State]) -> None:
    """When the question passes, the old and the new asker's rows change, no other row does."""
    state = cases["playing"]
    asker = state["asker"]
    target = next(s for s in others(state, asker, state["asked_by"]))
    after = act(state, asker, {"type": "ask", "target": target}, state["now"] + 1)
    names = names_for(state["n"])
    before_image = board.render_scoreboard(public(state), names, words("it"))
    after_image = board.render_scoreboard(public(after), names, words("it"))
    for seat in range(state["n"]):
        changed = not same(row_crop(before_image, seat), row_crop(after_image, seat))
        assert changed == (seat in (asker, target)), seat
    # the pill is gold, at the right end of the name column
    right = board.scoreboard_columns(public(after)).name[2]
    _, top, _, bottom = board.score_row(target)
    assert pixel(after_image, right - 4, (top + bottom) / 2) == PALETTE["accent"]


def test_suspect_row_outlined_in_red(cases: dict[str, State]) -> None:
    """During a vote the suspect's row has a red outline and a red "suspect" pill."""
    for case in ("accusation", "final_vote"):
        view = public(cases[case])
        image = board.render_scoreboard(view, names_for(view["n"]), words("es"))
        right = board.scoreboard_columns(view).name[2]
        assert view["vote"] is not None
        suspect = view["vote"]["suspect"]
        for seat in range(view["n"]):
            left, top, _, bottom = board.score_row(seat)
            assert (pixel(image, left + 1, (top + bottom) / 2) == PALETTE["danger"]) == (seat == suspect)
        _, top, _, bottom = board.score_row(suspect)
        assert pixel(image, right - 4, (top + bottom) / 2) == PALETTE["danger"]


def test_dealer_and_accuser_markers(cases: dict[str, State]) -> None:
    """The dealer's row shows the cards, each player who accused this round the red mark, and
    the legend names both."""
    view = public(cases["accusation"])
    vote = view["vote"]
    assert vote is not None
    image = board.render_scoreboard(view, names_for(view["n"]), words("en"))
    for seat in range(view["n"]):
        _, top, _, bottom = board.score_row(seat)
        slot = crop(image, (board.SLOT_X - 20, top + 4, board.SLOT_X + 20, bottom - 4))
        has_cards = board.CARD_WHITE in {c for _, c in slot.getcolors(4096) or []}
        assert has_cards == (seat == view["dealer"]), seat
        name_zone = crop(image, (board.NAME_LEFT, top + 4, board.scoreboard_columns(view).name[2], bottom - 4))
        colors = {c for _, c in name_zone.getcolors(1 << 16) or []}
        # the suspect's pill is red too, so look for the mark's white "!" on red only off that row
        if seat != vote["suspect"]:
            assert (PALETTE["danger"] in colors) == bool(view["accused"][seat]), seat
    assert sum(view["accused"]) == 1


def test_spy_marker_is_black_and_white_unlike_any_seat(cases: dict[str, State]) -> None:
    """Past rounds' spies get a white chip with a black hat in their round cell; no seat colour
    is near white or black."""
    view = public(cases["round_over"])
    image = board.render_scoreboard(view, names_for(view["n"]), words("en"))
    columns = board.scoreboard_columns(view)
    for index, left, right in columns.rounds:
        spy = view["history"][index]["spy"]
        for seat in range(view["n"]):
            _, top, _, bottom = board.score_row(seat)
            cell = crop(image, (left + 2, top + 4, right - 2, bottom - 4))
            colors = {c for _, c in cell.getcolors(1 << 16) or []}
            assert (board.SPY_WHITE in colors and board.SPY_BLACK in colors) == (seat == spy)
    for color in SEAT_COLORS:
        for mark in (board.SPY_WHITE, board.SPY_BLACK):
            assert sum(abs(a - b) for a, b in zip(color, mark, strict=True)) > 150


def test_nothing_scored_draws_no_zero(cases: dict[str, State]) -> None:
    """A round in which a seat scored nothing shows only a faint dash: no digit, no "0"."""
    view = public(cases["round_over"])
    image = board.render_scoreboard(view, names_for(view["n"]), words("en"))
    cells = [(seat, left, right, view["history"][index]["points"][seat] > 0)
             for index, left, right in board.scoreboard_columns(view).rounds
             for seat in range(view["n"]) if seat != view["history"][index]["spy"]]
    zero = next(cell for cell in cells if not cell[3])
    scored = next(cell for cell in cells if cell[3])
    for seat, left, right, text_expected in (zero, scored):
        _, top, _, bottom = board.score_row(seat)
        colors = {c for _, c in crop(image, (left + 2, top + 4, right - 2, bottom - 4)).getcolors(1 << 16) or []}
        assert (PALETTE["text"] in colors) == text_expected
        if not text_expected:
            assert colors <= {PALETTE["panel"], PALETTE["panel_alt"], PALETTE["faded"]}


def test_players_who_left_are_faded_and_struck(cases: dict[str, State]) -> None:
    """A seat that left gets a hollow grey dot and a struck-through name; the others keep their
    seat colour."""
    view = public(cases["left"])
    image = board.render_scoreboard(view, names_for(view["n"]), words("en"))
    for seat in range(view["n"]):
        _, top, _, bottom = board.score_row(seat)
        mid = (top + bottom) / 2
        centre = pixel(image, board.DOT_X, mid)
        if view["left"][seat]:
            assert centre != PALETTE["faded"] and pixel(image, board.DOT_X - 7, mid) == PALETTE["faded"]
            assert pixel(image, board.NAME_LEFT + 2, mid + 2) == PALETTE["muted"]
        else:
            assert centre == seat_color(seat)


def test_winners_crowned_only_at_game_over(cases: dict[str, State]) -> None:
    """At game over each winner's row shows the gold crown and the strip names them."""
    final = public(cases["game_over"])
    assert final["winners"]

    def crowned(image: Image.Image, seat: int) -> bool:
        _, top, _, bottom = board.score_row(seat)
        return pixel(image, board.SLOT_X, (top + bottom) / 2 + 8) == PALETTE["accent"]

    image = board.render_scoreboard(final, NAMES, words("en"))
    assert [crowned(image, s) for s in range(final["n"])] == [s in final["winners"] for s in range(final["n"])]
    image = board.render_scoreboard(public(cases["round_over"]), NAMES, words("en"))
    assert not any(crowned(image, s) for s in range(final["n"]))
    assert NAMES[final["winners"][0]] in board.status_lines(final, NAMES, words("en"))[1]


# --- the location sheet ---------------------------------------------------------------------


def test_location_highlighted_only_once_the_round_is_over(cases: dict[str, State]) -> None:
    """While a round is played no cell is marked; at round over only the location's cell and
    the legend, where the hint was, change."""
    playing, over = public(cases["final_vote"]), public(cases["round_over"])
    assert over["result"] is not None
    location = over["result"]["location"]
    layout = board.locations_layout(over, words("en"))
    left, top, right, bottom = layout.cells[over["locations"].index(location)]
    probe = (left + 3, (top + bottom) / 2)
    during = board.render_locations(playing, NAMES, words("en"))
    after = board.render_locations(over, NAMES, words("en"))
    assert pixel(during, *probe) == PALETTE["panel"]
    assert pixel(after, *probe) == PALETTE["accent"]
    mask = Image.new("RGB", during.size)
    hint = layout.hint
    mask.paste((255, 255, 255), (int(hint[0]), int(hint[1]), during.width, int(hint[3]) + 1))
    mask.paste((255, 255, 255), (int(left), int(top), int(right) + 1, int(bottom) + 1))
    outside = ImageChops.multiply(ImageChops.difference(during, after), ImageChops.invert(mask))
    assert outside.getbbox() is None
    assert hint[1] == layout.title[1] and hint[0] > layout.title[2]  # the hint beside the title: one line


def test_the_legend_fits_where_the_hint_was() -> None:
    """In every language the legend of a late round's location and a wrong guess fits whole where the hint
    was (the header keeps room for it), on built-in sheets and with a pack."""
    from games.spyfall import packs

    pack = packs.read_pack(EXAMPLE_PACK.read_bytes(), EXAMPLE_PACK.name).data()
    for view in (public(GAME.setup(5, {}, SeededRng(1, 0))), public(pack_state(pack, "both")),
                 public(pack_state(longest_pack(), "both"))):
        for locale in LOCALES:
            catalog = words(locale)
            layout = board.locations_layout(view, catalog)
            legend = (catalog.msg("spyfall.picture.location_of", round=12), catalog.msg("spyfall.picture.wrong_guess"))
            assert board._legend_width(legend, layout.size) <= layout.hint[2] - layout.hint[0], locale


def test_wrong_guess_outlined_in_red(cases: dict[str, State]) -> None:
    """After a wrong guess the guessed cell gets a red outline and the location a gold fill."""
    state = cases["round_over_wrong_guess"]
    view = public(state)
    assert view["result"] is not None
    wrong = view["result"]["guess"]
    assert wrong and wrong != view["result"]["location"]
    image = board.render_locations(view, NAMES, words("es"))
    cells = board.locations_layout(view, words("es")).cells
    gl, gt, gr, gb = cells[view["locations"].index(wrong)]
    assert pixel(image, gl + 2, (gt + gb) / 2) == PALETTE["danger"]
    ll, lt, lr, lb = cells[view["locations"].index(state["location"])]
    assert pixel(image, ll + 3, (lt + lb) / 2) == PALETTE["accent"]


# --- words and names ------------------------------------------------------------------------


def test_every_word_comes_from_the_picture_catalog(cases: dict[str, State]) -> None:
    """Every word drawn is a spyfall.picture.* or spyfall.location.* message."""
    catalog = RecordingWords()
    for state in cases.values():
        for render in PICTURES.values():
            render(public(state), names_for(state["n"]), catalog)
    assert catalog.asked and all(i.startswith(("spyfall.picture.", "spyfall.location.")) for i in catalog.asked)
    assert {"spyfall.picture.asks_next", "spyfall.picture.suspect", "spyfall.picture.voted"} <= catalog.asked


def test_languages_draw_their_own_words(cases: dict[str, State]) -> None:
    """English, Italian and Spanish pictures differ; the same language always draws the same."""
    view = public(cases["round_over"])
    for render in PICTURES.values():
        drawn = {locale: to_png(render(view, NAMES, words(locale))) for locale in LOCALES}
        assert len(set(drawn.values())) == len(LOCALES)
        assert to_png(render(view, NAMES, words("it"))) == drawn["it"]


def test_long_name_stays_in_its_column(full_cases: dict[str, State]) -> None:
    """A 32-character name is cut so it never reaches the score columns; short names are whole."""
    final = public(full_cases["game_over"])
    short = board.render_scoreboard(final, NAMES, words("en"))
    names = list(NAMES)
    names[3] = LONG_NAME
    long = board.render_scoreboard(final, names, words("en"))
    assert short.size == long.size
    name_right = int(board.scoreboard_columns(final).name[2])
    table = (name_right, board.ROWS_TOP, board.WIDTH, int(board.score_row(7)[3]))
    assert same(crop(short, table), crop(long, table))
    width = name_right - board.NAME_LEFT
    smallest = font(board.MIN_FONT)
    assert text_width(LONG_NAME, smallest) > width
    cut = ellipsize(LONG_NAME, smallest, width)
    assert cut.endswith("…") and text_width(cut, smallest) <= width



def test_usual_names_fit_whole_beside_the_asker_pill() -> None:
    """With the most round columns, "Davide Esposito" still fits whole next to "asks next" in
    every language (names are cut only when they truly do not fit)."""
    late = next(s for s in playout(4, 8, rounds=7) if s["round"] == 7 and s["phase"] == "playing")
    view = public(late)
    columns = board.scoreboard_columns(view)
    assert len(columns.rounds) == board.MAX_ROUND_COLUMNS
    for locale in LOCALES:
        pill = board.pill_width(words(locale).msg("spyfall.picture.asks_next"))
        room = columns.name[2] - board.NAME_LEFT - pill - 10
        assert text_width("Davide Esposito", font(board.MIN_FONT)) <= room, locale


def test_missing_names_fall_back_to_seat_numbers(cases: dict[str, State]) -> None:
    """A names list shorter than the table still renders (seats get "Player n")."""
    view = public(cases["playing"])
    assert board.render_scoreboard(view, ["Alice"], words("it")).width == board.WIDTH


def test_names_the_font_cannot_draw_are_cleaned(full_cases: dict[str, State]) -> None:
    """Emoji are dropped from names and a name of CJK only becomes "Player n", never boxes."""
    assert drawable("👨‍👩‍👧 Nat 🎲") == "Nat" and drawable("Ñandú Çà Ж") == "Ñandú Çà Ж"
    view = public(full_cases["game_over"])

    def with_names(**changed: str) -> bytes:
        names = list(NAMES)
        for seat, name in changed.items():
            names[int(seat[1:])] = name
        return board.render_scoreboard(view, names, words("en")).tobytes()

    assert with_names(s2="李小龍") == with_names(s2="Player 3")
    assert with_names(s1="🎲 Bob ✨") == with_names(s1="Bob")


# --- the drawing kit ------------------------------------------------------------------------


def test_house_font_draws_italian_and_spanish_accents() -> None:
    """The bundled font has real glyphs for à è ì ò ù é ñ í ó (Pillow's Aileron has not)."""
    fnt = font(30)
    missing = bytes(fnt.getmask("\ue000"))  # a private-use code point: the "missing" box
    for letter in "àèìòùÈéñíó":
        assert bytes(fnt.getmask(letter)) != missing


def test_stamped_text_is_drawn_text() -> None:
    """stamp_text (cached glyphs) gives draw.text's very pixels at the nearest whole pixel."""
    for text in ("Alice", "Jújú g…", "Ñandú Çà Ж", "12", "R3"):
        for fnt in (font(board.MIN_FONT), font(board.NAME_FONT, True)):
            drawn, stamped = (Image.new("RGB", (500, 60), PALETTE["panel"]) for _ in range(2))
            ImageDraw.Draw(drawn).text((17, 9), text, font=fnt, fill=PALETTE["text"], anchor="la")
            for image in (Image.new("RGB", (500, 60)), stamped):  # the second one uses the cache
                stamp_text(ImageDraw.Draw(image), (17.2, 8.9), text, fnt, PALETTE["text"])
            assert drawn.tobytes() == stamped.tobytes(), text


def test_to_png_is_small_and_deterministic(full_cases: dict[str, State]) -> None:
    """to_png writes a palette PNG that decodes to the same size and repeats byte for byte."""
    image = board.render_locations(public(full_cases["game_over"]), NAMES, words("it"))
    data = to_png(image)
    assert data == to_png(image) and len(data) <= MAX_PNG_BYTES
    decoded = Image.open(io.BytesIO(data))
    assert decoded.size == image.size and decoded.mode == "P"


def test_concurrent_renders_match(full_cases: dict[str, State]) -> None:
    """Renders in worker threads (asyncio.to_thread) share the cached fonts and sheet; several
    at once give the same pixels as one by one."""
    board.clear_caches()
    jobs = [(render, public(state), locale) for state in full_cases.values() for locale in LOCALES
            for render in PICTURES.values()]
    expected = [render(view, NAMES, words(locale)).tobytes() for render, view, locale in jobs]
    board.clear_caches()
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda job: job[0](job[1], NAMES, words(job[2])).tobytes(), jobs))
    assert got == expected


def test_renderers_do_not_import_the_bot() -> None:
    """Importing the renderers pulls in neither discord, aiosqlite nor bot."""
    code = (
        "import sys, renderers.spyfall, renderers.core\n"
        "bad = {m for m in sys.modules if m.split('.')[0] in {'discord', 'aiosqlite', 'bot'}}\n"
        "assert not bad, bad\n"
    )
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True)


# --- a server's location pack ----------------------------------------------------------------



def sheet_labels(view: View, locale: str) -> tuple[str, ...]:
    return tuple(board.location_name(words(locale), loc, view) for loc in view["locations"])


def longest_pack() -> dict[str, Any]:
    """The largest pack with the longest names a pack is likely to hold (renderers/samples/spyfall.py)."""
    return samples_longest_pack(LOCALES, lambda locale, message: words(locale).msg(message))


def draw_sheet(view: View, locale: str, names: list[str]) -> Image.Image:
    return board.render_locations(view, names, words(locale))


@pytest.mark.parametrize("kind", ["pack", "both"])
def test_longest_names_read_inline(kind: str) -> None:
    """Up to 70 locations with a pack of 24-character names in every language: no text under 10 px as shown
    inline, the sheet near the box's proportions (shown at least 0.45 of its size), every name whole."""
    view = public(pack_state(longest_pack(), kind))
    assert len(view["locations"]) == (70 if kind == "both" else 40)
    for locale in LOCALES:
        lengths = [len(label) for label in sheet_labels(view, locale)[-40:]]
        assert max(lengths) == 24 and min(lengths) >= 20, locale
    assert smallest_inline_text([view], draw_sheet, board.clear_caches, [NAMES[:5]]) >= INLINE_MIN_TEXT
    for locale in LOCALES:
        layout = board.locations_layout(view, words(locale))
        assert inline_scale(board.SHEET_WIDTH, layout.height) >= 0.45 and layout.shown >= INLINE_MIN_TEXT
        assert layout.broken == 0, locale
        assert_numbered_down_columns(layout)


@pytest.mark.parametrize("kind", ["pack", "both"])
def test_widest_names_stay_whole(kind: str) -> None:
    """The largest allowed pack with the widest names the checks allow (24 W's, no space), alone and with the
    built-in set: every name drawn whole (wrapped, never cut), cells inside the picture and apart, numbered
    down the columns; the text as shown inline stays above 8 px (a sheet of 70 such names holds more letters
    than the box can show at 10 px: 40 of them take two lines each)."""
    view = public(pack_state(largest_pack(), kind))
    count = len(view["locations"])
    assert count == (70 if kind == "both" else 40)
    smallest = smallest_inline_text([view], draw_sheet, board.clear_caches, [NAMES[:5]])
    assert smallest >= (INLINE_MIN_TEXT if kind == "pack" else 8), smallest
    for locale in LOCALES:
        labels = sheet_labels(view, locale)
        image = board.render_locations(view, NAMES[:5], words(locale))
        layout = board.locations_layout(view, words(locale))
        assert 1 <= len(layout.set_lines) <= 2
        assert image.size == (board.SHEET_WIDTH, layout.height)
        for label, (lines, squeeze) in zip(labels, layout.names, strict=True):
            assert "".join("".join(lines).split()) == "".join(label.split()), (locale, label, lines)
            assert len(lines) <= board.SHEET_MAX_LINES and squeeze >= board.NAME_SQUEEZES[-1]
        assert_numbered_down_columns(layout)


def test_mixed_sheet_marks_the_pack_and_names_its_numbers() -> None:
    """With both sets, the pack's cells carry a stripe the built-in ones lack, and the line under the
    title says which numbers are whose; a pack alone says how many it has."""
    from games.spyfall import packs

    pack = packs.read_pack(EXAMPLE_PACK.read_bytes(), EXAMPLE_PACK.name).data()
    view = public(pack_state(pack, "both"))
    line, first = board.pack_line(view, list(view["locations"]), words("it"))
    assert first == 30 and line == "1–30 originali · 31–42 da «Fantasy»"
    labels = sheet_labels(view, "it")
    assert labels[30] == "Castello reale" and labels[0] == "Aeroplano"
    image = board.render_locations(view, NAMES, words("it"))
    layout = board.locations_layout(view, words("it"))
    assert len(layout.set_lines) == 1
    for index, striped in ((0, False), (29, False), (30, True), (41, True)):
        left, top, _right, bottom = layout.cells[index]
        assert (pixel(image, left + 3, (top + bottom) / 2) == board.PACK_STRIPE) is striped, index
    alone = public(pack_state(pack, "pack"))
    assert board.pack_line(alone, list(alone["locations"]), words("es")) == ("12 lugares del paquete «Fantasy»", None)
    assert sheet_labels(alone, "ca")[2] == "Torre del mag"


def test_pack_location_highlighted_after_the_round() -> None:
    """Once a round at a pack location is over, its cell is gold on the sheet and the scoreboard names it."""
    from games.spyfall import packs

    pack = packs.read_pack(EXAMPLE_PACK.read_bytes(), EXAMPLE_PACK.name).data()
    state = act(pack_state(pack, "both"), None, {"type": "start_round"}, T0)
    state["location"] = "pack:4"
    state = act(state, state["spy"], {"type": "reveal"}, T0 + 10)
    state = act(state, state["spy"], {"type": "guess", "location": "pack:5"}, T0 + 20)
    view = public(state)
    layout = board.locations_layout(view, words("en"))
    image = board.render_locations(view, NAMES[:5], words("en"))
    left, top, _right, bottom = layout.cells[view["locations"].index("pack:4")]
    assert pixel(image, left + 3, (top + bottom) / 2) == PALETTE["accent"]
    left, top, _right, bottom = layout.cells[view["locations"].index("pack:5")]
    assert pixel(image, left + 2, (top + bottom) / 2) == PALETTE["danger"]
    assert "Tavern" in board.status_lines(view, NAMES[:5], words("en"))[1]
    assert "Taverna" in board.status_lines(view, NAMES[:5], words("ca"))[1]
    board.render_scoreboard(view, NAMES[:5], words("es"))
