"""Spyfall boards rendered from views of seeded random games (renderers/spyfall.py)."""

from __future__ import annotations

import copy
import io
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from games.core.rng import SeededRng
from games.spyfall import GAME
from renderers import spyfall as board
from renderers.core import (
    PALETTE,
    drawable,
    ellipsize,
    fit_text,
    font,
    line_height,
    seat_color,
    text_width,
    to_png,
)

State = dict[str, Any]
ROUND_PHASES = ("playing", "accusation", "final_vote", "spy_guess")
ALL_PHASES = ("lobby", *ROUND_PHASES, "round_over", "game_over")
NAMES = ["Alice", "Bob", "Chiara", "Davide Esposito", "Élodie", "Francesco", "Giulia", "Hiroshi"]
LONG_NAME = "W" * 32
MAX_PNG_BYTES = 100 * 1024


def playout(seed: int, n: int, rounds: int = 3, leave_p: float = 0.0) -> list[State]:
    """Every state of one random game; the game master calls time now and then so rounds end."""
    pick = random.Random(seed)
    state = GAME.setup(n, {"rounds": rounds}, SeededRng(seed, 0))
    states = [state]
    step = 1
    while state["phase"] != "game_over":
        assert step < 5000, "the playout does not end"
        moves = [
            (seat, action)
            for seat in range(n)
            for action in GAME.legal_actions(state, seat)
            if action["type"] != "leave" or pick.random() < leave_p
        ]
        timeout = GAME.legal_actions(state, None)
        if timeout and (not moves or pick.random() < 0.15):
            seat, action = None, timeout[0]
        else:
            seat, action = pick.choice(moves)
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
        states.append(state)
        step += 1
    return states


@pytest.fixture(scope="module")
def games() -> list[list[State]]:
    return [playout(seed, 3 + seed % 6, rounds=2 + seed % 3, leave_p=0.01) for seed in range(12)]


@pytest.fixture(scope="module")
def full_table() -> list[State]:
    """An 8-player game of 4 rounds in which one player leaves."""
    return playout(3, 8, rounds=4, leave_p=0.02)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    path = Path(__file__).resolve().parents[1] / "artifacts" / "spyfall"
    path.mkdir(parents=True, exist_ok=True)
    return path


def public(state: State) -> dict[str, Any]:
    return GAME.view(state, None)


def first(states: list[State], phase: str) -> State:
    return next(s for s in states if s["phase"] == phase)


def names_for(n: int) -> list[str]:
    return NAMES[:n]


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, ...]:
    value = image.getpixel((int(x), int(y)))
    assert isinstance(value, tuple)
    return value


def test_every_phase_renders_within_bounds(games: list[list[State]]) -> None:
    """Random mid-game public views of every phase give images of bounded size and PNG weight."""
    pick = random.Random(7)
    seen: set[str] = set()
    for states in games:
        by_phase: dict[str, list[State]] = {}
        for s in states:
            by_phase.setdefault(s["phase"], []).append(s)
        for phase, group in by_phase.items():
            view = public(pick.choice(group))
            names = names_for(view["n"])
            for locale in ("en", "it"):
                sheet = board.render_locations(view, names, locale)
                assert sheet.size == (board.SHEET_WIDTH, 728)
                scores = board.render(view, names, locale)
                assert scores.width == board.SCORE_WIDTH
                assert 300 <= scores.height <= 1000
                if locale == "it":  # Italian names are the longer ones; one encode is enough
                    for image in (sheet, scores):
                        data = to_png(image)
                        assert data.startswith(b"\x89PNG") and len(data) <= MAX_PNG_BYTES
            seen.add(phase)
    assert seen == set(ALL_PHASES)


def test_sheet_font_is_readable_and_titled() -> None:
    """Every location name fits its cell at 26 px or more, in both languages."""
    view = public(GAME.setup(5, {}, SeededRng(1, 0)))
    left, top, right, bottom = board.location_cell(0)
    width = right - (left + board.NUMBER_WIDTH + 12) - 10
    for loc in view["locations"]:
        for lang in ("en", "it"):
            fnt, lines = fit_text(loc["names"][lang], width, bottom - top - 4, board.SHEET_FONT,
                                  board.SHEET_MIN_FONT)
            assert fnt.size >= 26 and lines == [loc["names"][lang]]


def test_location_highlighted_only_once_the_round_is_over(full_table: list[State]) -> None:
    """While a round is played no cell is marked; at round_over only the location's cell and the
    legend in the header change."""
    over_index = next(i for i, s in enumerate(full_table) if s["phase"] == "round_over")
    playing = public(full_table[over_index - 1])
    over = public(full_table[over_index])
    assert playing["phase"] in ROUND_PHASES
    location = over["result"]["location"]
    index = [loc["id"] for loc in over["locations"]].index(location)
    left, top, right, bottom = board.location_cell(index)
    probe = (left + 3, (top + bottom) / 2)

    during = board.render_locations(playing, NAMES, "en")
    after = board.render_locations(over, NAMES, "en")
    assert pixel(during, *probe) == PALETTE["panel"]
    assert pixel(after, *probe) == PALETTE["accent"]
    changed = ImageChops.difference(during, after).getbbox()
    assert changed is not None
    guess = over["result"].get("guess")
    if guess is None or guess == location:
        # nothing outside the highlighted cell and the header's legend may differ
        head = Image.new("RGB", during.size)
        head.paste((255, 255, 255), (0, 0, during.width, board.SHEET_HEADER))
        head.paste((255, 255, 255), (int(left), int(top), int(right) + 1, int(bottom) + 1))
        outside = ImageChops.multiply(ImageChops.difference(during, after), ImageChops.invert(head))
        assert outside.getbbox() is None


def wrong_guess(states: list[State]) -> tuple[State, str]:
    """The first round of `states` ended instead by the spy revealing and guessing wrong."""
    state = first(states, "playing")
    state = GAME.apply(state, state["spy"], {"type": "reveal"}, SeededRng(9, 1))
    wrong = next(loc["id"] for loc in public(state)["locations"] if loc["id"] != state["location"])
    state = GAME.apply(state, state["spy"], {"type": "guess", "location": wrong}, SeededRng(9, 2))
    return state, wrong


def test_wrong_guess_outlined_in_red(full_table: list[State]) -> None:
    """After a wrong guess the guessed cell gets a red outline and the location a gold fill."""
    state, wrong = wrong_guess(full_table)
    view = public(state)
    assert view["phase"] in ("round_over", "game_over") and view["result"]["guess"] == wrong
    ids = [loc["id"] for loc in view["locations"]]
    image = board.render_locations(view, NAMES, "it")
    gl, gt, gr, gb = board.location_cell(ids.index(wrong))
    assert pixel(image, gl + 1, (gt + gb) / 2) == PALETTE["danger"]
    ll, lt, lr, lb = board.location_cell(ids.index(state["location"]))
    assert pixel(image, ll + 3, (lt + lb) / 2) == PALETTE["accent"]


def test_winners_crowned_only_at_game_over(full_table: list[State]) -> None:
    """At game over each winner's row shows the gold crown, and nobody else's does."""
    final = public(full_table[-1])
    assert final["phase"] == "game_over" and final["winners"]
    before = public(first(full_table, "round_over"))

    def crowned(image: Image.Image, seat: int) -> bool:
        _, top, _, bottom = board.score_row(seat)
        return pixel(image, board.SCORE_MARGIN + 30, (top + bottom) / 2 + 8) == PALETTE["accent"]

    image = board.render_scoreboard(final, NAMES, "en")
    assert [crowned(image, s) for s in range(8)] == [s in final["winners"] for s in range(8)]
    image = board.render_scoreboard(before, NAMES, "en")
    assert not any(crowned(image, s) for s in range(8))


def test_players_who_left_are_greyed(full_table: list[State]) -> None:
    """A seat that left gets a grey dot; the others keep their seat colour."""
    final = public(full_table[-1])
    assert any(final["left"])
    image = board.render_scoreboard(final, NAMES, "it")
    for seat in range(8):
        _, top, _, bottom = board.score_row(seat)
        dot = pixel(image, board.SCORE_MARGIN + 65, (top + bottom) / 2)
        assert dot == (PALETTE["faded"] if final["left"][seat] else seat_color(seat))


def test_long_name_stays_in_its_column(full_table: list[State]) -> None:
    """A 32-character name is shrunk and cut so it never reaches the score columns."""
    final = public(full_table[-1])
    short = board.render_scoreboard(final, NAMES, "en")
    names = list(NAMES)
    spy_seat = final["history"][-1]["spy"]
    names[spy_seat] = LONG_NAME  # also shown in the round lines as the spy
    long = board.render_scoreboard(final, names, "en")
    assert short.size == long.size

    columns = board.scoreboard_columns(final)
    name_right = int(columns.name[2])
    table = (name_right, board.SCORE_HEADER, board.SCORE_WIDTH, int(board.score_row(7)[3]))
    assert ImageChops.difference(short.crop(table), long.crop(table)).getbbox() is None
    lines = (board.LINE_HOW_X - 18, int(board.score_row(7)[3]), board.SCORE_WIDTH, long.height)
    assert ImageChops.difference(short.crop(lines), long.crop(lines)).getbbox() is None

    # and the measurement helpers agree: at the smallest name size the cut text fits the box
    smallest = font(board.NAME_MIN_FONT)
    width = name_right - columns.name[0]
    assert text_width(LONG_NAME, smallest) > width
    cut = ellipsize(LONG_NAME, smallest, width)
    assert cut.endswith("…") and text_width(cut, smallest) <= width


def test_public_renders_do_not_depend_on_hidden_state(games: list[list[State]]) -> None:
    """During a round, changing the secret location (and the secret spy) leaves the PNGs
    byte-identical, and a seat's view (with its card) renders like the public view."""
    pick = random.Random(11)
    checked = 0
    for states in games:
        in_round = [s for s in states if s["phase"] in ROUND_PHASES]
        for state in pick.sample(in_round, min(len(in_round), 3)):
            other = copy.deepcopy(state)
            other["location"] = next(i for i in ("zoo", "bank") if i != state["location"])
            if state["phase"] != "spy_guess":  # once the spy reveals, the spy is public
                active = [s for s in range(state["n"]) if not state["left"][s]]
                other["spy"] = next(s for s in active if s != state["spy"])
            names = names_for(state["n"])
            # the spy's view and a non-spy's view (whose card names the location)
            insider = next(s for s in range(state["n"]) if s != state["spy"] and not state["left"][s])
            seat_views = [GAME.view(state, state["spy"]), GAME.view(state, insider)]
            for render in (board.render_locations, board.render_scoreboard):
                for locale in ("en", "it"):
                    # raw pixels are as strict as the PNG (to_png is a pure function of them)
                    # and much faster to compare; the first few go through to_png as well
                    expected = render(public(state), names, locale)
                    others = [render(v, names, locale) for v in [public(other), *seat_views]]
                    for image in others:
                        assert image.size == expected.size
                        assert image.tobytes() == expected.tobytes()
                        if checked < 3:
                            assert to_png(image) == to_png(expected)
            checked += 1
    assert checked >= 20


def test_locales_pick_the_right_names() -> None:
    """Italian locales render the Italian sheet; other locales fall back to English."""
    view = public(GAME.setup(4, {}, SeededRng(2, 0)))
    names = names_for(4)
    english = to_png(board.render_locations(view, names, "en-US"))
    italian = to_png(board.render_locations(view, names, "it"))
    assert english != italian
    assert to_png(board.render_locations(view, names, "it-IT")) == italian
    assert to_png(board.render_locations(view, names, "de")) == english


def test_missing_names_fall_back_to_seat_numbers() -> None:
    """A names list shorter than the table still renders (seats get "Player n")."""
    view = public(GAME.setup(5, {}, SeededRng(3, 0)))
    image = board.render_scoreboard(view, ["Alice"], "en")
    assert image.width == board.SCORE_WIDTH


def test_names_the_font_cannot_draw_are_cleaned(full_table: list[State]) -> None:
    """Emoji are dropped from names and a name of CJK only becomes "Player n", never boxes."""
    assert drawable("👨‍👩‍👧 Nat 🎲") == "Nat" and drawable("Ñandú Çà Ж") == "Ñandú Çà Ж"
    view = public(full_table[-1])

    def with_names(**changed: str) -> bytes:
        names = list(NAMES)
        for seat, name in changed.items():
            names[int(seat[1:])] = name
        return board.render_scoreboard(view, names, "en").tobytes()

    assert with_names(s2="李小龍") == with_names(s2="Player 3")
    assert with_names(s1="🎲 Bob ✨") == with_names(s1="Bob")


def test_house_font_draws_italian_accents() -> None:
    """The bundled font has real glyphs for à è ì ò ù (Pillow's built-in Aileron has not)."""
    fnt = font(30)
    missing = bytes(fnt.getmask("\ue000"))  # a private-use code point: the "missing" box
    for letter in "àèìòùÈé":
        glyph = bytes(fnt.getmask(letter))
        assert glyph != missing and glyph != bytes(fnt.getmask(letter.upper() if letter.islower()
                                                                else letter.lower()))


def test_fit_text_shrinks_then_wraps_within_the_box() -> None:
    """fit_text keeps one line while it can, wraps when it must, and never exceeds the box."""
    fnt, lines = fit_text("Studio cinematografico", 330, 50, 30, 26)
    assert lines == ["Studio cinematografico"] and text_width(lines[0], fnt) <= 330
    fnt, lines = fit_text("Studio cinematografico", 200, 80, 30, 26)
    assert len(lines) == 2 and all(text_width(line, fnt) <= 200 for line in lines)
    assert len(lines) * line_height(fnt) <= 80
    fnt, lines = fit_text("x " * 200, 100, 40, 30, 26)
    assert len(lines) * line_height(fnt) <= 40 and lines[-1].endswith("…")


def test_to_png_is_small_and_deterministic(full_table: list[State]) -> None:
    """to_png writes a palette PNG that decodes to the same size and repeats byte for byte."""
    image = board.render_locations(public(full_table[-1]), NAMES, "it")
    data = to_png(image)
    assert data == to_png(image) and len(data) <= MAX_PNG_BYTES
    decoded = Image.open(io.BytesIO(data))
    assert decoded.size == image.size and decoded.mode == "P"


def test_concurrent_renders_match(full_table: list[State]) -> None:
    """Renders run in worker threads (asyncio.to_thread) share the cached fonts and the cached
    sheet; doing several at once gives the same pixels as doing them one by one."""
    views = [public(s) for s in full_table[:: max(1, len(full_table) // 8)]]
    jobs = [(render, view, locale) for view in views for locale in ("en", "it")
            for render in (board.render_locations, board.render_scoreboard)]
    expected = [render(view, NAMES, locale).tobytes() for render, view, locale in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda job: job[0](job[1], NAMES, job[2]).tobytes(), jobs))
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


def test_write_samples(full_table: list[State], artifacts: Path) -> None:
    """Sample PNGs of each board in several phases and both languages, for a person to look at."""
    lobby = public(full_table[0])
    playing = public(first(full_table, "playing"))
    vote = public(next(s for s in full_table if s["phase"] in ("accusation", "final_vote")))
    round_over = public(first(full_table, "round_over"))
    final = public(full_table[-1])
    names = list(NAMES)
    names[3] = LONG_NAME
    samples = {
        "locations_playing": playing,
        "locations_round_over": round_over,
        "locations_game_over": final,
        "locations_wrong_guess": public(wrong_guess(full_table)[0]),
        "scores_lobby": lobby,
        "scores_playing": playing,
        "scores_vote": vote,
        "scores_round_over": round_over,
        "scores_game_over": final,
    }
    for label, view in samples.items():
        render = board.render_locations if label.startswith("locations") else board.render_scoreboard
        for locale in ("en", "it"):
            path = artifacts / f"{label}_{locale}.png"
            path.write_bytes(to_png(render(view, names, locale)))
            assert path.stat().st_size > 1000
