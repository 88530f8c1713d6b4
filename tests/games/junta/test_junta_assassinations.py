"""§7 assassinations: declarations, the reveal, the resolution order, the seed's examples of §7.5,
the Secret Police and its bank rule (§13.1), each assassin card, protection and the money of the dead."""

from __future__ import annotations

import pytest

from games.junta import GAME
from tests.games.junta.junta_kit import card, events, play, position, refused, waiting

OFFICES = {"interior": 3, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 1, "air_force": 2}
A, B, C = 1, 2, 3  # Andrea, Bruno, Carlo; seat 0 is the President


def phase6(locations=None, **kw):
    kw.setdefault("offices", OFFICES)
    locs = {0: "home", 1: "mistress", 2: "night_club", 3: "headquarters"}
    locs.update(locations or {})
    return position(4, phase=6, president=0, locations=locs, **kw)


def declare(s, seat, assassin, victim, location="mistress", **extra):
    return play(s, seat, {"type": "declare_assassination", "assassin": assassin, "victim": victim,
                          "location": location, **extra})


def end(s, seat):
    return play(s, seat, {"type": "end_declarations"})


def run_declarations(s, plan):
    """plan: seat → list of (assassin, victim, location); every declarer in turn, then end."""
    for _ in range(8):
        name, seats = waiting(s)
        if name != "declarations":
            return s
        seat = seats[0]
        for assassin, victim, location in plan.get(seat, []):
            s = declare(s, seat, assassin, victim, location)
        s = end(s, seat)
    return s


def decline(s):
    name, seats = waiting(s)
    assert name == "protect"
    return play(s, seats[0], {"type": "decline_protection"})


def test_minister_declares_first_then_clockwise():
    """The Minister (special abilities usable) declares first, then clockwise once round the table."""
    s = phase6()
    assert waiting(s) == ("declarations", [3])
    s = end(s, 3)
    assert waiting(s) == ("declarations", [0])
    s = end(s, 0)
    s = end(s, 1)
    s = end(s, 2)
    assert waiting(s)[0] == "window"  # BEFORE_BANKING
    assert GAME.view(s, None)["players"][1]["location"] == "mistress"  # revealed


def test_without_a_usable_minister_the_president_declares_first():
    s = phase6(exile={3: "swiss_embassy"}, locations={3: None})
    assert waiting(s) == ("declarations", [0])


@pytest.mark.parametrize("example", [1, 2, 3, 4])
def test_the_seeds_examples(example):
    """§7.5: Andrea, Bruno and Carlo declare in this order; every location right, every assassin hits,
    nobody protects himself. Andrea is the Minister, so the order is Andrea, Bruno, Carlo, President."""
    plan = {
        1: {A: [("asn_professional#1", B)], C: [("asn_foreign#1", B)]},
        2: {A: [("asn_professional#1", B)], B: [("asn_professional#2", A)]},
        3: {A: [("asn_professional#1", B)], B: [("asn_professional#2", C)]},
        4: {B: [("asn_professional#2", A)], C: [("asn_foreign#1", B)]},
    }[example]
    where = {A: "mistress", B: "night_club", C: "headquarters"}
    s = phase6(hands={A: ["asn_professional#1"], B: ["asn_professional#2"], C: ["asn_foreign"]},
               money={A: [3, 1], B: [2, 2, 1], C: [3, 3, 1]},
               offices={"interior": A, "general_1": A, "general_2": B, "general_3": C, "admiral": B, "air_force": C})
    for seat in (A, B, C):
        assert waiting(s) == ("declarations", [seat])
        for assassin, victim in plan.get(seat, []):
            s = declare(s, seat, assassin, victim, where[victim])
        s = end(s, seat)
    before = [list(m) for m in s["money"]]  # after the costs were paid
    aid_before = len(s["aid_up"])
    s = end(s, 0)
    while waiting(s)[0] == "protect":
        s = decline(s)
    died = [(e["seat"], e["money_to"]) for e in events(s, "died")]
    lost = sorted(s["aid_up"][aid_before:])
    if example == 1:
        assert died == [(B, A)]
        assert s["money"][A] == sorted(before[A] + before[B])
        assert [a["result"] for a in s["attempts"]] == ["killed", "no_victim"]
        assert s["money"][C] == before[C]  # Carlo's card and its cost are spent
    elif example == 2:
        assert died == [(B, A), (A, None)]
        assert s["money"][A] == [] and s["money"][B] == []
        assert lost == sorted(before[A] + before[B])  # both fortunes to the aid deck
    elif example == 3:
        assert died == [(B, A), (C, None)]
        assert s["money"][A] == sorted(before[A] + before[B])
        assert lost == sorted(before[C])
    else:
        assert died == [(A, B), (B, C)]
        assert s["money"][C] == sorted(before[C] + before[A] + before[B])
    assert s["pretext"] is True


def test_target_restrictions_and_own_declaration():
    """A named victim is a target: no gifts or card plays, but on his own turn he still declares."""
    s = phase6(hands={0: ["asn_professional"], 1: ["asn_amateur", "don_secret_donation"]}, money={0: [2], 1: [1, 1]},
               offices={"interior": 2, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 1, "air_force": 3})
    assert waiting(s) == ("declarations", [2])
    s = end(s, 2)
    s = end(s, 3)
    s = declare(s, 0, "asn_professional#1", 1, "mistress")
    assert 1 in s["targets"]
    refused(s, 1, {"type": "give_money", "to": 3, "notes": [1]}, "junta.you_are_target")
    refused(s, 1, {"type": "play_card", "card": card("don_secret_donation")}, "junta.you_are_target")
    s = end(s, 0)
    s = declare(s, 1, "asn_amateur#1", 0, "home")  # still declares, paying the cost
    assert s["money"][1] == [1]


def test_victim_must_be_active_with_a_location():
    s = phase6(hands={3: ["asn_professional"]}, money={3: [2]}, exile={2: "swiss_embassy"}, locations={2: None})
    refused(s, 3, {"type": "declare_assassination", "assassin": "asn_professional#1", "victim": 2,
                   "location": "home"}, "junta.bad_victim")
    refused(s, 3, {"type": "declare_assassination", "assassin": "asn_professional#1", "victim": 3,
                   "location": "home"}, "junta.bad_victim")
    refused(s, 0, {"type": "end_declarations"}, "junta.not_your_turn")


def test_amateur_rolls_and_misses_on_low():
    """The Amateur needs the right location and a 4-6."""
    s = phase6(hands={3: ["asn_amateur#1", "asn_amateur#2"]}, money={3: [1, 1]})
    s = declare(s, 3, "asn_amateur#1", 1, "mistress")
    s = declare(s, 3, "asn_amateur#2", 2, "night_club")
    s = end(s, 3)
    s = end(s, 0)
    s = end(s, 1)
    s = play(s, 2, {"type": "end_declarations"}, rolls=[3, 4])
    assert [a["result"] for a in s["attempts"]] == ["missed", None]
    assert waiting(s) == ("protect", [2])


def test_wrong_location_misses():
    s = phase6(hands={3: ["asn_professional"]}, money={3: [2]})
    s = declare(s, 3, "asn_professional#1", 1, "bank")
    for seat in (3, 0, 1, 2):
        s = end(s, seat)
    assert s["attempts"][0]["result"] == "missed" and s["alive"][1]
    assert s["pretext"] is False


def test_secret_police_once_and_the_bonus_card():
    """The Minister's free attempt, plus one per Bonus card (cost 2)."""
    s = phase6(hands={3: ["evt_secret_police_extra"]}, money={3: [3]})
    s = declare(s, 3, "secret_police", 1, "mistress")
    refused(s, 3, {"type": "declare_assassination", "assassin": "secret_police", "victim": 2,
                   "location": "night_club"}, "junta.secret_police_used")
    s = play(s, 3, {"type": "play_card", "card": card("evt_secret_police_extra")})
    assert s["money"][3] == []
    s = declare(s, 3, "secret_police", 2, "night_club")
    assert len(s["attempts"]) == 2
    refused(s, 1, {"type": "declare_assassination", "assassin": "secret_police", "victim": 2,
                   "location": "night_club"}, "junta.not_your_turn")


def test_bank_shooting_rule():
    """§13.1: a Secret Police attempt at the bank in turn 3 → in turn 4 no Secret Police attempt may name
    the bank (even under another Minister), an amateur may; in turn 5 the Secret Police may again."""
    s = phase6(turn=3, locations={1: "home"})
    s = declare(s, 3, "secret_police", 1, "bank")
    for seat in (3, 0, 1, 2):
        s = end(s, seat)
    assert s["attempts"][0]["result"] == "missed"
    assert s["bank_safe_until"] == 4
    for turn, safe in ((4, True), (5, False)):
        t = phase6(turn=turn, hands={3: ["asn_amateur"]}, money={3: [1]},
                   offices={"interior": 3, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 1,
                            "air_force": 2})
        t["bank_safe_until"] = s["bank_safe_until"]
        action = {"type": "declare_assassination", "assassin": "secret_police", "victim": 1, "location": "bank"}
        if safe:
            refused(t, 3, action, "junta.bank_safe")
            declare(t, 3, "asn_amateur#1", 1, "bank")
            assert GAME.view(t, None)["markers"]["bank_safe"] is True
        else:
            declare(t, 3, "secret_police", 1, "bank")


def test_bank_rule_set_even_when_the_victim_is_already_dead():
    s = phase6(hands={0: ["asn_professional"]}, money={0: [2]},
               offices={"interior": 3, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 1, "air_force": 2},
               locations={1: "bank"})
    s = declare(s, 3, "secret_police", 1, "bank")
    s = end(s, 3)
    s = end(s, 0)
    s = end(s, 1)
    s = end(s, 2)
    s = decline(s)  # the Secret Police kills him at the bank
    assert s["bank_safe_until"] == 2


def test_protection_cards():
    """Bribe the Assassin (cost 2) or the Monarchist Assassin (needs Monarchists) makes a hit fail."""
    s = phase6(hands={3: ["asn_professional#1", "asn_professional#2"], 1: ["brb_assassin"], 2: ["asn_monarchist"]},
               money={3: [2, 2], 1: [3]}, influence={2: ["inf_monarchists"]})
    s = declare(s, 3, "asn_professional#1", 1, "mistress")
    s = declare(s, 3, "asn_professional#2", 2, "night_club")
    for seat in (3, 0, 1, 2):
        s = end(s, seat)
    assert waiting(s) == ("protect", [1])
    s = play(s, 1, {"type": "play_card", "card": card("brb_assassin")})
    assert s["money"][1] == [] and s["alive"][1]  # 3M paid for a 2M cost: no change
    assert waiting(s) == ("protect", [2])
    s = play(s, 2, {"type": "play_card", "card": card("asn_monarchist")})
    assert [a["result"] for a in s["attempts"]] == ["protected", "protected"]
    assert s["pretext"] is False


def test_psychotic_assassin():
    """Pre-roll 1-3 proceeds, 4-5 nothing, 6 then 4-6 turns on its player (money to the aid deck)."""
    for rolls, result, dead in (([2], "killed", 1), ([5], "nothing", None), ([6, 2], "nothing", None),
                                ([6, 5], "backfired", 3)):
        s = phase6(hands={3: ["asn_psychotic"]}, money={3: [3, 1], 1: [2]})
        s = declare(s, 3, "asn_psychotic#1", 1, "mistress")
        for seat in (3, 0, 1):
            s = end(s, seat)
        s = play(s, 2, {"type": "end_declarations"}, rolls=rolls)
        if dead is not None:
            assert waiting(s) == ("protect", [dead])
            s = decline(s)
            assert not s["alive"][dead]
        assert s["attempts"][0]["result"] == result
        if dead == 3:
            assert s["money"][3] == [] and s["money"][1] == [2]
            assert events(s, "died")[0]["money_to"] is None and s["pretext"] is True


def test_burglars():
    """Burglars: if the victim is away from home he hands over at least 2M of his choice."""
    s = phase6(hands={3: ["asn_burglars"]}, money={1: [3, 1, 1]})
    refused(s, 3, {"type": "declare_assassination", "assassin": "asn_burglars#1", "victim": 1,
                   "location": "bank"}, "junta.burglars_no_location")
    s = play(s, 3, {"type": "declare_assassination", "assassin": "asn_burglars#1", "victim": 1})
    for seat in (3, 0, 1, 2):
        s = end(s, seat)
    assert waiting(s) == ("surrender", [1])
    refused(s, 1, {"type": "surrender_notes", "notes": [1]}, "junta.surrender_too_few")
    s = play(s, 1, {"type": "surrender_notes", "notes": [1, 1]})
    assert s["money"][3] == [1, 1] and s["money"][1] == [3]
    assert s["pretext"] is False and s["attempts"][0]["result"] == "burgled"
    assert events(s, "burgled") == [{"type": "burgled", "victim": 1, "to": 3}]
    assert events(s, "burgled", 3)[0]["notes"] == [1, 1]


def test_burglars_find_the_victim_home():
    s = phase6(hands={3: ["asn_burglars"]}, money={0: [3]})
    s = play(s, 3, {"type": "declare_assassination", "assassin": "asn_burglars#1", "victim": 0})
    for seat in (3, 0, 1, 2):
        s = end(s, seat)
    assert s["attempts"][0]["result"] == "safe_home" and s["money"][0] == [3]


def test_foreign_assassin_forbidden_to_president_and_minister():
    s = phase6(hands={3: ["asn_foreign"], 0: ["asn_professional"]}, money={3: [1]})
    refused(s, 3, {"type": "declare_assassination", "assassin": "asn_foreign#1", "victim": 1,
                   "location": "mistress"}, "junta.foreign_forbidden")


def test_bankers_save_one_million_once_per_turn():
    """Bankers cover 1M of an assassin's cost, once per turn."""
    s = phase6(hands={3: ["asn_professional#1", "asn_professional#2"]}, money={3: [1, 2]},
               influence={3: ["inf_bankers"]})
    s = play(s, 3, {"type": "declare_assassination", "assassin": "asn_professional#1", "victim": 1,
                    "location": "mistress", "notes": [1]})
    refused(s, 3, {"type": "declare_assassination", "assassin": "asn_professional#2", "victim": 2,
                   "location": "home", "notes": [1]})
    s = declare(s, 3, "asn_professional#2", 2, "home", notes=[2])
    assert s["money"][3] == []


def test_president_death_brings_an_election():
    """A President killed in Phase 6: the election after all attempts, opened to his left."""
    s = phase6(hands={3: ["asn_professional"]}, money={3: [2], 0: [3]})
    s = declare(s, 3, "asn_professional#1", 0, "home")
    for seat in (3, 0, 1, 2):
        s = end(s, seat)
    s = decline(s)
    assert not s["alive"][0] and s["money"][3] == [3]
    assert waiting(s) == ("vote:turns", [1])
    assert events(s, "election")[-1]["cause"] == "death"
