"""The apply skeleton (games/core/engine.py): shape, game over, whose turn, copy, handler, log trim."""

from __future__ import annotations

from typing import Any

import pytest

from games import REGISTRY
from games.core.actions import ActionVocabulary
from games.core.engine import Engine
from games.core.protocol import Action, IllegalAction, Rng
from games.core.rng import SeededRng


class Counter(Engine):
    """A toy: seats take turns adding to a total; 'boom' is refused by the handler after a change."""

    id = "counter"
    actions = ActionVocabulary("counter", {"add": {"amount": "int"}, "boom": {}})
    log_kept = 3
    game_over = ("counter.game_over", "The game is over.")

    def __init__(self) -> None:
        self.calls: list[str] = []

    def check_turn(self, state: dict[str, Any], seat: int | None, action: Action) -> None:
        self.calls.append("turn")
        if seat != state["current"]:
            raise IllegalAction("counter.not_your_turn", "Not your turn.")

    def handle(self, new: dict[str, Any], seat: int | None, action: Action, rng: Rng) -> None:
        self.calls.append("handle")
        if action["type"] == "boom":
            new["total"] = -1
            raise IllegalAction("counter.boom", "Refused after a change.")
        new["total"] += action["amount"]
        new["log"] = new["log"] + [{"id": new["total"], "amount": action["amount"]}]
        new["current"] = 1 - new["current"]
        if new["total"] >= 10:
            new["phase"] = "game_over"


def start() -> dict[str, Any]:
    return {"n": 2, "phase": "play", "current": 0, "total": 0, "log": []}


def test_a_malformed_action_is_refused_before_the_game_is_asked() -> None:
    """The shape check comes first: neither the turn check nor the handler runs."""
    game = Counter()
    with pytest.raises(IllegalAction) as refused:
        game.apply(start(), 0, {"type": "add", "amount": "many"}, SeededRng(0, 0))
    assert refused.value.message_id == "core.bad_field"
    assert game.calls == []


def test_game_over_is_refused_with_the_game_s_own_id_before_the_turn() -> None:
    """A finished game answers `<game>.game_over` whoever asks, before whose turn it is."""
    game = Counter()
    with pytest.raises(IllegalAction) as refused:
        game.apply({**start(), "phase": "game_over"}, 1, {"type": "add", "amount": 1}, SeededRng(0, 0))
    assert refused.value.message_id == "counter.game_over"
    assert game.calls == []


def test_the_turn_is_the_game_s_answer_and_the_handler_works_on_a_copy() -> None:
    """A seat out of turn gets the game's refusal; a refusal inside the handler leaves the state as it was."""
    game, state = Counter(), start()
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, 1, {"type": "add", "amount": 1}, SeededRng(0, 0))
    assert refused.value.message_id == "counter.not_your_turn"
    assert game.calls == ["turn"]
    with pytest.raises(IllegalAction):
        game.apply(state, 0, {"type": "boom"}, SeededRng(0, 0))
    assert state == start()


def test_the_log_keeps_the_newest_events() -> None:
    """After the handler, the log is cut to `log_kept` events, the newest kept; the old state keeps its own."""
    game, state = Counter(), start()
    states = [state]
    for turn in range(5):
        states.append(game.apply(states[-1], turn % 2, {"type": "add", "amount": 1}, SeededRng(0, turn)))
    assert [event["id"] for event in states[-1]["log"]] == [3, 4, 5]
    assert [event["id"] for event in states[2]["log"]] == [1, 2]


def test_every_registered_game_applies_through_the_skeleton() -> None:
    """No engine writes its own apply: each is an Engine and leaves `apply` to it."""
    for game in REGISTRY.values():
        if game.id == "toy":
            continue  # the shared UI's tests may register a toy for a while
        assert isinstance(game, Engine), game.id
        assert type(game).apply is Engine.apply, game.id
