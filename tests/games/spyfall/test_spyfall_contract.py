"""The engine contract for Spyfall (docs/engine-contract.md): refusals, purity, data."""

from __future__ import annotations

import copy
import json
import math

import pytest

from games.core import IllegalAction, ScriptedRng, SeededRng
from games.spyfall.locations import LOCATIONS
from tests.games.spyfall.spyfall_testkit import T0, G, accuse, act, new_game, refused, start, time_up
from tests.support.present import present


def states() -> dict[str, dict]:
    """One state per phase."""
    playing = start(n=4, dealer=0, spy=1)
    return {
        "lobby": new_game(4),
        "playing": playing,
        "accusation": accuse(playing, 2, 3, at=T0 + 10),
        "final_vote": time_up(playing),
        "spy_guess": act(playing, 1, {"type": "reveal", "at": T0 + 10}),
        "round_over": act(act(playing, 1, {"type": "reveal", "at": T0 + 10}), 1,
                          {"type": "guess", "location": "zoo", "at": T0 + 11}),
    }


WRONG = [
    # (phase, seat, action): the rules forbid each of these
    ("lobby", 1, {"type": "start_round"}),
    ("lobby", 0, {"type": "ask", "target": 1}),
    ("lobby", 0, {"type": "accuse", "target": 1}),
    ("lobby", 0, {"type": "vote", "guilty": True}),
    ("lobby", 0, {"type": "reveal"}),
    ("lobby", None, {"type": "timeout"}),
    ("playing", 0, {"type": "start_round"}),
    ("playing", 1, {"type": "ask", "target": 2}),
    ("playing", 0, {"type": "vote", "guilty": True}),
    ("playing", 0, {"type": "reveal"}),
    ("playing", 1, {"type": "guess", "location": "zoo"}),
    ("playing", None, {"type": "timeout", "at": T0 + 1}),
    ("playing", 0, {"type": "timeout", "at": T0 + 9999}),
    ("accusation", 3, {"type": "vote", "guilty": False}),
    ("accusation", 2, {"type": "vote", "guilty": False}),
    ("accusation", 0, {"type": "ask", "target": 1}),
    ("accusation", 0, {"type": "vote", "guilty": "maybe"}),
    ("final_vote", 0, {"type": "vote", "guilty": True}),
    ("final_vote", 1, {"type": "accuse", "target": 0}),
    ("spy_guess", 0, {"type": "guess", "location": "zoo"}),
    ("spy_guess", 1, {"type": "guess", "location": "nowhere"}),
    ("spy_guess", 2, {"type": "vote", "guilty": True}),
    ("round_over", 0, {"type": "start_round"}),
    ("round_over", 1, {"type": "reveal"}),
    ("round_over", None, {"type": "timeout", "at": T0 + 12}),
]


@pytest.mark.parametrize(("phase", "seat", "action"), WRONG)
def test_forbidden_actions_raise_and_leave_the_state_unchanged(phase, seat, action):
    """Wrong seat, wrong phase or bad field: IllegalAction, and the state is as it was."""
    state = states()[phase]
    assert action not in G.legal_actions(state, seat)
    refused(state, seat, action)


@pytest.mark.parametrize(
    "action",
    [
        None,
        "ask",
        [],
        {},
        {"type": None},
        {"type": 3},
        {"type": "fly"},
        {"type": "__init__"},
        {"type": "ask", "target": 1, "at": "noon"},
        {"type": "ask", "target": 1, "at": math.nan},
        {"type": "ask", "target": 1, "at": math.inf},
        {"type": "ask", "target": 1, "at": True},
    ],
)
def test_malformed_actions_are_refused(action):
    """Anything that is not a well-formed Spyfall action is refused without a crash."""
    refused(start(n=4, dealer=0, spy=1), 0, action)


@pytest.mark.parametrize("seat", [-1, 4, 10, "0", 1.5])
def test_seats_outside_the_table_are_refused(seat):
    """A seat that is not at the table cannot act."""
    refused(start(n=4, dealer=0, spy=1), seat, {"type": "leave"})


def test_the_game_master_cannot_play_for_a_player():
    """seat=None may only call time."""
    state = start(n=4, dealer=0, spy=1)
    for action in ({"type": "accuse", "target": 1}, {"type": "leave"}, {"type": "reveal"}):
        refused(state, None, action)


def test_legal_actions_all_apply_in_every_phase():
    """Every listed action of every seat is accepted (so the list never lies)."""
    for phase, state in states().items():
        for seat in [None, *range(4)]:
            for action in G.legal_actions(state, seat):
                stamped = dict(action)
                deadline = G.deadline(state)
                if seat is None:
                    stamped["at"] = deadline
                before = copy.deepcopy(state)
                G.apply(state, seat, stamped, ScriptedRng([0]))
                assert state == before, (phase, seat, action)


def test_to_act_lists_seats_with_something_to_do():
    """to_act: the dealer in the lobby, everyone while playing, the voters in a vote."""
    s = states()
    assert G.to_act(s["lobby"]) == {0}
    assert G.to_act(s["playing"]) == {0, 1, 2, 3}
    assert G.to_act(s["accusation"]) == {0, 1}
    assert G.to_act(s["final_vote"]) == {1, 2, 3}
    assert G.to_act(s["spy_guess"]) == {1}
    assert G.to_act(s["round_over"]) == {1}


def test_dump_load_round_trips_through_json():
    """dump → JSON → load gives back an equal state that plays on identically."""
    for state in states().values():
        back = G.load(json.loads(json.dumps(G.dump(state))))
        assert back == state
        for seat in [None, *range(4)]:
            assert G.legal_actions(back, seat) == G.legal_actions(state, seat)
            assert G.view(back, seat) == G.view(state, seat)


def test_views_are_json_ready_and_carry_the_documented_fields():
    """Every view is JSON-serializable and holds the fields rules/spyfall.md lists."""
    for state in states().values():
        for seat in [None, *range(4)]:
            shown = G.view(state, seat)
            assert json.loads(json.dumps(shown, allow_nan=False)) == shown
            for key in ("phase", "round", "rounds", "dealer", "asker", "scores", "clock", "vote",
                        "locations", "log"):
                assert key in shown
            assert set(shown["clock"]) >= {"deadline", "paused_remaining"}
            assert shown["locations"] == [loc.id for loc in LOCATIONS]


def test_vote_view_has_the_suspect_and_count():
    """During a vote the view names the suspect and how many voted."""
    shown = G.view(states()["accusation"], None)["vote"]
    assert present(shown)["suspect"] == 3
    assert present(shown)["voted"] == 1


def test_same_seeded_actions_give_the_same_state():
    """Replaying the same actions with the same seeded rngs rebuilds the same state."""
    def play(seed: int) -> dict:
        state = G.setup(5, {}, SeededRng(seed, 0))
        state = G.apply(state, state["dealer"], {"type": "start_round", "at": 10}, SeededRng(seed, 1))
        return state

    assert play(42) == play(42)
    assert any(play(42) != play(s) for s in range(43, 50))


def test_illegal_action_carries_a_reason():
    """IllegalAction holds a message id and a short English sentence for the player."""
    with pytest.raises(IllegalAction) as info:
        G.apply(start(n=4, dealer=0, spy=1), 2, {"type": "ask", "target": 1}, ScriptedRng())
    assert info.value.reason.endswith(".")
    assert info.value.message_id == "spyfall.not_your_question"
    assert str(info.value) == info.value.text == "It is not your turn to ask."
