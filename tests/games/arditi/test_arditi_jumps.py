"""Recruiting (rules/arditi.md "Recruiting (jump)" and the refill after the move)."""

from __future__ import annotations

import pytest

from tests.games.arditi.arditi_kit import (
    JUMP,
    ROLL,
    G,
    act,
    events,
    kinds,
    leader_space,
    logged,
    march,
    position,
    refused,
    spaces_of,
    step,
)

FAR = march([80])


def facing(*numbers: int, die: int = 6, lead: dict | None = None, **fields) -> dict:
    """Seat 0 (by default a lone leader on 17 travelling in) has rolled `die`; numbers as given."""
    state = position([lead or march([17], direction="in"), FAR], numbers=list(numbers), **fields)
    return act(state, 0, ROLL, die)


def test_a_jump_captures_the_number_and_grows_the_march():
    """The tail (here the lone leader) lands beyond the number, the number is captured and a new
    token takes its space: the march grows by one and the jump costs one step."""
    state = facing(18, die=2)
    assert "jump" in kinds(state, 0)
    assert G.view(state, None)["moves"][-1] == {"type": "jump", "over": 18, "space": 19}
    state = act(state, 0, JUMP)
    assert spaces_of(state, 0) == [18, 19]
    assert (leader_space(state, 0), state["marches"][0]["dir"]) == (19, "in")
    assert 18 not in state["numbers"]
    assert state["captured"][0] == [18]
    assert G.view(state, None)["marches"][0]["militants"] == 1
    assert (state["steps_left"], state["captures"], state["stepped"]) == (1, 1, True)
    assert logged(state, "recruited")[0]["number"] == 18


def test_a_jump_moves_the_tail_piece_whatever_it_is():
    """With a token at the tail, that token lands beyond the number and the leader stays put."""
    state = facing(18, die=2, lead=march([16, 17], leader=1))
    state = act(state, 0, JUMP)
    assert spaces_of(state, 0) == [17, 18, 19]
    assert leader_space(state, 0) == 17


def test_only_straight_ahead():
    """A number to the left or right cannot be jumped (no turning during a jump)."""
    state = facing(22)  # right of a march travelling in
    assert "jump" not in kinds(state, 0)
    assert refused(state, 0, JUMP).message_id == "arditi.no_jump"
    assert refused(state, 0, step("ccw")).message_id == "arditi.space_taken"


def test_two_numbers_in_line_cannot_be_jumped():
    """A number with another number right behind it cannot be jumped."""
    state = facing(18, 19)
    assert refused(state, 0, JUMP).message_id == "arditi.no_jump"


@pytest.mark.parametrize(
    "fields",
    [
        {"police": [("pawn", 19)]},
        {"groups": [(1, [19])]},
        {"marches": [march([17], direction="in"), march([19])]},
        {"marches": [march([17], direction="in"), march([24, 19])]},
    ],
    ids=["police", "group", "leader", "token"],
)
def test_the_landing_space_must_be_free(fields):
    """Beyond the number there must be a free space: no police piece, group, leader or token."""
    marches = fields.pop("marches", None)
    state = position(marches or [march([17], direction="in"), FAR], numbers=[18], **fields)
    state = act(state, 0, ROLL, 6)
    assert refused(state, 0, JUMP).message_id == "arditi.no_jump"


def test_the_landing_space_must_not_have_been_entered_this_move():
    """A jump may not land where the head has already been this move."""
    state = position([march([17], direction="in"), FAR], numbers=[18],
                     phase="move", die=3, steps_left=3, visited=[19, 17])
    assert "jump" not in kinds(state, 0)
    assert refused(state, 0, JUMP).message_id == "arditi.no_jump"


def test_a_jump_obeys_the_no_coiling_rule():
    """A landing where the pieces would touch more than two of their colour is refused."""
    state = facing(18, groups=[(0, [14]), (0, [24])])  # 19 would touch 18, 14 and 24
    assert refused(state, 0, JUMP).message_id == "arditi.no_jump"


def test_a_march_without_a_direction_cannot_jump():
    """A lone leader that has never moved has nothing straight ahead: it cannot jump."""
    state = facing(18, lead=march([17]))
    assert "jump" not in kinds(state, 0)
    assert refused(state, 0, JUMP).message_id == "arditi.no_jump"


def test_several_jumps_in_one_move():
    """Jumps may follow each other; each captures a number and adds a token (here across the centre)."""
    state = facing(18, 20, die=3)
    state = act(state, 0, JUMP)
    state = act(state, 0, JUMP)  # over 20 on the inner ring, landing on 65 beyond the centre
    assert spaces_of(state, 0) == [19, 20, 65]
    assert state["marches"][0]["dir"] == "out"
    assert state["captured"][0] == [18, 20]
    assert (state["captures"], state["steps_left"]) == (2, 1)


def test_refill_draws_one_number_per_capture_after_the_move():
    """After the move one number per capture is drawn and put on its own space (a number no longer
    in the bag is drawn again)."""
    state = facing(18, 20, die=2)
    state = act(state, 0, JUMP)
    assert state["numbers"] == [20]  # nothing is drawn during the move
    before = state
    state = act(state, 0, JUMP, 30, 30, 31)  # 30, then 30 again (gone), then 31
    assert state["numbers"] == [30, 31]
    assert 30 not in state["bag"] and 31 not in state["bag"]
    assert [e["number"] for e in events(before, state, "number_drawn")] == [30, 31]
    assert state["current"] == 1


def test_a_drawn_number_on_an_occupied_space_waits_on_the_centre():
    """A refill number whose space holds a piece waits on the centre instead."""
    state = facing(18, die=1, police=[("pawn", 33)])
    state = act(state, 0, JUMP, 33)  # the police piece's space
    assert (state["numbers"], state["waiting"]) == ([], [33])
    state = facing(18, die=1)
    state = act(state, 0, JUMP, 19)  # the leader's own space
    assert (state["numbers"], state["waiting"]) == ([], [19])


def test_a_waiting_number_enters_at_the_start_of_a_turn_once_its_space_is_free():
    """At the start of every turn a waiting number whose space is free goes onto its space."""
    state = facing(18, die=1, stepped=True)
    state = act(state, 0, JUMP, 19)
    assert state["waiting"] == [19]
    state = act(state, 1, ROLL, 1)
    state = act(state, 1, step("out"))  # end of round 1, seat 0's turn: 19 still holds its leader
    assert (state["current"], state["waiting"]) == (0, [19])
    state = act(state, 0, ROLL, 2)
    state = act(state, 0, step("in"))
    state = act(state, 0, step("in"))  # the march has left 19
    assert spaces_of(state, 0) == [20, 65]
    assert (state["waiting"], state["numbers"]) == ([], [19])  # seat 1's turn began: 19 is on the board
    assert logged(state, "number_placed")[0]["number"] == 19


def test_board_and_centre_hold_twelve_numbers_while_the_bag_lasts():
    """Captured numbers are replaced: board + waiting make twelve again at the next turn."""
    twelve = [18, 20, 30, 31, 40, 41, 50, 51, 60, 61, 70, 71]
    state = facing(*twelve, die=2)
    state = act(state, 0, JUMP)
    state = act(state, 0, JUMP, 65, 2)
    assert len(state["numbers"]) + len(state["waiting"]) == 12
    assert state["waiting"] == [65]


def test_a_capture_frees_an_arrested_militant():
    """A player with arrested militants frees one per capture: the recruit is that militant."""
    state = facing(18, 20, die=3, arrested=[2, 0])
    state = act(state, 0, JUMP)
    assert state["arrested"] == [1, 0]
    assert logged(state, "recruited")[0]["freed"] is True
    state = act(state, 0, JUMP)
    assert state["arrested"] == [0, 0]


def test_a_capture_without_prisoners_frees_no_one():
    """Without arrested militants a capture is just a capture."""
    state = act(facing(18, die=2), 0, JUMP)
    assert state["arrested"] == [0, 0]
    assert logged(state, "recruited")[0]["freed"] is False
