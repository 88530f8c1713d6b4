"""The computer player: always legal, finishes games, deterministic, bounded work, beats random play."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import games.polls.ai as ai
from games.core.rng import SeededRng
from games.polls import GAME
from games.polls.ai import choose, greedy_choose
from tests.games.polls.helpers_polls import BLUE, RED, State, new_game, with_board
from tests.games.positions_kit import random_states

Player = Callable[[State, int], Any]


def random_player(seed: int) -> Player:
    chooser = random.Random(seed)
    return lambda state, seat: chooser.choice(GAME.legal_actions(state, seat))


def computer(state: State, seat: int) -> Any:
    return choose(state, seat)


def play(seed: int, players: dict[int, Player], max_steps: int = 2000) -> State:
    """A whole seeded game; every action must be legal."""
    state = GAME.setup(2, {"first": (seed // 2) % 2}, SeededRng(seed, 0))
    for step in range(1, max_steps + 1):
        if GAME.outcome(state) is not None:
            return state
        (seat,) = GAME.to_act(state)
        action = players[seat](state, seat)
        assert action in GAME.legal_actions(state, seat), (step, action)
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
    raise AssertionError(f"no outcome after {max_steps} actions")


def test_only_legal_actions_in_random_positions() -> None:
    """In positions of random games (actions, double rolls, influence, poll) the choice is always legal."""
    kinds = set()
    for seed in range(3):
        for state in random_states(GAME, seed, 5):
            (seat,) = GAME.to_act(state)
            action = choose(state, seat)
            assert action in GAME.legal_actions(state, seat)
            assert choose(state, 1 - seat) is None
            kinds.add(action["type"])
    assert {"influence", "end_turn", "poll_influence"} <= kinds and kinds & {"propaganda", "double_propaganda"}


def test_greedy_baseline_is_legal() -> None:
    """The greedy benchmark player also only returns legal actions."""
    for state in random_states(GAME, 7, 9):
        (seat,) = GAME.to_act(state)
        assert greedy_choose(state, seat, rng_seed=1) in GAME.legal_actions(state, seat)


def test_computer_against_itself_finishes() -> None:
    """Two computer players reach an outcome without stalling."""
    assert GAME.outcome(play(11, {BLUE: computer, RED: computer})) is not None


def test_deterministic() -> None:
    """The same position (and seed) always gives the same action, and the state is not changed."""
    for state in random_states(GAME, 3, 23):
        (seat,) = GAME.to_act(state)
        before = GAME.dump(state)
        assert choose(state, seat) == choose(GAME.load(before), seat)
        assert choose(state, seat, 5) == choose(state, seat, 5)
        assert state == before


def test_work_per_decision_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Work per decision is capped by counts, not time: engine applications and spending-search nodes."""
    calls = [0]
    searches: list[Any] = []
    real_apply, real_init = ai._apply, ai._Search.__init__

    def counting(*args: Any) -> Any:
        calls[0] += 1
        return real_apply(*args)

    def remember(self: Any, *args: Any) -> None:
        real_init(self, *args)
        searches.append(self)

    monkeypatch.setattr(ai, "_apply", counting)
    monkeypatch.setattr(ai._Search, "__init__", remember)
    monkeypatch.setattr(ai, "APPLY_BUDGET", 50)  # a tiny budget must still give a legal move
    worst = 0
    for state in random_states(GAME, 5, 7):
        (seat,) = GAME.to_act(state)
        calls[0] = 0
        assert choose(state, seat) in GAME.legal_actions(state, seat)
        worst = max(worst, calls[0])
    assert worst <= 50 + 400  # the budget, plus the last look-ahead started before it ran out
    # A hoard no real game reaches (a real turn holds at most about 2 B and 6 C) stays bounded too.
    hoard = with_board(new_game(BLUE), propaganda={BLUE: {"A": 5, "B": 12, "C": 20}})
    for actions_left in (2, 0):
        searches.clear()
        state = dict(hoard, actions_left=actions_left)
        assert choose(state, BLUE) in GAME.legal_actions(state, BLUE)
        (search,) = searches
        assert search.spend_nodes <= ai.SPEND_BUDGET + 200 * (search.applies + 1)


def test_computer_spends_propaganda_on_the_best_region() -> None:
    """With 1 A in the influence step, Madrid (lead 1 = +4 margin) beats Catalonia (+3)."""
    s = with_board(new_game(BLUE), propaganda={BLUE: {"A": 1}}, actions_left=0)
    assert choose(s, BLUE) == {"type": "influence", "region": "madrid", "pay": "A"}


def test_computer_takes_a_free_propaganda() -> None:
    """Holding A1 and A16 with A25 to complete, a double roll of 2+5 is taken as the 7 (straight to A25)."""
    s = with_board(new_game(BLUE), sectors={"A16": (1, 0)}, pending={"circle": "A", "dice": [2, 5], "stage": "seven"},
                   actions_left=0)
    assert choose(s, BLUE) == {"type": "take_seven", "take": True}


def test_computer_has_nothing_to_do_out_of_turn() -> None:
    """Out of turn the computer returns None."""
    assert choose(new_game(BLUE), RED) is None


def test_computer_beats_random_play() -> None:
    """Four seeded games against uniform random play (both colours, both starting players): at least 3 won.

    The strength itself is measured by the benchmark (`python -m bench.polls_ai`, target ≥ 90 % against
    random play).
    """
    wins = 0
    for seed in range(4):
        ai_seat = seed % 2
        players = {ai_seat: computer, 1 - ai_seat: random_player(seed)}
        outcome = GAME.outcome(play(seed, players))
        assert outcome is not None
        wins += outcome.winners == [ai_seat]
    assert wins >= 3
