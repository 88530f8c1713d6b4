"""Mode B: disc effects and their limits (rules/som.md, "Mode B: disc effects").

The kit's board has Euro per recepta on C1 and Impost de successions on D1; Pink (seat 0) holds the
Generalitat and starts on B2 (next to C1) or C2 (next to C1 and D1).
"""

from __future__ import annotations

import pytest

from games.som.common import HISENDA, MAX_STEPS
from tests.games.som.som_kit import (
    NO_GIFTS,
    STOP,
    G,
    act,
    act_on,
    at_cohesion,
    at_move,
    events,
    play,
    position,
    refused,
    step,
    types,
    value,
    waiting,
)


def effect(name: str, **fields: object) -> dict:
    return {"type": "use_disc_effect", "effect": name, **fields}


def cohesion(hands: dict, mode: str = "B", n: int = 4) -> dict:
    return at_cohesion(position(n, mode=mode, hands=hands), "generalitat")


@pytest.mark.parametrize(("pair", "target", "kind"), [
    (["education1", "education2"], "justice1", "justice"),
    (["railways1", "railways2"], "mossos1", "mossos"),
    (["roads1", "roads2"], "firefighters1", "firefighters"),
    (["forests1", "forests2"], "health1", "health"),
    (["energy1", "energy2"], "education3", "education"),
    (["housing1", "housing2"], "education3", "education"),
])
def test_each_exchange_takes_its_kind(pair, target, kind):
    """Two identical discs take one disc: one of the pair to the loser, the other to the Hisenda."""
    s = cohesion({0: [*pair, "health3"], 2: [target, "roads1" if "roads" not in pair[0] else "forests3"]})
    after = act(s, 0, effect(pair[0].rstrip("0123456789"), target_disc=target))
    assert target in after["hands"][0]
    assert pair[0] in after["hands"][2] and pair[1] in after["hisenda"]
    event = events(s, after, "exchange")[0]
    assert (event["target"], event["taken"], event["given"]) == (2, target, pair[0])
    assert waiting(after) == "cohesion"  # the phase goes on until redistribute


def test_exchanges_are_listed_in_phase_three():
    """Every pair the holder holds against every disc of the right kind held by another player."""
    s = cohesion({0: ["forests1", "forests2", "forests3"], 1: ["health1"], 3: ["health2", "justice1"]})
    listed = [a for a in G.legal_actions(s, 0) if a["type"] == "use_disc_effect"]
    assert listed == [effect("forests", target_disc="health1"), effect("forests", target_disc="health2")]
    assert G.view(s, None)["effects"] == listed


def test_exchanges_may_be_repeated_while_pairs_last():
    """Three forests: one exchange (the third disc is no pair)."""
    s = cohesion({0: ["forests1", "forests2", "forests3"], 1: ["health1", "health2"]})
    once = act(s, 0, effect("forests", target_disc="health1"))
    assert refused(once, 0, effect("forests", target_disc="health2")).message_id == "som.exchange_pair"
    s = cohesion({0: ["housing1", "housing2", "energy1", "energy2"], 1: ["education1", "education2"]})
    twice = act(act(s, 0, effect("housing", target_disc="education1")), 0, effect("energy", target_disc="education2"))
    assert {"education1", "education2"} <= set(twice["hands"][0])


def test_exchange_refusals():
    """A pair is needed, the target must be another player's disc of the right kind."""
    s = cohesion({0: ["forests1", "forests2", "health3"], 1: ["health1", "mossos1"]})
    assert refused(s, 0, effect("railways", target_disc="mossos1")).message_id == "som.exchange_pair"
    assert refused(s, 0, effect("forests", target_disc="mossos1")).message_id == "som.target_kind"
    assert refused(s, 0, effect("forests", target_disc="health3")).message_id == "som.target_not_held"
    assert refused(s, 0, effect("forests", target_disc="health2")).message_id == "som.target_not_held"
    assert refused(s, 0, effect("forests", target_disc=None)).message_id == "core.bad_field"
    assert refused(s, 0, effect("magic")).message_id == "som.effect_unknown"
    assert refused(s, 1, effect("forests", target_disc="health1")).message_id == "som.not_your_turn"


def test_no_disc_effects_in_mode_a_or_alone():
    """Kinds have no effect in mode A; a lone player in mode B exchanges nothing."""
    s = cohesion({0: ["forests1", "forests2"], 1: ["health1"]}, mode="A")
    assert refused(s, 0, effect("forests", target_disc="health1")).message_id == "som.no_disc_effects"
    assert all(a["type"] == "redistribute" for a in G.legal_actions(s, 0))
    solo = at_move(position(1, mode="B", hands={0: ["forests1", "forests2", "health1"]}), "generalitat")
    assert refused(solo, 0, effect("forests", target_disc="health1")).message_id == "som.no_disc_effects"


def test_exchanges_only_in_phase_three():
    """After redistribute, in phase 4, an exchange is refused."""
    s = cohesion({0: ["forests1", "forests2", "justice1"], 1: ["health1"]})
    moving = act(s, 0, NO_GIFTS)
    assert refused(moving, 0, effect("forests", target_disc="health1")).message_id == "som.exchange_phase"


# --- health and justice, on landing -------------------------------------------------------------------


def on_card(card_cell: str, hands: dict, mode: str = "B", face: str = "generalitat",
            start: str = "B2") -> tuple[dict, dict]:
    s = at_move(position(mode=mode, hands=hands, citizens=[start, start, "A1", "A1"]), face)
    mover = next(iter(G.to_act(s)))
    return s, act(s, mover, step(card_cell))


HEALTHY = {0: ["health1", "health2", "justice1"], 1: ["roads1"], 2: ["education1"], 3: []}


def test_health_charges_one_euro_to_up_to_h_players_with_money():
    """Two health discs: 1 or 2 of the players holding at least 1 € (Blue holds nothing)."""
    s, landed = on_card("C1", HEALTHY)
    listed = [a for a in G.legal_actions(landed, 0) if a["type"] == "use_disc_effect"]
    assert listed == [effect("health", targets=[1]), effect("health", targets=[2]), effect("health", targets=[1, 2])]
    charged = act(landed, 0, effect("health", targets=[2, 1]))
    assert value(charged, 0) == 6 + 2 and value(charged, 1) == 0 and value(charged, 2) == 1
    assert [e["payer"] for e in events(landed, charged, "paid")] == [1, 2]
    assert charged["used"]["health"]


def test_health_target_refusals():
    """No more targets than health discs, never the holder, a target without money or twice."""
    s, landed = on_card("C1", HEALTHY)
    for targets in ([1, 2, 3], [3], [0], [1, 1], []):
        assert refused(landed, 0, effect("health", targets=targets)).message_id == "som.health_targets"
    for malformed in ("1", [True]):  # not a list of seats: the shared guard's refusal
        assert refused(landed, 0, effect("health", targets=malformed)).message_id == "core.bad_field"


def test_health_is_once_per_turn():
    """After use, a later landing in the same turn offers nothing."""
    s, landed = on_card("C1", HEALTHY)
    used = act(landed, 0, effect("health", targets=[1]))
    assert refused(used, 0, effect("health", targets=[2])).message_id == "som.effect_not_now"
    again = act(act(used, 0, step("D2")), 0, step("D1"))  # D1: Impost de successions, not health
    assert "use_disc_effect" not in types(again, 0) or all(
        a.get("effect") != "health" for a in G.legal_actions(again, 0))


def test_an_effect_not_used_is_lost_for_that_landing_but_a_later_landing_may_use_it():
    """Stepping on loses it; landing on the card again (another movement, same turn) offers it again."""
    s, landed = on_card("C1", HEALTHY, face="everyone")
    moved_on = act(landed, 0, step("D2"))
    assert refused(moved_on, 0, effect("health", targets=[1])).message_id == "som.effect_not_now"
    fresh = dict(moved_on)
    fresh["movement"] = {**moved_on["movement"], "visited": ["D2"], "cell": "D2"}
    back = act(fresh, 0, step("C1"))
    assert effect("health", targets=[1]) in G.legal_actions(back, 0)


def test_only_the_holders_own_citizen_triggers_health():
    """Lilac landing on Euro per recepta with health discs gets nothing."""
    s, landed = on_card("C1", {0: ["justice1"], 1: ["health1", "roads1"], 2: ["roads2"]}, face="lilac")
    assert types(landed, 1) == {"move_citizen", "stop_moving"}


def test_health_needs_a_health_disc():
    """A holder without one is offered nothing."""
    s, landed = on_card("C1", {0: ["justice1"], 1: ["roads1"]})
    assert "use_disc_effect" not in types(landed, 0)


def test_justice_charges_up_to_a_third_of_one_player():
    """Lilac with 7 €: 1 or 2 €; Orange with 2 € cannot be charged."""
    hands = {0: ["justice1"], 1: ["health1", "health2", "health3", "roads1"], 2: ["education1"]}
    s, landed = on_card("D1", hands, start="C2")
    listed = [a for a in G.legal_actions(landed, 0) if a["type"] == "use_disc_effect"]
    assert listed == [effect("justice", target=1, amount=1), effect("justice", target=1, amount=2)]
    assert refused(landed, 0, effect("justice", target=1, amount=3)).message_id == "som.justice_amount"
    assert refused(landed, 0, effect("justice", target=2, amount=1)).message_id == "som.justice_target"
    assert refused(landed, 0, effect("justice", target=0, amount=1)).message_id == "som.justice_target"
    charged = act(landed, 0, effect("justice", target=1, amount=2))
    assert value(charged, 1) == 5 and value(charged, 0) == 4 and charged["used"]["justice"]
    assert refused(charged, 0, effect("justice", target=1, amount=1)).message_id == "som.effect_not_now"


def test_the_effect_can_wait_when_no_step_is_left():
    """A holder whose 40th step (the most a movement takes) lands on the card may still use the effect,
    then the movement ends by itself."""
    s = position(mode="B", hands={0: ["justice1"], 1: ["health1", "health2", "health3"]},
                 cards={"B7": "impost_de_successions"}, citizens=["C6", "A1", "A1", "A1"])
    s = at_move(s, "everyone")
    s["movement"]["steps"] = MAX_STEPS - 1
    landed = act(s, 0, step("B7"))
    assert types(landed, 0) == {"stop_moving", "use_disc_effect"} and G.view(landed, None)["moves"] == []
    charged = act(landed, 0, effect("justice", target=1, amount=2))
    assert charged["movement"]["mover"] == 1  # Pink's movement ended by itself
    assert events(landed, charged, "movement_ended")[0]["why"] == "step_limit"
    assert value(charged, 0) == 2 + 2


def test_stepping_back_onto_the_card_offers_the_effect_again_in_the_same_movement():
    """Seed: a Catalunya card lets the citizen move "a cualquiera de las 8 cartas de su alrededor, esté
    descubierta o no"; health is triggered at each landing of the holder's citizen on Euro per recepta
    until it is used this turn, a landing back on the face-up card included."""
    s, landed = on_card("C1", HEALTHY)
    moved_on = act(landed, 0, step("D2"))
    assert "use_disc_effect" not in types(moved_on, 0)
    back = act(moved_on, 0, step("C1"))
    assert not events(moved_on, back, "moved")[0]["revealed"]
    assert effect("health", targets=[1]) in G.legal_actions(back, 0)
    used = act(back, 0, effect("health", targets=[1]))
    again = play(used, (0, step("D2")), (0, step("C1")))
    assert "use_disc_effect" not in types(again, 0)  # once a turn


def test_stopping_forgoes_the_effect():
    """stop_moving ends the movement; the effect is not used."""
    s, landed = on_card("C1", HEALTHY)
    stopped = act_on(landed, 0, STOP, 5)
    assert events(landed, stopped, "movement_ended")[0]["why"] == "stopped"
    assert not events(landed, stopped, "health_tax") and stopped["turn"] == 2


def test_card_taxes_never_end_the_game():
    """Only players with enough money can be charged, so nobody is bankrupted by them."""
    s, landed = on_card("C1", {0: ["health1", "justice1"], 1: [], 2: [], 3: []})
    assert "use_disc_effect" not in types(landed, 0)
    assert HISENDA
