"""Computer players: found in a game's package, and never stalling a table."""

from __future__ import annotations

import asyncio
import copy
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.computer import ComputerPlayers, chooser, has_computer
from bot.store import Store
from bot.tables import TableService
from games.core.protocol import IllegalAction, Outcome
from games.core.rng import SeededRng
from games.polls import GAME as POLLS


def test_a_game_with_an_ai_module_has_a_computer_player() -> None:
    """Polls offers games/polls/ai.py's choose; Spyfall has none."""
    assert has_computer("polls") and not has_computer("spyfall")


def test_the_chooser_follows_the_contract() -> None:
    """choose(state, seat, rng) gives a legal action, the same one for the same rng."""
    choose = chooser("polls")
    assert choose is not None
    state = POLLS.setup(2, {"first": 1}, SeededRng(3))
    action = choose(state, 1, SeededRng(3, "ai1"))
    assert action in POLLS.legal_actions(state, 1)
    assert choose(state, 1, SeededRng(3, "ai1")) == action


# --- a computer's move is applied only at the moment it was chosen for ------------------------------------


class Rounds:
    """Both seats answer each round at once (a simultaneous decision); each answer names the round it was
    chosen for, and the engine refuses an answer for another round than the current one."""

    id = "rounds"
    title = "Rounds"
    min_players = max_players = 2

    def setup(self, n_players: int, options: dict[str, Any], rng: Any) -> dict[str, Any]:
        return {"round": 0, "answered": {}, "log": []}

    def to_act(self, state: dict[str, Any]) -> set[int]:
        return set() if state["round"] >= 3 else {0, 1} - {int(s) for s in state["answered"]}

    def legal_actions(self, state: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
        return [{"type": "answer", "round": state["round"]}] if seat in self.to_act(state) else []

    def apply(self, state: dict[str, Any], seat: int | None, action: dict[str, Any], rng: Any) -> dict[str, Any]:
        if seat not in self.to_act(state) or action.get("round") != state["round"]:
            raise IllegalAction("rounds.refused", "Not now.")
        new = copy.deepcopy(state)
        new["answered"][str(seat)] = action["round"]
        if len(new["answered"]) == 2:
            new["round"], new["answered"] = new["round"] + 1, {}
        return new

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return dict(state)

    def deadline(self, state: dict[str, Any]) -> float | None:
        return None

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        return Outcome(winners=[0]) if state["round"] >= 3 else None

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(state)

    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(data)


class Thinker:
    """A computer player that thinks until released, noting every state it chose for and how many of its
    choices ran at once."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.chosen_for: list[int] = []
        self.running = 0
        self.most_at_once = 0
        self.lock = threading.Lock()

    def __call__(self, state: dict[str, Any], seat: int, rng: Any) -> dict[str, Any]:
        with self.lock:
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
        self.release.wait(10)
        with self.lock:
            self.running -= 1
            self.chosen_for.append(state["round"])
        return {"type": "answer", "round": state["round"]}


@pytest.fixture
async def rounds_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Any]:
    """A Rounds table: seat 0 a member (user 10), seat 1 a computer thinking with a Thinker; the service's
    listener kicks the computer after every change, as the board presenter does."""
    store = await Store.open(str(tmp_path / "c.db"))
    service = TableService(store, registry={"rounds": Rounds()}, seed_source=lambda: 3)
    thinker = Thinker()
    monkeypatch.setattr("bot.computer.chooser", lambda game_id: thinker)
    applied: list[tuple[int | None, dict[str, Any], int]] = []  # (seat, action, the round it landed in)
    computers = ComputerPlayers(service)

    class Listener:
        async def table_changed(self, change: Any) -> None:
            applied.append((change.seat, change.action, change.before["round"]))
            computers.kick(change.table)

        async def table_started(self, opening: Any) -> None:
            computers.kick(opening.table)

        async def table_closed(self, table: Any, reason: str) -> None:
            pass

    service.listener = Listener()
    table = await service.create_lobby("rounds", guild=1, channel=2, host=10, options={})
    await service.add_computer(table.id, "Computer")
    await service.start(table.id, 10)
    yield SimpleNamespace(service=service, table=table, thinker=thinker, computers=computers, applied=applied)
    service.runtimes.close_all()
    await store.close()


def thinking(t: Any) -> asyncio.Task[None] | None:
    """The table's computer thinking task, while it runs."""
    return t.service.runtimes.of(t.table.id).task("thinking")


async def until(condition: Any, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the condition never held")


async def test_a_member_acting_while_the_computer_thinks_makes_it_think_again(rounds_table: Any) -> None:
    """The member answers while the computer is still choosing: the choice made for the moment before is not
    applied; the computer thinks again on the table as it is now, and its answer lands there."""
    t = rounds_table
    t.computers.kick(t.table)
    await until(lambda: t.thinker.running == 1)
    await t.service.act(t.table.id, 10, {"type": "answer", "round": 0})  # the member, meanwhile
    t.thinker.release.set()
    await until(lambda: t.table.state["round"] == 1)
    assert t.thinker.chosen_for[:2] == [0, 0]  # chosen once for the old moment, once again for the new one
    assert [(seat, landed) for seat, _action, landed in t.applied][:2] == [(0, 0), (1, 0)]
    await until(lambda: thinking(t) is None)


async def test_two_starts_of_the_same_computer_make_one_move(rounds_table: Any) -> None:
    """A second start (a restart's resume, a reconnect) while the computer thinks does not start another
    thinker: one choice at a time, one answer per round."""
    t = rounds_table
    t.computers.kick(t.table)
    t.computers.kick(t.table)
    await until(lambda: t.thinker.running == 1)
    t.computers.kick(t.table)
    t.thinker.release.set()
    await until(lambda: str(1) in t.table.state["answered"])
    await asyncio.sleep(0.05)
    assert t.thinker.most_at_once == 1
    assert [seat for seat, _action, _landed in t.applied] == [1]
    assert thinking(t) is None
