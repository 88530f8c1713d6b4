"""Between rounds (rules/spyfall.md "A round", step 1, and "Votes in detail")."""

from __future__ import annotations

from games.spyfall.locations import BY_ID
from tests.games.spyfall.spyfall_testkit import T0, G, act, refused, start
from tests.support.present import present


def finished_round(vote_seconds: int = 60) -> dict:
    """Dealer 0, spy 2; the spy guesses right at T0 + 20."""
    state = start(n=4, dealer=0, spy=2, first_location="hospital", vote_seconds=vote_seconds)
    state = act(state, 2, {"type": "reveal", "at": T0 + 10})
    return act(state, 2, {"type": "guess", "location": "hospital", "at": T0 + 20})


def test_the_spy_deals_the_next_round():
    """After a round, the last round's spy is the dealer."""
    state = finished_round()
    assert G.view(state, None)["dealer"] == 2
    assert G.to_act(state) == {2}
    for seat in (0, 1, 3):
        refused(state, seat, {"type": "start_round", "at": T0 + 30})


def test_new_dealer_asks_first_in_the_next_round():
    """The next round starts with its dealer asking."""
    state = act(finished_round(), 2, {"type": "start_round", "at": T0 + 30}, 0)
    shown = G.view(state, None)
    assert (shown["phase"], shown["round"], shown["dealer"], shown["asker"]) == ("playing", 2, 2, 2)
    assert G.view(state, 0)["card"] == {"spy": True}


def test_round_over_shows_the_cards():
    """When the round is over, everyone may see the location and every card."""
    shown = G.view(finished_round(), None)
    assert present(shown["result"])["location"] == "hospital"
    assert present(shown["result"])["spy"] == 2
    assert present(shown["result"])["cards"][2] == {"spy": True}
    assert all(c["location"] == "hospital" for i, c in enumerate(present(shown["result"])["cards"]) if i != 2)
    # the scripted shuffle keeps the order: seats 0, 1 and 3 hold the hospital's first three role keys
    roles = BY_ID["hospital"].roles
    assert [c.get("role") for c in present(shown["result"])["cards"]] == [roles[0], roles[1], None, roles[2]]


def test_dealer_has_vote_seconds_to_start():
    """The deal clock is vote_seconds from the end of the round; time cannot be called earlier."""
    state = finished_round(vote_seconds=30)
    assert G.deadline(state) == T0 + 20 + 30
    refused(state, None, {"type": "timeout", "at": T0 + 49})


def test_after_the_deal_clock_anyone_may_start():
    """When the dealer has not started in time, the game master lets any player deal."""
    state = act(finished_round(vote_seconds=30), None, {"type": "timeout", "at": T0 + 50})
    assert G.view(state, None)["open_start"] is True
    assert G.to_act(state) == {0, 1, 2, 3}
    assert G.deadline(state) is None
    state = act(state, 3, {"type": "start_round", "at": T0 + 60}, 1)
    shown = G.view(state, None)
    assert shown["phase"] == "playing"
    assert shown["asker"] == shown["dealer"]
    assert shown["open_start"] is False


def test_no_second_start_while_a_round_runs():
    """start_round during a round is refused."""
    state = start(n=4, dealer=0, spy=2)
    refused(state, 0, {"type": "start_round"})
