"""Bad input is refused with a sentence, and the state is left unchanged."""

from __future__ import annotations

import copy

import pytest

from games.core.protocol import IllegalAction
from games.core.rng import ScriptedRng
from games.polls import GAME
from tests.games.polls.helpers_polls import BLUE, RED, act, new_game, with_board


def refused(state: dict, seat: object, action: object, message_id: str, *words: str) -> str:
    """Assert the action is refused with `message_id`, the state is untouched, and the reason mentions `words`."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action, ScriptedRng([1, 1]))  # type: ignore[arg-type]
    assert state == before
    assert caught.value.message_id == message_id, caught.value.message_id
    reason = caught.value.reason
    assert reason[0].isupper() and reason.rstrip().endswith((".", "!"))
    for word in words:
        assert word.lower() in reason.lower(), reason
    return reason


def test_not_your_turn() -> None:
    """The player who is not to act is told to wait."""
    refused(new_game(BLUE), RED, {"type": "propaganda", "circle": "A"}, "polls.not_your_turn", "not your turn")


def test_unknown_action_and_bad_shapes() -> None:
    """Unknown types, non-dicts and missing types are refused."""
    s = new_game(BLUE)
    refused(s, BLUE, {"type": "bribe"}, "core.no_such_action", "no action", "bribe")
    refused(s, BLUE, "propaganda", "core.not_an_action", "type")
    refused(s, BLUE, {}, "core.not_an_action", "type")


def test_game_master_and_strangers_are_refused() -> None:
    """Seat None (no timers here) and seats outside 0-1 cannot act."""
    s = new_game(BLUE)
    refused(s, None, {"type": "propaganda", "circle": "A"}, "polls.players_only", "player")
    refused(s, 2, {"type": "propaganda", "circle": "A"}, "core.not_a_seat", "player at this table")


def test_bad_circle() -> None:
    """Propaganda is declared on A or BC only."""
    refused(new_game(BLUE), BLUE, {"type": "propaganda", "circle": "C"}, "polls.bad_circle", "A", "BC")


def test_place_die_with_a_value_not_rolled() -> None:
    """Placing a die that was not rolled names the dice that were."""
    s = act(new_game(BLUE), BLUE, {"type": "double_propaganda", "circle": "A"}, 2, 3)
    refused(s, BLUE, {"type": "place_die", "value": 6}, "polls.bad_die", "2 and 3")


def test_other_actions_wait_for_the_pending_dice() -> None:
    """While a double roll waits for a choice, nothing else is accepted."""
    s = act(new_game(BLUE), BLUE, {"type": "double_propaganda", "circle": "A"}, 2, 5)
    refused(s, BLUE, {"type": "place_die", "value": 2}, "polls.no_dice", "no rolled dice")
    refused(s, BLUE, {"type": "end_turn"}, "polls.pending_roll", "take_seven")
    refused(s, BLUE, {"type": "take_seven", "take": "yes"}, "core.bad_field", "take", "true or false")


def test_take_seven_without_a_seven() -> None:
    """take_seven is refused when no 7 was rolled."""
    refused(new_game(BLUE), BLUE, {"type": "take_seven", "take": True}, "polls.no_seven", "no 7")


def test_double_with_one_action_left() -> None:
    """A double roll needs both actions."""
    s = act(new_game(BLUE), BLUE, {"type": "propaganda", "circle": "A"}, 1)
    refused(s, BLUE, {"type": "double_propaganda", "circle": "A"}, "polls.double_needs_both", "both actions")


def test_pact_with_a_token_from_a_forbidden_circle() -> None:
    """Catalonia refuses an Opinion from circle B and says circle A is needed."""
    s = with_board(new_game(RED), sectors={"B36": (0, 1)})
    refused(s, RED, {"type": "pact", "region": "catalonia", "sector": "B36"}, "polls.pact_circle_a", "circle A")


def test_pact_without_an_opinion_there() -> None:
    """A pact needs an own Opinion in the named sector; the reason lists where the player has one."""
    s = with_board(new_game(RED), sectors={"A3": (1, 0), "A5": (0, 1)})
    refused(s, RED, {"type": "pact", "region": "galicia", "sector": "A3"},
            "polls.pact_no_opinion_there", "no opinion", "A5")


def test_pact_from_a_centre_or_elsewhere() -> None:
    """Propaganda in a centre cannot be used for a pact; pacts exist only in three regions."""
    s = with_board(new_game(RED), propaganda={RED: {"A": 1}}, sectors={"A3": (0, 1)})
    refused(s, RED, {"type": "pact", "region": "galicia", "sector": "A"}, "polls.pact_bad_sector", "A1-A6")
    refused(s, RED, {"type": "pact", "region": "madrid", "sector": "A3"}, "polls.pact_regions", "catalonia", "galicia")


def test_second_pact_in_a_turn() -> None:
    """A second pact in the same turn is refused."""
    s = with_board(new_game(RED), sectors={"A3": (0, 2)})
    s = act(s, RED, {"type": "pact", "region": "galicia", "sector": "A3"})
    refused(s, RED, {"type": "pact", "region": "euskadi", "sector": "A3"}, "polls.pact_used", "already")


def test_shift_to_another_type_or_twice() -> None:
    """Shifts must stay within a region type and happen once per round."""
    s = with_board(new_game(BLUE), influence={"madrid": (2, 0)})
    refused(s, BLUE, {"type": "shift", "from": "madrid", "to": "asturias"},
            "polls.shift_type", "same type", "catalonia")
    refused(s, BLUE, {"type": "shift", "from": "aragon", "to": "islands"}, "polls.shift_nothing", "no influence")
    refused(s, BLUE, {"type": "shift", "from": "madrid", "to": "madrid"}, "polls.shift_same", "different region")
    s = act(s, BLUE, {"type": "shift", "from": "madrid", "to": "catalonia"})
    refused(s, BLUE, {"type": "shift", "from": "madrid", "to": "catalonia"}, "polls.shift_used", "already", "round")


def test_influence_illegal_placements() -> None:
    """Influence needs the right Propaganda, enough of it, and both actions done."""
    s = with_board(new_game(BLUE), propaganda={BLUE: {"A": 1, "B": 1, "C": 3}})
    refused(s, BLUE, {"type": "influence", "region": "madrid", "pay": "A"},
            "polls.influence_after_actions", "after both actions")
    s = with_board(s, actions_left=0)
    refused(s, BLUE, {"type": "influence", "region": "madrid", "pay": "C"}, "polls.influence_pay_with", "1 A")
    refused(s, BLUE, {"type": "influence", "region": "galicia", "pay": "B"},
            "polls.influence_too_dear", "2 Propaganda B", "hold 1")
    refused(s, BLUE, {"type": "influence", "region": "valencia", "pay": "B"}, "polls.influence_too_dear", "3")
    refused(s, BLUE, {"type": "influence", "region": "spain", "pay": "A"}, "polls.influence_regions", "madrid")


def test_ending_a_turn_with_too_much_propaganda() -> None:
    """end_turn with 1 A, 3 B or 5 C is refused with what to spend."""
    s = with_board(new_game(RED), propaganda={RED: {"A": 1, "B": 3, "C": 5}}, actions_left=0)
    reason = refused(s, RED, {"type": "end_turn"}, "polls.over_limits", "madrid", "valencia", "2C")
    assert "1 Propaganda A" in reason and "3 Propaganda B" in reason and "5 Propaganda C" in reason


def test_ending_a_turn_with_actions_left() -> None:
    """A turn is exactly two actions: end_turn before them is refused."""
    refused(new_game(BLUE), BLUE, {"type": "end_turn"}, "polls.actions_still_left", "2 action")


def test_actions_after_both_used() -> None:
    """A third action is refused and the player is pointed at the influence step."""
    s = with_board(new_game(BLUE), actions_left=0, sectors={"A1": (1, 0)})
    refused(s, BLUE, {"type": "propaganda", "circle": "A"}, "polls.no_actions_left", "influence", "end your turn")
    refused(s, BLUE, {"type": "pact", "region": "galicia", "sector": "A1"},
            "polls.no_actions_left", "both your actions")


def test_poll_illegal_placements() -> None:
    """Poll tokens go to 2C regions, once each; poll actions outside the poll are refused."""
    refused(new_game(BLUE), BLUE, {"type": "poll_influence", "region": "aragon"}, "polls.no_poll", "no national poll")
    s = with_board(new_game(BLUE), round=1, turn=10, current=RED, actions_left=0,
                   influence={r: (1, 0) for r in ("madrid", "catalonia", "galicia", "euskadi")})
    s = act(s, RED, {"type": "end_turn"})
    assert s["phase"] == "poll"
    refused(s, BLUE, {"type": "poll_influence", "region": "madrid"}, "polls.poll_regions", "2C", "asturias")
    refused(s, BLUE, {"type": "propaganda", "circle": "A"}, "polls.action_during_poll", "poll")
    s = act(s, BLUE, {"type": "poll_influence", "region": "aragon"})
    refused(s, BLUE, {"type": "poll_influence", "region": "aragon"}, "polls.poll_region_taken", "already", "islands")


def test_after_the_game_everything_is_refused() -> None:
    """Once the polls are closed no action is accepted."""
    s = with_board(new_game(BLUE), round=3, turn=8, current=RED, actions_left=0)
    s = act(s, RED, {"type": "end_turn"})
    refused(s, BLUE, {"type": "propaganda", "circle": "A"}, "polls.game_over", "over")


def test_bad_options_and_player_counts() -> None:
    """Setup refuses other player counts and unknown or bad options."""
    for n in (1, 3):
        with pytest.raises(IllegalAction) as caught:
            GAME.setup(n, {}, ScriptedRng([0]))
        assert caught.value.message_id == "polls.player_count"
    with pytest.raises(IllegalAction) as caught:
        GAME.setup(2, {"first": 2}, ScriptedRng())
    assert caught.value.message_id == "core.option_range"
    with pytest.raises(IllegalAction) as caught:
        GAME.setup(2, {"rounds": 5}, ScriptedRng())
    assert caught.value.message_id == "core.option_unknown"


def test_bad_time_stamp() -> None:
    """An `at` stamp that is not a number is refused; a number is accepted and ignored."""
    s = new_game(BLUE)
    refused(s, BLUE, {"type": "propaganda", "circle": "A", "at": "noon"}, "core.bad_time", "time stamp")
    refused(s, BLUE, {"type": "propaganda", "circle": "A", "at": float("nan")}, "core.bad_time", "time stamp")
    assert act(s, BLUE, {"type": "propaganda", "circle": "A", "at": 1700000000.5}, 4)["sectors"]["A4"] == [1, 0]
