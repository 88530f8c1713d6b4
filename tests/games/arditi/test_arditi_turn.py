"""A turn (rules/arditi.md "A turn"): roll, then exactly that many steps; stop early only when no
step is left; the move ends by itself."""

from __future__ import annotations

from tests.games.arditi.arditi_kit import (
    END,
    ROLL,
    G,
    act,
    events,
    kinds,
    lead,
    march,
    place,
    play,
    position,
    refused,
    step,
    step_dirs,
)

FAR = march([80])  # seat 1, alone on the far side of the board


def lone(**fields) -> dict:
    """Seat 0's leader alone on 17 (ray 3, ring 1), no direction yet; seat 1 far away."""
    return position([march([17]), FAR], **fields)


def test_roll_gives_that_many_steps():
    """`roll` throws one die: the march now has that many steps and may move."""
    before = lone()
    state = act(before, 0, ROLL, 4)
    assert (state["phase"], state["die"], state["steps_left"]) == ("move", 4, 4)
    assert [(e["seat"], e["die"]) for e in events(before, state, "rolled")] == [(0, 4)]
    assert kinds(state, 0) == {"step"}


def test_the_move_ends_by_itself_after_the_last_step():
    """After exactly the rolled number of steps the turn passes on without an end_move."""
    state = act(lone(), 0, ROLL, 3)
    state = play(state, 0, step("in"), step("in"))
    assert (state["current"], state["steps_left"]) == (0, 1)
    state = act(state, 0, step("in"))
    assert (state["current"], state["phase"], state["steps_left"]) == (1, "roll", 0)
    assert state["marches"][0]["spaces"] == [20]
    assert [e["type"] for e in events(lone(), state) if e["type"] in ("move_ended", "turn_started")] == [
        "move_ended", "turn_started"]


def test_end_move_is_refused_while_a_step_is_possible():
    """The march takes every step the die gave while it can: end_move is refused, not even listed."""
    state = act(lone(), 0, ROLL, 2)
    assert "end_move" not in kinds(state, 0)
    assert refused(state, 0, END).message_id == "arditi.steps_remain"


def test_a_march_boxed_in_at_the_roll_ends_its_move_at_once():
    """With no legal step after the roll, the move ends by itself (nothing is spent, nothing drawn)."""
    boxed = lone(numbers=[16, 18, 12, 22], bag=[1, 2, 3])  # the four neighbours of 17 hold numbers
    state = act(boxed, 0, ROLL, 5)
    assert (state["current"], state["phase"]) == (1, "roll")
    assert [e["type"] for e in events(boxed, state)][:3] == ["rolled", "boxed_in", "move_ended"]


def test_a_march_stops_early_when_no_step_is_left():
    """When the march runs out of legal steps mid-move it stops there: the rest of the die is lost."""
    start = lone(numbers=[13, 23, 19, 20, 16])  # 18's sides and two numbers in line ahead (no jump)
    state = act(start, 0, ROLL, 6)
    state = act(state, 0, step("in"))  # onto 18: everything around is blocked now
    assert state["marches"][0]["spaces"] == [18]
    assert (state["current"], state["phase"]) == (1, "roll")


def test_only_leader_moves_left_lets_the_player_end_the_move():
    """With no step or jump left but an attack by the leader possible, the move does not end by itself
    and end_move is offered: the attack is allowed, never forced."""
    victim = march([6, 11, 56], leader=1)  # seat 1's leader on 11, next to 16
    blocked = position([march([16, 17, 18], leader=1), victim], numbers=[19, 20, 13, 23])
    state = act(blocked, 0, ROLL, 5)
    assert state["phase"] == "move"
    assert step_dirs(state, 0) == set()
    assert kinds(state, 0) == {"leader_move", "end_move"}
    ended = act(state, 0, END)
    assert (ended["current"], ended["phase"]) == (1, "roll")
    state = act(state, 0, lead("tail", 1))  # onto 16: clash on 11
    state = act(state, 1, place(7))  # nothing is left to do: the move ends by itself
    assert (state["current"], state["phase"]) == (1, "roll")


def test_turns_pass_in_seat_order_from_the_first_player():
    """Seats play in seat order from the first player, round after round."""
    state = position([march([17]), march([62]), march([80])], first=1, current=1, stepped=True)
    order = []
    for _ in range(4):
        seat = state["current"]
        order.append(seat)
        state = act(state, seat, ROLL, 1)
        state = act(state, seat, step("ccw"))
    assert order == [1, 2, 0, 1]
    assert state["round"] == 2


def test_turn_start_logs_and_resets_the_move():
    """A new turn starts in the roll phase with no die, no steps and nothing visited."""
    state = act(lone(), 0, ROLL, 1)
    state = act(state, 0, step("ccw"))
    assert (state["die"], state["steps_left"], state["visited"], state["captures"]) == (None, 0, [], 0)
    assert G.legal_actions(state, 1) == [ROLL]
