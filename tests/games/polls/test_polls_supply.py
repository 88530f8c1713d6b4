"""Components: 30 finite tokens per party, what happens when a party runs out."""

from __future__ import annotations

from games.polls.engine import supply
from tests.games.polls.helpers_polls import BLUE, RED, act, new_game, tokens_on_board, with_board

A = {"type": "propaganda", "circle": "A"}
BC = {"type": "propaganda", "circle": "BC"}


def test_each_party_starts_with_thirty_tokens_in_supply() -> None:
    """Both parties start with all 30 tokens in supply and nothing on the board."""
    s = new_game()
    assert supply(s, BLUE) == supply(s, RED) == 30
    assert tokens_on_board(s, BLUE) == tokens_on_board(s, RED) == 0


def test_supply_counts_every_place_a_token_can_be() -> None:
    """Opinions, Propaganda, Influence and pact markers all come out of the 30."""
    s = with_board(
        new_game(),
        sectors={"A1": (2, 0), "B25": (0, 1)},
        propaganda={BLUE: {"C": 3}},
        influence={"madrid": (1, 4)},
        pacts={"galicia": (1, 1)},
    )
    assert supply(s, BLUE) == 30 - (2 + 3 + 1 + 1)
    assert supply(s, RED) == 30 - (1 + 4 + 1)


def test_removed_tokens_return_to_their_owner() -> None:
    """An opponent token knocked out of a sector goes back to its owner's supply."""
    s = with_board(new_game(BLUE), sectors={"A5": (0, 1)})
    after = act(s, BLUE, A, 5)
    assert supply(after, RED) == supply(s, RED) + 1
    assert supply(after, BLUE) == supply(s, BLUE) - 1


def test_empty_supply_die_still_removes_but_places_nothing() -> None:
    """With no token in supply the die is resolved: the opponent's single token goes, none is placed."""
    s = with_board(new_game(BLUE), sectors={"A2": (30, 0), "A5": (0, 1)})
    assert supply(s, BLUE) == 0
    after = act(s, BLUE, A, 5)
    assert after["sectors"]["A5"] == [0, 0]
    assert supply(after, BLUE) == 0


def test_empty_supply_propaganda_into_empty_sector_places_nothing() -> None:
    """With no token in supply, a die on an empty sector leaves it empty."""
    s = with_board(new_game(RED), sectors={"A2": (0, 30)})
    after = act(s, RED, A, 4)
    assert after["sectors"]["A4"] == [0, 0]
    placed = [e for e in after["log"] if e["type"] == "placed"][-1]
    assert placed["placed"] is False


def test_bc_with_one_token_places_the_b_token_first() -> None:
    """In "B and C" the B token comes first; with one token left, the C token is not placed."""
    s = with_board(new_game(RED), sectors={"A2": (0, 29)})
    after = act(s, RED, BC, 3)
    assert after["sectors"]["B36"] == [0, 1]
    assert after["propaganda"][RED]["C"] == 0


def test_combining_frees_tokens_before_placing_inward() -> None:
    """A combination returns its tokens first, so the inward token is placed even from an empty supply."""
    s = with_board(new_game(RED), sectors={"A1": (0, 1), "A2": (0, 29)})
    assert supply(s, RED) == 0
    after = act(s, RED, A, 6)  # outer 6 is not placed (no token), so nothing combines
    assert after["sectors"]["A16"] == [0, 0]
    s = with_board(new_game(RED), sectors={"A1": (0, 1), "A2": (0, 28)})
    after = act(s, RED, A, 6)  # the last token goes to A6, the pair returns 2 and one moves to A16
    assert after["sectors"]["A16"] == [0, 1]
    assert supply(after, RED) == 1


def test_paid_propaganda_returns_before_the_influence_token_is_taken() -> None:
    """Influence is always available: the paid Propaganda return to supply first."""
    s = with_board(new_game(BLUE), sectors={"A2": (28, 0)}, propaganda={BLUE: {"C": 2}}, actions_left=0)
    assert supply(s, BLUE) == 0
    after = act(s, BLUE, {"type": "influence", "region": "aragon", "pay": "C"})
    assert after["influence"]["aragon"] == [1, 0]
    assert supply(after, BLUE) == 1
