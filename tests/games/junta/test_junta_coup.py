"""The coup (§8): movement, combat, retreats, sides and the outcome, through the engine's own Phase 8."""

from __future__ import annotations

from games.junta import coup
from tests.games.junta.coup_kit import (
    State,
    acting,
    add_card_units,
    battle,
    c,
    end_declarations,
    end_movements,
    one_loss,
    place,
    quiet_phase,
    rebels_hold_three,
    started,
)
from tests.games.junta.junta_kit import FOUR, play, position, ready_all, refused, waiting
from tests.support.present import present

# --- the opening and the movement segment (§6.8, §8.3, §8.5) ---------------------------------------------


def test_opening_move_is_the_leaders_movement_and_makes_him_rebel():
    """The opening move counts as the leader's one movement of the Rebellion Phase; only he is a rebel."""
    s = started()
    assert c(s)["leader"] == 1 and c(s)["rebels"] == [False, True, False, False]
    assert c(s)["units"]["b1_1"]["area"] == "market" and acting(s) == [1]
    refused(s, 1, {"type": "move_units", "from": "barracks_1", "moves": [{"unit": "b1_2", "to": "market"}]},
            "junta.coup.one_movement")


def test_bad_opening_is_refused_and_the_poll_still_waits():
    """An opening with a unit the leader does not control is refused; the poll waits on him."""
    s = position(4, phase=8, president=0, pretext=True, offices=FOUR)
    s = ready_all(s)
    refused(s, 1, {"type": "start_coup", "opening": {"kind": "move", "from": "barracks_2",
                                                       "moves": [{"unit": "b2_1", "to": "shantytown"}]}})
    assert waiting(s) == ("coup_poll", [1])


def test_rebellion_order_skips_the_president_and_phases_rotate():
    """Rebellion: leader then clockwise without the President; Phase 1 starts left of the leader, then rotates."""
    s = started()
    seen = []
    for _ in range(3):
        seen.append(acting(s)[0])
        s = play(s, acting(s)[0], {"type": "end_movement"})
    assert seen == [1, 2, 3]
    s = end_declarations(s)
    assert c(s)["phase"] == 1 and c(s)["first_mover"] == 2 and acting(s) == [2]
    s = quiet_phase(s)
    assert c(s)["phase"] == 2 and c(s)["first_mover"] == 3
    order = []
    for _ in range(4):
        order.append(acting(s)[0])
        s = play(s, acting(s)[0], {"type": "end_movement"})
    assert order == [3, 0, 1, 2]


def test_loyal_player_acting_in_rebellion_becomes_rebel_and_movement_is_one_area():
    """Moving in the Rebellion Phase makes a rebel; units of one area may split among neighbours."""
    s = started()
    s = play(s, 1, {"type": "end_movement"})
    refused(s, 2, {"type": "move_units", "from": "barracks_2", "moves": [{"unit": "b2_1", "to": "radio_station"}]},
            "junta.coup.not_adjacent")
    s = play(s, 2, {"type": "move_units", "from": "barracks_2",
                    "moves": [{"unit": "b2_1", "to": "shantytown"}, {"unit": "b2_2", "to": "airport"}]})
    assert c(s)["rebels"][2]
    assert c(s)["units"]["b2_1"]["area"] == "shantytown" and c(s)["units"]["b2_2"]["area"] == "airport"
    refused(s, 2, {"type": "move_units", "from": "barracks_2", "moves": [{"unit": "b2_3", "to": "airport"}]},
            "junta.coup.one_movement")
    refused(s, 3, {"type": "end_movement"}, "junta.coup.not_your_turn")


def test_transfer_gives_control_and_a_moved_unit_stays_moved():
    """A transfer puts the recipient's marker on the units; a unit moved this phase cannot move again."""
    s = started()
    s = play(s, 1, {"type": "transfer_units", "to": 2, "units": ["b1_1", "b1_2"]})
    assert coup.controller(s, "b1_1") == 2 and not c(s)["rebels"][2]
    s = play(s, 1, {"type": "end_movement"})
    refused(s, 2, {"type": "move_units", "from": "market", "moves": [{"unit": "b1_1", "to": "old_town"}]},
            "junta.coup.already_moved")
    s = play(s, 2, {"type": "move_units", "from": "barracks_1", "moves": [{"unit": "b1_2", "to": "market"}]})
    assert c(s)["units"]["b1_2"]["area"] == "market"


def test_landings_once_per_coup_and_marines_zones():
    """The paratrooper lands anywhere, the marines only in their three zones; each once per coup."""
    s = started()
    s = play(s, 1, {"type": "end_movement"})
    refused(s, 2, {"type": "land_marines", "area": "port"}, "junta.coup.bad_landing")
    s = play(s, 2, {"type": "land_marines", "area": "police_south"})
    assert c(s)["units"]["mar_1"]["area"] == "police_south" and c(s)["rebels"][2]
    refused(s, 2, {"type": "land_marines", "area": "barracks_1"}, "junta.coup.landed")
    s = play(s, 2, {"type": "move_units", "from": "police_south", "moves": [{"unit": "mar_1", "to": "palace"}]})
    s = play(s, 2, {"type": "end_movement"})
    s = play(s, 3, {"type": "land_paratrooper", "area": "swiss_embassy"})
    assert c(s)["units"]["para_1"]["area"] == "swiss_embassy"


def test_unit_card_places_units_and_triggers_police_reaction():
    """Students played by a rebel in the Rebellion Phase: the Minister may move police there; not a rebel."""
    s = started({"kind": "card", "card": "unt_students#1", "area": "university"}, leader=2,
                hands={2: ["unt_students#1"]})
    assert [u for u, d in c(s)["units"].items() if d["type"] == "students"] == [f"students_{i}" for i in range(1, 5)]
    assert "unt_students#1" in s["discard"] and acting(s) == [1]  # the Minister reacts first
    refused(s, 1, {"type": "police_reaction", "moves": [{"unit": "pol_1", "to": "market"}]},
            "junta.coup.bad_reaction")
    s = play(s, 1, {"type": "police_reaction", "moves": [{"unit": "pol_1", "to": "university"},
                                                           {"unit": "pol_2", "to": "university"}]})
    assert c(s)["units"]["pol_2"]["area"] == "university" and not c(s)["rebels"][1]
    assert acting(s) == [2] and not c(s)["units"]["pol_1"]["moved"]


def test_bribe_pays_per_unit_and_rolls():
    """A unit bribe costs 1M per unit tried; each die in the success range brings the unit under the briber."""
    s = started(hands={2: ["brb_brigade_1#1"]}, money={2: [1, 1, 3]})
    s = play(s, 1, {"type": "end_movement"})
    s = play(s, 2, {"type": "play_card", "card": "brb_brigade_1#1", "area": "barracks_1", "units": ["b1_2", "b1_3"],
                    "notes": [1, 1]}, rolls=[4, 3])
    assert coup.controller(s, "b1_2") == 2 and coup.controller(s, "b1_3") == 1
    assert s["money"][2] == [3] and c(s)["rebels"][2]


def test_helicopter_moves_two_steps_once():
    """The helicopter moves a path of up to 2 adjacent areas, once per phase, besides the movement."""
    s = started({"kind": "card", "card": "unt_helicopter#1", "area": "airport"}, leader=2,
                hands={2: ["unt_helicopter#1"]})
    s = play(s, 2, {"type": "move_helicopter", "path": ["shantytown", "university"]})
    assert c(s)["units"]["helicopter_1"]["area"] == "university"
    refused(s, 2, {"type": "move_helicopter", "path": ["parliament"]}, "junta.coup.helicopter_moved")


def test_exile_from_an_embassy_ignores_the_units():
    """A player with a unit in an embassy may go into exile there; his units are then ignored."""
    s = started()
    place(s, "superpower_embassy", "b1_5")
    s = play(s, 1, {"type": "go_into_exile", "embassy": "superpower_embassy"})
    assert s["exile"][1] == "superpower_embassy" and not coup.is_active_unit(s, "b1_5")
    assert acting(s) == [2]
    refused(s, 2, {"type": "go_into_exile", "embassy": "swiss_embassy"}, "junta.coup.no_embassy_unit")


# --- combat (§8.7, §8.8) ------------------------------------------------------------------------------------


def test_dice_per_class():
    """§13.3: 5 rioters → 2 dice; 3 armed + 3 unarmed → 4; 4 guards in the palace → 5, elsewhere 4."""
    s = started()
    rioters = add_card_units(s, "rioters", 2, "market", 5)
    strikers = add_card_units(s, "strikers", 2, "market", 3)
    assert coup.dice_for(s, "market", rioters) == 2
    assert coup.dice_for(s, "market", ["b1_1", "b1_2", "b1_3", *strikers]) == 4
    guards = ["pg_1", "pg_2", "pg_3", "pg_4"]
    assert coup.dice_for(s, "palace", guards) == 5
    assert coup.dice_for(s, "malecon", guards) == 4
    assert coup.dice_for(s, "palace", guards[:2]) == 3


def test_waves_are_simultaneous_and_owners_choose_casualties():
    """Orders stay hidden until all are in; each 6 is a hit; the hit player picks the losses."""
    s = battle()
    assert acting(s) == [1, 2] and c(s)["combat"]["area"] == "market"
    s = play(s, 1, {"type": "fire", "units": ["b1_1", "b1_2", "b1_3"], "target": 2})
    assert present(coup.coup_view(s, 2))["combat"]["fire"] == {"1": "given"}
    refused(s, 1, {"type": "hold_fire"}, "junta.coup.fired")
    s = play(s, 2, {"type": "fire", "units": ["b2_1"], "target": 1}, rolls=[6, 6, 1, 5])
    assert acting(s) == [2] and c(s)["combat"]["casualties"] == {"2": 2}
    assert not c(s)["rebels"][2] or c(s)["phase"] == 0  # firing in the Rebellion Phase makes a rebel
    assert c(s)["rebels"][2]
    refused(s, 2, {"type": "choose_casualties", "units": ["b2_1"]}, "junta.coup.bad_casualties")
    s = play(s, 2, {"type": "choose_casualties", "units": ["b2_1", "mar_1"]})
    assert c(s)["units"]["mar_1"]["area"] is None and c(s)["combat"]["wave"] == 2


def test_three_waves_then_the_loser_retreats():
    """§13.4: after three waves the player who lost more retreats to a free neighbour unless allowed to stay."""
    s = one_loss(battle())
    assert c(s)["combat"]["step"] == "stay" and acting(s) == [1]
    s = play(s, 1, {"type": "allow_stay", "to": []})
    assert acting(s) == [2]
    refused(s, 2, {"type": "retreat", "moves": [{"unit": u, "to": "barracks_1"} for u in ("b2_2", "b2_3", "mar_1")]},
            "junta.coup.bad_retreat")  # seat 1 holds barracks_1
    s = play(s, 2, {"type": "retreat", "moves": [{"unit": "b2_2", "to": "university"},
                                                   {"unit": "b2_3", "to": "old_town"},
                                                   {"unit": "mar_1", "to": "university"}]})
    assert coup.players_in(s, "market") == [1] and c(s)["phase"] == 1


def test_equal_losses_nobody_retreats_and_allow_stay():
    """§13.4: equal losses → both stay; a stayer may let the loser stay too."""
    s = battle()
    s = play(s, 1, {"type": "fire", "units": ["b1_1"], "target": 2})
    s = play(s, 2, {"type": "fire", "units": ["b2_1"], "target": 1}, rolls=[6, 6])
    s = play(s, 2, {"type": "choose_casualties", "units": ["b2_1"]})  # seat 1's loss is forced (one kind)
    for _ in range(2):
        s = play(s, 1, {"type": "hold_fire"})
        s = play(s, 2, {"type": "hold_fire"})
    assert c(s)["phase"] == 1 and coup.players_in(s, "market") == [1, 2]


def test_stayer_may_allow_the_loser_to_stay():
    """The players who lost fewest may all agree to let the others stay."""
    s = battle()
    s = play(s, 1, {"type": "hold_fire"})
    s = play(s, 2, {"type": "fire", "units": ["b2_1"], "target": 1}, rolls=[6])
    for _ in range(2):
        s = play(s, 1, {"type": "hold_fire"})
        s = play(s, 2, {"type": "hold_fire"})
    assert acting(s) == [2]  # seat 2 lost nothing and stays
    s = play(s, 2, {"type": "allow_stay", "to": [1]})
    assert c(s)["phase"] == 1 and coup.players_in(s, "market") == [1, 2]


def test_president_fires_nothing_in_the_rebellion_phase():
    """The President has no movement turn, declares and fires nothing in the Rebellion Phase."""
    s = started({"kind": "move", "from": "police_south", "moves": [{"unit": "pol_3", "to": "palace"}]})
    s = end_movements(s)
    s = play(s, 1, {"type": "declare_attack", "areas": ["palace"]})
    s = end_declarations(s)
    assert acting(s) == [1]  # not the President
    refused(s, 0, {"type": "fire", "units": ["pg_1"], "target": 1})


def test_gunboat_coastal_and_air_strikes_three_per_coup():
    """Gunboat only at coastal areas, once a phase; 6s remove the target's units; air strikes 3 per coup."""
    s = started()
    s = end_movements(s)
    s = play(s, 1, {"type": "end_declaration"}) if acting(s) == [1] else s
    assert acting(s) == [2]
    refused(s, 2, {"type": "declare_bombardment", "weapon": "gunboat", "area": "market", "target": 1},
            "junta.coup.bad_bombardment")
    s = play(s, 2, {"type": "declare_bombardment", "weapon": "gunboat", "area": "barracks_1", "target": 1})
    assert acting(s) == [3]  # nothing left for seat 2 to declare: his turn ends by itself
    refused(s, 3, {"type": "declare_bombardment", "weapon": "air_strike", "area": "swiss_embassy", "target": 1},
            "junta.coup.bad_bombardment")
    s = play(s, 3, {"type": "declare_bombardment", "weapon": "air_strike", "area": "market", "target": 1},
             rolls=[6, 6, 1, 2, 3, 4, 5, 1, 6])
    assert c(s)["air_strikes"] == 2 and c(s)["rebels"][3]
    assert [c(s)["units"][f"b1_{i}"]["area"] for i in (1, 2, 3, 4)] == [None, None, None, "barracks_1"]
    assert c(s)["phase"] == 1
    for _ in range(2):
        s = end_movements(s)
        while acting(s) != [3]:
            s = play(s, acting(s)[0], {"type": "end_declaration"})
        s = play(s, 3, {"type": "declare_bombardment", "weapon": "air_strike", "area": "palace", "target": 0},
                 rolls=[1] * 6)
        s = end_declarations(s)
    assert c(s)["air_strikes"] == 0 and c(s)["phase"] == 3
    s = end_movements(s)
    refused(s, acting(s)[0], {"type": "declare_bombardment", "weapon": "air_strike", "area": "palace", "target": 0})


def test_bombarding_the_palace_opens_a_coup():
    """The Admiral in person opens by bombarding the Palace; the President picks his lost guards."""
    s = started({"kind": "bombard_palace", "weapon": "gunboat"}, leader=2)
    assert c(s)["gunboat_used"] and c(s)["combat"]["bombardments"][0]["target"] == 0
    s = end_movements(s)
    assert c(s)["rebels"] == [False, False, True, False]
    s = end_movements(s)
    assert acting(s) == [3]
    s = play(s, 3, {"type": "end_declaration"}, rolls=[6, 6, 2])
    assert [c(s)["units"][f"pg_{i}"]["area"] for i in (1, 2, 3, 4)] == [None, None, "palace", "palace"]


def test_exile_with_safe_conduct():
    """A player with a unit in an embassy grants safe conduct to the exile there."""
    s = started(exile={3: "swiss_embassy"})
    place(s, "swiss_embassy", "b1_6")
    s = play(s, 1, {"type": "grant_safe_conduct", "to": 3})
    assert coup.safe_conduct(s, 3) and not coup.safe_conduct(s, 2)
    refused(s, 2, {"type": "grant_safe_conduct", "to": 3}, "junta.coup.bad_safe_conduct")


# --- sides, control and the outcome (§8.10, §8.11) ----------------------------------------------------------


def test_control_of_an_area():
    """§13.5: rebels' units plus an ignored dead player's unit → Rebels; plus a loyalist's unit → President."""
    s = started()
    place(s, "parliament", "b1_2", "b1_3", "b3_1")
    s["coup"]["sides"] = {"0": "president", "1": "rebels", "2": "president"}
    s["alive"][3] = False
    assert coup.controls(s, "parliament") == "rebels"
    place(s, "parliament", "b2_1")
    assert coup.controls(s, "parliament") == "president"
    assert coup.controls(s, "radio_station") == "president"


def test_rebels_holding_three_power_centres_win():
    """After Coup Phase 6 the sides are chosen from the leader; 3 of 5 power centres win."""
    s = rebels_hold_three()
    assert c(s)["segment"] == "sides" and acting(s) == [1]
    s = play(s, 1, {"type": "choose_side", "side": "rebels"})
    s = play(s, 2, {"type": "choose_side", "side": "rebels"})
    s = play(s, 3, {"type": "choose_side", "side": "president"})
    assert c(s)["winner"] == "rebels" and c(s)["sides"] == {"0": "president", "1": "rebels", "2": "rebels",
                                                            "3": "president"}
    assert waiting(s)[0] == "junta"


def test_end_by_agreement():
    """§13.12: a Coup Phase 2 proposal all accept → Choosing Sides, the Rebels win without the map;
    after a rejection the same player's second proposal that phase is refused, allowed in Phase 3."""
    s = started()
    s = quiet_phase(quiet_phase(s))
    assert c(s)["phase"] == 2
    s = play(s, 1, {"type": "propose_end_coup", "winner": "rebels"})
    assert acting(s) == [0, 2, 3]
    s = play(s, 0, {"type": "answer_end_coup", "accept": False})
    assert c(s)["proposal"] is None
    refused(s, 1, {"type": "propose_end_coup", "winner": "rebels"}, "junta.coup.proposed")
    s = quiet_phase(s)
    s = play(s, 1, {"type": "propose_end_coup", "winner": "rebels"})
    for x in (0, 2, 3):
        s = play(s, x, {"type": "answer_end_coup", "accept": True})
    assert c(s)["segment"] == "sides" and acting(s) == [1]
    s = play(s, 1, {"type": "choose_side", "side": "rebels"})
    s = play(s, 2, {"type": "choose_side", "side": "president"})
    s = play(s, 3, {"type": "choose_side", "side": "president"})
    assert c(s)["winner"] == "rebels" and sum(coup.controls(s, a) == "president" for a in
                                              ("palace", "parliament", "central_bank")) == 3
    assert waiting(s)[0] == "junta"


# --- the decision timer (§10) ---------------------------------------------------------------------------------


def test_timeouts_movement_wave_casualties_sides():
    """§10 defaults: end_movement, hold_fire, casualties unarmed first then card then office units, sides by status."""
    s = started()
    s = play(s, None, {"type": "timeout"})
    assert acting(s) == [2] and c(s)["turn"]["seat"] == 2
    s = battle()
    s = play(s, 1, {"type": "fire", "units": ["b1_1", "b1_2"], "target": 2})
    s = play(s, None, {"type": "timeout"}, rolls=[6, 6])
    assert c(s)["combat"]["casualties"] == {"2": 2}
    add_card_units(s, "students", 2, "market", 2)
    s = play(s, None, {"type": "timeout"})
    assert [u for u, d in c(s)["units"].items() if d["area"] is None] == ["students_1", "students_2"]


# --- random play always ends (§8 bounded) -----------------------------------------------------------------------


def _random_coup(seed: int) -> State:
    import random

    from games.core.rng import SeededRng
    from games.junta import GAME, readers

    r = random.Random(seed)
    hands = {1: ["unt_students#1", "brb_brigade_2#1"], 2: ["unt_helicopter#1", "brb_guard#1"],
             3: ["unt_rioters#1", "unt_christian_militia#1"]}
    leader = 1 + seed % 3
    s = position(4, phase=8, president=0, pretext=True, offices=FOUR, hands=hands,
                 money={1: [3, 2, 1], 2: [3, 1], 3: [2, 2]})
    s = ready_all(s)
    while waiting(s) != ("coup_poll", [leader]):
        s = play(s, waiting(s)[1][0], {"type": "decline_coup"})
    opening = r.choice(coup.opening_actions(s, leader))
    s = GAME.apply(s, leader, {"type": "start_coup", "opening": opening}, SeededRng(seed, 0))
    for step in range(1, 3000):
        # One time-out may carry the coup's end through the rest of the turn, where the coup is put away.
        if coup.coup_over(s) or (s["coup"] is None and s["last_coup"] is not None):
            return s
        frame, seats = readers.waiting(s)
        if not seats or r.random() < 0.05:
            s = GAME.apply(s, None, {"type": "timeout"}, SeededRng(seed, step))
            continue
        seat = r.choice(seats)
        s = GAME.apply(s, seat, r.choice(GAME.legal_actions(s, seat)), SeededRng(seed, step))
    raise AssertionError(f"the coup of seed {seed} does not end")


def test_random_coups_end():
    """Random legal coup actions (and time-outs) always reach an outcome; the 96 notes stay whole."""
    winners = set()
    for seed in range(12):
        s = _random_coup(seed)
        ended = s["coup"] or s["last_coup"]
        assert ended["winner"] in ("president", "rebels")
        assert set(ended["sides"]) >= {"0"}
        winners.add(ended["winner"])
        assert sum(map(len, s["money"])) + sum(map(len, s["accounts"])) + len(s["aid_down"]) + len(s["aid_up"]) == 96


def test_random_full_games_end():
    """Whole random games with the real coup end."""
    import random

    from games.core.rng import SeededRng
    from games.junta import GAME, readers

    for seed in range(4):
        r = random.Random(seed)
        s = GAME.setup(4 + seed % 4, {}, SeededRng(seed, "setup"))
        s = GAME.apply(s, None, {"type": "start_clock", "at": 0.0}, SeededRng(seed, "clock"))
        for step in range(20000):
            if s["result"] is not None:
                break
            _frame, seats = readers.waiting(s)
            if not seats or r.random() < 0.05:
                s = GAME.apply(s, None, {"type": "timeout"}, SeededRng(seed, step))
                continue
            seat = r.choice(seats)
            s = GAME.apply(s, seat, r.choice(GAME.legal_actions(s, seat)), SeededRng(seed, step))
        assert s["result"] is not None


# --- the cousin's movement, a return during a coup, permitted retreats (§8.5, §5.6, §8.8) -----------------


def test_cousin_moves_the_exiles_office_at_the_exiles_turn():
    """Coup Phases 1-6: at the turn of an exile whose office the cousin holds, the President makes one extra
    movement with that office's units only; the Rebellion Phase skips the exile."""
    s = started(exile={3: "swiss_embassy"})
    s["cousin"] = "general_3"
    seen = []
    while c(s)["phase"] == 0 and c(s)["segment"] == "movement":
        seen.append(acting(s)[0])
        s = play(s, acting(s)[0], {"type": "end_movement"})
    assert seen == [1, 2]  # the President and the exile have no Rebellion turn
    s = end_declarations(s)
    assert c(s)["phase"] == 1 and c(s)["turn"]["seat"] == 2  # left of the leader first
    s = play(s, 2, {"type": "end_movement"})
    assert c(s)["turn"] == {"seat": 0, "used": [], "cousin": "general_3"}  # seat 3's turn, moved by the President
    refused(s, 0, {"type": "move_units", "from": "palace", "moves": [{"unit": "pg_1", "to": "malecon"}]})
    s = play(s, 0, {"type": "move_units", "from": "barracks_3",
                    "moves": [{"unit": "b3_1", "to": "hillside_villas"}, {"unit": "b3_2", "to": "hillside_villas"}]})
    assert c(s)["units"]["b3_1"]["area"] == "hillside_villas" and not c(s)["rebels"][0]
    refused(s, 0, {"type": "move_units", "from": "barracks_3", "moves": [{"unit": "b3_3", "to": "hillside_villas"}]},
            "junta.coup.one_movement")
    s = play(s, 0, {"type": "end_movement"})
    assert c(s)["turn"]["seat"] == 0 and c(s)["turn"]["cousin"] is None  # then his own turn
    s = play(s, 0, {"type": "move_units", "from": "palace", "moves": [{"unit": "pg_1", "to": "malecon"}]})
    assert c(s)["units"]["pg_1"]["area"] == "malecon"


def test_return_from_exile_during_a_coup_wakes_the_units():
    """An exile may return during a movement segment (never in combat): his ignored units become active
    where they stand, and with safe conduct the Minister is not asked."""
    s = started(exile={3: "swiss_embassy"})
    assert coup.units_in(s, "barracks_3") == []  # ignored while he is away
    place(s, "swiss_embassy", "b1_6")
    s = play(s, 1, {"type": "grant_safe_conduct", "to": 3})
    s = play(s, 3, {"type": "return_from_exile"})
    assert s["exile"][3] is None and waiting(s)[0] == "coup"
    assert coup.units_in(s, "barracks_3") == [f"b3_{i}" for i in range(1, 7)]
    assert coup.players_in(s, "barracks_3") == [3]


def test_return_from_exile_refused_in_combat():
    """No return from exile during a coup's combat segment."""
    s = started(exile={3: "swiss_embassy"})
    s = end_movements(s)
    assert c(s)["segment"] == "combat"
    refused(s, 3, {"type": "return_from_exile"}, "junta.no_return_now")


def test_permit_retreat_opens_an_occupied_neighbour():
    """A loser may retreat only into free areas, or into one whose other players permit it (§8.8)."""
    s = battle()
    place(s, "university", "b3_1")
    s = one_loss(s)
    s = play(s, 1, {"type": "allow_stay", "to": []})
    into_university = {"type": "retreat", "moves": [{"unit": u, "to": "university"} for u in ("b2_2", "b2_3", "mar_1")]}
    refused(s, 2, into_university, "junta.coup.bad_retreat")
    refused(s, 1, {"type": "permit_retreat", "to": 2, "area": "university"}, "junta.coup.bad_permit")  # no unit there
    s = play(s, 3, {"type": "permit_retreat", "to": 2, "area": "university"})
    s = play(s, 2, into_university)
    assert coup.players_in(s, "university") == [2, 3] and coup.players_in(s, "market") == [1]
