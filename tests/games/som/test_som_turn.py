"""A turn's automatic phases: taxation and transfer, and passing the turn (rules/som.md, "A turn")."""

from __future__ import annotations

import pytest

from games.som.cards import ATC_CARD
from games.som.common import HISENDA
from tests.games.som.som_kit import (
    FACE,
    NO_GIFTS,
    STOP,
    G,
    act,
    at_cohesion,
    at_turn,
    events,
    position,
    step,
    value,
    waiting,
)
from tests.support.present import present

RICH = {0: ["justice1", "justice2"], 1: ["health1", "health2"], 2: ["education1", "education2"],
        3: ["mossos1", "mossos2"]}


def test_taxes_in_seat_order_from_after_the_holder_holder_last():
    """Holder Orange (seat 2): Blue, Pink, Lilac pay 1 € each, then Orange 2 € as one payment."""
    s = position(holder=2, hands=RICH)
    after = at_turn(s, 2, FACE["blue"])
    assert [(e["payer"], e["amount"]) for e in events(s, after, "paid")] == [(3, 1), (0, 1), (1, 1), (2, 2)]
    assert all(e["payee"] == HISENDA and e["reason"] == "tax" for e in events(s, after, "paid"))


def test_taxes_with_the_atc_go_to_the_holder():
    """While the ATC is face up the others pay the holder, who pays the Hisenda 1 €."""
    s = position(holder=1, hands=RICH, face_up=[ATC_CARD])
    after = at_turn(s, 1, FACE["blue"])
    assert [(e["payer"], e["payee"], e["amount"]) for e in events(s, after, "paid")] == [
        (2, 1, 1), (3, 1, 1), (0, 1, 1), (1, HISENDA, 1)]


def test_a_citizen_who_cannot_pay_tax_intervenes_the_generalitat():
    """Any player short of the tax ends the game at once; everybody loses."""
    hands = dict(RICH)
    hands[3] = []
    s = position(holder=0, hands=hands)
    after = at_turn(s, 0)
    outcome = G.outcome(after)
    assert outcome is not None and (outcome.reason, outcome.winners) == ("intervened", [])
    assert after["result"]["debtor"] == 3
    assert not events(s, after, "rolled")  # it ended during taxation
    assert G.to_act(after) == set() and G.legal_actions(after, 0) == []


def test_the_holder_short_of_two_euros_intervenes_it_too():
    """The holder pays 2 € (tax and territorial solidarity): 1 € is not enough."""
    hands = dict(RICH)
    hands[0] = ["roads1"]
    outcome = G.outcome(at_turn(position(holder=0, hands=hands), 0))
    assert outcome is not None and outcome.reason == "intervened"


@pytest.mark.parametrize(("face", "number"), [("generalitat", 2), ("pink", 4), ("lilac", 4), ("orange", 2),
                                              ("blue", 0), ("everyone", 0)])
def test_the_transfer_pays_the_die_number_to_the_holder(face, number):
    """The Hisenda pays the holder the face's number; the face is kept for phase 4."""
    s = position(holder=0, hands=RICH)
    after = at_turn(s, 0, FACE[face])
    transfer = [e for e in events(s, after, "paid") if e["reason"] == "transfer"]
    assert [e["amount"] for e in transfer] == ([number] if number else [])
    assert value(after, 0) == 4 - 2 + number
    assert after["die"] == face and waiting(after) == "cohesion"
    assert present(G.view(after, None)["die"])["number"] == number


def test_a_hisenda_that_cannot_pay_the_transfer_declares_independence():
    """DUI, provoked by the holder."""
    s = position(holder=0, hands=RICH, hisenda=[])
    after = at_turn(s, 0, FACE["pink"])  # the Hisenda got 5 € of taxes, owes 4 €: it can pay
    assert G.outcome(after) is None
    s = position(holder=0, hands=RICH, hisenda=[], face_up=[ATC_CARD])
    after = at_turn(s, 0, FACE["pink"])  # with the ATC it got 1 €
    outcome = G.outcome(after)
    assert outcome is not None and outcome.reason == "dui" and after["result"]["provoker"] == 0


def test_the_turn_passes_to_the_next_player_with_new_taxes():
    """After the last movement the marker goes to the next seat, whose taxes run at once."""
    s = at_cohesion(position(holder=3, hands=RICH, cards={"B2": "castells"}, citizens="A1"), "generalitat")
    s = act(s, 3, NO_GIFTS)
    s = act(s, 3, step("B2"))
    before = s
    s = act(s, 3, STOP, FACE["blue"])
    ended = events(before, s, "turn_ended")[0]
    assert (ended["seat"], ended["next"], ended["why"]) == (3, 0, "rotation")
    assert s["holder"] == 0 and s["turn"] == 2 and s["die"] == "blue"
    assert [e["payer"] for e in events(before, s, "paid")] == [1, 2, 3, 0]


def test_per_turn_flags_reset_each_turn():
    """Health and justice used flags start false every turn."""
    s = position(holder=0, hands=RICH)
    s["used"] = {"health": True, "justice": True}
    assert at_turn(s, 1, FACE["blue"])["used"] == {"health": False, "justice": False}
