"""Computer players: found in a game's package, and never stalling a table."""

from __future__ import annotations

from bot.computer import chooser, has_computer
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
