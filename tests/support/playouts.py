"""A seeded random game played as a table plays it, for the replay tests and the replay benchmark."""

from __future__ import annotations

import random
from typing import Any

from games.core.protocol import Game, optional_member
from games.core.rng import SeededRng

QUIT_TYPES = frozenset({"leave", "resign", "concede", "quit"})
LogRow = tuple[int, int | None, Any, float]


def table_playout(game: Game, n_players: int, options: dict[str, Any], seed: int, pick: random.Random,
                  start: float, max_actions: int = 10_000) -> tuple[list[Any], list[LogRow]]:
    """Every state and the action log (seq 1..n) of one random game: the game master's automatic steps and
    time-outs included, each action stamped a few seconds after the last; nobody quits while another move
    exists."""
    state = game.setup(n_players, dict(options), SeededRng(seed, 0))
    states: list[Any] = [state]
    actions: list[LogRow] = []
    now = start
    auto = optional_member(game, "auto_action")
    while game.outcome(state) is None and len(actions) < max_actions:
        due = auto(state) if auto is not None else None
        seat: int | None = None
        if due is not None:
            action = {**due, "at": now}
        else:
            players = [(s, a) for s in sorted(game.to_act(state)) for a in game.legal_actions(state, s)]
            staying = [p for p in players if p[1]["type"] not in QUIT_TYPES] or players
            master = game.legal_actions(state, None)
            deadline = game.deadline(state)
            at = now + pick.uniform(1, 15)
            if master and (not staying or (deadline is not None and at >= deadline)):
                seat, action = None, master[0]
                at = max(now, deadline if deadline is not None else now)
            else:
                seat, action = pick.choice(staying)
            now = at
            action = {**action, "at": at}
        state = game.apply(state, seat, action, SeededRng(seed, len(actions) + 1))
        actions.append((len(actions) + 1, seat, action, float(action["at"])))
        states.append(state)
    return states, actions
