"""Money: paying and making change (rules/som.md, "Money: paying and making change").

Taxes are the simplest payments to set up: at the start of the holder's turn every other player
pays 1 € (in seat order from the one after the holder) and the holder 2 €, to the Hisenda.
"""

from __future__ import annotations

from games.som.common import HISENDA
from games.som.payments import auto_payment, change_options, pay_options
from tests.games.som.som_kit import (
    FACE,
    G,
    act,
    at_move,
    at_turn,
    discs_conserved,
    events,
    position,
    refused,
    step,
    value,
    waiting,
)
from tests.support.present import present

BLUE = FACE["blue"]  # 0 €, moves Blue: a roll that changes no money


def two_players(mode: str = "A", payer: list[str] | None = None, holder: list[str] | None = None,
                hisenda: list[str] | None = None) -> dict:
    """Pink (seat 0) holds the Generalitat; Blue (seat 1) pays 1 € of tax first."""
    return position(2, mode=mode, colours=["pink", "blue"],
                    hands={0: holder or ["justice1", "justice2"], 1: payer or []}, hisenda=hisenda)


def blue_paid(before: dict, after: dict) -> dict:
    return [e for e in events(before, after, "paid") if e["payer"] == 1][0]


def test_exact_payment_in_mode_a_is_automatic_twos_first():
    """Kinds do not matter: 2 € discs first, as many as fit, then 1 € discs, lowest id first."""
    assert auto_payment(["roads1", "health2", "health1", "forests1"], 3, False) == ["health1", "forests1"]
    assert auto_payment(["roads1", "forests1", "housing1"], 2, False) == ["forests1", "housing1"]
    assert auto_payment(["health1", "health2", "roads1"], 4, False) == ["health1", "health2"]
    s = two_players(payer=["roads2", "forests1", "health1"])
    after = at_turn(s, 0, BLUE)
    assert blue_paid(s, after)["ones"] == 1 and after["hands"][1] == ["health1", "roads2"]


def test_pay_choice_is_asked_when_kinds_matter():
    """In mode B a payer with two kinds that can pay is asked which, with one option per kind."""
    s = two_players("B", payer=["roads2", "forests1", "health1"])
    after = at_turn(s, 0)
    assert waiting(after) == "pay" and G.to_act(after) == {1}
    assert [a["discs"] for a in G.legal_actions(after, 1)] == [["forests1"], ["roads2"]]
    view = G.view(after, None)
    payment = present(view["payment"])
    assert payment["payer"] == 1 and payment["due"] == 1 and payment["reason"] == "tax"
    paid = act(after, 1, {"type": "pay", "discs": ["roads2"]}, BLUE)
    assert paid["hands"][1] == ["forests1", "health1"] and "roads2" in paid["hisenda"]


def test_pay_is_not_asked_when_every_choice_hands_over_the_same_kinds():
    """Two forests discs are one choice: no question."""
    s = two_players("B", payer=["forests1", "forests2", "health1"])
    after = at_turn(s, 0, BLUE)
    assert waiting(after) == "cohesion" and after["hands"][1] == ["forests2", "health1"]


def test_pay_options_are_every_distinct_choice_of_kinds():
    """2 € from a health, a roads and a forests disc: health, or roads + forests."""
    assert sorted(pay_options(["health1", "roads1", "forests1"], 2, False)) == [["forests1", "roads1"], ["health1"]]
    assert sorted(pay_options(["health1", "health2", "education1"], 4, False)) == [
        ["education1", "health1"], ["health1", "health2"]]
    assert pay_options(["health1", "roads1"], 3, False) == [["health1", "roads1"]]
    assert pay_options(["health1", "roads1", "roads2"], 4, True) == []


def test_payment_that_does_not_add_up_is_refused():
    """The discs must total exactly the amount due, and be the payer's own."""
    after = at_turn(two_players("B", payer=["roads2", "forests1", "health1"]), 0)
    assert refused(after, 1, {"type": "pay", "discs": ["health1"]}).message_id == "som.pay_wrong_total"
    assert refused(after, 1, {"type": "pay", "discs": ["roads1"]}).message_id == "som.not_your_disc"
    assert refused(after, 1, {"type": "pay", "discs": ["roads2", "roads2"]}).message_id == "som.bad_discs"
    assert refused(after, 1, {"type": "pay", "discs": "roads2"}).message_id == "core.bad_field"
    assert refused(after, 0, {"type": "pay", "discs": ["justice1"]}).message_id == "som.not_your_turn"


def test_breaking_a_coin_with_the_hisenda():
    """No 1 € disc for an odd amount: the 2 € disc goes to the Hisenda for two random 1 € discs."""
    s = two_players(payer=["health1"], hisenda=["roads1", "forests1", "education1"])
    after = at_turn(s, 0, BLUE)
    change = events(s, after, "change")[0]
    assert (change["payer"], change["changer"], change["broken"]) == (1, HISENDA, None)
    assert sorted(change["received"]) == ["forests1", "roads1"]
    assert value(after, 1) == 1 and "health1" in after["hisenda"]


def test_hisenda_change_needs_two_ones_then_the_holder_gives_it():
    """With one 1 € coin in the Hisenda, the holder (with two 1 € discs) breaks the coin."""
    s = two_players(payer=["health1"], holder=["justice1", "roads1", "roads2"], hisenda=["forests1"])
    after = at_turn(s, 0, BLUE)
    change = events(s, after, "change")[0]
    assert (change["changer"], change["broken"], change["received"]) == (0, "health1", ["roads1", "roads2"])


def test_then_the_other_players_in_seat_order_from_the_holder_skipping_the_payer():
    """Holder without 1 € pairs: the first player after the holder (not the payer) with two gives change."""
    s = position(4, colours=["pink", "lilac", "orange", "blue"], holder=0,
                 hands={0: ["justice1", "justice2"], 1: ["health1"], 2: ["roads1", "roads2", "education1"],
                        3: ["forests1", "forests2", "education2"]},
                 hisenda=["mossos1"])
    after = at_turn(s, 0, BLUE)
    lilac = [e for e in events(s, after, "change") if e["payer"] == 1][0]
    assert lilac["changer"] == 2 and lilac["broken"] == "health1"


def test_no_change_giver_means_paying_one_euro_more_in_twos():
    """Nobody holds two 1 € discs: N + 1 € in 2 € discs, no change."""
    s = two_players(payer=["health1", "health2"], holder=["justice1", "justice2"], hisenda=["forests1"])
    after = at_turn(s, 0, BLUE)
    paid = blue_paid(s, after)
    assert (paid["amount"], paid["handed"], paid["twos"], paid["ones"]) == (1, 2, 1, 0)
    assert not events(s, after, "change")


def test_overpay_choice_in_mode_b_takes_twos_only():
    """In mode B the overpaying player picks which 2 € disc; a 1 € disc is refused."""
    s = two_players("B", payer=["health1", "education1"], holder=["justice1", "justice2"], hisenda=["forests1"])
    after = at_turn(s, 0)
    assert waiting(after) == "pay" and present(G.view(after, None)["payment"])["overpay"]
    assert [a["discs"] for a in G.legal_actions(after, 1)] == [["education1"], ["health1"]]
    assert refused(after, 1, {"type": "pay", "discs": ["health1", "education1"]}).message_id == "som.pay_wrong_total"
    done = act(after, 1, {"type": "pay", "discs": ["education1"]}, BLUE)
    assert done["hands"][1] == ["health1"]


def test_break_coin_is_asked_for_two_kinds_of_2_euro_discs():
    """Mode B: a payer with a health and an education disc (no 1 €) chooses which to break."""
    s = two_players("B", payer=["health1", "education1"], hisenda=["roads1", "forests1"])
    after = at_turn(s, 0)
    assert waiting(after) == "break_coin" and G.to_act(after) == {1}
    assert G.legal_actions(after, 1) == [{"type": "break_coin", "disc": "education1"},
                                         {"type": "break_coin", "disc": "health1"}]
    assert refused(after, 1, {"type": "break_coin", "disc": "roads1"}).message_id == "som.break_not_two"
    broken = act(after, 1, {"type": "break_coin", "disc": "health1"})
    # The Hisenda's two coins are forests and roads: Blue now chooses which one to pay.
    assert waiting(broken) == "pay" and "health1" in broken["hisenda"]
    done = act(broken, 1, {"type": "pay", "discs": ["forests1"]}, BLUE)
    assert done["hands"][1] == ["education1", "roads1"]


def test_give_change_is_asked_of_a_player_change_giver_with_a_choice():
    """Mode B: the holder giving change with roads, forests and housing chooses the two discs."""
    s = two_players("B", payer=["health1"], holder=["justice1", "roads1", "forests1", "housing1"],
                    hisenda=["education1"])
    after = at_turn(s, 0)
    assert waiting(after) == "give_change" and G.to_act(after) == {0}
    assert [a["discs"] for a in G.legal_actions(after, 0)] == [
        ["forests1", "housing1"], ["forests1", "roads1"], ["housing1", "roads1"]]
    assert refused(after, 0, {"type": "give_change", "discs": ["justice1", "roads1"]}).message_id == \
        "som.change_two_ones"
    given = act(after, 0, {"type": "give_change", "discs": ["roads1", "housing1"]})
    assert waiting(given) == "pay" and given["hands"][1] == ["housing1", "roads1"]
    assert "health1" in given["hands"][0]


def test_change_options_by_kinds():
    """Pairs of kinds among the 1 € discs, a kind twice only when held twice."""
    assert change_options(["roads1", "roads2", "forests1"]) == [["forests1", "roads1"], ["roads1", "roads2"]]
    assert change_options(["roads1", "health1"]) == []


def test_the_hisenda_pays_twos_first_and_breaks_a_random_coin_when_needed():
    """3 € from a Hisenda with only 2 € discs: it breaks one with the holder's 1 € discs, then pays 2 + 1."""
    s = position(2, colours=["pink", "blue"], hands={0: ["roads1", "roads2", "justice1"], 1: ["health3"]},
                 hisenda=["health1", "health2"], cards={"B2": "turisme"})
    s = at_move(s, "generalitat")
    after = act(s, 0, step("B2"))
    change = events(s, after, "change")[0]
    assert (change["payer"], change["changer"], change["received"]) == (HISENDA, 0, None)
    paid = events(s, after, "paid")[0]
    assert (paid["payer"], paid["payee"], paid["twos"], paid["ones"]) == (HISENDA, 0, 1, 1)
    assert value(after, 0) == 4 + 3 and value(after, HISENDA) == 1


def test_payments_into_the_hisenda_are_reported_by_value_only():
    """The log names the discs a player receives, not those the Hisenda does."""
    s = two_players(payer=["roads1", "health1"])
    after = at_turn(s, 0, FACE["generalitat"])
    into = [e for e in events(s, after, "paid") if e["payee"] == HISENDA]
    assert into and all(e["discs"] is None and e["ones"] + 2 * e["twos"] == e["handed"] for e in into)
    out = [e for e in events(s, after, "paid") if e["payer"] == HISENDA][0]
    assert out["discs"] and out["handed"] == 2


def test_discs_are_conserved_through_payments():
    """Every payment moves discs, never makes or loses them."""
    s = two_players(payer=["health1"], holder=["justice1", "roads1", "roads2"])
    assert discs_conserved(s)
    assert discs_conserved(at_turn(s, 0, FACE["pink"]))
