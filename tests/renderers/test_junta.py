"""Junta's pictures (renderers/junta/): the board in the channel (`render`, BOARD_SIZE, read in Discord's
inline box) and the full board (`render_full`, 550 wide, the "🔍 Full board" button's); views of seeded engine
games of 4-7 players, coups included, in every language and with long and emoji names; readable where they
are shown; only ever the public view, never money."""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, cast

import pytest
from PIL import Image, ImageChops

from bot.i18n import LOCALES, words
from games.junta import GAME, readers
from games.junta.board import AREA, AREA_IDS, COASTAL, EMBASSIES, POWER_CENTRES
from games.junta.common import FAMILIES
from games.junta.view_types import Coup, JuntaView
from renderers import junta as board
from renderers.core import (
    BOARD_SIZE,
    CHAT_MIN_TEXT,
    CHAT_WIDTH,
    INLINE_MIN_TEXT,
    font,
    inline_scale,
    recording_font_sizes,
    text_width,
    to_png,
)
from renderers.samples import junta as samples
from renderers.samples.junta import LONG_NAMES, NAMES, groups, on_map, public
from tests.games.junta.playout_checks import perturbed
from tests.renderers.helpers import (
    Drawing,
    RecordingWords,
    assert_same_bytes,
    draw_every_way,
    same_picture,
    smallest_inline_text,
)

State = dict[str, Any]
View = JuntaView
MAX_PNG_BYTES = 200 * 1024  # the full board
BOARD_PNG_BYTES = 100 * 1024  # the board in the channel
# --- views from seeded engine games (renderers/samples/junta.py) -----------------------------------------------

# The module's fixtures play seeded games and draw them: under pytest-xdist one worker builds them once
# (`--dist loadgroup`, pyproject.toml) instead of each worker its own.
pytestmark = [pytest.mark.slow(28), pytest.mark.xdist_group("renderers_junta")]


@pytest.fixture(scope="module")
def games() -> dict[tuple[int, int], list[State]]:
    return samples.games()


@pytest.fixture(scope="module")
def cases(games: dict[tuple[int, int], list[State]]) -> dict[str, View]:
    """One view of every situation the picture must draw, all from the engine, from the largest table
    that has it."""
    return samples.cases(games)


def pixels(image: Image.Image) -> list[tuple[int, ...]]:
    """The pixels of an RGB or RGBA picture as tuples."""
    return cast(list[tuple[int, ...]], list(image.get_flattened_data()))


def box(values: tuple[float, ...]) -> tuple[int, int, int, int]:
    """A box of the layout in whole pixels."""
    left, top, right, bottom = (int(v) for v in values)
    return left, top, right, bottom


def full(view: View, locale: str = "en", names: list[str] | None = None) -> Image.Image:
    """The full board (the "🔍 Full board" button's picture)."""
    return board.render_full(view, NAMES if names is None else names, words(locale))


def compact(view: View, locale: str = "en", names: list[str] | None = None) -> Image.Image:
    """The board in the channel."""
    return board.render(view, NAMES if names is None else names, words(locale))


# --- what was drawn --------------------------------------------------------------------------------------------

@contextmanager
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, float, float]]]:
    """Every text the renderer draws on the picture inside the block, with its anchor point (caches
    cleared, so cached sprites draw their texts again; texts on sprites are listed at (-1, -1))."""
    texts: list[tuple[str, float, float]] = []
    original = board.put_text

    def recording(image: Image.Image, xy: tuple[float, float], text: str, *args: Any, **kwargs: Any) -> float:
        on_picture = image.size == BOARD_SIZE or image.size[0] == board.WIDTH and image.size[1] > board.MAP[3]
        texts.append((text, xy[0], xy[1]) if on_picture else (text, -1.0, -1.0))
        return original(image, xy, text, *args, **kwargs)

    board.clear_caches()
    with monkeypatch.context() as patch:
        for module in (board.parts, board.full, board.channel):  # the package's drawing modules
            patch.setattr(module, "put_text", recording)
        yield texts
    board.clear_caches()


def near(colour: Any, target: tuple[int, int, int], tolerance: int = 30) -> bool:
    """Whether a pixel is within `tolerance` (summed over the channels) of `target` (resampled sprites
    are not exact)."""
    return sum(abs(a - b) for a, b in zip(tuple(colour)[:3], target, strict=True)) <= tolerance


def inside(box: tuple[float, float, float, float], x: float, y: float) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


# --- every situation, every language -----------------------------------------------------------------------------

def test_random_views_render(games: dict[tuple[int, int], list[State]]) -> None:
    """Views spread over seeded games of 4-7 players draw the board RGB at BOARD_SIZE, its PNG under
    100 KiB, and the full board 550 wide at the height the view asks, at most 1200 tall, under 200 KiB (each
    view in one language, the languages in turn: test_every_case_renders draws every case in every one)."""
    turn = 0
    for (seed, n), states in games.items():
        pick = random.Random(f"{seed}:{n}")
        coups = [s for s in states if s["coup"] is not None]
        for state in [states[0], *pick.sample(states, 6), *pick.sample(coups, min(6, len(coups))), states[-1]]:
            view = public(state)
            locale = LOCALES[turn % len(LOCALES)]
            turn += 1
            names = LONG_NAMES if pick.random() < 0.5 else NAMES
            image = compact(view, locale, names)
            assert image.mode == "RGB" and image.size == BOARD_SIZE
            assert len(to_png(image)) <= BOARD_PNG_BYTES
            image = full(view, locale, names)
            assert image.mode == "RGB" and image.size == (board.WIDTH, board.height_for(view, words(locale)))
            assert 900 <= image.height <= 1200, image.height
            assert len(to_png(image)) <= MAX_PNG_BYTES


@pytest.fixture(scope="module")
def drawn(cases: dict[str, View]) -> dict[str, Drawing]:
    """Every case drawn once in every language with short and long names, either picture (the board as
    "compact", the full board as "full"), with its PNG's length and how many colours its panel (the board's)
    or strip (the full board's) has: the tests of every case and the readability checks look at the same
    drawings instead of drawing each case again."""
    def colours(area: tuple[float, ...]) -> Callable[[str, Image.Image], int]:
        return lambda _name, image: len(image.crop(box(area)).getcolors(1 << 16) or [])

    return {"compact": draw_every_way(cases, compact, board.clear_caches, [NAMES, LONG_NAMES], png=True,
                                      look=colours(board.PANEL)),
            "full": draw_every_way(cases, full, board.clear_caches, [NAMES, LONG_NAMES], png=True,
                                   look=colours(board.STRIP))}


@pytest.mark.parametrize("locale", LOCALES)
def test_every_case_renders(cases: dict[str, View], drawn: dict[str, Drawing], locale: str) -> None:
    """Each situation draws in each language, with short and long names: the board at BOARD_SIZE with a
    panel that says something, the full board with a strip that does, the PNGs within their sizes."""
    for name in cases:
        for k in range(2):  # NAMES, LONG_NAMES
            image = drawn["compact"].pictures[(locale, k, name)]
            assert image.size == BOARD_SIZE and image.png_bytes <= BOARD_PNG_BYTES, name
            assert image.seen > 20, f"the panel of {name} is blank"
            image = drawn["full"].pictures[(locale, k, name)]
            assert image.seen > 20, f"the strip of {name} is blank"
            assert image.png_bytes <= MAX_PNG_BYTES, name


def test_the_cases_are_what_they_are_named(cases: dict[str, View]) -> None:
    """The chosen views hold what their names say: 7 players in the full coup, many counters in the
    packed one, a wave's dice, a bombardment."""
    crowded = cases["full_coup_7"]
    assert crowded["n"] == 7 and groups(crowded) >= 8
    assert groups(cases["packed"]) > 60
    assert board.dice_rolls(cases["wave_dice"]) and board.dice_rolls(cases["bombardment"])
    assert cases["game_over_7"]["result"] is not None


# --- readable, worded, within bounds --------------------------------------------------------------------------

def test_text_is_readable_at_chat_size(drawn: dict[str, Drawing]) -> None:
    """Shown 550 px wide, no text of any case, language or names is smaller than 16 px."""
    smallest = drawn["full"].smallest_shown_text()
    assert smallest >= CHAT_MIN_TEXT == 16, smallest


def test_the_readability_check_can_fail() -> None:
    """A font smaller than the readable size is seen by the recording."""
    with recording_font_sizes() as sizes:
        font(board.TEXT - 1)
    assert min(sizes) * CHAT_WIDTH / board.WIDTH < CHAT_MIN_TEXT


def test_every_word_comes_from_the_picture_catalog(cases: dict[str, View]) -> None:
    """Every word either picture draws is a junta.picture.* message (area and card names too), in every
    language."""
    catalog, catalog_full = RecordingWords(), RecordingWords()
    for view in cases.values():
        board.render(view, NAMES, catalog)
        board.render_full(view, NAMES, catalog_full)
    for asked, expected in ((catalog.asked, {"junta.picture.area_short.palace", "junta.picture.wait.coup_move",
                                             "junta.picture.coup.fight", "junta.picture.winners_head",
                                             "junta.picture.cousin", "junta.picture.turn"}),
                            (catalog_full.asked, {"junta.picture.area.palace", "junta.picture.waiting",
                                                  "junta.picture.coup.air_strikes", "junta.picture.hand",
                                                  "junta.picture.coup.fight", "junta.picture.winners"})):
        assert asked and all(i.startswith("junta.picture.") for i in asked)
        assert expected <= asked, expected - asked
        for locale in LOCALES:
            assert all(words(locale).has(i) for i in asked), locale


def test_every_area_name_fits_its_box() -> None:
    """Every area's name fits its box in every language: at most four lines, whole (a long word split
    with a hyphen, never cut), letters narrowed at most to 76 %."""
    for locale in LOCALES:
        for area in AREA_IDS:
            name = words(locale).msg(board.AREA_NAME[area])
            lines, squeeze = board.area_name_lines(area, name)
            left, top, right, _bottom = board.name_box(area)
            assert len(lines) <= 4 and "…" not in "".join(lines), (locale, name, lines)
            assert squeeze >= board.NAME_SQUEEZES[-1]
            assert all(text_width(s, font(board.TEXT)) * squeeze <= right - left + 0.01 for s in lines)
            joined = "".join(s[:-1] if s.endswith("-") else s + " " for s in lines).split()
            assert joined == name.split(), (locale, name, lines)
            assert top + len(lines) * board.name_step(len(lines)) <= board.area_box(area)[3] - board.COUNTER_H


def test_languages_draw_their_own_words(cases: dict[str, View]) -> None:
    """The four languages draw four different pictures of each kind."""
    for draw in (full, compact):
        drawn = {locale: to_png(draw(cases["wave"], locale)) for locale in LOCALES}
        assert len(set(drawn.values())) == len(LOCALES)


# --- the strip --------------------------------------------------------------------------------------------------

def test_strip_says_what_the_game_waits_on(cases: dict[str, View]) -> None:
    """The strip's last line names the decision and who makes it, cuts long names (never the words),
    and at the end names the winners without any score."""
    view = copy.deepcopy(cases["budget"])
    view["pending"] = {"type": "vote:turns", "seats": [1], "vote": {
        "motion": "budget", "round": 1, "step": "vote", "first": 1, "voter": 1, "candidates": [], "refused": [],
        "casts": [], "tally": {}, "office_votes": False, "nominations": False, "controlled": {}}}
    view["decision"] = {"key": "9:turns:1", "kind": "vote", "parallel": False}
    view["to_act"] = [1]
    assert board.waiting_line(view, NAMES, words("en"), 500) == "Vote (budget) — Roberto Sánchez"
    assert board.waiting_line(view, NAMES, words("es"), 500) == "Votación (presupuesto) — Roberto Sánchez"
    view["to_act"] = [0, 1, 2, 3, 4]
    view["pending"] = {"type": "locations", "seats": view["to_act"]}
    view["decision"] = {"key": "10:start:", "kind": "locations", "parallel": True}
    assert board.waiting_line(view, NAMES, words("en"), 500) == "Choosing whereabouts — 5 players"
    long = ["Maximiliano de la Fuente Rodríguez Esposito"] * 7
    view["to_act"] = [3]
    line = board.waiting_line(view, long, words("en"), 400)
    assert line.startswith("Choosing whereabouts — Maxim") and line.endswith("…")
    assert text_width(line, font(board.STRONG, True)) <= 400
    over = copy.deepcopy(cases["game_over_7"])
    over["result"] = {"winners": [2, 5], "scores": {str(x): 987 for x in range(7)}, "reason": "aid_exhausted",
                      "accounts": [[3] * 9 for _ in range(7)]}
    assert board.waiting_line(over, NAMES, words("en"), 500) == "Winners: Chiara, Francesca Maria Bianchi"
    assert over["result"] is not None
    over["result"]["winners"] = []
    assert board.waiting_line(over, NAMES, words("it"), 500) == "Nessuno vince"


def test_coup_decisions_are_told_apart(cases: dict[str, View]) -> None:
    """During a coup the strip says which of the coup's decisions is waited on."""
    assert board.wait_key(cases["rebellion"]) in ("coup_move", "coup_proposal", "coup_reaction")
    assert board.wait_key(cases["declare"]) == "coup_declare"
    assert board.wait_key(cases["sides"]) == "coup_sides"
    wave = cases["wave"]
    assert board.wait_key(wave) in ("coup_fire", "coup_casualties")
    assert board.fight_line(wave, words("en")).startswith(
        f"combat in {words('en').msg(board.AREA_NAME[coup(wave)['combat']['area']])}, wave ")


def test_markers_and_phase_track(cases: dict[str, View], monkeypatch: pytest.MonkeyPatch) -> None:
    """The strip shows the turn, the 9-phase track with exactly the current phase gold, and the markers."""
    view = cases["lunch"]
    with drawn_texts(monkeypatch) as texts:
        image = full(view)
    strip = [(t, x) for t, x, y in texts if inside(board.STRIP, x, y)]
    words_in_strip = [t for t, _x in strip]
    assert f"Turn {view['turn']}" in words_in_strip and "Bank: closed for lunch" in words_in_strip
    assert ("Coup pretext" if view["markers"]["pretext"] else "No pretext") in words_in_strip
    track = [(int(t), x) for t, x in strip if t.isdigit()]
    assert [k for k, _x in track] == list(range(1, 10))
    gold = [k for k, x in track if image.getpixel((round(x), round(board.LINE1 - 9))) == board.GOLD]
    assert gold == [view["phase"]]


# --- the map ----------------------------------------------------------------------------------------------------

def test_area_kinds_differ_in_shape_not_only_colour() -> None:
    """In grey the map still tells a power centre (double frame, star), an embassy (dashed outline, flag),
    a coastal area (waves) and a plain one apart."""
    grey = board.map_shapes().convert("L")

    def crop(area: str) -> Image.Image:
        left, top, right, bottom = board.area_box(area)
        x0, y0 = board.MAP[0], board.MAP[1]
        return grey.crop((round(left - x0), round(top - y0), round(right - x0), round(bottom - y0)))

    def differ(a: str, b: str) -> float:
        diff = ImageChops.difference(crop(a), crop(b))
        return sum(cast(list[int], list(diff.get_flattened_data()))) / (diff.width * diff.height)

    plain = "market"
    assert "market" not in POWER_CENTRES + EMBASSIES + COASTAL
    for marked in ("parliament", "swiss_embassy", "port"):
        assert differ(marked, plain) > 4, marked
    assert differ("parliament", "swiss_embassy") > 4 and differ("port", "swiss_embassy") > 4
    assert differ("university", plain) < 2  # two plain areas look alike (but for anti-aliasing)


def test_family_marks_differ_in_shape() -> None:
    """The seven families' marks differ in shape, not only colour."""
    masks = [board.mark_sprite(f, 40, (0, 0, 0)).getchannel("A").point(lambda a: 255 if a > 128 else 0)
             for f in FAMILIES]
    for a in range(len(FAMILIES)):
        for b in range(a + 1, len(FAMILIES)):
            overlap = ImageChops.multiply(masks[a], masks[b]).histogram()[255]
            union = ImageChops.lighter(masks[a], masks[b]).histogram()[255]
            assert overlap / union < 0.75, (FAMILIES[a], FAMILIES[b])
    assert len(set(board.FAMILY_COLOUR.values())) == len(FAMILIES)


def expected_counters(view: View) -> Counter[tuple[str, str | None, str, int, bool, bool]]:
    """The counters a coup view must show, worked out from the view alone: (area, family, unit type,
    how many, rebel, ignored) for each controller, type and activity in each area."""
    found: Counter[tuple[Any, ...]] = Counter()
    for unit in coup(view)["units"].values():
        if unit["area"] in AREA:
            found[(unit["area"], unit["controller"], unit["type"], unit["active"])] += 1
    families = {p["seat"]: p["family"] for p in view["players"]}
    rebels = coup(view)["rebels"]
    return Counter({(area, families.get(seat), kind, count, bool(active and rebels[seat]), not active): 1
                    for (area, seat, kind, active), count in found.items()})


def test_every_unit_is_a_counter_in_its_area(cases: dict[str, View]) -> None:
    """Each player's units of a type in an area are one counter there, showing the family, type, count,
    rebel frame and grey for ignored units as the view says; every counter is on the picture where the
    layout puts it, on its area's box or the tray under it."""
    for name in ("full_coup_7", "ignored_and_rebel_units", "card_units", "packed"):
        view = cases[name]
        placed, trays = board.counter_layout(view, words("en"))
        shown = Counter((where, *what[1:]) for where, _sprite, _at, what in placed
                        if what[0] == "units" and where in AREA)
        assert shown == expected_counters(view), name
        image = full(view)
        for where, sprite, (x, y), _what in placed:
            left, top, right, bottom = board.area_box(where) if where in AREA else board.OFF_MAP[where]
            tray = next((t for t in trays if t[0] > left and t[2] < right and abs(t[1] - bottom + 8) < 1), None)
            low = tray[3] if tray else bottom
            assert left - 2 <= x and x + sprite.width <= right + 2 and top <= y and y + sprite.height <= low, where
            crop = image.crop((round(x), round(y), round(x) + sprite.width, round(y) + sprite.height))
            opaque = [(a, b) for a, b in zip(pixels(crop), pixels(sprite), strict=True)
                      if b[3] == 255]
            same = sum(1 for a, b in opaque if a == b[:3])
            assert same >= 0.85 * len(opaque), (name, where)  # (a fight's frame or swords may lie on top)


def dominant(sprite: Image.Image) -> tuple[int, ...]:
    """The most frequent opaque colour of a sprite (a counter's fill)."""
    counts = Counter(c[:3] for c in pixels(sprite) if c[3] == 255)
    return counts.most_common(1)[0][0]


def test_counters_show_rebels_and_ignored_units() -> None:
    """A rebel's counter has a red frame and pennant; an ignored one is grey; parties differ by their mark
    even in grey."""
    plain = board.counter_sprite("car", "police", 3, False, False)
    rebel = board.counter_sprite("car", "police", 3, True, False)
    ignored = board.counter_sprite("car", "police", 3, False, True)
    assert dominant(plain) == board.FAMILY_COLOUR["car"] and dominant(ignored) == board.GREY
    assert near(rebel.getpixel((rebel.width - 3, 2)), board.RED)  # the pennant
    assert not near(plain.getpixel((plain.width - 3, 2)), board.RED)
    other = board.counter_sprite("watch", "police", 3, False, False).convert("L")
    assert ImageChops.difference(plain.convert("L"), other).getbbox() is not None  # the marks differ in grey


def test_the_fight_is_framed_and_attacks_marked(cases: dict[str, View]) -> None:
    """The area fought over has a red frame; only areas with declared attacks (or the fight) get swords."""
    view = cases["wave"]
    area = coup(view)["combat"]["area"]
    image = full(view)
    for other in AREA_IDS:
        left, top, _right, _bottom = board.area_box(other)
        edge = image.getpixel((int(left - 2), int(top + 12)))
        assert (edge == board.RED) == (other == area), other
    declared = cases["declare"]
    image = full(declared)
    attacked = set(coup(declared)["combat"]["attacks"])
    for other in AREA_IDS:
        _left, top, right, _bottom = board.area_box(other)
        badge = image.getpixel((round(right - 3 - 8), round(top + 1)))
        assert near(badge, board.RED) == (other in attacked), other


def test_exiles_sit_in_their_embassy(cases: dict[str, View], monkeypatch: pytest.MonkeyPatch) -> None:
    """A player in exile shows as their family disc in the embassy, and their row says which."""
    view = cases["exile"]
    exiles = [(p, p["exile"]) for p in view["players"] if p["exile"]]
    image = full(view)
    for player, exile in exiles:
        left, top, right, bottom = board.area_box(exile)
        colour = board.FAMILY_COLOUR[player["family"]]
        crop = image.crop((int(left), int(top), int(right), int(bottom)))
        assert sum(1 for c in crop.get_flattened_data() if c == colour) > 20, player["family"]
    with drawn_texts(monkeypatch) as texts:
        full(view)
    tags = {"superpower_embassy": "Exile: Superpower", "swiss_embassy": "Exile: Switzerland"}
    for player, exile in exiles:
        box = board.row_box(view, words("en"), player["seat"])
        assert any(t == tags[exile] and inside(box, x, y) for t, x, y in texts)


# --- the coup band ------------------------------------------------------------------------------------------------

def test_coup_band_shows_phase_strikes_dice_and_key(cases: dict[str, View], monkeypatch: pytest.MonkeyPatch) -> None:
    """The band: the coup track and phase, the air strikes left, the last dice (hits gold), the key of the
    card units; it is there only during a coup."""
    view = cases["wave_dice"]
    band = board.coup_band(view, words("en"))
    assert band is not None and board.coup_band(cases["budget"], words("en")) is None
    with drawn_texts(monkeypatch) as texts:
        full(view)
    in_band = [t for t, x, y in texts if inside(band, x, y)]
    phase = coup(view)["phase"]
    assert ("Rebellion" if phase == 0 else f"Coup phase {phase} of 6") in " ".join(in_band)
    strikes = coup(view)["air_strikes"]
    assert f"{strikes} air strike{'' if strikes == 1 else 's'} left" in in_band
    event = board.last_dice(view)
    assert event is not None and f"Wave {event['wave']}:" in in_band
    dice = [d for roll in board.dice_rolls(view) for d in roll["dice"]]
    assert dice and near(board.die_sprite(6, True).getpixel((8, 3)), board.GOLD)
    card = cases["card_units"]
    with drawn_texts(monkeypatch) as texts:
        full(card)
    names = {words("en").msg(board.UNIT_NAME[k]) for k in board.key_types(coup(card))}
    assert names and names <= {t for t, _x, _y in texts}


# --- the rows -----------------------------------------------------------------------------------------------------

def test_rows_show_offices_cards_and_status(cases: dict[str, View], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each row: the name, its offices (the cousin's marked), influence cards with their votes, the hand
    size, dead / exile / rebel tags and the budget amount proposed."""
    for name in ("budget", "cousin", "dead", "full_coup_7"):
        view = cases[name]
        en = words("en")
        with drawn_texts(monkeypatch) as texts:
            full(view)
        for seat, player in enumerate(view["players"]):
            box = board.row_box(view, en, seat)
            row = [t for t, x, y in texts if inside(box, x, y)]
            assert NAMES[seat] in row, (name, seat)
            count = player["hand_count"]
            assert f"{count} card{'' if count == 1 else 's'}" in row
            for office in player["offices"]:
                word = en.msg(board.OFFICE_NAME[office])
                cousin = office == view["cousin"] and office != "president"
                assert (f"{word} · cousin" if cousin else word) in row or board.OFFICE_GLYPH[office] + (
                    "*" if cousin else "") in row, (name, seat, office)
            for card in player["influence"][:1]:
                assert str(card["votes"]) in row
            if not player["alive"]:
                assert "Dead" in row
            if view["coup"] and view["coup"]["leader"] == seat:
                assert "Rebel leader" in row
            amount = view["budget"]["amounts"].get(str(seat)) if view["budget"] else None
            if amount:
                assert f"budget {amount}M" in row


def test_influence_cards_shrink_evenly_then_are_counted() -> None:
    """Influence names are cut evenly down to five letters; what still does not fit is "+k"."""
    en = words("en")
    cards = [(en.msg(board.INFLUENCE_NAME[c]), 5) for c in board.INFLUENCE_IDS[:6]]
    named, widths, with_location = board.plan_line2([("♛", "President", False)], cards, "at the bank", 1000, en)
    assert named and with_location and len(widths) == 6
    named, widths, with_location = board.plan_line2([("♛", "President", False)], cards, "at the bank", 470, en)
    assert named and not with_location and 0 < len(widths) < 6
    assert min(widths) >= text_width("Trade…", font(board.TEXT)) - 12


def test_no_money_is_ever_drawn(cases: dict[str, View], monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing drawn is a note, a count of notes or a score: a result's scores and accounts and a view
    carrying hands, notes and accounts (as a seat's view does) draw the same picture as without."""
    over = copy.deepcopy(cases["game_over_7"])
    assert over["result"] is not None
    over["result"]["scores"] = {str(x): 987 for x in range(7)}
    over["result"]["accounts"] = [[3] * 329 for _ in range(7)]
    for draw in (full, compact):
        with drawn_texts(monkeypatch) as texts:
            draw(over)
        assert not any("987" in t or "329" in t for t, _x, _y in texts)
        for name in ("budget", "full_coup_7", "revealed"):
            view = cases[name]
            # deliberately no valid view (a seat's keys, and keys a view never carries on its players)
            leaky: Any = copy.deepcopy(view)
            leaky.update(you=0, hand=["inf_church#1"] * 3, money=[3, 3, 2, 1], account=[3] * 12, location="bank")
            for player in leaky["players"]:
                player.update(money=[1, 2, 3], account=[3] * 5, notes=6, total=12)
            assert same_picture(draw(leaky), draw(view)), name


# --- purity -------------------------------------------------------------------------------------------------------

def test_same_view_same_bytes(cases: dict[str, View]) -> None:
    """Same view, same PNG bytes for either picture (warm, cold, in threads); drawing leaves the view
    untouched."""
    views = [cases[name] for name in ("budget", "full_coup_7", "wave_dice", "game_over_7", "packed")]
    assert_same_bytes(views, lambda v: full(v, "ca", LONG_NAMES), board.clear_caches)
    assert_same_bytes(views, lambda v: compact(v, "ca", LONG_NAMES), board.clear_caches)


def test_the_picture_depends_only_on_the_public_view(games: dict[tuple[int, int], list[State]]) -> None:
    """The public view of a state whose secrets were dealt differently (notes, hands, unrevealed
    locations, the aid deck) draws the same picture (`same_picture`: pixel for pixel), either picture; so does
    every seat's own view."""
    pick = random.Random(11)
    checked = 0
    for (_seed, n), states in games.items():
        for state in pick.sample(states, 6):
            frame, _seats = readers.waiting(state)
            # (decisions that wait on whoever's notes allow them are not perturbed, as in test_junta_playouts)
            steady = frame is None or readers.decision_of(frame) not in ("budget:keep", "coup", "surrender")
            other = perturbed(state, pick) if steady else None
            seat = pick.randrange(n)
            for draw in (full, compact):
                expected = draw(public(state), "es")
                if other is not None:
                    assert same_picture(draw(public(other), "es"), expected)
                assert same_picture(draw(GAME.view(state, seat), "es"), expected)
            checked += 1
    assert checked >= 40


def test_the_purity_check_can_fail(cases: dict[str, View]) -> None:
    """A change to a public fact (a hand's size, a rebel flag) changes the picture."""
    view = cases["full_coup_7"]
    more = copy.deepcopy(view)
    more["players"][0]["hand_count"] += 1
    assert to_png(full(more)) != to_png(full(view))
    flipped = copy.deepcopy(view)
    seat = next(u["controller"] for u in on_map(view) if u["active"])  # a player whose counters are on the map
    assert seat is not None
    coup(flipped)["rebels"][seat] = not coup(flipped)["rebels"][seat]
    assert to_png(full(flipped)) != to_png(full(view))
    assert to_png(compact(flipped)) != to_png(compact(view))
    later = copy.deepcopy(view)
    later["turn"] += 1
    assert to_png(compact(later)) != to_png(compact(view))


# --- the board in the channel ----------------------------------------------------------------------------------------

def test_board_is_readable_inline(drawn: dict[str, Drawing]) -> None:
    """Shown in the inline box (550 x 350), no text of the board in any case, language or names is under 10 px."""
    smallest = drawn["compact"].smallest_inline_text()
    assert smallest >= INLINE_MIN_TEXT == 10, smallest
    assert inline_scale(*BOARD_SIZE) == 0.5


def test_the_inline_readability_check_can_fail(cases: dict[str, View]) -> None:
    """A 19 px text on a board of BOARD_SIZE is measured under 10 px inline."""
    def small(_view: View, _locale: str, _names: list[str]) -> Image.Image:
        image = Image.new("RGB", BOARD_SIZE)
        board.put_text(image, (10, 10), "x", board.B_TEXT - 1, (255, 255, 255))
        return image

    assert smallest_inline_text([cases["budget"]], small, board.clear_caches, [NAMES]) < INLINE_MIN_TEXT


def test_board_areas_keep_apart() -> None:
    """On the board every two areas are at least 8 px apart and the off-map boxes 6 px from everything; all
    lie on the map above the sea, and the panel beside it."""
    geo = board.COMPACT
    areas = {a: geo.area(a) for a in AREA_IDS}
    boxes = areas | board.B_OFF_MAP
    for (a, p), (b, q) in itertools.combinations(boxes.items(), 2):
        gap = max(q[0] - p[2], p[0] - q[2], q[1] - p[3], p[1] - q[3])
        assert gap >= (8 if a in areas and b in areas else 6), (a, b, gap)
    for name, (left, top, right, bottom) in boxes.items():
        assert board.B_MAP[0] < left and right < board.B_MAP[2], name
        assert board.B_MAP[1] < top and bottom < board.B_MAP[3] - geo.sea_h, name
    assert board.B_MAP[2] < board.PANEL[0] and board.PANEL[2] <= BOARD_SIZE[0]


def test_board_area_names_fit_one_line() -> None:
    """Every area's short name fits one line of its box on the board at 20 px in every language, whole,
    narrowed at most to 80 %."""
    for locale in LOCALES:
        for area in AREA_IDS:
            name = words(locale).msg(board.AREA_SHORT[area])
            shown, size, squeeze = board.short_name(area, name)
            assert shown == name and size == board.B_TEXT and squeeze >= 0.8, (locale, name, squeeze)


def test_board_pieces_differ_in_shape() -> None:
    """The seven families' counters and discs on the board differ in shape, not only colour: the ink of
    their marks overlaps by less than 75 %; and rebels' counters differ from the others' by their pennant."""
    def marks(sprite: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
        return sprite.convert("L").crop(box).point(lambda v: 255 if v < 80 else 0)

    top = (board.B_COUNTER_H - board.B_MARK) // 2
    inner = round(board.B_DISC * 0.62)
    corner = (board.B_DISC - inner) // 2
    for shapes in ([marks(board.group_sprite(f, 3, False, False), (4, top, 4 + board.B_MARK, top + board.B_MARK))
                    for f in FAMILIES],
                   [marks(board.family_disc(f, board.B_DISC), (corner, corner, corner + inner, corner + inner))
                    for f in FAMILIES]):
        for a, b in itertools.combinations(range(len(FAMILIES)), 2):
            overlap = ImageChops.multiply(shapes[a], shapes[b]).histogram()[255]
            union = ImageChops.lighter(shapes[a], shapes[b]).histogram()[255]
            assert union and overlap / union < 0.75, (FAMILIES[a], FAMILIES[b])
    rebel, plain = board.group_sprite("car", 3, True, False), board.group_sprite("car", 3, False, False)
    assert near(rebel.getpixel((rebel.width - 3, 2)), board.RED)
    assert not near(plain.getpixel((plain.width - 3, 2)), board.RED)
    assert dominant(board.group_sprite("car", 3, False, True)) == board.GREY


def coup(view: View) -> Coup:
    """The view's coup (every view it is asked of holds one)."""
    assert view["coup"] is not None
    return view["coup"]


def board_pieces(view: View) -> Counter[tuple[Any, ...]]:
    """The pieces the board must show in the areas, worked out from the view alone: ("exile", seat) for each
    exile, (area, family, how many, rebel, ignored) for each player's units (and activity) in an area."""
    found: Counter[tuple[Any, ...]] = Counter()
    for unit in coup(view)["units"].values() if view["coup"] else []:
        if unit["area"] in AREA:
            found[(unit["area"], unit["controller"], unit["active"])] += 1
    families = {p["seat"]: p["family"] for p in view["players"]}
    rebels = view["coup"]["rebels"] if view["coup"] else []
    pieces: Counter[tuple[Any, ...]] = Counter(
        {(area, families.get(seat), count, bool(active and rebels[seat]), not active): 1
         for (area, seat, active), count in found.items()})
    for player in view["players"]:
        if player["exile"]:
            pieces[(player["exile"], "exile", player["seat"])] += 1
    return pieces


def test_board_counts_every_unit_where_it_is(cases: dict[str, View]) -> None:
    """On the board each player's units in an area are one counter there, with the family, how many, the
    rebel frame and grey for ignored units as the view says, and each exile a disc in the embassy; each piece
    lies in its area's box where the layout puts it. An area with more than two rows of pieces shows what fits
    and "+k" for the rest (only the packed stress view has one)."""
    for name in ("full_coup_7", "ignored_and_rebel_units", "card_units", "off_map", "exile", "packed"):
        view = cases[name]
        placed = board.board_layout(view)
        shown: Counter[tuple[Any, ...]] = Counter()
        more: Counter[str] = Counter()
        for where, _sprite, _at, what in placed:
            if where in AREA:
                if what[0] == "units":
                    shown[(where, *what[1:])] += 1
                elif what[0] == "exile":
                    shown[(where, "exile", what[1])] += 1
                else:
                    more[where] += what[1]
        expected = board_pieces(view)
        if name == "packed":
            assert more and not shown - expected
            per_area = Counter(key[0] for key in expected)
            assert all(per_area[a] == sum(1 for k in shown if k[0] == a) + more[a] for a in per_area)
        else:
            assert not more and shown == expected, name
        image = compact(view)
        for where, sprite, (x, y), _what in placed:
            left, top, right, bottom = board.COMPACT.area(where) if where in AREA else board.B_OFF_MAP[where]
            assert left - 2 <= x and x + sprite.width <= right + 2 and top <= y and y + sprite.height <= bottom, where
            crop = image.crop((round(x), round(y), round(x) + sprite.width, round(y) + sprite.height))
            opaque = [(a, b) for a, b in zip(pixels(crop), pixels(sprite), strict=True)
                      if b[3] == 255]
            same = sum(1 for a, b in opaque if a == b[:3])
            assert same >= 0.85 * len(opaque), (name, where)  # (a fight's swords may lie on top)


def test_board_off_map_units_sit_in_their_boxes(cases: dict[str, View]) -> None:
    """The marines and the paratrooper before they land are counters in the Navy's and the Air Force's
    boxes."""
    view = cases["off_map"]
    boxes = {u["area"] for u in coup(view)["units"].values() if u["area"] in board.B_OFF_MAP}
    assert boxes and boxes == {where for where, *_rest in board.board_layout(view) if where in board.B_OFF_MAP}


def moved(view: View, event: dict[str, Any]) -> View:
    """`view` with `event` logged last."""
    view = copy.deepcopy(view)
    view["log"].append({"id": view["log_count"] + 1, **event})
    view["log_count"] += 1
    return view


def test_board_shows_the_last_movement(cases: dict[str, View]) -> None:
    """The coup's last movement is drawn in the mover's colour: an arrow along the road of a move, a ring
    round the area of a landing; neither once a wave was fired or a phase began."""
    view = cases["rebellion"]
    seat = coup(view)["leader"]
    colour = board.FAMILY_COLOUR[view["players"][seat]["family"]]
    move = moved(view, {"type": "coup_move", "seat": seat, "from": "shantytown",
                        "moves": [{"unit": "x", "to": "police_north"}]})
    assert board.last_change(move) == (seat, [("shantytown", "police_north")], [])
    left, right = board.COMPACT.area("shantytown")[2], board.COMPACT.area("police_north")[0]
    gap = (round((left + right) / 2), round((board.COMPACT.centre("shantytown")[1]
                                              + board.COMPACT.centre("police_north")[1]) / 2))
    assert near(compact(move).getpixel(gap), colour)
    assert not near(compact(view).getpixel(gap), colour)
    fired = moved(move, {"type": "coup_wave", "area": "palace", "wave": 1, "fire": []})
    assert board.last_change(fired) == (None, [], []) and not near(compact(fired).getpixel(gap), colour)
    landing = moved(view, {"type": "coup_landing", "seat": seat, "unit": "para", "area": "market"})
    assert board.last_change(landing) == (seat, [], ["market"])
    box = board.COMPACT.area("market")
    assert near(compact(landing).getpixel((round(box[0] - 5), round((box[1] + box[3]) / 2))), colour)


def test_board_panel_says_turn_phase_markers_and_who_decides(cases: dict[str, View],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel names the turn with exactly the current phase gold on the track, the markers, what the game
    waits on and who, the offices' holders (the cousin's marked); during a coup its phase and the fight in the
    map's name of the area; at the end the winners."""
    en = words("en")
    view = cases["lunch"]
    with drawn_texts(monkeypatch) as texts:
        image = compact(view)
    panel = [t for t, x, y in texts if inside(board.PANEL, x, y)]
    assert f"Turn {view['turn']}" in panel and "Bank: closed for lunch" in panel
    top = round(board.PANEL[1] + 10 + 38)
    gold = [k for k in range(1, 10) if image.getpixel(
        (round(board.PANEL[0] + board.PANEL_PAD + (k - 1) * (board.B_TRACK + 4) + board.B_TRACK / 2), top + 2))
        == board.GOLD]
    assert gold == [view["phase"]]
    what = en.msg(board.WAIT[board.wait_key(view)]).split()[0]
    assert any(t.startswith(what) for t in panel), (what, panel)
    if len(view["to_act"]) <= 3:
        assert all(NAMES[x] in panel for x in view["to_act"])
    cousin = cases["cousin"]
    with drawn_texts(monkeypatch) as texts:
        compact(cousin)
    panel = [t for t, x, y in texts if inside(board.PANEL, x, y)]
    assert cousin["president"] is not None
    assert NAMES[cousin["president"]] in panel and ("cousin" in panel) == (cousin["cousin"] != "president")
    wave = cases["wave"]
    with drawn_texts(monkeypatch) as texts:
        compact(wave)
    panel_text = " ".join(t for t, x, y in texts if inside(board.PANEL, x, y))
    assert "Coup phase" in panel_text or "Rebellion" in panel_text
    assert en.msg(board.AREA_SHORT[coup(wave)["combat"]["area"]]).split()[0] in panel_text
    over = copy.deepcopy(cases["game_over_7"])
    assert over["result"] is not None
    over["result"]["winners"] = [2, 5]
    with drawn_texts(monkeypatch) as texts:
        compact(over)
    panel = [t for t, x, y in texts if inside(board.PANEL, x, y)]
    assert {"Game over", "Winners", NAMES[2], NAMES[5]} <= set(panel)


def test_board_panel_keeps_its_first_blocks(cases: dict[str, View]) -> None:
    """The panel's blocks fit it; those that must be drawn (turn, phase, what the game waits on and who, the
    coup's phase) fit even with every other block, in every case, language and names."""
    room = board.PANEL[3] - board.PANEL[1] - 20
    for view in cases.values():
        for locale in LOCALES:
            for names in (NAMES, LONG_NAMES):
                blocks = board._panel_blocks(view, names, words(locale), False)
                assert sum(h for p, (h, _d) in blocks if p == 0) <= room
                kept = board.panel_plan(view, names, words(locale))
                assert sum(h for h, _d in kept) <= room and len(kept) >= sum(1 for p, _b in blocks if p == 0)
