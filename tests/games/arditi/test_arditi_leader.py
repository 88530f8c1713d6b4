"""Moving the leader (rules/arditi.md "Moving the leader"): swap with a neighbour of its march, one step."""

from __future__ import annotations

from tests.games.arditi.arditi_kit import (
    ROLL,
    TO_HEAD,
    TO_TAIL,
    G,
    act,
    kinds,
    leader_space,
    march,
    position,
    refused,
    spaces_of,
)

FAR = march([80])


def rolled(lead: dict, die: int = 6, **fields) -> dict:
    return act(position([lead, FAR], **fields), 0, ROLL, die)


def test_leader_moves_toward_the_head_and_the_tail():
    """The leader swaps places with the next piece towards the head or the tail; tokens stay put."""
    state = rolled(march([16, 17, 18], leader=0))
    state = act(state, 0, TO_HEAD)
    assert (state["marches"][0]["leader"], leader_space(state, 0)) == (1, 17)
    state = act(state, 0, TO_HEAD)
    assert leader_space(state, 0) == 18
    state = act(state, 0, TO_TAIL)
    assert leader_space(state, 0) == 17
    assert spaces_of(state, 0) == [16, 17, 18]
    assert state["marches"][0]["dir"] == "in"


def test_a_leader_move_costs_one_step():
    """Each leader move spends one step of the die; the last one ends the move."""
    state = rolled(march([16, 17, 18], leader=0), die=2)
    state = act(state, 0, TO_HEAD)
    assert state["steps_left"] == 1
    state = act(state, 0, TO_HEAD)
    assert (state["current"], state["phase"]) == (1, "roll")


def test_refused_at_an_end_of_the_march():
    """A leader at the tail cannot move towards the tail, at the head not towards the head."""
    state = rolled(march([16, 17, 18], leader=0))
    assert {"type": "leader_move", "toward": "tail"} not in G.legal_actions(state, 0)
    assert refused(state, 0, TO_TAIL).message_id == "arditi.leader_at_end"
    state = rolled(march([16, 17, 18], leader=2))
    assert {"type": "leader_move", "toward": "head"} not in G.legal_actions(state, 0)
    assert refused(state, 0, TO_HEAD).message_id == "arditi.leader_at_end"


def test_a_lone_leader_has_no_leader_moves():
    """A march of one piece has nobody to swap with."""
    state = rolled(march([17]))
    assert "leader_move" not in kinds(state, 0)
    assert refused(state, 0, TO_HEAD).message_id == "arditi.leader_at_end"


def test_a_leader_move_is_no_step_for_the_round_end():
    """Leader moves do not count as a step: a round of leader moves only ends the game."""
    state = rolled(march([16, 17, 18], leader=0), die=1, numbers=[19, 20, 13, 23], current=0)
    state = act(state, 0, TO_HEAD)
    assert state["stepped"] is False
    state = act(state, 1, ROLL, 1)
    state = act(state, 1, {"type": "step", "dir": "out"})
    assert state["phase"] == "roll"  # seat 1 stepped, so the round counted


def test_leader_moves_do_not_change_the_visited_spaces():
    """The head has not moved: nothing is added to the spaces entered this move."""
    state = rolled(march([16, 17, 18], leader=0))
    after = act(state, 0, TO_HEAD)
    assert after["visited"] == state["visited"] == [18]
