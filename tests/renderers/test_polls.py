"""The Polls Are Closed! board (renderers/polls.py): every step in every language, readable at chat size."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.i18n import LOCALES, words
from games.core.rng import SeededRng
from games.polls import GAME
from games.polls.data import REGIONS, region_seats
from renderers import polls as board
from renderers.core import CHAT_MIN_TEXT, CHAT_WIDTH, drawable, recording_font_sizes, to_png
from tests.renderers.helpers import artifacts_dir

State = dict[str, Any]
View = dict[str, Any]
NAMES = ["Alice", "Roberto Sánchez"]
MAX_PNG_BYTES = 150 * 1024

CASES = (
    "start", "mid", "seven", "order", "influence", "over_limits", "poll",
    "game_over_absolute_majority", "game_over_minority_government", "game_over_hung_parliament",
    "game_over_conceded",
)


# --- views ---------------------------------------------------------------------------------------

def playout(seed: int) -> list[tuple[State, tuple[int, dict[str, Any]] | None]]:
    """Every state of one game of random legal moves, with the move that led to it."""
    pick = random.Random(seed)
    state = GAME.setup(2, {"first": 0}, SeededRng(seed, 0))
    states: list[tuple[State, tuple[int, dict[str, Any]] | None]] = [(state, None)]
    step = 1
    while state["phase"] != "game_over":
        assert step < 5000, "the playout does not end"
        moves = [(seat, action) for seat in (0, 1) for action in GAME.legal_actions(state, seat)]
        seat, action = pick.choice(moves)
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
        states.append((state, (seat, action)))
        step += 1
    return states


def public(state: State) -> View:
    return GAME.view(state, None)


def final_with_influence(game: list[tuple[State, Any]], influence: dict[str, list[int]]) -> View:
    """The game's last move replayed on a map set to `influence`: the engine counts the seats."""
    before, (seat, action) = game[-2][0], game[-1][1]
    state = copy.deepcopy(before)
    state["influence"] = copy.deepcopy(influence)
    state["pacts"] = {region: [0, 0] for region in state["pacts"]}
    return public(GAME.apply(state, seat, action, SeededRng(99, 1)))


@pytest.fixture(scope="module")
def games() -> list[list[tuple[State, Any]]]:
    return [playout(seed) for seed in range(4)]


@pytest.fixture(scope="module")
def cases(games: list[list[tuple[State, Any]]]) -> dict[str, View]:
    """One view of every case the board must draw, all from the engine."""
    found: dict[str, View] = {"start": public(games[0][0][0])}
    for game in games:
        for state, _ in game:
            view = public(state)
            step, current = view["step"], view["current"]
            name = step
            if step == "influence":
                name = "over_limits" if current in (0, 1) and view["spend_needed"][current] else (
                    "influence" if view["affordable"] else "")
            if step == "actions" and view["round"] == 2 and (view["last_move"] or {}).get("regions"):
                name = "mid"
            if name in CASES and name not in found:
                found[name] = view
    game = games[1]
    middle = game[len(game) // 2][0]
    found["game_over_conceded"] = public(GAME.apply(middle, 0, {"type": "concede"}, SeededRng(1, 1)))
    found["game_over_minority_government"] = public(game[-1][0])
    big = {"andalusia": [3, 0], "catalonia": [3, 0], "madrid": [3, 0], "valencia": [3, 0]}
    found["game_over_absolute_majority"] = final_with_influence(game, {r: big.get(r, [1, 1]) for r in REGIONS})
    found["game_over_hung_parliament"] = final_with_influence(game, {r: [0, 0] for r in REGIONS})
    for name in CASES:
        assert name in found, f"no view for {name}"
    for reason in ("absolute_majority", "minority_government", "hung_parliament", "conceded"):
        assert found[f"game_over_{reason}"]["result"]["reason"] == reason
        assert min(found[f"game_over_{reason}"]["supply"]) >= 0
    return found


def empty_view() -> View:
    view = public(GAME.setup(2, {"first": 0}, SeededRng(1, 0)))
    view["last_move"] = None
    return view


def render(view: View, locale: str = "en", names: list[str] | None = None) -> Image.Image:
    return board.render(view, NAMES if names is None else names, words(locale))


@pytest.fixture(scope="session")
def artifacts() -> Path:
    return artifacts_dir("polls")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Callable[[View, str], list[str]]:
    """Render from cold caches and return every text the board drew (in order)."""

    def run(view: View, locale: str = "en") -> list[str]:
        texts: list[str] = []
        original = board._put_text

        def spy(image: Image.Image, xy: tuple[float, float], text: str, *args: Any, **kwargs: Any) -> None:
            texts.append(text)
            original(image, xy, text, *args, **kwargs)

        board.clear_caches()
        with monkeypatch.context() as patch:
            patch.setattr(board, "_put_text", spy)
            render(view, locale)
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


def region_pixels(image: Image.Image, region: str) -> list[tuple[int, int, int]]:
    """The colours of every pixel of a region's tiles on the rendered map."""
    mask, _ = board._region_masks()[region]
    crop = image.crop((board.MAP_X, board.MAP_Y, board.MAP_X + board.MAP_W, board.MAP_Y + board.MAP_H))
    return [c for c, m in zip(crop.get_flattened_data(), mask.get_flattened_data(), strict=True) if m]


def reddish(c: tuple[int, ...]) -> bool:
    return c[0] > c[1] + 50 and c[0] > c[2] + 50


def bluish(c: tuple[int, ...]) -> bool:
    return c[2] > c[0] + 50


# --- every case, every language ------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("case", CASES)
def test_every_case_renders(cases: dict[str, View], case: str, locale: str) -> None:
    """Each case renders at the board's size in each language, with a status line, under 150 KiB."""
    image = render(cases[case], locale)
    assert image.size == (board.WIDTH, board.HEIGHT) and image.mode == "RGB"
    strip = image.crop(board._px_box(board.STRIP))
    assert len(strip.getcolors(1 << 16) or []) > 20, "the status strip is blank"
    data = to_png(image)
    assert data.startswith(b"\x89PNG") and len(data) <= MAX_PNG_BYTES


def test_text_is_readable_at_chat_size(cases: dict[str, View]) -> None:
    """Shown 550 px wide, no text of any case or language is smaller than 16 px."""
    for name in NAMES:
        drawable(name)  # the glyph check measures at 20 px once per character; it draws nothing
    board.clear_caches()
    with recording_font_sizes() as sizes:
        for view in cases.values():
            for locale in LOCALES:
                render(view, locale)
    assert sizes, "no font was asked for: the recording sees nothing"
    assert min(sizes) * CHAT_WIDTH / board.WIDTH >= CHAT_MIN_TEXT == 16, sorted(sizes)


def test_status_strip_says_round_turn_and_who_plays(cases: dict[str, View], drawn: Any) -> None:
    """The strip names the round and turn, the player and party, and the actions left in plural forms."""
    view = copy.deepcopy(cases["mid"])
    view.update(round=2, turn=4, turns_in_round=9, current=1, actions_left=1)
    texts = drawn(view, "en")
    assert "Round 2 of 3 · turn 4 of 9" in texts
    assert "Red · Roberto Sánchez plays: 1 action left" in texts
    view["actions_left"] = 2
    assert "Juega Rojo · Roberto Sánchez: quedan 2 acciones" in drawn(view, "es")
    assert "Tocca a Rosso · Roberto Sánchez: 2 azioni rimaste" in drawn(view, "it")


@pytest.mark.parametrize(("case", "english"), [
    ("seven", "rolled 7 on"),
    ("order", "which die first?"),
    ("influence", "place Influence, then end the turn"),
    ("over_limits", "over the limit, spend"),
    ("poll", "places poll Influence:"),
    ("game_over_absolute_majority", "wins: absolute majority"),
    ("game_over_minority_government", "wins: minority government"),
    ("game_over_hung_parliament", "Hung parliament: a draw"),
    ("game_over_conceded", "Blue · Alice conceded: Red · Roberto Sánchez wins"),
])
def test_status_strip_names_the_step(cases: dict[str, View], drawn: Any, case: str, english: str) -> None:
    """Each step and each way a game ends has its own sentence in the strip."""
    texts = drawn(cases[case], "en")
    assert any(english in t for t in texts), texts[:6]


def test_legend_explains_cost_codes_and_limits(drawn: Any) -> None:
    """One line says what the cost codes mean; another the end-of-turn limits and the third parties' mark."""
    texts = drawn(empty_view(), "en")
    assert "Costs: 2C = 1 Influence for 2 Propaganda C · 5C/2B: 5 C or 2 B" in texts
    assert "End of turn: fewer than 1 A, 3 B and 5 C" in texts
    assert "other parties" in texts
    es = drawn(empty_view(), "es")
    assert "Costes: 2C = 1 Influencia por 2 Propaganda C · 5C/2B: 5 C o 2 B" in es


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


def test_pact_outlines_its_box_not_the_region() -> None:
    """A pact's last move frames the pact box it went to (and its sector), not the map tile."""
    view = empty_view()
    view["pacts"]["euskadi"] = [1, 0]
    view["last_move"] = {"seat": 0, "type": "pact", "regions": ["euskadi"], "sectors": ["B14"]}
    image = render(view)
    assert band_share(image, board._region_frames()["euskadi"][0], board.LAST_MOVE) < 0.05
    left, top, right, _ = board._px_box(board._pact_box(1))
    assert image.getpixel((int((left + right) / 2), top + 1)) == board.LAST_MOVE
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
        inside = image.crop((left + 12, top + 12, right - 12, bottom - 12))
        gold = sum(c == board.POSSIBLE for c in inside.get_flattened_data())
        assert (gold > 150) if region == "aragon" else (gold == 0), region
    view["step"] = "actions"  # outside the influence step nothing is framed in gold
    image = render(view)
    assert all(band_share(image, board._region_frames()[r][1], board.POSSIBLE) < 0.05 for r in REGIONS)


def test_poll_highlights_the_open_2c_regions(cases: dict[str, View]) -> None:
    """During the national poll the 2C regions the player has not used yet are framed in gold."""
    view = copy.deepcopy(cases["poll"])
    seat = view["poll"]["seat"]
    view["poll"]["placed"][seat] = ["aragon"]
    image = render(view)
    for region in REGIONS:
        share = band_share(image, board._region_frames()[region][1], board.POSSIBLE)
        expected = view["region_types"][region] == "2C" and region != "aragon"
        assert (share > 0.8) if expected else (share < 0.05), region


def test_seven_target_and_dice_are_highlighted(cases: dict[str, View]) -> None:
    """A pending 7 frames its target in gold; the rolled dice show in the strip, framed in gold."""
    view = copy.deepcopy(cases["seven"])
    view["last_move"] = None
    target = view["pending"]["seven_target"]
    image = render(view)
    for sector, band in board._sector_frames().items():
        share = band_share(image, band[1], board.POSSIBLE)
        assert (share > 0.8) if sector == target else (share < 0.05), sector
    left, top, right, bottom = board._px_box(board.STRIP)
    dice_area = image.crop((right - board.px(70), top + board.px(27), right, bottom))
    colours = {c for _, c in dice_area.getcolors(1 << 16) or []}
    assert board.WHITE in colours and board.POSSIBLE in colours
    view["pending"] = None
    view["step"] = "actions"
    no_dice = render(view).crop((right - board.px(70), top + board.px(27), right, bottom))
    assert board.POSSIBLE not in {c for _, c in no_dice.getcolors(1 << 16) or []}


def test_order_step_frames_the_dice_sectors(cases: dict[str, View]) -> None:
    """When the player must choose which die goes first, the sectors both dice point at are framed in gold."""
    view = copy.deepcopy(cases["order"])
    view["last_move"] = None
    circle, dice = view["pending"]["circle"], view["pending"]["dice"]
    expected = {board.sector_for_die(circle, d) for d in dice}
    image = render(view)
    for sector, band in board._sector_frames().items():
        share = band_share(image, band[1], board.POSSIBLE)
        assert (share > 0.8) if sector in expected else (share < 0.05), sector


def test_over_limits_marks_the_centre_to_spend(cases: dict[str, View]) -> None:
    """Over a limit in the influence step, the centre to spend from is framed red and the panel says so."""
    view = copy.deepcopy(cases["over_limits"])
    seat = view["current"]
    kinds = set(view["spend_needed"][seat])
    image = render(view)
    for kind in ("A", "B", "C"):
        share = band_share(image, board._sector_frames()[kind][1], board.PALETTE["danger"])
        assert (share > 0.8) if kind in kinds else (share < 0.05), kind


# --- tokens, seats, shapes -----------------------------------------------------------------------

def test_empty_places_draw_no_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty board draws no "0": no token with a zero count, no "0" text, empty sectors stay plain."""
    counts: list[int | None] = []
    texts: list[str] = []
    token, put_text = board._token, board._put_text

    def token_spy(seat: int, size: int, count: int | None = None) -> Image.Image:
        counts.append(count)
        return token(seat, size, count)

    def text_spy(image: Image.Image, xy: tuple[float, float], text: str, *args: Any, **kwargs: Any) -> None:
        texts.append(text)
        put_text(image, xy, text, *args, **kwargs)

    board.clear_caches()
    view = empty_view()
    with monkeypatch.context() as patch:
        patch.setattr(board, "_token", token_spy)
        patch.setattr(board, "_put_text", text_spy)
        image = render(view)
    board.clear_caches()
    assert counts and texts, "the spies saw nothing"
    assert 0 not in counts and "0" not in texts
    for sector in board.CIRCLE_SECTORS:
        x, y = board.sector_point(sector)
        patch = image.crop((x - 8, y - 8, x + 8, y + 8))
        assert patch.getcolors(1 << 16) == [(256, board.SECTOR_EMPTY)], sector
    view["circles"]["A3"] = {"owner": 1, "count": 2}
    x, y = board.sector_point("A3")
    assert len(render(view).crop((x - 8, y - 8, x + 8, y + 8)).getcolors(1 << 16) or []) > 1


def test_region_with_and_without_a_token() -> None:
    """A region's label with no Influence has no token (nothing blue or red); with one it has."""
    region = "madrid"
    lines = board._label_lines(words("en").msg(board.REGION_SHORT[region]), 200)
    seats = tuple(board._seat_items({"seats": [3, 3], "third": 1}))
    empty = board._label_sprite(region, lines, (0, 0), seats, False)
    one = board._label_sprite(region, lines, (1, 0), seats, False)

    def token_pixels(sprite: Image.Image) -> int:
        return sum(1 for c in sprite.get_flattened_data() if c[3] == 255 and c[:3] == board.BLUE)

    def opaque(sprite: Image.Image) -> int:
        return sum(1 for c in sprite.get_flattened_data() if c[3] > 128)

    assert token_pixels(empty) < token_pixels(one) - 100
    token_area = board.px(board.TOKEN) ** 2
    assert opaque(one) - opaque(empty) > token_area * 0.5
    # the seat markers are the only blue in the empty label, and they are small
    assert token_pixels(empty) < board.px(board.SEAT_MARK) ** 2


def test_each_region_shows_its_seats_now(cases: dict[str, View]) -> None:
    """Changing one region's projected seats changes only that region's label; the labels fit every split."""
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
    """Every region's label, with any seat split it can give and two-digit Influence, stays inside its tile."""
    for region in REGIONS:
        left, top, right, bottom = board.region_box(region)
        lines = board._label_lines(words(locale).msg(board.REGION_SHORT[region]), right - left - board.px(10))
        splits = {region_seats(region, blue, red) for blue in range(5) for red in range(5)}
        for blue, red, third in splits:
            items = tuple(board._seat_items({"seats": [blue, red], "third": third}))
            for influence in ((0, 0), (12, 0), (12, 12)):
                sprite = board._label_sprite(region, lines, influence, items, True)
                box = sprite.getchannel("A").getbbox()
                assert box is not None
                # clear of the frames drawn inside the tile's edge
                margin = 2 * board.FRAME + 1
                assert box[0] >= margin and box[1] >= margin, (region, influence, items)
                assert box[2] <= sprite.width - margin and box[3] <= sprite.height - margin, (region, influence, items)


def test_totals_bar_follows_the_seats(cases: dict[str, View]) -> None:
    """The seats bar starts blue and ends hatched red; the final seats show at game over and the winner is framed."""
    view = cases["game_over_minority_government"]
    image = render(view)
    left, right = board.px(18), board.px(532)
    y = board.px(board.SEATS_TOP) + board.px(32)
    assert bluish(image.getpixel((left + 3, y)))
    assert reddish(image.getpixel((right - 3, y)))
    (winner,) = view["result"]["winners"]
    col_w = (right - left - board.px(10)) / 2
    x0 = left + winner * (col_w + board.px(10))
    frame_y = board.px(board.SEATS_TOP) + board.px(62) - board.px(3)
    assert image.getpixel((int(x0 + col_w / 2), frame_y)) == board.PALETTE["accent"]


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


def test_parties_differ_in_grayscale() -> None:
    """In grayscale the parties still differ: blue tokens are discs, red ones squares, third parties
    diamonds, and red regions carry stripes where blue ones are flat."""
    disc, square, diamond = board._token(0, 30), board._token(1, 30), board._token(2, 30)
    assert disc.getpixel((2, 2))[3] < 40 and square.getpixel((3, 3))[3] > 200
    assert diamond.getpixel((3, 3))[3] < 40 and diamond.getpixel((15, 15))[3] > 200
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


def test_occupied_sector_shows_the_owners_token() -> None:
    """A sector with tokens shows the owner's colour and shape; a red sector is hatched around it."""
    empty = render(empty_view())
    for sector, owner in (("A3", 1), ("A25", 0), ("B14", 1)):
        view = empty_view()
        view["circles"][sector] = {"owner": owner, "count": 2}
        image = render(view)
        x, y = board.sector_point(sector)
        test = reddish if owner == 1 else bluish
        assert test(image.getpixel((x - 8, y - 9)))  # inside the token, off its digit
        assert not test(empty.getpixel((x - 8, y - 9)))
        around = image.crop((x - 30, y - 30, x + 30, y + 30)).getcolors(1 << 16) or []
        shades = {c for _, c in around} & {board.RED_FILL, board.RED_HATCH, board.BLUE_FILL}
        assert shades == ({board.RED_FILL, board.RED_HATCH} if owner == 1 else {board.BLUE_FILL})


def test_propaganda_centres_and_pacts_show_counts() -> None:
    """Propaganda held appears in its circle's centre (blue left, red right); pact markers in their box."""
    base = render(empty_view())
    view = empty_view()
    view["propaganda"][1]["C"] = 3
    view["pacts"]["galicia"] = [2, 0]
    image = render(view)
    cx, cy = board.sector_point("C")
    spot = (cx + board.px(12) - 8, cy - 9)  # inside the red token, off its digit
    assert reddish(image.getpixel(spot)) and not reddish(base.getpixel(spot))
    left, top, right, bottom = board._px_box(board._pact_box(2))
    box = image.crop((left, top, right, bottom))
    assert any(bluish(c) for c in box.get_flattened_data())
    assert not any(bluish(c) for c in base.crop((left, top, right, bottom)).get_flattened_data())


# --- purity, words -------------------------------------------------------------------------------

def test_render_is_pure_and_deterministic(cases: dict[str, View]) -> None:
    """The same view gives the same bytes twice, and rendering never changes the view."""
    for view in (cases["mid"], cases["game_over_conceded"]):
        before = copy.deepcopy(view)
        first = to_png(render(view))
        assert view == before
        assert to_png(render(view)) == first


def test_concurrent_renders_match(games: list[list[tuple[State, Any]]]) -> None:
    """Renders in threads (the bot uses asyncio.to_thread) give the same bytes as in sequence."""
    views = [public(s) for s, _ in games[2][::9]]
    expected = [to_png(render(v, "it")) for v in views]
    board.clear_caches()
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda v: to_png(render(v, "it")), views))
    assert got == expected


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


def test_locales_and_names() -> None:
    """Italian and Spanish draw their own words; names the font cannot draw fall back to the seat."""
    view = empty_view()
    strip = board._px_box(board.STRIP)
    images = {loc: render(view, loc).crop(strip) for loc in LOCALES}
    assert ImageChops.difference(images["en"], images["it"]).getbbox() is not None
    assert ImageChops.difference(images["en"], images["es"]).getbbox() is not None
    assert ImageChops.difference(images["es"], images["ca"]).getbbox() is not None
    assert board._name(words("en"), ["🎲"], 0) == "Player 1"
    assert board._name(words("it"), [], 1) == "Giocatore 2"
    render(view, "es", names=[])


# --- samples for a person to look at -------------------------------------------------------------

def scaled(image: Image.Image) -> Image.Image:
    """The picture as Discord shows it inline: 550 px wide."""
    return image.resize((CHAT_WIDTH, round(image.height * CHAT_WIDTH / image.width)), Image.Resampling.LANCZOS)


def test_write_samples(cases: dict[str, View], artifacts: Path) -> None:
    """Every case in every language, full size and 550 px wide, under tests/artifacts/polls/."""
    for case, view in cases.items():
        for locale in LOCALES:
            image = render(view, locale)
            full = artifacts / f"{case}_{locale}.png"
            full.write_bytes(to_png(image))
            scaled(image).save(artifacts / f"{case}_{locale}_550.png")
            assert full.stat().st_size > 0
