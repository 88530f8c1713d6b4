"""Sample states of the Spyfall pictures: one scripted game with a state per case the pictures must
show, at 6 and at a full table of 8, and seeded random games (see renderers/samples/__init__.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from games.core.rng import SeededRng
from games.spyfall import GAME
from games.spyfall.locations import LOCATION_NAME
from games.spyfall.view_types import SpyfallView
from renderers.samples import State

EXAMPLE_PACK = Path(__file__).resolve().parents[2] / "docs" / "examples" / "spyfall-pack.toml"
WIDE = "W"  # the widest letter of the font: names of it are the hardest to fit
NAMES = ["Alice", "Bob", "Chiara", "Davide Esposito", "Élodie", "Francesco", "Giulia", "Hiroshi"]
LONG_NAME = "W" * 32
T0 = 1_767_302_760.0  # 2026-01-01 21:26 UTC: a round dealt now ends at 21:34 UTC


def act(state: State, seat: int | None, action: dict[str, Any], at: float) -> State:
    return GAME.apply(state, seat, {**action, "at": at}, SeededRng(7, len(state["log"]) + int(at)))


def others(state: State, *excluded: int | None) -> list[int]:
    """Seats still in the game, but for `excluded`."""
    return [s for s in range(state["n"]) if not state["left"][s] and s not in excluded]


def vote_all(state: State, guilty: bool, at: float) -> State:
    """Every voter still waiting casts `guilty` (the vote may close before the last one)."""
    for seat in sorted(GAME.to_act(state)):
        if seat in GAME.to_act(state):
            state = act(state, seat, {"type": "vote", "guilty": guilty}, at)
    return state


def story(n: int = 6) -> dict[str, State]:
    """One scripted game of 3 rounds, one state per case the pictures must show."""
    cases: dict[str, State] = {}
    state = GAME.setup(n, {"rounds": 3, "minutes": 8}, SeededRng(5, 0))
    cases["lobby"] = state
    # round 1: the spy reveals and guesses wrong
    state = act(state, None, {"type": "start_round"}, T0)
    spy = state["spy"]
    state = act(state, spy, {"type": "reveal"}, T0 + 90)
    wrong = next(i for i in GAME.view(state, None)["locations"] if i != state["location"])
    state = act(state, spy, {"type": "guess", "location": wrong}, T0 + 100)
    cases["round_over_wrong_guess"] = state
    # round 2: a question, an accusation that fails, time runs out, the final vote
    t1 = T0 + 600
    state = act(state, state["dealer"], {"type": "start_round"}, t1)
    dealer = state["dealer"]
    target = others(state, dealer)[0]
    state = act(state, dealer, {"type": "ask", "target": target}, t1 + 30)
    cases["playing"] = state
    accuser = others(state, state["spy"], target)[-1]
    suspect = others(state, accuser, state["spy"])[0]
    state = act(state, accuser, {"type": "accuse", "target": suspect}, t1 + 228)
    voter = next(s for s in sorted(GAME.to_act(state)))
    state = act(state, voter, {"type": "vote", "guilty": True}, t1 + 240)
    cases["accusation"] = state
    state = vote_all(state, False, t1 + 250)  # not unanimous: the round goes on
    assert state["phase"] == "playing"
    state = act(state, None, {"type": "timeout"}, state["clock"]["deadline"])
    assert state["phase"] == "final_vote"
    voter = next(s for s in sorted(GAME.to_act(state)))
    cases["final_vote"] = act(state, voter, {"type": "vote", "guilty": False}, state["now"] + 5)
    while state["phase"] == "final_vote":  # clear everyone until the spy wins the round
        state = vote_all(state, False, state["now"] + 5)
    cases["round_over"] = state
    # round 3: someone leaves, the spy reveals and guesses right
    t2 = state["now"] + 60
    state = act(state, state["dealer"], {"type": "start_round"}, t2)
    leaver = others(state, state["spy"], state["dealer"], state["asker"])[0]
    state = act(state, leaver, {"type": "leave"}, t2 + 20)
    cases["left"] = state
    state = act(state, state["spy"], {"type": "reveal"}, t2 + 40)
    cases["spy_guess"] = state
    cases["game_over"] = act(state, state["spy"], {"type": "guess", "location": state["location"]}, t2 + 50)
    return cases


def playout(seed: int, n: int, rounds: int = 3, leave_p: float = 0.0) -> list[State]:
    """Every state of one random game; the game master calls time now and then so rounds end."""
    pick = random.Random(seed)
    state = GAME.setup(n, {"rounds": rounds}, SeededRng(seed, 0))
    states = [state]
    step = 1
    while state["phase"] != "game_over":
        if step >= 5000:
            raise RuntimeError(f"the playout {seed} does not end")
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


def largest_pack() -> dict[str, Any]:
    """The largest pack the checks allow, every name as long as allowed: the widest letters
    without spaces, long words, and realistic long names, in all four languages."""
    from games.spyfall import packs

    shapes = [
        lambda i: WIDE * (packs.MAX_LOCATION_NAME - 2) + f"{i:02d}",
        lambda i: f"Mmmmmmmmmmmm Wwwwwwwww{i:02d}",
        lambda i: f"Abandoned Observatory {i:02d}",
        lambda i: f"Supercalifragilistic{i:02d}"[: packs.MAX_LOCATION_NAME],
    ]
    locations = []
    for i in range(packs.MAX_LOCATIONS):
        name = shapes[i % len(shapes)](i)
        assert len(name) == packs.MAX_LOCATION_NAME or i % len(shapes) == 3
        names = {"en": name, "it": name.lower(), "es": name.upper(), "ca": name[::-1]}
        roles = [{lang: f"{text[:20]} role {r}"[: packs.MAX_ROLE_NAME] for lang, text in names.items()}
                 for r in range(7)]
        locations.append({"name": names, "roles": roles})
    return {"name": WIDE * packs.MAX_PACK_NAME, "locations": locations}


def pack_state(pack: dict[str, Any], kind: str, n: int = 5) -> State:
    return GAME.setup(n, {"locations": kind, "pack": pack, "rounds": 3}, SeededRng(3, 0))


def longest_pack(locales: Sequence[str], location_name: Callable[[str, str], str]) -> dict[str, Any]:
    """The largest pack with the longest names a pack is likely to hold: 24 characters of the language's own
    words in each of `locales` (two built-in names run together, cut, and numbered). `location_name(locale,
    message id)` is a built-in location's name in that language (the bot's catalogs: renderers do not import
    the bot)."""
    from games.spyfall import packs
    from games.spyfall.locations import BY_ID

    ids = list(BY_ID)
    locations = []
    for i in range(packs.MAX_LOCATIONS):
        names = {}
        for locale in locales:
            first = location_name(locale, LOCATION_NAME[ids[i % len(ids)]])
            second = location_name(locale, LOCATION_NAME[ids[(7 * i + 3) % len(ids)]])
            long = f"{first} {second.lower()} {first.lower()} {second.lower()}"[: packs.MAX_LOCATION_NAME - 3].rstrip()
            names[locale] = f"{long} {i:02d}"
        roles = [{locale: f"Role {r}" for locale in locales} for r in range(7)]
        locations.append({"name": names, "roles": roles})
    return {"name": "Luoghi lunghissimi di tutta Ital", "locations": locations[: packs.MAX_LOCATIONS]}


def public(state: State) -> SpyfallView:
    return GAME.view(state, None)


def sample_names() -> list[str]:
    """The names the sample PNGs show: two long ones among them."""
    names = list(NAMES)
    names[5] = "Francesca Maria Bianchi"
    names[7] = "Maximiliano de la Fuente Rodríguez"  # 34 characters: cut only where it must be
    return names


def samples() -> dict[str, State]:
    """The states the sample PNGs show: the story at 6 and at 8 (full_*), and a long game of 8 in its last
    round and at its end."""
    long_game = playout(4, 8, rounds=7, leave_p=0.01)
    return {**story(), **{f"full_{name}": state for name, state in story(8).items()},
            "long_game_playing": next(s for s in long_game if s["round"] == 7 and s["phase"] == "playing"),
            "long_game_over": long_game[-1]}
