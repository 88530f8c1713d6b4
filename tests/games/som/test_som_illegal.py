"""Illegal input (docs/engine-contract.md, "Refusals"): each is refused with its message id, the state unchanged."""

from __future__ import annotations

import pytest

from games.som.common import MAX_STEPS
from tests.games.som.som_kit import (
    STOP,
    G,
    act,
    at_cohesion,
    at_move,
    at_turn,
    bid,
    gifts,
    play,
    position,
    refused,
    step,
)


def moving() -> dict:
    return at_move(position(), "generalitat")


def test_an_illegal_move():
    """Two cells away, off the board, or a 41st step (a card already stood on is a legal step)."""
    assert refused(moving(), 0, step("C3")).message_id == "som.cell_not_neighbour"
    assert refused(moving(), 0, step("I9")).message_id == "som.no_such_cell"
    act(act(moving(), 0, step("B2")), 0, step("A1"))
    s = position(mode="B", hands={0: ["justice1"], 1: ["health1", "health2", "health3"]},
                 cards={"B1": "impost_de_successions"})
    s = at_move(s, "generalitat")
    s["movement"]["steps"] = MAX_STEPS - 1
    landed = act(s, 0, step("B1"))  # the 40th step, onto Impost de successions: the effect keeps it waiting
    refusal = refused(landed, 0, step("A1"))
    assert refusal.message_id == "som.step_limit" and refusal.params == {"count": MAX_STEPS}


def test_giving_away_the_last_disc():
    """The holder keeps at least one public-management disc."""
    s = at_cohesion(position(hands={0: ["health1", "roads1"]}), "generalitat")
    assert refused(s, 0, gifts(("health1", 1), ("roads1", 2))).message_id == "som.keep_one_disc"


def test_a_bid_above_ones_discs():
    """Refused, and the bid can still be made."""
    s = position(mode="C", hands={0: ["mossos1"], 1: ["health1"], 2: ["health2"], 3: ["health3"]},
                 cards={"B2": "sufragi_universal"}, participation=[1, 1, 1, 1], pool=8)
    s = act(at_move(s, "generalitat"), 0, step("B2"))
    s = play(s, (0, {"type": "call_elections"}), (1, {"type": "stand", "stand": False}),
             (2, {"type": "stand", "stand": False}), (3, {"type": "stand", "stand": False}))
    assert refused(s, 2, bid(2)).message_id == "som.bid_range"
    assert refused(s, 2, {"type": "bid"}).message_id == "core.missing_field"
    act(s, 2, bid(1))


def test_a_payment_that_does_not_add_up():
    """Mode B: Blue owes 1 € and offers 2 €."""
    s = position(2, mode="B", colours=["pink", "blue"],
                 hands={0: ["justice1", "justice2"], 1: ["health1", "roads1", "forests1"]})
    s = at_turn(s, 0)
    assert refused(s, 1, {"type": "pay", "discs": ["health1"]}).message_id == "som.pay_wrong_total"
    assert refused(s, 1, {"type": "pay", "discs": ["roads1", "forests1"]}).message_id == "som.pay_wrong_total"


@pytest.mark.parametrize("action", [step("B2"), STOP, gifts(), bid(0), {"type": "place_start", "cell": "A1"}])
def test_acting_out_of_turn(action):
    """Any seat but the one to act is refused, naming whose turn it is."""
    refusal = refused(moving(), 2, action)
    assert refusal.message_id == "som.not_your_turn"
    assert refusal.params == {"player": {"seat": 0}}


@pytest.mark.parametrize(("seat", "message_id"), [(None, "som.not_playing"), (4, "core.not_a_seat"),
                                                   (-1, "core.not_a_seat"), (True, "core.not_a_seat")])
def test_only_seated_players_act(seat, message_id):
    """The game master (None) and seats not at the table cannot act: there are no automatic actions."""
    assert refused(moving(), seat, step("B2")).message_id == message_id
    assert G.legal_actions(moving(), None) == []


@pytest.mark.parametrize("action", [None, "move", ["move_citizen"], {}, {"type": 3}])
def test_not_an_action(action):
    """Something without a string type is not an action."""
    assert refused(moving(), 0, action).message_id == "core.not_an_action"


@pytest.mark.parametrize("kind", ["timeout", "leave", "roll", "__init__", "_do_bid"])
def test_unknown_action_types(kind):
    """Types outside the rules' actions are refused, the type named back."""
    refusal = refused(moving(), 0, {"type": kind})
    assert refusal.message_id == "core.no_such_action" and refusal.params == {"action": kind}


@pytest.mark.parametrize("action", [gifts(), {"type": "pay", "discs": []}, {"type": "call_elections"},
                                    {"type": "protect_urn", "discs": []}, bid(0)])
def test_the_wrong_action_at_the_right_seat(action):
    """The seat to act, but not this kind of action now: the refusal says what is expected."""
    refusal = refused(moving(), 0, action)
    assert refusal.message_id == "som.not_now"
    assert refusal.params == {"hint": {"msg": "som.hint.move", "params": {}}}


def test_extra_fields_are_ignored():
    """A player field and the table's stamp do not change an action."""
    after = act(moving(), 0, {**step("B2"), "player": 0, "at": 12.5})
    assert after["citizens"][0] == "B2"
