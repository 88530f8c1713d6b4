"""Propaganda circles: geometry, the placement rule, combining and cascades, the double roll."""

from __future__ import annotations

import pytest

from games.polls import GAME
from games.polls.engine import supply
from tests.games.polls.helpers_polls import BLUE, RED, act, events, new_game, with_board

A = {"type": "propaganda", "circle": "A"}
BC = {"type": "propaganda", "circle": "BC"}


# --- geometry -------------------------------------------------------------------------------


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_propaganda_a_places_in_outer_sector_with_the_die_number(die: int) -> None:
    """`propaganda A` puts an Opinion in circle A's outer sector showing the die."""
    s = act(new_game(RED), RED, A, die)
    assert s["sectors"][f"A{die}"] == [0, 1]
    assert sum(c[RED] for c in s["sectors"].values()) == 1


@pytest.mark.parametrize(
    ("die", "sector"), [(1, "B14"), (4, "B14"), (2, "B25"), (5, "B25"), (3, "B36"), (6, "B36")]
)
def test_propaganda_bc_places_in_b_sector_and_adds_one_c(die: int, sector: str) -> None:
    """`propaganda BC`: B sectors are 1/4, 2/5, 3/6, and 1 Propaganda C is added whatever the die."""
    s = act(new_game(BLUE), BLUE, BC, die)
    assert s["sectors"][sector] == [1, 0]
    assert s["propaganda"][BLUE] == {"A": 0, "B": 0, "C": 1}


@pytest.mark.parametrize(("low", "high", "middle"), [(1, 6, "A16"), (2, 5, "A25"), (3, 4, "A34")])
def test_outer_pairs_summing_seven_converge_on_their_intermediate(low: int, high: int, middle: str) -> None:
    """Outer sectors whose numbers sum to 7 combine into A16, A25 or A34."""
    s = with_board(new_game(RED), sectors={f"A{low}": (0, 1)})
    s = act(s, RED, A, high)
    assert s["sectors"][f"A{low}"] == [0, 0]
    assert s["sectors"][f"A{high}"] == [0, 0]
    assert s["sectors"][middle] == [0, 1]


@pytest.mark.parametrize(("low", "high"), [(1, 2), (1, 3), (2, 4), (3, 5), (4, 6), (5, 6)])
def test_outer_sectors_not_summing_seven_do_not_combine(low: int, high: int) -> None:
    """Two outer A sectors that do not sum to 7 stay where they are."""
    s = with_board(new_game(RED), sectors={f"A{low}": (0, 1)})
    s = act(s, RED, A, high)
    assert s["sectors"][f"A{low}"] == [0, 1]
    assert s["sectors"][f"A{high}"] == [0, 1]


@pytest.mark.parametrize(
    ("held", "made"), [("A16", "A25"), ("A16", "A34"), ("A25", "A16"), ("A25", "A34"), ("A34", "A16"),
                       ("A34", "A25")]
)
def test_any_two_intermediate_sectors_make_propaganda_a(held: str, made: str) -> None:
    """Any two intermediate sectors of A converge on the centre: 1 Propaganda A."""
    low, high = int(made[1]), int(made[2])
    s = with_board(new_game(RED), sectors={held: (0, 1), f"A{low}": (0, 1)})
    s = act(s, RED, A, high)
    assert s["propaganda"][RED]["A"] == 1
    assert all(c[RED] == 0 for c in s["sectors"].values())


@pytest.mark.parametrize(("held", "die"), [("B14", 2), ("B14", 3), ("B25", 1), ("B25", 6), ("B36", 4),
                                           ("B36", 5)])
def test_any_two_b_sectors_make_propaganda_b(held: str, die: int) -> None:
    """Any two outer sectors of B converge on the centre: 1 Propaganda B (plus the C of BC)."""
    s = with_board(new_game(RED), sectors={held: (0, 1)})
    s = act(s, RED, BC, die)
    assert s["propaganda"][RED] == {"A": 0, "B": 1, "C": 1}
    assert all(c[RED] == 0 for c in s["sectors"].values())


# --- the placement rule ---------------------------------------------------------------------


def test_own_tokens_stack_in_a_sector() -> None:
    """A sector holding only own tokens takes another one (stacking)."""
    s = with_board(new_game(BLUE), sectors={"A2": (2, 0)})
    s = act(s, BLUE, A, 2)
    assert s["sectors"]["A2"] == [3, 0]


def test_single_opponent_token_is_replaced() -> None:
    """Exactly one opponent token: it returns to its owner's supply and the new token takes its place."""
    s = with_board(new_game(BLUE), sectors={"A2": (0, 1)})
    red_supply = supply(s, RED)
    s = act(s, BLUE, A, 2)
    assert s["sectors"]["A2"] == [1, 0]
    assert supply(s, RED) == red_supply + 1


def test_several_opponent_tokens_lose_one_and_the_new_token_is_not_placed() -> None:
    """More than one opponent token: one is removed and the roller's token is not placed."""
    s = with_board(new_game(BLUE), sectors={"A2": (0, 3)})
    blue_supply = supply(s, BLUE)
    s = act(s, BLUE, A, 2)
    assert s["sectors"]["A2"] == [0, 2]
    assert supply(s, BLUE) == blue_supply


def test_a_sector_never_holds_both_colours() -> None:
    """After a replacement the sector holds only the roller's colour."""
    s = with_board(new_game(RED), sectors={"B25": (1, 0)})
    s = act(s, RED, BC, 5)
    assert s["sectors"]["B25"] == [0, 1]


# --- combining ------------------------------------------------------------------------------


def test_combining_returns_every_token_of_both_sectors() -> None:
    """All tokens in the two combining sectors (stacks included) return to supply; one moves inward."""
    s = with_board(new_game(RED), sectors={"A1": (0, 3)})
    before = supply(s, RED)
    s = act(s, RED, A, 6)
    assert s["sectors"]["A1"] == [0, 0] and s["sectors"]["A6"] == [0, 0]
    assert s["sectors"]["A16"] == [0, 1]
    # 3 in A1 + the new one in A6 went back, one came out for A16.
    assert supply(s, RED) == before - 1 + 4 - 1


def test_combined_token_follows_the_placement_rule_when_blocked() -> None:
    """A combined token meeting 2+ opponent tokens in the intermediate removes one and is lost."""
    s = with_board(new_game(RED), sectors={"A3": (0, 1), "A34": (2, 0)})
    s = act(s, RED, A, 4)
    assert s["sectors"]["A3"] == [0, 0] and s["sectors"]["A4"] == [0, 0]
    assert s["sectors"]["A34"] == [1, 0]


def test_combined_token_replaces_single_opponent_in_intermediate() -> None:
    """A combined token meeting exactly one opponent token replaces it."""
    s = with_board(new_game(BLUE), sectors={"A6": (1, 0), "A16": (0, 1)})
    s = act(s, BLUE, A, 1)
    assert s["sectors"]["A16"] == [1, 0]


def test_cascade_outer_to_intermediate_to_centre() -> None:
    """Combining repeats: a new intermediate token combines with another one into the centre."""
    s = with_board(new_game(BLUE), sectors={"A5": (1, 0), "A16": (1, 0)})
    s = act(s, BLUE, A, 2)
    assert s["propaganda"][BLUE]["A"] == 1
    assert all(c == [0, 0] for c in s["sectors"].values())
    kinds = [e["into"] for e in events(new_game(BLUE), s, "combined")]
    assert kinds == ["A25", "A"]


def test_further_out_pair_combines_first() -> None:
    """When two pairs could combine at once, the pair whose target is further out goes first."""
    # An artificial board where red already holds a centre pair (A16+A25) and A4; red rolls 3.
    s = with_board(new_game(RED), sectors={"A16": (0, 1), "A25": (0, 1), "A4": (0, 1)})
    after = act(s, RED, A, 3)
    combined = events(s, after, "combined")
    assert combined[0]["sectors"] == ["A3", "A4"]
    assert combined[0]["into"] == "A34"
    assert after["propaganda"][RED]["A"] == 1


def test_opponent_cannot_touch_propaganda_in_a_centre() -> None:
    """Tokens in a centre are Propaganda: the opponent's rolls never remove them."""
    s = with_board(new_game(BLUE), propaganda={RED: {"A": 0, "B": 2, "C": 4}},
                   sectors={"B14": (0, 1), "A2": (0, 1)})
    s = act(s, BLUE, BC, 1)
    s = act(s, BLUE, A, 2)
    assert s["sectors"]["B14"] == [1, 0] and s["sectors"]["A2"] == [1, 0]
    assert s["propaganda"][RED] == {"A": 0, "B": 2, "C": 4}


def test_only_the_current_player_combines() -> None:
    """Combining checks the roller's tokens; the opponent's sectors are not combined on my turn."""
    s = with_board(new_game(BLUE), sectors={"A1": (0, 1), "A6": (0, 1)})
    s = act(s, BLUE, A, 3)
    assert s["sectors"]["A1"] == [0, 1] and s["sectors"]["A6"] == [0, 1]


# --- the seed's worked example ---------------------------------------------------------------


def worked_example_board() -> dict:
    """Blue: outer 3 and A34; red: outer 4, A25 and B's 1/4 sector; red to play."""
    return with_board(
        new_game(RED), sectors={"A3": (1, 0), "A34": (1, 0), "A4": (0, 1), "A25": (0, 1), "B14": (0, 1)}
    )


def test_worked_example_red_rolls_three_in_circle_a() -> None:
    """Seed example: red's 3 in A replaces blue twice and ends as 1 Propaganda A."""
    s = worked_example_board()
    blue_before = supply(s, BLUE)
    after = act(s, RED, A, 3)
    assert after["propaganda"][RED]["A"] == 1
    assert supply(after, BLUE) == blue_before + 2
    for sector in ("A1", "A2", "A3", "A4", "A5", "A6", "A16", "A25", "A34"):
        assert after["sectors"][sector][RED] == 0
        assert after["sectors"][sector][BLUE] == 0
    assert after["sectors"]["B14"] == [0, 1]
    assert after["actions_left"] == 1
    rolled = events(s, after, "rolled")
    assert rolled == [{"id": rolled[0]["id"], "type": "rolled", "seat": RED, "circle": "A", "dice": [3],
                       "double": False}]


def test_worked_example_alternative_bc() -> None:
    """Seed example, other choice: red's 3 with BC goes to B36, combines with B14: 1 B and 1 C."""
    s = worked_example_board()
    after = act(s, RED, BC, 3)
    assert after["propaganda"][RED] == {"A": 0, "B": 1, "C": 1}
    assert after["sectors"]["B14"] == [0, 0] and after["sectors"]["B36"] == [0, 0]
    assert after["sectors"]["A3"] == [1, 0] and after["sectors"]["A34"] == [1, 0]


# --- the double roll ------------------------------------------------------------------------


def double(circle: str) -> dict:
    return {"type": "double_propaganda", "circle": circle}


def test_double_roll_uses_both_actions() -> None:
    """A double propaganda roll spends both actions of the turn."""
    s = act(new_game(BLUE), BLUE, double("A"), 1, 2)
    assert s["actions_left"] == 0


def test_double_roll_needs_both_actions_left() -> None:
    """After one action the double roll is no longer offered (single propaganda still is)."""
    s = act(new_game(BLUE), BLUE, A, 1)
    kinds = {a["type"] for a in GAME.legal_actions(s, BLUE)}
    assert "double_propaganda" not in kinds
    assert "propaganda" in kinds


@pytest.mark.parametrize(("d1", "d2", "middle"), [(1, 6, "A16"), (5, 2, "A25"), (3, 4, "A34"), (4, 3, "A34")])
def test_seven_on_a_puts_one_opinion_in_the_matching_intermediate(d1: int, d2: int, middle: str) -> None:
    """A double roll summing 7 on A may place one Opinion straight into A16/A25/A34."""
    s = act(new_game(BLUE), BLUE, double("A"), d1, d2)
    assert s["pending"]["stage"] == "seven"
    s = act(s, BLUE, {"type": "take_seven", "take": True})
    assert s["sectors"][middle] == [1, 0]
    assert sum(c[BLUE] for c in s["sectors"].values()) == 1
    assert s["pending"] is None


def test_seven_on_a_obeys_the_placement_rule() -> None:
    """The 7 into an intermediate sector with 2 opponent tokens removes one and places nothing."""
    s = with_board(new_game(BLUE), sectors={"A34": (0, 2)})
    s = act(s, BLUE, double("A"), 3, 4)
    s = act(s, BLUE, {"type": "take_seven", "take": True})
    assert s["sectors"]["A34"] == [0, 1]


def test_seven_on_a_can_cascade_into_the_centre() -> None:
    """The intermediate Opinion from a 7 combines with an own intermediate token."""
    s = with_board(new_game(BLUE), sectors={"A25": (1, 0)})
    s = act(s, BLUE, double("A"), 6, 1)
    s = act(s, BLUE, {"type": "take_seven", "take": True})
    assert s["propaganda"][BLUE]["A"] == 1


def test_seven_on_bc_gives_one_b_and_two_c() -> None:
    """A 7 on BC: one Propaganda in B's centre, and both C tokens are still gained."""
    s = act(new_game(RED), RED, double("BC"), 2, 5)
    s = act(s, RED, {"type": "take_seven", "take": True})
    assert s["propaganda"][RED] == {"A": 0, "B": 1, "C": 2}
    assert all(c == [0, 0] for c in s["sectors"].values())


def test_declined_seven_asks_for_the_order_and_places_both() -> None:
    """Declining the 7 places each die as a normal action, in the order the player picks."""
    s = act(new_game(RED), RED, double("A"), 1, 6)
    s = act(s, RED, {"type": "take_seven", "take": False})
    assert s["pending"]["stage"] == "order"
    s = act(s, RED, {"type": "place_die", "value": 6})
    # A6 then A1: they combine into A16 (normal placements also combine).
    assert s["sectors"]["A16"] == [0, 1]
    assert s["pending"] is None


def test_not_seven_asks_which_die_goes_first() -> None:
    """A double roll not summing 7 lets the player pick which die to place first."""
    s = act(new_game(BLUE), BLUE, double("A"), 2, 3)
    assert s["pending"] == {"circle": "A", "dice": [2, 3], "stage": "order"}
    s = act(s, BLUE, {"type": "place_die", "value": 3})
    assert s["sectors"]["A2"] == [1, 0] and s["sectors"]["A3"] == [1, 0]
    order = [e["sector"] for e in s["log"] if e["type"] == "placed"]
    assert order[-2:] == ["A3", "A2"]


def test_the_order_of_the_dice_can_change_the_result() -> None:
    """Placing the dice in a different order can end differently, so the player chooses."""
    s = with_board(new_game(BLUE), sectors={"B14": (1, 0)})
    s = act(s, BLUE, double("BC"), 2, 3)
    two_first = act(s, BLUE, {"type": "place_die", "value": 2})
    three_first = act(s, BLUE, {"type": "place_die", "value": 3})
    # 2 first: B25+B14 make 1 B, then 3 stays in B36; 3 first: B36+B14 make 1 B, then 2 stays in B25.
    assert two_first["propaganda"][BLUE] == three_first["propaganda"][BLUE] == {"A": 0, "B": 1, "C": 2}
    assert two_first["sectors"]["B36"] == [1, 0] and two_first["sectors"]["B25"] == [0, 0]
    assert three_first["sectors"]["B25"] == [1, 0] and three_first["sectors"]["B36"] == [0, 0]


def test_declined_seven_order_matters_with_stacks() -> None:
    """Holding A6, a declined 1+6: the 1 first combines one A6; the 6 first stacks and both go in."""
    s = with_board(new_game(BLUE), sectors={"A6": (1, 0)})
    s = act(s, BLUE, double("A"), 1, 6)
    s = act(s, BLUE, {"type": "take_seven", "take": False})
    one_first = act(s, BLUE, {"type": "place_die", "value": 1})
    six_first = act(s, BLUE, {"type": "place_die", "value": 6})
    assert one_first["sectors"]["A16"] == [1, 0] and one_first["sectors"]["A6"] == [1, 0]
    assert six_first["sectors"]["A16"] == [1, 0] and six_first["sectors"]["A6"] == [0, 0]


def test_same_sector_dice_are_placed_without_asking() -> None:
    """When both dice select the same sector there is nothing to order: both are placed at once."""
    s = act(new_game(BLUE), BLUE, double("BC"), 1, 4)
    assert s["pending"] is None
    assert s["sectors"]["B14"] == [2, 0]
    assert s["propaganda"][BLUE]["C"] == 2


def test_double_bc_gains_two_c_without_a_seven() -> None:
    """A double BC roll placed as two normal actions gains one C per die."""
    s = act(new_game(BLUE), BLUE, double("BC"), 1, 2)
    s = act(s, BLUE, {"type": "place_die", "value": 1})
    assert s["propaganda"][BLUE]["C"] == 2


def test_a_rolled_die_is_placed_even_when_it_hurts() -> None:
    """A die showing a sector held by 2+ opponent tokens is still resolved (a token is lost)."""
    s = with_board(new_game(BLUE), sectors={"A4": (0, 3)})
    s = act(s, BLUE, A, 4)
    assert s["sectors"]["A4"] == [0, 2]
    assert s["actions_left"] == 1
    placed = events(new_game(BLUE), s, "placed")
    assert placed[-1]["placed"] is False and placed[-1]["removed"] == 1


def test_dice_of_a_double_roll_are_in_the_public_log() -> None:
    """Both dice of a double roll appear in the public view's log."""
    s = act(new_game(RED), RED, double("A"), 5, 5)
    log = GAME.view(s, None)["log"]
    rolled = [e for e in log if e["type"] == "rolled"]
    assert rolled[-1]["dice"] == [5, 5] and rolled[-1]["double"] is True
