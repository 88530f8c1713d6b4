"""The Polls Are Closed! board rendered from views of seeded random games (renderers/polls.py)."""

from __future__ import annotations

import copy
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from games.core.rng import SeededRng
from games.polls import GAME
from games.polls.data import REGIONS
from renderers import polls as board
from renderers.core import to_png

State = dict[str, Any]
NAMES = ["Alice", "Roberto Sánchez"]
MAX_PNG_BYTES = 100 * 1024
ALL_STEPS = {"actions", "influence", "order", "seven", "poll", "game_over"}


def playout(seed: int) -> list[State]:
    """Every state of one game of random legal moves."""
    pick = random.Random(seed)
    state = GAME.setup(2, {}, SeededRng(seed, 0))
    states = [state]
    step = 1
    while state["phase"] != "game_over":
        assert step < 5000, "the playout does not end"
        moves = [(seat, action) for seat in (0, 1) for action in GAME.legal_actions(state, seat)]
        seat, action = pick.choice(moves)
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
        states.append(state)
        step += 1
    return states


@pytest.fixture(scope="module")
def games() -> list[list[State]]:
    return [playout(seed) for seed in range(6)]


@pytest.fixture(scope="session")
def artifacts() -> Path:
    path = Path(__file__).resolve().parents[1] / "artifacts" / "polls"
    path.mkdir(parents=True, exist_ok=True)
    return path


def public(state: State) -> dict[str, Any]:
    return GAME.view(state, None)


def empty_view() -> dict[str, Any]:
    return public(GAME.setup(2, {"first": 0}, SeededRng(1, 0)))


def region_pixels(image: Image.Image, region: str) -> list[tuple[int, int, int]]:
    """The colours of every pixel of a region's cells on the rendered map."""
    mask, _ = board._region_masks()[region]
    crop = image.crop((board.MAP_X, board.MAP_Y, board.MAP_X + board.MAP_W, board.MAP_Y + board.MAP_H))
    data = crop.get_flattened_data()
    return [data[i] for i, m in enumerate(mask.get_flattened_data()) if m]


def reddish(c: tuple[int, ...]) -> bool:
    return c[0] > c[1] + 50 and c[0] > c[2] + 50


def bluish(c: tuple[int, ...]) -> bool:
    return c[2] > c[0] + 50


def test_every_step_renders_within_bounds(games: list[list[State]]) -> None:
    """Random views of every step (actions, influence, dice order, seven, poll, game over) render
    at the board's fixed size in all three languages, and encode under 100 KiB."""
    pick = random.Random(3)
    seen: set[str] = set()
    for states in games:
        by_step: dict[str, list[State]] = {}
        for s in states:
            by_step.setdefault(public(s)["step"], []).append(s)
        for step, group in by_step.items():
            view = public(pick.choice(group))
            for locale in ("en", "it-IT", "es-ES"):
                image = board.render(view, NAMES, locale)
                assert image.size == (board.WIDTH, board.HEIGHT)
                assert 1000 <= image.width <= 1400 and 600 <= image.height <= 1000
            data = to_png(image)
            assert data.startswith(b"\x89PNG") and len(data) <= MAX_PNG_BYTES
            seen.add(step)
    assert seen >= ALL_STEPS


def test_render_is_pure_and_deterministic(games: list[list[State]]) -> None:
    """The same view gives the same bytes twice, and rendering never changes the view."""
    for states in games[:2]:
        view = public(states[len(states) // 2])
        before = copy.deepcopy(view)
        first = to_png(board.render(view, NAMES, "en"))
        assert view == before
        assert to_png(board.render(view, NAMES, "en")) == first


def test_concurrent_renders_match(games: list[list[State]]) -> None:
    """Renders in threads (the bot uses asyncio.to_thread) give the same bytes as in sequence:
    the cached layers are copied, never drawn on."""
    views = [public(s) for s in games[2][::7]]
    expected = [to_png(board.render(v, NAMES, "it")) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda v: to_png(board.render(v, NAMES, "it")), views))
    assert got == expected


def test_seat_views_draw_the_public_board(games: list[list[State]]) -> None:
    """Everything is public: a player's own view (with its legal actions) draws the same board."""
    for states in games[:3]:
        for state in states[:: max(1, len(states) // 5)]:
            image = board.render(public(state), NAMES, "en")
            for seat in (0, 1):
                mine = board.render(GAME.view(state, seat), NAMES, "en")
                assert ImageChops.difference(image, mine).getbbox() is None


def test_map_layout_is_consistent() -> None:
    """Every region has cells, no cell belongs to two regions, and every label sits inside its
    own region (so the colour around a label is the region's)."""
    masks = board._region_masks()
    total = Image.new("L", (board.MAP_W, board.MAP_H), 0)
    for region in REGIONS:
        mask, hatch = masks[region]
        assert board.region_cells(region), region
        assert not ImageChops.multiply(total, mask).getbbox(), f"{region} overlaps another region"
        total = ImageChops.add(total, mask)
        assert hatch.getbbox() is not None
        x, y = board.label_point(region)
        assert mask.getpixel((x - board.MAP_X, y - board.MAP_Y)) == 255, f"label of {region} is outside it"


def test_region_colour_and_pattern_follow_the_leader() -> None:
    """A red-led region is red and hatched (two red shades), a blue-led one solid blue, a tied one
    neither: the leader is readable without telling red from blue."""
    view = empty_view()
    view["influence"]["madrid"] = [0, 3]
    view["influence"]["andalusia"] = [2, 1]
    view["influence"]["aragon"] = [2, 2]
    image = board.render(view, NAMES, "en")
    red = region_pixels(image, "madrid")
    assert sum(c == board.RED_FILL for c in red) > len(red) * 0.2
    assert sum(c == board.RED_HATCH for c in red) > len(red) * 0.1
    # right by the label (beside the Influence pill) the region is red too
    x, y = board.label_point("madrid")
    assert reddish(image.getpixel((x + 40, y - 12)))
    blue = region_pixels(image, "andalusia")
    assert sum(c == board.BLUE_FILL for c in blue) > len(blue) * 0.5
    assert not any(c in (board.RED_FILL, board.RED_HATCH) for c in blue)
    tie = region_pixels(image, "aragon")
    assert sum(c == board.TIE_FILL for c in tie) > len(tie) * 0.4
    assert not any(c in (board.RED_HATCH, board.BLUE_FILL) for c in tie)


def test_legend_survives_the_map() -> None:
    """The key (blue fill, hatched red, tie, both token shapes) shows in the sea even when no
    region is led by anyone, and no land cell lies under it."""
    image = board.render(empty_view(), NAMES, "en")
    legend = image.crop(board.LEGEND_BOX)
    colours = {c for _, c in legend.getcolors(1 << 16) or []}
    assert {board.BLUE_FILL, board.RED_FILL, board.RED_HATCH, board.TIE_FILL, board.BLUE, board.RED} <= colours
    left, top = (board.LEGEND_BOX[0] - board.MAP_X) // board.CELL, (board.LEGEND_BOX[1] - board.MAP_Y) // board.CELL
    assert all(line[left:] == "." * (board.COLS - left) for line in board.MAP_GRID[top:])


def test_parties_differ_in_grayscale() -> None:
    """In grayscale the parties still differ: blue tokens are discs, red ones squares (corners
    filled), and red regions carry a stripe pattern where blue ones are flat."""
    disc, square = board._token(0, 30), board._token(1, 30)
    assert disc.getpixel((2, 2))[3] < 40 and square.getpixel((2, 2))[3] > 200
    view = empty_view()
    view["influence"]["castilla_la_mancha"] = [3, 0]
    view["influence"]["andalusia"] = [0, 3]
    gray = board.render(view, NAMES, "en").convert("L")
    crop = gray.crop((board.MAP_X, board.MAP_Y, board.MAP_X + board.MAP_W, board.MAP_Y + board.MAP_H))
    contrast = {}
    for region in ("castilla_la_mancha", "andalusia"):
        mask, stripes = board._region_masks()[region]
        between = ImageChops.subtract(mask, stripes)
        # medians ignore the label, which covers a small part of the region
        contrast[region] = abs(ImageStat.Stat(crop, stripes).median[0] - ImageStat.Stat(crop, between).median[0])
    assert contrast["andalusia"] >= 30
    assert contrast["castilla_la_mancha"] <= 2


def test_occupied_sector_shows_the_owners_token() -> None:
    """A sector with tokens looks different from an empty one, in the owner's colour and shape."""
    empty = board.render(empty_view(), NAMES, "en")
    for sector, owner in (("A3", 1), ("A25", 0), ("B14", 1)):
        view = empty_view()
        view["circles"][sector] = {"owner": owner, "count": 2}
        image = board.render(view, NAMES, "en")
        x, y = board.sector_point(sector)
        box = (x - 14, y - 14, x + 14, y + 14)
        assert ImageChops.difference(image.crop(box), empty.crop(box)).getbbox() is not None
        test = reddish if owner == 1 else bluish
        assert test(image.getpixel((x - 8, y - 8)))
        assert not test(empty.getpixel((x - 8, y - 8)))
        # a red sector is hatched around its token (two shades of red), a blue one is flat
        around = image.crop((x - 30, y - 30, x + 30, y + 30)).getcolors(1 << 16) or []
        shades = {c for _, c in around} & {board.RED_FILL, board.RED_HATCH, board.BLUE_FILL}
        assert shades == ({board.RED_FILL, board.RED_HATCH} if owner == 1 else {board.BLUE_FILL})


def test_propaganda_centres_and_pacts_show_counts() -> None:
    """Propaganda held by a party appears in its circle's centre; pact markers in their box."""
    base = board.render(empty_view(), NAMES, "en")
    view = empty_view()
    view["propaganda"][1]["C"] = 3
    view["pacts"]["galicia"] = [2, 0]
    image = board.render(view, NAMES, "en")
    cx, cy = board.CIRCLE_C
    assert reddish(image.getpixel((cx + 14 - 9, cy - 9)))
    assert not reddish(base.getpixel((cx + 14 - 9, cy - 9)))
    diff = ImageChops.difference(image, base).getbbox()
    assert diff is not None and diff[1] < board.PANELS_TOP


def test_seats_bar_follows_the_projection(games: list[list[State]]) -> None:
    """The seats bar starts blue and ends red when both parties have seats; at game over the
    final seats are shown and the winner's panel is framed."""
    view = public(games[0][-1])
    image = board.render(view, NAMES, "en")
    top = board.SEATS_TOP + 6 + 57
    left, right = board.MARGIN + 16, board.WIDTH - board.MARGIN - 16
    seats = view["result"]["seats"]
    assert seats[0] and seats[1]
    assert bluish(image.getpixel((left + 3, top)))
    assert reddish(image.getpixel((right - 3, top - 8)))
    for seat in view["result"]["winners"]:
        panel_left = board.MARGIN + seat * ((board.WIDTH - 2 * board.MARGIN - 12) / 2 + 12)
        assert image.getpixel((int(panel_left) + 40, board.PANELS_TOP + 1)) == board.PALETTE["accent"]


def test_locales_and_names() -> None:
    """Italian and Spanish get their own words; unknown locales read English; names the font
    cannot draw fall back to the seat."""
    assert board._lang("it-IT") == "it" and board._lang("es_ES") == "es" and board._lang("fr") == "en"
    view = empty_view()
    header = (0, 0, board.WIDTH, 80)
    images = {loc: board.render(view, NAMES, loc).crop(header) for loc in ("en", "it", "es")}
    assert ImageChops.difference(images["en"], images["it"]).getbbox() is not None
    assert ImageChops.difference(images["en"], images["es"]).getbbox() is not None
    assert board._name(["🎲"], 0, "en") == "Player 1"
    assert board._name([], 1, "it") == "Giocatore 2"
    board.render(view, [], "es")


def test_write_samples(games: list[list[State]], artifacts: Path) -> None:
    """Sample boards for a person to look at: start, mid-game, dice, poll and game over."""
    states = games[1]
    views = [public(s) for s in states]
    picks = {"start": views[0], "mid": views[len(views) // 2], "game_over": views[-1]}
    for view in views:
        if view["step"] in ("poll", "seven", "order") and view["step"] not in picks:
            picks[view["step"]] = view
    for label, view in picks.items():
        path = artifacts / f"{label}.png"
        path.write_bytes(to_png(board.render(view, NAMES, "en")))
        assert path.stat().st_size > 0
    (artifacts / "mid_it.png").write_bytes(to_png(board.render(picks["mid"], NAMES, "it")))
    (artifacts / "mid_es.png").write_bytes(to_png(board.render(picks["mid"], NAMES, "es")))
