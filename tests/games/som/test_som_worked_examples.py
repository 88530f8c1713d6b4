"""The nine worked examples of rules/som.md, played through the engine."""

from __future__ import annotations

from games.som.cards import ATC_CARD, HEALTH_CARD, JUSTICE_CARD, START_CARD, SUFFRAGE_CARD
from games.som.common import HISENDA
from tests.games.som.som_kit import (
    FACE,
    G,
    act,
    at_cohesion,
    at_move,
    at_turn,
    bid,
    cards_conserved,
    cell_of,
    events,
    gifts,
    play,
    position,
    step,
    value,
    waiting,
)

ONES = ["railways1", "railways2", "roads1", "roads2", "forests1", "forests2", "forests3", "energy1", "energy2",
        "housing1", "housing2", "housing3"]


def three_players(atc: bool) -> dict:
    return position(
        3, colours=["pink", "lilac", "blue"], holder=0,
        hands={0: ["justice1", "roads1"], 1: ["health1", "railways1"], 2: ["education1", "forests1"]},
        face_up=[ATC_CARD] if atc else [],
    )


def test_example_1_taxes_with_the_atc_face_down():
    """Lilac and Blue pay 1 € each, then Pink pays 2 €: the Hisenda gains 4 €."""
    s = three_players(atc=False)
    before = value(s, HISENDA)
    after = at_turn(s, 0, FACE["blue"])  # blue's face moves nobody's money (0 €)
    paid = [(e["payer"], e["payee"], e["amount"]) for e in events(s, after, "paid")]
    assert paid == [(1, HISENDA, 1), (2, HISENDA, 1), (0, HISENDA, 2)]
    assert value(after, HISENDA) == before + 4


def test_example_1_taxes_with_the_atc_face_up():
    """Lilac and Blue each pay 1 € to Pink, and Pink pays 1 € to the Hisenda."""
    s = three_players(atc=True)
    before = value(s, HISENDA)
    after = at_turn(s, 0, FACE["blue"])
    paid = [(e["payer"], e["payee"], e["amount"]) for e in events(s, after, "paid")]
    assert paid == [(1, 0, 1), (2, 0, 1), (0, HISENDA, 1)]
    assert value(after, HISENDA) == before + 1
    assert value(after, 0) == 3 + 2 - 1


def change_position(mode: str, hisenda_ones: list[str], holder_hand: list[str]) -> dict:
    """Blue (seat 3) holds only a health disc and owes 1 € of tax; Lilac and Orange pay in 1 € discs."""
    return position(
        mode=mode, holder=0,
        hands={0: holder_hand, 1: ["energy2"], 2: ["housing3"], 3: ["health1"]},
        hisenda=["justice1", "justice2", *hisenda_ones],
    )


def test_example_2_change_from_the_hisenda_blue_chooses_in_mode_b():
    """Blue gives the health disc to the Hisenda, receives two random 1 € discs, and chooses which to pay back."""
    s = change_position("B", ["forests1", "roads1", "housing1"], ["mossos1", "mossos2"])
    after = at_turn(s, 0)  # taxes stop at Blue's choice, before the holder pays and rolls
    assert waiting(after) == "pay" and G.to_act(after) == {3}
    change = events(s, after, "change")[0]
    assert change["payer"] == 3 and change["changer"] == HISENDA and change["broken"] is None  # coin side up
    received = change["received"]
    assert len(received) == 2 and all(d in ("energy2", "forests1", "housing1", "housing3", "roads1") for d in received)
    assert "health1" in after["hisenda"] and sorted(after["hands"][3]) == sorted(received)
    options = {tuple(a["discs"]) for a in G.legal_actions(after, 3)}
    assert options == {(received[0],), (received[1],)}
    done = act(after, 3, {"type": "pay", "discs": [received[1]]}, FACE["blue"])
    assert done["hands"][3] == [received[0]] and received[1] in done["hisenda"]
    assert waiting(done) == "cohesion"


def test_example_2_in_mode_a_blue_pays_without_being_asked():
    """Kinds do not matter in mode A: the engine pays the lowest id."""
    s = change_position("A", ["forests1", "roads1", "housing1"], ["mossos1", "mossos2"])
    after = at_turn(s, 0, FACE["blue"])
    assert waiting(after) == "cohesion"
    assert len(after["hands"][3]) == 1 and after["hands"][3][0] != "health1"


def test_example_2_change_from_the_holder_when_the_hisenda_lacks_ones():
    """With fewer than two 1 € coins in the Hisenda, the holder gives the change."""
    s = position(2, colours=["pink", "blue"], hands={0: ["mossos1", "roads1", "roads2"], 1: ["health1"]},
                 hisenda=["justice1", "justice2", "forests1"])
    after = at_turn(s, 0, FACE["blue"])
    blue_change = [e for e in events(s, after, "change") if e["payer"] == 1][0]
    assert blue_change["changer"] == 0 and blue_change["broken"] == "health1"
    assert blue_change["received"] == ["roads1", "roads2"]
    assert after["hands"][1] == ["roads2"] and "roads1" in after["hisenda"]


def test_example_2_no_change_giver_means_paying_the_2_euro_disc():
    """If nobody holds two 1 € discs, Blue pays the health disc and gets no change."""
    s = change_position("A", [], ["mossos1", "mossos2"])
    s["hands"][1], s["hands"][2] = ["education1"], ["education2"]
    s["hisenda"] = ["justice1", "justice2"]
    after = at_turn(s, 0, FACE["blue"])
    blue = [e for e in events(s, after, "paid") if e["payer"] == 3][0]
    assert (blue["amount"], blue["handed"], blue["twos"]) == (1, 2, 1)
    assert after["hands"][3] == [] and "health1" in after["hisenda"]
    assert not [e for e in events(s, after, "change") if e["payer"] == 3]


def test_example_3_cohesion_reward():
    """Health to Lilac (1 participation disc) and roads to Blue (none), pool 10: Pink gets 3, pool 8."""
    s = at_cohesion(position(hands={0: ["health1", "roads1", "justice1"]}, participation=[0, 1, 1, 0], pool=10))
    after = act(s, 0, gifts(("health1", 1), ("roads1", 3)))
    assert after["participation"] == [3, 0, 1, 0]
    assert after["pool"] == 8
    assert after["hands"][1] == ["health1"] and after["hands"][3] == ["roads1"]
    event = events(s, after, "gifts")[0]
    assert (event["reward"], event["taken"], event["from_pool"]) == (3, [{"seat": 1, "count": 1}], 2)


def test_example_3_the_holder_keeps_a_disc():
    """Pink must still hold at least one public-management disc."""
    from tests.games.som.som_kit import refused

    s = at_cohesion(position(hands={0: ["health1", "roads1"]}, participation=[0, 1, 1, 0], pool=10))
    assert refused(s, 0, gifts(("health1", 1), ("roads1", 3))).message_id == "som.keep_one_disc"


def test_example_4_movement_economic_capacity_and_an_urn_card():
    """Orange steps onto Turisme (3 € from the Hisenda), goes on to Mobilització ciutadana and steps back."""
    s = position(mode="B", cards={"E3": "turisme", "F3": "mobilitzacio_ciutadana"},
                 citizens=["A1", "A1", "D2", "A1"], hands={2: ["health1"]})
    s = at_move(s, "orange")
    assert G.to_act(s) == {2}
    s1 = act(s, 2, step("E3"))
    paid = events(s, s1, "paid")[0]
    assert (paid["payer"], paid["payee"], paid["reason"], paid["ones"], paid["twos"]) == (HISENDA, 2, "economic", 1, 1)
    assert value(s1, 2) == 2 + 3
    assert "turisme" in s1["face_up"] and G.view(s1, None)["can_stop"]
    s2 = act(s1, 2, step("F3"))
    assert s2["urn_area"] == ["mobilitzacio_ciutadana"] and s2["board"]["F3"] is None
    assert s2["citizens"][2] == "E3"
    ended = events(s1, s2, "movement_ended")[0]
    assert (ended["seat"], ended["why"], ended["cell"]) == (2, "urn", "E3")
    assert cards_conserved(s2)


def test_example_5_impost_de_successions():
    """Blue holds 8 €: the holder with a justice disc may charge 1 or 2 €; a player with 2 € cannot be charged."""
    s = position(mode="B", cards={"B2": JUSTICE_CARD}, citizens="A1",
                 hands={0: ["justice1"], 1: ["health1"], 2: ["roads1"],
                        3: ["health2", "health3", "education1", "railways1", "railways2"]})
    s = at_move(s, "generalitat")
    s = act(s, 0, step("B2"))
    options = [a for a in G.legal_actions(s, 0) if a["type"] == "use_disc_effect"]
    assert options == [{"type": "use_disc_effect", "effect": "justice", "target": 3, "amount": 1},
                       {"type": "use_disc_effect", "effect": "justice", "target": 3, "amount": 2}]
    charged = act(s, 0, options[1])
    assert waiting(charged) == "pay" and G.to_act(charged) == {3}  # Blue chooses which discs
    charged = act(charged, 3, {"type": "pay", "discs": ["railways1", "railways2"]})
    assert value(charged, 3) == 6 and value(charged, 0) == 4


def example_6(reveal_at: str) -> tuple[dict, dict]:
    s = position(cards={"C3": "loapa", reveal_at: "tribunal_constitucional", "B2": "turisme",
                        "D5": "castells"},
                 face_up=["loapa", "turisme", "castells"], urn_area=["cultura_democratica"])
    neighbour = {"C6": "C5", "E5": "E4"}[reveal_at]
    s["citizens"][0] = neighbour
    s = at_move(s, "generalitat")
    return s, act(s, 0, step(reveal_at))


def test_example_6_aligned_spain_cards_are_collected():
    """Tribunal Constitucional revealed on C6 shares column 2 with LOAPA on C3: both go into the deck."""
    s, after = example_6("C6")
    event = events(s, after, "state_acts")[0]
    assert sorted(event["collected"]) == sorted(["loapa", "tribunal_constitucional", "turisme", "castells",
                                                 "cultura_democratica"])
    assert "loapa" not in after["face_up"] and "tribunal_constitucional" not in after["face_up"]
    assert after["urn_area"] == [] and cards_conserved(after)
    assert after["face_up"] == [START_CARD]


def test_example_6_unaligned_spain_cards_stay_face_up():
    """Revealed on E5 it is not aligned with C3: both Spain cards stay face up; the setback happens anyway."""
    s, after = example_6("E5")
    event = events(s, after, "state_acts")[0]
    assert sorted(event["collected"]) == sorted(["turisme", "castells", "cultura_democratica"])
    assert {"loapa", "tribunal_constitucional"} <= set(after["face_up"])
    assert after["board"]["C3"] == "loapa" and after["board"]["E5"] == "tribunal_constitucional"
    assert set(after["citizens"]) == {cell_of(after, START_CARD)}


def test_example_7_elections_tie_goes_to_the_holder():
    """Lilac stands; Orange backs Lilac, Blue backs Pink; 3 votes each: Pink plays the next turn again."""
    s = position(mode="C", cards={"B2": SUFFRAGE_CARD}, face_up=[SUFFRAGE_CARD],
                 hands={0: ["mossos1", "justice1"], 1: ["health1"], 2: ["health2"], 3: ["health3"]},
                 participation=[3, 2, 2, 2], pool=3)
    s = at_move(s, "generalitat")
    s = act(s, 0, step("B2"))
    assert waiting(s) == "sufragi"
    s = act(s, 0, {"type": "call_elections"})
    assert "mossos1" in s["hisenda"] and s["hands"][0] == ["justice1"]
    s = play(s, (1, {"type": "stand", "stand": True}), (2, {"type": "stand", "stand": False}),
             (3, {"type": "stand", "stand": False}), (2, {"type": "back", "candidate": 1}),
             (3, {"type": "back", "candidate": 0}))
    assert waiting(s) == "bid" and G.to_act(s) == {0, 1, 2, 3}
    s = play(s, (0, bid(2)), (3, bid(1)), (1, bid(1)))
    before = s
    s = act(s, 2, bid(2))
    result = events(before, s, "vote_result")[0]
    assert result["winner"] == 0 and result["bids"] == [2, 1, 2, 1]
    assert [(side["head"], side["votes"]) for side in result["sides"]] == [(0, 3), (1, 3)]
    assert s["pool"] == 3 + 6 and s["participation"] == [1, 1, 0, 1]
    assert s["holder"] == 0 and s["turn"] == 2  # Pink plays the next turn again


def test_example_8_motion_tie_fails():
    """Lilac's motion, backed by Orange, against Pink and Blue: 3 against 3, the Generalitat passes as usual."""
    s = position(mode="C", cards={"B2": SUFFRAGE_CARD},
                 hands={0: ["justice1", "justice2"], 1: ["health1"], 2: ["health2"], 3: ["health3"]},
                 participation=[3, 2, 1, 0], pool=6)
    s = at_move(s, "lilac")
    assert G.to_act(s) == {1}
    s = act(s, 1, step("B2"))
    s = act(s, 1, {"type": "motion_of_censure"})
    s = play(s, (2, {"type": "back", "side": "motion"}), (3, {"type": "back", "side": "government"}))
    assert waiting(s) == "name_beneficiary"
    s = act(s, 1, {"type": "name_beneficiary", "player": 1})
    assert G.to_act(s) == {0, 1, 2}  # Blue holds no participation disc: an empty fist, bid at once
    s = play(s, (1, bid(2)), (2, bid(1)), (0, bid(3)))
    result = [e for e in s["log"] if e["type"] == "vote_result"][0]
    assert [(side["name"], side["votes"]) for side in result["sides"]] == [("motion", 3), ("government", 3)]
    assert result["winner"] is None and result["next_holder"] == 1
    assert s["holder"] == 1  # the next player after Pink, as usual


def test_example_9_dui_tie_break():
    """The Hisenda holds 3 € when Blue rolls pink (4 €): DUI; Pink and Lilac tie with 3, so Blue alone wins."""
    s = position(holder=3, face_up=[ATC_CARD], hisenda=["railways1", "roads1"],
                 hands={0: ["justice1"], 1: ["justice2"], 2: ["health1"], 3: ["health2"]},
                 participation=[3, 3, 1, 0], pool=5)
    after = at_turn(s, 3, FACE["pink"])
    rolled = events(s, after, "rolled")[0]
    assert rolled["number"] == 4
    assert value(after, HISENDA) == 3
    outcome = G.outcome(after)
    assert outcome is not None
    assert (outcome.reason, outcome.winners) == ("dui", [3])
    assert outcome.scores == {0: 3.0, 1: 3.0, 2: 1.0, 3: 0.0}
    assert after["result"]["provoker"] == 3


def test_example_cards_exist():
    """The cards the examples name are real board cards."""
    assert HEALTH_CARD and JUSTICE_CARD and ONES
