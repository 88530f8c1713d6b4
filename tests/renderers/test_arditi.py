"""Arditi del Popolo board (renderers/arditi/): random games of 2-6 in every language, drawn for the
inline box and readable there, numbered counter-clockwise on screen, moves and the last move marked
where the view says, shapes per seat."""

from __future__ import annotations

import copy
import math
import random
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.i18n import LOCALES, words
from games.arditi import GAME
from games.arditi.board import LEFT, RIGHT, neighbour, ring_of
from games.arditi.view_types import ArditiView
from renderers import arditi as board
from renderers.core import BOARD_SIZE, INLINE_MIN_TEXT, PALETTE, font, seat_color, to_png
from renderers.samples import arditi as samples
from renderers.samples.arditi import LONG_NAMES, NAMES, links, public
from tests.renderers.helpers import (
    Drawing,
    RecordingWords,
    assert_same_bytes,
    draw_every_way,
    smallest_inline_text,
)

State = dict[str, Any]
View = ArditiView
MAX_PNG_BYTES = 100 * 1024
PANEL = board.px(board.PANEL_LEFT)  # the board lies left of this image x


# --- views from seeded random games (renderers/samples/arditi.py) ----------------------------------------

# The module's fixtures play seeded games and draw them: under pytest-xdist one worker builds them once
# (`--dist loadgroup`, pyproject.toml) instead of each worker its own.
pytestmark = [pytest.mark.slow(10), pytest.mark.xdist_group("renderers_arditi")]


@pytest.fixture(scope="module")
def games() -> dict[tuple[int, int], list[State]]:
    return samples.games()


@pytest.fixture(scope="module")
def cases(games: dict[tuple[int, int], list[State]]) -> dict[str, View]:
    """One view of every situation the board must draw, all from the engine."""
    return samples.cases(games)


def render(view: View, locale: str = "en", names: list[str] | None = None) -> Image.Image:
    return board.render(view, NAMES if names is None else names, words(locale))


# --- pixels ------------------------------------------------------------------------------------------

def cell_pixels(image: Image.Image, space: int, mask: Image.Image | None = None) -> list[Any]:
    """The colours of a space's cell (or of `mask` over the cell's box)."""
    at, cell = board.cell_mask(space)
    mask = mask or cell
    crop = image.crop((at[0], at[1], at[0] + mask.width, at[1] + mask.height))
    return [c for c, m in zip(crop.get_flattened_data(), mask.get_flattened_data(), strict=True) if m == 255]


def cell_share(image: Image.Image, space: int, colour: tuple[int, int, int], mask: Image.Image | None = None) -> float:
    """The share of a space's cell (or of `mask` over the cell's box) that has exactly `colour`."""
    inside = cell_pixels(image, space, mask)
    return sum(c == colour for c in inside) / len(inside)


def jump_band(space: int) -> Image.Image:
    """The frame of a jump's landing: the cell minus its part inside the frame."""
    at, cell = board.cell_mask(space)
    inner = Image.new("L", cell.size, 0)
    outline = board.sector_outline(space, board.JUMP_FRAME - 1)
    ImageDraw.Draw(inner).polygon([(x - at[0], y - at[1]) for x, y in outline], fill=255)
    return ImageChops.subtract(cell, inner)


def angle_on_screen(point: tuple[float, float]) -> float:
    """The angle of an image point around the board's centre, counter-clockwise as a person sees it."""
    return math.degrees(math.atan2(board.CY - point[1], point[0] - board.CX)) % 360


def centroid(image: Image.Image, colour: tuple[int, int, int], box: tuple[int, int, int, int]) -> tuple[float, float]:
    crop = image.crop(box)
    points = [(i % crop.width, i // crop.width) for i, c in enumerate(crop.get_flattened_data()) if c == colour]
    assert points, f"no pixel of {colour} in {box}"
    return (box[0] + sum(p[0] for p in points) / len(points), box[1] + sum(p[1] for p in points) / len(points))


def lone_leaders(start: View, seats: dict[int, int]) -> View:
    """The set-up view with the leaders of `seats` moved to the given spaces (and no numbers)."""
    view = copy.deepcopy(start)
    view["spaces"], view["numbers"], view["waiting"], view["police"] = {}, [], [], []
    for march in view["marches"]:
        space = seats.get(march["seat"])
        march["spaces"] = [space] if space else []
        if space:
            view["spaces"][str(space)] = {"kind": "leader", "seat": march["seat"]}
    return view


def shown_pixel(image: Image.Image, point: tuple[float, float]) -> tuple[int, ...]:
    value = image.getpixel((round(point[0]), round(point[1])))
    assert isinstance(value, tuple)
    return value


# --- the picture for the inline box -------------------------------------------------------------------------

def test_random_views_of_two_to_six_render(games: dict[tuple[int, int], list[State]]) -> None:
    """Views spread over seeded random games of 2-6 players render landscape at BOARD_SIZE, under 100 KiB (each
    view in one language, the languages in turn: test_every_case_renders draws every case in every one)."""
    turn = 0
    for (seed, n), states in games.items():
        pick = random.Random(f"{seed}:{n}")
        for state in [states[0], *pick.sample(states, 8), states[-1]]:
            image = render(public(state), LOCALES[turn % len(LOCALES)])
            turn += 1
            assert image.size == BOARD_SIZE == (1100, 700) and image.mode == "RGB"
            assert len(to_png(image)) <= MAX_PNG_BYTES


@pytest.fixture(scope="module")
def drawn(cases: dict[str, View]) -> Drawing:
    """Every case drawn once in every language with short and long names, with how many colours its status
    card has: the case test and the readability check look at the same drawings."""
    def card_colours(_name: str, image: Image.Image) -> int:
        return len(image.crop(board._px_box(board.STATUS)).getcolors(1 << 16) or [])

    return draw_every_way(cases, render, board.clear_caches, [NAMES, LONG_NAMES], look=card_colours)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_case_renders(cases: dict[str, View], drawn: Drawing, locale: str) -> None:
    """Each situation renders in each language, with short and long names (those of its sample PNG among
    them), with a status card that says something."""
    assert {tuple(samples.sample_names(name, locale)) for name in cases} <= {tuple(NAMES), tuple(LONG_NAMES)}
    for name in cases:
        for k in range(2):  # NAMES, LONG_NAMES
            assert drawn.pictures[(locale, k, name)].size == BOARD_SIZE, name
            assert drawn.pictures[(locale, k, name)].seen > 20, f"the status card of {name} is blank"


def test_the_cases_are_what_they_are_named(cases: dict[str, View]) -> None:
    """The chosen views really hold police on the board, groups, waiting numbers, a jump and a clash."""
    six = cases["six_mid"]
    assert six["groups"] and six["waiting"] and any(p["space"] for p in six["police"])
    placing, result = cases["placing"]["placing"], cases["game_over_six"]["result"]
    assert placing and placing["options"] and result and result["winners"]
    assert any(p["space"] is None for p in cases["police_off_board"]["police"])
    assert len(cases["waiting_twelve"]["waiting"]) == 12


def test_text_is_readable_in_the_inline_box(drawn: Drawing) -> None:
    """Scaled into the inline box, no text of any case, language or set of names is under 10 px."""
    smallest = drawn.smallest_inline_text()
    assert smallest >= INLINE_MIN_TEXT == 10, smallest


def test_the_readability_check_can_fail(cases: dict[str, View]) -> None:
    """A picture that asks for a font one size under the smallest allowed is caught by the measure."""
    def too_small(view: View, locale: str, names: list[str]) -> Image.Image:
        font(board.SMALL - 1)
        return render(view, locale, names)

    assert smallest_inline_text([cases["start"]], too_small, board.clear_caches, [NAMES]) < INLINE_MIN_TEXT


# --- the board's geometry ------------------------------------------------------------------------------

def test_the_board_and_the_panel_fit_the_picture() -> None:
    """The board (with its white dot) and the panel lie inside the picture and apart from each other."""
    assert board.BOARD_BOX[0] >= 0 and board.BOARD_BOX[1] >= 0
    assert board.BOARD_BOX[2] < PANEL and board.BOARD_BOX[3] <= BOARD_SIZE[1]
    for n in range(2, board.MAX_SEATS + 1):
        top = board.key_top(n)
        last = board.key_items(board.static_words(words("en")), top)[-1][2]
        assert board.row_box(n - 1)[3] < top < last[1] and last[3] + 2 <= top + board.KEY_HEIGHT
        assert board.px(top + board.KEY_HEIGHT) <= BOARD_SIZE[1]
    assert board.px(board.PANEL_RIGHT) <= BOARD_SIZE[0]


def test_numbering_runs_counter_clockwise_on_screen(cases: dict[str, View]) -> None:
    """Leaders on spaces 1 and 6: 6 shows 20° counter-clockwise of 1, and 1 sits under the white dot."""
    view = lone_leaders(cases["start"], {0: 1, 1: 6})
    image = render(view)
    box = (0, 0, PANEL, image.height)
    one, six = centroid(image, seat_color(0), box), centroid(image, seat_color(1), box)
    turn = (angle_on_screen(six) - angle_on_screen(one)) % 360
    assert 15 < turn < 25, turn
    assert abs(angle_on_screen(one) - 90) < 3  # ray 0 points up
    assert shown_pixel(image, board.polar(board.DOT_R, board.ray_angle(0))) == board.WHITE
    for space in range(1, 90):  # the whole numbering turns one way
        step = angle_on_screen(board.space_centre(space + 5 if space <= 85 else space - 85)) - angle_on_screen(
            board.space_centre(space))
        assert step % 360 == pytest.approx(20, abs=0.01)


def test_left_and_right_match_the_picture() -> None:
    """The engine's left of a walker is on the walker's left as drawn (travelling in, out, cw and ccw)."""
    for space in (2, 23, 47, 68, 84):  # off the rim and the inner ring, where "out" and "in" wrap
        for travel in ("in", "out", "cw", "ccw"):
            here = board.space_centre(space)
            fx, fy = board._direction_vector(space, travel)
            left = board.space_centre(neighbour(space, LEFT[travel])[0])
            right = board.space_centre(neighbour(space, RIGHT[travel])[0])
            # on screen (y down) a walker facing (fx, fy) has the left side towards (fy, -fx)
            assert (left[0] - here[0]) * fy - (left[1] - here[1]) * fx > 0, (space, travel)
            assert (right[0] - here[0]) * fy - (right[1] - here[1]) * fx < 0, (space, travel)


def test_free_spaces_are_numbered_and_fives_stand_out(cases: dict[str, View]) -> None:
    """Every free space shows its number; multiples of 5 are bold white on the inner ring."""
    view = copy.deepcopy(cases["start"])
    view["log"] = []  # no last move tints a cell
    image = render(view)
    occupied = {int(s) for s in view["spaces"]}
    for space in range(1, 91):
        if space in occupied:
            continue
        five = space % 5 == 0
        assert five == (ring_of(space) == 4)
        ink, other = (board.FIVE_TEXT, board.NUMBER_TEXT) if five else (board.NUMBER_TEXT, board.FIVE_TEXT)
        colours = cell_pixels(image, space)
        assert colours.count(ink) >= 15 and colours.count(other) == 0, space


# --- what can be done now, what changed last ---------------------------------------------------------------

def test_targets_are_marked_exactly_at_the_moves(cases: dict[str, View]) -> None:
    """Steps of view["moves"] are gold, the jump's landing gold-framed, its number ringed; nothing else."""
    view = cases["jump"]
    image = render(view)
    steps = {m["space"] for m in view["moves"] if m["type"] == "step"}
    (jump,) = [m for m in view["moves"] if m["type"] == "jump"]
    assert steps and board.targets(view) == (steps, {jump["space"]}, {jump["over"]})
    for space in range(1, 91):
        share = cell_share(image, space, board.GOLD)
        if space in steps:
            assert share > 0.6, space
        elif space == jump["space"]:
            assert cell_share(image, space, board.GOLD, jump_band(space)) > 0.8
            assert share < 0.5
        elif space == jump["over"]:
            assert share > 0.015, space  # the gold ring round the number (the arrow may hide a part)
        else:
            assert share < 0.02, space
    moved = copy.deepcopy(view)
    moved["moves"] = []
    bare = render(moved)
    assert all(cell_share(bare, s, board.GOLD) < 0.02 for s in range(1, 91) if s != jump["over"])


def test_placing_marks_the_leaders_options(cases: dict[str, View]) -> None:
    """While an attacked player chooses, the spaces offered to their leader are gold and the card names them."""
    view = cases["placing"]
    placing = view["placing"]
    assert placing is not None
    options = set(placing["options"])
    image = render(view)
    for space in range(1, 91):
        share = cell_share(image, space, board.GOLD)
        assert (share > 0.6) if space in options else (share < 0.1), space
    title, line, seat = board.status_lines(view, NAMES, words("en"))
    assert seat is not None and seat == placing["seat"]
    assert line == f"{NAMES[seat]} places their attacked leader"


def test_the_last_move_is_tinted_with_the_movers_colour(cases: dict[str, View]) -> None:
    """The spaces the last march entered since its roll (from the log) are tinted with its colour; no other."""
    view = cases["roll"]
    seat, trail = board.last_move(view)
    rolled = [e for e in view["log"] if e["type"] == "rolled"][-1]
    assert seat is not None and seat == rolled["seat"] and trail
    stepped = [e["space"] for e in view["log"] if e["id"] > rolled["id"] and e["type"] == "stepped"]
    assert set(stepped) <= set(trail)
    image = render(view)
    for space in range(1, 91):
        share = cell_share(image, space, board.trail_color(space, seat_color(seat)))
        assert (share > 0.2) if space in trail else (share == 0), (space, share)
    assert board.last_move({**view, "log": []}) == (None, [])


# --- pieces -------------------------------------------------------------------------------------------------

def test_each_seat_has_its_own_shape() -> None:
    """The six seats' tokens differ in shape (not only colour): their masks overlap less than 90 %."""
    masks = [board.piece_sprite(board.seat_shape(s), seat_color(s), "token").getchannel("A").point(
        lambda a: 255 if a > 128 else 0) for s in range(6)]
    assert len({board.seat_shape(s) for s in range(6)}) == 6
    for a in range(6):
        for b in range(a + 1, 6):
            overlap = ImageChops.multiply(masks[a], masks[b]).histogram()[255]
            union = ImageChops.lighter(masks[a], masks[b]).histogram()[255]
            assert overlap / union < 0.9, (board.SHAPES[a], board.SHAPES[b])


def test_party_rows_show_the_seat_token(cases: dict[str, View]) -> None:
    """Each party's row in the panel starts with its own token, as on the board (the board's legend)."""
    view = cases["six_mid"]
    image = render(view)
    for seat in range(view["n"]):
        left, top, _right, bottom = board._px_box(board.row_box(seat))
        sprite = board.piece_sprite(board.seat_shape(seat), seat_color(seat), "token")
        centre = (left + board.px(5) + board.px(board.TOKEN_DU / 2), (top + bottom) / 2)
        at = (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2))
        crop = image.crop((at[0], at[1], at[0] + sprite.width, at[1] + sprite.height))
        fill = PALETTE["panel"] if seat % 2 == 0 else PALETTE["panel_alt"]
        expected = Image.new("RGB", sprite.size, fill)
        expected.paste(sprite, (0, 0), sprite)
        assert ImageChops.difference(crop, expected).getbbox() is None, seat


def test_marches_groups_leaders_and_arrows(cases: dict[str, View]) -> None:
    """March pieces are filled, leaders white-ringed, heads arrowed the way they go; groups are hollow."""
    view = cases["six_mid"]
    image = render(view)
    arrows = [m for m in view["marches"] if m["dir"] and m["spaces"]]
    assert arrows
    for march in view["marches"]:
        colour = seat_color(march["seat"])
        for position, space in enumerate(march["spaces"]):
            assert shown_pixel(image, board.space_centre(space)) == colour, (march["seat"], space)
            x, y = board.space_centre(space)
            half = board.px(board.LEADER_DU / 2 if position == march["leader"] else board.TOKEN_DU / 2) - 1
            near = image.crop((round(x) - half, round(y) - half, round(x) + half, round(y) + half))
            white = list(near.get_flattened_data()).count(board.WHITE)
            if position == march["leader"]:  # the white ring, as much of it as the party's shape has
                sprite = board.piece_sprite(board.seat_shape(march["seat"]), colour, "leader")
                ring = list(sprite.get_flattened_data()).count((*board.WHITE, 255))
                assert ring > 10 and white >= ring * 0.8, (space, white, ring)
            elif space != march["spaces"][-1]:  # a token has none (the head may bear the arrow)
                assert white == 0, space
        if march in arrows:
            head = march["spaces"][-1]
            assert march["dir"] is not None
            fx, fy = board._direction_vector(head, march["dir"])
            x, y = board.space_centre(head)
            size = board.LEADER_DU if march["leader"] == len(march["spaces"]) - 1 else board.TOKEN_DU
            front, behind = (size / 2 + 0.5) * board.SCALE, -(size / 2 + 1.5) * board.SCALE
            assert shown_pixel(image, (x + fx * front, y + fy * front)) == colour  # the arrow's middle
            assert shown_pixel(image, (x + fx * behind, y + fy * behind)) != board.WHITE  # nothing white behind
    for group in view["groups"]:
        for space in group["spaces"]:
            assert shown_pixel(image, board.space_centre(space)) == board.HOLLOW, space


def test_numbers_police_waiting_and_the_corners(cases: dict[str, View]) -> None:
    """Numbers and police show as discs on their spaces, waiting numbers on the centre; a police piece
    without a space waits in the top left corner."""
    view = cases["six_mid"]
    image = render(view)
    for number in view["numbers"]:
        x, y = board.space_centre(number)
        assert image.getpixel((round(x), round(y) - board.px(7))) == board.DISC, number  # above the digits
    for piece in view["police"]:
        if piece["space"]:
            x, y = board.space_centre(piece["space"])
            assert image.getpixel((round(x) - board.px(7.5), round(y))) == board.POLICE_DISC
    for point in board.waiting_points(len(view["waiting"])):
        assert image.getpixel((round(point[0]), round(point[1]) - board.px(7))) == board.DISC
    corner = (0, 0, board.BOARD_BOX[0] + board.px(100), board.px(board.POLICE_DU + 8))
    assert board.POLICE_DISC not in render(view).crop(corner).get_flattened_data()
    assert board.POLICE_DISC in render(cases["police_off_board"]).crop(corner).get_flattened_data()
    twelve = board.waiting_points(12)
    assert all(math.dist(p, (board.CX, board.CY)) + board.px(board.DISC_DU / 2) < board.px(board.R_HOLE + 6)
               for p in twelve)


def test_links_over_the_rim_and_across_the_centre(cases: dict[str, View]) -> None:
    """A march crossing the centre is joined through it; one crossing the rim has a stub out of each space."""
    edge = next((a, b) for a, b in links(cases["edge"]) if board.link_kind(a, b) == "edge")
    (x0, y0), mask = board.link_mask(min(edge), max(edge), False)
    for space in edge:  # the stub reaches beyond the rim, along the space's ray
        tip = board.polar(board.R_OUT + 4, board.ray_angle(board.ray_of(space)))
        assert mask.getpixel((round(tip[0]) - x0, round(tip[1]) - y0)) == 255
    assert mask.getpixel((round(board.CX) - x0, round(board.CY) - y0)) == 0  # no line through the board
    centre = next((a, b) for a, b in links(cases["centre"]) if board.link_kind(a, b) == "centre")
    (x0, y0), mask = board.link_mask(min(centre), max(centre), False)
    assert mask.getpixel((round(board.CX) - x0, round(board.CY) - y0)) == 255


# --- words ---------------------------------------------------------------------------------------------------

def test_status_card_words(cases: dict[str, View]) -> None:
    """The card says the round, who rolls or moves with the die and steps left (plural forms), and the winners."""
    view = copy.deepcopy(cases["two_mid"])
    view.update({"round": 7, "max_rounds": 60, "current": 1, "die": 4, "steps_left": 1, "phase": "move"})
    expected = ("Round 7 of 60", "Roberto Sánchez rolled 4: 1 step left")
    assert board.status_lines(view, NAMES, words("en"))[:2] == expected
    view["steps_left"] = 3
    assert board.status_lines(view, NAMES, words("it"))[1] == "Roberto Sánchez ha tirato 4: restano 3 passi"
    assert board.status_lines(view, NAMES, words("es"))[1] == "Roberto Sánchez sacó 4: quedan 3 pasos"
    view.update({"phase": "roll", "die": None})
    assert board.status_lines(view, NAMES, words("en"))[1] == "Roberto Sánchez rolls the die"
    over = copy.deepcopy(cases["game_over_twelve_militants"])
    assert over["result"] is not None
    over["result"]["winners"] = [0, 1]
    title, line, seat = board.status_lines(over, NAMES, words("en"))
    assert title == "Game over · a march has 12 militants" and line.startswith("Winners: Alice, Roberto Sánchez")
    assert seat is None


def test_long_names_are_cut_not_the_sentence(cases: dict[str, View]) -> None:
    """A long name is shortened so the status sentence still fits its two lines whole."""
    view = cases["placing"]
    names = ["Maximiliano de la Fuente Rodríguez Esposito Bianchi"] * view["n"]
    width = 300
    _title, lines, size, _seat = board.status_text(view, names, words("en"), width)
    assert len(lines) <= board.SENTENCE_LINES and size >= board.SMALL
    assert " ".join(lines).endswith(" places their attacked leader") and "…" in lines[0]
    assert all(board.text_width(line, font(size, True)) <= width for line in lines)


def test_every_word_comes_from_the_picture_catalog(cases: dict[str, View]) -> None:
    """Every word drawn is an arditi.picture.* message, and every language has them all."""
    catalog = RecordingWords()
    for view in cases.values():
        board.render(view, NAMES, catalog)
    assert catalog.asked and all(i.startswith("arditi.picture.") for i in catalog.asked)
    assert {"arditi.picture.placing", "arditi.picture.moving", "arditi.picture.waiting", "arditi.picture.bag",
            "arditi.picture.off_board", "arditi.picture.key.last_move"} <= catalog.asked
    for locale in LOCALES:
        assert all(words(locale).has(i) for i in catalog.asked), locale


def test_languages_draw_their_own_words(cases: dict[str, View]) -> None:
    """Each language draws its own picture."""
    drawn = {locale: to_png(render(cases["six_mid"], locale)) for locale in LOCALES}
    assert len(set(drawn.values())) == len(LOCALES)


# --- purity -----------------------------------------------------------------------------------------------------

def test_same_view_same_bytes(cases: dict[str, View]) -> None:
    """Same view, same PNG bytes (warm, cold, in threads); rendering leaves the view untouched."""
    views = [cases[name] for name in ("six_mid", "placing", "game_over_six", "edge", "roll")]
    assert_same_bytes(views, lambda v: render(v, "it"), board.clear_caches)


def test_seat_views_draw_the_public_board(games: dict[tuple[int, int], list[State]]) -> None:
    """Everything is public: the view of a player draws the same picture as the public one."""
    states = games[(2, 4)]
    for state in states[:: max(1, len(states) // 6)]:
        image = render(public(state))
        for seat in range(state["n"]):
            assert ImageChops.difference(image, render(GAME.view(state, seat))).getbbox() is None
