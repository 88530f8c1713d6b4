"""Sample views of The Polls Are Closed! board: seeded random games and one view of every case the
board must draw, with a crowded one no game reaches (see renderers/samples/__init__.py)."""

from __future__ import annotations

import copy
import random
from typing import Any

from games.core.rng import SeededRng
from games.polls import GAME
from games.polls.data import CENTRES, PACT_REGIONS, REGIONS
from games.polls.view_types import PollsView
from renderers.samples import NoSampleError, State

NAMES = ["Alice", "Roberto Sánchez"]
LONG_NAMES = ["Maximiliano de la Fuente Rodríguez", "W" * 32]
CASES = (
    "start", "mid", "seven", "order", "influence", "over_limits", "poll",
    "game_over_absolute_majority", "game_over_minority_government", "game_over_hung_parliament",
    "game_over_conceded",
)
Game = list[tuple[State, tuple[int, dict[str, Any]] | None]]


def playout(seed: int) -> Game:
    """Every state of one game of random legal moves, with the move that led to it."""
    pick = random.Random(seed)
    state = GAME.setup(2, {"first": 0}, SeededRng(seed, 0))
    states: Game = [(state, None)]
    step = 1
    while state["phase"] != "game_over":
        if step >= 5000:
            raise RuntimeError(f"the playout {seed} does not end")
        moves = [(seat, action) for seat in (0, 1) for action in GAME.legal_actions(state, seat)]
        seat, action = pick.choice(moves)
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
        states.append((state, (seat, action)))
        step += 1
    return states


def public(state: State) -> PollsView:
    return GAME.view(state, None)


def final_with_influence(game: Game, influence: dict[str, list[int]]) -> PollsView:
    """The game's last move replayed on a map set to `influence`: the engine counts the seats."""
    last = game[-1][1]
    assert last is not None
    before, (seat, action) = game[-2][0], last
    state = copy.deepcopy(before)
    state["influence"] = copy.deepcopy(influence)
    state["pacts"] = {region: [0, 0] for region in state["pacts"]}
    return public(GAME.apply(state, seat, action, SeededRng(99, 1)))


def games() -> list[Game]:
    """Four seeded random games."""
    return [playout(seed) for seed in range(4)]


def cases(games: list[Game]) -> dict[str, PollsView]:
    """One view of every case the board must draw, all from the engine."""
    found: dict[str, PollsView] = {"start": public(games[0][0][0])}
    for game in games:
        for state, _ in game:
            view = public(state)
            step, current = view["step"], view["current"]
            name = step
            if step == "influence":
                name = "over_limits" if current in (0, 1) and view["spend_needed"][current] else (
                    "influence" if view["affordable"] else "")
            if step == "actions" and view["round"] == 2 and view["last_move"] and view["last_move"]["regions"]:
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
        if name not in found:
            raise NoSampleError(f"no view for {name}")
    return found


def random_views(games: list[Game]) -> list[PollsView]:
    """Mid-game and end views of the seeded random games: every tenth state of each, and its last."""
    return [public(state) for game in games for state, _ in [*game[::10], game[-1]]]


def empty_view() -> PollsView:
    """The first view of a game, without a last move."""
    view = public(GAME.setup(2, {"first": 0}, SeededRng(1, 0)))
    view["last_move"] = None
    return view


def crowded_view() -> PollsView:
    """Two-digit counts everywhere a count is drawn (Influence, sectors, centres, pacts)."""
    view = empty_view()
    for region in REGIONS:
        view["influence"][region] = [12, 11]
    for sector in view["circles"]:
        view["circles"][sector] = {"owner": 1 if sector[-1] in "135" else 0, "count": 12}
    for kind in CENTRES:
        view["propaganda"][0][kind], view["propaganda"][1][kind] = 12, 15
    for region in PACT_REGIONS:
        view["pacts"][region] = [10, 12]
    return view


def sample_names(locale: str) -> list[str]:
    """The names a sample PNG shows: long ones in Italian and Catalan."""
    return LONG_NAMES if locale in ("it", "ca") else NAMES
