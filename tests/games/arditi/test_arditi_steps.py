"""Steps (rules/arditi.md "The march moves tail-to-front"): forward, left or right onto a free space
never entered this move, without coiling; the tail goes to the front."""

from __future__ import annotations

import pytest

from tests.games.arditi.arditi_kit import (
    ROLL,
    G,
    act,
    leader_space,
    march,
    play,
    position,
    refused,
    spaces_of,
    step,
    step_dirs,
    walk,
)

FAR = march([80])


def moving(state: dict, die: int = 6) -> dict:
    return act(state, state["current"], ROLL, die)


def test_a_march_without_a_direction_may_go_any_way():
    """A lone leader that has never moved may step in, out, cw or ccw."""
    state = moving(position([march([17]), FAR]))
    assert step_dirs(state, 0) == {"in", "out", "cw", "ccw"}
    assert [m["relative"] for m in G.view(state, None)["moves"]] == ["in", "out", "ccw", "cw"]


def test_never_backwards():
    """With a direction of travel (here in), the march goes forward, left or right, never back."""
    state = moving(position([march([16, 17]), FAR]))
    assert step_dirs(state, 0) == {"in", "cw", "ccw"}
    assert refused(state, 0, step("out")).message_id == "arditi.no_backwards"
    shown = {m["dir"]: (m["space"], m["relative"]) for m in G.view(state, None)["moves"]}
    assert shown == {"in": (18, "forward"), "cw": (12, "left"), "ccw": (22, "right")}


def test_a_lone_leader_that_moved_cannot_turn_back():
    """Once a lone leader has a direction of travel, backwards is closed to it too."""
    state = moving(position([march([17], direction="ccw"), FAR]))
    assert step_dirs(state, 0) == {"ccw", "in", "out"}


def test_the_direction_of_travel_follows_each_step():
    """Each step points the direction from the old head to the new one."""
    state = moving(position([march([17]), FAR]), 3)
    state = act(state, 0, step("ccw"))
    assert state["marches"][0]["dir"] == "ccw"
    state = act(state, 0, step("in"))
    assert state["marches"][0]["dir"] == "in"
    assert step_dirs(state, 0) == {"in", "cw", "ccw"}


def test_crossing_the_centre_flips_the_direction():
    """A step in from the inner ring lands on the opposite ray travelling out: `in` is now backwards."""
    state = moving(position([march([19, 20]), FAR]))  # head on 20 (inner ring), travelling in
    state = act(state, 0, step("in"))
    assert spaces_of(state, 0) == [20, 65]
    assert state["marches"][0]["dir"] == "out"
    assert step_dirs(state, 0) == {"out", "cw", "ccw"}


def test_stepping_over_the_edge_flips_the_direction():
    """A step out from the outer ring re-enters it on the opposite ray travelling in."""
    state = moving(position([march([2, 1]), FAR]))  # head on 1, travelling out
    state = act(state, 0, step("out"))
    assert spaces_of(state, 0) == [1, 46]
    assert state["marches"][0]["dir"] == "in"


@pytest.mark.parametrize(
    ("blocker", "extra"),
    [
        ("token", {"marches": [march([17]), march([27, 22], leader=0)]}),
        ("leader", {"marches": [march([17]), march([22])]}),
        ("number", {"numbers": [22]}),
        ("police", {"police": [("pawn", 22)]}),
        ("own group", {"groups": [(0, [22])]}),
        ("other group", {"groups": [(1, [22])]}),
    ],
)
def test_never_onto_an_occupied_space(blocker, extra):
    """A token, a leader, a number, a police piece or a leaderless group makes a space not free."""
    marches = extra.pop("marches", [march([17]), FAR])
    state = moving(position(marches, **extra))
    assert "ccw" not in step_dirs(state, 0)  # 22 is 17's ccw neighbour
    assert refused(state, 0, step("ccw")).message_id == "arditi.space_taken"


def test_never_onto_the_space_where_the_move_began():
    """A lone leader may not come back to its starting space in the same move."""
    state = moving(position([march([17]), FAR]), 4)
    state = play(state, 0, step("in"), step("ccw"), step("out"))  # 18, 23, 22: 17 lies cw
    assert step_dirs(state, 0) == {"out", "ccw"}
    assert refused(state, 0, step("cw")).message_id == "arditi.space_visited"


def test_never_onto_a_space_the_head_entered_this_move_even_once_the_tail_left_it():
    """The head may not re-enter a space it entered this move, though the tail has left it since."""
    state = moving(position([march([16, 17]), FAR]), 6)
    state = play(state, 0, step("in"), step("in"), step("ccw"), step("out"))  # 18, 19, 24, 23
    assert spaces_of(state, 0) == [24, 23]  # 18 is free again
    assert "cw" not in step_dirs(state, 0)
    assert refused(state, 0, step("cw")).message_id == "arditi.space_visited"


def test_visited_spaces_are_free_again_next_turn():
    """The ban lasts one move: in a later turn the head may enter those spaces again."""
    state = moving(position([march([17]), FAR], stepped=True), 1)
    state = act(state, 0, step("in"))
    state = moving(state, 1)
    state = act(state, 1, step("out"))
    state = moving(state, 1)
    assert state["visited"] == [18]


def test_no_coiling():
    """A step that leaves a piece touching more than 2 others of its colour is illegal."""
    coil = march([6, 7, 12, 17, 18])  # head on 18 travelling in; 13 (cw) would make 12 touch 7, 17 and 13
    state = moving(position([coil, FAR]))
    assert "cw" not in step_dirs(state, 0)
    assert refused(state, 0, step("cw")).message_id == "arditi.coiling"
    assert step_dirs(state, 0) == {"in", "ccw"}


def test_the_tail_leaves_before_the_coiling_check():
    """The tail is lifted first: a piece touching the tail's old space is not counted against it
    (12, the tail, would otherwise touch 17, its group piece 7 and the new head 13)."""
    state = moving(position([march([12, 17, 18]), FAR], groups=[(0, [7])]))
    assert "cw" in step_dirs(state, 0)
    state = act(state, 0, step("cw"))
    assert spaces_of(state, 0) == [17, 18, 13]


def test_a_march_may_close_into_a_square():
    """Four pieces in a 2×2 square each touch only two others: the no-coiling rule allows it
    (the head then lies next to the tail)."""
    state = moving(position([march([7, 12, 17, 18]), FAR]))
    state = act(state, 0, step("cw"))
    assert spaces_of(state, 0) == [12, 17, 18, 13]


@pytest.mark.parametrize("owner", [0, 1])
def test_leaderless_groups_of_the_same_colour_count_for_coiling(owner):
    """A leaderless group of the march's colour counts as pieces of that colour; another colour's does not."""
    group = [21, 26, 27]  # 22 (ccw of 17) would touch 17, 21 and 27
    state = moving(position([march([16, 17]), FAR], groups=[(owner, group)]))
    if owner == 0:
        assert refused(state, 0, step("ccw")).message_id == "arditi.coiling"
    else:
        state = act(state, 0, step("ccw"))
        assert spaces_of(state, 0) == [17, 22]


def test_tail_to_front_the_leader_stays_then_drifts_back_then_moves_itself():
    """Each step moves the tail to the front: the leader stays put while tokens pass it, becomes the
    tail, and then moves to the front itself."""
    state = moving(position([march([16, 17, 18], leader=2), FAR]), 3)
    assert leader_space(state, 0) == 18
    state = act(state, 0, step("in"))
    assert (spaces_of(state, 0), state["marches"][0]["leader"], leader_space(state, 0)) == ([17, 18, 19], 1, 18)
    state = act(state, 0, step("in"))
    assert (spaces_of(state, 0), state["marches"][0]["leader"], leader_space(state, 0)) == ([18, 19, 20], 0, 18)
    state = act(state, 0, step("cw"))
    assert (spaces_of(state, 0), state["marches"][0]["leader"], leader_space(state, 0)) == ([19, 20, 15], 2, 15)


def test_a_step_keeps_the_march_the_same_length():
    """A step only moves the tail piece: the march neither grows nor shrinks."""
    state = moving(position([march(walk(2, "ccw", "ccw", "ccw")), FAR]), 1)
    state = act(state, 0, step("in"))
    assert spaces_of(state, 0) == [7, 12, 17, 18]


def test_the_head_may_enter_the_space_the_tail_just_left():
    """The tail is lifted before the new head is placed, so a 2×2 square can roll onto its tail's space."""
    square = march([12, 17, 18, 13])  # head 13 travelling cw, its tail 12 next to it
    state = moving(position([square, FAR]), 1)
    assert "out" in step_dirs(state, 0)  # 12 lies out of 13 (left of cw)
    state = act(state, 0, step("out"))
    assert spaces_of(state, 0) == [17, 18, 13, 12]
