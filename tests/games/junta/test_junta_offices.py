"""§5 offices: holding limits, the President's cousin, death, exile, return from exile (the Minister's
kill), resignation and every change of President."""

from __future__ import annotations

import pytest

from games.junta import GAME
from games.junta.driver import run
from games.junta.readers import assignment_problem, office_assignments
from tests.games.junta.junta_kit import FOUR, card, events, pass_all, play, position, ready_all, refused, vote, waiting
from tests.support.present import present


def at_assign(n=4, **kw):
    s = position(n, phase=2, **kw)
    return ready_all(s)


def assign(s, assignment):
    return play(s, s["president"], {"type": "assign_offices", "assignment": assignment})


def test_assignment_limits():
    """§5.2: no office for the President, at most two each and one generalship, everyone gets one."""
    s = at_assign(4)
    assert waiting(s) == ("assign", [0])
    refused(s, 0, {"type": "assign_offices", "assignment": {**FOUR, "admiral": 0}}, "junta.assign_president")
    refused(s, 0, {"type": "assign_offices", "assignment": {**FOUR, "general_2": 1}}, "junta.assign_too_many")
    refused(s, 0, {"type": "assign_offices", "assignment": {**FOUR, "air_force": 1}}, "junta.assign_too_many")
    refused(s, 0, {"type": "assign_offices", "assignment": {"interior": 1}}, "junta.bad_assignment")
    s = assign(s, FOUR)
    assert s["offices"] == FOUR
    assert waiting(s)[0] == "budget:propose"  # Phase 3 drew the aid, Phase 4 asks the President
    assert len(s["money"][0]) == 8
    left_out = {"interior": 1, "general_1": 1, "general_2": 2, "general_3": 3, "admiral": 2, "air_force": 3}
    t = at_assign(5)
    refused(t, 0, {"type": "assign_offices", "assignment": left_out}, "junta.assign_left_out")


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_every_listed_assignment_is_legal(n):
    """The listed assignments all pass §5.2 (the default one first)."""
    s = at_assign(n)
    listed = GAME.legal_actions(s, 0)
    assignments = [a["assignment"] for a in listed if a["type"] == "assign_offices"]
    assert assignments and all(assignment_problem(s, a) is None for a in assignments)
    assert assignments[0] == office_assignments(s)[0]


def test_seven_players_exile_gets_a_vacant_office_and_the_cousin_takes_it():
    """§13.7: with 7 players and one in exile, he receives one office, vacant; the cousin may take it."""
    s = at_assign(7, exile={4: "swiss_embassy"})
    assignment = {"interior": 1, "general_1": 2, "general_2": 3, "general_3": 4, "admiral": 5, "air_force": 6}
    s = assign(s, assignment)
    view = GAME.view(s, None)
    assert view["vacant"] == ["general_3"] and view["controllers"]["general_3"] is None
    s = play(s, 0, {"type": "claim_cousin_office", "office": "general_3"})
    assert GAME.view(s, None)["controllers"]["general_3"] == 0
    refused(s, 0, {"type": "claim_cousin_office", "office": "admiral"}, "junta.cousin_busy")


def test_cousin_only_on_vacant_and_released_in_phase_2():
    s = position(4, phase=5, offices=FOUR, exile={3: "swiss_embassy"})
    refused(s, 0, {"type": "claim_cousin_office", "office": "interior"}, "junta.office_not_vacant")
    refused(s, 1, {"type": "claim_cousin_office", "office": "general_3"}, "junta.not_president")
    s = play(s, 0, {"type": "claim_cousin_office", "office": "air_force"})
    assert s["cousin"] == "air_force"
    t = position(4, phase=2, offices=FOUR, exile={3: "swiss_embassy"})
    t["cousin"] = "air_force"
    t = ready_all(t)
    assert t["cousin"] is None and events(t, "cousin_released")


def test_cousin_office_vote_goes_to_the_president():
    s = position(4, phase=4, offices=FOUR, exile={3: "swiss_embassy"}, money={0: [1]})
    s = play(s, 0, {"type": "claim_cousin_office", "office": "general_3"})
    s = play(s, 0, {"type": "propose_budget", "amounts": {"1": 1}})
    sources = [x["source"] for x in present(GAME.view(s, 0)["pending"])["my_sources"]]
    assert sources == [{"office": "president"}, {"office": "general_3"}]


def test_death_discards_cards_and_vacates_offices():
    """§5.4: the dead discards his cards, loses his votes and offices until the end of the turn."""
    s = position(4, phase=6, offices=FOUR, hands={3: ["asn_professional"], 1: ["vote_riggers"]},
                 influence={1: ["inf_church"]}, money={3: [2], 1: [3, 3]},
                 locations={0: "home", 1: "bank", 2: "home", 3: "home"})
    s = play(s, 1, {"type": "end_declarations"})  # the Minister
    s = play(s, 2, {"type": "end_declarations"})
    s = play(s, 3, {"type": "declare_assassination", "assassin": "asn_professional#1", "victim": 1,
                    "location": "bank"})
    s = play(s, 3, {"type": "end_declarations"})
    s = play(s, 0, {"type": "end_declarations"})
    s = play(s, 1, {"type": "decline_protection"})
    assert not s["alive"][1] and s["hands"][1] == [] and s["influence"][1] == []
    assert card("inf_church") in s["discard"] and s["money"][3] == [3, 3]
    view = GAME.view(s, None)
    assert view["controllers"]["interior"] is None and "interior" in view["vacant"]
    refused(s, 1, {"type": "ready"}, "junta.not_your_turn")
    refused(s, 1, {"type": "give_money", "to": 2, "notes": [3]}, "junta.you_are_dead")
    s = ready_all(s)  # BEFORE_BANKING; nobody banks: the bank's man is dead
    s = pass_all(s, "window")
    s = pass_all(s, "coup_poll")
    assert s["alive"][1] and s["turn"] == 2  # alive again at the end of the turn


def test_exile_in_phase_5_and_its_limits():
    """§5.5: exile instead of a location; public once all have chosen; exiles give but do not play."""
    s = position(4, phase=5, offices=FOUR, hands={2: ["don_secret_donation", "vote_riggers"]}, money={2: [2]})
    refused(s, 0, {"type": "go_into_exile", "embassy": "swiss_embassy"}, "junta.president_no_exile")
    s = play(s, 2, {"type": "go_into_exile", "embassy": "swiss_embassy"})
    assert s["exile"][2] is None  # not public until everyone has chosen
    for seat in (0, 1, 3):
        s = play(s, seat, {"type": "choose_location", "location": "home"})
    assert s["exile"][2] == "swiss_embassy"
    assert GAME.view(s, None)["players"][2]["exile"] == "swiss_embassy"
    refused(s, 2, {"type": "play_card", "card": card("don_secret_donation")}, "junta.exile_no_cards")
    s = play(s, 2, {"type": "give_money", "to": 1, "notes": [2]})
    assert s["phase"] == 6 and waiting(s)[1] != [2]


def test_return_is_safe_without_a_usable_minister():
    """§5.6: safe when the Minister's abilities are unusable (here he is the exile himself)."""
    s = position(4, phase=2, offices=FOUR, exile={1: "swiss_embassy"})
    s = play(s, 1, {"type": "return_from_exile"})
    assert s["exile"][1] is None and waiting(s)[0] == "window"


def test_minister_may_kill_a_returnee():
    """§5.6: the Minister answers kill_returnee; a killed returnee's money goes to him; pretext."""
    s = position(4, phase=2, offices=FOUR, exile={2: "swiss_embassy"}, money={2: [3, 2]},
                 hands={2: ["brb_assassin"]})
    s = play(s, 2, {"type": "return_from_exile"})
    assert waiting(s) == ("return", [1])
    refused(s, 1, {"type": "kill_returnee", "kill": "yes"}, "core.bad_field")
    s = play(s, 1, {"type": "kill_returnee", "kill": True})
    assert waiting(s) == ("protect", [2])
    kept = play(s, 2, {"type": "play_card", "card": card("brb_assassin"), "notes": [2]})
    assert kept["alive"][2] and kept["money"][2] == [3] and waiting(kept)[0] == "window"
    s = play(s, 2, {"type": "decline_protection"})
    assert not s["alive"][2] and s["money"][1] == [2, 3] and s["pretext"] is True


def test_returnee_takes_back_his_office_from_the_cousin():
    s = position(4, phase=5, offices=FOUR, exile={3: "swiss_embassy"})
    s = play(s, 0, {"type": "claim_cousin_office", "office": "general_3"})
    s = play(s, 3, {"type": "return_from_exile"})
    s = play(s, 1, {"type": "kill_returnee", "kill": False})
    assert s["cousin"] is None and GAME.view(s, None)["controllers"]["general_3"] == 3
    assert waiting(s) == ("locations", [0, 1, 2, 3])  # before Phase 5 ends: he chooses a location


def test_return_once_per_turn():
    """§13.11: a player returns in Phase 2, goes into exile again in Phase 5: no second return this turn."""
    s = position(4, phase=2, offices=FOUR, exile={2: "superpower_embassy"})
    s = play(s, 2, {"type": "return_from_exile"})
    s = play(s, 1, {"type": "kill_returnee", "kill": False})
    s = ready_all(s)
    s = assign(s, FOUR)
    s = play(s, 0, {"type": "propose_budget", "amounts": {}})
    s = vote(s, {})
    s = ready_all(s)
    s = vote(s, {})
    s = ready_all(s)
    s = play(s, 0, {"type": "break_tie", "choice": "yes"})
    s = play(s, 0, {"type": "pay_budget"})
    s = play(s, 2, {"type": "go_into_exile", "embassy": "swiss_embassy"})
    for seat in (0, 1, 3):
        s = play(s, seat, {"type": "choose_location", "location": "home"})
    assert s["exile"][2] == "swiss_embassy"
    refused(s, 2, {"type": "return_from_exile"}, "junta.returned_this_turn")


def test_no_return_during_the_assassinations():
    s = position(4, phase=6, offices=FOUR, exile={3: "swiss_embassy"}, hands={1: ["asn_amateur"]}, money={1: [1]},
                 locations={0: "home", 1: "home", 2: "home"})
    s = play(s, 1, {"type": "declare_assassination", "assassin": "asn_amateur#1", "victim": 2, "location": "home"})
    refused(s, 3, {"type": "return_from_exile"}, "junta.no_return_now")


def test_resignation():
    """§13.9: the owner in seat 3; the President (seat 1) resigns in Phase 2 → the election opens with seat 3;
    a second resignation that turn is refused; the old President's money goes to the new one."""
    offices = {"interior": 0, "general_1": 0, "general_2": 2, "general_3": 3, "admiral": 2, "air_force": 3}
    s = position(4, phase=2, president=1, owner=3, offices=offices, money={1: [3, 1]},
                 influence={2: ["inf_church"]})
    s = play(s, 1, {"type": "resign"})
    assert waiting(s) == ("vote:turns", [3])
    refused(s, 1, {"type": "resign"}, "junta.resigned_this_turn")
    s = play(s, 3, {"type": "pass_vote"})
    s = play(s, 0, {"type": "pass_vote"})
    s = play(s, 1, {"type": "pass_vote"})
    s = play(s, 2, {"type": "nominate", "candidate": 2, "sources": [{"card": card("inf_church")}]})
    s = pass_all(s, "vote:turns")
    s = pass_all(s, "vote:refusals")
    s = ready_all(s)
    s = pass_all(s, "vote:turns")
    s = ready_all(s)
    assert s["president"] == 2
    assert s["money"][1] == [] and s["money"][2] == [1, 3]
    assert s["offices"]["general_2"] == 1 and s["offices"]["admiral"] == 1  # his former offices
    refused(s, 2, {"type": "resign"}, "junta.resigned_this_turn")


def test_resigning_president_keeps_the_presidency_vote():
    s = position(4, phase=2, president=0, money={0: [1]})
    s = play(s, 0, {"type": "resign"})
    sources = [x["source"] for x in present(GAME.view(s, 0)["pending"])["my_sources"]]
    assert {"office": "president"} in sources


def test_resignation_not_during_a_vote_or_phases_3_4():
    s = position(4, phase=4, president=0, money={0: [1]})
    refused(s, 0, {"type": "resign"}, "junta.no_resignation_now")
    s = play(s, 0, {"type": "propose_budget", "amounts": {}})
    refused(s, 0, {"type": "resign"}, "junta.no_resignation_now")


def test_president_resigns_to_go_into_exile_in_phase_5():
    """§6.5: the former President may then replace his choice."""
    s = position(4, phase=5, president=0, offices=FOUR, influence={1: ["inf_church"]})
    s = play(s, 0, {"type": "choose_location", "location": "bank"})
    s = play(s, 0, {"type": "resign"})
    s = play(s, 0, {"type": "pass_vote"})
    s = play(s, 1, {"type": "nominate", "candidate": 1, "sources": [{"card": card("inf_church")}]})
    s = pass_all(s, "vote:turns")
    s = pass_all(s, "vote:refusals")
    s = ready_all(s)
    s = pass_all(s, "vote:turns")
    s = ready_all(s)
    assert s["president"] == 1 and s["offices"]["interior"] == 0
    s = play(s, 0, {"type": "go_into_exile", "embassy": "swiss_embassy"})
    for seat in (1, 2, 3):
        s = play(s, seat, {"type": "choose_location", "location": "home"})
    assert s["exile"][0] == "swiss_embassy"


def test_death_election_vacates_the_new_presidents_offices():
    """§5.7: after a death election the new President's former offices become vacant."""
    s = position(4, phase=6, step=2, president=0, dead=[0], offices=FOUR, influence={2: ["inf_church"]},
                 locations={x: "home" for x in range(4)})
    s["revealed"] = True
    s = play(s, 1, {"type": "pass_vote"})
    s = play(s, 2, {"type": "nominate", "candidate": 2, "sources": [{"card": card("inf_church")}]})
    s = pass_all(s, "vote:turns")
    s = pass_all(s, "vote:refusals")
    s = ready_all(s)
    s = pass_all(s, "vote:turns")
    s = play(s, 1, {"type": "ready"})
    s = play(s, 2, {"type": "ready"})
    s = play(s, 3, {"type": "ready"})
    assert s["president"] == 2
    assert s["offices"]["general_2"] is None and s["offices"]["admiral"] is None
    assert set(GAME.view(s, None)["vacant"]) == {"general_2", "admiral"}
    s = play(s, 2, {"type": "claim_cousin_office", "office": "admiral"})
    assert s["cousin"] == "admiral"


def test_no_resignation_while_the_firing_squad_waits():
    from games.core.rng import ScriptedRng

    s = position(4, phase=0, offices=FOUR)
    s["phase"], s["phase_step"] = 9, 0
    s["coup"] = {"leader": 2, "rebels": [False, False, True, False], "sides": {"0": "president", "2": "rebels"},
                 "winner": "president", "over": True}
    run(s, ScriptedRng())
    assert waiting(s) == ("firing_squad", [0])
    refused(s, 0, {"type": "resign"}, "junta.no_resignation_now")
