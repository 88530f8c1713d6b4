"""A small computer player for The Polls Are Closed!: one-ply look-ahead with a board evaluation.

`choose(state, seat)` returns one of `GAME.legal_actions(state, seat)` (or None when the seat has
nothing to do). Dice actions are scored by their expectation over every possible roll, with the
best follow-up choice for a double roll (take the 7 or not, which die first). The evaluation is
the projected seat margin plus rough values for Propaganda, Opinions and winning pact boxes.
It reads only what the public view shows and uses no randomness, so it is deterministic.
"""

from __future__ import annotations

from typing import Any

from games.core.rng import ScriptedRng
from games.polls.data import INTERMEDIATE_A, OUTER_A, SECTORS_B
from games.polls.engine import GAME, State, projected_seats

Action = dict[str, Any]

# Rough worth of a token, in seats of margin (an Influence token moves the margin by about 2-3).
PROPAGANDA_VALUE = {"A": 2.4, "B": 0.9, "C": 1.0}
INTERMEDIATE_VALUE = 0.9
OUTER_VALUE = 0.35
B_SECTOR_VALUE = 0.4
PACT_WIN_VALUE = 1.6
OPPONENT_WEIGHT = 0.8


def evaluate(state: State, seat: int) -> float:
    """How good the board looks for `seat` (higher is better)."""
    if state["phase"] == "game_over":
        seats = state["result"]["seats"]
        return 100.0 * (seats[seat] - seats[1 - seat])
    seats = projected_seats(state)["seats"]
    score = float(seats[seat] - seats[1 - seat])
    score += _material(state, seat) - OPPONENT_WEIGHT * _material(state, 1 - seat)
    return score


def _material(state: State, seat: int) -> float:
    value = sum(PROPAGANDA_VALUE[k] * n for k, n in state["propaganda"][seat].items())
    sectors = state["sectors"]
    value += INTERMEDIATE_VALUE * sum(sectors[x][seat] > 0 for x in INTERMEDIATE_A)
    value += OUTER_VALUE * sum(sectors[x][seat] > 0 for x in OUTER_A)
    value += B_SECTOR_VALUE * sum(sectors[x][seat] > 0 for x in SECTORS_B)
    for region, box in state["pacts"].items():
        influence = state["influence"][region]
        if box[seat] > box[1 - seat]:
            value += PACT_WIN_VALUE if influence[seat] > influence[1 - seat] else PACT_WIN_VALUE / 3
    return value


def _after(state: State, seat: int, action: Action, dice: list[int]) -> State:
    return GAME.apply(state, seat, action, ScriptedRng(dice))


def _best_follow_up(state: State, seat: int) -> float:
    """The value of a state, choosing the best pending dice decision if one is waiting."""
    if state["pending"] is None or seat not in GAME.to_act(state):
        return evaluate(state, seat)
    return max(_best_follow_up(_after(state, seat, a, []), seat) for a in GAME.legal_actions(state, seat))


def score_action(state: State, seat: int, action: Action) -> float:
    """Expected evaluation after the action (dice averaged over every outcome)."""
    kind = action["type"]
    if kind == "propaganda":
        return sum(_best_follow_up(_after(state, seat, action, [d]), seat) for d in range(1, 7)) / 6
    if kind == "double_propaganda":
        total = 0.0
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                total += _best_follow_up(_after(state, seat, action, [d1, d2]), seat)
        return total / 36
    return _best_follow_up(_after(state, seat, action, []), seat)


def choose(state: State, seat: int) -> Action | None:
    """The computer player's action for `seat`, or None when it has nothing to do."""
    actions = GAME.legal_actions(state, seat)
    if len(actions) <= 1:
        return actions[0] if actions else None
    best, best_score = actions[0], float("-inf")
    for action in actions:
        value = score_action(state, seat, action)
        if value > best_score + 1e-9:
            best, best_score = action, value
    return best
