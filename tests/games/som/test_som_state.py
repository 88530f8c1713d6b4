"""The State acts when a face-down Spain card is revealed (rules/som.md, "The State acts")."""

from __future__ import annotations

import pytest

from games.som.cards import START_CARD, neighbours
from games.som.common import HISENDA
from tests.games.som.som_kit import (
    FACE,
    G,
    act,
    act_on,
    at_move,
    cards_conserved,
    events,
    position,
    refused,
    step,
    waiting,
)
from tests.support.present import present

HANDS = {0: ["justice1", "justice2", "mossos1"], 1: ["health1", "firefighters1"], 2: ["health2"], 3: ["health3"]}
UP = ["castells", "turisme", "drets_humans"]  # H2, G1 and G3 face up: two Catalunya cards, one world card


def reveal(degree: str, mode: str = "A", spain_at: str = "C6", others: dict | None = None,
           face_up: list[str] | None = None, urn_area: list[str] | None = None, *rolls: int) -> tuple[dict, dict]:
    """Pink's citizen on B5 reveals the Spain card on `spain_at` (Tribunal Constitucional)."""
    cards = {spain_at: "tribunal_constitucional", **(others or {})}
    s = position(mode=mode, degree=degree, hands=HANDS, cards=cards, face_up=UP + (face_up or []),
                 urn_area=urn_area or [], citizens=["B5", "B2", "C2", "D2"])
    s = at_move(s, "generalitat")
    return s, act(s, 0, step(spain_at), *rolls)


def test_everyone_goes_back_to_concentracio_nacional():
    """In protest and self-affirmation."""
    s, after = reveal("medium", "A", "C6", {}, [], [], FACE["blue"])
    assert after["citizens"] == ["A1"] * 4


def test_face_up_catalunya_and_urn_cards_are_collected_and_relaid():
    """Castells, Turisme and the urn card go into the deck; face-up world cards and Concentració stay."""
    s, after = reveal("medium", "A", "C6", {}, [], ["cultura_democratica"], FACE["blue"])
    event = events(s, after, "state_acts")[0]
    assert sorted(event["collected"]) == ["castells", "cultura_democratica", "turisme"]
    assert after["face_up"] == sorted([START_CARD, "drets_humans", "tribunal_constitucional"])
    assert after["board"]["A1"] == START_CARD and after["board"]["G3"] == "drets_humans"
    assert after["urn_area"] == [] and cards_conserved(after)
    assert sorted(event["relaid"]) == sorted(["D5", "G1", "H2"])  # the collected cards' cells and the urn's
    assert {after["board"][c] for c in event["relaid"]} == {"castells", "cultura_democratica", "turisme"}


def test_face_down_cards_stay_where_they_are():
    """Only face-up cards move."""
    s, after = reveal("medium", "A", "C6", {}, [], [], FACE["blue"])
    for cell, card in s["board"].items():
        if card is not None and card not in s["face_up"] and card != "tribunal_constitucional":
            assert after["board"][cell] == card


def test_medium_the_revealed_card_stays_face_up_for_good():
    """It never acts again."""
    s, after = reveal("medium", "A", "C6", {"C3": "loapa"}, ["loapa"], [], FACE["blue"])
    assert {"loapa", "tribunal_constitucional"} <= set(after["face_up"])
    assert "tribunal_constitucional" not in events(s, after, "state_acts")[0]["collected"]


def test_high_aligned_cards_go_and_unaligned_ones_stay():
    """C6 is aligned with C3 (column) and D6 (row), not with E5: the first two go with it, E5 stays."""
    s, after = reveal("high", "A", "C6", {"C3": "loapa", "D6": "llei_wert", "E5": "lleis_de_bases"},
                      ["loapa", "llei_wert", "lleis_de_bases"], [], FACE["blue"])
    collected = events(s, after, "state_acts")[0]["collected"]
    assert {"tribunal_constitucional", "loapa", "llei_wert"} <= set(collected)
    assert "lleis_de_bases" not in collected and after["board"]["E5"] == "lleis_de_bases"
    assert "lleis_de_bases" in after["face_up"]


def test_high_without_an_aligned_card_stays_face_up():
    """Like medium when no other face-up Spain card shares its row or column."""
    s, after = reveal("high", "A", "C6", {}, [], [], FACE["blue"])
    assert "tribunal_constitucional" in after["face_up"] and after["board"]["C6"] == "tribunal_constitucional"


def test_intense_the_revealed_card_always_goes_back():
    """No Spain card ever stays face up."""
    s, after = reveal("intense", "A", "C6", {}, [], [], FACE["blue"])
    assert "tribunal_constitucional" in events(s, after, "state_acts")[0]["collected"]
    assert "tribunal_constitucional" not in after["face_up"] and cards_conserved(after)


def test_after_the_state_acts_nobody_knows_which_card_went_where():
    """The relaid cells are face down in every view; the log names the collected cards, not their cells."""
    s, after = reveal("intense", "A", "C6", {}, [], ["cultura_democratica"], FACE["blue"])
    event = events(s, after, "state_acts")[0]
    for seat in (None, 0, 1):
        board = {c["cell"]: c for c in G.view(after, seat)["board"]}
        assert all(board[cell]["state"] == "face_down" and board[cell]["card"] is None for cell in event["relaid"])
    assert set(event) == {"id", "type", "seat", "card", "cell", "degree", "protected", "protecting", "collected",
                          "relaid"}


def test_the_turn_ends_and_the_next_player_starts():
    """After the re-lay the next holder's turn begins with its taxes."""
    s, after = reveal("medium", "A", "C6", {}, [], [], FACE["blue"])
    assert after["holder"] == 1 and after["turn"] == 2 and waiting(after) == "cohesion"


# --- protection (modes B and C) ------------------------------------------------------------------


def test_protection_is_offered_to_the_holder_in_mode_b():
    """Urn cards aside and interior discs held: the holder decides, whoever revealed the card."""
    s = position(mode="B", hands=HANDS, urn_area=["cultura_democratica", "mobilitzacio_ciutadana"],
                 citizens=["A1", "B5", "A1", "A1"])
    s = at_move(s, "lilac")
    after = act(s, 1, step("C6"))
    assert waiting(after) == "protect_urn" and G.to_act(after) == {0}
    pending = G.view(after, None)["pending"]
    assert present(pending)["max"] == 2 and present(pending)["card"] == "tribunal_constitucional"
    assert present(pending)["interior"] == [{"disc": "mossos1", "owner": 0}, {"disc": "firefighters1", "owner": 1}]
    listed = [a["discs"] for a in G.legal_actions(after, 0)]
    assert listed == [[], ["mossos1"], ["firefighters1"], ["mossos1", "firefighters1"]]
    assert after["citizens"][1] == "C6"  # the revealing citizen stands on the card meanwhile


def protect_position() -> dict:
    s = position(mode="B", hands=HANDS, degree="high",
                 cards={"B1": "cultura_democratica", "B2": "mobilitzacio_ciutadana"},
                 urn_area=["cultura_democratica", "mobilitzacio_ciutadana"], face_up=["castells"],
                 citizens=["B5", "A1", "A1", "A1"])
    s = at_move(s, "generalitat")
    return act(s, 0, step("C6"))


def test_protecting_keeps_the_earliest_urn_cards_and_sends_the_discs_to_the_hisenda():
    """One firefighters disc (Lilac's) protects the first urn card set aside; the other is collected."""
    s = protect_position()
    after = act_on(s, 0, {"type": "protect_urn", "discs": ["firefighters1"]}, FACE["blue"])
    assert after["urn_area"] == ["cultura_democratica"]
    assert "firefighters1" in after["hisenda"] and after["hands"][1] == ["health1"]
    event = events(s, after, "state_acts")[0]
    assert event["protected"] == ["cultura_democratica"] and event["protecting"] == ["firefighters1"]
    assert cards_conserved(after)


def test_with_protection_the_empty_cells_next_to_the_start_are_filled_first():
    """Two cards for three empty cells (B1 and B2 next to A1, H2): B1 and B2 receive them."""
    s = protect_position()
    after = act_on(s, 0, {"type": "protect_urn", "discs": ["mossos1"]}, FACE["blue"])
    relaid = events(s, after, "state_acts")[0]["relaid"]
    assert sorted(relaid) == ["B1", "B2"] and set(relaid) <= set(neighbours("A1"))
    assert after["board"]["H2"] is None


def test_protection_lasts_for_one_event():
    """A protected urn card must be protected again at the next State action, or it is collected."""
    s = act_on(protect_position(), 0, {"type": "protect_urn", "discs": ["mossos1"]}, FACE["blue"])
    s["citizens"][1] = "E5"
    s = at_move(s, "lilac", holder=1)
    after = act(s, 1, step("E6"))
    assert waiting(after) == "protect_urn"  # Lilac's firefighters disc could protect it again
    after = act_on(after, 1, {"type": "protect_urn", "discs": []}, FACE["blue"])
    assert after["urn_area"] == [] and "cultura_democratica" in events(s, after, "state_acts")[0]["collected"]


@pytest.mark.parametrize(("mode", "urns", "hands"), [
    ("A", ["cultura_democratica"], HANDS),
    ("B", [], HANDS),
    ("B", ["cultura_democratica"], {0: ["justice1"], 1: ["health1"]}),
])
def test_no_protection_question_without_its_conditions(mode, urns, hands):
    """Mode A, an empty urn area or no interior disc held: the State acts at once."""
    s = position(mode=mode, hands=hands, urn_area=urns, citizens=["B5", "A1", "A1", "A1"])
    s = at_move(s, "generalitat")
    after = act_on(s, 0, step("C6"), FACE["blue"])
    assert events(s, after, "state_acts") and waiting(after) != "protect_urn"


def test_protection_refusals():
    """At most one disc per urn card, interior discs only, held by players."""
    s = protect_position()
    assert refused(s, 0, {"type": "protect_urn", "discs": ["justice1"]}).message_id == "som.protect_interior"
    assert refused(s, 0, {"type": "protect_urn", "discs": ["mossos2"]}).message_id == "som.protect_interior"
    assert refused(s, 0, {"type": "protect_urn", "discs": "mossos1"}).message_id == "core.bad_field"
    assert refused(s, 1, {"type": "protect_urn", "discs": []}).message_id == "som.not_your_turn"
    three = position(mode="B", hands={0: ["mossos1", "mossos2"], 1: ["firefighters1"]},
                     urn_area=["cultura_democratica"], citizens=["B5", "A1", "A1", "A1"])
    three = act(at_move(three, "generalitat"), 0, step("C6"))
    assert refused(three, 0, {"type": "protect_urn", "discs": ["mossos1", "mossos2"]}).message_id == \
        "som.protect_too_many"


def test_the_hisenda_gets_the_protecting_discs_coin_side_up():
    """They leave the players' hands for the Hisenda."""
    s = protect_position()
    after = act_on(s, 0, {"type": "protect_urn", "discs": ["mossos1", "firefighters1"]}, FACE["blue"])
    assert {"mossos1", "firefighters1"} <= set(after["hisenda"])
    assert after["urn_area"] == ["cultura_democratica", "mobilitzacio_ciutadana"]
    assert HISENDA
