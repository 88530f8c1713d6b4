"""The spy reveals and guesses (rules/spyfall.md "How a round ends", 3, and the guess clock)."""

from __future__ import annotations

import pytest

from tests.games.spyfall.spyfall_testkit import ALL_IDS, T0, G, act, points, refused, start, time_up, timeout

ROUND_END = T0 + 8 * 60


def revealed(at: float = T0 + 100, **kw) -> dict:
    kw.setdefault("first_location", "submarine")
    return act(start(n=4, dealer=0, spy=2, **kw), 2, {"type": "reveal", "at": at})


def test_only_the_spy_may_reveal():
    """Reveal is offered to the spy alone; anyone else is refused."""
    state = start(n=4, dealer=0, spy=2)
    assert {"type": "reveal"} in G.legal_actions(state, 2)
    for seat in (0, 1, 3):
        assert {"type": "reveal"} not in G.legal_actions(state, seat)
        refused(state, seat, {"type": "reveal"})


def test_reveal_stops_the_round_and_starts_the_guess_clock():
    """The round clock stops; the spy's guess has vote_seconds to come."""
    state = revealed(at=T0 + 100, vote_seconds=45)
    shown = G.view(state, None)
    assert shown["phase"] == "spy_guess"
    assert shown["spy_revealed"] == 2
    assert shown["clock"]["deadline"] is None
    assert G.deadline(state) == T0 + 100 + 45


def test_spy_may_guess_any_location_from_the_public_list():
    """The spy's choices are all 30 locations; nobody else may guess."""
    state = revealed()
    guesses = [a["location"] for a in G.legal_actions(state, 2) if a["type"] == "guess"]
    assert guesses == ALL_IDS
    for seat in (0, 1, 3):
        assert G.legal_actions(state, seat) == [{"type": "leave"}]
        refused(state, seat, {"type": "guess", "location": "submarine"})


def test_right_guess_gives_the_spy_four():
    """The spy naming the location scores 4; nobody else scores."""
    state = act(revealed(), 2, {"type": "guess", "location": "submarine", "at": T0 + 110})
    assert points(state) == [0, 0, 4, 0]
    assert state["result"]["how"] == "spy_guessed"
    assert G.view(state, None)["scores"] == [0, 0, 4, 0]


def test_wrong_guess_gives_each_non_spy_one():
    """A wrong guess: every non-spy scores 1, the spy nothing."""
    state = act(revealed(), 2, {"type": "guess", "location": "pirate_ship", "at": T0 + 110})
    assert points(state) == [1, 1, 0, 1]
    assert state["result"]["how"] == "spy_guessed_wrong"


def test_guess_clock_running_out_counts_as_wrong():
    """No guess by the guess deadline is a wrong guess."""
    state = revealed(at=T0 + 100)
    refused(state, None, {"type": "timeout", "at": T0 + 159})
    state = timeout(state, at=T0 + 160)
    assert points(state) == [1, 1, 0, 1]
    assert state["phase"] == "round_over"


def test_late_guess_is_refused():
    """A guess stamped at or after the guess deadline is refused, even a right one."""
    state = revealed(at=T0 + 100)
    refused(state, 2, {"type": "guess", "location": "submarine", "at": T0 + 160})
    refused(state, 2, {"type": "guess", "location": "submarine", "at": T0 + 999})


@pytest.mark.parametrize("location", ["atlantis", "", None, 3, ["submarine"], {"id": "submarine"}])
def test_guess_must_be_a_listed_location(location):
    """A guess that is not one of the location ids is refused."""
    refused(revealed(), 2, {"type": "guess", "location": location})


def test_no_guess_without_a_reveal():
    """While the round is played the spy cannot guess without revealing first."""
    refused(start(n=4, dealer=0, spy=2), 2, {"type": "guess", "location": "submarine"})


def test_no_reveal_once_time_has_run_out():
    """The spy cannot reveal at or after the round clock's end, nor in the time-out votes."""
    state = start(n=4, dealer=0, spy=2)
    refused(state, 2, {"type": "reveal", "at": ROUND_END})
    refused(state, 2, {"type": "reveal", "at": ROUND_END + 30})
    voting = time_up(state)
    assert voting["phase"] == "final_vote"
    refused(voting, 2, {"type": "reveal"})
    assert {"type": "reveal"} not in G.legal_actions(voting, 2)


def test_no_second_reveal():
    """Revealing again during the guess is refused."""
    refused(revealed(), 2, {"type": "reveal"})
