"""Seeded random playouts over every engine in games.REGISTRY (like OpenSpiel's random_sim_test).

Generic: any game added to REGISTRY is played here through the contract of DESIGN.md only.
Game-specific checks plug in through PUBLIC_VIEW_CHECKS / PLAYOUT_OPTIONS / PLAYOUTS.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from games import REGISTRY
from games.core import Game, IllegalAction, Outcome, SeededRng

STEP_BOUND = 6000
CHUNKS = 6
PLAYOUTS: dict[str, int] = {"spyfall": 300}  # games per engine, split over CHUNKS tests
DEFAULT_PLAYOUTS = 60
# Action types that end games early (e.g. leaving); odd seeds pick them only now and then, so
# that playouts also go deep. Even seeds pick uniformly among all (seat, action) pairs.
DAMPED_TYPES: dict[str, set[str]] = {"spyfall": {"leave"}}
DAMPED_ODDS = 0.01
PLAYOUT_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "spyfall": [
        {},
        {"rounds": 1},
        {"rounds": 3, "roles": False, "minutes": 3, "vote_seconds": 15},
        {"rounds": 2, "minutes": 20, "vote_seconds": 600},
    ],
}


# --- per-game checks of the public view ------------------------------------------------------


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {str(k) for k in value} | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in _strings(v)}
    return set()


def _spyfall_public_view(game: Game, state: Any) -> None:
    """While a round runs, view(None) holds no card and nothing naming its location or roles."""
    from games.spyfall.locations import BY_ID

    if state["phase"] not in ("playing", "accusation", "final_vote", "spy_guess"):
        return
    shown = json.loads(json.dumps(game.view(state, None)))
    assert "card" not in shown
    assert all("card" not in e for e in shown["log"])
    shown.pop("locations")  # the public list of all locations
    shown.pop("history")  # earlier rounds
    shown["log"] = [e for e in shown["log"]
                    if not (e["type"] == "round_over" and e["round"] < state["round"])]
    location = BY_ID[state["location"]]
    secret = {location.id, *location.names.values()}
    for role in location.roles:
        secret |= set(role.values())
    assert not _strings(shown) & secret, sorted(_strings(shown) & secret)


PUBLIC_VIEW_CHECKS: dict[str, Callable[[Game, Any], None]] = {"spyfall": _spyfall_public_view}


# --- the playout -------------------------------------------------------------------------------


def _snapshot(state: Any) -> bytes:
    """A cheap exact fingerprint of the state object, to see whether apply touched it."""
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def _assert_refused(game: Game, state: Any, seat: Any, action: dict[str, Any]) -> None:
    before = _snapshot(state)
    with pytest.raises(IllegalAction):
        game.apply(state, seat, action, SeededRng("probe", 0))
    assert _snapshot(state) == before, f"refused {action!r} by {seat!r} changed the state"


def _probe_illegal(game: Game, state: Any, n: int, pick: random.Random,
                   listed: dict[int | None, list[dict[str, Any]]]) -> None:
    """Actions the contract says must be refused leave the state as it was."""
    seat = pick.choice([None, *range(n)])
    _assert_refused(game, state, seat, {"type": "__no_such_action__"})
    some = next((a for acts in listed.values() for a in acts), {"type": "timeout"})
    _assert_refused(game, state, n, some)
    _assert_refused(game, state, -1, some)
    # an action type listed for someone but for no action of this seat cannot be legal for it
    own_types = {a["type"] for a in listed[seat]}
    foreign = [a for s, acts in listed.items() if s != seat for a in acts if a["type"] not in own_types]
    if foreign:
        _assert_refused(game, state, seat, pick.choice(foreign))
    deadline = game.deadline(state)
    if deadline is not None and {"type": "timeout"} in listed[None]:
        _assert_refused(game, state, None, {"type": "timeout", "at": deadline - 1})


def _check_state(game: Game, state: Any, seats: list[int | None]) -> None:
    """JSON round trip of the state; the given seats' views are JSON-ready with a log."""
    data = game.dump(state)
    assert game.load(json.loads(json.dumps(data, allow_nan=False))) == state
    for seat in seats:
        shown = game.view(state, seat)
        assert json.loads(json.dumps(shown, allow_nan=False)) == shown
        assert isinstance(shown["log"], list)
        assert all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in shown["log"])
    deadline = game.deadline(state)
    assert deadline is None or isinstance(deadline, int | float)


def _stamp(action: dict[str, Any], seat: int | None, deadline: float | None, now: float,
           pick: random.Random) -> dict[str, Any]:
    """Add an "at" later than every earlier stamp, as a table would: players act before the
    running clock's deadline, the game master when it has passed."""
    if seat is None:
        at = (now if deadline is None else max(now, deadline)) + pick.uniform(0, 3)
    elif deadline is None:
        at = now + pick.uniform(0, 30)
    elif now < deadline:
        at = now + (deadline - now) * pick.uniform(0, 0.99)
    else:
        return action
    return {**action, "at": at}


def playout(game: Game, seed: int) -> tuple[int, Outcome]:
    pick = random.Random(f"{game.id}:{seed}")
    n = pick.randint(game.min_players, game.max_players)
    options = pick.choice(PLAYOUT_OPTIONS.get(game.id, [{}]))
    stamping = pick.random()  # share of stamped actions in this game
    state = game.setup(n, copy.deepcopy(options), SeededRng(seed, 0))
    record: list[tuple[int | None, dict[str, Any], int]] = []
    now = 0.0
    step = 0
    everyone = [None, *range(n)]
    hook = PUBLIC_VIEW_CHECKS.get(game.id)
    _check_state(game, state, everyone)
    while game.outcome(state) is None:
        step += 1
        assert step <= STEP_BOUND, f"no outcome after {STEP_BOUND} steps"
        acting = game.to_act(state)
        assert acting <= set(range(n))
        listed = {s: game.legal_actions(state, s) for s in (None, *range(n))}
        for s in acting:
            assert listed[s], f"seat {s} is to act but has no legal action"
        choices = [(s, a) for s in sorted(acting) for a in listed[s]]
        choices += [(None, a) for a in listed[None]]
        assert choices, "nobody can act and the game is not over"
        if step % 7 == 1:
            _probe_illegal(game, state, n, pick, listed)
        damped = DAMPED_TYPES.get(game.id, set()) if seed % 2 else set()
        lively = [c for c in choices if c[1]["type"] not in damped]
        if lively and len(lively) < len(choices) and pick.random() >= DAMPED_ODDS:
            choices = lively
        seat, action = pick.choice(choices)
        if pick.random() < stamping:
            action = _stamp(action, seat, game.deadline(state), now, pick)
            now = max(now, action.get("at", now))
        before, snapshot = state, _snapshot(state)
        state = game.apply(state, seat, action, SeededRng(seed, step))
        assert _snapshot(before) == snapshot, "apply mutated its input"
        record.append((seat, action, step))
        if hook:
            hook(game, state)
        if game.outcome(state) is not None:
            _check_state(game, state, everyone)
        elif step % 5 == 0:
            _check_state(game, state, [None, pick.randrange(n)])

    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome)
    assert set(outcome.winners) <= set(range(n))  # may be empty (e.g. a lost cooperative game)
    assert set(outcome.scores) <= set(range(n))
    assert game.to_act(state) == set()
    assert all(game.legal_actions(state, s) == [] for s in (None, *range(n)))

    replayed = game.setup(n, copy.deepcopy(options), SeededRng(seed, 0))
    for seat, action, at_step in json.loads(json.dumps(record)):
        replayed = game.apply(replayed, seat, action, SeededRng(seed, at_step))
    assert replayed == state, "replaying the action log did not rebuild the state"
    return step, outcome


CASES = [(gid, chunk) for gid in sorted(REGISTRY) for chunk in range(CHUNKS)]


@pytest.mark.parametrize(("game_id", "chunk"), CASES, ids=[f"{g}-{c}" for g, c in CASES])
def test_random_playouts_reach_an_outcome(game_id: str, chunk: int) -> None:
    """Seeded random playouts end, round-trip, replay, hide secrets and refuse illegal moves."""
    game = REGISTRY[game_id]
    assert isinstance(game, Game)
    total = PLAYOUTS.get(game_id, DEFAULT_PLAYOUTS)
    per_chunk = -(-total // CHUNKS)
    reasons = set()
    for seed in range(chunk * per_chunk, min(total, (chunk + 1) * per_chunk)):
        _, outcome = playout(game, seed)
        reasons.add(outcome.reason)
    assert reasons
