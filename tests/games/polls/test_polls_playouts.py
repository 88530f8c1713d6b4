"""Polls' contract details. Its random playouts are checked by tests/games/test_registry_playouts.py with
Polls' own checks (playout_checks.py)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from games.core.protocol import Game
from games.core.rng import SeededRng
from games.polls import GAME
from tests.games.polls import playout_checks
from tests.support.corpus import PlayoutCorpus


def test_the_invariants_hook_catches_a_lost_token(playout_corpus: PlayoutCorpus) -> None:
    """Polls' checks of the registry's playouts (playout_checks.py) fail on a state with a negative token count
    or whose sector holds both colours."""
    playout = playout_corpus.playout("polls", 0)
    playout_checks.every_state(GAME, playout.states[30])
    playout_checks.detailed(GAME, playout.states[30])
    lost = playout.states[30]
    lost["propaganda"][0]["A"] = -1
    with pytest.raises(AssertionError):
        playout_checks.every_state(GAME, lost)
    mixed = playout.states[30]
    sector = next(iter(mixed["sectors"]))
    mixed["sectors"][sector] = [1, 1]
    with pytest.raises(AssertionError):
        playout_checks.every_state(GAME, mixed)


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
