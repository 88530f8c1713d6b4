"""§6 the political turn: Phase 1 draws and the hand limit, the aid, the budget (payability,
alternative budget, occupation of Parliament), locations, banking, the coup poll and Phase 9."""

from __future__ import annotations

from games.core.rng import ScriptedRng
from games.junta import GAME
from games.junta.driver import restart_timer, run
from tests.games.junta.junta_kit import (
    FOUR,
    alternative_budget_asked,
    card,
    events,
    fail_budget,
    pass_all,
    pass_budget,
    play,
    position,
    ready_all,
    refused,
    waiting,
)


def test_phase_1_draws_two_each_from_the_president():
    s = position(4, phase=1, president=2, offices=FOUR, exile={1: "swiss_embassy"})
    drawn = [e["seat"] for e in events(s, "cards_drawn")]
    assert drawn == [2, 3, 0]  # not the exile
    assert [len(h) for h in s["hands"]] == [2, 0, 2, 2]
    assert s["phase"] == 3 or waiting(s)[0] == "window"


def test_hand_limit_gift_cannot_go_back():
    """§13.10: A holds 7 and gives x to B, who now holds 7: B may discard or play x but not give it back."""
    seven = ["inf_radicals", "inf_peasants", "vote_riggers", "vote_caciques", "evt_student_petition",
             "don_secret_donation#1", "don_secret_donation#2"]
    six = ["vote_expatriates", "vote_dockworkers", "vote_refugees", "pre_carnival", "unt_students#1"]
    s = position(4, phase=1, step=1, president=0, offices=FOUR, hands={1: seven, 2: six + ["unt_students#2"]})
    assert waiting(s) == ("hand_limit", [1])
    s = play(s, 1, {"type": "give_card", "to": 2, "card": card("evt_student_petition")})
    assert waiting(s) == ("hand_limit", [2])  # the gift pushed B over the limit
    refused(s, 2, {"type": "give_card", "to": 1, "card": card("evt_student_petition")}, "junta.received_in_limit")
    refused(s, 2, {"type": "offer_swap", "to": 1, "cards": [card("evt_student_petition")], "notes": []},
            "junta.received_in_limit")
    s = play(s, 2, {"type": "give_card", "to": 3, "card": card("pre_carnival")})
    s = play(s, 2, {"type": "play_card", "card": card("evt_student_petition")})
    assert waiting(s)[0] == "window"  # everyone within the limit: Phase 2


def test_hand_limit_counts_influence_in_play_and_may_discard_it():
    s = position(4, phase=1, step=1, president=0, offices=FOUR,
                 hands={1: ["vote_riggers", "vote_caciques", "vote_refugees"]},
                 influence={1: ["inf_church", "inf_radicals", "inf_peasants", "inf_unions"]})
    assert waiting(s) == ("hand_limit", [1])
    s = play(s, 1, {"type": "discard_card", "card": card("inf_peasants")})
    assert card("inf_peasants") in s["discard"] and waiting(s)[0] == "window"
    refused(s, 1, {"type": "discard_card", "card": card("inf_church")}, "junta.influence_stays")


def test_phase_3_aid_and_the_end_of_the_aid():
    s = position(4, phase=3, president=1, offices={**FOUR, "interior": 0, "general_1": 0}, aid=[1] * 7 + [3])
    assert len(s["money"][1]) == 8 and s["aid_down"] == []
    assert events(s, "aid_drawn") == [{"type": "aid_drawn", "seat": 1, "count": 8}]
    assert events(s, "aid_drawn", 1)[0]["notes"] == [1] * 7 + [3]
    t = position(4, phase=3, president=1, offices={**FOUR, "interior": 0, "general_1": 0}, aid=[1] * 7,
                 accounts={2: [3], 3: [2, 1]})
    outcome = GAME.outcome(t)
    assert outcome is not None and outcome.reason == "aid_exhausted" and outcome.winners == [2, 3]


def test_budget_payability():
    """§13.2: from [3, 3, 2], {A: 4} is refused, {A: 5} and {A: 3, B: 3} accepted."""
    s = position(4, phase=4, money={0: [3, 3, 2]}, offices=FOUR)
    refused(s, 0, {"type": "propose_budget", "amounts": {"1": 4}}, "junta.budget_unpayable")
    refused(s, 0, {"type": "propose_budget", "amounts": {"0": 1}}, "junta.budget_self")
    play(s, 0, {"type": "propose_budget", "amounts": {"1": 5}})
    t = play(s, 0, {"type": "propose_budget", "amounts": {"1": 3, "2": 3}})
    assert events(t, "budget_proposed")[0]["amounts"] == {"1": 3, "2": 3}  # public
    refused(t, 0, {"type": "give_money", "to": 3, "notes": [3]}, "junta.budget_lock")
    play(t, 0, {"type": "give_money", "to": 3, "notes": [2]})  # the rest still pays it


def test_budget_passed_is_paid_exactly():
    s = position(4, phase=4, money={0: [3, 3, 2]}, offices=FOUR)
    s = play(s, 0, {"type": "propose_budget", "amounts": {"1": 3, "2": 3}})
    s = pass_budget(s)
    assert waiting(s) == ("budget:pay", [0])
    refused(s, 0, {"type": "pay_budget", "payments": {"1": [2], "2": [3]}}, "junta.bad_payments")
    s = play(s, 0, {"type": "pay_budget", "payments": {"1": [3], "2": [3]}})
    assert s["money"] == [[2], [3], [3], []] and s["bank"] == "open"
    assert events(s, "budget_paid")[0]["amounts"] == {"1": 3, "2": 3}
    assert "notes" not in events(s, "budget_paid")[0]


def test_budget_naming_a_killed_returnee_is_refused():
    """§13.13: a returnee killed by the Minister before Phase 4 is dead: a budget naming him is refused."""
    s = position(4, phase=4, money={0: [3, 2]}, offices=FOUR, exile={3: "swiss_embassy"})
    s = play(s, 3, {"type": "return_from_exile"})
    s = play(s, 1, {"type": "kill_returnee", "kill": True})
    s = play(s, 3, {"type": "decline_protection"})
    refused(s, 0, {"type": "propose_budget", "amounts": {"3": 2}}, "junta.budget_dead")


def test_rejected_budget_occupation_and_holiday():
    """A failed budget sets the pretext; the Minister occupies (paid, lunch) or not (holiday)."""
    s = position(4, phase=4, money={0: [3, 2]}, offices=FOUR)
    s = play(s, 0, {"type": "propose_budget", "amounts": {"2": 2}})
    s = fail_budget(s)
    assert s["pretext"] is True and waiting(s) == ("window", [0, 1, 2, 3])
    s = ready_all(s)
    assert waiting(s) == ("budget:occupy", [1])
    occupied = play(s, 1, {"type": "occupy_parliament", "occupy": True})
    assert waiting(occupied) == ("budget:pay", [0])
    occupied = play(occupied, 0, {"type": "pay_budget"})
    assert occupied["bank"] == "lunch" and occupied["occupied"] and occupied["money"][2] == [2]
    holiday = play(s, 1, {"type": "occupy_parliament", "occupy": False})
    assert holiday["bank"] == "holiday" and holiday["money"][0] == [2, 3]
    assert waiting(holiday)[0] == "locations"


def test_alternative_budget():
    """The President hands over all notes but one of his choice; the player proposes; if it fails and the
    Minister does not occupy, the player keeps the notes and the bank closes for the holiday."""
    s = position(4, phase=4, money={0: [3, 2, 1]}, offices=FOUR, hands={3: ["evt_alternative_budget"]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {"2": 2}})
    s = fail_budget(s)
    refused(s, 0, {"type": "play_card", "card": card("evt_alternative_budget")}, "junta.card_not_in_hand")
    s = play(s, 3, {"type": "play_card", "card": card("evt_alternative_budget")})
    assert waiting(s) == ("budget:keep", [0])
    s = play(s, 0, {"type": "keep_note", "note": 2})
    assert s["money"][0] == [2] and s["money"][3] == [1, 3]
    assert waiting(s) == ("budget:propose", [3])
    refused(s, 3, {"type": "propose_budget", "amounts": {"3": 1}}, "junta.budget_self")
    s = play(s, 3, {"type": "propose_budget", "amounts": {"0": 1, "1": 3}})
    passed = pass_budget(s)
    passed = play(passed, 3, {"type": "pay_budget"})
    assert passed["money"][0] == [1, 2] and passed["money"][1] == [3] and passed["bank"] == "open"
    failed = fail_budget(s)
    failed = play(failed, 1, {"type": "occupy_parliament", "occupy": False})
    assert failed["money"][3] == [1, 3] and failed["bank"] == "holiday"


def test_locations_are_secret_until_the_reveal():
    s = position(4, phase=5, offices=FOUR)
    s = play(s, 2, {"type": "choose_location", "location": "bank"})
    refused(s, 2, {"type": "choose_location", "location": "home"}, "junta.not_your_turn")
    assert GAME.view(s, None)["players"][2]["location"] is None
    assert GAME.view(s, 2)["location_choice"] == {"location": "bank"}
    assert "location" not in events(s, "location_chosen")[0]
    for seat in (0, 1, 3):
        s = play(s, seat, {"type": "choose_location", "location": "home"})
    assert GAME.view(s, None)["players"][2]["location"] is None
    assert s["location"][2] == "bank"


def at_banking(bank="open"):
    s = position(4, phase=7, offices=FOUR, money={2: [3, 1]}, accounts={2: [2]},
                 locations={0: "home", 1: "home", 2: "bank", 3: "bank"}, bank=bank)
    return s


def test_banking_deposits_and_withdrawals():
    s = at_banking()
    assert waiting(s) == ("banking", [2, 3])
    refused(s, 1, {"type": "deposit", "notes": [1]}, "junta.not_your_turn")
    s = play(s, 2, {"type": "deposit", "notes": [3, 1]})
    s = play(s, 2, {"type": "withdraw", "notes": [2]})
    refused(s, 2, {"type": "withdraw", "notes": [2]}, "junta.notes_not_held")
    assert s["accounts"][2] == [1, 3] and s["money"][2] == [2]
    assert events(s, "deposit") == [{"type": "deposit", "seat": 2}]
    s = play(s, 2, {"type": "end_banking"})
    s = play(s, 3, {"type": "end_banking"})
    assert s["phase"] == 8


def test_lunch_banking_in_phase_9_and_holiday_none():
    s = at_banking("lunch")
    assert s["phase"] == 8
    s = ready_all(s)
    s = pass_all(s, "coup_poll")
    assert waiting(s) == ("banking", [2, 3])
    t = at_banking("holiday")
    t = ready_all(t)
    t = pass_all(t, "coup_poll")
    assert t["turn"] == 2


def test_bank_holiday_in_the_before_banking_window():
    """§13.14: after the Phase 6 resolution the owner of Bankers plays Bank Holiday: no banking in 7 or 9."""
    s = position(4, phase=6, offices=FOUR, hands={2: ["evt_bank_holiday"]}, influence={2: ["inf_bankers"]},
                 locations={0: "home", 1: "home", 2: "bank", 3: "bank"}, bank="lunch")
    s = pass_all(s, "declarations")
    assert waiting(s)[0] == "window" and s["stack"][-1]["timing"] == "BEFORE_BANKING"
    s = play(s, 2, {"type": "play_card", "card": card("evt_bank_holiday")})
    assert s["bank"] == "holiday"
    for seat in range(4):
        s = play(s, seat, {"type": "ready"})
    assert s["phase"] == 8 and s["stack"][-1]["timing"] == "BEFORE_COUP"  # Phase 7 had no banking
    s = ready_all(s)  # nobody may start a coup; Phase 9 has no lunch banking either
    assert s["turn"] == 2 and not events(s, "bank_reopened")


def test_coup_poll_order_and_who_may_start():
    """The poll starts left of the President, asks only those who may start (pretext, or headquarters)."""
    s = position(4, phase=8, president=1, offices={**FOUR, "interior": 0, "general_1": 0},
                 locations={0: "home", 1: "home", 2: "headquarters", 3: "home"})
    s = ready_all(s)
    assert waiting(s) == ("coup_poll", [2])
    s = play(s, 2, {"type": "decline_coup"})
    assert s["turn"] == 2
    t = position(4, phase=8, president=1, offices={**FOUR, "interior": 0, "general_1": 0}, pretext=True,
                 locations={0: "home", 1: "home", 2: "headquarters", 3: "home"})
    t = ready_all(t)
    assert waiting(t) == ("coup_poll", [2])
    t = play(t, 2, {"type": "decline_coup"})
    assert waiting(t) == ("coup_poll", [3])
    t = play(t, 3, {"type": "decline_coup"})
    assert waiting(t) == ("coup_poll", [0])


def test_hq_and_pretext_option():
    s = position(4, phase=8, president=1, offices={**FOUR, "interior": 0, "general_1": 0}, pretext=True,
                 locations={0: "home", 1: "home", 2: "headquarters", 3: "home"}, coup_needs_hq_and_pretext=True)
    s = ready_all(s)
    assert waiting(s) == ("coup_poll", [2])
    s = play(s, 2, {"type": "decline_coup"})
    assert s["turn"] == 2


def test_pretext_card_before_the_coup():
    s = position(4, phase=8, president=1, offices={**FOUR, "interior": 0, "general_1": 0},
                 hands={3: ["pre_carnival"]}, locations={x: "home" for x in range(4)})
    s = play(s, 3, {"type": "play_card", "card": card("pre_carnival")})
    assert s["pretext"] is True
    s = ready_all(s)
    assert waiting(s) == ("coup_poll", [2])


def phase9(winner, rebels, sides, leader, n=4, **kw):
    """A position at Phase 9 after a coup with this result (the coup's binding fields)."""
    s = position(n, phase=0, **kw)
    s["phase"], s["phase_step"] = 9, 0
    s["coup"] = {"leader": leader, "rebels": rebels, "sides": {str(k): v for k, v in sides.items()},
                 "winner": winner, "over": True}
    run(s, ScriptedRng())
    restart_timer(s)
    return s


def test_firing_squad_after_the_presidents_victory():
    s = phase9("president", [False, False, True, False], {0: "president", 1: "president", 2: "rebels", 3: "rebels"},
               2, offices=FOUR, money={2: [3]})
    assert waiting(s) == ("firing_squad", [0])
    refused(s, 0, {"type": "firing_squad", "victim": 3}, "junta.bad_squad_victim")
    s = play(s, 0, {"type": "firing_squad", "victim": 2})
    assert waiting(s) == ("squad", [2]) and 2 in s["targets"]
    s = play(s, 2, {"type": "decline_protection"})
    assert s["money"][0] == [3] and s["turn"] == 2 and s["pretext"] is False


def test_nuncio_spares_the_victim():
    s = phase9("president", [False, False, True, False], {0: "president", 2: "rebels"}, 2, offices=FOUR,
               hands={2: ["evt_nuncio"]})
    s = play(s, 0, {"type": "firing_squad", "victim": 2})
    t = play(s, 2, {"type": "play_card", "card": card("evt_nuncio")})
    assert t["alive"][2] and events(t, "spared")


def test_junta_elects_and_the_new_president_orders_the_squad():
    """§4.4: rebels who chose the Rebels vote, one vote each, from the Rebel Leader; a tie is his."""
    s = phase9("rebels", [False, False, True, True], {0: "president", 1: "rebels", 2: "rebels", 3: "rebels"},
               2, offices=FOUR)
    assert waiting(s) == ("junta", [2])
    assert s["stack"][-1]["members"] == [2, 3]  # 1 chose the Rebels but was loyal
    s = play(s, 2, {"type": "junta_vote", "candidate": 2})
    s = play(s, 3, {"type": "junta_vote", "candidate": 3})
    assert waiting(s) == ("tiebreak", [2])
    s = play(s, 2, {"type": "break_tie", "choice": 3})
    assert s["president"] == 3
    assert s["offices"]["general_3"] == 0 and s["offices"]["air_force"] == 0  # the deposed President takes them
    assert waiting(s) == ("firing_squad", [3])
    assert s["stack"][-1]["eligible"] == [0, 1, 2]


def test_end_of_turn_revives_and_clears():
    s = phase9("president", [False, True, False, False], {0: "president", 1: "rebels"}, 1, offices=FOUR,
               dead=[2])
    s = play(s, 0, {"type": "firing_squad", "victim": None})
    assert all(s["alive"]) and s["coup"] is None and s["turn"] == 2
    assert s["last_coup"]["leader"] == 1


def test_burn_after_coup():
    s = phase9("president", [False, True, False, False], {0: "president", 1: "rebels"}, 1, offices=FOUR,
               burn_after_coup=True)
    down = len(s["aid_down"])
    s = play(s, 0, {"type": "firing_squad", "victim": None})
    assert len(s["aid_down"]) == down - 4 and len(s["aid_up"]) >= 4
    assert events(s, "aid_burned") and s["turn"] == 2


def test_alternative_budget_asks_the_president_whatever_he_holds():
    """junta_cards.md, evt_alternative_budget: "others learn that the handover took place, not how many
    notes (junta.md §11)"; §3.1: nobody may see another player's notes or their number. So who is
    asked to keep a note, the public view, the others' legal actions, the deadline and the public log
    are the same whether the President holds no note, one or three (issue 20, item 7)."""
    hands: tuple[list[int], ...] = ([], [2], [3, 2, 1])
    asked = [alternative_budget_asked(notes) for notes in hands]
    for s in asked:
        assert waiting(s) == ("budget:keep", [0]) and GAME.to_act(s) == {0}
    publics = [GAME.view(s, None) for s in asked]
    assert publics[0]["pending"] == {"type": "budget:keep", "seats": [0]}
    assert publics[1] == publics[0] and publics[2] == publics[0]
    assert len({GAME.deadline(s) for s in asked}) == 1
    for seat in (1, 2, 3):  # every other player's own view and choices too
        assert all(GAME.legal_actions(s, seat) == GAME.legal_actions(asked[0], seat) for s in asked)
        assert all(GAME.view(s, seat) == GAME.view(asked[0], seat) for s in asked)
    # His choices: each value he holds; with one note that note, with none a keep of nothing.
    assert [a for a in GAME.legal_actions(asked[0], 0) if a["type"] == "keep_note"] == [
        {"type": "keep_note", "note": None}]
    assert [a for a in GAME.legal_actions(asked[1], 0) if a["type"] == "keep_note"] == [
        {"type": "keep_note", "note": 2}]
    assert [a["note"] for a in GAME.legal_actions(asked[2], 0) if a["type"] == "keep_note"] == [1, 2, 3]
    refused(asked[0], 0, {"type": "keep_note", "note": 2}, "junta.keep_nothing_held")
    refused(asked[1], 0, {"type": "keep_note", "note": None}, "junta.bad_note")
    refused(asked[1], 0, {"type": "keep_note", "note": 3}, "junta.bad_note")
    # The answer: the handover is logged for everyone in the same words, whatever moved.
    answered = [play(asked[0], 0, {"type": "keep_note", "note": None}),
                play(asked[1], 0, {"type": "keep_note", "note": 2}),
                play(asked[2], 0, {"type": "keep_note", "note": 3})]
    assert [s["money"][0] for s in answered] == [[], [2], [3]]
    assert [s["money"][3] for s in answered] == [[], [], [1, 2]]
    for s in answered:
        assert waiting(s) == ("budget:propose", [3])
        assert events(s, "money_handed") == [{"type": "money_handed", "from": 0, "to": 3,
                                              "why": "alternative_budget"}]
    assert [events(s, "money_handed", 3)[0]["notes"] for s in answered] == [[], [], [1, 2]]
    publics = [GAME.view(s, None) for s in answered]
    assert publics[1] == publics[0] and publics[2] == publics[0]


def test_alternative_budget_keep_note_times_out_the_same_way():
    """Time running out keeps his highest note (none when he holds none); the step and its clock do not
    depend on his hand."""
    for notes, kept in (([], []), ([1], [1]), ([1, 3, 2], [3])):
        s = alternative_budget_asked(notes)
        assert GAME.deadline(s) is not None
        s = play(s, None, {"type": "timeout", "at": GAME.deadline(s)})
        assert s["money"][0] == kept and waiting(s) == ("budget:propose", [3])
        assert events(s, "timeout")[-1] == {"type": "timeout", "seats": [0], "decision": "budget:keep"}
