"""Phase 3, social cohesion: redistribute and its participation reward (rules/som.md, "Phase 3")."""

from __future__ import annotations

from tests.games.som.som_kit import (
    NO_GIFTS,
    G,
    act,
    at_cohesion,
    at_move,
    events,
    gifts,
    position,
    refused,
    types,
    waiting,
)


def cohesion(hand: list[str], participation: list[int] | None = None, pool: int | None = None) -> dict:
    return at_cohesion(position(hands={0: hand}, participation=participation, pool=pool), "generalitat")


def test_redistribute_ends_phase_three():
    """Submitting the gifts (even none) moves on to the citizen action."""
    s = cohesion(["health1", "roads1"])
    after = act(s, 0, NO_GIFTS)
    assert after["phase"] == "action" and waiting(after) == "move"
    assert events(s, after, "gifts")[0]["reward"] == 0


def test_a_service_earns_two_and_an_infrastructure_one():
    """From the pool when the recipients hold none."""
    s = cohesion(["health1", "roads1", "justice1"])
    after = act(s, 0, gifts(("health1", 1), ("roads1", 2)))
    assert after["participation"][0] == 3 and after["pool"] == 9


def test_the_reward_comes_first_from_the_recipient():
    """A recipient with 3 discs given 2 € hands over 2 of them."""
    s = cohesion(["health1", "justice1"], participation=[0, 3, 0, 0], pool=9)
    after = act(s, 0, gifts(("health1", 1)))
    assert after["participation"] == [2, 1, 0, 0] and after["pool"] == 9


def test_the_pool_is_limited():
    """Whatever the pool cannot cover is not received."""
    s = cohesion(["health1", "health2", "justice1"], participation=[0, 0, 11, 0], pool=1)
    after = act(s, 0, gifts(("health1", 1), ("health2", 3)))
    assert after["participation"][0] == 1 and after["pool"] == 0
    assert events(s, after, "gifts")[0]["from_pool"] == 1


def test_the_reward_does_not_depend_on_the_order_of_the_gifts():
    """Same gifts in another order, same participation everywhere."""
    s = cohesion(["health1", "roads1", "justice1"], participation=[0, 1, 2, 0], pool=2)
    one = act(s, 0, gifts(("health1", 1), ("roads1", 2)))
    other = act(s, 0, gifts(("roads1", 2), ("health1", 1)))
    assert one["participation"] == other["participation"] and one["pool"] == other["pool"]


def test_the_holder_keeps_at_least_one_disc():
    """Giving every disc is refused; a holder with none can only give nothing."""
    s = cohesion(["health1"])
    assert refused(s, 0, gifts(("health1", 1))).message_id == "som.keep_one_disc"
    assert G.legal_actions(s, 0) == [NO_GIFTS]
    empty = cohesion([])
    assert G.legal_actions(empty, 0) == [NO_GIFTS]


def test_gifts_go_to_other_players_once_each():
    """Not to oneself, not a disc twice, not someone else's disc."""
    s = cohesion(["health1", "roads1", "justice1"])
    assert refused(s, 0, gifts(("health1", 0))).message_id == "som.gift_to"
    assert refused(s, 0, gifts(("health1", 4))).message_id == "som.gift_to"
    assert refused(s, 0, gifts(("health1", 1), ("health1", 2))).message_id == "som.gift_twice"
    assert refused(s, 0, gifts(("health2", 1))).message_id == "som.gift_not_yours"
    assert refused(s, 0, {"type": "redistribute", "gifts": "health1"}).message_id == "core.bad_field"


def test_representative_redistributions():
    """No gift, every single gift, and all but one disc to each other player."""
    s = cohesion(["health1", "roads1", "justice1"])
    listed = [a["gifts"] for a in G.legal_actions(s, 0)]
    assert [] in listed
    assert [{"disc": "roads1", "to": 2}] in listed
    assert [{"disc": "justice1", "to": 3}, {"disc": "roads1", "to": 3}] in listed
    assert len(listed) == 1 + 3 * 3 + 3


def test_redistribution_happens_only_in_phase_three():
    """In phase 4 redistribute is refused."""
    s = at_move(position(hands={0: ["health1", "roads1"]}), "generalitat")
    assert refused(s, 0, gifts(("roads1", 1))).message_id == "som.not_now"
    assert "redistribute" not in types(s, 0)


def test_only_the_holder_redistributes():
    """Another player is refused."""
    s = cohesion(["health1", "roads1"])
    assert refused(s, 1, NO_GIFTS).message_id == "som.not_your_turn"
