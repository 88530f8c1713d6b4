"""Sample views of the Arditi del Popolo board: seeded games of 2 to 6 players and one view of every
situation the board must draw (see renderers/samples/__init__.py)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable

from games.arditi import GAME
from games.arditi.view_types import ArditiView
from games.core.rng import SeededRng
from renderers import arditi as board
from renderers.samples import Move, NoSampleError, State, steered_playout

NAMES = ["Alice", "Roberto Sánchez", "Chiara", "Davide Esposito", "Élodie", "Francesca Maria Bianchi"]
LONG_NAMES = ["Maximiliano de la Fuente Rodríguez", "W" * 32, "Sabrina Müller-Lüdenscheidt", "🎲", "Zoë",
              "el_profe_de_historia_2009"]
GAMES = [(seed, n) for n in range(2, 7) for seed in (1, 2)]


def playout(seed: int, n: int) -> list[State]:
    """Every state of one seeded random game. Players mostly prefer jumps and steps to leader moves,
    so marches grow long enough to call the police and to be split into leaderless groups."""
    return steered_playout(GAME, GAME.setup(n, {}, SeededRng(seed, 0)), seed, random.Random(seed), _jumps_first,
                           0.8, 8000)


def _jumps_first(moves: list[Move]) -> list[Move]:
    return [m for m in moves if m[1]["type"] == "jump"] or [m for m in moves if m[1]["type"] != "leader_move"] or moves


def public(state: State) -> ArditiView:
    return GAME.view(state, None)


def links(view: ArditiView) -> Iterable[tuple[int, int]]:
    """Every pair of neighbouring spaces of a march."""
    for march in view["marches"]:
        yield from zip(march["spaces"], march["spaces"][1:], strict=False)


def games() -> dict[tuple[int, int], list[State]]:
    """Every state of the seeded games, by (seed, players)."""
    return {(seed, n): playout(seed, n) for seed, n in GAMES}


def cases(games: dict[tuple[int, int], list[State]]) -> dict[str, ArditiView]:
    """One view of every situation the board must draw, all from the engine."""
    tests: dict[str, Callable[[ArditiView], bool]] = {
        "six_mid": lambda v: v["n"] == 6 and v["phase"] == "move" and v["round"] >= 5 and bool(v["groups"])
        and bool(v["waiting"]) and any(p["space"] for p in v["police"]) and len(v["moves"]) >= 2,
        "two_mid": lambda v: v["n"] == 2 and v["phase"] == "move" and v["round"] >= 4,
        "roll": lambda v: v["phase"] == "roll" and v["round"] >= 3 and v["n"] == 4,
        "jump": lambda v: v["phase"] == "move" and any(m["type"] == "jump" for m in v["moves"])
        and any(m["type"] == "step" for m in v["moves"]),
        "placing": lambda v: v["phase"] == "place_leader" and v["n"] >= 5,
        "centre": lambda v: any(board.link_kind(a, b) == "centre" for a, b in links(v)),
        "edge": lambda v: any(board.link_kind(a, b) == "edge" for a, b in links(v)),
    }
    found: dict[str, ArditiView] = {"start": public(games[(1, 6)][0])}
    for (_seed, _n), states in sorted(games.items(), key=lambda item: -item[0][1]):
        for state in states:
            missing = [name for name in tests if name not in found]
            if not missing:
                break
            view = public(state)
            for name in missing:
                if tests[name](view):
                    found[name] = view
        final = public(states[-1])
        result = final["result"]
        assert result is not None  # every seeded game plays to its end
        found.setdefault(f"game_over_{result['reason']}", final)
    found["game_over_six"] = public(games[(1, 6)][-1])
    off = copy.deepcopy(found["six_mid"])  # a police piece that found no space waits off the board
    piece = next(p for p in off["police"] if p["space"])
    del off["spaces"][str(piece["space"])]
    piece["space"] = None
    found["police_off_board"] = off
    crowded = copy.deepcopy(found["six_mid"])  # the most the centre ever holds: all twelve numbers wait
    crowded["waiting"] = sorted(set(range(1, 91)) - {int(s) for s in crowded["spaces"]})[:12]
    found["waiting_twelve"] = crowded
    for name in [*tests, "game_over_twelve_militants"]:
        if name not in found:
            raise NoSampleError(f"no view for {name}")
    return found


def sample_names(case: str, locale: str) -> list[str]:
    """The names a sample PNG shows: long ones on the busiest tables outside English."""
    return LONG_NAMES if case in ("game_over_six", "six_mid", "placing") and locale != "en" else NAMES
