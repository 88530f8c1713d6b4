"""Options checked against a game's schema (games/core/options.py, games.core.protocol.OptionSpec)."""

from __future__ import annotations

import copy
import json

import pytest

from games.core.messages import msg
from games.core.options import check_options
from games.core.protocol import IllegalAction, OptionSpec

SCHEMA = (
    OptionSpec("rounds", "int", 5, "test.option.rounds", 1, 20),
    OptionSpec("open", "int", 0, "test.option.open", minimum=0),  # no upper bound
    OptionSpec("roles", "bool", True, "test.option.roles"),
    OptionSpec("board", "choice", "small", "test.option.board", choices=("small", "large")),
    OptionSpec("first", "int", None, "test.option.first", 0, 1, public=False),
)
DEFAULTS = {"rounds": 5, "open": 0, "roles": True, "board": "small", "first": None}


def refusal(options: dict, schema: tuple[OptionSpec, ...] = SCHEMA) -> IllegalAction:
    """The IllegalAction check_options raises for these options (its parameters JSON-ready)."""
    with pytest.raises(IllegalAction) as caught:
        check_options(schema, options)
    assert json.loads(json.dumps(caught.value.params)) == caught.value.params
    return caught.value


def test_defaults_fill_what_is_not_given_and_the_input_is_kept() -> None:
    """Missing options take their defaults; the options passed in are not changed."""
    assert check_options(SCHEMA, {}) == DEFAULTS
    options = {"rounds": 3, "board": "large"}
    before = copy.deepcopy(options)
    assert check_options(SCHEMA, options) == {**DEFAULTS, "rounds": 3, "board": "large"}
    assert options == before


def test_unknown_option_lists_the_known_ones() -> None:
    """Unknown options are refused with core.option_unknown, naming them (sorted) and every known one."""
    refused = refusal({"colour": "red", "a": 1, "rounds": 3})
    assert refused.message_id == "core.option_unknown"
    assert refused.params == {"option": "a, colour", "known": "rounds, open, roles, board, first"}
    assert str(refused) == "Unknown option: a, colour. The options are: rounds, open, roles, board, first."


def test_unknown_option_of_a_game_without_options() -> None:
    """A game with an empty schema takes no options at all."""
    assert check_options((), {}) == {}
    refused = refusal({"rounds": 3}, schema=())
    assert refused.message_id == "core.option_unknown"
    assert str(refused).endswith("The options are: none.")


@pytest.mark.parametrize("value", [1, 2, 19, 20])
def test_int_in_range_is_accepted(value: int) -> None:
    """Whole numbers from the minimum to the maximum, both included, are accepted."""
    assert check_options(SCHEMA, {"rounds": value})["rounds"] == value


@pytest.mark.parametrize("value", [0, 21, -1, 5.0, 2.5, "5", True, False, None, [5]])
def test_int_out_of_range_or_not_a_whole_number_is_refused(value: object) -> None:
    """Outside the range, a float, a string, a yes/no or None: core.option_range with the range."""
    refused = refusal({"rounds": value})
    assert refused.message_id == "core.option_range"
    assert refused.params == {"option": msg("test.option.rounds"), "low": 1, "high": 20}
    assert str(refused) == "The option rounds must be a whole number from 1 to 20."


def test_int_without_a_maximum_has_no_upper_bound() -> None:
    """An int option with only a minimum takes any whole number from it up."""
    assert check_options(SCHEMA, {"open": 10**9})["open"] == 10**9
    assert refusal({"open": -1}).message_id == "core.option_range"


@pytest.mark.parametrize("value", [True, False])
def test_bool_accepts_true_and_false(value: bool) -> None:
    """A yes/no option takes True or False."""
    assert check_options(SCHEMA, {"roles": value})["roles"] is value


@pytest.mark.parametrize("value", [1, 0, "yes", "true", None])
def test_bool_refuses_anything_else(value: object) -> None:
    """1, 0, strings or None are not yes/no: core.option_bool."""
    refused = refusal({"roles": value})
    assert refused.message_id == "core.option_bool"
    assert refused.params == {"option": msg("test.option.roles")}
    assert str(refused) == "The option roles must be true or false."


def test_choice_accepts_one_of_its_choices() -> None:
    """A choice option takes any of its choices."""
    for value in ("small", "large"):
        assert check_options(SCHEMA, {"board": value})["board"] == value


@pytest.mark.parametrize("value", ["medium", "Small", 1, None, ["small"]])
def test_choice_refuses_anything_else(value: object) -> None:
    """A value that is not one of the choices is refused with core.option_choice, listing them."""
    refused = refusal({"board": value})
    assert refused.message_id == "core.option_choice"
    assert refused.params == {"option": msg("test.option.board"), "choices": "small, large"}
    assert str(refused) == "The option board must be one of small, large."


def test_an_option_whose_default_is_none_may_stay_unset() -> None:
    """With a None default, the option may be left out or given as None; a set value is still checked."""
    assert check_options(SCHEMA, {})["first"] is None
    assert check_options(SCHEMA, {"first": None})["first"] is None
    assert check_options(SCHEMA, {"first": 1})["first"] == 1
    assert refusal({"first": 2}).message_id == "core.option_range"


def test_none_is_refused_where_the_default_is_not_none() -> None:
    """Only options that default to None may be None."""
    assert refusal({"rounds": None}).message_id == "core.option_range"
    assert refusal({"roles": None}).message_id == "core.option_bool"


def test_unknown_kind_is_a_programming_error() -> None:
    """A schema with a kind check_options does not know raises ValueError, not IllegalAction."""
    with pytest.raises(ValueError, match="colour"):
        check_options((OptionSpec("x", "colour", "red", "test.option.x"),), {})
