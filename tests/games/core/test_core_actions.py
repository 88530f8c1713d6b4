"""The shared action guard: seats, types and fields judged against a declared vocabulary."""

from __future__ import annotations

import math
from typing import Any

import pytest

from games.core.actions import ActionVocabulary, check_action, check_seat, is_table_seat
from games.core.protocol import IllegalAction

VOCABULARY = ActionVocabulary("test", {
    "roll": {},
    "step": {"dir": "str", "places?": "int"},
    "vote": {"choice": "int|str"},
    "back": {"candidate": "int|null"},
    "move": {"from": "str", "moves": [{"unit": "str", "to": "str"}]},
    "budget": {"amounts": {"*": "int"}},
    "bid": {"price": "number"},
})


def refusal(seat: Any, action: Any, n: int = 3) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        check_action(VOCABULARY, n, seat, action)
    return caught.value


def test_well_formed_actions_pass_unchanged() -> None:
    """A well-formed action comes back as it was, optional fields left out or given, a time stamp or none."""
    for action in ({"type": "roll"}, {"type": "step", "dir": "in"}, {"type": "step", "dir": "in", "places": 2},
                   {"type": "vote", "choice": 2}, {"type": "vote", "choice": "yes"},
                   {"type": "back", "candidate": None}, {"type": "roll", "at": 1_700_000_000.5},
                   {"type": "roll", "at": None}, {"type": "bid", "price": 3},
                   {"type": "move", "from": "port", "moves": [{"unit": "u1", "to": "palace"}]},
                   {"type": "budget", "amounts": {"0": 3, 2: 4}}, {"type": "roll", "extra": [1, 2]}):
        assert check_action(VOCABULARY, 3, 0, action) is action


@pytest.mark.parametrize("seat", [True, False, -1, 3, 10**30, 1.0, "1", [1], {}])
def test_seats_outside_the_table_are_refused(seat: Any) -> None:
    """Only None or an int (not a bool) from 0 to n - 1 is a seat."""
    assert refusal(seat, {"type": "roll"}).message_id == "core.not_a_seat"
    with pytest.raises(IllegalAction):
        check_seat(seat, 3)


def test_the_game_master_and_every_seat_pass() -> None:
    """None is the game master; 0..n-1 are the players."""
    for seat in (None, 0, 1, 2):
        check_seat(seat, 3)
    assert is_table_seat(2, 3) and not is_table_seat(True, 3) and not is_table_seat(3, 3)


@pytest.mark.parametrize("action", [None, "roll", ["roll"], {}, {"type": 3}, {"type": None}, {"kind": "roll"}])
def test_what_is_not_an_action(action: Any) -> None:
    """Something that is not an object with a word as its type is not an action."""
    assert refusal(0, action).message_id == "core.not_an_action"


def test_unknown_types_are_named_back_shortened() -> None:
    """A type the game does not declare is refused and named (at most 40 characters of it)."""
    assert refusal(0, {"type": "bribe"}).params == {"action": "bribe"}
    long = refusal(0, {"type": "x" * 500})
    assert long.message_id == "core.no_such_action" and len(long.params["action"]) == 41


def test_a_missing_field_is_named() -> None:
    """A required field left out is refused with its name; an optional one is not."""
    refused = refusal(0, {"type": "step"})
    assert (refused.message_id, refused.params) == ("core.missing_field", {"field": "dir"})
    assert refusal(0, {"type": "move", "from": "a", "moves": [{"unit": "u"}]}).params == {"field": "moves[0].to"}


@pytest.mark.parametrize(("action", "field", "expected"), [
    ({"type": "step", "dir": []}, "dir", "str"),
    ({"type": "step", "dir": "in", "places": True}, "places", "int"),
    ({"type": "step", "dir": "in", "places": 1.5}, "places", "int"),
    ({"type": "step", "dir": "in", "places": 2**60}, "places", "int"),
    ({"type": "step", "dir": "x" * 201}, "dir", "str"),
    ({"type": "vote", "choice": None}, "choice", "int"),
    ({"type": "back", "candidate": "bob"}, "candidate", "int"),
    ({"type": "bid", "price": math.nan}, "price", "number"),
    ({"type": "bid", "price": -math.inf}, "price", "number"),
    ({"type": "move", "from": [], "moves": []}, "from", "str"),
    ({"type": "move", "from": "a", "moves": {"unit": "u"}}, "moves", "list"),
    ({"type": "move", "from": "a", "moves": [{"unit": [], "to": "b"}]}, "moves[0].unit", "str"),
    ({"type": "move", "from": "a", "moves": ["u"]}, "moves[0]", "object"),
    ({"type": "move", "from": "a", "moves": [{"unit": "u", "to": "b"}] * 101}, "moves", "list"),
    ({"type": "budget", "amounts": {"1": "3"}}, "amounts.1", "int"),
    ({"type": "budget", "amounts": [3]}, "amounts", "object"),
])
def test_wrongly_typed_fields_are_refused_with_their_place(action: Any, field: str, expected: str) -> None:
    """The refusal names the field (nested ones by their path) and what it should be, as a message."""
    refused = refusal(0, action)
    assert refused.message_id == "core.bad_field"
    assert refused.params == {"field": field, "expected": {"msg": f"core.expected.{expected}", "params": {}}}
    assert field in refused.text


@pytest.mark.parametrize("stamp", [math.nan, math.inf, "noon", True, [1]])
def test_time_stamps_are_finite_numbers(stamp: Any) -> None:
    """`at`, the table's time stamp, is a finite number or nothing."""
    assert refusal(0, {"type": "roll", "at": stamp}).message_id == "core.bad_time"


@pytest.mark.parametrize("declared", ["integer", ["str", "int"], 5, {"a": "text"}])
def test_a_wrong_declaration_fails_when_the_game_is_imported(declared: Any) -> None:
    """A typo in a game's vocabulary is found at import, not in play."""
    with pytest.raises(ValueError):
        ActionVocabulary("broken", {"act": {"field": declared}})
