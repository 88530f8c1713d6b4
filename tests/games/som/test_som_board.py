"""Components and the board (rules/som.md, "Components" and "The board")."""

from __future__ import annotations

from collections import Counter

from games.som.cards import (
    CARD,
    CARDS,
    CELLS,
    COLOURS,
    DISCS,
    FACE_NUMBER,
    FACES,
    INTERIOR,
    POS,
    URN_COUNT,
    aligned,
    label,
    neighbours,
    total,
)


def test_37_board_cards_by_flag():
    """18 Catalunya, 11 world, 4 urn and 4 Spain cards, each id once."""
    assert len(CARDS) == 37 and len(CARD) == 37
    assert Counter(c.flag for c in CARDS) == {"catalunya": 18, "world": 11, "urn": 4, "spain": 4}
    assert URN_COUNT == 4


def test_the_seven_symbol_cards():
    """Three economic, three tax-capacity (ATC, health, justice) and one suffrage card."""
    symbols = {c.id: c.symbol for c in CARDS if c.symbol}
    assert symbols == {
        "ports_i_logistica": "economic", "teixit_industrial": "economic", "turisme": "economic",
        "agencia_tributaria_catalana": "atc", "euro_per_recepta": "health", "impost_de_successions": "justice",
        "sufragi_universal": "suffrage",
    }
    assert CARD["concentracio_nacional"].flag == "catalunya" and CARD["sufragi_universal"].flag == "world"


def test_the_grid_has_37_cells_in_the_shape_of_catalonia():
    """Rows 0-6 with the columns of the rules' table, labelled column letter + row number."""
    assert len(CELLS) == 37
    assert CELLS[:7] == ("A1", "B1", "C1", "D1", "E1", "F1", "G1")
    assert CELLS[7:14] == ("B2", "C2", "D2", "E2", "F2", "G2", "H2")
    assert CELLS[-5:] == ("B6", "C6", "D6", "E6", "B7")
    assert label((0, 0)) == "A1" and label((6, 1)) == "B7"
    assert POS["C3"] == (2, 2) and POS["H3"] == (2, 7)


def test_moore_neighbours():
    """A1 touches B1 and B2; B7 touches B6 and C6; D3 has all 8."""
    assert neighbours("A1") == ("B1", "B2")
    assert neighbours("B7") == ("B6", "C6")
    assert len(neighbours("D3")) == 8
    assert set(neighbours("H2")) == {"G1", "G2", "G3", "H3"}


def test_neighbours_are_symmetric():
    """If X touches Y, Y touches X; nobody touches itself."""
    for cell in CELLS:
        assert cell not in neighbours(cell)
        for other in neighbours(cell):
            assert cell in neighbours(other)


def test_alignment_is_a_shared_row_or_column():
    """C3 is aligned with C6 and H3, not with D4 (diagonals do not count)."""
    assert aligned("C3", "C6") and aligned("C3", "H3")
    assert not aligned("C3", "D4")


def test_die_faces_and_numbers():
    """Six faces; 0, 2 and 4 each on two faces."""
    assert FACES == ("generalitat", "pink", "lilac", "orange", "blue", "everyone")
    assert FACE_NUMBER == {"generalitat": 2, "pink": 4, "lilac": 4, "orange": 2, "blue": 0, "everyone": 0}
    assert Counter(FACE_NUMBER.values()) == {0: 2, 2: 2, 4: 2}
    assert COLOURS == ("pink", "lilac", "orange", "blue")


def test_24_public_management_discs_worth_36_euros():
    """12 services of 2 € and 12 infrastructures of 1 €, ids by kind."""
    assert len(DISCS) == 24 and total([d.id for d in DISCS]) == 36
    assert Counter(d.group for d in DISCS) == {"service": 12, "infrastructure": 12}
    counts = Counter(d.kind for d in DISCS)
    assert counts == {"justice": 2, "health": 3, "education": 3, "mossos": 2, "firefighters": 2,
                      "railways": 2, "roads": 2, "forests": 3, "energy": 2, "housing": 3}
    assert all(d.value == (2 if d.group == "service" else 1) for d in DISCS)
    assert {d.id for d in DISCS if d.kind == "justice"} == {"justice1", "justice2"}
    assert INTERIOR == ("mossos", "firefighters")
