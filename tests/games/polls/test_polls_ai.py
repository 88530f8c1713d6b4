"""The small computer player: always legal, finishes games, beats random play."""

from __future__ import annotations

import random

from games.core.rng import SeededRng
from games.polls import GAME
from games.polls.ai import choose, score_action
from tests.games.polls.helpers_polls import BLUE, new_game, with_board


def play(seed: int, ai_seats: set[int]) -> dict:
    chooser = random.Random(seed)
    state = GAME.setup(2, {}, SeededRng(seed, 0))
    step = 0
    while GAME.outcome(state) is None:
        step += 1
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = choose(state, seat) if seat in ai_seats else chooser.choice(legal)
        assert action in legal
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
    return state


def test_computer_beats_random_play() -> None:
    """Seeded games against uniform random play: the computer wins them all."""
    for seed in range(4):
        ai = seed % 2
        outcome = GAME.outcome(play(seed, {ai}))
        assert outcome is not None and outcome.winners == [ai]


def test_computer_against_itself_finishes() -> None:
    """Two computer players reach an outcome."""
    assert GAME.outcome(play(11, {0, 1})) is not None


def test_computer_spends_propaganda_on_the_best_region() -> None:
    """With 1 A in the influence step, Madrid (lead 1 = +4 margin) beats Catalonia (+3)."""
    s = with_board(new_game(BLUE), propaganda={BLUE: {"A": 1}}, actions_left=0)
    assert choose(s, BLUE) == {"type": "influence", "region": "madrid", "pay": "A"}
    assert score_action(s, BLUE, {"type": "influence", "region": "madrid", "pay": "A"}) > score_action(
        s, BLUE, {"type": "influence", "region": "catalonia", "pay": "A"})


def test_computer_has_nothing_to_do_out_of_turn() -> None:
    """Out of turn the computer returns None."""
    assert choose(new_game(BLUE), 1) is None
