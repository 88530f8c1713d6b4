"""A vote as JSON-ready data: eligible voters, one changeable ballot each, secret until closed.

Ballots are a list indexed by seat (None = not voted), so the data survives a JSON round trip.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from games.core.protocol import IllegalAction

Vote = dict[str, Any]


def open_vote(n_seats: int, eligible: Iterable[int], preset: dict[int, Any] | None = None) -> Vote:
    """A fresh vote; `preset` ballots (e.g. an accuser's automatic yes) are fixed."""
    eligible_seats = sorted(set(eligible))
    ballots: list[Any] = [None] * n_seats
    fixed: list[int] = []
    for seat, value in (preset or {}).items():
        ballots[seat] = value
        fixed.append(seat)
    return {"eligible": eligible_seats, "ballots": ballots, "fixed": sorted(fixed), "closed": False}


def can_vote(vote: Vote, seat: int | None) -> bool:
    return (
        seat is not None
        and not vote["closed"]
        and seat in vote["eligible"]
        and seat not in vote["fixed"]
    )


def cast(vote: Vote, seat: int | None, choice: Any) -> Vote:
    """Record or change a ballot; a new vote dict is returned."""
    if vote["closed"]:
        raise IllegalAction("core.vote_closed", "This vote is already closed.")
    if seat is None or seat not in vote["eligible"]:
        raise IllegalAction("core.vote_not_eligible", "You do not vote in this vote.")
    if seat in vote["fixed"]:
        raise IllegalAction("core.vote_fixed", "Your vote in this one is already counted.")
    ballots = list(vote["ballots"])
    ballots[seat] = choice
    return {**vote, "ballots": ballots}


def withdraw_voter(vote: Vote, seat: int) -> Vote:
    """A player who leaves no longer votes; their ballot is dropped."""
    ballots = list(vote["ballots"])
    ballots[seat] = None
    return {
        **vote,
        "eligible": [s for s in vote["eligible"] if s != seat],
        "fixed": [s for s in vote["fixed"] if s != seat],
        "ballots": ballots,
    }


def voted(vote: Vote) -> list[int]:
    return [s for s in vote["eligible"] if vote["ballots"][s] is not None]


def waiting_for(vote: Vote) -> list[int]:
    return [s for s in vote["eligible"] if vote["ballots"][s] is None]


def is_complete(vote: Vote) -> bool:
    return not waiting_for(vote)


def close(vote: Vote, default: Any = None) -> Vote:
    """Close the vote; whoever has not voted gets `default`."""
    ballots = list(vote["ballots"])
    for seat in vote["eligible"]:
        if ballots[seat] is None:
            ballots[seat] = default
    return {**vote, "ballots": ballots, "closed": True}


def counts(vote: Vote) -> dict[Any, int]:
    """How many eligible ballots chose each value (None = abstained)."""
    return dict(Counter(vote["ballots"][s] for s in vote["eligible"]))


def unanimous(vote: Vote, value: Any = True) -> bool:
    """Every eligible voter chose `value` (and there is at least one voter)."""
    return bool(vote["eligible"]) and all(vote["ballots"][s] == value for s in vote["eligible"])


def majority(vote: Vote) -> Any | None:
    """The value with more than half of the eligible ballots, or None."""
    needed = len(vote["eligible"]) // 2 + 1
    for value, count in counts(vote).items():
        if value is not None and count >= needed:
            return value
    return None


def weighted(vote: Vote, weights: dict[int, float] | list[float]) -> dict[Any, float]:
    """Total weight behind each value (a seat's weight: e.g. its votes in parliament)."""
    totals: dict[Any, float] = {}
    for seat in vote["eligible"]:
        value = vote["ballots"][seat]
        if value is not None:
            totals[value] = totals.get(value, 0) + weights[seat]
    return totals


def highest_bid(vote: Vote) -> tuple[list[int], Any]:
    """Secret bids: the seats that bid the most, and that amount (ties are for the game to break)."""
    bids = {s: vote["ballots"][s] for s in vote["eligible"] if vote["ballots"][s] is not None}
    if not bids:
        return [], None
    top = max(bids.values())
    return sorted(s for s, b in bids.items() if b == top), top


def public(vote: Vote) -> dict[str, Any]:
    """What everyone may see: how many voted, never who or how, until it is closed."""
    shown: dict[str, Any] = {
        "eligible": len(vote["eligible"]),
        "voted": len(voted(vote)),
        "closed": vote["closed"],
    }
    if vote["closed"]:
        shown["ballots"] = {str(s): vote["ballots"][s] for s in vote["eligible"]}
    return shown
