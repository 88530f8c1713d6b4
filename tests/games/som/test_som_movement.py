"""Phase 4, citizen action: who moves and how a movement goes (rules/som.md, "Phase 4").

The kit's board (unshuffled): A1 Concentració nacional, B1 ATC, C1 Euro per recepta, D1 Impost de
successions, E1 Ports, B2 Parlament, C2 Estatut, D2 Llengua, B3 Pagesia, C3 Recerca, F3 Sufragi
universal, G3 Drets humans, D5-F5 and B6 urn cards, C6-E6 and B7 Spain cards.
"""

from __future__ import annotations

import pytest

from tests.games.som.som_kit import (
    STOP,
    G,
    act,
    at_move,
    events,
    position,
    refused,
    step,
    types,
    waiting,
)


def test_the_first_step_is_compulsory():
    """Stopping before any step is refused; the moves are the neighbouring cards."""
    s = at_move(position(), "generalitat")
    assert refused(s, 0, STOP).message_id == "som.first_step"
    assert G.legal_actions(s, 0) == [step("B1"), step("B2")]
    view = G.view(s, None)
    assert view["moves"] == ["B1", "B2"] and not view["can_stop"] and view["pending"]["first_step"]


@pytest.mark.parametrize(("face", "holder", "movers"), [
    ("generalitat", 2, [2]), ("pink", 2, [0]), ("orange", 2, [2]), ("blue", 1, [3]), ("everyone", 2, [2, 3, 0, 1]),
])
def test_who_moves(face, holder, movers):
    """The holder, the colour's citizen, or everyone in seat order from the holder."""
    s = at_move(position(holder=holder), face, holder)
    assert G.view(s, None)["die"]["movers"] == movers
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


def test_no_card_twice_in_one_movement():
    """The starting card and every card stood on are out of reach for the rest of the movement."""
    s = act(at_move(position(), "generalitat"), 0, step("B2"))
    assert "A1" not in G.view(s, None)["moves"]
    assert refused(s, 0, step("A1")).message_id == "som.cell_visited"
    s = act(s, 0, step("B1"))
    assert refused(s, 0, step("B2")).message_id == "som.cell_visited"


def test_steps_go_to_neighbouring_cells_only():
    """A cell that is not next to the citizen, or no cell at all, is refused."""
    s = at_move(position(), "generalitat")
    assert refused(s, 0, step("C3")).message_id == "som.cell_not_neighbour"
    assert refused(s, 0, step("Z9")).message_id == "som.no_such_cell"
    assert refused(s, 0, {"type": "move_citizen"}).message_id == "som.no_such_cell"


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


def test_a_mover_with_nowhere_left_stops_automatically():
    """Landing on a Catalunya card whose neighbours are empty or already visited ends the movement."""
    s = position(cards={"B7": "castells"}, urn_area=["estrategia_internacional"],
                 citizens=["C6", "A1", "A1", "A1"])
    s = at_move(s, "everyone")
    after = act(s, 0, step("B7"))
    assert events(s, after, "movement_ended")[0]["why"] == "no_moves"
    assert G.to_act(after) == {1}


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
