"""End and scoring (rules/arditi.md "End and scoring")."""

from __future__ import annotations

import pytest

from games.arditi.engine import scores
from games.core.protocol import Outcome
from tests.games.arditi.arditi_kit import (
    JUMP,
    ROLL,
    G,
    act,
    ended,
    events,
    finished,
    lead,
    logged,
    march,
    position,
    refused,
    step,
    walk,
)
from tests.support.present import present

FAR = march([80])
BOX_17 = [16, 18, 12, 22]  # every neighbour of 17
BOX_80 = [79, 35, 75, 85]  # every neighbour of 80


def test_a_refill_that_finds_the_bag_empty_ends_the_game_at_the_end_of_that_turn():
    """The bag is empty when a capture needs a refill: the move is played out, then the game ends."""
    state = position([march([17], direction="in"), FAR], numbers=[18], bag=[])
    state = act(state, 0, ROLL, 3)
    state = act(state, 0, JUMP)
    assert state["phase"] == "move"  # the turn goes on
    state = act(state, 0, step("in"))
    before = state
    state = act(state, 0, step("in"))
    assert G.outcome(state) == Outcome(winners=[0], scores={0: 2.0, 1: 0.0}, reason="bag_empty", ranks={0: 1, 1: 2})
    assert [e["type"] for e in events(before, state)][-2:] == ["move_ended", "game_over"]


def test_a_refill_draw_that_succeeds_does_not_end_the_game():
    """Drawing the bag's last number is fine; only a draw that finds it empty ends the game."""
    state = position([march([17], direction="in"), FAR], numbers=[18, 20], bag=[30])
    state = act(state, 0, ROLL, 1)
    state = act(state, 0, JUMP, 30)
    assert (G.outcome(state), state["bag"], state["numbers"]) == (None, [], [20, 30])
    state = position([march([17], direction="in"), FAR], numbers=[18, 20], bag=[30])
    state = act(state, 0, ROLL, 2)
    state = act(state, 0, JUMP)
    state = act(state, 0, JUMP, 30)  # two captures, one number left: the second draw finds nothing
    assert ended(state).reason == "bag_empty"
    assert state["numbers"] == [30]


def test_twelve_militants_end_the_game_at_once_with_the_bonus():
    """A march reaching 12 militants ends the game on that step (steps left, no refill) and gets +3."""
    eleven = walk(2, *["ccw"] * 11)  # 12 pieces: the leader and 11 militants, head on 57 travelling ccw
    state = position([march(eleven, leader=0), FAR], numbers=[62])
    state = act(state, 0, ROLL, 4)
    state = act(state, 0, JUMP)
    assert G.outcome(state) == Outcome(winners=[0], scores={0: 27.0, 1: 0.0}, reason="twelve_militants",
                                      ranks={0: 1, 1: 2})
    assert state["first_to_twelve"] == 0
    assert logged(state, "twelve")[0]["seat"] == 0
    assert state["numbers"] == []  # no refill was drawn
    assert refused(state, 1, ROLL).message_id == "arditi.game_over"


def test_a_rejoin_can_reach_twelve():
    """Taking a leaderless group back counts too: twelve militants end the game."""
    state = position([march([17]), FAR], groups=[(0, walk(19, *["ccw"] * 11))])
    state = act(state, 0, ROLL, 3)
    state = act(state, 0, step("in"))
    assert ended(state).reason == "twelve_militants"


def test_a_full_round_without_a_step_ends_the_game():
    """When no march took a step in a whole round the game ends at its end."""
    state = position([march([17]), FAR], numbers=[*BOX_17, *BOX_80])
    state = act(state, 0, ROLL, 3)  # boxed in
    assert G.outcome(state) is None
    state = act(state, 1, ROLL, 3)
    assert ended(state).reason == "no_steps"


def test_one_step_in_the_round_keeps_the_game_going():
    """A single step by anyone in the round is enough to go on."""
    state = position([march([17]), FAR], numbers=BOX_17)
    state = act(state, 0, ROLL, 3)
    state = act(state, 1, ROLL, 1)
    state = act(state, 1, step("out"))
    assert G.outcome(state) is None and state["round"] == 2


def test_each_round_counts_its_own_steps():
    """A step in one round does not carry over: the next round without a step ends the game."""
    state = position([march([17]), FAR], numbers=[16, 12, 22, 19, 20, 13, 23, *BOX_80])  # one way out: 18
    state = act(state, 0, ROLL, 1)
    state = act(state, 0, step("in"))
    state = act(state, 1, ROLL, 1)
    assert (G.outcome(state), state["round"]) == (None, 2)
    state = act(state, 0, ROLL, 1)  # boxed in on 18 now
    state = act(state, 1, ROLL, 1)
    assert ended(state).reason == "no_steps"


def test_leader_moves_alone_do_not_keep_the_game_going():
    """A round with only a leader move (an attack) is a round without a step."""
    # seat 0 (16-17-18, heading in) is boxed in by 19-20, 23 and seat 1's head on 13; seat 1's leader on
    # 12 is in the middle of 11-12-13, next to 17
    # 6, 56 and 57 box in seat 1's march once it has taken its group back (13-12-11, heading out)
    boxed = [19, 20, 23, 14, 15, 8, 7, 6, 56, 57]
    state = position([march([16, 17, 18], leader=0), march([11, 12, 13], leader=1)], numbers=boxed)
    state = act(state, 0, ROLL, 2)
    state = act(state, 0, lead("head", 1))  # onto 17: clash on 12
    # 12, the only free space left for the leader: the head part 13-12, heading out, cut off from 11
    assert (state["current"], state["stepped"]) == (1, False)  # seat 0 had nothing left to do
    assert state["marches"][1]["spaces"] == [13, 12, 11]  # its turn began by taking 11 back
    state = act(state, 1, ROLL, 1)  # boxed in: 56 and 57 ahead, 6 and the leader on 16 aside
    assert ended(state).reason == "no_steps"


@pytest.mark.parametrize(("round_", "over"), [(4, False), (5, True)])
def test_the_game_ends_after_max_rounds(round_, over):
    """After the last round allowed by `max_rounds` the game ends."""
    state = position([march([17]), FAR], round=round_, current=1, stepped=True, options={"max_rounds": 5})
    state = act(state, 1, ROLL, 1)
    state = act(state, 1, step("out"))
    assert (G.outcome(state) is not None) == over
    if over:
        assert ended(state).reason == "max_rounds"
    else:
        assert state["round"] == 5


def test_every_scoring_term():
    """+2 a militant in the march, −1 one in a leaderless group, −2 one arrested, +3 the first to twelve."""
    state = position([march([16, 17, 18, 19]), march([80, 79])],
                     groups=[(0, [21, 26]), (1, [60]), (0, [40])], arrested=[1, 2])
    assert scores(state) == [2 * 3 - 3 - 2, 2 * 1 - 1 - 4]
    assert G.view(state, None)["scores"] == [1, -3]
    state["first_to_twelve"] = 1
    assert scores(state) == [1, 0]


def finish(state: dict) -> Outcome:
    """The outcome of the game ended now (see `finished`)."""
    return ended(finished(state))


def test_the_highest_score_wins():
    """Final scores are the scoring terms; the highest wins."""
    outcome = finish(position([march([16, 17]), FAR]))
    assert (outcome.winners, outcome.scores) == ([0], {0: 2.0, 1: 0.0})


def test_ties_are_broken_by_captured_numbers():
    """Equal scores: the player with more captured numbers wins."""
    state = position([march([16, 17]), march([80, 75])], captured=[[3], [4, 5]], arrested=[0, 0])
    assert finish(state).winners == [1]


def test_full_ties_are_shared():
    """Equal scores and captures: the winners share the win."""
    state = position([march([16, 17]), march([80, 75])], captured=[[3], [4]])
    assert finish(state).winners == [0, 1]


def test_the_result_ranks_every_seat_by_score_then_captured_numbers():
    """The result's standings: every seat, the highest score first, equal scores by captured numbers."""
    state = position([march([40]), march([80, 75]), march([16, 17])], captured=[[], [4], [3, 5]], arrested=[0] * 3)
    result = finished(state)["result"]
    assert result["scores"] == [0, 2, 2] and result["standings"] == [2, 1, 0] and result["winners"] == [2]
    assert ended(finished(state)).ranks == {0: 3, 1: 2, 2: 1}  # the places ratings read


def test_a_full_tie_shares_its_place():
    """Equal score and captured numbers: both seats share the first place, and the next place skips."""
    state = position([march([16, 17]), march([80, 75]), march([40])], captured=[[3], [4], []], arrested=[0] * 3)
    assert ended(finished(state)).ranks == {0: 1, 1: 1, 2: 3}


def test_after_the_end_nobody_acts():
    """A finished game has nobody to act and refuses every action."""
    state = position([march([17]), FAR], numbers=[*BOX_17, *BOX_80])
    state = act(act(state, 0, ROLL, 3), 1, ROLL, 3)
    assert G.to_act(state) == set()
    assert all(G.legal_actions(state, seat) == [] for seat in (None, 0, 1))
    view = G.view(state, None)
    assert view["current"] is None and present(view["result"])["reason"] == "no_steps"
