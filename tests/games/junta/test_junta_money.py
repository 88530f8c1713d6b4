"""§3 money: banknotes, paying without change, gifts and discards, swaps, the aid deck (face-down
stack, face-up pile, recycling), and money hidden from everyone else (§13.15)."""

from __future__ import annotations

import json

from games.junta import GAME
from games.junta.common import cheapest_payment, exact_split
from tests.games.junta.junta_kit import FOUR, card, events, play, position, refused, waiting


def test_payability_examples():
    """§3.2: from [3, 3, 2]: {A: 5} yes, {A: 4} no, {A: 3, B: 3} yes, {A: 6, B: 2} yes."""
    assert exact_split([3, 3, 2], [5]) is not None
    assert exact_split([3, 3, 2], [4]) is None
    assert exact_split([3, 3, 2], [3, 3]) is not None
    assert exact_split([3, 3, 2], [6, 2]) == [[3, 3], [2]]
    assert exact_split([1, 1, 3], [2, 3]) is not None and exact_split([2, 2], [3]) is None


def test_cheapest_payment():
    assert cheapest_payment([3, 2, 1], 2) == [2]
    assert cheapest_payment([3, 3], 2) == [3]
    assert cheapest_payment([1], 2) is None


def test_paying_a_cost_gives_no_change_and_feeds_the_aid_pile():
    """A cost is paid with notes summing to at least it; the excess is lost; the notes lie face up."""
    s = position(4, phase=6, offices=FOUR, hands={1: ["asn_amateur"]}, money={1: [3, 1]},
                 locations={x: "home" for x in range(4)})
    up = list(s["aid_up"])
    s = play(s, 1, {"type": "declare_assassination", "assassin": card("asn_amateur"), "victim": 2,
                    "location": "home", "notes": [3]})
    assert s["money"][1] == [1] and s["aid_up"] == up + [3]
    t = position(4, phase=6, offices=FOUR, hands={1: ["asn_professional"]}, money={1: [1]},
                 locations={x: "home" for x in range(4)})
    refused(t, 1, {"type": "declare_assassination", "assassin": card("asn_professional"), "victim": 2,
                   "location": "home", "notes": [1]}, "junta.notes_too_few")
    refused(t, 1, {"type": "declare_assassination", "assassin": card("asn_professional"), "victim": 2,
                   "location": "home"}, "junta.cannot_pay")


def test_give_money_is_hidden_from_the_others():
    """§13.15: A gives B two notes: B sees them; everyone else sees only that A gave money to B."""
    s = position(4, phase=5, offices=FOUR, money={1: [3, 2, 1]})
    s = play(s, 1, {"type": "give_money", "to": 2, "notes": [3, 1]})
    assert s["money"][1] == [2] and s["money"][2] == [1, 3]
    assert events(s, "money_given") == [{"type": "money_given", "from": 1, "to": 2}]
    assert events(s, "money_given", 3) == [{"type": "money_given", "from": 1, "to": 2}]
    assert events(s, "money_given", 2)[0]["notes"] == [3, 1]
    public = json.dumps(GAME.view(s, None))
    assert "money" not in GAME.view(s, None) and '"notes"' not in public
    assert GAME.view(s, 2)["money"] == [1, 3] and GAME.view(s, 1)["money"] == [2]


def test_give_money_rules():
    s = position(4, phase=5, offices=FOUR, money={1: [3]}, dead=[2])
    refused(s, 1, {"type": "give_money", "to": 2, "notes": [3]}, "junta.recipient_dead")
    refused(s, 1, {"type": "give_money", "to": 1, "notes": [3]}, "junta.not_yourself")
    refused(s, 1, {"type": "give_money", "to": 3, "notes": [2]}, "junta.notes_not_held")
    refused(s, 1, {"type": "give_money", "to": 3, "notes": []}, "junta.bad_notes")
    refused(s, 1, {"type": "give_money", "to": 9, "notes": [3]}, "junta.bad_player")


def test_exiles_may_give_money_and_cards():
    s = position(4, phase=5, offices=FOUR, money={3: [2]}, hands={3: ["vote_riggers"]}, exile={3: "swiss_embassy"})
    s = play(s, 3, {"type": "give_money", "to": 1, "notes": [2]})
    s = play(s, 3, {"type": "give_card", "to": 1, "card": card("vote_riggers")})
    assert s["hands"][1] == [card("vote_riggers")]
    assert events(s, "card_given") == [{"type": "card_given", "from": 3, "to": 1}]


def test_discard_money_goes_face_up():
    s = position(4, phase=5, offices=FOUR, money={1: [3, 2]})
    up = len(s["aid_up"])
    s = play(s, 1, {"type": "discard_money", "notes": [2]})
    assert s["money"][1] == [3] and len(s["aid_up"]) == up + 1 and s["aid_up"][-1] == 2
    assert events(s, "money_discarded") == [{"type": "money_discarded", "seat": 1}]


def test_recycled_notes_can_be_drawn_again_up_to_the_limit():
    s = position(4, phase=5, offices=FOUR, money={1: [3, 2, 1]}, recycle_money=True, recycle_limit=2)
    bottom = list(s["aid_down"])
    s = play(s, 1, {"type": "discard_money", "notes": [3, 2, 1]})
    assert s["aid_down"][:2] == [2, 3] and s["aid_down"][2:] == bottom
    assert s["aid_up"][-1] == 1 and s["recycled"] == 2


def test_cards_no_gifts_in_phases_6_and_9():
    s = position(4, phase=6, offices=FOUR, hands={2: ["vote_riggers"]}, locations={x: "home" for x in range(4)})
    refused(s, 2, {"type": "give_card", "to": 1, "card": card("vote_riggers")}, "junta.no_card_gifts_now")
    s = play(s, 2, {"type": "discard_card", "card": card("vote_riggers")})  # discarding stays allowed


def test_swap_is_atomic_and_private():
    s = position(4, phase=5, offices=FOUR, money={1: [3], 2: [1, 1]}, hands={1: ["vote_riggers"]})
    s = play(s, 1, {"type": "offer_swap", "to": 2, "cards": [card("vote_riggers")], "notes": []})
    swap_id = s["swaps"][0]["id"]
    assert events(s, "swap_offered") == [] and events(s, "swap_offered", 2)[0]["cards"] == [card("vote_riggers")]
    refused(s, 1, {"type": "confirm_swap", "swap_id": swap_id}, "junta.not_your_swap")
    s = play(s, 2, {"type": "answer_swap", "swap_id": swap_id, "cards": [], "notes": [1, 1]})
    refused(s, 3, {"type": "cancel_swap", "swap_id": swap_id}, "junta.not_your_swap")
    s = play(s, 1, {"type": "confirm_swap", "swap_id": swap_id})
    assert s["hands"][2] == [card("vote_riggers")] and s["money"][1] == [1, 1, 3] and s["money"][2] == []
    assert events(s, "swapped") == [{"type": "swapped", "a": 1, "b": 2}]
    assert s["swaps"] == []


def test_swap_refused_when_no_longer_legal_and_cancel():
    s = position(4, phase=5, offices=FOUR, money={1: [3], 2: [1]}, hands={1: ["vote_riggers"]})
    s = play(s, 1, {"type": "offer_swap", "to": 2, "cards": [], "notes": [3]})
    s = play(s, 2, {"type": "answer_swap", "swap_id": 1, "cards": [], "notes": [1]})
    t = play(s, 2, {"type": "give_money", "to": 3, "notes": [1]})
    refused(t, 1, {"type": "confirm_swap", "swap_id": 1}, "junta.notes_not_held")
    u = play(s, 2, {"type": "cancel_swap", "swap_id": 1})
    assert u["swaps"] == [] and u["money"][1] == [3]


def test_the_aid_deck_size_is_never_shown():
    s = position(4, phase=4, offices=FOUR, money={0: [2]})
    for seat in (None, 0, 1):
        shown = GAME.view(s, seat)
        assert "aid_down" not in json.dumps(shown) and "aid_up" not in json.dumps(shown)
        assert not any(k.startswith("aid") for k in shown)


def test_swiss_account_is_never_lost():
    """A dead player's hand money goes to his killer; his Swiss account stays."""
    s = position(4, phase=6, offices=FOUR, hands={3: ["asn_professional"]}, money={3: [2], 2: [1]},
                 accounts={2: [3, 3]}, locations={x: "home" for x in range(4)})
    s = play(s, 1, {"type": "end_declarations"})
    s = play(s, 2, {"type": "end_declarations"})
    s = play(s, 3, {"type": "declare_assassination", "assassin": card("asn_professional"), "victim": 2,
                    "location": "home"})
    s = play(s, 3, {"type": "end_declarations"})
    s = play(s, 0, {"type": "end_declarations"})
    s = play(s, 2, {"type": "decline_protection"})
    assert s["accounts"][2] == [3, 3] and s["money"][3] == [1]
    assert waiting(s)[0] == "window"
