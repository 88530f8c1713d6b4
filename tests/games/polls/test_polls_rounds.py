"""End of a round: the national poll (rounds 1-2), pacts with the nationalists, the end of the game."""

from __future__ import annotations

from typing import Any

import pytest

from games.polls import GAME
from games.polls.engine import supply
from tests.games.polls.helpers_polls import BLUE, RED, act, events, new_game, with_board

END = {"type": "end_turn"}
TWO_C = ["asturias", "aragon", "castilla_la_mancha", "islands", "castilla_y_leon"]
LAST_TURN = {1: 10, 2: 9, 3: 8}


def at_round_end(state: dict, round_no: int = 1, **board: Any) -> dict:
    """The second player's influence step on the last turn of `round_no`."""
    second = 1 - state["first"]
    return with_board(state, round=round_no, turn=LAST_TURN[round_no], current=second, actions_left=0,
                      **board)


def finish_round(state: dict) -> dict:
    """The second player ends the last turn of the round."""
    return act(state, state["current"], END)


def poll(region: str) -> dict:
    return {"type": "poll_influence", "region": region}


# --- the national poll ----------------------------------------------------------------------


def test_seed_example_five_regions_give_two_poll_tokens() -> None:
    """Controlling 5 regions gives 2 Influence tokens, e.g. Islands and Asturias."""
    s = at_round_end(new_game(BLUE), influence={r: (1, 0) for r in
                                                ["madrid", "catalonia", "valencia", "galicia", "euskadi"]})
    s = finish_round(s)
    assert s["phase"] == "poll" and GAME.to_act(s) == {BLUE}
    assert s["poll"]["grants"] == [2, 0]
    s = act(s, BLUE, poll("islands"))
    s = act(s, BLUE, poll("asturias"))
    assert s["influence"]["islands"] == [1, 0] and s["influence"]["asturias"] == [1, 0]
    assert s["phase"] == "turn" and s["round"] == 2


@pytest.mark.parametrize(("controlled", "grants"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (7, 3), (11, 5)])
def test_one_poll_token_per_full_two_regions(controlled: int, grants: int) -> None:
    """Each full 2 controlled regions give 1 poll token."""
    regions = ["madrid", "catalonia", "valencia", "andalusia", "galicia", "euskadi", *TWO_C]
    s = at_round_end(new_game(RED), influence={r: (0, 2) for r in regions[:controlled]})
    s = finish_round(s)
    placed = events(at_round_end(new_game(RED)), s, "poll")
    assert placed[0]["grants"] == [0, grants]
    assert placed[0]["controlled"] == [0, controlled]


def test_control_needs_strictly_more_influence() -> None:
    """A tied region is controlled by nobody."""
    s = at_round_end(new_game(BLUE), influence={"madrid": (2, 2), "catalonia": (1, 1)})
    s = finish_round(s)
    assert s["phase"] == "turn" and s["round"] == 2
    assert events(at_round_end(new_game(BLUE)), s, "poll")[0]["controlled"] == [0, 0]


def test_poll_tokens_go_only_to_2c_regions_once_each() -> None:
    """Poll Influence goes to 2C regions, at most 1 per region for that player."""
    s = finish_round(at_round_end(new_game(BLUE), influence={"madrid": (1, 0), "valencia": (1, 0),
                                                            "galicia": (1, 0), "euskadi": (1, 0)}))
    assert GAME.legal_actions(s, BLUE) == [poll(r) for r in TWO_C]
    s = act(s, BLUE, poll("aragon"))
    assert GAME.legal_actions(s, BLUE) == [poll(r) for r in TWO_C if r != "aragon"]


def test_counts_are_taken_before_anyone_places() -> None:
    """Red's grant stands even when blue's poll token breaks red's control of a region."""
    board = {"madrid": (1, 0), "catalonia": (1, 0), "aragon": (0, 1), "islands": (0, 1)}
    s = finish_round(at_round_end(new_game(BLUE), influence=board))
    assert s["poll"]["grants"] == [1, 1]
    s = act(s, BLUE, poll("aragon"))  # aragon now 1-1: red controls only 1 region
    assert GAME.to_act(s) == {RED}
    s = act(s, RED, poll("aragon"))
    assert s["influence"]["aragon"] == [1, 2]


def test_first_player_places_first() -> None:
    """When both parties receive poll tokens, the first player places all of theirs first."""
    board = {"madrid": (1, 0), "catalonia": (1, 0), "aragon": (0, 1), "islands": (0, 1)}
    s = finish_round(at_round_end(new_game(RED), influence=board))
    assert GAME.to_act(s) == {RED}
    assert GAME.legal_actions(s, BLUE) == []


def test_both_players_may_use_the_same_poll_region() -> None:
    """Both players may put their poll token in the same region."""
    board = {"madrid": (1, 0), "catalonia": (1, 0), "valencia": (0, 1), "andalusia": (0, 1)}
    s = finish_round(at_round_end(new_game(BLUE), influence=board))
    s = act(act(s, BLUE, poll("islands")), RED, poll("islands"))
    assert s["influence"]["islands"] == [1, 1]


def test_poll_after_round_two() -> None:
    """The national poll also happens at the end of round 2."""
    s = finish_round(at_round_end(new_game(BLUE), 2, influence={"madrid": (1, 0), "catalonia": (1, 0)}))
    assert s["phase"] == "poll" and s["round"] == 2
    s = act(s, BLUE, poll("castilla_y_leon"))
    assert s["round"] == 3 and s["turn"] == 1 and s["current"] == BLUE


def test_no_poll_after_round_three() -> None:
    """Round 3 ends with the pacts and the final count, no poll."""
    s = finish_round(at_round_end(new_game(BLUE), 3, influence={"madrid": (1, 0), "catalonia": (1, 0)}))
    assert s["phase"] == "game_over"
    assert not [e for e in s["log"] if e["type"] == "poll"]


def test_poll_with_empty_supply_places_nothing() -> None:
    """A poll token that is not in supply is simply not placed (the grant is lost)."""
    s = at_round_end(new_game(BLUE), influence={"madrid": (1, 0), "catalonia": (1, 0)},
                     sectors={"A2": (28, 0)})
    assert supply(s, BLUE) == 0
    s = finish_round(s)
    assert s["round"] == 2 and s["phase"] == "turn"
    assert [e for e in s["log"] if e["type"] == "poll_forfeit"][0]["lost"] == 1


# --- pacts with the nationalists ------------------------------------------------------------


def test_pact_gives_an_extra_influence_with_both_conditions() -> None:
    """More tokens in the box and more Influence in the region: 1 extra Influence there."""
    s = finish_round(at_round_end(new_game(BLUE), pacts={"catalonia": (2, 1)},
                                  influence={"catalonia": (1, 0)}))
    assert s["influence"]["catalonia"] == [2, 0]


@pytest.mark.parametrize(
    ("box", "influence"), [((1, 1), (2, 0)), ((1, 0), (1, 1)), ((1, 0), (0, 1)), ((0, 1), (1, 0))]
)
def test_pact_needs_both_conditions(box: tuple, influence: tuple) -> None:
    """More pact tokens without more Influence (or the reverse) gives nothing."""
    s = finish_round(at_round_end(new_game(BLUE), pacts={"galicia": box}, influence={"galicia": influence}))
    assert s["influence"]["galicia"] == list(influence)


def test_pacts_are_checked_in_each_of_the_three_regions() -> None:
    """Catalonia, Euskadi and Galicia are checked independently, for either party."""
    s = finish_round(at_round_end(
        new_game(RED),
        pacts={"catalonia": (1, 0), "euskadi": (0, 3), "galicia": (2, 0)},
        influence={"catalonia": (1, 0), "euskadi": (0, 2), "galicia": (0, 1)},
    ))
    s = act(s, RED, poll("islands"))  # red controls 2 regions: one poll token first
    assert s["influence"]["catalonia"] == [2, 0]
    assert s["influence"]["euskadi"] == [0, 3]
    assert s["influence"]["galicia"] == [0, 1]


def test_pact_boxes_are_emptied_every_round() -> None:
    """After the check every pact box is emptied; the tokens return to supply."""
    s = at_round_end(new_game(BLUE), pacts={"catalonia": (2, 1), "euskadi": (1, 0)})
    before = (supply(s, BLUE), supply(s, RED))
    s = finish_round(s)
    assert all(box == [0, 0] for box in s["pacts"].values())
    assert (supply(s, BLUE), supply(s, RED)) == (before[0] + 3, before[1] + 1)


def test_pacts_come_after_the_poll() -> None:
    """The poll is placed before the pacts are resolved."""
    s = finish_round(at_round_end(new_game(BLUE), influence={"madrid": (1, 0), "catalonia": (1, 0)},
                                  pacts={"catalonia": (1, 0)}))
    assert s["pacts"]["catalonia"] == [1, 0]  # not yet: the poll is waiting
    s = act(s, BLUE, poll("aragon"))
    assert s["pacts"]["catalonia"] == [0, 0]
    assert s["influence"]["catalonia"] == [2, 0]
    types = [e["type"] for e in s["log"]]
    assert types.index("poll_influence") < types.index("pact_resolved")


def test_pacts_after_round_three_count_for_the_seats() -> None:
    """The round-3 pacts are resolved before the final count."""
    s = finish_round(at_round_end(new_game(BLUE), 3, pacts={"catalonia": (1, 0)},
                                  influence={"catalonia": (1, 0)}))
    # Catalonia lead 2 for blue: 6 / 1 / 2 instead of 4 / 1 / 4.
    assert s["result"]["regions"]["catalonia"] == {"seats": [6, 1], "third": 2}


# --- end of the game ------------------------------------------------------------------------


def test_game_ends_after_round_three() -> None:
    """After round 3 the game is over: nobody acts, nothing is legal, actions are refused."""
    s = finish_round(at_round_end(new_game(RED), 3))
    assert s["phase"] == "game_over"
    assert GAME.to_act(s) == set()
    assert GAME.legal_actions(s, BLUE) == [] and GAME.legal_actions(s, RED) == []
    assert GAME.outcome(s) is not None


def test_absolute_majority_wins_outright() -> None:
    """34+ of 66 seats: outright win."""
    lead3 = {r: (3, 0) for r in s_regions()}
    s = finish_round(at_round_end(new_game(BLUE), 3, influence=lead3))
    outcome = GAME.outcome(s)
    assert outcome is not None
    assert outcome.winners == [BLUE] and outcome.reason == "absolute_majority"
    assert outcome.scores[BLUE] >= 34


def test_exactly_34_seats_is_an_absolute_majority() -> None:
    """34 seats (Catalonia +1, Andalusia +2, Valencia +3, the rest tied) is an outright win."""
    board = {"catalonia": (1, 0), "andalusia": (2, 0), "valencia": (3, 0)}
    outcome = GAME.outcome(finish_round(at_round_end(new_game(BLUE), 3, influence=board)))
    assert outcome is not None
    assert outcome.scores == {BLUE: 34.0, RED: 21.0}
    assert outcome.winners == [BLUE] and outcome.reason == "absolute_majority"


def test_33_seats_is_only_a_minority_government() -> None:
    """33 seats (Andalusia +3, Valencia +3, the rest tied) wins without an absolute majority."""
    board = {"andalusia": (3, 0), "valencia": (3, 0)}
    outcome = GAME.outcome(finish_round(at_round_end(new_game(BLUE), 3, influence=board)))
    assert outcome is not None
    assert outcome.scores == {BLUE: 33.0, RED: 21.0}
    assert outcome.winners == [BLUE] and outcome.reason == "minority_government"


def test_minority_government_with_more_seats() -> None:
    """Below 34 the party with more seats forms a minority government and wins."""
    # All ties (26 each) except Madrid with red 1 ahead: red 5 instead of 3, blue 1 instead of 3.
    s = finish_round(at_round_end(new_game(BLUE), 3, influence={"madrid": (0, 1)}))
    outcome = GAME.outcome(s)
    assert outcome is not None
    assert outcome.scores == {BLUE: 24.0, RED: 28.0}
    assert outcome.winners == [RED] and outcome.reason == "minority_government"


def test_equal_seats_is_a_hung_parliament() -> None:
    """Equal seats: hung parliament, a draw with no winner."""
    s = finish_round(at_round_end(new_game(BLUE), 3))
    outcome = GAME.outcome(s)
    assert outcome is not None
    assert outcome.scores == {BLUE: 26.0, RED: 26.0}
    assert outcome.winners == [] and outcome.reason == "hung_parliament"


def test_outcome_is_none_while_playing() -> None:
    """No outcome before the end."""
    assert GAME.outcome(new_game()) is None


def s_regions() -> list[str]:
    return ["asturias", "aragon", "castilla_la_mancha", "islands", "castilla_y_leon", "galicia", "euskadi",
            "valencia", "andalusia", "madrid", "catalonia"]
