"""A turn: two actions (propaganda, pacts, shifts), then the influence step and its limits."""

from __future__ import annotations

import pytest

from games.core.rng import ScriptedRng
from games.polls import GAME
from games.polls.engine import supply
from tests.games.polls.helpers_polls import BLUE, RED, act, events, new_game, with_board

A = {"type": "propaganda", "circle": "A"}
END = {"type": "end_turn"}


def kinds(state: dict, seat: int) -> set[str]:
    return {a["type"] for a in GAME.legal_actions(state, seat)}


# --- who plays ------------------------------------------------------------------------------


def test_first_player_is_random_when_not_given() -> None:
    """Without the `first` option the first player is drawn through the rng."""
    assert GAME.setup(2, {}, ScriptedRng([1]))["current"] == RED
    assert GAME.setup(2, {}, ScriptedRng([0]))["current"] == BLUE


def test_first_player_option() -> None:
    """`options = {"first": 1}` lets red start."""
    s = GAME.setup(2, {"first": 1}, ScriptedRng())
    assert s["first"] == RED and GAME.to_act(s) == {RED}


def test_a_turn_is_two_actions_then_the_influence_step() -> None:
    """After two actions no more actions are offered; only influence and end_turn."""
    s = act(new_game(BLUE), BLUE, A, 1)
    assert s["actions_left"] == 1 and "propaganda" in kinds(s, BLUE)
    s = act(s, BLUE, A, 2)
    assert s["actions_left"] == 0
    assert kinds(s, BLUE) == {"end_turn"}


def test_second_player_follows_then_the_turn_marker_advances() -> None:
    """First player's turn, then the second's, then turn 2 starts with the first player."""
    s = new_game(RED)
    s = act(act(act(s, RED, A, 1), RED, A, 1), RED, END)
    assert s["current"] == BLUE and s["turn"] == 1
    s = act(act(act(s, BLUE, A, 2), BLUE, A, 2), BLUE, END)
    assert s["current"] == RED and s["turn"] == 2
    assert GAME.to_act(s) == {RED}


def test_rounds_have_the_right_number_of_turns_counted_live() -> None:
    """Counting end_turn per round while playing: 20, 18 and 16 (10, 9, 8 turns of 2 players)."""
    s = new_game(RED)
    counts = {1: 0, 2: 0, 3: 0}
    while GAME.outcome(s) is None:
        (seat,) = GAME.to_act(s)
        counts[s["round"]] += 1
        s = act(act(act(s, seat, A, 3), seat, A, 3), seat, END)
    assert counts == {1: 20, 2: 18, 3: 16}


# --- pacts ----------------------------------------------------------------------------------


def pact(region: str, sector: str) -> dict:
    return {"type": "pact", "region": region, "sector": sector}


def test_pact_moves_an_opinion_to_the_box_and_uses_an_action() -> None:
    """A pact moves one own Opinion from its sector into the region's pact box (1 action)."""
    s = with_board(new_game(BLUE), sectors={"A3": (2, 0)})
    after = act(s, BLUE, pact("catalonia", "A3"))
    assert after["sectors"]["A3"] == [1, 0]
    assert after["pacts"]["catalonia"] == [1, 0]
    assert after["actions_left"] == 1
    assert supply(after, BLUE) == supply(s, BLUE)


@pytest.mark.parametrize("sector", ["A1", "A6", "A16", "A34"])
def test_catalonia_pact_takes_circle_a_opinions(sector: str) -> None:
    """Catalonia accepts Opinions from circle A, outer or intermediate."""
    s = with_board(new_game(RED), sectors={sector: (0, 1)})
    assert act(s, RED, pact("catalonia", sector))["pacts"]["catalonia"] == [0, 1]


@pytest.mark.parametrize("region", ["euskadi", "galicia"])
@pytest.mark.parametrize("sector", ["A2", "A25", "B14", "B36"])
def test_euskadi_and_galicia_pacts_take_a_or_b_opinions(region: str, sector: str) -> None:
    """Euskadi and Galicia accept Opinions from circle A or B."""
    s = with_board(new_game(RED), sectors={sector: (0, 1)})
    assert act(s, RED, pact(region, sector))["pacts"][region] == [0, 1]


def test_catalonia_refuses_circle_b_and_is_not_offered() -> None:
    """Only circle A Opinions may go to Catalonia: B is neither offered nor accepted."""
    s = with_board(new_game(RED), sectors={"B25": (0, 1)})
    offered = [a for a in GAME.legal_actions(s, RED) if a["type"] == "pact"]
    assert {"type": "pact", "region": "catalonia", "sector": "B25"} not in offered
    assert {"type": "pact", "region": "galicia", "sector": "B25"} in offered


def test_only_one_pact_per_turn() -> None:
    """The pact action cannot be repeated in the same turn."""
    s = with_board(new_game(BLUE), sectors={"A3": (2, 0)})
    s = act(s, BLUE, pact("galicia", "A3"))
    assert "pact" not in kinds(s, BLUE)
    s = act(act(s, BLUE, A, 1), BLUE, END)
    s = act(act(act(s, RED, A, 2), RED, A, 2), RED, END)
    assert "pact" in kinds(s, BLUE)


def test_both_players_may_use_the_same_pact_box() -> None:
    """Blue and red may both put Opinions in the same box."""
    s = with_board(new_game(BLUE), sectors={"A3": (1, 0), "B14": (0, 1)})
    s = act(act(s, BLUE, pact("euskadi", "A3")), BLUE, A, 1)
    s = act(s, BLUE, END)
    s = act(s, RED, pact("euskadi", "B14"))
    assert s["pacts"]["euskadi"] == [1, 1]


# --- shifts ---------------------------------------------------------------------------------


def shift(source: str, target: str) -> dict:
    return {"type": "shift", "from": source, "to": target}


@pytest.mark.parametrize(
    ("source", "target"),
    [("andalusia", "valencia"), ("madrid", "catalonia"), ("galicia", "euskadi"), ("aragon", "islands"),
     ("castilla_y_leon", "asturias")],
)
def test_shift_moves_influence_between_regions_of_the_same_type(source: str, target: str) -> None:
    """A shift moves one own Influence to another region of the same type (1 action)."""
    s = with_board(new_game(RED), influence={source: (0, 2)})
    after = act(s, RED, shift(source, target))
    assert after["influence"][source] == [0, 1]
    assert after["influence"][target] == [0, 1]
    assert after["actions_left"] == 1


def test_shift_is_offered_only_to_regions_of_the_same_type() -> None:
    """Offered shifts from Madrid go only to Catalonia."""
    s = with_board(new_game(BLUE), influence={"madrid": (1, 0)})
    shifts = [a for a in GAME.legal_actions(s, BLUE) if a["type"] == "shift"]
    assert shifts == [shift("madrid", "catalonia")]


def test_shift_once_per_round_then_again_next_round() -> None:
    """A player shifts at most once per round; a new round allows it again."""
    s = with_board(new_game(BLUE), influence={"madrid": (2, 0)})
    s = act(s, BLUE, shift("madrid", "catalonia"))
    assert "shift" not in kinds(s, BLUE)
    s = act(act(s, BLUE, A, 1), BLUE, END)
    s = act(act(act(s, RED, A, 1), RED, A, 1), RED, END)
    assert "shift" not in kinds(s, BLUE)  # same round, next turn
    s = with_board(s, turn=10)
    s = act(act(act(s, BLUE, A, 1), BLUE, A, 1), BLUE, END)
    s = act(act(act(s, RED, A, 1), RED, A, 1), RED, END)
    while s["phase"] == "poll":
        (seat,) = GAME.to_act(s)
        s = act(s, seat, GAME.legal_actions(s, seat)[0])
    assert s["round"] == 2
    assert "shift" in kinds(s, BLUE)


def test_shift_is_per_player() -> None:
    """Blue's shift does not use up red's shift for the round."""
    s = with_board(new_game(BLUE), influence={"madrid": (1, 1)})
    s = act(act(act(s, BLUE, shift("madrid", "catalonia")), BLUE, A, 1), BLUE, END)
    assert "shift" in kinds(s, RED)


# --- the influence step ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("region", "pay", "cost"),
    [("madrid", "A", 1), ("catalonia", "A", 1), ("valencia", "B", 3), ("andalusia", "B", 3),
     ("galicia", "C", 5), ("galicia", "B", 2), ("euskadi", "C", 5), ("euskadi", "B", 2),
     ("asturias", "C", 2), ("aragon", "C", 2), ("castilla_la_mancha", "C", 2), ("islands", "C", 2),
     ("castilla_y_leon", "C", 2)],
)
def test_influence_costs_by_region_type(region: str, pay: str, cost: int) -> None:
    """Each region costs its type's Propaganda: 1A, 3B, 5C or 2B, 2C."""
    s = with_board(new_game(BLUE), propaganda={BLUE: {"A": 5, "B": 5, "C": 9}}, actions_left=0)
    after = act(s, BLUE, {"type": "influence", "region": region, "pay": pay})
    assert after["influence"][region] == [1, 0]
    assert after["propaganda"][BLUE][pay] == s["propaganda"][BLUE][pay] - cost
    short = with_board(s, propaganda={BLUE: {pay: cost - 1}})
    offered = {"type": "influence", "region": region, "pay": pay}
    assert offered not in GAME.legal_actions(short, BLUE)


def test_influence_only_after_both_actions() -> None:
    """Influence is placed in the step after the two actions, not before."""
    s = with_board(new_game(BLUE), propaganda={BLUE: {"A": 1}})
    assert "influence" not in kinds(s, BLUE)
    s = with_board(s, actions_left=0)
    assert "influence" in kinds(s, BLUE)


def test_several_influence_tokens_in_one_step() -> None:
    """The step may place as many Influence tokens as the Propaganda pays for."""
    s = with_board(new_game(RED), propaganda={RED: {"A": 2, "C": 4}}, actions_left=0)
    for region, pay in (("madrid", "A"), ("madrid", "A"), ("aragon", "C"), ("islands", "C")):
        s = act(s, RED, {"type": "influence", "region": region, "pay": pay})
    assert s["influence"]["madrid"] == [0, 2]
    assert s["propaganda"][RED] == {"A": 0, "B": 0, "C": 0}


@pytest.mark.parametrize(("held", "spend"), [({"A": 1}, ("madrid", "A")), ({"B": 3}, ("valencia", "B")),
                                             ({"C": 5}, ("aragon", "C"))])
def test_end_of_turn_limits_are_enforced(held: dict, spend: tuple) -> None:
    """Ending a turn with 1+ A, 3+ B or 5+ C is refused until the player spends."""
    s = with_board(new_game(BLUE), propaganda={BLUE: held}, actions_left=0)
    assert "end_turn" not in kinds(s, BLUE)
    region, pay = spend
    s = act(s, BLUE, {"type": "influence", "region": region, "pay": pay})
    assert "end_turn" in kinds(s, BLUE)
    s = act(s, BLUE, END)
    assert s["current"] == RED


def test_holding_just_under_the_limits_is_allowed() -> None:
    """0 A, 2 B and 4 C may be kept to the next turn."""
    s = with_board(new_game(BLUE), propaganda={BLUE: {"A": 0, "B": 2, "C": 4}}, actions_left=0)
    s = act(s, BLUE, END)
    assert s["propaganda"][BLUE] == {"A": 0, "B": 2, "C": 4}


def test_no_obligation_to_spend_everything() -> None:
    """With 4 B the player may spend 2 on Galicia and keep 2 (the seed's example)."""
    s = with_board(new_game(RED), propaganda={RED: {"B": 4}}, actions_left=0)
    s = act(s, RED, {"type": "influence", "region": "galicia", "pay": "B"})
    after = act(s, RED, END)
    assert after["propaganda"][RED]["B"] == 2
    assert [e["type"] for e in events(s, after)][:1] == ["turn_ended"]
