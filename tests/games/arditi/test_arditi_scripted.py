"""Whole scripted sequences from set-up through `apply` with ScriptedRng (dice and tombola draws)."""

from __future__ import annotations

import json

from games.core.rng import ScriptedRng
from tests.games.arditi.arditi_kit import END, JUMP, ROLL, G, act, ended, place, step


def roundtrip(state: dict) -> None:
    """dump/load is an exact JSON round trip, and every view is JSON-ready."""
    assert G.load(json.loads(json.dumps(G.dump(state)))) == state
    for seat in (None, *range(state["n"])):
        shown = G.view(state, seat)
        assert json.loads(json.dumps(shown)) == shown


def run(state: dict, script: list[tuple]) -> dict:
    """Apply (seat, action, *rolls) one after the other, checking the round trip each time."""
    for seat, action, *rolls in script:
        state = act(state, seat, action, *rolls)
        roundtrip(state)
    return state


def test_a_short_game_to_the_round_limit():
    """Two players, five rounds: a step, a jump with its refill, a step across the centre, then plain
    steps until the round limit; the only militant wins it."""
    numbers = [19, 30, 41, 50, 55, 66, 70, 73, 77, 84, 88, 90]
    rng = ScriptedRng([17, 62, *numbers])
    state = G.setup(2, {"max_rounds": 5, "first": 0}, rng)
    assert rng.remaining == []
    state = run(state, [
        (0, ROLL, 3),
        (0, step("in")),  # 17 → 18
        (0, JUMP),  # over 19 to 20: the march is 19-20
        (0, step("in"), 33),  # the token on 19 crosses the centre to 65; the refill draws 33
        (1, ROLL, 1),
        (1, step("out")),  # 62 → 61, the round ends
    ])
    assert state["marches"][0] == {"spaces": [20, 65], "leader": 0, "dir": "out"}
    assert state["numbers"] == [30, 33, 41, 50, 55, 66, 70, 73, 77, 84, 88, 90]
    assert (state["round"], state["current"], state["captured"]) == (2, 0, [[19], []])
    while G.outcome(state) is None:
        seat = state["current"]
        state = act(state, seat, ROLL, 1)
        state = act(state, seat, next(a for a in G.legal_actions(state, seat) if a["type"] == "step"))
        roundtrip(state)
    outcome = ended(state)
    assert (outcome.reason, outcome.winners, outcome.scores) == ("max_rounds", [0], {0: 2.0, 1: 0.0})
    assert state["round"] == 5


def test_a_clash_from_set_up():
    """Seat 1 grows to three pieces and its leader drifts into the middle; seat 0's leader steps next to
    it, seat 1 puts its leader at the rear end of a part, which turns round ("quella parte del corteo
    invertirà il senso di marcia"); the other part is left leaderless and scores −1."""
    numbers = [37, 47, 3, 8, 13, 63, 68, 73, 78, 83, 88, 90]
    state = G.setup(2, {"first": 1}, ScriptedRng([49, 27, *numbers]))
    state = run(state, [
        (1, ROLL, 5),
        (1, step("ccw")),  # 27 → 32
        (1, JUMP),  # over 37 to 42: the march is 37-42, the leader at the head on 42
        (1, JUMP),  # over 47 to 52: the march is 42-47-52, the leader at the tail on 42
        (1, step("ccw")),  # the leader goes to the front: 47-52-57
        (1, step("ccw"), 5, 10),  # 47 goes to the front: 52-57-62, the leader in the middle; two refills
    ])
    assert state["marches"][1] == {"spaces": [52, 57, 62], "leader": 1, "dir": "ccw"}
    assert sorted(state["numbers"]) == [3, 5, 8, 10, 13, 63, 68, 73, 78, 83, 88, 90]
    state = run(state, [(0, ROLL, 3), (0, step("ccw")), (0, step("ccw")), (0, step("out"))])  # 49-54-59-58
    assert state["phase"] == "place_leader"
    assert [a["space"] for a in G.legal_actions(state, 1)] == [47, 51, 53, 57, 61, 67]
    state = run(state, [(1, place(47))])  # the tail part, 52, turns round: it heads back cw
    assert state["marches"][1] == {"spaces": [52, 47], "leader": 1, "dir": "cw"}
    assert state["groups"] == [{"seat": 1, "spaces": [62]}]
    assert G.view(state, None)["scores"] == [0, 1]
    assert (state["round"], state["current"], state["phase"]) == (2, 1, "roll")  # seat 0's last step


def test_a_boxed_in_table_ends_after_a_round_without_steps():
    """From set-up: both leaders surrounded by numbers roll, cannot move, and the game ends."""
    numbers = [16, 18, 12, 22, 79, 35, 75, 85, 1, 2, 3, 4]
    state = G.setup(2, {"first": 0}, ScriptedRng([17, 80, *numbers]))
    state = run(state, [(0, ROLL, 6), (1, ROLL, 2)])
    outcome = ended(state)
    assert (outcome.reason, outcome.winners) == ("no_steps", [0, 1])
    assert [e["type"] for e in state["log"]][-3:] == ["boxed_in", "move_ended", "game_over"]
    assert END not in G.legal_actions(state, 0)
