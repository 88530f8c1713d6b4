"""Seeded random playouts through legal_actions: always an outcome, exact dump/load, replayable log."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.core.protocol import Game, IllegalAction
from games.core.rng import SeededRng
from games.polls import GAME
from games.polls.engine import supply
from tests.games.polls.helpers_polls import tokens_on_board

GAMES = 300
MAX_STEPS = 2000


def playout(
    seed: int, check_input: bool = False
) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]], dict[str, Any]]:
    """Play uniformly at random over the legal actions of the seats to act; check invariants."""
    chooser = random.Random(seed)
    state = GAME.setup(2, {}, SeededRng(seed, 0))
    initial = state
    log: list[tuple[int, dict[str, Any]]] = []
    for step in range(1, MAX_STEPS):
        if GAME.outcome(state) is not None:
            return initial, log, state
        seats = sorted(GAME.to_act(state))
        assert seats, "nobody can act but the game is not over"
        seat = chooser.choice(seats)
        actions = GAME.legal_actions(state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        action = chooser.choice(actions)
        before = json.dumps(state, sort_keys=True) if check_input else ""
        previous = state
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
        if check_input:
            assert json.dumps(previous, sort_keys=True) == before, "apply mutated its input"
        log.append((seat, action))
        check_invariants(state)
    raise AssertionError(f"seed {seed}: no outcome after {MAX_STEPS} steps")


def check_invariants(state: dict[str, Any]) -> None:
    for seat in (0, 1):
        assert 0 <= supply(state, seat) <= 30
        assert tokens_on_board(state, seat) + supply(state, seat) == 30
        assert all(v >= 0 for v in state["propaganda"][seat].values())
    for counts in state["sectors"].values():
        assert min(counts) >= 0 and 0 in counts, "a sector holds both colours"
    for counts in list(state["influence"].values()) + list(state["pacts"].values()):
        assert min(counts) >= 0
    ids = [e["id"] for e in state["log"]]
    assert ids == sorted(ids) and ids[-1] == state["log_count"]


def replay(seed: int, log: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
    state = GAME.setup(2, {}, SeededRng(seed, 0))
    for step, (seat, action) in enumerate(log, start=1):
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
    return state


@pytest.mark.parametrize("chunk", range(6))
def test_random_playouts_end_round_trip_and_replay(chunk: int) -> None:
    """Random playouts always reach an outcome; dump/load is exact JSON; replaying the log rebuilds it."""
    per_chunk = GAMES // 6
    reasons = set()
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        _, log, final = playout(seed, check_input=seed % 25 == 0)
        outcome = GAME.outcome(final)
        assert outcome is not None
        reasons.add(outcome.reason)
        assert sum(outcome.scores.values()) + final["result"]["third"] == 66
        assert set(outcome.winners) <= {0, 1}
        dumped = GAME.dump(final)
        assert json.loads(json.dumps(dumped)) == dumped
        assert GAME.load(json.loads(json.dumps(dumped))) == final
        assert replay(seed, log) == final
    assert reasons <= {"absolute_majority", "minority_government", "hung_parliament"}


def test_mid_game_states_round_trip_and_views_are_json() -> None:
    """Every intermediate state survives json.dumps/loads unchanged and views are JSON-ready."""
    for seed in range(5):
        chooser = random.Random(1000 + seed)
        state = GAME.setup(2, {}, SeededRng(seed, 0))
        step = 0
        while GAME.outcome(state) is None:
            step += 1
            assert json.loads(json.dumps(GAME.dump(state))) == state
            for viewer in (None, 0, 1):
                view = GAME.view(state, viewer)
                assert json.loads(json.dumps(view)) == view
            (seat,) = GAME.to_act(state)
            state = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)),
                               SeededRng(seed, step))


def test_legal_actions_are_all_accepted_and_others_are_refused() -> None:
    """Every listed action applies; the seat not to act has none and is refused."""
    for seed in range(3):
        chooser = random.Random(seed)
        state = GAME.setup(2, {}, SeededRng(seed, 0))
        step = 0
        while GAME.outcome(state) is None:
            step += 1
            (seat,) = GAME.to_act(state)
            for action in GAME.legal_actions(state, seat):
                GAME.apply(state, seat, action, SeededRng(seed, step))
            other = 1 - seat
            assert GAME.legal_actions(state, other) == []
            with pytest.raises(IllegalAction):
                GAME.apply(state, other, {"type": "end_turn"}, SeededRng(seed, step))
            assert GAME.legal_actions(state, None) == []
            state = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)),
                               SeededRng(seed, step))


def test_dice_results_are_in_the_public_log() -> None:
    """Every roll shows up as a `rolled` event with its dice in the public view."""
    chooser = random.Random(7)
    state = GAME.setup(2, {}, SeededRng(7, 0))
    rolls = 0
    for step in range(1, 60):
        (seat,) = GAME.to_act(state)
        action = chooser.choice(GAME.legal_actions(state, seat))
        new = GAME.apply(state, seat, action, SeededRng(7, step))
        if action["type"] in ("propaganda", "double_propaganda"):
            rolled = [e for e in GAME.view(new, None)["log"] if e["id"] > state["log_count"]
                      and e["type"] == "rolled"]
            assert len(rolled) == 1
            assert len(rolled[0]["dice"]) == (2 if action["type"] == "double_propaganda" else 1)
            assert all(1 <= d <= 6 for d in rolled[0]["dice"])
            rolls += 1
        state = new
    assert rolls > 0


def test_contract_attributes() -> None:
    """GAME follows the engine contract: id, title, player counts, no timers."""
    assert isinstance(GAME, Game)
    assert GAME.id == "polls" and GAME.title
    assert GAME.min_players == GAME.max_players == 2
    state = GAME.setup(2, {"first": 0}, SeededRng(1, 0))
    assert GAME.deadline(state) is None
    assert GAME.to_act(state) == {0}


def test_view_fields_for_the_renderer_and_the_bot() -> None:
    """The public view exposes the fields the rules file lists; a seat's view adds its options."""
    state = GAME.setup(2, {"first": 1}, SeededRng(1, 0))
    public = GAME.view(state, None)
    for key in ("round", "turn", "current", "actions_left", "circles", "propaganda", "influence", "pacts",
                "shift_used", "supply", "seats_projection", "log"):
        assert key in public
    assert public["circles"]["A34"] == {"owner": None, "count": 0}
    assert public["supply"] == [30, 30]
    assert "legal_actions" not in public
    assert GAME.view(state, 1)["legal_actions"] == GAME.legal_actions(state, 1)


FORBIDDEN = {"discord", "PIL", "asyncio", "sqlite3", "aiosqlite", "random", "time", "datetime"}


def test_engine_imports_nothing_forbidden() -> None:
    """games/polls imports no discord, PIL, asyncio, sqlite, clock or module-level random."""
    root = Path(__file__).resolve().parents[3] / "games" / "polls"
    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"
