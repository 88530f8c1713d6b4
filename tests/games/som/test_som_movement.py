"""Phase 4, citizen action: who moves and how a movement goes (rules/som.md, "Phase 4").

The kit's board (unshuffled): A1 Concentració nacional, B1 ATC, C1 Euro per recepta, D1 Impost de
successions, E1 Ports, B2 Parlament, C2 Estatut, D2 Llengua, B3 Pagesia, C3 Recerca, F3 Sufragi
universal, G3 Drets humans, D5-F5 and B6 urn cards, C6-E6 and B7 Spain cards.
"""

from __future__ import annotations

import pytest

from games.som.common import MAX_STEPS
from tests.games.som.som_kit import (
    STOP,
    G,
    act,
    act_on,
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
from tests.support.present import present


def test_the_first_step_is_compulsory():
    """Stopping before any step is refused; the moves are the neighbouring cards."""
    s = at_move(position(), "generalitat")
    assert refused(s, 0, STOP).message_id == "som.first_step"
    assert G.legal_actions(s, 0) == [step("B1"), step("B2")]
    view = G.view(s, None)
    assert view["moves"] == ["B1", "B2"] and not view["can_stop"] and present(view["pending"])["first_step"]


@pytest.mark.parametrize(("face", "holder", "movers"), [
    ("generalitat", 2, [2]), ("pink", 2, [0]), ("orange", 2, [2]), ("blue", 1, [3]), ("everyone", 2, [2, 3, 0, 1]),
])
def test_who_moves(face, holder, movers):
    """The holder, the colour's citizen, or everyone in seat order from the holder."""
    s = at_move(position(holder=holder), face, holder)
    assert present(G.view(s, None)["die"])["movers"] == movers
    assert G.to_act(s) == {movers[0]} and s["movers"] == movers[1:]


def test_a_catalunya_card_lets_the_mover_go_on_or_stop():
    """After landing on Parlament the mover may step again or stop."""
    s = act(at_move(position(), "generalitat"), 0, step("B2"))
    assert types(s, 0) == {"move_citizen", "stop_moving"}
    assert G.view(s, None)["can_stop"] and "C3" in G.view(s, None)["moves"]
    moved = act(s, 0, step("C3"))
    assert moved["citizens"][0] == "C3" and moved["movement"]["steps"] == 2


def test_each_step_turns_a_face_down_card_face_up():
    """Activation: the card is revealed, and the log names it."""
    s = at_move(position(), "generalitat")
    after = act(s, 0, step("B2"))
    assert "parlament_de_catalunya" in after["face_up"]
    event = events(s, after, "moved")[0]
    assert (event["cell"], event["card"], event["revealed"]) == ("B2", "parlament_de_catalunya", True)


def test_a_citizen_may_step_back_onto_a_card_it_already_stood_on():
    """Seed: on a Catalunya card the player "puede volver a desplazarlo a cualquiera de las 8 cartas de su
    alrededor, esté descubierta o no" (rules/som.md, Phase 4, item 4, corrected 2026-11-26): the card
    stepped from, the starting card included, is a step like any other, and stepping on it again turns
    nothing."""
    s = act(at_move(position(), "generalitat"), 0, step("B2"))
    assert "A1" in G.view(s, None)["moves"] and step("A1") in G.legal_actions(s, 0)
    back = act(s, 0, step("A1"))
    assert back["citizens"][0] == "A1" and back["movement"]["steps"] == 2
    again = act(back, 0, step("B2"))
    moved = events(back, again, "moved")[0]
    assert (moved["cell"], moved["card"], moved["revealed"]) == ("B2", "parlament_de_catalunya", False)
    assert again["movement"]["visited"] == ["A1", "B2", "A1", "B2"] and again["movement"]["steps"] == 3


def test_stopping_on_a_catalunya_card_stays_optional_after_a_step_back():
    """Seed: "puede volver a desplazarlo" (may, not must): back on a card already stood on, the mover may
    go on or stop there."""
    s = play(at_move(position(), "generalitat"), (0, step("B2")), (0, step("C2")), (0, step("B2")))
    assert types(s, 0) == {"move_citizen", "stop_moving"} and G.view(s, None)["can_stop"]
    stopped = act_on(s, 0, STOP, 5)
    ended = events(s, stopped, "movement_ended")[0]
    assert (ended["why"], ended["cell"], ended["steps"]) == ("stopped", "B2", 3)


def test_a_face_up_cards_symbol_does_not_trigger_again():
    """Seed: "a cualquiera de las 8 cartas de su alrededor, esté descubierta o no": Ports i logística pays
    its 3 € when a step reveals it, not when the citizen steps back onto it, face up, in the same movement."""
    s = at_move(position(2, colours=["pink", "blue"], citizens="D2"), "generalitat")
    revealed = act(s, 0, step("E1"))
    assert [e["card"] for e in events(s, revealed, "economic")] == ["ports_i_logistica"]
    assert value(revealed, 0) == value(s, 0) + 3
    again = play(revealed, (0, step("D2")), (0, step("E1")))
    assert not events(revealed, again, "economic") and not events(revealed, again, "paid")
    assert value(again, 0) == value(revealed, 0)


def test_an_urn_card_after_steps_back_sends_the_citizen_to_the_card_it_stepped_from():
    """Seed: the urn cards "detienen el desplazamiento": after going back and forth the citizen returns to
    the card it stepped from, and the movement ends."""
    s = at_move(position(cards={"C3": "cultura_democratica"}), "everyone")
    s = play(s, (0, step("B2")), (0, step("A1")), (0, step("B2")))
    after = act(s, 0, step("C3"))
    assert after["urn_area"] == ["cultura_democratica"] and after["citizens"][0] == "B2"
    assert events(s, after, "urn_found")[0]["back_to"] == "B2"
    assert events(s, after, "movement_ended")[0]["why"] == "urn" and G.to_act(after) == {1}


def test_steps_go_to_neighbouring_cells_only():
    """A cell that is not next to the citizen, or no cell at all, is refused."""
    s = at_move(position(), "generalitat")
    assert refused(s, 0, step("C3")).message_id == "som.cell_not_neighbour"
    assert refused(s, 0, step("Z9")).message_id == "som.no_such_cell"
    assert refused(s, 0, {"type": "move_citizen"}).message_id == "core.missing_field"


def test_a_world_card_ends_the_movement():
    """Drets humans stops the mover; in an everyone turn the next citizen moves."""
    s = at_move(position(citizens=["F2", "A1", "A1", "A1"]), "everyone")
    after = act(s, 0, step("G3"))
    assert events(s, after, "movement_ended")[0]["why"] == "world"
    assert G.to_act(after) == {1} and after["movement"]["mover"] == 1


def test_sufragi_universal_is_a_plain_world_card_outside_mode_c():
    """In modes A and B it only stops the movement."""
    s = at_move(position(mode="B", citizens=["E2", "A1", "A1", "A1"]), "everyone")
    after = act(s, 0, step("F3"))
    assert events(s, after, "movement_ended")[0]["why"] == "world" and waiting(after) == "move"


def test_an_urn_card_on_the_first_step_sends_the_citizen_back_to_its_start():
    """The card goes to the urn area, its cell empties, the citizen returns, the movement ends."""
    s = at_move(position(citizens=["D4", "A1", "A1", "A1"]), "everyone")
    after = act(s, 0, step("D5"))
    assert after["urn_area"] == ["cultura_democratica"] and after["board"]["D5"] is None
    assert after["citizens"][0] == "D4"
    assert events(s, after, "urn_found")[0]["back_to"] == "D4"
    assert G.to_act(after) == {1}


def test_an_empty_cell_cannot_be_entered():
    """A cell whose urn card was set aside is no step."""
    s = at_move(position(citizens=["D4", "A1", "A1", "A1"], urn_area=["cultura_democratica"]), "everyone")
    assert "D5" not in G.view(s, None)["moves"]
    assert refused(s, 0, step("D5")).message_id == "som.cell_empty"


def test_no_card_next_to_the_citizen_ends_the_movement_without_a_step():
    """A citizen with only empty cells around moves no step; the next mover starts."""
    s = position(cards={"B1": "cultura_democratica", "B2": "mobilitzacio_ciutadana"},
                 urn_area=["cultura_democratica", "mobilitzacio_ciutadana"],
                 citizens=["A1", "D3", "D3", "D3"])
    s = at_move(s, "everyone")
    assert G.to_act(s) == {1}
    ended = [e for e in s["log"] if e["type"] == "movement_ended"][0]
    assert (ended["seat"], ended["why"]) == (0, "no_step")


def back_and_forth(s: dict, steps: int) -> dict:
    """Seat 0 steps between A1 and B2 (Concentració nacional and Parlament) `steps` times from A1."""
    for count in range(steps):
        s = act(s, 0, step("B2" if count % 2 == 0 else "A1"))
    return s


def test_a_movement_ends_after_forty_steps():
    """Stepping back is allowed ("a cualquiera de las 8 cartas de su alrededor"), so a movement ends after
    MAX_STEPS (40) steps [decision, rules/som.md Phase 4 item 4]: the 40th step's card is resolved, then the
    citizen stays where it stands and the next mover starts."""
    assert MAX_STEPS == 40
    s = at_move(position(), "everyone")
    s = back_and_forth(s, MAX_STEPS - 1)
    assert s["movement"]["steps"] == 39 and s["citizens"][0] == "B2" and G.view(s, None)["moves"]
    after = act(s, 0, step("A1"))
    ended = events(s, after, "movement_ended")[0]
    assert (ended["seat"], ended["why"], ended["cell"], ended["steps"]) == (0, "step_limit", "A1", MAX_STEPS)
    assert after["citizens"][0] == "A1" and G.to_act(after) == {1} and after["movement"]["mover"] == 1


def test_the_fortieth_step_still_reveals_and_resolves_its_card():
    """A face-down card turned by the 40th step acts as usual: Ports i logística pays its 3 €."""
    s = at_move(position(cards={"B1": "ports_i_logistica"}), "everyone")
    s = back_and_forth(s, MAX_STEPS - 1)
    after = act(s, 0, step("B1"))
    assert [e["card"] for e in events(s, after, "economic")] == ["ports_i_logistica"]
    assert value(after, 0) == value(s, 0) + 3
    assert events(s, after, "movement_ended")[0]["why"] == "step_limit"


def test_citizens_may_share_a_card():
    """Any number of citizens on one card."""
    s = at_move(position(citizens=["A1", "B2", "A1", "A1"]), "everyone")
    after = act(s, 0, step("B2"))
    assert after["citizens"][0] == after["citizens"][1] == "B2"


def test_a_face_up_spain_card_stops_like_a_world_card():
    """At medium degree a revealed Spain card stays; stepping on it later has no effect but stops."""
    s = position(degree="medium", face_up=["tribunal_constitucional"], citizens=["B5", "A1", "A1", "A1"])
    s = at_move(s, "everyone")
    after = act(s, 0, step("C6"))
    assert not events(s, after, "state_acts")
    assert events(s, after, "movement_ended")[0]["why"] == "spain"
    assert G.to_act(after) == {1}


def test_revealing_a_spain_card_ends_phase_four_even_in_an_everyone_turn():
    """Nobody moves again this turn; the next holder's turn begins."""
    s = position(degree="medium", hands={0: ["justice1", "justice2"], 1: ["health1"], 2: ["health2"],
                                          3: ["health3"]}, citizens=["B5", "A1", "A1", "A1"])
    s = at_move(s, "everyone")
    after = act(s, 0, step("C6"), 5)  # the next turn's roll: blue
    assert events(s, after, "state_acts")
    assert not [e for e in events(s, after, "movement_started")]
    assert after["holder"] == 1 and after["turn"] == 2
