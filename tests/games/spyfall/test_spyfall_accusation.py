"""Accusations (rules/spyfall.md "How a round ends", 2, and "Votes in detail")."""

from __future__ import annotations

import pytest

from tests.games.spyfall.spyfall_testkit import T0, G, accuse, act, refused, start, timeout, vote, votes
from tests.support.present import present

MINUTES = 8
ROUND_END = T0 + 60 * MINUTES


def test_any_player_may_accuse_any_other():
    """In play every player may accuse each other player still in the game."""
    state = start(n=4, dealer=0, spy=1)
    for seat in range(4):
        targets = sorted(a["target"] for a in G.legal_actions(state, seat) if a["type"] == "accuse")
        assert targets == [t for t in range(4) if t != seat]


def test_one_accusation_per_player_per_round():
    """After a failed accusation the same player cannot accuse again this round."""
    state = start(n=4, dealer=0, spy=1)
    state = accuse(state, 2, 3, at=T0 + 10)
    state = votes(state, {0: False, 1: False}, at=T0 + 20)
    assert state["phase"] == "playing"
    refused(state, 2, {"type": "accuse", "target": 1})
    refused(state, 2, {"type": "accuse", "target": 3})
    assert not any(a["type"] == "accuse" for a in G.legal_actions(state, 2))
    assert G.view(state, None)["accused"] == [False, False, True, False]
    state = accuse(state, 0, 3, at=T0 + 30)
    assert state["phase"] == "accusation"


def test_accusation_is_renewed_each_round():
    """A player who accused in one round may accuse again in the next."""
    state = start(n=4, dealer=0, spy=1, rounds=3)
    state = accuse(state, 2, 1, at=T0 + 10)
    state = votes(state, {0: True, 3: True}, at=T0 + 20)
    assert state["phase"] == "round_over"
    state = act(state, 1, {"type": "start_round", "at": T0 + 30}, 0)
    assert any(a["type"] == "accuse" for a in G.legal_actions(state, 2))
    state = accuse(state, 2, 3, at=T0 + 40)
    assert state["phase"] == "accusation"


@pytest.mark.parametrize("target", [0, None, 4, -1, "2", True, 2.0])
def test_accusation_target_must_be_another_player(target):
    """Accusing oneself or something that is not another player's seat is refused."""
    refused(start(n=4, dealer=0, spy=1), 0, {"type": "accuse", "target": target})


def test_cannot_accuse_a_player_who_left():
    """A player who left cannot be accused."""
    state = act(start(n=5, dealer=0, spy=1), 4, {"type": "leave"})
    refused(state, 2, {"type": "accuse", "target": 4})
    assert {"type": "accuse", "target": 4} not in G.legal_actions(state, 2)


def test_accusation_pauses_the_clock():
    """The round clock stops at the accusation, keeping the time that was left."""
    state = accuse(start(n=4, dealer=0, spy=1), 2, 3, at=T0 + 100)
    clock = G.view(state, None)["clock"]
    assert clock["deadline"] is None
    assert clock["paused_remaining"] == ROUND_END - (T0 + 100)
    assert G.deadline(state) == T0 + 100 + 60


def test_clock_resumes_with_the_time_left_after_a_failed_vote():
    """When the vote fails the round clock restarts with what was left at the accusation."""
    state = accuse(start(n=4, dealer=0, spy=1), 2, 3, at=T0 + 100)
    state = votes(state, {0: True, 1: False}, at=T0 + 145)
    assert state["phase"] == "playing"
    remaining = ROUND_END - (T0 + 100)
    assert G.deadline(state) == T0 + 145 + remaining
    assert G.view(state, None)["clock"] == {"deadline": T0 + 145 + remaining, "paused_remaining": None}


def test_clock_resumes_after_the_vote_clock_runs_out():
    """A vote that times out also gives back the paused round time."""
    state = accuse(start(n=4, dealer=0, spy=1), 2, 3, at=T0 + 200)
    state = timeout(state, at=T0 + 260)
    assert state["phase"] == "playing"
    assert G.deadline(state) == T0 + 260 + (ROUND_END - (T0 + 200))


def test_accusers_vote_is_an_automatic_yes():
    """The accuser has voted yes already and cannot change it."""
    state = accuse(start(n=4, dealer=0, spy=1), 2, 3, at=T0 + 10)
    assert present(G.view(state, None)["vote"])["voted"] == 1
    assert present(G.view(state, 2)["vote"])["my_ballot"] is True
    assert present(G.view(state, 2)["vote"])["can_vote"] is False
    assert not any(a["type"] == "vote" for a in G.legal_actions(state, 2))
    refused(state, 2, {"type": "vote", "guilty": False})
    state = votes(state, {0: True, 1: True})
    assert state["result"]["convicted"] == 3


def test_everyone_but_the_accused_votes():
    """The accused may not vote; all the others may."""
    state = accuse(start(n=5, dealer=0, spy=1), 2, 3, at=T0 + 10)
    refused(state, 3, {"type": "vote", "guilty": False})
    assert present(G.view(state, None)["vote"])["eligible"] == 4
    assert G.to_act(state) == {0, 1, 4}


def test_unanimous_accusation_ends_the_round_and_reveals():
    """A unanimous yes ends the round at once and the accused's card is shown."""
    state = accuse(start(n=4, dealer=0, spy=1, first_location="school"), 2, 3, at=T0 + 10)
    state = votes(state, {0: True, 1: True}, at=T0 + 15)
    assert state["phase"] == "round_over"
    shown = G.view(state, None)
    assert present(shown["result"])["convicted"] == 3
    assert present(shown["result"])["cards"][3]["location"] == "school"
    assert present(shown["result"])["location"] == "school"


def test_accusation_that_is_not_unanimous_lets_the_round_continue():
    """One "no" is enough for the round to go on where it stopped."""
    state = start(n=5, dealer=0, spy=1)
    state = act(state, 0, {"type": "ask", "target": 4})
    state = accuse(state, 2, 1, at=T0 + 10)
    state = votes(state, {0: True, 3: True, 4: False}, at=T0 + 20)
    shown = G.view(state, None)
    assert shown["phase"] == "playing"
    assert shown["asker"] == 4
    assert shown["asked_by"] == 0
    assert shown["scores"] == [0] * 5


def test_ballot_can_be_changed_until_the_tally():
    """A voter's last ballot before everyone has voted is the one counted."""
    state = accuse(start(n=5, dealer=0, spy=1), 0, 1, at=T0 + 10)
    state = vote(state, 2, False)
    state = vote(state, 2, True)
    state = votes(state, {3: True, 4: True})
    assert state["result"]["convicted"] == 1
    again = accuse(start(n=5, dealer=0, spy=1), 0, 1, at=T0 + 10)
    again = vote(again, 2, True)
    again = vote(again, 2, False)
    again = votes(again, {3: True, 4: True})
    assert again["phase"] == "playing"


def test_vote_is_secret_until_the_tally():
    """While voting, the public view says how many voted, never who or how."""
    state = accuse(start(n=5, dealer=0, spy=1), 0, 1, at=T0 + 10)
    a = vote(state, 2, True)
    b = vote(state, 3, False)
    assert G.view(a, None)["vote"] == G.view(b, None)["vote"]
    assert present(G.view(a, None)["vote"])["voted"] == 2
    assert "ballots" not in present(G.view(a, None)["vote"])
    assert present(G.view(a, 4)["vote"])["my_ballot"] is None
    assert present(G.view(a, 2)["vote"])["my_ballot"] is True


def test_tally_shows_the_counts():
    """After the vote the log holds the yes and no counts."""
    state = accuse(start(n=5, dealer=0, spy=1), 0, 1, at=T0 + 10)
    state = votes(state, {2: True, 3: False, 4: True}, at=T0 + 12)
    result = [e for e in G.view(state, None)["log"] if e["type"] == "vote_result"][-1]
    assert (result["yes"], result["no"], result["convicted"]) == (3, 1, False)


def test_vote_must_be_yes_or_no():
    """A ballot other than true/false is refused."""
    state = accuse(start(n=4, dealer=0, spy=1), 0, 1, at=T0 + 10)
    for guilty in (None, "yes", 1, 0):
        refused(state, 2, {"type": "vote", "guilty": guilty})


def test_no_accusation_during_a_vote():
    """Nobody can accuse while an accusation vote is running."""
    state = accuse(start(n=4, dealer=0, spy=1), 0, 1, at=T0 + 10)
    refused(state, 3, {"type": "accuse", "target": 2})


def test_spy_cannot_reveal_during_an_accusation_vote():
    """Neither as the accused nor while another player is accused can the spy reveal."""
    on_spy = accuse(start(n=4, dealer=0, spy=1), 0, 1, at=T0 + 10)
    refused(on_spy, 1, {"type": "reveal"})
    assert {"type": "reveal"} not in G.legal_actions(on_spy, 1)
    on_other = accuse(start(n=4, dealer=0, spy=1), 0, 2, at=T0 + 10)
    refused(on_other, 1, {"type": "reveal"})
    assert {"type": "reveal"} not in G.legal_actions(on_other, 1)


def test_spy_may_reveal_after_surviving_an_accusation():
    """Once the vote fails, the spy may reveal later in the round."""
    state = accuse(start(n=4, dealer=0, spy=1), 0, 1, at=T0 + 10)
    state = votes(state, {2: False, 3: True}, at=T0 + 20)
    state = act(state, 1, {"type": "reveal", "at": T0 + 30})
    assert state["phase"] == "spy_guess"


def test_no_accusation_once_time_has_run_out():
    """An accusation stamped at or after the end of the round clock is refused."""
    state = start(n=4, dealer=0, spy=1)
    refused(state, 2, {"type": "accuse", "target": 1, "at": ROUND_END})
    refused(state, 2, {"type": "accuse", "target": 1, "at": ROUND_END + 5})


def test_accusation_vote_timeout_counts_missing_votes_as_no():
    """At the vote deadline whoever has not voted counts as "no": not unanimous."""
    state = accuse(start(n=4, dealer=0, spy=1), 0, 1, at=T0 + 10)
    state = votes(state, {2: True}, at=T0 + 20)
    refused(state, None, {"type": "timeout", "at": T0 + 69})
    state = timeout(state, at=T0 + 70)
    assert state["phase"] == "playing"
    result = [e for e in G.view(state, None)["log"] if e["type"] == "vote_result"][-1]
    assert (result["yes"], result["no"]) == (2, 1)


def test_late_vote_is_refused():
    """A ballot stamped at or after the vote deadline does not count."""
    state = accuse(start(n=4, dealer=0, spy=1), 0, 1, at=T0 + 10)
    state = votes(state, {2: True}, at=T0 + 20)
    refused(state, 3, {"type": "vote", "guilty": True, "at": T0 + 70})
    refused(state, 3, {"type": "vote", "guilty": True, "at": T0 + 500})
