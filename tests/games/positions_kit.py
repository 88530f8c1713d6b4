"""Positions sampled from seeded random games of any engine: every phase and step a game passes through."""

from __future__ import annotations

import random
from typing import Any

from games.core.protocol import Game
from games.core.rng import SeededRng


def random_states(game: Game, seed: int, every: int, players: int = 2) -> list[Any]:
    """Positions of a seeded game of uniformly random legal actions, sampled every `every` actions."""
    chooser = random.Random(seed)
    state = game.setup(players, {}, SeededRng(seed, 0))
    sampled = []
    step = 0
    while game.outcome(state) is None:
        step += 1
        if step % every == 0:
            sampled.append(state)
        (seat,) = game.to_act(state)
        state = game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)), SeededRng(seed, step))
    return sampled
