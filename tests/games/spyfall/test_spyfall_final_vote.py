"""Time-out voting (rules/spyfall.md "How a round ends", 1, and "Votes in detail")."""

from __future__ import annotations

from tests.games.spyfall.spyfall_testkit import T0, G, act, points, refused, start, time_up, timeout, votes
from tests.support.present import present

ROUND_END = T0 + 8 * 60


def suspects_until_the_end(state: dict) -> list[int]:
    """Let every time-out vote run out without ballots; the suspects in order."""
    seen = []
    while state["phase"] == "final_vote":
        seen.append(present(G.view(state, None)["vote"])["suspect"])
        state = time_up(state)
    return seen


def test_timeout_before_the_deadline_is_refused():
    """The game master cannot call time before the round clock has run out."""
    state = start(n=4, dealer=0, spy=1)
    refused(state, None, {"type": "timeout", "at": ROUND_END - 1})
    refused(state, None, {"type": "timeout", "at": T0})
    assert timeout(state, at=ROUND_END)["phase"] == "final_vote"


def test_only_the_game_master_calls_time():
    """A player sending a timeout is refused."""
    state = start(n=4, dealer=0, spy=1)
    refused(state, 0, {"type": "timeout", "at": ROUND_END + 1})


def test_voting_starts_with_the_dealer():
    """When time runs out the first suspect is the dealer; everyone else votes."""
    state = time_up(start(n=5, dealer=3, spy=0))
    shown = G.view(state, None)
    assert shown["phase"] == "final_vote"
    assert present(shown["vote"])["suspect"] == 3
    assert present(shown["vote"])["eligible"] == 4
    assert present(shown["vote"])["voted"] == 0
    assert G.to_act(state) == {0, 1, 2, 4}
    refused(state, 3, {"type": "vote", "guilty": False})
    assert G.deadline(state) == ROUND_END + 60


def test_voting_goes_clockwise_from_the_dealer():
    """Suspects follow seat order from the dealer, wrapping past the last seat."""
    state = time_up(start(n=5, dealer=3, spy=0))
    assert suspects_until_the_end(state) == [3, 4, 0, 1, 2]


def test_voting_skips_players_who_left():
    """A player who left is never a suspect."""
    state = start(n=5, dealer=1, spy=0)
    state = act(state, 3, {"type": "leave"})
    assert suspects_until_the_end(time_up(state)) == [1, 2, 4, 0]


def test_after_the_last_seat_the_spy_wins_two():
    """Nobody unanimously convicted: the spy scores 2, nobody else."""
    state = time_up(start(n=4, dealer=2, spy=1))
    while state["phase"] == "final_vote":
        state = time_up(state)
    assert state["result"]["how"] == "spy_survived"
    assert points(state) == [0, 2, 0, 0]


def test_not_unanimous_moves_to_the_next_suspect():
    """A vote with a "no" passes to the next seat with a fresh vote clock."""
    state = time_up(start(n=4, dealer=0, spy=1))
    state = votes(state, {1: True, 2: True, 3: False}, at=ROUND_END + 20)
    shown = G.view(state, None)
    assert present(shown["vote"])["suspect"] == 1
    assert present(shown["vote"])["voted"] == 0
    assert G.deadline(state) == ROUND_END + 20 + 60


def test_first_unanimous_yes_ends_the_voting():
    """A unanimous yes ends the round: the suspect is revealed and nobody else is voted on."""
    state = time_up(start(n=4, dealer=0, spy=1))
    state = votes(state, {1: False, 2: True, 3: True}, at=ROUND_END + 5)
    state = votes(state, {0: True, 2: True, 3: True}, at=ROUND_END + 10)
    assert state["phase"] == "round_over"
    assert state["result"]["convicted"] == 1
    assert state["result"]["cards"][1] == {"spy": True}


def test_votes_not_cast_by_the_deadline_count_as_no():
    """Two yes and one silent voter at the vote deadline is not unanimous."""
    state = time_up(start(n=4, dealer=0, spy=1))
    state = votes(state, {2: True, 3: True}, at=ROUND_END + 10)
    state = timeout(state, at=ROUND_END + 60)
    assert present(G.view(state, None)["vote"])["suspect"] == 1
    result = [e for e in G.view(state, None)["log"] if e["type"] == "vote_result"][-1]
    assert (result["suspect"], result["yes"], result["no"], result["convicted"]) == (0, 2, 1, False)


def test_nobody_voting_counts_as_all_no():
    """With no ballots at all, the vote clock ending convicts nobody."""
    state = time_up(start(n=3, dealer=0, spy=2))
    state = time_up(state)
    result = [e for e in G.view(state, None)["log"] if e["type"] == "vote_result"][-1]
    assert (result["yes"], result["no"]) == (0, 2)


def test_late_time_out_ballot_is_refused():
    """A time-out ballot stamped at or after that vote's deadline is refused."""
    state = time_up(start(n=4, dealer=0, spy=1))
    refused(state, 2, {"type": "vote", "guilty": True, "at": ROUND_END + 60})


def test_no_accusations_during_time_out_voting():
    """Once time has run out nobody can accuse."""
    state = time_up(start(n=4, dealer=0, spy=1))
    refused(state, 2, {"type": "accuse", "target": 1})
    assert not any(a["type"] == "accuse" for a in G.legal_actions(state, 2))


def test_suspect_leaving_moves_the_vote_on():
    """If the suspect leaves, the next seat clockwise becomes the suspect."""
    state = time_up(start(n=5, dealer=0, spy=4))
    state = votes(state, {1: True, 2: False, 3: True, 4: False}, at=ROUND_END + 1)
    assert present(G.view(state, None)["vote"])["suspect"] == 1
    state = act(state, 1, {"type": "leave", "at": ROUND_END + 2})
    assert present(G.view(state, None)["vote"])["suspect"] == 2
    assert present(G.view(state, None)["vote"])["eligible"] == 3


def test_a_voter_who_leaves_no_longer_counts():
    """After a voter leaves, the remaining unanimous yes convicts."""
    state = time_up(start(n=5, dealer=0, spy=0))
    state = votes(state, {1: True, 2: True, 3: True}, at=ROUND_END + 1)
    state = act(state, 4, {"type": "leave", "at": ROUND_END + 2})
    assert state["phase"] == "round_over"
    assert state["result"]["convicted"] == 0
    assert points(state) == [0, 1, 1, 1, 0]
