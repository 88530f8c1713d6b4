"""Som el que decidim! board (renderers/som.py): views of seeded engine games of 1-4 in every language,
every cell state, pawns, marks, the Hisenda, the rows, votes and endings; readable at chat size; no
face-down card ever named."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.i18n import LOCALES, words
from games.core.rng import SeededRng
from games.som import GAME
from games.som.cards import CARD, CARD_NAME, CARDS, COLOURS, KIND_NAME
from renderers import som as board
from renderers.core import CHAT_MIN_TEXT, CHAT_WIDTH, PALETTE, font, recording_font_sizes, to_png
from tests.renderers.helpers import RecordingWords, artifacts_dir, assert_same_bytes, smallest_shown_text

State = dict[str, Any]
View = dict[str, Any]
NAMES = ["Alice", "Roberto Sánchez", "Chiara", "Davide Esposito"]
LONG_NAMES = ["Maximiliano de la Fuente Rodríguez", "W" * 32, "🎲", "Sabrina Müller-Lüdenscheidt"]
MAX_PNG_BYTES = 150 * 1024
NAME_WIDTH = int(board.NAME_BOX[2] - board.NAME_BOX[0])
PREFERRED = ("move_citizen", "call_elections", "motion_of_censure", "protect_urn")
# seeded games of every size and mode; (16, 4, "B") ends with the referendum, (30, 3, "B") with a DUI
GAMES = [(seed, n, mode) for mode in ("A", "B", "C", "A+C") for n in (1, 2, 3, 4) for seed in (1, 2, 3)
         if not (n == 1 and mode in ("C", "A+C"))] + [(16, 4, "B"), (30, 3, "B")] + [
    (seed, 4, "C") for seed in range(4, 16)]


# --- views from seeded engine games --------------------------------------------------------------------

def playout(seed: int, n: int, mode: str) -> list[State]:
    """Every state of one seeded game of legal moves, mostly steps and votes (so cards get revealed,
    urns found and votes held) and now and then anything legal."""
    pick = random.Random(f"{seed}:{n}:{mode}")
    state = GAME.setup(n, {"mode": mode}, SeededRng(seed, 0))
    states = [state]
    step = 1
    while state["phase"] != "game_over":
        assert step < 3000, "the playout does not end"
        moves = [(s, a) for s in sorted(GAME.to_act(state)) for a in GAME.legal_actions(state, s)]
        preferred = ([m for m in moves if m[1]["type"] in PREFERRED]
                     or [m for m in moves if m[1]["type"] == "redistribute" and not m[1]["gifts"]] or moves)
        seat, action = pick.choice(preferred if pick.random() < 0.85 else moves)
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
        states.append(state)
        step += 1
    return states


def public(state: State) -> View:
    return GAME.view(state, None)


def pending(view: View) -> str | None:
    return (view.get("pending") or {}).get("type")


def crowd(view: View) -> bool:
    """Three or more citizens on one card."""
    return any(len(cell["citizens"]) >= 3 for cell in view["board"])


CASE_TESTS: dict[str, Callable[[View], bool]] = {
    "choose_centralism": lambda v: pending(v) == "choose_centralism" and v["n"] == 3,
    "pay": lambda v: pending(v) == "pay" and v["n"] == 4 and v["turn"] >= 3,
    "break_coin": lambda v: pending(v) == "break_coin",
    "cohesion": lambda v: pending(v) == "cohesion" and v["n"] == 4 and v["turn"] >= 4,
    "first_step_crowd": lambda v: pending(v) == "move" and v["pending"]["first_step"] and crowd(v)
    and v["n"] == 4,
    "moving": lambda v: pending(v) == "move" and not v["pending"]["first_step"] and len(v["moves"]) >= 3
    and v["urn_area"] and v["n"] == 4 and sum(c["state"] == "face_up" for c in v["board"]) >= 6,
    "protect_urn": lambda v: pending(v) == "protect_urn",
    "sufragi": lambda v: pending(v) == "sufragi",
    "stand": lambda v: pending(v) == "stand",
    "back": lambda v: pending(v) == "back",
    "bid": lambda v: pending(v) == "bid" and 0 < len(v["vote"]["bid_done"]) < v["n"],
    "after_vote": lambda v: v["vote"] is None and board.recent_vote(v) is not None and v["n"] == 4,
    "late": lambda v: len(v["urn_area"]) >= 2 and v["phase"] != "game_over"
    and sum(c["state"] == "face_up" for c in v["board"]) >= 8,
    "two_players": lambda v: v["n"] == 2 and pending(v) == "move" and v["turn"] >= 4,
    "one_player": lambda v: v["n"] == 1 and pending(v) == "move" and v["turn"] >= 3,
}


@pytest.fixture(scope="module")
def games() -> dict[tuple[int, int, str], list[State]]:
    return {game: playout(*game) for game in GAMES}


@pytest.fixture(scope="module")
def cases(games: dict[tuple[int, int, str], list[State]]) -> dict[str, View]:
    """One view of every situation the picture must draw, all from the engine."""
    found: dict[str, View] = {"place_start": public(games[(1, 4, "B")][0])}
    for states in games.values():
        for state in states:
            missing = [name for name in CASE_TESTS if name not in found]
            if not missing:
                break
            view = public(state)
            for name in missing:
                if CASE_TESTS[name](view):
                    found[name] = view
        final = public(states[-1])
        name = f"game_over_{final['result']['reason']}"
        if name not in found or final["n"] > found[name]["n"]:  # the fullest table ending that way
            found[name] = final
    for name in [*CASE_TESTS, "game_over_referendum", "game_over_intervened", "game_over_dui"]:
        assert name in found, f"no view for {name}"
    return found


def render(view: View, locale: str = "en", names: list[str] | None = None) -> Image.Image:
    return board.render(view, NAMES if names is None else names, words(locale))


@pytest.fixture(scope="session")
def artifacts() -> Path:
    return artifacts_dir("som")


# --- what was drawn ----------------------------------------------------------------------------------------

@contextmanager
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, float, float]]]:
    """Every text the renderer draws inside the block, with its anchor point (caches cleared, so the
    cached card faces and sprites are drawn again)."""
    texts: list[tuple[str, float, float]] = []
    original = board.put_text

    def recording(image: Image.Image, xy: tuple[float, float], text: str, *args: Any, **kwargs: Any) -> float:
        if image.size[0] == board.WIDTH:  # on the picture itself (sprites are checked through their cells)
            texts.append((text, xy[0], xy[1]))
        else:
            texts.append((text, -1.0, -1.0))
        return original(image, xy, text, *args, **kwargs)

    board.clear_caches()
    with monkeypatch.context() as patch:
        patch.setattr(board, "put_text", recording)
        yield texts
    board.clear_caches()


def inside(box: tuple[float, float, float, float], x: float, y: float) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def colour_count(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    return sum(1 for c in image.crop(box).get_flattened_data() if c == colour)


def near_count(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int],
               tolerance: int = 24) -> int:
    """How many pixels of `box` are within `tolerance` (summed over the channels) of `colour`."""
    return sum(1 for c in image.crop(box).get_flattened_data()
               if sum(abs(a - b) for a, b in zip(c, colour, strict=True)) <= tolerance)


def dark_count(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels of `box` are about as dark as the ink of a card's name."""
    return sum(1 for r, g, b in image.crop(box).get_flattened_data() if r + g + b < 200)


def dominant(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The most frequent colour in `box`."""
    return max(image.crop(box).getcolors(1 << 16) or [(0, (0, 0, 0))])[1]


def cell_of(view: View, label: str) -> dict[str, Any]:
    return next(c for c in view["board"] if c["cell"] == label)


# --- every situation, every language ---------------------------------------------------------------------

@pytest.mark.parametrize("locale", LOCALES)
def test_random_views_of_one_to_four_render(games: dict[tuple[int, int, str], list[State]], locale: str) -> None:
    """Views spread over seeded games of 1-4 players render at the table's size, RGB, under 150 KiB."""
    for (seed, n, mode), states in games.items():
        pick = random.Random(f"{seed}:{n}:{mode}:{locale}")
        for state in [states[0], *pick.sample(states, min(2, len(states))), states[-1]]:
            view = public(state)
            image = render(view, locale)
            assert image.size == (board.WIDTH, board.height_for(view, words(locale))) and image.mode == "RGB"
            if state is states[-1]:
                assert len(to_png(image)) <= MAX_PNG_BYTES


@pytest.mark.parametrize("locale", LOCALES)
def test_every_case_renders(cases: dict[str, View], locale: str) -> None:
    """Each situation renders in each language with a status strip that says something."""
    for name, view in cases.items():
        image = render(view, locale, LONG_NAMES if name == "late" else None)
        strip = image.crop(board.STRIP)
        assert len(strip.getcolors(1 << 16) or []) > 20, f"the status strip of {name} is blank"


# --- the board ---------------------------------------------------------------------------------------------

def test_every_cell_is_drawn_in_its_state(cases: dict[str, View], monkeypatch: pytest.MonkeyPatch) -> None:
    """Face-up cards show their flag's colour and drawn flag, their name and symbol; face-down ones the
    back; empty cells a dashed outline; every cell its label."""
    view = cases["late"]
    states = {c["state"] for c in view["board"]}
    assert states == {"face_up", "face_down", "empty"}
    image = render(view)
    en = words("en")
    with drawn_texts(monkeypatch) as texts:
        render(view)
    for cell in view["board"]:
        left, top, right, bottom = board.cell_box(cell["row"], cell["col"])
        body = (left + 8, top + board.PAD + board.HEADER + 2, right - 8, bottom - board.PAD - board.FOOT)
        assert any(t == cell["cell"] and inside((left, top, right, bottom), x, y) for t, x, y in texts), cell["cell"]
        if cell["state"] == "face_up":
            assert dominant(image, body) == board.FACE[cell["flag"]], cell
            icon = board.flag_icon(cell["flag"])
            dx, dy = board.flag_at(board.CELL_W)
            at = (left + dx, top + dy)
            expected = Image.new("RGB", icon.size, board.FACE[cell["flag"]])
            expected.paste(icon, (0, 0), icon)
            crop = image.crop((*at, at[0] + icon.width, at[1] + icon.height))
            if cell["cell"] not in view["moves"]:
                assert ImageChops.difference(crop, expected).getbbox() is None, cell["cell"]
            assert dark_count(image, body) > 12, cell["cell"]  # the name's letters
            lines, _squeeze = board.name_lines(en.msg(CARD_NAME[cell["card"]]), NAME_WIDTH, board.NAME_LINES)
            assert all(any(t == line for t, _x, _y in texts) for line in lines), cell["card"]
            badge = colour_count(image, (right - 30, bottom - 30, right, bottom), (44, 40, 48))
            assert (badge > 40) == (cell["symbol"] is not None), cell
        elif cell["state"] == "face_down":
            assert colour_count(image, body, board.BACK_LINE) > 200, cell["cell"]
            assert dark_count(image, body) == 0
        else:
            assert image.getpixel(((left + right) // 2, (top + bottom) // 2)) == PALETTE["background"]
            edge = [image.getpixel((left + 2, y)) for y in range(top + 4, bottom - 4)]
            assert 0.3 < edge.count(board.EMPTY_LINE) / len(edge) < 0.85, cell["cell"]  # dashes, not a line


def test_flags_differ_in_pattern_not_only_colour() -> None:
    """The four drawn flags differ even in grey, and their card faces in colour and lightness."""
    greys = [board.flag_icon(flag).convert("L") for flag in board.FLAGS]
    for a in range(4):
        for b in range(a + 1, 4):
            difference = ImageChops.difference(greys[a], greys[b])
            assert sum(difference.get_flattened_data()) / (difference.width * difference.height) > 20
    lightness = [sum(board.FACE[f]) for f in board.FLAGS]
    assert len(set(board.FACE.values())) == 4 and max(lightness) - min(lightness) > 150


def test_pawns_show_every_citizen_and_the_holder(cases: dict[str, View]) -> None:
    """Several citizens on one card all show (colour and shape); the holder's pawn is ringed in gold."""
    view = cases["first_step_crowd"]
    image = render(view)
    for cell in view["board"]:
        if not cell["citizens"]:
            continue
        left, top, right, bottom = board.cell_box(cell["row"], cell["col"])
        foot = (left, bottom - board.PAD - board.FOOT - 4, right, bottom)
        for seat in cell["citizens"]:
            assert colour_count(image, foot, board.CITIZEN[view["colours"][seat]]) > 10, (cell["cell"], seat)
        gold = near_count(image, foot, board.GOLD)
        assert (gold > 30) == (view["holder"] in cell["citizens"]), cell["cell"]


def test_each_colour_has_its_own_shape() -> None:
    """Pink, lilac, orange and blue pawns differ in shape, not only colour."""
    masks = [board.pawn_sprite(c, 40).getchannel("A").point(lambda a: 255 if a > 128 else 0) for c in COLOURS]
    assert len({board.SHAPE[c] for c in COLOURS}) == 4
    for a in range(4):
        for b in range(a + 1, 4):
            overlap = ImageChops.multiply(masks[a], masks[b]).histogram()[255]
            union = ImageChops.lighter(masks[a], masks[b]).histogram()[255]
            assert overlap / union < 0.9, (COLOURS[a], COLOURS[b])


def frame_colour(image: Image.Image, view: View, label: str) -> tuple[int, ...]:
    cell = cell_of(view, label)
    left, top, _right, bottom = board.cell_box(cell["row"], cell["col"])
    value = image.getpixel((left + 2, (top + bottom) // 2))
    assert isinstance(value, tuple)
    return value


def test_moves_are_gold_and_the_mover_white(cases: dict[str, View]) -> None:
    """Exactly the cells of view["moves"] have a gold frame; the mover's cell a white one."""
    view = cases["moving"]
    image = render(view)
    mover = view["movement"]["cell"]
    assert view["moves"] and mover not in view["moves"]
    for cell in view["board"]:
        colour = frame_colour(image, view, cell["cell"])
        if cell["cell"] in view["moves"]:
            assert colour == board.GOLD, cell["cell"]
        elif cell["cell"] == mover:
            assert colour == board.WHITE
        else:
            assert colour not in (board.GOLD, board.WHITE), cell["cell"]
    still = copy.deepcopy(view)
    still["moves"], still["movement"] = [], None
    bare = render(still)
    assert all(frame_colour(bare, still, c["cell"]) not in (board.GOLD, board.WHITE) for c in still["board"])


# --- beside the board ---------------------------------------------------------------------------------------

def test_hisenda_shows_only_its_coin_counts_and_value(cases: dict[str, View],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hisenda card says its name, ×ones, ×twos and value, nothing else; other counts change it only."""
    view = cases["pay"]
    hisenda = view["hisenda"]
    with drawn_texts(monkeypatch) as texts:
        image = render(view)
    shown = [t for t, x, y in texts if inside(board.HISENDA_BOX, x, y)]
    name = [t for t, _x, _y in texts if t in ("Hisenda", "espa-", "nyola")]
    assert shown == [*name, f"×{hisenda['ones']}", f"×{hisenda['twos']}", f"{hisenda['value']} €"]
    other = copy.deepcopy(view)
    other["hisenda"] = {"ones": 11, "twos": 1, "value": 13}
    changed = ImageChops.difference(image, render(other)).getbbox()
    assert changed is not None
    left, top, right, bottom = board.HISENDA_BOX
    assert left <= changed[0] and changed[2] <= right and top <= changed[1] and changed[3] <= bottom


def test_pool_die_and_urn_area(cases: dict[str, View], monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool's count, this turn's die face and number, the urn cards found in their slots."""
    view = cases["late"]
    with drawn_texts(monkeypatch) as texts:
        image = render(view)
    assert any(t == str(view["pool"]) and inside(board.POOL_BOX, x, y) for t, x, y in texts)
    die = view["die"]
    die_left = board.die_corner()[0]
    assert any(t == f"{die['number']} €" and inside(board.STRIP, x, y) and x > die_left for t, x, y in texts)
    face = board.die_sprite(die["face"])
    at = board.die_corner()
    assert ImageChops.difference(image.crop((*at, at[0] + face.width, at[1] + face.height)), face).getbbox() is None
    urns = view["urn_area"]
    assert any(t == f"{len(urns)}/4" and inside(board.URN_TITLE_BOX, x, y) for t, x, y in texts)
    for index in range(4):
        left, top, right, bottom = board.urn_slot(index)
        filled = dominant(image, (left, top, right, bottom)) == board.FACE["urn"]
        assert filled == (index < len(urns)), index
        if index >= len(urns):
            assert any(t == str(index + 1) and inside((left, top, right, bottom), x, y) for t, x, y in texts)


def test_rows_show_discs_value_and_participation(cases: dict[str, View], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each citizen's row: pawn, name, value, participation discs, and one chip (icon and value) per disc."""
    view = cases["cohesion"]
    with drawn_texts(monkeypatch) as texts:
        image = render(view)
    for seat, player in enumerate(view["players"]):
        box = board.row_box(seat)
        left, top, _right, _bottom = box
        in_row = [t for t, x, y in texts if inside(box, x, y)]
        assert NAMES[seat] in in_row and f"{player['value']} €" in in_row and str(player["participation"]) in in_row
        assert player["cell"] in in_row
        fill = PALETTE["panel"] if seat % 2 == 0 else PALETTE["panel_alt"]
        mid2 = board.row_lines(seat)[1]
        for k, disc in enumerate(player["discs"]):
            chip = board.disc_chip(disc["kind"], disc["value"], fill)
            at = (left + board.px(8) + k * board.CHIP_PITCH, round(mid2 - chip.height / 2))
            crop = image.crop((*at, at[0] + chip.width, at[1] + chip.height))
            assert ImageChops.difference(crop, chip).getbbox() is None, (seat, disc["id"])
    chips = {(k, v) for k, v, _c in (("justice", 2, 0), ("roads", 1, 0))}
    assert len({board.disc_chip(k, v).tobytes() for k, v in chips}) == 2


def test_every_kind_has_its_own_icon() -> None:
    """The ten disc kinds have ten different icons, and the key names each one."""
    icons = {board.disc_icon(kind, board.SERVICE_CHIP).tobytes() for kind in board.DISC_KINDS}
    assert len(icons) == 10
    entries = board.disc_key_entries(board.static_words(words("es"))[-11:])
    assert [e[1] for e in entries][:3] == ["justicia", "sanidad", "educación"]


# --- the strip, votes and endings ------------------------------------------------------------------------------

def test_status_strip_words(cases: dict[str, View]) -> None:
    """The strip says the turn and the holder, the mode, degree and phase, and what the game waits on."""
    view = copy.deepcopy(cases["moving"])
    view.update(turn=7, holder=0, mode="B", degree="high")
    view["movement"]["mover"] = 2
    title, info, action = board.status_lines(view, NAMES, words("en"))
    assert (title, info, action) == ("Turn 7 · Generalitat: Alice", "Mode B · High centralism · Phase 4: action",
                                     "Chiara moves on or stops")
    assert board.status_lines(view, NAMES, words("ca"))[:2] == ("Torn 7 · Generalitat: Alice",
                                                                "Mode B · Centralisme elevat · Fase 4: acció")
    start = cases["place_start"]
    title, info, action = board.status_lines(start, NAMES, words("it"))
    assert title.startswith("Preparazione · Generalitat: ") and "Centralismo non ancora scelto" in info
    assert action.endswith("può spostare Concentració nacional")
    pay = cases["pay"]
    payer = NAMES[pay["payment"]["payer"]]
    assert board.status_lines(pay, NAMES, words("es"))[2].startswith(f"{payer} paga ")


def test_long_names_are_cut_not_the_sentence(cases: dict[str, View]) -> None:
    """A long name is shortened so the status sentence still fits its line whole."""
    names = ["Maximiliano de la Fuente Rodríguez Esposito"] * 4
    width = 420
    _title, _info, action = board.status_lines(cases["moving"], names, words("en"), width)
    assert action.endswith(" moves on or stops") and "…" in action
    assert board.text_width(action, font(board.STRONG, True)) <= width


def test_a_vote_shows_who_has_bid_never_how_much(cases: dict[str, View],
                                                 games: dict[tuple[int, int, str], list[State]]) -> None:
    """While bids are secret the strip says "k/n have bid" and the rows "has bid"; a seat's own view
    (with its bid) draws the same picture; after the reveal the rows show each bid."""
    view = cases["bid"]
    done = len(view["vote"]["bid_done"])
    kind = {"elections": "Elections", "motion": "Motion of censure"}[view["vote"]["kind"]]
    verb = "has" if done == 1 else "have"
    assert board.status_lines(view, NAMES, words("en"))[2] == f"{kind}: {done}/{view['n']} {verb} bid"
    for seat in range(view["n"]):
        tag = board.vote_tag(view, seat, NAMES, words("en"))
        assert tag.endswith("has bid") == (seat in view["vote"]["bid_done"]), (seat, tag)
        assert not any(ch.isdigit() for ch in tag)
    state = next(s for states in games.values() for s in states if public(s) == view)
    for seat in range(view["n"]):
        seat_view = GAME.view(state, seat)
        assert "my_bid" in seat_view or seat not in view["pending"]["seats"]
        assert render(seat_view).tobytes() == render(view).tobytes()
    after = cases["after_vote"]
    bids = board.recent_vote(after)["bids"]  # type: ignore[index]
    assert [board.vote_tag(after, s, NAMES, words("en")) for s in range(4)] == [
        f"{b} vote" if b == 1 else f"{b} votes" for b in bids]


def test_game_over_shows_the_reason_and_the_winners(cases: dict[str, View]) -> None:
    """At the end the strip names the reason and the winners (or that everybody loses); winners' rows are gold."""
    referendum = cases["game_over_referendum"]
    title, _info, action = board.status_lines(referendum, NAMES, words("en"))
    winners = referendum["result"]["winners"]
    assert title == "Game over · the referendum is held"
    assert action == ("Winner: " if len(winners) == 1 else "Winners: ") + ", ".join(NAMES[s] for s in winners)
    assert board.status_lines(cases["game_over_intervened"], NAMES, words("es"))[2] == "Pierden todos"
    dui = cases["game_over_dui"]
    assert board.status_lines(dui, NAMES, words("it"))[0] == "Partita finita · dichiarazione unilaterale d'indipendenza"
    image = render(referendum)
    for seat in range(referendum["n"]):
        left, top, _right, bottom = board.row_box(seat)
        assert (image.getpixel((left + 1, (top + bottom) // 2)) == board.GOLD) == (seat in winners), seat


# --- readable, worded, pure ---------------------------------------------------------------------------------

def test_text_is_readable_at_chat_size(cases: dict[str, View]) -> None:
    """Shown 550 px wide, no text of any case or language is smaller than 16 px (caches cleared first)."""
    smallest = smallest_shown_text(list(cases.values()), render, board.clear_caches, [NAMES, LONG_NAMES])
    assert smallest >= CHAT_MIN_TEXT == 16, smallest


def test_the_readability_check_can_fail() -> None:
    """A font smaller than the readable size is seen by the recording."""
    with recording_font_sizes() as sizes:
        font(board.TEXT - 1)
    assert min(sizes) * CHAT_WIDTH / board.WIDTH < CHAT_MIN_TEXT


def test_every_card_name_fits_its_card() -> None:
    """Every card's printed name fits a card in at most 4 lines, whole, in every language."""
    for locale in LOCALES:
        for card in CARDS:
            name = words(locale).msg(CARD_NAME[card.id])
            lines, squeeze = board.name_lines(name, NAME_WIDTH, board.NAME_LINES)
            assert "…" not in "".join(lines) and len(lines) <= board.NAME_LINES, (locale, name, lines)
            assert "".join(lines).replace("-", "").replace(" ", "") == name.replace(" ", "").replace("-", "")
            assert squeeze >= board.SQUEEZES[-1]


def test_every_word_comes_from_the_catalogs(cases: dict[str, View]) -> None:
    """Every word drawn is a som.picture.* message or an engine card or disc-kind name, in every language."""
    catalog = RecordingWords()
    for view in cases.values():
        board.render(view, NAMES, catalog)
    engine_words = set(CARD_NAME.ids()) | set(KIND_NAME.ids())
    assert catalog.asked and all(i.startswith("som.picture.") or i in engine_words for i in catalog.asked)
    assert {"som.picture.act.bid", "som.picture.winners", "som.picture.hisenda"} <= catalog.asked
    for locale in LOCALES:
        assert all(words(locale).has(i) for i in catalog.asked), locale


def test_languages_draw_their_own_words(cases: dict[str, View]) -> None:
    """The four languages draw four different pictures; an undrawable name falls back to "Player n"."""
    drawn = {locale: to_png(render(cases["moving"], locale)) for locale in LOCALES}
    assert len(set(drawn.values())) == len(LOCALES)
    assert board.player_name(words("en"), ["🎲"], 0) == "Player 1"
    assert board.player_name(words("ca"), [], 2) == "Jugador 3"


def test_same_view_same_bytes(cases: dict[str, View]) -> None:
    """Same view, same PNG bytes (warm, cold, in threads); rendering leaves the view untouched."""
    views = [cases[name] for name in ("moving", "bid", "late", "game_over_referendum")]
    assert_same_bytes(views, lambda v: render(v, "ca"), board.clear_caches)


# --- nothing secret -----------------------------------------------------------------------------------------------

def leaky(state: State) -> tuple[View, set[str]]:
    """The public view of `state` with every face-down cell carrying its card, flag and symbol (what a
    buggy engine might send), and the ids of those cards."""
    view = public(state)
    hidden: set[str] = set()
    for cell in view["board"]:
        if cell["state"] == "face_down":
            card = CARD[state["board"][cell["cell"]]]
            cell.update(card=card.id, flag=card.flag, symbol=card.symbol)
            hidden.add(card.id)
    return view, hidden


def test_no_face_down_card_is_ever_named(games: dict[tuple[int, int, str], list[State]]) -> None:
    """A view whose face-down cells carry their cards draws the very same picture as the public view, and
    the renderer never asks for those cards' names; a seat's view draws the public picture too."""
    pick = random.Random(5)
    checked = 0
    for (_seed, n, _mode), states in games.items():
        for state in pick.sample(states, min(3, len(states))):
            view, hidden = leaky(state)
            if not hidden:
                continue
            catalog = RecordingWords()
            board.render(view, NAMES, catalog)
            assert not catalog.asked & {CARD_NAME[c] for c in hidden}
            expected = render(public(state), "es").tobytes()
            assert render(view, "es").tobytes() == expected
            assert render(GAME.view(state, pick.randrange(n)), "es").tobytes() == expected
            checked += 1
    assert checked >= 30


def test_the_leak_check_can_fail(games: dict[tuple[int, int, str], list[State]]) -> None:
    """Turning one face-down cell face up in the view changes the picture and asks for its name."""
    state = games[(1, 4, "B")][10]
    view, hidden = leaky(state)
    cell = next(c for c in view["board"] if c["state"] == "face_down")
    cell["state"] = "face_up"
    catalog = RecordingWords()
    board.render(view, NAMES, catalog)
    assert CARD_NAME[cell["card"]] in catalog.asked and hidden
    assert render(view).tobytes() != render(public(state)).tobytes()


# --- samples for a person to look at -----------------------------------------------------------------------------

def scaled(image: Image.Image) -> Image.Image:
    """The picture as Discord shows it inline: 550 px wide."""
    return image.resize((CHAT_WIDTH, round(image.height * CHAT_WIDTH / image.width)), Image.Resampling.LANCZOS)


def test_write_samples(cases: dict[str, View], artifacts: Path) -> None:
    """Every case in every language, full size and 550 px wide, under tests/artifacts/som/."""
    for name, view in cases.items():
        for locale in LOCALES:
            image = render(view, locale, LONG_NAMES if name == "late" else None)
            full = artifacts / f"{name}_{locale}.png"
            full.write_bytes(to_png(image))
            scaled(image).save(artifacts / f"{name}_{locale}_550.png")
            assert full.stat().st_size > 1000
            assert Image.open(artifacts / f"{name}_{locale}_550.png").width == CHAT_WIDTH
