"""§10 the decision timer: the deadline of each waiting decision, the game master's time-out, and one
test per row of §10's table of defaults."""

from __future__ import annotations

import pytest

from games.core.rng import ScriptedRng
from games.junta import GAME
from games.junta.driver import restart_timer, run
from tests.games.junta import coup_kit
from tests.games.junta.junta_kit import FOUR, card, events, fresh, play, position, ready_all, refused, vote, waiting


def timeout(s, rolls=()):
    return play(s, None, {"type": "timeout"}, rolls)


def test_deadline_and_the_master_time_out():
    """The decision's clock starts when it opens; a time-out before the deadline is refused; a player's
    answer stamped at or after the deadline is refused; each decision gets the full timer."""
    s = position(4, phase=5, offices=FOUR, decision_timer=60)
    assert GAME.deadline(s) == 60.0
    refused(s, None, {"type": "timeout", "at": 59.0}, "junta.clock_running")
    refused(s, 2, {"type": "choose_location", "location": "bank", "at": 60.0}, "junta.too_late")
    refused(s, 2, {"type": "timeout"}, "junta.master_only")
    s = play(s, 2, {"type": "choose_location", "location": "bank", "at": 30.0})
    assert GAME.deadline(s) == 60.0  # a parallel decision: every asked player keeps his clock
    s = play(s, None, {"type": "timeout", "at": 61.0})
    assert s["location"] == ["home", "home", "bank", "home"]
    assert GAME.deadline(s) == 61.0 + 60  # Phase 6 declarations: a new decision, a new clock


def test_timer_option_range():
    from games.core.protocol import IllegalAction

    with pytest.raises(IllegalAction):
        GAME.setup(4, {"decision_timer": 10}, ScriptedRng())
    opened = play(GAME.setup(4, {}, ScriptedRng()), None, {"type": "start_clock", "at": 0.0})
    assert GAME.deadline(opened) == 600.0


def test_row_voting_turn():
    s = fresh(4, hands={0: ["inf_church"]})
    s = timeout(s)
    assert waiting(s) == ("vote:turns", [1]) and events(s, "vote_passed")[0]["seat"] == 0


def test_row_refusal_step():
    s = fresh(4, hands={0: ["inf_church"]})
    s = play(s, 0, {"type": "nominate", "candidate": 0, "sources": [{"card": card("inf_church")}]})
    for seat in range(4):
        s = play(s, seat, {"type": "pass_vote"})
    assert waiting(s) == ("vote:refusals", [0])
    s = timeout(s)
    assert events(s, "candidacy_accepted")[0]["seat"] == 0


def test_row_card_window():
    s = position(4, phase=2, offices=FOUR)
    s = play(s, 1, {"type": "ready"})
    s = timeout(s)
    assert waiting(s) == ("assign", [0])


def test_row_hand_limit():
    """The most recently received cards from hand, then influence cards with the fewest printed votes."""
    s = position(4, phase=1, step=1, offices=FOUR, hands={1: ["vote_caciques", "vote_riggers"]},
                 influence={1: ["inf_church", "inf_radicals", "inf_peasants", "inf_unions", "inf_press"]})
    assert waiting(s) == ("hand_limit", [1])
    s = timeout(s)
    assert s["hands"][1] == [card("vote_caciques")] and s["discard"][-1] == card("vote_riggers")  # the last one
    t = position(4, phase=1, step=1, offices=FOUR, hands={1: ["vote_riggers"]},
                 influence={1: ["inf_church", "inf_radicals", "inf_peasants", "inf_unions", "inf_press",
                                "inf_freemasons", "inf_landowners"]})
    t = timeout(t)
    assert t["hands"][1] == []
    assert t["discard"][-2:] == [card("vote_riggers"), card("inf_peasants")]  # peasants before radicals (by id)
    assert len(t["influence"][1]) == 6


def test_row_assign_offices():
    """Previous holders kept where legal; the rest in office order to players from the President's left."""
    s = position(4, phase=2, president=1, offices=FOUR)  # seat 1 held interior and general_1
    s = ready_all(s)
    s = timeout(s)
    assert s["offices"] == {"interior": 0, "general_1": 0, "general_2": 2, "general_3": 3, "admiral": 2,
                            "air_force": 3}


def test_row_propose_budget():
    s = position(4, phase=4, offices=FOUR, money={0: [3]})
    s = timeout(s)
    assert events(s, "budget_proposed")[0]["amounts"] == {}


def test_row_pay_budget():
    s = position(4, phase=4, offices=FOUR, money={0: [3, 2, 1]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {"1": 3, "2": 2}})
    s = vote(s, {0: [("yes", {"office": "president"})]})
    s = ready_all(s)
    s = vote(s, {})
    s = ready_all(s)
    s = timeout(s)
    assert s["money"][1] == [3] and s["money"][2] == [2] and s["money"][0] == [1]


def test_row_occupy_parliament_no():
    s = position(4, phase=4, offices=FOUR, money={0: [3]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {"1": 3}})
    s = vote(s, {1: [("no", {"office": "interior"})]})
    s = ready_all(s)
    s = vote(s, {})
    s = ready_all(s)
    s = ready_all(s)
    assert waiting(s) == ("budget:occupy", [1])
    s = timeout(s)
    assert s["bank"] == "holiday" and not s["occupied"]


def test_row_kill_returnee_no():
    s = position(4, phase=2, offices=FOUR, exile={2: "swiss_embassy"})
    s = play(s, 2, {"type": "return_from_exile"})
    s = timeout(s)
    assert s["alive"][2] and s["exile"][2] is None


def test_row_choose_location():
    s = position(4, phase=5, offices=FOUR)
    s = timeout(s)
    assert s["location"] == ["home"] * 4


def test_row_phase_6_declarations():
    s = position(4, phase=6, offices=FOUR, locations={x: "home" for x in range(4)})
    s = timeout(s)
    assert waiting(s) == ("declarations", [2]) and s["attempts"] == []


def test_row_protection():
    s = position(4, phase=6, offices=FOUR, hands={1: ["asn_professional"]}, money={1: [2]},
                 locations={x: "home" for x in range(4)})
    s = play(s, 1, {"type": "declare_assassination", "assassin": card("asn_professional"), "victim": 3,
                    "location": "home"})
    for seat in (1, 2, 3, 0):
        s = play(s, seat, {"type": "end_declarations"})
    assert waiting(s) == ("protect", [3])
    s = timeout(s)
    assert not s["alive"][3]


def test_row_banking():
    s = position(4, phase=7, offices=FOUR, locations={0: "bank", 1: "bank", 2: "home", 3: "home"}, money={0: [1]})
    s = play(s, 0, {"type": "deposit", "notes": [1]})
    s = timeout(s)
    assert s["phase"] == 8 and s["accounts"][0] == [1]


def test_row_coup_poll():
    s = position(4, phase=8, offices=FOUR, pretext=True, locations={x: "home" for x in range(4)})
    s = ready_all(s)
    assert waiting(s) == ("coup_poll", [1])
    s = timeout(s)
    assert waiting(s) == ("coup_poll", [2])


def phase9(winner, rebels, sides, leader, **kw):
    s = position(4, phase=0, **kw)
    s["phase"], s["phase_step"] = 9, 0
    s["coup"] = {"leader": leader, "rebels": rebels, "sides": {str(k): v for k, v in sides.items()},
                 "winner": winner, "over": True}
    run(s, ScriptedRng())
    restart_timer(s)
    return s


def test_row_firing_squad():
    s = phase9("president", [False, True, False, False], {0: "president", 1: "rebels"}, 1, offices=FOUR)
    s = timeout(s)
    assert all(s["alive"]) and s["turn"] == 2 and events(s, "firing_squad")[0]["victim"] is None


def test_row_junta_vote():
    s = phase9("rebels", [False, True, True, True], {0: "president", 1: "rebels", 2: "rebels", 3: "rebels"}, 2,
               offices=FOUR)
    s = play(s, 2, {"type": "junta_vote", "candidate": 3})
    s = timeout(s)  # 3 votes for himself
    s = timeout(s)  # 1 votes for himself: 3 has 2 votes
    assert s["president"] == 3


def test_row_swaps():
    s = position(4, phase=5, offices=FOUR, hands={1: ["vote_riggers"]}, decision_timer=100)
    s = play(s, 1, {"type": "offer_swap", "to": 2, "cards": [card("vote_riggers")], "notes": [], "at": 50.0})
    assert GAME.deadline(s) == 100.0
    s = play(s, None, {"type": "timeout", "at": 100.0})  # the locations are due too
    assert waiting(s)[0] == "declarations" and s["swaps"] != []
    assert GAME.deadline(s) == 150.0
    s = play(s, None, {"type": "timeout", "at": 150.0})
    assert s["swaps"] == [] and s["hands"][1] == [card("vote_riggers")]


def test_row_break_tie_budget():
    for proposer_is_president, expected in ((True, True), (False, False)):
        s = position(4, phase=4, offices=FOUR, money={0: [3]}, hands={2: ["evt_alternative_budget"]})
        s = play(s, 0, {"type": "propose_budget", "amounts": {"1": 3}})
        s = vote(s, {})
        s = ready_all(s)
        s = vote(s, {})
        s = ready_all(s)
        if not proposer_is_president:
            s = play(s, 0, {"type": "break_tie", "choice": "no"})
            s = play(s, 2, {"type": "play_card", "card": card("evt_alternative_budget")})
            s = play(s, 0, {"type": "keep_note", "note": 3})  # asked with one note too (issue 20)
            s = play(s, 2, {"type": "propose_budget", "amounts": {}})
            s = vote(s, {})
            s = ready_all(s)
            s = vote(s, {})
            s = ready_all(s)
        assert waiting(s) == ("tiebreak", [0])
        s = timeout(s)
        assert s["last_vote"]["passed"] is expected


def test_row_break_tie_junta():
    s = phase9("rebels", [False, True, True, True], {0: "president", 1: "rebels", 2: "rebels", 3: "rebels"}, 1,
               offices=FOUR)
    s = play(s, 1, {"type": "junta_vote", "candidate": 2})
    s = play(s, 2, {"type": "junta_vote", "candidate": 3})
    s = play(s, 3, {"type": "junta_vote", "candidate": 1})
    assert waiting(s) == ("tiebreak", [1])
    s = timeout(s)
    assert s["president"] == 1  # himself, being tied
    t = phase9("rebels", [False, True, True, True], {0: "president", 1: "rebels", 2: "rebels", 3: "rebels"}, 1,
               offices=FOUR)
    t = play(t, 1, {"type": "junta_vote", "candidate": 3})
    t = play(t, 2, {"type": "junta_vote", "candidate": 2})
    t = play(t, 3, {"type": "junta_vote", "candidate": 1})
    t = timeout(t)
    assert t["president"] == 1


def test_row_return_after_the_presidents_death():
    s = position(4, phase=6, step=2, president=0, dead=[0, 1], offices=FOUR,
                 exile={2: "swiss_embassy", 3: "superpower_embassy"}, locations={})
    assert waiting(s) == ("exile_poll", [2])
    s = timeout(s)
    assert waiting(s) == ("exile_poll", [3])
    s = timeout(s)
    assert s["turn"] == 2 and events(s, "phases_skipped")
    assert waiting(s)[0] == "vote:turns"  # the postponed election, before Phase 1
    assert s["alive"][0] and s["president"] is None


def test_row_surrender_notes():
    s = position(4, phase=6, offices=FOUR, hands={1: ["asn_burglars"]}, money={3: [3, 1, 1, 2]},
                 locations={0: "home", 1: "home", 2: "home", 3: "bank"})
    s = play(s, 1, {"type": "declare_assassination", "assassin": card("asn_burglars"), "victim": 3})
    for seat in (1, 2, 3, 0):
        s = play(s, seat, {"type": "end_declarations"})
    s = timeout(s)
    assert s["money"][1] == [1, 1] and s["money"][3] == [2, 3]


def test_row_keep_note():
    s = position(4, phase=4, offices=FOUR, money={0: [3, 1, 2]}, hands={2: ["evt_alternative_budget"]})
    s = play(s, 0, {"type": "propose_budget", "amounts": {"1": 3}})
    s = vote(s, {1: [("no", {"office": "interior"})]})
    s = ready_all(s)
    s = vote(s, {})
    s = play(s, 0, {"type": "ready"})
    s = play(s, 1, {"type": "ready"})
    s = play(s, 2, {"type": "ready"})
    s = play(s, 3, {"type": "ready"})
    s = play(s, 2, {"type": "play_card", "card": card("evt_alternative_budget")})
    assert waiting(s) == ("budget:keep", [0])
    s = timeout(s)
    assert s["money"][0] == [3] and s["money"][2] == [1, 2]


def test_row_choose_influence_discard():
    s = position(4, phase=5, offices=FOUR, hands={2: ["evt_coalition_break"]},
                 influence={3: ["inf_church", "inf_radicals", "inf_peasants"]})
    s = play(s, 2, {"type": "play_card", "card": card("evt_coalition_break"), "target": 3})
    s = timeout(s)
    assert s["influence"][3] == [card("inf_church"), card("inf_radicals")]  # peasants < radicals by id


# --- the coup's rows (through the coup sub-game's own test helpers) ----------------------------------------


def test_row_movement_turn():
    s = coup_kit.started()
    s = timeout(s)
    assert coup_kit.acting(s) == [2] and s["coup"]["turn"]["seat"] == 2


def test_row_answer_end_coup():
    s = coup_kit.started()
    s = play(s, 1, {"type": "propose_end_coup", "winner": "rebels"})
    assert coup_kit.acting(s) == [0, 2, 3]
    s = timeout(s)
    assert s["coup"]["proposal"] is None and s["coup"]["segment"] == "movement"


def test_row_police_reaction():
    s = coup_kit.started({"kind": "card", "card": "unt_students#1", "area": "university"}, leader=2,
                           hands={2: ["unt_students#1"]})
    assert coup_kit.acting(s) == [1]
    s = timeout(s)
    assert [s["coup"]["units"][f"pol_{i}"]["area"] for i in range(1, 5)] == list(
        ("police_north", "police_east", "police_south", "police_west"))
    assert coup_kit.acting(s) == [2]


def test_row_attack_declarations():
    s = coup_kit.started({"kind": "move", "from": "barracks_1",
                            "moves": [{"unit": f"b1_{i}", "to": "market"} for i in (1, 2, 3)]})
    coup_kit.place(s, "market", "b2_1", "b2_2")
    s = coup_kit.end_movements(s)
    assert coup_kit.acting(s) == [1]
    for _ in range(3):
        if s["coup"]["phase"] != 0:
            break
        s = timeout(s)
    assert s["coup"]["phase"] == 1 and s["coup"]["combat"]["attacks"] == {}


def test_row_combat_order():
    s = coup_kit.started({"kind": "move", "from": "barracks_1",
                            "moves": [{"unit": f"b1_{i}", "to": "market"} for i in (1, 2, 3)]})
    coup_kit.place(s, "market", "b2_1")
    coup_kit.place(s, "fishermen_quarter", "b1_4", "b2_2")
    s = coup_kit.end_movements(s)
    s = play(s, 1, {"type": "declare_attack", "areas": ["market", "fishermen_quarter"]})
    s = coup_kit.end_declarations(s)
    assert s["coup"]["combat"]["step"] == "order" and coup_kit.acting(s) == [1]
    s = timeout(s)
    assert s["coup"]["combat"]["order"] == ["fishermen_quarter", "market"]


def test_row_wave():
    s = coup_kit.battle()
    assert coup_kit.acting(s) == [1, 2]
    s = timeout(s)
    assert s["coup"]["combat"]["wave"] == 2 and not s["coup"]["rebels"][2]


def test_row_casualties():
    """Unarmed units first, then the other card units, then office units, each by id."""
    s = coup_kit.battle()
    s = play(s, 1, {"type": "fire", "units": ["b1_1", "b1_2"], "target": 2})
    s = play(s, 2, {"type": "hold_fire"}, rolls=[6, 6])
    coup_kit.add_card_units(s, "bank_guards", 2, "market", 1)
    coup_kit.add_card_units(s, "students", 2, "market", 1)
    s = timeout(s)
    gone = sorted(u for u, d in s["coup"]["units"].items() if d["area"] is None)
    assert gone == ["bank_guards_1", "students_1"]


def _after_one_loss():
    return coup_kit.one_loss(coup_kit.battle())


def test_row_allow_stay_and_permit_retreat():
    """allow_stay defaults to letting nobody stay; permit_retreat is never waited for (given at will)."""
    s = _after_one_loss()
    assert s["coup"]["combat"]["step"] == "stay" and coup_kit.acting(s) == [1]
    s = timeout(s)
    assert s["coup"]["combat"]["step"] == "retreat" and coup_kit.acting(s) == [2]


def test_row_retreat():
    """Each unit to the first legal neighbour in alphabetical order (barracks_1 is held by seat 1)."""
    s = timeout(_after_one_loss())
    s = timeout(s)
    assert {s["coup"]["units"][u]["area"] for u in ("b2_2", "b2_3", "mar_1")} == {"fishermen_quarter"}


def test_row_choose_side():
    s = coup_kit.started()
    for _ in range(7):
        if s["coup"]["segment"] == "sides":
            break
        s = coup_kit.quiet_phase(s)
    assert s["coup"]["segment"] == "sides"
    for _ in range(3):
        if s["coup"]["over"]:
            break
        s = timeout(s)
    assert s["coup"]["sides"] == {"0": "president", "1": "rebels", "2": "president", "3": "president"}


def test_the_game_master_starts_the_clock_when_the_table_opens():
    """A fresh game knows no time: its auto_action starts the clock once, at the stamp it carries, and the
    first decision's deadline counts from there."""
    s = GAME.setup(4, {"decision_timer": 60}, ScriptedRng())
    assert GAME.auto_action(s) == {"type": "start_clock"} and GAME.deadline(s) is None
    refused(s, 0, {"type": "start_clock", "at": 1000.0}, "junta.master_only")
    s = play(s, None, {"type": "start_clock", "at": 1000.0})
    assert GAME.deadline(s) == 1060.0 and GAME.auto_action(s) is None
    refused(s, None, {"type": "start_clock", "at": 1001.0}, "junta.clock_started")
    refused(s, None, {"type": "timeout", "at": 1059.0}, "junta.clock_running")
