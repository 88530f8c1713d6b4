"""Sample views of the Junta boards: seeded games of 4 to 7 families steered towards coups and fights,
one view of every situation the pictures must draw, and a packed coup no game reaches (see
renderers/samples/__init__.py)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from games.core.rng import SeededRng
from games.junta import GAME
from games.junta.board import AREA, AREA_IDS, EMBASSIES
from games.junta.view_types import JuntaView, Unit
from renderers import junta as board
from renderers.samples import NoSampleError, State

NAMES = ["Alice", "Roberto Sánchez", "Chiara", "Davide Esposito", "Élodie", "Francesca Maria Bianchi", "Zoë"]
LONG_NAMES = ["Maximiliano de la Fuente Rodríguez", "W" * 32, "🎲", "Sabrina Müller-Lüdenscheidt", "🎲 Nat 🎲",
              "el_profe_de_historia_2009", "Jordi Puigdemont i Casamajó"]
GAMES = [(seed, n) for n in (7, 6, 5, 4) for seed in (1, 2)]
# Random play, steered: the any-time noise (gifts, swaps, cousin claims) mostly left out, and coups,
# unit cards, moves, attacks, fire and assassinations preferred, so that coups start and are fought.
NOISE = {"give_card", "give_money", "offer_swap", "cancel_swap", "answer_swap", "confirm_swap", "discard_card",
         "claim_cousin_office", "resign", "discard_money", "propose_end_coup"}
PREFERRED = {"start_coup", "move_units", "land_paratrooper", "land_marines", "declare_attack", "declare_bombardment",
             "fire", "play_card", "move_helicopter", "declare_assassination", "transfer_units"}
# sample name → case, for the PNGs of `python -m bench.samples`
SAMPLES = {"political": "budget", "cousin": "cousin", "full_coup_7": "full_coup_7", "combat": "wave",
           "dice": "wave_dice", "moved": "moved", "arrived": "arrived", "packed": "packed", "game_over": "game_over_7",
           "exile": "exile", "sides": "sides"}
SAMPLE_LANGUAGES = (("en", NAMES), ("it", NAMES), ("en", LONG_NAMES), ("es", LONG_NAMES))


def playout(seed: int, n: int) -> list[State]:
    """Every state of one seeded game of legal moves, steered towards coups and fights."""
    pick = random.Random(f"junta-picture:{seed}:{n}")
    state = GAME.setup(n, {}, SeededRng(seed, 0))
    states = [state]
    for step in range(1, 10000):
        if GAME.outcome(state) is not None:
            break
        moves: list[tuple[int | None, dict[str, Any]]] = [
            (x, a) for x in sorted(GAME.to_act(state)) for a in GAME.legal_actions(state, x)]
        calm = [m for m in moves if m[1]["type"] not in NOISE]
        keen = [m for m in calm if m[1]["type"] in PREFERRED]
        roll = pick.random()
        pool = keen if keen and roll < 0.7 else calm if calm and roll < 0.97 else moves
        if not pool:
            pool = [(None, a) for a in GAME.legal_actions(state, None)]
        seat, action = pick.choice(pool)
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
        states.append(state)
    if GAME.outcome(state) is None:
        raise RuntimeError(f"the playout {seed}, {n} does not end")
    return states


def public(state: State) -> JuntaView:
    return GAME.view(state, None)


def segment(view: JuntaView) -> str | None:
    """The coup's segment, if a coup is on."""
    return view["coup"]["segment"] if view["coup"] else None


def coup_phase(view: JuntaView) -> int | None:
    """The coup's phase (0: the rebellion), if a coup is on."""
    return view["coup"]["phase"] if view["coup"] else None


def step(view: JuntaView) -> str | None:
    """The step of the coup's combat, if one is fought."""
    return view["coup"]["combat"]["step"] if view["coup"] else None


def units(view: JuntaView) -> list[Unit]:
    """The coup's units, wherever they are."""
    return list(view["coup"]["units"].values()) if view["coup"] else []


def on_map(view: JuntaView) -> list[Unit]:
    """The coup's units in the city's areas."""
    return [u for u in units(view) if u["area"] in AREA]


CASE_TESTS: dict[str, Callable[[JuntaView], bool]] = {
    "first_election": lambda v: v["phase"] == 0,
    "budget": lambda v: v["budget"] is not None and any(a > 0 for a in v["budget"]["amounts"].values()),
    "revealed": lambda v: v["coup"] is None and any(p["location"] for p in v["players"]),
    "exile": lambda v: any(p["exile"] for p in v["players"]) and v["result"] is None,
    "dead": lambda v: any(not p["alive"] for p in v["players"]) and v["result"] is None,
    "cousin": lambda v: v["cousin"] is not None and v["coup"] is None,
    "lunch": lambda v: v["markers"]["bank"] == "lunch",
    "bank_safe_occupied": lambda v: bool(v["markers"]["bank_safe"] or v["markers"]["occupied"]),
    "rebellion": lambda v: coup_phase(v) == 0 and segment(v) == "movement",
    "off_map": lambda v: any(u["area"] in board.OFF_MAP for u in units(v)),
    "later_phase": lambda v: (coup_phase(v) or 0) >= 2 and segment(v) == "movement",
    "declare": lambda v: segment(v) == "combat" and step(v) == "declare" and v["coup"] is not None and bool(
        v["coup"]["combat"]["attacks"]),
    "wave": lambda v: segment(v) == "combat" and step(v) == "wave" and v["coup"] is not None
    and v["coup"]["combat"]["area"] in AREA,
    "wave_dice": lambda v: bool(v["coup"]) and (board.last_dice(v) or {}).get("type") == "coup_wave",
    "bombardment": lambda v: bool(v["coup"]) and (board.last_dice(v) or {}).get("type") == "coup_bombardment",
    "ignored_and_rebel_units": lambda v: any(not u["active"] for u in on_map(v)) and any(
        u["active"] and board.is_rebel(v, u["controller"]) for u in on_map(v)),
    "card_units": lambda v: v["coup"] is not None and len(board.key_types(v["coup"])) >= 3,
    "sides": lambda v: segment(v) == "sides",
    "coup_over": lambda v: v["coup"] is not None and v["coup"]["over"],
    "moved": lambda v: bool(board.last_change(v)[1]),
    "arrived": lambda v: bool(board.last_change(v)[2]),
}


def games() -> dict[tuple[int, int], list[State]]:
    """Every state of the seeded games, by (seed, players), the 7-player games first."""
    return {game: playout(*game) for game in GAMES}


def groups(view: JuntaView) -> int:
    """How many counters a coup view puts on the map."""
    found = view["coup"]
    return sum(len(g) for area, g in board.units_by_area(found).items() if area in AREA) if found else 0


def cases(games: dict[tuple[int, int], list[State]]) -> dict[str, JuntaView]:
    """One view of every situation the picture must draw, all from the engine, from the largest table
    that has it."""
    found: dict[str, JuntaView] = {}
    crowded: JuntaView | None = None
    missing = set(CASE_TESTS)
    for (_seed, n), states in games.items():  # the 7-player games first
        for state in states:
            # Building a view is most of the search (thousands of states); once every case is found only a
            # 7-player coup can still matter (the most crowded), and a view has a coup iff its state has.
            if not missing and (n != 7 or state["coup"] is None):
                continue
            view = public(state)
            for name, test in CASE_TESTS.items():
                if name in missing and test(view):
                    found[name] = view
                    missing.remove(name)
            if n == 7 and view["coup"] and (crowded is None or groups(view) > groups(crowded)):
                crowded = view
        final = public(states[-1])
        found.setdefault(f"game_over_{n}", final)
    if missing or crowded is None:
        raise NoSampleError(f"no view for {sorted(missing) or 'a 7-player coup'}")
    found["full_coup_7"] = crowded
    found["packed"] = packed(crowded)
    return found


def packed(view: JuntaView) -> JuntaView:
    """A 7-player coup view with far more counters than random play makes: every active player gets card
    units in every area but the embassies (a stress test of the counters' flow; no engine state has it)."""
    view = copy.deepcopy(view)
    assert view["coup"] is not None
    units = view["coup"]["units"]
    kinds = ["students", "rioters", "strikers", "demonstrators", "bank_guards", "private_security",
             "christian_militia"]
    active = [p["seat"] for p in view["players"] if p["active"]]
    for k, area in enumerate(a for a in AREA_IDS if a not in EMBASSIES):
        for j in range(1 + k % 4):
            seat = active[(k + j) % len(active)]
            for i in range(1 + (k + j) % 3):
                units[f"extra_{area}_{j}_{i}"] = {"type": kinds[(k + j) % len(kinds)], "area": area, "office": None,
                                                  "owner": seat, "marker": None, "moved": False, "controller": seat,
                                                  "active": True}
    return view
