"""Sample views of the Som el que decidim! boards: seeded games of every size and mode and one view of
every situation the pictures must draw (see renderers/samples/__init__.py)."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.core.rng import SeededRng
from games.som import GAME
from games.som.view_types import SomView
from renderers import som as board
from renderers.samples import Move, NoSampleError, State, steered_playout

NAMES = ["Alice", "Roberto Sánchez", "Chiara", "Davide Esposito"]
LONG_NAMES = ["Maximiliano de la Fuente Rodríguez", "W" * 32, "🎲", "Sabrina Müller-Lüdenscheidt"]
PREFERRED = ("move_citizen", "call_elections", "motion_of_censure", "protect_urn")
# seeded games of every size and mode, and some that end by the referendum ((9, 2, "B")) and by the DUI
# ((26, 2, "B"), (4, 3, "B")): endings random play reaches rarely
GAMES = [(seed, n, mode) for mode in ("A", "B", "C", "A+C") for n in (1, 2, 3, 4) for seed in (1, 2, 3)
         if not (n == 1 and mode in ("C", "A+C"))] + [
    (16, 4, "B"), (30, 3, "B"), (9, 2, "B"), (26, 2, "B"), (4, 3, "B")] + [
    (seed, 4, "C") for seed in range(4, 16)]


def playout(seed: int, n: int, mode: str) -> list[State]:
    """Every state of one seeded game of legal moves, mostly steps and votes (so cards get revealed,
    urns found and votes held) and now and then anything legal."""
    return steered_playout(GAME, GAME.setup(n, {"mode": mode}, SeededRng(seed, 0)), seed,
                           random.Random(f"{seed}:{n}:{mode}"), _steps_and_votes_first, 0.85, 3000)


def _steps_and_votes_first(moves: list[Move]) -> list[Move]:
    return ([m for m in moves if m[1]["type"] in PREFERRED]
            or [m for m in moves if m[1]["type"] == "redistribute" and not m[1]["gifts"]] or moves)


def public(state: State) -> SomView:
    return GAME.view(state, None)


def pending(view: SomView) -> str | None:
    """The type of the decision the view waits on."""
    waiting = view["pending"]
    return None if waiting is None else waiting["type"]


def first_step(view: SomView) -> bool:
    """Whether the move the view waits on is the mover's first step."""
    waiting = view["pending"]
    return waiting is not None and bool(waiting.get("first_step"))


def crowd(view: SomView) -> bool:
    """Three or more citizens on one card."""
    return any(len(cell["citizens"]) >= 3 for cell in view["board"])


CASE_TESTS: dict[str, Callable[[SomView], bool]] = {
    "choose_centralism": lambda v: pending(v) == "choose_centralism" and v["n"] == 3,
    "pay": lambda v: pending(v) == "pay" and v["n"] == 4 and v["turn"] >= 3,
    "break_coin": lambda v: pending(v) == "break_coin",
    "cohesion": lambda v: pending(v) == "cohesion" and v["n"] == 4 and v["turn"] >= 4,
    "first_step_crowd": lambda v: pending(v) == "move" and first_step(v) and crowd(v) and v["n"] == 4,
    "moving": lambda v: pending(v) == "move" and not first_step(v) and len(v["moves"]) >= 3
    and bool(v["urn_area"]) and v["n"] == 4 and sum(c["state"] == "face_up" for c in v["board"]) >= 6,
    "protect_urn": lambda v: pending(v) == "protect_urn",
    "sufragi": lambda v: pending(v) == "sufragi",
    "stand": lambda v: pending(v) == "stand",
    "back": lambda v: pending(v) == "back",
    "bid": lambda v: pending(v) == "bid" and v["vote"] is not None and 0 < len(v["vote"]["bid_done"]) < v["n"],
    "after_vote": lambda v: v["vote"] is None and board.recent_vote(v) is not None and v["n"] == 4,
    "late": lambda v: len(v["urn_area"]) >= 2 and v["phase"] != "game_over"
    and sum(c["state"] == "face_up" for c in v["board"]) >= 8,
    "two_players": lambda v: v["n"] == 2 and pending(v) == "move" and v["turn"] >= 4,
    "one_player": lambda v: v["n"] == 1 and pending(v) == "move" and v["turn"] >= 3,
}


def games() -> dict[tuple[int, int, str], list[State]]:
    """Every state of the seeded games, by (seed, players, mode)."""
    return {game: playout(*game) for game in GAMES}


def cases(games: dict[tuple[int, int, str], list[State]]) -> dict[str, SomView]:
    """One view of every situation the picture must draw, all from the engine."""
    found: dict[str, SomView] = {"place_start": public(games[(1, 4, "B")][0])}
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
        assert final["result"] is not None  # every seeded game plays to its end
        name = f"game_over_{final['result']['reason']}"
        if name not in found or final["n"] > found[name]["n"]:  # the fullest table ending that way
            found[name] = final
    for name in [*CASE_TESTS, "game_over_referendum", "game_over_intervened", "game_over_dui"]:
        if name not in found:
            raise NoSampleError(f"no view for {name}")
    return found


def sample_names(case: str, locale: str) -> list[str]:
    """The names a sample PNG shows: long ones on the busiest boards outside English."""
    return LONG_NAMES if case in ("late", "bid", "game_over_dui") and locale != "en" else NAMES
