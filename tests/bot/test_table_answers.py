"""A table asks its engine once per state, and the board's button groups find what the engine lists."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

from bot.gameui import GameUI, Group, OfTypes, exactly, of_type, of_type_where
from bot.meta import TableMeta
from bot.store import TableRow
from bot.tables import Table
from bot.ui.acting import human_seats, public_actions
from games import REGISTRY
from games.core.protocol import Game
from games.core.rng import SeededRng
from tests.support.corpus import PlayoutCorpus

STATES_PER_GAME = 8
GAMES = (0, 1)  # seeds of the corpus's standard set


class CountingGame:
    """A game whose legal_actions calls are counted."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.asked: list[int | None] = []

    def legal_actions(self, state: Any, seat: int | None) -> list[dict[str, Any]]:
        self.asked.append(seat)
        return self.game.legal_actions(state, seat)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def table_of(game: Any, state: Any, players: int, computers: list[int] | None = None) -> Table:
    row = TableRow(1, game.id, 1, 2, None, 100, 7, {}, "playing", 0.0, 0.0,
                   TableMeta(computer_seats=computers or []))
    return Table(row=row, game=game, users=list(range(100, 100 + players)), locales=[None] * players,
                 state=state, seq=1)


def plain_public_actions(table: Table, group: Group, lists: dict[int, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The board's choices the slow way: every human seat's actions as the engine listed them (`lists`),
    filtered by the group, repeats dropped by equality, then the group's own order."""
    found: list[dict[str, Any]] = []
    for seat in human_seats(table):
        for action in lists[seat]:
            if group.matches(action) and action not in found:
                found.append(action)
    if group.sort_key is not None and len(found) > 1:
        view = table.view(None)
        key = group.sort_key
        found.sort(key=lambda action: key(action, view))
    return found


def test_the_engine_is_asked_once_per_state() -> None:
    """Asking the same seat again at the same state is answered from memory; a new state asks again."""
    spyfall = CountingGame(REGISTRY["spyfall"])
    state = spyfall.setup(4, {}, SeededRng(1, 0))
    table = table_of(spyfall, state, 4)
    first = table.legal_actions(0)
    assert table.legal_actions(0) == first
    table.seats_actions((0, 1, 2, 3))
    table.seats_actions((0, 1, 2, 3))
    assert sorted(spyfall.asked, key=str) == [0, 1, 2, 3]
    table.state = spyfall.setup(4, {}, SeededRng(2, 0))  # a new moment of the table
    table.legal_actions(0)
    assert spyfall.asked.count(0) == 2


def test_an_answer_changed_by_its_reader_is_not_remembered_changed() -> None:
    """The list handed out is the reader's own: emptying it does not empty the next answer."""
    polls = REGISTRY["polls"]
    table = table_of(polls, polls.setup(2, {}, SeededRng(1, 0)), 2)
    first = table.legal_actions(table.game.to_act(table.state).pop())
    assert first
    expected = list(first)
    first.clear()
    assert table.legal_actions(table.game.to_act(table.state).pop()) == expected


def test_matchers_say_which_types_they_can_match() -> None:
    """of_type, of_type_where and exactly match what they say, and only actions of their types."""
    vote = {"type": "vote", "choice": "yes"}
    assert of_type("vote")(vote) and not of_type("pass")(vote)
    assert of_type_where(("vote",), lambda a: a["choice"] == "yes")(vote)
    assert not of_type_where(("vote",), lambda a: a["choice"] == "no")(vote)
    same = exactly(type="vote", choice="yes")
    assert isinstance(same, OfTypes) and same.kinds == {"vote"}
    assert same(vote) and same({**vote, "at": 5.0}) and not same({**vote, "extra": 1})


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_every_group_finds_what_the_engine_lists(game_id: str, playout_corpus: PlayoutCorpus) -> None:
    """Over random states of every game, each button group's choices (from the table's remembered answers,
    looked up by action type) are exactly the plain filter of the engine's lists, in the same order."""
    ui: GameUI = importlib.import_module(f"bot.cogs.{game_id}").UI
    game = REGISTRY[game_id]
    compared = 0
    for playout in (playout_corpus.playout(game_id, seed) for seed in GAMES):
        states = playout.states
        step = max(1, len(states) // STATES_PER_GAME)
        for index in range(0, len(states), step):
            state = states[index]
            computers = [playout.players - 1] if playout.players > 1 and index % 2 else []
            table = table_of(game, state, playout.players, computers)
            lists = {seat: game.legal_actions(state, seat) for seat in range(playout.players)}
            for group in ui.groups:
                fast = public_actions(table, group)
                assert json.dumps(fast) == json.dumps(plain_public_actions(table, group, lists)), (game_id, group.id)
                compared += bool(fast)
    assert compared > 0, "no state of the corpus gave any group a choice"
