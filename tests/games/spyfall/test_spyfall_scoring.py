"""Every row of the scoring table and the end of the game (rules/spyfall.md "Scoring")."""

from __future__ import annotations

from tests.games.spyfall.spyfall_testkit import T0, G, accuse, act, deadline, points, refused, start, time_up, votes
from tests.support.present import present

ROUND_END = T0 + 8 * 60


def run_out_votes(state: dict) -> dict:
    while state["phase"] == "final_vote":
        state = time_up(state)
    return state


def test_spy_survives_time_out_voting_scores_two():
    """Row 1: nobody convicted when time ran out, the spy +2."""
    state = run_out_votes(time_up(start(n=5, dealer=0, spy=3)))
    assert points(state) == [0, 0, 0, 2, 0]


def test_spy_guesses_the_location_scores_four():
    """Row 2: the spy reveals and guesses right, +4."""
    state = start(n=5, dealer=0, spy=3, first_location="theater")
    state = act(state, 3, {"type": "reveal", "at": T0 + 50})
    state = act(state, 3, {"type": "guess", "location": "theater", "at": T0 + 60})
    assert points(state) == [0, 0, 0, 4, 0]


def test_innocent_convicted_by_accusation_gives_the_spy_four():
    """Row 3: a non-spy convicted by an accusation, the spy +4 and the accuser nothing."""
    state = accuse(start(n=5, dealer=0, spy=3), 1, 2, at=T0 + 30)
    state = votes(state, {0: True, 3: True, 4: True}, at=T0 + 40)
    assert state["result"]["how"] == "innocent_convicted"
    assert points(state) == [0, 0, 0, 4, 0]


def test_innocent_convicted_at_time_out_gives_the_spy_four():
    """Row 3: a non-spy convicted in the time-out voting, the spy +4."""
    state = time_up(start(n=5, dealer=0, spy=3))
    state = votes(state, {1: True, 2: True, 3: True, 4: True}, at=ROUND_END + 10)
    assert state["result"]["convicted"] == 0
    assert points(state) == [0, 0, 0, 4, 0]


def test_spy_accusing_an_innocent_successfully_scores_four():
    """Row 3: the spy's own accusation convicting a non-spy gives the spy 4, no bonus."""
    state = accuse(start(n=4, dealer=0, spy=3), 3, 1, at=T0 + 30)
    state = votes(state, {0: True, 2: True}, at=T0 + 40)
    assert points(state) == [0, 0, 0, 4]


def test_non_spies_win_by_time_out_conviction_each_one():
    """Row 4: the spy convicted at time-out, each non-spy +1."""
    state = time_up(start(n=5, dealer=2, spy=3))
    state = votes(state, {0: False, 1: True, 3: False, 4: True}, at=ROUND_END + 5)
    state = votes(state, {0: True, 1: True, 2: True, 4: True}, at=ROUND_END + 10)
    assert state["result"]["convicted"] == 3
    assert points(state) == [1, 1, 1, 0, 1]


def test_non_spies_win_by_wrong_guess_each_one():
    """Row 4: the spy guesses wrong, each non-spy +1."""
    state = start(n=3, dealer=0, spy=0, first_location="theater")
    state = act(state, 0, {"type": "reveal", "at": T0 + 50})
    state = act(state, 0, {"type": "guess", "location": "circus_tent", "at": T0 + 60})
    assert points(state) == [0, 1, 1]


def test_accuser_who_convicts_the_spy_gets_one_more():
    """Row 5: the accusation convicting the spy, each non-spy +1 and the accuser +1 more."""
    state = accuse(start(n=5, dealer=0, spy=3), 4, 3, at=T0 + 30)
    state = votes(state, {0: True, 1: True, 2: True}, at=T0 + 40)
    assert state["result"]["how"] == "spy_caught"
    assert points(state) == [1, 1, 1, 0, 2]


def test_no_accuser_bonus_for_a_time_out_conviction():
    """Row 5 is for accusations only: no bonus when the spy is convicted at time-out."""
    # Seat 1 accused the spy earlier in the round, without a unanimous vote.
    state = accuse(start(n=4, dealer=3, spy=3), 1, 3, at=T0 + 30)
    state = votes(state, {0: False, 2: True}, at=T0 + 40)
    assert state["phase"] == "playing"
    state = time_up(state)
    assert present(G.view(state, None)["vote"])["suspect"] == 3
    state = votes(state, {0: True, 1: True, 2: True}, at=deadline(state) - 1)
    assert points(state) == [1, 1, 1, 0]


def test_failed_accusation_scores_nothing():
    """A vote that is not unanimous gives no points to anybody."""
    state = accuse(start(n=4, dealer=0, spy=3), 1, 3, at=T0 + 30)
    state = votes(state, {0: True, 2: False}, at=T0 + 40)
    assert G.view(state, None)["scores"] == [0, 0, 0, 0]


def test_scores_add_up_over_rounds():
    """Each round's points are added to the running totals; the standings rank them (equal ones by seat)."""
    state = accuse(start(n=4, dealer=0, spy=3, rounds=3), 1, 3, at=T0 + 30)
    state = votes(state, {0: True, 2: True}, at=T0 + 40)
    assert G.view(state, None)["scores"] == [1, 2, 1, 0]
    assert G.view(state, None)["standings"] == [1, 0, 2, 3]
    state = act(state, 3, {"type": "start_round", "at": T0 + 100}, 2)
    state = act(state, 2, {"type": "reveal", "at": T0 + 110})
    state = act(state, 2, {"type": "guess", "location": state["location"], "at": T0 + 120})
    assert G.view(state, None)["scores"] == [1, 2, 5, 0]
    assert G.view(state, 1)["standings"] == [2, 1, 0, 3]
    assert [h["points"] for h in G.view(state, None)["history"]] == [[1, 2, 1, 0], [0, 0, 4, 0]]


def test_game_ends_after_the_agreed_rounds_and_highest_total_wins():
    """After the agreed rounds the game is over and the highest total wins."""
    state = start(n=4, dealer=0, spy=1, rounds=2)
    state = act(state, 1, {"type": "reveal", "at": T0 + 1})
    state = act(state, 1, {"type": "guess", "location": state["location"], "at": T0 + 2})
    assert state["phase"] == "round_over"
    assert G.outcome(state) is None
    state = act(state, 1, {"type": "start_round", "at": T0 + 10}, 2)
    state = accuse(state, 0, 2, at=T0 + 20)
    state = votes(state, {1: True, 3: True}, at=T0 + 30)
    assert G.view(state, None)["phase"] == "game_over"
    outcome = G.outcome(state)
    assert outcome is not None
    assert outcome.scores == {0: 2.0, 1: 5.0, 2: 0.0, 3: 1.0}
    assert outcome.winners == [1]
    assert G.view(state, None)["winners"] == [1]


def test_ties_share_the_win():
    """Equal highest totals all win."""
    state = start(n=3, dealer=0, spy=0, rounds=1)
    state = act(state, 0, {"type": "reveal", "at": T0 + 1})
    wrong = "zoo" if state["location"] != "zoo" else "bank"
    state = act(state, 0, {"type": "guess", "location": wrong, "at": T0 + 2})
    outcome = G.outcome(state)
    assert outcome is not None
    assert outcome.winners == [1, 2]


def test_nothing_happens_after_the_game_is_over():
    """When the game is over nobody may act and no clock runs."""
    state = run_out_votes(time_up(start(n=3, dealer=0, spy=1, rounds=1)))
    assert state["phase"] == "game_over"
    assert G.to_act(state) == set()
    assert G.deadline(state) is None
    for seat in (None, 0, 1, 2):
        assert G.legal_actions(state, seat) == []
    refused(state, 1, {"type": "start_round"})
    refused(state, 0, {"type": "leave"})
    refused(state, None, {"type": "timeout", "at": ROUND_END + 9999})
