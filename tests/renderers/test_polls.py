"""The Polls Are Closed! board (renderers/polls/): one landscape picture for the inline box, every step in
every language, readable where players look."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, cast

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.i18n import LOCALES, words
from games.polls import GAME
from games.polls.data import PACT_REGIONS, REGIONS, region_seats
from games.polls.view_types import PollsView
from renderers import polls as board
from renderers.core import BOARD_SIZE, INLINE_BOX, INLINE_MIN_TEXT, font, inline_size, recording_font_sizes, to_png
from renderers.polls import board as layers
from renderers.polls import map as map_layer
from renderers.polls import panel
from renderers.samples import polls as samples
from renderers.samples.polls import CASES, LONG_NAMES, NAMES, Game, crowded_view, empty_view, public
from tests.renderers.helpers import (
    RecordingWords,
    assert_same_bytes,
    smallest_inline_text,
)

State = dict[str, Any]
View = PollsView
NO_NAMES: list[str] = []
MAX_PNG_BYTES = 100 * 1024

# --- views (renderers/samples/polls.py) ---------------------------------------------------------

# The module's fixtures play seeded games and draw them: under pytest-xdist one worker builds them once
# (`--dist loadgroup`, pyproject.toml) instead of each worker its own.
pytestmark = [pytest.mark.slow(14), pytest.mark.xdist_group("renderers_polls")]

MODULES = (layers, map_layer, panel)  # the package's drawing modules


def spy_on(patch: pytest.MonkeyPatch, name: str, spy: Any) -> None:
    """Replace `name` by `spy` in every drawing module of the package that uses it."""
    for module in MODULES:
        if hasattr(module, name):
            patch.setattr(module, name, spy)


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return samples.games()


@pytest.fixture(scope="module")
def cases(games: list[Game]) -> dict[str, View]:
    """One view of every case the board must draw, all from the engine."""
    found = samples.cases(games)
    for reason in ("absolute_majority", "minority_government", "hung_parliament", "conceded"):
        result = found[f"game_over_{reason}"]["result"]
        assert result is not None and result["reason"] == reason
        assert min(found[f"game_over_{reason}"]["supply"]) >= 0
    return found


@pytest.fixture(scope="module")
def random_views(games: list[Game]) -> list[View]:
    """Mid-game and end views of seeded random games: every tenth state of each, and its last."""
    return samples.random_views(games)


def render(view: View, locale: str = "en", names: list[str] | None = None) -> Image.Image:
    return board.render(view, NAMES if names is None else names, words(locale))


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Callable[..., list[str]]:
    """Render from cold caches and return every text the board drew (in order)."""

    def run(view: View, locale: str = "en", names: list[str] | None = None) -> list[str]:
        texts: list[str] = []
        original = board._put_text

        def spy(image: Image.Image, xy: tuple[float, float], text: str, *args: Any, **kwargs: Any) -> None:
            texts.append(text)
            original(image, xy, text, *args, **kwargs)

        board.clear_caches()
        with monkeypatch.context() as patch:
            spy_on(patch, "_put_text", spy)
            render(view, locale, names)
        board.clear_caches()
        return texts

    return run


# --- pixels --------------------------------------------------------------------------------------

def band_share(image: Image.Image, band: tuple[tuple[int, int], Image.Image], colour: tuple[int, int, int]) -> float:
    """The share of a frame band's pixels that have exactly `colour`."""
    (x, y), mask = band
    crop = image.crop((x, y, x + mask.width, y + mask.height))
    pixels = [c for c, m in zip(crop.get_flattened_data(), mask.get_flattened_data(), strict=True) if m == 255]
    return sum(c == colour for c in pixels) / len(pixels)


def pixels(image: Image.Image) -> list[tuple[int, ...]]:
    """Every pixel's channels, in order (RGB or RGBA)."""
    return cast(list[tuple[int, ...]], list(image.get_flattened_data()))


def pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    return cast(tuple[int, ...], image.getpixel(xy))


def region_pixels(image: Image.Image, region: str) -> list[tuple[int, ...]]:
    """The colours of every pixel of a region's tiles on the rendered map."""
    mask, _ = board._region_masks()[region]
    crop = image.crop((board.MAP_X, board.MAP_Y, board.MAP_X + board.MAP_W, board.MAP_Y + board.MAP_H))
    return [c for c, m in zip(pixels(crop), mask.get_flattened_data(), strict=True) if m]


def colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, ...]]:
    return {cast(tuple[int, ...], c) for _, c in image.crop(box).getcolors(1 << 20) or []}


def reddish(c: tuple[int, ...]) -> bool:
    return c[0] > c[1] + 50 and c[0] > c[2] + 50


def bluish(c: tuple[int, ...]) -> bool:
    return c[2] > c[0] + 50


# --- the picture for the inline box -------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("case", CASES)
def test_every_case_renders_at_the_board_size(cases: dict[str, View], case: str, locale: str) -> None:
    """Each case renders landscape at BOARD_SIZE in each language, with a status, its PNG under 100 KiB."""
    image = render(cases[case], locale, LONG_NAMES)
    assert image.size == BOARD_SIZE == (1100, 700) and image.mode == "RGB"
    assert inline_size(*image.size) == INLINE_BOX
    assert len(colours(image, board.STATUS_PANEL)) > 20, "the status panel is blank"
    data = to_png(image)
    assert data.startswith(b"\x89PNG") and len(data) <= MAX_PNG_BYTES


def test_text_is_readable_in_the_inline_box(cases: dict[str, View], random_views: list[View]) -> None:
    """Scaled into the inline box, no text of any case, random view, language or set of names is under 10 px."""
    views = [*cases.values(), *random_views[::3], crowded_view()]

    def draw(view: View, locale: str, names: list[str]) -> Image.Image:
        return render(view, locale, names)

    smallest = smallest_inline_text(views, draw, board.clear_caches, [NAMES, LONG_NAMES, NO_NAMES])
    assert smallest >= INLINE_MIN_TEXT == 10, smallest


def test_the_readability_check_can_fail(cases: dict[str, View]) -> None:
    """A picture that asks for a font one size under the floor is caught by the measure."""
    def too_small(view: View, locale: str, names: list[str]) -> Image.Image:
        font(board.TEXT - 1)
        return render(view, locale, names)

    assert smallest_inline_text([cases["start"]], too_small, board.clear_caches, [NAMES]) < INLINE_MIN_TEXT
    with recording_font_sizes() as sizes:
        font(board.TEXT)
    assert min(sizes) * 0.5 == INLINE_MIN_TEXT  # the floor is exactly the limit at the board's inline scale


def test_panels_fit_the_picture_apart() -> None:
    """The map, status, circles, pacts and seats panels lie inside the picture and never overlap."""
    panels = [board.MAP_PANEL, board.STATUS_PANEL, board.CIRCLES_PANEL, board.PACTS_PANEL, board.SEATS_PANEL]
    for left, top, right, bottom in panels:
        assert 0 <= left < right <= board.WIDTH and 0 <= top < bottom <= board.HEIGHT
    for i, a in enumerate(panels):
        for b in panels[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    left, top, right, bottom = board.CIRCLES_PANEL
    for kind, radius in (("A", board.A_OUTER), ("B", board.B_OUTER), ("C", board.C_CENTRE)):
        x, y = board._centre_of(kind)
        assert left < x - radius and x + radius < right and top < y - radius and y + radius < bottom, kind
    for i in range(len(PACT_REGIONS)):
        box = board.pact_box(i)
        assert board.PACTS_PANEL[0] < box[0] < box[2] < board.PACTS_PANEL[2] and box[3] < board.PACTS_PANEL[3]


# --- status: round track, who plays, what is asked ----------------------------------------------------

def test_status_shows_the_round_track_and_who_plays(cases: dict[str, View], drawn: Any) -> None:
    """The track numbers the rounds and the current turn; the player line names party and player; the step line
    says what is left, in plural forms and in each language."""
    view = copy.deepcopy(cases["mid"])
    view.update({"round": 2, "turn": 4, "turns_in_round": 9, "current": 1, "actions_left": 1})
    texts = drawn(view, "en")
    assert {"1", "2", "3", "4"} <= set(texts)
    assert "Red · Roberto Sánchez" in texts and "1 action left" in texts
    view["actions_left"] = 2
    assert "quedan 2 acciones" in drawn(view, "es")
    assert "2 azioni rimaste" in drawn(view, "it")
    long = drawn(view, "en", LONG_NAMES)
    assert any(t.startswith("Red · W") and t.endswith("…") for t in long)


def test_track_marks_the_rounds_and_the_turn() -> None:
    """The current round's chip and turn are gold; rounds to come are not filled; at the end all are done."""
    view = empty_view()
    view.update({"round": 2, "turn": 3, "turns_in_round": 9})
    image = render(view)
    top, bottom = board.TRACK_ROW
    cy = (top + bottom) // 2
    x0 = board.STATUS_PANEL[0] + 12
    chip = board.ROUND_CHIP + 8
    assert image.getpixel((x0 + 3, cy)) == board.PALETTE["faded"]  # round 1: done
    assert image.getpixel((x0 + chip + 3, cy)) == board.POSSIBLE  # round 2: now
    assert board.POSSIBLE in colours(image, (x0 + 2 * chip, top, x0 + 2 * chip + 120, bottom))  # its turn 3
    view.update({"phase": "game_over", "result": {"winners": [], "reason": "hung_parliament", "seats": [30, 30],
                                                  "third": 6, "regions": {}}})
    over = render(view)
    for k in range(3):
        assert over.getpixel((x0 + k * chip + 3, cy)) == board.PALETTE["faded"], k


@pytest.mark.parametrize(("case", "english"), [
    ("seven", "rolled 7 on"),
    ("order", "which die first?"),
    ("influence", "place Influence, then end the turn"),
    ("over_limits", "over the limit: spend"),
    ("poll", "national poll:"),
    ("game_over_absolute_majority", "wins: absolute majority"),
    ("game_over_minority_government", "wins: minority government"),
    ("game_over_hung_parliament", "Hung parliament: a draw"),
    ("game_over_conceded", "wins: Blue conceded"),
])
def test_status_names_the_step(cases: dict[str, View], drawn: Any, case: str, english: str) -> None:
    """Each step and each way a game ends has its own words in the status panel."""
    texts = drawn(cases[case], "en")
    assert any(english in t for t in texts), texts[:12]
    if case.startswith("game_over"):
        assert "Polls closed" in texts


def test_every_word_comes_from_the_picture_catalog(cases: dict[str, View]) -> None:
    """Every word drawn is a polls.picture.* message, known in every language."""
    catalog = RecordingWords()
    board.clear_caches()
    for view in cases.values():
        board.render(view, NAMES, catalog)
    board.clear_caches()
    assert catalog.asked and all(i.startswith("polls.picture.") for i in catalog.asked)
    expected = {"polls.picture.region_short.madrid", "polls.picture.pacts", "polls.picture.seats_now",
                "polls.picture.step_actions", "polls.picture.step_wins", "polls.picture.polls_closed"}
    assert expected <= catalog.asked, expected - catalog.asked
    for locale in LOCALES:
        assert all(words(locale).has(i) for i in catalog.asked), locale


# --- highlights ----------------------------------------------------------------------------------

def test_last_move_is_outlined_where_it_happened() -> None:
    """The regions and sectors of view["last_move"] get a white frame; nothing else does."""
    view = empty_view()
    plain = render(view)
    view["last_move"] = {"seat": 0, "type": "influence", "regions": ["madrid", "galicia"], "sectors": ["A3", "B"]}
    image = render(view)
    frames, sectors = board._region_frames(), board._sector_frames()
    for region in REGIONS:
        share = band_share(image, frames[region][0], board.LAST_MOVE)
        if region in ("madrid", "galicia"):
            assert share > 0.8, region
            assert band_share(plain, frames[region][0], board.LAST_MOVE) < 0.05
        else:
            assert share < 0.05, region
    for sector, band in sectors.items():
        share = band_share(image, band[0], board.LAST_MOVE)
        assert (share > 0.8) if sector in ("A3", "B") else (share < 0.05), sector


def test_frames_are_even_around_a_centre() -> None:
    """A centre's frame is a ring of even width (no thick diagonals): its band lies between two radii."""
    (x, y), mask = board._sector_frames()["B"][1]
    cx, cy = board._centre_of("B")
    radii = [((x + i % mask.width - cx) ** 2 + (y + i // mask.width - cy) ** 2) ** 0.5
             for i, m in enumerate(mask.get_flattened_data()) if m == 255]
    assert max(radii) - min(radii) <= board.FRAME + 2.5


def test_pact_outlines_its_box_not_the_region() -> None:
    """A pact's last move frames the pact box it went to (and its sector), not the map tile."""
    view = empty_view()
    view["pacts"]["euskadi"] = [1, 0]
    view["last_move"] = {"seat": 0, "type": "pact", "regions": ["euskadi"], "sectors": ["B14"]}
    image = render(view)
    assert band_share(image, board._region_frames()["euskadi"][0], board.LAST_MOVE) < 0.05
    left, top, right, _ = board.pact_box(1)
    assert image.getpixel(((left + right) // 2, top + 1)) == board.LAST_MOVE
    assert band_share(image, board._sector_frames()["B14"][0], board.LAST_MOVE) > 0.8


def test_affordable_regions_are_highlighted(cases: dict[str, View]) -> None:
    """In the influence step the affordable regions get a gold frame and a gold cost code; the others neither."""
    view = copy.deepcopy(cases["influence"])
    view["last_move"] = None
    view["affordable"] = ["aragon", "galicia"]
    image = render(view)
    for region in REGIONS:
        share = band_share(image, board._region_frames()[region][1], board.POSSIBLE)
        assert (share > 0.8) if region in view["affordable"] else (share < 0.05), region
    for region in ("aragon", "madrid"):
        left, top, right, bottom = board.region_box(region)
        inside = image.crop((left + board.MARGIN, top + board.MARGIN, right - board.MARGIN, bottom - board.MARGIN))
        gold = sum(c == board.POSSIBLE for c in pixels(inside))
        assert (gold > 150) if region == "aragon" else (gold == 0), region
    view["step"] = "actions"  # outside the influence step nothing is framed in gold
    image = render(view)
    assert all(band_share(image, board._region_frames()[r][1], board.POSSIBLE) < 0.05 for r in REGIONS)


def test_poll_highlights_the_open_2c_regions(cases: dict[str, View]) -> None:
    """During the national poll the 2C regions the player has not used yet are framed in gold."""
    view = copy.deepcopy(cases["poll"])
    poll = view["poll"]
    assert poll is not None and poll["seat"] is not None
    poll["placed"][poll["seat"]] = ["aragon"]
    image = render(view)
    for region in REGIONS:
        share = band_share(image, board._region_frames()[region][1], board.POSSIBLE)
        expected = view["region_types"][region] == "2C" and region != "aragon"
        assert (share > 0.8) if expected else (share < 0.05), region


def test_seven_target_and_dice_are_highlighted(cases: dict[str, View]) -> None:
    """A pending 7 frames its target in gold; the rolled dice show in the status panel, framed in gold."""
    view = copy.deepcopy(cases["seven"])
    view["last_move"] = None
    assert view["pending"] is not None
    target = view["pending"]["seven_target"]
    image = render(view)
    for sector, band in board._sector_frames().items():
        share = band_share(image, band[1], board.POSSIBLE)
        assert (share > 0.8) if sector == target else (share < 0.05), sector
    assert {board.WHITE, board.POSSIBLE} <= colours(image, board.DICE_BOX)
    view["pending"] = None
    view["step"] = "actions"
    assert board.POSSIBLE not in colours(render(view), board.DICE_BOX)


def test_order_step_frames_the_dice_sectors(cases: dict[str, View]) -> None:
    """When the player must choose which die goes first, the sectors both dice point at are framed in gold."""
    view = copy.deepcopy(cases["order"])
    view["last_move"] = None
    assert view["pending"] is not None
    circle, dice = view["pending"]["circle"], view["pending"]["dice"]
    expected = {board.sector_for_die(circle, d) for d in dice}
    image = render(view)
    for sector, band in board._sector_frames().items():
        share = band_share(image, band[1], board.POSSIBLE)
        assert (share > 0.8) if sector in expected else (share < 0.05), sector


def test_over_limits_marks_the_centre_to_spend(cases: dict[str, View]) -> None:
    """Over a limit in the influence step, the centre to spend from is framed red."""
    view = copy.deepcopy(cases["over_limits"])
    seat = view["current"]
    assert seat is not None
    kinds = set(view["spend_needed"][seat])
    image = render(view)
    for kind in ("A", "B", "C"):
        share = band_share(image, board._sector_frames()[kind][1], board.PALETTE["danger"])
        assert (share > 0.8) if kind in kinds else (share < 0.05), kind


# --- tokens, seats, shapes -----------------------------------------------------------------------

def test_parties_have_distinct_shapes() -> None:
    """Blue's disc, red's square and the third parties' diamond differ in outline at every size drawn (their
    alpha masks, not their colours), so the parties are told apart without colour."""
    for size in (board.SEAT_MARK, board.CENTRE_TOKEN, board.SECTOR_TOKEN, board.TOKEN, 34, 36):
        masks = [board._token(kind, size).getchannel("A").point(lambda a: 255 if a > 128 else 0) for kind in range(3)]
        for i in range(3):
            for j in range(i + 1, 3):
                differ = ImageChops.difference(masks[i], masks[j])
                assert sum(1 for p in differ.get_flattened_data() if p) > size * size * 0.08, (size, i, j)
    disc, square, diamond = (board._token(kind, 30) for kind in range(3))
    assert pixel(disc, (2, 2))[3] < 40 and pixel(square, (3, 3))[3] > 200
    assert pixel(diamond, (3, 3))[3] < 40 and pixel(diamond, (15, 15))[3] > 200


def test_parties_differ_in_grayscale() -> None:
    """In grayscale red regions and red tokens carry stripes where blue ones are flat."""
    view = empty_view()
    view["influence"]["castilla_la_mancha"] = [3, 0]
    view["influence"]["andalusia"] = [0, 3]
    gray = render(view).convert("L")
    crop = gray.crop((board.MAP_X, board.MAP_Y, board.MAP_X + board.MAP_W, board.MAP_Y + board.MAP_H))
    contrast = {}
    for region in ("castilla_la_mancha", "andalusia"):
        mask, stripes = board._region_masks()[region]
        between = ImageChops.subtract(mask, stripes)
        contrast[region] = abs(ImageStat.Stat(crop, stripes).median[0] - ImageStat.Stat(crop, between).median[0])
    assert contrast["andalusia"] >= 30
    assert contrast["castilla_la_mancha"] <= 2
    red = board._token(1, 40).convert("L").crop((10, 10, 30, 30))
    blue = board._token(0, 40).convert("L").crop((12, 12, 28, 28))
    assert len(set(red.get_flattened_data())) > 2 and len(set(blue.get_flattened_data())) <= 2


def test_empty_places_draw_no_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty board draws no "0": no token with a zero count, no "0" text, empty sectors stay plain."""
    counts: list[int | None] = []
    texts: list[str] = []
    token, put_text = board._token, board._put_text

    def token_spy(kind: int, size: int, count: int | None = None) -> Image.Image:
        counts.append(count)
        return token(kind, size, count)

    def text_spy(image: Image.Image, xy: tuple[float, float], text: str, *args: Any, **kwargs: Any) -> None:
        texts.append(text)
        put_text(image, xy, text, *args, **kwargs)

    board.clear_caches()
    view = empty_view()
    with monkeypatch.context() as patch:
        spy_on(patch, "_token", token_spy)
        spy_on(patch, "_put_text", text_spy)
        image = render(view)
    board.clear_caches()
    assert counts and texts, "the spies saw nothing"
    assert 0 not in counts and "0" not in texts
    for sector in board.CIRCLE_SECTORS:
        x, y = board.sector_point(sector)
        spot = image.crop((x - 8, y - 8, x + 8, y + 8))
        assert spot.getcolors(1 << 16) == [(256, board.SECTOR_EMPTY)], sector
    view["circles"]["A3"] = {"owner": 1, "count": 2}
    x, y = board.sector_point("A3")
    assert len(render(view).crop((x - 8, y - 8, x + 8, y + 8)).getcolors(1 << 16) or []) > 1


def test_region_with_and_without_a_token() -> None:
    """A region's label with no Influence has no token (nothing blue or red); with one it has."""
    region = "madrid"
    size, lines, split = board._name_layout(region, words("en").msg(board.REGION_SHORT[region]))
    seats = tuple(board._seat_items({"seats": [3, 3], "third": 1}))
    empty = board._label_sprite(region, size, lines, split, (0, 0), seats, False)
    one = board._label_sprite(region, size, lines, split, (1, 0), seats, False)

    def token_pixels(sprite: Image.Image) -> int:
        return sum(1 for c in pixels(sprite) if c[3] == 255 and c[:3] == board.BLUE)

    def opaque(sprite: Image.Image) -> int:
        return sum(1 for c in pixels(sprite) if c[3] > 128)

    assert token_pixels(empty) < token_pixels(one) - 100
    assert opaque(one) - opaque(empty) > board.TOKEN ** 2 * 0.5
    # the seat markers are the only blue in the empty label, and they are small
    assert token_pixels(empty) < board.SEAT_MARK ** 2


def test_each_region_shows_its_seats_now(cases: dict[str, View]) -> None:
    """Changing one region's projected seats changes only that region's label."""
    view = copy.deepcopy(cases["mid"])
    view["last_move"] = None
    before = render(view)
    view["seats_projection"]["regions"]["andalusia"] = {"seats": [9, 3], "third": 0}
    after = render(view)
    diff = ImageChops.difference(before, after).getbbox()
    assert diff is not None
    left, top, right, bottom = board.region_box("andalusia")
    assert left <= diff[0] and top <= diff[1] and diff[2] <= right and diff[3] <= bottom
    assert board._seat_items({"seats": [9, 3], "third": 0}) == [(0, "9"), (1, "3")]


@pytest.mark.parametrize("locale", LOCALES)
def test_region_labels_fit_their_tiles(locale: str) -> None:
    """Every region's label, with any seat split it can give and two-digit Influence, stays inside its tile
    clear of the frames; its name whole (never cut) and at least the floor size."""
    for region in REGIONS:
        size, lines, split = board._name_layout(region, words(locale).msg(board.REGION_SHORT[region]))
        assert size >= board.TEXT and not any(line.endswith("…") for line in lines), (region, lines)
        assert "".join(lines).replace(" ", "") == words(locale).msg(board.REGION_SHORT[region]).replace(" ", "")
        splits = {region_seats(region, blue, red) for blue in range(5) for red in range(5)}
        for blue, red, third in splits:
            items = tuple(board._seat_items({"seats": [blue, red], "third": third}))
            for influence in ((0, 0), (12, 0), (12, 12)):
                sprite = board._label_sprite(region, size, lines, split, influence, items, True)
                box = sprite.getchannel("A").getbbox()
                assert box is not None
                margin = 2 * board.FRAME + 1
                assert box[0] >= margin and box[1] >= margin, (region, influence, items)
                assert box[2] <= sprite.width - margin and box[3] <= sprite.height - margin, (region, influence, items)


def test_pact_names_fit_their_boxes() -> None:
    """Each pact box's region name fits whole at a readable size in every language."""
    for locale in LOCALES:
        for i, region in enumerate(PACT_REGIONS):
            left, _top, right, _bottom = board.pact_box(i)
            name = words(locale).msg(board.REGION_SHORT[region])
            assert board._fit_size(name, right - left - 12, board.LABEL, True) >= board.TEXT
            assert board.text_width(name, font(board.TEXT, True)) <= right - left - 12, (locale, name)


def test_seats_bar_follows_the_seats(cases: dict[str, View]) -> None:
    """The seats bar starts blue behind a disc and ends hatched red behind a square; the winner's part is framed
    in gold at the end."""
    view = cases["game_over_minority_government"]
    image = render(view)
    left, top, right, bottom = board.BAR
    y = (top + bottom) // 2
    assert bluish(pixel(image, (left + 3, y)))
    assert reddish(pixel(image, (right - 3, y)))
    assert view["result"] is not None
    (winner,) = view["result"]["winners"]
    x = left + 10 if winner == 0 else right - 10
    assert image.getpixel((x, top - 5)) == board.PALETTE["accent"]
    assert image.getpixel((x, top - 5)) != render(cases["mid"]).getpixel((x, top - 5))


def test_region_colour_and_pattern_follow_the_leader() -> None:
    """A red-led region is red and hatched, a blue-led one solid blue, a tied one neither."""
    view = empty_view()
    view["influence"]["madrid"] = [0, 3]
    view["influence"]["andalusia"] = [2, 1]
    view["influence"]["aragon"] = [2, 2]
    image = render(view)
    red = region_pixels(image, "madrid")
    assert sum(c == board.RED_FILL for c in red) > len(red) * 0.2
    assert sum(c == board.RED_HATCH for c in red) > len(red) * 0.1
    blue = region_pixels(image, "andalusia")
    assert sum(c == board.BLUE_FILL for c in blue) > len(blue) * 0.5
    assert not any(c in (board.RED_FILL, board.RED_HATCH) for c in blue)
    tie = region_pixels(image, "aragon")
    assert sum(c == board.TIE_FILL for c in tie) > len(tie) * 0.4
    assert not any(c in (board.RED_HATCH, board.BLUE_FILL) for c in tie)


def test_occupied_sector_shows_the_owners_token() -> None:
    """A sector with tokens shows the owner's colour and shape; a red sector is hatched around it."""
    empty = render(empty_view())
    for sector, owner in (("A3", 1), ("A25", 0), ("B14", 1)):
        view = empty_view()
        view["circles"][sector] = {"owner": owner, "count": 2}
        image = render(view)
        x, y = board.sector_point(sector)
        test = reddish if owner == 1 else bluish
        assert test(pixel(image, (x - 10, y)))  # inside the token, left of its digit
        assert not test(pixel(empty, (x - 10, y)))
        around = colours(image, (x - 26, y - 26, x + 26, y + 26))
        shades = around & {board.RED_FILL, board.RED_HATCH, board.BLUE_FILL}
        assert shades == ({board.RED_FILL, board.RED_HATCH} if owner == 1 else {board.BLUE_FILL})


def test_propaganda_centres_and_pacts_show_counts() -> None:
    """Propaganda held appears in its circle's centre (blue left, red right); pact markers in their box."""
    base = render(empty_view())
    view = empty_view()
    view["propaganda"][1]["C"] = 3
    view["pacts"]["galicia"] = [2, 0]
    image = render(view)
    cx, cy = board.sector_point("C")
    spot = (cx + board.CENTRE_TOKEN // 2 + 2 + 10, cy)  # inside the red token, right of its digit
    assert reddish(pixel(image, spot)) and not reddish(pixel(base, spot))
    box = board.pact_box(2)
    assert any(bluish(c) for c in pixels(image.crop(box)))
    assert not any(bluish(c) for c in pixels(base.crop(box)))


# --- purity, words -------------------------------------------------------------------------------

def test_same_view_same_bytes(cases: dict[str, View]) -> None:
    """Same view, same PNG bytes (warm, cold, in threads); rendering leaves the view untouched."""
    views = [cases[name] for name in ("mid", "seven", "over_limits", "game_over_conceded")] + [crowded_view()]
    assert_same_bytes(views, lambda v: render(v, "it", LONG_NAMES), board.clear_caches)


def test_seat_views_draw_the_public_board(games: list[list[tuple[State, Any]]]) -> None:
    """Everything is public: a player's own view (with its legal actions) draws the same board."""
    for game in games[:2]:
        for state, _ in game[:: max(1, len(game) // 5)]:
            image = render(public(state))
            for seat in (0, 1):
                assert ImageChops.difference(image, render(GAME.view(state, seat))).getbbox() is None


def test_map_layout_is_consistent() -> None:
    """Every region has tiles inside the map, no two regions overlap, and each label part is its own."""
    masks = board._region_masks()
    total = Image.new("L", (board.MAP_W, board.MAP_H), 0)
    for region in REGIONS:
        mask, hatch = masks[region]
        assert mask.getbbox() is not None and hatch.getbbox() is not None, region
        assert not ImageChops.multiply(total, mask).getbbox(), f"{region} overlaps another region"
        total = ImageChops.add(total, mask)
        x, y = board.label_point(region)
        assert mask.getpixel((x - board.MAP_X, y - board.MAP_Y)) == 255, f"label of {region} is outside it"
    left, top, right, bottom = board.MAP_PANEL
    assert left < board.MAP_X and right > board.MAP_X + board.MAP_W
    assert top < board.MAP_Y and bottom > board.MAP_Y + board.MAP_H


def test_locales_and_names() -> None:
    """Each language draws its own words; a table without names still draws."""
    view = empty_view()
    images = {loc: render(view, loc).crop(board.STATUS_PANEL) for loc in LOCALES}
    assert ImageChops.difference(images["en"], images["it"]).getbbox() is not None
    assert ImageChops.difference(images["en"], images["es"]).getbbox() is not None
    assert ImageChops.difference(images["es"], images["ca"]).getbbox() is not None
    render(view, "es", names=[])
