"""Votes (games/core/vote.py): eligible voters, changeable secret ballots, tallies."""

from __future__ import annotations

import copy
import json

import pytest

from games.core import IllegalAction
from games.core import vote as v


def cast_all(vote: dict, ballots: dict[int, object]) -> dict:
    for seat, choice in ballots.items():
        vote = v.cast(vote, seat, choice)
    return vote


def test_only_eligible_seats_vote():
    """A seat outside the eligible list, or the game master, cannot vote."""
    vote = v.open_vote(5, eligible=[0, 2, 3])
    with pytest.raises(IllegalAction):
        v.cast(vote, 1, True)
    with pytest.raises(IllegalAction):
        v.cast(vote, None, True)
    assert not v.can_vote(vote, 1)
    assert not v.can_vote(vote, None)
    assert v.can_vote(vote, 2)


def test_cast_returns_a_new_vote_and_leaves_the_old_one():
    """cast never changes the vote it is given."""
    vote = v.open_vote(3, eligible=[0, 1, 2])
    before = copy.deepcopy(vote)
    after = v.cast(vote, 1, True)
    assert vote == before
    assert after["ballots"][1] is True


def test_ballot_can_change_until_closed():
    """A voter may change their ballot while the vote is open; the last one counts."""
    vote = v.open_vote(3, eligible=[0, 1, 2])
    vote = v.cast(vote, 0, True)
    vote = v.cast(vote, 0, False)
    assert v.counts(vote) == {False: 1, None: 2}
    closed = v.close(vote)
    with pytest.raises(IllegalAction):
        v.cast(closed, 0, True)
    with pytest.raises(IllegalAction):
        v.cast(closed, 1, True)
    assert not v.can_vote(closed, 1)


def test_preset_ballot_is_fixed():
    """A preset ballot (an accuser's automatic yes) counts and cannot be changed."""
    vote = v.open_vote(4, eligible=[0, 1, 3], preset={3: True})
    assert v.voted(vote) == [3]
    assert not v.can_vote(vote, 3)
    with pytest.raises(IllegalAction):
        v.cast(vote, 3, False)
    vote = cast_all(vote, {0: True, 1: True})
    assert v.unanimous(vote, True)


def test_voted_waiting_and_complete():
    """voted/waiting_for split the eligible seats; complete once nobody is waiting."""
    vote = v.open_vote(4, eligible=[1, 2, 3])
    vote = v.cast(vote, 2, False)
    assert v.voted(vote) == [2]
    assert v.waiting_for(vote) == [1, 3]
    assert not v.is_complete(vote)
    vote = cast_all(vote, {1: True, 3: True})
    assert v.is_complete(vote)


def test_close_gives_non_voters_the_default():
    """Closing fills every missing ballot with the default and keeps cast ones."""
    vote = v.cast(v.open_vote(4, eligible=[0, 1, 2]), 1, True)
    closed = v.close(vote, default=False)
    assert closed["closed"] is True
    assert [closed["ballots"][s] for s in (0, 1, 2)] == [False, True, False]
    assert closed["ballots"][3] is None


def test_public_view_is_counts_only_while_open():
    """While open, the public view says how many voted, never who nor how."""
    a = cast_all(v.open_vote(4, eligible=[0, 1, 2, 3]), {0: True, 2: False})
    b = cast_all(v.open_vote(4, eligible=[0, 1, 2, 3]), {1: False, 3: True})
    assert v.public(a) == v.public(b)
    shown = v.public(a)
    assert shown["voted"] == 2
    assert shown["eligible"] == 4
    assert shown["closed"] is False
    assert "ballots" not in shown
    json.dumps(shown)


def test_public_view_shows_the_tally_once_closed():
    """After closing, the ballots are public."""
    vote = v.close(cast_all(v.open_vote(3, eligible=[0, 1, 2]), {0: True, 1: False}), default=False)
    shown = json.loads(json.dumps(v.public(vote)))
    assert shown["closed"] is True
    assert shown["ballots"] == {"0": True, "1": False, "2": False}


def test_unanimous():
    """Unanimous needs every eligible voter on the value, and at least one voter."""
    vote = cast_all(v.open_vote(4, eligible=[0, 1, 3]), {0: True, 1: True})
    assert not v.unanimous(vote, True)
    assert v.unanimous(v.cast(vote, 3, True), True)
    assert not v.unanimous(v.cast(vote, 3, False), True)
    assert not v.unanimous(v.open_vote(3, eligible=[]), True)


def test_majority_needs_more_than_half_of_eligible():
    """Majority is more than half of the eligible voters; abstentions count against."""
    five = v.open_vote(5, eligible=range(5))
    assert v.majority(cast_all(five, {0: "a", 1: "a", 2: "a", 3: "b"})) == "a"
    assert v.majority(cast_all(five, {0: "a", 1: "a", 2: "b", 3: "b"})) is None
    four = v.open_vote(4, eligible=range(4))
    assert v.majority(cast_all(four, {0: "a", 1: "a", 2: "b", 3: "b"})) is None
    assert v.majority(cast_all(four, {0: "a", 1: "a", 2: "a"})) == "a"
    assert v.majority(five) is None


def test_weighted_totals_by_seat_weight():
    """Each value gets the summed weight of the seats that chose it; abstainers add nothing."""
    vote = cast_all(v.open_vote(4, eligible=range(4)), {0: "yes", 1: "no", 3: "yes"})
    assert v.weighted(vote, [5, 2, 9, 1]) == {"yes": 6, "no": 2}
    assert v.weighted(vote, {0: 1.5, 1: 0.5, 2: 10.0, 3: 1.0}) == {"yes": 2.5, "no": 0.5}


def test_highest_bid_and_ties():
    """The top bid wins; tied seats are all returned; no bids means nobody."""
    vote = cast_all(v.open_vote(4, eligible=range(4)), {0: 3, 1: 7, 2: 7, 3: 1})
    assert v.highest_bid(vote) == ([1, 2], 7)
    single = cast_all(v.open_vote(3, eligible=range(3)), {0: 0, 2: 4})
    assert v.highest_bid(single) == ([2], 4)
    assert v.highest_bid(v.open_vote(3, eligible=range(3))) == ([], None)


def test_withdraw_voter_drops_their_eligibility_and_ballot():
    """A leaver no longer votes: their ballot is gone and the vote may complete without them."""
    vote = cast_all(v.open_vote(4, eligible=[0, 1, 2], preset={0: True}), {1: True})
    out = v.withdraw_voter(vote, 2)
    assert out["eligible"] == [0, 1]
    assert v.is_complete(out)
    assert v.unanimous(out, True)
    gone_fixed = v.withdraw_voter(vote, 0)
    assert 0 not in gone_fixed["eligible"]
    assert gone_fixed["ballots"][0] is None
    assert v.counts(gone_fixed) == {True: 1, None: 1}


def test_vote_survives_a_json_round_trip():
    """A vote is plain data: JSON round trip keeps it equal and usable."""
    vote = cast_all(v.open_vote(4, eligible=[0, 1, 3], preset={3: True}), {0: False})
    back = json.loads(json.dumps(vote))
    assert back == vote
    assert v.waiting_for(back) == [1]
    assert not v.can_vote(back, 3)
